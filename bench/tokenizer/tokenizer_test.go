package tokenizer

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-faster/jx"
	"github.com/go-json-experiment/json/jsontext"
)

// payloads are the valid tool-call arguments from ../testdata, smallest first.
var payloads = []string{"refund_payment", "search_issues", "create_order"}

func loadPayload(tb testing.TB, name string) []byte {
	tb.Helper()
	p, err := os.ReadFile(filepath.Join("..", "testdata", name+".valid.json"))
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// sink keeps the compiler from discarding the walks.
var sink int

// BenchmarkTokenize walks every token of each valid payload. Sub-benchmarks
// are named payload/tokenizer so benchstat can put them side by side:
//
//   - jsontext: jsontext.Decoder.ReadToken, AllowDuplicateNames(true).
//   - jsontext-rawnames: as jsontext, but object names read with ReadValue as
//     raw bytes (not unescaped, not turned into strings).
//   - jsontext-dupcheck: as jsontext with default options, i.e. duplicate
//     object names are detected (what a strict validator wants).
//   - jx: github.com/go-faster/jx Decoder, generic Next/Obj/Arr/Str/Num walk.
//   - toolgen-reader: toolgen's toolgenimpl.Reader, which has jsontext check the
//     whole text and then walks the checked bytes, as generated code reads;
//     names as bytes, like jsontext-rawnames.
//   - encoding-json: encoding/json Decoder.Token (baseline). It has no Reset,
//     so a new Decoder is made each iteration; only its bytes.Reader is reused.
//   - valid: encoding/json.Valid, the floor (no tokens handed out).
//
// Decoders are built once and Reset onto the payload in each iteration where
// the API allows. jsontext reads from a *bytes.Buffer, which it parses in
// place; jx reads the slice directly via ResetBytes.
func BenchmarkTokenize(b *testing.B) {
	for _, name := range payloads {
		payload := loadPayload(b, name)
		b.Run(name+"/jsontext", func(b *testing.B) {
			benchJSONText(b, payload, walkJSONText, jsontext.AllowDuplicateNames(true))
		})
		b.Run(name+"/jsontext-rawnames", func(b *testing.B) {
			benchJSONText(b, payload, walkJSONTextRawNames, jsontext.AllowDuplicateNames(true))
		})
		b.Run(name+"/jsontext-dupcheck", func(b *testing.B) {
			benchJSONText(b, payload, walkJSONText)
		})
		b.Run(name+"/jx", func(b *testing.B) {
			d := jx.DecodeBytes(nil)
			var w jxWalker
			b.SetBytes(int64(len(payload)))
			b.ReportAllocs()
			for b.Loop() {
				d.ResetBytes(payload)
				n, _, err := walkJX(d, &w)
				if err != nil {
					b.Fatal(err)
				}
				sink += n
			}
		})
		b.Run(name+"/toolgen-reader", func(b *testing.B) {
			b.SetBytes(int64(len(payload)))
			b.ReportAllocs()
			for b.Loop() {
				n, _, err := walkReader(payload)
				if err != nil {
					b.Fatal(err)
				}
				sink += n
			}
		})
		b.Run(name+"/encoding-json", func(b *testing.B) {
			r := bytes.NewReader(nil)
			b.SetBytes(int64(len(payload)))
			b.ReportAllocs()
			for b.Loop() {
				r.Reset(payload)
				n, _, err := walkStd(json.NewDecoder(r))
				if err != nil {
					b.Fatal(err)
				}
				sink += n
			}
		})
		b.Run(name+"/valid", func(b *testing.B) {
			b.SetBytes(int64(len(payload)))
			b.ReportAllocs()
			for b.Loop() {
				if !json.Valid(payload) {
					b.Fatal(errInvalid)
				}
				sink++
			}
		})
	}
}

func benchJSONText(b *testing.B, payload []byte, walk func(*jsontext.Decoder) (int, int, error), opts ...jsontext.Options) {
	var bb bytes.Buffer
	d := jsontext.NewDecoder(&bb, opts...)
	b.SetBytes(int64(len(payload)))
	b.ReportAllocs()
	for b.Loop() {
		setBuffer(&bb, payload)
		d.Reset(&bb, opts...)
		n, _, err := walk(d)
		if err != nil {
			b.Fatal(err)
		}
		sink += n
	}
}

// TestWalkersAgree checks that every benchmarked walker visits the same
// number of values and names and materialises the same string bytes, so the
// benchmarks compare equal work.
func TestWalkersAgree(t *testing.T) {
	for _, name := range payloads {
		payload := loadPayload(t, name)
		type result struct{ n, strLen int }
		got := map[string]result{}
		for _, c := range []struct {
			name string
			walk func(*jsontext.Decoder) (int, int, error)
			opts []jsontext.Options
		}{
			{"jsontext", walkJSONText, []jsontext.Options{jsontext.AllowDuplicateNames(true)}},
			{"jsontext-rawnames", walkJSONTextRawNames, []jsontext.Options{jsontext.AllowDuplicateNames(true)}},
			{"jsontext-dupcheck", walkJSONText, nil},
		} {
			n, s, err := c.walk(jsontext.NewDecoder(bytes.NewBuffer(payload), c.opts...))
			if err != nil {
				t.Fatalf("%s/%s: %v", name, c.name, err)
			}
			got[c.name] = result{n, s}
		}
		n, s, err := walkJX(jx.DecodeBytes(payload), new(jxWalker))
		if err != nil {
			t.Fatalf("%s/jx: %v", name, err)
		}
		got["jx"] = result{n, s}
		n, s, err = walkReader(payload)
		if err != nil {
			t.Fatalf("%s/toolgen-reader: %v", name, err)
		}
		got["toolgen-reader"] = result{n, s}
		n, s, err = walkStd(json.NewDecoder(bytes.NewReader(payload)))
		if err != nil {
			t.Fatalf("%s/encoding-json: %v", name, err)
		}
		got["encoding-json"] = result{n, s}
		want := got["jsontext"]
		if want.n == 0 || want.strLen == 0 {
			t.Fatalf("%s: jsontext walk saw nothing: %+v", name, want)
		}
		for k, v := range got {
			if v != want {
				t.Errorf("%s/%s = %+v, jsontext = %+v", name, k, v, want)
			}
		}
		t.Logf("%s: %d bytes, %d values+names, %d string bytes", name, len(payload), want.n, want.strLen)
	}
}
