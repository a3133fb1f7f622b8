package gen_test

import (
	"strings"
	"testing"

	"github.com/toolgen/toolgen/gen"
)

// TestProducerMaps holds the maps producers write, with propertyNames
// (zod's z.record, pydantic's dict of a constrained or enum key) or one
// patternProperties pattern (TypeBox's Type.Record, pydantic's dict of a
// pattern key, invopop's map[int]string), to a Go map at every position
// of shapePositions: the member's Go type must be the case's, and every
// instance (names that break the pattern, the length or the enum, values
// of the wrong type) must get santhosh v6's verdict, as an argument and as
// a result. The maps no Go map holds stay json.RawMessage, with the note;
// those whose pattern leaves other names open are records (records_test.go).
func TestProducerMaps(t *testing.T) {
	runShapeCases(t, mapCases)
}

// checkRawWithNote checks that the member "v" of mt's tool is held as JSON
// text and that its doc comment says why.
func checkRawWithNote(t *testing.T, mt matrixTool) {
	t.Helper()
	data := `{"tools":[{"name":"` + mt.name + `","inputSchema":` + string(mt.schema) + `}]}`
	cat := loadCatalog(t, "maps.json", []byte(data))
	src, diags := gen.Generate(cat, gen.Options{Package: "maps", Source: "maps.json"})
	if diags.HasErrors() {
		t.Fatalf("generation refused: %v", diags)
	}
	for key, doc := range rawMessageFields(t, "maps", src) {
		if strings.HasSuffix(key, ".V") || strings.HasSuffix(key, ".Value") {
			if !strings.Contains(doc, gen.RawNoteMark) {
				t.Errorf("field %s is held as raw JSON without the note: %q", key, doc)
			}
			return
		}
	}
	t.Errorf("no member v held as raw JSON:\n%s", src)
}

