package gen_test

import (
	"fmt"
	"go/ast"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestProducerObjects holds the object shapes producers write for unions
// and intersections (pydantic's discriminated unions with a default tag,
// zod's enum tags and .and(), TypeBox's Intersect, untagged unions of
// objects) to a Go type at each place TestProducerShapes puts a shape, and
// every instance, valid or a mutation of one (a missing tag with a default,
// a wrong tag, a value two alternatives of a oneOf match, a member of one
// intersection member that another closes out), to santhosh v6's verdict.
func TestProducerObjects(t *testing.T) {
	runShapeCases(t, objectCases)
}

// The alternatives the union cases share: Cat and Dog of shapeDefs beside
// a bird whose tag is optional with a default (pydantic's Literal tag with
// a default, zod's .default on the tag), written inline.
const (
	birdDefault = `{"type":"object","properties":{"kind":{"type":"string","const":"bird","default":"bird"},"wingspan":{"type":"number","minimum":0}},"required":["wingspan"]}`
	byEmail     = `{"type":"object","properties":{"email":{"type":"string","minLength":3},"verified":{"type":"boolean"}},"required":["email"]}`
	byPhone     = `{"type":"object","properties":{"email":{"type":"string","minLength":3},"phone":{"type":"string"}},"required":["phone"]}`
	personName  = `{"type":"object","properties":{"name":{"type":"string","minLength":1}},"required":["name"]}`
	personAge   = `{"type":"object","properties":{"age":{"type":"integer","minimum":0}},"required":["age"]}`
)

var objectCases = []shapeCase{
	{
		name:    "oneOf with an optional tag with a default (pydantic)",
		schema:  `{"oneOf":[{"$ref":"#/$defs/Cat"},{"$ref":"#/$defs/Dog"},` + birdDefault + `],"discriminator":{"propertyName":"kind","mapping":{"cat":"#/$defs/Cat","dog":"#/$defs/Dog"}}}`,
		goType:  `T`,
		valid:   []string{`{"kind":"cat","lives":3}`, `{"kind":"dog"}`, `{"wingspan":2}`, `{"kind":"bird","wingspan":0}`, `{"kind":"dog","wingspan":2}`},
		invalid: []string{`{"kind":"cow"}`, `{"kind":"bird"}`, `{"kind":"cat","lives":10}`, `{"wingspan":-1}`, `{"kind":1,"wingspan":2}`, `{"kind":null,"wingspan":2}`, `{"lives":3}`},
	},
	{
		name:    "anyOf with an optional tag with a default (TypeBox, zod 3)",
		schema:  `{"anyOf":[{"$ref":"#/$defs/Cat"},` + birdDefault + `]}`,
		goType:  `T`,
		valid:   []string{`{"kind":"cat"}`, `{"wingspan":2}`, `{"kind":"bird","wingspan":1,"lives":20}`, `{"kind":"cat","wingspan":-5}`},
		invalid: []string{`{"kind":"dog"}`, `{"kind":"bird"}`, `{"wingspan":"2"}`},
	},
	{
		name:    "oneOf with one-value enum tags (zod)",
		schema:  `{"oneOf":[{"type":"object","properties":{"shape":{"type":"string","enum":["circle"]},"radius":{"type":"number","exclusiveMinimum":0}},"required":["shape","radius"]},{"type":"object","properties":{"shape":{"enum":["square"]},"side":{"type":"number"}},"required":["shape","side"]}]}`,
		goType:  `T`,
		valid:   []string{`{"shape":"circle","radius":1}`, `{"shape":"square","side":0}`},
		invalid: []string{`{"shape":"circle","radius":0}`, `{"shape":"oval","radius":1}`, `{"radius":1}`, `{"shape":"square","radius":1}`},
	},
	{
		name:    "oneOf whose tag one alternative also allows null for",
		schema:  `{"oneOf":[{"type":"object","properties":{"kind":{"anyOf":[{"const":"cat"},{"type":"null"}]}},"required":["kind"]},{"$ref":"#/$defs/Dog"}]}`,
		goType:  `T`,
		valid:   []string{`{"kind":null}`, `{"kind":"cat"}`, `{"kind":"dog","good":true}`},
		invalid: []string{`{"kind":"cow"}`, `{}`, `{"kind":"dog","good":1}`},
	},
	{
		name:    "anyOf of objects without a tag",
		schema:  `{"anyOf":[` + byEmail + `,` + byPhone + `]}`,
		goType:  `T`,
		valid:   []string{`{"email":"a@b"}`, `{"phone":"1"}`, `{"email":"a@b","phone":"1"}`, `{"phone":"1","verified":"yes"}`},
		invalid: []string{`{"email":"a"}`, `{"email":"a","phone":"1"}`, `{"verified":true}`, `{"phone":1}`},
	},
	{
		name:    "oneOf of objects without a tag",
		schema:  `{"oneOf":[` + byEmail + `,` + byPhone + `]}`,
		goType:  `T`,
		valid:   []string{`{"email":"a@b"}`, `{"phone":"1"}`, `{"email":"a","phone":"1"}`},
		invalid: []string{`{"email":"a@b","phone":"1"}`, `{"email":"a"}`, `{"verified":true}`},
	},
	{
		name:    "oneOf of objects told apart only by required",
		schema:  `{"oneOf":[{"$ref":"#/$defs/Address"},{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false}]}`,
		goType:  `T`,
		valid:   []string{`{"street":"s"}`, `{"city":"c"}`, `{"street":"s","city":"c","x":1}`},
		invalid: []string{`{"street":"s","city":"c"}`, `{}`, `{"city":1}`},
	},
	{
		name:    "allOf of two objects (TypeBox Intersect, zod .and)",
		schema:  `{"allOf":[` + personName + `,` + personAge + `]}`,
		goType:  `T`,
		root:    true,
		valid:   []string{`{"name":"a","age":1}`, `{"name":"a","age":0,"x":[1]}`},
		invalid: []string{`{"name":"a"}`, `{"age":1}`, `{"name":"","age":1}`, `{"name":"a","age":-1}`, `{"name":"a","age":1.5}`},
	},
	{
		name:    "allOf of two objects closed by unevaluatedProperties",
		schema:  `{"allOf":[` + personName + `,` + personAge + `],"unevaluatedProperties":false}`,
		goType:  `T`,
		root:    true,
		valid:   []string{`{"name":"a","age":1}`},
		invalid: []string{`{"name":"a","age":1,"x":1}`, `{"name":"a"}`},
	},
	{
		name:    "allOf whose member closes out another's member with additionalProperties",
		schema:  `{"allOf":[{"type":"object","properties":{"name":{"type":"string"}},"additionalProperties":false},{"type":"object","properties":{"age":{"type":"integer"}}}]}`,
		goType:  `T`,
		root:    true,
		valid:   []string{`{"name":"a"}`, `{}`},
		invalid: []string{`{"name":"a","age":1}`, `{"age":1}`, `{"name":1}`},
	},
	{
		name:    "allOf of $refs and an inline object",
		schema:  `{"allOf":[{"$ref":"#/$defs/Address"},{"type":"object","properties":{"zip":{"type":"string","pattern":"^[0-9]{5}$"}},"required":["zip"]}],"description":"Where."}`,
		goType:  `T`,
		root:    true,
		valid:   []string{`{"street":"s","zip":"12345"}`},
		invalid: []string{`{"street":"s"}`, `{"zip":"12345"}`, `{"street":"s","zip":"1234"}`},
	},
	{
		name:    "allOf declaring one member twice, alike and not",
		schema:  `{"allOf":[{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"},"c":{}}},{"properties":{"a":{"type":"string"},"b":{"type":"string","maxLength":2},"c":{"type":"integer"}},"required":["a"]}]}`,
		goType:  `T`,
		root:    true,
		valid:   []string{`{"a":"x","b":"yy","c":3}`, `{"a":""}`},
		invalid: []string{`{"a":"x","b":"yyy"}`, `{"a":1}`, `{"a":"x","c":"3"}`, `{"b":"y"}`},
	},
}

// TestIntersectionMemberTypes holds the Go type of each member of a merged
// intersection: the type of the one schema declaring it, of the schema two
// parts agree on (the same, or one admitting anything), and JSON text where
// two parts declare it unlike; a member any part requires is required.
func TestIntersectionMemberTypes(t *testing.T) {
	schema := `{"type":"object","properties":{"v":{"allOf":[
		{"type":"object","properties":{"same":{"type":"string"},"unlike":{"type":"string"},"open":{},"only":{"type":"boolean"}}},
		{"type":"object","properties":{"same":{"type":"string"},"unlike":{"type":"string","maxLength":2},"open":{"type":"integer"}},"required":["same"]}
	]}},"required":["v"]}`
	fset, f, _ := generateOneTool(t, "merge", schema)
	got := map[string]string{}
	ast.Inspect(f, func(n ast.Node) bool {
		if field, ok := n.(*ast.Field); ok && field.Tag != nil {
			tag, _ := strconv.Unquote(field.Tag.Value)
			name, _, _ := strings.Cut(reflect.StructTag(tag).Get("json"), ",")
			got[name] = typeString(fset, field.Type)
		}
		return true
	})
	want := map[string]string{"v": "MergeV", "same": "string", "unlike": "json.RawMessage", "open": "*int64", "only": "*bool"}
	for name, typ := range want {
		if got[name] != typ {
			t.Errorf("member %q is %s, want %s", name, got[name], typ)
		}
	}
}

// TestRefBesideDefaultDraft07 holds a $ref with a default beside it, which
// draft-07 ignores (zod-to-json-schema's second use of a schema, as a $ref
// to where it was first used), to the referenced schema's Go type at each
// place, with santhosh's verdicts.
func TestRefBesideDefaultDraft07(t *testing.T) {
	const draft07 = `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object"`
	var tools []matrixTool
	for j, p := range shapePositions {
		schema := strings.Replace(p.place(`{"$ref":"#/$defs/Color","default":"red"}`), `{"type":"object"`, draft07, 1)
		mt := matrixTool{name: fmt.Sprintf("d%d", j), label: "$ref beside default under draft-07 at " + p.name, schema: []byte(schema)}
		for _, inst := range []string{`"red"`, `"blue"`, `"pink"`, `1`, `null`} {
			mt.instances = append(mt.instances, p.wrap(inst))
		}
		tools = append(tools, mt)
		t.Run(mt.label, func(t *testing.T) {
			if got, want := shapeFieldType(t, mt), p.goType(`T`); !regexp.MustCompile(`^(` + want + `)$`).MatchString(got) {
				t.Errorf("the member's Go type is %s, want %s\nschema: %s", got, want, schema)
			}
		})
	}
	if testing.Short() {
		return
	}
	checkMatrix(t, tools)
}
