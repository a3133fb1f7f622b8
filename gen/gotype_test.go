package gen_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen"
)

// goTypeCatalog is a one-tool catalog whose input schema is schema.
func goTypeCatalog(schema string) []byte {
	return []byte(`{"tools": [{"name": "t", "inputSchema": ` + schema + `}]}`)
}

// property is an input schema with one property p of schema s.
func property(s string) string {
	return `{"type": "object", "properties": {"p": ` + s + `}}`
}

// TestGoTypeRefused generates catalogs whose goJSONSchema cannot be honoured
// where it stands or is malformed: each must be an error at the extension's
// pointer, saying what is wrong, never a goJSONSchema silently ignored.
func TestGoTypeRefused(t *testing.T) {
	const x = `"goJSONSchema": {"type": "X"}`
	cases := []struct {
		name, schema, ptr, says string
	}{
		{"root", `{"type": "object", ` + x + `, "properties": {}}`, "/goJSONSchema", "not supported here"},
		{"union alternative", property(`{"anyOf": [{"type": "string", ` + x + `}, {"type": "integer"}]}`), "/properties/p/anyOf/0/goJSONSchema", "union's alternative"},
		{"union", property(`{"anyOf": [{"type": "string"}, {"type": "integer"}], ` + x + `}`), "/properties/p/goJSONSchema", "kept as JSON text"},
		{"several types", property(`{"type": ["string", "integer"], ` + x + `}`), "/properties/p/goJSONSchema", "kept as JSON text"},
		{"checked whole", property(`{"type": "string", "not": {"const": "a"}, ` + x + `}`), "/properties/p/goJSONSchema", "kept as JSON text"},
		{"inside not", property(`{"type": "string", "not": {"type": "string", ` + x + `}}`), "/properties/p/not/goJSONSchema", "not supported here"},
		{"inside allOf", property(`{"allOf": [{"type": "string", ` + x + `}]}`), "/properties/p/allOf/0/goJSONSchema", "not supported here"},
		{"unused definition", `{"type": "object", "$defs": {"d": {"type": "string", ` + x + `}}}`, "/$defs/d/goJSONSchema", "not supported here"},
		{"not an object", property(`{"type": "string", "goJSONSchema": "X"}`), "/properties/p/goJSONSchema", "must be an object"},
		{"unknown setting", property(`{"type": "string", "goJSONSchema": {"typ": "X"}}`), "/properties/p/goJSONSchema/typ", `unknown goJSONSchema setting "typ"`},
		{"other case", property(`{"type": "string", "goJSONSchema": {"Type": "X"}}`), "/properties/p/goJSONSchema/Type", `unknown goJSONSchema setting "Type"`},
		{"wrong kind", property(`{"type": "string", "goJSONSchema": {"type": 7}}`), "/properties/p/goJSONSchema", "cannot be read"},
		{"slice type", property(`{"type": "string", "goJSONSchema": {"type": "[]byte"}}`), "/properties/p/goJSONSchema/type", "not a Go type name"},
		{"pointer type", property(`{"type": "string", "goJSONSchema": {"type": "*X"}}`), "/properties/p/goJSONSchema/type", "not a Go type name"},
		{"keyword", property(`{"type": "string", "goJSONSchema": {"type": "func"}}`), "/properties/p/goJSONSchema/type", "not a Go type name"},
		{"no import", property(`{"type": "string", "goJSONSchema": {"type": "decimal.Decimal"}}`), "/properties/p/goJSONSchema/type", "no import provides"},
		{"other imports", property(`{"type": "string", "goJSONSchema": {"type": "decimal.Decimal", "imports": ["example.com/money", "example.com/cash"]}}`), "/properties/p/goJSONSchema/type", "no import provides"},
		{"bad import", property(`{"type": "string", "goJSONSchema": {"type": "X", "imports": ["a b\"c"]}}`), "/properties/p/goJSONSchema/imports/0", "not a Go import path"},
		{"identifier", property(`{"type": "string", "goJSONSchema": {"identifier": "lower"}}`), "/properties/p/goJSONSchema/identifier", "not an exported Go identifier"},
		{"identifier off a property", property(`{"type": "array", "items": {"type": "string", "goJSONSchema": {"identifier": "Item"}}}`), "/properties/p/items/goJSONSchema", "property's schema only"},
		{"json tag", property(`{"type": "string", "goJSONSchema": {"extraTags": {"json": "q"}}}`), "/properties/p/goJSONSchema/extraTags/json", "struct tag key"},
		{"tag key", property(`{"type": "string", "goJSONSchema": {"extraTags": {"a:b": "q"}}}`), "/properties/p/goJSONSchema/extraTags/a:b", "struct tag key"},
		{"nillable alone", property(`{"type": "string", "goJSONSchema": {"nillable": true}}`), "/properties/p/goJSONSchema", `set "type" too`},
		{"pointer on JSON text", property(`{"type": ["string", "integer"], "goJSONSchema": {"pointer": true}}`), "/properties/p/goJSONSchema/pointer", "kept as JSON text"},
		{"cgo import", property(`{"type": "integer", "goJSONSchema": {"type": "C.int", "imports": ["C"]}}`), "/properties/p/goJSONSchema/imports/0", `cgo's package C`},
		{"cgo type", property(`{"type": "integer", "goJSONSchema": {"type": "C.int"}}`), "/properties/p/goJSONSchema/type", `cgo's package C`},
		{"unsafe import", property(`{"type": "string", "goJSONSchema": {"type": "unsafe.Pointer", "imports": ["unsafe"]}}`), "/properties/p/goJSONSchema/imports/0", "package unsafe"},
		{"toolgen's own package", property(`{"type": "string", "goJSONSchema": {"type": "runtime.Nullable", "imports": ["github.com/toolgen/toolgen/runtime"]}}`), "/properties/p/goJSONSchema/imports/0", "toolgen's own module"},
		{"unknown standard package", property(`{"type": "string", "goJSONSchema": {"type": "exec.Cmd", "imports": ["os/exec"]}}`), "/properties/p/goJSONSchema/imports/0", "neither a module's package"},
		{"path without a domain", property(`{"type": "string", "goJSONSchema": {"type": "money.Amount", "imports": ["money"]}}`), "/properties/p/goJSONSchema/imports/0", "neither a module's package"},
		{"dot dot", property(`{"type": "string", "goJSONSchema": {"type": "x.X", "imports": ["example.com/../x"]}}`), "/properties/p/goJSONSchema/imports/0", "not a Go import path"},
		{"scheme", property(`{"type": "string", "goJSONSchema": {"type": "x.X", "imports": ["https://example.com/x"]}}`), "/properties/p/goJSONSchema/imports/0", "not a Go import path"},
		{"backslash", property(`{"type": "string", "goJSONSchema": {"type": "x.X", "imports": ["example.com\\x"]}}`), "/properties/p/goJSONSchema/imports/0", "not a Go import path"},
		{"unused import", property(`{"type": "string", "goJSONSchema": {"type": "decimal.Decimal", "imports": ["github.com/shopspring/decimal", "example.com/other"]}}`), "/properties/p/goJSONSchema/imports/1", "is not the package of type"},
		{"standard type that takes no value", property(`{"type": "string", "goJSONSchema": {"type": "time.Duration"}}`), "/properties/p/goJSONSchema/type", "not a standard library type that can take a value"},
		{"standard type without UnmarshalJSON", property(`{"type": "integer", "goJSONSchema": {"type": "netip.Addr"}}`), "/properties/p/goJSONSchema/type", "has no UnmarshalJSON"},
		{"unexported type", property(`{"type": "string", "goJSONSchema": {"type": "decimal.decimal", "imports": ["github.com/shopspring/decimal"]}}`), "/properties/p/goJSONSchema/type", "such as decimal.Decimal"},
		{"unexported local type", property(`{"type": "string", "goJSONSchema": {"type": "code"}}`), "/properties/p/goJSONSchema/type", "such as Code"},
		{"empty package", property(`{"type": "string", "goJSONSchema": {"type": ".A"}}`), "/properties/p/goJSONSchema/type", "not a Go type name"},
		{"blank package", property(`{"type": "string", "goJSONSchema": {"type": "_.A", "imports": ["example.com/a"]}}`), "/properties/p/goJSONSchema/type", "not a Go type name"},
		{"generated arguments", property(`{"type": "string", "goJSONSchema": {"type": "TArgs"}}`), "/properties/p/goJSONSchema/type", "the generated file declares itself"},
		{"generated branded type", property(`{"type": "string", "goJSONSchema": {"type": "ValidTArgs"}}`), "/properties/p/goJSONSchema/type", "the generated file declares itself"},
		{"Handler", property(`{"type": "string", "goJSONSchema": {"type": "Handler"}}`), "/properties/p/goJSONSchema/type", "the generated file declares itself"},
		{"ToolName", property(`{"type": "string", "goJSONSchema": {"type": "ToolName"}}`), "/properties/p/goJSONSchema/type", "the generated file declares itself"},
		{"error", property(`{"type": "string", "goJSONSchema": {"type": "error"}}`), "/properties/p/goJSONSchema/type", "is an interface"},
		{"any", property(`{"type": "object", "goJSONSchema": {"type": "any"}}`), "/properties/p/goJSONSchema/type", "is an interface"},
		{"predeclared value", property(`{"type": "boolean", "goJSONSchema": {"type": "true"}}`), "/properties/p/goJSONSchema/type", "predeclared value true"},
		{"built-in function", property(`{"type": "integer", "goJSONSchema": {"type": "len"}}`), "/properties/p/goJSONSchema/type", "built-in function len"},
		{"string for an integer", property(`{"type": "integer", "goJSONSchema": {"type": "string"}}`), "/properties/p/goJSONSchema/type", "write int64"},
		{"float32", property(`{"type": "number", "goJSONSchema": {"type": "float32"}}`), "/properties/p/goJSONSchema/type", "write float64"},
		{"unbounded int32", property(`{"type": "integer", "maximum": 10, "goJSONSchema": {"type": "int32"}}`), "/properties/p/goJSONSchema/type", "at most 10, with no minimum"},
		{"uint8 past its range", property(`{"type": "integer", "minimum": 0, "maximum": 256, "goJSONSchema": {"type": "uint8"}}`), "/properties/p/goJSONSchema/type", "0..256"},
		{"int on 32 bits", property(`{"type": "integer", "minimum": 0, "maximum": 4294967296, "goJSONSchema": {"type": "int"}}`), "/properties/p/goJSONSchema/type", "32 bits on some platforms"},
		{"string for an enum", property(`{"type": "string", "enum": ["a"], "goJSONSchema": {"type": "string"}}`), "/properties/p/goJSONSchema/type", "enum type"},
		{"nillable string", property(`{"type": "string", "goJSONSchema": {"type": "string", "nillable": true}}`), "/properties/p/goJSONSchema/nillable", "no nil of its own"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src, diags := generate("catalog.json", goTypeCatalog(c.schema), gen.Options{Package: "tools", Source: "catalog.json"})
			if src != nil {
				t.Fatalf("generated code for %s; diagnostics: %v", c.schema, diags)
			}
			want := "/tools/0/inputSchema" + c.ptr
			for _, d := range diags {
				if d.Severity == catalog.Error && d.Pointer == want && strings.Contains(d.Message, c.says) {
					return
				}
			}
			t.Errorf("no error at %s saying %q; got:\n%v", want, c.says, diags)
		})
	}
}

