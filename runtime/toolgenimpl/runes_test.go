package toolgenimpl

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestRuneCountAgreesWithUTF8(t *testing.T) {
	for _, s := range []string{"", "a", "abcdefg", "abcdefgh", "abcdefghi", "pay_3MtwBwLkdIwHu7ix28a3tqPa",
		"héllo wörld, ça va?", strings.Repeat("x", 17) + "日本語" + strings.Repeat("y", 9),
		"abcdefgh\xff\xfeabcdefgh", "\xe6\x97", strings.Repeat("é", 20)} {
		if got, want := RuneCount(s), utf8.RuneCountInString(s); got != want {
			t.Errorf("RuneCount(%q) = %d, want %d", s, got, want)
		}
	}
}

func FuzzRuneCount(f *testing.F) {
	f.Add("pay_3MtwBwLkdIwHu7ix28a3tqPa")
	f.Add("abcdefgh\xffabc")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := RuneCount(s), utf8.RuneCountInString(s); got != want {
			t.Errorf("RuneCount(%q) = %d, want %d", s, got, want)
		}
	})
}
