package catalog

import (
	"fmt"
	"strings"
	"testing"
)

// discriminatorDefs are the alternatives the cases refer to.
const discriminatorDefs = `"Cat": {"type": "object", "properties": {"kind": {"const": "cat"}, "lives": {"type": "integer"}}, "required": ["kind"]},
	"Dog": {"type": "object", "properties": {"kind": {"enum": ["dog"]}}, "required": ["kind"]},
	"Bird": {"type": "object", "properties": {"kind": {"const": "bird", "default": "bird"}}},
	"Fish": {"type": "object", "properties": {"fins": {"type": "integer"}}},
	"Odd": {"type": "object", "properties": {"kind": {"type": "string"}}},
	"Twin": {"type": "object", "properties": {"kind": {"const": "cat"}}}`

// discriminatorCases are unions with a discriminator: want is "" for one
// that agrees with its alternatives, else what the warning must say.
var discriminatorCases = []struct {
	name, union, want string
}{
	{"refs and mapping", `"oneOf": [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Dog"}], "discriminator": {"propertyName": "kind", "mapping": {"cat": "#/$defs/Cat", "dog": "#/$defs/Dog"}}`, ""},
	{"optional tag (pydantic default)", `"oneOf": [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Bird"}], "discriminator": {"propertyName": "kind", "mapping": {"bird": "#/$defs/Bird", "cat": "#/$defs/Cat"}}`, ""},
	{"no mapping", `"oneOf": [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Dog"}], "discriminator": {"propertyName": "kind"}`, ""},
	{"mapping by schema name", `"anyOf": [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Dog"}], "discriminator": {"propertyName": "kind", "mapping": {"cat": "Cat"}}`, ""},
	{"inline alternatives", `"oneOf": [{"type": "object", "properties": {"t": {"const": "a"}}}, {"type": "object", "properties": {"t": {"const": "b"}}}], "discriminator": {"propertyName": "t"}`, ""},

	{"mapping to the wrong value", `"oneOf": [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Dog"}], "discriminator": {"propertyName": "kind", "mapping": {"dog": "#/$defs/Cat", "cat": "#/$defs/Dog"}}`,
		`mapping "dog" names #/$defs/Cat, whose "kind" is "cat"`},
	{"mapping to no alternative", `"oneOf": [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Dog"}], "discriminator": {"propertyName": "kind", "mapping": {"bird": "#/$defs/Bird"}}`,
		`mapping "bird" names "#/$defs/Bird", which is none of the alternatives of "oneOf"`},
	{"mapping not a string", `"oneOf": [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Dog"}], "discriminator": {"propertyName": "kind", "mapping": {"cat": 1}}`,
		`mapping "cat" is not a string`},
	{"other property name", `"oneOf": [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Dog"}], "discriminator": {"propertyName": "type"}`,
		`alternative 1 of "oneOf" (#/$defs/Cat) does not declare the property "type"`},
	{"alternative without the property", `"oneOf": [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Fish"}], "discriminator": {"propertyName": "kind"}`,
		`alternative 2 of "oneOf" (#/$defs/Fish) does not declare the property "kind"`},
	{"property without const", `"oneOf": [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Odd"}], "discriminator": {"propertyName": "kind"}`,
		`alternative 2 of "oneOf" (#/$defs/Odd) declares the property "kind" with no "const"`},
	{"the same value twice", `"oneOf": [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Twin"}], "discriminator": {"propertyName": "kind"}`,
		`alternative 2 of "oneOf" (#/$defs/Twin) gives "kind" the value "cat", as alternative 1 does`},
	{"no union", `"type": "object", "discriminator": {"propertyName": "kind"}`,
		`there is no "oneOf" or "anyOf" beside it`},
	{"no propertyName", `"oneOf": [{"$ref": "#/$defs/Cat"}], "discriminator": {"mapping": {}}`,
		`"discriminator" has no "propertyName" string`},
}

// discriminatorPositions place a union in a tool's input schema: %s is the
// union's members.
var discriminatorPositions = map[string]string{
	"property":           `"properties": {"pet": {%s}}`,
	"items":              `"properties": {"pets": {"type": "array", "items": {%s}}}`,
	"behind $ref":        `"properties": {"pet": {"$ref": "#/$defs/Pet"}}, "$defs": {"Pet": {%s}, ` + discriminatorDefs + `, "_": {`,
	"in an anyOf branch": `"properties": {"pet": {"anyOf": [{%s}, {"type": "null"}]}}`,
}

// TestDiscriminatorMatrix lints every case at every position: a
// discriminator that agrees is silent, one that disagrees is one warning
// of class discriminator at the keyword, saying where.
func TestDiscriminatorMatrix(t *testing.T) {
	for pos, tmpl := range discriminatorPositions {
		for _, tc := range discriminatorCases {
			body := fmt.Sprintf(tmpl, tc.union)
			defs := `, "$defs": {` + discriminatorDefs + `}`
			if strings.Contains(tmpl, "$defs") {
				defs = "}}" // closes "_" and "$defs"
			}
			src := `{"tools": [{"name": "t", "inputSchema": {"type": "object", ` + body + defs + `}}]}`
			c, diags := Parse("c.json", []byte(src))
			if diags.HasErrors() {
				t.Fatalf("%s, %s: %v\n%s", pos, tc.name, diags, src)
			}
			diags = Lint(c, LintOptions{})
			var got []Diagnostic
			for _, d := range diags {
				if d.Severity == Error {
					t.Errorf("%s, %s: %v\n%s", pos, tc.name, d, src)
				}
				if strings.Contains(d.Pointer, "discriminator") || d.Class == WarnDiscriminator {
					got = append(got, d)
				}
			}
			switch {
			case tc.want == "" && len(got) > 0:
				t.Errorf("%s, %s: a discriminator that agrees warns: %v", pos, tc.name, got)
			case tc.want != "" && (len(got) != 1 || got[0].Class != WarnDiscriminator || !strings.Contains(got[0].Message, tc.want) || !strings.HasSuffix(got[0].Pointer, "/discriminator")):
				t.Errorf("%s, %s: want one discriminator warning saying %q, got %v", pos, tc.name, tc.want, got)
			}
		}
	}
}

// TestDiscriminatorStrict checks that -strict still refuses the word,
// agreeing or not: strict allows only JSON Schema's keywords.
func TestDiscriminatorStrict(t *testing.T) {
	src := fmt.Sprintf(`{"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"pet": {%s}}, "$defs": {%s}}}]}`, discriminatorCases[0].union, discriminatorDefs)
	c, _ := Parse("c.json", []byte(src))
	diags := Lint(c, LintOptions{Strict: true})
	if !diags.HasErrors() || !strings.Contains(diags.Error(), `"discriminator" is a keyword of OpenAPI`) {
		t.Errorf("strict: %v", diags)
	}
}
