// Package ecmaref matches ECMA-262 regular expressions the way the
// specification defines it (ECMA-262, "Pattern Semantics"): matchers that
// take a continuation and backtrack through every way to match, on code
// points as with the u flag. It is slow, exponential at worst (a budget of
// steps stops it), and written apart from package ecma, whose translations
// to RE2 are tested against it; nothing but tests uses it.
//
// It reads what ecma.Compile reads, less what it has no need of: Unicode
// property escapes, modifier groups and backreferences are refused.
package ecmaref

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ErrBudget is returned by Match when the budget of steps ran out.
var ErrBudget = errors.New("ecmaref: the budget of steps ran out")

// Regexp is a compiled pattern.
type Regexp struct {
	m matcher
}

type state struct {
	in    []rune
	steps int
}

// matcher tries to match at pos and calls k with each place a match may
// end, in the order backtracking tries them, until k accepts one.
type matcher func(st *state, pos int, k func(int) bool) bool

// Budget is the number of steps Match may take for one input.
const Budget = 200_000

// Compile reads pattern.
func Compile(pattern string) (*Regexp, error) {
	if !utf8.ValidString(pattern) {
		return nil, errors.New("invalid UTF-8")
	}
	p := &reader{src: []rune(pattern)}
	m, err := p.disjunction()
	if err == nil && p.pos < len(p.src) {
		err = p.errorf("unmatched )")
	}
	if err != nil {
		return nil, err
	}
	return &Regexp{m: m}, nil
}

// Match reports whether the pattern matches anywhere in s, as
// RegExp.prototype.test does.
func (re *Regexp) Match(s string) (matched bool, err error) {
	st := &state{in: []rune(s)}
	defer func() {
		if r := recover(); r != nil {
			if r != ErrBudget {
				panic(r)
			}
			matched, err = false, ErrBudget
		}
	}()
	for start := 0; start <= len(st.in); start++ {
		if re.m(st, start, func(int) bool { return true }) {
			return true, nil
		}
	}
	return false, nil
}

func step(st *state) {
	st.steps++
	if st.steps > Budget {
		panic(ErrBudget)
	}
}

type reader struct {
	src []rune
	pos int
	// backward is set while reading a lookbehind's body, which the
	// specification matches from right to left: each term before the one
	// on its left, each character the one before the position.
	backward bool
}

func (p *reader) errorf(format string, args ...any) error {
	return fmt.Errorf("at %d: %s", p.pos, fmt.Sprintf(format, args...))
}

func (p *reader) peek(s string) bool {
	r := []rune(s)
	if p.pos+len(r) > len(p.src) {
		return false
	}
	for i := range r {
		if p.src[p.pos+i] != r[i] {
			return false
		}
	}
	return true
}

func (p *reader) disjunction() (matcher, error) {
	var alts []matcher
	for {
		m, err := p.alternative()
		if err != nil {
			return nil, err
		}
		alts = append(alts, m)
		if !p.peek("|") {
			break
		}
		p.pos++
	}
	if len(alts) == 1 {
		return alts[0], nil
	}
	return func(st *state, pos int, k func(int) bool) bool {
		for _, m := range alts {
			if m(st, pos, k) {
				return true
			}
		}
		return false
	}, nil
}

func (p *reader) alternative() (matcher, error) {
	var terms []matcher
	for p.pos < len(p.src) && !p.peek("|") && !p.peek(")") {
		m, err := p.term()
		if err != nil {
			return nil, err
		}
		terms = append(terms, m)
	}
	if p.backward {
		slices.Reverse(terms)
	}
	return sequence(terms), nil
}

func sequence(terms []matcher) matcher {
	if len(terms) == 0 {
		return func(st *state, pos int, k func(int) bool) bool { return k(pos) }
	}
	first, rest := terms[0], sequence(terms[1:])
	return func(st *state, pos int, k func(int) bool) bool {
		step(st)
		return first(st, pos, func(next int) bool { return rest(st, next, k) })
	}
}

