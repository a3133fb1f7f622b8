package toolgenimpl

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"math/big"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/runtime"
	"github.com/toolgen/toolgen/runtime/format"

	"github.com/go-json-experiment/json/jsontext"
)

// voiceCase is one keyword failing on the value of member "v": read is how
// a typed reader checks it, check how a schema function does.
type voiceCase struct {
	keyword string
	args    string // the arguments, {"v": <failing value>}
	read    func(r *Reader)
	check   func(c *Check, v *Value) bool
}

// readMember reads the arguments object, reading member "v" with read.
func readMember(r *Reader, read func(r *Reader)) {
	if r.BeginObject() {
		for r.More() {
			r.Name()
			read(r)
		}
		r.EndObject()
	}
}

// readArray reads an array of numbers and calls after with its length.
func readArray(after func(r *Reader, n int)) func(r *Reader) {
	return func(r *Reader) {
		n := 0
		if r.BeginArray() {
			for r.More() {
				r.Number()
				n++
			}
			r.EndArray()
		}
		after(r, n)
	}
}

// readObject reads an object of numbers and calls after with the names it
// held.
func readObject(after func(r *Reader, names map[string]bool)) func(r *Reader) {
	return func(r *Reader) {
		names := map[string]bool{}
		if r.BeginObject() {
			for r.More() {
				names[string(r.Name())] = true
				r.Number()
			}
			r.EndObject()
		}
		after(r, names)
	}
}

// readRaw reads a value of any kind whole and calls then.
func readRaw(then func(r *Reader)) func(r *Reader) {
	return func(r *Reader) { r.Raw(); then(r) }
}

// readMembers reads an object whose members may only be those named in
// allowed, as the reader generated for additionalProperties false does.
func readMembers(allowed []string) func(r *Reader) {
	return func(r *Reader) {
		if !r.BeginObject() {
			return
		}
		for r.More() {
			name := string(r.Name())
			if slices.Contains(allowed, name) {
				r.Number()
			} else {
				r.NotAllowed(name, allowed)
			}
		}
		r.EndObject()
	}
}

// checkMembers is readMembers as a schema function checks it.
func checkMembers(allowed []string) func(c *Check, v *Value) bool {
	return func(c *Check, v *Value) bool {
		ok := true
		for _, m := range v.Members {
			if !slices.Contains(allowed, m.Name) {
				c.Enter(m.Name)
				ok = c.NotAllowed("additionalProperties", allowed) && ok
				c.Leave()
			}
		}
		return ok
	}
}

func readNumber(then func(r *Reader)) func(r *Reader) {
	return func(r *Reader) { r.Number(); then(r) }
}

func readString(then func(r *Reader)) func(r *Reader) {
	return func(r *Reader) { r.String(); then(r) }
}

// readUnion reads a value as a generated reader of a union does, trying
// each alternative on a sub-reader, and reports it with report.
func readUnion(report func(r *Reader, matched int, failures []runtime.Violation), alts ...func(r *Reader)) func(r *Reader) {
	return func(r *Reader) {
		raw, ok := r.Raw()
		if !ok {
			return
		}
		matched := 0
		var failures []runtime.Violation
		for _, alt := range alts {
			sub := r.Sub(raw)
			if alt(sub); sub.Valid() {
				matched++
			} else {
				failures = append(failures, sub.Violations()[0])
			}
		}
		report(r, matched, failures)
	}
}

// typeIs is a schema function of one type.
func typeIs(t Types) SchemaFunc {
	return func(c *Check, x *Value, _ *Evaluated) bool { return c.Type(x, t) }
}

