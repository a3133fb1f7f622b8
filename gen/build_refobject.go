package gen

// A $ref with "type": "object" beside it, as pydantic and Go reflectors
// write a member of a named struct: under 2020-12 and 2019-09 the two are
// an allOf, under draft-07 the type is ignored. When the reference leads to
// a schema that itself says "type": "object", every value of the
// referenced type is an object, so the pair says no more than the $ref and
// is typed as it, at a tool's root and anywhere else alike. Beside a
// reference to anything else the type is a real constraint, and the schema
// function keeps it.

// typeBesideObjectRef reports whether n's "type" adds nothing to its $ref:
// n says "type": "object" and its $ref leads to a schema that says the same.
func (b *builder) typeBesideObjectRef(n *node) bool {
	if !n.has("$ref") || !isObjectType(n) {
		return false
	}
	j, _ := b.refOf(n)
	if j == nil {
		return false
	}
	t, err := nodeOf(j, j.Place.Ptr)
	return err == nil && isObjectType(t)
}
