package schema

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// instanceSamples are instances of each JSON type, enough for every sample
// schema below to fail some instance of the types it tests.
var instanceSamples = map[string][]string{
	"null":    {`null`},
	"boolean": {`true`, `false`},
	"number":  {`0`, `1`, `5.5`, `-1`},
	"string":  {`""`, `"a"`, `"xyz"`},
	"array":   {`[]`, `[1]`, `[1,1]`, `["a"]`},
	"object":  {`{}`, `{"a":1}`, `{"b":1}`, `{"a":1,"b":2}`},
}

// keywordSamples is, for each assertion and applicator, a schema using it
// that fails some instance of each type it tests.
var keywordSamples = map[string]string{
	"type": `{"type":"null"}`, "const": `{"const":1}`, "enum": `{"enum":[1]}`,
	"allOf": `{"allOf":[false]}`, "anyOf": `{"anyOf":[false]}`, "oneOf": `{"oneOf":[false]}`, "not": `{"not":true}`,
	"if": `{"if":true,"then":false}`, "then": `{"if":true,"then":false}`, "else": `{"if":false,"else":false}`,
	"$ref":        `{"$ref":"#/definitions/f","definitions":{"f":false}}`,
	"$dynamicRef": `{"$dynamicRef":"#/$defs/f","$defs":{"f":false}}`,

	"multipleOf": `{"multipleOf":7}`, "maximum": `{"maximum":-5}`, "exclusiveMaximum": `{"exclusiveMaximum":-5}`,
	"minimum": `{"minimum":100}`, "exclusiveMinimum": `{"exclusiveMinimum":100}`,

	"maxLength": `{"maxLength":0}`, "minLength": `{"minLength":5}`, "pattern": `{"pattern":"^z$"}`,

	"maxItems": `{"maxItems":0}`, "minItems": `{"minItems":5}`, "uniqueItems": `{"uniqueItems":true}`,
	"maxContains": `{"contains":true,"maxContains":0}`, "minContains": `{"contains":true,"minContains":3}`,
	"prefixItems": `{"prefixItems":[false]}`, "items": `{"items":false}`, "contains": `{"contains":false}`,
	"additionalItems": `{"items":[true],"additionalItems":false}`, "unevaluatedItems": `{"unevaluatedItems":false}`,

	"maxProperties": `{"maxProperties":0}`, "minProperties": `{"minProperties":5}`, "required": `{"required":["a"]}`,
	"dependentRequired": `{"dependentRequired":{"a":["c"]}}`, "dependentSchemas": `{"dependentSchemas":{"a":false}}`,
	"dependencies": `{"dependencies":{"a":false}}`, "properties": `{"properties":{"a":false}}`,
	"patternProperties": `{"patternProperties":{"a":false}}`, "additionalProperties": `{"additionalProperties":false}`,
	"propertyNames": `{"propertyNames":false}`, "unevaluatedProperties": `{"unevaluatedProperties":false}`,
}

// noSample are the assertions and applicators the oracle cannot show
// confined to a type: "format" asserts toolgen's number formats as well as
// string ones, and "$recursiveRef" needs a recursive schema to mean anything.
var noSample = []string{"format", "$recursiveRef"}

// TestInstanceColumn holds the keyword tables' Instance column to the
// specification, as the reference validator reads it: in every draft, a
// keyword with an instance type fails some instance of that type and
// passes every instance of the others, and an assertion or applicator of
// any instance is not confined to one type. Keywords that neither assert
// nor apply test no instance.
func TestInstanceColumn(t *testing.T) {
	drafts := map[*Dialect]*jsonschema.Draft{Draft202012: jsonschema.Draft2020, Draft201909: jsonschema.Draft2019, Draft07: jsonschema.Draft7}
	checked := 0
	for d, draft := range drafts {
		for _, k := range d.Keywords() {
			if k.Role != Assertion && k.Role != Applicator {
				if k.Instance != AnyInstance {
					t.Errorf("%s %s: a keyword that neither asserts nor applies has instance type %s", d.Name, k.Name, k.Instance)
				}
				continue
			}
			sample, ok := keywordSamples[k.Name]
			if !ok {
				if !slices.Contains(noSample, k.Name) || k.Instance != AnyInstance {
					t.Errorf("%s %s: no sample schema to check its instance type by", d.Name, k.Name)
				}
				continue
			}
			failing := failingTypes(t, draft, sample)
			checked++
			switch {
			case k.Instance != AnyInstance && !slices.Equal(failing, []string{k.Instance.String()}):
				t.Errorf("%s %s: instance type %s, but %s fails instances of %v", d.Name, k.Name, k.Instance, sample, failing)
			case k.Instance == AnyInstance && len(failing) == 1:
				t.Errorf("%s %s: instance type any, but %s fails only instances of %v; give the row the instance type %s", d.Name, k.Name, sample, failing, failing[0])
			}
		}
	}
	if checked < 100 {
		t.Fatalf("checked %d keywords of three drafts; there are more", checked)
	}
}

// failingTypes returns the JSON types, sorted, of which some instance
// fails the schema text under draft.
func failingTypes(t *testing.T, draft *jsonschema.Draft, text string) []string {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.DefaultDraft(draft)
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.AddResource("sample.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("sample.json")
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	var failing []string
	for typ, instances := range instanceSamples {
		for _, inst := range instances {
			v, err := jsonschema.UnmarshalJSON(bytes.NewReader(json.RawMessage(inst)))
			if err != nil {
				t.Fatal(err)
			}
			if sch.Validate(v) != nil {
				failing = append(failing, typ)
				break
			}
		}
	}
	slices.Sort(failing)
	return failing
}
