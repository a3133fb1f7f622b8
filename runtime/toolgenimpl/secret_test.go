package toolgenimpl

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/runtime"

	"github.com/go-json-experiment/json/jsontext"
)

// readAny reads any value as a reader generated for a schema of integers
// at every depth would: objects and arrays of any shape, each member and
// item checked, a name sent twice reported, and every leaf an integer. At
// each container, route picks how it is read (see readVia), so that the
// problems inside come through every path a generated reader takes.
func readAny(r *Reader, route uint64) {
	readVia(r, route, func(r *Reader) {
		switch r.Kind() {
		case KindObject:
			r.BeginObject()
			var names Names
			for r.More() {
				if name := r.Name(); !names.Add(name) {
					r.Duplicate(string(name))
					continue
				}
				readAny(r, route>>2)
			}
			r.EndObject()
		case KindArray:
			r.BeginArray()
			for r.More() {
				readAny(r, route>>2)
			}
			r.EndArray()
		default:
			r.Int()
		}
	})
}

// readVia reads the next value with read, or, by the two low bits of
// route, with a schema function over the value read whole (Checked) or
// with a sub-reader (Sub and Adopt), as generated readers of unions and
// of keywords the typed reader leaves to schema functions do.
func readVia(r *Reader, route uint64, read func(r *Reader)) {
	switch k := r.Kind(); {
	case k != KindObject && k != KindArray || route&3 == 0:
		read(r)
	case route&3 == 1:
		r.Checked(func(c *Check, x *Value, _ *Evaluated) bool { return checkAny(c, x) })
	default:
		if raw, ok := r.Raw(); ok {
			s := r.Sub(raw)
			read(s)
			r.Adopt(s)
		}
	}
}

// checkAny is readAny as a schema function checks it.
func checkAny(c *Check, x *Value) bool {
	ok := true
	switch x.Kind {
	case KindObject:
		for i := range x.Members {
			c.Enter(x.Members[i].Name)
			ok = checkAny(c, &x.Members[i].Value) && ok
			c.Leave()
		}
	case KindArray:
		for i := range x.Items {
			c.EnterItem(i)
			ok = checkAny(c, &x.Items[i]) && ok
			c.Leave()
		}
	default:
		ok = c.Type(x, TypeInteger)
	}
	return ok
}

// readArgsWith reads the arguments object, each member with the reader
// read gives for its name, the one named "s" between BeginSensitive and
// EndSensitive.
func readArgsWith(r *Reader, read func(name string) func(r *Reader)) {
	if !r.BeginObject() {
		return
	}
	for r.More() {
		name := string(r.Name())
		if name == "s" {
			r.BeginSensitive()
		}
		read(name)(r)
		if name == "s" {
			r.EndSensitive()
		}
	}
	r.EndObject()
}

// insideCase reads "s", a sensitive value with something wrong inside it,
// and "p", the same shape but plain, with the same reader. Secret is in every
// member name and value inside "s", Plain in those of "p".
type insideCase struct {
	name string
	args string // "s" and "p"
	read func(r *Reader)
	opts runtime.Options
	// keywords are those the one violation at /s lists, count how many
	// problems it stands for; count 0 means a violation at /s itself, not
	// one standing for problems inside (a syntax error, a union, ...).
	keywords []string
	count    int
	// plainBelow says the plain value's problems are below /p, naming
	// Plain, so that the case can tell redaction from silence.
	plainBelow bool
	// shownPlain is said of the plain value and must not be of the
	// sensitive one (which items of an array are equal).
	shownPlain string
}

const (
	secretMember = "S3CR3TNAME"
	plainMember  = "PLAINNAME"
)

