package conformance

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// rootModule is the import path of toolgen's root module.
const rootModule = "github.com/toolgen/toolgen"

// adapterModules are the adapters this test must find beside it; a folder
// of ../ with a go.mod that is not listed fails the test too, so that a
// new adapter is checked from its first commit.
var adapterModules = []string{"anthropic", "conformance", "gemini", "mcp", "mcpgo", "openai"}

// TestAdaptersImportOnlyPublicPackages: an adapter is released apart from
// the root module, so it may import only what the root module promises to
// keep: no internal package (Go lets a nested module import one, since it
// shares the path prefix) and not runtime/toolgenimpl, which is stable for
// generated code only. Test files count too: they build in the adapter's
// module against whatever root module it requires.
func TestAdaptersImportOnlyPublicPackages(t *testing.T) {
	entries, err := os.ReadDir("..")
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, e := range entries {
		if _, err := os.Stat(filepath.Join("..", e.Name(), "go.mod")); err == nil {
			found = append(found, e.Name())
		}
	}
	if !slices.Equal(found, adapterModules) {
		t.Fatalf("adapter modules %v, want %v: list a new adapter in adapterModules", found, adapterModules)
	}
	for _, m := range found {
		files := 0
		err := filepath.WalkDir(filepath.Join("..", m), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
				return err
			}
			files++
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			for _, spec := range f.Imports {
				p, _ := strconv.Unquote(spec.Path.Value)
				if reason := forbidden(p); reason != "" {
					t.Errorf("%s imports %s: %s", path, p, reason)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if files == 0 {
			t.Errorf("adapter %s has no Go files", m)
		}
	}
}

// forbidden says why an adapter may not import path, or "".
func forbidden(path string) string {
	rest, ok := strings.CutPrefix(path, rootModule+"/")
	if !ok {
		return ""
	}
	if rest == "internal" || strings.HasPrefix(rest, "internal/") || strings.Contains(rest, "/internal/") || strings.HasSuffix(rest, "/internal") {
		return "an internal package of the root module, with no compatibility promise"
	}
	if rest == "runtime/toolgenimpl" {
		return "runtime/toolgenimpl is for generated code only"
	}
	return ""
}

// TestForbidden pins the rule on the paths it must and must not catch.
func TestForbidden(t *testing.T) {
	for path, bad := range map[string]bool{
		rootModule + "/internal/turn":             true,
		rootModule + "/internal":                  true,
		rootModule + "/runtime/internal/message":  true,
		rootModule + "/runtime/toolgenimpl":       true,
		rootModule + "/runtime":                   false,
		rootModule + "/adapters/mcp":              false,
		"github.com/other/internal/thing":         false,
		"github.com/toolgen/toolgenx/internal/a":  false,
		rootModule + "/runtime/internalfactories": false,
	} {
		if got := forbidden(path) != ""; got != bad {
			t.Errorf("forbidden(%q) = %v, want %v", path, got, bad)
		}
	}
}
