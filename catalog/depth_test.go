package catalog

import (
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/schema"
)

// nestedSchema returns an input schema whose properties nest levels deep, in
// JSON or in YAML flow style (the same text, which YAML also reads).
func nestedSchema(levels int) string {
	return strings.Repeat(`{"type":"object","properties":{"n":`, levels) + `{"type":"integer"}` + strings.Repeat("}}", levels)
}

// TestSchemaDepthIsBounded checks that a catalog nested past the limit is
// refused with one error that says so, from the JSON and the YAML readers,
// whatever how far past it goes, and that one within it loads and lints.
func TestSchemaDepthIsBounded(t *testing.T) {
	// Each level of properties is two JSON levels; the catalog's shape and
	// the innermost schema add four.
	within := (MaxSchemaDepth - 2) / 2
	for _, file := range []string{"catalog.json", "catalog.yaml"} {
		for _, levels := range []int{within, within + 1, within + 5, 5_000, 200_000} {
			src := `{"tools":[{"name":"deep","description":"d","inputSchema":` + nestedSchema(levels) + `}]}`
			c, diags := Parse(file, []byte(src))
			if c != nil && !diags.HasErrors() {
				diags = diags.Merge(Lint(c, LintOptions{}))
			}
			if levels == within {
				if diags.HasErrors() {
					t.Errorf("%s, %d levels: refused within the limit: %v", file, levels, diags)
				}
				continue
			}
			if len(diags) != 1 || diags[0].Severity != Error {
				t.Fatalf("%s, %d levels: want one error, got %v", file, levels, diags)
			}
			d := diags[0]
			if !strings.Contains(d.Message, "nests deeper than") || d.Line != 1 || d.Col < 1 {
				t.Errorf("%s, %d levels: the error does not say where the schema is too deep: %v", file, levels, d)
			}
			if len(d.String()) > 1000 {
				t.Errorf("%s, %d levels: the error runs to %d bytes", file, levels, len(d.String()))
			}
		}
	}
}

// TestDeepestStopsPastTheLimit checks the measure the linter uses.
func TestDeepestStopsPastTheLimit(t *testing.T) {
	tests := []struct {
		v     string
		depth int
		ptr   string
	}{
		{`"x"`, 0, ""},
		{`{}`, 1, ""},
		{`[1, [{"a~/b": []}]]`, 4, "/1/0/a~0~1b"},
	}
	for _, tt := range tests {
		n, err := schema.Parse([]byte(tt.v), schema.ParseOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if depth, ptr := deepest(n, 10); depth != tt.depth || ptr != tt.ptr {
			t.Errorf("deepest(%s) = %d, %q; want %d, %q", tt.v, depth, ptr, tt.depth, tt.ptr)
		}
	}
	n, err := schema.Parse([]byte(strings.Repeat("[", 50)+"{}"+strings.Repeat("]", 50)), schema.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if depth, _ := deepest(n, 10); depth != 11 {
		t.Errorf("deepest stopped at %d, want the first level past the limit, 11", depth)
	}
}
