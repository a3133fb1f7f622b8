package gen

import (
	"slices"
	"strconv"

	"github.com/toolgen/toolgen/internal/schema"
)

// Intersections of objects (TypeBox's Intersect, zod's .and()): allOf of
// object schemas held as one struct of every member they declare. The
// schema function of the whole allOf checks the value first, each member's
// keywords exactly as anywhere else (additionalProperties false in one
// member closes out what another declares), and the struct is read loose
// from the same text after: every member's schema applies to a valid
// value, so reading a member by any one of them rejects nothing valid.

// intersection maps n, an allOf of object schemas (or local references to
// them) beside annotations, to a struct of the members they declare, read
// after n's schema function passed; nil for any other node.
func (b *builder) intersection(n *node, name string) *Value {
	parts := b.intersectionParts(n)
	if parts == nil {
		return nil
	}
	jn, err := b.indexed(n)
	if err != nil {
		return nil
	}
	v := b.objectOf(n, parts, name, "", true)
	if v == nil {
		return nil
	}
	v.Name, v.Check, v.HoldsSecrets = name, b.schemas.Function(jn), b.schemas.HoldsSecrets(jn)
	v.Doc, _ = n.str("description")
	v.Named.Doc = v.Doc
	return v
}

// intersectionParts returns the object schemas of n that intersection
// merges, or nil when n is not such an allOf. A tool's root is merged from
// them as a property's value is.
func (b *builder) intersectionParts(n *node) []*node {
	all := n.tree.Member("allOf")
	if all == nil || len(all.Items) == 0 || allOfRef(n) != nil {
		return nil
	}
	object := false
	for _, k := range n.keys() {
		switch {
		case k == "type":
			if !isObjectType(n) {
				return nil
			}
			object = true
		case k == "unevaluatedProperties", k == "$defs", k == "definitions":
		case k != "allOf" && !besideUnion(k):
			return nil
		}
	}
	parts := make([]*node, len(all.Items))
	for i := range all.Items {
		c, err := n.child("allOf", strconv.Itoa(i))
		if err != nil {
			return nil
		}
		if c = b.localObject(c); c == nil {
			return nil
		}
		object = object || isObjectType(c)
		parts[i] = c
	}
	if !object {
		return nil // a value of another kind passes: no struct holds it
	}
	return parts
}

// partKeywords are the keywords an intersection's member may hold beside
// annotations: what makes the struct's members, and closings the schema
// function applies.
var partKeywords = []string{"type", "properties", "required", "additionalProperties", "unevaluatedProperties", "$defs", "definitions"}

// localObject follows c's local references, with nothing beside them, to an
// object schema of partKeywords and annotations; nil when it leads anywhere
// else.
func (b *builder) localObject(c *node) *node {
	for range 16 {
		if !c.has("$ref") {
			break
		}
		if !onlyRef(c) {
			return nil
		}
		j, _ := b.refOf(c)
		if j == nil || j.Place.Doc != b.doc {
			return nil
		}
		next, err := nodeOf(j, j.Place.Ptr)
		if err != nil {
			return nil
		}
		c = next
	}
	if c.has("$ref") || c.tree.Kind != '{' || c.has("type") && !isObjectType(c) {
		return nil
	}
	for _, k := range c.keys() {
		if !slices.Contains(partKeywords, k) && !understood(k) && isKeyword(k) {
			return nil
		}
	}
	for _, k := range []string{"additionalProperties", "unevaluatedProperties"} {
		// A schema for the other members would type members the struct
		// does not hold: they would be dropped.
		if m := c.tree.Member(k); m != nil && m.Kind == '{' {
			return nil
		}
	}
	return c
}

func isObjectType(n *node) bool {
	types := n.strings("type")
	return len(types) == 1 && types[0] == "object"
}

// agreedSchema returns the schema a member two parts of an intersection
// both declare is read by: either, when they are the same schema or one
// admits any value; nil when neither can be shown to hold the other.
func agreedSchema(a, b *schema.Node) *schema.Node {
	switch {
	case canonicalSchema(a.Raw) == canonicalSchema(b.Raw), admitsAny(b):
		return a
	case admitsAny(a):
		return b
	}
	return nil
}

// admitsAny reports whether schema s allows every JSON value: true, or an
// object of annotations only.
func admitsAny(s *schema.Node) bool {
	if s.Kind == 't' {
		return true
	}
	if s.Kind != '{' {
		return false
	}
	for _, m := range s.Members {
		if isKeyword(m.Name) && !understood(m.Name) {
			return false
		}
	}
	return true
}
