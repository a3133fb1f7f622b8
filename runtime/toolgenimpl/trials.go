package toolgenimpl

import (
	"encoding/json"

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
// JSON Pointer of the value.
type readerMemo struct {
	trials map[string][]trialRun
	checks map[string][]checkedRun
}

// trialRun is an alternative tried at a value: its verdict and, if it
// failed, its first violation.
type trialRun struct {
	id    int
	how   readHow
	ok    bool
	first runtime.Violation
}

// checkedRun is a value checked whole: its verdict, and the violations
// reading it and checking it added to the reader.
type checkedRun struct {
	id         int
	how        readHow
	ok         bool
	violations []runtime.Violation
	omitted    int
}

// readHow is what, besides the value and the schema, changes what reading a
// value reports: whether it is a secret, and what a type hint adds about
// null.
type readHow struct {
	sensitive bool
	nullHint  nullHint
}

func (r *Reader) how() readHow {
	return readHow{sensitive: r.sensitive > 0, nullHint: r.nullHint & mayOmit}
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
	m, how := r.memo(), r.how()
	r.locate()
	for _, run := range m.trials[string(r.ptrBuf)] {
		if run.id == id && run.how == how {
			return run.first, run.ok
		}
	}
	s := r.Sub(text)
	run := trialRun{id: id, how: how}
	if _, run.ok = read(s); !run.ok {
		run.first = s.Violations()[0]
	}
	at := string(s.prefix)
	m.trials[at] = append(m.trials[at], run)
	return run.first, run.ok
}

// CheckedOnce is Checked for a value that may be checked again by the same
// schema function, numbered id, in the same call (inside a union's trial):
// then the violations are recorded again without checking again.
func (r *Reader) CheckedOnce(id int, check SchemaFunc) (json.RawMessage, bool) {
	raw, ok := r.Raw()
	if !ok {
		return nil, false
	}
	m, how := r.memo(), r.how()
	r.locate()
	for _, run := range m.checks[string(r.ptrBuf)] {
		if run.id == id && run.how == how {
			for _, v := range run.violations {
				r.add(v)
			}
			r.omitted += run.omitted
			return raw, run.ok
		}
	}
	at := string(r.ptrBuf)
	run := checkedRun{id: id, how: how}
	s := r.Sub(raw)
	v, read := s.Value()
	run.violations, run.omitted = append(run.violations, s.Violations()...), s.omitted
	if read && s.Valid() {
		c := Check{prefix: at, prefixPath: r.path(), sensitive: r.sensitive}
		run.ok = check(&c, &v, nil)
		run.violations = append(run.violations, c.violations...)
		run.omitted += c.reported - len(c.violations)
	}
	for _, v := range run.violations {
		r.add(v)
	}
	r.omitted += run.omitted
	m.checks[at] = append(m.checks[at], run)
	return raw, run.ok
}
