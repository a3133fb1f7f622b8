package gen

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/schema"
)

// Tuples: an array whose items are told by position (prefixItems, or the
// array form of items before 2020-12), as pydantic's tuple[int, str] and
// zod's z.tuple write them.

// tupleWords are the keywords a tuple held in Go may have besides its
// positions and its rest: its type, its length and its default (applied by
// the member that holds it). Any other (uniqueItems, contains, enum, an
// applicator) leaves the tuple to a schema function.
var tupleWords = map[string]bool{"type": true, "minItems": true, "maxItems": true, "default": true}

// scalarTypes are the types a position of a Go array may have: one Go
// scalar each, with no named type to declare.
var scalarTypes = map[string]bool{"string": true, "integer": true, "number": true, "boolean": true}

// tupleSchema is what a tuple schema says, read once for both Go forms.
type tupleSchema struct {
	prefix, rest string  // the keywords of the positions and of the items past them
	positions    []*node // the schema of each position
	restNode     *node   // the schema of the items past the positions; nil when absent
	nullable     bool    // type also names null
}

// tupleSchemaOf reads n as a tuple, or returns nil when it is none, or has a
// keyword neither Go form expresses.
func (b *builder) tupleSchemaOf(n *node) *tupleSchema {
	if n.tree.Kind != '{' {
		return nil
	}
	t := slices.Sorted(slices.Values(n.strings("type")))
	if !slices.Equal(t, []string{"array"}) && !slices.Equal(t, []string{"array", "null"}) {
		return nil
	}
	d := b.dialectOf(n)
	s := &tupleSchema{prefix: "prefixItems", rest: "items", nullable: len(t) == 2}
	if d != schema.Draft202012 {
		s.prefix, s.rest = "items", "additionalItems"
	}
	positions := n.tree.Member(s.prefix)
	if positions == nil || positions.Kind != '[' || len(positions.Items) == 0 {
		return nil
	}
	for _, k := range n.keys() {
		if !tupleWords[k] && k != s.prefix && k != s.rest && !understood(k) && d.Keyword(k) != nil {
			return nil
		}
	}
	for i := range positions.Items {
		c, err := n.child(s.prefix, strconv.Itoa(i))
		if err != nil {
			return nil
		}
		s.positions = append(s.positions, c)
	}
	if n.has(s.rest) {
		c, err := n.child(s.rest)
		if err != nil {
			b.errorf(n.ptr+"/"+s.rest, "%v", err)
			return nil
		}
		s.restNode = c
	}
	return s
}

// restFalse reports whether the tuple forbids items past its positions.
func (s *tupleSchema) restFalse() bool { return s.restNode != nil && s.restNode.tree.Kind == 'f' }

// tuple maps a tuple schema to Go: a Go array, [N]T, when its length is
// fixed and its positions share one scalar type; else a struct with a
// field per position (tupleStruct). nil when n is no tuple, or one with a
// keyword neither form holds: a schema function checks it as JSON text.
func (b *builder) tuple(n *node, name string) *Value {
	s := b.tupleSchemaOf(n)
	if s == nil {
		return nil
	}
	if v := b.goArray(n, name, s); v != nil {
		return v
	}
	return b.tupleStruct(n, name, s)
}

// goArray maps a tuple whose length is fixed and whose positions are all
// of one scalar type to a Go array, [N]T, read item by item with each
// position's own checks; nil when s is not one.
func (b *builder) goArray(n *node, name string, s *tupleSchema) *Value {
	size := len(s.positions)
	minItems, hasMin := n.count("minItems")
	maxItems, hasMax := n.count("maxItems")
	if !hasMin || minItems != size || !(hasMax && maxItems == size || s.restFalse() && (!hasMax || maxItems >= size)) {
		return nil // a length the Go array does not fix
	}
	kind := ""
	for _, c := range s.positions {
		if !scalarPosition(b, c) {
			return nil
		}
		if t := c.strings("type")[0]; kind == "" || kind == t {
			kind = t
		} else {
			return nil
		}
	}

	v := &Value{Ptr: n.ptr, Name: name, Kind: kindArray, Nullable: s.nullable}
	b.built[n.ptr] = v
	b.checks(n, v)
	v.Doc, _ = n.str("description")
	for i, c := range s.positions {
		p := b.value(c, b.nestedName(name, "Item"+strconv.Itoa(i)))
		if p == nil {
			return nil
		}
		if p.Kind != scalarKinds[kind] {
			b.errorf(c.ptr, "internal error: a tuple position of type %s read as another kind", kind)
			return nil
		}
		v.Positions = append(v.Positions, p)
	}
	v.Elem = v.Positions[0]
	if s.restFalse() {
		v.NoRest = s.rest
	} else if s.restNode != nil {
		if v.Rest = b.value(s.restNode, b.nestedName(name, "Rest")); v.Rest == nil {
			return nil
		}
	}
	return v
}

