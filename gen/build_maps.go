package gen

import (
	"slices"

	"github.com/toolgen/toolgen/internal/ecma"
	"github.com/toolgen/toolgen/internal/jsonpointer"
	"github.com/toolgen/toolgen/internal/schema"
)

// Maps as producers write them: zod's z.record and pydantic's dict with
// propertyNames beside additionalProperties, TypeBox's Type.Record and
// invopop's map[int]string with one patternProperties pattern. Their
// values have one schema whatever the name, so a Go map holds them; the
// names are checked as strings, and a name of a string enum makes the
// map's keys that enum's type. A pattern that leaves other names open
// (TypeBox's Record writes no additionalProperties) makes a record: a
// struct of the map of the names it matches and that of the others.

// mapShape is how an object schema that is such a map is read: nil keys
// take any name; keyword names what a name failing keys violates.
type mapShape struct {
	keys    *node  // the names' schema: propertyNames, or nil
	pattern string // the one patternProperties pattern names must match, or ""
	values  *node  // the values' schema; nil allows any JSON
	keyword string // "propertyNames", or "additionalProperties" for a name the pattern leaves out
	// open is set when the names the pattern leaves out take the schema
	// others (nil: any JSON) rather than the pattern's: a record.
	open   bool
	others *node
}

// mapShape returns the map an object schema n is, or nil when n is no map
// of propertyNames or patternProperties that Go maps hold: one that
// declares properties, a propertyNames that does not judge names as plain
// strings, or several patterns (a name may match more than one).
func (b *builder) mapShape(n *node) *mapShape {
	names, patterns := n.tree.Member("propertyNames"), n.tree.Member("patternProperties")
	if names == nil && patterns == nil || names != nil && patterns != nil {
		return nil
	}
	if types := n.strings("type"); len(types) != 1 || types[0] != "object" || n.has("properties") || n.has("dependentRequired") {
		return nil
	}
	s := &mapShape{}
	ap := n.tree.Member("additionalProperties")
	if names != nil {
		keys, err := n.child("propertyNames")
		if err != nil || !b.stringNames(keys) {
			return nil
		}
		if v, ok := keys.boolean(); !ok || !v {
			s.keys, s.keyword = keys, "propertyNames"
		}
		if ap != nil && ap.Kind == 'f' {
			return nil // only the empty object
		}
		if ap != nil && ap.Kind == '{' {
			s.values, _ = n.child("additionalProperties")
		}
		return s
	}
	if len(patterns.Members) != 1 {
		return nil
	}
	p := patterns.Members[0]
	if _, err := ecma.Compile(p.Name); err != nil {
		return nil // the schema function reports it
	}
	values, err := n.child("patternProperties", p.Name)
	if err != nil {
		return nil
	}
	switch {
	case ap != nil && ap.Kind == 'f':
		s.pattern, s.keyword = p.Name, "additionalProperties"
	case ap != nil && ap.Kind == '{' && canonicalSchema(ap.Raw) == canonicalSchema(values.tree.Raw):
		// Every name gets the same schema: the pattern decides nothing.
	case (ap == nil || ap.Kind == 't') && admitsAny(values.tree):
	case ap == nil || ap.Kind == 't':
		s.pattern, s.open = p.Name, true
	case ap.Kind == '{':
		s.pattern, s.open = p.Name, true
		if s.others, err = n.child("additionalProperties"); err != nil {
			return nil
		}
	default:
		return nil
	}
	s.values = values // even of any JSON: it may mark the values sensitive
	return s
}

// mapValues returns the values' schema of n when n is a map whose values
// all have one schema, or nil.
func (b *builder) mapValues(n *node) *node {
	if s := b.mapShape(n); s != nil && !s.open {
		return s.values
	}
	return nil
}

// stringKeywords are the keywords a propertyNames schema may use for the
// names to be checked as Go strings, besides annotations.
var stringKeywords = []string{"type", "minLength", "maxLength", "pattern", "format", "enum", "const"}