// insideCases covers each way a problem inside a sensitive value is found:
// by the typed reader at any depth, a sub-reader, a schema function (run
// on the value or on a member inside it), a union's alternatives, a
// discriminator, a limit, a name, and text that breaks off.
func insideCases() []insideCase {
	ints := func(r *Reader) { readAny(r, 0) }
	with := func(route uint64) func(r *Reader) { return func(r *Reader) { readAny(r, route) } }
	intOrBool := readUnion(func(r *Reader, _ int, failures []runtime.Violation) { r.AnyOf(2, failures) },
		func(r *Reader) { r.Int() }, func(r *Reader) { r.Bool() })
	objectOf := func(read func(r *Reader)) func(r *Reader) {
		return func(r *Reader) {
			if r.BeginObject() {
				for r.More() {
					r.Name()
					read(r)
				}
				r.EndObject()
			}
		}
	}
	tagged := func(r *Reader) {
		if text, ok := r.Raw(); ok {
			r.Discriminate(text, "kind", []string{"card"})
		}
	}
	strings3 := objectOf(func(r *Reader) { r.String() })
	return []insideCase{
		{name: "member", args: `{"s":{"NAME":"NAMEx"},"p":{"NAME":"NAMEx"}}`, read: ints,
			keywords: []string{"type"}, count: 1, plainBelow: true},
		{name: "members and items, nested", args: `{"s":{"NAME":[1,"NAMEx",{"NAME2":true}],"NAME3":{"NAME4":[[null]]}},"p":{"NAME":[1,"NAMEx",{"NAME2":true}],"NAME3":{"NAME4":[[null]]}}}`,
			read: ints, keywords: []string{"type"}, count: 3, plainBelow: true},
		{name: "items of a sensitive array", args: `{"s":[1,2,"NAMEx"],"p":[1,2,"NAMEx"]}`, read: ints,
			keywords: []string{"type"}, count: 1, plainBelow: true},
		{name: "sub-readers and schema functions", args: `{"s":{"NAME":{"NAME2":["NAMEx",{"NAME3":false}]}},"p":{"NAME":{"NAME2":["NAMEx",{"NAME3":false}]}}}`,
			read: with(0b10_01_10_01), keywords: []string{"type"}, count: 2, plainBelow: true},
		{name: "schema function on the value", args: `{"s":{"NAME":{"NAME2":"NAMEx"}},"p":{"NAME":{"NAME2":"NAMEx"}}}`,
			read: with(1), keywords: []string{"type"}, count: 1, plainBelow: true},
		{name: "a name twice and a wrong leaf", args: `{"s":{"NAME":{"NAME2":1,"NAME2":2},"NAME3":"x"},"p":{"NAME":{"NAME2":1,"NAME2":2},"NAME3":"x"}}`,
			read: ints, keywords: []string{"json", "type"}, count: 2, plainBelow: true},
		{name: "member not allowed", args: `{"s":{"NAME":{"NAME2":1}},"p":{"NAME":{"NAME2":1}}}`,
			read: objectOf(readMembers(nil)), keywords: []string{"additionalProperties"}, count: 1, plainBelow: true},
		{name: "required member", args: `{"s":{"NAME":{}},"p":{"NAME":{}}}`,
			read: objectOf(readObject(func(r *Reader, _ map[string]bool) { r.Required("need") })), keywords: []string{"required"}, count: 1, plainBelow: true},
		{name: "union inside", args: `{"s":{"NAME":"NAMEx"},"p":{"NAME":"NAMEx"}}`,
			read: objectOf(intOrBool), keywords: []string{"anyOf"}, count: 1, plainBelow: true},
		{name: "union at the value", args: `{"s":{"NAME":"NAMEx"},"p":{"NAME":"NAMEx"}}`,
			read: readUnion(func(r *Reader, _ int, failures []runtime.Violation) { r.AnyOf(2, failures) },
				ints, func(r *Reader) { r.Bool() }),
			keywords: []string{"anyOf"}},
		{name: "discriminator inside", args: `{"s":{"NAME":{"kind":"NAMEx"}},"p":{"NAME":{"kind":"NAMEx"}}}`,
			read: objectOf(tagged), keywords: []string{"enum"}, count: 1, plainBelow: true},
		{name: "discriminator at the value", args: `{"s":{"kind":"NAMEx"},"p":{"kind":"NAMEx"}}`,
			read: tagged, keywords: []string{"enum"}, count: 1, plainBelow: true},
		{name: "string too long", args: `{"s":{"NAME":"NAMEx"},"p":{"NAME":"NAMEx"}}`, opts: runtime.Options{MaxStringLength: 3},
			read: strings3, keywords: []string{"limit"}, count: 1, plainBelow: true},
		{name: "array too long", args: `{"s":{"NAME":[1,2,3]},"p":{"NAME":[1,2,3]}}`, opts: runtime.Options{MaxArrayLength: 2},
			read: ints, keywords: []string{"limit"}, count: 1},
		{name: "uniqueItems", args: `{"s":["NAMEx","NAMEx"],"p":["NAMEx","NAMEx"]}`,
			read: func(r *Reader) {
				if r.BeginArray() {
					for r.More() {
						r.String()
					}
					r.EndArray()
					r.UniqueItems(0, 1)
				}
			},
			keywords: []string{"uniqueItems"}, shownPlain: "items 0 and 1"},
		{name: "too deep", args: `{"p":{"NAME":[1]},"s":{"NAME":[[[[1]]]]}}`, opts: runtime.Options{MaxDepth: 4},
			read: ints, keywords: []string{"limit"}},
		{name: "cut off", args: `{"p":{"NAME":"NAMEx"},"s":{"NAME":[1,{"NAME2":tru`, read: ints, keywords: []string{"json"}},
		{name: "not JSON", args: `{"p":{"NAME":"NAMEx"},"s":{"NAME":{"NAME2":1 "NAMEx"}}}`, read: ints, keywords: []string{"json"}},
		{name: "lone surrogate", args: `{"p":{"NAME":"NAMEx"},"s":{"NAME":{"NAME2":"\ud800NAMEx"}}}`, read: ints, keywords: []string{"json"}},
	}
}

