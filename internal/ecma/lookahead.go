package ecma

import (
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"strings"

	"github.com/toolgen/toolgen/internal/ecma/lookaround"
)

// Lookaheads are decided by regexps of their own where the place they stand
// at is known before matching.
//
// Write F(R) for "R matches a prefix of the input, starting at its start":
// RE2 runs it as the regexp R when R is anchored with \A. A lookahead asks
// about the input from where it stands to the end, so for a prefix P
// without lookaheads that is anchored and can end at one place at most in
// any input (no string it matches is a proper prefix of another it
// matches: then "P ends at k" holds for one k at most),
//
//	F(P (?=A) R)     = F(P A) and F(P R)
//	F(P (?!A) R)     = not F(P A) and F(P R)
//	F(P (G|H) R)     = F(P G R) or F(P H R), and (G)? is (G|)
//
// and a pattern is searched for alternative by alternative: an alternative
// with a lookahead must be anchored, so that the search is F. A match
// exists in ECMA-262 exactly when one exists in these terms: ECMA-262's
// backtracking tries every way to match, a lookahead (atomic or not) only
// succeeds or fails at its place, and the rule that a repetition may not
// take an empty iteration never removes the last way to a match.
//
// Every other lookaround (in an unanchored alternative, after a part that
// can end at several places, in a repeated group, any lookbehind) goes to
// the automaton of package lookaround, which decides each assertion at
// every position of the input in linear time; the same argument makes its
// verdicts ECMA-262's, captures being unobservable without backreferences.

// maxRegexps bounds the matches one pattern's lookaheads may take:
// distributing groups over what follows them doubles the regexps with each
// optional group.
const maxRegexps = 32

// Op is what a Cond does.
type Op uint8

const (
	OpMatch Op = iota // the regexp RE2 matches somewhere in the input
	OpNot             // Args[0] does not hold
	OpAnd             // every one of Args holds
	OpOr              // one of Args holds
	// OpLookaround: the automaton Lookaround describes matches. It is only
	// ever a whole pattern's condition.
	OpLookaround
)

// Cond is a condition on RE2 matches that decides a pattern.
type Cond struct {
	Op         Op
	RE2        string // for OpMatch
	Args       []Cond
	Lookaround *Lookaround // for OpLookaround
}

// Lookaround is a pattern whose lookarounds no condition on RE2 matches
// decides, as package lookaround reads it: the pattern in RE2 syntax with
// each lookaround an empty group (?P<Ln>), and the lookarounds in order,
// each with its body in the same form.
type Lookaround struct {
	RE2        string
	Assertions []lookaround.Assertion
}

// Regexps returns every regexp of c once, in the order they first appear.
func (c Cond) Regexps() []string {
	var out []string
	seen := map[string]bool{}
	var walk func(Cond)
	walk = func(c Cond) {
		if c.Op == OpMatch && !seen[c.RE2] {
			seen[c.RE2] = true
			out = append(out, c.RE2)
		}
		for _, a := range c.Args {
			walk(a)
		}
	}
	walk(c)
	return out
}

// eval decides c, which holds no OpLookaround, with match, which reports
// whether a regexp of c matches.
func (c Cond) eval(match func(re2 string) bool) bool {
	switch c.Op {
	case OpMatch:
		return match(c.RE2)
	case OpNot:
		return !c.Args[0].eval(match)
	case OpAnd:
		for _, a := range c.Args {
			if !a.eval(match) {
				return false
			}
		}
		return true
	default:
		for _, a := range c.Args {
			if a.eval(match) {
				return true
			}
		}
		return false
	}
}

// Matcher returns a function that reports whether s matches the pattern.
func (p *Pattern) Matcher() func(s string) bool {
	if l := p.Cond.Lookaround; l != nil {
		return lookaround.MustCompile(l.RE2, l.Assertions...).MatchString // Compile has compiled it
	}
	res := map[string]*regexp.Regexp{}
	for _, re := range p.Cond.Regexps() {
		res[re] = regexp.MustCompile(re) // Compile has compiled each
	}
	return func(s string) bool {
		return p.Cond.eval(func(re string) bool { return res[re].MatchString(s) })
	}
}

