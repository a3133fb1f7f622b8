package toolgenimpl

import (
	"github.com/toolgen/toolgen/runtime"
	"github.com/toolgen/toolgen/runtime/internal/message"
)

// The checks of anyOf, oneOf and not: the schema functions' (Check) and the
// typed reader's (Reader), beside the schema compiler's keywords of the same
// file name (gen/internal/schemafunc).

// AnyOf records that x matches none of the alternatives of an anyOf. Each
// alternative is checked again, collecting its first violation, so that the
// hint says what each form lacks; valid values never pay for it.
func (c *Check) AnyOf(x *Value, alternatives ...SchemaFunc) bool {
	return c.union("anyOf", x, alternatives)
}

// OneOf records that x matches matched of the alternatives of a oneOf,
// rather than exactly one.
func (c *Check) OneOf(x *Value, matched int, alternatives ...SchemaFunc) bool {
	if matched == 0 {
		return c.union("oneOf", x, alternatives)
	}
	return c.Report("oneOf", string(message.ManyMessage(nil, matched)), string(message.ManyHint(c.hintStart())))
}

// union records that x matches none of the alternatives of keyword; code
// generated before Alternatives calls it, and each alternative is checked
// again for its first violation.
func (c *Check) union(keyword string, x *Value, alternatives []SchemaFunc) bool {
	if c.mode == discarding {
		return false
	}
	var alts Alternatives
	for _, alt := range alternatives {
		alts.tried++
		if _, hint, found := c.capture(alt, x, nil); found {
			alts.reasons = append(alts.reasons, reason{alts.tried, hint})
		}
	}
	return alts.none(c, keyword)
}

// Not records that x matches a schema it must not match.
func (c *Check) Not() bool {
	return c.Report("not", message.NotMessage, c.subject()+message.NotHint)
}

// AnyOf records a value that matches none of a union's n alternatives; call
// it after reading the value with Raw.
func (r *Reader) AnyOf(n int, first []runtime.Violation) {
	r.none("anyOf", n, first)
}

// OneOf records a value that matches matched of a oneOf's n alternatives
// rather than exactly one; first holds the violations of each alternative
// when none matched.
func (r *Reader) OneOf(n, matched int, first []runtime.Violation) {
	if matched == 0 {
		r.none("oneOf", n, first)
		return
	}
	if t, ok := r.beginViolation(); ok {
		t = message.ManyMessage(t, matched)
		t = r.appendSubject(r.beginHint(t))
		r.record("oneOf", message.ManyHint(t))
	}
}

// none records a value that matches none of n alternatives, with the hint
// of the first violation of each (in first) as the reason it failed.
func (r *Reader) none(keyword string, n int, first []runtime.Violation) {
	if t, ok := r.beginViolation(); ok {
		t = message.NoneMessage(t, n)
		t = message.NoneHint(r.appendSubject(r.beginHint(t)))
		for i, v := range first {
			t = message.NoneReason(t, i, i+1, v.Hint)
		}
		r.record(keyword, message.NoneEnd(t, len(first)))
	}
}
