package gen_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/toolgen/toolgen/gen"
)

// TestEveryFailingKeywordReported checks the promise of one round trip: a
// value that breaks several keywords is told about every one of them, not
// only the first. Each schema holds two assertion keywords of one type
// (every pair from allErrorsKeywords), at a property and at an array item;
// every candidate value of that type goes through ValidateArgs. The keywords
// reported must be exactly those that fail when each is judged alone by
// santhosh v6 (the union over one-keyword schemas: santhosh itself stops at
// a failed const or enum, so the two-keyword schema is no oracle for "every
// failing keyword"). A check that skips a keyword because another already
// failed shows up as a keyword missing from the report.
func TestEveryFailingKeywordReported(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated code with the go command; skipped in -short mode")
	}
	tools := allErrorsTools()
	var plain []matrixTool
	for _, mt := range tools {
		plain = append(plain, mt.matrixTool)
	}
	cat := matrixCatalog(t, plain)
	src, diags := gen.Generate(cat, gen.Options{Package: "matrix", Source: "allerrors.json"})
	if diags.HasErrors() {
		t.Fatalf("generating: %v", diags)
	}
	got := runKeywordDriver(t, src, plain)

	pairsBothFailing := 0
	for i, mt := range tools {
		var oracles []*jsonschema.Schema
		for _, one := range mt.alone {
			oracles = append(oracles, matrixOracle(t, one))
		}
		for j, inst := range mt.instances {
			set := map[string]bool{}
			for _, o := range oracles {
				for _, k := range failingKeywords(o.Validate(mustUnmarshal(t, inst))) {
					set[k] = true
				}
			}
			want := sortedKeys(set)
			if len(want) >= 2 {
				pairsBothFailing++
			}
			if mt.verdictOnly {
				// A member both required and forbidden is reported under
				// the false schema that forbids it, where santhosh names
				// additionalProperties; the verdicts must still agree.
				if (len(got[i][j]) == 0) != (len(want) == 0) {
					t.Errorf("%s, instance %s: generated code reports %q, santhosh v6 %q\nschema: %s", mt.label, inst, got[i][j], want, mt.schema)
				}
				continue
			}
			if !slices.Equal(got[i][j], want) {
				t.Errorf("%s, instance %s: generated code reports %q; judged one by one, santhosh v6 finds %q failing\nschema: %s",
					mt.label, inst, got[i][j], want, mt.schema)
			}
		}
	}
	// The test means something only if values breaking two keywords at once
	// are among the instances.
	if pairsBothFailing < 100 {
		t.Fatalf("only %d instances break two keywords at once; the candidates need widening", pairsBothFailing)
	}
	t.Logf("%d tools, %d instances breaking two or more keywords", len(tools), pairsBothFailing)
}

// allErrorsKeywords are assertion keywords by instance type, each with the
// candidate values tried against every pair of them.
var allErrorsKeywords = []struct {
	typ        string
	keywords   []string
	candidates []string
}{
	{"string", []string{
		`"minLength":2`, `"maxLength":3`, `"pattern":"^[a-z]+$"`, `"format":"email"`,
		`"enum":["a","ab","zz","a@b.co"]`, `"const":"ab"`,
	}, []string{`""`, `"a"`, `"ab"`, `"abcdef"`, `"ABCDEF"`, `"A"`, `"a@b.co"`, `"x y"`, `"zz"`}},
	{"integer", []string{
		`"minimum":1`, `"maximum":10`, `"exclusiveMinimum":0`, `"exclusiveMaximum":10`,
		`"multipleOf":2`, `"enum":[1,2,3,12]`, `"const":2`,
	}, []string{`-5`, `-1`, `0`, `1`, `2`, `3`, `7`, `10`, `11`, `12`, `100`}},
	{"number", []string{
		`"minimum":1`, `"maximum":10`, `"exclusiveMinimum":0`, `"exclusiveMaximum":10`,
		`"multipleOf":0.5`, `"enum":[1,2.5,12]`, `"const":2.5`,
	}, []string{`-5.25`, `-1`, `0`, `0.25`, `1`, `2.5`, `7.75`, `10`, `12`, `100.5`}},
	{"array", []string{
		`"minItems":2`, `"maxItems":2`, `"uniqueItems":true`, `"contains":{"type":"string"}`,
		`"items":{"type":"integer","maximum":4}`, `"prefixItems":[{"type":"integer"}]`,
	}, []string{`[]`, `[1]`, `[1,1]`, `[1,2,3]`, `[1,1,1]`, `["a"]`, `["a","a","b"]`, `[5,5,5]`, `[9,"a",9]`, `[1,2]`}},
	{"object", []string{
		`"required":["a","b"]`, `"minProperties":2`, `"maxProperties":2`,
		`"properties":{"a":{"type":"integer"}},"additionalProperties":false`,
		`"propertyNames":{"maxLength":1}`, `"dependentRequired":{"a":["b"]}`,
		`"properties":{"a":{"type":"string"}}`,
		`"additionalProperties":{"type":"string"}`,
		`"patternProperties":{"^x":{"type":"integer"}}`,
		`"dependentSchemas":{"a":{"required":["c"]}}`,
	}, []string{`{}`, `{"a":1}`, `{"a":"s"}`, `{"a":1,"b":2,"c":3}`, `{"ab":1,"abc":2}`, `{"x":1}`, `{"a":1,"xy":1,"yy":2}`, `{"b":1}`, `{"a":1,"b":2}`, `{"a":"s","b":2}`}},
}

