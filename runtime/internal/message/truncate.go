package message

import "unicode/utf8"

// Truncate shortens s to at most n runes, marking the cut.
func Truncate(s string, n int) string {
	if len(s) <= n || utf8.RuneCountInString(s) <= n { // no more runes than bytes
		return s
	}
	runes := []rune(s)
	return string(runes[:n]) + "…"
}

// AppendTruncated appends s shortened as Truncate shortens it.
func AppendTruncated(b, s []byte, n int) []byte {
	if len(s) <= n { // no more runes than bytes: nothing to cut, as mostly
		return append(b, s...)
	}
	start := len(b)
	return TruncateFrom(append(b, s...), start, n)
}

// TruncateFrom shortens b[start:] as Truncate shortens a string, in place.
func TruncateFrom(b []byte, start, n int) []byte {
	tail := b[start:]
	if len(tail) <= n { // no more runes than bytes
		return b
	}
	cut := 0 // the byte offset of rune n
	for runes := 0; runes < n && cut < len(tail); runes++ {
		if tail[cut] < utf8.RuneSelf {
			cut++
		} else {
			_, size := utf8.DecodeRune(tail[cut:])
			cut += size
		}
	}
	if cut == len(tail) {
		return b
	}
	if !utf8.Valid(tail[:cut]) {
		// Truncate turns each invalid byte into U+FFFD; so does this, rarely.
		return append(b[:start], Truncate(string(tail), n)...)
	}
	return append(b[:start+cut], "…"...)
}
