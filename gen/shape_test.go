package gen_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/imports"
	"golang.org/x/tools/txtar"

	"github.com/toolgen/toolgen/gen"
)

// checkImportsGrouped checks that goimports would leave src's imports as
// they are: the standard library first, then the other packages, each
// group sorted, a blank line between them.
func checkImportsGrouped(t testing.TB, src []byte) {
	t.Helper()
	grouped, err := imports.Process("tools_gen.go", src, &imports.Options{FormatOnly: true, Comments: true, TabIndent: true, TabWidth: 8})
	if err != nil {
		t.Fatalf("goimports: %v", err)
	}
	if string(grouped) != string(src) {
		t.Fatalf("goimports would change the generated file:\n%s", firstDifference(src, grouped))
	}
}

// initCallsAllowed are the calls a generated file may make when it is
// imported: compiling the catalog's patterns (lookarounds included),
// multipleOf divisors and the const and enum values of schema functions
// once, which every check of them then shares.
var initCallsAllowed = []string{"regexp.MustCompile", "toolgenimpl.CompileLookarounds", "toolgenimpl.Rat", "toolgenimpl.MustParseValue"}

// initCalls returns the functions src calls to initialise its package
// variables (conversions aside, and not looking into function literals,
// which run only when called), as written: toolgenimpl.ToolIndex. others are
// the package's other files, such as the types a goJSONSchema names.
func initCalls(t testing.TB, src []byte, others []txtar.File) []string {
	t.Helper()
	if err := loadTypes(); err != nil {
		t.Fatal(err)
	}
	typesMu.Lock()
	defer typesMu.Unlock()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filepath.Join(typesDir, "tools_gen.go"), src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatalf("the generated file does not parse: %v", err)
	}
	pkgFiles := []*ast.File{f}
	for _, other := range others {
		o, err := parser.ParseFile(fset, filepath.Join(typesDir, other.Name), other.Data, parser.SkipObjectResolution)
		if err != nil {
			t.Fatalf("%s does not parse: %v", other.Name, err)
		}
		o.Name.Name = f.Name.Name
		pkgFiles = append(pkgFiles, o)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	conf := types.Config{Importer: typesImp}
	if _, err := conf.Check("tools", fset, pkgFiles, info); err != nil {
		t.Fatalf("the generated file does not type-check: %v", err)
	}
	var calls []string
	for _, decl := range f.Decls {
		g, ok := decl.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, spec := range g.Specs {
			for _, value := range spec.(*ast.ValueSpec).Values {
				ast.Inspect(value, func(n ast.Node) bool {
					switch n := n.(type) {
					case *ast.FuncLit:
						return false
					case *ast.CallExpr:
						if !info.Types[n.Fun].IsType() {
							calls = append(calls, types.ExprString(n.Fun))
						}
					}
					return true
				})
			}
		}
	}
	return calls
}

// TestGeneratedFileShape checks the file generated from every golden catalog
// for the shape a careful author would give them:
// imports grouped as goimports groups them, and nothing run at import but
// the compiling of patterns and divisors (the tool table is static data;
// what the dispatcher derives from it is built on first use).
func TestGeneratedFileShape(t *testing.T) {
	files, _ := filepath.Glob("testdata/golden/*.txtar")
	if len(files) == 0 {
		t.Fatal("no golden archives in testdata/golden")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			src, diags := generate("catalog.json", section(ar, "catalog.json"), archiveOptions(t, ar))
			if diags.HasErrors() {
				t.Skip("the catalog is refused; it generates no file")
			}
			checkImportsGrouped(t, src)
			var others []txtar.File
			for _, f := range ar.Files {
				if strings.HasSuffix(f.Name, ".go") && f.Name != "tools_gen.go" {
					others = append(others, f)
				}
			}
			for _, call := range initCalls(t, src, others) {
				if !slices.Contains(initCallsAllowed, call) {
					t.Errorf("importing the package calls %s", call)
				}
			}
		})
	}
}

// TestValidatorFileImportsGrouped checks the file of GenerateValidators,
// which imports packages of both groups once a schema has a pattern.
func TestValidatorFileImportsGrouped(t *testing.T) {
	schemas := []gen.Schema{
		{Name: "ValidateCode", JSON: []byte(`{"type":"string","pattern":"^(a|b)+$","format":"date"}`)},
		{Name: "ValidateAmount", JSON: []byte(`{"type":"number","multipleOf":0.01}`)},
	}
	src, refused, err := gen.GenerateValidators(schemas, gen.ValidatorOptions{Package: "tools"})
	if err != nil || len(refused) > 0 {
		t.Fatalf("GenerateValidators: %v %v", err, refused)
	}
	if !strings.Contains(string(src), "\n\t\"regexp\"\n\n\t\"github.com/toolgen/toolgen/runtime/") {
		t.Errorf("the imports are not in two groups:\n%s", src[:min(len(src), 400)])
	}
	checkImportsGrouped(t, src)
	typeCheck(t, src)
}
