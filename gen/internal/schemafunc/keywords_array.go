package schemafunc

import (
	"github.com/dave/jennifer/jen"

	"github.com/toolgen/toolgen/gen/internal/goemit"
	"github.com/toolgen/toolgen/internal/schema"
)

// arrays compiles the keywords on arrays.
func (b *body) arrays() error {
	checks, err := b.itemChecks()
	if err != nil {
		return err
	}
	if contains := b.kw("contains"); contains != nil {
		check, err := b.containsCheck(contains)
		if err != nil {
			return err
		}
		checks = append(checks, check)
	}
	minItems, err := b.count("minItems")
	if err != nil {
		return err
	}
	maxItems, err := b.count("maxItems")
	if err != nil {
		return err
	}
	if minItems >= 0 || maxItems >= 0 {
		checks = append(checks, and(jen.Id("c").Dot("Count").Call(jen.Len(jen.Id("x").Dot("Items")), goemit.Count(minItems), goemit.Count(maxItems), jen.Lit("item"))))
	}
	if u := b.kw("uniqueItems"); u != nil {
		switch u.Kind {
		case 't':
			checks = append(checks, and(jen.Id("c").Dot("UniqueItems").Call(jen.Id("x"))))
		case 'f':
		default:
			return b.fail("uniqueItems", "uniqueItems must be true or false")
		}
	}
	b.kindBlock("KindArray", checks)
	return nil
}

// itemChecks compiles prefixItems and items: one loop over the items that
// checks each against the schema for its position.
func (b *body) itemChecks() ([]jen.Code, error) {
	prefix, items := b.kw("prefixItems"), b.kw("items")
	prefixWord, itemsWord := "prefixItems", "items"
	if k := schema.DialectOf(b.n).Keyword("items"); k.Shape == schema.SchemaOrArray {
		// Draft-07 and 2019-09: an array of items is the tuple, and
		// additionalItems (ignored otherwise) checks the items past it.
		prefix, prefixWord = nil, "items"
		if items != nil && items.Kind == '[' {
			prefix, items, itemsWord = items, b.kw("additionalItems"), "additionalItems"
		}
	}
	if prefix != nil && prefix.Kind != '[' {
		return nil, b.fail(prefixWord, "%s must be an array of schemas", prefixWord)
	}
	if prefix == nil && items == nil {
		return nil, nil
	}
	var cases, itemsBlock []jen.Code
	if prefix != nil {
		for i, p := range prefix.Items {
			s, err := b.sub(p, prefixWord)
			if err != nil {
				return nil, err
			}
			cases = append(cases, jen.Case(jen.Lit(i)).Block(
				and(b.call(s, jen.Op("&").Id("x").Dot("Items").Index(jen.Id("i")), jen.Nil())),
				jen.Id(b.ev).Dot("Mark").Call(jen.Id("i")),
			))
		}
	}
	if items != nil {
		s, err := b.sub(items, itemsWord)
		if err != nil {
			return nil, err
		}
		var check jen.Code
		if s.Kind == 'f' {
			check = and(jen.Id("c").Dot("ItemNotAllowed").Call(jen.Lit(itemsWord)))
		} else {
			check = and(b.call(s, jen.Op("&").Id("x").Dot("Items").Index(jen.Id("i")), jen.Nil()))
		}
		itemsBlock = []jen.Code{check, jen.Id(b.ev).Dot("Mark").Call(jen.Id("i"))}
		cases = append(cases, jen.Default().Block(itemsBlock...))
	}
	each := []jen.Code{jen.Id("c").Dot("EnterItem").Call(jen.Id("i"))}
	if prefix == nil || len(prefix.Items) == 0 {
		each = append(each, itemsBlock...)
	} else {
		each = append(each, jen.Switch(jen.Id("i")).Block(cases...))
	}
	each = append(each, jen.Id("c").Dot("Leave").Call())
	return []jen.Code{jen.For(jen.Id("i").Op(":=").Range().Id("x").Dot("Items")).Block(each...)}, nil
}

// containsCheck compiles contains, with minContains and maxContains.
func (b *body) containsCheck(contains *schema.Node) (jen.Code, error) {
	s, err := b.sub(contains, "contains")
	if err != nil {
		return nil, err
	}
	minContains, err := b.count("minContains")
	if err != nil {
		return nil, err
	}
	if minContains < 0 {
		minContains = 1
	}
	maxContains, err := b.count("maxContains")
	if err != nil {
		return nil, err
	}
	return jen.Block(
		jen.Id("matched").Op(":=").Lit(0),
		jen.For(jen.Id("i").Op(":=").Range().Id("x").Dot("Items")).Block(
			jen.If(jen.Id("c").Dot("Try").Call(jen.Id(b.callee(s)), jen.Op("&").Id("x").Dot("Items").Index(jen.Id("i")), jen.Nil())).Block(
				jen.Id("matched").Op("++"),
				jen.Id(b.ev).Dot("Mark").Call(jen.Id("i")),
			),
		),
		and(jen.Id("c").Dot("Contains").Call(jen.Id("matched"), goemit.Count(minContains), goemit.Count(maxContains))),
	), nil
}
