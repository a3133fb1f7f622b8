// Package ecma reads ECMA-262 regular expressions, the dialect JSON Schema
// uses for "pattern", "patternProperties" and the "regex" format, and
// translates them into the syntax of Go's regexp package (RE2).
//
// Patterns are read as ECMAScript reads them with the u (Unicode) flag and
// no other flag, by the grammar of ECMA-262 2025: named groups, lookbehind,
// the same group name in different alternatives, and modifier groups such
// as (?s:...) are all valid. Compile, for the patterns of schemas, also
// takes what schema producers write that the u flag refuses but every engine
// their users run reads alike: Annex B's identity escapes of characters
// other than ASCII letters and digits (\_, \:, \/ outside a class, \"),
// and Python's named groups (?P<name>...), with a warning.
//
// RE2 matches in time linear in the input, which is why it is kept for
// strings that come from untrusted sources. Compile therefore gives the
// ECMA-262 meaning in RE2 terms: one regexp; for a pattern with lookaheads
// where they can be decided apart, a condition on several (lookahead.go
// says where); for other lookaheads and lookbehinds, the automaton of
// package lookaround, linear in the input too, over RE2 syntax. It refuses
// what neither can express:
//
//   - backreferences \1 and \k<name>;
//   - repetition counts above 1000, RE2's limit;
//   - the case-insensitive modifier (?i:...), whose ECMA-262 case folding
//     RE2 does not reproduce exactly (under it, \b takes U+017F and U+212A
//     for word characters), and ^ or $ under the multiline modifier
//     (?m:...), which ECMA-262 ends lines at \r, U+2028 and U+2029 too,
//     while RE2 ends them only at \n;
//   - \p{Script_Extensions=...}, and the binary properties and scripts that
//     Go's unicode package has no data for (such as Bidi_Mirrored); the
//     emoji properties are taken from Unicode's emoji data.
//
// Where the dialects differ, the translation spells out the ECMA-262
// meaning: \s is ECMAScript's white space and line terminators, "." does not
// match \n, \r, U+2028 or U+2029, ^ and $ become \A and \z, and property
// names, which Go's regexp would match loosely, are resolved exactly here
// (\p{Cn} and \p{LC} in a translation need Go 1.25 or later).
// ECMA-262 strings are UTF-16 and may hold lone surrogates; Go strings hold
// UTF-8, which cannot, so a surrogate in a pattern matches nothing.
package ecma

import (
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/toolgen/toolgen/internal/ecma/lookaround"
)

// SyntaxError reports a pattern that is not a valid ECMA-262 regular
// expression with the u flag.
type SyntaxError struct {
	Pattern string
	Offset  int // byte offset in Pattern where the problem is
	Reason  string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("invalid ECMA-262 regular expression %q at offset %d: %s", e.Pattern, e.Offset, e.Reason)
}

// UnsupportedError reports a valid ECMA-262 pattern that uses a construct
// Go's regexp (RE2) cannot express.
type UnsupportedError struct {
	Pattern   string
	Offset    int    // byte offset in Pattern where the construct starts
	Construct string // what it is, such as "the backreference \\1"
}

func (e *UnsupportedError) Error() string {
	return fmt.Sprintf("regular expression %q uses %s at offset %d, which Go's regexp (RE2) cannot express; rewrite the pattern without it",
		e.Pattern, e.Construct, e.Offset)
}

// Warning is something a pattern says that Compile reads as ECMA-262 does
// not, as its producer meant it.
type Warning struct {
	Offset  int // byte offset in the pattern
	Message string
}

// Pattern is an ECMA-262 pattern compiled for RE2.
type Pattern struct {
	Source string
	// Cond decides whether a string matches: for most patterns the one
	// regexp that searches for it.
	Cond     Cond
	Warnings []Warning
}

// Compile reads a JSON Schema pattern and returns the RE2 regexps, or the
// lookaround automaton, that decide, in time linear in the input, exactly
// the strings the ECMA-262 pattern (u flag, no other flags) matches
// anywhere in the input, as ECMAScript's RegExp.prototype.test does. The
// error is a *SyntaxError when the pattern is not valid, and an
// *UnsupportedError when it is valid but uses a construct RE2 cannot
// decide.
func Compile(pattern string) (*Pattern, error) {
	p, err := parse(pattern, true, true)
	if err != nil {
		return nil, err
	}
	if p.unsupported != nil {
		return nil, p.unsupported
	}
	p.nameGroups()
	cond := p.condition()
	if err := compiles(cond); err != nil {
		// What RE2 can still refuse in a translation is its size: nested
		// repetitions, or nesting too deep for it.
		construct := "repetition or nesting beyond RE2's size limits"
		var serr *syntax.Error
		if errors.As(err, &serr) {
			construct += " (" + serr.Code.String() + ")"
		}
		return nil, &UnsupportedError{Pattern: pattern, Construct: construct}
	}
	return &Pattern{Source: pattern, Cond: cond, Warnings: p.warnings}, nil
}

