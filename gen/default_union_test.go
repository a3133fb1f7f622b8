package gen_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen"
)

// unionDefaults are property schemas with "default" beside anyOf, oneOf or
// $ref, each with a default its schema accepts: the shapes zod's .default()
// on a union and pydantic's optional fields take, and the three ways a union
// is held (nullable value, sealed interface, JSON text checked whole).
var unionDefaults = []struct {
	name, schema string
}{
	{"pydanticNull", `{"anyOf":[{"type":"string"},{"type":"null"}],"default":null,"title":"Base Branch"}`},
	{"nullableInt", `{"anyOf":[{"type":"integer"},{"type":"null"}],"default":7}`},
	{"nullableFirst", `{"oneOf":[{"type":"null"},{"type":"string","maxLength":3}],"default":"abc"}`},
	{"byKindString", `{"anyOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}],"default":"work"}`},
	{"byKindArray", `{"anyOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}],"default":["a","b"]}`},
	{"byKindNumber", `{"oneOf":[{"type":"boolean"},{"type":"integer","minimum":1}],"default":5}`},
	{"tagged", `{"oneOf":[{"type":"object","properties":{"k":{"const":"x"},"n":{"type":"integer"}},"required":["k"]},{"type":"object","properties":{"k":{"const":"y"},"s":{"type":"string"}},"required":["k"]}],"default":{"k":"y","s":"hi"}}`},
	{"overlapping", `{"anyOf":[{"type":"string","minLength":3},{"type":"string","pattern":"^a"}],"default":"abcd"}`},
	{"enumRef", `{"$ref":"#/$defs/Mode","default":"b"}`},
	{"objectRef", `{"$ref":"#/$defs/Box","default":{"w":3}}`},
	{"unionRef", `{"anyOf":[{"$ref":"#/$defs/Box"},{"type":"integer"}],"default":{"w":4}}`},
}

// unionDefaultsCatalog is one tool whose properties are unionDefaults.
func unionDefaultsCatalog(t *testing.T) []byte {
	t.Helper()
	props := map[string]json.RawMessage{}
	for _, c := range unionDefaults {
		props[c.name] = json.RawMessage(c.schema)
	}
	defs := map[string]any{
		"Mode": map[string]any{"type": "string", "enum": []string{"a", "b"}},
		"Box":  map[string]any{"type": "object", "properties": map[string]any{"w": map[string]any{"type": "integer"}}, "required": []string{"w"}},
	}
	data, err := json.Marshal(map[string]any{"tools": []any{map[string]any{
		"name":        "pick",
		"inputSchema": map[string]any{"type": "object", "properties": props, "$defs": defs},
	}}})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestDefaultBesideUnionGenerates: a default beside anyOf, oneOf or $ref
// is an annotation and never stops generation, nor gives a warning when the
// field can hold it.
func TestDefaultBesideUnionGenerates(t *testing.T) {
	for _, c := range unionDefaults {
		t.Run(c.name, func(t *testing.T) {
			data := `{"tools":[{"name":"t","inputSchema":{"type":"object","$defs":{"Mode":{"enum":["a","b"],"type":"string"},"Box":{"type":"object","properties":{"w":{"type":"integer"}},"required":["w"]}},"properties":{"p":` + c.schema + `}}}]}`
			src, diags := generate("union.json", []byte(data), gen.Options{Package: "x"})
			if src == nil || diags.HasErrors() {
				t.Fatalf("generation failed:\n%v", diags)
			}
			for _, d := range diags {
				if strings.Contains(d.Message, "default") {
					t.Errorf("unexpected diagnostic about the default: %v", d)
				}
			}
			if !bytes.Contains(src, []byte("Defaults to ")) {
				t.Errorf("the field's doc comment does not give the default")
			}
		})
	}
}

// TestDefaultBesideUnionApplied builds the generated code and reads {}: the
// arguments the handler would get hold each default, read as the value a
// caller could have sent.
func TestDefaultBesideUnionApplied(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated code with the go command")
	}
	src := mustGenerate(t, unionDefaultsCatalog(t), gen.Options{Package: "tools"})
	dir := tempModule(t, "uniondefaults")
	writeFile(t, filepath.Join(dir, "tools", "tools_gen.go"), src)
	writeFile(t, filepath.Join(dir, "driver", "main.go"), []byte(unionDefaultsDriver))
	out := runDriverIn(t, dir, bytes.NewBufferString("{}\n"), "building or running the generated code failed")
	var got map[string]any
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("driver output %q: %v", out, err)
	}
	for _, c := range unionDefaults {
		var schema struct{ Default any }
		if err := json.Unmarshal([]byte(c.schema), &schema); err != nil {
			t.Fatal(err)
		}
		value, present := got[c.name]
		if schema.Default == nil {
			// A null default leaves the member as absent and null read: nil.
			if present && value != nil {
				t.Errorf("%s: got %v, want null or absent", c.name, value)
			}
			continue
		}
		if !reflect.DeepEqual(value, schema.Default) {
			t.Errorf("%s: the default applied encodes as %v, want %v", c.name, value, schema.Default)
		}
	}
}

