package gen_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen"
)

// deepCatalog is a catalog of one tool whose arguments nest objects depth
// levels deep: {"n": {"n": ... {"n": "a string"}}}.
func deepCatalog(depth int) *catalog.Catalog {
	var b strings.Builder
	b.WriteString(strings.Repeat(`{"type":"object","properties":{"n":`, depth))
	b.WriteString(`{"type":"string"}`)
	b.WriteString(strings.Repeat(`}}`, depth))
	return toolCatalog(b.String())
}

// deepRefCatalog is deepCatalog with the nested objects under $defs, reached
// by a $ref from the arguments.
func deepRefCatalog(depth int) *catalog.Catalog {
	var b strings.Builder
	b.WriteString(`{"type":"object","properties":{"d":{"$ref":"#/$defs/deep"}},"$defs":{"deep":`)
	b.WriteString(strings.Repeat(`{"type":"object","properties":{"n":`, depth))
	b.WriteString(`{"type":"string"}`)
	b.WriteString(strings.Repeat(`}}`, depth))
	b.WriteString(`}}`)
	return toolCatalog(b.String())
}

// toolCatalog is a catalog of one tool with the given input schema, made
// without the catalog's reader: that refuses schemas nested past
// catalog.MaxSchemaDepth (about 500 levels of objects), and these measure
// the generator alone, far past it.
func toolCatalog(inputSchema string) *catalog.Catalog {
	return &catalog.Catalog{File: "catalog.json", Tools: []catalog.Tool{{
		File: "catalog.json", Name: "deep", InputSchema: []byte(inputSchema),
		Pointer: "/tools/0", SchemaPointer: "/tools/0/inputSchema",
	}}}
}

// BenchmarkGenerateDeep generates ever deeper catalogs. The catalog grows
// linearly with the depth, and so must the time, the allocations and the
// output (reported as bytes/op of output, out-B).
func BenchmarkGenerateDeep(b *testing.B) {
	for _, depth := range []int{500, 1000, 2000} {
		b.Run(fmt.Sprint(depth), func(b *testing.B) {
			cat := deepCatalog(depth)
			b.ReportAllocs()
			var out int
			for b.Loop() {
				src, diags := gen.Generate(cat, gen.Options{Package: "tools"})
				if diags.HasErrors() {
					b.Fatal(diags)
				}
				out = len(src)
			}
			b.ReportMetric(float64(out), "out-B")
			b.ReportMetric(float64(out)/float64(depth), "out-B/level")
		})
	}
}

// TestGenerateDeepIsLinear checks that the generated file grows linearly with
// the depth of nesting: names of nested types and the pointers comments show
// must not grow with it. Sizes are deterministic, so the bound is tight.
func TestGenerateDeepIsLinear(t *testing.T) {
	for name, catalog := range map[string]func(int) *catalog.Catalog{"properties": deepCatalog, "ref": deepRefCatalog} {
		t.Run(name, func(t *testing.T) { checkDeepIsLinear(t, catalog) })
	}
}

func checkDeepIsLinear(t *testing.T, catalog func(int) *catalog.Catalog) {
	perLevel := map[int]float64{}
	for _, depth := range []int{500, 2000} {
		src, diags := gen.Generate(catalog(depth), gen.Options{Package: "tools"})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		perLevel[depth] = float64(len(src)) / float64(depth)
		longest := ""
		for _, word := range strings.FieldsFunc(string(src), func(r rune) bool {
			return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '_' || r == '/' || r == '…')
		}) {
			if len(word) > len(longest) {
				longest = word
			}
		}
		if len(longest) > 160 {
			t.Errorf("depth %d: the file has a word of %d bytes: %.80s...", depth, len(longest), longest)
		}
	}
	if ratio := perLevel[2000] / perLevel[500]; ratio > 1.1 {
		t.Errorf("output per level grows with depth: %.0f bytes per level at 500, %.0f at 2000 (x%.2f)", perLevel[500], perLevel[2000], ratio)
	}
}
