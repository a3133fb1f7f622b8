package runtime

import (
	"bytes"
	"unicode/utf16"
	"unicode/utf8"
)

// appendUnquoted appends the string quoted stands for: a JSON string the
// decoder has read, and so checked, whose escapes are therefore well formed,
// whose \u surrogates come in pairs and whose bytes are UTF-8.
// jsontext.AppendUnquote checks all of that again as it goes, rune by rune;
// this copies the runs between escapes whole.
func appendUnquoted(b, quoted []byte) []byte {
	s := quoted[1 : len(quoted)-1]
	for {
		i := bytes.IndexByte(s, '\\')
		if i < 0 || i+1 >= len(s) {
			return append(b, s...)
		}
		b = append(b, s[:i]...)
		c := s[i+1]
		s = s[i+2:]
		switch c {
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			if len(s) < 4 {
				return b
			}
			r := hex4(s)
			s = s[4:]
			if utf16.IsSurrogate(r) && len(s) >= 6 && s[0] == '\\' && s[1] == 'u' {
				if pair := utf16.DecodeRune(r, hex4(s[2:])); pair != utf8.RuneError {
					r, s = pair, s[6:]
				}
			}
			b = utf8.AppendRune(b, r)
		default: // '"', '\\', '/'
			b = append(b, c)
		}
	}
}

// hex4 returns the value of the four hexadecimal digits s starts with.
func hex4(s []byte) rune {
	var r rune
	for _, c := range s[:4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		default:
			c -= 'A' - 10
		}
		r = r<<4 | rune(c)
	}
	return r
}
