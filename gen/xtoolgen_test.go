package gen_test

import (
	"fmt"
	"go/types"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen"
)

// TestGoNamePositions puts an x-toolgen goName at every kind of position in
// a schema: where a goName names something, the generated file uses it and
// nothing is said; everywhere else the catalog is told that it is ignored,
// at the goName's pointer.
func TestGoNamePositions(t *testing.T) {
	gn := func(name string) string { return fmt.Sprintf(`"x-toolgen": {"goName": %q}`, name) }
	tests := []struct {
		name     string
		schema   string // the tool's input schema
		declared string // a name the file must declare, when honoured
		ignored  string // the pointer of the ignored goName, when not
	}{
		{"property", `{"type":"object","properties":{"a":{"type":"string",` + gn("Alpha") + `}}}`, "", ""},
		{"inline alternative", `{"type":"object","properties":{"a":{"anyOf":[{"type":"object","properties":{"x":{"type":"string"}},"required":["x"],` + gn("XShape") + `},{"type":"object","properties":{"y":{"type":"string"}},"required":["y"]}]}}}`, "XShape", ""},
		{"scalar alternative", `{"type":"object","properties":{"a":{"anyOf":[{"type":"string",` + gn("Word") + `},{"type":"integer"}]}}}`, "Word", ""},
		{"defs", `{"type":"object","properties":{"a":{"$ref":"#/$defs/addr"}},"$defs":{"addr":{"type":"object","properties":{"x":{"type":"string"}},` + gn("PostalAddress") + `}}}`, "PostalAddress", ""},
		{"root", `{"type":"object",` + gn("Root") + `,"properties":{}}`, "", "/x-toolgen/goName"},
		{"items", `{"type":"object","properties":{"a":{"type":"array","items":{"type":"string",` + gn("Item") + `}}}}`, "", "/properties/a/items/x-toolgen/goName"},
		{"additionalProperties", `{"type":"object","properties":{"a":{"type":"object","additionalProperties":{"type":"string",` + gn("Val") + `}}}}`, "", "/properties/a/additionalProperties/x-toolgen/goName"},
		{"ref alternative", `{"type":"object","properties":{"a":{"anyOf":[{"$ref":"#/$defs/s",` + gn("S") + `},{"type":"integer"}]}},"$defs":{"s":{"type":"string"}}}`, "", "/properties/a/anyOf/0/x-toolgen/goName"},
		{"checked whole", `{"type":"object","properties":{"a":{"not":{"type":"object","properties":{"b":{"type":"string",` + gn("B") + `}}}}}}`, "", "/properties/a/not/properties/b/x-toolgen/goName"},
		{"allOf member", `{"type":"object","properties":{"a":{"type":"object","allOf":[{"type":"object",` + gn("Part") + `}]}}}`, "", "/properties/a/allOf/0/x-toolgen/goName"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := []byte(`{"tools":[{"name":"t","inputSchema":` + tt.schema + `}]}`)
			src := mustGenerate(t, data, gen.Options{Package: "tools"})
			pkg := typeCheck(t, src)
			var ignored []string
			for _, d := range generateDiags(t, data) {
				if strings.Contains(d.Message, "goName") {
					ignored = append(ignored, d.Pointer)
					if d.Severity != catalog.Warning || !strings.Contains(d.Message, "is ignored") {
						t.Errorf("unexpected diagnostic: %v", d)
					}
				}
			}
			if tt.ignored == "" && len(ignored) > 0 {
				t.Errorf("an honoured goName was reported ignored at %v", ignored)
			}
			if want := "/tools/0/inputSchema" + tt.ignored; tt.ignored != "" && (len(ignored) != 1 || ignored[0] != want) {
				t.Errorf("ignored goName reported at %v, want %s", ignored, want)
			}
			if tt.declared != "" && pkg.Scope().Lookup(tt.declared) == nil {
				t.Errorf("%s is not declared", tt.declared)
			}
		})
	}
}

// generateDiags returns the diagnostics of a catalog that generates.
func generateDiags(t *testing.T, data []byte) catalog.Diagnostics {
	t.Helper()
	_, diags := generate("catalog.json", data, gen.Options{Package: "tools"})
	return diags
}

// TestSettingsReadEverywhere: a malformed x-toolgen is an error wherever it
// stands, not only where a goName would be read.
func TestSettingsReadEverywhere(t *testing.T) {
	for _, at := range []string{
		`{"type":"array","items":{"type":"string","x-toolgen":{"goNmae":"Item"}}}`,
		`{"not":{"type":"object","properties":{"b":{"type":"string","x-toolgen":{"goNmae":"B"}}}}}`,
		`{"type":"object","allOf":[{"x-toolgen":{"goNmae":"Part"}}]}`,
	} {
		data := []byte(`{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{"a":` + at + `}}}]}`)
		diags := generateDiags(t, data)
		if !diags.HasErrors() || !strings.Contains(fmt.Sprint(diags), `unknown x-toolgen setting "goNmae"`) {
			t.Errorf("a misspelt setting in %s was not reported: %v", at, diags)
		}
	}
}

// TestSharedEnums: an enum whose schema is the same, however spelt, in
// several tools or properties is one Go type, named at its first use; enums
// that differ in anything stay apart.
func TestSharedEnums(t *testing.T) {
	data := []byte(`{"tools":[
		{"name":"place","inputSchema":{"type":"object","properties":{
			"currency":{"type":"string","enum":["EUR","USD"]},
			"fallback":{ "enum" : ["EUR", "USD"], "type" : "string" },
			"other":{"type":"string","enum":["USD","EUR"]},
			"described":{"type":"string","enum":["EUR","USD"],"description":"Another meaning."}}}},
		{"name":"refund","inputSchema":{"type":"object","properties":{
			"money":{"type":"object","properties":{"unit":{"enum":["EUR","USD"],"type":"string"}}}}}}
	]}`)
	pkg := typeCheck(t, mustGenerate(t, data, gen.Options{Package: "tools"}))
	fieldType := func(typeName, field string) string {
		obj := pkg.Scope().Lookup(typeName)
		if obj == nil {
			t.Fatalf("%s is not declared", typeName)
		}
		f, _, _ := types.LookupFieldOrMethod(obj.Type(), false, pkg, field)
		if f == nil {
			t.Fatalf("%s has no field %s", typeName, field)
		}
		return types.TypeString(f.Type(), types.RelativeTo(pkg))
	}
	for _, tc := range []struct{ typeName, field, want string }{
		{"PlaceArgs", "Currency", "*PlaceCurrency"},
		{"PlaceArgs", "Fallback", "*PlaceCurrency"},
		{"RefundMoney", "Unit", "*PlaceCurrency"},
		{"PlaceArgs", "Other", "*PlaceOther"},
		{"PlaceArgs", "Described", "*PlaceDescribed"},
	} {
		if got := fieldType(tc.typeName, tc.field); got != tc.want {
			t.Errorf("%s.%s is %s, want %s", tc.typeName, tc.field, got, tc.want)
		}
	}
	for _, name := range []string{"PlaceFallback", "RefundMoneyUnit"} {
		if pkg.Scope().Lookup(name) != nil {
			t.Errorf("%s is declared: the same enum got a second type", name)
		}
	}
}
