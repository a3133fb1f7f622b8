package catalog

import (
	"os"
	"path/filepath"
	"testing"
)

// realCatalogs are real MCP servers' catalogs kept beside the project in
// ../shared/testdata (see its SOURCES.md); they are read in place.
var realCatalogs = []struct {
	file  string
	tools int
}{
	{"github-mcp-server.tools.json", 117},
	{"kubernetes-mcp-server.tools.json", 46},
}

// TestRealCatalogs loads and lints the real catalogs: every tool must load
// and nothing may be an error. Warnings are logged.
func TestRealCatalogs(t *testing.T) {
	for _, rc := range realCatalogs {
		t.Run(rc.file, func(t *testing.T) {
			path := filepath.Join("..", "..", "shared", "testdata", "catalogs", rc.file)
			if _, err := os.Stat(path); err != nil {
				t.Skipf("real catalog %s is not available (%v); it lives in ../shared/testdata beside the project", path, err)
			}
			c, diags := Load(path)
			if diags.HasErrors() {
				t.Fatalf("Load: %v", diags)
			}
			if c.Format != FormatMCP {
				t.Errorf("format = %q, want %q", c.Format, FormatMCP)
			}
			if len(c.Tools) != rc.tools {
				t.Errorf("%d tools, want %d", len(c.Tools), rc.tools)
			}
			lint := Lint(c, LintOptions{})
			for _, d := range lint {
				if d.Severity == Error {
					t.Errorf("lint error: %v", d)
				} else {
					t.Logf("lint warning: %v", d)
				}
			}
			for _, tool := range c.Tools {
				if line, col := c.Position(tool.SchemaPointer); line == 0 || col == 0 {
					t.Errorf("tool %s: no position for %s", tool.Name, tool.SchemaPointer)
				}
			}
		})
	}
}
