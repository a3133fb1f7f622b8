package gen_test

import (
	"slices"
	"testing"
)

// refObjectCases are a $ref with keywords beside it, as pydantic and Go
// reflectors write a member of a named struct. Beside a reference to an
// object, "type": "object" and annotations say nothing a value of the
// referenced type could fail, so the member is that type wherever it
// stands, as at a tool's root; a keyword that does constrain the value
// keeps it JSON text checked by the schema function.
var refObjectCases = []shapeCase{
	{
		name:    `$ref to an object beside "type": "object"`,
		schema:  `{"$ref":"#/$defs/Address","type":"object"}`,
		goType:  `T`,
		valid:   []string{`{"street":"Main 1"}`, `{"street":"a","city":"b"}`, `{"street":"a","zip":7}`},
		invalid: []string{`{"street":""}`, `{"city":"b"}`, `{"street":1}`, `{"street":"a","city":null}`},
		root:    true,
	},
	{
		name:    `$ref to an object beside "type": "object" and annotations`,
		schema:  `{"$ref":"#/$defs/Address","type":"object","title":"Addr","description":"Where to ship.","examples":[{"street":"x"}],"default":{"street":"y"}}`,
		goType:  `T`,
		valid:   []string{`{"street":"Main 1"}`},
		invalid: []string{`{"street":""}`, `{}`},
		root:    true,
	},
	{
		name:    `$ref to a string beside "type": "object"`,
		schema:  `{"$ref":"#/$defs/Color","type":"object"}`,
		invalid: []string{`"red"`, `{"street":"a"}`},
	},
	{
		name:    `$ref to an object beside a constraint`,
		schema:  `{"$ref":"#/$defs/Address","type":"object","minProperties":2}`,
		valid:   []string{`{"street":"a","city":"b"}`},
		invalid: []string{`{"street":"a"}`, `{"city":"b","x":1}`},
	},
}

func TestRefBesideObjectType(t *testing.T) {
	runShapeCases(t, refObjectCases)
}

func TestRefBesideObjectTypeAtToolRoot(t *testing.T) {
	cases := slices.DeleteFunc(slices.Clone(refObjectCases), func(c shapeCase) bool { return !c.root })
	runShapeCasesAt(t, cases, []shapePosition{shapePositions[1], toolRoot})
}

// TestRefBesideObjectTypeDrafts holds the same under draft-07, which
// ignores every keyword beside $ref, and 2019-09, which applies them.
func TestRefBesideObjectTypeDrafts(t *testing.T) {
	var tools []matrixTool
	for i, draft := range []string{"http://json-schema.org/draft-07/schema#", "https://json-schema.org/draft/2019-09/schema"} {
		schema := `{"$schema":"` + draft + `","type":"object","properties":{"v":{"$ref":"#/definitions/A","type":"object","description":"d"}},` +
			`"definitions":{"A":{"type":"object","properties":{"n":{"type":"integer","minimum":1}},"required":["n"]}}}`
		mt := matrixTool{name: "d" + string(rune('a'+i)), label: draft, schema: []byte(schema),
			instances: []string{`{"v":{"n":1}}`, `{"v":{"n":0}}`, `{"v":{}}`, `{"v":"x"}`, `{"v":null}`, `{"v":{"n":2,"m":[]}}`}}
		tools = append(tools, mt)
		if got := shapeFieldType(t, mt); got != "*T" {
			t.Errorf("%s: the member's Go type is %s, want *T", draft, got)
		}
	}
	checkMatrix(t, tools)
}
