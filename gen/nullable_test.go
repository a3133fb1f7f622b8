package gen_test

import (
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen"
)

// TestOptionalNullableStruct generates code for optional members that are
// null or a value read in place (a struct, an enum with checks besides
// membership), which once came out as `} else x.P.Value.readJSON(r)` and
// did not parse.
func TestOptionalNullableStruct(t *testing.T) {
	for _, schema := range []string{
		`{"anyOf":[{"type":"null"},{"type":"object","properties":{"a":{"type":"string"}}}]}`,
		`{"anyOf":[{"type":"object","properties":{"a":{"type":"string"}}},{"type":"null"}]}`,
		`{"type":["object","null"],"properties":{"a":{"type":"string"}}}`,
		`{"anyOf":[{"type":"null"},{"type":"string","enum":["a","b"],"maxLength":1}]}`,
	} {
		data := `{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{"p":` + schema + `}}}]}`
		cat, diags := catalog.Parse("nullable.json", []byte(data))
		if diags.HasErrors() {
			t.Fatalf("%s: %v", schema, diags)
		}
		if _, diags := gen.Generate(cat, gen.Options{Package: "x"}); diags.HasErrors() {
			t.Errorf("%s: %.300s", schema, diags.Error())
		}
	}
}
