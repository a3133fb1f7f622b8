package gen_test

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/gen"
)

// TestProducerShapes holds the shapes producers write for what a person
// would type in Go (pydantic's Optional[Model], TypeBox's enums and
// records, zod's tuples, ...) to a Go type, wherever the shape stands: each
// case is placed as a property, in a nested object, as an array's items,
// behind a $ref and inside an alternative of a union. At every place the
// member's Go type must match the case's (and never be JSON text), and
// every instance must get santhosh v6's verdict from the typed reader, as
// an argument and as a result.
func TestProducerShapes(t *testing.T) {
	runShapeCases(t, shapeCases)
}

// runShapeCases places each case at each of shapePositions, asserts the
// member's Go type (an empty goType: JSON text with the note saying why)
// and checks the verdicts, and those of values of every JSON kind, against
// santhosh v6.
func runShapeCases(t *testing.T, cases []shapeCase) {
	t.Helper()
	runShapeCasesAt(t, cases, shapePositions)
}

// runShapeCasesAt is runShapeCases at the positions given.
func runShapeCasesAt(t *testing.T, cases []shapeCase, positions []shapePosition) {
	t.Helper()
	var tools []matrixTool
	for i, c := range cases {
		for j, p := range positions {
			schema := p.place(c.schema)
			mt := matrixTool{name: fmt.Sprintf("k%d_%d", i, j), label: fmt.Sprintf("%s at %s", c.name, p.name), schema: []byte(schema)}
			for _, inst := range append(c.valid, c.invalid...) {
				mt.instances = append(mt.instances, p.wrap(inst))
			}
			mt.instances = append(mt.instances, p.wrap("null"), p.wrap(`"x"`), p.wrap("{}"), p.wrap("[]"), p.wrap("1.5"), p.wrap("true"), p.wrap(`{"":1}`))
			tools = append(tools, mt)
			t.Run(mt.label, func(t *testing.T) {
				if p.goType == nil { // the whole arguments
					checkRootArgs(t, mt, c)
					return
				}
				if c.goType == "" { // held as JSON text, saying why
					checkRawWithNote(t, mt)
					return
				}
				got := shapeFieldType(t, mt)
				want := p.goType(c.goType)
				if !regexp.MustCompile(`^(` + want + `)$`).MatchString(got) {
					t.Errorf("the member's Go type is %s, want %s\nschema: %s", got, want, schema)
				}
			})
		}
	}
	if testing.Short() {
		return
	}
	checkMatrix(t, tools)
}

// shapeCase is a producer's shape, the Go type expected for a member
// holding it (a regular expression; "T" stands for a type the generator
// names) and instances: valid ones, and invalid ones near them.
type shapeCase struct {
	name           string
	schema         string
	goType         string
	valid, invalid []string
	root           bool // an object shape a tool's whole arguments may have (TestShapesAtToolRoot)
}

const shapeDefs = `{
	"Address": {"type":"object","properties":{"street":{"type":"string","minLength":1},"city":{"type":"string"}},"required":["street"]},
	"Color": {"type":"string","enum":["red","green","blue"]},
	"Cat": {"type":"object","properties":{"kind":{"type":"string","const":"cat"},"lives":{"type":"integer","maximum":9}},"required":["kind"]},
	"Dog": {"type":"object","properties":{"kind":{"type":"string","const":"dog"},"good":{"type":"boolean"}},"required":["kind"]}
}`

// shapePosition places a shape in a tool's schema, the shape's instance
// in arguments, and says what Go type holds the member there.
type shapePosition struct {
	name   string
	place  func(shape string) string
	wrap   func(instance string) string
	goType func(shape string) string
}

func shapeTool(properties string) string {
	return `{"type":"object","properties":{` + properties + `},"$defs":` + shapeDefs + `}`
}

