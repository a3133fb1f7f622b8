package gen_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen"
)

// TestKeywordMatrix checks that a keyword means the same wherever it stands.
// Every keyword schema of matrixCases is placed at each position of
// matrixPositions (the tool's root, a property, the target of a $ref, an
// alternative of anyOf, ...) of one tool, which uses the schema both as its
// input and as its output schema. The whole matrix is one catalog, generated
// and compiled once; every instance goes through the tool's ValidateArgs and
// its generated result check, and both verdicts must be santhosh v6's on the
// same schema. Every cell must generate: no keyword shape here is one that
// toolgen refuses, so a refusal is a failure like a wrong verdict.
func TestKeywordMatrix(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated code with the go command; skipped in -short mode")
	}
	checkMatrix(t, matrixTools(matrixCases, nil))
}

// checkMatrix generates one catalog of the matrix tools, runs every
// instance through it and compares each verdict with santhosh v6's.
func checkMatrix(t *testing.T, tools []matrixTool) {
	t.Helper()
	cat := matrixCatalog(t, tools)
	src, diags := gen.Generate(cat, gen.Options{Package: "matrix", Source: "matrix.json"})
	if diags.HasErrors() {
		// Every refusal fails the test; the rest of the matrix still runs.
		refused := map[string]bool{}
		for _, d := range diags {
			if d.Severity == catalog.Error {
				refused[d.Tool] = true
			}
		}
		for _, mt := range tools {
			if refused[mt.name] {
				t.Errorf("%s: generation refused: %v", mt.label, diags)
			}
		}
		tools = slices.DeleteFunc(tools, func(mt matrixTool) bool { return refused[mt.name] })
		cat = matrixCatalog(t, tools)
		if src, diags = gen.Generate(cat, gen.Options{Package: "matrix", Source: "matrix.json"}); diags.HasErrors() {
			t.Fatalf("generating the matrix: %v", diags)
		}
	}
	m, _ := gen.Build(cat, gen.Options{Package: "matrix"})
	verdicts := runMatrix(t, src, m, tools)

	mismatches := 0
	for i, mt := range tools {
		o := matrixOracle(t, mt.schema)
		for j, inst := range mt.instances {
			want := o.Validate(mustUnmarshal(t, inst)) == nil
			got := verdicts[i][j]
			if got.Other != "" {
				t.Errorf("%s: %s: unexpected error: %s", mt.label, inst, got.Other)
				continue
			}
			if got.In != want || got.Out != want {
				mismatches++
				t.Errorf("%s, instance %s: ValidateArgs says %v, the result check %v, santhosh v6 %v\nschema: %s\nviolations: %s",
					mt.label, inst, got.In, got.Out, want, mt.schema, got.Violations)
			}
		}
	}
	t.Logf("%d tools, %d mismatches", len(tools), mismatches)
	checkRoundTrips(t, tools, verdicts)
}

// matrixCase is a keyword schema and instances chosen for it.
type matrixCase struct {
	keyword string
	schema  string
	// object says that the keyword is about objects, so that the schema
	// itself can be a tool's root.
	object    bool
	instances []string
}

// matrixGeneric are instances every case is also tried on.
var matrixGeneric = []string{
	`null`, `true`, `0`, `1`, `-1`, `2.5`, `""`, `"a"`, `"abc"`, `[]`, `[1]`, `[1,2]`, `[1,1]`, `["a"]`,
	`{}`, `{"a":1}`, `{"x1":1}`, `{"a":"s","b":2}`, `{"x1":1,"b":"s"}`, `{"x":1}`, `{"x":"1"}`, `{"x":1,"y":2}`,
	`1.0`, `-0`, `"2"`, `{"x":null}`, `{"x":1.0}`, `[{"x":1},{"x":1}]`, `[null]`, `{"y":1}`,
}

