package gen_test

import (
	"encoding/json"
	"fmt"
	"go/types"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/gen"
)

// The generated file must compile whatever the catalog calls its tools,
// properties, definitions and enum values. These tests generate catalogs
// whose names collide after every mapping the generator makes (exported Go
// names, unexported ones, numbered ones) and type-check what comes out.

// mustGenerate generates a catalog that must generate without errors.
func mustGenerate(t *testing.T, catalogJSON []byte, opts gen.Options) []byte {
	t.Helper()
	src, diags := generate("catalog.json", catalogJSON, opts)
	if diags.HasErrors() || src == nil {
		t.Fatalf("generation failed:\n%v\ncatalog: %s", diags, catalogJSON)
	}
	return src
}

// TestToolNamesUnexportCollide is the reported case: two tools whose exported
// names differ only in case, so that their unexported names are the same.
func TestToolNamesUnexportCollide(t *testing.T) {
	object := map[string]any{"type": "object", "properties": map[string]any{"year": map[string]any{"type": "integer"}}}
	cat := map[string]any{"tools": []any{
		map[string]any{"name": "us_president_in_year", "inputSchema": object, "outputSchema": object},
		map[string]any{"name": "US_president.in_year", "inputSchema": object, "outputSchema": object},
	}}
	data, _ := json.Marshal(cat)
	src := mustGenerate(t, data, gen.Options{Package: "tools", OpenAIStrict: true})
	typeCheck(t, src)
}

// TestFixedNamesAreReserved names definitions and enum values after the
// declarations every generated file has, and after the packages it imports.
func TestFixedNamesAreReserved(t *testing.T) {
	defs := map[string]any{}
	props := map[string]any{}
	for _, name := range []string{"definitions", "new_dispatcher", "Handler", "tool_name", "tools", "validate_args", "dispatch", "runtime", "json", "sync", "string", "error", "load_tools", "tool_validator", "tools_once"} {
		defs[name] = map[string]any{"type": "object", "properties": map[string]any{"v": map[string]any{"type": "string"}}}
		props[name] = map[string]any{"$ref": "#/$defs/" + name}
	}
	props["kind"] = map[string]any{"type": "string", "enum": []string{"args", "result", "definitions"}}
	cat := map[string]any{"tools": []any{
		map[string]any{"name": "t", "inputSchema": map[string]any{"type": "object", "properties": props, "$defs": defs}},
		map[string]any{"name": "t_kind_args", "inputSchema": map[string]any{"type": "object"}},
	}}
	data, _ := json.Marshal(cat)
	typeCheck(t, mustGenerate(t, data, gen.Options{Package: "tools"}))

	// With -client, Client and NewClient are the file's too.
	for _, name := range []string{"client", "new_client", "Client"} {
		defs[name] = map[string]any{"type": "object", "properties": map[string]any{"v": map[string]any{"type": "string"}}}
		props[name] = map[string]any{"$ref": "#/$defs/" + name}
	}
	cat["tools"] = append(cat["tools"].([]any), map[string]any{"name": "new_client", "inputSchema": map[string]any{"type": "object"}})
	data, _ = json.Marshal(cat)
	pkg := typeCheck(t, mustGenerate(t, data, gen.Options{Package: "tools", Client: true}))
	if _, ok := pkg.Scope().Lookup("NewClient").(*types.Func); !ok {
		t.Error("NewClient is not the client's constructor")
	}
}

// nameParts are fragments that, joined, make names that collide after the
// generator's mappings: case variants, separators, digits, Go keywords and
// predeclared identifiers, import names, and the words the generator builds
// its own names from.
var nameParts = []string{
	"us", "US", "Us", "president", "President", "in", "year", "_", ".", "-", " ",
	"0", "1", "2", "10", "string", "error", "len", "any", "nil", "true",
	"type", "func", "range", "runtime", "json", "context", "slices", "regexp", "sync", "time",
	"tool", "Tool", "tools", "valid", "Valid", "args", "Args", "result", "Result",
	"parse", "call", "check", "decode", "read", "input", "output", "schema", "Schema",
	"strict", "fields", "Fields", "objects", "values", "Values", "list", "List",
	"tags", "alt", "Alt", "pattern", "divisor", "definitions", "handler", "dispatch",
	"value", "r", "x", "v", "seen", "others", "ID", "id", "Id", "é", "日本",
	"once", "load", "validator", "index", "specs", "table",
}

