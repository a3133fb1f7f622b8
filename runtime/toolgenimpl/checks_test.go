package toolgenimpl

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/runtime"
	"github.com/toolgen/toolgen/runtime/internal/message"
)

// readOrder reads {"items":[{"sku":..., "tags":[...]}], "note":...} the way
// generated code does: sku is a required string of 3 to 8 characters that
// must start with "SKU", tags are strings, note is a sensitive enum, and
// nothing else is allowed.
func readOrder(r *Reader) {
	if !r.BeginObject() {
		return
	}
	for r.More() {
		name := r.Name()
		switch string(name) {
		case "items":
			if !r.BeginArray() {
				continue
			}
			for r.More() {
				readItem(r)
			}
			r.EndArray()
		case "note":
			r.BeginSensitive()
			if v, ok := r.StringBytes(); ok && string(v) != "gift" {
				r.Enum([]string{`"gift"`})
			}
			r.EndSensitive()
		default:
			r.NotAllowed(string(name), []string{"items", "note"})
		}
	}
	r.EndObject()
}

func readItem(r *Reader) {
	if !r.BeginObject() {
		return
	}
	var seen [2]bool
	for r.More() {
		name := r.Name()
		switch string(name) {
		case "sku":
			if seen[0] {
				r.Duplicate("sku")
				continue
			}
			seen[0] = true
			if v, ok := r.String(); ok {
				if n := len([]rune(v)); n < 3 {
					r.MinLength(3, n)
				}
				if !strings.HasPrefix(v, "SKU") {
					r.Pattern("^SKU")
				}
			}
		case "tags":
			seen[1] = true
			if r.BeginArray() {
				n := 0
				for r.More() {
					r.String()
					n++
				}
				r.EndArray()
				if n > 2 {
					r.MaxItems(2, n)
				}
			}
		default:
			r.NotAllowed(string(name), []string{"sku", "tags"})
		}
	}
	r.EndObject()
	if !seen[0] {
		r.Required("sku")
	}
	if !seen[1] {
		r.DependentRequired("sku", "tags")
	}
}

func readOrderViolations(t *testing.T, input string) []runtime.Violation {
	t.Helper()
	r := NewReader([]byte(input))
	readOrder(r)
	err := r.Finish("order")
	if err == nil {
		return nil
	}
	return err.(*runtime.ValidationError).Violations
}

// Violations found at one input offset share the location worked out for
// the first; each must still get its own pointer and path.
func TestViolationsAtOnePosition(t *testing.T) {
	got := readOrderViolations(t, `{"items":[{"sku":"SKU1","tags":[]},{},{"sku":"ab","tags":["a","b","c"],"x~/y":1}]}`)
	want := []runtime.Violation{
		violation("/items/1", "required", `missing required property "sku"`, `Field "items[1].sku" is required but missing.`),
		violation("/items/1", "dependentRequired", `property "sku" requires property "tags"`, `Field "items[1].tags" is required when "sku" is given.`),
		violation("/items/2/sku", "minLength", "length 2 is less than 3", `Field "items[2].sku" must be at least 3 characters long; got 2.`),
		violation("/items/2/sku", "pattern", `does not match pattern "^SKU"`, `Field "items[2].sku" must match the regular expression ^SKU; got "ab".`),
		violation("/items/2/tags", "maxItems", "3 items, more than 2", `Field "items[2].tags" must have at most 2 items; got 3.`),
		violation("/items/2/x~0~1y", "additionalProperties", `property "x~/y" is not allowed`, `Field "items[2].x~/y" is not allowed here; remove it. Allowed fields: sku, tags.`),
	}
	if len(got) != len(want) {
		t.Fatalf("got %d violations, want %d: %q", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("violation %d:\n got %q\nwant %q", i, got[i], want[i])
		}
	}
}

