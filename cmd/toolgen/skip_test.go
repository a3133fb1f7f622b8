package main

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// skipCatalog has one tool that compiles, one that does not, and one that
// compiles only while the tool whose schema it refers to is there.
const skipCatalog = `{"tools": [
  {"name": "good", "description": "x", "inputSchema": {"type": "object", "properties": {"q": {"type": "string", "pattern": "^(?!x)"}}}},
  {"name": "bad", "description": "x", "inputSchema": {"type": "object", "properties": {"q": {"type": "string", "pattern": "(?i:a)b"}, "r": {"$ref": "#/$defs/none"}}}},
  {"name": "dep", "description": "x", "inputSchema": {"$id": "https://example.com/dep", "type": "object", "properties": {"w": {"type": "string", "pattern": "(a)\\1"}}}},
  {"name": "user", "description": "x", "inputSchema": {"type": "object", "properties": {"d": {"$ref": "https://example.com/dep"}}}}
]}`

func TestSkipUncompilable(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "catalog.json")
	must(t, os.WriteFile(path, []byte(skipCatalog), 0o644))
	out := filepath.Join(dir, "tools_gen.go")

	// Without the flag: every error, nothing written.
	var stderr bytes.Buffer
	if code := run([]string{"-pkg", "tools", "-o", out, path}, new(bytes.Buffer), &stderr); code != exitInvalid {
		t.Fatalf("without -skip-uncompilable: exit %d, want %d", code, exitInvalid)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatal("without -skip-uncompilable a file was written")
	}

	stderr.Reset()
	if code := run([]string{"-pkg", "tools", "-skip-uncompilable", "-o", out, path}, new(bytes.Buffer), &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	src, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if got := toolNames(t, src); !slices.Equal(got, []string{"good"}) {
		t.Errorf("the generated tools are %q, want only good", got)
	}
	report := stderr.String()
	for _, name := range []string{"bad", "dep", "user"} {
		if !strings.Contains(report, `tool "`+name+`" is left out of the generated code (-skip-uncompilable)`) {
			t.Errorf("no warning that %s was left out:\n%s", name, report)
		}
	}
	for _, problem := range []string{"the case-insensitive modifier (?i:...)", `"#/$defs/none" cannot be resolved`, `backreference \1`, `"https://example.com/dep" cannot be resolved`} {
		if !strings.Contains(report, "warning: left out: ") || !strings.Contains(report, problem) {
			t.Errorf("the problem %q is not reported as a warning:\n%s", problem, report)
		}
	}
	for line := range strings.Lines(report) {
		if strings.HasPrefix(line, path) && !strings.Contains(line, ": warning: ") {
			t.Errorf("an error is left: %s", line)
		}
	}
}

// TestSkipUncompilableKeepsCatalogErrors: an error that belongs to no tool
// still stops generation.
func TestSkipUncompilableKeepsCatalogErrors(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "catalog.json")
	must(t, os.WriteFile(path, []byte(`{"tools": [`), 0o644))
	out := filepath.Join(dir, "tools_gen.go")
	var stderr bytes.Buffer
	if code := run([]string{"-pkg", "tools", "-skip-uncompilable", "-o", out, path}, new(bytes.Buffer), &stderr); code != exitInvalid {
		t.Fatalf("exit %d, want %d: %s", code, exitInvalid, stderr.String())
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Error("a file was written for a catalog that does not load")
	}
}

func TestHelpNamesSkipUncompilable(t *testing.T) {
	var stdout bytes.Buffer
	if code := run([]string{"help"}, &stdout, new(bytes.Buffer)); code != exitOK || !strings.Contains(stdout.String(), "-skip-uncompilable") {
		t.Errorf("exit %d; toolgen help does not name -skip-uncompilable:\n%s", code, stdout.String())
	}
}

// toolNames returns the values of the ToolName constants of generated code.
func toolNames(t *testing.T, src []byte) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "tools_gen.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	ast.Inspect(f, func(n ast.Node) bool {
		if spec, ok := n.(*ast.ValueSpec); ok {
			if id, ok := spec.Type.(*ast.Ident); ok && id.Name == "ToolName" {
				for _, v := range spec.Values {
					if lit, ok := v.(*ast.BasicLit); ok {
						s, _ := strconv.Unquote(lit.Value)
						names = append(names, s)
					}
				}
			}
		}
		return true
	})
	return names
}
