package toolgenimpl

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"strconv"
	"unsafe"

	"github.com/toolgen/toolgen/runtime/internal/message"
)

// next moves to the next token and returns its first byte, or 0 at the end
// of the checked bytes.
func (r *Reader) next() byte {
	r.pos = tokenStart(r.data, r.pos)
	if r.pos < len(r.data) {
		return r.data[r.pos]
	}
	return 0
}

// brokenOff records, as the problem that stops the reading, why the checked
// bytes end where the reader wanted more: the tokenizer's finding where the
// text breaks off, or, for a value read in full, that there is no more.
func (r *Reader) brokenOff() {
	if r.stopped {
		return
	}
	if r.cutTooDeep {
		r.tooDeep()
		return
	}
	if r.cut != nil {
		r.add(r.syntaxViolation(r.cut))
		r.stopped = true
		return
	}
	r.syntax(io.ErrUnexpectedEOF)
}

// More reports whether the current object or array has another member.
func (r *Reader) More() bool {
	// Kind, written out: a call less per item.
	if r.stopped || r.kindAt(r.next()) == KindNone {
		return false
	}
	if n := len(r.frames); n > 0 && r.frames[n-1].items >= 0 {
		f := &r.frames[n-1]
		f.items++
		r.locatedAt = 0 // the position moved to the new item
		if limit := r.limits.MaxArrayLength; limit > 0 && f.items > limit {
			f.items = 0 // report at the array itself
			r.arrayTooLong(limit)
			return false
		}
	}
	return true
}

// arrayTooLong records that the current array has more than limit items,
// and stops the reading.
func (r *Reader) arrayTooLong(limit int) {
	if t, ok := r.beginViolation(); ok {
		t = append(t, message.ArrayTooLongMessage(limit)...)
		t = r.appendSubject(r.beginHint(t))
		r.record("limit", message.ArrayTooLongHint(t, limit))
	}
	r.stopped = true
}

// Null reads a null if one comes next and reports whether it did. When it
// returns false, a type mismatch on the next read mentions that null was
// allowed too.
func (r *Reader) Null() bool {
	if r.Kind() == KindNull {
		r.readValue()
		return true
	}
	r.nullHint |= nullAllowed
	return false
}

// BeginObject reads the start of an object. If the next value is not an
// object it records a type violation, skips the value and returns false.
func (r *Reader) BeginObject() bool { return r.begin(KindObject, message.AnObject) }

// BeginArray reads the start of an array. If the next value is not an array
// it records a type violation, skips the value and returns false.
func (r *Reader) BeginArray() bool { return r.begin(KindArray, message.AnArray) }

func (r *Reader) begin(want Kind, expected string) bool {
	k := KindNone // Kind, written out: a call less per object and array
	if !r.stopped {
		k = r.kindAt(r.next())
	}
	if k != want {
		if k != KindNone {
			r.mismatch(expected)
		}
		return false
	}
	r.nullHint = 0
	r.pos++ // the '{' or '['
	r.depth++
	if r.depth > r.maxDepth {
		r.tooDeep()
		return false
	}
	items := -1
	if want == KindArray {
		items = 0
	}
	r.frames = append(r.frames, frame{items: items})
	return true
}

// EndObject reads the end of the current object; EndArray of the current array.
func (r *Reader) EndObject() { r.end() }

// EndArray reads the end of the current array.
func (r *Reader) EndArray() { r.end() }

func (r *Reader) end() {
	if r.stopped || len(r.frames) == 0 {
		return
	}
	for {
		switch c := r.next(); c {
		case '}', ']':
			r.pos++
			r.depth--
			r.frames = r.frames[:len(r.frames)-1]
			return
		case 0:
			r.brokenOff()
			return
		}
		// Members or items the caller left unread are passed over, and
		// measured as every value is.
		end, depth := valueEnd(r.data, r.pos)
		if end < 0 {
			r.brokenOffAtEnd()
			return
		}
		r.pos = end
		if r.depth+depth > r.maxDepth {
			r.tooDeep()
			return
		}
	}
}

// Name reads the next member name of the current object. The bytes are valid
// until the next read; copy them to keep them.
func (r *Reader) Name() []byte {
	if r.stopped || !r.readName(r.next()) {
		return nil
	}
	return r.name
}

// readName reads the member name that starts with c, which next returned,
// into r.name, unescaped, and notes where it is for locate. It reports false
// when there is no name to read, which it records.
func (r *Reader) readName(c byte) bool {
	if c != '"' {
		r.brokenOff()
		return false
	}
	start := r.pos
	end := r.strs.plainEnd(start)
	if end >= 0 {
		r.name = r.data[start+1 : end-1]
	} else if r.name, end = r.stringAt(start); end < 0 {
		return r.brokenOffAtEnd()
	}
	r.pos = end
	if n := len(r.frames); n > 0 {
		r.frames[n-1].name = nameSpan{start, end}
	}
	return true
}