// TestSecretsStayInside reads, for each way a problem inside a sensitive
// value is found, a sensitive value and a plain one of the same shape:
// the sensitive one gets one violation at its own pointer, listing the
// keywords and counting the problems, and no text of the error names a
// member or an item inside it; the plain one's problems are at their own
// pointers, naming their members.
func TestSecretsStayInside(t *testing.T) {
	for _, c := range insideCases() {
		t.Run(c.name, func(t *testing.T) {
			args := nameValues(c.args)
			r := NewReader([]byte(args), c.opts)
			readArgsWith(r, func(string) func(r *Reader) { return c.read })
			err := r.Finish("t")
			var ve *runtime.ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("no violations: %v", err)
			}
			checkNothingInside(t, "/s", err, secretMember)
			var at []runtime.Violation
			plainBelow := false
			for _, v := range ve.Violations {
				switch {
				case v.Pointer == "/s":
					at = append(at, v)
				case strings.HasPrefix(v.Pointer, "/p/"):
					plainBelow = plainBelow || strings.Contains(v.Pointer+v.Hint, plainMember)
				case v.Pointer == "/p" && c.shownPlain != "" && !strings.Contains(v.Message+v.Hint, c.shownPlain):
					t.Errorf("the plain value's violation does not say %q: %+v", c.shownPlain, v)
				}
			}
			if len(at) != 1 {
				t.Fatalf("%d violations at /s, want 1: %+v", len(at), ve.Violations)
			}
			v := at[0]
			if c.shownPlain != "" && strings.Contains(v.Message+v.Hint, c.shownPlain) {
				t.Errorf("the sensitive value's violation says %q: %+v", c.shownPlain, v)
			}
			if v.Keyword != c.keywords[0] {
				t.Errorf("keyword %q, want %q", v.Keyword, c.keywords[0])
			}
			if c.count > 0 {
				want := fmt.Sprintf("%d problem", c.count)
				if !strings.HasPrefix(v.Message, want) || !strings.HasSuffix(v.Message, ": "+strings.Join(c.keywords, ", ")) {
					t.Errorf("message %q, want %d problems of %v", v.Message, c.count, c.keywords)
				}
				if !strings.Contains(v.Hint, `"s"`) || !strings.Contains(v.Hint, "inside it") {
					t.Errorf("the hint does not name the value and what is wrong inside it: %q", v.Hint)
				}
			}
			if c.plainBelow && !plainBelow {
				t.Errorf("the plain value's problems do not name its members: %+v", ve.Violations)
			}
		})
	}
}

// nameValues puts the secret in the names and strings of the value of
// every top-level member "s", and the plain marker everywhere else: NAME
// in the text stands for either. The text is scanned as the reader reads
// it, so that whatever a fuzzer sends, the secret lands only where the
// reader sees a sensitive value: a NAME member beside "s", or text after
// the arguments end, is plain.
func nameValues(args string) string {
	var b strings.Builder
	at := 0
	for _, span := range sensitiveSpans(args) {
		b.WriteString(strings.ReplaceAll(args[at:span[0]], "NAME", plainMember))
		b.WriteString(strings.ReplaceAll(args[span[0]:span[1]], "NAME", secretMember))
		at = span[1]
	}
	b.WriteString(strings.ReplaceAll(args[at:], "NAME", plainMember))
	return b.String()
}