// compiles reports whether RE2, or the lookaround automaton, compiles
// what cond runs.
func compiles(cond Cond) error {
	if l := cond.Lookaround; l != nil {
		_, err := lookaround.Compile(l.RE2, l.Assertions...)
		return err
	}
	for _, re := range cond.Regexps() {
		if _, err := regexp.Compile(re); err != nil {
			return err
		}
	}
	return nil
}

// Check reports whether pattern is a valid ECMA-262 regular expression with
// the u flag, including the lookaround and backreferences that Compile
// refuses, as the "regex" format asks. The error is nil or a *SyntaxError.
// Like any implementation, Check has a limit: groups nested more than 1000
// deep are an error.
func Check(pattern string) error {
	_, err := parse(pattern, false, false)
	return err
}

// CheckPattern is Check with what Compile takes beyond the u flag.
func CheckPattern(pattern string) error {
	_, err := parse(pattern, false, true)
	return err
}

// maxNesting bounds how deep groups nest, so that recursion stays bounded
// on untrusted input; RE2 accepts no deeper nesting either.
const maxNesting = 1000

// RE2 spellings of sets that have no single-character form.
const (
	neverMatch = `[^\x{0}-\x{10FFFF}]`
	anyChar    = `(?s:.)`
)

type parser struct {
	src       string
	pos       int  // byte offset of the next character
	translate bool // build the RE2 translation, not only check
	// lenient reads a JSON Schema pattern: what the u flag refuses but
	// every engine a schema's producer runs reads alike (Annex B's \_ and
	// \:, Python's (?P<name>...)) is taken, the rest as with the u flag.
	lenient   bool
	out       []string
	flags     modifiers
	depth     int // groups open around pos
	captures  int
	named     []namedGroup
	nameCount map[string]int
	refs      []reference
	// scopes holds, for each alternative being parsed, innermost last, the
	// group names that take part in it so far: two groups of one name may
	// both take part in a match unless they sit in different alternatives.
	scopes      []nameScope
	unsupported *UnsupportedError // the first construct RE2 cannot express
	// alts holds the terms of each alternative being parsed, innermost
	// last; lastGroup is the last group parsed, for the term that holds it.
	alts      []*alternative
	lastGroup *term
	top       []*alternative // the pattern's alternatives
	warnings  []Warning
}

// modifiers are the flags a modifier group (?ims-ims:...) turns on.
type modifiers struct{ ignoreCase, multiline, dotAll bool }

type namedGroup struct {
	name string
	out  int // index in parser.out of the group's opening
}

// reference is a backreference: \number or \k<name>.
type reference struct {
	offset int
	number string
	name   string
}

// nameScope maps group names to the offset of a group with that name.
type nameScope map[string]int

func parse(pattern string, translate, lenient bool) (*parser, error) {
	p := &parser{src: pattern, translate: translate, lenient: lenient}
	for i, r := range pattern {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(pattern[i:]); size == 1 {
				return nil, p.syntaxError(i, "invalid UTF-8")
			}
		}
	}
	_, top, err := p.disjunction()
	if err != nil {
		return nil, err
	}
	p.top = top
	if p.pos < len(p.src) {
		return nil, p.syntaxError(p.pos, "unmatched ')'")
	}
	for _, ref := range p.refs {
		switch {
		case ref.name != "" && p.nameCount[ref.name] == 0:
			return nil, p.syntaxError(ref.offset, fmt.Sprintf("no group is named %q", ref.name))
		case ref.name == "" && greater(ref.number, strconv.Itoa(p.captures)):
			return nil, p.syntaxError(ref.offset, fmt.Sprintf("backreference \\%s, but the pattern has %d capturing groups", ref.number, p.captures))
		}
	}
	return p, nil
}

func (p *parser) syntaxError(offset int, reason string) error {
	return &SyntaxError{Pattern: p.src, Offset: offset, Reason: reason}
}

// refuse records a construct RE2 cannot express; parsing goes on, since a
// syntax error later in the pattern takes precedence.
func (p *parser) refuse(offset int, construct string) {
	if p.unsupported == nil {
		p.unsupported = &UnsupportedError{Pattern: p.src, Offset: offset, Construct: construct}
	}
}

