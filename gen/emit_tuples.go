package gen

import (
	"fmt"
	"strconv"

	"github.com/dave/jennifer/jen"
)

// readArray emits the reading of a tuple held as a Go array: each item by
// the checks of its position, the items past the positions by the rest's
// schema (or only counted), then the length checks on the items read.
func (e *emitter) readArray(v *Value, depth int, store func(jen.Code) jen.Code) []jen.Code {
	val, count := varName("v", depth), varName("count", depth)
	var cases []jen.Code
	for i, p := range v.Positions {
		cases = append(cases, jen.Case(jen.Lit(i)).Block(e.element(p, depth+1, jen.Id(val).Index(jen.Lit(i)))...))
	}
	past := []jen.Code{jen.Id("r").Dot("Skip").Call()}
	switch {
	case v.NoRest != "":
		past = []jen.Code{itemNotAllowed(v.NoRest)}
	case v.Rest != nil:
		// Read to be judged: the Go array has no room for it.
		rest := varName("rest", depth)
		past = append([]jen.Code{jen.Var().Id(rest).Add(e.elemType(v.Rest))}, e.element(v.Rest, depth+1, jen.Id(rest))...)
		past = append(past, jen.Id("_").Op("=").Id(rest))
	}
	cases = append(cases, jen.Default().Block(past...))
	body := []jen.Code{
		jen.Var().Id(val).Add(e.typ(v)),
		jen.Id(count).Op(":=").Lit(0),
		jen.For(jen.Id("r").Dot("More").Call()).Block(
			jen.Switch(jen.Id(count)).Block(cases...),
			jen.Id(count).Op("++"),
		),
		jen.Id("r").Dot("EndArray").Call(),
	}
	body = append(body, e.itemChecks(v, depth, val)...)
	body = append(body, store(jen.Id(val)))
	return []jen.Code{jen.If(jen.Id("r").Dot("BeginArray").Call()).Block(body...)}
}

// itemNotAllowed reports the item being read as one that keyword, false,
// forbids: the violation a schema function reports for it, at the item.
func itemNotAllowed(keyword string) jen.Code {
	c, x, ev := jen.Id("c").Op("*").Add(rt("Check")), jen.Id("_").Op("*").Add(rt("Value")), jen.Id("_").Op("*").Add(rt("Evaluated"))
	return jen.Id("r").Dot("Checked").Call(jen.Func().Params(c, x, ev).Bool().Block(
		jen.Return(jen.Id("c").Dot("ItemNotAllowed").Call(jen.Lit(keyword))),
	))
}

// tupleType declares the struct of a tuple that no Go array holds, its
// MarshalJSON, which writes it as a JSON array, and its reader.
func (e *emitter) tupleType(t *NamedType) {
	var fields []jen.Code
	for i, f := range t.Fields {
		if i > 0 {
			fields = append(fields, jen.Line())
		}
		fields = append(fields, comment(tupleFieldDoc(t, i)), jen.Id(f.GoName).Add(e.fieldType(f)))
	}
	e.f.Add(comment(typeDoc(t, "%s is the tuple at %s in the %s schema of tool %q: a JSON array whose items are its fields, in order.")))
	e.f.Type().Id(t.Name).Struct(fields...)
	e.end()
	e.marshalTuple(t)
	e.unmarshalMethod(t)
	e.readTuple(t)
}

// tupleFieldDoc is the doc comment of field i of tuple t.
func tupleFieldDoc(t *NamedType, i int) string {
	f := t.Fields[i]
	shape := t.Tuple
	if i >= shape.Positions {
		doc := fmt.Sprintf("Rest holds the items past index %d.", shape.Positions-1)
		if note := rawNote(f.Value); note != "" {
			doc += " " + note
		}
		return doc
	}
	doc := "The item at index " + strconv.Itoa(i) + "."
	if f.Doc != "" {
		doc += "\n\n" + f.Doc + "\n\n"
	} else {
		doc += " "
	}
	var notes []string
	switch {
	case f.Holder == holdNullable:
		notes = append(notes, "Tells absent (Present false: the array ends before it), null (Null true) and a value apart.")
	case !f.Required:
		notes = append(notes, "Nil when the array ends before it.")
	case f.Holder == holdPointer:
		notes = append(notes, "Nil when null.")
	}
	if note := rawNote(f.Value); note != "" {
		notes = append(notes, note)
	}
	for _, n := range notes {
		doc += n + " "
	}
	return doc[:len(doc)-1]
}

// present is the condition under which optional field f of a tuple holds
// an item.
func present(f *Field) *jen.Statement {
	if f.Holder == holdNullable {
		return jen.Op("!").Id("x").Dot(f.GoName).Dot("IsZero").Call()
	}
	return jen.Id("x").Dot(f.GoName).Op("!=").Nil()
}

