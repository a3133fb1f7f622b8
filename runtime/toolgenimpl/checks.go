package toolgenimpl

import (
	"github.com/toolgen/toolgen/runtime/internal/message"
)

// The Reader methods of keywords_*.go record one schema violation each, at
// the value just read (or, after an object or array ended, at that
// container), with a technical message and an English hint. Generated
// validators call them after the comparison that failed, so the checks
// themselves stay straight-line Go.
//
// Each appends its message and hint piece by piece to the reader's pending
// text (see beginViolation), so that the words of all of a call's violations
// take one allocation between them: an invalid call should cost about as much
// as a valid one, not several times more for its words.

// sizeBound records a length or a number of items, got, beyond its bound,
// limit.
func (r *Reader) sizeBound(keyword string, got, limit int) {
	if t, ok := r.beginViolation(); ok {
		t = message.SizeMessage(t, keyword, got, limit)
		t = r.appendSubject(r.beginHint(t))
		r.record(keyword, message.SizeHint(t, keyword, got, limit))
	}
}
