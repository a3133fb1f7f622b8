package toolgenimpl

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"github.com/toolgen/toolgen/internal/jsonpointer"
	"github.com/toolgen/toolgen/runtime"
	"github.com/toolgen/toolgen/runtime/internal/message"

	"github.com/go-json-experiment/json/jsontext"
)

// maxBytes is the size limit o sets: its MaxBytes, or the default.
func maxBytes(o runtime.Options) int {
	if o.MaxBytes > 0 {
		return o.MaxBytes
	}
	return runtime.DefaultMaxBytes
}

// Kind is the kind of the next JSON value.
type Kind byte

const (
	KindNone   Kind = 0 // no value: the end of a container, the input, or a syntax error
	KindNull   Kind = 'n'
	KindBool   Kind = 't'
	KindString Kind = '"'
	KindNumber Kind = '0'
	KindObject Kind = '{'
	KindArray  Kind = '['
)

// Reader reads one JSON value strictly, token by token, for generated
// validators that decode and validate in the same pass. The text is checked
// first, all of it (see check); the reader then walks the checked bytes. It
// never stops at the first violation: generated code reports each one and
// reads on, so that the model learns about every problem at once. Only a
// problem with the JSON text itself (bad syntax, invalid UTF-8, nesting too
// deep) stops the reading, where it is met, since nothing after it can be
// trusted.
//
// A Reader tracks where it is, so a violation is recorded at the JSON Pointer
// of the value just read, or, after an object or array ends, of that
// container.
type Reader struct {
	readState

	// The buffers below outlive a call: a pooled reader keeps them, emptied,
	// for the next one.
	dec *jsontext.Decoder // checks the input before it is read (see check)
	// frames are the objects and arrays open in this reader's value, outermost
	// first.
	frames []frame
	// prefix and prefixPath locate a sub-reader's value within the whole
	// arguments (as ptrBuf and pathBuf do); both are empty for a top-level
	// reader. Inside a sensitive value they locate the outermost one, and
	// origin, when hasOrigin, is the value's own pointer (see
	// appendOwnPointer).
	prefix, prefixPath, origin []byte
	// subs are the sub-readers a pooled reader handed out (see Sub), kept
	// with their buffers for its next calls.
	subs []*Reader
	// unquoted holds the last name or string read that had escapes, unescaped.
	unquoted []byte
	// strs holds where the strings end, and those with escapes unescaped,
	// as they were checked (see check).
	strs checkedStrings
	// arrays holds the lengths of the arrays of objects or arrays, counted
	// when they were checked (see check).
	arrays arrayLengths
	// name is the last member name read, unescaped: in data or in unquoted.
	name []byte
	held *heldValues // where optional members' values are held (see HoldInt)
	// The location of the last violation, and the violations found but not
	// yet turned into runtime.Violation values (see locate and beginViolation).
	ptrBuf  []byte // the JSON Pointer of the current position
	pathBuf []byte // the same position as a path for hints: items[37].qty
	text    []byte // the pending violations' texts, then the one being written
	pending []pendingViolation
	// secret counts the problems found inside the sensitive value being
	// read (see secret.go).
	secret secret
}

