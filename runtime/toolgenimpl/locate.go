package toolgenimpl

import (
	"bytes"
	"strconv"

	"github.com/toolgen/toolgen/internal/jsonpointer"
	"github.com/toolgen/toolgen/runtime/internal/message"

	"github.com/go-json-experiment/json/jsontext"
)

// locate brings ptrBuf and pathBuf up to date with the current position.
//
// The position is, for each open object or array, the last member name read
// in the object or the index of the item being read in the array; a last
// level with nothing read yet adds nothing. It is computed once for all the
// violations found at one input offset (a string that is both too short and
// off its pattern; the required members missing from one object): reading
// anything moves the offset forward, so an unchanged offset means an
// unchanged position, and More, which moves to the next item without
// necessarily moving the offset, starts afresh.
func (r *Reader) locate() {
	if !r.reading {
		// Nothing was read; a reader without input is located by its prefix.
		r.ptrBuf = append(r.ptrBuf[:0], r.prefix...)
		r.pathBuf = append(r.pathBuf[:0], r.prefixPath...)
		r.locatedAt, r.below, r.pathPlain = 0, r.inside, false
		return
	}
	at := r.pos + 1
	if at == r.locatedAt {
		return
	}
	r.locatedAt = at
	if len(r.frames) == 1 && r.sensitive == 0 && len(r.prefix)+len(r.prefixPath) == 0 && r.locateTop() {
		return
	}
	r.locateAll()
}

// locateTop is locate for a member of a top-level object whose name is a
// short plainName, where most violations are; it reports false, having
// done nothing, for any other position.
func (r *Reader) locateTop() bool {
	f := r.frames[0]
	start, end := f.name.start+1, f.name.end-1
	if f.items >= 0 || end <= 0 || end-start > hintNameRunes {
		return false
	}
	name := r.data[start:end]
	if !plainName(name) {
		return false
	}
	r.ptrBuf = append(append(r.ptrBuf[:0], '/'), name...)
	r.pathBuf, r.pathPlain = append(r.pathBuf[:0], name...), true
	return true
}

// locateAll is locate's work for any position.
func (r *Reader) locateAll() {
	ptr, path := r.ptrBuf[:0], r.pathBuf[:0]
	// plain says path needs no escaping in a hint, as the names of plainName
	// and the indexes need none; a prefix is not looked at.
	plain := len(r.prefix)+len(r.prefixPath) == 0
	if !plain {
		ptr, path = append(ptr, r.prefix...), append(path, r.prefixPath...)
	}
	frames := r.frames
	if r.sensitive > 0 {
		// Nothing inside a sensitive value is named (see secret.go).
		frames = r.outsideSecret()
	}
	data := r.data
	for i := range frames {
		f := &frames[i]
		if f.items >= 0 {
			if f.items == 0 {
				break // only the last level can be empty
			}
			ptr, path = appendIndex(ptr, path, f.items-1)
			continue
		}
		start, end := f.name.start+1, f.name.end-1
		if end <= 0 {
			break // no name read yet
		}
		if len(ptr) > 0 {
			// Not the first step, even where those before it are members
			// named "", which leave the path empty.
			path = append(path, '.')
		}
		// The common case is kept here and the rare one out of line, which
		// leaves this loop few enough variables to hold them in registers.
		if name := data[start:end]; len(name) <= hintNameRunes && plainName(name) {
			ptr = append(append(ptr, '/'), name...)
			path = append(path, name...)
		} else {
			ptr, path = r.appendOtherName(ptr, path, f.name)
			plain = false
		}
	}
	r.ptrBuf, r.pathBuf, r.pathPlain = ptr, path, plain
}

// appendIndex appends an array index to a JSON Pointer and to a path.
func appendIndex(ptr, path []byte, i int) ([]byte, []byte) {
	ptr = strconv.AppendInt(append(ptr, '/'), int64(i), 10)
	path = append(strconv.AppendInt(append(path, '['), int64(i), 10), ']')
	return ptr, path
}

// appendOtherName appends the member name at span, which is not a short
// plainName, to a JSON Pointer and, cut to hintNameRunes, to a path.
func (r *Reader) appendOtherName(ptr, path []byte, span nameSpan) ([]byte, []byte) {
	name := r.memberName(span)
	return appendPointerToken(append(ptr, '/'), name), message.AppendTruncated(path, name, hintNameRunes)
}

// hintNameRunes is as much of a member name as a hint shows. A name is the
// model's own text and can be as long as the arguments; the hint names it
// well enough to recognise without echoing all of it back, as it does for
// values. The pointer keeps the name whole.
const hintNameRunes = 64

