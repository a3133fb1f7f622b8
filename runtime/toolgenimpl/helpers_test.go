package toolgenimpl

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/toolgen/toolgen/runtime"
)

func TestToolIndex(t *testing.T) {
	index := ToolIndex([]ToolInfo{{Name: "a"}, {Name: "b_c"}, {Name: "d"}})
	for name, want := range map[string]int{"a": 0, "b_c": 1, "d": 2, "": -1, "b": -1, "A": -1} {
		if got := index(name); got != want {
			t.Errorf("index(%q) = %d, want %d", name, got, want)
		}
	}
	if got := ToolIndex(nil)("a"); got != -1 {
		t.Errorf("an empty table finds %q at %d, want -1", "a", got)
	}
}

// finish ends r and returns its violations.
func finish(t *testing.T, r *Reader) []runtime.Violation {
	t.Helper()
	err := r.Finish("t")
	if err == nil {
		return nil
	}
	var ve *runtime.ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("Finish returned %T (%v), want a *runtime.ValidationError", err, err)
	}
	return ve.Violations
}

// readNextMembers reads an object the way a generated reader of an open
// object with the one declared member "n", an integer, does, and returns
// the values of n it stored: one NextMember call per member.
func readNextMembers(r *Reader) []int64 {
	var got []int64
	if !r.BeginObject() {
		return nil
	}
	var seen [1]bool
	var others Names
members:
	for {
		switch r.NextMember([]string{"n"}, seen[:]) {
		case 0:
			if v, ok := r.Int(); ok {
				got = append(got, v)
			}
		case OtherMember:
			r.SkipOther(&others, r.MemberName())
		case EndOfObject:
			break members
		}
	}
	return got
}

// readMembersByName is readNextMembers written with the reader's basic
// calls (More, Name, a switch on the name, EndObject): the reference that
// NextMember must agree with.
func readMembersByName(r *Reader) []int64 {
	var got []int64
	if !r.BeginObject() {
		return nil
	}
	var seen [1]bool
	var others Names
	for r.More() {
		name := r.Name()
		switch string(name) {
		case "n":
			if seen[0] {
				r.Duplicate("n") // and skips the value
				continue
			}
			seen[0] = true
			if v, ok := r.Int(); ok {
				got = append(got, v)
			}
		default:
			r.SkipOther(&others, name)
		}
	}
	r.EndObject()
	return got
}

func TestMemberRepeatedAndSkipOther(t *testing.T) {
	cases := []struct {
		input    string
		stored   []int64
		pointers []string // of the duplicates reported, in order
	}{
		{`{"n":1}`, []int64{1}, nil},
		{`{"x":[1,{"n":2}],"n":3,"y":{"n":4}}`, []int64{3}, nil},
		{`{"n":1,"n":2}`, []int64{1}, []string{"/n"}},
		{`{"n":1,"x":true,"n":{"deep":[1]},"x":"again","n":3}`, []int64{1}, []string{"/n", "/x", "/n"}},
		{`{"x":1,"\u0078":2}`, nil, []string{"/x"}},
	}
	for _, c := range cases {
		for _, read := range []func(*Reader) []int64{readNextMembers, readMembersByName} {
			r := NewReader([]byte(c.input))
			stored := read(r)
			violations := finish(t, r)
			if !slices.Equal(stored, c.stored) {
				t.Errorf("%s: stored %v, want %v", c.input, stored, c.stored)
			}
			if len(violations) != len(c.pointers) {
				t.Errorf("%s: %d violations %v, want %d at %v", c.input, len(violations), violations, len(c.pointers), c.pointers)
				continue
			}
			for i, v := range violations {
				if v.Keyword != "json" || v.Pointer != c.pointers[i] {
					t.Errorf("%s: violation %d is %q at %q, want a duplicate (json) at %q", c.input, i, v.Keyword, v.Pointer, c.pointers[i])
				}
			}
		}
	}
}

// After NextMember, the object is read to its end, or the reading has
// stopped at a syntax error, which all three shapes report the same way.
func TestNextMemberEndsLikeMoreAndEndObject(t *testing.T) {
	for _, input := range []string{`{}`, `{"n":1} `, `{"n":1,}`, `{"n":1 "x":2}`, `{"n":1`, `{"n"}`, `{"\u00"}`, `{"n":1}}`, `{"x":{"n":1}, "n":2}`} {
		var want []runtime.Violation
		var wantStored []int64
		for i, read := range []func(*Reader) []int64{readMembersByName, readNextMembers} {
			r := NewReader([]byte(input))
			stored := read(r)
			err := r.Finish("t")
			var violations []runtime.Violation
			if err != nil {
				var ve *runtime.ValidationError
				if !errors.As(err, &ve) {
					t.Fatalf("%s: Finish returned %T", input, err)
				}
				violations = ve.Violations
			}
			if i == 0 {
				want, wantStored = violations, stored
				continue
			}
			if !slices.Equal(stored, wantStored) || !slices.Equal(violations, want) {
				t.Errorf("%s: reader %d stored %v and found %v; More and EndObject stored %v and found %v", input, i, stored, violations, wantStored, want)
			}
		}
		if input == `{"n":1,}` && len(want) == 0 {
			t.Errorf("%s: no syntax violation", input)
		}
	}
}

type color string

const (
	colorRed  color = "red"
	colorBlue color = "blue"
)

var (
	colorList  = []color{colorRed, colorBlue}
	colorTexts = []string{`"red"`, `"blue"`}
)