func TestViolationTexts(t *testing.T) {
	long := strings.Repeat("é", 70)
	cases := []struct {
		input string
		want  runtime.Violation
	}{
		{`{"note":"cash"}`, violation("/note", "enum", `value (hidden) is not one of "gift"`, `Field "note" must be one of "gift"; got a value that is not shown.`)},
		{`{"note":1}`, violation("/note", "type", "expected string, got number", `Field "note" must be a string, got a value that is not shown.`)},
		{`{"items":[{"sku":"` + long + `"}]}`, violation("/items/0/sku", "pattern", `does not match pattern "^SKU"`,
			`Field "items[0].sku" must match the regular expression ^SKU; got "`+strings.Repeat("é", 59)+`….`)},
		{`{"items":[{"sku":"a\"\u00e9\nb"}]}`, violation("/items/0/sku", "pattern", `does not match pattern "^SKU"`, `Field "items[0].sku" must match the regular expression ^SKU; got "a\"é\nb".`)},
		{`{"items":[{"sku":"SKU1","sku":2}]}`, violation("/items/0/sku", "json", `duplicate property "sku"`, `Field "items[0].sku" appears more than once; send each field once.`)},
		{`{"items":[{"sku":"SKU1","tags":[]}],"\u00e9\"":true}`, violation("/é\"", "additionalProperties", `property "é\"" is not allowed`, `Field "é\"" is not allowed here; remove it. Allowed fields: items, note.`)},
		{`{"items":[{"sku":["a"],"tags":[]}]}`, violation("/items/0/sku", "type", "expected string, got array", `Field "items[0].sku" must be a string, got an array.`)},
		{`{"items":[{"sku":"SKU1","tags":[]},12345678901234567890123456789012345678901234567890]}`, violation("/items/1", "type", "expected object, got number",
			`Field "items[1]" must be an object, got the number 1234567890123456789012345678901234567890….`)},
	}
	for _, c := range cases {
		got := readOrderViolations(t, c.input)
		if len(got) == 0 {
			t.Errorf("%s: no violation", c.input)
			continue
		}
		if got[0] != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.input, got[0], c.want)
		}
	}
}

// Violations stay in the order found, whether written by the checks (and
// kept pending until asked for) or added whole.
func TestViolationOrder(t *testing.T) {
	r := NewReader([]byte(`{"items":[{"sku":"x"}],"a":1,"b":`))
	readOrder(r)
	err := r.Finish("order")
	ve, ok := err.(*runtime.ValidationError)
	if !ok {
		t.Fatalf("Finish: %v", err)
	}
	var keywords []string
	for _, v := range ve.Violations {
		keywords = append(keywords, v.Keyword)
	}
	if got := strings.Join(keywords, " "); got != "minLength pattern dependentRequired additionalProperties additionalProperties json" {
		t.Errorf("violations in the order %s", got)
	}

	r = NewReader([]byte(`{"items":[{"sku":"x","tags":[]}]}`))
	readOrder(r)
	if n := len(r.Violations()); n != 2 || r.Mark() != 2 || r.Valid() {
		t.Fatalf("Violations() = %d, Mark() = %d, Valid() = %v; want 2, 2, false", n, r.Mark(), r.Valid())
	}
	sub := r.Sub([]byte(`{"sku":"SKU9","bad":1}`))
	readItem(sub)
	r.Adopt(sub)
	r.Required("later")
	vs := r.Violations()
	if len(vs) != 5 || vs[2].Pointer != "/bad" || vs[3].Keyword != "dependentRequired" || vs[4].Keyword != "required" {
		t.Errorf("after Adopt: %q", vs)
	}
	r.Finish("order")
}

// A pooled reader must not carry anything from one call to the next.
func TestPooledReadersStartClean(t *testing.T) {
	for range 3 {
		if got := readOrderViolations(t, `{"items":[{"sku":"ab","tags":[]}],"x":1}`); len(got) != 3 {
			t.Fatalf("got %q", got)
		}
		if got := readOrderViolations(t, `{"items":[{"sku":"SKU1","tags":[]}]}`); got != nil {
			t.Fatalf("a valid call after an invalid one: %q", got)
		}
		if got := readOrderViolations(t, ``); len(got) != 1 || got[0].Pointer != "" {
			t.Fatalf("empty input: %q", got)
		}
	}
}

func TestViolationsCappedWhilePending(t *testing.T) {
	items := strings.Repeat(`{"sku":"ab","tags":[]},`, runtime.MaxViolations)
	r := NewReader([]byte(`{"items":[` + strings.TrimSuffix(items, ",") + `]}`))
	readOrder(r)
	ve := r.Finish("order").(*runtime.ValidationError)
	last := ve.Violations[len(ve.Violations)-1]
	if len(ve.Violations) != runtime.MaxViolations || ve.Omitted != runtime.MaxViolations || last.Pointer != "/items/24/sku" || last.Keyword != "pattern" {
		t.Fatalf("got %d violations and %d omitted, the last %q", len(ve.Violations), ve.Omitted, last)
	}
}

