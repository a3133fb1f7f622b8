package gen

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/go-json-experiment/json/jsontext"
)

// typ is the Go type holding values of v, null aside.
func (e *emitter) typ(v *Value) *jen.Statement {
	if v.Custom != nil {
		return e.customType(v.Custom)
	}
	if d := v.plain().Declared; d != "" {
		return jen.Id(d)
	}
	return e.writtenType(v)
}

// writtenType is typ written out: a slice or map type literal rather than
// the name declared for it.
func (e *emitter) writtenType(v *Value) *jen.Statement {
	switch v.Kind {
	case kindString:
		return jen.String()
	case kindInt:
		return jen.Int64()
	case kindNumber:
		return jen.Float64()
	case kindBool:
		return jen.Bool()
	case kindStruct, kindEnum, kindTuple:
		return jen.Id(v.Named.Name)
	case kindSlice:
		return jen.Index().Add(e.elemType(v.Elem))
	case kindArray:
		return jen.Index(jen.Lit(len(v.Positions))).Add(e.typ(v.Elem))
	case kindMap:
		return jen.Map(e.keyType(v)).Add(e.elemType(v.Elem))
	case kindSealed:
		return jen.Id(v.Sealed.Interface)
	case kindNull:
		return rt("Null")
	}
	if v.Union != nil && v.Union.Type != "" {
		return jen.Id(v.Union.Type)
	}
	return jen.Qual(jsonPkg, "RawMessage")
}

// isRawText reports whether v is held as a plain json.RawMessage.
func isRawText(v *Value) bool {
	return v.Kind == kindRaw && (v.Union == nil || v.Union.Type == "")
}

// elemType is the Go type of an array item or map value: a pointer when the
// item may be null and its type has no nil of its own.
func (e *emitter) elemType(v *Value) *jen.Statement {
	if v.Nullable && !hasNil(v) {
		return jen.Op("*").Add(e.typ(v))
	}
	return e.typ(v)
}

// acceptsNull reports whether the schema of v allows null itself.
func acceptsNull(v *Value) bool {
	return v.Nullable || v.Kind == kindRaw && (v.Kinds == nil || slices.Contains(v.Kinds, "null"))
}

// hasNil reports whether v's Go type has a nil of its own; a type the
// catalog chose has one when its goJSONSchema says nillable.
func hasNil(v *Value) bool {
	if v.Custom != nil {
		return v.Custom.Nillable
	}
	return v.Kind == kindSlice || v.Kind == kindMap || v.Kind == kindRaw || v.Kind == kindSealed
}

func (e *emitter) fieldType(f *Field) *jen.Statement {
	switch f.Holder {
	case holdPointer:
		return jen.Op("*").Add(e.typ(f.Value))
	case holdNullable:
		return rt("Nullable").Types(e.typ(f.Value))
	}
	return e.typ(f.Value)
}

func (e *emitter) structType(t *NamedType) {
	if t.Tuple != nil {
		e.tupleType(t)
		return
	}
	var fields []jen.Code
	for i, f := range t.Fields {
		if i > 0 {
			fields = append(fields, jen.Line())
		}
		if doc := fieldDoc(f); doc != "" {
			fields = append(fields, comment(doc))
		}
		fields = append(fields, jen.Id(f.GoName).Add(e.fieldType(f)).Tag(fieldTags(f)))
	}
	if r := t.Record; r != nil {
		doc := fmt.Sprintf("%s holds the members whose names match the pattern %s, each read as the pattern's schema.", r.Field, strconv.Quote(r.Pattern.Expr))
		if note := rawNote(r.Value); note != "" {
			doc += " " + note
		}
		fields = append(fields, comment(doc),
			jen.Id(r.Field).Map(jen.String()).Add(e.elemType(r.Value)).Tag(map[string]string{"json": "-"}), jen.Line())
	}
	if t.Additional != nil {
		if len(fields) > 0 && t.Record == nil {
			fields = append(fields, jen.Line())
		}
		doc := t.AdditionalField + " holds the members not declared under properties; MarshalJSON writes them after the declared ones."
		if r := t.Record; r != nil {
			which := "read as additionalProperties"
			if r.Open {
				which = "which take any JSON"
			}
			doc = fmt.Sprintf("%s holds the members whose names the pattern does not match, %s; MarshalJSON writes them after those in %s.", t.AdditionalField, which, r.Field)
		}
		if note := rawNote(t.Additional); note != "" {
			doc += " " + note
		}
		fields = append(fields, comment(doc),
			jen.Id(t.AdditionalField).Map(jen.String()).Add(e.elemType(t.Additional)).Tag(map[string]string{"json": "-"}))
	}
	e.f.Add(comment(typeDoc(t, "%s is the object at %s in the %s schema of tool %q.")))
	e.f.Type().Id(t.Name).Struct(fields...)
	e.end()
	if needsMarshal(t) {
		e.marshalMethod(t)
	}
	e.unmarshalMethod(t)
	e.readStruct(t)
}

