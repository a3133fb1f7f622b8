package catalog

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/schema"
)

// TestMetaCheckCostOfRealCatalogs holds the allowance's premise: the schemas
// of the real catalogs beside the project cost a small part of the base
// allowance each, and their catalogs a small part of what their bytes allow.
func TestMetaCheckCostOfRealCatalogs(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "shared", "testdata", "catalogs", "*.tools.json"))
	if len(files) == 0 {
		t.Skip("the real catalogs are not available; they live in ../shared/testdata beside the project")
	}
	for _, file := range files {
		c, diags := Load(file)
		if c == nil || diags.HasErrors() {
			continue // not this test's business
		}
		var total int64
		bytes := 0
		for _, tool := range c.Tools {
			for _, raw := range [][]byte{tool.InputSchema, tool.OutputSchema} {
				tree, err := schema.Parse(raw, schema.ParseOptions{OnDuplicate: func(schema.Duplicate) {}})
				if raw == nil || err != nil {
					continue
				}
				if _, err := schema.NewRegistry(nil).AddTree("https://toolgen.invalid/s.json", tree); err != nil {
					continue
				}
				steps, _, _ := metaCheckCost(tree)
				if steps > 50_000 {
					t.Errorf("%s: tool %s costs %d steps, more than the 50,000 metacheck.go says real schemas stay under", filepath.Base(file), tool.Name, steps)
				}
				total += steps
				bytes += len(raw)
			}
		}
		if perByte := float64(total) / float64(bytes); perByte > metaCheckPerByte/10 {
			t.Errorf("%s: %.1f steps per byte, more than a tenth of the %d the allowance gives", filepath.Base(file), perByte, metaCheckPerByte)
		}
	}
}

// wideCatalog is a catalog of one tool whose arguments have n properties.
func wideCatalog(n int) string {
	return `{"tools":[{"name":"t","description":"x","inputSchema":{"type":"object","properties":{` +
		strings.Join(numbered(n, `"p%d":{"type":"string"}`), ",") + `}}}]}`
}

// itemsCatalog is a catalog of one tool whose one property nests arrays n deep.
func itemsCatalog(n int) string {
	return `{"tools":[{"name":"t","description":"x","inputSchema":{"type":"object","properties":{"p":` +
		strings.Repeat(`{"type":"array","items":`, n) + `{}` + strings.Repeat(`}`, n) + `}}}]}`
}

// fanOutCatalog is a catalog of a tool whose schema, of n properties, has an
// "$id", and of n/10 tools that refer to it, which the check loads for
// each of them.
func fanOutCatalog(n int) string {
	return `{"tools":[{"name":"big","description":"x","inputSchema":{"$id":"https://example.com/big.json","type":"object","properties":{` +
		strings.Join(numbered(n, `"p%d":{"type":"string"}`), ",") + `}}},` +
		strings.Join(numbered(n/10, `{"name":"t%d","description":"x","inputSchema":{"type":"object","properties":{"b":{"$ref":"https://example.com/big.json"}}}}`), ",") + `]}`
}

func numbered(n int, format string) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf(format, i)
	}
	return out
}

// lintAllocated lints the catalog src and returns its diagnostics and the
// bytes Lint allocated.
func lintAllocated(t *testing.T, src string) (Diagnostics, uint64) {
	t.Helper()
	c, diags := Parse("catalog.json", []byte(src))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	diags = Lint(c, LintOptions{})
	runtime.ReadMemStats(&after)
	return diags, after.TotalAlloc - before.TotalAlloc
}

// refusedByAllowance returns the errors that refuse a schema for the cost
// of its meta-schema check.
func refusedByAllowance(diags Diagnostics) []Diagnostic {
	var out []Diagnostic
	for _, d := range diags {
		if d.Severity == Error && strings.Contains(d.Message, "against its meta-schema would take time") {
			out = append(out, d)
		}
	}
	return out
}