// sensitiveSpans returns where the values of args' top-level members
// named "s" lie, as byte ranges. It reads as far as the top-level object
// goes, loosely: text a reader stops at is never read inside a value.
func sensitiveSpans(args string) [][2]int {
	var spans [][2]int
	text := strings.TrimLeft(args, " \t\r\n")
	if !strings.HasPrefix(text, "{") {
		return nil
	}
	depth, open, wantName := 0, -1, false
	closeSpan := func(end int) {
		if open >= 0 {
			spans = append(spans, [2]int{open, end})
			open = -1
		}
	}
	for i := len(args) - len(text); i < len(args); i++ {
		switch args[i] {
		case '"':
			end := i + 1
			for end < len(args) && args[end] != '"' {
				if args[end] == '\\' {
					end++
				}
				end++
			}
			end = min(end+1, len(args))
			var name string
			if depth == 1 && wantName && json.Unmarshal([]byte(args[i:end]), &name) == nil && name == "s" {
				open = end
			}
			wantName = false
			i = end - 1
		case '{', '[':
			depth++
			wantName = depth == 1
		case '}', ']':
			if depth == 1 {
				closeSpan(i)
				return spans
			}
			depth--
		case ',':
			if depth == 1 {
				closeSpan(i)
				wantName = true
			}
		}
	}
	closeSpan(len(args))
	return spans
}

// checkNothingInside fails if any text of err, in any form it is given
// out in, holds one of hidden, or any violation is below at.
func checkNothingInside(t *testing.T, at string, err error, hidden ...string) {
	t.Helper()
	var ve *runtime.ValidationError
	errors.As(err, &ve)
	report, _ := json.Marshal(runtime.Report(err))
	compact, _ := json.Marshal(runtime.Report(err).Compact())
	texts := map[string]string{"Error()": err.Error(), "ModelMessage": runtime.ModelMessage(err),
		"Report": string(report), "Report(err).Compact()": string(compact)}
	for where, text := range texts {
		for _, h := range hidden {
			if strings.Contains(text, h) {
				t.Errorf("%s shows %q:\n%s", where, h, text)
			}
		}
	}
	path := strings.TrimPrefix(at, "/")
	for _, v := range ve.Violations {
		if strings.HasPrefix(v.Pointer, at+"/") || path != "" && regexp.MustCompile(regexp.QuoteMeta(`"`+path)+`[.\[]`).MatchString(v.Hint) {
			t.Errorf("a violation names what is inside %s: %+v", at, v)
		}
	}
}

// TestSecretsStayInsideCounted checks that a violation standing for
// problems inside a sensitive value counts as one towards MaxViolations,
// before and after a plain value's many, and that the call stays invalid
// when its only problems are inside one.
func TestSecretsStayInsideCounted(t *testing.T) {
	many := "[" + strings.Repeat(`"x",`, runtime.MaxViolations+9) + `"x"]` // MaxViolations+10 problems
	secrets := `{"` + secretMember + `":"a","b` + secretMember + `":"b"}`
	for _, args := range []string{
		`{"p":` + many + `,"s":` + secrets + `}`,
		`{"s":` + secrets + `,"p":` + many + `}`,
		`{"s":` + secrets + `}`,
	} {
		r := NewReader([]byte(args))
		readArgsWith(r, func(string) func(r *Reader) { return func(r *Reader) { readAny(r, 0) } })
		if r.Valid() {
			t.Fatalf("%s: valid", args)
		}
		err := r.Finish("t")
		var ve *runtime.ValidationError
		if !errors.As(err, &ve) {
			t.Fatalf("%s: %v", args, err)
		}
		checkNothingInside(t, "/s", err, secretMember)
		want := 1
		if strings.Contains(args, `"p"`) {
			want += runtime.MaxViolations + 10
		}
		if got := len(ve.Violations) + ve.Omitted; got != want || len(ve.Violations) > runtime.MaxViolations {
			t.Errorf("%.20s…: %d listed and %d omitted, want %d in all", args, len(ve.Violations), ve.Omitted, want)
		}
	}
}

