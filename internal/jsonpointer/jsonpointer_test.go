package jsonpointer

import (
	"slices"
	"testing"
	"testing/quick"
)

// TestRoundTrip checks, for generated token lists, that Join then Split
// gives the tokens back, and that no escaped token holds a '/'.
func TestRoundTrip(t *testing.T) {
	roundTrip := func(toks []string) bool {
		ptr := Join(toks)
		got, err := Split(ptr)
		if err != nil || len(got) != len(toks) {
			return false
		}
		for i := range toks {
			if got[i] != toks[i] || Unescape(Escape(toks[i])) != toks[i] {
				return false
			}
			if e := Escape(toks[i]); slices.Contains([]byte(e), '/') || string(AppendEscaped(nil, toks[i])) != e {
				return false
			}
		}
		return len(toks) == 0 || Last(ptr) == toks[len(toks)-1]
	}
	if err := quick.Check(roundTrip, &quick.Config{MaxCount: 2000}); err != nil {
		t.Fatal(err)
	}
	// Tokens made only of the characters that matter, which random strings
	// rarely hit in the right order.
	alphabet := []string{"~", "/", "0", "1", "a"}
	for n := 0; n < 5*5*5*5; n++ {
		var tok string
		for k := n; k > 0; k /= 5 {
			tok += alphabet[k%5]
		}
		if !roundTrip([]string{tok, "", tok + tok}) {
			t.Fatalf("token %q does not round-trip", tok)
		}
	}
}

func TestKnownForms(t *testing.T) {
	for _, c := range []struct{ tok, esc string }{
		{"a/b", "a~1b"}, {"m~n", "m~0n"}, {"~1", "~01"}, {"/~", "~1~0"}, {"", ""},
	} {
		if got := Escape(c.tok); got != c.esc {
			t.Errorf("Escape(%q) = %q, want %q", c.tok, got, c.esc)
		}
		if got := Unescape(c.esc); got != c.tok {
			t.Errorf("Unescape(%q) = %q, want %q", c.esc, got, c.tok)
		}
	}
	if _, err := Split("a/b"); err == nil {
		t.Error("Split accepted a pointer without a leading '/'")
	}
}

// TestDisplay checks that Display shows every pointer that is not the root
// as it is, and the root, whose pointer is empty, as "/".
func TestDisplay(t *testing.T) {
	if got := Display(""); got != "/" {
		t.Errorf("Display(\"\") = %q, want \"/\"", got)
	}
	shown := func(toks []string) bool {
		ptr := Join(toks)
		return len(toks) == 0 || Display(ptr) == ptr
	}
	if err := quick.Check(shown, &quick.Config{MaxCount: 2000}); err != nil {
		t.Fatal(err)
	}
}
