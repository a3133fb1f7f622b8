package gen

import (
	"fmt"
	"slices"

	"github.com/dave/jennifer/jen"
)

// Reading back with encoding/json.
//
// A generated type is written by json.Marshal, and most read back with
// json.Unmarshal as they are: plain structs, enums, slices and maps. Some
// cannot be: a sealed union is an interface encoding/json cannot fill, a
// tuple struct is written as an array, a struct with its own MarshalJSON
// writes members from maps or under names no tag spells, and an optional
// member present as null would read back absent. Those types, and
// only those, get an UnmarshalJSON that reads through the type's own
// reader, the validator's: it accepts what the validator accepts at the
// type's schema, with its defaults and limits, returns its
// *runtime.ValidationError for anything else, and leaves the value as it
// was. The other types keep encoding/json's own decoding, which does not
// validate: ParseXArgs is the boundary, and a method on every type would
// add a tenth to the Go of a large catalog to no use.

// needsUnmarshal reports whether encoding/json cannot read back what
// json.Marshal writes of struct or tuple t.
func needsUnmarshal(t *NamedType) bool {
	if t.Tuple != nil || t.Record != nil || needsMarshal(t) {
		return true
	}
	for _, f := range t.Fields {
		if holdsSealed(f.Value) || nullPresent(f) {
			return true
		}
	}
	return false
}

// nullPresent reports whether f is an optional member held by pointer
// whose value may be null itself: json.Marshal writes a present null as
// null, which encoding/json reads back as a nil pointer, absent.
func nullPresent(f *Field) bool {
	return f.Holder == holdPointer && !nilIsNull(f) && (f.Value.Kind == kindNull || f.Value.Kind == kindRaw)
}

// holdsSealed reports whether v is a sealed union, or a slice, map or
// array of one, at any depth: a value encoding/json cannot decode. A named
// struct ends the search: it reads itself. A declared slice or map may hold
// itself (type A []A): each value is looked at once.
func holdsSealed(v *Value) bool {
	seen := map[*Value]bool{}
	var holds func(v *Value) bool
	holds = func(v *Value) bool {
		if v == nil || seen[v] {
			return false
		}
		seen[v] = true
		switch v.Kind {
		case kindSealed:
			return true
		case kindSlice, kindMap:
			return holds(v.Elem)
		case kindArray:
			return slices.ContainsFunc(v.Positions, holds) || holds(v.Elem)
		}
		return false
	}
	return holds(v)
}

// unmarshalMethod emits the UnmarshalJSON of struct or tuple t, if it
// needs one: a reader over data, as ValidateArgs makes one, and the value
// stored only when the reader finishes without a violation.
func (e *emitter) unmarshalMethod(t *NamedType) {
	if !needsUnmarshal(t) {
		return
	}
	body := []jen.Code{jen.Id("r").Op(":=").Add(rt("NewReader")).Call(jen.Id("data")), jen.Var().Id("v").Id(t.Name)}
	body = append(body, readChecked(t, jen.Id("v"))...)
	body = append(body,
		jen.If(jen.Err().Op(":=").Id("r").Dot("Finish").Call(jen.Lit(t.Tool)), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		jen.Op("*").Id("x").Op("=").Id("v"),
		jen.Return(jen.Nil()),
	)
	e.f.Add(comment(fmt.Sprintf("UnmarshalJSON decodes data into x as the schema of %s reads it, checks and defaults included, which encoding/json alone cannot; a value the schema refuses is a *runtime.ValidationError, and x is left as it was.", t.Name)))
	e.f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("UnmarshalJSON").Params(jen.Id("data").Index().Byte()).Error().Block(body...)
	e.end()
}

// unmarshalOwnArgs emits the UnmarshalJSON of own, a tool's arguments type
// declared as shared's, if shared has one: a defined type has none of
// shared's methods.
func (e *emitter) unmarshalOwnArgs(own string, shared *NamedType) {
	if !needsUnmarshal(shared) {
		return
	}
	e.f.Add(lineComment(fmt.Sprintf("UnmarshalJSON decodes data into x as %s does.", shared.Name)))
	e.f.Func().Params(jen.Id("x").Op("*").Id(own)).Id("UnmarshalJSON").Params(jen.Id("data").Index().Byte()).Error().Block(
		jen.Return(jen.Parens(jen.Op("*").Id(shared.Name)).Call(jen.Id("x")).Dot("UnmarshalJSON").Call(jen.Id("data"))),
	)
	e.end()
}
