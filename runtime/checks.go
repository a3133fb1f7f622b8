package runtime

import (
	"strconv"
	"strings"
)

// The methods below record one schema violation each, at the value just read
// (or, after an object or array ended, at that container), with a technical
// message and an English hint. Generated validators call them after the
// comparison that failed, so the checks themselves stay straight-line Go.

// Required records that the current object lacks a required member.
func (r *Reader) Required(name string) {
	r.report("required", "missing required property "+strconv.Quote(name),
		r.memberSubject(name)+" is required but missing.")
}

// DependentRequired records that member present requires member missing.
func (r *Reader) DependentRequired(present, missing string) {
	r.report("dependentRequired", "property "+strconv.Quote(present)+" requires property "+strconv.Quote(missing),
		r.memberSubject(missing)+" is required when "+strconv.Quote(present)+" is given.")
}

// NotAllowed records that the member whose name was just read is not allowed,
// and skips its value. allowed lists the members that are.
func (r *Reader) NotAllowed(name string, allowed []string) {
	hint := r.subject() + " is not allowed here; this object takes no fields."
	if len(allowed) > 0 {
		hint = r.subject() + " is not allowed here; remove it. Allowed fields: " + strings.Join(allowed, ", ") + "."
	}
	r.report("additionalProperties", "property "+strconv.Quote(name)+" is not allowed", hint)
	r.Skip()
}

// Duplicate records that the member whose name was just read appeared before
// in the same object, and skips its value.
func (r *Reader) Duplicate(name string) {
	r.report("json", "duplicate property "+strconv.Quote(name),
		r.subject()+" appears more than once; send each field once.")
	r.Skip()
}

// Enum records that the value just read is not one of the allowed values,
// given as JSON texts.
func (r *Reader) Enum(allowed []string) {
	r.report("enum", "value "+r.shownText()+" is not one of "+strings.Join(allowed, ", "),
		r.subject()+" must be one of "+strings.Join(allowed, ", ")+"; got "+r.shown(false)+".")
}

// Const records that the value just read is not the one allowed value.
func (r *Reader) Const(want string) {
	r.report("const", "value "+r.shownText()+" is not "+want,
		r.subject()+" must be exactly "+want+"; got "+r.shown(false)+".")
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
	r.report(keyword, r.shownText()+" is "+what+" "+limit,
		r.subject()+" "+must+" "+limit+"; got "+r.shown(false)+".")
}

// MinLength records a string shorter than min code points.
func (r *Reader) MinLength(min, got int) {
	r.report("minLength", "length "+strconv.Itoa(got)+" is less than "+strconv.Itoa(min),
		r.subject()+" must be at least "+plural(min, "character")+" long; got "+strconv.Itoa(got)+".")
}

// MaxLength records a string longer than max code points.
func (r *Reader) MaxLength(max, got int) {
	r.report("maxLength", "length "+strconv.Itoa(got)+" is more than "+strconv.Itoa(max),
		r.subject()+" must be at most "+plural(max, "character")+" long; got "+strconv.Itoa(got)+".")
}

// Pattern records a string that does not match the regular expression expr.
func (r *Reader) Pattern(expr string) {
	r.report("pattern", "does not match pattern "+strconv.Quote(expr),
		r.subject()+" must match the regular expression "+expr+"; got "+r.shown(false)+".")
}

// formatExamples shows the model what a valid value of each format looks like.
var formatExamples = map[string]string{
	"date-time": "an RFC 3339 date-time such as 2024-05-01T13:45:00Z",
	"date":      "an RFC 3339 date such as 2024-05-01",
	"time":      "an RFC 3339 time with an offset such as 13:45:00Z",
	"email":     "an email address such as name@example.com",
	"uuid":      "a UUID such as 123e4567-e89b-12d3-a456-426614174000",
	"uri":       "an absolute URI such as https://example.com/path",
	"ipv4":      "an IPv4 address such as 192.0.2.1",
	"ipv6":      "an IPv6 address such as 2001:db8::1",
	"hostname":  "a host name such as api.example.com",

	"duration":              "an ISO 8601 duration such as P3DT4H or PT30M",
	"idn-email":             "an email address such as name@example.com (Unicode allowed)",
	"idn-hostname":          "a host name such as bücher.example (Unicode allowed)",
	"uri-reference":         "a URI reference such as /path?q=1 or https://example.com/path",
	"iri":                   "an absolute IRI such as https://example.com/päth",
	"iri-reference":         "an IRI reference such as /päth or https://example.com/päth",
	"uri-template":          "a URI template such as /users/{id}",
	"json-pointer":          "a JSON Pointer such as /items/0/name",
	"relative-json-pointer": "a relative JSON Pointer such as 1/name",
	"regex":                 "a valid ECMA-262 regular expression",
}

// Format records a string that is not valid in the named format.
func (r *Reader) Format(name string) {
	want, ok := formatExamples[name]
	if !ok {
		want = "a valid " + name
	}
	r.report("format", "is not a valid "+name,
		r.subject()+" must be "+want+"; got "+r.shown(false)+".")
}

// MinItems records an array with fewer than min items; call it after EndArray.
func (r *Reader) MinItems(min, got int) {
	r.report("minItems", strconv.Itoa(got)+" items, fewer than "+strconv.Itoa(min),
		r.subject()+" must have at least "+plural(min, "item")+"; got "+strconv.Itoa(got)+".")
}

// MaxItems records an array with more than max items; call it after EndArray.
func (r *Reader) MaxItems(max, got int) {
	r.report("maxItems", strconv.Itoa(got)+" items, more than "+strconv.Itoa(max),
		r.subject()+" must have at most "+plural(max, "item")+"; got "+strconv.Itoa(got)+".")
}

// UniqueItems records that items i and j of an array are equal; call it
// after EndArray.
func (r *Reader) UniqueItems(i, j int) {
	r.report("uniqueItems", "items "+strconv.Itoa(i)+" and "+strconv.Itoa(j)+" are equal",
		r.subject()+" must not contain duplicates; items "+strconv.Itoa(i)+" and "+strconv.Itoa(j)+" are equal.")
}

// AnyOf records a value that matches none of a union's n alternatives; call
// it after reading the value with Raw.
func (r *Reader) AnyOf(n int, first []Violation) {
	r.union("anyOf", "matches none of the "+strconv.Itoa(n)+" alternatives", first)
}

// OneOf records a value that matches matched of a oneOf's n alternatives
// rather than exactly one; first holds the violations of each alternative
// when none matched.
func (r *Reader) OneOf(n, matched int, first []Violation) {
	if matched == 0 {
		r.union("oneOf", "matches none of the "+strconv.Itoa(n)+" alternatives", first)
		return
	}
	r.report("oneOf", "matches "+strconv.Itoa(matched)+" of the alternatives, not exactly one",
		r.subject()+" matches more than one of the allowed forms; change it so it matches exactly one.")
}

func (r *Reader) union(keyword, message string, first []Violation) {
	var reasons []string
	for i, v := range first {
		reasons = append(reasons, "form "+strconv.Itoa(i+1)+": "+strings.TrimSuffix(v.Hint, "."))
	}
	hint := r.subject() + " does not match any of the allowed forms"
	if len(reasons) > 0 {
		hint += " (" + strings.Join(reasons, "; ") + ")"
	}
	r.report(keyword, message, hint+".")
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