func voiceCases() []voiceCase {
	readStr := func(r *Reader) { r.String() }
	readInt := func(r *Reader) { r.Int() }
	readNum := func(r *Reader) { r.Number() }
	email, sms := MustParseValue(`"email"`), MustParseValue(`"sms"`)
	return []voiceCase{
		{"minimum", `{"v":2}`, readNumber(func(r *Reader) { r.Minimum("3") }),
			func(c *Check, v *Value) bool { return c.Bound(v, "minimum", "3") }},
		{"exclusiveMinimum", `{"v":3}`, readNumber(func(r *Reader) { r.ExclusiveMinimum("3") }),
			func(c *Check, v *Value) bool { return c.Bound(v, "exclusiveMinimum", "3") }},
		{"maximum", `{"v":12.5}`, readNumber(func(r *Reader) { r.Maximum("10") }),
			func(c *Check, v *Value) bool { return c.Bound(v, "maximum", "10") }},
		{"exclusiveMaximum", `{"v":-1e2}`, readNumber(func(r *Reader) { r.ExclusiveMaximum("-100") }),
			func(c *Check, v *Value) bool { return c.Bound(v, "exclusiveMaximum", "-100") }},
		{"multipleOf", `{"v":1}`, readNumber(func(r *Reader) { r.MultipleOf("0.3") }),
			func(c *Check, v *Value) bool { return c.MultipleOf(v, big.NewRat(3, 10), "0.3") }},
		{"minLength", `{"v":"ab"}`, readString(func(r *Reader) { r.MinLength(3, 2) }),
			func(c *Check, v *Value) bool { return c.Length(v, 3, -1) }},
		{"minLength", `{"v":""}`, readString(func(r *Reader) { r.MinLength(1, 0) }),
			func(c *Check, v *Value) bool { return c.Length(v, 1, -1) }},
		{"maxLength", `{"v":"héllo"}`, readString(func(r *Reader) { r.MaxLength(1, 5) }),
			func(c *Check, v *Value) bool { return c.Length(v, -1, 1) }},
		{"pattern", `{"v":"ab"}`, readString(func(r *Reader) { r.Pattern("^SKU-[0-9]+$") }),
			func(c *Check, v *Value) bool { return c.Pattern(v, regexp.MustCompile("^SKU-[0-9]+$"), "^SKU-[0-9]+$") }},
		{"format", `{"v":"not an email"}`, readString(func(r *Reader) { r.Format("email") }),
			func(c *Check, v *Value) bool { return c.Format(v, "email", format.IsEmail) }},
		{"format", `{"v":"2024-13-01"}`, readString(func(r *Reader) { r.Format("date") }),
			func(c *Check, v *Value) bool { return c.Format(v, "date", format.IsDate) }},
		{"enum", `{"v":"fax"}`, readString(func(r *Reader) { r.Enum([]string{`"email"`, `"sms"`}) }),
			func(c *Check, v *Value) bool { return c.Enum(v, []Value{email, sms}, `"email", "sms"`) }},
		{"enum", `{"v":4}`, readNumber(func(r *Reader) { r.Enum([]string{"1", "2"}) }),
			func(c *Check, v *Value) bool {
				return c.Enum(v, []Value{MustParseValue("1"), MustParseValue("2")}, "1, 2")
			}},
		{"const", `{"v":"sms"}`, readString(func(r *Reader) { r.Const(`"email"`) }),
			func(c *Check, v *Value) bool { return c.Const(v, &email, `"email"`) }},
		{"const", `{"v":false}`, func(r *Reader) { r.Bool(); r.Const("true") },
			func(c *Check, v *Value) bool { t := MustParseValue("true"); return c.Const(v, &t, "true") }},
		{"type", `{"v":5}`, readString(func(*Reader) {}),
			func(c *Check, v *Value) bool { return c.Type(v, TypeString) }},
		{"type", `{"v":"five"}`, func(r *Reader) { r.Int() },
			func(c *Check, v *Value) bool { return c.Type(v, TypeInteger) }},
		{"type", `{"v":true}`, readNumber(func(*Reader) {}),
			func(c *Check, v *Value) bool { return c.Type(v, TypeNumber) }},
		{"type", `{"v":[1]}`, func(r *Reader) { r.Bool() },
			func(c *Check, v *Value) bool { return c.Type(v, TypeBoolean) }},
		{"anyOf", `{"v":true}`, readUnion(func(r *Reader, _ int, failures []runtime.Violation) { r.AnyOf(2, failures) }, readStr, readInt),
			func(c *Check, v *Value) bool { return c.AnyOf(v, typeIs(TypeString), typeIs(TypeInteger)) }},
		{"oneOf", `{"v":"x"}`, readUnion(func(r *Reader, matched int, failures []runtime.Violation) { r.OneOf(2, matched, failures) }, readInt, readNum),
			func(c *Check, v *Value) bool { return c.OneOf(v, 0, typeIs(TypeInteger), typeIs(TypeNumber)) }},
		{"oneOf", `{"v":5}`, readUnion(func(r *Reader, matched int, failures []runtime.Violation) { r.OneOf(2, matched, failures) }, readInt, readNum),
			func(c *Check, v *Value) bool { return c.OneOf(v, 2, typeIs(TypeInteger), typeIs(TypeNumber)) }},
		{"minItems", `{"v":[1]}`, readArray(func(r *Reader, n int) { r.MinItems(2, n) }),
			func(c *Check, v *Value) bool { return c.Count(len(v.Items), 2, -1, "item") }},
		{"minItems", `{"v":[]}`, readArray(func(r *Reader, n int) { r.MinItems(3, n) }),
			func(c *Check, v *Value) bool { return c.Count(len(v.Items), 3, -1, "item") }},
		{"maxItems", `{"v":[1,2,3]}`, readArray(func(r *Reader, n int) { r.MaxItems(1, n) }),
			func(c *Check, v *Value) bool { return c.Count(len(v.Items), -1, 1, "item") }},
		{"uniqueItems", `{"v":[1,2,1]}`, readArray(func(r *Reader, _ int) { r.UniqueItems(0, 2) }),
			func(c *Check, v *Value) bool { return c.UniqueItems(v) }},
		{"const", `{"v":[1, 2 ,"\u0041"]}`, readRaw(func(r *Reader) { r.Const("[1]") }),
			func(c *Check, v *Value) bool { w := MustParseValue("[1]"); return c.Const(v, &w, "[1]") }},
		{"const", `{"v":{"a": {"b": [true, null]}, "c\n": "x"}}`, readRaw(func(r *Reader) { r.Const(`{"a":1}`) }),
			func(c *Check, v *Value) bool { w := MustParseValue(`{"a":1}`); return c.Const(v, &w, `{"a":1}`) }},
		{"enum", `{"v":[` + strings.Repeat(`"long item", `, 20) + `1]}`, readRaw(func(r *Reader) { r.Enum([]string{"[]", "{}"}) }),
			func(c *Check, v *Value) bool {
				return c.Enum(v, []Value{MustParseValue("[]"), MustParseValue("{}")}, "[], {}")
			}},
		{"enum", `{"v":{"k" : "\u00e9\t\"q\""}}`, readRaw(func(r *Reader) { r.Enum([]string{"{}"}) }),
			func(c *Check, v *Value) bool { return c.Enum(v, []Value{MustParseValue("{}")}, "{}") }},
		{"enum", `{"v":"s\u006ds"}`, readString(func(r *Reader) { r.Enum([]string{`"email"`}) }),
			func(c *Check, v *Value) bool { return c.Enum(v, []Value{email}, `"email"`) }},
		{"additionalProperties", `{"v":{"a":1,"zz":2}}`, readMembers([]string{"a", "b"}),
			checkMembers([]string{"a", "b"})},
		{"additionalProperties", `{"v":{"x y":{"deep":[1]}}}`, readMembers([]string{}),
			checkMembers([]string{})},
		{"required", `{"v":{}}`, readObject(func(r *Reader, _ map[string]bool) { r.Required("id") }),
			func(c *Check, v *Value) bool { return c.Required(v, "id") }},
		{"dependentRequired", `{"v":{"card":1}}`, readObject(func(r *Reader, _ map[string]bool) { r.DependentRequired("card", "cvc") }),
			func(c *Check, v *Value) bool { return c.DependentRequired(v, "card", "cvc") }},
	}
}