func (p *parser) emit(s string) {
	if p.translate {
		p.out = append(p.out, s)
	}
}

func (p *parser) lookingAt(prefix string) bool {
	return strings.HasPrefix(p.src[p.pos:], prefix)
}

// nameGroups names in the translation the groups Go can name: Go allows
// only ASCII letters, digits and underscores, and no name twice.
func (p *parser) nameGroups() {
	for _, g := range p.named {
		if p.nameCount[g.name] == 1 && isGoGroupName(g.name) {
			p.out[g.out] = "(?P<" + g.name + ">"
		}
	}
}

func isGoGroupName(name string) bool {
	for i := 0; i < len(name); i++ {
		if c := name[i]; c != '_' && !isDigit(c) && !isASCIILetter(c) {
			return false
		}
	}
	return name != ""
}

// disjunction parses alternatives separated by '|' up to an unmatched ')'
// or the end, and returns the group names that may take part in it and,
// when translating, the terms of each alternative.
func (p *parser) disjunction() (nameScope, []*alternative, error) {
	var names nameScope
	var alts []*alternative
	for {
		p.scopes = append(p.scopes, nil)
		alt := &alternative{}
		p.alts = append(p.alts, alt)
		err := p.alternative()
		p.alts = p.alts[:len(p.alts)-1]
		scope := p.scopes[len(p.scopes)-1]
		p.scopes = p.scopes[:len(p.scopes)-1]
		if err != nil {
			return nil, nil, err
		}
		alts = append(alts, alt)
		// Names in different alternatives never meet, so no check here.
		names = unionScopes(names, scope)
		if !p.lookingAt("|") {
			return names, alts, nil
		}
		p.pos++
		p.emit("|")
	}
}

func unionScopes(a, b nameScope) nameScope {
	if len(a) < len(b) {
		a, b = b, a
	}
	if len(b) == 0 {
		return a
	}
	for name, offset := range b {
		if prev, ok := a[name]; !ok || offset < prev {
			a[name] = offset
		}
	}
	return a
}

// declare adds the names of a group just parsed to the current
// alternative, where a name already present is a duplicate.
func (p *parser) declare(names nameScope) error {
	top := &p.scopes[len(p.scopes)-1]
	small, large := names, *top
	if len(small) > len(large) {
		small, large = large, small
	}
	duplicate, at := "", -1
	for name, offset := range small {
		if prev, ok := large[name]; ok {
			if later := max(prev, offset); at < 0 || later < at {
				duplicate, at = name, later
			}
		}
	}
	if at >= 0 {
		return p.syntaxError(at, fmt.Sprintf("duplicate capture group name %q", duplicate))
	}
	*top = unionScopes(large, small)
	return nil
}

func (p *parser) alternative() error {
	for p.pos < len(p.src) && p.src[p.pos] != '|' && p.src[p.pos] != ')' {
		t := &term{offset: p.pos, from: len(p.out)}
		p.lastGroup = nil
		if err := p.term(t); err != nil {
			return err
		}
		t.to = len(p.out)
		if t.kind == plainTerm && p.lastGroup != nil && p.lastGroup.offset == t.offset {
			// The term is a group (and its quantifier).
			t.kind, t.body, t.lookaround = groupTerm, p.lastGroup.body, p.lastGroup.lookaround
			t.quantifier = strings.Join(p.out[p.lastGroup.to:t.to], "")
		}
		alt := p.alts[len(p.alts)-1]
		alt.terms = append(alt.terms, t)
		alt.lookaround = alt.lookaround || t.lookaround
	}
	return nil
}

// lookarounds open the assertions that hold a disjunction; with the u flag
// none of them may be quantified.
var lookarounds = []string{"(?=", "(?!", "(?<=", "(?<!"}

func (p *parser) term(t *term) error {
	start := p.pos
	switch {
	case p.lookingAt("^") || p.lookingAt("$"):
		p.pos++
		if p.flags.multiline {
			p.refuse(start, "^ or $ under the multiline modifier (?m:...)")
		}
		if p.src[start] == '^' {
			p.emit(`\A`)
		} else {
			p.emit(`\z`)
		}
		return nil // a quantifier after it is reported by the next term
	case p.lookingAt(`\b`) || p.lookingAt(`\B`):
		// Both dialects take word characters to be [0-9A-Za-z_].
		p.pos += 2
		p.emit(p.src[start:p.pos])
		return nil
	}
	for _, open := range lookarounds {
		if p.lookingAt(open) {
			// Decided once the whole pattern is read (lookahead.go).
			t.kind, t.lookaround = lookaroundTerm, true
			t.behind, t.negated = open[2] == '<', open[len(open)-1] == '!'
			p.pos += len(open)
			names, body, err := p.groupBody(start)
			if err != nil {
				return err
			}
			t.body = body
			return p.declare(names)
		}
	}
	if err := p.atom(); err != nil {
		return err
	}
	return p.quantifier()
}

