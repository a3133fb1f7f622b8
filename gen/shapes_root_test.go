package gen_test

import (
	"go/ast"
	"go/token"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen"
)

// TestShapesAtToolRoot: the object shapes producers write for a whole
// tool's arguments (zod's z.object().and(), pydantic's and zod 4's allOf
// of one $ref with siblings, TypeBox's Type.Ref, a record) make the same
// typed Args as the shape makes inline, and every instance gets santhosh
// v6's verdict there, as arguments and as results.
func TestShapesAtToolRoot(t *testing.T) {
	var cases []shapeCase
	for _, c := range slices.Concat(shapeCases, objectCases, rootShapeCases) {
		if c.root {
			cases = append(cases, c)
		}
	}
	if len(cases) < 10 {
		t.Fatalf("%d shapes marked for the tool root", len(cases))
	}
	runShapeCasesAt(t, cases, []shapePosition{shapePositions[1], toolRoot})
}

// toolRoot places a shape as the whole input schema; its goType is nil,
// since the Args struct is the shape's own (see checkRootArgs).
var toolRoot = shapePosition{"the tool root", func(s string) string {
	return `{"$defs":` + shapeDefs + `,` + strings.TrimPrefix(s, "{")
}, func(i string) string { return i }, nil}

// rootShapeCases are object shapes a tool's root holds that no other list
// has; each is also checked inline.
var rootShapeCases = []shapeCase{
	{
		name:    "$ref to an object (TypeBox Type.Ref)",
		schema:  `{"$ref":"#/$defs/Address"}`,
		goType:  `T`,
		root:    true,
		valid:   []string{`{"street":"a"}`, `{"street":"a","city":"b","x":1}`},
		invalid: []string{`{"street":""}`, `{"city":"b"}`},
	},
	{
		name:    `allOf [$ref] with "type": "object" and a description beside (zod 4 through the MCP SDK)`,
		schema:  `{"type":"object","allOf":[{"$ref":"#/$defs/Address"}],"description":"Where."}`,
		goType:  `T`,
		root:    true,
		valid:   []string{`{"street":"a"}`, `{"street":"a","city":"c"}`},
		invalid: []string{`{"street":""}`, `{"city":"c"}`},
	},
	{
		name:    "an object with properties and a map of the others",
		schema:  `{"type":"object","properties":{"id":{"type":"string"}},"required":["id"],"additionalProperties":{"type":"integer","minimum":0}}`,
		goType:  `T`,
		root:    true,
		valid:   []string{`{"id":"a"}`, `{"id":"a","n":3}`},
		invalid: []string{`{"id":"a","n":-1}`, `{"id":"a","n":"3"}`, `{"n":3}`},
	},
	{
		name:    "a record of one pattern, closed (TypeBox Type.Record)",
		schema:  `{"type":"object","patternProperties":{"^(.*)$":{"type":"number"}},"additionalProperties":false}`,
		goType:  `map\[string\]float64`,
		root:    true,
		valid:   []string{`{}`, `{"a":1.5,"b":0}`},
		invalid: []string{`{"a":"1"}`, `{"a":null}`},
	},
	{
		name:    "a record with propertyNames (zod 4 z.record)",
		schema:  `{"type":"object","propertyNames":{"type":"string","minLength":2},"additionalProperties":{"$ref":"#/$defs/Address"}}`,
		goType:  `map\[string\]T`,
		root:    true,
		valid:   []string{`{}`, `{"home":{"street":"a"}}`},
		invalid: []string{`{"h":{"street":"a"}}`, `{"home":{"street":""}}`, `{"home":1}`},
	},
}

