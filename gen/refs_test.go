package gen

import (
	"strconv"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
)

// refForm is one way of writing a "$ref" to the schema of a thread
// ({"id": integer}): the reference, the schema's own words that name it,
// and what the document holding it says of its dialect.
type refForm struct {
	name, ref, names string
	defs             string // "$defs" or "definitions"
	dialect          string // a "$schema" member and comma, or ""
	other            bool   // the thread is in another tool's schema
}

var refForms = []refForm{
	{name: "pointer", ref: "#/$defs/Thread", defs: "$defs"},
	{name: "escaped pointer", ref: "#/%24defs/Thread", defs: "$defs"},
	{name: "anchor", ref: "#thread", names: `"$anchor":"thread",`, defs: "$defs"},
	{name: "bare $id", ref: "Thread", names: `"$id":"Thread",`, defs: "$defs"},
	{name: "relative $id", ref: "thread.json", names: `"$id":"thread.json",`, defs: "$defs"},
	{name: "absolute $id", ref: "https://example.com/thread.json", names: `"$id":"https://example.com/thread.json",`, defs: "$defs"},
	{name: "$id, empty fragment", ref: "https://example.com/thread.json#", names: `"$id":"https://example.com/thread.json",`, defs: "$defs"},
	{name: "draft-07 $id anchor", ref: "#thread", names: `"$id":"#thread",`, defs: "definitions", dialect: `"$schema":"http://json-schema.org/draft-07/schema#",`},
	{name: "draft-07 pointer", ref: "#/definitions/Thread", defs: "definitions", dialect: `"$schema":"http://json-schema.org/draft-07/schema#",`},
	{name: "2019-09 anchor", ref: "#thread", names: `"$anchor":"thread",`, defs: "$defs", dialect: `"$schema":"https://json-schema.org/draft/2019-09/schema",`},
	{name: "other tool by $id", ref: "https://example.com/other.json#/$defs/Thread", other: true},
	{name: "other tool by anchor", ref: "https://example.com/other.json#thread", names: `"$anchor":"thread",`, other: true},
	{name: "other tool's bare $id", ref: "https://example.com/Thread", names: `"$id":"Thread",`, other: true},
}

const threadSchema = `"type":"object","properties":{"id":{"type":"integer"}},"required":["id"],"additionalProperties":false`

// refCatalog is a catalog whose tool "t" has the input schema body, with
// form's thread in its definitions or in tool "other"'s.
func refCatalog(form refForm, body string) string {
	thread := `{"Thread":{` + form.names + threadSchema + `}}`
	defs := form.defs
	if form.other {
		defs = "$defs"
	}
	input := `{` + form.dialect + body
	other := `{"name":"other","description":"x","inputSchema":{"type":"object","properties":{}}}`
	if form.other {
		other = `{"name":"other","description":"x","inputSchema":{"$id":"https://example.com/other.json","type":"object","properties":{},"$defs":` + thread + `}}`
		input += `}`
	} else {
		input += `,"` + defs + `":` + thread + `}`
	}
	return `{"tools":[{"name":"t","description":"x","inputSchema":` + strings.ReplaceAll(input, "REF", form.ref) + `},` + other + `]}`
}

// isThread reports whether v holds a thread as a typed struct: a struct
// with an int64 field for "id", directly or as the one alternative of a
// union besides null.
func isThread(v *Value) bool {
	if v == nil {
		return false
	}
	if v.Union != nil {
		for _, alt := range v.Union.Alternatives {
			if isThread(alt.Value) {
				return true
			}
		}
		return false
	}
	if v.Kind != kindStruct || v.Named == nil || len(v.Named.Fields) != 1 {
		return false
	}
	f := v.Named.Fields[0]
	return f.JSONName == "id" && f.Value.Kind == kindInt
}