func (p *parser) atom() error {
	start := p.pos
	r, size := utf8.DecodeRuneInString(p.src[p.pos:])
	p.pos += size
	switch r {
	case '.':
		if p.flags.dotAll {
			p.emit(anyChar)
		} else {
			p.emitClass(charClass{set: lineTerminators}, true)
		}
	case '[':
		return p.class(start)
	case '(':
		return p.group(start)
	case '\\':
		return p.atomEscape(start)
	case '*', '+', '?':
		return p.syntaxError(start, "nothing to repeat")
	case '{':
		if _, _, _, _, ok := scanRepeat(p.src, start); ok {
			return p.syntaxError(start, "nothing to repeat")
		}
		return p.syntaxError(start, `lone "{": write \{ to match a brace`)
	case '}':
		return p.syntaxError(start, `lone "}": write \} to match a brace`)
	case ']':
		return p.syntaxError(start, `lone "]": write \] to match a bracket`)
	default:
		p.emitLiteral(r)
	}
	return nil
}

// quantifier parses the quantifier, if any, after an atom.
func (p *parser) quantifier() error {
	if p.pos >= len(p.src) {
		return nil
	}
	start := p.pos
	var q string
	switch p.src[p.pos] {
	case '*', '+', '?':
		p.pos++
		q = p.src[start:p.pos]
	case '{':
		lo, hi, unbounded, end, ok := scanRepeat(p.src, p.pos)
		if !ok {
			return nil // the next atom reports the lone brace
		}
		p.pos = end
		switch {
		case unbounded:
			q = "{" + lo + ",}"
		case hi == lo:
			q = "{" + lo + "}"
		case greater(lo, hi):
			return p.syntaxError(start, "numbers out of order in {} quantifier")
		default:
			q = "{" + lo + "," + hi + "}"
		}
		if greater(lo, "1000") || !unbounded && greater(hi, "1000") {
			p.refuse(start, "a repetition count above 1000 in "+p.src[start:end])
		}
	default:
		return nil
	}
	if p.lookingAt("?") {
		p.pos++
		q += "?"
	}
	p.emit(q)
	return nil
}

// scanRepeat reads {n}, {n,} or {n,m} at s[i:]. The counts come back
// without leading zeros; hi equals lo for {n}.
func scanRepeat(s string, i int) (lo, hi string, unbounded bool, end int, ok bool) {
	digits := func(j int) (string, int) {
		k := j
		for k < len(s) && isDigit(s[k]) {
			k++
		}
		return s[j:k], k
	}
	lo, j := digits(i + 1)
	if lo == "" || j >= len(s) {
		return "", "", false, 0, false
	}
	lo = trimZeros(lo)
	switch s[j] {
	case '}':
		return lo, lo, false, j + 1, true
	case ',':
		hi, k := digits(j + 1)
		if k >= len(s) || s[k] != '}' {
			return "", "", false, 0, false
		}
		if hi == "" {
			return lo, "", true, k + 1, true
		}
		return lo, trimZeros(hi), false, k + 1, true
	}
	return "", "", false, 0, false
}

func trimZeros(digits string) string {
	if t := strings.TrimLeft(digits, "0"); t != "" {
		return t
	}
	return "0"
}

// greater compares decimal numbers of any length without leading zeros.
func greater(a, b string) bool {
	if len(a) != len(b) {
		return len(a) > len(b)
	}
	return a > b
}

// group parses a group after its '(' at open, except lookaround.
func (p *parser) group(open int) error {
	var name string
	switch {
	case !p.lookingAt("?"):
		p.captures++
		p.emit("(")
	case p.lookingAt("?:"):
		p.pos += 2
		p.emit("(?:")
	case p.lookingAt("?<"), p.lenient && p.lookingAt("?P<"):
		if p.lookingAt("?P") {
			p.pos++
			p.warnings = append(p.warnings, Warning{Offset: open, Message: "(?P<name>...) is Python's spelling of a named group, read here as ECMA-262's (?<name>...); write (?<name>...), which validators in JavaScript read too"})
		}
		p.pos += 2
		var err error
		if name, err = p.groupName(open); err != nil {
			return err
		}
		p.captures++
		if p.nameCount == nil {
			p.nameCount = map[string]int{}
		}
		p.nameCount[name]++
		p.named = append(p.named, namedGroup{name: name, out: len(p.out)})
		p.emit("(") // result names it if Go can
	default:
		return p.modifierGroup(open)
	}
	names, body, err := p.groupBody(open)
	if err != nil {
		return err
	}
	p.emit(")")
	p.endGroup(open, body)
	if name != "" {
		if offset, ok := names[name]; ok {
			return p.syntaxError(offset, fmt.Sprintf("duplicate capture group name %q", name))
		}
		if names == nil {
			names = nameScope{}
		}
		names[name] = open
	}
	return p.declare(names)
}

