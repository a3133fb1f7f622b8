package toolgenimpl

import (
	"encoding"
	"encoding/json"

	"github.com/toolgen/toolgen/runtime/format"
	"github.com/toolgen/toolgen/runtime/internal/message"
)

// A Conversion says how a value that passed its schema becomes the Go type
// the catalog chose for it (goJSONSchema), and what to tell the model when
// the type refuses it.
type Conversion struct {
	// Keyword names the violation: "goJSONSchema", or "format" when the
	// format chose the type (time.Time for date-time).
	Keyword string
	// Format is the schema's format, whose example the hint shows; "" if
	// it has none.
	Format string
	// HoldsSecrets is set when the value holds sensitive values inside it:
	// what the type says of it is not shown, since it may quote the value.
	HoldsSecrets bool
}

// DecodeText converts s, a string just read, to T with T's UnmarshalText,
// unless a violation was recorded since mark (the schema refused the value
// already, and its violation says why). When T refuses s it records a
// violation at the value and reports false.
func DecodeText[T any, P interface {
	*T
	encoding.TextUnmarshaler
}](r *Reader, mark int, s string, c Conversion) (T, bool) {
	var v T
	if !r.Clean(mark) {
		return v, false
	}
	if err := P(&v).UnmarshalText([]byte(s)); err != nil {
		r.Unconverted(c, err)
		return v, false
	}
	return v, true
}

// DecodeJSON is DecodeText for a value of any kind, given as its JSON text
// and converted with T's UnmarshalJSON.
func DecodeJSON[T any, P interface {
	*T
	json.Unmarshaler
}](r *Reader, mark int, text []byte, c Conversion) (T, bool) {
	var v T
	if !r.Clean(mark) {
		return v, false
	}
	if err := P(&v).UnmarshalJSON(text); err != nil {
		r.Unconverted(c, err)
		return v, false
	}
	return v, true
}

// Unconverted records that the value just read passed its schema but its
// Go type refused it with err. The hint says what the value must look like
// when the schema's format tells, and quotes err, which usually says what
// is wrong, unless the value is sensitive or holds sensitive values: err
// may quote the value.
func (r *Reader) Unconverted(c Conversion, err error) {
	t, ok := r.beginViolation()
	if !ok {
		return
	}
	reason := message.UnreadableReasonHidden
	if r.sensitive == 0 && !c.HoldsSecrets {
		reason = err.Error()
	}
	t = message.UnreadableMessage(t, reason)
	t = r.appendSubject(r.beginHint(t))
	_, known := format.Lookup(c.Format)
	t = r.appendShown(message.UnreadableHint(t, c.Format, known), false)
	r.record(c.Keyword, message.UnreadableEnd(t, reason, known))
}