// typeDoc is a named type's doc comment: a sentence saying where the schema
// stands, then the schema's own description.
func typeDoc(t *NamedType, format string) string {
	if t.Root && t.Doc != "" {
		return t.Doc // a tool's arguments: the doc already says whose
	}
	doc := fmt.Sprintf(format, t.Name, displayPtr(t.Ptr), t.Schema, t.Tool)
	if len(t.AlsoUsedBy) > 0 {
		quoted := make([]string, len(t.AlsoUsedBy))
		for i, tool := range t.AlsoUsedBy {
			quoted[i] = strconv.Quote(tool)
		}
		who := "Tool " + quoted[0] + " uses"
		if n := len(quoted); n > 1 {
			who = "Tools " + strings.Join(quoted[:n-1], ", ") + " and " + quoted[n-1] + " use"
		}
		doc += " " + who + " the same schema, and this type."
	}
	if t.Doc != "" {
		doc += "\n\n" + t.Doc
	}
	return doc
}

// rawNote is the sentence a doc comment gets when v, or the items or
// values v holds, are json.RawMessage although the schema does not admit
// any JSON there: what no Go type expresses. It is the one wording of it.
const rawNoteText = "%s as raw JSON: no Go type expresses %s; the value is still validated."

func rawNote(v *Value) string {
	held := "Held"
	// A declared slice or map may hold itself (type A []A): each value is
	// looked at once.
	seen := map[*Value]bool{}
	for (v.Kind == kindSlice || v.Kind == kindMap) && !seen[v] {
		seen[v] = true
		held = map[typeKind]string{kindSlice: "Its items are held", kindMap: "Its values are held"}[v.Kind]
		v = v.Elem
	}
	if v.Kind != kindRaw || v.Why == "" {
		return ""
	}
	return fmt.Sprintf(rawNoteText, held, v.Why)
}

func fieldDoc(f *Field) string {
	doc := f.Doc
	var notes []string
	if f.Required {
		notes = append(notes, "Required.")
	}
	if f.Default != nil {
		notes = append(notes, "Defaults to "+string(f.Default)+".")
	}
	if f.Unapplied != nil {
		notes = append(notes, "The schema gives the default "+string(compact(f.Unapplied))+", which is not applied: the field's Go type is the catalog's choice, and converting the default to it could fail unseen.")
	}
	if f.Holder == holdPointer && !f.Required && f.Default == nil {
		notes = append(notes, "Nil when absent.")
	}
	if f.Holder == holdValue && !f.Required && f.Default == nil && hasNil(f.Value) {
		notes = append(notes, "Nil when absent.")
	}
	if f.Holder == holdPointer && f.Value.Nullable {
		notes = append(notes, "Nil when null.")
	}
	if f.Holder == holdNullable {
		notes = append(notes, "Tells absent (Present false), null (Null true) and a value apart.")
	}
	if !tagCarries(f.JSONName) {
		notes = append(notes, fmt.Sprintf("The member is %q, a name no struct tag can spell: MarshalJSON writes it.", f.JSONName))
	}
	if note := rawNote(f.Value); note != "" {
		notes = append(notes, note)
	}
	if len(notes) == 0 {
		return doc
	}
	if doc != "" {
		doc += "\n\n"
	}
	return doc + strings.Join(notes, " ")
}