// endGroup records the group at open, just closed, for the term that holds it.
func (p *parser) endGroup(open int, body []*alternative) {
	g := &term{offset: open, to: len(p.out), body: body}
	for _, alt := range body {
		g.lookaround = g.lookaround || alt.lookaround
	}
	p.lastGroup = g
}

// groupBody parses the disjunction in a group and its closing ')'.
func (p *parser) groupBody(open int) (nameScope, []*alternative, error) {
	if p.depth >= maxNesting {
		return nil, nil, p.syntaxError(open, fmt.Sprintf("groups nested more than %d deep", maxNesting))
	}
	p.depth++
	names, body, err := p.disjunction()
	p.depth--
	if err != nil {
		return nil, nil, err
	}
	if p.pos >= len(p.src) {
		return nil, nil, p.syntaxError(open, "missing ')' for this group")
	}
	p.pos++
	return names, body, nil
}

// modifierGroup parses (?ims-ims:...), the '(' being at open and '?' next.
func (p *parser) modifierGroup(open int) error {
	flagsAt := p.pos + 1
	end := flagsAt
	for end < len(p.src) && strings.IndexByte("ims", p.src[end]) >= 0 {
		end++
	}
	add, remove, dash := p.src[flagsAt:end], "", false
	if end < len(p.src) && p.src[end] == '-' {
		dash = true
		start := end + 1
		for end = start; end < len(p.src) && strings.IndexByte("ims", p.src[end]) >= 0; end++ {
		}
		remove = p.src[start:end]
	}
	if end >= len(p.src) || p.src[end] != ':' {
		rest := p.src[flagsAt:]
		switch {
		case p.lenient && strings.HasPrefix(rest, "P=") && strings.Contains(rest, ")"):
			// Python's backreference, as unexpressible as ECMA-262's.
			end := flagsAt + strings.IndexByte(rest, ')')
			p.refuse(open, "the backreference "+p.src[open:end+1])
			p.pos = end + 1
			return nil
		case strings.HasPrefix(rest, "P"):
			return p.syntaxError(open, "(?P...) is Python syntax, not ECMA-262; a named group is written (?<name>...)")
		case strings.HasPrefix(rest, "#"):
			return p.syntaxError(open, "(?#...) comments are not ECMA-262")
		case end < len(p.src) && p.src[end] == ')':
			return p.syntaxError(open, "inline flags such as (?i) are not ECMA-262; a modifier applies to a group, as in (?i:...)")
		}
		return p.syntaxError(open, `invalid group: "(?" must be followed by ":", "=", "!", "<=", "<!", "<name>" or modifiers such as "i-s:"`)
	}
	if dash && add == "" && remove == "" {
		return p.syntaxError(open, "modifier group (?-:...) names no modifier")
	}
	seen := map[rune]bool{}
	for _, m := range add + remove {
		if seen[m] {
			return p.syntaxError(open, fmt.Sprintf("modifier %q appears twice", m))
		}
		seen[m] = true
	}
	p.pos = end + 1
	saved := p.flags
	for _, m := range add {
		p.setModifier(m, true)
	}
	for _, m := range remove {
		p.setModifier(m, false)
	}
	if p.flags.ignoreCase {
		p.refuse(open, "the case-insensitive modifier (?i:...)")
	}
	p.emit("(?:")
	names, body, err := p.groupBody(open)
	p.flags = saved
	if err != nil {
		return err
	}
	p.emit(")")
	p.endGroup(open, body)
	return p.declare(names)
}

func (p *parser) setModifier(m rune, on bool) {
	switch m {
	case 'i':
		p.flags.ignoreCase = on
	case 'm':
		p.flags.multiline = on
	case 's':
		p.flags.dotAll = on
	}
}

