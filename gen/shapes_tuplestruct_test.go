package gen_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestProducerTupleStructShapes: a tuple no Go array holds (pydantic's
// tuple[int, str], zod's z.tuple of mixed types, with .rest(), positions
// past minItems, positions of enums, objects, nested tuples and nullable
// values) is a struct of its own, T, wherever it stands: at every position
// of shapePositions, in 2020-12's prefixItems and in the array form of
// items of draft-07 and 2019-09. Each case's instances are its valid ones
// and their mutations (an item dropped, one of each JSON kind appended,
// each position replaced by one of each kind), each given santhosh v6's
// verdict.
func TestProducerTupleStructShapes(t *testing.T) {
	t.Run("2020-12", func(t *testing.T) { runShapeCasesAt(t, mutated(t, tupleStructCases), shapePositions) })
	t.Run("draft-07", func(t *testing.T) {
		runShapeCasesAt(t, mutated(t, legacyTupleStructCases), inDialect("http://json-schema.org/draft-07/schema#"))
	})
	t.Run("2019-09", func(t *testing.T) {
		runShapeCasesAt(t, mutated(t, legacyTupleStructCases), inDialect("https://json-schema.org/draft/2019-09/schema"))
	})
}

var tupleStructCases = []shapeCase{
	{
		name:    `prefixItems [integer, string], length 2 (pydantic tuple[int, str])`,
		schema:  `{"type":"array","prefixItems":[{"type":"integer"},{"type":"string"}],"minItems":2,"maxItems":2,"title":"Pair"}`,
		goType:  `T`,
		valid:   []string{`[1,"a"]`, `[1.0,""]`},
		invalid: []string{`["a",1]`, `[1]`, `[1,"a",2]`, `[1.5,"a"]`},
	},
	{
		name:    `prefixItems [integer, string], items false (zod 4 pair)`,
		schema:  `{"type":"array","prefixItems":[{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991},{"type":"string"}],"items":false,"minItems":2,"maxItems":2}`,
		goType:  `T`,
		valid:   []string{`[-3,"a"]`, `[9007199254740991,"b"]`},
		invalid: []string{`[9007199254740992,"a"]`, `[1,"a",null]`},
	},
	{
		name:    `prefixItems [string], items number (zod 4 headAndRest)`,
		schema:  `{"type":"array","prefixItems":[{"type":"string"}],"items":{"type":"number"},"minItems":1}`,
		goType:  `T`,
		valid:   []string{`["a"]`, `["a",1,2.5,-3]`},
		invalid: []string{`[]`, `["a","b"]`, `[1]`, `["a",1,2,"x"]`},
	},
	{
		name:    `positions past minItems are optional`,
		schema:  `{"type":"array","prefixItems":[{"type":"string"},{"type":"integer","minimum":0},{"type":"boolean"}],"items":false,"minItems":1}`,
		goType:  `T`,
		valid:   []string{`["a"]`, `["a",1]`, `["a",0,true]`},
		invalid: []string{`["a",null]`, `["a",-1]`, `["a",1,true,0]`, `[]`},
	},
	{
		name:    `no minItems, no maxItems, no rest: every position optional, any items after`,
		schema:  `{"type":"array","prefixItems":[{"type":"string"},{"type":"integer"}]}`,
		goType:  `T`,
		valid:   []string{`[]`, `["a"]`, `["a",1,{"x":1},null,[2]]`},
		invalid: []string{`[1]`, `["a","b"]`},
	},
	{
		name:    `nullable positions, by type and by anyOf`,
		schema:  `{"type":"array","prefixItems":[{"type":["string","null"]},{"anyOf":[{"type":"integer"},{"type":"null"}]},{"type":["number","null"]}],"items":false,"minItems":2}`,
		goType:  `T`,
		valid:   []string{`[null,null]`, `["a",1]`, `["a",null,null]`, `[null,2,2.5]`},
		invalid: []string{`[1,null]`, `["a","b"]`, `[null]`},
	},
	{
		name:    `positions of an enum, an object, a nested tuple and a $ref enum`,
		schema:  `{"type":"array","prefixItems":[{"$ref":"#/$defs/Color"},{"$ref":"#/$defs/Address"},{"type":"array","prefixItems":[{"type":"number"},{"type":"string"}],"minItems":2,"maxItems":2},{"type":"string","enum":["x","y"]}],"items":false,"minItems":3}`,
		goType:  `T`,
		valid:   []string{`["red",{"street":"a"},[1,"b"]]`, `["blue",{"street":"a","city":"c"},[0,""],"y"]`},
		invalid: []string{`["pink",{"street":"a"},[1,"b"]]`, `["red",{"street":""},[1,"b"]]`, `["red",{"street":"a"},["b",1]]`, `["red",{"street":"a"},[1,"b"],"z"]`, `["red",{},[1,"b",2]]`},
	},
	{
		name:    `a nullable tuple, type [array, null]`,
		schema:  `{"type":["array","null"],"prefixItems":[{"type":"integer"},{"type":"string"}],"minItems":2,"maxItems":2}`,
		goType:  `T`,
		valid:   []string{`null`, `[1,"a"]`},
		invalid: []string{`[null,"a"]`, `["a",1]`},
	},
	{
		name:    `anyOf [tuple, null] (pydantic Optional[tuple[int, str]])`,
		schema:  `{"anyOf":[{"type":"array","prefixItems":[{"type":"integer"},{"type":"string"}],"minItems":2,"maxItems":2},{"type":"null"}],"default":null}`,
		goType:  `T`,
		valid:   []string{`null`, `[1,"a"]`},
		invalid: []string{`[1]`, `["a",1]`},
	},
	{
		name:    `positions named by goName`,
		schema:  `{"type":"array","prefixItems":[{"type":"string","x-toolgen":{"goName":"Label"}},{"type":"number","x-toolgen":{"goName":"Rest"}}],"items":{"type":"boolean"},"minItems":2}`,
		goType:  `T`,
		valid:   []string{`["a",1]`, `["a",1,true,false]`},
		invalid: []string{`["a",1,1]`, `[1,"a"]`},
	},
	{
		name:    `a rest of objects`,
		schema:  `{"type":"array","prefixItems":[{"type":"integer"}],"items":{"$ref":"#/$defs/Address"},"minItems":1}`,
		goType:  `T`,
		valid:   []string{`[1]`, `[1,{"street":"a"},{"street":"b","city":"c"}]`},
		invalid: []string{`[1,{"street":""}]`, `[1,{"city":"c"}]`, `[{"street":"a"}]`},
	},
	{
		name:    `minItems past the positions, maxItems beyond`,
		schema:  `{"type":"array","prefixItems":[{"type":"string"}],"items":{"type":"integer"},"minItems":3,"maxItems":4}`,
		goType:  `T`,
		valid:   []string{`["a",1,2]`, `["a",1,2,3]`},
		invalid: []string{`["a",1]`, `["a",1,2,3,4]`, `["a",1,"b"]`},
	},
	{
		name:    `positions of one type with a rest (no Go array holds it)`,
		schema:  `{"type":"array","prefixItems":[{"type":"number"},{"type":"number"}],"items":{"type":"number","minimum":0},"minItems":2}`,
		goType:  `T`,
		valid:   []string{`[1,2]`, `[-1,-2,3]`},
		invalid: []string{`[1,2,-3]`, `[1]`, `[1,"a"]`},
	},
	{
		name:    `anyOf [string, tuple]: a sealed union with the tuple as its array variant`,
		schema:  `{"anyOf":[{"type":"string"},{"type":"array","prefixItems":[{"type":"integer"},{"type":"string"}],"minItems":2,"maxItems":2}]}`,
		goType:  `T`,
		valid:   []string{`"a"`, `[1,"a"]`},
		invalid: []string{`[1]`, `["a",1]`, `1`},
	},
	{
		name:    `unique items that are tuples`,
		schema:  `{"type":"array","uniqueItems":true,"items":{"type":"array","prefixItems":[{"type":"integer"},{"type":"string"}],"minItems":2,"maxItems":2}}`,
		goType:  `\[\]T`,
		valid:   []string{`[[1,"a"],[2,"a"]]`, `[]`},
		invalid: []string{`[[1,"a"],[1.0,"a"]]`, `[[1,"a"],[1]]`, `[[1,"a"],["a",1]]`},
	},
	{
		name:    `a position marked writeOnly`,
		schema:  `{"type":"array","prefixItems":[{"type":"string","minLength":4,"writeOnly":true},{"type":"integer"}],"items":false,"minItems":2}`,
		goType:  `T`,
		valid:   []string{`["abcd",1]`},
		invalid: []string{`["abc",1]`, `[1,1]`, `["abcd",1,2]`},
	},
}

var legacyTupleStructCases = []shapeCase{
	{
		name:    `items [integer, string], length 2 (zod 3 pair)`,
		schema:  `{"type":"array","minItems":2,"maxItems":2,"items":[{"type":"integer"},{"type":"string"}]}`,
		goType:  `T`,
		valid:   []string{`[1,"a"]`, `[2.0,""]`},
		invalid: []string{`["a",1]`, `[1]`, `[1,"a",2]`},
	},
	{
		name:    `items [string], additionalItems number (zod 3 headAndRest)`,
		schema:  `{"type":"array","minItems":1,"items":[{"type":"string"}],"additionalItems":{"type":"number"}}`,
		goType:  `T`,
		valid:   []string{`["a"]`, `["a",1,2]`},
		invalid: []string{`[]`, `["a","b"]`, `[1]`, `["a",1,2,"x"]`},
	},
	{
		name:    `items [integer, string], additionalItems false (zod 4 draft-07 pair)`,
		schema:  `{"type":"array","items":[{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991},{"type":"string"}],"additionalItems":false,"minItems":2,"maxItems":2}`,
		goType:  `T`,
		valid:   []string{`[1,"a"]`},
		invalid: []string{`[1,"a",2]`, `[1.5,"a"]`},
	},
	{
		name:    `items [integer, string], additionalItems false, no maxItems (TypeBox)`,
		schema:  `{"type":"array","additionalItems":false,"items":[{"type":"integer"},{"type":"string"}],"minItems":2}`,
		goType:  `T`,
		valid:   []string{`[1,"a"]`},
		invalid: []string{`[1,"a",2]`, `[1]`},
	},
	{
		name:    `items [string, integer], additionalItems false, minItems 1`,
		schema:  `{"type":"array","items":[{"type":"string"},{"type":"integer"}],"additionalItems":false,"minItems":1}`,
		goType:  `T`,
		valid:   []string{`["a"]`, `["a",1]`},
		invalid: []string{`[]`, `["a",1,2]`, `["a","b"]`},
	},
	{
		name:    `items [string, integer] alone`,
		schema:  `{"type":"array","items":[{"type":"string"},{"type":"integer"}]}`,
		goType:  `T`,
		valid:   []string{`[]`, `["a",1,"anything"]`},
		invalid: []string{`[1]`, `["a","b"]`},
	},
}

// kindsOfJSON are a value of each JSON kind, for mutations.
var kindsOfJSON = []string{`null`, `"x"`, `1`, `1.5`, `true`, `{}`, `[]`}

// mutated returns cases with each valid instance's mutations added to its
// invalid ones (some mutations are valid; santhosh v6 says which).
func mutated(t *testing.T, cases []shapeCase) []shapeCase {
	t.Helper()
	out := slices.Clone(cases)
	for i := range out {
		c := &out[i]
		seen := map[string]bool{}
		for _, inst := range append(slices.Clone(c.valid), c.invalid...) {
			seen[inst] = true
		}
		add := func(items []json.RawMessage) {
			b, err := json.Marshal(items)
			if err != nil {
				t.Fatal(err)
			}
			if s := string(b); !seen[s] {
				seen[s] = true
				c.invalid = append(c.invalid, s)
			}
		}
		for _, inst := range c.valid {
			var items []json.RawMessage
			if json.Unmarshal([]byte(inst), &items) != nil || items == nil {
				continue // null, for a nullable tuple
			}
			if len(items) > 0 {
				add(items[:len(items)-1])
			}
			for _, k := range kindsOfJSON {
				add(append(slices.Clone(items), json.RawMessage(k)))
				for j := range items {
					m := slices.Clone(items)
					m[j] = json.RawMessage(k)
					add(m)
				}
			}
		}
	}
	return out
}

// TestTupleStructPointers: a tuple read as a struct reports each violation
// where santhosh v6 locates it: a position's at the item, a rest item's at
// that item, a length's at the array, an item items false forbids at the
// item. Every instance of the 2020-12 cases and their mutations, as a
// property, gives the pointers of santhosh's innermost errors; then the
// producers' own shapes give the pointers written here.
func TestTupleStructPointers(t *testing.T) {
	if testing.Short() {
		t.Skip("runs generated code")
	}
	// Not the anyOf with null: santhosh v6 also locates the null
	// alternative's failure, at the array, where toolgen reads a nullable
	// value and says nothing of null.
	cases := mutated(t, slices.DeleteFunc(slices.Clone(tupleStructCases), func(c shapeCase) bool { return strings.HasPrefix(c.schema, `{"anyOf"`) }))
	var tools []matrixTool
	for i, c := range cases {
		mt := matrixTool{name: fmt.Sprintf("s%d", i), label: c.name, schema: []byte(shapeTool(`"v":` + c.schema))}
		for _, inst := range append(c.valid, c.invalid...) {
			mt.instances = append(mt.instances, inProperty(inst))
		}
		tools = append(tools, mt)
	}
	const (
		pydanticPair = `{"maxItems":2,"minItems":2,"prefixItems":[{"type":"integer"},{"type":"string"}],"title":"Pair","type":"array"}`
		zodPair      = `{"type":"array","prefixItems":[{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991},{"type":"string"}],"items":false,"minItems":2,"maxItems":2}`
		headAndRest  = `{"type":"array","prefixItems":[{"type":"string"}],"items":{"type":"number"},"minItems":1}`
		zod3Rest     = `{"type":"array","minItems":1,"items":[{"type":"string"}],"additionalItems":{"type":"number"}}`
		zod4Pair07   = `{"type":"array","items":[{"type":"integer"},{"type":"string"}],"additionalItems":false,"minItems":2,"maxItems":2}`
	)
	const draft07 = `{"$schema":"http://json-schema.org/draft-07/schema#",`
	written := []struct {
		schema, args string
		draft07      bool
		want         []string
	}{
		{pydanticPair, `{"pair":["a",1]}`, false, []string{"/pair/0 type", "/pair/1 type"}},
		{pydanticPair, `{"pair":[1]}`, false, []string{"/pair minItems"}},
		{zodPair, `{"pair":[1.5,2,3]}`, false, []string{"/pair maxItems", "/pair/0 type", "/pair/1 type", "/pair/2 items"}},
		{headAndRest, `{"headAndRest":["a",1,2,"x"]}`, false, []string{"/headAndRest/3 type"}},
		{headAndRest, `{"headAndRest":[]}`, false, []string{"/headAndRest minItems"}},
		{zod3Rest, `{"headAndRest":[1,2,3,"x",null]}`, true, []string{"/headAndRest/0 type", "/headAndRest/3 type", "/headAndRest/4 type"}},
		// santhosh v6 puts additionalItems false at the array; toolgen, as its schema functions do, at each item it forbids.
		{zod4Pair07, `{"pair":[1,"a",2,3]}`, true, []string{"/pair maxItems", "/pair/2 additionalItems", "/pair/3 additionalItems"}},
	}
	for i, w := range written {
		name := strings.SplitN(w.args, `"`, 3)[1] // the one member of the arguments
		schema := shapeTool(`"` + name + `":` + w.schema)
		if w.draft07 {
			schema = draft07 + strings.TrimPrefix(schema, "{")
		}
		tools = append(tools, matrixTool{name: fmt.Sprintf("w%d", i), label: w.args, schema: []byte(schema), instances: []string{w.args}})
	}
	src, m := generateMatrix(t, tools)
	verdicts := runMatrix(t, src, m, tools)
	checkRoundTrips(t, tools, verdicts)
	found := regexp.MustCompile(`Pointer:(\S*) Keyword:(\S+)`)
	violations := func(text string, keywords bool) []string {
		var got []string
		for _, sub := range found.FindAllStringSubmatch(text, -1) {
			p := sub[1]
			if keywords {
				p += " " + sub[2]
			}
			if !slices.Contains(got, p) {
				got = append(got, p)
			}
		}
		slices.Sort(got)
		return got
	}
	for i, mt := range tools[:len(cases)] {
		o := matrixOracle(t, mt.schema)
		for j, inst := range mt.instances {
			var want []string
			if err, ok := o.Validate(mustUnmarshal(t, inst)).(*jsonschema.ValidationError); ok {
				want = leafPointers(err, nil)
			}
			slices.Sort(want)
			want = slices.Compact(want)
			if got := violations(verdicts[i][j].Violations, false); !slices.Equal(got, want) {
				t.Errorf("%s, %s: violations at %q, santhosh v6 at %q", mt.label, inst, got, want)
			}
		}
	}
	for i, w := range written {
		if got := violations(verdicts[len(cases)+i][0].Violations, true); !slices.Equal(got, w.want) {
			t.Errorf("%s against %s: violations %q, want %q", w.args, w.schema, got, w.want)
		}
	}
}

// leafPointers appends the instance location of each of e's innermost
// errors to out.
func leafPointers(e *jsonschema.ValidationError, out []string) []string {
	if len(e.Causes) == 0 {
		p := ""
		for _, tok := range e.InstanceLocation {
			p += "/" + strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1")
		}
		return append(out, p)
	}
	for _, c := range e.Causes {
		out = leafPointers(c, out)
	}
	return out
}
