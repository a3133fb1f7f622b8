package gen_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/gen"
)

// TestRawNotes checks, over the producer corpus, that every field the
// generated code declares as json.RawMessage (itself, its items or values,
// or a union's type over it) either stands for a schema that admits any
// JSON or says in its doc comment why no Go type holds it, and that a
// field of any JSON carries no such note.
func TestRawNotes(t *testing.T) {
	for _, name := range producerCatalogs {
		cat := auditProducerCatalog(t, name).generating
		if len(cat.Tools) == 0 {
			continue
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
	}
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
	overRaw := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if ts, ok := n.(*ast.TypeSpec); ok && isRaw(ts.Type) {
			overRaw[ts.Name.Name] = true
		}
		return true
	})
	out := map[string]string{}
	ast.Inspect(f, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok {
			return true
		}
		st, ok := ts.Type.(*ast.StructType)
		if !ok {
			return true
		}
		for _, field := range st.Fields.List {
			typ := field.Type
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
			if !isRaw(typ) && !(named && overRaw[ident.Name]) {
				continue
			}
			for _, n := range field.Names {
				out[ts.Name.Name+"."+n.Name] = strings.Join(strings.Fields(field.Doc.Text()), " ")
			}
		}
		return false
	})
	return out
}