// groupName parses a group name and its closing '>', the '<' being done;
// at is where the construct starts, for errors.
func (p *parser) groupName(at int) (string, error) {
	var name strings.Builder
	for {
		if p.pos >= len(p.src) {
			return "", p.syntaxError(at, `missing ">" after group name`)
		}
		start := p.pos
		if p.src[p.pos] == '>' {
			p.pos++
			break
		}
		var r rune
		if p.src[p.pos] == '\\' {
			p.pos++
			if !p.lookingAt("u") {
				return "", p.syntaxError(start, `only \u escapes may appear in a group name`)
			}
			p.pos++
			var err error
			if r, err = p.unicodeEscape(start); err != nil {
				return "", err
			}
		} else {
			var size int
			r, size = utf8.DecodeRuneInString(p.src[p.pos:])
			p.pos += size
		}
		valid := isIDPart(r)
		if name.Len() == 0 {
			valid = isIDStart(r)
		}
		if !valid {
			return "", p.syntaxError(start, fmt.Sprintf("%q cannot appear there in a group name", r))
		}
		name.WriteRune(r)
	}
	if name.Len() == 0 {
		return "", p.syntaxError(at, "empty group name")
	}
	return name.String(), nil
}

// atomEscape parses an escape outside a class, the '\' being at start.
func (p *parser) atomEscape(start int) error {
	if p.pos < len(p.src) {
		switch c := p.src[p.pos]; {
		case '1' <= c && c <= '9':
			end := p.pos
			for end < len(p.src) && isDigit(p.src[end]) {
				end++
			}
			number := p.src[p.pos:end]
			p.pos = end
			p.refs = append(p.refs, reference{offset: start, number: number})
			p.refuse(start, "the backreference \\"+number)
			return nil
		case c == 'k':
			p.pos++
			if !p.lookingAt("<") {
				return p.syntaxError(start, `\k must be followed by a group name, as in \k<name>`)
			}
			p.pos++
			name, err := p.groupName(start)
			if err != nil {
				return err
			}
			p.refs = append(p.refs, reference{offset: start, name: name})
			p.refuse(start, "the backreference \\k<"+name+">")
			return nil
		}
	}
	r, class, err := p.escape(start, false)
	if err != nil {
		return err
	}
	if class != nil {
		p.emitClass(*class, false)
	} else {
		p.emitLiteral(r)
	}
	return nil
}

// escape parses a character escape or a class escape such as \d, the '\'
// being at start. inClass selects the rules inside [...], where \b is
// U+0008 and \- is '-'. It returns the character, or the set for a class
// escape.
func (p *parser) escape(start int, inClass bool) (rune, *charClass, error) {
	if p.pos >= len(p.src) {
		return 0, nil, p.syntaxError(start, `\ at end of pattern`)
	}
	c := p.src[p.pos]
	p.pos++
	if strings.IndexByte("dDwWsS", c) >= 0 && !p.translate {
		return 0, &charClass{}, nil // only checking: the set does not matter
	}
	switch c {
	case 'd':
		return 0, &charClass{set: digitSet}, nil
	case 'D':
		return 0, &charClass{set: digitSet.complement()}, nil
	case 'w':
		return 0, &charClass{set: wordSet}, nil
	case 'W':
		return 0, &charClass{set: wordSet.complement()}, nil
	case 's':
		return 0, &charClass{set: spaceSet()}, nil
	case 'S':
		return 0, &charClass{set: spaceSet().complement()}, nil
	case 'p', 'P':
		class, err := p.propertyEscape(start, c == 'P')
		return 0, class, err
	case 'f':
		return '\f', nil, nil
	case 'n':
		return '\n', nil, nil
	case 'r':
		return '\r', nil, nil
	case 't':
		return '\t', nil, nil
	case 'v':
		return '\v', nil, nil
	case 'c':
		if p.pos < len(p.src) && isASCIILetter(p.src[p.pos]) {
			p.pos++
			return rune(p.src[p.pos-1] % 32), nil, nil
		}
		return 0, nil, p.syntaxError(start, `\c must be followed by a letter A-Z or a-z`)
	case '0':
		if p.pos < len(p.src) && isDigit(p.src[p.pos]) {
			return 0, nil, p.syntaxError(start, `\0 followed by a digit: octal escapes are not allowed with the u flag`)
		}
		return 0, nil, nil
	case 'x':
		if p.pos+2 <= len(p.src) && isHex(p.src[p.pos]) && isHex(p.src[p.pos+1]) {
			v, _ := strconv.ParseUint(p.src[p.pos:p.pos+2], 16, 8)
			p.pos += 2
			return rune(v), nil, nil
		}
		return 0, nil, p.syntaxError(start, `\x must be followed by two hex digits`)
	case 'u':
		r, err := p.unicodeEscape(start)
		return r, nil, err
	case 'b':
		if inClass {
			return '\b', nil, nil
		}
	case '-':
		if inClass {
			return '-', nil, nil
		}
	}
	if strings.IndexByte(`^$\.*+?()[]{}|/`, c) >= 0 {
		return rune(c), nil, nil
	}
	r, size := utf8.DecodeRuneInString(p.src[start+1:])
	if p.lenient && !isDigit(c) && !isASCIILetter(c) {
		// Annex B's identity escape, which every engine reads as the
		// character: zod-to-json-schema writes .startsWith("tok_") as ^tok\_.
		// A letter or digit is not taken: \A, \Z or \a mean something else
		// in Python and PCRE.
		p.pos = start + 1 + size
		return r, nil, nil
	}
	if inClass && (isDigit(c) || c == 'B' || c == 'k') {
		return 0, nil, p.syntaxError(start, fmt.Sprintf(`\%c cannot appear in a character class`, r))
	}
	if p.lenient {
		return 0, nil, p.syntaxError(start, fmt.Sprintf(`invalid escape \%c: ECMA-262 gives an escaped letter or digit no meaning here, and other dialects each give it their own (\A and \Z in Python); write the character itself`, r))
	}
	return 0, nil, p.syntaxError(start, fmt.Sprintf(`invalid escape \%c: with the u flag only ^$\.*+?()[]{}|/ may be escaped, and - in a class`, r))
}

