package catalog

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/toolgen/toolgen/internal/visible"
)

// TestDiagnosticStringIsVisible checks that the one-line form of a
// diagnostic shows every part the catalog wrote (file, tool, pointer,
// message) without a character a terminal acts on.
func TestDiagnosticStringIsVisible(t *testing.T) {
	hostile := "a\x1b]0;PWNED\x07\x1b[2J\u202eb\u2066\xff\u009b\x7f\nz"
	d := Diagnostic{Severity: Error, File: "dir/" + hostile + ".json", Line: 3, Col: 7, Tool: hostile,
		Pointer: "/tools/0/inputSchema/properties/" + hostile, Message: "unknown keyword " + hostile + "; remove it"}
	got := d.String()
	if !utf8.ValidString(got) || strings.ContainsFunc(got, visible.Hidden) {
		t.Fatalf("String() = %q holds what a terminal acts on", got)
	}
	for _, want := range []string{
		`dir/a\x1b]0;PWNED\x07\x1b[2J\u202eb\u2066\xff\x9b\x7f\nz.json:3:7: `,
		`tool "a\x1b]0;PWNED\a\x1b[2J\u202eb\u2066\xff\u009b\x7f\nz" `,
		`/tools/0/inputSchema/properties/a\x1b]0;PWNED\x07\x1b[2J\u202eb\u2066\xff\x9b\x7f\nz: `,
		`unknown keyword a\x1b]0;PWNED\x07`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("String() = %s\nlacks %s", got, want)
		}
	}
}

// TestShortPointer checks how a long pointer is shown: its start and its
// end, how many tokens are left out, and long tokens cut; a short one whole.
func TestShortPointer(t *testing.T) {
	deep := "/tools/0/inputSchema" + strings.Repeat("/properties/n", 1000) + "/type"
	got := shortPointer(deep)
	if !strings.HasPrefix(got, "/tools/0/inputSchema/properties/n/") || !strings.HasSuffix(got, "/properties/n/type") ||
		!strings.Contains(got, " more)…/") || len(got) > maxPointerShown {
		t.Errorf("shortPointer(deep) = %s", got)
	}
	// The tokens shown and the count add up to the pointer's tokens.
	head, rest, _ := strings.Cut(got, "/…(")
	count, tail, _ := strings.Cut(rest, " more)…")
	n := strings.Count(head, "/") + strings.Count(tail, "/") + atoi(t, strings.ReplaceAll(count, ",", ""))
	if want := strings.Count(deep, "/"); n != want {
		t.Errorf("shortPointer(deep) = %s accounts for %d tokens, want %d", got, n, want)
	}
	long := "/tools/0/inputSchema/properties/" + strings.Repeat("é", 200) + "/type"
	if got := shortPointer(long); !strings.Contains(got, "/"+strings.Repeat("é", 20)+"…") || !utf8.ValidString(got) {
		t.Errorf("shortPointer(long token) = %s", got)
	}
	for _, p := range []string{"", "/tools/0", "/a/" + strings.Repeat("b", maxPointerShown-3)} {
		if got := shortPointer(p); got != p {
			t.Errorf("shortPointer(%q) = %q, want it whole", p, got)
		}
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			t.Fatalf("%q is not a count", s)
		}
		n = n*10 + int(c-'0')
	}
	return n
}
