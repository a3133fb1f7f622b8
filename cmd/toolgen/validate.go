package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/runtime"
)

func init() {
	commands["validate"] = command{"replay a log of tool calls (JSON Lines) against the catalog's schemas", validate}
}

// maxLogLine bounds one line of a call log.
const maxLogLine = 64 << 20

// validate replays a log of tool calls, one JSON object per line:
//
//	{"tool": "refund_payment", "arguments": {"paymentId": "pay_1", ...}}
//
// "arguments" may also be a JSON string holding the arguments' JSON text, as
// OpenAI logs them. Each call gets a verdict (valid, invalid with every
// violation, or unknown tool) and the run ends with a summary. It exits 1
// when any call is not valid.
//
// The arguments are checked as the generated code checks them, but by an
// interpreter: strict JSON first (the default options of jsontext, which
// refuse duplicate member names and invalid UTF-8), then the tool's schema
// with github.com/santhosh-tekuri/jsonschema/v6, formats asserted. The
// generated validators are compiled into the user's package, out of this
// command's reach; docs/DESIGN.md says where the two can differ.
func validate(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("toolgen validate", "usage: toolgen validate CATALOG CALLS.jsonl\n"+
		"CALLS.jsonl holds one {\"tool\": NAME, \"arguments\": {...}} per line; - reads standard input.", nil)
	if code, done := parseFlags(flags, args, []string{"CATALOG", "CALLS.jsonl"}, stdout, stderr); done {
		return code
	}
	catPath, logPath := flags.Arg(0), flags.Arg(1)

	cat, diags, ok := loadCatalog("toolgen validate", catPath, stderr)
	if !ok {
		return exitInvalid
	}
	if cat != nil {
		diags = diags.Merge(catalog.Lint(cat, catalog.LintOptions{}))
	}
	printDiagnostics(stderr, diags)
	if diags.HasErrors() {
		return exitInvalid
	}
	v, err := newCallValidator(cat)
	if err != nil {
		fmt.Fprintf(stderr, "toolgen validate: %v\n", err)
		return exitInvalid
	}

	var log io.Reader = os.Stdin
	if logPath != "-" {
		f, err := os.Open(logPath)
		if err != nil {
			fmt.Fprintf(stderr, "toolgen validate: %v\n", err)
			return exitInvalid
		}
		defer f.Close()
		log = f
	}
	var sum summary
	scanner := bufio.NewScanner(log)
	scanner.Buffer(nil, maxLogLine)
	for n := 1; scanner.Scan(); n++ {
		line := bytes.TrimSpace(scanner.Bytes())
		if len(line) == 0 {
			continue
		}
		vd := v.check(line)
		sum.add(vd)
		io.WriteString(stdout, vd.render(n))
	}
	if err := scanner.Err(); err != nil {
		fmt.Fprintf(stderr, "toolgen validate: reading %s: %v\n", logPath, err)
		return exitInvalid
	}
	fmt.Fprintln(stdout, sum)
	if sum.invalid > 0 || sum.unknown > 0 {
		return exitInvalid
	}
	return exitOK
}

// outcome is the class of a verdict.
type outcome int

const (
	valid outcome = iota
	invalid
	unknownTool
	badRecord // the log line is not a call record
)

// verdict is what became of one logged call.
type verdict struct {
	outcome    outcome
	tool       string
	violations []runtime.Violation // when invalid
	problem    string              // when badRecord
	known      []string            // when unknownTool: the catalog's tools
}

// render writes the verdict for log line n: one line, followed for an
// invalid call by one indented line per violation.
func (vd verdict) render(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "line %d: ", n)
	switch vd.outcome {
	case badRecord:
		fmt.Fprintf(&b, "invalid record: %s\n", vd.problem)
		return b.String()
	case valid:
		fmt.Fprintf(&b, "tool %q: valid\n", vd.tool)
		return b.String()
	case unknownTool:
		fmt.Fprintf(&b, "tool %q: unknown tool (the catalog has %s)\n", vd.tool, strings.Join(vd.known, ", "))
		return b.String()
	}
	fmt.Fprintf(&b, "tool %q: invalid: %d %s\n", vd.tool, len(vd.violations), plural(len(vd.violations), "violation"))
	for _, v := range vd.violations {
		fmt.Fprintf(&b, "    %s: %s: %s\n        hint: %s\n", displayPointer(v.Pointer), v.Keyword, v.Message, v.Hint)
	}
	return b.String()
}

// summary counts the verdicts.
type summary struct{ calls, valid, invalid, unknown int }

