package gen_test

import (
	"strings"
	"testing"
)

// dialectCases are keyword schemas whose meaning differs between drafts:
// tuples, dependencies, words beside $ref, and words one draft has and
// another does not (which it ignores).
var dialectCases = []matrixCase{
	{"items", `{"type":"array","items":[{"type":"integer"},{"type":"string"}]}`, false, []string{`[1,"a"]`, `[1,2]`, `[1,"a",3]`}},
	{"additionalItems", `{"items":[{"type":"integer"}],"additionalItems":false}`, false, []string{`[1]`, `[1,2]`, `["a"]`}},
	{"additionalItems", `{"items":[{}],"additionalItems":{"type":"string"}}`, false, []string{`[1,"a"]`, `[1,2]`}},
	{"additionalItems", `{"items":{"type":"integer"},"additionalItems":false}`, false, []string{`[1,2]`}},
	{"dependencies", `{"dependencies":{"x":["y"]}}`, true, nil},
	{"dependencies", `{"type":"object","properties":{"x":{"type":"integer"}},"dependencies":{"x":{"required":["y"]}}}`, true, []string{`{"x":1,"y":0}`}},
	{"$ref", `{"$ref":"#/$defs/obj","required":["y"]}`, true, []string{`{"x":1,"y":2}`}},
	{"$ref", `{"type":"object","properties":{"x":{"$ref":"#/$defs/obj/properties/x","type":"string","default":"a"}}}`, true, nil},
	{"$ref", `{"$ref":"#/$defs/rtree"}`, true, []string{`{"kids":[{"kids":[]}]}`, `{"kids":[{"kids":1}]}`, `{"kids":[{"extra":1}]}`}},
	{"prefixItems", `{"prefixItems":[{"type":"string"}]}`, false, []string{`[1]`}},
	{"dependentRequired", `{"dependentRequired":{"x":["y"]}}`, true, nil},
	{"unevaluatedProperties", `{"type":"object","properties":{"a":{}},"unevaluatedProperties":false}`, true, nil},
	{"unevaluatedItems", `{"items":[{"type":"integer"}],"unevaluatedItems":false}`, false, []string{`[1]`, `[1,2]`}},
	{"$recursiveRef", `{"$recursiveRef":"#/$defs/obj"}`, true, nil},
}

// dialectDefs are further $defs for the dialectCases that name them: a
// tree through $recursiveRef, which only 2019-09 follows.
const dialectDefs = `"rtree": {"$id":"rtree.json","$recursiveAnchor":true,"type":"object","properties":{"kids":{"type":"array","items":{"$recursiveRef":"#"}}},"additionalProperties":false}`

// inDraft returns a rewriting of matrix schemas into the draft with the
// meta-schema uri: "$schema" added to the root, and for draft-07, whose
// core has no "$defs" and no "$anchor", the definitions moved to
// "definitions" and the anchor made a fragment "$id". Schemas that use
// $dynamicRef, which neither draft has, are left out.
func inDraft(uri string) func(string) (string, bool) {
	return func(schema string) (string, bool) {
		if !strings.HasPrefix(schema, "{") || strings.Contains(schema, `"$dynamicRef"`) {
			return "", false
		}
		if strings.Contains(schema, `#/$defs/rtree`) {
			// Only where used: every resource with "$recursiveAnchor" is a
			// candidate of every $recursiveRef in the catalog.
			schema = strings.Replace(schema, `"$defs":{`, `"$defs":{`+dialectDefs+",", 1)
			schema = strings.Replace(schema, `"$defs": {`, `"$defs": {`+dialectDefs+",", 1)
		}
		if strings.Contains(uri, "draft-07") {
			schema = strings.NewReplacer(`"$defs"`, `"definitions"`, `#/$defs/`, `#/definitions/`, `#/%24defs/`, `#/definitions/`, `"$anchor":"anchored"`, `"$id":"#anchored"`).Replace(schema)
		}
		return `{"$schema":"` + uri + `",` + strings.TrimPrefix(schema, "{"), true
	}
}

// TestDialectMatrix is the keyword matrix in draft-07 and 2019-09: the
// cases whose meaning differs between drafts, and every case of the 2020-12
// matrix, at every position, each verdict compared with santhosh v6's on
// the same schema, which reads the draft the schema names.
func TestDialectMatrix(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated code with the go command; skipped in -short mode")
	}
	for _, d := range []struct{ name, uri string }{
		{"draft-07", "http://json-schema.org/draft-07/schema#"},
		{"2019-09", "https://json-schema.org/draft/2019-09/schema"},
	} {
		t.Run(d.name, func(t *testing.T) {
			cases := append(append([]matrixCase(nil), dialectCases...), matrixCases...)
			checkMatrix(t, matrixTools(cases, inDraft(d.uri)))
		})
	}
}
