package schemafunc

import (
	"github.com/dave/jennifer/jen"

	"github.com/toolgen/toolgen/gen/internal/goemit"
	"github.com/toolgen/toolgen/internal/schema"
)

// The applicators that apply subschemas to the value itself (allOf, anyOf,
// oneOf, not, if, dependentSchemas) and unevaluated*. $ref and
// $dynamicRef are in refs.go.

// inPlace compiles the applicators that apply subschemas to the same value.
func (b *body) inPlace() error {
	allOf, err := b.subschemas("allOf")
	if err != nil {
		return err
	}
	for _, s := range allOf {
		b.add(and(b.call(s, jen.Id("x"), b.evArg())))
	}
	for _, keyword := range []string{"anyOf", "oneOf"} {
		alts, err := b.subschemas(keyword)
		if err != nil {
			return err
		}
		if alts != nil {
			b.add(b.alternatives(keyword, alts))
		}
	}
	if v := b.kw("not"); v != nil {
		s, err := b.sub(v, "not")
		if err != nil {
			return err
		}
		b.k.inPlace[b.n] = append(b.k.inPlace[b.n], s)
		b.add(jen.If(jen.Id("c").Dot("Try").Call(jen.Id(b.callee(s)), jen.Id("x"), jen.Nil())).Block(and(jen.Id("c").Dot("Not").Call())))
	}
	if v := b.kw("if"); v != nil {
		return b.conditional(v)
	}
	return nil
}

// subschemas returns the schemas of an array applicator (allOf, anyOf,
// oneOf), nil when the keyword is absent, and notes that they apply in place.
func (b *body) subschemas(keyword string) ([]*schema.Node, error) {
	v := b.kw(keyword)
	if v == nil {
		return nil, nil
	}
	if v.Kind != '[' || len(v.Items) == 0 {
		return nil, b.fail(keyword, "%s must be a non-empty array of schemas", keyword)
	}
	out := make([]*schema.Node, len(v.Items))
	for i, item := range v.Items {
		s, err := b.sub(item, keyword)
		if err != nil {
			return nil, err
		}
		out[i] = s
		b.k.inPlace[b.n] = append(b.k.inPlace[b.n], s)
	}
	return out, nil
}

// alternatives compiles anyOf or oneOf over alts.
func (b *body) alternatives(keyword string, alts []*schema.Node) jen.Code {
	// Every alternative is tried, even after one matched: each that
	// matches adds to what unevaluated* sees.
	block := []jen.Code{jen.Var().Id("alts").Add(goemit.Runtime("Alternatives"))}
	for _, s := range alts {
		block = append(block, jen.If(
			jen.Id("sub").Op(":=").Id(b.ev).Dot("Fork").Call(),
			jen.Id("alts").Dot("Try").Call(jen.Id("c"), jen.Id(b.callee(s)), jen.Id("x"), jen.Id("sub")),
		).Block(jen.Id(b.ev).Dot("Merge").Call(jen.Id("sub"))))
	}
	report := map[string]string{"anyOf": "AnyOf", "oneOf": "OneOf"}[keyword]
	block = append(block, and(jen.Id("alts").Dot(report).Call(jen.Id("c"))))
	return jen.Block(block...)
}

// conditional compiles if, then and else; v is the if schema.
func (b *body) conditional(v *schema.Node) error {
	cond, err := b.sub(v, "if")
	if err != nil {
		return err
	}
	b.k.inPlace[b.n] = append(b.k.inPlace[b.n], cond)
	var then, els []jen.Code
	for _, branch := range []struct {
		keyword string
		into    *[]jen.Code
	}{{"then", &then}, {"else", &els}} {
		v := b.kw(branch.keyword)
		if v == nil {
			continue
		}
		s, err := b.sub(v, branch.keyword)
		if err != nil {
			return err
		}
		b.k.inPlace[b.n] = append(b.k.inPlace[b.n], s)
		*branch.into = append(*branch.into, and(b.call(s, jen.Id("x"), b.evArg())))
	}
	then = append([]jen.Code{jen.Id(b.ev).Dot("Merge").Call(jen.Id("sub"))}, then...)
	stmt := jen.If(
		jen.Id("sub").Op(":=").Id(b.ev).Dot("Fork").Call(),
		jen.Id("c").Dot("Try").Call(jen.Id(b.callee(cond)), jen.Id("x"), jen.Id("sub")),
	).Block(then...)
	if len(els) > 0 {
		stmt = stmt.Else().Block(els...)
	}
	b.add(stmt)
	return nil
}

// unevaluated compiles unevaluatedItems and unevaluatedProperties, which
// apply to what nothing else here evaluated, and so come last.
func (b *body) unevaluated() error {
	if v := b.kw("unevaluatedItems"); v != nil {
		s, err := b.sub(v, "unevaluatedItems")
		if err != nil {
			return err
		}
		var check jen.Code
		if s.Kind == 'f' {
			check = and(jen.Id("c").Dot("ItemNotAllowed").Call(jen.Lit("unevaluatedItems")))
		} else {
			check = and(b.call(s, jen.Op("&").Id("x").Dot("Items").Index(jen.Id("i")), jen.Nil()))
		}
		b.kindBlock("KindArray", []jen.Code{jen.For(jen.Id("i").Op(":=").Range().Id("x").Dot("Items")).Block(
			jen.If(jen.Id("seen").Dot("Has").Call(jen.Id("i"))).Block(jen.Continue()),
			jen.Id("c").Dot("EnterItem").Call(jen.Id("i")),
			check,
			jen.Id("c").Dot("Leave").Call(),
			jen.Id("seen").Dot("Mark").Call(jen.Id("i")),
		)})
	}
	if v := b.kw("unevaluatedProperties"); v != nil {
		s, err := b.sub(v, "unevaluatedProperties")
		if err != nil {
			return err
		}
		var check jen.Code
		if s.Kind == 'f' {
			check = and(jen.Id("c").Dot("NotAllowed").Call(jen.Lit("unevaluatedProperties"), jen.Nil()))
		} else {
			check = and(b.call(s, jen.Op("&").Id("x").Dot("Members").Index(jen.Id("i")).Dot("Value"), jen.Nil()))
		}
		b.kindBlock("KindObject", []jen.Code{jen.For(jen.Id("i").Op(":=").Range().Id("x").Dot("Members")).Block(
			jen.If(jen.Id("seen").Dot("Has").Call(jen.Id("i"))).Block(jen.Continue()),
			jen.Id("c").Dot("Enter").Call(jen.Id("x").Dot("Members").Index(jen.Id("i")).Dot("Name")),
			check,
			jen.Id("c").Dot("Leave").Call(),
			jen.Id("seen").Dot("Mark").Call(jen.Id("i")),
		)})
	}
	return nil
}