func and(conds []Cond) Cond { return join(OpAnd, conds) }
func or(conds []Cond) Cond  { return join(OpOr, conds) }

func join(op Op, conds []Cond) Cond {
	var flat []Cond
	for _, c := range conds {
		if c.Op == op {
			flat = append(flat, c.Args...)
		} else {
			flat = append(flat, c)
		}
	}
	if len(flat) == 1 {
		return flat[0]
	}
	return Cond{Op: op, Args: flat}
}

type termKind uint8

const (
	plainTerm      termKind = iota // an atom, its quantifier, an assertion
	groupTerm                      // a group and its quantifier
	lookaroundTerm                 // (?=...), (?!...), (?<=...) or (?<!...)
)

// term is one term of an alternative, with where its translation lies.
type term struct {
	kind   termKind
	offset int // in the pattern
	// p.out[from:to] is the translation: for a group its opening, body,
	// closing and quantifier; for a lookahead its body. from < 0 stands
	// for a lookahead's body made a group.
	from, to   int
	negated    bool           // (?!...) or (?<!...)
	behind     bool           // (?<=...) or (?<!...)
	body       []*alternative // a lookaround's or a group's
	quantifier string         // a group's, as translated
	lookaround bool           // the term is or holds a lookaround
}

// alternative is one alternative of a disjunction.
type alternative struct {
	terms      []*term
	lookaround bool
}

// errUndecided is the decomposer's answer for a lookaround that no
// condition on RE2 matches decides.
var errUndecided = errors.New("no condition on RE2 matches decides a lookaround")

// condition decides the parsed pattern: its translation when it has no
// lookaround, else the condition the rules above give, else the automaton.
func (p *parser) condition() Cond {
	d := &decomposer{p: p}
	if c, err := d.search(p.top); err == nil {
		return c
	}
	w := &automatonWriter{p: p}
	re := w.alternatives(p.top)
	return Cond{Op: OpLookaround, Lookaround: &Lookaround{RE2: re, Assertions: w.assertions}}
}

// automatonWriter writes a pattern for package lookaround: groups made
// non-capturing, since an empty group (?P<Ln>) is the place of lookaround
// n, numbered as they open, an outer one before those it holds.
type automatonWriter struct {
	p          *parser
	assertions []lookaround.Assertion
}

func (w *automatonWriter) alternatives(alts []*alternative) string {
	texts := make([]string, len(alts))
	for i, alt := range alts {
		var b strings.Builder
		for _, t := range alt.terms {
			w.term(&b, t)
		}
		texts[i] = b.String()
	}
	return strings.Join(texts, "|")
}

func (w *automatonWriter) term(b *strings.Builder, t *term) {
	switch t.kind {
	case lookaroundTerm:
		n := len(w.assertions)
		w.assertions = append(w.assertions, lookaround.Assertion{Behind: t.behind, Negated: t.negated})
		w.assertions[n].RE2 = w.alternatives(t.body)
		fmt.Fprintf(b, "(?P<L%d>)", n+1)
	case groupTerm:
		b.WriteString("(?:" + w.alternatives(t.body) + ")" + t.quantifier)
	default:
		b.WriteString(strings.Join(w.p.out[t.from:t.to], ""))
	}
}

type decomposer struct {
	p      *parser
	leaves int
}

func (d *decomposer) termText(t *term) string {
	if t.from < 0 {
		return "(?:" + d.altsText(t.body) + ")"
	}
	return strings.Join(d.p.out[t.from:t.to], "")
}

func (d *decomposer) text(terms []*term) string {
	var b strings.Builder
	for _, t := range terms {
		b.WriteString(d.termText(t))
	}
	return b.String()
}

func (d *decomposer) altsText(alts []*alternative) string {
	texts := make([]string, len(alts))
	for i, alt := range alts {
		texts[i] = d.text(alt.terms)
	}
	return strings.Join(texts, "|")
}

func (d *decomposer) match(re string) (Cond, error) {
	d.leaves++
	if d.leaves > maxRegexps {
		return Cond{}, errUndecided
	}
	return Cond{Op: OpMatch, RE2: re}, nil
}

