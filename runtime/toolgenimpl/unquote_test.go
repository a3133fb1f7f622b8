package toolgenimpl

import (
	"bytes"
	"testing"

	"github.com/go-json-experiment/json/jsontext"
)

// FuzzUnquote checks appendUnquoted against jsontext.AppendUnquote on every
// string the decoder accepts.
func FuzzUnquote(f *testing.F) {
	for _, seed := range []string{
		`"plain"`, `"esc \" \\ \/ \b \f \n \r \t"`, `"\u00e9\u20AC\ud83d\ude00 \uD834\uDD1E"`, `"é日本"`,
		`"\\\""`, `"\u0000\u001f\u007F"`, `""`, `"a\\"`,
		`"package main\n\nimport (\n\t\"fmt\"\n)\n\nfunc main() {\n\tfmt.Println(\"héllo, 世界\")\n}\n"`,
		`"0123456\\0123456\"01234567\/x\u00e90123456789abcdef\ud83d\ude00"`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		dec := jsontext.NewDecoder(bytes.NewReader(text))
		v, err := dec.ReadValue()
		if err != nil || v.Kind() != '"' {
			return
		}
		want, err := jsontext.AppendUnquote(nil, v)
		if err != nil {
			t.Fatalf("jsontext read %s but cannot unquote it: %v", v, err)
		}
		if got := appendUnquoted(nil, v); !bytes.Equal(got, want) {
			t.Fatalf("appendUnquoted(%s) = %q, want %q", v, got, want)
		}
		// After other text, as strings are unescaped into a block.
		prefix := []byte("prefix")
		if got := appendUnquoted(prefix[:len(prefix):len(prefix)], v); string(got) != "prefix"+string(want) {
			t.Fatalf("appendUnquoted(%q, %s) = %q, want %q", prefix, v, got, "prefix"+string(want))
		}
	})
}
