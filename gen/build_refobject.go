package gen

import "slices"

// A $ref with its target's own type beside it, as pydantic and Go
// reflectors write a member of a named struct ("type": "object" beside a
// reference to an object, "type": "string" beside one to a string enum):
// under 2020-12 and 2019-09 the two are an allOf, under draft-07 the type
// is ignored. When every value of the target has one of the types beside,
// the pair says no more than the $ref and is typed as it, at a tool's root
// and anywhere else alike. Beside a reference to anything else the type is
// a real constraint, and the schema function keeps it.

// typeAddsNothing reports whether n's "type" adds nothing to its $ref: the
// schema the reference leads to says its own type, and every type it
// allows is one n's allows.
func (b *builder) typeAddsNothing(n *node) bool {
	if !n.has("$ref") || !n.has("type") {
		return false
	}
	target, _ := b.refOf(n)
	return target != nil && typesCover(n.strings("type"), target.Strings("type"))
}

// typesCover reports whether a value of any of the JSON types of want is
// one of the JSON types of have: an integer is a number.
func typesCover(have, want []string) bool {
	if len(want) == 0 {
		return false
	}
	for _, w := range want {
		if !slices.Contains(have, w) && !(w == "integer" && slices.Contains(have, "number")) {
			return false
		}
	}
	return true
}