// randomName joins one to four parts.
func randomName(rng *rand.Rand) string {
	var b strings.Builder
	for range 1 + rng.IntN(4) {
		b.WriteString(nameParts[rng.IntN(len(nameParts))])
	}
	return b.String()
}

// randomToolName is a random tool name: any characters, those the MCP
// specification advises against too (spaces, "é", "(" ...), which generate
// with a warning.
func randomToolName(rng *rand.Rand) string {
	name := randomName(rng)
	if rng.IntN(4) == 0 {
		name += []string{" (form)", "()", "/", ":", "🙂", "\"", "\\"}[rng.IntN(7)]
	}
	return name
}

// randomSchema is a schema of a random shape whose names are random: nested
// objects, enums, unions, patterns, divisors and references to defs.
func randomSchema(rng *rand.Rand, depth int, defs []string) map[string]any {
	switch k := rng.IntN(9); {
	case depth > 2 || k == 0:
		return map[string]any{"type": "string", "pattern": "^[a-z]" + strings.Repeat("x?", rng.IntN(2)) + "$"}
	case k == 1:
		values := []string{randomName(rng), randomName(rng), randomName(rng)}
		return map[string]any{"type": "string", "enum": values}
	case k == 2:
		return map[string]any{"type": "number", "multipleOf": 0.5}
	case k == 3 && len(defs) > 0:
		return map[string]any{"$ref": "#/$defs/" + defs[rng.IntN(len(defs))]}
	case k == 4:
		return map[string]any{"anyOf": []any{map[string]any{"type": "string"}, map[string]any{"type": "integer"}}}
	case k == 5:
		return map[string]any{"anyOf": []any{randomObject(rng, depth+1, defs), randomObject(rng, depth+1, defs)}}
	case k == 6:
		return map[string]any{"type": "array", "items": randomSchema(rng, depth+1, defs)}
	case k == 7:
		return map[string]any{"type": "object", "additionalProperties": randomSchema(rng, depth+1, defs)}
	}
	return randomObject(rng, depth+1, defs)
}

func randomObject(rng *rand.Rand, depth int, defs []string) map[string]any {
	props := map[string]any{}
	required := []string{}
	for range 1 + rng.IntN(4) {
		name := randomName(rng)
		if props[name] != nil {
			continue
		}
		props[name] = randomSchema(rng, depth, defs)
		if rng.IntN(2) == 0 {
			required = append(required, name)
		}
	}
	return map[string]any{"type": "object", "properties": props, "required": required}
}

// randomCatalog is a catalog of a few tools with random names and schemas.
func randomCatalog(rng *rand.Rand) []byte {
	var tools []any
	seen := map[string]bool{}
	for range 2 + rng.IntN(4) {
		name := randomToolName(rng)
		if seen[name] {
			continue
		}
		seen[name] = true
		defs := map[string]any{}
		var defNames []string
		for range rng.IntN(3) {
			d := randomName(rng)
			defs[d] = map[string]any{"type": "object", "properties": map[string]any{randomName(rng): map[string]any{"type": "string", "enum": []string{randomName(rng), randomName(rng)}}}}
			defNames = append(defNames, d)
		}
		input := randomObject(rng, 0, defNames)
		input["$defs"] = defs
		tool := map[string]any{"name": name, "inputSchema": input}
		if rng.IntN(2) == 0 {
			tool["outputSchema"] = randomObject(rng, 0, nil)
		}
		tools = append(tools, tool)
	}
	data, err := json.Marshal(map[string]any{"tools": tools})
	if err != nil {
		panic(err)
	}
	return data
}

