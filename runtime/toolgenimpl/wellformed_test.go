package toolgenimpl

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-json-experiment/json/jsontext"
)

// tokenizerEnd is what Reader.check asks of the tokenizer: whether text is
// one value with only white space after it, and where the value ends.
func tokenizerEnd(text []byte) (int, bool) {
	dec := jsontext.NewDecoder(bytes.NewReader(text), allowDuplicates)
	if _, err := dec.ReadValue(); err != nil {
		return 0, false
	}
	end := int(dec.InputOffset())
	return end, onlySpace(text[end:])
}

// tokenizerArrayLengths returns, in the order of the input, where each
// array whose first item is an object or an array starts and how many items
// it has, as the tokenizer reads text.
func tokenizerArrayLengths(text []byte) []arrayLength {
	var lengths []arrayLength
	var open []int // for each open container, its index in lengths, or -1
	dec := jsontext.NewDecoder(bytes.NewReader(text), allowDuplicates)
	for {
		if n := len(open); n > 0 && open[n-1] >= 0 && dec.PeekKind() == ']' {
			_, items := dec.StackIndex(dec.StackDepth())
			lengths[open[n-1]].items = int(items)
		}
		tok, err := dec.ReadToken()
		if err != nil {
			return lengths
		}
		switch tok.Kind() {
		case '[':
			open = append(open, -1)
			if k := dec.PeekKind(); k == '{' || k == '[' {
				lengths = append(lengths, arrayLength{start: int(dec.InputOffset()) - 1})
				open[len(open)-1] = len(lengths) - 1
			}
		case '{':
			open = append(open, -1)
		case ']', '}':
			open = open[:len(open)-1]
		}
	}
}

// tokenizerStringEnds lists, as checkedStrings.ends does, where each string
// of text ends, names included, as the tokenizer reads them, marking those
// with escapes.
func tokenizerStringEnds(text []byte) []uint32 {
	var ends []uint32
	dec := jsontext.NewDecoder(bytes.NewReader(text), allowDuplicates)
	for {
		var err error
		if dec.PeekKind() == '"' {
			var v jsontext.Value
			if v, err = dec.ReadValue(); err == nil {
				end := uint32(dec.InputOffset())
				if bytes.IndexByte(v, '\\') >= 0 {
					end |= escapedEnd
				}
				ends = append(ends, end)
			}
		} else {
			_, err = dec.ReadToken()
		}
		if err != nil {
			return ends
		}
	}
}

// equalLengths compares array lengths by start and items; outer is
// wellFormed's own bookkeeping.
func equalLengths(a, b []arrayLength) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].start != b[i].start || a[i].items != b[i].items {
			return false
		}
	}
	return true
}

// tokenizerDepth returns how deeply objects and arrays nest in text, as far
// as the tokenizer reads it.
func tokenizerDepth(text []byte) int {
	dec := jsontext.NewDecoder(bytes.NewReader(text), allowDuplicates)
	deepest := 0
	for {
		if _, err := dec.ReadToken(); err != nil {
			return deepest
		}
		deepest = max(deepest, dec.StackDepth())
	}
}

