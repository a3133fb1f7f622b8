package goemit

import (
	"fmt"
	"regexp/syntax"
	"strconv"
	"unicode"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen/toolgen/internal/ecma"
)

// A pattern whose lookaheads RE2 cannot run is decided by a condition on
// several regexps (ecma.Cond); generated code holds each regexp in a
// variable and calls one function that combines them, so that a check
// reads like one of an ordinary pattern's. Lookarounds no such condition
// decides are held in a variable of the runtime's automaton
// (toolgenimpl.Lookarounds), which a check calls like a regexp.

// CondMatcher renders the function named name that decides the pattern
// expr by cond, whose regexps are in the variables vars names.
func CondMatcher(name, expr string, cond ecma.Cond, vars map[string]string) jen.Code {
	return jen.Add(Comment(fmt.Sprintf("%s reports whether s matches %s. Go's regexp cannot run its lookaheads, so each is a regexp of its own, anchored where the lookahead stands.", name, strconv.Quote(expr)))).Line().
		Func().Id(name).Params(jen.Id("s").String()).Bool().Block(jen.Return(condExpr(cond, vars, "s")))
}

// condExpr renders cond as a Go expression on the string named arg.
func condExpr(cond ecma.Cond, vars map[string]string, arg string) jen.Code {
	sub := func(c ecma.Cond) jen.Code {
		if c.Op == ecma.OpAnd || c.Op == ecma.OpOr {
			return jen.Parens(condExpr(c, vars, arg))
		}
		return condExpr(c, vars, arg)
	}
	switch cond.Op {
	case ecma.OpMatch:
		return jen.Id(vars[cond.RE2]).Dot("MatchString").Call(jen.Id(arg))
	case ecma.OpNot:
		return jen.Op("!").Add(sub(cond.Args[0]))
	}
	op := "&&"
	if cond.Op == ecma.OpOr {
		op = "||"
	}
	e := jen.Add(sub(cond.Args[0]))
	for _, a := range cond.Args[1:] {
		e = e.Op(op).Add(sub(a))
	}
	return e
}

// LookaroundVar renders the comment and the definition (name = ...) of the
// variable that holds the runtime's automaton for the pattern expr, whose
// lookarounds no condition on regexps decides.
func LookaroundVar(name, expr string, l *ecma.Lookaround) (doc, def jen.Code) {
	args := []jen.Code{jen.Lit(l.RE2)}
	for _, a := range l.Assertions {
		var fields []jen.Code
		if a.Behind {
			fields = append(fields, jen.Id("Behind").Op(":").True())
		}
		if a.Negated {
			fields = append(fields, jen.Id("Negated").Op(":").True())
		}
		fields = append(fields, jen.Id("RE2").Op(":").Lit(a.RE2))
		args = append(args, jen.Line().Add(Runtime("Lookaround")).Values(fields...))
	}
	doc = Comment(fmt.Sprintf("%s decides %s, whose lookarounds Go's regexp cannot run: (?P<Ln>) stands where the n-th lookaround does, decided at every position in one pass over the input.", name, strconv.Quote(expr)))
	return doc, jen.Id(name).Op("=").Add(Runtime("CompileLookarounds")).Call(args...)
}

// A loop is a pattern that a byte loop matches exactly, so generated code
// need not call regexp: anchored at both ends, a sequence of ASCII byte sets,
// each repeated a fixed or bounded or unbounded number of times, where a set
// that repeats a variable number of times shares no byte with the sets that
// can follow it. Then matching each step greedily is the only way to match,
// and a loop agrees with regexp on every input.
type Loop struct {
	steps []loopStep
}

// loopStep is one set of bytes repeated min to max times (max < 0: no limit).
type loopStep struct {
	ranges   []byteRange // sorted, disjoint
	min, max int
	text     string // the source of the step, for a comment
}

type byteRange struct{ lo, hi byte }

// CompileLoop returns the loop of expr, if expr is one.
func CompileLoop(expr string) (*Loop, bool) {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil || re.Op != syntax.OpConcat || len(re.Sub) < 2 {
		return nil, false
	}
	subs := re.Sub
	if subs[0].Op != syntax.OpBeginText || subs[len(subs)-1].Op != syntax.OpEndText {
		return nil, false
	}
	l := &Loop{}
	for _, sub := range subs[1 : len(subs)-1] {
		steps, ok := loopSteps(sub)
		if !ok {
			return nil, false
		}
		l.steps = append(l.steps, steps...)
	}
	if len(l.steps) == 0 || !l.unambiguous() {
		return nil, false
	}
	return l, true
}

