package gen

import (
	"strconv"

	"github.com/toolgen/toolgen/internal/schema"
)

// Tuples: an array whose items are told by position (prefixItems, or the
// array form of items before 2020-12), as pydantic's tuple[float, float]
// and zod's z.tuple write them.

// tupleWords are the keywords a tuple held as a Go array may have besides
// its positions and its rest: its type, its length and its default (applied
// by the member that holds it).
var tupleWords = map[string]bool{"type": true, "minItems": true, "maxItems": true, "default": true}

// scalarTypes are the types a position of a Go array may have: one Go
// scalar each, with no named type to declare.
var scalarTypes = map[string]bool{"string": true, "integer": true, "number": true, "boolean": true}

// tuple maps a tuple whose length is fixed and whose positions are all of
// one scalar type to a Go array, [N]T, read item by item with each
// position's own checks; nil when n is not one. Any other tuple is held
// as its JSON text, checked by a schema function.
func (b *builder) tuple(n *node, name string) *Value {
	if n.tree.Kind != '{' {
		return nil
	}
	if t := n.strings("type"); len(t) != 1 || t[0] != "array" {
		return nil
	}
	d := b.dialectOf(n)
	prefix, rest := "prefixItems", "items"
	if d != schema.Draft202012 {
		prefix, rest = "items", "additionalItems"
	}
	positions := n.tree.Member(prefix)
	if positions == nil || positions.Kind != '[' || len(positions.Items) == 0 {
		return nil
	}
	for _, k := range n.keys() {
		if !tupleWords[k] && k != prefix && k != rest && !understood(k) && d.Keyword(k) != nil {
			return nil
		}
	}
	size := len(positions.Items)
	minItems, hasMin := n.count("minItems")
	maxItems, hasMax := n.count("maxItems")
	restFalse := false
	if r := n.tree.Member(rest); r != nil {
		restFalse = r.Kind == 'f'
	}
	if !hasMin || minItems != size || !(hasMax && maxItems == size || restFalse && (!hasMax || maxItems >= size)) {
		return nil // a length the Go array does not fix
	}
	kind := ""
	var nodes []*node
	for i := range positions.Items {
		c, err := n.child(prefix, strconv.Itoa(i))
		if err != nil || !scalarPosition(b, c) {
			return nil
		}
		if t := c.strings("type")[0]; kind == "" || kind == t {
			kind = t
		} else {
			return nil
		}
		nodes = append(nodes, c)
	}

	v := &Value{Ptr: n.ptr, Name: name, Kind: kindArray}
	b.built[n.ptr] = v
	b.checks(n, v)
	v.Doc, _ = n.str("description")
	for i, c := range nodes {
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
	if restFalse {
		v.NoRest = rest
	} else if n.has(rest) {
		c, err := n.child(rest)
		if err != nil {
			b.errorf(n.ptr+"/"+rest, "%v", err)
			return nil
		}
		if v.Rest = b.value(c, b.nestedName(name, "Rest")); v.Rest == nil {
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
