package message

import (
	"strconv"
	"strings"
)

// The functions below word the violations that both the typed readers and
// the schema functions report. Each appends to b. A violation's message is
// one call; its hint is the subject ("Field \"x\"", which each caller
// renders from where it is) followed by one call. A hint that ends in
// "; got " is followed by the value as the caller shows it, and a period.

// Hidden stands for a value that must not be echoed, in a message.
const Hidden = "(hidden)"

// NotShown stands for a value that must not be echoed, in a hint.
const NotShown = "a value that is not shown"

// RequiredMessage: the object lacks the required member name.
func RequiredMessage(b []byte, name string) []byte {
	return AppendQuoted(append(b, "missing required property "...), name)
}

// RequiredHint follows the missing member's subject.
func RequiredHint(b []byte) []byte { return append(b, " is required but missing."...) }

// DependentRequiredMessage: member present requires member missing.
func DependentRequiredMessage(b []byte, present, missing string) []byte {
	b = AppendQuoted(append(b, "property "...), present)
	return AppendQuoted(append(b, " requires property "...), missing)
}

// DependentRequiredHint follows the missing member's subject.
func DependentRequiredHint(b []byte, present string) []byte {
	b = AppendQuoted(append(b, " is required when "...), present)
	return append(b, " is given."...)
}

// ConstMessage: the value, whose JSON text is text (unless hidden), is not
// want.
func ConstMessage(b, text []byte, hidden bool, want string) []byte {
	b = appendText(append(b, "value "...), text, hidden)
	return append(append(b, " is not "...), want...)
}

// ConstHint is followed by the value shown.
func ConstHint(b []byte, want string) []byte {
	return append(append(append(b, " must be exactly "...), want...), "; got "...)
}

// EnumMessage: the value is not one of the allowed JSON texts.
func EnumMessage(b, text []byte, hidden bool, allowed []string) []byte {
	return AppendList(enumMessageStart(b, text, hidden), allowed)
}

// EnumMessageList is EnumMessage with the allowed values as list, as
// AppendList writes them.
func EnumMessageList(b, text []byte, hidden bool, list string) []byte {
	return append(enumMessageStart(b, text, hidden), list...)
}

func enumMessageStart(b, text []byte, hidden bool) []byte {
	b = appendText(append(b, "value "...), text, hidden)
	return append(b, " is not one of "...)
}

// EnumHint is followed by the value shown.
func EnumHint(b []byte, allowed []string) []byte {
	return append(AppendList(append(b, " must be one of "...), allowed), "; got "...)
}

// EnumHintList is EnumHint with the allowed values as list, which
// AppendList wrote: the hint of a message that listed them already.
func EnumHintList[S ~string | ~[]byte](b []byte, list S) []byte {
	return append(append(append(b, " must be one of "...), list...), "; got "...)
}

// ListLen is the length of what AppendList appends for values.
func ListLen(values []string) int {
	n := 2 * max(len(values)-1, 0)
	for _, v := range values {
		n += len(v)
	}
	return n
}

// boundWords are the words of a number's bound keyword: the relation in
// the message and what the hint says the value must be.
func boundWords(keyword string) (relation, must string) {
	switch keyword {
	case "minimum":
		return " is less than minimum ", " must be at least "
	case "exclusiveMinimum":
		return " is not greater than exclusiveMinimum ", " must be greater than "
	case "maximum":
		return " is greater than maximum ", " must be at most "
	case "exclusiveMaximum":
		return " is not less than exclusiveMaximum ", " must be less than "
	}
	return " is not a multiple of ", " must be a multiple of "
}

// BoundMessage: the number whose text is text (unless hidden) fails keyword
// (minimum, exclusiveMinimum, maximum, exclusiveMaximum, multipleOf) with
// the given limit.
func BoundMessage(b, text []byte, hidden bool, keyword, limit string) []byte {
	relation, _ := boundWords(keyword)
	return append(append(appendText(b, text, hidden), relation...), limit...)
}

// BoundHint is followed by the value shown.
func BoundHint(b []byte, keyword, limit string) []byte {
	_, must := boundWords(keyword)
	return append(append(append(b, must...), limit...), "; got "...)
}

