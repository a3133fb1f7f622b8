package gen

import (
	"fmt"
	"maps"

	"github.com/dave/jennifer/jen"
)

// customUse is one catalog-chosen type and the interface its values need.
type customUse struct {
	custom *Custom
	iface  string // "TextUnmarshaler" (package encoding) or "Unmarshaler" (encoding/json)
}

// customType is the Go type of a catalog-chosen type, recorded for the
// assertion that it can take its values.
func (e *emitter) customType(c *Custom) *jen.Statement {
	if c.Builtin {
		return jen.Id(c.Name) // takes every value its schema allows: nothing to assert
	}
	use := customUse{custom: c, iface: "Unmarshaler"}
	if c.Text {
		use.iface = "TextUnmarshaler"
	}
	key := c.Path + "\x00" + c.Name + "\x00" + use.iface
	if _, ok := e.customs[key]; !ok {
		e.customs[key] = use
		e.customOrder = append(e.customOrder, key)
	}
	if c.Path == "" {
		return jen.Id(c.Name)
	}
	return jen.Qual(c.Path, c.Name)
}

// readCustom emits the statements that read a value of v, check it by its
// schema and convert it to its catalog-chosen type: a string with the type's
// UnmarshalText, any other value from its JSON text, read and checked by a
// sub-reader first, with UnmarshalJSON. The conversion runs only on a value
// its schema accepted, and a value it refuses is a violation.
func (e *emitter) readCustom(v *Value, depth int, store func(jen.Code) jen.Code) []jen.Code {
	c := v.Custom
	val, mark, conv := varName("v", depth), varName("mark", depth), varName("c", depth)
	if c.Builtin {
		// An integer the schema's bounds keep within the type's range: the
		// conversion is exact once the checks have passed, and a value
		// they refused is dropped with the rest of the call.
		body := e.scalarChecks(v, kindInt, jen.Id(val))
		body = append(body, jen.Id(conv).Op(":=").Id(c.Name).Call(jen.Id(val)), store(jen.Id(conv)))
		return []jen.Code{jen.If(jen.List(jen.Id(val), jen.Id("ok")).Op(":=").Id("r").Dot("Int").Call(), jen.Id("ok")).Block(body...)}
	}
	fields := []jen.Code{jen.Id("Keyword").Op(":").Lit(c.Keyword)}
	if v.Format != "" {
		fields = append(fields, jen.Id("Format").Op(":").Lit(v.Format))
	}
	if e.textHoldsSecrets(e.schemaValue(v)) {
		// The type's error may quote the value, and where its text breaks
		// may be inside a secret.
		fields = append(fields, jen.Id("HoldsSecrets").Op(":").True())
	}
	how := rt("Conversion").Values(fields...)
	convert := func(fn string, from jen.Code) jen.Code {
		call := rt(fn).Types(e.customType(c)).Call(jen.Id("r"), jen.Id(mark), from, how)
		return jen.If(jen.List(jen.Id(conv), jen.Id("ok")).Op(":=").Add(call), jen.Id("ok")).Block(store(jen.Id(conv)))
	}
	start := jen.Id(mark).Op(":=").Id("r").Dot("Mark").Call()
	if c.Text {
		body := e.scalarChecks(v, kindString, jen.Id(val))
		body = append(body, convert("DecodeText", jen.Id(val)))
		return []jen.Code{start, jen.If(jen.List(jen.Id(val), jen.Id("ok")).Op(":=").Id("r").Dot("String").Call(), jen.Id("ok")).Block(body...)}
	}
	text, sub := varName("text", depth), varName("sub", depth)
	return []jen.Code{start, jen.If(jen.List(jen.Id(text), jen.Id("ok")).Op(":=").Id("r").Dot(e.rawCall(e.schemaValue(v))).Call(), jen.Id("ok")).Block(
		jen.Id(sub).Op(":=").Id("r").Dot("Sub").Call(jen.Id(text)),
		jen.Id(e.reader(e.schemaValue(v))).Call(jen.Id(sub)),
		jen.Id("r").Dot("Adopt").Call(jen.Id(sub)),
		convert("DecodeJSON", jen.Id(text)),
	)}
}

// schemaValue is v as its schema alone makes it, without the custom type:
// what the sub-reader reads to check a value before it is converted.
func (e *emitter) schemaValue(v *Value) *Value {
	if base, ok := e.customBase[v]; ok {
		return base
	}
	base := *v
	base.Custom, base.Nullable = nil, false
	e.customBase[v] = &base
	return &base
}

// customAssertions emits, for every catalog-chosen type, the assertion
// that it has the method its values are converted with: a type that has
// not fails go build here, at a line that names it and the interface.
func (e *emitter) customAssertions() {
	if len(e.customOrder) == 0 {
		return
	}
	var specs []jen.Code
	for _, key := range e.customOrder {
		use := e.customs[key]
		iface := jen.Qual("encoding", use.iface)
		if use.iface == "Unmarshaler" {
			iface = jen.Qual(jsonPkg, use.iface)
		}
		chosen := "by the catalog"
		if use.custom.Keyword == "format" {
			chosen = "for format date-time (Options.Time)"
		}
		specs = append(specs,
			comment(fmt.Sprintf("%s is chosen %s at %s.", describeCustom(use.custom), chosen, displayPtr(use.custom.Ptr))),
			jen.Id("_").Add(iface).Op("=").Parens(jen.Op("*").Add(e.customType(use.custom))).Parens(jen.Nil()))
	}
	e.f.Add(comment("Each type the catalog chooses for a value must take it: a string with UnmarshalText, any other value with UnmarshalJSON."))
	e.f.Var().Defs(specs...)
	e.end()
}

// fieldTags is a field's struct tags: json, and the catalog's extraTags.
func fieldTags(f *Field) map[string]string {
	tags := map[string]string{"json": fieldTag(f)}
	maps.Copy(tags, f.Tags)
	return tags
}
