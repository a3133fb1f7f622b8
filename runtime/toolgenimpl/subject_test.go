package toolgenimpl

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/toolgen/toolgen/runtime"
	"github.com/toolgen/toolgen/runtime/internal/message"
)

// walkNotAllowed reads any value, reporting every scalar member as not
// allowed, so that each violation's hint names where it is.
func walkNotAllowed(r *Reader) {
	switch r.Kind() {
	case KindObject:
		r.BeginObject()
		for r.NextMember(nil, nil) != EndOfObject {
			if k := r.Kind(); k == KindObject || k == KindArray {
				walkNotAllowed(r)
			} else {
				r.NotAllowed(string(r.MemberName()), []string{"x"})
			}
		}
	case KindArray:
		r.BeginArray()
		for r.More() {
			walkNotAllowed(r)
		}
		r.EndArray()
	default:
		r.Skip()
	}
}

// TestHintSubjectQuoting: whatever a member's name holds, at the root, in
// a nested object or in an array's item, and read directly or by a
// sub-reader, a hint names the member's path quoted as strconv.Quote
// quotes it, a name cut at hintNameRunes. Names without anything to quote
// take a shorter way there than others (see locate); both must agree.
func TestHintSubjectQuoting(t *testing.T) {
	names := []string{
		"", "qty", "a b", `say "hi"`, `back\slash`, "a~b", "a/b", "é", "tab\there",
		"\u2028", "\x7f", strings.Repeat("n", 64), strings.Repeat("n", 65), strings.Repeat("é", 70),
	}
	for _, name := range names {
		key := string(mustQuote(t, name))
		shown := message.Truncate(name, hintNameRunes)
		for _, c := range []struct{ doc, path string }{
			{`{` + key + `:1}`, shown},
			{`{"outer":{` + key + `:1}}`, "outer." + shown},
			{`{"list":[0,{` + key + `:1}]}`, "list[1]." + shown},
			{`{` + key + `:{` + key + `:true}}`, shown + "." + shown},
		} {
			for _, sub := range []bool{false, true} {
				r := NewReader([]byte(c.doc))
				if sub {
					raw, _ := r.Raw()
					s := r.Sub(raw)
					walkNotAllowed(s)
					r.Adopt(s)
				} else {
					walkNotAllowed(r)
				}
				var ve *runtime.ValidationError
				if err := r.Finish("t"); !errors.As(err, &ve) || len(ve.Violations) != 1 {
					t.Fatalf("%s: got %v, want one violation", c.doc, err)
				}
				want := "Field " + strconv.Quote(c.path) + " is not allowed here"
				if got := ve.Violations[0].Hint; !strings.HasPrefix(got, want) {
					t.Errorf("%s (sub-reader %v): hint %q, want it to begin %q", c.doc, sub, got, want)
				}
			}
		}
	}
}

func mustQuote(t *testing.T, s string) []byte {
	t.Helper()
	b, err := jsontext.AppendQuote(nil, s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestTextKind: textKind agrees with jsontext on every first byte, and on
// text that starts with white space or is empty.
func TestTextKind(t *testing.T) {
	texts := [][]byte{nil, []byte(" 1"), []byte("\t\"a\""), []byte("\n{}"), []byte("  ")}
	for c := range 256 {
		texts = append(texts, []byte{byte(c)}, []byte{byte(c), '1'})
	}
	for _, v := range texts {
		if got, want := textKind(v), jsontext.Value(v).Kind(); got != want {
			t.Errorf("textKind(%q) = %v, want %v", v, got, want)
		}
	}
}
