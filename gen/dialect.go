package gen

import (
	"github.com/toolgen/toolgen/internal/schema"
)

// The typed reader is written to 2020-12. A schema of another dialect is
// read by it where its keywords mean what they mean in 2020-12, which is
// most of what real catalogs say (type, properties, required, enum, bounds,
// one-schema items); any word whose meaning differs sends the schema to a
// schema function, which compiles each keyword by the table of its dialect.

// dialectReason says why the typed reader cannot express schema n exactly
// under the rules of its dialect, or returns "" when nothing in n means
// something other than in 2020-12.
func (b *builder) dialectReason(n *node) string {
	d := b.dialectOf(n)
	if d == schema.Draft202012 || n.tree.Kind != '{' {
		return ""
	}
	if d.RefAlone && n.has("$ref") {
		for _, k := range n.keys() {
			// default asserts nothing, and the member holding the value
			// applies it whichever dialect ignores it.
			// A type beside a reference, every value of whose target
			// has it, is ignored, and would hold if it were not.
			if k != "$ref" && k != "definitions" && k != "default" && d.Keyword(k) != nil && !understood(k) && !(k == "type" && b.typeAddsNothing(n)) {
				return "keyword " + k + " beside $ref, which " + d.Name + " ignores"
			}
		}
	}
	for _, m := range n.tree.Members {
		k := m.Name
		own, current := d.Keyword(k), schema.Draft202012.Keyword(k)
		switch {
		case own == nil && current != nil && !understood(k) && k != "$defs":
			// A 2020-12 word the typed reader would apply, which this
			// dialect does not know and so ignores.
			return "keyword " + k + ", which " + d.Name + " does not have"
		case own != nil && current == nil:
			return "keyword " + k + " of " + d.Name
		case own != nil && own.Shape == schema.SchemaOrArray && m.Value.Kind == '[':
			return "array-form " + k + " (a tuple)"
		}
	}
	return ""
}

// dialectOf returns the dialect schema n is read in: its resource's, or,
// for a schema not indexed yet (reached by a pointer only), the document's.
func (b *builder) dialectOf(n *node) *schema.Dialect {
	if n.tree.Place == nil && b.doc != nil {
		return schema.DialectOf(b.doc.Root)
	}
	return schema.DialectOf(n.tree)
}

// onlyRefIn reports whether n's dialect ignores every word beside its $ref.
func onlyRefIn(n *node) bool {
	return schema.DialectOf(n.tree).RefAlone && n.has("$ref")
}