func (s *summary) add(vd verdict) {
	s.calls++
	switch vd.outcome {
	case valid:
		s.valid++
	case unknownTool:
		s.unknown++
	default:
		s.invalid++
	}
}

// String renders the summary line; a record that is not a call counts as
// an invalid call.
func (s summary) String() string {
	return fmt.Sprintf("%d %s: %d valid, %d invalid, %d unknown tool", s.calls, plural(s.calls, "call"), s.valid, s.invalid, s.unknown)
}

func plural(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}

func displayPointer(p string) string {
	if p == "" {
		return "/"
	}
	return p
}

// callValidator checks arguments against the catalog's input schemas.
type callValidator struct {
	schemas map[string]*jsonschema.Schema
	names   []string       // in catalog order
	docs    map[string]any // the schema documents, by URL, for sensitivePlaces
}

// newCallValidator compiles the input schema of every tool. Schemas are
// compiled as Lint compiles them: draft 2020-12 by default, formats
// asserted, and nothing loaded from files or the network.
func newCallValidator(cat *catalog.Catalog) (*callValidator, error) {
	v := &callValidator{schemas: map[string]*jsonschema.Schema{}, docs: map[string]any{}}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseLoader(noLoader{})
	c.AssertFormat()
	for i, t := range cat.Tools {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(t.InputSchema))
		if err != nil {
			return nil, fmt.Errorf("tool %q: %v", t.Name, err)
		}
		loc := fmt.Sprintf("https://toolgen.invalid/tools/%d/input.schema.json", i)
		if err := c.AddResource(loc, doc); err != nil {
			return nil, fmt.Errorf("tool %q: %v", t.Name, err)
		}
		v.docs[loc] = doc
		s, err := c.Compile(loc)
		if err != nil {
			return nil, fmt.Errorf("tool %q: %v", t.Name, err)
		}
		v.schemas[t.Name] = s
		v.names = append(v.names, t.Name)
	}
	return v, nil
}

// noLoader refuses every external reference: a catalog is self-contained.
type noLoader struct{}

func (noLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("%s: toolgen loads no schemas from files or the network", url)
}

// check judges one log line.
func (v *callValidator) check(line []byte) verdict {
	tool, args, problem := readRecord(line)
	if problem != "" {
		return verdict{outcome: badRecord, problem: problem}
	}
	s, ok := v.schemas[tool]
	if !ok {
		return verdict{outcome: unknownTool, tool: tool, known: v.names}
	}
	if viol := checkJSON(args); viol != nil {
		return verdict{outcome: invalid, tool: tool, violations: []runtime.Violation{*viol}}
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(args))
	if err != nil { // checkJSON accepted it; not expected
		return verdict{outcome: invalid, tool: tool, violations: []runtime.Violation{{Keyword: "json", Message: err.Error(),
			Hint: "The arguments are not valid JSON; send one well-formed JSON object."}}}
	}
	err = s.Validate(inst)
	if err == nil {
		return verdict{outcome: valid, tool: tool}
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return verdict{outcome: invalid, tool: tool, violations: []runtime.Violation{{Keyword: "schema", Message: err.Error(), Hint: err.Error()}}}
	}
	var vs []runtime.Violation
	places := (&sensitivePlaces{docs: v.docs}).find(s, inst)
	collectViolations(ve, inst, places, &vs)
	sort.SliceStable(vs, func(i, j int) bool {
		if vs[i].Pointer != vs[j].Pointer {
			return vs[i].Pointer < vs[j].Pointer
		}
		return vs[i].Keyword < vs[j].Keyword
	})
	return verdict{outcome: invalid, tool: tool, violations: vs}
}

// readRecord reads a log line {"tool": NAME, "arguments": ARGS}. ARGS is
// returned as JSON text: the value itself, or the text a JSON string holds.
// problem says why the line is not such a record.
func readRecord(line []byte) (tool string, args []byte, problem string) {
	if err := checkJSONText(line); err != nil {
		return "", nil, "the line is not valid JSON: " + strings.TrimPrefix(err.Error(), "jsontext: ")
	}
	dec := jsontext.NewDecoder(bytes.NewReader(line))
	if dec.PeekKind() != '{' {
		return "", nil, `the line is not a JSON object {"tool": ..., "arguments": ...}`
	}
	dec.ReadToken()
	var haveTool bool
	for dec.PeekKind() != '}' {
		name, _ := dec.ReadToken()
		key := name.String()
		value, _ := dec.ReadValue()
		switch key {
		case "tool":
			if value.Kind() != '"' {
				return "", nil, fmt.Sprintf(`"tool" must be a string, found %s`, value)
			}
			s, _ := jsontext.AppendUnquote(nil, value)
			tool, haveTool = string(s), true
		case "arguments":
			if value.Kind() == '"' {
				s, _ := jsontext.AppendUnquote(nil, value)
				args = s
			} else {
				args = bytes.Clone(value)
			}
		}
	}
	switch {
	case !haveTool:
		return "", nil, `the record has no "tool"`
	case args == nil:
		return "", nil, fmt.Sprintf(`the call of %q has no "arguments"`, tool)
	}
	return tool, args, ""
}