// readState is what a Reader knows of the one value it reads, all of it
// zero again when a pooled reader is recycled.
type readState struct {
	limits   runtime.Options
	maxDepth int
	depth    int // open objects and arrays, including those of enclosing readers

	// root is the top-level reader a sub-reader's value is part of; nil for
	// a top-level reader. usedSubs counts the subs handed out this call.
	root     *Reader
	usedSubs int

	violations []runtime.Violation
	omitted    int
	stopped    bool // a fatal problem: the rest of the input is not read

	last      jsontext.Value // the raw bytes of the last scalar or raw value read
	nullHint  nullHint       // what a type hint for this value may add about null
	sensitive int            // > 0 while reading a value that must not be echoed
	// While sensitive > 0: secretDepth is how many of frames locate the
	// outermost sensitive value; inside is set for a sub-reader whose whole
	// value lies inside it, below its position; below says, when the
	// position was last located, that it is inside it, below its position.
	secretDepth   int
	inside, below bool
	hidden        int          // the problems counted inside sensitive values (see hide)
	lastHidden    bool         // the last violation pending is inside a sensitive value (see settle)
	hasOrigin     bool         // origin locates the value (see Reader.origin)
	input         bytes.Buffer // the bytes being checked, aliased by dec
	// data is what the reader reads: the bytes of its value, checked by the
	// tokenizer, or, when they are not JSON, the checked bytes before the
	// first problem. pos is where the reading is.
	data []byte
	pos  int
	// cut is the tokenizer's error where data ends before the value ends, if
	// any; trailing is a problem after the value, for Finish to report.
	cut      error
	trailing *runtime.Violation
	// cutTooDeep says the cut is the tokenizer's nesting limit: the value
	// nests deeper than maxDepth there, and is reported as too deep (see
	// brokenOff), as a value that nests less deep but too deep is.
	cutTooDeep bool

	strings []byte // the block the call's strings are copied to (see makeString)
	pooled  bool   // from NewReader: Finish recycles it
	reading bool   // start succeeded: data holds the reader's value

	locatedAt int              // 1 + the input offset ptrBuf and pathBuf were built at; 0 for none
	pathPlain bool             // pathBuf needs no escaping in a hint (see locate)
	writing   pendingViolation // the violation being written: where its parts start

	once *readerMemo // a top-level reader's: see TryAlternative
}

// A frame is an object or array being read. For an array, items counts the
// items begun; for an object, items is -1, name is where the last member
// name read is in data, zero before the first, and next is the index of the
// declared member after the last one NextMember found.
type frame struct {
	items int
	name  nameSpan
	next  int
}

// A nameSpan is where a quoted member name is in the input: data[start:end].
type nameSpan struct{ start, end int }

// A pendingViolation is a violation whose pointer, message and hint are
// text[start:message], text[message:hint] and text[hint:end].
type pendingViolation struct {
	keyword                   string
	start, message, hint, end int
}

// NewReader returns a Reader over data, with the limits of the last of opts
// if any.
//
// A reader from NewReader is recycled by Finish: it must not be used after
// Finish returns.
func NewReader(data []byte, opts ...runtime.Options) *Reader {
	r := readers.Get().(*Reader)
	r.pooled, r.maxDepth = true, runtime.DefaultMaxDepth
	if len(opts) > 0 {
		r.limits = opts[len(opts)-1]
		if r.limits.MaxDepth > 0 {
			r.maxDepth = min(r.limits.MaxDepth, tokenizerMaxDepth)
		}
	}
	if limit := maxBytes(r.limits); len(data) > limit {
		r.fatal("", "limit", message.TooBigMessage(len(data), limit), message.TooBigHint(len(data), limit))
		return r
	}
	r.start(data)
	return r
}

// Sub returns a Reader over raw, a value read with Raw at the current
// position, whose violations are located below the current pointer. Merge its
// violations back with Adopt, or drop them (to try one alternative of a union).
//
// The sub-reader is part of r's call: it must not be used after the
// top-level reader's Finish, which recycles it with the top-level reader.
func (r *Reader) Sub(raw []byte) *Reader {
	root := r.root
	if root == nil {
		root = r
	}
	s := root.spareSub()
	s.readState = readState{limits: r.limits, maxDepth: r.maxDepth, depth: r.depth, sensitive: r.sensitive, root: root, nullHint: r.nullHint & mayOmit}
	r.locate()
	if r.sensitive > 0 {
		// The sub-reader's value is the sensitive value r reads, or lies
		// inside it: located at it, as r's pointer and path are.
		s.inside = r.below
		s.origin, s.hasOrigin = r.appendOwnPointer(s.origin[:0]), true
	}
	s.prefix = append(s.prefix[:0], r.ptrBuf...)
	s.prefixPath = append(s.prefixPath[:0], r.pathBuf...)
	s.held = r.heldValues()
	// The bytes are a value r has read, so they have been checked.
	s.data, s.reading = raw, true
	return s
}

