package toolgenimpl

import (
	"math/big"

	"github.com/toolgen/toolgen/runtime/internal/message"
)

// The checks of the keywords on numbers: the schema functions' (Check) and
// the typed reader's (Reader), beside the schema compiler's keywords of the
// same file name (gen/internal/schemafunc).

// Bound checks minimum, maximum, exclusiveMinimum and exclusiveMaximum on a
// number, exactly.
func (c *Check) Bound(x *Value, keyword, limit string) bool {
	cmp := compareNumbers(x.Text, limit)
	var ok bool
	switch keyword {
	case "minimum":
		ok = cmp >= 0
	case "maximum":
		ok = cmp <= 0
	case "exclusiveMinimum":
		ok = cmp > 0
	default:
		ok = cmp < 0
	}
	if ok {
		return true
	}
	return c.report(keyword, message.BoundMessage(nil, []byte(x.Text), c.sensitive > 0, keyword, limit), message.BoundHint(c.hintStart(), keyword, limit), x)
}

// MultipleOf checks the multipleOf keyword on a number, exactly.
func (c *Check) MultipleOf(x *Value, divisor *big.Rat, text string) bool {
	if multipleOf(x.Text, divisor) {
		return true
	}
	return c.report("multipleOf", message.BoundMessage(nil, []byte(x.Text), c.sensitive > 0, "multipleOf", text), message.BoundHint(c.hintStart(), "multipleOf", text), x)
}

// Minimum records a number below its inclusive lower bound.
func (r *Reader) Minimum(limit string) { r.bound("minimum", limit) }

// ExclusiveMinimum records a number at or below its exclusive lower bound.
func (r *Reader) ExclusiveMinimum(limit string) { r.bound("exclusiveMinimum", limit) }

// Maximum records a number above its inclusive upper bound.
func (r *Reader) Maximum(limit string) { r.bound("maximum", limit) }

// ExclusiveMaximum records a number at or above its exclusive upper bound.
func (r *Reader) ExclusiveMaximum(limit string) { r.bound("exclusiveMaximum", limit) }

// MultipleOf records a number that is not a multiple of divisor.
func (r *Reader) MultipleOf(divisor string) { r.bound("multipleOf", divisor) }

func (r *Reader) bound(keyword, limit string) {
	if t, ok := r.beginViolation(); ok {
		t = message.BoundMessage(t, r.last, r.sensitive > 0, keyword, limit)
		t = r.appendSubject(r.beginHint(t))
		t = r.appendShown(message.BoundHint(t, keyword, limit), false)
		r.record(keyword, append(t, '.'))
	}
}