// unionTypes declares the type of each union kept as its checked JSON text,
// with a typed accessor per alternative.
func (e *emitter) unionTypes() {
	for _, u := range e.m.Unions {
		e.f.Add(comment(fmt.Sprintf("%s holds a value checked against the %s at %s: the JSON text as it came, since its alternatives cannot be told apart without trying each. The As methods read it as one alternative.", u.Type, u.Keyword, displayPtr(u.Ptr))))
		e.f.Type().Id(u.Type).Qual(jsonPkg, "RawMessage")
		e.end()
		e.f.Add(lineComment("MarshalJSON returns the value's JSON text."))
		e.f.Func().Params(jen.Id("u").Id(u.Type)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(
			jen.Return(jen.Qual(jsonPkg, "RawMessage").Call(jen.Id("u")).Dot("MarshalJSON").Call()),
		)
		e.end()
		e.f.Add(lineComment("UnmarshalJSON keeps a copy of the JSON text; it does not check it."))
		e.f.Func().Params(jen.Id("u").Op("*").Id(u.Type)).Id("UnmarshalJSON").Params(jen.Id("data").Index().Byte()).Error().Block(
			jen.Op("*").Id("u").Op("=").Append(jen.Parens(jen.Op("*").Id("u")).Index(jen.Empty(), jen.Lit(0)), jen.Id("data").Op("...")),
			jen.Return(jen.Nil()),
		)
		e.end()
		for i, alt := range u.Alternatives {
			method := "As" + alt.Label
			e.f.Add(comment(fmt.Sprintf("%s reads the value as alternative %d of the %s (the schema at %s) and reports whether it is one.", method, i+1, u.Keyword, displayPtr(alt.Value.Ptr))))
			e.f.Func().Params(jen.Id("u").Id(u.Type)).Id(method).Params().Params(e.elemType(alt.Value), jen.Bool()).Block(
				jen.Return(jen.Id(alt.Func).Call(rt("NewReader").Call(jen.Id("u")))),
			)
			e.end()
		}
	}
}

// sealedTypes declares each sealed union: the interface, the types declared
// for its scalar and slice alternatives, and the marker methods.
func (e *emitter) sealedTypes() {
	for _, s := range e.m.Sealed {
		var names []string
		for _, v := range s.Variants {
			names = append(names, v.Type)
		}
		doc := fmt.Sprintf("%s is one of %s: the alternatives of %s that can be told apart", s.Interface, joinOr(names), withArticle(s.Keyword))
		if s.Property != "" {
			doc += fmt.Sprintf(" by the member %q", s.Property)
			if s.Absent > 0 {
				doc += fmt.Sprintf(" (%s when it is absent)", s.Variants[s.Absent-1].Type)
			}
		} else if s.Tried != nil {
			doc += " by trying each"
			if s.Keyword == "anyOf" {
				doc += " (the first that matches)"
			}
		} else {
			doc += " by the kind of JSON value"
		}
		doc += ". No other type implements it."
		if s.Doc != "" {
			doc += "\n\n" + s.Doc
		}
		marker := "is" + s.Interface
		e.f.Add(comment(doc))
		e.f.Add(directive(sealedDirectiveText))
		e.f.Type().Id(s.Interface).Interface(jen.Id(marker).Params())
		e.end()
		if s.Property != "" {
			tags := make([]jen.Code, len(s.Variants))
			for i, v := range s.Variants {
				tags[i] = jen.Lit(v.Tag)
			}
			e.f.Add(lineComment(fmt.Sprintf("%s are the values of %q that select each alternative of %s, in order.", s.TagsVar, s.Property, s.Interface)))
			e.f.Var().Id(s.TagsVar).Op("=").Index().String().Values(tags...)
			e.end()
		}
		for _, v := range s.Variants {
			if v.Wrap {
				doc := fmt.Sprintf("%s is the %s form of %s.", v.Type, v.Kind, s.Interface)
				if note := rawNote(v.Value); note != "" {
					doc += " " + note
				}
				e.f.Add(comment(doc))
				e.f.Type().Id(v.Type).Add(e.typ(v.Value))
				e.end()
			}
			e.f.Func().Params(jen.Id(v.Type)).Id(marker).Params().Block()
			e.end()
		}
	}
}

// enumLists returns the package variables that list the values of enum type
// t, as constants and as JSON texts, for toolgenimpl.ReadEnum; false when t's
// values have checks of their own beyond being one of the values, and its
// readJSON method reads them.
func (e *emitter) enumLists(t *NamedType) (list, texts string, ok bool) {
	base := t.Base
	if base.MinLength != nil || base.MaxLength != nil || base.Pattern != nil || base.Format != "" || base.Const != nil {
		return "", "", false
	}
	list, ok = e.enumListNames[t]
	if !ok {
		list = e.names.claim(lowerFirst(t.Name) + "List")
		e.enumListNames[t] = list
	}
	return list, e.allowedVar(enumTexts(t), t.Name), true
}

// enumTexts returns the values of enum type t as JSON texts.
func enumTexts(t *NamedType) []jsontext.Value {
	texts := make([]jsontext.Value, 0, len(t.Values))
	for _, v := range t.Values {
		q, _ := jsontext.AppendQuote(nil, v.Value)
		texts = append(texts, q)
	}
	return texts
}

func (e *emitter) enumType(t *NamedType) {
	e.f.Add(comment(typeDoc(t, "%s is one of the values allowed at %s in the %s schema of tool %q.")))
	e.f.Add(directive(enumDirectiveText))
	e.f.Type().Id(t.Name).String()
	e.end()
	var consts, names []jen.Code
	for _, v := range t.Values {
		consts = append(consts, jen.Id(v.GoName).Id(t.Name).Op("=").Lit(v.Value))
		names = append(names, jen.Id(v.GoName))
	}
	e.f.Add(lineComment(fmt.Sprintf("The values of %s.", t.Name)))
	e.f.Const().Defs(consts...)
	e.end()

	if list, _, ok := e.enumLists(t); ok {
		e.f.Add(lineComment(fmt.Sprintf("%s lists the values of %s, for toolgenimpl.ReadEnum.", list, t.Name)))
		e.f.Var().Id(list).Op("=").Index().Id(t.Name).Values(names...)
		e.end()
		return
	}
	// Values with checks of their own: check the string, then compare it.
	body := []jen.Code{
		jen.List(jen.Id("v"), jen.Id("ok")).Op(":=").Id("r").Dot("String").Call(),
		jen.If(jen.Op("!").Id("ok")).Block(jen.Return()),
	}
	body = append(body, e.stringChecks(t.Base, jen.Id("v"))...)
	if t.Base.Const != nil {
		body = append(body, e.literalChecks(&Value{Checks: Checks{Const: t.Base.Const}}, kindString, jen.Id("v"))...)
	}
	body = append(body, jen.Switch(jen.Id(t.Name).Call(jen.Id("v"))).Block(
		jen.Case(names...).Block(jen.Op("*").Id("x").Op("=").Id(t.Name).Call(jen.Id("v"))),
		jen.Default().Block(jen.Id("r").Dot("Enum").Call(jen.Id(e.allowedVar(enumTexts(t), t.Name)))),
	))
	e.f.Add(comment(fmt.Sprintf("readJSON decodes one of the values of %s into x and reports any other value to r.", t.Name)))
	e.f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("readJSON").Params(jen.Id("r").Op("*").Add(rt("Reader"))).Block(body...)
	e.end()
}
