package catalog

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// weatherSchema exercises every rewrite StrictVariant makes.
const weatherSchema = `{
  "type": "object",
  "properties": {
    "city": {"type": "string", "description": "City <name> & country"},
    "unit": {"type": "string", "enum": ["C", "F"], "default": "C"},
    "when": {"$ref": "#/$defs/day"},
    "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 5},
    "opts": {"type": "object", "properties": {"x": {"type": "number", "maximum": 1.50}}},
    "pick": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
    "kind": {"const": "x"},
    "near": {"$ref": "#/$defs/day", "description": "Near this day."},
    "maybe": {"type": ["integer", "null"]}
  },
  "required": ["city"],
  "$defs": {"day": {"type": "string", "format": "date"}}
}`

// weatherStrict is weatherSchema's variant, written out by hand.
const weatherStrict = `{"type":"object","properties":{` +
	`"city":{"type":"string","description":"City <name> & country"},` +
	`"unit":{"type":["string","null"],"enum":["C","F",null]},` +
	`"when":{"anyOf":[{"$ref":"#/$defs/day"},{"type":"null"}]},` +
	`"tags":{"type":["array","null"],"items":{"type":"string"},"maxItems":5},` +
	`"opts":{"type":["object","null"],"properties":{"x":{"type":["number","null"],"maximum":1.50}},"required":["x"],"additionalProperties":false},` +
	`"pick":{"anyOf":[{"type":"string"},{"type":"integer"},{"type":"null"}]},` +
	`"kind":{"enum":["x",null]},` +
	`"near":{"anyOf":[{"$ref":"#/$defs/day"},{"type":"null"}],"description":"Near this day."},` +
	`"maybe":{"type":["integer","null"]}},` +
	`"required":["city","unit","when","tags","opts","pick","kind","near","maybe"],` +
	`"$defs":{"day":{"type":"string","format":"date"}},` +
	`"additionalProperties":false}`

func TestStrictVariant(t *testing.T) {
	got, err := StrictVariant([]byte(weatherSchema))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != weatherStrict {
		t.Errorf("StrictVariant:\n got %s\nwant %s", got, weatherStrict)
	}
	again, err := StrictVariant([]byte(weatherSchema))
	if err != nil || !bytes.Equal(again, got) {
		t.Errorf("a second call gave %s, %v", again, err)
	}
	// The variant of a variant is itself: it is already strict.
	twice, err := StrictVariant(got)
	if err != nil || !bytes.Equal(twice, got) {
		t.Errorf("StrictVariant(variant) = %s, %v", twice, err)
	}
}

func TestStrictVariantSmallCases(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		// A root without a type gets one; an object without properties gets
		// empty ones.
		{`{"properties": {}}`, `{"type":"object","properties":{},"required":[],"additionalProperties":false}`},
		{`{"type": "object"}`, `{"type":"object","properties":{},"required":[],"additionalProperties":false}`},
		// Required properties stay as they are; a required list keeps its order.
		{`{"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}, "required": ["b", "a"], "additionalProperties": false}`,
			`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"required":["b","a"],"additionalProperties":false}`},
		// additionalProperties true or {} closes; a const with an enum.
		{`{"type": "object", "properties": {"c": {"type": "string", "const": "a", "enum": ["a", "b"]}}, "additionalProperties": {}}`,
			`{"type":"object","properties":{"c":{"type":["string","null"],"enum":["a",null]}},"additionalProperties":false,"required":["c"]}`},
		// Already nullable: nothing to add; a null const stays.
		{`{"type": "object", "properties": {"n": {"type": "null"}, "e": {"enum": ["a", null]}, "k": {"const": null}}, "additionalProperties": true}`,
			`{"type":"object","properties":{"n":{"type":"null"},"e":{"enum":["a",null]},"k":{"const":null}},"additionalProperties":false,"required":["n","e","k"]}`},
		// A $ref with siblings moves into anyOf even when required, and a
		// null branch is added once.
		{`{"type": "object", "properties": {"r": {"$ref": "#/$defs/d", "minimum": 1}, "o": {"anyOf": [{"type": "string"}, {"type": "null"}]}}, "required": ["r"], "$defs": {"d": {"type": "integer"}}}`,
			`{"type":"object","properties":{"r":{"anyOf":[{"$ref":"#/$defs/d"}],"minimum":1},"o":{"anyOf":[{"type":"string"},{"type":"null"}]}},"required":["r","o"],"$defs":{"d":{"type":"integer"}},"additionalProperties":false}`},
	} {
		got, err := StrictVariant([]byte(tc.in))
		if err != nil {
			t.Errorf("StrictVariant(%s): %v", tc.in, err)
			continue
		}
		if string(got) != tc.want {
			t.Errorf("StrictVariant(%s):\n got %s\nwant %s", tc.in, got, tc.want)
		}
	}
}

