package goemit

import (
	"go/build/constraint"
	"strings"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen/toolgen/internal/visible"
)

// Every comment of generated code is rendered here, and nowhere else: much
// of its text comes from the catalog (descriptions, titles, names, patterns,
// pointers), which is untrusted. jennifer writes a comment that starts with
// "//" or "/*" verbatim and one with a newline as a /* */ block, so catalog
// text handed to it could end the comment or become a directive
// (//go:generate, //line, //go:linkname) at the start of a line. Here each
// line of text becomes a line of its own that starts with "// ", which no
// directive does and which no byte after it can end; the bytes a Go scanner
// refuses or an editor shows misleadingly are written as visible escapes.
// The test TestCommentsOnlyThroughRenderer keeps it the only way.

// commentWidth is where Comment wraps a long line of text.
const commentWidth = 80

// Comment renders text as // lines, breaking it at every line break it holds
// and wrapping each line at commentWidth, for a doc comment or a comment
// above a statement.
func Comment(text string) *jen.Statement {
	lines := wrap(commentLines(text), commentWidth)
	c := &jen.Statement{}
	for i, line := range lines {
		if i > 0 {
			c.Line()
		}
		c.Add(commentLine(line))
	}
	return c
}

// LineComment renders text as a single // line, its line breaks written as
// escapes, for a comment that ends a line of code or a header that must stay
// one line.
func LineComment(text string) *jen.Statement {
	return commentLine(strings.TrimSpace(escapeComment(text)))
}

// Header renders text as the single // line above the package clause.
func Header(text string) *jen.Statement {
	return commentLine(headerText(text))
}

// headerText is text as the header line shows it: one line, escaped, and
// with no "+build" in it, which go vet takes for a malformed build
// constraint anywhere in the comments above the package clause.
func headerText(text string) string {
	return strings.ReplaceAll(strings.TrimSpace(escapeComment(text)), "+build", `\x2bbuild`)
}

// CommentPrefix starts every rendered comment line. The space after the
// slashes is what keeps any line from being a directive: directives are
// "//" followed at once by a word ("//go:", "//line", "//export").
const CommentPrefix = "// "

// commentLine renders one line that escapeComment has made safe. jennifer
// writes a comment that starts with "//" as it is, which is how the prefix
// here, and nothing of the text, decides what the line is.
func commentLine(line string) *jen.Statement {
	if line == "" {
		return jen.Comment("//")
	}
	return jen.Comment(CommentPrefix + defusePlusBuild(line))
}

// defusePlusBuild escapes the plus of a line that reads "+build ...": gofmt
// takes any comment line of that form, wherever it stands, for a legacy build
// constraint, and adds a //go:build line above the package clause to match.
func defusePlusBuild(line string) string {
	if !constraint.IsPlusBuild(CommentPrefix + line) {
		return line
	}
	plus := strings.IndexByte(line, '+')
	return line[:plus] + `\x2b` + line[plus+1:]
}

// commentLines splits text into lines at every line break Go or an editor
// honours, with surrounding blank lines and trailing blanks removed and each
// line escaped.
func commentLines(text string) []string {
	var lines []string
	for _, line := range splitLines(text) {
		lines = append(lines, strings.TrimRight(escapeComment(line), " \t"))
	}
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	if len(lines) > 0 {
		lines[0] = strings.TrimLeft(lines[0], " \t")
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// splitLines splits text at \n, \r\n, \r, \v, \f, U+0085 (NEL), U+2028 (line
// separator) and U+2029 (paragraph separator): Go ends a // comment at \n
// only, but an editor or a reviewer's terminal may start a new line at any of
// them, where the rest would look like code.
func splitLines(text string) []string {
	var lines []string
	start := 0
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !isLineBreak(r) {
			i += size
			continue
		}
		lines = append(lines, text[start:i])
		i += size
		if r == '\r' && i < len(text) && text[i] == '\n' {
			i++
		}
		start = i
	}
	return append(lines, text[start:])
}

func isLineBreak(r rune) bool {
	switch r {
	case '\n', '\r', '\v', '\f', '\u0085', '\u2028', '\u2029':
		return true
	}
	return false
}

// escapeComment returns text as it can stand in a // comment: invalid UTF-8
// becomes U+FFFD, and every character internal/visible calls hidden
// (controls, format characters such as the byte order mark and the
// bidirectional controls, line and paragraph separators, private and
// unassigned code points) becomes its escape, such as \x00 or \u202e: Go
// refuses NUL and a byte order mark in a source file, and the others show
// as nothing or reorder what a reader sees of the line. Tabs stay, as
// indentation. Line breaks are escaped too: a caller that keeps them as
// lines splits the text at them first.
func escapeComment(text string) string {
	if isPlainComment(text) {
		return text
	}
	b := make([]byte, 0, len(text)+8)
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		i += size
		switch {
		case r == utf8.RuneError && size == 1:
			b = utf8.AppendRune(b, utf8.RuneError)
		case r == '\t':
			b = append(b, '\t')
		case visible.Hidden(r):
			b = visible.AppendEscape(b, r)
		default:
			b = utf8.AppendRune(b, r)
		}
	}
	return string(b)
}

