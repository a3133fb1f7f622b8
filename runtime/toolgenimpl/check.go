package toolgenimpl

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/toolgen/toolgen/internal/jsonpointer"
	"github.com/toolgen/toolgen/runtime"
	"github.com/toolgen/toolgen/runtime/internal/message"
)

// SchemaFunc is the shape of the function generated for one schema: it checks
// the value x, records what is wrong in c, marks in ev (when not nil) the
// members or items it evaluated, for unevaluatedProperties and
// unevaluatedItems, and reports whether x is valid.
type SchemaFunc func(c *Check, x *Value, ev *Evaluated) bool

// Check carries one validation of a whole Value by generated schema
// functions: the violations found, where in the value the check is, and the
// schema resources entered on the way, which $dynamicRef consults.
type Check struct {
	// violations are the first runtime.MaxViolations reported, in order;
	// reported counts every one.
	violations []runtime.Violation
	reported   int
	mode       reportMode
	firstHint  string // the hint of the violation capturing found
	steps      []step // the location in the value
	// more is what only checks of some schemas need, made on first use:
	// the memo of the functions that run once (see Once) and the dynamic
	// scope (see Push).
	more *checkMore

	prefix     string // pointer and path of the value within the whole arguments
	prefixPath string
	sensitive  int // > 0 while checking a value that must not be echoed
	// While sensitive > 0: secretDepth is how many of steps locate the
	// outermost sensitive value, inside is set when the whole value checked
	// lies inside it, below its position, and secret counts the problems
	// found inside it (see secret.go).
	secretDepth int
	inside      bool
	secret      secret
	// holder is one more than the depth (the length of steps) of the value
	// being checked when it holds sensitive values inside it, or 0 (see
	// BeginHoldingSecrets).
	holder int
}

type step struct {
	name  string
	index int // -1 for a member name
}

// CheckValue runs check on v, a value read whole by r, and records its
// violations as r's own, at r's current position.
func (r *Reader) CheckValue(v *Value, check SchemaFunc) bool {
	c := Check{prefix: r.pointer(), prefixPath: r.path(), sensitive: r.sensitive}
	if r.sensitive > 0 {
		c.inside = r.below // located at the sensitive value, as r is
	}
	ok := check(&c, v, nil)
	for _, violation := range c.violations {
		r.add(violation)
	}
	r.omitted += c.reported - len(c.violations)
	if c.secret.count > 0 {
		r.settle() // what r found before comes first
		r.hidden += c.secret.count
		r.secret.merge(&c.secret) // found inside the value r reads
	}
	return ok
}

// ValidateJSON reads data as one JSON value and checks it with check: the
// entry point of a validator generated for a whole schema. It returns nil or
// a *runtime.ValidationError naming subject.
func ValidateJSON(subject string, data []byte, check SchemaFunc, opts ...runtime.Options) error {
	return validateJSON(subject, data, check, false, opts)
}

// ValidateJSONHoldingSecrets is ValidateJSON for a schema that marks a value
// somewhere inside sensitive (see CheckedHoldingSecrets).
func ValidateJSONHoldingSecrets(subject string, data []byte, check SchemaFunc, opts ...runtime.Options) error {
	return validateJSON(subject, data, check, true, opts)
}

func validateJSON(subject string, data []byte, check SchemaFunc, secrets bool, opts []runtime.Options) error {
	r := NewReader(data, opts...)
	if v, ok := r.readWhole(secrets); ok && r.Valid() {
		r.CheckValue(&v, check)
	}
	return r.Finish(subject)
}

// readWhole reads the next value whole (see Value). When secrets is set,
// the value holds sensitive values that only the schema functions checking it
// know: what the reading finds wrong inside it (a name sent twice, a string
// over the limit) is reported at the value, since where it is might be
// inside one of them.
func (r *Reader) readWhole(secrets bool) (Value, bool) {
	if !secrets {
		return r.Value()
	}
	r.BeginSensitive()
	defer r.EndSensitive()
	return r.Value()
}

// Violations returns what the check has recorded, and the one violation that
// stands for the problems counted inside a sensitive value still being
// checked, if any (see secret.go).
func (c *Check) Violations() []runtime.Violation {
	if c.secret.count > 0 && len(c.violations) < runtime.MaxViolations {
		return append(c.violations[:len(c.violations):len(c.violations)], c.secretViolation())
	}
	return c.violations
}

// Quiet reports whether violations are being discarded: a failed check may
// then stop at once, since only the verdict counts.
func (c *Check) Quiet() bool { return c.mode == discarding }

