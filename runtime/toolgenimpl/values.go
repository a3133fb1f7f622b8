package toolgenimpl

import (
	"bytes"
	"encoding/json"
	"math/big"

	"github.com/go-json-experiment/json/jsontext"
)

// Names remembers the member names of one object that a validator does not
// store, so that a name sent twice is still caught as a duplicate.
type Names struct{ seen map[string]struct{} }

// Add records name and reports whether it was new.
func (n *Names) Add(name []byte) bool {
	if _, dup := n.seen[string(name)]; dup {
		return false
	}
	if n.seen == nil {
		n.seen = make(map[string]struct{})
	}
	n.seen[string(name)] = struct{}{}
	return true
}

// Rat parses a decimal JSON number exactly; generated code calls it once per
// multipleOf divisor, at package initialisation.
func Rat(text string) *big.Rat {
	r, ok := new(big.Rat).SetString(text)
	if !ok {
		panic("runtime.Rat: not a number: " + text)
	}
	return r
}

// IsMultipleOf reports whether the JSON number text is an exact multiple of
// divisor, which is greater than zero, computed on decimals rather than
// float64 so that 0.3 is a multiple of 0.1, and exact for numbers beyond any
// float64 (1e1000 is a multiple of 2).
func IsMultipleOf(text []byte, divisor *big.Rat) bool {
	return multipleOf(string(text), divisor)
}

// Duplicate returns the indexes of the first two equal items of s, if any.
func Duplicate[T comparable](s []T) (i, j int, found bool) {
	if len(s) <= 16 {
		for j := 1; j < len(s); j++ {
			for i := 0; i < j; i++ {
				if s[i] == s[j] {
					return i, j, true
				}
			}
		}
		return 0, 0, false
	}
	first := make(map[T]int, len(s))
	for j, v := range s {
		if i, ok := first[v]; ok {
			return i, j, true
		}
		first[v] = j
	}
	return 0, 0, false
}

// EqualJSON reports whether two valid JSON texts are equal as JSON values.
func EqualJSON(a, b []byte) bool {
	va, errA := parseValue(a)
	vb, errB := parseValue(b)
	return errA == nil && errB == nil && equalValues(va, vb)
}

// value is a parsed JSON value for equality: nil, bool, string, number,
// []value or map[string]value.
type value = any

// number is a JSON number in canonical form (see canonicalNumber).
type number string

func parseValue(data []byte) (value, error) {
	dec := jsontext.NewDecoder(bytes.NewReader(data))
	return readValue(dec)
}

func readValue(dec *jsontext.Decoder) (value, error) {
	tok, err := dec.ReadToken()
	if err != nil {
		return nil, err
	}
	switch tok.Kind() {
	case 'n':
		return nil, nil
	case 't', 'f':
		return tok.Bool(), nil
	case '"':
		return tok.String(), nil
	case '0':
		return number(canonicalNumber(tok.String())), nil
	case '[':
		var items []value
		for dec.PeekKind() != ']' {
			v, err := readValue(dec)
			if err != nil {
				return nil, err
			}
			items = append(items, v)
		}
		_, err := dec.ReadToken()
		return items, err
	default: // '{'
		members := map[string]value{}
		for dec.PeekKind() != '}' {
			tok, err := dec.ReadToken()
			if err != nil {
				return nil, err
			}
			name := tok.String() // a token is void after the next read
			v, err := readValue(dec)
			if err != nil {
				return nil, err
			}
			members[name] = v
		}
		_, err := dec.ReadToken()
		return members, err
	}
}

func equalValues(a, b value) bool {
	switch a := a.(type) {
	case nil:
		return b == nil
	case bool:
		b, ok := b.(bool)
		return ok && a == b
	case string:
		b, ok := b.(string)
		return ok && a == b
	case number:
		b, ok := b.(number)
		return ok && a == b
	case []value:
		b, ok := b.([]value)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !equalValues(a[i], b[i]) {
				return false
			}
		}
		return true
	case map[string]value:
		b, ok := b.(map[string]value)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, va := range a {
			vb, ok := b[k]
			if !ok || !equalValues(va, vb) {
				return false
			}
		}
		return true
	}
	return false
}

// ContainsJSON reports whether v equals, as a JSON value, one of the JSON texts in set.
func ContainsJSON(set []string, v []byte) bool {
	for _, s := range set {
		if EqualJSON([]byte(s), v) {
			return true
		}
	}
	return false
}

// Offset is where the reader stands in its text. Taken right after
// BeginArray, it lets DuplicateSince find the array's items again.
func (r *Reader) Offset() int { return r.pos }

// DuplicateSince finds the first two items that are equal as JSON values in
// the array the reader has just ended, whose items began at start (an
// Offset taken right after BeginArray). It judges the text, not the values
// read, so uniqueItems is judged even where an item failed to read (a
// wrong type leaves a zero value, which would make false duplicates). It
// finds nothing once reading stopped, as the array may not have been read
// to its end.
func (r *Reader) DuplicateSince(start int) (i, j int, found bool) {
	if r.stopped || start < 1 || start > r.pos || r.data[start-1] != '[' {
		return 0, 0, false
	}
	dec := jsontext.NewDecoder(bytes.NewReader(r.data[start-1 : r.pos]))
	if _, err := dec.ReadToken(); err != nil { // the '['
		return 0, 0, false
	}
	var items []json.RawMessage
	for dec.PeekKind() != ']' {
		v, err := dec.ReadValue()
		if err != nil {
			return 0, 0, false
		}
		items = append(items, json.RawMessage(v.Clone()))
	}
	return DuplicateJSON(items)
}
