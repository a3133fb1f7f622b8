package runtime

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
)

// Default limits of a Reader, unless Options say otherwise.
const (
	DefaultMaxBytes = 1 << 20 // 1 MiB of arguments
	DefaultMaxDepth = 256
)

// Options are the limits a Reader enforces before and while it decodes, so
// that hostile arguments cost a violation rather than memory. Zero fields
// take the defaults.
type Options struct {
	// MaxBytes limits the size of the arguments, checked before anything is
	// decoded; 0 means DefaultMaxBytes.
	MaxBytes int
	// MaxDepth limits how deeply objects and arrays may nest; 0 means
	// DefaultMaxDepth.
	MaxDepth int
	// MaxStringLength limits any one string, in bytes; 0 means only
	// MaxBytes bounds it.
	MaxStringLength int
	// MaxArrayLength limits the items of any one array; 0 means only
	// MaxBytes bounds it.
	MaxArrayLength int
	// NullAsAbsent reads null for an optional member that may not be null as
	// if the member were absent: what a model following a strict-mode
	// variant of the schema (StrictInputSchema) sends for "no value". Only
	// code generated with -openai-strict honours it.
	NullAsAbsent bool
}

func (o Options) maxBytes() int {
	if o.MaxBytes > 0 {
		return o.MaxBytes
	}
	return DefaultMaxBytes
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
// validators that decode and validate in the same pass. It never stops at the
// first violation: generated code reports each one and reads on, so that the
// model learns about every problem at once. Only a problem with the JSON text
// itself (bad syntax, invalid UTF-8, nesting too deep) stops the reading,
// since nothing after it can be trusted.
//
// A Reader tracks where it is, so a violation is recorded at the JSON Pointer
// of the value just read, or, after an object or array ends, of that
// container.
type Reader struct {
	dec      *jsontext.Decoder
	limits   Options
	maxDepth int
	depth    int // open objects and arrays, including those of enclosing readers
	// items counts the items read so far of each open array (-1 for an
	// object), for MaxArrayLength.
	items []int

	// prefix and prefixPath locate a sub-reader's value within the whole
	// arguments; both are empty for a top-level reader.
	prefix     string
	prefixPath string

	violations []Violation
	omitted    int
	stopped    bool // a fatal problem: the rest of the input is not read

	last      jsontext.Value // the raw bytes of the last scalar or raw value read
	allowNull bool           // the caller tried Null first: a type hint says "or null"
	sensitive int            // > 0 while reading a value that must not be echoed
	nameBuf   []byte
	input     bytes.Buffer // the bytes being read, aliased by dec
	pooled    bool         // from NewReader: Finish recycles it
}

// NewReader returns a Reader over data, with the limits of the last of opts
// if any.
//
// A reader from NewReader is recycled by Finish: it must not be used after
// Finish returns.
func NewReader(data []byte, opts ...Options) *Reader {
	r := readers.Get().(*Reader)
	r.pooled, r.maxDepth = true, DefaultMaxDepth
	if len(opts) > 0 {
		r.limits = opts[len(opts)-1]
		if r.limits.MaxDepth > 0 {
			r.maxDepth = r.limits.MaxDepth
		}
	}
	if limit := r.limits.maxBytes(); len(data) > limit {
		r.fatal("", "limit", "arguments of "+strconv.Itoa(len(data))+" bytes exceed the limit of "+strconv.Itoa(limit),
			"The arguments are "+strconv.Itoa(len(data))+" bytes long, more than the "+strconv.Itoa(limit)+" allowed; send shorter arguments.")
		return r
	}
	r.start(data)
	return r
}

// Sub returns a Reader over raw, a value read with Raw at the current
// position, whose violations are located below the current pointer. Merge its
// violations back with Adopt, or drop them (to try one alternative of a union).
func (r *Reader) Sub(raw []byte) *Reader {
	s := &Reader{limits: r.limits, maxDepth: r.maxDepth, depth: r.depth, sensitive: r.sensitive, prefix: r.pointer(), prefixPath: r.path()}
	s.start(raw)
	return s
}

// Adopt records the violations of a sub-reader as the reader's own.
func (r *Reader) Adopt(s *Reader) {
	for _, v := range s.violations {
		r.add(v)
	}
	r.omitted += s.omitted
}

// Valid reports whether no violation has been recorded.
func (r *Reader) Valid() bool { return len(r.violations) == 0 && r.omitted == 0 }

// Violations returns the violations recorded so far.
func (r *Reader) Violations() []Violation { return r.violations }

func (r *Reader) start(data []byte) {
	switch {
	case bytes.HasPrefix(data, []byte("\xef\xbb\xbf")):
		r.fatal("", "json", "input starts with a UTF-8 byte order mark",
			"The arguments start with a byte order mark; send plain JSON without it.")
		return
	case len(bytes.TrimSpace(data)) == 0:
		r.fatal("", "json", "empty input",
			"The arguments are empty; send a JSON object with the tool's fields.")
		return
	}
	// A bytes.Buffer lets the decoder parse data in place, without a copy.
	r.input = *bytes.NewBuffer(data)
	if r.dec == nil {
		r.dec = jsontext.NewDecoder(&r.input, allowDuplicates)
	} else {
		r.dec.Reset(&r.input, allowDuplicates)
	}
}

// Duplicate names are reported by generated code as violations, so that the
// pass goes on; the tokenizer's own check would end it.
var allowDuplicates = jsontext.AllowDuplicateNames(true)

// readers recycles top-level readers and their decoders' buffers, which
// otherwise dominate the allocations of a small call.
var readers = sync.Pool{New: func() any { return new(Reader) }}

// release resets r and returns it to the pool.
func (r *Reader) release() {
	dec := r.dec
	items, nameBuf := r.items[:0], r.nameBuf[:0]
	*r = Reader{dec: dec, items: items, nameBuf: nameBuf}
	readers.Put(r)
}

// Finish checks that nothing but white space follows the value and returns
// the violations as a *ValidationError for tool, or nil if there were none.
func (r *Reader) Finish(tool string) error {
	if !r.stopped {
		if r.dec.PeekKind() != KindNone.jsontext() {
			r.fatal("", "json", "unexpected data after the top-level value at byte "+strconv.FormatInt(r.dec.InputOffset(), 10),
				"There is more data after the JSON object; send exactly one JSON object.")
		} else if _, err := r.dec.ReadToken(); err != io.EOF {
			r.syntax(err)
		}
	}
	var err error
	if !r.Valid() {
		err = &ValidationError{Tool: tool, Violations: r.violations, Omitted: r.omitted}
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
	k := r.dec.PeekKind()
	switch k {
	case 0:
		if _, err := r.dec.ReadToken(); err != nil {
			r.syntax(err)
		}
		return KindNone
	case 'f':
		return KindBool
	case '}', ']':
		return KindNone
	}
	return Kind(k)
}

// More reports whether the current object or array has another member.
func (r *Reader) More() bool {
	if r.Kind() == KindNone {
		return false
	}
	if n := len(r.items); n > 0 && r.items[n-1] >= 0 {
		r.items[n-1]++
		if limit := r.limits.MaxArrayLength; limit > 0 && r.items[n-1] > limit {
			// The last item read is /array/limit-1: report at the array.
			ptr, path := r.pointer(), r.path()
			ptr, path = ptr[:strings.LastIndexByte(ptr, '/')], path[:strings.LastIndexByte(path, '[')]
			r.fatalAt(ptr, "limit", "array longer than "+strconv.Itoa(limit)+" items",
				"Field "+strconv.Quote(path)+" has more than "+strconv.Itoa(limit)+" items, the most allowed; send fewer.")
			return false
		}
	}
	return true
}

// Null reads a null if one comes next and reports whether it did. When it
// returns false, a type mismatch on the next read mentions that null was
// allowed too.
func (r *Reader) Null() bool {
	if r.Kind() == KindNull {
		r.readScalar()
		return true
	}
	r.allowNull = true
	return false
}

// BeginObject reads the start of an object. If the next value is not an
// object it records a type violation, skips the value and returns false.
func (r *Reader) BeginObject() bool { return r.begin(KindObject, "an object") }

// BeginArray reads the start of an array. If the next value is not an array
// it records a type violation, skips the value and returns false.
func (r *Reader) BeginArray() bool { return r.begin(KindArray, "an array") }

func (r *Reader) begin(want Kind, expected string) bool {
	if k := r.Kind(); k != want {
		if k != KindNone {
			r.mismatch(expected)
		}
		return false
	}
	r.allowNull = false
	if _, err := r.dec.ReadToken(); err != nil {
		r.syntax(err)
		return false
	}
	r.depth++
	if r.depth > r.maxDepth {
		r.tooDeep()
		return false
	}
	if want == KindArray {
		r.items = append(r.items, 0)
	} else {
		r.items = append(r.items, -1)
	}
	return true
}

// EndObject reads the end of the current object; EndArray of the current array.
func (r *Reader) EndObject() { r.end() }

// EndArray reads the end of the current array.
func (r *Reader) EndArray() { r.end() }

func (r *Reader) end() {
	if r.stopped {
		return
	}
	if _, err := r.dec.ReadToken(); err != nil {
		r.syntax(err)
		return
	}
	r.depth--
	if n := len(r.items); n > 0 {
		r.items = r.items[:n-1]
	}
}

// Name reads the next member name of the current object. The bytes are valid
// until the next read; copy them to keep them.
func (r *Reader) Name() []byte {
	if r.stopped {
		return nil
	}
	v, err := r.dec.ReadValue()
	if err != nil {
		r.syntax(err)
		return nil
	}
	if bytes.IndexByte(v, '\\') < 0 {
		return v[1 : len(v)-1]
	}
	r.nameBuf, _ = jsontext.AppendUnquote(r.nameBuf[:0], v)
	return r.nameBuf
}

// String reads a string. A value of another kind is a type violation.
func (r *Reader) String() (string, bool) {
	if !r.expect(KindString, "a string") {
		return "", false
	}
	v := r.last
	if limit := r.limits.MaxStringLength; limit > 0 && len(v)-2 > limit {
		if b, _ := jsontext.AppendUnquote(nil, v); len(b) > limit {
			r.report("limit", "string of "+strconv.Itoa(len(b))+" bytes exceeds the limit of "+strconv.Itoa(limit),
				r.subject()+" is longer than the "+strconv.Itoa(limit)+" bytes allowed; send a shorter text.")
			return "", false
		}
	}
	if bytes.IndexByte(v, '\\') < 0 {
		return string(v[1 : len(v)-1]), true
	}
	b, _ := jsontext.AppendUnquote(nil, v)
	return string(b), true
}

// StringBytes reads a string and returns its unescaped bytes, valid until the
// next read: for comparing with known values without allocating a string.
func (r *Reader) StringBytes() ([]byte, bool) {
	if !r.expect(KindString, "a string") {
		return nil, false
	}
	v := r.last
	if bytes.IndexByte(v, '\\') < 0 {
		return v[1 : len(v)-1], true
	}
	r.nameBuf, _ = jsontext.AppendUnquote(r.nameBuf[:0], v)
	return r.nameBuf, true
}

// Bool reads a boolean. A value of another kind is a type violation.
func (r *Reader) Bool() (bool, bool) {
	if !r.expect(KindBool, "a boolean") {
		return false, false
	}
	return r.last[0] == 't', true
}

// Int reads an integer: a JSON number with no fractional part, as JSON Schema
// defines it (1.0 and 1e2 are integers, 1.5 is not). A number that does not
// fit in an int64 is a violation, never a wrap.
func (r *Reader) Int() (int64, bool) {
	if !r.expect(KindNumber, "an integer") {
		return 0, false
	}
	text := r.last
	if n, err := strconv.ParseInt(string(text), 10, 64); err == nil {
		return n, true
	}
	_, _, exp, ok := splitNumber(string(text))
	if ok && exp < 0 {
		r.report("type", "expected integer, got "+r.shownText(),
			r.subject()+" must be an integer, got "+r.shown(true)+".")
		return 0, false
	}
	if rat, ok := parseRat(string(text)); ok && rat.Num().IsInt64() {
		return rat.Num().Int64(), true
	}
	r.report("type", "integer "+r.shownText()+" does not fit in 64 bits",
		r.subject()+" must be an integer between -9223372036854775808 and 9223372036854775807, got "+r.shown(true)+".")
	return 0, false
}

// Number reads any JSON number as a float64. A number beyond float64's range
// is a violation, never an infinity.
func (r *Reader) Number() (float64, bool) {
	if !r.expect(KindNumber, "a number") {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(r.last), 64)
	if err != nil || math.IsInf(f, 0) {
		r.report("type", "number "+r.shownText()+" is out of the float64 range",
			r.subject()+" is too large a number; send a number within ±1.7e308.")
		return 0, false
	}
	return f, true
}

// Raw reads any value and returns a copy of its JSON text.
func (r *Reader) Raw() (json.RawMessage, bool) {
	if r.Kind() == KindNone {
		return nil, false
	}
	if !r.readValue() {
		return nil, false
	}
	return json.RawMessage(bytes.Clone(r.last)), true
}

// Skip reads and discards the next value.
func (r *Reader) Skip() {
	if r.Kind() != KindNone {
		r.readValue()
	}
}

// BeginSensitive and EndSensitive bracket the reading of a value that must
// never be echoed (writeOnly, or marked sensitive): violations inside still
// say what was expected, but not what came.
func (r *Reader) BeginSensitive() { r.sensitive++ }

// EndSensitive ends what BeginSensitive began.
func (r *Reader) EndSensitive() { r.sensitive-- }

// shown describes the last value for a hint, unless it is sensitive.
func (r *Reader) shown(withArticle bool) string {
	if r.sensitive > 0 {
		return "a value that is not shown"
	}
	return describe(r.last, withArticle)
}

// shownText is the last value's JSON text for a message, unless it is sensitive.
func (r *Reader) shownText() string {
	if r.sensitive > 0 {
		return "(hidden)"
	}
	return truncate(string(r.last), 60)
}

// RawText returns the JSON text of the last value read; valid until the next read.
func (r *Reader) RawText() []byte { return r.last }

func (r *Reader) expect(want Kind, expected string) bool {
	k := r.Kind()
	if k == KindNone {
		return false
	}
	if k != want {
		r.mismatch(expected)
		return false
	}
	return r.readScalar()
}

func (r *Reader) readScalar() bool {
	r.allowNull = false
	v, err := r.dec.ReadValue()
	if err != nil {
		r.syntax(err)
		return false
	}
	r.last = v
	return true
}

// readValue reads a whole value, checking the nesting limit inside it too.
func (r *Reader) readValue() bool {
	if !r.readScalar() {
		return false
	}
	if r.depth+nesting(r.last) > r.maxDepth {
		r.tooDeep()
		return false
	}
	return true
}

// nesting returns how deeply objects and arrays nest in a valid JSON text.
func nesting(v []byte) int {
	depth, deepest, inString := 0, 0, false
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case inString:
			switch c {
			case '\\':
				i++
			case '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			depth++
			deepest = max(deepest, depth)
		case c == '}' || c == ']':
			depth--
		}
	}
	return deepest
}

// mismatch records that the next value has the wrong type and skips it.
func (r *Reader) mismatch(expected string) {
	if r.allowNull {
		expected += " or null"
	}
	if !r.readValue() {
		return
	}
	r.report("type", "expected "+strings.TrimPrefix(strings.TrimPrefix(expected, "a "), "an ")+", got "+kindName(r.last),
		r.subject()+" must be "+expected+", got "+r.shown(true)+".")
}

// syntax turns a tokenizer error into a fatal json violation.
func (r *Reader) syntax(err error) {
	if r.stopped {
		return
	}
	pointer, offset := "", int64(-1)
	var se *jsontext.SyntacticError
	if errors.As(err, &se) {
		pointer, offset = string(se.JSONPointer), se.ByteOffset
	}
	msg := strings.TrimPrefix(err.Error(), "jsontext: ")
	var hint string
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		hint = "The JSON arguments end too early, as if cut off"
		if offset >= 0 {
			hint += " after byte " + strconv.FormatInt(offset, 10)
		}
		hint += "; send the complete JSON object."
	case strings.Contains(msg, "UTF-8"):
		hint = "The arguments contain bytes that are not valid UTF-8; send text as valid UTF-8 JSON strings."
	case strings.Contains(msg, "surrogate"):
		hint = "The arguments contain an invalid \\u escape (a lone UTF-16 surrogate); escape characters outside the Basic Multilingual Plane as a surrogate pair, or send them unescaped."
	default:
		hint = "The arguments are not valid JSON (" + msg + "); send one well-formed JSON object."
	}
	r.fatalAt(r.prefix+pointer, "json", msg, hint)
}