// TestGoTypeAccepted checks the settings and positions that are honoured
// generate without a word, and what each changes in the file.
func TestGoTypeAccepted(t *testing.T) {
	cases := []struct {
		name, schema string
		emits        []string
	}{
		{"local text type", property(`{"type": "string", "goJSONSchema": {"type": "Code"}}`), []string{"P *Code `json:\"p,omitzero\"`", "_ encoding.TextUnmarshaler = (*Code)(nil)", "toolgenimpl.DecodeText[Code]"}},
		{"local JSON type", property(`{"type": "integer", "goJSONSchema": {"type": "Count"}}`), []string{"P *Count", "_ json.Unmarshaler = (*Count)(nil)", "toolgenimpl.DecodeJSON[Count]"}},
		{"std package", property(`{"type": "string", "goJSONSchema": {"type": "netip.Addr"}}`), []string{"P *netip.Addr", `"net/netip"`}},
		{"versioned import", property(`{"type": "string", "goJSONSchema": {"type": "uuid.UUID", "imports": ["example.com/uuid/v5"]}}`), []string{"P *uuid.UUID", `"example.com/uuid/v5"`}},
		{"package named apart from its path", property(`{"type": "string", "goJSONSchema": {"type": "uuid.UUID", "imports": ["example.com/go-uuid"]}}`), []string{"P *uuid.UUID", `uuid "example.com/go-uuid"`}},
		{"nillable", property(`{"type": "array", "goJSONSchema": {"type": "IDs", "nillable": true}}`), []string{"P IDs `json:\"p,omitzero\"`"}},
		{"not nillable", property(`{"type": "array", "goJSONSchema": {"type": "IDs"}}`), []string{"P *IDs `json:\"p,omitzero\"`"}},
		{"nullable items", property(`{"type": "array", "items": {"type": ["string", "null"], "goJSONSchema": {"type": "Code"}}}`), []string{"P []*Code"}},
		{"pointer false", property(`{"type": "string", "goJSONSchema": {"pointer": false}}`), []string{"P string `json:\"p\"`"}},
		{"pointer true", `{"type": "object", "properties": {"p": {"type": "string", "goJSONSchema": {"pointer": true}}}, "required": ["p"]}`, []string{"P *string"}},
		{"identifier", property(`{"type": "string", "goJSONSchema": {"identifier": "Pea"}}`), []string{"Pea *string"}},
		{"extraTags", property(`{"type": "string", "goJSONSchema": {"extraTags": {"yaml": "p,omitempty", "db": "q\"x"}}}`), []string{"P *string `db:\"q\\\"x\" json:\"p,omitzero\" yaml:\"p,omitempty\"`"}},
		{"beside $ref", `{"type": "object", "properties": {"p": {"$ref": "#/$defs/d", "goJSONSchema": {"type": "Code"}}, "q": {"$ref": "#/$defs/d"}}, "$defs": {"d": {"type": "string"}}}`, []string{"P *Code", "Q *string"}},
		{"nullable", property(`{"anyOf": [{"type": "string"}, {"type": "null"}], "goJSONSchema": {"type": "Code"}}`), []string{"P runtime.Nullable[Code]"}},
		{"string", property(`{"type": "string", "goJSONSchema": {"type": "string"}}`), []string{"P *string"}},
		{"int64", property(`{"type": "integer", "goJSONSchema": {"type": "int64"}}`), []string{"P *int64"}},
		{"bounded uint8", property(`{"type": "integer", "minimum": 0, "maximum": 255, "goJSONSchema": {"type": "uint8"}}`), []string{"P *uint8", "c := uint8(v)"}},
		{"enum of int16", property(`{"type": "integer", "enum": [-300, 7, 300], "goJSONSchema": {"type": "int16"}}`), []string{"P *int16"}},
		{"exclusive int8", property(`{"type": "integer", "exclusiveMinimum": -129, "exclusiveMaximum": 128, "goJSONSchema": {"type": "int8"}}`), []string{"P *int8"}},
		{"standard package by its name", property(`{"type": "integer", "goJSONSchema": {"type": "big.Int"}}`), []string{"P *big.Int", `"math/big"`, "_ json.Unmarshaler = (*big.Int)(nil)"}},
		{"renamed standard package", property(`{"type": "string", "goJSONSchema": {"type": "ip.Addr", "imports": ["net/netip"]}}`), []string{"P *ip.Addr", `ip "net/netip"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src, diags := generate("catalog.json", goTypeCatalog(c.schema), gen.Options{Package: "tools", Source: "catalog.json"})
			if src == nil || len(diags) > 0 {
				t.Fatalf("diagnostics: %v", diags)
			}
			for _, want := range c.emits {
				if !strings.Contains(string(src), want) {
					t.Errorf("the file lacks %s:\n%s", want, src)
				}
			}
		})
	}
}

// TestGoTypeMustTakeItsValues builds generated code whose goJSONSchema
// types lack the method their values need: go build fails at the
// assertion, naming the type and the missing method.
func TestGoTypeMustTakeItsValues(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated code with the go command; skipped in -short mode")
	}
	catalogText := goTypeCatalog(`{"type": "object", "properties": {
		"s": {"type": "string", "goJSONSchema": {"type": "Plain"}},
		"n": {"type": "number", "goJSONSchema": {"type": "TextOnly"}}}}`)
	src, diags := generate("catalog.json", catalogText, gen.Options{Package: "tools", Source: "catalog.json"})
	if src == nil {
		t.Fatalf("diagnostics: %v", diags)
	}
	dir := tempModule(t, "gotypes")
	writeFile(t, filepath.Join(dir, "tools", "tools_gen.go"), src)
	writeFile(t, filepath.Join(dir, "tools", "types.go"), []byte(`package tools

// Plain has no UnmarshalText.
type Plain struct{ s string }

// TextOnly takes text, but a number comes as JSON.
type TextOnly struct{}

func (*TextOnly) UnmarshalText([]byte) error { return nil }
`))
	cmd := exec.Command(goCommand(), "build", "./tools")
	cmd.Dir = dir
	cmd.Env = append(cmd.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatal("code with types that cannot take their values builds")
	}
	for _, want := range []string{
		"*Plain does not implement encoding.TextUnmarshaler (missing method UnmarshalText)",
		"*TextOnly does not implement json.Unmarshaler (missing method UnmarshalJSON)",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("go build says:\n%s\nwant it to say %s", out, want)
		}
	}
}

// TestGoTypeDecodes builds the gotypes golden catalog (generated with
// Options.Time) beside its types and parses calls: valid ones arrive as the
// chosen types holding the right values, and the types' refusals are
// violations whose hints say what is wrong.
func TestGoTypeDecodes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated code with the go command; skipped in -short mode")
	}
	ar, err := txtar.ParseFile("testdata/golden/gotypes.txtar")
	if err != nil {
		t.Fatal(err)
	}
	src, diags := generate("catalog.json", section(ar, "catalog.json"), gen.Options{Package: "tools", Source: "catalog.json", Time: true})
	if src == nil {
		t.Fatalf("diagnostics: %v", diags)
	}
	dir := tempModule(t, "gotypes")
	writeFile(t, filepath.Join(dir, "tools", "tools_gen.go"), src)
	writeFile(t, filepath.Join(dir, "tools", "types.go"), []byte(strings.Replace(string(section(ar, "types.go")), "package pgotypes", "package tools", 1)))
	writeFile(t, filepath.Join(dir, "main.go"), []byte(`package main

import (
	"fmt"
	"os"

	"gotypes/tools"

	"github.com/toolgen/toolgen/runtime"
)

func main() {
	v, err := tools.ParseRestockArgs([]byte(os.Args[1]))
	if err != nil {
		fmt.Print(runtime.ModelMessage(err))
		return
	}
	a := v.Args()
	var priority uint8 = a.Priority // the catalog's uint8, defaulted
	fmt.Printf("sku=%+v alternates=%+v budget=%d quantity=%s deliverBy=%s notBefore=%v/%v gateways=%v labels=%v note=%q priority=%d",
		a.StockKeepingUnit, a.Alternates, a.Budget, a.Quantity, a.DeliverBy.UTC().Format("2006-01-02 15:04:05"),
		a.NotBefore.Present, a.NotBefore.Null, a.Gateways, a.Labels, a.Note, priority)
}
`))
	build := exec.Command(goCommand(), "build", "-o", "parse", ".")
	build.Dir = dir
	build.Env = append(build.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cases := []struct{ args, want string }{
		{`{"sku": "ABC-1234", "alternates": ["XYZ-0001"], "budget": 12.5, "quantity": 40, "deliverBy": "2024-05-01T15:45:00+02:00", "notBefore": null, "gateways": {"eu": "10.0.0.1"}, "labels": {"Team": "ops"}, "note": "rush", "priority": 5}`,
			`sku={Group:ABC Number:1234} alternates=[{Group:XYZ Number:0001}] budget=1250 quantity=40 deliverBy=2024-05-01 13:45:00 notBefore=true/true gateways=map[eu:10.0.0.1] labels=map[team:ops] note="rush" priority=5`},
		{`{"sku": "ABC-1234", "budget": 1, "quantity": 2, "deliverBy": "2024-05-01T13:45:00Z"}`,
			`sku={Group:ABC Number:1234} alternates=[] budget=100 quantity=2 deliverBy=2024-05-01 13:45:00 notBefore=false/false gateways=map[] labels=map[] note="" priority=3`},
		{`{"sku": "ZZZ-1234", "budget": 1.001, "quantity": 1.0, "deliverBy": "1990-12-31T23:59:60Z", "priority": 256}`,
			`The arguments for tool "restock" have 5 problems. Fix all of them and call the tool again:
- Field "sku" got "ZZZ-1234", which cannot be read: group ZZZ is retired; send a value in the form its description gives.
- Field "budget" got 1.001, which cannot be read: at most two decimals; send a value in the form its description gives.
- Field "quantity" got 1.0, which cannot be read: math/big: cannot unmarshal "1.0" into a *big.Int; send a value in the form its description gives.
- Field "deliverBy" must be an RFC 3339 date-time with its UTC offset, such as 2024-05-01T13:45:00Z; got "1990-12-31T23:59:60Z", which cannot be read: parsing time "1990-12-31T23:59:60Z": second out of range.
- Field "priority" must be at most 5; got 256.`},
	}
	for _, c := range cases {
		out, err := exec.Command(filepath.Join(dir, "parse"), c.args).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", c.args, err, out)
		}
		if string(out) != c.want {
			t.Errorf("parsing %s:\n got: %s\nwant: %s", c.args, out, c.want)
		}
	}
}
