package toolgenimpl

import "github.com/toolgen/toolgen/runtime/internal/message"

// The checks of type, const and enum: the schema functions' (Check) and the
// typed reader's (Reader), beside the schema compiler's keywords of the same
// file name (gen/internal/schemafunc).

// Types is a set of JSON Schema type names, for the type keyword.
type Types uint8

// The JSON Schema types.
const (
	TypeNull Types = 1 << iota
	TypeBoolean
	TypeObject
	TypeArray
	TypeNumber
	TypeString
	TypeInteger
)

var typeNames = [...]string{"null", "boolean", "object", "array", "number", "string", "integer"}

// Has reports whether x is of one of the types.
func (t Types) Has(x *Value) bool {
	switch x.Kind {
	case KindNull:
		return t&TypeNull != 0
	case KindBool:
		return t&TypeBoolean != 0
	case KindObject:
		return t&TypeObject != 0
	case KindArray:
		return t&TypeArray != 0
	case KindString:
		return t&TypeString != 0
	case KindNumber:
		return t&TypeNumber != 0 || t&TypeInteger != 0 && x.IsInteger()
	}
	return false
}

func (t Types) String() string {
	var names []string
	for i, name := range typeNames {
		if t&(1<<i) != 0 {
			names = append(names, name)
		}
	}
	return message.Either(names)
}

// Type checks the type keyword.
func (c *Check) Type(x *Value, t Types) bool {
	if t.Has(x) {
		return true
	}
	expected := message.WithArticle(t.String())
	return c.Report("type", string(message.TypeMessage(nil, expected, false, kindOf(x))),
		string(message.TypeHint(c.hintStart(), expected, false))+c.shownWithArticle(x)+".")
}

func kindOf(x *Value) string {
	switch x.Kind {
	case KindNull:
		return "null"
	case KindBool:
		return "boolean"
	case KindNumber:
		return "number"
	case KindString:
		return "string"
	case KindArray:
		return "array"
	}
	return "object"
}

// False records that x meets the schema false, which nothing meets.
func (c *Check) False() bool {
	return c.Report("false", message.FalseMessage, c.subject()+message.FalseHint)
}

// Const checks the const keyword; want is the JSON text for hints.
func (c *Check) Const(x, value *Value, want string) bool {
	if x.Equal(value) {
		return true
	}
	return c.report("const", message.ConstMessage(nil, c.text(x), c.hidden(x), want), message.ConstHint(c.hintStart(), want), x)
}

// Enum checks the enum keyword; texts are the values' JSON texts for hints.
func (c *Check) Enum(x *Value, values []Value, texts string) bool {
	if len(values) == 0 {
		return c.Report("enum", message.EmptyEnumMessage, c.subject()+message.EmptyEnumHint)
	}
	for i := range values {
		if x.Equal(&values[i]) {
			return true
		}
	}
	allowed := []string{texts} // already joined as the list is
	return c.report("enum", message.EnumMessage(nil, c.text(x), c.hidden(x), allowed), message.EnumHint(c.hintStart(), allowed), x)
}

// Enum records that the value just read is not one of the allowed values,
// given as JSON texts.
func (r *Reader) Enum(allowed []string) {
	if t, ok := r.beginViolation(); ok {
		if list, ok := joined(allowed); ok {
			t = message.EnumMessageList(t, r.valueText(), r.sensitive > 0, list)
			t = r.appendSubject(r.beginHint(t))
			t = message.EnumHintList(t, list)
		} else {
			t = message.EnumMessage(t, r.valueText(), r.sensitive > 0, allowed)
			// The message ends with the list the hint spells out again.
			list := t[len(t)-message.ListLen(allowed) : len(t) : len(t)]
			t = r.appendSubject(r.beginHint(t))
			t = message.EnumHintList(t, list)
		}
		r.record("enum", append(r.appendShown(t, false), '.'))
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
