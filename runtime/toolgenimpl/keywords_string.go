package toolgenimpl

import (
	"unsafe"

	"github.com/toolgen/toolgen/runtime/internal/message"
)

// The checks of the keywords on strings: the schema functions' (Check) and
// the typed reader's (Reader), beside the schema compiler's keywords of the
// same file name (gen/internal/schemafunc).

// Length checks minLength (min >= 0) and maxLength (max >= 0) on a string,
// counting code points.
func (c *Check) Length(x *Value, min, max int) bool {
	n := RuneCount(x.Text)
	switch {
	case min >= 0 && n < min:
		return c.size("minLength", n, min)
	case max >= 0 && n > max:
		return c.size("maxLength", n, max)
	}
	return true
}

// Matcher is a compiled pattern: a *regexp.Regexp, a MatchFunc, or
// *Lookarounds.
type Matcher interface {
	MatchString(s string) bool
}

// MatchFunc is a generated function that decides a pattern with several
// regexps, as a Matcher.
type MatchFunc func(s string) bool

// MatchString reports whether s matches.
func (f MatchFunc) MatchString(s string) bool { return f(s) }

// Pattern checks the pattern keyword; source is the pattern as written.
func (c *Check) Pattern(x *Value, re Matcher, source string) bool {
	if re.MatchString(x.Text) {
		return true
	}
	return c.report("pattern", message.PatternMessage(nil, source), message.PatternHint(c.hintStart(), source), x)
}

// Format checks the format keyword with the named format's checker.
func (c *Check) Format(x *Value, name string, valid func(string) bool) bool {
	if valid(x.Text) {
		return true
	}
	return c.report("format", message.FormatMessage(nil, name), message.FormatHint(c.hintStart(), name), x)
}

// MinLength records a string shorter than min code points.
func (r *Reader) MinLength(min, got int) { r.sizeBound("minLength", got, min) }

// MaxLength records a string longer than max code points.
func (r *Reader) MaxLength(max, got int) { r.sizeBound("maxLength", got, max) }

// Pattern records a string that does not match the regular expression expr.
func (r *Reader) Pattern(expr string) {
	if t, ok := r.beginViolation(); ok {
		t = message.PatternMessage(t, expr)
		t = r.appendSubject(r.beginHint(t))
		t = r.appendShown(message.PatternHint(t, expr), false)
		r.record("pattern", append(t, '.'))
	}
}

// Format records a string that is not valid in the named format.
func (r *Reader) Format(name string) {
	if t, ok := r.beginViolation(); ok {
		t = message.FormatMessage(t, name)
		t = r.appendSubject(r.beginHint(t))
		t = r.appendShown(message.FormatHint(t, name), false)
		r.record("format", append(t, '.'))
	}
}

// FormatNumber checks the number just read, by its JSON text, against a
// format of numbers (int32, uint8, ...) and records it when it is not valid.
func (r *Reader) FormatNumber(name string, valid func(string) bool) {
	if !valid(unsafe.String(unsafe.SliceData(r.last), len(r.last))) {
		r.Format(name)
	}
}
