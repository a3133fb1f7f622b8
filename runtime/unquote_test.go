package runtime

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
	})
}