func (p *reader) term() (matcher, error) {
	switch {
	case p.peek("^"):
		p.pos++
		return assertion(func(in []rune, pos int) bool { return pos == 0 }), nil
	case p.peek("$"):
		p.pos++
		return assertion(func(in []rune, pos int) bool { return pos == len(in) }), nil
	case p.peek(`\b`), p.peek(`\B`):
		want := p.src[p.pos+1] == 'b'
		p.pos += 2
		return assertion(func(in []rune, pos int) bool {
			before := pos > 0 && isWord(in[pos-1])
			after := pos < len(in) && isWord(in[pos])
			return (before != after) == want
		}), nil
	case p.peek("(?="), p.peek("(?!"), p.peek("(?<="), p.peek("(?<!"):
		behind := p.src[p.pos+2] == '<'
		negated := p.peek("(?!") || p.peek("(?<!")
		p.pos += 3
		if behind {
			p.pos++
		}
		saved := p.backward
		p.backward = behind
		m, err := p.groupBody()
		p.backward = saved
		if err != nil {
			return nil, err
		}
		return func(st *state, pos int, k func(int) bool) bool {
			step(st)
			if m(st, pos, func(int) bool { return true }) == negated {
				return false
			}
			return k(pos)
		}, nil
	}
	atom, err := p.atom()
	if err != nil {
		return nil, err
	}
	return p.quantifier(atom)
}

func assertion(holds func(in []rune, pos int) bool) matcher {
	return func(st *state, pos int, k func(int) bool) bool {
		return holds(st.in, pos) && k(pos)
	}
}

// quantifier reads the quantifier after atom, if any, and returns the
// matcher of both: the specification's RepeatMatcher.
func (p *reader) quantifier(atom matcher) (matcher, error) {
	lo, hi := -1, -1 // hi < 0: no limit
	switch {
	case p.peek("*"):
		lo = 0
		p.pos++
	case p.peek("+"):
		lo = 1
		p.pos++
	case p.peek("?"):
		lo, hi = 0, 1
		p.pos++
	case p.peek("{"):
		end := p.pos + 1
		for end < len(p.src) && p.src[end] != '}' {
			end++
		}
		if end == len(p.src) {
			return nil, p.errorf("lone {")
		}
		body := string(p.src[p.pos+1 : end])
		a, b, comma := strings.Cut(body, ",")
		var err error
		if lo, err = strconv.Atoi(a); err != nil || a == "" || strings.ContainsAny(a, "+-") {
			return nil, p.errorf("bad quantifier {%s}", body)
		}
		hi = lo
		if comma {
			hi = -1
			if b != "" {
				if hi, err = strconv.Atoi(b); err != nil || strings.ContainsAny(b, "+-") || hi < lo {
					return nil, p.errorf("bad quantifier {%s}", body)
				}
			}
		}
		p.pos = end + 1
	default:
		return atom, nil
	}
	greedy := true
	if p.peek("?") {
		greedy = false
		p.pos++
	}
	var repeat func(st *state, pos, count int, k func(int) bool) bool
	repeat = func(st *state, pos, count int, k func(int) bool) bool {
		step(st)
		if hi >= 0 && count >= hi {
			return k(pos)
		}
		more := func() bool {
			return atom(st, pos, func(next int) bool {
				if count >= lo && next == pos {
					return false // an empty iteration past the minimum fails
				}
				return repeat(st, next, count+1, k)
			})
		}
		switch {
		case count < lo:
			return more()
		case greedy:
			return more() || k(pos)
		default:
			return k(pos) || more()
		}
	}
	return func(st *state, pos int, k func(int) bool) bool { return repeat(st, pos, 0, k) }, nil
}

func (p *reader) groupBody() (matcher, error) {
	m, err := p.disjunction()
	if err != nil {
		return nil, err
	}
	if !p.peek(")") {
		return nil, p.errorf("missing )")
	}
	p.pos++
	return m, nil
}