// search decides a disjunction searched for anywhere in the input.
func (d *decomposer) search(alts []*alternative) (Cond, error) {
	var plain []string
	var conds []Cond
	for _, alt := range alts {
		if !alt.lookaround {
			plain = append(plain, d.text(alt.terms))
			continue
		}
		c, err := d.searchTerms(alt.terms)
		if err != nil {
			return Cond{}, err
		}
		conds = append(conds, c)
	}
	if len(plain) > 0 {
		m, err := d.match(strings.Join(plain, "|"))
		if err != nil {
			return Cond{}, err
		}
		conds = append([]Cond{m}, conds...)
	}
	return or(conds), nil
}

// searchTerms decides one alternative searched for anywhere in the input.
func (d *decomposer) searchTerms(terms []*term) (Cond, error) {
	i := 0
	for i < len(terms) && !terms[i].lookaround {
		i++
	}
	if i == len(terms) {
		return d.match(d.text(terms))
	}
	if t := terms[i]; t.kind == groupTerm {
		return d.distribute(t, func(inner []*term) (Cond, error) {
			return d.searchTerms(concat(terms[:i], inner, terms[i+1:]))
		})
	}
	prefix := d.text(terms[:i])
	if anchored, ok := anchoredAtStart(prefix); !ok || !anchored {
		return Cond{}, errUndecided
	}
	return d.prefixed(prefix, terms[i:])
}

// prefixed decides F(prefix terms), prefix being anchored RE2 text.
func (d *decomposer) prefixed(prefix string, terms []*term) (Cond, error) {
	var conds []Cond
	for i, t := range terms {
		switch {
		case !t.lookaround:
			prefix += d.termText(t)
			continue
		case t.kind == groupTerm:
			c, err := d.distribute(t, func(inner []*term) (Cond, error) {
				return d.prefixed(prefix, concat(inner, terms[i+1:]))
			})
			if err != nil {
				return Cond{}, err
			}
			return and(append(conds, c)), nil
		}
		if t.behind || !prefixFree(prefix) {
			return Cond{}, errUndecided
		}
		body := &term{kind: groupTerm, from: -1, body: t.body}
		for _, alt := range t.body {
			body.lookaround = body.lookaround || alt.lookaround
		}
		c, err := d.prefixed(prefix, []*term{body})
		if err != nil {
			return Cond{}, err
		}
		if t.negated {
			c = Cond{Op: OpNot, Args: []Cond{c}}
		}
		conds = append(conds, c)
	}
	if prefix != `\A` || len(conds) == 0 {
		m, err := d.match(prefix)
		if err != nil {
			return Cond{}, err
		}
		conds = append(conds, m)
	}
	return and(conds), nil
}

// distribute decides a group holding a lookahead as the alternatives it
// stands for, each decided by then with the group's terms in its place.
func (d *decomposer) distribute(g *term, then func(inner []*term) (Cond, error)) (Cond, error) {
	var optional bool
	switch g.quantifier {
	case "", "{1}", "{1}?":
	case "?", "??", "{0,1}", "{0,1}?":
		optional = true
	default:
		return Cond{}, errUndecided
	}
	var conds []Cond
	for _, alt := range g.body {
		c, err := then(alt.terms)
		if err != nil {
			return Cond{}, err
		}
		conds = append(conds, c)
	}
	if optional {
		c, err := then(nil)
		if err != nil {
			return Cond{}, err
		}
		conds = append(conds, c)
	}
	return or(conds), nil
}

func concat(parts ...[]*term) []*term {
	var out []*term
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// anchoredAtStart reports whether every match of the RE2 text re starts at
// the start of the input; ok is false when RE2 cannot compile it.
func anchoredAtStart(re string) (anchored, ok bool) {
	prog, ok := program(re)
	return ok && prog.StartCond()&syntax.EmptyBeginText != 0, ok
}

func program(re string) (*syntax.Prog, bool) {
	parsed, err := syntax.Parse(re, syntax.Perl)
	if err != nil {
		return nil, false
	}
	prog, err := syntax.Compile(parsed.Simplify())
	return prog, err == nil
}