// sizeWords are the words of a size bound keyword: the message's relation,
// the hint's demand, the noun counted and what follows it.
func sizeWords(keyword string) (relation, must, noun, after string) {
	switch keyword {
	case "minLength":
		return " is less than ", " must be at least ", "character", " long"
	case "maxLength":
		return " is more than ", " must be at most ", "character", " long"
	case "minItems":
		return ", fewer than ", " must have at least ", "item", ""
	case "maxItems":
		return ", more than ", " must have at most ", "item", ""
	case "minProperties":
		return ", fewer than ", " must have at least ", "property", ""
	}
	return ", more than ", " must have at most ", "property", ""
}

// SizeMessage: a string's length, or an array's or object's count, got, is
// beyond the limit of keyword.
func SizeMessage(b []byte, keyword string, got, limit int) []byte {
	relation, _, noun, _ := sizeWords(keyword)
	if noun == "character" {
		b = strconv.AppendInt(append(b, "length "...), int64(got), 10)
	} else {
		b = AppendPlural(b, got, noun)
	}
	return strconv.AppendInt(append(b, relation...), int64(limit), 10)
}

// SizeHint is the whole hint after the subject.
func SizeHint(b []byte, keyword string, got, limit int) []byte {
	_, must, noun, after := sizeWords(keyword)
	b = append(AppendPlural(append(b, must...), limit, noun), after...)
	return append(strconv.AppendInt(append(b, "; got "...), int64(got), 10), '.')
}

// PatternMessage: a string does not match the regular expression expr.
func PatternMessage(b []byte, expr string) []byte {
	return AppendQuoted(append(b, "does not match pattern "...), expr)
}

// PatternHint is followed by the value shown.
func PatternHint(b []byte, expr string) []byte {
	return append(append(append(b, " must match the regular expression "...), expr...), "; got "...)
}

// FormatMessage: a string is not valid in the named format.
func FormatMessage(b []byte, name string) []byte {
	return append(append(b, "is not a valid "...), name...)
}

// FormatHint is followed by the value shown.
func FormatHint(b []byte, name string) []byte {
	return append(append(append(b, " must be "...), FormatWant(name)...), "; got "...)
}

// UniqueItemsMessage: items i and j of an array are equal.
func UniqueItemsMessage(b []byte, i, j int) []byte {
	b = strconv.AppendInt(append(b, "items "...), int64(i), 10)
	b = strconv.AppendInt(append(b, " and "...), int64(j), 10)
	return append(b, " are equal"...)
}

// UniqueItemsHint is the whole hint after the subject.
func UniqueItemsHint(b []byte, i, j int) []byte {
	b = strconv.AppendInt(append(b, " must not contain duplicates; items "...), int64(i), 10)
	b = strconv.AppendInt(append(b, " and "...), int64(j), 10)
	return append(b, " are equal."...)
}

// NotAllowedMessage: the member name is not allowed in its object
// (additionalProperties or unevaluatedProperties is false).
func NotAllowedMessage(b []byte, name []byte) []byte {
	return append(AppendQuoted(append(b, "property "...), name), " is not allowed"...)
}

// NotAllowedHint is the whole hint after the member's subject. allowed
// lists the members the object takes, when listed is true; when the
// members allowed depend on more than their names (patternProperties,
// unevaluatedProperties), listed is false and the hint says only to remove
// it.
func NotAllowedHint(b []byte, allowed []string, listed bool) []byte {
	switch {
	case !listed:
		return append(b, " is not allowed here; remove it."...)
	case len(allowed) == 0:
		return append(b, " is not allowed here; this object takes no fields."...)
	}
	return append(AppendList(append(b, notAllowedListed...), allowed), '.')
}

// NotAllowedHintList is NotAllowedHint with the allowed members as list,
// as AppendList writes them, of at least one member.
func NotAllowedHintList(b []byte, list string) []byte {
	return append(append(append(b, notAllowedListed...), list...), '.')
}

const notAllowedListed = " is not allowed here; remove it. Allowed fields: "

// A member is not allowed in a sensitive object, where its name is not
// shown; the hint follows the object's subject.
const (
	HiddenNotAllowedMessage = "a property is not allowed"
	HiddenNotAllowedHint    = " has a property that is not allowed here; remove it."
)

