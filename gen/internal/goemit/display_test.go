package goemit

import (
	"strings"
	"testing"
)

// TestDisplayPtrBounded checks that a comment shows a bounded part of a long
// pointer, cut at token boundaries, and a short one whole.
func TestDisplayPtrBounded(t *testing.T) {
	for _, depth := range []int{1, 3, 7, 8, 20, 2000} {
		for _, token := range []string{"n", "properties/a_b", "items", "x~1y", strings.Repeat("long", 20)} {
			p := strings.Repeat("/"+token, depth)
			got := DisplayPtr(p)
			switch {
			case len(p) <= maxCommentPtr:
				if got != p {
					t.Errorf("DisplayPtr(%q) = %q, want it whole", p, got)
				}
			case len(got) > maxCommentPtr+len("/…") && len(token) < maxCommentPtr/2:
				t.Errorf("displayPtr of %d bytes gave %d bytes: %q", len(p), len(got), got)
			default:
				head, tail, ok := strings.Cut(got, "/…")
				if !ok || !strings.HasPrefix(p, head+"/") || !strings.HasSuffix(p, tail) || !strings.HasPrefix(tail, "/") {
					t.Errorf("DisplayPtr(%q) = %q: not the pointer's first and last tokens around …", p, got)
				}
			}
		}
	}
	if got := DisplayPtr(""); got != "the root" {
		t.Errorf("DisplayPtr(\"\") = %q", got)
	}
	// Tokens longer than the bound are the catalog's own text: shown whole,
	// once each, they cannot make the file grow faster than the catalog.
	long := "/" + strings.Repeat("y", 200)
	if got := DisplayPtr(long); got != long {
		t.Errorf("displayPtr cut a single token: %q", got)
	}
	deep := strings.Repeat(long, 50)
	if got := DisplayPtr(deep); got != long+"/…"+long {
		t.Errorf("displayPtr of %d long tokens gave %d bytes", 50, len(got))
	}
}