func TestReadEnum(t *testing.T) {
	cases := []struct {
		input   string
		want    color
		ok      bool
		keyword string // of the one violation, if any
	}{
		{`"red"`, colorRed, true, ""},
		{`"blue"`, colorBlue, true, ""},
		{`"\u0062lue"`, colorBlue, true, ""},
		{`"green"`, "", false, "enum"},
		{`"Red"`, "", false, "enum"},
		{`""`, "", false, "enum"},
		{`1`, "", false, "type"},
		{`null`, "", false, "type"},
	}
	for _, c := range cases {
		r := NewReader([]byte(c.input))
		got, ok := ReadEnum(r, colorList, colorTexts)
		violations := finish(t, r)
		if got != c.want || ok != c.ok {
			t.Errorf("%s: ReadEnum = %q, %v, want %q, %v", c.input, got, ok, c.want, c.ok)
		}
		switch {
		case c.keyword == "" && len(violations) > 0:
			t.Errorf("%s: unexpected violations %v", c.input, violations)
		case c.keyword != "" && (len(violations) != 1 || violations[0].Keyword != c.keyword):
			t.Errorf("%s: violations %v, want one %q", c.input, violations, c.keyword)
		}
	}
}

func TestReadEnumDoesNotAllocate(t *testing.T) {
	if raceEnabled {
		t.Skip("the count relies on the reader pool, which the race detector empties at random")
	}
	input := []byte(`"blue"`)
	allocs := testing.AllocsPerRun(100, func() {
		r := NewReader(input)
		if v, ok := ReadEnum(r, colorList, colorTexts); !ok || v != colorBlue {
			t.Fatalf("ReadEnum = %q, %v", v, ok)
		}
		if err := r.Finish("t"); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("reading a valid enum value allocates %v times, want 0", allocs)
	}
}

// runtime.Options.MaxStringLength holds for every way a string value is read: as a
// string, as bytes (a raw value's string), and as an enum candidate; and it
// counts the unescaped bytes.
func TestStringLimitHoldsForEveryRead(t *testing.T) {
	reads := map[string]func(r *Reader) bool{
		"String":      func(r *Reader) bool { _, ok := r.String(); return ok },
		"StringBytes": func(r *Reader) bool { _, ok := r.StringBytes(); return ok },
		"StringView":  func(r *Reader) bool { _, ok := r.StringView(); return ok },
		"ReadEnum":    func(r *Reader) bool { _, ok := ReadEnum(r, []color{"abcd"}, []string{`"abcd"`}); return ok },
	}
	for name, read := range reads {
		for _, c := range []struct {
			input string
			ok    bool
		}{
			{`"a\u0062cd"`, true},   // nine bytes of text, four unescaped
			{`"a\u0062cde"`, false}, // five unescaped
		} {
			r := NewReader([]byte(c.input), runtime.Options{MaxStringLength: 4})
			ok := read(r)
			violations := finish(t, r)
			if ok != c.ok {
				t.Errorf("%s(%s) with a 4-byte limit: ok = %v, want %v", name, c.input, ok, c.ok)
			}
			if !c.ok && (len(violations) != 1 || violations[0].Keyword != "limit" || !strings.Contains(violations[0].Hint, "longer than the 4 bytes allowed")) {
				t.Errorf("%s(%s): violations %v, want one limit violation", name, c.input, violations)
			}
		}
	}
}

// A string kept as its JSON text is checked through StringView, as generated
// code does for a member of several kinds whose string has checks: the view
// reads as the unescaped string, LastRaw still keeps the text, and the view
// is the reader's own bytes, not a copy.
func TestStringViewIsTheStringWithoutACopy(t *testing.T) {
	for _, input := range []string{`"plain text"`, `"tab\there \u00e9\""`, `""`} {
		r := NewReader([]byte(input))
		v, ok := r.StringView()
		if want, _ := strconv.Unquote(input); !ok || v != want {
			t.Errorf("StringView of %s = %q, %v, want %q", input, v, ok, want)
		}
		if raw := string(r.LastRaw()); raw != input {
			t.Errorf("LastRaw after StringView of %s = %s", input, raw)
		}
		finish(t, r)
	}

	r := NewReader([]byte(`1`))
	if v, ok := r.StringView(); ok || v != "" {
		t.Errorf("StringView of a number = %q, %v, want a type violation", v, ok)
	}
	if violations := finish(t, r); len(violations) != 1 || violations[0].Keyword != "type" {
		t.Errorf("StringView of a number: violations %v, want one type violation", violations)
	}

	// No copy is made: the view is the input's bytes, or, for a string with
	// escapes, the text the check unescaped it into. (Counting allocations
	// instead would depend on the reader pool, which the race detector
	// empties at random.)
	for _, c := range []struct {
		input  string
		shared func(r *Reader) []byte
	}{
		{`"long enough to be worth a copy"`, func(r *Reader) []byte { return r.data }},
		{`"escaped\n text"`, func(r *Reader) []byte { return r.strs.text }},
	} {
		r := NewReader([]byte(c.input))
		v, ok := r.StringView()
		if buf := c.shared(r); !ok || !sharesMemory(v, buf) {
			t.Errorf("StringView of %s = %q, %v: a copy, not a view of the reader's bytes", c.input, v, ok)
		}
		finish(t, r)
	}
}

// sharesMemory reports whether s lies within buf's memory.
func sharesMemory(s string, buf []byte) bool {
	if len(s) == 0 || len(buf) == 0 {
		return false
	}
	p, lo := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(unsafe.SliceData(buf)))
	return lo <= p && p+uintptr(len(s)) <= lo+uintptr(len(buf))
}
