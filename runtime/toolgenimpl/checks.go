package toolgenimpl

import (
	"strconv"
	"strings"

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
		t = appendQuoted(append(t, "missing required property "...), name)
		t = r.appendMemberSubject(r.beginHint(t), name)
		r.record("required", append(t, " is required but missing."...))
	}
}

// DependentRequired records that member present requires member missing.
func (r *Reader) DependentRequired(present, missing string) {
	if t, ok := r.beginViolation(); ok {
		t = appendQuoted(append(t, "property "...), present)
		t = appendQuoted(append(t, " requires property "...), missing)
		t = r.appendMemberSubject(r.beginHint(t), missing)
		t = appendQuoted(append(t, " is required when "...), present)
		r.record("dependentRequired", append(t, " is given."...))
	}
}

// NotAllowed records that the member whose name was just read is not allowed,
// and skips its value. allowed lists the members that are.
func (r *Reader) NotAllowed(name string, allowed []string) {
	if r.sensitive > 0 {
		r.hiddenMember("additionalProperties", "a property is not allowed", " has a property that is not allowed here; remove it.")
		return
	}
	if t, ok := r.beginViolation(); ok {
		t = appendQuoted(append(t, "property "...), name)
		t = append(t, " is not allowed"...)
		t = r.appendSubject(r.beginHint(t))
		if len(allowed) > 0 {
			t = appendList(append(t, " is not allowed here; remove it. Allowed fields: "...), allowed)
			t = append(t, '.')
		} else {
			t = append(t, " is not allowed here; this object takes no fields."...)
		}
		r.record("additionalProperties", t)
	}
	r.Skip()
}

// Duplicate records that the member whose name was just read appeared before
// in the same object, and skips its value.
func (r *Reader) Duplicate(name string) {
	if r.sensitive > 0 {
		r.hiddenMember("json", "a property appears more than once", " has a property that appears more than once; send each field once.")
		return
	}
	if t, ok := r.beginViolation(); ok {
		t = appendQuoted(append(t, "duplicate property "...), name)
		t = r.appendSubject(r.beginHint(t))
		r.record("json", append(t, " appears more than once; send each field once."...))
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
		t = r.appendShownText(append(t, "value "...))
		t = appendList(append(t, " is not one of "...), allowed)
		t = r.appendSubject(r.beginHint(t))
		t = appendList(append(t, " must be one of "...), allowed)
		t = r.appendShown(append(t, "; got "...), false)
		r.record("enum", append(t, '.'))
	}
}

// Const records that the value just read is not the one allowed value.
func (r *Reader) Const(want string) {
	if t, ok := r.beginViolation(); ok {
		t = r.appendShownText(append(t, "value "...))
		t = append(append(t, " is not "...), want...)
		t = r.appendSubject(r.beginHint(t))
		t = append(append(t, " must be exactly "...), want...)
		t = r.appendShown(append(t, "; got "...), false)
		r.record("const", append(t, '.'))
	}
}

// Minimum records a number below its inclusive lower bound.
func (r *Reader) Minimum(limit string) {
	r.bound("minimum", "less than minimum", "must be at least", limit)
}

// ExclusiveMinimum records a number at or below its exclusive lower bound.
func (r *Reader) ExclusiveMinimum(limit string) {
	r.bound("exclusiveMinimum", "not greater than exclusiveMinimum", "must be greater than", limit)
}

// Maximum records a number above its inclusive upper bound.
func (r *Reader) Maximum(limit string) {
	r.bound("maximum", "greater than maximum", "must be at most", limit)
}

// ExclusiveMaximum records a number at or above its exclusive upper bound.
func (r *Reader) ExclusiveMaximum(limit string) {
	r.bound("exclusiveMaximum", "not less than exclusiveMaximum", "must be less than", limit)
}

// MultipleOf records a number that is not a multiple of divisor.
func (r *Reader) MultipleOf(divisor string) {
	r.bound("multipleOf", "not a multiple of", "must be a multiple of", divisor)
}

func (r *Reader) bound(keyword, what, must, limit string) {
	if t, ok := r.beginViolation(); ok {
		t = r.appendShownText(t)
		t = append(append(append(t, " is "...), what...), ' ')
		t = append(t, limit...)
		t = r.appendSubject(r.beginHint(t))
		t = append(append(append(t, ' '), must...), ' ')
		t = append(t, limit...)
		t = r.appendShown(append(t, "; got "...), false)
		r.record(keyword, append(t, '.'))
	}
}

// MinLength records a string shorter than min code points.
func (r *Reader) MinLength(min, got int) {
	r.sizeBound("minLength", "length ", got, " is less than ", min, " must be at least ", "character", " long")
}