const unionDefaultsDriver = `// Command driver parses each line as the arguments of pick and prints them.
package main

import (
	"bufio"
	"encoding/json"
	"os"

	"uniondefaults/tools"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		args, err := tools.ParsePickArgs(in.Bytes())
		if err != nil {
			panic(err)
		}
		out, err := json.Marshal(args.Args())
		if err != nil {
			panic(err)
		}
		os.Stdout.Write(append(out, '\n'))
	}
}
`

// TestRealCatalogUnionDefaults is the reported case: mcp-server-git, a
// pydantic server whose optional fields are {"anyOf": [S, {"type":
// "null"}], "default": null}, generates.
func TestRealCatalogUnionDefaults(t *testing.T) {
	path := filepath.Join("..", "..", "shared", "testdata", "catalogs", "mcp-server-git.tools.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("real catalog %s is not available (%v); it lives in ../shared/testdata beside the project", path, err)
	}
	src, diags := generate(path, data, gen.Options{Package: "git"})
	if src == nil || diags.HasErrors() {
		t.Fatalf("generation failed:\n%v", diags)
	}
	for _, want := range []string{"StartTimestamp *string", "BaseBranch *string"} {
		if !bytes.Contains(src, []byte(want)) {
			t.Errorf("the generated code has no field %q", want)
		}
	}
}

// TestUnappliedDefaultIsDocumented: a default the field cannot hold (a Go
// type of the catalog's choosing, itself or inside) is kept in the doc
// comment with a warning at the default, never a refusal.
func TestUnappliedDefaultIsDocumented(t *testing.T) {
	const x = `"goJSONSchema": {"type": "X"}`
	cases := []struct {
		name, schema, def string
		time              bool
	}{
		{"time", `{"type": "string", "format": "date-time", "default": "2020-01-01T00:00:00Z"}`, `"2020-01-01T00:00:00Z"`, true},
		{"goJSONSchema", `{"type": "string", "default": "a", ` + x + `}`, `"a"`, false},
		{"items", `{"type": "array", "default": ["a"], "items": {"type": "string", ` + x + `}}`, `["a"]`, false},
		{"union", `{"anyOf": [{"type": "string", "format": "date-time"}, {"type": "null"}], "default": "2020-01-01T00:00:00Z"}`, `"2020-01-01T00:00:00Z"`, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data := goTypeCatalog(property(c.schema))
			src, diags := generate("catalog.json", data, gen.Options{Package: "x", Time: c.time})
			if src == nil || diags.HasErrors() {
				t.Fatalf("generation failed:\n%v", diags)
			}
			var warned bool
			for _, d := range diags {
				if d.Severity == catalog.Warning && d.Pointer == "/tools/0/inputSchema/properties/p/default" && d.Tool == "t" && d.Line == 1 {
					warned = strings.Contains(d.Message, "not applied")
				}
			}
			if !warned {
				t.Errorf("no warning at the default; diagnostics:\n%v", diags)
			}
			doc := strings.Join(strings.Fields(strings.ReplaceAll(string(src), "//", "")), " ")
			if want := fmt.Sprintf("default %s, which is not applied", c.def); !strings.Contains(doc, want) {
				t.Errorf("the doc comment does not keep the default (%s)", want)
			}
			if bytes.Contains(src, []byte("Defaults to")) {
				t.Errorf("the doc comment says the default is applied")
			}
		})
	}
}

// TestRejectedUnionDefaultNotApplied: a default beside a union that the
// schema rejects is reported and not applied, as any rejected default is.
func TestRejectedUnionDefaultNotApplied(t *testing.T) {
	for _, schema := range []string{
		`{"anyOf":[{"type":"string"},{"type":"null"}],"default":5}`,
		`{"oneOf":[{"type":"string"},{"type":"integer"}],"default":true}`,
		`{"oneOf":[{"type":"string","minLength":1},{"type":"string","maxLength":3}],"default":"ab"}`,
	} {
		data := `{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{"p":` + schema + `}}}]}`
		src, diags := generate("rejected.json", []byte(data), gen.Options{Package: "x"})
		if src == nil {
			t.Fatalf("%s: generation failed:\n%v", schema, diags)
		}
		var warned bool
		for _, d := range diags {
			warned = warned || d.Severity == catalog.Warning && d.Pointer == "/tools/0/inputSchema/properties/p/default" && strings.Contains(d.Message, "does not validate")
		}
		if !warned || bytes.Contains(src, []byte("Defaults to")) {
			t.Errorf("%s: warned %t; the default is applied: %t\n%v", schema, warned, bytes.Contains(src, []byte("Defaults to")), diags)
		}
	}
}