func (p *reader) atom() (matcher, error) {
	r := p.src[p.pos]
	switch r {
	case '.':
		p.pos++
		return p.set(func(c rune) bool { return !isLineTerminator(c) }), nil
	case '(':
		p.pos++
		switch {
		case p.peek("?:"):
			p.pos += 2
		case p.peek("?<"), p.peek("?P<"):
			for p.src[p.pos] != '>' {
				p.pos++
				if p.pos == len(p.src) {
					return nil, p.errorf("missing >")
				}
			}
			p.pos++
		case p.peek("?"):
			return nil, p.errorf("this group is not supported")
		}
		return p.groupBody()
	case '[':
		p.pos++
		return p.class()
	case '\\':
		p.pos++
		in, err := p.escape()
		if err != nil {
			return nil, err
		}
		return p.set(in), nil
	case '*', '+', '?', '{', '}', ']', ')', '|':
		return nil, p.errorf("%q cannot stand here", r)
	}
	p.pos++
	return p.set(func(c rune) bool { return c == r }), nil
}

// set matches one character in the set, the one after the position or,
// backward, the one before it.
func (p *reader) set(in func(rune) bool) matcher {
	if p.backward {
		return func(st *state, pos int, k func(int) bool) bool {
			step(st)
			return pos > 0 && in(st.in[pos-1]) && k(pos-1)
		}
	}
	return func(st *state, pos int, k func(int) bool) bool {
		step(st)
		return pos < len(st.in) && in(st.in[pos]) && k(pos+1)
	}
}

// class reads a class after its [.
func (p *reader) class() (matcher, error) {
	negated := p.peek("^")
	if negated {
		p.pos++
	}
	var parts []func(rune) bool
	for !p.peek("]") {
		if p.pos >= len(p.src) {
			return nil, p.errorf("missing ]")
		}
		lo, loSet, err := p.classAtom()
		if err != nil {
			return nil, err
		}
		if p.peek("-") && p.pos+1 < len(p.src) && p.src[p.pos+1] != ']' {
			p.pos++
			hi, hiSet, err := p.classAtom()
			if err != nil {
				return nil, err
			}
			if loSet != nil || hiSet != nil || lo > hi {
				return nil, p.errorf("bad range")
			}
			parts = append(parts, func(c rune) bool { return lo <= c && c <= hi })
			continue
		}
		if loSet == nil {
			loSet = func(c rune) bool { return c == lo }
		}
		parts = append(parts, loSet)
	}
	p.pos++
	return p.set(func(c rune) bool {
		for _, in := range parts {
			if in(c) {
				return !negated
			}
		}
		return negated
	}), nil
}

// classAtom returns one character, or for \d and the like its set.
func (p *reader) classAtom() (rune, func(rune) bool, error) {
	r := p.src[p.pos]
	p.pos++
	if r != '\\' {
		return r, nil, nil
	}
	if p.peek("b") {
		p.pos++
		return '\b', nil, nil
	}
	if p.peek("-") {
		p.pos++
		return '-', nil, nil
	}
	if p.pos < len(p.src) && strings.ContainsRune("dDsSwW", p.src[p.pos]) {
		in, err := p.escape()
		return 0, in, err
	}
	if p.pos >= len(p.src) {
		return 0, nil, p.errorf(`\ at the end`)
	}
	c, err := p.character()
	return c, nil, err
}

