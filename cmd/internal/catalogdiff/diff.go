// Package catalogdiff renders the unified diff between a file as it is and
// as toolgen would write it (toolgen -check, toolgen docs -check): line
// based, Myers' shortest edit script, three lines of context, as diff -u.
package catalogdiff

import (
	"bytes"
	"fmt"
	"strings"
)

// diffContext is how many unchanged lines a hunk shows around a change.
const diffContext = 3

// maxEditDistance bounds the search for a shortest edit script (Myers'
// algorithm needs memory quadratic in it). Past it the differing middle of
// the two texts is shown as removed and re-added: still a correct diff,
// only not the shortest.
const maxEditDistance = 1000

// edit is one line of an edit script: kept (' '), removed ('-') or added ('+').
type edit struct {
	op   byte
	line string // with its "\n", unless it is a last line without one
}

// Unified returns the unified diff that turns a (named oldName) into b
// (named newName), or "" when they are equal. It is line-based; a last line
// without a newline is marked as diff(1) marks it.
func Unified(oldName, newName string, a, b []byte) string {
	if bytes.Equal(a, b) {
		return ""
	}
	edits := diffLines(splitLines(a), splitLines(b))
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", oldName, newName)
	for _, h := range hunks(edits) {
		writeHunk(&out, edits, h)
	}
	return out.String()
}

// splitLines splits text into lines that keep their "\n".
func splitLines(text []byte) []string {
	var lines []string
	for len(text) > 0 {
		i := bytes.IndexByte(text, '\n') + 1
		if i == 0 {
			i = len(text)
		}
		lines = append(lines, string(text[:i]))
		text = text[i:]
	}
	return lines
}

// diffLines returns an edit script from a to b: the common prefix and
// suffix are kept, and the middle is diffed with Myers' O(ND) algorithm
// when the two differ in at most maxEditDistance lines.
func diffLines(a, b []string) []edit {
	var prefix, suffix int
	for prefix < len(a) && prefix < len(b) && a[prefix] == b[prefix] {
		prefix++
	}
	for suffix < len(a)-prefix && suffix < len(b)-prefix && a[len(a)-1-suffix] == b[len(b)-1-suffix] {
		suffix++
	}
	var edits []edit
	for _, l := range a[:prefix] {
		edits = append(edits, edit{' ', l})
	}
	midA, midB := a[prefix:len(a)-suffix], b[prefix:len(b)-suffix]
	if mid, ok := myers(midA, midB); ok {
		edits = append(edits, mid...)
	} else {
		for _, l := range midA {
			edits = append(edits, edit{'-', l})
		}
		for _, l := range midB {
			edits = append(edits, edit{'+', l})
		}
	}
	for _, l := range a[len(a)-suffix:] {
		edits = append(edits, edit{' ', l})
	}
	return edits
}

// myers finds a shortest edit script from a to b (E. Myers, "An O(ND)
// Difference Algorithm and Its Variations", 1986), or reports false when
// it is longer than maxEditDistance.
func myers(a, b []string) ([]edit, bool) {
	n, m := len(a), len(b)
	limit := min(n+m, maxEditDistance)
	// v[k+off] is the furthest x reached on diagonal k = x - y.
	off := limit + 1
	v := make([]int, 2*off+1)
	// trace[d] is v's diagonals -d..d as they were before step d.
	var trace [][]int
	for d := 0; d <= limit; d++ {
		trace = append(trace, append([]int(nil), v[off-d:off+d+1]...))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				x = v[off+k+1] // down: add b[y]
			} else {
				x = v[off+k-1] + 1 // right: remove a[x]
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				return backtrack(a, b, trace, d), true
			}
		}
	}
	return nil, false
}

// backtrack walks the trace of myers back from the end of both texts,
// which step d reached, and returns the edit script in order.
func backtrack(a, b []string, trace [][]int, d int) []edit {
	var rev []edit
	x, y := len(a), len(b)
	for ; d > 0; d-- {
		prev := trace[d] // diagonals -d..d, at index k+d
		k := x - y
		prevK := k - 1
		if k == -d || (k != d && prev[k-1+d] < prev[k+1+d]) {
			prevK = k + 1
		}
		prevX := prev[prevK+d]
		prevY := prevX - prevK
		for x > prevX && y > prevY {
			rev = append(rev, edit{' ', a[x-1]})
			x, y = x-1, y-1
		}
		if x == prevX {
			rev = append(rev, edit{'+', b[y-1]})
			y--
		} else {
			rev = append(rev, edit{'-', a[x-1]})
			x--
		}
	}
	for x > 0 && y > 0 {
		rev = append(rev, edit{' ', a[x-1]})
		x, y = x-1, y-1
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}

// hunk is a range of an edit script, [start, end), shown as one hunk.
type hunk struct{ start, end int }

// hunks groups the changes of an edit script with diffContext lines of
// context around each; changes closer than twice that share a hunk.
func hunks(edits []edit) []hunk {
	var hs []hunk
	for i := 0; i < len(edits); i++ {
		if edits[i].op == ' ' {
			continue
		}
		start := max(i-diffContext, 0)
		// Extend to the last change followed by no more than 2*diffContext
		// kept lines before the next change.
		end, kept := i+1, 0
		for j := i + 1; j < len(edits) && kept <= 2*diffContext; j++ {
			if edits[j].op == ' ' {
				kept++
				continue
			}
			end, kept = j+1, 0
		}
		end = min(end+diffContext, len(edits))
		if n := len(hs); n > 0 && start <= hs[n-1].end {
			hs[n-1].end = end
		} else {
			hs = append(hs, hunk{start, end})
		}
		i = end - 1
	}
	return hs
}

// writeHunk writes one hunk with its @@ header.
func writeHunk(out *strings.Builder, edits []edit, h hunk) {
	// Line numbers of the hunk's first line in each text.
	oldLine, newLine := 1, 1
	for _, e := range edits[:h.start] {
		if e.op != '+' {
			oldLine++
		}
		if e.op != '-' {
			newLine++
		}
	}
	var oldCount, newCount int
	for _, e := range edits[h.start:h.end] {
		if e.op != '+' {
			oldCount++
		}
		if e.op != '-' {
			newCount++
		}
	}
	fmt.Fprintf(out, "@@ -%s +%s @@\n", hunkRange(oldLine, oldCount), hunkRange(newLine, newCount))
	for _, e := range edits[h.start:h.end] {
		out.WriteByte(e.op)
		out.WriteString(e.line)
		if !strings.HasSuffix(e.line, "\n") {
			out.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

// hunkRange renders a hunk's start,count as diff -u does: an empty range
// names the line before it.
func hunkRange(start, count int) string {
	switch count {
	case 0:
		return fmt.Sprintf("%d,0", start-1)
	case 1:
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, count)
}