// violationsOf returns the violations of err, a *runtime.ValidationError.
func violationsOf(t *testing.T, err error) []runtime.Violation {
	t.Helper()
	var ve *runtime.ValidationError
	if !errors.As(err, &ve) {
		return nil
	}
	return ve.Violations
}

// TestOneVoice: for each keyword both a typed reader and a schema function
// check, the same failing value gets the same violation (pointer, keyword,
// message and hint) from both: shown, hidden as a sensitive value, and
// counted inside sensitive arguments.
func TestOneVoice(t *testing.T) {
	for _, c := range voiceCases() {
		for _, mode := range []string{"plain", "sensitive value", "sensitive arguments"} {
			r := NewReader([]byte(c.args))
			read := c.read
			switch mode {
			case "sensitive value":
				read = func(r *Reader) { r.BeginSensitive(); c.read(r); r.EndSensitive() }
			case "sensitive arguments":
				r.BeginSensitive()
			}
			readMember(r, read)
			if mode == "sensitive arguments" {
				r.EndSensitive()
			}
			typed := violationsOf(t, r.Finish("t"))

			schema := violationsOf(t, ValidateJSON("t", []byte(c.args), func(ch *Check, x *Value, _ *Evaluated) bool {
				if mode == "sensitive arguments" {
					ch.BeginSensitive()
					defer ch.EndSensitive()
				}
				ch.Enter("v")
				defer ch.Leave()
				if mode == "sensitive value" {
					ch.BeginSensitive()
					defer ch.EndSensitive()
				}
				return c.check(ch, x.Member("v"))
			}))
			if len(typed) != 1 || len(schema) != 1 {
				t.Errorf("%s %s (%s): typed reader %v, schema function %v; want one violation each", c.keyword, c.args, mode, typed, schema)
				continue
			}
			if typed[0].Keyword != c.keyword {
				t.Errorf("%s %s (%s): keyword %q", c.keyword, c.args, mode, typed[0].Keyword)
			}
			if typed[0] != schema[0] {
				t.Errorf("%s %s (%s):\ntyped reader    %+v\nschema function %+v", c.keyword, c.args, mode, typed[0], schema[0])
			}
		}
	}
}

