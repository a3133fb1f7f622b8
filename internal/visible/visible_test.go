package visible

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestHiddenClasses checks every character of the classes a terminal or an
// editor acts on is hidden, and that ordinary text is not.
func TestHiddenClasses(t *testing.T) {
	var acted []rune
	for r := rune(0); r < 0x20; r++ {
		acted = append(acted, r) // C0, tab and line breaks among them
	}
	acted = append(acted, 0x7f) // DEL
	for r := rune(0x80); r < 0xa0; r++ {
		acted = append(acted, r) // C1: CSI, OSC, NEL, ...
	}
	for r := rune(0x202a); r <= 0x202e; r++ {
		acted = append(acted, r) // bidirectional embeddings and overrides
	}
	for r := rune(0x2066); r <= 0x2069; r++ {
		acted = append(acted, r) // bidirectional isolates
	}
	acted = append(acted, 0x200e, 0x200f, 0x061c, 0xfeff, 0x200b, 0x2028, 0x2029, 0xe000, 0xe0001)
	for _, r := range acted {
		if !Hidden(r) {
			t.Errorf("U+%04X is shown as itself", r)
		}
	}
	for _, r := range "aZ09 ~!\"\\é世界€😀\u00a0\u0301" {
		if Hidden(r) {
			t.Errorf("%q (U+%04X) is escaped", r, r)
		}
	}
}

func TestString(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain text", "plain text"},
		{"\x1b]0;PWNED\x07\x1b[2J", `\x1b]0;PWNED\x07\x1b[2J`},
		{"tab\tnew\nline\rcr", `tab\tnew\nline\rcr`},
		{"C1 \u009b and DEL \x7f", `C1 \x9b and DEL \x7f`},
		{"bidi \u202eevil\u202c \u2066x\u2069", `bidi \u202eevil\u202c \u2066x\u2069`},
		{"bad \xff\xc0 UTF-8", `bad \xff\xc0 UTF-8`},
		{"tag \U000e0041", `tag \U000e0041`},
		{"é and 世界", "é and 世界"},
	} {
		if got := String(c.in); got != c.want {
			t.Errorf("String(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// FuzzString checks String on any text: the result is valid UTF-8 with no
// hidden character, and text with nothing to escape comes back unchanged.
//
// In CI: go test ./internal/visible -run '^$' -fuzz '^FuzzString$' -fuzztime 100000x
func FuzzString(f *testing.F) {
	for _, s := range []string{"", "x", "\x1b[31m", "\u202e", "\xff", "é\u0085", "a\tb\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := String(s)
		if !utf8.ValidString(got) {
			t.Fatalf("String(%q) = %q is not valid UTF-8", s, got)
		}
		for _, r := range got {
			if Hidden(r) {
				t.Fatalf("String(%q) = %q holds U+%04X", s, got, r)
			}
		}
		clean := utf8.ValidString(s) && strings.IndexFunc(s, Hidden) < 0
		if clean != (got == s) {
			t.Fatalf("String(%q) = %q: changed %v, but the text needs escaping %v", s, got, got != s, !clean)
		}
		// Each character is shown as itself or as one escape, in order.
		var rebuilt strings.Builder
		for rest := s; rest != ""; {
			shown, size := Next(rest)
			if size < 1 {
				t.Fatalf("Next(%q) took %d bytes", rest, size)
			}
			rebuilt.WriteString(shown)
			rest = rest[size:]
		}
		if rebuilt.String() != got {
			t.Fatalf("String(%q) = %q, but Next shows %q", s, got, rebuilt.String())
		}
	})
}