// MaxLength records a string longer than max code points.
func (r *Reader) MaxLength(max, got int) {
	r.sizeBound("maxLength", "length ", got, " is more than ", max, " must be at most ", "character", " long")
}

// MinItems records an array with fewer than min items; call it after EndArray.
func (r *Reader) MinItems(min, got int) {
	r.sizeBound("minItems", "", got, " items, fewer than ", min, " must have at least ", "item", "")
}

// MaxItems records an array with more than max items; call it after EndArray.
func (r *Reader) MaxItems(max, got int) {
	r.sizeBound("maxItems", "", got, " items, more than ", max, " must have at most ", "item", "")
}

// sizeBound records a length or a number of items, got, beyond its bound, limit:
// the message is before+got+relation+limit and the hint reads
// "<subject> must ... <limit> <noun>s<after>; got <got>."
func (r *Reader) sizeBound(keyword, before string, got int, relation string, limit int, must, noun, after string) {
	if t, ok := r.beginViolation(); ok {
		t = strconv.AppendInt(append(t, before...), int64(got), 10)
		t = strconv.AppendInt(append(t, relation...), int64(limit), 10)
		t = r.appendSubject(r.beginHint(t))
		t = appendPlural(append(t, must...), limit, noun)
		t = strconv.AppendInt(append(append(t, after...), "; got "...), int64(got), 10)
		r.record(keyword, append(t, '.'))
	}
}

// Pattern records a string that does not match the regular expression expr.
func (r *Reader) Pattern(expr string) {
	if t, ok := r.beginViolation(); ok {
		t = appendQuoted(append(t, "does not match pattern "...), expr)
		t = r.appendSubject(r.beginHint(t))
		t = append(append(t, " must match the regular expression "...), expr...)
		t = r.appendShown(append(t, "; got "...), false)
		r.record("pattern", append(t, '.'))
	}
}

// Format records a string that is not valid in the named format.
func (r *Reader) Format(name string) {
	if t, ok := r.beginViolation(); ok {
		t = append(t, message.FormatMessage(name)...)
		t = r.appendSubject(r.beginHint(t))
		t = append(append(t, " must be "...), message.FormatWant(name)...)
		t = r.appendShown(append(t, "; got "...), false)
		r.record("format", append(t, '.'))
	}
}

// UniqueItems records that items i and j of an array are equal; call it
// after EndArray.
func (r *Reader) UniqueItems(i, j int) {
	if t, ok := r.beginViolation(); ok {
		t = strconv.AppendInt(append(t, "items "...), int64(i), 10)
		t = strconv.AppendInt(append(t, " and "...), int64(j), 10)
		t = append(t, " are equal"...)
		t = r.appendSubject(r.beginHint(t))
		t = strconv.AppendInt(append(t, " must not contain duplicates; items "...), int64(i), 10)
		t = strconv.AppendInt(append(t, " and "...), int64(j), 10)
		r.record("uniqueItems", append(t, " are equal."...))
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
		t = strconv.AppendInt(append(t, "matches "...), int64(matched), 10)
		t = append(t, " of the alternatives, not exactly one"...)
		t = r.appendSubject(r.beginHint(t))
		r.record("oneOf", append(t, " matches more than one of the allowed forms; change it so it matches exactly one."...))
	}
}

// none records a value that matches none of n alternatives, with the hint
// of the first violation of each (in first) as the reason it failed.
func (r *Reader) none(keyword string, n int, first []runtime.Violation) {
	if t, ok := r.beginViolation(); ok {
		t = strconv.AppendInt(append(t, "matches none of the "...), int64(n), 10)
		t = append(t, " alternatives"...)
		t = r.appendSubject(r.beginHint(t))
		t = append(t, " does not match any of the allowed forms"...)
		for i, v := range first {
			if i == 0 {
				t = append(t, " ("...)
			} else {
				t = append(t, "; "...)
			}
			t = strconv.AppendInt(append(t, "form "...), int64(i+1), 10)
			t = append(append(t, ": "...), strings.TrimSuffix(v.Hint, ".")...)
		}
		if len(first) > 0 {
			t = append(t, ')')
		}
		r.record(keyword, append(t, '.'))
	}
}

func plural(n int, noun string) string {
	return string(appendPlural(nil, n, noun))
}

// appendPlural appends n and noun, in the plural unless n is 1: "2 items".
func appendPlural(b []byte, n int, noun string) []byte {
	b = append(strconv.AppendInt(b, int64(n), 10), ' ')
	b = append(b, noun...)
	if n != 1 {
		b = append(b, 's')
	}
	return b
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
