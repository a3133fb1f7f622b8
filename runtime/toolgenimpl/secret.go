package toolgenimpl

import (
	"slices"

	"github.com/toolgen/toolgen/runtime"
	"github.com/toolgen/toolgen/runtime/internal/message"
)

// A sensitive value is read or checked between BeginSensitive and
// EndSensitive. A problem at the value itself is reported there, saying
// what was expected but not what came. A problem inside it, below its
// position, cannot be: its pointer and its path would name a member or an
// item of the value (a token sent as a member name, which item of a list of
// secrets is wrong), and that is part of the value. Such problems are
// counted in a secret instead, and the outermost BeginSensitive's
// EndSensitive reports them as one violation at the value (see
// message.HiddenInsideMessage): how many, their keywords, and the first
// one's hint with a subject that names nothing. That one violation counts
// towards runtime.MaxViolations, or runtime.ValidationError.Omitted, as one.
//
// A sub-reader or a schema function's Check that starts inside a sensitive
// value carries it on: its position is that of the value, what it finds
// below it goes into its secret, and the reader that adopts it adds that
// secret to its own.

// A secret counts the problems found inside a sensitive value.
type secret struct {
	count    int
	keywords []string // each once, in the order found
	first    []byte   // the first one's hint, its subject naming nothing
}

// add counts a problem under keyword, whose hint is hint.
func (s *secret) add(keyword string, hint []byte) {
	if s.count == 0 {
		s.first = append(s.first[:0], hint...)
	}
	s.count++
	if !slices.Contains(s.keywords, keyword) {
		s.keywords = append(s.keywords, keyword)
	}
}

// merge adds the problems of o, found inside the same value.
func (s *secret) merge(o *secret) {
	if o.count == 0 {
		return
	}
	if s.count == 0 {
		s.first = append(s.first[:0], o.first...)
	}
	s.count = min(s.count+o.count, maxReported) // see maxReported
	for _, k := range o.keywords {
		if !slices.Contains(s.keywords, k) {
			s.keywords = append(s.keywords, k)
		}
	}
}

// reset empties s, keeping its buffers.
func (s *secret) reset() {
	s.count, s.keywords, s.first = 0, s.keywords[:0], s.first[:0]
}

// violation is the one violation that stands for the problems, at the
// pointer and path of the sensitive value.
func (s *secret) violation(pointer string, path []byte) runtime.Violation {
	return runtime.Violation{
		Pointer: pointer,
		Keyword: s.keywords[0],
		Message: string(message.HiddenInsideMessage(nil, s.count, s.keywords)),
		Hint:    string(message.HiddenInsideHint(nil, pointer == "", path, s.count, s.keywords, s.first)),
	}
}

// BeginSensitive and EndSensitive bracket the reading of a value that must
// never be echoed (writeOnly, or marked sensitive): violations at the value
// still say what was expected, but not what came, and those inside it are
// counted and reported as one at the value when the outermost bracket ends.
// Brackets nest.
func (r *Reader) BeginSensitive() {
	if r.sensitive == 0 {
		r.secretDepth, r.locatedAt = len(r.frames), 0
	}
	r.sensitive++
}

// EndSensitive ends what BeginSensitive began.
func (r *Reader) EndSensitive() {
	r.settle()
	if r.sensitive == 1 && r.secret.count > 0 {
		r.closeSecret()
	}
	r.sensitive--
	r.locatedAt = 0
}

// settle counts the last violation pending, if it is inside a sensitive
// value, and forgets it. Such a violation is written and recorded as any
// other, so that record stays small enough to be inlined into every check,
// and settled by whatever comes next: another violation, a flush, the end
// of a sensitive value. Until then it counts towards Mark as a pending one.
func (r *Reader) settle() {
	if r.lastHidden {
		r.countLast()
	}
}

// countLast is settle's work, out of line.
func (r *Reader) countLast() {
	r.lastHidden = false
	p := r.pending[len(r.pending)-1]
	r.hide(p.keyword, r.text[p.hint:p.end])
	r.text, r.pending = r.text[:p.start], r.pending[:len(r.pending)-1]
}

