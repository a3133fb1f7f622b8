package gen_test

import "testing"

// refSiblingCases are a $ref with its target's own type written beside it,
// as pydantic and Go reflectors write it: typed as the target wherever it
// stands. A type beside it that does restrict (an object's $ref beside
// "type": "string") stays JSON text, checked whole.
var refSiblingCases = []shapeCase{
	{name: "object $ref beside type object", schema: `{"$ref":"#/$defs/Address","type":"object","description":"where it goes"}`, goType: "T",
		valid: []string{`{"street":"a"}`, `{"street":"a","city":"b"}`}, invalid: []string{`{}`, `{"street":""}`, `{"street":1}`}},
	{name: "object $ref beside type object or null", schema: `{"$ref":"#/$defs/Address","type":["object","null"]}`, goType: "T",
		valid: []string{`{"street":"a"}`}, invalid: []string{`{"city":"b"}`}},
	{name: "enum $ref beside type string", schema: `{"$ref":"#/$defs/Color","type":"string","title":"Colour"}`, goType: "T",
		valid: []string{`"red"`, `"blue"`}, invalid: []string{`"pink"`, `""`}},
	{name: "object $ref beside type string", schema: `{"$ref":"#/$defs/Address","type":"string"}`, goType: "",
		invalid: []string{`{"street":"a"}`, `"a"`}},
	{name: "object $ref beside type array", schema: `{"$ref":"#/$defs/Cat","type":"array"}`, goType: "",
		invalid: []string{`{"kind":"cat"}`, `[]`}},
}

// TestRefBesideItsType checks refSiblingCases at every position, against
// santhosh v6. Before, every one of them was JSON text.
func TestRefBesideItsType(t *testing.T) {
	runShapeCases(t, refSiblingCases)
}
