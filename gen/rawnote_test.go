package gen_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen"
)

// TestRawNotes checks, over the producer corpus and the golden archives,
// that every field the generated code declares as json.RawMessage (itself,
// its items or values, or a union's type over it), and every sealed
// union's variant declared over it, either stands for a schema that admits
// any JSON or says in its doc comment why no Go type holds it, and that one
// of any JSON carries no such note.
func TestRawNotes(t *testing.T) {
	variants := 0
	for _, name := range producerCatalogs {
		variants += checkRawNotes(t, name, auditProducerCatalog(t, name).generating)
	}
	archives, _ := filepath.Glob("testdata/golden/*.txtar")
	for _, file := range archives {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if section(ar, "tools_gen.go") == nil {
			continue // refused
		}
		variants += checkRawNotes(t, file, loadCatalog(t, file, section(ar, "catalog.json")))
	}
	if variants == 0 {
		t.Error("no sealed union variant held as JSON text was checked")
	}
}

// checkRawNotes is TestRawNotes for catalog cat, read from name; it
// returns how many sealed union variants it checked.
func checkRawNotes(t *testing.T, name string, cat *catalog.Catalog) (variants int) {
	t.Helper()
	if len(cat.Tools) == 0 {
		return 0
	}
	opts := gen.Options{Package: "p", Source: name}
	src, diags := gen.Generate(cat, opts)
	if diags.HasErrors() {
		t.Fatalf("%s: %v", name, diags)
	}
	fields, _ := gen.RawFields(cat, opts)
	byField := map[string]gen.RawField{}
	for _, f := range fields {
		byField[f.Type+"."+f.Field] = f
	}
	docs := rawMessageFields(t, name, src)
	for key := range byField {
		if _, ok := docs[key]; !ok {
			t.Errorf("%s: the model holds field %s as JSON text, but the source does not declare it json.RawMessage", name, key)
		}
	}
	for key, doc := range docs {
		f, ok := byField[key]
		if !ok {
			t.Errorf("%s: field %s is json.RawMessage in the source but not held as JSON text in the model", name, key)
			continue
		}
		if f.Field == "" {
			variants++
		}
		var schema []byte
		for _, tool := range cat.Tools {
			if tool.Name == f.Tool {
				schema = tool.InputSchema
				if f.Schema == "output" {
					schema = tool.OutputSchema
				}
			}
		}
		class, anyJSON := classifyRaw(schema, f.Ptr, f.Role)
		noted := strings.Contains(doc, gen.RawNoteMark)
		switch {
		case !anyJSON && !noted:
			t.Errorf("%s tool %s: field %s holds %s (%s) as raw JSON without saying why; doc: %q", name, f.Tool, key, f.Ptr, class, doc)
		case anyJSON && noted:
			t.Errorf("%s tool %s: field %s admits any JSON (%s) but its doc says no Go type holds it: %q", name, f.Tool, key, class, doc)
		}
	}
	return variants
}

// rawMessageFields parses generated source and returns, by "Type.Field",
// the doc comment (lines joined by spaces) of every struct field whose Go
// type is json.RawMessage, or a pointer, slice or map of it, or a type
// declared over it.
func rawMessageFields(t *testing.T, name string, src []byte) map[string]string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), name+".go", src, parser.ParseComments)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	isRaw := func(e ast.Expr) bool {
		s, ok := e.(*ast.SelectorExpr)
		return ok && s.Sel.Name == "RawMessage" && s.X.(*ast.Ident).Name == "json"
	}
	sealedVariants := sealedVariantsOf(f)
	overRaw := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if ts, ok := n.(*ast.TypeSpec); ok && isRaw(ts.Type) {
			overRaw[ts.Name.Name] = true
		}
		return true
	})
	holdsRaw := func(typ ast.Expr) bool {
		for {
			switch x := typ.(type) {
			case *ast.StarExpr:
				typ = x.X
				continue
			case *ast.ArrayType:
				typ = x.Elt
				continue
			case *ast.MapType:
				typ = x.Value
				continue
			case *ast.IndexExpr: // runtime.Nullable[T]
				typ = x.Index
				continue
			}
			break
		}
		ident, named := typ.(*ast.Ident)
		return isRaw(typ) || named && overRaw[ident.Name]
	}
	out := map[string]string{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.TYPE {
			continue
		}
		ts := g.Specs[0].(*ast.TypeSpec)
		st, ok := ts.Type.(*ast.StructType)
		if !ok {
			// A sealed union's variant declared for it: "Type.".
			if sealedVariants[ts.Name.Name] && holdsRaw(ts.Type) {
				out[ts.Name.Name+"."] = strings.Join(strings.Fields(g.Doc.Text()), " ")
			}
			continue
		}
		for _, field := range st.Fields.List {
			if !holdsRaw(field.Type) {
				continue
			}
			for _, n := range field.Names {
				out[ts.Name.Name+"."+n.Name] = strings.Join(strings.Fields(field.Doc.Text()), " ")
			}
		}
	}
	return out
}

// sealedVariantsOf returns the types that implement a sealed interface of
// f: the receivers of its marker methods, isI() for interface I.
func sealedVariantsOf(f *ast.File) map[string]bool {
	sealed := map[string]bool{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.TYPE || g.Doc == nil {
			continue
		}
		for _, c := range g.Doc.List {
			if c.Text == "//toolgen:sealed" {
				sealed[g.Specs[0].(*ast.TypeSpec).Name.Name] = true
			}
		}
	}
	variants := map[string]bool{}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Recv == nil || !sealed[strings.TrimPrefix(fn.Name.Name, "is")] {
			continue
		}
		if id, ok := fn.Recv.List[0].Type.(*ast.Ident); ok {
			variants[id.Name] = true
		}
	}
	return variants
}
