package gen_test

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestProducerTupleShapes: a tuple of a fixed length whose positions are
// all of one scalar type (pydantic's tuple[float, float, float], zod's
// z.tuple of numbers, in 2020-12's prefixItems and the array form of
// items before it) is a Go array, read item by item with each position's
// checks; any other tuple is a struct (shapes_tuplestruct_test.go). At
// every position of shapePositions, in each dialect, every verdict is
// santhosh v6's.
func TestProducerTupleShapes(t *testing.T) {
	t.Run("2020-12", func(t *testing.T) { runShapeCasesAt(t, tupleShapeCases, shapePositions) })
	t.Run("draft-07", func(t *testing.T) {
		runShapeCasesAt(t, legacyTupleShapeCases, inDialect("http://json-schema.org/draft-07/schema#"))
	})
	t.Run("2019-09", func(t *testing.T) {
		runShapeCasesAt(t, legacyTupleShapeCases, inDialect("https://json-schema.org/draft/2019-09/schema"))
	})
}

// inDialect is shapePositions in a tool schema that names its dialect.
func inDialect(uri string) []shapePosition {
	var out []shapePosition
	for _, p := range shapePositions {
		place := p.place
		p.place = func(s string) string { return `{"$schema":"` + uri + `",` + strings.TrimPrefix(place(s), "{") }
		out = append(out, p)
	}
	return out
}

var tupleShapeCases = []shapeCase{
	{
		name:    `prefixItems of three numbers, length 3 (pydantic)`,
		schema:  `{"type":"array","prefixItems":[{"type":"number"},{"type":"number"},{"type":"number"}],"minItems":3,"maxItems":3,"title":"Point"}`,
		goType:  `\[3\]float64`,
		valid:   []string{`[1,2,3]`, `[0,-1.5,2e3]`},
		invalid: []string{`[1,2]`, `[1,2,3,4]`, `[1,"a",3]`, `[1,2,null]`, `[[1],2,3]`},
	},
	{
		name:    `a nullable tuple of two numbers, type [array, null]`,
		schema:  `{"type":["array","null"],"prefixItems":[{"type":"number"},{"type":"number"}],"minItems":2,"maxItems":2}`,
		goType:  `\[2\]float64`,
		valid:   []string{`null`, `[1,2]`},
		invalid: []string{`[1]`, `[1,null]`, `[1,2,3]`},
	},
	{
		name:    `prefixItems with items false and checks by position (zod 4)`,
		schema:  `{"type":"array","prefixItems":[{"type":"integer","minimum":0},{"type":"integer","maximum":9}],"items":false,"minItems":2,"maxItems":2}`,
		goType:  `\[2\]int64`,
		valid:   []string{`[0,9]`, `[5,-3]`, `[1.0,2]`},
		invalid: []string{`[-1,0]`, `[0,10]`, `[1,2,3]`, `[1]`, `[1.5,2]`, `[-1,10,11]`},
	},
	{
		name:    `prefixItems with items false, no maxItems`,
		schema:  `{"type":"array","prefixItems":[{"type":"string"},{"type":"string","minLength":1}],"items":false,"minItems":2}`,
		goType:  `\[2\]string`,
		valid:   []string{`["a","b"]`, `["","b"]`},
		invalid: []string{`["a","b","c"]`, `["a",""]`, `["a"]`, `["a",1]`, `["a","b",1,2]`},
	},
	{
		name:    `prefixItems with items false and maxItems past the positions`,
		schema:  `{"type":"array","prefixItems":[{"type":"boolean"}],"items":false,"minItems":1,"maxItems":5}`,
		goType:  `\[1\]bool`,
		valid:   []string{`[true]`, `[false]`},
		invalid: []string{`[true,false]`, `[0]`, `["true"]`},
	},
	{
		name:    `prefixItems with a rest schema and maxItems at the positions`,
		schema:  `{"type":"array","prefixItems":[{"type":"number"}],"items":{"type":"string"},"minItems":1,"maxItems":1}`,
		goType:  `\[1\]float64`,
		valid:   []string{`[1]`},
		invalid: []string{`[1,"a"]`, `[1,2]`, `["a"]`},
	},
}

// textTupleCases are tuples with a keyword neither a Go array nor a
// tuple's struct holds, in a tool schema of their dialect ("" for
// 2020-12): JSON text checked by a schema function, with the note saying
// why.
var textTupleCases = []struct {
	dialect string
	shapeCase
}{
	{"", shapeCase{
		name:    `prefixItems with uniqueItems stays JSON text`,
		schema:  `{"type":"array","prefixItems":[{"type":"integer"},{"type":"integer"}],"uniqueItems":true,"minItems":2,"maxItems":2}`,
		valid:   []string{`[1,2]`},
		invalid: []string{`[1,1]`, `[1,1.0]`, `[1]`, `[1,"a"]`},
	}},
	{"", shapeCase{
		name:    `prefixItems with contains stays JSON text`,
		schema:  `{"type":"array","prefixItems":[{"type":"string"}],"contains":{"type":"integer"},"minItems":1}`,
		valid:   []string{`["a",1]`, `["a","b",2]`},
		invalid: []string{`["a"]`, `["a","b"]`, `[1]`},
	}},
	{"", shapeCase{
		name:    `prefixItems with an enum of tuples stays JSON text`,
		schema:  `{"type":"array","prefixItems":[{"type":"integer"},{"type":"string"}],"enum":[[1,"a"],[2,"b"]]}`,
		valid:   []string{`[1,"a"]`, `[2.0,"b"]`},
		invalid: []string{`[1,"b"]`, `[3,"c"]`},
	}},
	{"", shapeCase{
		name:    `prefixItems without a type stays JSON text`,
		schema:  `{"prefixItems":[{"type":"integer"},{"type":"string"}],"maxItems":2}`,
		valid:   []string{`[1,"a"]`, `"x"`, `{}`},
		invalid: []string{`["a",1]`, `[1,"a",2]`},
	}},
	{"http://json-schema.org/draft-07/schema#", shapeCase{
		name:    `items array with contains stays JSON text`,
		schema:  `{"type":"array","minItems":1,"items":[{"type":"string"}],"additionalItems":{"type":"number"},"contains":{"type":"number"}}`,
		valid:   []string{`["a",1]`},
		invalid: []string{`["a"]`, `["a","b"]`, `[1]`},
	}},
}

