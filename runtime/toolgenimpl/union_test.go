package toolgenimpl

import (
	"bytes"
	"testing"

	"github.com/go-json-experiment/json/jsontext"
)

// memberTextReference finds a member with the tokenizer, to compare with
// the byte scanner.
func memberTextReference(text []byte, name string) (string, bool) {
	dec := jsontext.NewDecoder(bytes.NewReader(text), allowDuplicates)
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '{' {
		return "", false
	}
	for dec.PeekKind() == '"' {
		tok, err := dec.ReadToken()
		if err != nil {
			return "", false
		}
		match := tok.String() == name
		v, err := dec.ReadValue()
		if err != nil {
			return "", false
		}
		if match {
			return string(v), true
		}
	}
	return "", false
}

func TestMemberText(t *testing.T) {
	for _, c := range []struct {
		text, want string
		found      bool
	}{
		{`{"kind":"card","n":1}`, `"card"`, true},
		{`{"n":{"kind":"deep"},"a":[{"kind":1}],"kind":"last"}`, `"last"`, true},
		{` { "a" : "x\"kind" , "kind" : "spaced" } `, `"spaced"`, true},
		{`{"k\u0069nd":"escaped"}`, `"escaped"`, true},
		{`{"kind":{"a":[1,2]},"b":2}`, `{"a":[1,2]}`, true},
		{`{"kind":12.5e3}`, `12.5e3`, true},
		{`{"kind":true}`, `true`, true},
		{`{"kind":null }`, `null`, true},
		{`{"kind": 12 ,"b":1}`, `12`, true},
		{"{\"kind\":false\n\t}", `false`, true},
		{`{"kind":"first","kind":"second"}`, `"first"`, true},
		{`{"other":"card"}`, ``, false},
		{`{}`, ``, false},
		{`["kind"]`, ``, false},
		{`"kind"`, ``, false},
	} {
		got, found := memberText([]byte(c.text), "kind")
		if string(got) != c.want || found != c.found {
			t.Errorf("memberText(%s) = %s, %v; want %s, %v", c.text, got, found, c.want, c.found)
		}
	}
}

// TestDiscriminate holds Discriminate, and DiscriminateOr with the second
// alternative taken when the member is absent (absent 1), which must differ
// from it there alone.
func TestDiscriminate(t *testing.T) {
	tags := []string{"card", "transfer"}
	for _, c := range []struct {
		args      string
		absent    int
		want      int
		violation string // "keyword pointer"
	}{
		{`{"m":{"kind":"transfer"}}`, -1, 1, ""},
		{`{"m":{"iban":"x","kind":"card"}}`, -1, 0, ""},
		{`{"m":{"kind":"cash"}}`, -1, -1, "enum /m/kind"},
		{`{"m":{"kind":1}}`, -1, -1, "enum /m/kind"},
		{`{"m":{"iban":"x"}}`, -1, -1, "required /m"},
		{`{"m":[]}`, -1, -1, "type /m"},
		{`{"m":{"iban":"x"}}`, 1, 1, ""},
		{`{"m":{"kind":"card"}}`, 1, 0, ""},
		{`{"m":{"kind":null}}`, 1, -1, "enum /m/kind"},
		{`{"m":{"kind":"cash"}}`, 1, -1, "enum /m/kind"},
		{`{"m":[]}`, 1, -1, "type /m"},
		{`{"m":{"x":{"kind":"card"}}}`, 1, 1, ""},
	} {
		r := NewReader([]byte(c.args))
		r.BeginObject()
		r.More()
		r.Name()
		text, _ := r.Raw()
		got := r.DiscriminateOr(text, "kind", tags, c.absent)
		if c.absent < 0 {
			if plain := NewReader(text).Discriminate(text, "kind", tags); plain != got {
				t.Errorf("%s: Discriminate = %d, DiscriminateOr with no absent alternative = %d", c.args, plain, got)
			}
		}
		if got != c.want {
			t.Errorf("%s: DiscriminateOr(absent %d) = %d, want %d", c.args, c.absent, got, c.want)
		}
		vs := r.Violations()
		switch {
		case c.violation == "" && len(vs) > 0:
			t.Errorf("%s: unexpected %v", c.args, vs)
		case c.violation != "" && (len(vs) != 1 || vs[0].Keyword+" "+vs[0].Pointer != c.violation):
			t.Errorf("%s: violations %v, want %s", c.args, vs, c.violation)
		}
	}
}

func FuzzMemberText(f *testing.F) {
	for _, s := range []string{`{"kind":"a"}`, `{"a":{"kind":[1,{"kind":2}]},"kind":null}`, `{"k\u0069nd":"x"}`, `{}`} {
		f.Add(s, "kind")
	}
	f.Fuzz(func(t *testing.T, text, name string) {
		data := []byte(text)
		if !jsontext.Value(data).IsValid(jsontext.AllowDuplicateNames(true)) {
			return // memberText takes only what Raw has read: valid JSON
		}
		got, found := memberText(data, name)
		want, wantFound := memberTextReference(data, name)
		if found != wantFound || (found && string(got) != want) {
			t.Fatalf("memberText(%s, %q) = %s, %v; the tokenizer finds %s, %v", text, name, got, found, want, wantFound)
		}
	})
}