// mapCases are the maps; goType "" marks one no Go map holds.
var mapCases = []shapeCase{
	{
		name:    "zod 4 z.record(z.string(), int)",
		schema:  `{"type":"object","propertyNames":{"type":"string"},"additionalProperties":{"type":"integer","minimum":0}}`,
		goType:  `map\[string\]int64`,
		valid:   []string{`{"a":1,"b":0}`, `{"a\nb":2}`},
		invalid: []string{`{"a":-1}`, `{"a":"1"}`, `{"a":1.5}`},
	},
	{
		name:    "zod 3 record with maxLength keys",
		schema:  `{"type":"object","additionalProperties":{"type":"string"},"propertyNames":{"maxLength":3}}`,
		goType:  `map\[string\]string`,
		valid:   []string{`{"abc":"x"}`, `{"äöü":"y"}`, `{"😀😀😀":"z"}`},
		invalid: []string{`{"abcd":"x"}`, `{"äöüß":"x"}`, `{"ab":1}`, `{"abcd":1}`},
	},
	{
		name:    "zod 4 record with pattern and minLength keys",
		schema:  `{"type":"object","propertyNames":{"type":"string","pattern":"^[A-Z]{2}$","minLength":2},"additionalProperties":{"type":"number"}}`,
		goType:  `map\[string\]float64`,
		valid:   []string{`{"DE":1.5,"FR":2}`},
		invalid: []string{`{"de":1}`, `{"DEU":1}`, `{"DE":"1"}`, `{"DE\n":1}`},
	},
	{
		name:    "zod 3 record with enum keys",
		schema:  `{"type":"object","additionalProperties":{"type":"integer"},"propertyNames":{"enum":["red","green","blue"]}}`,
		goType:  `map\[T\]int64`,
		valid:   []string{`{"red":1,"blue":2}`},
		invalid: []string{`{"pink":1}`, `{"Red":1}`, `{"red":"1"}`},
	},
	{
		name:    "zod 4 exhaustive record (enum keys, all required)",
		schema:  `{"type":"object","propertyNames":{"type":"string","enum":["red","green"]},"additionalProperties":{"type":"integer"},"required":["red","green"]}`,
		goType:  `map\[T\]int64`,
		valid:   []string{`{"red":1,"green":2}`},
		invalid: []string{`{"red":1}`, `{"red":1,"green":2,"blue":3}`, `{"red":1,"green":true}`},
	},
	{
		name:    "pydantic dict[Color, int] (keys through $ref)",
		schema:  `{"type":"object","propertyNames":{"$ref":"#/$defs/Color"},"additionalProperties":{"type":"integer"}}`,
		goType:  `map\[T\]int64`,
		valid:   []string{`{"green":3}`},
		invalid: []string{`{"Green":3}`, `{"green":"3"}`},
	},
	{
		name:    "keys of one const and a format",
		schema:  `{"type":"object","propertyNames":{"const":"a@b.co","format":"email"},"additionalProperties":{"type":"boolean"}}`,
		goType:  `map\[string\]bool`,
		valid:   []string{`{"a@b.co":true}`},
		invalid: []string{`{"c@d.co":true}`, `{"nope":true}`, `{"a@b.co":1}`},
	},
	{
		name:    "pydantic dict[constr(pattern), str]",
		schema:  `{"type":"object","patternProperties":{"^[a-z]+$":{"type":"string","minLength":1}},"additionalProperties":false}`,
		goType:  `map\[string\]string`,
		valid:   []string{`{"abc":"x"}`},
		invalid: []string{`{"ABC":"x"}`, `{"abc":""}`, `{"a\nb":"x"}`},
	},
	{
		name:    "TypeBox Record(String, $ref object), closed",
		schema:  `{"type":"object","patternProperties":{"^(.*)$":{"$ref":"#/$defs/Address"}},"additionalProperties":false}`,
		goType:  `map\[string\]T`,
		valid:   []string{`{"home":{"street":"a"}}`, `{"":{"street":"b","city":"c"}}`},
		invalid: []string{`{"home":{}}`, `{"a\nb":{"street":"a"}}`, `{"a\u2028":{"street":"a"}}`, `{"home":{"street":""}}`},
	},
	{
		name:    "TypeBox Record(Integer, string), closed",
		schema:  `{"type":"object","patternProperties":{"^(0|[1-9][0-9]*)$":{"type":"string"}},"additionalProperties":false}`,
		goType:  `map\[string\]string`,
		valid:   []string{`{"0":"a","12":"b"}`},
		invalid: []string{`{"01":"a"}`, `{"-1":"a"}`, `{"1":1}`},
	},
	{
		name:    "invopop map[int]string",
		schema:  `{"type":"object","patternProperties":{"^[0-9]+$":{"type":"string"}},"additionalProperties":false}`,
		goType:  `map\[string\]string`,
		valid:   []string{`{"007":"a"}`},
		invalid: []string{`{"x":"a"}`, `{"1":null}`},
	},
	{
		name:    "a pattern and additionalProperties of one schema",
		schema:  `{"type":"object","patternProperties":{"^x":{"type":"integer"}},"additionalProperties":{"type":"integer"}}`,
		goType:  `map\[string\]int64`,
		valid:   []string{`{"x1":1,"y":2}`},
		invalid: []string{`{"y":"a"}`, `{"x":1.5}`},
	},
	{
		name:    "two patterns of different schemas",
		schema:  `{"type":"object","patternProperties":{"^s_":{"type":"string"},"^n_":{"type":"number"}},"additionalProperties":false}`,
		valid:   []string{`{"s_a":"x","n_b":1}`},
		invalid: []string{`{"s_a":1}`, `{"x":1}`},
	},
	{
		name:    "propertyNames of integers: no name passes",
		schema:  `{"type":"object","propertyNames":{"type":"integer"},"additionalProperties":{"type":"string"}}`,
		valid:   []string{`{}`},
		invalid: []string{`{"1":"a"}`},
	},
}