var matrixCases = []matrixCase{
	{"type", `{"type":"integer"}`, false, []string{`1.0`, `1e2`}},
	{"type", `{"type":"number"}`, false, nil},
	{"type", `{"type":"string"}`, false, nil},
	{"type", `{"type":"boolean"}`, false, []string{`false`}},
	{"type", `{"type":"array"}`, false, nil},
	{"type", `{"type":"object"}`, true, nil},
	{"type", `{"type":["string","null"]}`, false, nil},
	{"type", `{"type":["integer","string"]}`, false, nil},
	{"const", `{"const":1}`, false, []string{`1.0`}},
	{"const", `{"const":"a"}`, false, nil},
	{"const", `{"const":null}`, false, nil},
	{"const", `{"const":{"a":1}}`, true, []string{`{"a":1.0}`, `{"a":1,"b":1}`}},
	{"const", `{"const":[1,2]}`, false, []string{`[1,2.0]`, `[2,1]`}},
	{"enum", `{"enum":[1,"a",null]}`, false, nil},
	{"enum", `{"enum":[{"a":1},{"x":1}]}`, true, nil},
	{"enum", `{"enum":[[1,1],[]]}`, false, nil},
	{"enum", `{"type":"string","enum":["a","abc"]}`, false, nil},
	{"minimum", `{"type":"number","minimum":1}`, false, []string{`0.99`}},
	{"maximum", `{"type":"integer","maximum":1}`, false, []string{`2`}},
	{"exclusiveMinimum", `{"exclusiveMinimum":0}`, false, []string{`0.001`}},
	{"exclusiveMaximum", `{"type":"number","exclusiveMaximum":1}`, false, []string{`0.999`}},
	{"multipleOf", `{"type":"integer","multipleOf":2}`, false, []string{`4`, `3`}},
	{"multipleOf", `{"multipleOf":0.5}`, false, []string{`1.5`, `0.2`}},
	{"minLength", `{"minLength":2}`, false, []string{`"ññ"`}},
	{"maxLength", `{"type":"string","maxLength":1}`, false, []string{`"ñ"`}},
	{"pattern", `{"pattern":"^a"}`, false, []string{`"ba"`}},
	{"pattern", `{"type":"string","pattern":"^[a-c]+$"}`, false, []string{`"abd"`}},
	{"format", `{"format":"date"}`, false, []string{`"2024-02-29"`, `"2023-02-29"`}},
	{"format", `{"type":"string","format":"ipv4"}`, false, []string{`"10.0.0.1"`, `"10.0.0.256"`}},
	{"items", `{"type":"array","items":{"type":"integer"}}`, false, []string{`["a",1]`}},
	{"items", `{"items":{"type":"string"}}`, false, nil},
	{"items", `{"items":false}`, false, nil},
	{"prefixItems", `{"prefixItems":[{"type":"integer"}],"items":false}`, false, []string{`[1,"a"]`}},
	{"contains", `{"contains":{"type":"string"}}`, false, []string{`[1,"a"]`}},
	{"minContains", `{"contains":{"const":1},"minContains":2}`, false, []string{`[1,2,1]`}},
	{"maxContains", `{"contains":{"const":1},"maxContains":1}`, false, nil},
	{"minItems", `{"type":"array","minItems":2}`, false, nil},
	{"maxItems", `{"maxItems":1}`, false, nil},
	{"uniqueItems", `{"uniqueItems":true}`, false, []string{`[1,1.0]`, `[{"a":1},{"a":1}]`}},
	{"unevaluatedItems", `{"prefixItems":[{"type":"integer"}],"unevaluatedItems":false}`, false, nil},
	{"properties", `{"type":"object","properties":{"x":{"type":"integer"}}}`, true, nil},
	{"properties", `{"properties":{"x":{"type":"integer"}}}`, true, nil},
	{"required", `{"type":"object","required":["x"]}`, true, nil},
	{"required", `{"type":"object","properties":{"x":{"type":"integer"}},"required":["x"],"additionalProperties":false}`, true, nil},
	{"additionalProperties", `{"type":"object","properties":{"a":{}},"additionalProperties":false}`, true, nil},
	{"additionalProperties", `{"type":"object","properties":{"a":{}},"additionalProperties":{"type":"integer"}}`, true, nil},
	{"additionalProperties", `{"type":"object","additionalProperties":{"type":"integer"}}`, true, nil},
	{"patternProperties", `{"type":"object","properties":{"k":{"type":"string"}},"patternProperties":{"^x":{"type":"integer"}},"additionalProperties":false}`, true, []string{`{"k":"s","x2":2}`, `{"x1":"s"}`}},
	{"patternProperties", `{"type":"object","properties":{"k":{"type":"string"}},"patternProperties":{"^x":{"type":"integer"}},"additionalProperties":{"type":"string"}}`, true, []string{`{"x1":1,"b":2}`}},
	{"patternProperties", `{"patternProperties":{"^x":{"type":"integer"}}}`, true, nil},
	{"propertyNames", `{"type":"object","propertyNames":{"maxLength":1}}`, true, nil},
	{"minProperties", `{"type":"object","minProperties":2}`, true, nil},
	{"maxProperties", `{"maxProperties":1}`, true, nil},
	{"dependentRequired", `{"type":"object","properties":{"a":{},"b":{}},"dependentRequired":{"a":["b"]}}`, true, nil},
	{"dependentRequired", `{"dependentRequired":{"x":["y"]}}`, true, nil},
	{"dependentSchemas", `{"dependentSchemas":{"x":{"required":["y"]}}}`, true, nil},
	{"unevaluatedProperties", `{"type":"object","properties":{"a":{}},"unevaluatedProperties":false}`, true, nil},
	{"allOf", `{"allOf":[{"type":"object","required":["x"]},{"properties":{"x":{"type":"integer"}}}]}`, true, nil},
	{"anyOf", `{"anyOf":[{"type":"object","properties":{"x":{"type":"integer"}},"required":["x"]},{"type":"object","properties":{"a":{"type":"integer"}},"required":["a"]}]}`, true, nil},
	{"oneOf", `{"oneOf":[{"type":"object","properties":{"x":{"type":"integer"}},"required":["x"]},{"type":"object","required":["y"]}]}`, true, nil},
	{"oneOf", `{"oneOf":[{"type":"object","properties":{"k":{"const":"p"}},"required":["k"]},{"type":"object","properties":{"k":{"const":"q"}},"required":["k"]}]}`, true, []string{`{"k":"p"}`, `{"k":"r"}`}},
	{"anyOf", `{"anyOf":[{"type":"string"},{"type":"integer"}]}`, false, nil},
	{"anyOf", `{"anyOf":[{"type":"integer"},{"type":"null"}]}`, false, nil},
	{"not", `{"not":{"type":"object","required":["x"]}}`, true, nil},
	{"if", `{"if":{"required":["x"]},"then":{"required":["y"]},"else":{"required":["a"]}}`, true, nil},
	{"$ref", `{"$ref":"#/$defs/obj"}`, true, nil},
	{"$ref", `{"$ref":"#/$defs/obj","required":["y"]}`, true, nil},
	{"$ref", `{"$ref":"#/$defs/tree"}`, true, []string{`{"name":"r","children":[{"name":"c","children":[]}]}`, `{"name":"r","children":[{"children":[]}]}`, `{"name":1}`}},
	{"$ref", `{"$ref":"#/$defs/chain"}`, true, nil},
	{"$ref", `{"$ref":"#/$defs/obj","properties":{"y":{}}}`, true, nil},
	{"$ref", `{"$ref":"#anchored"}`, true, nil},
	{"$dynamicRef", `{"$dynamicRef":"#dyn"}`, false, []string{`"2"`}},
	{"type", `{"type":"null"}`, false, nil},
	{"type", `{"type":["object","null"],"properties":{"x":{"type":"integer"}}}`, false, nil},
	{"enum", `{"type":["object","null"],"enum":[{"a":1},null]}`, false, nil},
	{"required", `{"required":["x"]}`, true, nil},
	{"minProperties", `{"type":"object","properties":{"x":{"type":"integer"}},"minProperties":1}`, true, nil},
	{"additionalProperties", `{"type":"object","additionalProperties":false}`, true, nil},
	{"properties", `{"type":"object","properties":{"x":false}}`, true, nil},
	{"dependentSchemas", `{"type":"object","properties":{"a":{"type":"integer"}},"dependentSchemas":{"a":{"required":["b"]}}}`, true, []string{`{"a":1,"b":0}`}},
	{"propertyNames", `{"propertyNames":{"pattern":"^[a-z]$"}}`, true, nil},
	{"not", `{"not":{}}`, false, nil},
	{"if", `{"if":{"type":"string"},"then":{"minLength":2}}`, false, nil},
	{"oneOf", `{"oneOf":[{"type":"object","required":["x"]},{"type":"null"}]}`, false, nil},
	{"format", `{"type":"string","format":"email"}`, false, []string{`"a@example.com"`}},
	{"format", `{"format":"date-time"}`, false, []string{`"2024-01-01T00:00:00Z"`}},
	{"anyOf", `{"anyOf":[{"type":"object","const":{"a":1}},{"type":"null"}]}`, false, nil},
	{"anyOf", `{"anyOf":[{"type":"object","patternProperties":{"^x":{"type":"integer"}},"additionalProperties":false},{"type":"null"}]}`, false, nil},
	{"oneOf", `{"oneOf":[{"type":"array","items":{"type":"integer"},"contains":{"const":1}},{"type":"null"}]}`, false, nil},
	{"minimum", `{"type":"integer","minimum":1.5}`, false, []string{`2`, `1.0`}},
	{"exclusiveMaximum", `{"type":"integer","exclusiveMaximum":2.5}`, false, []string{`2`, `3`}},
	{"multipleOf", `{"type":"integer","multipleOf":0.5}`, false, []string{`3`, `1.5`}},
	{"multipleOf", `{"type":"number","multipleOf":0.01}`, false, []string{`0.07`, `0.071`}},
	{"const", `{"type":"integer","const":1}`, false, []string{`1.0`}},
	{"enum", `{"type":"integer","enum":[1,2.0]}`, false, []string{`2`}},
	{"const", `{"type":"number","const":1}`, false, nil},
	{"const", `{"type":"boolean","const":true}`, false, nil},
	{"const", `{"type":"string","const":"a"}`, false, nil},
	{"enum", `{"enum":["a","b"]}`, false, nil},
	{"enum", `{"type":"string","enum":["a",1]}`, false, nil},
	{"type", `{"type":["string","integer"],"minLength":2,"minimum":1}`, false, []string{`"ab"`, `5`}},
	{"type", `{"type":["string","null"],"minLength":1}`, false, nil},
	{"uniqueItems", `{"type":"array","items":{"type":"object","properties":{"x":{"type":"integer"}}},"uniqueItems":true}`, false, []string{`[{"x":1},{"x":1.0}]`, `[{"x":1},{"x":2}]`}},
	{"prefixItems", `{"type":"array","prefixItems":[{"type":"integer"}]}`, false, []string{`["a"]`}},
	{"additionalProperties", `{"type":"object","additionalProperties":{"type":"object","properties":{"x":{"type":"integer"}},"required":["x"]}}`, true, []string{`{"a":{"x":1}}`, `{"a":{}}`}},
	{"required", `{"type":"object","properties":{"x":{"type":["integer","null"]}},"required":["x"]}`, true, []string{`{"x":null}`}},
	{"properties", `{"type":"object","properties":{"x":{"type":"integer","default":5}}}`, true, []string{`{"x":null}`}},
	{"items", `{"type":"array","minItems":1,"maxItems":1,"items":{"enum":[1]}}`, false, nil},
	{"pattern", `{"type":"string","pattern":"\\d"}`, false, []string{`"a1"`, `"١"`}},
	{"maxProperties", `{"type":"object","maxProperties":0}`, true, nil},
	{"anyOf", `{"anyOf":[{"type":"string"},{"type":"object","properties":{"x":{"type":"integer"}}}]}`, false, nil},
	{"oneOf", `{"oneOf":[{"type":"integer"},{"type":"number"}]}`, false, nil},
	{"anyOf", `{"anyOf":[{"type":"array","items":{"type":"string"}},{"type":"string","maxLength":1}]}`, false, nil},
	{"oneOf", `{"type":"object","oneOf":[{"required":["x"]},{"required":["y"]}]}`, true, nil},
	{"boolean", `true`, false, nil},
	{"boolean", `false`, false, nil},
	{"not", `{"not":{}}`, true, nil},
	{"unevaluatedProperties", `{"allOf":[{"properties":{"a":{"type":"integer"}}}],"unevaluatedProperties":false}`, true, nil},
	{"unevaluatedProperties", `{"$ref":"#/$defs/anchored","properties":{"y":{}},"unevaluatedProperties":false}`, true, []string{`{"x":1,"y":1}`, `{"x":1,"z":1}`}},
	{"unevaluatedProperties", `{"unevaluatedProperties":false,"anyOf":[{"properties":{"x":{}}},{"properties":{"a":{}}}]}`, true, []string{`{"x":1,"a":1}`}},
	{"unevaluatedProperties", `{"unevaluatedProperties":false,"if":{"properties":{"x":{}}},"then":{"properties":{"y":{}}}}`, true, nil},
	{"unevaluatedProperties", `{"type":"object","unevaluatedProperties":{"type":"integer"},"properties":{"a":{"type":"string"}}}`, true, nil},
	{"if", `{"if":{"properties":{"x":{"const":1}}},"then":{"required":["y"]}}`, true, []string{`{"x":2}`}},
	{"if", `{"if":{"required":["x"]},"else":false}`, true, nil},
	{"if", `{"if":true,"then":{"required":["x"]}}`, true, nil},
	{"if", `{"if":false,"else":{"required":["x"]}}`, true, nil},
	{"dependentSchemas", `{"dependentSchemas":{"x":false}}`, true, nil},
	{"dependentSchemas", `{"dependentSchemas":{"x":{"properties":{"y":{"type":"string"}}}}}`, true, []string{`{"x":1,"y":"s"}`}},
	{"propertyNames", `{"propertyNames":false}`, true, nil},
	{"propertyNames", `{"propertyNames":{"enum":["x","y"]}}`, true, nil},
	{"$dynamicRef", `{"$dynamicRef":"#dynobj"}`, true, nil},
	{"$ref", `{"type":"object","properties":{"x":{"$ref":"#/$defs/tree/properties/name"}}}`, true, nil},
	{"$ref", `{"$ref":"#/%24defs/obj"}`, true, nil},
	{"$ref", `{"type":"object","properties":{"x":{"$ref":"#"}}}`, true, []string{`{"x":{"x":{}}}`, `{"x":{"x":1}}`}},
	{"enum", `{"enum":[{"x":1},null]}`, true, []string{`{"x":1.0}`}},
	{"enum", `{"enum":[{"x":1,"y":2}]}`, true, []string{`{"y":2,"x":1}`}},
	{"anyOf", `{"anyOf":[{"required":["x"]},{"required":["y"]}]}`, true, nil},
	{"oneOf", `{"oneOf":[{"$ref":"#/$defs/obj"},{"$ref":"#/$defs/tree"}]}`, true, []string{`{"name":"n"}`}},
	{"allOf", `{"allOf":[{"$ref":"#/$defs/anchored"},{"required":["y"]}]}`, true, nil},
	{"allOf", `{"type":"object","properties":{"x":{"type":"integer"}},"allOf":[{"additionalProperties":false}]}`, true, nil},
	{"allOf", `{"allOf":[true,false]}`, true, nil},
	{"anyOf", `{"anyOf":[true,{"required":["x"]}]}`, true, nil},
	{"not", `{"not":{"not":{"type":"object","required":["x"]}}}`, true, nil},
	{"maxProperties", `{"minProperties":1,"maxProperties":1}`, true, nil},
	{"additionalProperties", `{"properties":{"x":{"type":"integer"}},"additionalProperties":{"not":{}}}`, true, nil},
	{"patternProperties", `{"type":"object","properties":{"x":{"type":"integer"}},"additionalProperties":false,"patternProperties":{"":{}}}`, true, nil},
	{"patternProperties", `{"patternProperties":{"^x$":false}}`, true, nil},
	{"patternProperties", `{"type":"object","properties":{"y":{"type":"integer"}},"patternProperties":{"y":{"type":"string"}}}`, true, []string{`{"y":"s"}`}},
	{"required", `{"type":"object","properties":{"x":true},"required":["x"]}`, true, nil},
	{"minimum", `{"type":"object","properties":{"x":{"type":"integer","minimum":9007199254740993}}}`, true, []string{`{"x":9007199254740992}`, `{"x":9007199254740993}`}},
	{"dependentSchemas", `{"type":"object","additionalProperties":false,"properties":{"x":{"type":"integer"}},"dependentSchemas":{"x":{"properties":{"y":{}}}}}`, true, []string{`{"x":1,"y":1}`}},
	{"const", `{"const":{"x":[1,{"a":null}]}}`, true, []string{`{"x":[1,{"a":null}]}`, `{"x":[1.0,{"a":null}]}`, `{"x":[1,{}]}`}},
}

