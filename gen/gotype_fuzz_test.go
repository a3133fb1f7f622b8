package gen_test

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen"
)

// goTypeSchemas are the schemas a fuzzed goJSONSchema stands on, by number.
var goTypeSchemas = []string{
	`"type": "string"`,
	`"type": "integer"`,
	`"type": "integer", "minimum": 0, "maximum": 200`,
	`"type": "number"`,
	`"type": "boolean"`,
	`"type": "array", "items": {"type": "string"}`,
	`"type": "object", "properties": {"a": {"type": "string"}}`,
	`"type": "string", "enum": ["a", "b"]`,
	`"anyOf": [{"type": "integer", "minimum": -5, "maximum": 5}, {"type": "null"}]`,
	`"type": "string", "format": "date-time"`,
}

// goTypeTexts are the seeds' type strings: the reproducers (cgo, unsafe,
// names the file declares, predeclared names of every sort), and what is
// honoured, of every origin.
var goTypeTexts = []string{
	"C.int", "C.X", "unsafe.Pointer", "ValidTArgs", "Handler", "TArgs", "TItem", "ToolName", "ToolT",
	"Tools", "Definitions", "Dispatch", "NewDispatcher", "ValidateArgs", "ParseTArgs", "TResult",
	"string", "error", "any", "comparable", "int", "int8", "int32", "int64", "uint8", "byte", "rune",
	"uint64", "uintptr", "float32", "float64", "bool", "complex128", "true", "nil", "iota", "len",
	"Money", "code", "_", "init.X", "_.X", "time.Time", "time.Duration", "netip.Addr", "big.Int",
	"big.Float", "json.RawMessage", "slog.Level", "regexp.Regexp", "decimal.Decimal", "uuid.UUID",
	"money.amount", "a.b.c", "[]byte", "*X", "map[string]X", "", "x y", "Ünïcode", "runtime.Config",
	"toolgenimpl.Reader", "json.Number", "sync.Mutex", "context.Context",
}

// goTypeImports are the seeds' import lists, one path a line.
var goTypeImports = []string{
	"", "C", "unsafe", "time", "net/netip", "math/big", "os/exec", "foo/bar",
	"github.com/shopspring/decimal", "example.com/go-uuid", "example.com/money/v2", "gopkg.in/money.v3",
	"a/../b", "https://example.com/x", `example.com\x`, "example.com//x", "/abs", "example.com/",
	"example.com/C", "example.com/unsafe", "github.com/toolgen/toolgen/runtime",
	"github.com/shopspring/decimal\nexample.com/other", "math/big\nmath/big",
}

// FuzzGoType puts any type and imports into a goJSONSchema on a schema of
// each kind. Each is either refused with errors at the extension that say
// what to do, or generates code that imports neither cgo's C nor unsafe
// and type-checks, with the packages it names (a module's package, a type
// of the generated package) declared as the catalog says they are. The
// seeds are the reproducers and a matrix of types, imports and schemas.
//
// In CI: go test ./gen -run '^$' -fuzz '^FuzzGoType$' -fuzztime 3000x
func FuzzGoType(f *testing.F) {
	for i, typ := range goTypeTexts {
		f.Add(typ, "", uint8(i))
		f.Add(typ, goTypeImports[i%len(goTypeImports)], uint8(i+3))
	}
	for i, imports := range goTypeImports {
		f.Add("decimal.Decimal", imports, uint8(i))
		f.Add("time.Time", imports, uint8(0))
	}
	if err := loadTypes(); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, typ, imports string, kind uint8) {
		checkGoType(t, typ, strings.Split(imports, "\n"), goTypeSchemas[int(kind)%len(goTypeSchemas)])
	})
}