func TestStrictVariantRefusals(t *testing.T) {
	schema := `{
  "type": "object",
  "properties": {
    "a": {"allOf": [{"type": "string"}]},
    "m": {"type": "object", "additionalProperties": {"type": "string"}},
    "x": {},
    "arr": {"type": "array"},
    "o": {"oneOf": [{"type": "string"}, {"type": "integer"}]},
    "b": true,
    "n": {"type": "integer", "not": {"const": 3}}
  },
  "if": {"required": ["a"]}, "then": {"required": ["x"]}
}`
	_, err := StrictVariant([]byte(schema))
	var se *StrictError
	if !errors.As(err, &se) {
		t.Fatalf("err = %v, want a *StrictError", err)
	}
	want := map[string]string{
		"/properties/a/allOf":                "strict mode rejects \"allOf\"",
		"/properties/m/additionalProperties": "a schema for free-form keys (a map)",
		"/properties/x":                      "has no \"type\"",
		"/properties/arr":                    "needs \"items\" on every array",
		"/properties/o/oneOf":                "use \"anyOf\"",
		"/properties/b":                      "no true/false schemas",
		"/properties/n/not":                  "strict mode rejects \"not\"",
		"/if":                                "strict mode rejects \"if\"",
		"/then":                              "strict mode rejects \"then\"",
	}
	for _, p := range se.Problems {
		w, ok := want[p.Pointer]
		if !ok || !strings.Contains(p.Message, w) {
			t.Errorf("unexpected problem %s: %s", p.Pointer, p.Message)
			continue
		}
		delete(want, p.Pointer)
	}
	for ptr, msg := range want {
		t.Errorf("missing problem at %s (%s)", ptr, msg)
	}
	if !strings.Contains(err.Error(), "\n\t/properties/arr: strict mode needs \"items\"") {
		t.Errorf("Error() = %s", err)
	}

	for _, tc := range []struct{ in, want string }{
		{`[]`, "must be a JSON object"},
		{`{"type": "object",}`, "not valid JSON"},
		{`{"type": "object"} {}`, "not valid JSON"},
		{`{"type": "object", "type": "object"}`, "not valid JSON"},
		{`{"type": "array", "items": {"type": "string"}}`, `the root "type" is "array"`},
		{`{"type": "object", "anyOf": [{"type": "object"}]}`, `rejects "anyOf" at the root`},
		{`{"type": "object", "properties": {"p": {"$ref": "#/$defs/d", "anyOf": [{"type": "integer"}]}}, "$defs": {"d": {"type": "integer"}}}`, `also has "anyOf"`},
	} {
		if _, err := StrictVariant([]byte(tc.in)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("StrictVariant(%s) = %v, want an error containing %q", tc.in, err, tc.want)
		}
	}
}

// compile2020 compiles a schema with jsonschema, which first checks it
// against the draft 2020-12 meta-schema.
func compile2020(t *testing.T, schema []byte) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseLoader(nil)
	const loc = "https://toolgen.invalid/strict.schema.json"
	if err := c.AddResource(loc, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(loc)
	if err != nil {
		t.Fatalf("the variant does not compile against 2020-12: %v\n%s", err, schema)
	}
	return sch
}

// strictLintErrors returns the openai-strict errors for a schema.
func strictLintErrors(t *testing.T, schema []byte) Diagnostics {
	t.Helper()
	var errs Diagnostics
	for _, d := range LintProvider(parseSchema(t, string(schema)), ProviderOpenAIStrict) {
		if d.Severity == Error {
			errs = append(errs, d)
		}
	}
	return errs
}