// Try runs fn with violations discarded and reports its verdict: for anyOf,
// oneOf, not, if and contains, whose subschemas may fail without error.
func (c *Check) Try(fn SchemaFunc, x *Value, ev *Evaluated) bool {
	mode := c.mode
	c.mode = discarding
	ok := fn(c, x, ev)
	c.mode = mode
	return ok
}

// Enter moves the check into the member called name; Leave moves it back.
func (c *Check) Enter(name string) { c.steps = append(c.steps, step{name: name, index: -1}) }

// EnterItem moves the check into item i; Leave moves it back.
func (c *Check) EnterItem(i int) { c.steps = append(c.steps, step{index: i}) }

// Leave undoes the last Enter or EnterItem.
func (c *Check) Leave() { c.steps = c.steps[:len(c.steps)-1] }

// Dynamic returns the position in candidates of the outermost schema resource
// in the dynamic scope that is one of them, or -1: $dynamicRef resolves to the
// $dynamicAnchor of that resource.
func (c *Check) Dynamic(candidates []int) int {
	if c.more == nil {
		return -1
	}
	for _, id := range c.more.dynamic.resources {
		for i, candidate := range candidates {
			if id == candidate {
				return i
			}
		}
	}
	return -1
}

// Report records a violation at the current location, as the report mode
// has it (see record), and returns false so that callers can write
// `ok = c.Report(...) && ok`. Inside a sensitive value, below its position,
// it only counts it (see secret.go), unless discarding.
func (c *Check) Report(keyword, message, hint string) bool {
	switch {
	case c.mode == discarding:
	case c.below():
		c.secret.add(keyword, []byte(hint))
	case c.mode == capturing:
		c.firstHint, c.mode = hint, discarding
	default:
		c.record(runtime.Violation{Pointer: c.pointer(), Keyword: keyword, Message: message, Hint: hint})
	}
	return false
}

// record records v, as the report mode has it: the first
// runtime.MaxViolations, and the count of all; the hint of the first,
// capturing; nothing, discarding.
func (c *Check) record(v runtime.Violation) {
	switch c.mode {
	case discarding:
		return
	case capturing:
		c.firstHint, c.mode = v.Hint, discarding
		return
	}
	c.reported++
	if len(c.violations) >= runtime.MaxViolations {
		return
	}
	c.violations = append(c.violations, v)
}

func (c *Check) pointer() string {
	var b strings.Builder
	b.WriteString(c.prefix)
	for _, s := range c.steps {
		b.WriteByte('/')
		if s.index >= 0 {
			b.WriteString(strconv.Itoa(s.index))
		} else {
			b.WriteString(jsonpointer.Escape(s.name))
		}
	}
	return b.String()
}

// subject names the current value at the start of a hint; inside a
// sensitive value, below its position, it names nothing.
func (c *Check) subject() string {
	if c.below() {
		return message.InsideValue
	}
	return string(message.AppendSubject(nil, c.prefix == "" && len(c.steps) == 0, c.path()))
}

// path renders the current location for hints, as the typed reader does.
func (c *Check) path() string {
	var b strings.Builder
	b.WriteString(c.prefixPath)
	for i, s := range c.steps {
		if s.index >= 0 {
			b.WriteString("[" + strconv.Itoa(s.index) + "]")
			continue
		}
		if i > 0 || c.prefix != "" { // not the first step, as the reader's locate
			b.WriteByte('.')
		}
		b.WriteString(message.Truncate(s.name, hintNameRunes))
	}
	return b.String()
}

// shown renders x for a hint, unless it must not be echoed.
func (c *Check) shown(x *Value) string {
	if c.sensitive > 0 {
		return message.NotShown
	}
	switch x.Kind {
	case KindNull:
		return "null"
	case KindBool:
		return strconv.FormatBool(x.Bool)
	case KindNumber:
		return message.Truncate(x.Text, 40)
	case KindString:
		return message.Truncate(string(appendJSONString(nil, x.Text)), 60)
	case KindArray:
		return message.AnArray
	}
	return message.AnObject
}

// shownWithArticle is shown, with "the string" or "the number" before a
// string or a number.
func (c *Check) shownWithArticle(x *Value) string {
	if c.sensitive == 0 {
		switch x.Kind {
		case KindString:
			return message.TheString + c.shown(x)
		case KindNumber:
			return message.TheNumber + c.shown(x)
		}
	}
	return c.shown(x)
}

// hintStart is the start of a hint: the current value's subject.
func (c *Check) hintStart() []byte { return []byte(c.subject()) }

// report records a violation whose hint ends by showing x.
func (c *Check) report(keyword string, msg, hint []byte, x *Value) bool {
	return c.Report(keyword, string(msg), string(hint)+c.shown(x)+".")
}