// TestRefFormsType builds every form of "$ref" in every position (the
// root, a property, an array's items, an alternative of anyOf): each
// validates, so each must type as the struct of its target, never as
// json.RawMessage.
func TestRefFormsType(t *testing.T) {
	positions := []struct {
		name, body string
		thread     func(args *NamedType) *Value
	}{
		{"root", `"$ref":"REF"`, func(args *NamedType) *Value { return &Value{Kind: kindStruct, Named: args} }},
		{"property", `"type":"object","properties":{"thread":{"$ref":"REF"}}`, func(args *NamedType) *Value { return field(args, "thread") }},
		{"item", `"type":"object","properties":{"threads":{"type":"array","items":{"$ref":"REF"}}}`, func(args *NamedType) *Value {
			if v := field(args, "threads"); v != nil && v.Kind == kindSlice {
				return v.Elem
			}
			return nil
		}},
		{"anyOf", `"type":"object","properties":{"thread":{"anyOf":[{"$ref":"REF"},{"type":"null"}]}}`, func(args *NamedType) *Value { return field(args, "thread") }},
	}
	for _, form := range refForms {
		for _, pos := range positions {
			if form.other && pos.name == "root" {
				continue // a root's struct is of its own schema's tool
			}
			t.Run(form.name+"/"+pos.name, func(t *testing.T) {
				text := refCatalog(form, pos.body)
				cat, diags := catalog.Parse("refs.json", []byte(text))
				diags = diags.Merge(catalog.Lint(cat, catalog.LintOptions{}))
				if diags.HasErrors() {
					t.Fatalf("%s\n%v", text, diags)
				}
				m, diags := Build(cat, Options{Package: "refs"})
				if diags.HasErrors() {
					t.Fatalf("%s\n%v", text, diags)
				}
				args := m.Tools[0].Args
				if v := pos.thread(args); !isThread(v) {
					t.Errorf("%s\nthe thread is not typed: %s", text, describeValue(v))
				}
			})
		}
	}
}

// field returns the value of the struct's field for JSON member name.
func field(t *NamedType, name string) *Value {
	for _, f := range t.Fields {
		if f.JSONName == name {
			return f.Value
		}
	}
	return nil
}

func describeValue(v *Value) string {
	if v == nil {
		return "no value"
	}
	fields := ""
	if v.Named != nil {
		for _, f := range v.Named.Fields {
			fields += " " + f.JSONName
		}
	}
	return "kind " + strconv.Itoa(int(v.Kind)) + " named " + v.Name + " fields [" + fields + " ]"
}

// TestRefIntoOtherToolReportsOnce checks that what the builder says of a
// schema of another tool, reached by a $ref and built from both tools, is
// said once, at its place in that tool's schema.
func TestRefIntoOtherToolReportsOnce(t *testing.T) {
	text := `{"tools":[` +
		`{"name":"t","description":"x","inputSchema":{"type":"object","properties":{"a":{"$ref":"https://example.com/o.json#/properties/b"}}}},` +
		`{"name":"o","description":"x","inputSchema":{"$id":"https://example.com/o.json","type":"object","properties":{"b":{"type":"string","format":"wibble"}}}}]}`
	cat, diags := catalog.Parse("refs.json", []byte(text))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	m, diags := Build(cat, Options{Package: "refs"})
	if len(diags) != 1 || diags[0].Tool != "o" || diags[0].Pointer != "/tools/1/inputSchema/properties/b/format" {
		t.Errorf("want one warning at o's format: %v", diags)
	}
	if v := field(m.Tools[0].Args, "a"); v == nil || v.Kind != kindString {
		t.Errorf("a is not typed as a string: %s", describeValue(v))
	}
}

// TestIndexProblemsRefused checks that what the catalog's index could not
// use is an error of the generator at its place: an "$id" two tools give,
// and one that takes the URI of a tool's own schema document.
func TestIndexProblemsRefused(t *testing.T) {
	for name, c := range map[string]struct{ aID, want string }{
		"shared $id":       {"https://example.com/s.json", "two schemas have the URI https://example.com/s.json"},
		"a tool's own URI": {"https://toolgen.invalid/tools/b/input/schema.json", `which is the input schema of tool "b"'s`},
	} {
		t.Run(name, func(t *testing.T) {
			text := `{"tools":[` +
				`{"name":"a","description":"x","inputSchema":{"$id":"` + c.aID + `","type":"object","properties":{}}},` +
				`{"name":"b","description":"x","inputSchema":{"$id":"https://example.com/s.json","type":"object","properties":{}}}]}`
			cat, diags := catalog.Parse("refs.json", []byte(text))
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			_, diags = Build(cat, Options{Package: "refs"})
			found := false
			for _, d := range diags {
				found = found || d.Severity == catalog.Error && strings.Contains(d.Message, c.want) && strings.HasSuffix(d.Pointer, "/inputSchema")
			}
			if !found {
				t.Errorf("want an error at an input schema saying %q: %v", c.want, diags)
			}
		})
	}
}