// maxSpareSubs bounds the sub-readers a pooled reader keeps between calls:
// enough for the unions of a call, not a thousand for a thousand items.
const maxSpareSubs = 8

// spareSub returns a sub-reader with empty buffers: one kept from an earlier
// call if r is pooled and has one, else a new one, kept if there is room.
// Every sub-reader of a call is handed out once, since any of them may
// still hold violations until the call ends.
func (r *Reader) spareSub() *Reader {
	if !r.pooled {
		return new(Reader)
	}
	if r.usedSubs < len(r.subs) {
		s := r.subs[r.usedSubs]
		r.usedSubs++
		return s
	}
	s := new(Reader)
	if len(r.subs) < maxSpareSubs {
		r.subs = append(r.subs, s)
		r.usedSubs++
	}
	return s
}

// Adopt records the violations of a sub-reader as the reader's own.
func (r *Reader) Adopt(s *Reader) {
	s.flush()
	if s.secret.count > 0 {
		if r.sensitive > 0 {
			r.settle()                // what r found before comes first
			r.secret.merge(&s.secret) // found inside the value r reads
		} else {
			s.closeSecret()
		}
	}
	for _, v := range s.violations {
		r.add(v)
	}
	r.omitted += s.omitted
	r.hidden += s.hidden
}

// Valid reports whether no violation has been recorded.
func (r *Reader) Valid() bool { return r.Mark() == 0 }

// Violations returns the violations recorded so far. Problems counted
// inside a sensitive value still being read (the one a sub-reader's value
// is part of) are shown as the one violation that stands for them, which
// is not recorded: the reader that adopts this one counts them with its own.
func (r *Reader) Violations() []runtime.Violation {
	r.flush()
	if r.secret.count > 0 && len(r.violations) < runtime.MaxViolations {
		return append(r.violations[:len(r.violations):len(r.violations)], r.secretViolation())
	}
	return r.violations
}

func (r *Reader) start(data []byte) {
	switch {
	case bytes.HasPrefix(data, []byte("\xef\xbb\xbf")):
		r.fatal("", "json", message.ByteOrderMarkMessage, message.ByteOrderMarkHint)
		return
	}
	r.reading = true
	r.check(data)
}

// check checks data, all of it, before anything is read: the syntax, UTF-8,
// escapes and surrogate pairs of the value, and that nothing but white space
// follows it. wellFormed looks first, and unescapes the strings with escapes
// as it goes; what it declines, the tokenizer checks. The reader then walks
// the checked bytes itself (see cursor.go), which costs a fraction of asking
// the tokenizer for one token at a time. When data is not JSON, the reader gets
// the bytes up to the last token before the first problem, and the problem,
// to report when it gets there: it still finds every violation before the
// text breaks off, as a model resending a cut-off call needs.
func (r *Reader) check(data []byte) {
	r.forgetCheck()
	if end, ok := wellFormed(data, &r.strs, &r.arrays); ok {
		r.data = data[:end]
		return
	}
	// What wellFormed listed before it declined would be incomplete, and
	// the reader's look-ups rely on the lists holding every string and
	// counted array of the text, or none.
	r.forgetCheck()
	// A bytes.Buffer lets the decoder parse data in place, without a copy.
	r.input = *bytes.NewBuffer(data)
	if r.dec == nil {
		r.dec = jsontext.NewDecoder(&r.input, allowDuplicates)
	} else {
		r.dec.Reset(&r.input, allowDuplicates)
	}
	if _, err := r.dec.ReadValue(); err == nil {
		end := int(r.dec.InputOffset())
		r.data = data[:end]
		if onlySpace(data[end:]) {
			return
		}
		if r.dec.PeekKind() != KindNone.jsontext() {
			r.trailing = &runtime.Violation{Pointer: string(r.prefix), Keyword: "json",
				Message: message.TrailingMessage(r.dec.InputOffset()), Hint: message.TrailingHint}
		} else if _, err := r.dec.ReadToken(); err != io.EOF {
			v := r.syntaxViolation(err)
			r.trailing = &v
		}
		return
	}
	if len(bytes.TrimSpace(data)) == 0 {
		r.fatal("", "json", message.EmptyMessage, message.EmptyHint)
		return
	}
	// Find the first problem again token by token, to know the last token
	// before it.
	r.input = *bytes.NewBuffer(data)
	r.dec.Reset(&r.input, allowDuplicates)
	var good int64
	for {
		var err error
		switch r.dec.PeekKind() {
		case '{', '[', '}', ']':
			_, err = r.dec.ReadToken()
		default:
			_, err = r.dec.ReadValue()
		}
		if err != nil {
			r.data, r.cut, r.cutTooDeep = data[:good], err, isMaxDepth(err)
			return
		}
		good = r.dec.InputOffset()
	}
}

