package catalog

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// How much of a long pointer a diagnostic shows: a pointer into a schema
// nested a thousand levels deep is tens of kilobytes, of which the start
// (which tool, which schema) and the end (which keyword) tell where to
// look. Diagnostic.Pointer keeps the whole pointer.
const (
	maxPointerShown = 200 // a pointer up to this many bytes is shown whole
	pointerHead     = 100 // of a longer one, about this many bytes of its start
	pointerTail     = 60  // and of its end
	maxTokenShown   = 40  // a longer reference token is cut to this many bytes
)

// shortPointer returns p whole when it is short; otherwise its first
// reference tokens, how many are left out, and its last tokens, each token
// cut to maxTokenShown bytes:
//
//	/tools/0/inputSchema/properties/n/properties/…(2,040 more)…/properties/n/type
func shortPointer(p string) string {
	if len(p) <= maxPointerShown || !strings.HasPrefix(p, "/") {
		return p
	}
	tokens := strings.Split(p[1:], "/")
	for i, t := range tokens {
		tokens[i] = cutToken(t)
	}
	head, n := 0, 0
	for head < len(tokens) && n+len(tokens[head]) < pointerHead {
		n += 1 + len(tokens[head])
		head++
	}
	head = max(head, 1)
	tail, n := 0, 0
	for tail < len(tokens)-head && n+len(tokens[len(tokens)-1-tail]) < pointerTail {
		n += 1 + len(tokens[len(tokens)-1-tail])
		tail++
	}
	tail = max(tail, min(1, len(tokens)-head))
	var b strings.Builder
	for _, t := range tokens[:head] {
		b.WriteString("/" + t)
	}
	if left := len(tokens) - head - tail; left > 0 {
		b.WriteString("/…(" + groupDigits(left) + " more)…")
	}
	for _, t := range tokens[len(tokens)-tail:] {
		b.WriteString("/" + t)
	}
	return b.String()
}

// cutToken cuts a reference token longer than maxTokenShown bytes, on a
// character boundary, and marks the cut.
func cutToken(t string) string {
	if len(t) <= maxTokenShown {
		return t
	}
	cut := maxTokenShown
	for cut > 0 && !utf8.RuneStart(t[cut]) {
		cut--
	}
	return t[:cut] + "…"
}

// groupDigits writes n with commas between groups of three digits.
func groupDigits(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// quoteName quotes a name the catalog gave (a tool's), as Go quotes a
// string: every character that is not printable is escaped.
func quoteName(s string) string {
	if len(s) > maxNameShown {
		cut := maxNameShown
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		return strconv.Quote(s[:cut]) + "…"
	}
	return strconv.Quote(s)
}

// maxNameShown is the longest tool name a diagnostic shows whole.
const maxNameShown = 200