// FuzzWellFormed checks wellFormed against the tokenizer's check, which it
// stands in for: what it accepts, the tokenizer accepts, ending at the same
// byte; and it declines only what the tokenizer declines or what nests
// deeper than wellFormedDepth.
func FuzzWellFormed(f *testing.F) {
	for _, seed := range []string{
		`{"a":1,"b":[true,false,null],"c":{"d":"e\n\u00e9\ud83d\ude00"}}`,
		` [ 1 , -2.5e3 , "x" , [ ] , { } ] `, "\t{\r\n}\n", `{"a":1,"a":2}`,
		`0`, `-0`, `-`, `01`, `1.`, `.5`, `1e`, `1e+`, `1E-7`, `-0.0e0`, `1.5x`, `[1 2]`, `[1,]`, `{"a":1,}`,
		`{"a" 1}`, `{"a":}`, `{,}`, `{1:2}`, `[}`, `{]`, `tru`, `nul`, `falsey`, `true false`,
		`"\ud800"`, `"\udc00"`, `"\ud800\udc00"`, `"\ud800\u0041"`, `"\ud800\"`, `"\u12"`, `"\u12g4"`,
		`"\x"`, `"\/"`, "\"\x01\"", "\"\x7f\"", "\"\xff\"", "\"\xc3\xa9\"", "\"\xc3\"",
		"\"\xed\xa0\x80\"", "\"\xef\xbf\xbd\"", "\"\xf0\x9f\x98\x80\"", "\"\xc0\xaf\"",
		`"0123456789abcdef\"0123456789abcdef"`, `"0123456789abcdef`, `{} {}`, `{}x`, ``, ` `, "\x00",
		strings.Repeat("[", 256) + strings.Repeat("]", 256), strings.Repeat("[", 257) + strings.Repeat("]", 257),
		strings.Repeat(`{"a":`, 300) + "1" + strings.Repeat("}", 300),
	} {
		f.Add([]byte(seed))
	}
	files, _ := filepath.Glob("../bench/testdata/*.json")
	for _, name := range files {
		if text, err := os.ReadFile(name); err == nil {
			f.Add(text)
		}
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		var strs checkedStrings
		var arrays arrayLengths
		end, ok := wellFormed(text, &strs, &arrays)
		wantEnd, want := tokenizerEnd(text)
		switch {
		case ok && !want:
			t.Fatalf("%q: wellFormed accepts it, the tokenizer does not", text)
		case ok && end != wantEnd:
			t.Fatalf("%q: wellFormed says the value ends at %d, the tokenizer at %d", text, end, wantEnd)
		case !ok && want && tokenizerDepth(text) <= wellFormedDepth:
			t.Fatalf("%q: the tokenizer accepts it, wellFormed declines", text)
		case !ok:
			return
		}
		if got, want := arrays.list, tokenizerArrayLengths(text); !equalLengths(got, want) {
			t.Fatalf("%q: wellFormed counts the items of arrays of containers as %v, the tokenizer as %v", text, got, want)
		}
		if got, want := strs.ends, tokenizerStringEnds(text); !slices.Equal(got, want) {
			t.Fatalf("%q: wellFormed lists the ends of strings as %v, the tokenizer as %v", text, got, want)
		}
		for _, s := range strs.escaped {
			want, err := jsontext.AppendUnquote(nil, text[s.start:s.end])
			if err != nil || string(strs.text[s.from:s.to]) != string(want) {
				t.Fatalf("%q: wellFormed unescapes %q as %q, the tokenizer as %q (%v)",
					text, text[s.start:s.end], strs.text[s.from:s.to], want, err)
			}
		}
	})
}