// matrixDefs are the $defs every matrix schema carries, for the $ref cases.
const matrixDefs = `{
	"obj": {"type":"object","properties":{"x":{"type":"integer"}},"required":["x"],"additionalProperties":false},
	"tree": {"type":"object","properties":{"name":{"type":"string"},"children":{"type":"array","items":{"$ref":"#/$defs/tree"}}},"required":["name"]},
	"chain": {"$ref":"#/$defs/obj"},
	"anchored": {"$anchor":"anchored","type":"object","required":["x"]},
	"dyn": {"$dynamicAnchor":"dyn","type":"integer"},
	"dynobj": {"$dynamicAnchor":"dynobj","type":"object","required":["x"]}
}`

// A matrixPosition places a keyword schema in a tool's schema and an
// instance in the arguments; ok is false where the position does not apply.
type matrixPosition struct {
	name  string
	place func(c matrixCase) (schema string, ok bool)
	wrap  func(instance string) string
}

func inProperty(instance string) string { return `{"v":` + instance + `}` }
func asRoot(instance string) string     { return instance }

var matrixPositions = []matrixPosition{
	{"root", func(c matrixCase) (string, bool) { return withDefs(c.schema), c.object }, asRoot},
	{"root $ref", func(c matrixCase) (string, bool) {
		return `{"$ref":"#/$defs/target","$defs":` + addDef(matrixDefs, "target", c.schema) + `}`, c.object
	}, asRoot},
	{"root anyOf", func(c matrixCase) (string, bool) {
		return `{"anyOf":[` + c.schema + `,{"type":"object","required":["never_sent"]}],"$defs":` + matrixDefs + `}`, c.object
	}, asRoot},
	{"property", func(c matrixCase) (string, bool) {
		return `{"type":"object","properties":{"v":` + c.schema + `},"required":["v"],"$defs":` + matrixDefs + `}`, true
	}, inProperty},
	{"property $ref", func(c matrixCase) (string, bool) {
		return `{"type":"object","properties":{"v":{"$ref":"#/$defs/target"}},"required":["v"],"$defs":` + addDef(matrixDefs, "target", c.schema) + `}`, true
	}, inProperty},
	{"property anyOf", func(c matrixCase) (string, bool) {
		return `{"type":"object","properties":{"v":{"anyOf":[` + c.schema + `,{"const":"never sent"}]}},"required":["v"],"$defs":` + matrixDefs + `}`, true
	}, inProperty},
	{"property $ref to a relative $id", func(c matrixCase) (string, bool) {
		// The input and the output schema both hold a resource v.json: each
		// resolves within its own document. A fragment reference in the
		// keyword schema would resolve within v.json, where nothing is.
		return `{"type":"object","properties":{"v":{"$ref":"v.json"}},"required":["v"],"$defs":` + addDef(matrixDefs, "target", `{"$id":"v.json","allOf":[`+c.schema+`]}`) + `}`, !strings.Contains(c.schema, "#")
	}, inProperty},
	{"array item", func(c matrixCase) (string, bool) {
		return `{"type":"object","properties":{"v":{"type":"array","items":` + c.schema + `}},"required":["v"],"$defs":` + matrixDefs + `}`, true
	}, func(instance string) string { return `{"v":[` + instance + `]}` }},
}