var shapePositions = []shapePosition{
	{"a property", func(s string) string { return shapeTool(`"v":` + s) }, inProperty, optionalType},
	{"a required property", func(s string) string {
		return strings.TrimSuffix(shapeTool(`"v":`+s), "}") + `,"required":["v"]}`
	}, inProperty, requiredType},
	{"a nested object", func(s string) string {
		return shapeTool(`"o":{"type":"object","properties":{"v":` + s + `}}`)
	}, func(i string) string { return `{"o":{"v":` + i + `}}` }, optionalType},
	{"array items", func(s string) string {
		return shapeTool(`"v":{"type":"array","items":` + s + `}`)
	}, func(i string) string { return `{"v":[` + i + `]}` }, func(t string) string { return `\[\](\*)?(` + t + `)` }},
	{"a $ref", func(s string) string {
		return strings.Replace(shapeTool(`"v":{"$ref":"#/$defs/Target"}`), `"$defs":{`, `"$defs":{"Target":`+s+`,`, 1)
	}, inProperty, optionalType},
	{"an alternative of a union", func(s string) string {
		return shapeTool(`"c":{"oneOf":[{"type":"string"},{"type":"object","properties":{"v":` + s + `}}]}`)
	}, func(i string) string { return `{"c":{"v":` + i + `}}` }, optionalType},
}

// optionalType is the Go type of an optional member holding t: a pointer
// or runtime.Nullable when t's own nil would not tell absent apart.
func optionalType(t string) string { return `(\*|runtime\.Nullable\[)?(` + t + `)\]?` }

func requiredType(t string) string { return `(\*)?(` + t + `)` }

// shapeFieldType generates the tool of mt alone and returns the Go type of
// the one struct member whose JSON name is "v".
func shapeFieldType(t *testing.T, mt matrixTool) string {
	t.Helper()
	fset, f, _ := generateOneTool(t, mt.name, string(mt.schema))
	raw := map[string]bool{"json.RawMessage": true}
	var found []string
	ast.Inspect(f, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok {
			return true
		}
		if typeString(fset, ts.Type) == "json.RawMessage" {
			raw[ts.Name.Name] = true
		}
		st, ok := ts.Type.(*ast.StructType)
		if !ok {
			return true
		}
		for _, field := range st.Fields.List {
			if field.Tag == nil {
				continue
			}
			tag, _ := strconv.Unquote(field.Tag.Value)
			if name, _, _ := strings.Cut(reflect.StructTag(tag).Get("json"), ","); name == "v" {
				found = append(found, typeString(fset, field.Type))
			}
		}
		return true
	})
	if len(found) != 1 {
		t.Fatalf("%d members named v in the generated code, want 1", len(found))
	}
	inner := regexp.MustCompile(`^(\*|\[\]|map\[string\]|runtime\.Nullable\[)*([\w.]+)\]?$`).FindStringSubmatch(found[0])
	if inner != nil && raw[inner[2]] {
		t.Errorf("the member is held as JSON text: %s", found[0])
	}
	// Names the generator chose stand as T.
	return regexp.MustCompile(`\b[A-Z]\w*\b`).ReplaceAllStringFunc(found[0], func(id string) string {
		if id == "RawMessage" || id == "Nullable" || id == "Null" {
			return id
		}
		return "T"
	})
}

func typeString(fset *token.FileSet, e ast.Expr) string {
	var b bytes.Buffer
	_ = printer.Fprint(&b, fset, e)
	return b.String()
}

