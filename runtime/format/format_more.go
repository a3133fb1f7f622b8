package format

import "strings"

// ---------------------------------------------------------------------------
// Durations (RFC 3339 appendix A)

// IsDuration reports whether s is an RFC 3339 appendix A (ISO 8601)
// duration: "P" followed by a number of weeks "nW", or by date elements
// "nY", "nM", "nD" and a time part "T" with elements "nH", "nM", "nS", at
// least one element in all and at least one after a "T". Elements come in
// that order and cannot skip one in between ("P1Y2D" and "PT1H2S" are
// invalid); numbers are one or more ASCII digits, with no sign or fraction.
//
// oracle: 'P', 'T', 'W' and the unit letters must be upper case, although
// ABNF strings are case-insensitive.
func IsDuration(s string) bool {
	s, ok := strings.CutPrefix(s, "P")
	if !ok || s == "" {
		return false
	}
	if weeks, ok := strings.CutSuffix(s, "W"); ok {
		return leadingDigits(weeks) == len(weeks) && weeks != ""
	}
	datePart, timePart, hasTime := strings.Cut(s, "T")
	if hasTime && timePart == "" {
		return false
	}
	return durationElements(datePart, "YMD") && durationElements(timePart, "HMS")
}

// durationElements reports whether s is a run of elements 1*DIGIT unit with
// units taken in order from units, without skipping one after the first.
func durationElements(s, units string) bool {
	first := true
	for s != "" {
		n := leadingDigits(s)
		if n == 0 || n == len(s) {
			return false
		}
		j := strings.IndexByte(units, s[n])
		if j < 0 || j > 0 && !first {
			return false
		}
		units, s, first = units[j+1:], s[n+1:], false
	}
	return true
}

// leadingDigits returns the number of ASCII digits s starts with.
func leadingDigits(s string) int {
	n := 0
	for n < len(s) && fmtDigit(s[n]) {
		n++
	}
	return n
}

// ---------------------------------------------------------------------------
// JSON Pointers (RFC 6901, draft-handrews-relative-json-pointer-01)

// IsJSONPointer reports whether s is a JSON Pointer in its string form (RFC
// 6901 section 3): empty, or reference tokens each preceded by '/', in which
// '~' appears only in the escapes "~0" and "~1". Any other character is
// allowed.
func IsJSONPointer(s string) bool {
	if s == "" {
		return true
	}
	if s[0] != '/' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '~' {
			if i+1 == len(s) || s[i+1] != '0' && s[i+1] != '1' {
				return false
			}
			i++
		}
	}
	return true
}

// IsRelativeJSONPointer reports whether s is a Relative JSON Pointer
// (draft-handrews-relative-json-pointer-01 section 3): a non-negative decimal
// integer without leading zeros, followed by "#" or by a JSON Pointer (see
// IsJSONPointer). The index manipulations ("0+1/a") of later drafts are not
// accepted.
func IsRelativeJSONPointer(s string) bool {
	n := leadingDigits(s)
	if n == 0 || n > 1 && s[0] == '0' {
		return false
	}
	return s[n:] == "#" || IsJSONPointer(s[n:])
}