// withDefs adds the matrix $defs to an object schema.
func withDefs(schema string) string {
	if !strings.HasPrefix(schema, "{") {
		return schema // a boolean schema has no room for $defs
	}
	if schema == "{}" {
		return `{"$defs":` + matrixDefs + `}`
	}
	return strings.TrimSuffix(schema, "}") + `,"$defs":` + matrixDefs + `}`
}

func addDef(defs, name, schema string) string {
	return strings.TrimSuffix(strings.TrimSpace(defs), "}") + `,"` + name + `":` + schema + `}`
}

// matrixTool is one cell of the matrix: a tool and the arguments tried on it.
type matrixTool struct {
	name, label string
	schema      json.RawMessage
	instances   []string
}

// matrixTools places each case at each position; dialect, if not nil,
// rewrites each tool's schema into another draft (and may drop it).
func matrixTools(cases []matrixCase, dialect func(string) (string, bool)) []matrixTool {
	var tools []matrixTool
	for i, c := range cases {
		for j, p := range matrixPositions {
			schema, ok := p.place(c)
			if ok && dialect != nil {
				schema, ok = dialect(schema)
			}
			if !ok {
				continue
			}
			mt := matrixTool{
				name:   fmt.Sprintf("m%d_%d", i, j),
				label:  fmt.Sprintf("%s %s at %s", c.keyword, c.schema, p.name),
				schema: json.RawMessage(schema),
			}
			for _, inst := range append(slices.Clone(matrixGeneric), c.instances...) {
				args := p.wrap(inst)
				// Tool arguments and results are objects, whatever the schema.
				if strings.HasPrefix(args, "{") {
					mt.instances = append(mt.instances, args)
				}
			}
			tools = append(tools, mt)
		}
	}
	return tools
}

