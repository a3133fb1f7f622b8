package toolgenimpl

// nullHint is what a type violation's hint may say about null besides the
// type expected.
type nullHint uint8

const (
	// nullAllowed: the caller tried Null first, so null is allowed too.
	nullAllowed nullHint = 1 << iota
	// mayOmit: the value is an optional member's, so a null is better left
	// out than sent.
	mayOmit
)

// Optional tells the reader that the next value is an optional member's
// that may not be null: should it be null, the type violation's hint says
// the member may be left out ("must be an integer, got null; to give no
// value, leave the field out"), which is what a model sending null for "no value" needs to hear.
// Generated code calls it before reading such a member; reading any value
// forgets it, except Raw, which hands it to a Sub over the text it read.
func (r *Reader) Optional() { r.nullHint = mayOmit }
