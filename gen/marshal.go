package gen

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/dave/jennifer/jen"
)

// Member names a struct tag cannot spell.
//
// encoding/json takes a field's member name from its json tag only when the
// name is made of letters, digits and the punctuation in tagPunct; any other
// name ("a,b" splits at the comma, `a"b`, "🙂", "") makes it fall back to the
// Go field name, and "-" drops the field. A struct with such a member gets a
// generated MarshalJSON that writes every member under its exact name, with
// the omission the tags would have given; its json tag is "-", so that no
// encoder reads a wrong name from it.

// tagPunct is the punctuation encoding/json accepts in a tag's name.
const tagPunct = "!#$%&()*+-./:;<=>?@[]^_{|}~ "

// tagCarries reports whether encoding/json encodes a field tagged
// json:"name" (with or without options) under exactly name.
func tagCarries(name string) bool {
	if name == "" || name == "-" {
		return false
	}
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune(tagPunct, r) {
			return false
		}
	}
	return true
}

// needsMarshal reports whether t needs a MarshalJSON method: it holds members
// its schema does not declare, or a member has a name no tag can spell.
func needsMarshal(t *NamedType) bool {
	if t.Additional != nil {
		return true
	}
	for _, f := range t.Fields {
		if !tagCarries(f.JSONName) {
			return true
		}
	}
	return false
}

// omitted reports whether f is left out of the JSON when it holds its zero
// value: encoding/json's omitzero, which its tag asks for. A pointer whose
// nil stands for null (the member is required or defaulted, and nullable)
// is written as null: left out, it would be missing, or take its default.
func omitted(f *Field) bool {
	switch f.Holder {
	case holdPointer:
		return !nilIsNull(f)
	case holdNullable:
		return true
	}
	return !f.Required && hasNil(f.Value)
}

// nilIsNull reports whether f, held by pointer, holds null as nil: it is
// nullable and required or defaulted, so nil cannot stand for absent.
func nilIsNull(f *Field) bool {
	return f.Value.Nullable && (f.Required || f.Default != nil)
}

// fieldTag is f's json tag.
func fieldTag(f *Field) string {
	if !tagCarries(f.JSONName) {
		return "-"
	}
	if omitted(f) {
		return f.JSONName + ",omitzero"
	}
	return f.JSONName
}

// marshalMethod emits the MarshalJSON method of a struct that needs one: each
// declared member under its exact name, in schema order, then the members
// the schema does not declare, in the order of their names.
func (e *emitter) marshalMethod(t *NamedType) {
	body := []jen.Code{jen.Var().Id("o").Add(rt("ObjectEncoder"))}
	for _, f := range t.Fields {
		member := jen.Id("o").Dot("Member").Call(jen.Lit(f.JSONName), jen.Id("x").Dot(f.GoName))
		if !omitted(f) {
			body = append(body, member)
			continue
		}
		present := jen.Id("x").Dot(f.GoName).Op("!=").Nil()
		if f.Holder == holdNullable {
			present = jen.Op("!").Id("x").Dot(f.GoName).Dot("IsZero").Call()
		}
		body = append(body, jen.If(present).Block(member))
	}
	doc := fmt.Sprintf("MarshalJSON encodes x as a JSON object with each member under the exact name the schema of %s gives it, which for some members no struct tag can spell.", t.Name)
	if r := t.Record; r != nil {
		doc = fmt.Sprintf("MarshalJSON encodes x as one JSON object: the members in %s, then those in %s, each in the order of their names.", r.Field, t.AdditionalField)
		body = append(body, rt("EncodeMembers").Call(jen.Op("&").Id("o"), jen.Id("x").Dot(r.Field)),
			rt("EncodeMembers").Call(jen.Op("&").Id("o"), jen.Id("x").Dot(t.AdditionalField)))
	} else if t.Additional != nil {
		body = append(body, rt("EncodeMembers").Call(jen.Op("&").Id("o"), jen.Id("x").Dot(t.AdditionalField)))
		doc = fmt.Sprintf("MarshalJSON encodes x as a JSON object: the members the schema of %s declares, then those in %s.", t.Name, t.AdditionalField)
	}
	body = append(body, jen.Return(jen.Id("o").Dot("Finish").Call()))
	e.f.Add(comment(doc))
	e.f.Func().Params(jen.Id("x").Id(t.Name)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(body...)
	e.end()
}