// forgetCheck empties what wellFormed noted of the last text checked.
func (r *Reader) forgetCheck() {
	r.strs.reset()
	r.arrays.reset()
}

// onlySpace reports whether b is nothing but JSON white space, as what
// follows the value almost always is.
func onlySpace(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return false
		}
	}
	return true
}

// Duplicate names are reported by generated code as violations, so that the
// pass goes on; the tokenizer's own check would end it.
var allowDuplicates = jsontext.AllowDuplicateNames(true)

// readers recycles top-level readers, their tokenizers and their buffers,
// which otherwise dominate the allocations of a small call.
var readers = sync.Pool{New: func() any { return new(Reader) }}

// release resets r and returns it to the pool, keeping its buffers.
func (r *Reader) release() {
	for _, s := range r.subs[:r.usedSubs] {
		s.reset()
		s.held = nil // r's, which r keeps
	}
	r.reset()
	if r.held != nil {
		r.held.endCall()
	}
	readers.Put(r)
}

// reset empties a reader for its next value: its state zero, its buffers
// kept, so that it holds nothing of the call it was part of (the input
// included).
func (r *Reader) reset() {
	r.readState = readState{}
	r.frames, r.unquoted, r.pending, r.name = r.frames[:0], r.unquoted[:0], r.pending[:0], nil
	r.forgetCheck()
	r.ptrBuf, r.pathBuf, r.text = reusable(r.ptrBuf), reusable(r.pathBuf), reusable(r.text)
	r.secret.reset()
	r.prefix, r.prefixPath = reusable(r.prefix), reusable(r.prefixPath)
}

// reusable empties a scratch buffer for the next call, or drops it when a
// freak input (a megabyte-long member name) has grown it out of proportion.
func reusable(b []byte) []byte {
	if cap(b) > 16<<10 {
		return nil
	}
	return b[:0]
}

// Finish checks that nothing but white space follows the value and returns
// the violations as a *runtime.ValidationError for tool, or nil if there were none.
func (r *Reader) Finish(tool string) error {
	r.settle()
	if !r.stopped && r.reading {
		switch {
		case tokenStart(r.data, r.pos) < len(r.data):
			// The caller left part of the value unread.
			r.fatal("", "json", message.TrailingMessage(int64(r.pos)), message.TrailingHint)
		case r.cut != nil:
			r.add(r.syntaxViolation(r.cut))
		case r.trailing != nil:
			r.add(*r.trailing)
		}
	}
	if r.secret.count > 0 {
		r.closeSecret() // a sensitive value's bracket left open
	}
	var err error
	if !r.Valid() {
		err = r.validationError(tool)
	}
	if r.pooled {
		r.release()
	}
	return err
}

func (k Kind) jsontext() jsontext.Kind { return jsontext.Kind(k) }

// Kind returns the kind of the next value without reading it; KindNone at the
// end of a container or after a fatal problem.
func (r *Reader) Kind() Kind {
	if r.stopped {
		return KindNone
	}
	return r.kindAt(r.next())
}