// TestCheckSecretsStayInside checks a schema function on its own: the
// problems inside a sensitive value are one violation at it, when its
// bracket ends, and a union at it says why each form failed without
// naming anything inside.
func TestCheckSecretsStayInside(t *testing.T) {
	x := MustParseValue(`{"s":{"` + secretMember + `":[true,"a"]},"p":{"` + plainMember + `":"b"}}`)
	var c Check
	for _, m := range []string{"s", "p"} {
		c.Enter(m)
		if m == "s" {
			c.BeginSensitive()
		}
		checkAny(&c, x.Member(m))
		c.AnyOf(x.Member(m), func(c *Check, x *Value, _ *Evaluated) bool { return checkAny(c, x) }, typeIs(TypeBoolean))
		if m == "s" {
			c.EndSensitive()
		}
		c.Leave()
	}
	vs := c.Violations()
	var pointers []string
	for _, v := range vs {
		pointers = append(pointers, v.Pointer+" "+v.Keyword)
		if strings.Contains(v.Pointer+v.Message+v.Hint, secretMember) || strings.HasPrefix(v.Pointer, "/s/") {
			t.Errorf("names what is inside /s: %+v", v)
		}
	}
	if want := "[/s anyOf /s type /p/PLAINNAME type /p anyOf]"; fmt.Sprint(pointers) != want {
		t.Errorf("violations at %v, want %s", pointers, want)
	}
	if len(vs) == 4 && (!strings.Contains(vs[1].Message, "2 problems") || !strings.Contains(vs[0].Hint, "form 1: 2 problems inside field \"s\"")) {
		t.Errorf("the count or the union's reason is missing:\n%+v\n%+v", vs[0], vs[1])
	}
}

// FuzzSecretsStayInside reads any JSON value as a sensitive member, by
// every path a generated reader takes (route) and by a schema function,
// and checks that nothing of what is inside it shows: every violation is
// at the member itself, and renaming every member inside (consistently, so
// that a name sent twice still is) changes no word of the error.
func FuzzSecretsStayInside(f *testing.F) {
	for _, seed := range []string{`{"a":"x"}`, `[1,"x",{"k":{"k":[true]}}]`, `{"a":1,"a":"x","b":[{"c":null}]}`,
		`{"k":{"k2":[[[["x"]]]]}}`, `"x"`, `{"a\u0041":"\ud83d\ude00","~/":{"":[]}}`} {
		f.Add(seed, uint64(0))
		f.Add(seed, uint64(0b10_01_10))
	}
	f.Fuzz(func(t *testing.T, value string, route uint64) {
		renamed, ok := renameMembers(value)
		if !ok {
			return
		}
		outputs := func(v string) (typed, schema string) {
			args := []byte(`{"s":` + v + `}`)
			r := NewReader(args)
			readArgsWith(r, func(string) func(r *Reader) { return func(r *Reader) { readAny(r, route) } })
			typed = describeError(t, r.Finish("t"))
			schema = describeError(t, ValidateJSONHoldingSecrets("t", args, func(c *Check, x *Value, _ *Evaluated) bool {
				c.Enter("s")
				defer c.Leave()
				c.BeginSensitive()
				defer c.EndSensitive()
				return checkAny(c, x.Member("s"))
			}))
			return typed, schema
		}
		typed, schema := outputs(value)
		renamedTyped, renamedSchema := outputs(renamed)
		if typed != renamedTyped {
			t.Errorf("the typed reader's error depends on the names inside:\n%s\n%s", typed, renamedTyped)
		}
		if schema != renamedSchema {
			t.Errorf("the schema function's error depends on the names inside:\n%s\n%s", schema, renamedSchema)
		}
	})
}

// describeError renders every text of err the model, a log or a program
// can see, and fails if a violation is below /s.
func describeError(t *testing.T, err error) string {
	t.Helper()
	if err == nil {
		return "valid"
	}
	var ve *runtime.ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("not a validation error: %v", err)
	}
	for _, v := range ve.Violations {
		if v.Pointer != "/s" && v.Pointer != "" {
			t.Errorf("a violation below the sensitive value: %+v", v)
		}
	}
	compact, _ := json.Marshal(runtime.Report(err).Compact())
	return err.Error() + "\n" + runtime.ModelMessage(err) + "\n" + string(compact)
}

