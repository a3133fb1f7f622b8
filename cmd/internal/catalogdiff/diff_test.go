package catalogdiff

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

func TestUnifiedDiff(t *testing.T) {
	tests := []struct {
		name, a, b, want string
	}{
		{"equal", "a\nb\n", "a\nb\n", ""},
		{"one line changed", "a\nb\nc\n", "a\nB\nc\n",
			"--- old\n+++ new\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"},
		{"from nothing", "", "a\nb\n",
			"--- old\n+++ new\n@@ -0,0 +1,2 @@\n+a\n+b\n"},
		{"to nothing", "a\n", "",
			"--- old\n+++ new\n@@ -1 +0,0 @@\n-a\n"},
		{"context is three lines", "1\n2\n3\n4\n5\n6\n7\n8\n9\n", "1\n2\n3\n4\nV\n6\n7\n8\n9\n",
			"--- old\n+++ new\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+V\n 6\n 7\n 8\n"},
		{"distant changes make two hunks", "a\n1\n2\n3\n4\n5\n6\n7\nb\n", "A\n1\n2\n3\n4\n5\n6\n7\nB\n",
			"--- old\n+++ new\n@@ -1,4 +1,4 @@\n-a\n+A\n 1\n 2\n 3\n@@ -6,4 +6,4 @@\n 5\n 6\n 7\n-b\n+B\n"},
		{"close changes share a hunk", "a\n1\n2\n3\n4\n5\n6\nb\n", "A\n1\n2\n3\n4\n5\n6\nB\n",
			"--- old\n+++ new\n@@ -1,8 +1,8 @@\n-a\n+A\n 1\n 2\n 3\n 4\n 5\n 6\n-b\n+B\n"},
		{"no newline at the end", "a\nb", "a\nb\n",
			"--- old\n+++ new\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n"},
		{"insertion in the middle", "a\nb\nc\nd\n", "a\nb\nx\nc\nd\n",
			"--- old\n+++ new\n@@ -1,4 +1,5 @@\n a\n b\n+x\n c\n d\n"},
	}
	for _, tt := range tests {
		if got := Unified("old", "new", []byte(tt.a), []byte(tt.b)); got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, got, tt.want)
		}
	}
}

// TestUnifiedDiffApplies applies diffs of random edits back to the old
// text: the result must be the new text, and the edit script no longer than
// the edits made.
func TestUnifiedDiffApplies(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 300 {
		var a []string
		for range rng.IntN(40) {
			a = append(a, strconv.Itoa(rng.IntN(6))+"\n")
		}
		b := append([]string(nil), a...)
		edits := rng.IntN(6)
		for range edits {
			switch pos := rng.IntN(len(b) + 1); rng.IntN(3) {
			case 0:
				b = append(b[:pos], append([]string{"new\n"}, b[pos:]...)...)
			case 1:
				if pos < len(b) {
					b = append(b[:pos], b[pos+1:]...)
				}
			case 2:
				if pos < len(b) {
					b[pos] = "changed\n"
				}
			}
		}
		old, new := strings.Join(a, ""), strings.Join(b, "")
		diff := Unified("old", "new", []byte(old), []byte(new))
		got, err := applyDiff(old, diff)
		if err != nil || got != new {
			t.Fatalf("case %d: applying the diff: %v\nold %q\nnew %q\ngot %q\ndiff:\n%s", i, err, old, new, got, diff)
		}
		if changed := strings.Count(diff, "\n-") + strings.Count(diff, "\n+") - 2; changed > 2*edits && diff != "" {
			t.Fatalf("case %d: %d changed lines for %d edits:\n%s", i, changed, edits, diff)
		}
	}
}

// TestDiffOfLargeRewrites checks the fallback past maxEditDistance.
func TestDiffOfLargeRewrites(t *testing.T) {
	var a, b strings.Builder
	for i := range 3 * maxEditDistance {
		fmt.Fprintf(&a, "a%d\n", i)
		fmt.Fprintf(&b, "b%d\n", i)
	}
	diff := Unified("old", "new", []byte(a.String()), []byte(b.String()))
	got, err := applyDiff(a.String(), diff)
	if err != nil || got != b.String() {
		t.Fatalf("applying the diff: %v", err)
	}
}

// applyDiff applies a unified diff made by Unified to old.
func applyDiff(old, diff string) (string, error) {
	if diff == "" {
		return old, nil
	}
	oldLines := splitLines([]byte(old))
	lines := strings.SplitAfter(diff, "\n")
	var out []string
	next := 0 // the next old line to copy
	for i := 2; i < len(lines) && lines[i] != ""; i++ {
		l := lines[i]
		if strings.HasPrefix(l, "@@") {
			var start, count int
			if _, err := fmt.Sscanf(l, "@@ -%d,%d", &start, &count); err != nil {
				if _, err := fmt.Sscanf(l, "@@ -%d", &start); err != nil {
					return "", fmt.Errorf("bad hunk header %q", l)
				}
				count = 1
			}
			if count == 0 {
				start++
			}
			for next < start-1 {
				out = append(out, oldLines[next])
				next++
			}
			continue
		}
		text := l[1:]
		if i+1 < len(lines) && strings.HasPrefix(lines[i+1], `\ No newline`) {
			text = strings.TrimSuffix(text, "\n")
			i++
		}
		switch l[0] {
		case ' ', '-':
			if next >= len(oldLines) || oldLines[next] != text {
				return "", fmt.Errorf("line %d: %q does not match the old text", next+1, text)
			}
			if l[0] == ' ' {
				out = append(out, text)
			}
			next++
		case '+':
			out = append(out, text)
		default:
			return "", fmt.Errorf("bad diff line %q", l)
		}
	}
	out = append(out, oldLines[next:]...)
	return strings.Join(out, ""), nil
}
