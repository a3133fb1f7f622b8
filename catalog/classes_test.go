package catalog

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestEveryWarningHasAClass checks the code of every package that reports
// diagnostics: no warning is built by Diagnostic(Warning, ...), which
// leaves its class empty, so that -quiet can reach every warning.
func TestEveryWarningHasAClass(t *testing.T) {
	var files []string
	for _, dir := range []string{".", "../gen", "../cmd/toolgen", "../templates", "../cmd/internal/replay"} {
		found, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		if len(found) == 0 {
			t.Fatalf("no Go files in %s: a package that moved must be named here where it is now", dir)
		}
		files = append(files, found...)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || name == "classes.go" { // where Warning is made
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			if fn, ok := call.Fun.(*ast.SelectorExpr); !ok || fn.Sel.Name != "Diagnostic" {
				return true
			}
			arg := call.Args[0]
			if sel, ok := arg.(*ast.SelectorExpr); ok {
				arg = sel.Sel
			}
			if id, ok := arg.(*ast.Ident); ok && id.Name == "Warning" {
				t.Errorf("%s: a warning built by Diagnostic has no class; call Warning(class, ...)", fset.Position(call.Pos()))
			}
			return true
		})
	}
	if len(files) < 20 {
		t.Fatalf("only %d files checked", len(files))
	}
}

func TestQuiet(t *testing.T) {
	ds := Diagnostics{
		{Severity: Error, Message: "e"},
		{Severity: Warning, Class: WarnUnknownFormat, Message: "f"},
		{Severity: Warning, Class: WarnUnreadMember, Message: "m"},
	}
	classes, err := ParseWarningClasses("unknown-format, unread-member")
	if err != nil {
		t.Fatal(err)
	}
	if got := ds.Quiet(classes); len(got) != 1 || got[0].Severity != Error {
		t.Errorf("Quiet left %v", got)
	}
	if got := ds.Quiet(classes[:1]); len(got) != 2 || got[1].Class != WarnUnreadMember {
		t.Errorf("Quiet(unknown-format) left %v", got)
	}
	if len(ds) != 3 {
		t.Error("Quiet changed its receiver")
	}
	if _, err := ParseWarningClasses("unknown-formats"); err == nil || !strings.Contains(err.Error(), "unknown-format,") {
		t.Errorf("an unknown class: %v", err)
	}
	if got := ds[1].String(); !strings.HasSuffix(got, "f [-quiet=unknown-format]") {
		t.Errorf("a warning does not name its flag: %s", got)
	}
	if got := ds[0].String(); strings.Contains(got, "quiet") {
		t.Errorf("an error names a flag: %s", got)
	}
	// Every class is listed once, and parses back.
	var names []string
	for _, line := range WarningClasses() {
		name, _, _ := strings.Cut(line, ":")
		if slices.Contains(names, name) {
			t.Errorf("class %s listed twice", name)
		}
		names = append(names, name)
		if c, err := ParseWarningClasses(name); err != nil || len(c) != 1 || string(c[0]) != name {
			t.Errorf("class %s does not parse back: %v %v", name, c, err)
		}
	}
}