// renameMembers returns the JSON text value with every member name
// replaced by n0, n1, ... in the order first met, the same name by the same
// one; false if value is not one JSON value.
func renameMembers(value string) (string, bool) {
	if !jsontext.Value(value).IsValid(jsontext.AllowDuplicateNames(true)) {
		return "", false
	}
	dec := jsontext.NewDecoder(strings.NewReader(value), jsontext.AllowDuplicateNames(true))
	var out bytes.Buffer
	enc := jsontext.NewEncoder(&out, jsontext.AllowDuplicateNames(true))
	names := map[string]string{}
	for {
		tok, err := dec.ReadToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", false
		}
		depth := dec.StackDepth()
		if kind, n := dec.StackIndex(depth); tok.Kind() == '"' && kind == '{' && n%2 == 1 {
			name := tok.String()
			if _, ok := names[name]; !ok {
				names[name] = fmt.Sprintf("n%d", len(names))
			}
			tok = jsontext.String(names[name])
		}
		if err := enc.WriteToken(tok); err != nil {
			return "", false
		}
	}
	return out.String(), true
}

// TestCheckedHoldingSecrets reads a value whose schema holds a secret
// somewhere inside: what reading it finds wrong (a name twice, bytes that
// are not UTF-8, a string over the limit) is reported at the value with
// CheckedHoldingSecrets and ValidateJSONHoldingSecrets, and where it is with
// Checked and ValidateJSON, so that the test can fail.
func TestCheckedHoldingSecrets(t *testing.T) {
	pass := func(*Check, *Value, *Evaluated) bool { return true }
	for _, inner := range []string{
		`{"` + secretMember + `":1,"` + secretMember + `":2}`,
		`{"` + secretMember + "\":\"\xff\"}",
		`{"` + secretMember + `":"` + strings.Repeat("x", 20) + `"}`,
	} {
		args := []byte(`{"v":{"s":` + inner + `}}`)
		opts := runtime.Options{MaxStringLength: 10}
		for _, secrets := range []bool{false, true} {
			r := NewReader(args, opts)
			readArgsWith(r, func(string) func(r *Reader) {
				return func(r *Reader) {
					if secrets {
						r.CheckedHoldingSecrets(pass)
					} else {
						r.Checked(pass)
					}
				}
			})
			typed := r.Finish("t")
			var schema error
			if secrets {
				schema = ValidateJSONHoldingSecrets("t", args, pass, opts)
			} else {
				schema = ValidateJSON("t", args, pass, opts)
			}
			for _, err := range []error{typed, schema} {
				if err == nil {
					t.Fatalf("%s: valid", args)
				}
				shown := strings.Contains(err.Error()+runtime.ModelMessage(err), secretMember)
				if shown == secrets {
					t.Errorf("%s (holding secrets %v): %v", args, secrets, err)
				}
			}
		}
	}
}

// TestNameValues pins where the secret goes: only inside "s", however
// the text around it is broken.
func TestNameValues(t *testing.T) {
	for in, want := range map[string]string{
		`{"s":{"NAME":1},"p":"NAME"}`:         `{"s":{"S":1},"p":"P"}`,
		`{"p":["NAME"],"s":"NAME","NAME":1}`:  `{"p":["P"],"s":"S","P":1}`,
		`{"s":{},"NAME":"" }"p":"NAME"`:       `{"s":{},"P":"" }"p":"P"`,
		`{"\u0073":["NAME",{"NAME":"}"}]}`:    `{"\u0073":["S",{"S":"}"}]}`,
		`{"s":"NAME\"NAME", "t":"NAME"}`:      `{"s":"S\"S", "t":"P"}`,
		`{"x":"\"s\":NAME","p":1}`:            `{"x":"\"s\":P","p":1}`,
		`{"s":[{"NAME":1}`:                    `{"s":[{"S":1}`,
		`[{"s":"NAME"}]`:                      `[{"s":"P"}]`,
		`{"s":1,"s":"NAME"} {"s":"NAME"}`:     `{"s":1,"s":"S"} {"s":"P"}`,
		`{"a":{"s":"NAME"},"s":{"s":"NAME"}}`: `{"a":{"s":"P"},"s":{"s":"S"}}`,
	} {
		got := strings.NewReplacer(secretMember, "S", plainMember, "P").Replace(nameValues(in))
		if got != want {
			t.Errorf("nameValues(%s) = %s, want %s", in, got, want)
		}
	}
}
