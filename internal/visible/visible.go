// Package visible shows untrusted text so that a reader sees every
// character of it and nothing else: a terminal, an editor or a code review
// acts on some characters instead of showing them (ESC starts a terminal
// command, BEL rings, a bidirectional override reorders what follows, a
// byte order mark or a zero-width character shows as nothing). Such a
// character is written as an escape of its code point instead.
//
// The generator's comment renderer and the catalog's diagnostics both read
// text from catalogs and both escape through here, so what counts as
// hidden, and how it is spelled, is decided once.
package visible

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Hidden reports whether r is written as an escape rather than as itself:
// every character that is not graphic in Unicode's sense. That is the
// controls (C0, DEL and C1, tab and line breaks among them), the format
// characters (the bidirectional embeddings, overrides, isolates and marks,
// the byte order mark, zero-width joiners and spaces), the line and
// paragraph separators, private-use, surrogate and unassigned code points.
// Letters, marks, numbers, punctuation, symbols and the space separators
// are shown as they are.
func Hidden(r rune) bool { return !unicode.IsGraphic(r) }

// AppendEscape appends the escape that shows r: \t, \n and \r for those,
// \xHH for any other code point below U+0100 (\x1b for ESC), \uHHHH up to
// U+FFFF (\u202e) and \UHHHHHHHH beyond.
func AppendEscape(b []byte, r rune) []byte {
	switch r {
	case '\t':
		return append(b, `\t`...)
	case '\n':
		return append(b, `\n`...)
	case '\r':
		return append(b, `\r`...)
	}
	switch {
	case r < 0x100:
		return appendHex(append(b, `\x`...), uint32(r), 2)
	case r <= 0xffff:
		return appendHex(append(b, `\u`...), uint32(r), 4)
	}
	return appendHex(append(b, `\U`...), uint32(r), 8)
}

// AppendInvalid appends the escape that shows c, a byte that is not part of
// valid UTF-8: \xHH, as Go writes such a byte in a string literal.
func AppendInvalid(b []byte, c byte) []byte {
	return appendHex(append(b, `\x`...), uint32(c), 2)
}

func appendHex(b []byte, v uint32, digits int) []byte {
	s := strconv.FormatUint(uint64(v), 16)
	for range digits - len(s) {
		b = append(b, '0')
	}
	return append(b, s...)
}

// Next reads the first character of s and returns how it is shown and how
// many bytes of s it took: the character itself, or its escape when it is
// hidden or a byte of invalid UTF-8. s must not be empty.
func Next(s string) (shown string, size int) {
	r, size := utf8.DecodeRuneInString(s)
	switch {
	case r == utf8.RuneError && size <= 1:
		return string(AppendInvalid(nil, s[0])), 1
	case Hidden(r):
		return string(AppendEscape(nil, r)), size
	}
	return s[:size], size
}

// String returns s with every hidden character and every byte of invalid
// UTF-8 escaped, and the rest as it is. The result is valid UTF-8 in which
// no character is hidden: it can be printed on one line of a terminal
// whatever s held.
func String(s string) string {
	if plain(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for len(s) > 0 {
		shown, size := Next(s)
		b.WriteString(shown)
		s = s[size:]
	}
	return b.String()
}

// plain reports whether s is printable ASCII, which most text is and
// which needs no escape.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}