// checkGoType checks the invariants of FuzzGoType for one input.
func checkGoType(t *testing.T, typ string, imports []string, schema string) {
	t.Helper()
	if len(imports) == 1 && imports[0] == "" {
		imports = nil
	}
	ext := map[string]any{"type": typ}
	if imports != nil {
		ext["imports"] = imports
	}
	extJSON, err := json.Marshal(ext)
	if err != nil {
		t.Fatal(err)
	}
	text := `{"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {
		"p": {` + schema + `, "goJSONSchema": ` + string(extJSON) + `},
		"item": {"type": "object", "properties": {"n": {"type": "integer"}}}},
		"$defs": {"money": {"type": "string"}}}}]}`
	src, diags := generate("catalog.json", []byte(text), gen.Options{Package: "tools", Source: "catalog.json"})
	if diags.HasErrors() {
		const at = "/tools/0/inputSchema/properties/p/goJSONSchema"
		for _, d := range diags {
			if d.Severity != catalog.Error {
				continue
			}
			if !strings.HasPrefix(d.Pointer, at) || d.Tool != "t" || d.Line < 1 || !strings.Contains(d.Message, "; ") {
				t.Errorf("type %q, imports %q on {%s}: an error not at the extension, or not saying what to do:\n%v", typ, imports, schema, d)
			}
		}
		return
	}
	if src == nil {
		t.Fatalf("no code and no error: %v", diags)
	}
	file, err := parser.ParseFile(token.NewFileSet(), "tools_gen.go", src, parser.ImportsOnly)
	if err != nil {
		t.Fatalf("type %q, imports %q: the file does not parse: %v", typ, imports, err)
	}
	for _, imp := range file.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == "C" || p == "unsafe" {
			t.Fatalf("type %q, imports %q on {%s}: the generated file imports %q", typ, imports, schema, p)
		}
	}
	qual, name, qualified := strings.Cut(typ, ".")
	if !qualified {
		qual, name = "", typ
	}
	var local []byte
	if !qualified && token.IsExported(name) {
		local = declaredTypeSource("tools", name)
	}
	if errs := typeCheckGoType(t, src, local, qual, name); len(errs) > 0 {
		t.Fatalf("type %q, imports %q on {%s}: the file does not type-check:\n%s\n%s", typ, imports, schema, strings.Join(errs, "\n"), src)
	}
}

// declaredTypeSource is a file of package pkg declaring type name, which
// takes any value: what a user declares beside the generated file.
func declaredTypeSource(pkg, name string) []byte {
	return []byte("package " + pkg + "\n\ntype " + name + " struct{}\n\n" +
		"func (*" + name + ") UnmarshalText([]byte) error { return nil }\n\n" +
		"func (*" + name + ") UnmarshalJSON([]byte) error { return nil }\n")
}

// typeCheckGoType type-checks the generated file, with the file local
// beside it when not nil; a module's package it imports is made up,
// declaring name as the catalog says it does.
func typeCheckGoType(t *testing.T, src, local []byte, qual, name string) []string {
	typesMu.Lock()
	defer typesMu.Unlock()
	fset := token.NewFileSet()
	files := []*ast.File{}
	for i, text := range [][]byte{src, local} {
		if text == nil {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(typesDir, "file"+strconv.Itoa(i)+".go"), text, parser.SkipObjectResolution)
		if err != nil {
			t.Fatalf("parsing: %v", err)
		}
		files = append(files, f)
	}
	var errs []string
	conf := types.Config{
		Importer: madeUpModules{real: typesImp, pkg: qual, name: name},
		Error:    func(err error) { errs = append(errs, err.Error()) },
	}
	conf.Check("tools", fset, files, nil)
	return errs
}

// madeUpModules imports the packages of modules (paths whose first
// element has a dot) as made-up packages declaring one type that takes
// any value, and the rest, the standard library and the toolgen module, as
// they are.
type madeUpModules struct {
	real      types.ImporterFrom
	pkg, name string
}

func (m madeUpModules) Import(path string) (*types.Package, error) {
	return m.ImportFrom(path, typesDir, 0)
}

func (m madeUpModules) ImportFrom(path, dir string, mode types.ImportMode) (*types.Package, error) {
	first, _, _ := strings.Cut(path, "/")
	if !strings.Contains(first, ".") || strings.HasPrefix(path, "github.com/toolgen/toolgen/") {
		return m.real.ImportFrom(path, dir, mode)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "made_up.go", declaredTypeSource(m.pkg, m.name), 0)
	if err != nil {
		return nil, err
	}
	return (&types.Config{}).Check(path, fset, []*ast.File{f}, nil)
}
