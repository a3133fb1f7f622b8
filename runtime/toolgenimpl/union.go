package toolgenimpl

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/toolgen/toolgen/internal/jsonpointer"
	"github.com/toolgen/toolgen/runtime"
	"github.com/toolgen/toolgen/runtime/internal/message"

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
	if jsontext.Value(text).Kind() != '{' {
		r.report("type", "expected object, got "+kindName(text),
			r.subject()+" must be an object with "+strconv.Quote(property)+" set to one of "+quoteAll(tags)+", got "+r.shown(true)+".")
		return -1
	}
	value, found := memberText(text, property)
	if !found {
		r.add(runtime.Violation{Pointer: r.pointer(), Keyword: "required", Message: "missing required property " + strconv.Quote(property),
			Hint: r.memberSubject(property) + " is required: it says which form the object has, one of " + quoteAll(tags) + "."})
		return -1
	}
	if value.Kind() == '"' {
		tag := value[1 : len(value)-1]
		if bytes.IndexByte(tag, '\\') >= 0 {
			tag, _ = jsontext.AppendUnquote(nil, value)
		}
		for i, t := range tags {
			if string(tag) == t {
				return i
			}
		}
	}
	member := r.pointer() + "/" + jsonpointer.Escape(property)
	shown, got := describe(value, false), message.Truncate(string(value), 60)
	if r.sensitive > 0 {
		shown, got = "a value that is not shown", "(hidden)"
	}
	r.add(runtime.Violation{Pointer: member, Keyword: "enum", Message: "value " + got + " is not one of " + quoteAll(tags),
		Hint: r.memberSubject(property) + " must be one of " + quoteAll(tags) + "; got " + shown + "."})
	return -1
}

// quoteAll renders values as a list of JSON strings for a hint.
func quoteAll(values []string) string {
	quoted := make([]string, len(values))
	for i, v := range values {
		quoted[i] = strconv.Quote(v)
	}
	return strings.Join(quoted, ", ")
}

// memberText returns the JSON text of the first member called name of the
// object text, which must be valid JSON (a value Raw has read). It scans
// the bytes without decoding values, so that finding a discriminator costs
// no allocation for names without escapes.
func memberText(text []byte, name string) (jsontext.Value, bool) {
	i := skipSpace(text, 0)
	if i >= len(text) || text[i] != '{' {
		return nil, false
	}
	i++
	for {
		i = skipSpace(text, i)
		if i >= len(text) || text[i] != '"' {
			return nil, false // the end of the object
		}
		keyEnd := skipString(text, i)
		key := text[i:keyEnd]
		i = skipSpace(text, keyEnd)
		i = skipSpace(text, i+1) // the colon
		valueEnd := skipValue(text, i)
		if sameName(key, name) {
			return jsontext.Value(text[i:valueEnd]), true
		}
		i = skipSpace(text, valueEnd)
		if i < len(text) && text[i] == ',' {
			i++
		}
	}
}

// sameName reports whether the quoted JSON string key is name.
func sameName(key []byte, name string) bool {
	inner := key[1 : len(key)-1]
	if bytes.IndexByte(inner, '\\') < 0 {
		return string(inner) == name
	}
	unquoted, err := jsontext.AppendUnquote(nil, key)
	return err == nil && string(unquoted) == name
}

// skipSpace returns the index of the first byte at or after i that is not
// JSON white space, or len(text).
func skipSpace(text []byte, i int) int {
	for i < len(text) && jsonSpace[text[i]] {
		i++
	}
	return i
}

// jsonSpace marks JSON's four white-space bytes.
var jsonSpace = [256]bool{' ': true, '\t': true, '\n': true, '\r': true}

// skipString returns the index just past the string starting at i.
func skipString(text []byte, i int) int {
	for i++; i < len(text); i++ {
		switch text[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(text)
}

// skipValue returns the index just past the value starting at i.
func skipValue(text []byte, i int) int {
	depth := 0
	for ; i < len(text); i++ {
		switch c := text[i]; c {
		case '"':
			i = skipString(text, i) - 1
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return i // the end of the enclosing object
			}
			depth--
		case ',', ' ', '\t', '\n', '\r':
			if depth == 0 {
				return i // the end of a number or literal
			}
		}
		if depth == 0 && (text[i] == '"' || text[i] == '}' || text[i] == ']') {
			return i + 1
		}
	}
	return i
}
