package gen_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen"
)

// hugeNumbers are numbers whose exact value takes time or memory far past
// their few bytes (math/big.Rat computes 10^999999), or that big.Rat does
// not read at all (it gives up past an exponent of a million, and the
// meta-schema check then dereferences nil).
var hugeNumbers = []string{
	"1e-9999999", "1e9999999", "1e999999", "-1e-999999", "1E+10001", "1e99999999999999999999",
	"0." + strings.Repeat("0", 10_001) + "1", "1" + strings.Repeat("0", 10_001), "1." + strings.Repeat("3", 10_001),
}

// readableNumbers are numbers at or near the bounds, which must still be read.
var readableNumbers = []string{"1e400", "-1e-400", "1e10000", "1e-10000", "1." + strings.Repeat("3", 9_000)}

// numberPlaces puts a number N in a schema wherever a check reads numbers:
// the keywords that bound numbers, lengths and counts, a default (nested),
// enum, const, an example, and another tool's schema reached by "$id".
var numberPlaces = []struct{ name, schema, pointer string }{
	{"multipleOf", `{"type":"number","multipleOf":N}`, "/multipleOf"},
	{"integer minimum", `{"type":"integer","minimum":N}`, "/minimum"},
	{"integer maximum", `{"type":"integer","maximum":N}`, "/maximum"},
	{"exclusiveMinimum", `{"type":"number","exclusiveMinimum":N}`, "/exclusiveMinimum"},
	{"maxLength", `{"type":"string","maxLength":N}`, "/maxLength"},
	{"minItems", `{"type":"array","minItems":N}`, "/minItems"},
	{"default under minimum", `{"type":"number","minimum":0,"default":N}`, "/default"},
	{"default under multipleOf", `{"type":"number","multipleOf":2,"default":N}`, "/default"},
	{"nested default", `{"type":"object","properties":{"a":{"minimum":1}},"default":{"a":[N]}}`, "/default/a/0"},
	{"enum", `{"enum":[1,N],"default":1}`, "/enum/1"},
	{"const", `{"const":N}`, "/const"},
	{"examples", `{"type":"number","examples":[N]}`, "/examples/0"},
}

// TestHugeNumbersRefused runs each number in each place through Parse,
// Lint and Generate, as the command does (it generates a catalog Lint
// refused, to report every problem at once): Lint and Generate must both
// refuse it at the number, without a panic, and spend little memory; the
// numbers near the bounds must be read.
func TestHugeNumbersRefused(t *testing.T) {
	for _, place := range numberPlaces {
		for _, n := range append(hugeNumbers, readableNumbers...) {
			huge := !strings.Contains(strings.Join(readableNumbers, " "), n)
			t.Run(fmt.Sprintf("%s/%.12s", place.name, n), func(t *testing.T) {
				schema := strings.Replace(place.schema, "N", n, 1)
				text := `{"tools":[{"name":"t","description":"x","inputSchema":{"type":"object","properties":{"p":` + schema + `}}},` +
					`{"name":"u","description":"x","inputSchema":{"$id":"https://example.com/u.json","type":"object","properties":{"p":` + schema + `}}},` +
					`{"name":"v","description":"x","inputSchema":{"type":"object","properties":{"q":{"$ref":"https://example.com/u.json"}}}}]}`
				lintDiags, genDiags, alloc := lintAndGenerate(t, text)
				if !huge {
					for _, d := range append(lintDiags, genDiags...) {
						if d.Severity == catalog.Error && strings.Contains(d.Message, "past what toolgen reads exactly") {
							t.Errorf("refused a number within the bounds: %v", d)
						}
					}
					return
				}
				for stage, diags := range map[string]catalog.Diagnostics{"Lint": lintDiags, "Generate": genDiags} {
					for _, tool := range []string{"t", "u"} {
						want := fmt.Sprintf("/tools/%d/inputSchema/properties/p%s", map[string]int{"t": 0, "u": 1}[tool], place.pointer)
						if !hasError(diags, tool, want, "past what toolgen reads exactly") {
							t.Errorf("%s: no error for tool %q at %s; got %.600v", stage, tool, want, diags)
						}
					}
				}
				if limit := uint64(40*len(text)) + 8<<20; alloc > limit {
					t.Errorf("Lint and Generate allocated %d bytes for a catalog of %d, more than %d", alloc, len(text), limit)
				}
			})
		}
	}
}

// lintAndGenerate loads the catalog, then lints and generates it whatever
// Lint said, returning what each said and the bytes both allocated; a
// panic fails the test.
func lintAndGenerate(t *testing.T, text string) (lint, generate catalog.Diagnostics, alloc uint64) {
	t.Helper()
	cat, diags := catalog.Parse("catalog.json", []byte(text))
	if diags.HasErrors() {
		t.Fatalf("%.300v", diags)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	lint = catalog.Lint(cat, catalog.LintOptions{})
	_, generate = gen.Generate(cat, gen.Options{Package: "tools", Source: "catalog.json"})
	runtime.ReadMemStats(&after)
	return lint, generate, after.TotalAlloc - before.TotalAlloc
}

func hasError(diags catalog.Diagnostics, tool, pointer, text string) bool {
	for _, d := range diags {
		if d.Severity == catalog.Error && d.Tool == tool && d.Pointer == pointer && strings.Contains(d.Message, text) {
			return true
		}
	}
	return false
}
