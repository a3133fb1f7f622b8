package runtime

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// Discriminate tells which alternative of a sealed union the object text,
// just read with Raw, is: the index in tags of the string its member property
// holds. When it is none of them, Discriminate records why (the value is not
// an object, lacks the member, or holds another value) and returns -1.
//
// Only the object's own members are looked at, not their values, so this is
// one extra scan over the object's bytes before its alternative reads it.
func (r *Reader) Discriminate(text []byte, property string, tags []string) int {
	allowed := make([]string, len(tags))
	for i, t := range tags {
		allowed[i] = strconv.Quote(t)
	}
	if jsontext.Value(text).Kind() != '{' {
		r.report("type", "expected object, got "+kindName(text),
			r.subject()+" must be an object with "+strconv.Quote(property)+" set to one of "+strings.Join(allowed, ", ")+", got "+r.shown(true)+".")
		return -1
	}
	member := r.pointer() + "/" + strings.ReplaceAll(strings.ReplaceAll(property, "~", "~0"), "/", "~1")
	value, found := memberText(text, property)
	if !found {
		r.add(Violation{Pointer: r.pointer(), Keyword: "required", Message: "missing required property " + strconv.Quote(property),
			Hint: r.memberSubject(property) + " is required: it says which form the object has, one of " + strings.Join(allowed, ", ") + "."})
		return -1
	}
	if value.Kind() == '"' {
		if s, err := jsontext.AppendUnquote(nil, value); err == nil {
			for i, t := range tags {
				if string(s) == t {
					return i
				}
			}
		}
	}
	shown := describe(value, false)
	if r.sensitive > 0 {
		shown = "a value that is not shown"
	}
	r.add(Violation{Pointer: member, Keyword: "enum", Message: "value " + truncate(string(value), 60) + " is not one of " + strings.Join(allowed, ", "),
		Hint: r.memberSubject(property) + " must be one of " + strings.Join(allowed, ", ") + "; got " + shown + "."})
	return -1
}

// memberText returns the JSON text of the first member called name of the
// object text.
func memberText(text []byte, name string) (jsontext.Value, bool) {
	dec := jsontext.NewDecoder(bytes.NewReader(text), allowDuplicates)
	if _, err := dec.ReadToken(); err != nil {
		return nil, false
	}
	for dec.PeekKind() == '"' {
		tok, err := dec.ReadToken()
		if err != nil {
			return nil, false
		}
		match := tok.String() == name
		v, err := dec.ReadValue()
		if err != nil {
			return nil, false
		}
		if match {
			return v, true
		}
	}
	return nil, false
}