// TestGeneratedNamesUnique is the property: for catalogs named from an
// adversarial alphabet, the generated file declares every identifier once,
// shadows nothing it uses (it type-checks), and is the same file each time.
func TestGeneratedNamesUnique(t *testing.T) {
	trials := 40
	if testing.Short() {
		trials = 10
	}
	for seed := range trials {
		rng := rand.New(rand.NewPCG(uint64(seed), 7))
		data := randomCatalog(rng)
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			opts := gen.Options{Package: "tools", OpenAIStrict: seed%2 == 1, Client: seed%3 == 0}
			src := mustGenerate(t, data, opts)
			pkg := typeCheck(t, src)
			if again := mustGenerate(t, data, opts); string(again) != string(src) {
				t.Fatalf("the same catalog generated two different files")
			}
			// Every tool keeps its handler method and its exported names.
			var cat struct{ Tools []struct{ Name string } }
			_ = json.Unmarshal(data, &cat)
			handler := pkg.Scope().Lookup("Handler").Type().Underlying().(*types.Interface)
			if handler.NumMethods() != len(cat.Tools) {
				t.Fatalf("Handler has %d methods for %d tools", handler.NumMethods(), len(cat.Tools))
			}
			if opts.Client {
				client := types.NewMethodSet(types.NewPointer(pkg.Scope().Lookup("Client").Type()))
				if client.Len() != len(cat.Tools) {
					t.Fatalf("Client has %d methods for %d tools", client.Len(), len(cat.Tools))
				}
			}
		})
	}
}

// TestValidatorNamesUnique generates stand-alone validators whose names
// unexport to the same prefix ("USA", "Usa") or extend one another's numbered
// names ("Foo" numbers foo1, foo10, ...; "Foo1" numbers foo10, ...).
func TestValidatorNamesUnique(t *testing.T) {
	schema := []byte(`{"type":"object","properties":{"a":{"pattern":"^a+(b|c)"},"b":{"const":[3]},"c":{"multipleOf":0.5},"d":{"enum":[[1],[2]]}},"allOf":[{"required":["a"]}],"not":{"required":["e"]}}`)
	var schemas []gen.Schema
	for _, name := range []string{"USA", "Usa", "Foo", "Foo1", "Foo10", "Foo1Value1"} {
		schemas = append(schemas, gen.Schema{Name: name, JSON: schema})
	}
	src, refused, err := gen.GenerateValidators(schemas, gen.ValidatorOptions{Package: "tools"})
	if err != nil || len(refused) > 0 {
		t.Fatalf("GenerateValidators: %v %v", err, refused)
	}
	typeCheck(t, src)
	schemas = append(schemas, gen.Schema{Name: "Usa", JSON: schema})
	if _, _, err := gen.GenerateValidators(schemas, gen.ValidatorOptions{Package: "tools"}); err == nil {
		t.Fatal("two schemas named Usa were accepted")
	}
}

// TestEnumConstantTaken names a type as an enum constant would be named: the
// constant is numbered, with a warning, where generation used to stop.
func TestEnumConstantTaken(t *testing.T) {
	data := []byte(`{"tools":[{"name":"paint","inputSchema":{"type":"object","properties":{
		"a": {"$ref": "#/$defs/paint_color_red"},
		"color": {"type": "string", "enum": ["red", "blue"]}
	},"$defs":{"paint_color_red":{"type":"object","properties":{"x":{"type":"string"}}}}}}]}`)
	src, diags := generate("catalog.json", data, gen.Options{Package: "tools"})
	if diags.HasErrors() {
		t.Fatalf("generation failed: %v", diags)
	}
	if !strings.Contains(fmt.Sprint(diags), "the constant PaintColorRed for enum value \"red\" is taken by another generated name; using PaintColorRed2") {
		t.Errorf("no warning about the renamed constant: %v", diags)
	}
	pkg := typeCheck(t, src)
	for _, name := range []string{"PaintColorRed", "PaintColorRed2", "PaintColorBlue"} {
		if pkg.Scope().Lookup(name) == nil {
			t.Errorf("%s is not declared", name)
		}
	}
}