func matrixCatalog(t *testing.T, tools []matrixTool) *catalog.Catalog {
	t.Helper()
	type entry struct {
		Name         string          `json:"name"`
		InputSchema  json.RawMessage `json:"inputSchema"`
		OutputSchema json.RawMessage `json:"outputSchema"`
	}
	var doc struct {
		Tools []entry `json:"tools"`
	}
	for _, mt := range tools {
		doc.Tools = append(doc.Tools, entry{mt.name, mt.schema, mt.schema})
	}
	data, err := json.MarshalIndent(doc, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return loadCatalog(t, "matrix.json", data)
}

func matrixOracle(t *testing.T, schema []byte) *jsonschema.Schema {
	t.Helper()
	doc := mustUnmarshal(t, string(schema))
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	registerProducerFormats(c)
	c.UseRegexpEngine(ecmaEngine)
	if err := c.AddResource("https://matrix.invalid/schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("https://matrix.invalid/schema.json")
	if err != nil {
		t.Fatalf("santhosh v6 cannot compile %s: %v", schema, err)
	}
	return s
}

func mustUnmarshal(t *testing.T, text string) any {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return v
}

// matrixVerdict is the driver's answer for one instance.
type matrixVerdict struct {
	In, Out    bool
	Violations string
	Other      string
	Trip       roundTripVerdict // encoding/json's round trips (checkRoundTrips)
}

// generateMatrix generates the package of tools' catalog and its model,
// for runMatrix.
func generateMatrix(t *testing.T, tools []matrixTool) ([]byte, *gen.Model) {
	t.Helper()
	cat := matrixCatalog(t, tools)
	src, diags := gen.Generate(cat, gen.Options{Package: "matrix", Source: "matrix.json"})
	if diags.HasErrors() {
		t.Fatalf("generating: %.1000v", diags)
	}
	m, _ := gen.Build(cat, gen.Options{Package: "matrix"})
	return src, m
}

// runMatrix builds the generated package with a file that exposes its result
// checks by tool name, and a driver that runs every instance through both.
func runMatrix(t *testing.T, src []byte, m *gen.Model, tools []matrixTool) [][]matrixVerdict {
	t.Helper()
	dir := tempModule(t, "matrix")
	writeFile(t, filepath.Join(dir, "matrix", "tools_gen.go"), src)
	var checks strings.Builder
	checks.WriteString("package matrix\n\nimport \"github.com/toolgen/toolgen/runtime\"\n\n// ResultChecks are the generated result checks by tool name.\nvar ResultChecks = map[string]func(any) []runtime.Violation{\n")
	for _, tool := range m.Tools {
		fmt.Fprintf(&checks, "\t%q: check%sResult,\n", tool.Name, tool.GoName)
	}
	checks.WriteString("}\n")
	writeFile(t, filepath.Join(dir, "matrix", "checks.go"), []byte(checks.String()))
	writeRoundTrips(t, dir, m)
	writeFile(t, filepath.Join(dir, "driver", "main.go"), []byte(matrixDriver))

	var input bytes.Buffer
	enc := json.NewEncoder(&input)
	for _, mt := range tools {
		for _, inst := range mt.instances {
			_ = enc.Encode(map[string]string{"tool": mt.name, "args": inst})
		}
	}
	out := runDriverIn(t, dir, &input, "building or running the generated code failed")
	dec := json.NewDecoder(bytes.NewReader(out))
	verdicts := make([][]matrixVerdict, len(tools))
	for i, mt := range tools {
		for range mt.instances {
			var v matrixVerdict
			if err := dec.Decode(&v); err != nil {
				t.Fatalf("reading the driver's verdicts: %v", err)
			}
			verdicts[i] = append(verdicts[i], v)
		}
	}
	return verdicts
}

const matrixDriver = `// Command driver runs instances through generated argument and result
// checks, and through encoding/json's round trips.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
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
		var v struct {
			In, Out    bool
			Violations string
			Other      string
			Trip       matrix.Verdict
		}
		err := matrix.ValidateArgs(req.Tool, []byte(req.Args))
		var invalid *runtime.ValidationError
		switch {
		case err == nil:
			v.In = true
		case errors.As(err, &invalid):
			v.Violations = fmt.Sprintf("%+v", invalid.Violations)
		default:
			v.Other = err.Error()
		}
		violations := matrix.ResultChecks[req.Tool](json.RawMessage(req.Args))
		v.Out = len(violations) == 0
		if !v.Out && v.Violations == "" {
			v.Violations = fmt.Sprintf("result: %+v", violations)
		}
		v.Trip = matrix.Trips[req.Tool].Run([]byte(req.Args))
		if err := out.Encode(v); err != nil {
			panic(err)
		}
	}
}
`