func (r *Reader) tooDeep() {
	limit := strconv.Itoa(r.maxDepth)
	r.fatalAt(r.pointer(), "limit", "nesting deeper than "+limit+" levels",
		"The arguments nest objects and arrays deeper than "+limit+" levels; flatten them.")
}

func (r *Reader) fatal(pointer, keyword, message, hint string) {
	r.fatalAt(r.prefix+pointer, keyword, message, hint)
}

func (r *Reader) fatalAt(pointer, keyword, message, hint string) {
	r.add(Violation{Pointer: pointer, Keyword: keyword, Message: message, Hint: hint})
	r.stopped = true
}

// report records a violation at the current position.
func (r *Reader) report(keyword, message, hint string) {
	if r.stopped {
		return // after a fatal problem, findings about a half-read value are noise
	}
	r.add(Violation{Pointer: r.pointer(), Keyword: keyword, Message: message, Hint: hint})
}

func (r *Reader) add(v Violation) {
	if len(r.violations) >= MaxViolations {
		r.omitted++
		return
	}
	r.violations = append(r.violations, v)
}

// pointer is the JSON Pointer of the value just read, within the whole arguments.
func (r *Reader) pointer() string {
	if r.dec == nil {
		return r.prefix
	}
	return r.prefix + string(r.dec.StackPointer())
}