// stringNames reports whether propertyNames schema keys judges names as
// the typed reader judges strings: true, string keywords alone (type
// "string" if any, string literals), or a $ref alone to such a schema with
// type string or a list of literals. A schema that marks names sensitive
// is left to the schema function, which hides them.
func (b *builder) stringNames(keys *node) bool {
	if v, ok := keys.boolean(); ok {
		return v
	}
	if b.sensitive(keys) {
		return false
	}
	if jn, err := b.indexed(keys); err != nil || b.schemas.HoldsSecrets(jn) {
		return false
	}
	target := keys
	if keys.has("$ref") {
		j, _ := b.refOf(keys)
		if j == nil || slices.ContainsFunc(keys.keys(), func(k string) bool { return k != "$ref" && isKeyword(k) && !understood(k) }) {
			return false
		}
		t, err := nodeOf(j, j.Place.Ptr)
		if err != nil || t.has("$ref") || !t.has("type") && !t.has("enum") && !t.has("const") {
			return false
		}
		target = t
	}
	for _, k := range target.keys() {
		switch {
		case schema.IsExtension(k):
			return false // a Go type or a goName for a name: not honoured
		case slices.Contains(stringKeywords, k), !isKeyword(k), understood(k):
		default:
			return false
		}
	}
	if t := target.tree.Member("type"); t != nil && !slices.Equal(target.strings("type"), []string{"string"}) {
		return false
	}
	var literals []*schema.Node
	if e := target.tree.Member("enum"); e != nil {
		literals = e.Items
	}
	if c := target.tree.Member("const"); c != nil {
		literals = append(literals, c)
	}
	return !slices.ContainsFunc(literals, func(l *schema.Node) bool { return l.Kind != '"' })
}

// mapValue maps the object schema n, a map of shape s, to a Go map.
func (b *builder) mapValue(n *node, s *mapShape, name string) *Value {
	if s.open {
		return b.record(n, s, name)
	}
	v := &Value{Ptr: n.ptr, Kind: kindMap, KeyKeyword: s.keyword}
	b.built[n.ptr] = v
	switch {
	case s.keys != nil:
		v.Key = b.keyValue(s.keys, b.nestedName(name, "Key"))
		if v.Key == nil {
			return nil
		}
	case s.pattern != "":
		v.Key = &Value{Ptr: n.ptr + "/patternProperties", Kind: kindString}
		v.Key.Pattern = b.namePattern(n, s.pattern)
	}
	v.RequiredKeys = n.strings("required")
	if s.values == nil {
		v.Elem = &Value{Ptr: n.ptr + "/additionalProperties", Kind: kindRaw}
	} else if v.Elem = b.value(s.values, b.nestedName(name, "Value")); v.Elem == nil {
		return nil
	}
	return v
}

// keyValue is the Go type and checks of the names propertyNames keys
// allows: a string enum's type, or a string with its checks.
func (b *builder) keyValue(keys *node, name string) *Value {
	if keys.has("$ref") || keys.has("enum") && !keys.has("const") {
		if keys.has("$ref") {
			return b.value(keys, name)
		}
		return b.enum(keys, name)
	}
	v := &Value{Ptr: keys.ptr, Kind: kindString}
	b.checks(keys, v)
	return v
}

// namePattern is the compiled pattern of object schema n's patternProperties
// member pattern.
func (b *builder) namePattern(n *node, pattern string) *Pattern {
	return b.pattern(&node{ptr: n.ptr + "/patternProperties/" + jsonpointer.Escape(pattern)}, pattern)
}

// record maps the object schema n, a map of shape s whose pattern leaves
// the other names to additionalProperties, to a named struct of two maps:
// PatternProperties holds the members whose names match, read as the
// pattern's schema, and AdditionalProperties the others, read as
// additionalProperties says (any JSON without it). No name is dropped and
// none is read as a schema that does not apply to it; one Go map of either
// type would do one or the other.
func (b *builder) record(n *node, s *mapShape, name string) *Value {
	t := &NamedType{Name: b.typeName(name), Ptr: n.ptr, Tool: b.tool.Name, Schema: b.schema, AdditionalField: "AdditionalProperties"}
	v := &Value{Ptr: n.ptr, Kind: kindStruct, Named: t}
	b.built[n.ptr] = v
	b.model.Types = append(b.model.Types, t)
	if d, ok := n.str("description"); ok && n.ptr != "" {
		t.Doc = d
	}
	r := &Record{Field: "PatternProperties", Pattern: b.namePattern(n, s.pattern), Required: n.strings("required")}
	if r.Value = b.value(s.values, b.nestedName(t.Name, "Value")); r.Value == nil || r.Pattern == nil {
		return nil
	}
	t.Record = r
	if r.Open = s.others == nil; r.Open {
		t.Additional = &Value{Ptr: n.ptr + "/additionalProperties", Kind: kindRaw}
	} else if t.Additional = b.value(s.others, b.nestedName(t.Name, "Other")); t.Additional == nil {
		return nil
	}
	return v
}