// unicodeEscape parses what follows \u: four hex digits, two escapes
// forming a surrogate pair, or {hex digits}.
func (p *parser) unicodeEscape(start int) (rune, error) {
	if p.lookingAt("{") {
		end := p.pos + 1
		for end < len(p.src) && isHex(p.src[end]) {
			end++
		}
		if end == p.pos+1 || end >= len(p.src) || p.src[end] != '}' {
			return 0, p.syntaxError(start, `\u{ must be followed by hex digits and }`)
		}
		digits := strings.TrimLeft(p.src[p.pos+1:end], "0")
		v, err := strconv.ParseUint("0"+digits, 16, 32)
		if err != nil || len(digits) > 6 || v > unicode.MaxRune {
			return 0, p.syntaxError(start, `\u{...} above U+10FFFF`)
		}
		p.pos = end + 1
		return rune(v), nil
	}
	r, ok := hex4(p.src, p.pos)
	if !ok {
		return 0, p.syntaxError(start, `\u must be followed by four hex digits or by {hex digits}`)
	}
	p.pos += 4
	if utf16.IsSurrogate(r) && r < 0xDC00 && p.lookingAt(`\u`) {
		if low, ok := hex4(p.src, p.pos+2); ok && 0xDC00 <= low && low <= 0xDFFF {
			p.pos += 6
			r = utf16.DecodeRune(r, low)
		}
	}
	return r, nil
}

func hex4(s string, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	v, err := strconv.ParseUint(s[i:i+4], 16, 16)
	return rune(v), err == nil
}

// propertyEscape parses {...} after \p or \P.
func (p *parser) propertyEscape(start int, negated bool) (*charClass, error) {
	if !p.lookingAt("{") {
		return nil, p.syntaxError(start, `\p and \P must be followed by {property}`)
	}
	end := strings.IndexByte(p.src[p.pos:], '}')
	if end < 0 {
		return nil, p.syntaxError(start, `missing "}" after \p{`)
	}
	expr := p.src[p.pos+1 : p.pos+end]
	p.pos += end + 1
	prop, ok := lookupProperty(expr)
	if !ok {
		return nil, p.syntaxError(start, fmt.Sprintf("unknown Unicode property %q (names are case-sensitive)", expr))
	}
	if prop.unsupported != "" {
		p.refuse(start, prop.unsupported)
		return &charClass{}, nil
	}
	if !p.translate {
		return &charClass{}, nil
	}
	if prop.symbol != "" {
		op := `\p`
		if negated {
			op = `\P`
		}
		return &charClass{items: []string{op + "{" + prop.symbol + "}"}}, nil
	}
	set := prop.build()
	if negated {
		set = set.complement()
	}
	return &charClass{set: set}, nil
}

// charClass is a set of code points on its way to RE2: ranges, and items
// RE2 resolves itself, such as \p{Greek}.
type charClass struct {
	set   []runeRange
	items []string
}

