package gen_test

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen"
)

// TestAnnotationsReachToolTable: the hints and timeout of a tool reach the
// generated toolTable from every catalog shape toolgen reads, so that an
// idempotent tool of an OpenAI- or Anthropic-shaped catalog can be retried.
func TestAnnotationsReachToolTable(t *testing.T) {
	const hints = `"annotations":{"readOnlyHint":false,"destructiveHint":true,"openWorldHint":false},"idempotent":true,"timeout":"5s"`
	shapes := []struct{ name, file, text string }{
		{"mcp", "c.json", `{"tools":[{"name":"t","inputSchema":{"type":"object"},` + hints + `}]}`},
		{"mcp-array", "c.json", `[{"name":"t","inputSchema":{"type":"object"},` + hints + `}]`},
		{"openai-chat", "c.json", `[{"type":"function","function":{"name":"t","parameters":{"type":"object"},` + hints + `}}]`},
		{"openai-chat-outer", "c.json", `[{"type":"function","function":{"name":"t","parameters":{"type":"object"}},` + hints + `}]`},
		{"openai-responses", "c.json", `[{"type":"function","name":"t","parameters":{"type":"object"},` + hints + `}]`},
		{"anthropic", "c.json", `[{"name":"t","input_schema":{"type":"object"},` + hints + `}]`},
		{"yaml", "c.yaml", "- name: t\n  input_schema: {type: object}\n  annotations: {readOnlyHint: false, destructiveHint: true, openWorldHint: false}\n  idempotent: true\n  timeout: 5s\n"},
		{"folder", "", `{"name":"t","inputSchema":{"type":"object"},` + hints + `}`},
	}
	want := []*regexp.Regexp{
		regexp.MustCompile(`ReadOnly:\s+toolgenimpl\.HintFalse,`),
		regexp.MustCompile(`Destructive:\s+toolgenimpl\.HintTrue,`),
		regexp.MustCompile(`Idempotent:\s+toolgenimpl\.HintTrue,`),
		regexp.MustCompile(`OpenWorld:\s+toolgenimpl\.HintFalse,`),
		regexp.MustCompile(`Timeout:\s+5 \* time\.Second,`),
	}
	for _, s := range shapes {
		t.Run(s.name, func(t *testing.T) {
			var cat *catalog.Catalog
			var diags catalog.Diagnostics
			if s.file == "" {
				dir := t.TempDir()
				if err := os.WriteFile(filepath.Join(dir, "t.json"), []byte(s.text), 0o644); err != nil {
					t.Fatal(err)
				}
				cat, diags = catalog.Load(dir)
			} else {
				cat, diags = catalog.Parse(s.file, []byte(s.text))
			}
			if cat == nil || diags.HasErrors() {
				t.Fatalf("load: %v", diags)
			}
			if ds := catalog.Lint(cat, catalog.LintOptions{Strict: true}); len(ds) != 0 {
				t.Fatalf("lint: %v", ds)
			}
			src, diags := gen.Generate(cat, gen.Options{Package: "x"})
			if src == nil || diags.HasErrors() {
				t.Fatalf("generate: %v", diags)
			}
			for _, re := range want {
				if !re.Match(src) {
					t.Errorf("the tool table has no %s", re)
				}
			}
		})
	}
}
