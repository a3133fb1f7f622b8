package toolgenimpl

import (
	"math/bits"
	"slices"
	"unicode/utf16"
	"unicode/utf8"
)

// appendUnquoted appends the string quoted stands for: a JSON string that
// has been checked (see Reader.check), whose escapes are therefore well formed, whose \u
// surrogates come in pairs and whose bytes are UTF-8.
// jsontext.AppendUnquote checks all of that again as it goes, rune by rune;
// this copies the runs between escapes whole.
func appendUnquoted(b, quoted []byte) []byte {
	i := nextQuoteOrBackslash(quoted, 1)
	b = append(b, quoted[1:i]...)
	if i < len(quoted) && quoted[i] == '\\' {
		b, _ = unquoteFrom(b, quoted, i)
	}
	return b
}

// unquoteFrom appends what the rest of a checked JSON string in text stands
// for, from the backslash at text[i] to the closing quote, and returns the
// index just past that quote, or -1 if text ends first. Finding the end and
// undoing the escapes is one pass, copying eight bytes at a time: a word is
// stored whole even when a quote or backslash is in it, and what follows
// that byte is overwritten next. Between the escapes of text such as source
// code the runs are short, and a search and a copy per run cost more.
func unquoteFrom(b, text []byte, i int) ([]byte, int) {
	n := len(b)
	b = b[:cap(b)]
	for {
		// text[i] is a backslash; an escape stands for at most four bytes.
		if len(b)-n < 16 {
			b = grow(b, n)
		}
		if i+1 >= len(text) {
			return b[:n], -1
		}
		if c := unescaped[text[i+1]]; c != 0 {
			b[n] = c
			i, n = i+2, n+1
		} else { // \u
			i += 2
			if i+4 > len(text) {
				return b[:n], -1
			}
			r := hex4(text[i:])
			i += 4
			if utf16.IsSurrogate(r) && i+6 <= len(text) && text[i] == '\\' && text[i+1] == 'u' {
				if pair := utf16.DecodeRune(r, hex4(text[i+2:])); pair != utf8.RuneError {
					r, i = pair, i+6
				}
			}
			n += utf8.EncodeRune(b[n:], r)
		}
		// The run up to the next quote or backslash.
		for {
			if i+8 > len(text) {
				for i < len(text) && text[i] != '"' && text[i] != '\\' {
					if n == len(b) {
						b = grow(b, n)
					}
					b[n] = text[i]
					i, n = i+1, n+1
				}
				if i >= len(text) {
					return b[:n], -1
				}
				break
			}
			if len(b)-n < 8 {
				b = grow(b, n)
			}
			word := load64(text, i)
			store64(b, n, word)
			if mask := quoteOrBackslash(word); mask != 0 {
				k := bits.TrailingZeros64(mask) / 8
				i, n = i+k, n+k
				break
			}
			i, n = i+8, n+8
		}
		if text[i] == '"' {
			return b[:n], i + 1
		}
	}
}

// unescaped maps the byte after a backslash to the byte the escape stands
// for; 'u', whose escape stands for a rune, maps to 0.
var unescaped = func() (t [256]byte) {
	for c := range t {
		t[c] = byte(c) // '"', '\\' and '/' stand for themselves
	}
	t['b'], t['f'], t['n'], t['r'], t['t'], t['u'] = '\b', '\f', '\n', '\r', '\t', 0
	return t
}()

// grow returns b, of which the first n bytes are written, with room for
// more: its full capacity as its length.
func grow(b []byte, n int) []byte {
	b = slices.Grow(b[:n], max(64, n))
	return b[:cap(b)]
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