// class parses a character class, the '[' being at start.
func (p *parser) class(start int) error {
	negated := p.lookingAt("^")
	if negated {
		p.pos++
	}
	var class charClass
	for {
		if p.pos >= len(p.src) {
			return p.syntaxError(start, `missing "]" for this character class`)
		}
		if p.src[p.pos] == ']' {
			p.pos++
			break
		}
		first := p.pos
		lo, loClass, err := p.classAtom()
		if err != nil {
			return err
		}
		if p.lookingAt("-") && p.pos+1 < len(p.src) && p.src[p.pos+1] != ']' {
			p.pos++
			hi, hiClass, err := p.classAtom()
			if err != nil {
				return err
			}
			if loClass != nil || hiClass != nil {
				return p.syntaxError(first, `a class escape such as \d cannot bound a range`)
			}
			if lo > hi {
				return p.syntaxError(first, "range out of order in character class")
			}
			class.set = append(class.set, runeRange{lo, hi})
			continue
		}
		if loClass != nil {
			class.set = append(class.set, loClass.set...)
			class.items = append(class.items, loClass.items...)
		} else {
			class.set = append(class.set, runeRange{lo, lo})
		}
	}
	p.emitClass(class, negated)
	return nil
}

func (p *parser) classAtom() (rune, *charClass, error) {
	start := p.pos
	r, size := utf8.DecodeRuneInString(p.src[p.pos:])
	p.pos += size
	if r == '\\' {
		return p.escape(start, true)
	}
	return r, nil, nil
}

// emitClass writes a set, or its complement, as compactly as RE2 allows.
// Surrogates are dropped: they cannot occur in UTF-8 text, and Go's regexp
// mishandles a literal surrogate (it can match U+FFFD).
func (p *parser) emitClass(class charClass, negated bool) {
	if !p.translate {
		return
	}
	set := normalize(class.set).minus(surrogates)
	if len(class.items) > 0 {
		if !negated && len(set) == 0 && len(class.items) == 1 {
			p.emit(class.items[0])
		} else {
			p.emit(formatClass(class.items, set, negated))
		}
		return
	}
	if negated {
		set = set.complement().minus(surrogates)
	}
	switch rest := set.complement().minus(surrogates); {
	case len(set) == 0:
		p.emit(neverMatch)
	case len(rest) == 0:
		p.emit(anyChar)
	case len(set) == 1 && set[0].lo == set[0].hi:
		p.emitLiteral(set[0].lo)
	case len(rest) < len(set):
		p.emit(formatClass(nil, rest, true))
	default:
		p.emit(formatClass(nil, set, false))
	}
}

func formatClass(items []string, set runeSet, negated bool) string {
	b := []byte{'['}
	if negated {
		b = append(b, '^')
	}
	for _, item := range items {
		b = append(b, item...)
	}
	for _, r := range set {
		b = appendClassRune(b, r.lo)
		if r.hi > r.lo+1 {
			b = append(b, '-')
		}
		if r.hi > r.lo {
			b = appendClassRune(b, r.hi)
		}
	}
	return string(append(b, ']'))
}

func (p *parser) emitLiteral(r rune) {
	if !p.translate {
		return
	}
	if utf16.IsSurrogate(r) {
		p.emit(neverMatch)
		return
	}
	p.emit(string(appendRune(nil, r)))
}

// appendRune writes r for RE2 outside a class: escaped if special, as
// itself if a visible character, else as an escape.
func appendRune(b []byte, r rune) []byte {
	switch {
	case strings.ContainsRune(`\.+*?()|[]{}^$`, r):
		return append(b, '\\', byte(r))
	case '!' <= r && r <= '~':
		return append(b, byte(r))
	case r > unicode.MaxASCII && unicode.IsGraphic(r) && !unicode.IsSpace(r) && !unicode.Is(unicode.M, r):
		return utf8.AppendRune(b, r)
	}
	return appendEscape(b, r)
}

// appendClassRune writes r inside a class, where only printable ASCII
// appears as itself: long ranges of other scripts are easier to check as
// code points.
func appendClassRune(b []byte, r rune) []byte {
	switch {
	case strings.ContainsRune(`\[]^-`, r):
		return append(b, '\\', byte(r))
	case '!' <= r && r <= '~':
		return append(b, byte(r))
	}
	return appendEscape(b, r)
}

func appendEscape(b []byte, r rune) []byte {
	if i := strings.IndexRune("\t\n\v\f\r", r); i >= 0 {
		return append(b, '\\', "tnvfr"[i])
	}
	b = append(b, `\x{`...)
	b = strconv.AppendInt(b, int64(r), 16)
	return append(b, '}')
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isHex(c byte) bool { return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
