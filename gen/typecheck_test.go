package gen_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// The importer reads the runtime package (and what it imports) from source
// once per process; later checks reuse what it has loaded. The cache in
// front of it matters: the source importer asks the go command where a
// package is on every call, even for one it has loaded.
var (
	typesMu  sync.Mutex
	typesImp cachedImporter
	typesDir string
)

type cachedImporter struct {
	from types.ImporterFrom
	pkgs map[string]*types.Package
}

func (c cachedImporter) Import(path string) (*types.Package, error) {
	return c.ImportFrom(path, typesDir, 0)
}

func (c cachedImporter) ImportFrom(path, dir string, mode types.ImportMode) (*types.Package, error) {
	if p, ok := c.pkgs[path]; ok {
		return p, nil
	}
	p, err := c.from.ImportFrom(path, dir, mode)
	if err == nil {
		c.pkgs[path] = p
	}
	return p, err
}

// loadTypes makes the importer, once, and has it load the packages
// generated code imports.
func loadTypes() error {
	typesMu.Lock()
	defer typesMu.Unlock()
	if typesImp.pkgs != nil {
		return nil
	}
	dir, err := filepath.Abs(".")
	if err != nil {
		return err
	}
	typesDir = dir
	typesImp = cachedImporter{
		from: importer.ForCompiler(token.NewFileSet(), "source", nil).(types.ImporterFrom),
		pkgs: map[string]*types.Package{},
	}
	for _, path := range []string{"github.com/toolgen/toolgen/runtime", "github.com/toolgen/toolgen/runtime/toolgenimpl", "github.com/toolgen/toolgen/runtime/format", "encoding/json", "regexp", "time"} {
		if _, err := typesImp.Import(path); err != nil {
			return err
		}
	}
	return nil
}

// typeCheck type-checks src as a package of its own in this directory, so
// that the module's runtime package resolves, and returns the package.
func typeCheck(t testing.TB, src []byte) *types.Package {
	t.Helper()
	pkg, errs := typeCheckErrors(t, src)
	if len(errs) > 0 {
		t.Fatalf("the generated file does not type-check:\n%s", strings.Join(errs[:min(len(errs), 10)], "\n"))
	}
	return pkg
}

// typeCheckErrors type-checks src as typeCheck does and returns the errors.
func typeCheckErrors(t testing.TB, src []byte) (*types.Package, []string) {
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
	var errs []string
	conf := types.Config{Importer: typesImp, Error: func(err error) { errs = append(errs, err.Error()) }}
	pkg, _ := conf.Check("tools", fset, []*ast.File{f}, nil)
	return pkg, errs
}