// stringAt reads the string whose opening quote is r.data[start], and
// returns what it stands for and the index just past it, or end -1 if the
// checked bytes end first. Where wellFormed checked the text, it knows the
// end, and has unescaped a string with escapes; otherwise the string is
// looked at again, and unescaped now into r.unquoted. Callers try the
// inlined checkedStrings.plainEnd first, which answers most strings.
func (r *Reader) stringAt(start int) (contents []byte, end int) {
	if end, escaped, ok := r.strs.end(start); ok {
		if !escaped {
			return r.data[start+1 : end-1], end
		}
		if contents, end, ok := r.strs.unescaped(start); ok {
			return contents, end
		}
	}
	end, escape := plainString(r.data, start)
	switch {
	case escape >= 0:
		r.unquoted = append(r.unquoted[:0], r.data[start+1:escape]...)
		r.unquoted, end = unquoteFrom(r.unquoted, r.data, escape)
		return r.unquoted, end
	case end >= 0:
		return r.data[start+1 : end-1], end
	}
	return nil, -1
}

// readString reads a string and returns what it stands for, valid until
// the next read; r.last holds its JSON text. A value of another kind is a
// type violation.
func (r *Reader) readString() ([]byte, bool) {
	if r.stopped {
		return nil, false
	}
	if r.next() != '"' {
		r.mismatch(message.AString)
		return nil, false
	}
	r.nullHint = 0
	start := r.pos
	var contents []byte
	end := r.strs.plainEnd(start)
	if end >= 0 {
		contents = r.data[start+1 : end-1]
	} else if contents, end = r.stringAt(start); end < 0 {
		return nil, r.brokenOffAtEnd()
	}
	r.last, r.pos = r.data[start:end], end
	return contents, true
}

// brokenOffAtEnd is brokenOff for a token that runs past the checked bytes;
// it returns false.
func (r *Reader) brokenOffAtEnd() bool {
	r.pos = len(r.data)
	r.brokenOff()
	return false
}

// String reads a string. A value of another kind is a type violation.
func (r *Reader) String() (string, bool) {
	b, ok := r.readString()
	if !ok || !r.withinLimit(b) {
		return "", false
	}
	return r.makeString(b), true
}

// withinLimit reports whether the string b just read is within
// runtime.Options.MaxStringLength, and records a violation if it is not.
func (r *Reader) withinLimit(b []byte) bool {
	limit := r.limits.MaxStringLength
	return limit <= 0 || len(b) <= limit || r.tooLong(len(b))
}

// tooLong records that the string just read, of size bytes, is longer than
// runtime.Options.MaxStringLength; it returns false.
func (r *Reader) tooLong(size int) bool {
	limit := r.limits.MaxStringLength
	if t, ok := r.beginViolation(); ok {
		t = message.StringTooLongMessage(t, size, limit)
		t = r.appendSubject(r.beginHint(t))
		r.record("limit", message.StringTooLongHint(t, limit))
	}
	return false
}

// Strings read for a call are copied, one after the other, into blocks of
// the reader's (r.strings), which double in size up to stringBlock, instead
// of each into an allocation of its own: a call's short strings cost one
// allocation, or a few, rather than one each. A block is never shared
// between calls, and never larger than the input still to read, so a string
// kept keeps at most a block of its own call's text with it.
const (
	stringBlock     = 1024 // the largest block
	ownStringLength = 128  // strings longer than this are allocated alone
)

// makeString returns b as a string.
func (r *Reader) makeString(b []byte) string {
	if len(b) > ownStringLength || len(b) <= 1 {
		return string(b) // Go allocates nothing for strings of one byte or none
	}
	// Copied here rather than through keep, which would be a call more
	// per string. The bytes are never written again: later strings go
	// after them, or into a new block.
	r.reserve(len(b))
	start := len(r.strings)
	r.strings = append(r.strings, b...)
	return unsafe.String(&r.strings[start], len(b))
}

// rawCopy returns a copy of the JSON text b of a value read, for a member
// typed as raw JSON; short ones share the block of strings.
func (r *Reader) rawCopy(b []byte) json.RawMessage {
	if len(b) > ownStringLength {
		return bytes.Clone(b)
	}
	return r.keep(b)
}

// keep copies b into the block of strings and returns the copy, its
// capacity clipped so that an append to it goes elsewhere rather than over
// the bytes after it.
func (r *Reader) keep(b []byte) []byte {
	r.reserve(len(b))
	start := len(r.strings)
	r.strings = append(r.strings, b...)
	return r.strings[start:len(r.strings):len(r.strings)]
}

// reserve makes room for n more bytes in the block of strings, starting a
// new block if needed.
func (r *Reader) reserve(n int) {
	if n <= cap(r.strings)-len(r.strings) {
		return
	}
	// Blocks double from the length of the longest string on.
	size := min(stringBlock, max(2*cap(r.strings), ownStringLength))
	if r.reading {
		size = min(size, len(r.data)-r.pos+n)
	}
	r.strings = make([]byte, 0, max(size, n))
}

