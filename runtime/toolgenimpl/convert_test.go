package toolgenimpl

import (
	"errors"
	"strings"
	"testing"
)

// word takes lower-case words only, and quotes what it refuses, as many
// UnmarshalText methods do.
type word string

func (w *word) UnmarshalText(b []byte) error {
	if strings.ToLower(string(b)) != string(b) {
		return errors.New("not lower case: " + string(b))
	}
	*w = word(b)
	return nil
}

func (w *word) UnmarshalJSON(b []byte) error { return w.UnmarshalText(b) }

// TestDecodeText converts a string that passed its schema, refuses one the
// type refuses with a violation at the value, and leaves alone one whose
// schema already refused it.
func TestDecodeText(t *testing.T) {
	for _, c := range []struct {
		input     string
		schemaBad bool   // a schema violation is recorded before conversion
		sensitive bool   // the value must not be echoed
		want      string // the value converted; "" when it is not
		hint      string // the violation's hint; "" when there is none
	}{
		{input: `"abc"`, want: "abc"},
		{input: `"aBc"`, hint: `Field "m" must be an RFC 3339 date-time with its UTC offset, such as 2024-05-01T13:45:00Z; got "aBc", which cannot be read: not lower case: aBc.`},
		{input: `"aBc"`, schemaBad: true},
		{input: `"aBc"`, sensitive: true, hint: `Field "m" must be an RFC 3339 date-time with its UTC offset, such as 2024-05-01T13:45:00Z; got a value that is not shown, which cannot be read: (not shown).`},
	} {
		r := NewReader([]byte(`{"m":` + c.input + `}`))
		r.BeginObject()
		r.Name()
		if c.sensitive {
			r.BeginSensitive()
		}
		mark := r.Mark()
		s, _ := r.String()
		if c.schemaBad {
			r.Format("date-time")
		}
		got, ok := DecodeText[word](r, mark, s, Conversion{Keyword: "format", Format: "date-time"})
		if ok != (c.want != "") || string(got) != c.want {
			t.Errorf("%s: got %q, %v; want %q", c.input, got, ok, c.want)
		}
		vs := r.Violations()
		switch {
		case c.schemaBad && len(vs) != 1:
			t.Errorf("%s: %d violations after the schema's own, want none added: %+v", c.input, len(vs), vs)
		case c.hint == "" && !c.schemaBad && len(vs) != 0:
			t.Errorf("%s: violations %+v, want none", c.input, vs)
		case c.hint != "" && (len(vs) != 1 || vs[0].Hint != c.hint || vs[0].Keyword != "format" || vs[0].Pointer != "/m"):
			t.Errorf("%s: violations %+v, want one at /m with hint %q", c.input, vs, c.hint)
		}
		if c.sensitive && len(vs) > 0 && strings.Contains(vs[0].Message+vs[0].Hint, "aBc") {
			t.Errorf("a sensitive value is echoed: %+v", vs[0])
		}
	}
}

// TestDecodeJSON converts a value of any kind from its JSON text.
func TestDecodeJSON(t *testing.T) {
	r := NewReader([]byte(`{"m":"X"}`))
	r.BeginObject()
	r.Name()
	mark := r.Mark()
	text, _ := r.Raw()
	if _, ok := DecodeJSON[word](r, mark, text, Conversion{Keyword: "goJSONSchema"}); ok {
		t.Fatal("a refused value converted")
	}
	vs := r.Violations()
	want := `Field "m" got "X", which cannot be read: not lower case: "X"; send a value in the form its description gives.`
	if len(vs) != 1 || vs[0].Hint != want || vs[0].Keyword != "goJSONSchema" {
		t.Errorf("violations %+v, want one with hint %q", vs, want)
	}
}
