package toolgenimpl

import "github.com/toolgen/toolgen/internal/ecma/lookaround"

// Lookarounds is a pattern whose lookaheads or lookbehinds Go's regexp
// cannot run and no condition on several regexps decides: an automaton
// that decides each lookaround at every position of the input in one pass
// and then matches the pattern, in time linear in the input. It is a
// Matcher.
type Lookarounds = lookaround.Regexp

// Lookaround is one lookaround of a pattern: its body in RE2 syntax, and
// whether it looks behind and whether it is negated.
type Lookaround = lookaround.Assertion

// CompileLookarounds compiles, at package initialization, a pattern that
// generated code holds: re in RE2 syntax with the empty group (?P<Ln>)
// where the n-th of assertions stands. It panics on a pattern toolgen did
// not write.
func CompileLookarounds(re string, assertions ...Lookaround) *Lookarounds {
	return lookaround.MustCompile(re, assertions...)
}

var _ Matcher = (*Lookarounds)(nil)