// isPlainComment reports whether text is printable ASCII and tabs, which is
// most comment text and needs no escaping.
func isPlainComment(text string) bool {
	for i := 0; i < len(text); i++ {
		if c := text[i]; (c < 0x20 && c != '\t') || c >= 0x7f {
			return false
		}
	}
	return true
}

// wrap breaks each line into lines of at most width bytes at spaces, keeping
// a line's leading indentation on its continuation lines.
func wrap(lines []string, width int) []string {
	var out []string
	for _, line := range lines {
		indent := line[:len(line)-len(strings.TrimLeft(line, " \t"))]
		for len(line) > width {
			cut := strings.LastIndexByte(line[:width], ' ')
			if cut <= len(indent) {
				break // one long word: leave it whole
			}
			out = append(out, line[:cut])
			line = indent + strings.TrimLeft(line[cut:], " ")
		}
		out = append(out, line)
	}
	return out
}

// brandedDirectivePrefix starts the directive that ends the doc comment of every
// branded Valid…Args type: "//toolgen:branded ParseFoo" names the function
// that mints it. The vet check in cmd/internal/brandcheck trusts it only in a
// generated file; no comment rendered from catalog text can form it, since
// those lines all start with CommentPrefix.
const brandedDirectivePrefix = "//toolgen:branded "

// BrandedDirective renders the directive that marks the type it documents as
// branded, after a blank comment line as Go's doc comments place directives.
func BrandedDirective(parse string) *jen.Statement {
	return jen.Comment("//").Line().Comment(brandedDirectivePrefix + parse)
}

// The directives that mark a sealed union's interface and an enum's type,
// so that the vet check can report a switch over one that misses an
// alternative or a value and has no default; trusted, like the branded
// one, only in a file with toolgen's header.
const (
	SealedDirectiveText = "//toolgen:sealed"
	EnumDirectiveText   = "//toolgen:enum"
)

// Directive renders a directive that ends a doc comment.
func Directive(text string) *jen.Statement {
	return jen.Comment("//").Line().Comment(text)
}

// maxCommentPtr bounds the JSON Pointers that doc comments show: a comment
// on every type of a deeply nested schema must not repeat its whole path, or
// the file would grow with the square of the depth.
const maxCommentPtr = 96

// DisplayPtr renders a schema's JSON Pointer for a comment: whole when it is
// short, else as many of its first and last reference tokens as fit around
// "…" (at least one of each, which the catalog spelled out once).
func DisplayPtr(p string) string {
	if p == "" {
		return "the root"
	}
	if len(p) <= maxCommentPtr {
		return p
	}
	const keep = maxCommentPtr / 2
	head := p[:strings.LastIndexByte(p[:keep], '/')]
	if head == "" {
		head = p[:1+strings.IndexByte(p[1:], '/')] // a long first token
	}
	tail := p[len(p)-keep:]
	if i := strings.IndexByte(tail, '/'); i >= 0 {
		tail = tail[i:]
	} else {
		tail = p[strings.LastIndexByte(p, '/'):] // a long last token
	}
	if len(head)+len(tail) >= len(p) {
		return p
	}
	return head + "/…" + tail
}

// ShortText renders catalog text a comment repeats, such as a document's
// URI in the doc of each of its schema functions: whole when it is short,
// else its start and end around "…".
func ShortText(s string) string {
	if len(s) <= maxCommentPtr {
		return s
	}
	const keep = maxCommentPtr / 2
	head, tail := s[:keep], s[len(s)-keep:]
	for !utf8.ValidString(head) {
		head = head[:len(head)-1]
	}
	for !utf8.ValidString(tail) {
		tail = tail[1:]
	}
	return head + "…" + tail
}
