package gen

import (
	"cmp"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/catalog"
)

// RawHeld is a value that generated code holds as JSON text (json.RawMessage,
// or a named type over it for a union checked by trying each alternative).
type RawHeld struct {
	Tool   string
	Schema string // "input" or "output"
	Ptr    string // the value's JSON Pointer in that schema
	// Role says where the value sits: "field", "item" (of an array), "value"
	// (of a map), "others" (the members a struct does not name) or "variant".
	Role string
}

// RawHeldValues builds the model of a linted catalog and returns every value
// its generated code holds as JSON text, for the producer corpus test (which
// lives in gen_test and cannot see the model's kinds).
func RawHeldValues(cat *catalog.Catalog, opts Options) ([]RawHeld, catalog.Diagnostics) {
	m, diags := Build(cat, opts)
	if diags.HasErrors() {
		return nil, diags
	}
	var out []RawHeld
	seen := map[*Value]bool{}
	var visit func(t *NamedType, v *Value, role string)
	visit = func(t *NamedType, v *Value, role string) {
		if v == nil || seen[v] {
			return
		}
		seen[v] = true
		if v.Kind == kindRaw {
			out = append(out, RawHeld{Tool: t.Tool, Schema: t.Schema, Ptr: v.Ptr, Role: role})
		}
		visit(t, v.Elem, map[typeKind]string{kindSlice: "item", kindMap: "value"}[v.Kind])
		if v.Sealed != nil {
			for _, variant := range v.Sealed.Variants {
				visit(t, variant.Value, "variant")
			}
		}
	}
	for _, t := range m.Types {
		for _, f := range t.Fields {
			visit(t, f.Value, "field")
		}
		if t.Record != nil {
			visit(t, t.Record.Value, "value")
		}
		visit(t, t.Additional, "others")
	}
	slices.SortFunc(out, func(a, b RawHeld) int {
		return cmp.Or(cmp.Compare(a.Tool, b.Tool), cmp.Compare(a.Schema, b.Schema), cmp.Compare(a.Ptr, b.Ptr))
	})
	return out, diags
}

// RawNoteMark is the part of the note on a value held as raw JSON that
// every note has.
var RawNoteMark = rawNoteText[len("%s "):strings.Index(rawNoteText, "%s;")]

// RawField is a struct field whose value, or the items or values it
// holds, generated code keeps as JSON text.
type RawField struct {
	Tool, Schema string
	Type, Field  string // the Go struct and field
	Ptr, Role    string // the raw value's JSON Pointer and RawHeld role
}

// RawFields builds the model of a linted catalog and returns every field
// (and member map of undeclared members) and sealed union variant that
// holds JSON text.
func RawFields(cat *catalog.Catalog, opts Options) ([]RawField, catalog.Diagnostics) {
	m, diags := Build(cat, opts)
	if diags.HasErrors() {
		return nil, diags
	}
	var out []RawField
	add := func(t *NamedType, field string, v *Value, role string) {
		for v != nil && (v.Kind == kindSlice || v.Kind == kindMap) {
			role = map[typeKind]string{kindSlice: "item", kindMap: "value"}[v.Kind]
			v = v.Elem
		}
		if v != nil && v.Kind == kindRaw {
			out = append(out, RawField{Tool: t.Tool, Schema: t.Schema, Type: t.Name, Field: field, Ptr: v.Ptr, Role: role})
		}
	}
	for _, t := range m.Types {
		for _, f := range t.Fields {
			add(t, f.GoName, f.Value, "field")
		}
		if t.Record != nil {
			add(t, t.Record.Field, t.Record.Value, "value")
		}
		if t.Additional != nil {
			add(t, t.AdditionalField, t.Additional, "others")
		}
	}
	// A sealed union's variant declared for it (a slice or map of JSON
	// text) is the type itself, with no field: "Type.".
	for _, s := range m.Sealed {
		for _, v := range s.Variants {
			if v.Wrap {
				add(&NamedType{Tool: s.Tool, Schema: s.Schema, Name: v.Type}, "", v.Value, "variant")
			}
		}
	}
	return out, diags
}
