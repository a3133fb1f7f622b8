package toolgenimpl

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"

	"github.com/toolgen/toolgen/runtime"
)

// A union whose alternatives cannot be told apart by kind or discriminator
// is read by trying each alternative on the value's text with a sub-reader.
// Inside such a trial, a union may be tried again at the same value by
// another alternative that holds it, and unions nested that way double the
// trials at every level. Generated code tries the alternatives of the unions
// read inside a trial through TryAlternative, and checks the values checked
// whole there through CheckedOnce: each remembers, for the call, what it
// found at each value, and answers again from that.

// readerMemo is what TryAlternative and CheckedOnce found in one call, by the
// JSON Pointer of the value as violations name it. Each run keeps the text
// it read and answers only for the same text: two values can share a
// pointer (a member name sent twice, however a reader handles that), and
// the memo must never lend one value's verdict to another.
type readerMemo struct {
	trials map[string][]trialRun
	checks map[string][]checkedRun
}

// trialRun is an alternative tried at a value: its verdict and, if it
// failed, its first violation.
type trialRun struct {
	id    int
	how   readHow
	text  []byte
	ok    bool
	first runtime.Violation
}

// checkedRun is a value checked whole: its verdict, and what reading it and
// checking it added to the reader: violations, the count of those omitted,
// and the problems counted inside a sensitive value around it (see
// secret.go).
type checkedRun struct {
	id         int
	how        readHow
	text       []byte
	ok         bool
	violations []runtime.Violation
	omitted    int
	hidden     int
	secret     secret
}

// readHow is what, besides the schema and the position violations name,
// changes what reading a value reports: where it is with respect to a
// sensitive value, what a type hint adds about null, and whether it is read
// as holding secrets. Inside a sensitive value, violations name the
// outermost one's position, which many values share: at is then the
// value's own.
type readHow struct {
	place    secretPlace
	nullHint nullHint
	secrets  bool
	at       string
}

// how returns how the value just read is read; r is located.
func (r *Reader) how(secrets bool) readHow {
	how := readHow{nullHint: r.nullHint & mayOmit, secrets: secrets}
	if r.sensitive > 0 {
		how.place, how.at = atSecret, string(r.appendOwnPointer(nil))
		if r.below {
			how.place = belowSecret
		}
	}
	return how
}

// appendOwnPointer appends the JSON Pointer of the current position to b,
// naming what is inside a sensitive value too: it tells values apart, and
// never goes into a violation.
func (r *Reader) appendOwnPointer(b []byte) []byte {
	if r.hasOrigin {
		b = append(b, r.origin...)
	} else {
		b = append(b, r.prefix...)
	}
	if !r.reading {
		return b
	}
	for _, f := range r.frames {
		if f.items >= 0 {
			if f.items == 0 {
				break
			}
			b = strconv.AppendInt(append(b, '/'), int64(f.items-1), 10)
			continue
		}
		if f.name.end == 0 {
			break
		}
		b = appendPointerToken(append(b, '/'), r.memberName(f.name))
	}
	return b
}

// memo returns the memo of r's call, kept by the top-level reader.
func (r *Reader) memo() *readerMemo {
	root := r.root
	if root == nil {
		root = r
	}
	if root.once == nil {
		root.once = &readerMemo{trials: map[string][]trialRun{}, checks: map[string][]checkedRun{}}
	}
	return root.once
}

// TryAlternative reads text, the value r has just read with Raw, with read,
// the reader of one alternative of a union, numbered id, and reports whether
// the value matched it and, if not, the first violation. Tried at the same
// value again in the same call, the alternative is not read again.
func TryAlternative[T any](r *Reader, id int, text []byte, read func(*Reader) (T, bool)) (runtime.Violation, bool) {
	m := r.memo()
	r.locate()
	how := r.how(false)
	for _, run := range m.trials[string(r.ptrBuf)] {
		if run.id == id && run.how == how && bytes.Equal(run.text, text) {
			return run.first, run.ok
		}
	}
	s := r.Sub(text)
	run := trialRun{id: id, how: how, text: text}
	if _, run.ok = read(s); !run.ok {
		run.first = s.Violations()[0]
	}
	at := string(s.prefix)
	m.trials[at] = append(m.trials[at], run)
	return run.first, run.ok
}

// CheckedOnce is Checked for a value that may be checked again by the same
// schema function, numbered id, in the same call (inside a union's trial):
// then what checking it added to the reader is added again without
// checking again.
func (r *Reader) CheckedOnce(id int, check SchemaFunc) (json.RawMessage, bool) {
	return r.checkedOnce(id, check, false)
}

// CheckedOnceHoldingSecrets is CheckedOnce for a value whose schema marks a
// value somewhere inside it sensitive (see CheckedHoldingSecrets).
func (r *Reader) CheckedOnceHoldingSecrets(id int, check SchemaFunc) (json.RawMessage, bool) {
	return r.checkedOnce(id, check, true)
}

func (r *Reader) checkedOnce(id int, check SchemaFunc, secrets bool) (json.RawMessage, bool) {
	raw, ok := r.rawText(secrets)
	if !ok {
		return nil, false
	}
	// What is pending is settled first, as checking would: the problems it
	// counts inside a sensitive value come before those the check counts.
	r.flush()
	m := r.memo()
	r.locate()
	how := r.how(secrets)
	at := string(r.ptrBuf)
	for _, run := range m.checks[at] {
		if run.id == id && run.how == how && bytes.Equal(run.text, raw) {
			for _, v := range run.violations {
				r.add(v)
			}
			r.omitted += run.omitted
			r.hidden += run.hidden
			r.secret.merge(&run.secret)
			return raw, run.ok
		}
	}
	run := checkedRun{id: id, how: how, text: raw}
	mark, omitted, hidden, outer := len(r.violations), r.omitted, r.hidden, r.secret
	r.secret = secret{}
	run.ok = r.checkRaw(raw, check, secrets)
	run.violations = slices.Clone(r.violations[mark:])
	run.omitted, run.hidden = r.omitted-omitted, r.hidden-hidden
	run.secret, r.secret = r.secret, outer
	r.secret.merge(&run.secret)
	m.checks[at] = append(m.checks[at], run)
	return raw, run.ok
}