// kindAt returns the kind of the token that starts with c, which next
// returned; at the end of the checked bytes it records why they end.
// Small enough to be inlined into Kind, which most reads start with.
func (r *Reader) kindAt(c byte) Kind {
	if c == 0 {
		r.brokenOff()
	}
	return tokenKind[c]
}

// tokenKind is the kind of the token that starts with each byte, in checked
// bytes: KindNone for the end of a container (and for 0, the end of the
// bytes).
var tokenKind = func() (t [256]Kind) {
	for c := range t {
		t[c] = KindNumber
	}
	t[0], t['}'], t[']'] = KindNone, KindNone, KindNone
	t['t'], t['f'] = KindBool, KindBool
	for _, c := range []byte{'n', '"', '{', '['} {
		t[c] = Kind(c)
	}
	return t
}()

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

// AbsentNull reads a null that stands for an absent member under
// runtime.Options.NullAsAbsent and reports whether it did.
func (r *Reader) AbsentNull() bool {
	if r.limits.NullAsAbsent && r.Kind() == KindNull {
		r.readValue()
		return true
	}
	return false
}

// Mark returns how many violations have been recorded so far; Clean(mark)
// then tells whether any were added since, so a check that only makes sense
// on well-formed items (uniqueItems) can be skipped after their violations.
func (r *Reader) Mark() int { return len(r.violations) + len(r.pending) + r.omitted + r.hidden }

// Clean reports whether no violation was recorded since Mark returned mark.
func (r *Reader) Clean(mark int) bool { return r.Mark() == mark && !r.stopped }

// Mismatch records that the next value is none of the kinds expected (as
// English, "a string or a number") and skips it.
func (r *Reader) Mismatch(expected string) { r.mismatch(expected) }

// LastRaw returns a copy of the JSON text of the last value read.
func (r *Reader) LastRaw() json.RawMessage { return r.rawCopy(r.last) }

// Ptr returns a pointer to a copy of v; generated code uses it for defaults.
func Ptr[T any](v T) *T { return &v }

// ItemCount returns the number of items of the array BeginArray just opened,
// for generated code to allocate the slice that holds them once. It is only
// a size. The items of an array of objects or arrays were counted when the
// text was checked, and those of an array of strings are counted from the
// string ends the check noted; for others it counts the commas between the
// items, skipping strings with a fast search for their closing quote. The
// text is checked JSON, and were it not, the count would merely be wrong,
// and the slice would grow as it is filled.
func (r *Reader) ItemCount() int {
	if r.stopped || !r.reading || r.pos == 0 || r.data[r.pos-1] != '[' {
		return 0
	}
	first := tokenStart(r.data, r.pos)
	if first == len(r.data) || r.data[first] == ']' {
		return 0
	}
	n, ok := 0, false
	switch r.data[first] {
	case '{', '[':
		n, ok = r.arrays.find(r.pos - 1)
	case '"':
		n, ok = r.strs.items(r.data, first)
	}
	if !ok {
		end, _, commas := containerEnd(r.data, r.pos-1)
		if end < 0 {
			return 0
		}
		n = commas + 1
	}
	// Past MaxArrayLength, the read stops: no room needed.
	if limit := r.limits.MaxArrayLength; limit > 0 && n > limit {
		return limit
	}
	return n
}

// tokenizerMaxDepth is how deeply the tokenizer lets objects and arrays
// nest; a MaxDepth above it means it.
const tokenizerMaxDepth = 10_000

// isMaxDepth reports whether err is the tokenizer's refusal of a text that
// nests deeper than tokenizerMaxDepth. The tokenizer has no exported error
// for it; TestDepthLimitOneViolation fails if its text changes.
func isMaxDepth(err error) bool {
	var se *jsontext.SyntacticError
	return errors.As(err, &se) && se.Err != nil && se.Err.Error() == "exceeded max depth"
}
