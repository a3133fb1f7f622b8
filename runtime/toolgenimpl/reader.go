package toolgenimpl

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"sync"

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