// checkJSONText reads one JSON value strictly, with jsontext's default
// options: RFC 8259 grammar, valid UTF-8, no duplicate member names, and
// nothing after the value.
func checkJSONText(text []byte) error {
	dec := jsontext.NewDecoder(bytes.NewReader(text))
	if _, err := dec.ReadValue(); err != nil {
		return err
	}
	if _, err := dec.ReadToken(); err != io.EOF {
		if err == nil {
			return errors.New("unexpected data after the JSON value")
		}
		return err
	}
	return nil
}

// checkJSON is checkJSONText for arguments: a problem is a violation.
func checkJSON(args []byte) *runtime.Violation {
	err := checkJSONText(args)
	if err == nil {
		return nil
	}
	var pointer string
	var se *jsontext.SyntacticError
	if errors.As(err, &se) {
		pointer = string(se.JSONPointer)
	}
	msg := strings.TrimPrefix(err.Error(), "jsontext: ")
	hint := "The arguments are not valid JSON (" + msg + "); send one well-formed JSON object."
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		hint = "The JSON arguments end too early, as if cut off; send the complete JSON object."
	case strings.Contains(msg, "duplicate"):
		hint = "A field appears more than once; send each field once."
	case strings.Contains(msg, "UTF-8"):
		hint = "The arguments contain bytes that are not valid UTF-8; send text as valid UTF-8 JSON strings."
	}
	return &runtime.Violation{Pointer: pointer, Keyword: "json", Message: msg, Hint: hint}
}