// Problems inside a sensitive value, below its own position, are not listed
// one by one: the pointer and the path of each would name what is inside (a
// member's name, an item's index), which is part of the value. They are one
// violation at the value, which counts them, lists their keywords and gives
// the first one's hint, whose subject names nothing: InsideValue, or
// InsideMember for a member that is missing.
const (
	InsideValue  = "a value inside it"
	InsideMember = "a member inside it"
)

// HiddenInsideMessage: count problems, of the keywords listed, inside a
// value that is not shown.
func HiddenInsideMessage(b []byte, count int, keywords []string) []byte {
	b = AppendPlural(b, count, "problem")
	return AppendList(append(b, " inside a value that is not shown: "...), keywords)
}

// HiddenInsideHint is the whole hint of HiddenInsideMessage about the value
// at path (atRoot as AppendPlace takes it); first is the hint of the first problem.
func HiddenInsideHint[S ~string | ~[]byte](b []byte, atRoot bool, path S, count int, keywords []string, first []byte) []byte {
	b = AppendPlace(append(AppendPlural(b, count, "problem"), " inside "...), atRoot, path)
	if count == 1 {
		b = append(b, " is"...)
	} else {
		b = append(b, " are"...)
	}
	b = AppendList(append(b, " not shown, since the value holds secrets ("...), keywords)
	switch {
	case len(first) == 0:
		return append(b, ")."...)
	case count == 1:
		b = append(b, "): "...)
	default:
		b = append(b, "); the first: "...)
	}
	return append(b, first...)
}

// Two items of an array are equal where the array is sensitive: which
// items they are is part of its value.
const (
	HiddenUniqueItemsMessage = "two items are equal"
	HiddenUniqueItemsHint    = " must not contain duplicates; two of its items are equal."
)

// AppendPlace appends the value at path as a hint names it after a
// preposition: the arguments, or the field. atRoot says the value is the
// arguments themselves (its JSON Pointer is empty): a member named "" has an
// empty path too, and is a field.
func AppendPlace[S ~string | ~[]byte](b []byte, atRoot bool, path S) []byte {
	if atRoot {
		return append(b, "the arguments"...)
	}
	return AppendQuoted(append(b, "field "...), path)
}

// AppendSubject appends the subject of a hint about the value at path
// (members joined by dots, indexes in brackets): the arguments as a whole,
// or the field; atRoot is as AppendPlace takes it.
func AppendSubject[S ~string | ~[]byte](b []byte, atRoot bool, path S) []byte {
	if atRoot {
		return append(b, "The arguments"...)
	}
	return AppendQuoted(append(b, "Field "...), path)
}

// AppendPlainSubject is AppendSubject for a path that strconv.Quote
// leaves as it is: printable ASCII without '"' or '\\'.
func AppendPlainSubject(b []byte, atRoot bool, path []byte) []byte {
	if atRoot {
		return append(b, "The arguments"...)
	}
	return append(append(append(b, "Field \""...), path...), '"')
}

// What a hint shows for a value: a string or a number with its article
// (TheString, TheNumber) before the value itself where TypeHint asks for
// one; an object or an array by its kind alone (AnObject, AnArray).
const (
	TheString = "the string "
	TheNumber = "the number "
	ShownNone = "nothing"
)

// The types a typed reader expects, as TypeMessage and TypeHint take them;
// AnObject and AnArray also show a value of that kind in a hint.
const (
	AnObject  = "an object"
	AnArray   = "an array"
	AString   = "a string"
	ABoolean  = "a boolean"
	AnInteger = "an integer"
	ANumber   = "a number"
)