func TestQuotingAndTruncating(t *testing.T) {
	for _, s := range []string{"", "items[0].qty", `a"b`, `a\b`, "tab\there", "é", "\x7f", "\xff", "日本語", "\u2028"} {
		if got, want := string(message.AppendQuoted([]byte("x"), s)), "x"+strconv.Quote(s); got != want {
			t.Errorf("message.AppendQuoted(%q) = %s, want %s", s, got, want)
		}
	}
	for _, s := range []string{"", "short", strings.Repeat("a", 60), strings.Repeat("a", 61), strings.Repeat("é", 60),
		strings.Repeat("é", 61), strings.Repeat("a", 59) + "日本", "\xff" + strings.Repeat("b", 70), strings.Repeat("é", 59) + "\xff\xfe"} {
		if got, want := string(message.AppendTruncated([]byte("x"), []byte(s), 60)), "x"+message.Truncate(s, 60); got != want {
			t.Errorf("message.AppendTruncated(%q) = %q, want %q", s, got, want)
		}
	}
}

// BenchmarkViolations compares a valid call with an invalid one of the same
// shape: the difference is what writing the violations costs.
func BenchmarkViolations(b *testing.B) {
	for _, c := range []struct{ name, input string }{
		{"valid", `{"items":[{"sku":"SKU1","tags":["a"]},{"sku":"SKU2","tags":[]}],"note":"gift"}`},
		{"invalid", `{"items":[{"sku":"ab","tags":["a"]},{"sku":7,"tags":[]}],"note":"cash","x":1}`},
	} {
		b.Run(c.name, func(b *testing.B) {
			data := []byte(c.input)
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				r := NewReader(data)
				readOrder(r)
				r.Finish("order")
			}
		})
	}
}

// readItemsThroughSubs reads each item of {"items":[...]} with a sub-reader
// of its own, as generated code reads the alternatives of a union, and
// returns the reader, finished, and its violations' pointers.
func readItemsThroughSubs(t *testing.T, input string) (*Reader, []string) {
	t.Helper()
	r := NewReader([]byte(input))
	r.BeginObject()
	for r.More() {
		r.Name()
		r.BeginArray()
		for r.More() {
			raw, _ := r.Raw()
			sub := r.Sub(raw)
			readItem(sub)
			r.Adopt(sub)
		}
		r.EndArray()
	}
	r.EndObject()
	var pointers []string
	if err := r.Finish("order"); err != nil {
		var ve *runtime.ValidationError
		if !errors.As(err, &ve) {
			t.Fatalf("Finish: %v", err)
		}
		for _, v := range ve.Violations {
			pointers = append(pointers, v.Pointer)
		}
	}
	return r, pointers
}

// A pooled reader keeps its sub-readers for its next calls: each must start
// clean, be handed out once per call, and keep nothing of the call's input.
func TestSubReadersAreRecycledWithTheirReader(t *testing.T) {
	for range 3 {
		r, got := readItemsThroughSubs(t, `{"items":[{"sku":"ab","tags":[]},{"sku":"SKU1","tags":[]},{"sku":"SKU2","x":1,"tags":[]}]}`)
		if want := "/items/0/sku /items/0/sku /items/2/x"; strings.Join(got, " ") != want {
			t.Fatalf("violations at %q, want %s", got, want)
		}
		for i, s := range r.subs {
			if s.data != nil || s.root != nil || len(s.prefix) != 0 || len(s.text) != 0 || len(s.frames) != 0 {
				t.Fatalf("sub-reader %d of a finished call still holds its state", i)
			}
		}
		if _, got := readItemsThroughSubs(t, `{"items":[{"sku":"SKU1","tags":[]}]}`); got != nil {
			t.Fatalf("a valid call after an invalid one: %q", got)
		}
	}
	// More sub-readers than are kept: the rest are made afresh.
	many := `{"items":[` + strings.Repeat(`{"sku":"SKU1","tags":[]},`, maxSpareSubs+3) + `{"sku":"no","tags":[]}]}`
	r, got := readItemsThroughSubs(t, many)
	at := "/items/" + strconv.Itoa(maxSpareSubs+3) + "/sku"
	if len(got) != 2 || got[0] != at || got[1] != at {
		t.Fatalf("violations at %q, want two at %s", got, at)
	}
	if len(r.subs) > maxSpareSubs {
		t.Fatalf("a reader keeps %d sub-readers, more than %d", len(r.subs), maxSpareSubs)
	}
}

// violation makes a Violation from its four fields in order.
func violation(pointer, keyword, message, hint string) runtime.Violation {
	return runtime.Violation{Pointer: pointer, Keyword: keyword, Message: message, Hint: hint}
}
