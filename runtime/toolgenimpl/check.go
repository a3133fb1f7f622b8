package toolgenimpl

import (
	"encoding/json"
	"math/big"
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
	return string(message.AppendSubject(nil, c.path()))
}

// path renders the current location for hints, as the typed reader does.
func (c *Check) path() string {
	var b strings.Builder
	b.WriteString(c.prefixPath)
	for _, s := range c.steps {
		if s.index >= 0 {
			b.WriteString("[" + strconv.Itoa(s.index) + "]")
			continue
		}
		if b.Len() > 0 {
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

// Types is a set of JSON Schema type names, for the type keyword.
type Types uint8

// The JSON Schema types.
const (
	TypeNull Types = 1 << iota
	TypeBoolean
	TypeObject
	TypeArray
	TypeNumber
	TypeString
	TypeInteger
)

var typeNames = [...]string{"null", "boolean", "object", "array", "number", "string", "integer"}

// Has reports whether x is of one of the types.
func (t Types) Has(x *Value) bool {
	switch x.Kind {
	case KindNull:
		return t&TypeNull != 0
	case KindBool:
		return t&TypeBoolean != 0
	case KindObject:
		return t&TypeObject != 0
	case KindArray:
		return t&TypeArray != 0
	case KindString:
		return t&TypeString != 0
	case KindNumber:
		return t&TypeNumber != 0 || t&TypeInteger != 0 && x.IsInteger()
	}
	return false
}

func (t Types) String() string {
	var names []string
	for i, name := range typeNames {
		if t&(1<<i) != 0 {
			names = append(names, name)
		}
	}
	return message.Either(names)
}

// Type checks the type keyword.
func (c *Check) Type(x *Value, t Types) bool {
	if t.Has(x) {
		return true
	}
	expected := message.WithArticle(t.String())
	return c.Report("type", string(message.TypeMessage(nil, expected, false, kindOf(x))),
		string(message.TypeHint(c.hintStart(), expected, false))+c.shownWithArticle(x)+".")
}

func kindOf(x *Value) string {
	switch x.Kind {
	case KindNull:
		return "null"
	case KindBool:
		return "boolean"
	case KindNumber:
		return "number"
	case KindString:
		return "string"
	case KindArray:
		return "array"
	}
	return "object"
}

// False records that x meets the schema false, which nothing meets.
func (c *Check) False() bool {
	return c.Report("false", message.FalseMessage, c.subject()+message.FalseHint)
}

// Const checks the const keyword; want is the JSON text for hints.
func (c *Check) Const(x, value *Value, want string) bool {
	if x.Equal(value) {
		return true
	}
	return c.report("const", message.ConstMessage(nil, c.text(x), c.hidden(x), want), message.ConstHint(c.hintStart(), want), x)
}

// Enum checks the enum keyword; texts are the values' JSON texts for hints.
func (c *Check) Enum(x *Value, values []Value, texts string) bool {
	if len(values) == 0 {
		return c.Report("enum", message.EmptyEnumMessage, c.subject()+message.EmptyEnumHint)
	}
	for i := range values {
		if x.Equal(&values[i]) {
			return true
		}
	}
	allowed := []string{texts} // already joined as the list is
	return c.report("enum", message.EnumMessage(nil, c.text(x), c.hidden(x), allowed), message.EnumHint(c.hintStart(), allowed), x)
}

// Bound checks minimum, maximum, exclusiveMinimum and exclusiveMaximum on a
// number, exactly.
func (c *Check) Bound(x *Value, keyword, limit string) bool {
	cmp := compareNumbers(x.Text, limit)
	var ok bool
	switch keyword {
	case "minimum":
		ok = cmp >= 0
	case "maximum":
		ok = cmp <= 0
	case "exclusiveMinimum":
		ok = cmp > 0
	default:
		ok = cmp < 0
	}
	if ok {
		return true
	}
	return c.report(keyword, message.BoundMessage(nil, []byte(x.Text), c.sensitive > 0, keyword, limit), message.BoundHint(c.hintStart(), keyword, limit), x)
}

// MultipleOf checks the multipleOf keyword on a number, exactly.
func (c *Check) MultipleOf(x *Value, divisor *big.Rat, text string) bool {
	if multipleOf(x.Text, divisor) {
		return true
	}
	return c.report("multipleOf", message.BoundMessage(nil, []byte(x.Text), c.sensitive > 0, "multipleOf", text), message.BoundHint(c.hintStart(), "multipleOf", text), x)
}

// Length checks minLength (min >= 0) and maxLength (max >= 0) on a string,
// counting code points.
func (c *Check) Length(x *Value, min, max int) bool {
	n := RuneCount(x.Text)
	switch {
	case min >= 0 && n < min:
		return c.size("minLength", n, min)
	case max >= 0 && n > max:
		return c.size("maxLength", n, max)
	}
	return true
}

// Matcher is a compiled pattern: a *regexp.Regexp, a MatchFunc, or
// *Lookarounds.
type Matcher interface {
	MatchString(s string) bool
}

// MatchFunc is a generated function that decides a pattern with several
// regexps, as a Matcher.
type MatchFunc func(s string) bool

// MatchString reports whether s matches.
func (f MatchFunc) MatchString(s string) bool { return f(s) }

// Pattern checks the pattern keyword; source is the pattern as written.
func (c *Check) Pattern(x *Value, re Matcher, source string) bool {
	if re.MatchString(x.Text) {
		return true
	}
	return c.report("pattern", message.PatternMessage(nil, source), message.PatternHint(c.hintStart(), source), x)
}

// Format checks the format keyword with the named format's checker.
func (c *Check) Format(x *Value, name string, valid func(string) bool) bool {
	if valid(x.Text) {
		return true
	}
	return c.report("format", message.FormatMessage(nil, name), message.FormatHint(c.hintStart(), name), x)
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

// UniqueItems checks that no two items of an array are equal. Which ones
// are is not said of a sensitive array, nor of one that holds secrets: it
// would tell which secrets are equal.
func (c *Check) UniqueItems(x *Value) bool {
	for i := range x.Items {
		for j := i + 1; j < len(x.Items); j++ {
			if !x.Items[i].Equal(&x.Items[j]) {
				continue
			}
			if c.hidden(x) {
				return c.Report("uniqueItems", message.HiddenUniqueItemsMessage, c.subject()+message.HiddenUniqueItemsHint)
			}
			return c.Report("uniqueItems", string(message.UniqueItemsMessage(nil, i, j)), string(message.UniqueItemsHint(c.hintStart(), i, j)))
		}
	}
	return true
}

// Required checks that an object has each of the named members.
func (c *Check) Required(x *Value, names ...string) bool {
	ok := true
	for _, name := range names {
		if !x.Has(name) {
			ok = c.Report("required", string(message.RequiredMessage(nil, name)),
				string(message.RequiredHint([]byte(c.memberSubject(name))))) && ok
		}
	}
	return ok
}

// DependentRequired checks that an object with member present has the
// members it requires.
func (c *Check) DependentRequired(x *Value, present string, required ...string) bool {
	if !x.Has(present) {
		return true
	}
	ok := true
	for _, name := range required {
		if !x.Has(name) {
			ok = c.Report("dependentRequired", string(message.DependentRequiredMessage(nil, present, name)),
				string(message.DependentRequiredHint([]byte(c.memberSubject(name)), present))) && ok
		}
	}
	return ok
}

// memberSubject names the member called name of the current object, which
// may be absent; inside a sensitive value, below its position, it names
// nothing.
func (c *Check) memberSubject(name string) string {
	if c.below() {
		return message.InsideMember
	}
	c.Enter(name)
	s := string(message.AppendSubject(nil, c.path()))
	c.Leave()
	return s
}

// NotAllowed records that the current member is forbidden by keyword
// (additionalProperties or unevaluatedProperties, with the schema false).
// allowed lists the members the object takes, as the typed reader's hint
// lists them, when the names alone decide (additionalProperties beside
// properties only); it is nil when they do not (patternProperties,
// unevaluatedProperties), and the hint lists nothing. Inside a sensitive
// object the member's name is part of the secret, so the violation is
// reported at the object, without the name.
func (c *Check) NotAllowed(keyword string, allowed []string) bool {
	atMember := len(c.steps) > 0 && c.steps[len(c.steps)-1].index < 0
	var name string
	if atMember {
		name = c.steps[len(c.steps)-1].name
	}
	if c.sensitive > 0 && atMember {
		c.Leave()
		defer c.Enter(name)
		return c.Report(keyword, message.HiddenNotAllowedMessage, c.subject()+message.HiddenNotAllowedHint)
	}
	return c.Report(keyword, string(message.NotAllowedMessage(nil, []byte(name))),
		string(message.NotAllowedHint(c.hintStart(), allowed, allowed != nil)))
}

// ItemNotAllowed records that the current item is forbidden by keyword
// (items or unevaluatedItems, with the schema false).
func (c *Check) ItemNotAllowed(keyword string) bool {
	return c.Report(keyword, message.ItemNotAllowedMessage, c.subject()+message.ItemNotAllowedHint)
}

// PropertyName records that a member's name fails propertyNames, at the
// member. Inside a sensitive object the name is part of the secret and is
// reported as HiddenPropertyName does.
func (c *Check) PropertyName(name string) bool {
	if c.sensitive > 0 {
		return c.HiddenPropertyName()
	}
	c.Enter(name)
	defer c.Leave()
	return c.Report("propertyNames", message.PropertyNameMessage(name), c.subject()+message.PropertyNameHint)
}

// HiddenPropertyName records that a member's name fails propertyNames when
// the name must not be echoed (the propertyNames schema or the object is
// sensitive): the violation is at the object, and says only that some name
// is wrong, since the name, its pointer and its path would all quote it.
func (c *Check) HiddenPropertyName() bool {
	return c.Report("propertyNames", message.HiddenPropertyNameMessage, c.subject()+message.HiddenPropertyNameHint)
}

// Contains checks that between min and max items (max < 0: no limit) matched
// the contains schema.
func (c *Check) Contains(matched, min, max int) bool {
	switch {
	case matched < min:
		keyword := "minContains"
		if min == 1 {
			keyword = "contains"
		}
		return c.Report(keyword, message.FewContainsMessage(matched, min), string(message.FewContainsHint(c.hintStart(), matched, min)))
	case max >= 0 && matched > max:
		return c.Report("maxContains", message.ManyContainsMessage(matched, max), string(message.ManyContainsHint(c.hintStart(), matched, max)))
	}
	return true
}

// AnyOf records that x matches none of the alternatives of an anyOf. Each
// alternative is checked again, collecting its first violation, so that the
// hint says what each form lacks; valid values never pay for it.
func (c *Check) AnyOf(x *Value, alternatives ...SchemaFunc) bool {
	return c.union("anyOf", x, alternatives)
}

// OneOf records that x matches matched of the alternatives of a oneOf,
// rather than exactly one.
func (c *Check) OneOf(x *Value, matched int, alternatives ...SchemaFunc) bool {
	if matched == 0 {
		return c.union("oneOf", x, alternatives)
	}
	return c.Report("oneOf", string(message.ManyMessage(nil, matched)), string(message.ManyHint(c.hintStart())))
}

// union records that x matches none of the alternatives of keyword; code
// generated before Alternatives calls it, and each alternative is checked
// again for its first violation.
func (c *Check) union(keyword string, x *Value, alternatives []SchemaFunc) bool {
	if c.mode == discarding {
		return false
	}
	var alts Alternatives
	for _, alt := range alternatives {
		alts.tried++
		if _, hint, found := c.capture(alt, x, nil); found {
			alts.reasons = append(alts.reasons, reason{alts.tried, hint})
		}
	}
	return alts.none(c, keyword)
}

// Not records that x matches a schema it must not match.
func (c *Check) Not() bool {
	return c.Report("not", message.NotMessage, c.subject()+message.NotHint)
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