// WithArticle puts "a" or "an" before a JSON type name.
func WithArticle(name string) string {
	if name != "" && strings.ContainsRune("aeiou", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}

// Either joins type names as a hint offers them: "string or integer".
func Either(names []string) string { return strings.Join(names, " or ") }

// appendText appends a value's JSON text for a message, or Hidden.
func appendText(b, text []byte, hidden bool) []byte { return AppendValueText(b, text, hidden) }

// AppendValueText appends a value's JSON text for a message, shortened to
// 60 runes, or Hidden if it must not be echoed. Both paths give the text in
// one form whatever the sender's spacing and escapes (see the typed
// reader's valueText), so that they show the same.
func AppendValueText(b, text []byte, hidden bool) []byte {
	if hidden {
		return append(b, Hidden...)
	}
	return AppendTruncated(b, text, 60)
}

// ValueTextBytes bounds the bytes of a value's text a message needs: more
// than its 60 runes can take, so that a long value costs no more than a
// short one.
const ValueTextBytes = 4*60 + 16

// AppendQuoted appends s quoted as strconv.Quote quotes it, without an
// allocation when it has nothing to escape.
func AppendQuoted[S ~string | ~[]byte](b []byte, s S) []byte {
	for i := 0; i < len(s); i++ {
		if !quoteFree[s[i]] {
			return strconv.AppendQuote(b, string(s))
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// quoteFree marks the bytes strconv.Quote copies as they are: printable
// ASCII but for '"' and '\\'.
var quoteFree = func() (t [256]bool) {
	for c := ' '; c <= '~'; c++ {
		t[c] = true
	}
	t['"'], t['\\'] = false, false
	return t
}()

// AppendList appends values separated by commas: the allowed values of an
// enum, the allowed members of an object.
func AppendList(b []byte, values []string) []byte {
	for i, v := range values {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, v...)
	}
	return b
}

// AppendPlural appends n and noun, in the plural unless n is 1: "2 items",
// "3 properties".
func AppendPlural(b []byte, n int, noun string) []byte {
	b = append(strconv.AppendInt(b, int64(n), 10), ' ')
	switch {
	case n == 1:
		return append(b, noun...)
	case noun == "property":
		return append(b, "properties"...)
	}
	return append(append(b, noun...), 's')
}

// TypeMessage: a value of the JSON type got is not expected ("a string",
// "an integer"; the article is left out here), or null if orNull.
func TypeMessage(b []byte, expected string, orNull bool, got string) []byte {
	b = append(b, "expected "...)
	b = append(b, strings.TrimPrefix(strings.TrimPrefix(expected, "a "), "an ")...)
	if orNull {
		b = append(b, " or null"...)
	}
	return append(append(b, ", got "...), got...)
}

// TypeHint is followed by the value shown with its article ("the number
// 5").
func TypeHint(b []byte, expected string, orNull bool) []byte {
	b = append(append(b, " must be "...), expected...)
	if orNull {
		b = append(b, " or null"...)
	}
	return append(b, ", got "...)
}

// NullMeansAbsent ends a type hint about a null sent for a member that may
// be left out.
const NullMeansAbsent = "; to give no value, leave the field out"

// NoneMessage: a value matches none of the n alternatives of anyOf or
// oneOf.
func NoneMessage(b []byte, n int) []byte {
	b = strconv.AppendInt(append(b, "matches none of the "...), int64(n), 10)
	return append(b, " alternatives"...)
}

// NoneHint follows the subject; each alternative that said why it failed
// is then added with NoneReason, and NoneEnd ends the hint.
func NoneHint(b []byte) []byte { return append(b, " does not match any of the allowed forms"...) }

// NoneReason adds the i-th reason (from 0): the first hint of alternative
// form (from 1), cut at ReasonRunes.
func NoneReason(b []byte, i, form int, hint string) []byte {
	if i == 0 {
		b = append(b, " ("...)
	} else {
		b = append(b, "; "...)
	}
	b = strconv.AppendInt(append(b, "form "...), int64(form), 10)
	b = append(b, ": "...)
	return TruncateFrom(append(b, strings.TrimSuffix(hint, ".")...), len(b), ReasonRunes)
}

// ReasonRunes is as much of an alternative's hint as the hint of a union
// that none matched quotes. An alternative that is itself a union quotes
// its own alternatives' hints, so without a cut, unions of unions nested
// forty deep would write a hint of 2^40 reasons.
const ReasonRunes = 500

// NoneEnd ends a hint that gave reasons reasons.
func NoneEnd(b []byte, reasons int) []byte {
	if reasons > 0 {
		b = append(b, ')')
	}
	return append(b, '.')
}

// ManyMessage: a value matches matched alternatives of a oneOf, not one.
func ManyMessage(b []byte, matched int) []byte {
	b = strconv.AppendInt(append(b, "matches "...), int64(matched), 10)
	return append(b, " of the alternatives, not exactly one"...)
}

// ManyHint is the whole hint after the subject.
func ManyHint(b []byte) []byte {
	return append(b, " matches more than one of the allowed forms; change it so it matches exactly one."...)
}