// StringBytes reads a string and returns its unescaped bytes, valid until the
// next read: for comparing with known values, or checking a value kept as its
// JSON text, without making a string. A value of another kind is a type
// violation, and a string longer than runtime.Options.MaxStringLength a limit one.
func (r *Reader) StringBytes() ([]byte, bool) {
	b, ok := r.readString()
	if !ok || !r.withinLimit(b) {
		return nil, false
	}
	return b, true
}

// StringView reads a string as StringBytes does and returns it as a string
// that shares the reader's memory: valid, like StringBytes' bytes, only until
// the next read. Generated code checks a string kept as its JSON text (see
// LastRaw) through it: the checks (lengths, patterns, formats) keep nothing,
// and a copy for them alone would be bytes nothing holds, and for a long
// string an allocation of its own.
func (r *Reader) StringView() (string, bool) {
	b, ok := r.StringBytes()
	if !ok {
		return "", false
	}
	return unsafe.String(unsafe.SliceData(b), len(b)), true
}

// Bool reads a boolean. A value of another kind is a type violation.
func (r *Reader) Bool() (bool, bool) {
	if !r.expect(KindBool, message.ABoolean) {
		return false, false
	}
	return r.last[0] == 't', true
}

// Int reads an integer: a JSON number with no fractional part, as JSON Schema
// defines it (1.0 and 1e2 are integers, 1.5 is not). A number that does not
// fit in an int64 is a violation, never a wrap.
func (r *Reader) Int() (int64, bool) {
	if !r.expect(KindNumber, message.AnInteger) {
		return 0, false
	}
	text := r.last
	if n, ok := parseShortInt(text); ok {
		return n, true
	}
	if n, err := strconv.ParseInt(string(text), 10, 64); err == nil {
		return n, true
	}
	_, _, exp, ok := splitNumber(string(text))
	if ok && exp < 0 {
		if t, ok := r.beginViolation(); ok {
			t = r.appendShownText(message.NotIntegerMessage(t))
			t = r.appendSubject(r.beginHint(t))
			t = r.appendShown(message.NotIntegerHint(t), true)
			r.record("type", append(t, '.'))
		}
		return 0, false
	}
	if rat, ok := parseRat(string(text)); ok && rat.Num().IsInt64() {
		return rat.Num().Int64(), true
	}
	if t, ok := r.beginViolation(); ok {
		t = message.IntRangeMessage(t, r.last, r.sensitive > 0)
		t = r.appendSubject(r.beginHint(t))
		t = message.IntRangeHint(t)
		r.record("type", append(r.appendShown(t, true), '.'))
	}
	return 0, false
}

// parseShortInt parses a JSON number that has been checked, if it is an
// integer literal of at most 18 digits, which cannot overflow an int64; for
// any other number it returns false and the caller parses it in full. Most
// integers in tool arguments are short, and strconv.ParseInt, which handles
// bases, underscores and overflow, costs several times this loop.
func parseShortInt(text []byte) (int64, bool) {
	digits := text
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 || len(digits) > 18 {
		return 0, false
	}
	var n int64
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, false // a fraction or an exponent
		}
		n = n*10 + int64(c-'0')
	}
	if len(digits) < len(text) {
		n = -n
	}
	return n, true
}

// Number reads any JSON number as a float64. A number beyond float64's range
// is a violation, never an infinity.
func (r *Reader) Number() (float64, bool) {
	if !r.expect(KindNumber, message.ANumber) {
		return 0, false
	}
	// Most numbers in tool arguments are small integers, which float64
	// holds exactly: up to 15 digits, and not -0, whose sign ParseFloat keeps.
	if n, ok := parseShortInt(r.last); ok && len(r.last) <= 15 && (n != 0 || r.last[0] != '-') {
		return float64(n), true
	}
	f, err := strconv.ParseFloat(string(r.last), 64)
	if err != nil || math.IsInf(f, 0) {
		if t, ok := r.beginViolation(); ok {
			t = message.FloatRangeMessage(t, r.last, r.sensitive > 0)
			t = r.appendSubject(r.beginHint(t))
			r.record("type", message.FloatRangeHint(t))
		}
		return 0, false
	}
	return f, true
}

// Raw reads any value and returns a copy of its JSON text.
func (r *Reader) Raw() (json.RawMessage, bool) {
	if r.Kind() == KindNone {
		return nil, false
	}
	omit := r.nullHint & mayOmit // for a Sub over the text (see Optional)
	if !r.readValue() {
		return nil, false
	}
	r.nullHint = omit
	return r.rawCopy(r.last), true
}

// Skip reads and discards the next value.
func (r *Reader) Skip() {
	if r.Kind() != KindNone {
		r.readValue()
	}
}