// loopSteps turns one element of the pattern into steps.
func loopSteps(re *syntax.Regexp) ([]loopStep, bool) {
	switch re.Op {
	case syntax.OpLiteral:
		var steps []loopStep
		for _, r := range re.Rune {
			rs, ok := literalRanges(r, re.Flags&syntax.FoldCase != 0)
			if !ok {
				return nil, false
			}
			steps = append(steps, loopStep{ranges: rs, min: 1, max: 1, text: string(r)})
		}
		return steps, true
	case syntax.OpCharClass:
		rs, ok := classRanges(re.Rune)
		return []loopStep{{ranges: rs, min: 1, max: 1, text: re.String()}}, ok
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		inner, ok := loopSteps(re.Sub[0])
		if !ok || len(inner) != 1 || re.Flags&syntax.NonGreedy != 0 {
			return nil, false
		}
		s := inner[0]
		s.text = re.String()
		switch re.Op {
		case syntax.OpStar:
			s.min, s.max = 0, -1
		case syntax.OpPlus:
			s.min, s.max = 1, -1
		case syntax.OpQuest:
			s.min, s.max = 0, 1
		default:
			s.min, s.max = re.Min, re.Max
		}
		return []loopStep{s}, true
	}
	return nil, false
}

func literalRanges(r rune, fold bool) ([]byteRange, bool) {
	if r >= 0x80 {
		return nil, false
	}
	runes := []rune{r, r}
	if fold {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if f >= 0x80 {
				return nil, false // e.g. k folds to the Kelvin sign
			}
			runes = append(runes, f, f)
		}
	}
	return classRanges(runes)
}

// classRanges converts a class's rune pairs to byte ranges; false if the
// class holds anything beyond ASCII.
func classRanges(pairs []rune) ([]byteRange, bool) {
	var rs []byteRange
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i+1] >= 0x80 {
			return nil, false
		}
		rs = append(rs, byteRange{byte(pairs[i]), byte(pairs[i+1])})
	}
	return rs, len(rs) > 0
}

// unambiguous reports whether no variable step shares a byte with a step
// that may come right after it.
func (l *Loop) unambiguous() bool {
	for i, s := range l.steps {
		if s.min == s.max {
			continue
		}
		for _, next := range l.steps[i+1:] {
			if overlap(s.ranges, next.ranges) {
				return false
			}
			if next.min > 0 {
				break
			}
		}
	}
	return true
}

func overlap(a, b []byteRange) bool {
	for _, x := range a {
		for _, y := range b {
			if x.lo <= y.hi && y.lo <= x.hi {
				return true
			}
		}
	}
	return false
}

// LoopFunc emits the byte loop that matches a simple pattern: each step takes
// as many bytes of its set as it may, then checks it took enough.
func LoopFunc(name, expr string, l *Loop) jen.Code {
	body := []jen.Code{jen.Id("i").Op(":=").Lit(0), jen.Var().Id("n").Int()}
	for _, step := range l.steps {
		cond := jen.Id("i").Op("<").Len(jen.Id("s"))
		if step.max >= 0 {
			cond = cond.Op("&&").Id("n").Op("<").Lit(step.max)
		}
		cond = cond.Op("&&").Add(byteSet(step.ranges))
		body = append(body,
			LineComment(step.text),
			jen.For(jen.Id("n").Op("=").Lit(0), cond, jen.Id("n").Op("++")).Block(jen.Id("i").Op("++")),
		)
		if step.min > 0 {
			body = append(body, jen.If(jen.Id("n").Op("<").Lit(step.min)).Block(jen.Return(jen.False())))
		}
	}
	body = append(body, jen.Return(jen.Id("i").Op("==").Len(jen.Id("s"))))
	return Comment(fmt.Sprintf("%s reports whether s matches %s. It is a byte loop that agrees with regexp on every input, since each step's bytes cannot be taken by the step after it.", name, expr)).Line().
		Func().Id(name).Params(jen.Id("s").String()).Bool().Block(body...)
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
