package schemafunc

import (
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen/toolgen/gen/internal/goemit"
)

// numbers compiles the keywords on numbers.
func (b *body) numbers() error {
	var checks []jen.Code
	for _, keyword := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"} {
		v := b.kw(keyword)
		if v == nil {
			continue
		}
		if v.Kind != '0' {
			return b.fail(keyword, "%s must be a number", keyword)
		}
		checks = append(checks, and(jen.Id("c").Dot("Bound").Call(jen.Id("x"), jen.Lit(keyword), jen.Lit(string(v.Raw)))))
	}
	if v := b.kw("multipleOf"); v != nil {
		if v.Kind != '0' || strings.HasPrefix(string(v.Raw), "-") || isZeroNumber(string(v.Raw)) {
			return b.fail("multipleOf", "multipleOf must be a number greater than 0")
		}
		name := b.k.newVar("Divisor")
		b.k.vars = append(b.k.vars, jen.Var().Id(name).Op("=").Add(goemit.Runtime("Rat")).Call(jen.Lit(string(v.Raw))), jen.Line())
		checks = append(checks, and(jen.Id("c").Dot("MultipleOf").Call(jen.Id("x"), jen.Id(name), jen.Lit(string(v.Raw)))))
	}
	if f := b.assertedFormat(); f.Number {
		checks = append(checks, and(jen.Id("c").Dot("Format").Call(jen.Id("x"), jen.Lit(f.Name), goemit.Runtime(f.Func))))
	}
	b.kindBlock("KindNumber", checks)
	return nil
}

func isZeroNumber(text string) bool {
	mantissa, _, _ := strings.Cut(strings.ToLower(text), "e")
	return strings.Trim(mantissa, "0.-+") == ""
}
