package toolgenimpl

import "github.com/toolgen/toolgen/runtime/internal/message"

// reportMode is what Report does with a violation.
type reportMode uint8

const (
	// recording records every violation.
	recording reportMode = iota
	// capturing keeps the first recorded violation's hint, then discards:
	// what an alternative of anyOf or oneOf lacks, for the hint when none
	// matched. Until then, problems inside a sensitive value are counted
	// (see capture).
	capturing
	// discarding discards violations: only verdicts count (see Try).
	discarding
)

// Alternatives tries the alternatives of one anyOf or oneOf on a value, in
// order, and then reports what they found. It keeps the first violation of
// each alternative that failed, found as the alternative was tried, so that
// the hint can say what each one lacks without checking it again: checking
// again would double the work at every level of alternatives nested in
// alternatives.
type Alternatives struct {
	tried, matched int
	reasons        []reason
}

// reason is the first violation of the alternative numbered alt (from 1).
type reason struct {
	alt  int
	hint string
}

// Try checks x against the next alternative, fn, marking in ev what it
// evaluated, and reports whether x matches it. Its violations are not
// recorded.
func (a *Alternatives) Try(c *Check, fn SchemaFunc, x *Value, ev *Evaluated) bool {
	a.tried++
	if c.mode == discarding {
		// Nothing will be reported: the verdict is all that counts.
		ok := fn(c, x, ev)
		if ok {
			a.matched++
		}
		return ok
	}
	ok, hint, found := c.capture(fn, x, ev)
	switch {
	case ok:
		a.matched++
	case found:
		a.reasons = append(a.reasons, reason{a.tried, hint})
	}
	return ok
}

// AnyOf records that x matched none of the alternatives, if so, and
// reports whether it matched one.
func (a *Alternatives) AnyOf(c *Check) bool {
	if a.matched > 0 {
		return true
	}
	return a.none(c, "anyOf")
}

// OneOf records that x matched none or several of the alternatives, if so,
// and reports whether it matched exactly one.
func (a *Alternatives) OneOf(c *Check) bool {
	switch a.matched {
	case 1:
		return true
	case 0:
		return a.none(c, "oneOf")
	}
	return c.Report("oneOf", string(message.ManyMessage(nil, a.matched)), string(message.ManyHint(c.hintStart())))
}

// none records that the value matched none of the alternatives, with a hint
// that says what each one that failed lacks.
func (a *Alternatives) none(c *Check, keyword string) bool {
	if c.mode == discarding {
		return false
	}
	hint := message.NoneHint(c.hintStart())
	for i, r := range a.reasons {
		hint = message.NoneReason(hint, i, r.alt, r.hint)
	}
	return c.Report(keyword, string(message.NoneMessage(nil, a.tried)), string(message.NoneEnd(hint, len(a.reasons))))
}

// capture checks x with fn and returns its verdict and the hint of the
// first violation it reports, recording none of them. When fn reports none
// at a place that may be named but counts problems inside a sensitive value
// around x (see secret.go), the first is the one violation that would stand
// for those, as if they were all there was inside the value.
func (c *Check) capture(fn SchemaFunc, x *Value, ev *Evaluated) (ok bool, first string, found bool) {
	mode, hint, outer := c.mode, c.firstHint, c.secret
	c.mode, c.firstHint, c.secret = capturing, "", secret{}
	ok = fn(c, x, ev)
	found, first = c.mode == discarding, c.firstHint
	if !found && c.secret.count > 0 {
		first, found = c.secretViolation().Hint, true
	}
	c.mode, c.firstHint, c.secret = mode, hint, outer
	return ok, first, found
}
