package message

import "strconv"

// The words below are those only the schema functions say: about keywords
// the typed readers leave to them. Each hint follows the subject.

// The schema false, which no value meets.
const (
	FalseMessage = "no value is allowed here"
	FalseHint    = " is not allowed; remove it."
)

// An "enum" that lists no value, which no value meets.
const (
	EmptyEnumMessage = `no value is allowed here: "enum" lists none`
	EmptyEnumHint    = ` is not allowed, since its schema's "enum" lists no value; remove it.`
)

// An item past those items or prefixItems allow (the schema false).
const (
	ItemNotAllowedMessage = "item is not allowed"
	ItemNotAllowedHint    = " is one item too many here; remove it."
)

// PropertyNameMessage: the member name fails propertyNames.
func PropertyNameMessage(name string) string {
	return string(AppendQuoted([]byte("property name "), name)) + " is not allowed"
}

// PropertyNameHint follows the member's subject.
const PropertyNameHint = " has a name that is not allowed here; rename or remove it."

// A member name fails propertyNames, in a place where names are not shown;
// the hint follows the object's subject.
const (
	HiddenPropertyNameMessage = "a property name is not allowed"
	HiddenPropertyNameHint    = " has a property name that is not allowed here; rename or remove that property."
)

// FewContainsMessage: matched items meet contains, fewer than min.
func FewContainsMessage(matched, min int) string {
	return strconv.Itoa(matched) + " items match contains, fewer than " + strconv.Itoa(min)
}

// FewContainsHint is the whole hint of FewContainsMessage.
func FewContainsHint(b []byte, matched, min int) []byte {
	b = append(AppendPlural(append(b, " must have at least "...), min, "item"), " of the required form; it has "...)
	return append(strconv.AppendInt(b, int64(matched), 10), '.')
}

// ManyContainsMessage: matched items meet contains, more than max.
func ManyContainsMessage(matched, max int) string {
	return strconv.Itoa(matched) + " items match contains, more than " + strconv.Itoa(max)
}

// ManyContainsHint is the whole hint of ManyContainsMessage.
func ManyContainsHint(b []byte, matched, max int) []byte {
	b = append(AppendPlural(append(b, " must have at most "...), max, "item"), " of that form; it has "...)
	return append(strconv.AppendInt(b, int64(matched), 10), '.')
}

// A value matches the schema of not.
const (
	NotMessage = "matches a schema it must not match"
	NotHint    = " has a form that is not allowed here; change it."
)
