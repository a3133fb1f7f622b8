package message

import "strconv"

// The words below are those only the typed readers say: about the
// arguments as a whole (their size, their syntax, their nesting), about the
// limits a reader keeps, and about values the Go types refuse.

// TooBigMessage: the arguments, size bytes, are over the limit.
func TooBigMessage(size, limit int) string {
	return "arguments of " + strconv.Itoa(size) + " bytes exceed the limit of " + strconv.Itoa(limit)
}

// TooBigHint is the whole hint of TooBigMessage.
func TooBigHint(size, limit int) string {
	return "The arguments are " + strconv.Itoa(size) + " bytes long, more than the " + strconv.Itoa(limit) + " allowed; send shorter arguments."
}

// The arguments start with a UTF-8 byte order mark.
const (
	ByteOrderMarkMessage = "input starts with a UTF-8 byte order mark"
	ByteOrderMarkHint    = "The arguments start with a byte order mark; send plain JSON without it."
)

// The arguments are empty or white space.
const (
	EmptyMessage = "empty input"
	EmptyHint    = "The arguments are empty; send a JSON object with the tool's fields."
)

// TrailingMessage: something follows the value, from byte offset on.
func TrailingMessage(offset int64) string {
	return "unexpected data after the top-level value at byte " + strconv.FormatInt(offset, 10)
}

// TrailingHint is the hint of TrailingMessage.
const TrailingHint = "There is more data after the JSON object; send exactly one JSON object."

// CutOffHint is the hint of a text that ends too early, after byte offset
// when offset >= 0. The message of a syntax error is the tokenizer's.
func CutOffHint(offset int64) string {
	hint := "The JSON arguments end too early, as if cut off"
	if offset >= 0 {
		hint += " after byte " + strconv.FormatInt(offset, 10)
	}
	return hint + "; send the complete JSON object."
}

// The hints of text that is not valid UTF-8, and of a lone surrogate escape.
const (
	InvalidUTF8Hint   = "The arguments contain bytes that are not valid UTF-8; send text as valid UTF-8 JSON strings."
	LoneSurrogateHint = "The arguments contain an invalid \\u escape (a lone UTF-16 surrogate); escape characters outside the Basic Multilingual Plane as a surrogate pair, or send them unescaped."
)

// NotJSONHint is the hint of any other syntax error, whose tokenizer text
// is reason.
func NotJSONHint(reason string) string {
	return "The arguments are not valid JSON (" + reason + "); send one well-formed JSON object."
}

// HiddenSyntaxMessage: the JSON text breaks inside a sensitive value. The
// tokenizer's own words would quote the text and name the members it is
// in; the hint is HiddenNotJSONHint, or CutOffHint, InvalidUTF8Hint or
// LoneSurrogateHint, which quote nothing.
const HiddenSyntaxMessage = "the JSON text is not valid inside a value that is not shown"

// HiddenNotJSONHint is the hint of HiddenSyntaxMessage for the value at
// path (atRoot as AppendPlace takes it).
func HiddenNotJSONHint(b []byte, atRoot bool, path []byte) []byte {
	b = AppendPlace(append(b, "The arguments are not valid JSON inside "...), atRoot, path)
	return append(b, "; send one well-formed JSON object."...)
}

// TooDeepMessage: the value nests deeper than limit levels.
func TooDeepMessage(limit int) string {
	return "nesting deeper than " + strconv.Itoa(limit) + " levels"
}

// TooDeepHint is the hint of TooDeepMessage.
func TooDeepHint(limit int) string {
	return "The arguments nest objects and arrays deeper than " + strconv.Itoa(limit) + " levels; flatten them."
}

// ArrayTooLongMessage: an array has more items than a reader reads.
func ArrayTooLongMessage(limit int) string {
	return "array longer than " + strconv.Itoa(limit) + " items"
}

// ArrayTooLongHint follows the subject of ArrayTooLongMessage's array.
func ArrayTooLongHint(b []byte, limit int) []byte {
	b = strconv.AppendInt(append(b, " has more than "...), int64(limit), 10)
	return append(b, " items, the most allowed; send fewer."...)
}

// StringTooLongMessage: a string of size bytes is over the limit.
func StringTooLongMessage(b []byte, size, limit int) []byte {
	b = strconv.AppendInt(append(b, "string of "...), int64(size), 10)
	return strconv.AppendInt(append(b, " bytes exceeds the limit of "...), int64(limit), 10)
}

// StringTooLongHint follows the subject.
func StringTooLongHint(b []byte, limit int) []byte {
	b = strconv.AppendInt(append(b, " is longer than the "...), int64(limit), 10)
	return append(b, " bytes allowed; send a shorter text."...)
}