// size records a size bound, keyword, that n fails.
func (c *Check) size(keyword string, n, limit int) bool {
	return c.Report(keyword, string(message.SizeMessage(nil, keyword, n, limit)), string(message.SizeHint(c.hintStart(), keyword, n, limit)))
}

// text is x's JSON text, as much of it as a message shows (see
// message.AppendValueText), or nothing when it is not shown.
func (c *Check) text(x *Value) []byte {
	if c.hidden(x) {
		return nil
	}
	return x.appendJSON(nil, message.ValueTextBytes)
}

// Count checks minItems/maxItems (noun "item") and minProperties/
// maxProperties (noun "property") against n; a bound below 0 is absent.
func (c *Check) Count(n, min, max int, noun string) bool {
	minKeyword, maxKeyword := "minItems", "maxItems"
	if noun == "property" {
		minKeyword, maxKeyword = "minProperties", "maxProperties"
	}
	switch {
	case min >= 0 && n < min:
		return c.size(minKeyword, n, min)
	case max >= 0 && n > max:
		return c.size(maxKeyword, n, max)
	}
	return true
}

// Evaluated records which members of an object, or items of an array, some
// keyword has evaluated successfully: what unevaluatedProperties and
// unevaluatedItems leave alone. A nil *Evaluated records nothing, so schema
// functions mark unconditionally and only pay when someone asks.
type Evaluated struct {
	marks []bool
}

// NewEvaluated returns an empty record for x's members or items.
func NewEvaluated(x *Value) *Evaluated {
	n := len(x.Members)
	if x.Kind == KindArray {
		n = len(x.Items)
	}
	return &Evaluated{marks: make([]bool, n)}
}

// Fork returns an empty record for the same value, to collect what one
// subschema evaluates before knowing whether it passes; nil for nil.
func (e *Evaluated) Fork() *Evaluated {
	if e == nil {
		return nil
	}
	return &Evaluated{marks: make([]bool, len(e.marks))}
}

// Merge adds what other evaluated.
func (e *Evaluated) Merge(other *Evaluated) {
	if e == nil || other == nil {
		return
	}
	for i, m := range other.marks {
		if m {
			e.marks[i] = true
		}
	}
}

// Mark records that member or item i was evaluated.
func (e *Evaluated) Mark(i int) {
	if e != nil {
		e.marks[i] = true
	}
}

// MarkFrom records that items from i on were evaluated.
func (e *Evaluated) MarkFrom(i int) {
	if e == nil {
		return
	}
	for ; i < len(e.marks); i++ {
		e.marks[i] = true
	}
}

// Has reports whether member or item i was evaluated.
func (e *Evaluated) Has(i int) bool { return e != nil && e.marks[i] }

// Checked reads the next value whole and checks it with check, a generated
// schema function, recording the violations at their places. It returns the
// value's JSON text and whether the value passed.
func (r *Reader) Checked(check SchemaFunc) (json.RawMessage, bool) {
	return r.checked(check, false)
}

// CheckedHoldingSecrets is Checked for a value whose schema marks a value
// somewhere inside it sensitive: which parts of it are, only the schema
// functions checking it know, so what reading it finds wrong (a name sent
// twice, a string over the limit) is reported at the value rather than
// where inside it it is.
func (r *Reader) CheckedHoldingSecrets(check SchemaFunc) (json.RawMessage, bool) {
	return r.checked(check, true)
}

func (r *Reader) checked(check SchemaFunc, secrets bool) (json.RawMessage, bool) {
	raw, ok := r.rawText(secrets)
	if !ok {
		return nil, false
	}
	return raw, r.checkRaw(raw, check, secrets)
}

// RawHoldingSecrets is Raw for a value whose schema marks a value somewhere
// inside it sensitive, read as text before the schemas that know which run
// (a union's alternatives): where the text breaks, if it does, might be
// inside a secret, so it is reported at the value, as CheckedHoldingSecrets
// reports it.
func (r *Reader) RawHoldingSecrets() (json.RawMessage, bool) { return r.rawText(true) }

// rawText reads the text of a value, holding secrets or not.
func (r *Reader) rawText(secrets bool) (json.RawMessage, bool) {
	if !secrets {
		return r.Raw()
	}
	// Where the text breaks, if it does, might be inside a secret.
	r.BeginSensitive()
	raw, ok := r.Raw()
	r.EndSensitive()
	return raw, ok
}

// checkRaw reads raw, the text of the value just read, whole and checks it.
func (r *Reader) checkRaw(raw json.RawMessage, check SchemaFunc, secrets bool) bool {
	s := r.Sub(raw)
	v, ok := s.readWhole(secrets)
	r.Adopt(s)
	if !ok || !s.Valid() {
		return false
	}
	return r.CheckValue(&v, check)
}