// scalarPosition reports whether c is a position a Go array holds: a
// single scalar type, read by the typed reader, with no enum or const (a
// string enum is a named type of its own) and no applicator.
func scalarPosition(b *builder, c *node) bool {
	if c.tree.Kind != '{' {
		return false
	}
	t := c.strings("type")
	if len(t) != 1 || !scalarTypes[t[0]] {
		return false
	}
	for _, k := range []string{"enum", "const", "$ref", "anyOf", "oneOf", "allOf", "goJSONSchema"} {
		if c.has(k) {
			return false
		}
	}
	return b.typedReason(c) == ""
}

// tupleStruct maps any other tuple to a named struct read from and written
// to a JSON array: a field per position, V0, V1, ... (or the position's
// goName), typed as the position's schema is anywhere else; the positions
// past minItems are optional, held as optional members are (nil when the
// array ends before them); then, when items past the positions may be
// valid, Rest, a slice of the rest's type (of json.RawMessage when no
// schema says what they are).
func (b *builder) tupleStruct(n *node, name string, s *tupleSchema) *Value {
	t := &NamedType{Name: b.typeName(name), Ptr: n.ptr, Tool: b.tool.Name, Schema: b.schema, Tuple: &TupleShape{Positions: len(s.positions)}}
	v := &Value{Ptr: n.ptr, Kind: kindTuple, Named: t, Nullable: s.nullable}
	b.built[n.ptr] = v
	b.model.Types = append(b.model.Types, t)
	t.Doc, _ = n.str("description")
	shape := t.Tuple
	if c, ok := n.count("minItems"); ok {
		shape.MinItems = &c
	}
	maxItems, hasMax := n.count("maxItems")
	if hasMax {
		shape.MaxItems = &maxItems
	}
	required := 0
	if shape.MinItems != nil {
		required = min(*shape.MinItems, len(s.positions))
	}

	wanted := make([]string, len(s.positions))
	overrides := map[string]string{}
	for i, c := range s.positions {
		wanted[i] = "V" + strconv.Itoa(i)
		if o := b.override(c); o != "" {
			overrides[wanted[i]] = o
		}
	}
	hasRest := !s.restFalse() && (s.restNode != nil || !hasMax || maxItems > len(s.positions))
	taken := map[string]bool{"MarshalJSON": true}
	if hasRest {
		taken["Rest"] = true
	}
	names, renamed := assignNames(wanted, func(w string) string { return cmp.Or(overrides[w], w) }, taken)
	for _, rn := range renamed {
		i, _ := strconv.Atoi(rn.Original[1:])
		b.warn(catalog.WarnGoName, b.base+s.positions[i].ptr, b.tool.Name,
			"tuple position %d maps to Go field %s, a name taken by another field of the tuple's struct; using %s (set \"x-toolgen\": {\"goName\": ...} on the position to choose another)",
			i, rn.Wanted, rn.Got)
	}
	for i, c := range s.positions {
		f := &Field{JSONName: strconv.Itoa(i), GoName: names[i], Required: i < required}
		if f.Value = b.value(c, b.nestedName(t.Name, names[i])); f.Value == nil {
			return nil
		}
		f.Doc, _ = c.str("description")
		f.Holder = holderFor(f)
		t.Fields = append(t.Fields, f)
	}
	switch {
	case s.restFalse():
		shape.NoRest = s.rest
	case hasRest:
		item := &Value{Ptr: n.ptr + "/" + s.rest, Kind: kindRaw}
		if s.restNode != nil {
			if item = b.value(s.restNode, b.nestedName(t.Name, "Rest")); item == nil {
				return nil
			}
		}
		rest := &Value{Ptr: item.Ptr, Kind: kindSlice, Elem: item}
		t.Fields = append(t.Fields, &Field{JSONName: s.rest, GoName: "Rest", Value: rest, Holder: holdValue})
	}
	return v
}