// hide counts a problem found inside a sensitive value: keyword, and its
// hint, whose subject names nothing.
func (r *Reader) hide(keyword string, hint []byte) {
	r.hidden++
	r.secret.add(keyword, hint)
}

// closeSecret reports the problems counted inside the sensitive value being
// read as one violation at it, even after a fatal problem (they were found
// before it), and empties the count.
func (r *Reader) closeSecret() {
	r.add(r.secretViolation())
	r.secret.reset()
}

// secretViolation is the violation that stands for the problems counted
// inside the sensitive value being read.
func (r *Reader) secretViolation() runtime.Violation {
	r.locate()
	return r.secret.violation(string(r.ptrBuf), r.pathBuf)
}

// outsideSecret returns the frames that locate the outermost sensitive
// value being read, and notes in r.below whether the position is inside it,
// below its own.
func (r *Reader) outsideSecret() []frame {
	n := min(r.secretDepth, len(r.frames))
	r.below = r.inside
	for _, f := range r.frames[n:] {
		if f.items > 0 || f.items < 0 && f.name.end != 0 {
			r.below = true
			break
		}
	}
	return r.frames[:n]
}

// BeginSensitive and EndSensitive bracket the checking of a value that must
// never be echoed (a schema that applies to it is writeOnly, or marked
// sensitive), as they do for a Reader.
func (c *Check) BeginSensitive() {
	if c.sensitive == 0 {
		c.secretDepth = len(c.steps)
	}
	c.sensitive++
}

// EndSensitive ends what BeginSensitive began.
func (c *Check) EndSensitive() {
	if c.sensitive == 1 && c.secret.count > 0 {
		c.record(c.secretViolation())
		c.secret.reset()
	}
	c.sensitive--
}

// below reports whether the check is inside a sensitive value, below its
// position.
func (c *Check) below() bool {
	return c.sensitive > 0 && (c.inside || len(c.steps) > c.secretDepth)
}

// secretViolation is the violation that stands for the problems counted
// inside the sensitive value being checked.
func (c *Check) secretViolation() runtime.Violation {
	steps := c.steps
	c.steps = steps[:min(c.secretDepth, len(steps))]
	v := c.secret.violation(c.pointer(), []byte(c.path()))
	c.steps = steps
	return v
}

// BeginHoldingSecrets and EndHoldingSecrets bracket the checking of a value
// that is not sensitive itself but holds sensitive values inside it (a
// member or an item, at any depth, that a schema applying to it marks):
// generated code brackets a schema function whose schema, or one it applies
// to the same value, marks something inside, as
//
//	defer c.EndHoldingSecrets(c.BeginHoldingSecrets())
//
// A keyword that judges the value whole then does not show it: const and
// enum give an object or an array as message.Hidden, since its text would
// carry the secrets inside, and uniqueItems does not say which items are
// equal, since that tells which secrets are. A scalar holds nothing and is
// shown. The bracket is for the value at the position where it begins
// only: members and items are checked at their own positions, each holding
// secrets or not as its own schema says, and what is wrong inside a
// sensitive one is hidden as always.
func (c *Check) BeginHoldingSecrets() (outer int) {
	outer = c.holder
	c.holder = len(c.steps) + 1
	return outer
}

// EndHoldingSecrets ends what BeginHoldingSecrets began; outer is what it
// returned.
func (c *Check) EndHoldingSecrets(outer int) { c.holder = outer }

// holdsSecrets reports whether x, the value being checked, holds sensitive
// values inside it (see BeginHoldingSecrets).
func (c *Check) holdsSecrets(x *Value) bool {
	return c.holder == len(c.steps)+1 && (x.Kind == KindObject || x.Kind == KindArray)
}

// hidden reports whether a message must not show x, the value being
// checked: it is sensitive, or holds sensitive values.
func (c *Check) hidden(x *Value) bool { return c.sensitive > 0 || c.holdsSecrets(x) }
