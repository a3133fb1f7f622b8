package schemafunc

import (
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen/toolgen/gen/internal/goemit"
)

// generic compiles type, const and enum.
func (b *body) generic() error {
	if t := b.kw("type"); t != nil {
		names := b.n.Strings("type")
		if t.Kind == '[' && len(names) != len(t.Items) {
			return b.fail("type", "type must be a type name or a non-empty array of them")
		}
		var set []jen.Code
		for _, name := range names {
			c, ok := typeConstants[name]
			if !ok {
				return b.fail("type", "unknown type %q; use null, boolean, object, array, number, string or integer", name)
			}
			set = append(set, goemit.Runtime(c))
		}
		if len(set) == 0 {
			return b.fail("type", "type must be a type name or a non-empty array of them")
		}
		b.add(and(jen.Id("c").Dot("Type").Call(jen.Id("x"), jen.Add(orTypes(set)))))
	}
	if v := b.kw("const"); v != nil {
		b.add(and(jen.Id("c").Dot("Const").Call(jen.Id("x"), jen.Op("&").Id(b.k.value(v)), jen.Lit(goemit.AllowedText(v.Raw)))))
	}
	if v := b.kw("enum"); v != nil {
		if v.Kind != '[' {
			return b.fail("enum", "enum must be an array of values")
		}
		var texts []string
		for _, item := range v.Items {
			texts = append(texts, goemit.AllowedText(item.Raw))
		}
		b.add(and(jen.Id("c").Dot("Enum").Call(jen.Id("x"), jen.Id(b.k.values(v)), jen.Lit(strings.Join(texts, ", ")))))
	}
	return nil
}

var typeConstants = map[string]string{
	"null": "TypeNull", "boolean": "TypeBoolean", "object": "TypeObject", "array": "TypeArray",
	"number": "TypeNumber", "string": "TypeString", "integer": "TypeInteger",
}

func orTypes(codes []jen.Code) *jen.Statement {
	s := jen.Add(codes[0])
	for _, c := range codes[1:] {
		s = s.Op("|").Add(c)
	}
	return s
}
