package gen

import (
	"fmt"
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

// loopFunc emits the byte loop that matches a simple pattern: each step takes
// as many bytes of its set as it may, then checks it took enough.
func (e *emitter) loopFunc(p *Pattern) {
	body := []jen.Code{jen.Id("i").Op(":=").Lit(0), jen.Var().Id("n").Int()}
	for _, step := range p.Loop.steps {
		cond := jen.Id("i").Op("<").Len(jen.Id("s"))
		if step.max >= 0 {
			cond = cond.Op("&&").Id("n").Op("<").Lit(step.max)
		}
		cond = cond.Op("&&").Add(byteSet(step.ranges))
		body = append(body,
			lineComment(step.text),
			jen.For(jen.Id("n").Op("=").Lit(0), cond, jen.Id("n").Op("++")).Block(jen.Id("i").Op("++")),
		)
		if step.min > 0 {
			body = append(body, jen.If(jen.Id("n").Op("<").Lit(step.min)).Block(jen.Return(jen.False())))
		}
	}
	body = append(body, jen.Return(jen.Id("i").Op("==").Len(jen.Id("s"))))
	e.f.Add(comment(fmt.Sprintf("%s reports whether s matches %s. It is a byte loop that agrees with regexp on every input, since each step's bytes cannot be taken by the step after it.", p.Var, p.Expr)))
	e.f.Func().Id(p.Var).Params(jen.Id("s").String()).Bool().Block(body...)
	e.end()
}

// byteSet renders the test that s[i] is in one of ranges.
func byteSet(ranges []byteRange) jen.Code {
	b := jen.Id("s").Index(jen.Id("i"))
	var terms []jen.Code
	for _, r := range ranges {
		if r.lo == r.hi {
			terms = append(terms, jen.Add(b).Op("==").Add(byteLit(r.lo)))
		} else {
			terms = append(terms, jen.Add(byteLit(r.lo)).Op("<=").Add(b).Op("&&").Add(b).Op("<=").Add(byteLit(r.hi)))
		}
	}
	if len(terms) == 1 && ranges[0].lo == ranges[0].hi {
		return terms[0]
	}
	set := jen.Add(terms[0])
	for _, t := range terms[1:] {
		set = set.Op("||").Add(t)
	}
	return jen.Parens(set)
}

func byteLit(c byte) jen.Code {
	if c >= 0x20 && c < 0x7f {
		return jen.LitRune(rune(c))
	}
	return jen.LitByte(c)
}