// TestMetaCheckRefusedBeforeItRuns checks that a schema whose check would
// cost more than the catalog's allowance is refused with an error at the
// schema, saying what to do, and that the check does not run first: when
// the shape doubles, what Lint allocates at most doubles, where the check
// would cost four times as much or more. With a tenth of the allowance's
// base: an object of 20,000 properties, then 40,000; 100 tools that refer
// to a schema of 1,000 properties, then 200 to one of 2,000 (the check
// loads it for each, within the allowance); arrays nested 1,000 deep,
// close to MaxSchemaDepth, refused with the whole base.
func TestMetaCheckRefusedBeforeItRuns(t *testing.T) {
	// The fan-out spends the allowance's base before it is refused: a
	// tenth of it tests the same in a tenth of the time.
	defer func(base int64) { metaCheckBase = base }(metaCheckBase)
	metaCheckBase /= 10
	for name, shape := range map[string]func(int) string{"wide": wideCatalog, "fan-out": fanOutCatalog} {
		t.Run(name, func(t *testing.T) {
			n := map[string]int{"wide": 20_000, "fan-out": 1_000}[name]
			small, smallAlloc := lintAllocated(t, shape(n))
			large, largeAlloc := lintAllocated(t, shape(2*n))
			for _, diags := range []Diagnostics{small, large} {
				refused := refusedByAllowance(diags)
				if len(refused) == 0 {
					t.Fatalf("not refused: %.500v", diags)
				}
				if d := refused[0]; d.Line < 1 || !strings.Contains(d.Message, "split the schema across tools") || !strings.HasSuffix(d.Pointer, "/inputSchema") {
					t.Errorf("the error does not say where or what to do: %v", d)
				}
			}
			if r := float64(largeAlloc) / float64(smallAlloc); r > 2.2 {
				t.Errorf("Lint allocates x%.2f when the shape doubles (%d to %d bytes): the check ran past the allowance", r, smallAlloc, largeAlloc)
			}
		})
	}
	t.Run("deep", func(t *testing.T) {
		metaCheckBase *= 10
		defer func() { metaCheckBase /= 10 }()
		diags, _ := lintAllocated(t, itemsCatalog(1000))
		if len(refusedByAllowance(diags)) != 1 {
			t.Errorf("not refused once: %.500v", diags)
		}
	})
}

// TestMetaCheckEstimateBoundsIt holds the estimate to what the check
// costs: on shapes it accepts, at several sizes, Lint allocates at most 16
// bytes per estimated step besides a share of the catalog's size, so that
// the allowance bounds memory as well as time.
func TestMetaCheckEstimateBoundsIt(t *testing.T) {
	for _, src := range []string{wideCatalog(2_000), wideCatalog(8_000), itemsCatalog(200), itemsCatalog(600),
		`{"tools":[{"name":"t","description":"x","inputSchema":` + nestedSchema((MaxSchemaDepth-2)/2) + `}]}`} {
		diags, alloc := lintAllocated(t, src)
		if diags.HasErrors() {
			t.Fatalf("refused: %.300v", diags)
		}
		c, _ := Parse("catalog.json", []byte(src))
		tree, _ := schema.Parse(c.Tools[0].InputSchema, schema.ParseOptions{})
		if _, err := schema.NewRegistry(nil).AddTree("https://toolgen.invalid/s.json", tree); err != nil {
			t.Fatal(err)
		}
		steps, subschemas, deepest := metaCheckCost(tree)
		if bound := 16*uint64(steps) + 400*uint64(len(src)); alloc > bound {
			t.Errorf("%d subschemas, %d levels deep: Lint allocated %d bytes, more than 16 per estimated step (%d) and 400 per catalog byte", subschemas, deepest, alloc, steps)
		}
	}
}

// TestMetaCheckAllowsWhatPeopleWrite checks shapes at sizes well past what
// real schemas reach, which the check must still accept: an object of
// 5,000 properties, arrays nested 400 deep, properties nested 511 deep (the
// most MaxSchemaDepth allows), a hundred tools that refer to one schema.
func TestMetaCheckAllowsWhatPeopleWrite(t *testing.T) {
	for name, src := range map[string]string{
		"wide":       wideCatalog(5_000),
		"items":      itemsCatalog(400),
		"properties": `{"tools":[{"name":"t","description":"x","inputSchema":` + nestedSchema((MaxSchemaDepth-2)/2) + `}]}`,
		"shared": `{"tools":[{"name":"big","description":"x","inputSchema":{"$id":"https://example.com/big.json","type":"object","properties":{` +
			strings.Join(numbered(100, `"p%d":{"type":"string"}`), ",") + `}}},` +
			strings.Join(numbered(100, `{"name":"t%d","description":"x","inputSchema":{"type":"object","properties":{"b":{"$ref":"https://example.com/big.json"}}}}`), ",") + `]}`,
	} {
		t.Run(name, func(t *testing.T) {
			c, diags := Parse("catalog.json", []byte(src))
			if !diags.HasErrors() {
				diags = diags.Merge(Lint(c, LintOptions{}))
			}
			if diags.HasErrors() {
				t.Errorf("refused: %.300v", diags)
			}
		})
	}
}