var shapeCases = []shapeCase{
	{
		name:    "anyOf [$ref object, null]",
		schema:  `{"anyOf":[{"$ref":"#/$defs/Address"},{"type":"null"}],"default":null}`,
		goType:  `T`,
		valid:   []string{`{"street":"Main 1"}`, `{"street":"a","city":"b"}`},
		invalid: []string{`{"street":""}`, `{"city":"b"}`, `{"street":1}`},
	},
	{
		name:    "oneOf [null, $ref object]",
		schema:  `{"oneOf":[{"type":"null"},{"$ref":"#/$defs/Address"}]}`,
		goType:  `T`,
		valid:   []string{`{"street":"Main 1"}`},
		invalid: []string{`{"street":""}`, `{}`},
	},
	{
		name:    "anyOf [$ref enum, null]",
		schema:  `{"anyOf":[{"$ref":"#/$defs/Color"},{"type":"null"}]}`,
		goType:  `T`,
		valid:   []string{`"red"`, `"blue"`},
		invalid: []string{`"pink"`, `1`},
	},
	{
		name:    "anyOf [tagged union, null]",
		schema:  `{"anyOf":[{"oneOf":[{"$ref":"#/$defs/Cat"},{"$ref":"#/$defs/Dog"}]},{"type":"null"}]}`,
		goType:  `T`,
		valid:   []string{`{"kind":"cat","lives":3}`, `{"kind":"dog"}`},
		invalid: []string{`{"kind":"cow"}`, `{"kind":"cat","lives":10}`, `{"lives":1}`},
	},
	{
		name:    "anyOf [object, object, null] told apart by a tag",
		schema:  `{"anyOf":[{"$ref":"#/$defs/Cat"},{"$ref":"#/$defs/Dog"},{"type":"null"}]}`,
		goType:  `T`,
		valid:   []string{`{"kind":"cat"}`, `{"kind":"dog","good":true}`},
		invalid: []string{`{"kind":"cow"}`, `{"kind":"dog","good":1}`},
	},
	{
		name:    "anyOf [string, integer, null] told apart by kind",
		schema:  `{"anyOf":[{"type":"string","minLength":2},{"type":"integer"},{"type":"null"}]}`,
		goType:  `T`,
		valid:   []string{`"ab"`, `3`},
		invalid: []string{`"a"`, `true`, `2.5`},
	},
	{
		name:    "anyOf of string consts (TypeBox Union of Literals)",
		schema:  `{"anyOf":[{"const":"red","type":"string"},{"const":"green","type":"string"},{"const":"blue","type":"string"}],"default":"red"}`,
		goType:  `T`,
		valid:   []string{`"red"`, `"blue"`},
		invalid: []string{`"pink"`, `"Red"`, `1`},
	},
	{
		name:    "oneOf of string consts and null",
		schema:  `{"oneOf":[{"const":"s"},{"type":"null"},{"enum":["m","l"]}]}`,
		goType:  `T`,
		valid:   []string{`"s"`, `"l"`},
		invalid: []string{`"xl"`, `0`},
	},
	{
		name:    "anyOf of number consts",
		schema:  `{"anyOf":[{"const":0,"type":"number"},{"const":1.5,"type":"number"}]}`,
		goType:  `float64`,
		valid:   []string{`0`, `1.5`, `0.0`, `15e-1`},
		invalid: []string{`1`, `-0.5`, `"0"`},
	},
	{
		name:    "oneOf of integer consts",
		schema:  `{"oneOf":[{"const":1},{"const":2,"type":"integer"},{"const":3.0,"type":"number"}]}`,
		goType:  `int64`,
		valid:   []string{`1`, `2.0`, `3`},
		invalid: []string{`4`, `2.5`, `"1"`},
	},
	{
		name:    "anyOf [integer, number] (pydantic int | float)",
		schema:  `{"anyOf":[{"type":"integer"},{"type":"number","title":"float"}]}`,
		goType:  `float64`,
		valid:   []string{`1`, `1.5`, `-2e3`},
		invalid: []string{`"1"`, `true`},
	},
	{
		name:    "allOf [$ref] with a description beside",
		schema:  `{"allOf":[{"$ref":"#/$defs/Address"}],"description":"Where to ship."}`,
		goType:  `T`,
		root:    true,
		valid:   []string{`{"street":"a"}`},
		invalid: []string{`{"street":""}`, `{}`},
	},
}

// generateOneTool generates a catalog of the one tool name with input
// schema schema and returns the parsed source and the source itself.
func generateOneTool(t *testing.T, name, schema string) (*token.FileSet, *ast.File, []byte) {
	t.Helper()
	data := `{"tools":[{"name":"` + name + `","inputSchema":` + schema + `}]}`
	cat := loadCatalog(t, name+".json", []byte(data))
	src, diags := gen.Generate(cat, gen.Options{Package: "one", Source: name + ".json"})
	if diags.HasErrors() {
		t.Fatalf("generation refused: %v", diags)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "tools_gen.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	return fset, f, src
}
