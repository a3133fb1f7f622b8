package gen

import "github.com/dave/jennifer/jen"

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
		// The violation a schema function reports for the item, at the item.
		c, x, ev := jen.Id("c").Op("*").Add(rt("Check")), jen.Id("_").Op("*").Add(rt("Value")), jen.Id("_").Op("*").Add(rt("Evaluated"))
		past = []jen.Code{jen.Id("r").Dot("Checked").Call(jen.Func().Params(c, x, ev).Bool().Block(
			jen.Return(jen.Id("c").Dot("ItemNotAllowed").Call(jen.Lit(v.NoRest))),
		))}
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
