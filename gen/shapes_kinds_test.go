package gen_test

import (
	"strings"
	"testing"

	"github.com/toolgen/toolgen/gen"
)

// TestProducerKindShapes is TestProducerShapes for the shapes that allow
// several kinds, or a single one, without an applicator: type arrays (zod
// 3's union of primitives), enums of mixed kinds (pydantic's
// Literal["auto", 0]), null alone (z.null()), an allOf of one string
// schema and a string with an anyOf of formats (zod 3's .ip()). Each is
// placed at every position of shapePositions; the member's Go type must
// be the case's and every verdict santhosh v6's.
func TestProducerKindShapes(t *testing.T) {
	runShapeCases(t, kindShapeCases)
}

var kindShapeCases = []shapeCase{
	{
		name:    `type ["string","number"]`,
		schema:  `{"type":["string","number"]}`,
		goType:  `T`,
		valid:   []string{`"a"`, `1`, `-2.5`, `""`},
		invalid: []string{`false`, `{"a":1}`},
	},
	{
		name:    `type ["integer","string","null"] with checks of each kind`,
		schema:  `{"type":["integer","string","null"],"minLength":2,"maximum":10}`,
		goType:  `T`,
		valid:   []string{`"ab"`, `10`, `-3`, `2.0`},
		invalid: []string{`"a"`, `11`, `2.5`, `false`},
	},
	{
		name:    `type ["boolean","number"]`,
		schema:  `{"type":["boolean","number"],"multipleOf":2}`,
		goType:  `T`,
		valid:   []string{`false`, `4`, `0`},
		invalid: []string{`3`, `"true"`},
	},
	{
		name:    `enum ["auto", 0] (pydantic Literal)`,
		schema:  `{"enum":["auto",0],"title":"Mixed"}`,
		goType:  `T`,
		valid:   []string{`"auto"`, `0`, `0.0`, `-0`},
		invalid: []string{`"Auto"`, `1`, `false`, `"0"`},
	},
	{
		name:    `type ["string","number"] with enum (zod 3)`,
		schema:  `{"type":["string","number"],"enum":["auto",0]}`,
		goType:  `T`,
		valid:   []string{`"auto"`, `0`},
		invalid: []string{`"none"`, `1`, `false`},
	},
	{
		name:    `enum of three kinds and null`,
		schema:  `{"enum":["a","b",1,2.5,true,null]}`,
		goType:  `T`,
		valid:   []string{`"a"`, `"b"`, `1`, `2.5`, `true`},
		invalid: []string{`"c"`, `2`, `false`},
	},
	{
		name:    `type ["string","integer"] with an enum missing a kind`,
		schema:  `{"type":["string","integer","boolean"],"enum":["x",3,1.5]}`,
		goType:  `T`,
		valid:   []string{`"x"`, `3`},
		invalid: []string{`1.5`, `"y"`, `true`},
	},
}

var scalarShapeCases = []shapeCase{
	{
		name:    `null only (zod z.null())`,
		schema:  `{"type":"null"}`,
		goType:  `runtime\.Null`,
		valid:   []string{`null`},
		invalid: []string{`0`, `false`, `"null"`, `{}`},
	},
	{
		name:    `null only, described`,
		schema:  `{"type":["null"],"description":"nothing"}`,
		goType:  `runtime\.Null`,
		valid:   []string{`null`},
		invalid: []string{`""`, `[null]`},
	},
	{
		name:    `allOf of two string schemas (zod 3 pipe)`,
		schema:  `{"allOf":[{"type":"string"},{"type":"string","minLength":2}],"description":"piped"}`,
		goType:  `string`,
		valid:   []string{`"ab"`, `"abc"`},
		invalid: []string{`"a"`, `""`, `2`},
	},
	{
		name:    `allOf of integer schemas with a type beside`,
		schema:  `{"type":"integer","allOf":[{"type":"integer","minimum":1},{"type":"integer","maximum":5,"multipleOf":2}]}`,
		goType:  `int64`,
		valid:   []string{`2`, `4`, `4.0`},
		invalid: []string{`0`, `6`, `3`, `2.5`},
	},
	{
		name:    `allOf of one string schema`,
		schema:  `{"allOf":[{"type":"string","pattern":"^a","maxLength":3}]}`,
		goType:  `string`,
		valid:   []string{`"a"`, `"abc"`},
		invalid: []string{`"b"`, `"abcd"`},
	},
	{
		name:    `string with anyOf of formats (zod 3 .ip())`,
		schema:  `{"type":"string","anyOf":[{"format":"ipv4"},{"format":"ipv6"}]}`,
		goType:  `string`,
		valid:   []string{`"127.0.0.1"`, `"::1"`, `"2001:db8::8a2e:370:7334"`},
		invalid: []string{`"localhost"`, `"256.1.1.1"`, `"::g"`, `7`},
	},
	{
		name:    `string with anyOf of formats, titled`,
		schema:  `{"type":"string","anyOf":[{"format":"email","title":"mail"},{"format":"uuid"}]}`,
		goType:  `string`,
		valid:   []string{`"a@b.example"`, `"123e4567-e89b-12d3-a456-426614174000"`},
		invalid: []string{`"ab"`, `"123e4567"`},
	},
}

// TestProducerScalarShapes: a schema of null alone is runtime.Null; an
// allOf of one scalar kind and an anyOf of formats are that scalar,
// checked in full.
func TestProducerScalarShapes(t *testing.T) {
	runShapeCases(t, scalarShapeCases)
}

// TestKindUnionWarnsOnce: a type array's checks are the schema's, read
// once however many kinds it has, so a warning on them is printed once.
func TestKindUnionWarnsOnce(t *testing.T) {
	data := `{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{"v":{"type":["string","number","boolean"],"format":"no-such-format"}}}}]}`
	cat := loadCatalog(t, "once.json", []byte(data))
	_, diags := gen.Generate(cat, gen.Options{Package: "once", Source: "once.json"})
	if diags.HasErrors() {
		t.Fatalf("generation refused: %v", diags)
	}
	n := 0
	for _, d := range diags {
		if strings.Contains(d.Message, "no-such-format") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d warnings name the unknown format, want 1: %v", n, diags)
	}
}