// collectViolations flattens a jsonschema error tree into violations: the
// nodes that only group others (the root, $ref, allOf, a group of sibling
// failures) are looked through; every other node is one violation, so that
// a failed anyOf, oneOf, not or contains is reported once, not once per
// branch. Messages and hints follow the wording of the generated
// validators where they have one. A value at one of the sensitive places, or
// inside one, is not shown.
func collectViolations(e *jsonschema.ValidationError, inst any, places map[string]bool, out *[]runtime.Violation) {
	switch e.ErrorKind.(type) {
	case *kind.Schema, *kind.Group, *kind.Reference, *kind.AllOf:
		for _, c := range e.Causes {
			collectViolations(c, inst, places, out)
		}
		return
	}
	loc := e.InstanceLocation
	secret := hidden(places, loc)
	// shown renders the value for a hint and text for a message.
	shown, text := show, show
	if secret {
		shown = func(any) string { return hiddenShown }
		text = func(any) string { return hiddenText }
	}
	subject := subjectOf(loc, inst)
	keyword := "schema"
	if path := e.ErrorKind.KeywordPath(); len(path) > 0 {
		keyword = path[len(path)-1]
	}
	add := func(msg, hint string) {
		*out = append(*out, runtime.Violation{Pointer: pointerOf(loc), Keyword: keyword, Message: msg, Hint: hint})
	}
	// member adds a violation about member name of the object at loc.
	member := func(name, msg, hint string) {
		*out = append(*out, runtime.Violation{Pointer: pointerOf(append(loc[:len(loc):len(loc)], name)), Keyword: keyword, Message: msg, Hint: hint})
	}
	bound := func(what, must string, got, limit *big.Rat) {
		gotText, gotShown := ratText(got), ratText(got)
		if secret {
			gotText, gotShown = hiddenText, hiddenShown
		}
		add(gotText+" is "+what+" "+ratText(limit), fmt.Sprintf("%s %s %s; got %s.", subject, must, ratText(limit), gotShown))
	}
	switch k := e.ErrorKind.(type) {
	case *kind.Type:
		add(fmt.Sprintf("expected %s, got %s", strings.Join(k.Want, " or "), k.Got),
			fmt.Sprintf("%s must be %s, got %s.", subject, withArticles(k.Want), withArticle(k.Got)))
	case *kind.Required:
		// At the object, as the generated validators report it.
		for _, name := range k.Missing {
			add(fmt.Sprintf("missing required property %q", name), fmt.Sprintf("%s is required but missing.", memberSubject(loc, inst, name)))
		}
	case *kind.DependentRequired:
		for _, name := range k.Missing {
			add(fmt.Sprintf("property %q requires property %q", k.Prop, name),
				fmt.Sprintf("%s is required when %q is given.", memberSubject(loc, inst, name), k.Prop))
		}
	case *kind.AdditionalProperties:
		if namesHidden(places, loc) {
			// The names are part of the sensitive value: at the object.
			add("a property is not allowed", subject+" has a property that is not allowed here; remove it.")
			break
		}
		for _, name := range k.Properties {
			member(name, fmt.Sprintf("property %q is not allowed", name), fmt.Sprintf("%s is not allowed here; remove it.", memberSubject(loc, inst, name)))
		}
	case *kind.PropertyNames:
		if nameHidden(places, loc, k.Property) {
			add("a property name is not allowed", subject+" has a property name that is not allowed here; rename or remove that property.")
			break
		}
		member(k.Property, fmt.Sprintf("property name %q is not allowed", k.Property), fmt.Sprintf("%s has a name that is not allowed here; rename or remove it.", memberSubject(loc, inst, k.Property)))
	case *kind.Enum:
		add(fmt.Sprintf("value %s is not one of %s", text(k.Got), showValues(k.Want)),
			fmt.Sprintf("%s must be one of %s; got %s.", subject, showValues(k.Want), shown(k.Got)))
	case *kind.Const:
		add(fmt.Sprintf("value %s is not %s", text(k.Got), show(k.Want)),
			fmt.Sprintf("%s must be exactly %s; got %s.", subject, show(k.Want), shown(k.Got)))
	case *kind.Minimum:
		bound("less than minimum", "must be at least", k.Got, k.Want)
	case *kind.ExclusiveMinimum:
		bound("not greater than exclusiveMinimum", "must be greater than", k.Got, k.Want)
	case *kind.Maximum:
		bound("greater than maximum", "must be at most", k.Got, k.Want)
	case *kind.ExclusiveMaximum:
		bound("not less than exclusiveMaximum", "must be less than", k.Got, k.Want)
	case *kind.MultipleOf:
		bound("not a multiple of", "must be a multiple of", k.Got, k.Want)
	case *kind.MinLength:
		add(fmt.Sprintf("length %d is less than %d", k.Got, k.Want),
			fmt.Sprintf("%s must be at least %d %s long; got %d.", subject, k.Want, plural(k.Want, "character"), k.Got))
	case *kind.MaxLength:
		add(fmt.Sprintf("length %d is more than %d", k.Got, k.Want),
			fmt.Sprintf("%s must be at most %d %s long; got %d.", subject, k.Want, plural(k.Want, "character"), k.Got))
	case *kind.Pattern:
		add(fmt.Sprintf("does not match pattern %q", k.Want),
			fmt.Sprintf("%s must match the regular expression %s; got %s.", subject, k.Want, shown(k.Got)))
	case *kind.Format:
		msg := "is not a valid " + k.Want
		if k.Err != nil && !secret { // the reason may quote the value
			msg += ": " + k.Err.Error()
		}
		add(msg, fmt.Sprintf("%s must be a valid %s; got %s.", subject, k.Want, shown(k.Got)))
	case *kind.MinItems:
		add(fmt.Sprintf("%d items, fewer than %d", k.Got, k.Want),
			fmt.Sprintf("%s must have at least %d %s; got %d.", subject, k.Want, plural(k.Want, "item"), k.Got))
	case *kind.MaxItems:
		add(fmt.Sprintf("%d items, more than %d", k.Got, k.Want),
			fmt.Sprintf("%s must have at most %d %s; got %d.", subject, k.Want, plural(k.Want, "item"), k.Got))
	case *kind.UniqueItems:
		add(fmt.Sprintf("items %d and %d are equal", k.Duplicates[0], k.Duplicates[1]),
			fmt.Sprintf("%s must not repeat items; items %d and %d are equal.", subject, k.Duplicates[0], k.Duplicates[1]))
	case *kind.MinProperties:
		add(fmt.Sprintf("%d properties, fewer than %d", k.Got, k.Want),
			fmt.Sprintf("%s must have at least %d %s; got %d.", subject, k.Want, plural(k.Want, "field"), k.Got))
	case *kind.MaxProperties:
		add(fmt.Sprintf("%d properties, more than %d", k.Got, k.Want),
			fmt.Sprintf("%s must have at most %d %s; got %d.", subject, k.Want, plural(k.Want, "field"), k.Got))
	case *kind.FalseSchema:
		keyword = "false"
		add("no value is allowed here", fmt.Sprintf("%s is not allowed here; remove it.", subject))
	case *kind.AnyOf:
		keyword = "anyOf"
		add("matches none of the alternatives", fmt.Sprintf("%s must match at least one of the allowed shapes; it matches none.", subject))
	case *kind.OneOf:
		keyword = "oneOf"
		if len(k.Subschemas) > 1 {
			add(fmt.Sprintf("matches alternatives %d and %d, not exactly one", k.Subschemas[0], k.Subschemas[1]),
				fmt.Sprintf("%s must match exactly one of the allowed shapes; it matches more than one.", subject))
		} else {
			add("matches none of the alternatives, not exactly one", fmt.Sprintf("%s must match exactly one of the allowed shapes; it matches none.", subject))
		}
	case *kind.Not:
		keyword = "not"
		add("matches the schema under \"not\"", fmt.Sprintf("%s has a value that is not allowed here.", subject))
	case *kind.Contains:
		add("no item matches \"contains\"", fmt.Sprintf("%s must have an item of the required shape; it has none.", subject))
	default:
		add(fmt.Sprintf("fails %q", keyword), fmt.Sprintf("%s does not match the tool's schema (%s).", subject, keyword))
	}
}