func BenchmarkWellFormed(b *testing.B) {
	files, _ := filepath.Glob("../bench/testdata/*.valid.json")
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		name := filepath.Base(f)
		b.Run(name+"/wellFormed", func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			var strs checkedStrings
			var arrays arrayLengths
			for b.Loop() {
				strs.reset()
				arrays.reset()
				if _, ok := wellFormed(text, &strs, &arrays); !ok {
					b.Fatal("declined")
				}
			}
		})
		b.Run(name+"/jsontext", func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			var in bytes.Buffer
			dec := jsontext.NewDecoder(&in, allowDuplicates)
			for b.Loop() {
				in = *bytes.NewBuffer(text)
				dec.Reset(&in, allowDuplicates)
				if _, err := dec.ReadValue(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestWordMasksFindTheFirstByte checks stringSpecial and quoteOrBackslash
// against a byte-by-byte search, on words that put every byte value at
// every position among random neighbours.
func TestWordMasksFindTheFirstByte(t *testing.T) {
	first := func(w [8]byte, is func(byte) bool) int {
		for k, c := range w {
			if is(c) {
				return k
			}
		}
		return 8
	}
	found := func(mask uint64) int { return bits.TrailingZeros64(mask) / 8 }
	rng := rand.New(rand.NewPCG(1, 2))
	for c := range 256 {
		for at := range 8 {
			for range 16 {
				var w [8]byte
				for k := range w {
					w[k] = byte(rng.Uint32())
				}
				w[at] = byte(c)
				x := binary.LittleEndian.Uint64(w[:])
				if got, want := found(stringSpecial(x)), first(w, func(c byte) bool { return inStringSpecial[c] }); got != want {
					t.Fatalf("stringSpecial(% x) finds byte %d, want %d", w, got, want)
				}
				if got, want := found(quoteOrBackslash(x)), first(w, func(c byte) bool { return c == '"' || c == '\\' }); got != want {
					t.Fatalf("quoteOrBackslash(% x) finds byte %d, want %d", w, got, want)
				}
			}
		}
	}
}

// TestEscapedStringsAcrossGrowth unescapes strings whose escapes, runs and
// ends fall on every byte around the points where the buffer grows, alone
// (where the string ends the text) and several to a text.
func TestEscapedStringsAcrossGrowth(t *testing.T) {
	for before := range 80 {
		for after := range 80 {
			s := `"` + strings.Repeat("a", before) + `\n\u00e9` + strings.Repeat("b", after) + `\t"`
			for _, text := range []string{s, "[" + s + "," + s + "," + s + "]"} {
				var strs checkedStrings
				var arrays arrayLengths
				if _, ok := wellFormed([]byte(text), &strs, &arrays); !ok {
					t.Fatalf("%s: declined", text)
				}
				if len(strs.escaped) == 0 {
					t.Fatalf("%s: no escaped strings recorded", text)
				}
				for _, e := range strs.escaped {
					want, err := jsontext.AppendUnquote(nil, []byte(text[e.start:e.end]))
					if err != nil || string(strs.text[e.from:e.to]) != string(want) {
						t.Fatalf("%s: unescaped as %q, want %q (%v)", text[e.start:e.end], strs.text[e.from:e.to], want, err)
					}
				}
			}
		}
	}
}

// TestCheckedListsResetDropsLargeBuffers checks that a reader keeps no
// more than a usual text's worth of string ends, escaped strings and array
// counts between texts.
func TestCheckedListsResetDropsLargeBuffers(t *testing.T) {
	var strs checkedStrings
	var arrays arrayLengths
	text := "[" + strings.Repeat(`["\n"],`, 5000) + `["\n"]]`
	if _, ok := wellFormed([]byte(text), &strs, &arrays); !ok {
		t.Fatal("declined")
	}
	if len(strs.ends) != 5001 || len(strs.escaped) != 5001 || len(arrays.list) != 1 || arrays.list[0].items != 5001 {
		t.Fatalf("%d string ends, %d escaped strings and %d counted arrays recorded, want 5001, 5001 and 1 of 5001 items",
			len(strs.ends), len(strs.escaped), len(arrays.list))
	}
	text = "[" + strings.Repeat(`[{}],`, 5000) + `[{}]]`
	if _, ok := wellFormed([]byte(text), &strs, &arrays); !ok {
		t.Fatal("declined")
	}
	strs.reset()
	arrays.reset()
	if cap(strs.ends) != 0 || cap(strs.escaped) != 0 || len(strs.escaped) != 0 || cap(arrays.list) != 0 || len(arrays.list) != 0 {
		t.Errorf("after reset the lists keep room for %d string ends, %d escaped strings and %d arrays",
			cap(strs.ends), cap(strs.escaped), cap(arrays.list))
	}
	if _, ok := wellFormed([]byte(`[["\n"],["\t"],"a"]`), &strs, &arrays); !ok {
		t.Fatal("declined")
	}
	strs.reset()
	arrays.reset()
	if cap(strs.ends) == 0 || cap(strs.escaped) == 0 || cap(arrays.list) == 0 {
		t.Error("after reset a small text's lists are not kept for reuse")
	}
}
