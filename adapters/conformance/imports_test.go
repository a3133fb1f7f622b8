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
//
// This module alone may import the root module's test cases
// (internal/sensitivecases and the code generated for them): it holds
// tests only, is never released, and always builds against the root
// module beside it (its go.mod replaces it with ../..), so a change of
// those packages is a change of the same commit's tests. An adapter's own
// tests must go through its public API, here.
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
				if reason := forbidden(m, p); reason != "" {
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

// testCases is the root module's package of test cases, which
// testsOnlyModule may import, with the packages below it.
const (
	testCases       = "internal/sensitivecases"
	testsOnlyModule = "conformance"
)

// forbidden says why the module in folder module of adapters may not
// import path, or "".
func forbidden(module, path string) string {
	rest, ok := strings.CutPrefix(path, rootModule+"/")
	if !ok {
		return ""
	}
	if module == testsOnlyModule && (rest == testCases || strings.HasPrefix(rest, testCases+"/")) {
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

// TestForbidden pins the rule on the paths it must and must not catch, in
// an adapter's module and in this one.
func TestForbidden(t *testing.T) {
	for _, c := range []struct {
		module, path string
		bad          bool
	}{
		{"mcp", rootModule + "/internal/turn", true},
		{"mcp", rootModule + "/internal", true},
		{"mcp", rootModule + "/runtime/internal/message", true},
		{"mcp", rootModule + "/runtime/toolgenimpl", true},
		{"mcp", rootModule + "/internal/sensitivecases/secrettools", true},
		{"mcp", rootModule + "/internal/sensitivecases", true},
		{"mcp", rootModule + "/runtime", false},
		{"mcp", rootModule + "/adapters/mcp", false},
		{"mcp", "github.com/other/internal/thing", false},
		{"mcp", "github.com/toolgen/toolgenx/internal/a", false},
		{"mcp", rootModule + "/runtime/internalfactories", false},
		{"conformance", rootModule + "/internal/sensitivecases/secrettools", false},
		{"conformance", rootModule + "/internal/sensitivecases", false},
		{"conformance", rootModule + "/internal/sensitivecasesx", true},
		{"conformance", rootModule + "/internal/turn", true},
		{"conformance", rootModule + "/runtime/toolgenimpl", true},
	} {
		if got := forbidden(c.module, c.path) != ""; got != c.bad {
			t.Errorf("forbidden(%q, %q) = %v, want %v", c.module, c.path, got, c.bad)
		}
	}
}