func TestStrictVariantIsStrictAndValid(t *testing.T) {
	variant, err := StrictVariant([]byte(weatherSchema))
	if err != nil {
		t.Fatal(err)
	}
	if errs := strictLintErrors(t, []byte(weatherSchema)); len(errs) == 0 {
		t.Error("the original passes openai-strict; the test schema should not")
	}
	if errs := strictLintErrors(t, variant); len(errs) > 0 {
		t.Errorf("the variant fails openai-strict: %v", errs)
	}
	orig, strict := compile2020(t, []byte(weatherSchema)), compile2020(t, variant)

	valid := func(s *jsonschema.Schema, doc string) bool {
		v, err := jsonschema.UnmarshalJSON(strings.NewReader(doc))
		if err != nil {
			t.Fatal(err)
		}
		return s.Validate(v) == nil
	}
	// What a model following the variant sends for {"city": "Oslo"}: every
	// property, null where the original leaves it out.
	sparse := `{"city": "Oslo"}`
	full := `{"city": "Oslo", "unit": null, "when": null, "tags": null, "opts": null, "pick": null, "kind": null, "near": null, "maybe": null}`
	filled := `{"city": "Oslo", "unit": "F", "when": "2026-01-02", "tags": ["a"], "opts": {"x": 1.5}, "pick": 3, "kind": "x", "near": "2026-01-03", "maybe": 4}`
	for _, tc := range []struct {
		doc          string
		orig, strict bool
	}{
		{sparse, true, false}, // strict mode has no optional properties
		{full, false, true},   // the original has no nulls
		{filled, true, true},
		{`{"city": "Oslo", "unit": "K", "when": null, "tags": null, "opts": null, "pick": null, "kind": null, "near": null, "maybe": null}`, false, false},
		{`{"city": "Oslo", "unit": null, "when": null, "tags": null, "opts": {"x": null}, "pick": null, "kind": null, "near": null, "maybe": null}`, false, true},
		{`{"city": "Oslo", "unit": null, "when": null, "tags": null, "opts": {}, "pick": null, "kind": null, "near": null, "maybe": null}`, false, false},
		{strings.Replace(full, `"city": "Oslo"`, `"city": "Oslo", "extra": 1`, 1), false, false},
	} {
		if got := valid(orig, tc.doc); got != tc.orig {
			t.Errorf("original on %s: valid = %v, want %v", tc.doc, got, tc.orig)
		}
		if got := valid(strict, tc.doc); got != tc.strict {
			t.Errorf("variant on %s: valid = %v, want %v", tc.doc, got, tc.strict)
		}
	}
}

// TestStrictVariantSharedCatalogs makes the variant of every real tool: each
// either is refused with reasons or passes openai-strict and compiles
// against 2020-12.
func TestStrictVariantSharedCatalogs(t *testing.T) {
	for _, file := range sharedCatalogs {
		t.Run(file, func(t *testing.T) {
			c := loadShared(t, file)
			made, refused := 0, 0
			reasons := map[string]int{}
			for _, tool := range c.Tools {
				variant, err := StrictVariant(tool.InputSchema)
				if err != nil {
					var se *StrictError
					if !errors.As(err, &se) || len(se.Problems) == 0 {
						t.Errorf("%s: %v", tool.Name, err)
						continue
					}
					refused++
					for _, p := range se.Problems {
						reasons[p.Message]++
					}
					continue
				}
				made++
				if errs := strictLintErrors(t, variant); len(errs) > 0 {
					t.Errorf("%s: the variant fails openai-strict: %v", tool.Name, errs)
				}
				compile2020(t, variant)
			}
			t.Logf("%d variants made, %d refused", made, refused)
			for msg, n := range reasons {
				t.Logf("refused %d× %s", n, msg)
			}
			if made == 0 {
				t.Error("no variant could be made")
			}
		})
	}
}

// TestToolCarriesStrictVariant checks that a tool read from a file gives
// its strict variant, or says why there is none, exactly as the function
// StrictVariant does, for every format the reader takes, and the same the
// second time.
func TestToolCarriesStrictVariant(t *testing.T) {
	for _, c := range []struct{ file, src string }{
		{"mcp.json", `{"tools":[{"name":"ok","inputSchema":{"type":"object","properties":{"a":{"type":"string"}}}},{"name":"no","inputSchema":{"type":"object","properties":{"a":{"allOf":[{"type":"string"}]}}}}]}`},
		{"openai.json", `[{"type":"function","function":{"name":"ok","parameters":{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}}}]`},
		{"mcp.yaml", "tools:\n  - name: ok\n    inputSchema: {type: object, properties: {a: {type: string, default: x}}}\n"},
	} {
		cat, diags := Parse(c.file, []byte(c.src))
		if diags.HasErrors() {
			t.Fatalf("%s: %v", c.file, diags)
		}
		for _, tool := range cat.Tools {
			want, wantErr := StrictVariant(tool.InputSchema)
			for range 2 {
				got, err := tool.StrictVariant()
				if string(got) != string(want) || fmt.Sprint(err) != fmt.Sprint(wantErr) {
					t.Errorf("%s, tool %s: gives %s, %v; StrictVariant gives %s, %v", c.file, tool.Name, got, err, want, wantErr)
				}
				if (tool.Name == "ok") != (got != nil) {
					t.Errorf("%s, tool %s: variant %s, error %v", c.file, tool.Name, got, err)
				}
			}
		}
	}
}
