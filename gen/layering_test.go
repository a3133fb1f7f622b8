package gen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoStepBackIntoCatalog checks that the generator takes the catalog as
// it is handed over: its code names catalog's types and severities, and
// calls none of catalog's package functions (loading, linting, strict
// variants); what it needs comes with the Catalog and its Tools.
func TestNoStepBackIntoCatalog(t *testing.T) {
	data := map[string]bool{
		"Catalog": true, "Tool": true, "Diagnostics": true, "Diagnostic": true, "Annotations": true, "Icon": true,
		"Index": true, "Severity": true, "Error": true, "Warning": true, "StrictError": true, "WarningClass": true,
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			// The warning classes (WarnGoName, ...) are data too.
			isClass := strings.HasPrefix(sel.Sel.Name, "Warn")
			if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "catalog" && !data[sel.Sel.Name] && !isClass {
				t.Errorf("%s: gen uses catalog.%s; take what it gives as data on the Catalog or Tool instead", fset.Position(sel.Pos()), sel.Sel.Name)
			}
			return true
		})
	}
	if checked == 0 {
		t.Fatal("no files checked")
	}
}
