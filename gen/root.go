package gen

import (
	"bytes"
	"errors"

	"github.com/atombender/go-jsonschema/pkg/schemas"
	"github.com/toolgen/toolgen/internal/jsonpointer"
	"github.com/toolgen/toolgen/internal/schema"
)

// A tool's schemas describe JSON objects, and the handler receives a struct,
// so a root schema is mapped in two steps: its shape, the object schema whose
// properties become the struct's fields, and whether that struct says all the
// schema says. When it does not (a union, keywords beside a $ref, a keyword
// the struct reader does not express), the schema function of the whole root
// checks the value first and a loose struct decodes it, so that every
// keyword keeps the meaning it has anywhere else.

// schemaRoot maps one of a tool's schemas to a named struct.
func (b *builder) schemaRoot(base, which, name, prefix string) *NamedType {
	b.base, b.schema, b.stem = base, which, prefix
	b.doc = b.document(which)
	b.root, b.tree = nil, nil
	if b.doc != nil {
		b.root, b.tree = b.doc.Root.Raw, b.doc.Root
	}
	b.built, b.building, b.reported = map[string]*Value{}, map[string]bool{}, map[string]bool{}
	b.goNamed = map[string]bool{}
	b.docStates = map[*schema.Document]*docState{}
	b.goExts, b.goApplied, b.goFieldApplied = map[string]*schemas.GoJSONSchemaExtension{}, map[string]bool{}, map[string]bool{}
	var n *node
	err := errors.New("the schema could not be read")
	if b.tree != nil {
		n, err = nodeOf(b.tree, "")
	}
	if err != nil {
		b.errorf("", "%v", err)
		return nil
	}
	shape := b.rootShape(n, which)
	if shape == nil {
		return nil
	}
	exact := b.exactStruct(shape)
	// MCP requires "type": "object"; a schema without it still describes an
	// object here, since tools take and give only objects. An intersection
	// of objects is one struct of their members, as anywhere else, read
	// after the schema function of the whole.
	var v *Value
	if s := b.mapShape(shape); s != nil && s.open && b.typedReason(shape) == "" && !unionOrRef(shape) {
		v, exact = b.record(shape, s, name), true // its reader checks all it says
	} else if parts := b.intersectionParts(shape); parts != nil {
		v, exact = b.objectOf(shape, parts, name, prefix, true), false
	} else {
		v = b.object(shape, name, prefix, !exact)
	}
	if v == nil {
		return nil
	}
	v.Named.Root = true
	if b.doc != nil {
		b.unusedGoTypes(b.doc.Root)
		b.unusedSettings(b.doc.Root)
	}
	if !exact || bytes.Contains(b.root, []byte(`"$dynamicRef"`)) || bytes.Contains(b.root, []byte(`"$recursiveRef"`)) {
		// A $dynamicRef or $recursiveRef anywhere needs the whole dynamic
		// scope from the root.
		if b.doc == nil {
			b.errorf("", "the schema could not be read")
			return nil
		}
		v.Named.Check = b.schemas.Function(b.doc.Root)
		v.Named.HoldsSecrets = b.schemas.HoldsSecrets(b.doc.Root)
	}
	return v.Named
}

// exactStruct reports whether the struct of object schema n checks all that
// n says.
func (b *builder) exactStruct(n *node) bool {
	if reason := b.typedReason(n); reason != "" || b.mapShape(n) != nil {
		return false // a map's names are checked by a map's reader, not a struct's
	}
	return !unionOrRef(n)
}

// unionOrRef reports whether object schema n is a union or holds a $ref: a
// struct of n's own members does not say all n says, as a union is a
// struct of none of its alternatives.
func unionOrRef(n *node) bool {
	return n.has("anyOf") || n.has("oneOf") || n.has("$ref")
}

// rootShape finds the object schema whose properties make the struct of a
// tool's schema: the root itself, or what a root that is only a $ref, or an
// allOf of one $ref (with $defs, annotations and "type": "object" beside
// it), refers to, through any chain of such references. A chain that comes
// back to where it was is refused: it never says anything about the value,
// and checking it would never end.
func (b *builder) rootShape(n *node, which string) *node {
	seen := map[string]bool{"": true}
	for {
		r := rootRef(n)
		if r == nil {
			break
		}
		n = r
		ref, _ := n.str("$ref")
		j, err := b.refOf(n)
		if j == nil {
			if err == nil {
				err = errors.New("it is not a string")
			}
			b.errorf(n.ptr+"/$ref", "$ref %q does not resolve to a schema: %v", ref, err)
			return nil
		}
		if j.Place.Doc != b.doc {
			break // another tool's schema: the schema function checks it whole
		}
		target := j.Place.Ptr
		if seen[target] {
			b.errorf(n.ptr+"/$ref", "$ref %q leads back to %s without moving into the value, so the %s schema never says what the value is and checking it would never end; remove the cycle", ref, jsonpointer.Display(target), which)
			return nil
		}
		seen[target] = true
		next, err := nodeOf(j, target)
		if err != nil {
			b.errorf(n.ptr+"/$ref", "$ref %q: %v", ref, err)
			return nil
		}
		n = next
	}
	if value, ok := n.boolean(); ok {
		b.errorf(n.ptr, "the %s schema must be an object schema, not %t", which, value)
		return nil
	}
	if types := n.strings("type"); n.has("type") && (len(types) != 1 || types[0] != "object") {
		reached := ""
		if n.ptr != "" {
			reached = " (the root's $ref leads here)"
		}
		b.errorf(n.ptr+"/type", "the %s schema must have \"type\": \"object\"%s: tool %s are always a JSON object", which, reached, map[string]string{"input": "arguments", "output": "results"}[which])
		return nil
	}
	return n
}

// rootRef returns the $ref a root stands for: n itself when it is a $ref,
// or its allOf's one $ref, with nothing beside that applies to the value;
// nil when there is none. "type": "object" may stand beside, as MCP asks of
// a root: the struct's reader reads an object whatever the reference says,
// and a reference to anything else is refused as the root's type would be.
func rootRef(n *node) *node {
	if onlyRef(n) {
		return n
	}
	for _, k := range n.keys() {
		if k != "allOf" && k != "$ref" && k != "$defs" && k != "definitions" && !besideUnion(k) && !(k == "type" && isObjectType(n)) {
			return nil
		}
	}
	all := n.tree.Member("allOf")
	switch {
	case all == nil && n.has("$ref"):
		return n
	case all != nil && !n.has("$ref") && len(all.Items) == 1:
		if c, err := n.child("allOf", "0"); err == nil && onlyRef(c) {
			return c
		}
	}
	return nil
}

// onlyRef reports whether schema n is a $ref with nothing beside it that
// applies to the value.
func onlyRef(n *node) bool {
	if _, ok := n.boolean(); ok || !n.has("$ref") {
		return false
	}
	if onlyRefIn(n) {
		return true
	}
	for _, k := range n.keys() {
		if k != "$ref" && k != "$defs" && k != "definitions" && !understood(k) {
			return false
		}
	}
	return true
}
