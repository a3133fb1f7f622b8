package gen

import (
	"strings"

	"github.com/dave/jennifer/jen"
)

func (e *emitter) packageVars() {
	var regexps []jen.Code
	for _, p := range e.m.Patterns {
		switch {
		case p.Loop != nil:
			e.loopFunc(p)
		case p.Cond != nil:
			for i, re := range p.Cond.Regexps() {
				regexps = append(regexps, jen.Id(p.Vars[i]).Op("=").Qual("regexp", "MustCompile").Call(jen.Lit(re)))
			}
			e.f.Add(condMatcher(p.Var, p.Expr, *p.Cond, p.regexpVars()))
			e.end()
		case p.Lookaround != nil:
			doc, def := lookaroundVar(p.Var, p.Expr, p.Lookaround)
			regexps = append(regexps, jen.Add(doc).Line().Add(def))
		default:
			regexps = append(regexps, jen.Id(p.Var).Op("=").Qual("regexp", "MustCompile").Call(jen.Lit(p.RE2)))
		}
	}
	if len(regexps) > 0 {
		e.f.Add(lineComment("Patterns, compiled once."))
		e.f.Var().Defs(regexps...)
		e.end()
	}
	if len(e.m.Divisors) > 0 {
		var defs []jen.Code
		for _, d := range e.m.Divisors {
			defs = append(defs, jen.Id(d.Var).Op("=").Add(rt("Rat")).Call(jen.Lit(d.Text)))
		}
		e.f.Add(lineComment("multipleOf divisors, kept exact so that decimal multiples such as 0.01 are exact."))
		e.f.Var().Defs(defs...)
		e.end()
	}
	if len(e.allowedOrder) > 0 {
		var defs []jen.Code
		for _, key := range e.allowedOrder {
			var items []jen.Code
			for _, t := range strings.Split(key, "\x00") {
				items = append(items, jen.Lit(t))
			}
			defs = append(defs, jen.Id(e.allowed[key]).Op("=").Index().String().Values(items...))
		}
		e.f.Add(lineComment("Allowed values of enums, as JSON texts, for checks and hints."))
		e.f.Var().Defs(defs...)
	}
}

// loopFunc emits the byte loop that matches a simple pattern.
func (e *emitter) loopFunc(p *Pattern) {
	e.f.Add(loopFunc(p.Var, p.Expr, p.Loop))
	e.end()
}
