package toolgenimpl

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/runtime"

	"github.com/go-json-experiment/json/jsontext"
)

// readerTokens walks the value r reads, the way generated code does, and
// lists what it sees: names, strings (unescaped), the JSON text of numbers,
// literals and the brackets.
func readerTokens(r *Reader) []string {
	var out []string
	var walk func()
	walk = func() {
		switch r.Kind() {
		case KindObject:
			if !r.BeginObject() {
				return
			}
			out = append(out, "{")
			for r.More() {
				name := r.Name()
				if name == nil {
					return
				}
				out = append(out, "name "+string(name))
				walk()
			}
			if r.EndObject(); !r.stopped {
				out = append(out, "}")
			}
		case KindArray:
			if !r.BeginArray() {
				return
			}
			out = append(out, "[")
			for r.More() {
				walk()
			}
			if r.EndArray(); !r.stopped {
				out = append(out, "]")
			}
		case KindString:
			if s, ok := r.String(); ok {
				out = append(out, "string "+s)
			}
		case KindNumber:
			if raw, ok := r.Raw(); ok {
				out = append(out, "number "+string(raw))
			}
		case KindBool:
			if b, ok := r.Bool(); ok {
				out = append(out, map[bool]string{true: "true", false: "false"}[b])
			}
		case KindNull:
			if r.Null() {
				out = append(out, "null")
			}
		}
	}
	walk()
	return out
}

// decoderTokens lists the same for jsontext's own token-by-token reading of
// data as one JSON value, and returns the first error, if any.
func decoderTokens(data []byte) ([]string, error) {
	var out []string
	dec := jsontext.NewDecoder(bytes.NewReader(data), jsontext.AllowDuplicateNames(true))
	for {
		whole := len(out) > 0 && dec.StackDepth() == 0
		tok, err := dec.ReadToken()
		switch {
		case whole && err == io.EOF:
			return out, nil
		case whole && err == nil:
			return out, errors.New("a second top-level value")
		case err != nil:
			return out, err
		}
		k, depth := dec.StackIndex(dec.StackDepth())
		switch kind := tok.Kind(); kind {
		case '{', '}', '[', ']':
			out = append(out, tok.String())
		case '"':
			if k == '{' && depth%2 == 1 {
				out = append(out, "name "+tok.String())
			} else {
				out = append(out, "string "+tok.String())
			}
		case '0':
			out = append(out, "number "+tok.String())
		case 'n':
			out = append(out, "null")
		default:
			out = append(out, tok.String())
		}
	}
}

// FuzzReaderAgreesWithDecoder checks the reader, which walks bytes the
// tokenizer has checked, against the tokenizer's own reading of the same
// input: on JSON, the same tokens and no violation; on anything else, one
// json violation, and nothing read that the tokenizer did not read before
// its error.
func FuzzReaderAgreesWithDecoder(f *testing.F) {
	for _, seed := range []string{
		`{"a":1,"b":[true,false,null],"c":{"d":"e\n\u00e9\ud83d\ude00"}}`,
		` [ 1 , -2.5e3 , "x" , [ ] , { } ] `,
		`{"a":1,"a":2}`, `{"a":"` + strings.Repeat(`ab\"cd\\`, 20) + `"}`,
		`{"a":1`, `{"a":tru}`, `{"a" 1}`, `[1,]`, `{"a":"\ud800"}`, "{\"a\":\"\xff\"}",
		`{} {}`, `{}x`, `"\u0000"`, `12`, ``, ` `, "\xef\xbb\xbf{}", `[[[[[[[[[[]]]]]]]]]]`,
		`{"a":"0123456789abcdef0123456789abcdef0123456789\"\\"}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		want, wantErr := decoderTokens(data)
		r := NewReader(data, runtime.Options{MaxDepth: 1 << 20})
		got := readerTokens(r)
		err := r.Finish("t")
		if wantErr == nil {
			if err != nil {
				t.Fatalf("%q: the tokenizer reads it, the reader says %v", data, err)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%q: the reader read\n%q\nthe tokenizer\n%q", data, got, want)
			}
			return
		}
		var ve *runtime.ValidationError
		if !errors.As(err, &ve) || len(ve.Violations) != 1 || ve.Violations[0].Keyword != "json" {
			t.Fatalf("%q: the tokenizer says %v, the reader %v", data, wantErr, err)
		}
		if len(got) > len(want) || !slices.Equal(got, want[:len(got)]) {
			t.Fatalf("%q: the reader read\n%q\nbefore the error, the tokenizer\n%q", data, got, want)
		}
	})
}
