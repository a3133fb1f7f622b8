package toolgenimpl

import (
	"unsafe"

	"github.com/toolgen/toolgen/runtime"
	"github.com/toolgen/toolgen/runtime/internal/message"
)

// The methods below record one schema violation each, at the value just read
// (or, after an object or array ended, at that container), with a technical
// message and an English hint. Generated validators call them after the
// comparison that failed, so the checks themselves stay straight-line Go.
//
// Each appends its message and hint piece by piece to the reader's pending
// text (see beginViolation), so that the words of all of a call's violations
// take one allocation between them: an invalid call should cost about as much
// as a valid one, not several times more for its words.

// Required records that the current object lacks a required member.
func (r *Reader) Required(name string) {
	if t, ok := r.beginViolation(); ok {
		t = message.RequiredMessage(t, name)
		t = r.appendMemberSubject(r.beginHint(t), name)
		r.record("required", message.RequiredHint(t))
	}
}

// DependentRequired records that member present requires member missing.
func (r *Reader) DependentRequired(present, missing string) {
	if t, ok := r.beginViolation(); ok {
		t = message.DependentRequiredMessage(t, present, missing)
		t = r.appendMemberSubject(r.beginHint(t), missing)
		r.record("dependentRequired", message.DependentRequiredHint(t, present))
	}
}

// NotAllowed records that the member whose name was just read is not allowed,
// and skips its value. allowed lists the members that are.
func (r *Reader) NotAllowed(name string, allowed []string) {
	if r.sensitive > 0 {
		r.hiddenMember("additionalProperties", message.HiddenNotAllowedMessage, message.HiddenNotAllowedHint)
		return
	}
	if t, ok := r.beginViolation(); ok {
		t = message.NotAllowedMessage(t, []byte(name))
		t = r.appendSubject(r.beginHint(t))
		r.record("additionalProperties", message.NotAllowedHint(t, allowed, true))
	}
	r.Skip()
}

// Duplicate records that the member whose name was just read appeared before
// in the same object, and skips its value.
func (r *Reader) Duplicate(name string) {
	if r.sensitive > 0 {
		r.hiddenMember("json", message.HiddenDuplicateMessage, message.HiddenDuplicateHint)
		return
	}
	if t, ok := r.beginViolation(); ok {
		t = message.DuplicateMessage(t, []byte(name))
		t = r.appendSubject(r.beginHint(t))
		r.record("json", message.DuplicateHint(t))
	}
	r.Skip()
}

// hiddenMember records a violation about the member whose name was just
// read, in a sensitive object, where the name is part of the value: at the
// object, with a message and a hint that leave the name out. It skips the
// member's value.
func (r *Reader) hiddenMember(keyword, message, hint string) {
	if t, hidden, ok := r.beginObjectViolation(); ok {
		t = append(t, message...)
		t = r.appendSubject(r.beginHint(t))
		r.record(keyword, append(t, hint...))
		r.endObjectViolation(hidden)
	}
	r.Skip()
}

// Enum records that the value just read is not one of the allowed values,
// given as JSON texts.
func (r *Reader) Enum(allowed []string) {
	if t, ok := r.beginViolation(); ok {
		t = message.EnumMessage(t, r.valueText(), r.sensitive > 0, allowed)
		t = r.appendSubject(r.beginHint(t))
		t = r.appendShown(message.EnumHint(t, allowed), false)
		r.record("enum", append(t, '.'))
	}
}

// Const records that the value just read is not the one allowed value.
func (r *Reader) Const(want string) {
	if t, ok := r.beginViolation(); ok {
		t = message.ConstMessage(t, r.valueText(), r.sensitive > 0, want)
		t = r.appendSubject(r.beginHint(t))
		t = r.appendShown(message.ConstHint(t, want), false)
		r.record("const", append(t, '.'))
	}
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

// MinLength records a string shorter than min code points.
func (r *Reader) MinLength(min, got int) { r.sizeBound("minLength", got, min) }

// MaxLength records a string longer than max code points.
func (r *Reader) MaxLength(max, got int) { r.sizeBound("maxLength", got, max) }

// MinItems records an array with fewer than min items; call it after EndArray.
func (r *Reader) MinItems(min, got int) { r.sizeBound("minItems", got, min) }

// MaxItems records an array with more than max items; call it after EndArray.
func (r *Reader) MaxItems(max, got int) { r.sizeBound("maxItems", got, max) }

// sizeBound records a length or a number of items, got, beyond its bound,
// limit.
func (r *Reader) sizeBound(keyword string, got, limit int) {
	if t, ok := r.beginViolation(); ok {
		t = message.SizeMessage(t, keyword, got, limit)
		t = r.appendSubject(r.beginHint(t))
		r.record(keyword, message.SizeHint(t, keyword, got, limit))
	}
}

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

// UniqueItems records that items i and j of an array are equal; call it
// after EndArray. Which ones are is not said of a sensitive array.
func (r *Reader) UniqueItems(i, j int) { r.uniqueItems(i, j, false) }

// UniqueItemsHoldingSecrets is UniqueItems for an array whose items hold
// sensitive values: which items are equal is not said, since it would tell
// which secrets are.
func (r *Reader) UniqueItemsHoldingSecrets() { r.uniqueItems(0, 0, true) }

func (r *Reader) uniqueItems(i, j int, holdsSecrets bool) {
	if t, ok := r.beginViolation(); ok {
		if r.sensitive > 0 || holdsSecrets {
			t = append(t, message.HiddenUniqueItemsMessage...)
			t = r.appendSubject(r.beginHint(t))
			r.record("uniqueItems", append(t, message.HiddenUniqueItemsHint...))
			return
		}
		t = message.UniqueItemsMessage(t, i, j)
		t = r.appendSubject(r.beginHint(t))
		r.record("uniqueItems", message.UniqueItemsHint(t, i, j))
	}
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

// beginObjectViolation is beginViolation at the object whose member name was
// just read, for a violation about a name that must not be echoed: the name
// is left out of the pointer and the path until endObjectViolation.
func (r *Reader) beginObjectViolation() ([]byte, nameSpan, bool) {
	f := &r.frames[len(r.frames)-1]
	hidden := f.name
	f.name = nameSpan{}
	r.locatedAt = 0
	t, ok := r.beginViolation()
	if !ok {
		r.endObjectViolation(hidden)
	}
	return t, hidden, ok
}

// endObjectViolation puts back the name beginObjectViolation left out.
func (r *Reader) endObjectViolation(hidden nameSpan) {
	r.frames[len(r.frames)-1].name = hidden
	r.locatedAt = 0
}
