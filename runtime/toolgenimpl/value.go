package toolgenimpl

import (
	"strconv"
	"strings"
)

// Value is one JSON value held whole. Generated code reads a value this way
// where its schema looks at the value more than once or out of order (allOf,
// not, if/then/else, unevaluatedProperties, ...), and checks it with the
// functions generated for that schema. Numbers keep their JSON text, so that
// nothing is rounded before it is compared.
type Value struct {
	Kind Kind
	// Text is a string's contents or a number's JSON text.
	Text    string
	Bool    bool
	Items   []Value
	Members []Member
}

// Member is one member of an object Value, in the order it was sent.
type Member struct {
	Name  string
	Value Value
}

// Value reads the next value whole, with every limit and strictness rule a
// Reader applies: a name sent twice in one object is a violation (and the
// second value is dropped), as are too deep nesting and over-long strings.
// It reports false when there was nothing to read or the text itself is
// broken.
func (r *Reader) Value() (Value, bool) {
	switch r.Kind() {
	case KindNone:
		return Value{}, false
	case KindNull:
		r.readValue()
		return Value{Kind: KindNull}, true
	case KindBool:
		b, ok := r.Bool()
		return Value{Kind: KindBool, Bool: b}, ok
	case KindNumber:
		if !r.readValue() {
			return Value{}, false
		}
		return Value{Kind: KindNumber, Text: string(r.last)}, true
	case KindString:
		s, ok := r.String()
		return Value{Kind: KindString, Text: s}, ok
	case KindArray:
		if !r.BeginArray() {
			return Value{}, false
		}
		v := Value{Kind: KindArray, Items: []Value{}}
		for r.More() {
			item, ok := r.Value()
			if !ok && r.stopped {
				return Value{}, false
			}
			v.Items = append(v.Items, item)
		}
		r.EndArray()
		return v, !r.stopped
	default:
		if !r.BeginObject() {
			return Value{}, false
		}
		v := Value{Kind: KindObject, Members: []Member{}}
		var names Names
		for r.More() {
			name := r.Name()
			if r.stopped {
				return Value{}, false
			}
			if !names.Add(name) {
				r.Duplicate(string(name))
				continue
			}
			m := Member{Name: string(name)}
			var ok bool
			if m.Value, ok = r.Value(); !ok && r.stopped {
				return Value{}, false
			}
			v.Members = append(v.Members, m)
		}
		r.EndObject()
		return v, !r.stopped
	}
}

// Member returns the value of the member called name, or nil.
func (v *Value) Member(name string) *Value {
	for i := range v.Members {
		if v.Members[i].Name == name {
			return &v.Members[i].Value
		}
	}
	return nil
}

// Has reports whether an object value has a member called name.
func (v *Value) Has(name string) bool { return v.Member(name) != nil }

// IsInteger reports whether v is a number with no fractional part, as JSON
// Schema defines integers (1.0 and 1e2 are integers, at any size).
func (v *Value) IsInteger() bool {
	if v.Kind != KindNumber {
		return false
	}
	_, digits, exp, ok := splitNumber(v.Text)
	return ok && (digits == "" || exp >= 0)
}

// Equal reports whether two values are equal as JSON Schema compares them:
// numbers by value (1 equals 1.0), objects regardless of member order.
func (v *Value) Equal(w *Value) bool {
	if v.Kind != w.Kind {
		return false
	}
	switch v.Kind {
	case KindNull:
		return true
	case KindBool:
		return v.Bool == w.Bool
	case KindString:
		return v.Text == w.Text
	case KindNumber:
		return v.Text == w.Text || compareNumbers(v.Text, w.Text) == 0
	case KindArray:
		if len(v.Items) != len(w.Items) {
			return false
		}
		for i := range v.Items {
			if !v.Items[i].Equal(&w.Items[i]) {
				return false
			}
		}
		return true
	case KindObject:
		if len(v.Members) != len(w.Members) {
			return false
		}
		for i := range v.Members {
			other := w.Member(v.Members[i].Name)
			if other == nil || !v.Members[i].Value.Equal(other) {
				return false
			}
		}
		return true
	}
	return false
}

// compareNumbers compares two JSON numbers exactly, whatever their size or
// precision: -1 if a < b, 0 if equal, +1 if a > b.
func compareNumbers(a, b string) int {
	negA, digitsA, expA, _ := splitNumber(a)
	negB, digitsB, expB, _ := splitNumber(b)
	signA, signB := sign(negA, digitsA), sign(negB, digitsB)
	if signA != signB {
		if signA < signB {
			return -1
		}
		return 1
	}
	if signA == 0 {
		return 0
	}
	c := compareMagnitudes(digitsA, expA, digitsB, expB)
	if signA < 0 {
		return -c
	}
	return c
}

func sign(negative bool, digits string) int {
	switch {
	case digits == "":
		return 0
	case negative:
		return -1
	}
	return 1
}

// compareMagnitudes compares digitsA×10^expA with digitsB×10^expB, where
// neither digit string has leading or trailing zeros.
func compareMagnitudes(digitsA string, expA int, digitsB string, expB int) int {
	// The position of the leading digit decides, then the digits themselves.
	topA, topB := len(digitsA)+expA, len(digitsB)+expB
	if topA != topB {
		if topA < topB {
			return -1
		}
		return 1
	}
	return strings.Compare(digitsA, digitsB)
}

// parseConst reads data as one whole JSON value, strictly; it is for values
// written into generated code (const, enum) and for tests.
func parseConst(data string) (Value, error) {
	r := NewReader([]byte(data))
	v, _ := r.Value()
	if err := r.Finish(""); err != nil {
		return Value{}, err
	}
	return v, nil
}

// MustParseValue is parseConst for constants the generator has checked; it
// panics on text that is not JSON, which generated code never holds.
func MustParseValue(data string) Value {
	v, err := parseConst(data)
	if err != nil {
		panic("runtime.MustParseValue: " + strconv.Quote(data) + ": " + err.Error())
	}
	return v
}
