package toolgenimpl

import (
	"errors"
	"io"
	"strings"

	"github.com/toolgen/toolgen/runtime"
	"github.com/toolgen/toolgen/runtime/internal/message"

	"github.com/go-json-experiment/json/jsontext"
)

// appendShown appends the last value as a hint shows it (see
// appendDescribe), unless it is sensitive.
func (r *Reader) appendShown(b []byte, withArticle bool) []byte {
	if r.sensitive > 0 {
		return append(b, message.NotShown...)
	}
	return appendDescribe(b, r.last, withArticle)
}

// appendShownText appends the last value's JSON text for a message, unless it
// is sensitive.
func (r *Reader) appendShownText(b []byte) []byte {
	if r.sensitive > 0 {
		return append(b, message.Hidden...)
	}
	return message.AppendValueText(b, r.last, false)
}

// RawText returns the JSON text of the last value read; valid until the next read.
func (r *Reader) RawText() []byte { return r.last }

// expect reads the next value, which should be a number (want is
// KindNumber) or a boolean (KindBool), into r.last. A value of another kind
// is read whole and reported.
func (r *Reader) expect(want Kind, expected string) bool {
	if r.stopped {
		return false
	}
	c := r.next()
	start, end := r.pos, -1
	switch {
	case want == KindNumber && (c == '-' || c >= '0' && c <= '9'):
		end = numberEnd(r.data, start)
	case want == KindBool && c == 't':
		end = literalEnd(r.data, start, len("true"))
	case want == KindBool && c == 'f':
		end = literalEnd(r.data, start, len("false"))
	case r.kindAt(c) == KindNone:
		r.brokenOff()
		return false
	default:
		r.mismatch(expected)
		return false
	}
	if end < 0 {
		return r.brokenOffAtEnd()
	}
	r.last, r.pos, r.nullHint = r.data[start:end], end, 0
	return true
}

// readValue reads the next value whole into r.last, checking the nesting
// limit inside it too.
func (r *Reader) readValue() bool {
	r.nullHint = 0
	if c := r.next(); c == 0 || c == '}' || c == ']' {
		r.brokenOff()
		return false
	}
	end, depth := valueEnd(r.data, r.pos)
	if end < 0 {
		return r.brokenOffAtEnd()
	}
	r.last, r.pos = r.data[r.pos:end], end
	if r.depth+depth > r.maxDepth {
		r.tooDeep()
		return false
	}
	return true
}

// mismatch records that the next value has the wrong type and skips it.
func (r *Reader) mismatch(expected string) {
	hint := r.nullHint // reading the value resets it
	if !r.readValue() {
		return
	}
	r.reportMismatch(expected, hint)
}

// reportMismatch records that the value just read is not what was expected.
func (r *Reader) reportMismatch(expected string, hint nullHint) {
	orNull := hint&nullAllowed != 0
	t, ok := r.beginViolation()
	if !ok {
		return
	}
	t = message.TypeMessage(t, expected, orNull, kindName(r.last))
	t = r.appendSubject(r.beginHint(t))
	t = r.appendShown(message.TypeHint(t, expected, orNull), true)
	if hint&mayOmit != 0 && len(r.last) > 0 && r.last[0] == 'n' {
		// null is often meant as "no value": say how to give none.
		t = append(t, message.NullMeansAbsent...)
	}
	r.record("type", append(t, '.'))
}

// syntax records a tokenizer error as a fatal json violation.
func (r *Reader) syntax(err error) {
	if r.stopped {
		return
	}
	r.add(r.syntaxViolation(err))
	r.stopped = true
}