// plainName reports whether name, a member name as it is in the input, is
// also its own unquoted text and JSON Pointer reference token, and needs no
// escaping in a hint: printable ASCII without '"', '\\', '~' or '/', as
// names almost always are. A table look-up per byte is cheaper than the
// searches memberName, appendPointerToken and appendQuoted make for others.
func plainName(name []byte) bool {
	for _, c := range name {
		if !plainNameByte[c] {
			return false
		}
	}
	return true
}

var plainNameByte = func() (t [256]bool) {
	for c := ' '; c <= '~'; c++ {
		t[c] = true
	}
	t['"'], t['\\'], t['~'], t['/'] = false, false, false, false
	return t
}()

// memberName returns the member name at span of the input, unquoted.
func (r *Reader) memberName(span nameSpan) []byte {
	quoted := r.data[span.start:span.end]
	if bytes.IndexByte(quoted, '\\') < 0 {
		return quoted[1 : len(quoted)-1]
	}
	return appendUnquoted(nil, quoted)
}

// appendPointerToken appends name as a JSON Pointer reference token.
func appendPointerToken(b, name []byte) []byte {
	if bytes.IndexByte(name, '~') < 0 && bytes.IndexByte(name, '/') < 0 {
		return append(b, name...) // as names almost always are
	}
	return jsonpointer.AppendEscaped(b, name)
}

// pointer is the JSON Pointer of the value just read, within the whole arguments.
func (r *Reader) pointer() string {
	r.locate()
	return string(r.ptrBuf)
}

// path renders the current position for hints: members joined by dots and
// array indexes in brackets, like items[37].qty.
func (r *Reader) path() string {
	r.locate()
	return string(r.pathBuf)
}

// appendSubject appends the subject of a hint about the current value.
func (r *Reader) appendSubject(b []byte) []byte {
	r.locate()
	if r.sensitive > 0 && r.below {
		return append(b, message.InsideValue...)
	}
	// The root is told by its pointer: a member named "" has an empty path.
	atRoot := len(r.ptrBuf) == 0
	if r.pathPlain {
		return message.AppendPlainSubject(b, atRoot, r.pathBuf)
	}
	return message.AppendSubject(b, atRoot, r.pathBuf)
}

// memberSubject names a member of the current object, which may be absent.
func (r *Reader) memberSubject(name string) string {
	var buf [64]byte
	return string(r.appendMemberSubject(buf[:0], name))
}

// appendMemberSubject appends what memberSubject returns.
func (r *Reader) appendMemberSubject(b []byte, name string) []byte {
	r.locate()
	if r.sensitive > 0 && r.below {
		return append(b, message.InsideMember...)
	}
	// The member's path is the current one extended for a moment, so that
	// it is quoted as a whole.
	n := len(r.pathBuf)
	if len(r.ptrBuf) > 0 {
		r.pathBuf = append(r.pathBuf, '.')
	}
	r.pathBuf = append(r.pathBuf, name...)
	b = message.AppendSubject(b, false, r.pathBuf)
	r.pathBuf = r.pathBuf[:n]
	return b
}

// kindName is the JSON type of a value, for technical messages.
func kindName(v []byte) string {
	switch textKind(v) {
	case 'n':
		return "null"
	case 't', 'f':
		return "boolean"
	case '"':
		return "string"
	case '0':
		return "number"
	case '{':
		return "object"
	case '[':
		return "array"
	}
	return "nothing"
}

// appendDescribe appends the value v as a hint shows it: the string "42",
// the number 1.5, an object. withArticle adds "the string"/"the number"
// before scalars.
func appendDescribe(b, v []byte, withArticle bool) []byte {
	switch textKind(v) {
	case '"':
		if withArticle {
			b = append(b, message.TheString...)
		}
		if bytes.IndexByte(v, '\\') >= 0 {
			// Show the text with the fewest escapes, as a held value is shown.
			if s, err := jsontext.AppendUnquote(nil, v); err == nil {
				start := len(b)
				return message.TruncateFrom(appendJSONString(b, s), start, 60)
			}
		}
		return message.AppendTruncated(b, v, 60)
	case '0':
		if withArticle {
			b = append(b, message.TheNumber...)
		}
		return message.AppendTruncated(b, v, 40)
	case '{':
		return append(b, message.AnObject...)
	case '[':
		return append(b, message.AnArray...)
	case 0:
		return append(b, message.ShownNone...)
	}
	return append(b, v...)
}

// textKind is jsontext.Value(v).Kind(), read off the first byte when it
// starts a value, as it does for the values the reader read.
func textKind(v []byte) jsontext.Kind {
	if len(v) > 0 {
		switch c := v[0]; {
		case c == '"' || c == '{' || c == '[' || c == 't' || c == 'f' || c == 'n':
			return jsontext.Kind(c)
		case c == '-' || c >= '0' && c <= '9':
			return '0'
		}
	}
	return jsontext.Value(v).Kind()
}