// escape reads what follows a backslash and returns the set it stands for.
func (p *reader) escape() (func(rune) bool, error) {
	if p.pos >= len(p.src) {
		return nil, p.errorf(`\ at the end`)
	}
	switch p.src[p.pos] {
	case 'd', 'D', 's', 'S', 'w', 'W':
		c := p.src[p.pos]
		p.pos++
		var in func(rune) bool
		switch c {
		case 'd', 'D':
			in = func(r rune) bool { return '0' <= r && r <= '9' }
		case 's', 'S':
			in = func(r rune) bool { return isWhiteSpace(r) || isLineTerminator(r) }
		default:
			in = isWord
		}
		if c == 'D' || c == 'S' || c == 'W' {
			return func(r rune) bool { return !in(r) }, nil
		}
		return in, nil
	case 'p', 'P':
		return nil, p.errorf("property escapes are not supported")
	case 'k':
		return nil, p.errorf("backreferences are not supported")
	}
	if c := p.src[p.pos]; '1' <= c && c <= '9' {
		return nil, p.errorf("backreferences are not supported")
	}
	c, err := p.character()
	if err != nil {
		return nil, err
	}
	return func(r rune) bool { return r == c }, nil
}

// character reads a character escape after its backslash.
func (p *reader) character() (rune, error) {
	c := p.src[p.pos]
	p.pos++
	switch c {
	case 't':
		return '\t', nil
	case 'n':
		return '\n', nil
	case 'v':
		return '\v', nil
	case 'f':
		return '\f', nil
	case 'r':
		return '\r', nil
	case 'c':
		if p.pos < len(p.src) && ('a' <= p.src[p.pos]|0x20 && p.src[p.pos]|0x20 <= 'z') {
			p.pos++
			return p.src[p.pos-1] % 32, nil
		}
		return 0, p.errorf(`bad \c`)
	case '0':
		if p.pos < len(p.src) && '0' <= p.src[p.pos] && p.src[p.pos] <= '9' {
			return 0, p.errorf(`\0 then a digit`)
		}
		return 0, nil
	case 'x':
		return p.hex(2)
	case 'u':
		if p.peek("{") {
			end := p.pos
			for end < len(p.src) && p.src[end] != '}' {
				end++
			}
			v, err := strconv.ParseUint(string(p.src[p.pos+1:end]), 16, 32)
			if err != nil || end == len(p.src) || v > 0x10FFFF {
				return 0, p.errorf(`bad \u{}`)
			}
			p.pos = end + 1
			return rune(v), nil
		}
		hi, err := p.hex(4)
		if err != nil {
			return 0, err
		}
		if 0xD800 <= hi && hi < 0xDC00 && p.peek(`\u`) {
			save := p.pos
			p.pos += 2
			if lo, err := p.hex(4); err == nil && 0xDC00 <= lo && lo < 0xE000 {
				return (hi-0xD800)<<10 + (lo - 0xDC00) + 0x10000, nil
			}
			p.pos = save
		}
		return hi, nil
	}
	if strings.ContainsRune(`^$\.*+?()[]{}|/`, c) {
		return c, nil
	}
	if c < utf8.RuneSelf && ('a' <= c|0x20 && c|0x20 <= 'z' || '0' <= c && c <= '9') {
		return 0, p.errorf(`invalid escape \%c`, c)
	}
	return c, nil // Annex B: any other character stands for itself
}

func (p *reader) hex(n int) (rune, error) {
	if p.pos+n > len(p.src) {
		return 0, p.errorf("bad hex escape")
	}
	v, err := strconv.ParseUint(string(p.src[p.pos:p.pos+n]), 16, 32)
	if err != nil {
		return 0, p.errorf("bad hex escape")
	}
	p.pos += n
	return rune(v), nil
}

func isWord(r rune) bool {
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '_'
}

func isLineTerminator(r rune) bool {
	return r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029'
}

// isWhiteSpace is ECMA-262's WhiteSpace: tab, vertical tab, form feed,
// U+FEFF and the space separators (Zs).
func isWhiteSpace(r rune) bool {
	switch r {
	case '\t', '\v', '\f', ' ', '\u00a0', '\ufeff', '\u1680', '\u202f', '\u205f', '\u3000':
		return true
	}
	return '\u2000' <= r && r <= '\u200a'
}
