package toolgenimpl

import (
	"bytes"
	"strconv"

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
	return r.DiscriminateOr(text, property, tags, -1)
}

// DiscriminateOr is Discriminate for a union one of whose alternatives, the
// one at index absent, does not require the member: an object without it
// is that alternative. absent -1 is Discriminate.
func (r *Reader) DiscriminateOr(text []byte, property string, tags []string, absent int) int {
	if jsontext.Value(text).Kind() != '{' {
		if t, ok := r.beginViolation(); ok {
			t = message.TypeMessage(t, message.AnObject, false, kindName(text))
			t = r.appendSubject(r.beginHint(t))
			t = r.appendShown(message.TagTypeHint(t, property, quoteAll(tags)), true)
			r.record("type", append(t, '.'))
		}
		return -1
	}
	value, found := memberText(text, property)
	if !found && absent >= 0 {
		return absent
	}
	if !found {
		if t, ok := r.beginViolation(); ok {
			t = message.RequiredMessage(t, property)
			t = r.appendMemberSubject(r.beginHint(t), property)
			r.record("required", message.TagRequiredHint(t, quoteAll(tags)))
		}
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
	r.badTag(value, property, quoteAll(tags))
	return -1
}

// badTag records that the member property of the object just read holds
// value, which is none of the tags (quoted), at the member. In a sensitive
// object the member is inside the value, so the problem is counted with the
// others there (see secret.go).
func (r *Reader) badTag(value []byte, property string, tags []string) {
	if r.sensitive > 0 {
		hint := message.EnumHint([]byte(message.InsideMember), tags)
		r.hide("enum", append(append(hint, message.NotShown...), '.'))
		return
	}
	hint := appendDescribe(message.EnumHint([]byte(r.memberSubject(property)), tags), value, false)
	r.add(runtime.Violation{Pointer: r.pointer() + "/" + jsonpointer.Escape(property), Keyword: "enum",
		Message: string(message.EnumMessage(nil, messageText(value), false, tags)), Hint: string(append(hint, '.'))})
}

// quoteAll renders values as JSON strings for a hint.
func quoteAll(values []string) []string {
	quoted := make([]string, len(values))
	for i, v := range values {
		quoted[i] = strconv.Quote(v)
	}
	return quoted
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