// checkRootArgs asserts that the Args struct of mt, a tool whose whole
// input schema is case c's shape, has the fields (Go name, Go type with
// the generator's names as T, and tag) of the struct the shape makes as a
// property; for a map, one map of the others of the map's value type. No
// field of either is JSON text unless the other's is too.
func checkRootArgs(t *testing.T, mt matrixTool, c shapeCase) {
	t.Helper()
	fset, f, _ := generateOneTool(t, mt.name, string(mt.schema))
	got := structFields(fset, f, argsTypeName(t, f))

	inline := shapePositions[1].place(c.schema)
	ifset, inf, _ := generateOneTool(t, "inline", inline)
	var want []string
	v := memberType(inf, "v")
	switch v := v.(type) {
	case *ast.MapType:
		want = []string{"AdditionalProperties map[string]" + normalised(ifset, v.Value) + ` json:"-"`}
	case *ast.StarExpr:
		want = structFields(ifset, inf, v.X.(*ast.Ident).Name)
	case *ast.Ident:
		want = structFields(ifset, inf, v.Name)
	default:
		t.Fatalf("the shape inline is held as %s", typeString(ifset, v))
	}
	if !slices.Equal(got, want) {
		t.Errorf("the tool's Args has fields\n\t%s\nwant those of the shape inline\n\t%s\nschema: %s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"), mt.schema)
	}
}

// argsTypeName returns the name of the struct the Valid…Args type of the
// one tool of f holds.
func argsTypeName(t *testing.T, f *ast.File) string {
	t.Helper()
	var name string
	ast.Inspect(f, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok || !strings.HasPrefix(ts.Name.Name, "Valid") || !strings.HasSuffix(ts.Name.Name, "Args") {
			return true
		}
		if st, ok := ts.Type.(*ast.StructType); ok && len(st.Fields.List) == 1 {
			if id, ok := st.Fields.List[0].Type.(*ast.Ident); ok {
				name = id.Name
			}
		}
		return false
	})
	if name == "" {
		t.Fatal("no Valid…Args type holding the arguments")
	}
	return name
}

// memberType returns the Go type of the struct member whose JSON name is
// json, in any struct of f.
func memberType(f *ast.File, json string) ast.Expr {
	var found ast.Expr
	ast.Inspect(f, func(n ast.Node) bool {
		field, ok := n.(*ast.Field)
		if ok && field.Tag != nil {
			tag, _ := strconv.Unquote(field.Tag.Value)
			if name, _, _ := strings.Cut(reflect.StructTag(tag).Get("json"), ","); name == json {
				found = field.Type
			}
		}
		return found == nil
	})
	return found
}

// structFields lists the fields of the struct type name of f.
func structFields(fset *token.FileSet, f *ast.File, name string) []string {
	var fields []string
	ast.Inspect(f, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok || ts.Name.Name != name {
			return true
		}
		for _, field := range ts.Type.(*ast.StructType).Fields.List {
			tag := ""
			if field.Tag != nil {
				tag, _ = strconv.Unquote(field.Tag.Value)
			}
			for _, id := range field.Names {
				fields = append(fields, id.Name+" "+normalised(fset, field.Type)+" "+tag)
			}
		}
		return false
	})
	return fields
}

// normalised is the Go type e with the names the generator chose as T.
func normalised(fset *token.FileSet, e ast.Expr) string {
	return regexp.MustCompile(`\b[A-Z]\w*\b`).ReplaceAllStringFunc(typeString(fset, e), func(id string) string {
		if id == "RawMessage" || id == "Nullable" || id == "Null" {
			return id
		}
		return "T"
	})
}

// TestScalarToolRootRefused: a tool root that reaches a schema of another
// type than object, through a $ref or an allOf of one, is refused at that
// schema's type, saying the root's $ref leads there.
func TestScalarToolRootRefused(t *testing.T) {
	for _, root := range []string{
		`{"$ref":"#/$defs/Color"}`,
		`{"allOf":[{"$ref":"#/$defs/Color"}],"description":"A colour."}`,
		`{"type":"object","allOf":[{"$ref":"#/$defs/Color"}]}`,
		`{"type":"object","$ref":"#/$defs/Color"}`,
	} {
		schema := toolRoot.place(root)
		data := `{"tools":[{"name":"scalar","inputSchema":` + schema + `}]}`
		cat := loadCatalog(t, "scalar.json", []byte(data))
		_, diags := gen.Generate(cat, gen.Options{Package: "one", Source: "scalar.json"})
		var errs []string
		for _, d := range diags {
			if d.Severity == catalog.Error {
				errs = append(errs, d.String())
			}
		}
		want := `/tools/0/inputSchema/$defs/Color/type: the input schema must have "type": "object" (the root's $ref leads here)`
		if len(errs) != 1 || !strings.Contains(errs[0], want) {
			t.Errorf("%s: errors %q, want one containing %q", root, errs, want)
		}
	}
}
