package toolgenimpl

import "unicode/utf8"

// RuneCount returns the number of runes in s, exactly as
// utf8.RuneCountInString does, for minLength and maxLength. It steps over
// eight ASCII bytes at a time, where RuneCountInString decodes every byte:
// argument strings are mostly ASCII, and counting a 30-byte identifier
// byte by byte was a visible part of a small call.
func RuneCount(s string) int {
	n := 0
	for len(s) >= 8 {
		w := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
		if w&0x8080808080808080 != 0 {
			break // not ASCII: count the rest rune by rune
		}
		n += 8
		s = s[8:]
	}
	return n + utf8.RuneCountInString(s)
}