var legacyTupleShapeCases = []shapeCase{
	{
		name:    `items array of three numbers, length 3 (zod 3)`,
		schema:  `{"type":"array","minItems":3,"maxItems":3,"items":[{"type":"number"},{"type":"number"},{"type":"number"}]}`,
		goType:  `\[3\]float64`,
		valid:   []string{`[1,2,3]`, `[0,-1.5,2e3]`},
		invalid: []string{`[1,2]`, `[1,2,3,4]`, `[1,"a",3]`, `[1,2,null]`},
	},
	{
		name:    `items array with additionalItems false (zod 4 draft-07)`,
		schema:  `{"type":"array","items":[{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991},{"type":"integer","minimum":0}],"additionalItems":false,"minItems":2,"maxItems":2}`,
		goType:  `\[2\]int64`,
		valid:   []string{`[0,9]`, `[-5,3]`},
		invalid: []string{`[1,-1]`, `[1,2,3]`, `[1]`, `[1.5,2]`, `[9007199254740992,0]`},
	},
	{
		name:    `items array with additionalItems false, no maxItems`,
		schema:  `{"type":"array","items":[{"type":"string"}],"additionalItems":false,"minItems":1}`,
		goType:  `\[1\]string`,
		valid:   []string{`["a"]`},
		invalid: []string{`["a","b"]`, `[]`, `[1]`},
	},
}

// TestTuplesHeldAsText: a tuple with a keyword neither Go form holds is
// JSON text whose field says why, and keeps santhosh v6's verdicts at
// every position.
func TestTuplesHeldAsText(t *testing.T) {
	for _, c := range textTupleCases {
		positions := shapePositions
		if c.dialect != "" {
			positions = inDialect(c.dialect)
		}
		runShapeCasesAt(t, []shapeCase{c.shapeCase}, positions)
	}
}

// TestTupleViolationPointers: a tuple read as a Go array reports each
// violation where it is: a position's at the item, a length's at the
// array, an item past the positions that items false forbids at that item,
// under the keyword that forbids it: as the schema function reports them.
func TestTupleViolationPointers(t *testing.T) {
	if testing.Short() {
		t.Skip("runs generated code")
	}
	const ints = `{"type":"array","prefixItems":[{"type":"integer","minimum":0},{"type":"integer","maximum":9}],"items":false,"minItems":2,"maxItems":2}`
	const legacy = `{"type":"array","items":[{"type":"number"}],"additionalItems":false,"minItems":1}`
	cases := []struct {
		schema, args string
		want         []string // pointer and keyword of each violation
	}{
		{ints, `{"v":[-1,10]}`, []string{"/v/0 minimum", "/v/1 maximum"}},
		{ints, `{"v":[1]}`, []string{"/v minItems"}},
		{ints, `{"v":[1,2,3]}`, []string{"/v maxItems", "/v/2 items"}},
		{ints, `{"v":[1,"a",-1]}`, []string{"/v maxItems", "/v/1 type", "/v/2 items"}},
		{ints, `{"v":[]}`, []string{"/v minItems"}},
		{legacy, `{"v":[1,2]}`, []string{"/v/1 additionalItems"}},
		{legacy, `{"v":["a"]}`, []string{"/v/0 type"}},
	}
	var tools []matrixTool
	for i, c := range cases {
		tools = append(tools, matrixTool{name: fmt.Sprintf("p%d", i), label: c.args, schema: []byte(shapeTool(`"v":` + c.schema)), instances: []string{c.args}})
	}
	tools[len(tools)-1].schema = []byte(`{"$schema":"http://json-schema.org/draft-07/schema#",` + strings.TrimPrefix(string(tools[len(tools)-1].schema), "{"))
	tools[len(tools)-2].schema = tools[len(tools)-1].schema
	src, m := generateMatrix(t, tools)
	verdicts := runMatrix(t, src, m, tools)
	checkRoundTrips(t, tools, verdicts)
	found := regexp.MustCompile(`Pointer:(\S*) Keyword:(\S+)`)
	for i, c := range cases {
		var got []string
		for _, sub := range found.FindAllStringSubmatch(verdicts[i][0].Violations, -1) {
			got = append(got, sub[1]+" "+sub[2])
		}
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s against %s: violations %q, want %q", c.args, c.schema, got, c.want)
		}
	}
}
