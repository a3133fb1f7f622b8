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
func deepCatalog(depth int) []byte {
	var b strings.Builder
	b.WriteString(`{"tools":[{"name":"deep","inputSchema":`)
	b.WriteString(strings.Repeat(`{"type":"object","properties":{"n":`, depth))
	b.WriteString(`{"type":"string"}`)
	b.WriteString(strings.Repeat(`}}`, depth))
	b.WriteString(`}]}`)
	return []byte(b.String())
}

// deepRefCatalog is deepCatalog with the nested objects under $defs, reached
// by a $ref from the arguments.
func deepRefCatalog(depth int) []byte {
	var b strings.Builder
	b.WriteString(`{"tools":[{"name":"deep","inputSchema":{"type":"object","properties":{"d":{"$ref":"#/$defs/deep"}},"$defs":{"deep":`)
	b.WriteString(strings.Repeat(`{"type":"object","properties":{"n":`, depth))
	b.WriteString(`{"type":"string"}`)
	b.WriteString(strings.Repeat(`}}`, depth))
	b.WriteString(`}}}]}`)
	return []byte(b.String())
}

// parsedCatalog loads a catalog that must load. Lint is left out: it checks
// each schema against its meta-schema with santhosh-tekuri/jsonschema, whose
// cost is its own; these measure generation.
func parsedCatalog(tb testing.TB, data []byte) *catalog.Catalog {
	tb.Helper()
	cat, diags := catalog.Parse("catalog.json", data)
	if cat == nil || diags.HasErrors() {
		tb.Fatal(diags)
	}
	return cat
}

// BenchmarkGenerateDeep generates ever deeper catalogs. The catalog grows
// linearly with the depth, and so must the time, the allocations and the
// output (reported as bytes/op of output, out-B).
func BenchmarkGenerateDeep(b *testing.B) {
	for _, depth := range []int{500, 1000, 2000} {
		b.Run(fmt.Sprint(depth), func(b *testing.B) {
			cat := parsedCatalog(b, deepCatalog(depth))
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
	for name, catalog := range map[string]func(int) []byte{"properties": deepCatalog, "ref": deepRefCatalog} {
		t.Run(name, func(t *testing.T) { checkDeepIsLinear(t, catalog) })
	}
}

func checkDeepIsLinear(t *testing.T, catalog func(int) []byte) {
	perLevel := map[int]float64{}
	for _, depth := range []int{500, 2000} {
		src, diags := gen.Generate(parsedCatalog(t, catalog(depth)), gen.Options{Package: "tools"})
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
