package templates

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The functions here put catalog text into Markdown so that it is only
// ever text: whatever a tool's name, title or description holds, it
// renders as those characters and cannot open a heading, a list, a link,
// emphasis, a table row, an HTML element or a comment, nor end one the
// template opened. CommonMark lets any ASCII punctuation be escaped with a
// backslash; only the characters that can start or end a construct are,
// so that ordinary prose stays readable in the file.

// inlineSpecial are the characters that open or close an inline construct
// wherever they stand: escapes, code spans, emphasis, links and images,
// raw HTML and autolinks, entities, strikethrough and table cells. '_'
// between letters or digits cannot (snake_case stays as it is) and '#'
// only where it would close a heading (see special).
const inlineSpecial = "\\`*_[]<&~|"

// lineStart are the characters that open a block at the start of a line:
// headings, block quotes, list items, thematic breaks and setext
// underlines.
const lineStart = "#>-+="

// text renders s as one line of literal Markdown text, for a heading, a
// title or a list item: its lines are joined by single spaces.
func text(s string) string {
	return escapeLine(strings.Join(strings.Fields(s), " "))
}

// para renders s as literal Markdown paragraphs, for a description: its
// line breaks are kept, each line without its indentation (which would
// make a code block), and blank lines separate paragraphs.
func para(s string) string {
	lines := strings.Split(strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n"), "\n")
	for i, l := range lines {
		lines[i] = escapeLine(strings.TrimFunc(l, unicode.IsSpace))
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}

// escapeLine escapes one line of text: the inline specials anywhere, and
// what would open a block or an ordered list item at its start.
func escapeLine(l string) string {
	var b strings.Builder
	digits := 0 // the digits the line starts with, so far
	for i, r := range l {
		if r == 0 {
			r = unicode.ReplacementChar // as CommonMark reads it
		}
		if special(l, i, r, digits) {
			b.WriteByte('\\')
		}
		if r >= '0' && r <= '9' && i == digits {
			digits++
		}
		b.WriteRune(r)
	}
	return b.String()
}

// special reports whether r, at byte i of line l whose first digits bytes
// are digits, must be escaped to stay text.
func special(l string, i int, r rune, digits int) bool {
	switch {
	case i == 0 && strings.ContainsRune(lineStart, r):
		return true
	case i == digits && i > 0 && (r == '.' || r == ')'): // "1. " opens a list
		return true
	case r == '_':
		before, _ := utf8.DecodeLastRuneInString(l[:i])
		after, _ := utf8.DecodeRuneInString(l[i+1:])
		return !(alnum(before) && alnum(after))
	case r == '#': // a heading's closing sequence: " ###" at the end
		return l[i-1] == ' ' && strings.Trim(l[i:], "# ") == ""
	}
	return strings.ContainsRune(inlineSpecial, r)
}

func alnum(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// code renders s as one code span: its fence is one backtick longer than
// the longest run of backticks in s, so s cannot close it, and line breaks
// become spaces (as CommonMark renders them) so that a table row holds.
func code(s string) string {
	s = strings.Map(func(r rune) rune {
		switch r {
		case '\n', '\r':
			return ' '
		case 0:
			return unicode.ReplacementChar
		}
		return r
	}, s)
	run, longest := 0, 0
	for _, r := range s {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	// CommonMark strips one space from each end of a span that has one at
	// both; pad a span that starts or ends with a backtick or a space.
	if s == "" {
		return "` `" // a span cannot be empty; one of spaces is kept
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") ||
		strings.HasPrefix(s, " ") && strings.HasSuffix(s, " ") {
		s = " " + s + " "
	}
	return fence + s + fence
}

// cellCode is code for a table cell: there a '|' ends the cell even in a
// code span unless escaped, and the table takes the backslash away.
func cellCode(s string) string {
	return strings.ReplaceAll(code(s), "|", `\|`)
}

// cell puts s, Markdown whose pipes are escaped (text, para and cellCode
// escape them), in a table cell: its lines joined by <br>.
func cell(s string) string {
	return strings.ReplaceAll(strings.TrimSpace(s), "\n", "<br>")
}

// comment makes s safe inside an HTML comment: nothing in it can end the
// comment early.
func comment(s string) string {
	return strings.ReplaceAll(strings.Join(strings.Fields(s), " "), "--", "- -")
}

// anchor returns the fragment GitHub gives a Markdown heading with text s:
// lower case, spaces as '-', and only letters, digits, '-' and '_' kept.
func anchor(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}