// marshalTuple emits the MarshalJSON of tuple t: its positions in order,
// each through a pointer so that a pointer method of the field's type is
// found, up to the first optional one absent, then the items of Rest. A
// position set past an absent one, or items in Rest past it, would need a
// gap in the array: an error, never a value silently dropped.
func (e *emitter) marshalTuple(t *NamedType) {
	shape := t.Tuple
	var required []jen.Code
	for _, f := range t.Fields[:shape.Positions] {
		if f.Required {
			required = append(required, jen.Op("&").Id("x").Dot(f.GoName))
		}
	}
	size := jen.Lit(shape.Positions)
	hasRest := len(t.Fields) > shape.Positions
	if hasRest {
		size = jen.Lit(shape.Positions).Op("+").Len(jen.Id("x").Dot("Rest"))
	}
	items := jen.Make(jen.Index().Any(), jen.Lit(0), size)
	if len(required) > 0 {
		items = jen.Append(append([]jen.Code{items}, required...)...)
	}
	body := []jen.Code{jen.Id("items").Op(":=").Add(items)}
	gap := func(what string) jen.Code {
		return jen.Return(jen.Nil(), jen.Qual("fmt", "Errorf").Call(
			jen.Lit(t.Name+": "+what+" but the item at index %d, before it, is not: a JSON array has no gaps"), jen.Len(jen.Id("items"))))
	}
	for i, f := range t.Fields[:shape.Positions] {
		if f.Required {
			continue
		}
		add := []jen.Code{jen.Id("items").Op("=").Append(jen.Id("items"), jen.Op("&").Id("x").Dot(f.GoName))}
		if i > len(required) { // else the positions before it are required
			add = append([]jen.Code{jen.If(jen.Len(jen.Id("items")).Op("<").Lit(i)).Block(gap(f.GoName + " is set"))}, add...)
		}
		body = append(body, jen.If(present(f)).Block(add...))
	}
	if hasRest {
		if len(required) < shape.Positions {
			body = append(body, jen.If(jen.Len(jen.Id("x").Dot("Rest")).Op(">").Lit(0).Op("&&").Len(jen.Id("items")).Op("<").Lit(shape.Positions)).Block(gap("Rest holds items")))
		}
		body = append(body, jen.For(jen.Id("i").Op(":=").Range().Id("x").Dot("Rest")).Block(
			jen.Id("items").Op("=").Append(jen.Id("items"), jen.Op("&").Id("x").Dot("Rest").Index(jen.Id("i"))),
		))
	}
	body = append(body, jen.Return(jen.Qual(jsonPkg, "Marshal").Call(jen.Id("items"))))
	e.f.Add(comment(fmt.Sprintf("MarshalJSON encodes x as the JSON array the schema of %s describes: its fields in order, up to the first absent one.", t.Name)))
	e.f.Func().Params(jen.Id("x").Id(t.Name)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(body...)
	e.end()
}

// readTuple emits the method that decodes and validates a JSON array into
// tuple t: a switch on the item's index reads each position as its field
// reads it, the items past them go to Rest (or are reported, or skipped
// for maxItems to count), then the length is checked on the items read.
func (e *emitter) readTuple(t *NamedType) {
	shape := t.Tuple
	const index = "index"
	var cases []jen.Code
	for i, f := range t.Fields[:shape.Positions] {
		cases = append(cases, jen.Case(jen.Lit(i)).Block(readSensitively(f.Value, e.field(f))...))
	}
	past := []jen.Code{jen.Id("r").Dot("Skip").Call()}
	body := []jen.Code{jen.If(jen.Op("!").Id("r").Dot("BeginArray").Call()).Block(jen.Return())}
	switch {
	case shape.NoRest != "":
		past = []jen.Code{itemNotAllowed(shape.NoRest)}
	case len(t.Fields) > shape.Positions:
		rest := t.Fields[shape.Positions].Value
		// The items are counted first, so that Rest is allocated once.
		body = append(body, jen.If(jen.Id("n").Op(":=").Id("r").Dot("ItemCount").Call().Op("-").Lit(shape.Positions), jen.Id("n").Op(">").Lit(0)).Block(
			jen.Id("x").Dot("Rest").Op("=").Make(e.typ(rest), jen.Lit(0), jen.Id("n")),
		))
		past = []jen.Code{jen.Var().Id("item").Add(e.elemType(rest.Elem))}
		past = append(past, e.element(rest.Elem, 1, jen.Id("item"))...)
		past = append(past, jen.Id("x").Dot("Rest").Op("=").Append(jen.Id("x").Dot("Rest"), jen.Id("item")))
	}
	cases = append(cases, jen.Default().Block(past...))
	body = append(body,
		jen.Id(index).Op(":=").Lit(0),
		jen.For(jen.Empty(), jen.Id("r").Dot("More").Call(), jen.Id(index).Op("++")).Block(jen.Switch(jen.Id(index)).Block(cases...)),
		jen.Id("r").Dot("EndArray").Call(),
	)
	body = append(body, lengthChecks(shape.MinItems, shape.MaxItems, jen.Id(index))...)
	e.f.Add(lineComment("readJSON decodes a JSON array into x, item by item, and reports every violation of its schema to r."))
	e.f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("readJSON").Params(jen.Id("r").Op("*").Add(rt("Reader"))).Block(body...)
	e.end()
}