// allErrorsTool is a tool of two keywords, with each keyword alone in a
// schema of its own at the same position.
type allErrorsTool struct {
	matrixTool
	alone       [][]byte
	verdictOnly bool
}

// allErrorsTools makes one tool per pair of keywords of a type and position.
func allErrorsTools() []allErrorsTool {
	positions := []struct {
		name  string
		place func(schema string) string
		wrap  func(instance string) string
	}{
		{"a property", func(s string) string {
			return `{"type":"object","properties":{"v":` + s + `},"required":["v"]}`
		}, inProperty},
		{"an array item", func(s string) string {
			return `{"type":"object","properties":{"v":{"type":"array","items":` + s + `}},"required":["v"]}`
		}, func(instance string) string { return `{"v":[` + instance + `]}` }},
	}
	var tools []allErrorsTool
	for _, group := range allErrorsKeywords {
		for i, k1 := range group.keywords {
			for _, k2 := range group.keywords[i+1:] {
				if sharesKeyword(k1, k2) {
					continue // a schema holds each keyword once
				}
				schema := `{"type":"` + group.typ + `",` + k1 + `,` + k2 + `}`
				for _, p := range positions {
					mt := allErrorsTool{matrixTool: matrixTool{
						name:   fmt.Sprintf("k%d", len(tools)),
						label:  fmt.Sprintf("%s at %s", schema, p.name),
						schema: json.RawMessage(p.place(schema)),
					}}
					alone := []string{k1, k2}
					if interacting(k1, k2) {
						alone = []string{k1 + `,` + k2}
					}
					mt.verdictOnly = strings.Contains(k1, `"required"`) && strings.Contains(k2, `"additionalProperties":false`)
					for _, k := range alone {
						mt.alone = append(mt.alone, []byte(p.place(`{"type":"`+group.typ+`",`+k+`}`)))
					}
					for _, c := range group.candidates {
						mt.instances = append(mt.instances, p.wrap(c))
					}
					tools = append(tools, mt)
				}
			}
		}
	}
	return tools
}

// sharesKeyword reports whether two keyword fragments name the same keyword.
func sharesKeyword(a, b string) bool {
	for _, k := range []string{`"properties"`, `"additionalProperties"`} {
		if strings.Contains(a, k) && strings.Contains(b, k) {
			return true
		}
	}
	return false
}

// interacting reports whether one fragment's meaning depends on the other's:
// additionalProperties applies to the members that properties and
// patternProperties leave, so alone it would judge other members.
func interacting(a, b string) bool {
	member := func(k string) bool {
		return strings.Contains(k, `"properties"`) || strings.Contains(k, `"patternProperties"`)
	}
	extra := func(k string) bool { return strings.Contains(k, `"additionalProperties"`) }
	return extra(a) && member(b) || extra(b) && member(a)
}

// failingKeywords is the sorted set of keywords at the leaves of santhosh's
// error tree: those that failed themselves rather than through a subschema.
func failingKeywords(err error) []string {
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []string{}
	}
	set := map[string]bool{}
	var walk func(*jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		path := e.ErrorKind.KeywordPath()
		// contains and propertyNames judge through a subschema, but the
		// keyword that failed is theirs: the subschema's failures are why.
		if len(e.Causes) == 0 || len(path) > 0 && (path[0] == "contains" || path[0] == "propertyNames") {
			if len(path) > 0 {
				set[path[0]] = true
			}
			return
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
	return sortedKeys(set)
}

func sortedKeys(set map[string]bool) []string {
	keys := make([]string, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// runKeywordDriver runs every instance through ValidateArgs and returns the
// sorted set of keywords of its violations.
func runKeywordDriver(t *testing.T, src []byte, tools []matrixTool) [][][]string {
	t.Helper()
	dir := tempModule(t, "matrix")
	writeFile(t, filepath.Join(dir, "matrix", "tools_gen.go"), src)
	writeFile(t, filepath.Join(dir, "driver", "main.go"), []byte(keywordDriver))
	var input bytes.Buffer
	enc := json.NewEncoder(&input)
	for _, mt := range tools {
		for _, inst := range mt.instances {
			_ = enc.Encode(map[string]string{"tool": mt.name, "args": inst})
		}
	}
	out := runDriverIn(t, dir, &input, "building or running the generated code failed")
	dec := json.NewDecoder(bytes.NewReader(out))
	got := make([][][]string, len(tools))
	for i, mt := range tools {
		for range mt.instances {
			var keywords []string
			if err := dec.Decode(&keywords); err != nil {
				t.Fatalf("reading the driver's answers: %v", err)
			}
			slices.Sort(keywords)
			got[i] = append(got[i], slices.Compact(keywords))
		}
	}
	return got
}

const keywordDriver = `// Command driver prints the keywords of each instance's violations.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"

	"matrix/matrix"

	"github.com/toolgen/toolgen/runtime"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<26)
	out := json.NewEncoder(os.Stdout)
	for in.Scan() {
		var req struct{ Tool, Args string }
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			panic(err)
		}
		keywords := []string{}
		err := matrix.ValidateArgs(req.Tool, []byte(req.Args))
		var invalid *runtime.ValidationError
		switch {
		case err == nil:
		case errors.As(err, &invalid):
			for _, v := range invalid.Violations {
				keywords = append(keywords, v.Keyword)
			}
		default:
			keywords = append(keywords, "error: "+err.Error())
		}
		if err := out.Encode(keywords); err != nil {
			panic(err)
		}
	}
}
`
