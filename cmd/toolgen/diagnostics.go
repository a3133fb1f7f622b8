package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/visible"
)

// printDiagnostics writes each diagnostic as its one-line form and, when
// its file can be read, the line of the file it points at with a caret
// under its column:
//
//	catalog.json:5:45: tool "ok" /tools/1/inputSchema/properties/n/maxLenght: unknown keyword ...
//	    "properties": {"n": {"type": "integer", "maxLenght": 3}}
//	                                            ^
//
// Only the first line has the file:line:col: form; the others are indented.
// Both are the catalog's text, shown through internal/visible: no byte of
// what is printed is a control character (but the newline ending each
// line), a bidirectional control or invalid UTF-8, whatever the catalog
// holds, since a terminal would act on it.
func printDiagnostics(w io.Writer, diags catalog.Diagnostics) {
	printDiagnosticsFrom(w, diags, nil)
}

// printDiagnosticsFrom is printDiagnostics with the text of some of the
// files given, for a catalog that is not on disk (toolgen pull).
func printDiagnosticsFrom(w io.Writer, diags catalog.Diagnostics, given map[string][]byte) {
	sources := map[string]*sourceLines{}
	for _, d := range diags {
		fmt.Fprintln(w, d.String())
		if d.Line < 1 || d.File == "" {
			continue
		}
		src, ok := sources[d.File]
		if !ok {
			data, ok := given[d.File]
			if !ok {
				data, _ = os.ReadFile(d.File) // nil when unreadable: no excerpt
			}
			src = newSourceLines(data)
			sources[d.File] = src
		}
		if excerpt := src.excerpt(d.Line, d.Col); excerpt != "" {
			io.WriteString(w, excerpt)
		}
	}
}

// sourceLines is a file read for excerpts, with where each line starts, so
// that many diagnostics on a long file do not each scan it from the start.
type sourceLines struct {
	data   []byte
	starts []int
}

func newSourceLines(data []byte) *sourceLines {
	s := &sourceLines{data: data}
	if len(data) > 0 {
		s.starts = append(s.starts, 0)
	}
	for i, b := range data {
		if b == '\n' && i+1 < len(data) {
			s.starts = append(s.starts, i+1)
		}
	}
	return s
}

// excerpt is sourceExcerpt of the file's line, found without a scan.
func (s *sourceLines) excerpt(line, col int) string {
	if line < 1 || line > len(s.starts) {
		return ""
	}
	end := len(s.data)
	if line < len(s.starts) {
		end = s.starts[line]
	}
	return sourceExcerpt(s.data[s.starts[line-1]:end], 1, col)
}

// printError prints "name: err" on w, err's text shown through
// internal/visible line by line: errors of the schema command and of
// toolgen validate quote the schema's and the catalog's text.
func printError(w io.Writer, name string, err error) {
	lines := strings.Split(err.Error(), "\n")
	for i, line := range lines {
		lines[i] = visible.String(line)
	}
	fmt.Fprintf(w, "%s: %s\n", visible.String(name), strings.Join(lines, "\n"))
}

// excerptIndent starts every excerpt line.
const excerptIndent = "    "

// maxExcerpt is the widest line an excerpt shows whole; of a wider line (a
// minified catalog) it shows about excerptSide columns on each side of the
// column, so that a diagnostic does not print kilobytes.
const (
	maxExcerpt  = 160
	excerptSide = 70
)

// tabWidth is where tab stops are: an excerpt shows a tab as the spaces to
// the next one, so that the caret lines up and no tab is printed.
const tabWidth = 8

// sourceExcerpt renders line (1-based) of src and, when col (1-based, in
// bytes) is known, a caret under that column; "" when src has no such line.
// Each character of the line is shown as visible.Next shows it (a hidden
// one as its escape), a tab as spaces, and the caret stands under the first
// character of what is shown for the byte at col.
func sourceExcerpt(src []byte, line, col int) string {
	text, ok := nthLine(src, line)
	if !ok {
		return ""
	}
	if col < 1 {
		col = 0
	} else if col > len(text)+1 {
		col = len(text) + 1
	}
	before, after := "", text
	if col > 0 {
		before, after = text[:col-1], text[col-1:]
	}
	shownBefore, width := showLine(before, 0)
	shownAfter, end := showLine(after, width)
	// Cut a wide line to a window around the column, on character boundaries.
	prefix, suffix := "", ""
	if end > maxExcerpt {
		if width > excerptSide {
			shownBefore, prefix = lastColumns(shownBefore, excerptSide), "..."
		}
		if end-width > excerptSide {
			shownAfter, suffix = firstColumns(shownAfter, excerptSide), "..."
		}
	}
	var b strings.Builder
	b.WriteString(excerptIndent + prefix + strings.Join(shownBefore, "") + strings.Join(shownAfter, "") + suffix + "\n")
	if col > 0 {
		b.WriteString(excerptIndent + strings.Repeat(" ", len(prefix)+columns(shownBefore)) + "^\n")
	}
	return b.String()
}

// showLine returns how each character of s is shown, starting at column
// start, and the column after the last: one column per character shown.
func showLine(s string, start int) (shown []string, end int) {
	end = start
	for len(s) > 0 {
		if s[0] == '\t' {
			n := tabWidth - end%tabWidth
			shown, s, end = append(shown, strings.Repeat(" ", n)), s[1:], end+n
			continue
		}
		piece, size := visible.Next(s)
		shown, s, end = append(shown, piece), s[size:], end+len([]rune(piece))
	}
	return shown, end
}

// columns is how many columns shown takes.
func columns(shown []string) int {
	n := 0
	for _, p := range shown {
		n += len([]rune(p))
	}
	return n
}

// lastColumns keeps the last characters of shown that fit in about width
// columns.
func lastColumns(shown []string, width int) []string {
	i, n := len(shown), 0
	for i > 0 && n+len([]rune(shown[i-1])) <= width {
		i--
		n += len([]rune(shown[i]))
	}
	return shown[i:]
}

// firstColumns keeps the first characters of shown that fit in about
// width columns.
func firstColumns(shown []string, width int) []string {
	i, n := 0, 0
	for i < len(shown) && n+len([]rune(shown[i])) <= width {
		n += len([]rune(shown[i]))
		i++
	}
	return shown[:i]
}

// nthLine returns line n (1-based) of src without its line ending, and
// whether src has that line.
func nthLine(src []byte, n int) (string, bool) {
	for i := 1; len(src) > 0; i++ {
		text, rest, found := bytes.Cut(src, []byte("\n"))
		if i == n {
			return strings.TrimSuffix(string(text), "\r"), true
		}
		if !found {
			break
		}
		src = rest
	}
	return "", false
}