// pointerOf renders an instance location as a JSON Pointer.
func pointerOf(loc []string) string {
	var b strings.Builder
	for _, tok := range loc {
		b.WriteByte('/')
		b.WriteString(strings.NewReplacer("~", "~0", "/", "~1").Replace(tok))
	}
	return b.String()
}

// pathOf renders an instance location as the generated hints do: members
// joined by dots, array indexes in brackets (items[3].qty).
func pathOf(loc []string, inst any) string {
	var b strings.Builder
	v := inst
	for _, tok := range loc {
		switch x := v.(type) {
		case []any:
			b.WriteString("[" + tok + "]")
			if i, err := strconv.Atoi(tok); err == nil && i >= 0 && i < len(x) {
				v = x[i]
			}
		default:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(shownName(tok))
			if m, ok := x.(map[string]any); ok {
				v = m[tok]
			}
		}
	}
	return b.String()
}

// subjectOf names the value at loc at the start of a hint.
func subjectOf(loc []string, inst any) string {
	if p := pathOf(loc, inst); p != "" {
		return "Field " + strconv.Quote(p)
	}
	return "The arguments"
}

// memberSubject names member name of the object at loc.
func memberSubject(loc []string, inst any, name string) string {
	if p := pathOf(loc, inst); p != "" {
		return "Field " + strconv.Quote(p+"."+shownName(name))
	}
	return "Field " + strconv.Quote(shownName(name))
}

// shownName is as much of a member name as a hint shows, the first 64
// characters, as the generated validators' hints show it: a name the model
// made up can be as long as the arguments.
func shownName(name string) string {
	if len(name) <= 64 { // no more characters than bytes
		return name
	}
	if r := []rune(name); len(r) > 64 {
		return string(r[:64]) + "…"
	}
	return name
}

// show renders a decoded JSON value for a hint, shortened when long.
func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	s := string(b)
	if r := []rune(s); len(r) > 60 {
		s = string(r[:57]) + "..."
	}
	return s
}

// showValues renders allowed values.
func showValues(vs []any) string {
	var parts []string
	for _, v := range vs {
		parts = append(parts, show(v))
	}
	return strings.Join(parts, ", ")
}

// withArticle names a JSON type with its article: "a string", "an object".
func withArticle(t string) string {
	if t == "" || t == "null" {
		return t
	}
	switch t[0] {
	case 'a', 'e', 'i', 'o', 'u':
		return "an " + t
	}
	return "a " + t
}

func withArticles(ts []string) string {
	var parts []string
	for _, t := range ts {
		parts = append(parts, withArticle(t))
	}
	return strings.Join(parts, " or ")
}

// ratText renders a number exactly: as a decimal when it has a finite one,
// else as a fraction.
func ratText(r *big.Rat) string {
	if r == nil {
		return "?"
	}
	if r.IsInt() {
		return r.Num().String()
	}
	// A fraction in lowest terms has a finite decimal expansion when its
	// denominator has no prime factors but 2 and 5; it needs as many
	// digits as the larger of the two exponents.
	d := new(big.Int).Set(r.Denom())
	digits := 0
	for _, p := range []int64{2, 5} {
		n, rem := 0, new(big.Int)
		for {
			q, m := new(big.Int).QuoRem(d, big.NewInt(p), rem)
			if m.Sign() != 0 {
				break
			}
			d, n = q, n+1
		}
		digits = max(digits, n)
	}
	if d.Cmp(big.NewInt(1)) != 0 {
		return r.RatString()
	}
	return r.FloatString(digits)
}