// syntaxViolation turns a tokenizer error into a json violation. Inside a
// sensitive value, it is at the value and says nothing of the text: the
// tokenizer's words quote it and name the members it breaks in.
func (r *Reader) syntaxViolation(err error) runtime.Violation {
	pointer, offset := "", int64(-1)
	var se *jsontext.SyntacticError
	if errors.As(err, &se) {
		pointer, offset = string(se.JSONPointer), se.ByteOffset
	}
	msg := strings.TrimPrefix(err.Error(), "jsontext: ")
	hidden := r.sensitive > 0
	var hint string
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		if hidden {
			offset = -1
		}
		hint = message.CutOffHint(offset)
	case strings.Contains(msg, "UTF-8"):
		hint = message.InvalidUTF8Hint
	case strings.Contains(msg, "surrogate"):
		hint = message.LoneSurrogateHint
	case hidden:
		r.locate()
		hint = string(message.HiddenNotJSONHint(nil, len(r.ptrBuf) == 0, r.pathBuf))
	default:
		hint = message.NotJSONHint(msg)
	}
	if hidden {
		return runtime.Violation{Pointer: r.pointer(), Keyword: "json", Message: message.HiddenSyntaxMessage, Hint: hint}
	}
	return runtime.Violation{Pointer: string(r.prefix) + pointer, Keyword: "json", Message: msg, Hint: hint}
}

func (r *Reader) tooDeep() {
	r.add(tooDeepViolation(r.pointer(), r.maxDepth))
	r.stopped = true
}

// tooDeepViolation is the violation of a value at pointer that nests deeper
// than limit, however much deeper.
func tooDeepViolation(pointer string, limit int) runtime.Violation {
	return runtime.Violation{Pointer: pointer, Keyword: "limit", Message: message.TooDeepMessage(limit), Hint: message.TooDeepHint(limit)}
}

func (r *Reader) fatal(pointer, keyword, message, hint string) {
	r.fatalAt(string(r.prefix)+pointer, keyword, message, hint)
}

func (r *Reader) fatalAt(pointer, keyword, message, hint string) {
	r.add(runtime.Violation{Pointer: pointer, Keyword: keyword, Message: message, Hint: hint})
	r.stopped = true
}

// A violation found while reading is written as text: its pointer, then its
// message, then its hint, appended to r.text, which the pooled reader keeps
// from call to call. It stays there, pending, until the violations are asked
// for (by Finish, mostly); flush then makes one string of all pending texts
// and slices each runtime.Violation's fields out of it. However many pieces their
// messages and hints are made of, the texts of a call's violations cost one
// allocation, and the slice another. The checks write their text as:
//
//	if t, ok := r.beginViolation(); ok {
//		t = append(t, "message"...)
//		t = r.beginHint(t)
//		t = append(t, "hint"...)
//		r.record("keyword", t)
//	}

// beginViolation starts the text of a violation at the current position: it
// returns r.text with the position's JSON Pointer appended, for the caller to
// append the message to. It reports false, and counts the violation as
// omitted when it is one too many, if no violation is to be written: after a
// fatal problem, findings about a half-read value are noise.
func (r *Reader) beginViolation() ([]byte, bool) {
	if r.stopped {
		return nil, false
	}
	r.settle()
	if r.sensitive > 0 {
		if r.locate(); r.below {
			// Inside a sensitive value: written as any other, without a
			// pointer, to be counted and forgotten (see settle).
			r.lastHidden = true
			r.writing.start, r.writing.message = len(r.text), len(r.text)
			return r.text, true
		}
	}
	if len(r.violations)+len(r.pending) >= runtime.MaxViolations {
		r.omitted++
		return nil, false
	}
	r.locate()
	r.writing.start = len(r.text)
	t := append(r.text, r.ptrBuf...)
	r.writing.message = len(t)
	return t, true
}

// beginHint ends the message of the violation being written; what is
// appended to t next is the hint.
func (r *Reader) beginHint(t []byte) []byte {
	r.writing.hint = len(t)
	return t
}

// record records the violation written in t, which beginViolation returned.
func (r *Reader) record(keyword string, t []byte) {
	r.text = t
	r.writing.keyword, r.writing.end = keyword, len(t)
	r.pending = append(r.pending, r.writing)
}

// flush turns the pending violations into runtime.Violation values.
func (r *Reader) flush() {
	r.settle()
	if len(r.pending) == 0 {
		return
	}
	if r.violations == nil {
		// Usually the only flush, at Finish: the slice is made to measure.
		r.violations = make([]runtime.Violation, 0, len(r.pending))
	}
	r.violations = r.pendingInto(r.violations, make([]byte, len(r.text)))
}

// add records a violation made elsewhere, after those recorded before it.
func (r *Reader) add(v runtime.Violation) {
	r.flush()
	if len(r.violations) >= runtime.MaxViolations {
		r.omitted++
		return
	}
	r.violations = append(r.violations, v)
}
