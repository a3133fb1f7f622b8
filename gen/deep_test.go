package gen_test

import (
	"fmt"
	"runtime"
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
			out := benchGenerate(b, cat)
			b.ReportMetric(float64(out)/float64(depth), "out-B/level")
		})
	}
}

// benchGenerate generates cat once per iteration, reporting the output's
// size as out-B, and returns it.
func benchGenerate(b *testing.B, cat *catalog.Catalog) int {
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
	return out
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

// A growthShape is a family of catalogs, one per size n, whose bytes grow
// linearly with n: what toolgen generates from them, and what generating
// costs, must grow linearly too (docs/SECURITY.md, "Bounded work").
type growthShape struct {
	name    string
	n       int // the smaller size measured; the test doubles it
	catalog func(n int) string
}

// deepShape reports whether a shape nests as it grows, so that the JSON
// Pointers of its schemas, strings that every stage keeps, grow with it:
// their total length, bounded by catalog.MaxSchemaDepth, grows with the
// square of the depth, and so does what the meta-schema check costs
// (bounded by Lint's allowance; see catalog's TestMetaCheck tests).
func (s growthShape) deepShape() bool { return strings.HasPrefix(s.name, "deep ") }

// schemaCatalog is a catalog of one tool "t" with the given input schema.
func schemaCatalog(inputSchema string) string {
	return `{"tools":[{"name":"t","description":"x","inputSchema":` + inputSchema + `}]}`
}

// defsChain is an input schema whose property p refers to $defs D0, and each
// of D0..D(n-1) is def(next), next being the $ref to the one after; D(n) is last.
func defsChain(n int, def func(next string) string, last string) string {
	var b strings.Builder
	b.WriteString(`{"type":"object","properties":{"p":{"$ref":"#/$defs/D0"}},"$defs":{`)
	for i := range n {
		fmt.Fprintf(&b, `"D%d":%s,`, i, def(fmt.Sprintf(`{"$ref":"#/$defs/D%d"}`, i+1)))
	}
	fmt.Fprintf(&b, `"D%d":%s}}`, n, last)
	return schemaCatalog(b.String())
}

// nested is an input schema whose property p nests wrap n times around a string.
func nested(n int, wrap func(inner string) string) string {
	s := `{"type":"string","minLength":1}`
	for range n {
		s = wrap(s)
	}
	return schemaCatalog(`{"type":"object","properties":{"p":` + s + `}}`)
}

// fanIn is an input schema of n properties that all refer to one definition
// whose size grows with n too.
func fanIn(n int, def func(n int) string) string {
	var b strings.Builder
	b.WriteString(`{"type":"object","properties":{`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"p%d":{"$ref":"#/$defs/D"}`, i)
	}
	b.WriteString(`},"$defs":{"D":` + def(n) + `}}`)
	return schemaCatalog(b.String())
}

// list joins f(0)..f(n-1) with commas.
func list(n int, f func(i int) string) string {
	items := make([]string, n)
	for i := range items {
		items[i] = f(i)
	}
	return strings.Join(items, ",")
}

var growthShapes = []growthShape{
	// One definition reached by two paths from the one before: 2^n paths.
	{"anyOf fan-out", 6, func(n int) string {
		return defsChain(n, func(next string) string { return `{"anyOf":[` + next + `,` + next + `]}` }, `{"type":"object"}`)
	}},
	{"oneOf fan-out", 6, func(n int) string {
		return defsChain(n, func(next string) string { return `{"oneOf":[` + next + `,` + next + `]}` }, `{"type":"object"}`)
	}},
	{"allOf fan-out", 6, func(n int) string {
		return defsChain(n, func(next string) string { return `{"allOf":[` + next + `,` + next + `]}` }, `{"type":"object"}`)
	}},
	{"anyOf fan-out checked whole", 6, func(n int) string {
		return defsChain(n, func(next string) string { return `{"anyOf":[` + next + `,` + next + `],"not":{"type":"null"}}` }, `{"type":"object"}`)
	}},
	{"sealed fan-out", 6, func(n int) string {
		return defsChain(n, func(next string) string {
			return `{"anyOf":[{"type":"array","items":` + next + `},{"type":"object","additionalProperties":` + next + `}]}`
		}, `{"type":"string"}`)
	}},
	{"properties fan-out", 6, func(n int) string {
		return defsChain(n, func(next string) string {
			return `{"type":"object","properties":{"a":` + next + `,"b":` + next + `}}`
		}, `{"type":"string"}`)
	}},
	{"prefixItems fan-out", 6, func(n int) string {
		return defsChain(n, func(next string) string { return `{"type":"array","prefixItems":[` + next + `,` + next + `]}` }, `{"type":"string"}`)
	}},
	{"patternProperties fan-out", 6, func(n int) string {
		return defsChain(n, func(next string) string {
			return `{"type":"object","patternProperties":{"^a":` + next + `,"^b":` + next + `}}`
		}, `{"type":"string"}`)
	}},
	{"dependentSchemas fan-out", 6, func(n int) string {
		return defsChain(n, func(next string) string {
			return `{"type":"object","dependentSchemas":{"a":` + next + `,"b":` + next + `}}`
		}, `{"type":"object"}`)
	}},
	{"if-then-else fan-out", 6, func(n int) string {
		return defsChain(n, func(next string) string { return `{"if":` + next + `,"then":` + next + `,"else":` + next + `}` }, `{"type":"object"}`)
	}},
	{"unevaluatedProperties fan-out", 6, func(n int) string {
		return defsChain(n, func(next string) string { return `{"anyOf":[` + next + `,` + next + `],"unevaluatedProperties":false}` }, `{"type":"object"}`)
	}},
	{"contains fan-out", 6, func(n int) string {
		return defsChain(n, func(next string) string { return `{"type":"array","contains":` + next + `,"items":` + next + `}` }, `{"type":"string"}`)
	}},
	{"propertyNames fan-out", 6, func(n int) string {
		return defsChain(n, func(next string) string {
			return `{"anyOf":[{"type":"object","propertyNames":` + next + `},` + next + `]}`
		}, `{"type":"string"}`)
	}},
	// Chains of definitions, each shallow, together as deep as n.
	{"$ref chain of arrays", 150, func(n int) string {
		return defsChain(n, func(next string) string { return `{"type":"array","items":` + next + `}` }, `{"type":"string"}`)
	}},
	{"$ref chain of maps", 150, func(n int) string {
		return defsChain(n, func(next string) string { return `{"type":"object","additionalProperties":` + next + `}` }, `{"type":"string"}`)
	}},
	{"$ref chain of objects", 150, func(n int) string {
		return defsChain(n, func(next string) string { return `{"type":"object","properties":{"n":` + next + `}}` }, `{"type":"string"}`)
	}},
	{"$ref chain of unions", 150, func(n int) string {
		return defsChain(n, func(next string) string { return `{"anyOf":[` + next + `,{"type":"integer"}]}` }, `{"type":"object"}`)
	}},
	// n $dynamicRef sites, each in one of n resources with the anchor.
	{"$dynamicRef sites × anchors", 100, func(n int) string {
		props := list(n, func(i int) string { return fmt.Sprintf(`"p%d":{"$ref":"r%d.json"}`, i, i) })
		defs := list(n, func(i int) string {
			return fmt.Sprintf(`"R%d":{"$id":"r%d.json","$dynamicAnchor":"a","type":"object","properties":{"x":{"$dynamicRef":"#a"}}}`, i, i)
		})
		return schemaCatalog(`{"type":"object","properties":{` + props + `},"$defs":{` + defs + `}}`)
	}},
	// Wide schemas.
	{"wide object", 2000, func(n int) string {
		props := list(n, func(i int) string { return fmt.Sprintf(`"p%d":{"type":"string"}`, i) })
		required := list(n, func(i int) string { return fmt.Sprintf(`"p%d"`, i) })
		return schemaCatalog(`{"type":"object","properties":{` + props + `},"required":[` + required + `]}`)
	}},
	{"wide string enum", 2000, func(n int) string {
		return schemaCatalog(`{"type":"object","properties":{"p":{"type":"string","enum":[` + list(n, func(i int) string { return fmt.Sprintf(`"v%d"`, i) }) + `]}}}`)
	}},
	{"wide union", 300, func(n int) string {
		return schemaCatalog(`{"type":"object","properties":{"p":{"anyOf":[` + list(n, func(i int) string { return fmt.Sprintf(`{"type":"string","minLength":%d}`, i) }) + `]}}}`)
	}},
	{"many tools with $id", 300, func(n int) string {
		return `{"tools":[` + list(n, func(i int) string {
			return fmt.Sprintf(`{"name":"t%d","description":"x","inputSchema":{"$id":"https://example.com/t%d.json","type":"object","properties":{"a":{"$ref":"https://example.com/t0.json#/$defs/s"}},"$defs":{"s":{"type":"string"}}}}`, i, i)
		}) + `]}`
	}},
	{"unknown words", 1000, func(n int) string {
		return schemaCatalog(`{"type":"object","properties":{` + list(n, func(i int) string { return fmt.Sprintf(`"p%d":{"type":"string","wordy%d":1}`, i, i) }) + `}}`)
	}},
	{"distinct patterns", 1000, func(n int) string {
		return schemaCatalog(`{"type":"object","properties":{` + list(n, func(i int) string { return fmt.Sprintf(`"p%d":{"type":"string","pattern":"^a%db+$"}`, i, i) }) + `}}`)
	}},
	// At 2n the meta-schema check's pointers (two names) stay under the 64 KiB
	// past which fmt drops its buffers rather than reuse them: a step, not
	// growth, that would be measured as one.
	{"long names", 15000, func(n int) string {
		name := strings.Repeat("n", n)
		return schemaCatalog(`{"type":"object","properties":{"` + name + `":{"type":"object","properties":{"` + name + `":{"type":"array","items":{"enum":["` + name + `"]}}}}}}`)
	}},
	{"many tools", 300, func(n int) string {
		return `{"tools":[` + list(n, func(i int) string {
			return fmt.Sprintf(`{"name":"t%d","description":"x","inputSchema":{"type":"object","properties":{"a":{"type":"string"}}}}`, i)
		}) + `]}`
	}},
	// n references to one definition that grows with n.
	{"fan-in of an integer enum", 300, func(n int) string {
		return fanIn(n, func(n int) string {
			return `{"type":"integer","enum":[` + list(n, func(i int) string { return fmt.Sprint(i) }) + `]}`
		})
	}},
	{"fan-in of a union", 300, func(n int) string {
		return fanIn(n, func(n int) string {
			return `{"anyOf":[` + list(n, func(i int) string { return fmt.Sprintf(`{"type":"string","minLength":%d}`, i) }) + `]}`
		})
	}},
	{"fan-in of an array of a union", 300, func(n int) string {
		return fanIn(n, func(n int) string {
			return `{"type":"array","items":{"anyOf":[` + list(n, func(i int) string { return fmt.Sprintf(`{"type":"string","minLength":%d}`, i) }) + `]}}`
		})
	}},
	{"fan-in of a sealed union", 300, func(n int) string {
		return fanIn(n, func(n int) string {
			return `{"anyOf":[{"type":"string","enum":[` + list(n, func(i int) string { return fmt.Sprint(`"v`, i, `"`) }) + `]},{"type":"array","items":{"type":"integer","enum":[` + list(n, func(i int) string { return fmt.Sprint(i) }) + `]}}]}`
		})
	}},
	// The producers' shapes, wide and shared.
	{"wide untagged object union", 300, func(n int) string {
		return schemaCatalog(`{"type":"object","properties":{"p":{"anyOf":[` + list(n, func(i int) string {
			return fmt.Sprintf(`{"type":"object","properties":{"k%d":{"type":"string"}},"required":["k%d"],"additionalProperties":false}`, i, i)
		}) + `]}}}`)
	}},
	{"wide tagged union, tag with a default", 300, func(n int) string {
		return schemaCatalog(`{"type":"object","properties":{"p":{"oneOf":[` + list(n, func(i int) string {
			required := `,"required":["kind"]`
			if i == 0 {
				required = ""
			}
			return fmt.Sprintf(`{"type":"object","properties":{"kind":{"const":"k%d","default":"k%d"},"v%d":{"type":"integer"}}%s}`, i, i, i, required)
		}) + `]}}}`)
	}},
	{"wide allOf of objects", 300, func(n int) string {
		return schemaCatalog(`{"type":"object","properties":{"p":{"allOf":[` + list(n, func(i int) string {
			return fmt.Sprintf(`{"type":"object","properties":{"q%d":{"type":"string"}},"required":["q%d"]}`, i, i)
		}) + `]}}}`)
	}},
	{"wide map of enum names", 1000, func(n int) string {
		return schemaCatalog(`{"type":"object","properties":{"p":{"type":"object","propertyNames":{"enum":[` +
			list(n, func(i int) string { return fmt.Sprintf(`"n%d"`, i) }) + `]},"additionalProperties":{"type":"integer"}}}}`)
	}},
	{"wide mixed-kind enum", 1000, func(n int) string {
		return schemaCatalog(`{"type":"object","properties":{"p":{"enum":[` + list(n, func(i int) string { return fmt.Sprintf(`"v%d",%d`, i, i) }) + `]}}}`)
	}},
	{"fan-in of an object union", 300, func(n int) string {
		return fanIn(n, func(n int) string {
			return `{"anyOf":[` + list(n, func(i int) string {
				return fmt.Sprintf(`{"type":"object","properties":{"k%d":{"type":"string"}},"required":["k%d"]}`, i, i)
			}) + `]}`
		})
	}},
	{"fan-in of an allOf of objects", 300, func(n int) string {
		return fanIn(n, func(n int) string {
			return `{"allOf":[` + list(n, func(i int) string { return fmt.Sprintf(`{"type":"object","properties":{"q%d":{"type":"string"}}}`, i) }) + `]}`
		})
	}},
	// Deep nesting, within the catalog's depth limit.
	{"deep items", 150, func(n int) string {
		return nested(n, func(s string) string { return `{"type":"array","items":` + s + `}` })
	}},
	{"deep allOf", 150, func(n int) string { return nested(n, func(s string) string { return `{"allOf":[` + s + `]}` }) }},
	{"deep additionalProperties", 150, func(n int) string {
		return nested(n, func(s string) string { return `{"type":"object","additionalProperties":` + s + `}` })
	}},
	{"deep properties", 150, func(n int) string {
		return nested(n, func(s string) string { return `{"type":"object","properties":{"n":` + s + `}}` })
	}},
	{"deep nullable anyOf", 150, func(n int) string {
		return nested(n, func(s string) string { return `{"anyOf":[{"type":"array","items":` + s + `},{"type":"null"}]}` })
	}},
	{"deep oneOf", 150, func(n int) string {
		return nested(n, func(s string) string { return `{"oneOf":[{"type":"array","items":` + s + `},{"type":"integer"}]}` })
	}},
	{"deep not", 150, func(n int) string { return nested(n, func(s string) string { return `{"not":` + s + `}` }) }},
	{"deep if-then", 150, func(n int) string {
		return nested(n, func(s string) string { return `{"if":` + s + `,"then":` + s[:0] + `true}` })
	}},
	{"deep prefixItems", 150, func(n int) string {
		return nested(n, func(s string) string { return `{"type":"array","prefixItems":[` + s + `]}` })
	}},
}

// growth is what one catalog of a shape cost: the bytes of the catalog and
// of the generated file, and the bytes allocated by each stage.
type growth struct {
	catalog, output int
	load, lint, gen uint64
}

// measureGrowth loads, lints and generates the catalog text as the CLI does.
func measureGrowth(t testing.TB, text string) growth {
	g := growth{catalog: len(text)}
	allocated := func(f func()) uint64 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	var cat *catalog.Catalog
	var diags catalog.Diagnostics
	g.load = allocated(func() { cat, diags = catalog.Parse("catalog.json", []byte(text)) })
	if diags.HasErrors() {
		t.Fatalf("%v", diags)
	}
	g.lint = allocated(func() { diags = catalog.Lint(cat, catalog.LintOptions{}) })
	if diags.HasErrors() {
		t.Fatalf("%v", diags)
	}
	var src []byte
	g.gen = allocated(func() { src, diags = gen.Generate(cat, gen.Options{Package: "tools", Source: "catalog.json"}) })
	if diags.HasErrors() {
		t.Fatalf("%v", diags)
	}
	g.output = len(src)
	return g
}

// TestGenerateGrowsLinearly generates each shape at size n and 2n, through
// load, lint and generation as the CLI runs them, and checks that the
// generated file grows at most 2.2 times, and so do the bytes each stage
// allocates. For the shapes that nest as they grow, generation may allocate
// 2.6 times (the pointers of its schemas), and loading and lint are bounded
// by catalog.MaxSchemaDepth and Lint's allowance instead.
func TestGenerateGrowsLinearly(t *testing.T) {
	for _, s := range growthShapes {
		t.Run(s.name, func(t *testing.T) {
			small, large := measureGrowth(t, s.catalog(s.n)), measureGrowth(t, s.catalog(2*s.n))
			t.Logf("n=%d: catalog %d -> %d bytes, output %d -> %d bytes, allocated by load %d -> %d, lint %d -> %d, generation %d -> %d",
				s.n, small.catalog, large.catalog, small.output, large.output, small.load, large.load, small.lint, large.lint, small.gen, large.gen)
			if r := float64(large.catalog) / float64(small.catalog); r > 2.2 {
				t.Fatalf("the shape's catalog grows x%.2f from n to 2n; it must grow linearly", r)
			}
			if r := float64(large.output) / float64(small.output); r > 2.2 {
				t.Errorf("output grows x%.2f from n=%d to %d (%d to %d bytes)", r, s.n, 2*s.n, small.output, large.output)
			}
			stages := []struct {
				name         string
				small, large uint64
				bound        float64
			}{{"generation", small.gen, large.gen, 2.2}, {"loading", small.load, large.load, 2.2}, {"lint", small.lint, large.lint, 2.2}}
			if s.deepShape() {
				stages = stages[:1]
				stages[0].bound = 2.6
			}
			for _, stage := range stages {
				if r := float64(stage.large) / float64(stage.small); r > stage.bound {
					t.Errorf("%s allocates x%.2f from n=%d to %d (%d to %d bytes)", stage.name, r, s.n, 2*s.n, stage.small, stage.large)
				}
			}
		})
	}
}

// BenchmarkGenerateShape generates each shape at size n and 2n, from a
// catalog loaded and linted beforehand, reporting the output's bytes
// (out-B) beside the time and allocations, which must double at most too.
func BenchmarkGenerateShape(b *testing.B) {
	for _, s := range growthShapes {
		for _, n := range []int{s.n, 2 * s.n} {
			b.Run(fmt.Sprintf("%s/%d", strings.ReplaceAll(s.name, " ", "_"), n), func(b *testing.B) {
				cat, diags := catalog.Parse("catalog.json", []byte(s.catalog(n)))
				if !diags.HasErrors() {
					diags = catalog.Lint(cat, catalog.LintOptions{})
				}
				if diags.HasErrors() {
					b.Fatal(diags)
				}
				benchGenerate(b, cat)
			})
		}
	}
}