// voiceKeywords are the keywords whose words each function of
// runtime/internal/message/words.go, the words both paths say, gives.
var voiceKeywords = map[string][]string{
	"RequiredMessage":          {"required"},
	"DependentRequiredMessage": {"dependentRequired"},
	"ConstMessage":             {"const"},
	"EnumMessage":              {"enum"},
	"BoundMessage":             {"minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf"},
	"SizeMessage":              {"minLength", "maxLength", "minItems", "maxItems"},
	"PatternMessage":           {"pattern"},
	"FormatMessage":            {"format"},
	"UniqueItemsMessage":       {"uniqueItems"},
	"TypeMessage":              {"type"},
	"NoneMessage":              {"anyOf", "oneOf"},
	"ManyMessage":              {"oneOf"},
	"NotAllowedMessage":        {"additionalProperties"},
	// TestOneVoice runs every case inside sensitive arguments too, where
	// each is counted into this one.
	"HiddenInsideMessage": {"type", "required", "uniqueItems", "additionalProperties", "anyOf"},
}

// TestOneVoiceCoversEveryKeyword: every message words.go words for both
// paths has its keywords listed in voiceKeywords, and every keyword listed
// has a case in TestOneVoice; words added there without a case fail here.
func TestOneVoiceCoversEveryKeyword(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "../internal/message/words.go", nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	cased := map[string]bool{}
	for _, c := range voiceCases() {
		cased[c.keyword] = true
	}
	found := 0
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Recv != nil || !fn.Name.IsExported() || !strings.HasSuffix(fn.Name.Name, "Message") {
			continue
		}
		found++
		keywords, ok := voiceKeywords[fn.Name.Name]
		if !ok {
			t.Errorf("message.%s is worded for both paths but not in voiceKeywords: list its keywords and add a voice case for each", fn.Name.Name)
		}
		for _, k := range keywords {
			if !cased[k] {
				t.Errorf("keyword %s (message.%s) has no case in voiceCases", k, fn.Name.Name)
			}
		}
	}
	if found != len(voiceKeywords) {
		t.Errorf("words.go has %d message functions; voiceKeywords lists %d", found, len(voiceKeywords))
	}
}

// FuzzOneVoiceValues: whatever JSON value fails const or enum, and however
// it is spaced and escaped, the typed reader and the schema function show
// it in the same words, in the message and in the hint.
func FuzzOneVoiceValues(f *testing.F) {
	for _, seed := range []string{`1`, `-0.5e3`, `"a"`, `"\u00a0\u0001\\\"é"`, `"é"`, "\"\u2028\"", `[1, "b" ,{}]`,
		`{"k\u0041" : [null, true,  false]}`, `[[[[]]]]`, `"` + strings.Repeat(`\u00e9`, 80) + `"`,
		`[` + strings.Repeat(`"\n", `, 40) + `0]`} {
		f.Add(seed)
	}
	never := MustParseValue(`{"never":"sent"}`)
	f.Fuzz(func(t *testing.T, value string) {
		if !jsontext.Value(value).IsValid() {
			return
		}
		args := `{"v":` + value + `}`
		for _, enum := range []bool{false, true} {
			r := NewReader([]byte(args))
			readMember(r, readRaw(func(r *Reader) {
				if enum {
					r.Enum([]string{`{"never":"sent"}`})
				} else {
					r.Const(`{"never":"sent"}`)
				}
			}))
			typed := violationsOf(t, r.Finish("t"))
			schema := violationsOf(t, ValidateJSON("t", []byte(args), func(c *Check, x *Value, _ *Evaluated) bool {
				c.Enter("v")
				defer c.Leave()
				if enum {
					return c.Enum(x.Member("v"), []Value{never}, `{"never":"sent"}`)
				}
				return c.Const(x.Member("v"), &never, `{"never":"sent"}`)
			}))
			if len(typed) != 1 || len(schema) != 1 {
				if len(schema) == 0 && len(typed) == 1 {
					return // the value is the one allowed
				}
				t.Fatalf("%s: typed reader %v, schema function %v; want one violation each", args, typed, schema)
			}
			if typed[0] != schema[0] {
				t.Errorf("%s:\ntyped reader    %+v\nschema function %+v", args, typed[0], schema[0])
			}
		}
	})
}