// path renders the current position for hints: members joined by dots and
// array indexes in brackets, like items[37].qty.
func (r *Reader) path() string {
	if r.dec == nil {
		return r.prefixPath
	}
	var b strings.Builder
	b.WriteString(r.prefixPath)
	level := 1
	for tok := range r.dec.StackPointer().Tokens() {
		if k, _ := r.dec.StackIndex(level); k == '[' {
			b.WriteString("[" + tok + "]")
		} else {
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(tok)
		}
		level++
	}
	return b.String()
}

// subject names the current value at the start of a hint.
func (r *Reader) subject() string {
	if p := r.path(); p != "" {
		return "Field " + strconv.Quote(p)
	}
	return "The arguments"
}

// memberSubject names a member of the current object, which may be absent.
func (r *Reader) memberSubject(name string) string {
	if p := r.path(); p != "" {
		return "Field " + strconv.Quote(p+"."+name)
	}
	return "Field " + strconv.Quote(name)
}

// kindName is the JSON type of a value, for technical messages.
func kindName(v []byte) string {
	switch jsontext.Value(v).Kind() {
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

// describe renders a value for a hint: the string "42", the number 1.5, an
// object. withArticle adds "the string"/"the number" before scalars.
func describe(v []byte, withArticle bool) string {
	switch jsontext.Value(v).Kind() {
	case '"':
		s := string(v)
		if bytes.IndexByte(v, '\\') >= 0 {
			if b, err := jsontext.AppendUnquote(nil, v); err == nil {
				s = strconv.Quote(string(b))
			}
		}
		s = truncate(s, 60)
		if withArticle {
			return "the string " + s
		}
		return s
	case '0':
		s := truncate(string(v), 40)
		if withArticle {
			return "the number " + s
		}
		return s
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 0:
		return "nothing"
	}
	return string(v)
}

// truncate shortens s to at most n runes, marking the cut.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	runes := []rune(s)
	return string(runes[:n]) + "…"
}

// AbsentNull reads a null that stands for an absent member under
// Options.NullAsAbsent and reports whether it did.
func (r *Reader) AbsentNull() bool {
	if r.limits.NullAsAbsent && r.Kind() == KindNull {
		r.readScalar()
		return true
	}
	return false
}

// Mark returns how many violations have been recorded so far; Clean(mark)
// then tells whether any were added since, so a check that only makes sense
// on well-formed items (uniqueItems) can be skipped after their violations.
func (r *Reader) Mark() int { return len(r.violations) + r.omitted }

// Clean reports whether no violation was recorded since Mark returned mark.
func (r *Reader) Clean(mark int) bool { return r.Mark() == mark && !r.stopped }

// Mismatch records that the next value is none of the kinds expected (as
// English, "a string or a number") and skips it.
func (r *Reader) Mismatch(expected string) { r.mismatch(expected) }

// LastRaw returns a copy of the JSON text of the last value read.
func (r *Reader) LastRaw() json.RawMessage { return json.RawMessage(bytes.Clone(r.last)) }

// Ptr returns a pointer to a copy of v; generated code uses it for defaults.
func Ptr[T any](v T) *T { return &v }