// NotIntegerMessage: a number with a fraction was sent for an integer; it
// is followed by the number's text.
func NotIntegerMessage(b []byte) []byte { return append(b, "expected integer, got "...) }

// NotIntegerHint is followed by the number shown with its article.
func NotIntegerHint(b []byte) []byte { return append(b, " must be an integer, got "...) }

// IntRangeMessage: the integer whose text is text does not fit an int64.
func IntRangeMessage(b, text []byte, hidden bool) []byte {
	return append(AppendValueText(append(b, "integer "...), text, hidden), " does not fit in 64 bits"...)
}

// IntRangeHint is followed by the number shown with its article.
func IntRangeHint(b []byte) []byte {
	return append(b, " must be an integer between -9223372036854775808 and 9223372036854775807, got "...)
}

// FloatRangeMessage: the number whose text is text is beyond float64's
// range.
func FloatRangeMessage(b, text []byte, hidden bool) []byte {
	return append(AppendValueText(append(b, "number "...), text, hidden), " is out of the float64 range"...)
}

// FloatRangeHint is the whole hint after the subject.
func FloatRangeHint(b []byte) []byte {
	return append(b, " is too large a number; send a number within ±1.7e308."...)
}

// DuplicateMessage: the member name appears twice in one object.
func DuplicateMessage(b []byte, name []byte) []byte {
	return AppendQuoted(append(b, "duplicate property "...), name)
}

// DuplicateHint is the whole hint after the member's subject.
func DuplicateHint(b []byte) []byte {
	return append(b, " appears more than once; send each field once."...)
}

// A name appears twice in a sensitive object, where it is not shown; the
// hint follows the object's subject.
const (
	HiddenDuplicateMessage = "a property appears more than once"
	HiddenDuplicateHint    = " has a property that appears more than once; send each field once."
)

// UnreadableMessage: a value its Go type refused, for reason.
func UnreadableMessage(b []byte, reason string) []byte {
	return append(append(b, "cannot be read: "...), reason...)
}

// UnreadableReasonHidden stands for the Go type's reason when it may quote
// a value that must not be echoed.
const UnreadableReasonHidden = "(not shown)"

// UnreadableHint follows the subject: when the value's format is known
// (formatKnown), what it must look like; it is followed by the value shown,
// then by UnreadableEnd.
func UnreadableHint(b []byte, formatName string, formatKnown bool) []byte {
	if formatKnown {
		return append(append(append(b, " must be "...), FormatWant(formatName)...), "; got "...)
	}
	return append(b, " got "...)
}

// UnreadableEnd ends the hint of UnreadableHint with the reason.
func UnreadableEnd(b []byte, reason string, formatKnown bool) []byte {
	b = append(append(b, ", which cannot be read: "...), reason...)
	if !formatKnown {
		b = append(b, "; send a value in the form its description gives"...)
	}
	return append(b, '.')
}

// TagTypeHint follows the subject of a value that should be an object
// whose member property holds one of the tags (quoted); it is followed by
// the value shown with its article, and a period. Its message is
// TypeMessage's.
func TagTypeHint(b []byte, property string, tags []string) []byte {
	b = AppendQuoted(append(b, " must be an object with "...), property)
	return append(AppendList(append(b, " set to one of "...), tags), ", got "...)
}

// TagRequiredHint follows the subject of the missing member property, which
// tells which form an object has, one of tags (quoted). Its message is
// RequiredMessage's.
func TagRequiredHint(b []byte, tags []string) []byte {
	b = AppendList(append(b, " is required: it says which form the object has, one of "...), tags)
	return append(b, '.')
}

// UnencodableMessage: a tool's result cannot be encoded, for reason.
func UnencodableMessage(reason string) string {
	return "the result cannot be encoded as JSON: " + reason
}

// UnencodableHint is the hint of UnencodableMessage.
const UnencodableHint = "The tool's result could not be encoded."

// UnencodableArgsMessage: a client's arguments cannot be encoded, for reason.
func UnencodableArgsMessage(reason string) string {
	return "the arguments cannot be encoded as JSON: " + reason
}

// UnencodableArgsHint is the hint of UnencodableArgsMessage.
const UnencodableArgsHint = "The arguments could not be encoded as JSON."

// NoStructuredContentMessage: a server answered a call of a tool with an
// output schema without the structured result the schema describes.
const NoStructuredContentMessage = "the server sent no structuredContent, which the tool's output schema requires"

// NoStructuredContentHint is the hint of NoStructuredContentMessage.
const NoStructuredContentHint = "The tool's server sent no structured result."
