package toolgenimpl

import (
	"bytes"
	"math/bits"
)

// The functions below find where the tokens of a JSON text end. They are
// not a parser: a Reader calls them only on bytes that have been checked
// (see Reader.check), where every token is well formed, white space is
// white space and separators are where they belong, so that finding a
// token's end is all there is left to do. They stay safe on any bytes, never
// reading out of bounds and always moving forward, so that a mistake costs a
// wrong verdict, never a panic.

// spaceOrSeparator marks the bytes a Reader steps over between tokens: JSON
// white space, and the ',' and ':' that checked text has exactly where
// they belong.
var spaceOrSeparator = [256]bool{' ': true, '\t': true, '\n': true, '\r': true, ',': true, ':': true}

// tokenStart returns the index of the first byte at or after i that is
// neither white space nor a separator: the start of the next token, or
// len(text) if there is none.
func tokenStart(text []byte, i int) int {
	for i < len(text) && spaceOrSeparator[text[i]] {
		i++
	}
	return i
}

// plainString looks for the end of the JSON string whose opening quote is
// text[open]. For a string without escapes it returns the index just past
// the closing quote, and escape -1; for a string with escapes, the index of
// the first backslash as escape, and end 0, not looked for. end is -1 if
// text ends first. Most strings are short: it looks at eight bytes at a
// time for a quote or a backslash in the first 32 bytes, and leaves the
// rest of a longer string to the vectorised search.
func plainString(text []byte, open int) (end, escape int) {
	i, short := open+1, min(len(text)-8, open+33)
	for i <= short {
		mask := quoteOrBackslash(load64(text, i))
		if mask == 0 {
			i += 8
			continue
		}
		i += bits.TrailingZeros64(mask) / 8
		if text[i] == '"' {
			return i + 1, -1
		}
		return 0, i
	}
	if len(text)-i < 32 {
		// The end of the text is near: byte by byte.
		for ; i < len(text); i++ {
			switch text[i] {
			case '"':
				return i + 1, -1
			case '\\':
				return 0, i
			}
		}
		return -1, -1
	}
	quote := bytes.IndexByte(text[i:], '"')
	if quote < 0 {
		quote = len(text) - i
	}
	// A quote escaped before it is no end, but the backslash comes first.
	if j := bytes.IndexByte(text[i:i+quote], '\\'); j >= 0 {
		return 0, i + j
	}
	if i+quote == len(text) {
		return -1, -1
	}
	return i + quote + 1, -1
}

// stringEnd returns the index just past the JSON string whose opening quote
// is text[open], and whether it has escapes; end is -1 if text ends first.
func stringEnd(text []byte, open int) (end int, escaped bool) {
	end, escape := plainString(text, open)
	if escape < 0 {
		return end, false
	}
	for i := escape; ; {
		// text[i] is a backslash: step over it and the byte it escapes.
		i = nextQuoteOrBackslash(text, i+2)
		if i >= len(text) {
			return -1, true
		}
		if text[i] == '"' {
			return i + 1, true
		}
	}
}

// nextQuoteOrBackslash returns the index of the first quote or backslash at
// or after text[i], or len(text) if there is none; eight bytes at a time,
// since between the escapes of escaped text the runs are short.
func nextQuoteOrBackslash(text []byte, i int) int {
	for i+8 <= len(text) {
		if mask := quoteOrBackslash(load64(text, i)); mask != 0 {
			return i + bits.TrailingZeros64(mask)/8
		}
		i += 8
	}
	for i < len(text) && text[i] != '"' && text[i] != '\\' {
		i++
	}
	return min(i, len(text))
}

// Bytes repeated in every byte of a word, for quoteOrBackslash.
const (
	ones     = 0x0101010101010101
	highBits = 0x8080808080808080
)

// quoteOrBackslash returns x, eight bytes of text in little-endian order,
// with the high bit set in each byte that is '"' or '\\' and, possibly, in
// bytes after the first such byte (the subtraction borrows), so that its
// lowest set bit marks the first exactly. Zero means neither is there.
//
// Each subtraction sets the high bit of the bytes it looks for and of bytes
// from 0x80 up, which "and not x" then clears.
func quoteOrBackslash(x uint64) uint64 {
	quote := (x ^ ones*'"') - ones
	backslash := (x ^ ones*'\\') - ones
	return (quote | backslash) &^ x & highBits
}

// numberByte marks the bytes a JSON number is made of.
var numberByte = [256]bool{
	'0': true, '1': true, '2': true, '3': true, '4': true, '5': true, '6': true, '7': true, '8': true, '9': true,
	'-': true, '+': true, '.': true, 'e': true, 'E': true,
}

// numberEnd returns the index just past the number starting at text[i].
func numberEnd(text []byte, i int) int {
	for i++; i < len(text) && numberByte[text[i]]; i++ {
	}
	return i
}

// valueEnd returns the index just past the JSON value starting at text[i],
// and how deeply objects and arrays nest in it (0 for a scalar); end is -1
// if text ends before the value does.
func valueEnd(text []byte, i int) (end, depth int) {
	if i >= len(text) {
		return -1, 0
	}
	switch text[i] {
	case '"':
		end, _ := stringEnd(text, i)
		return end, 0
	case '{', '[':
		end, depth, _ := containerEnd(text, i)
		return end, depth
	case 't', 'n':
		return literalEnd(text, i, len("true")), 0
	case 'f':
		return literalEnd(text, i, len("false")), 0
	}
	return numberEnd(text, i), 0
}

// literalEnd returns i+n, or -1 if text ends before that.
func literalEnd(text []byte, i, n int) int {
	if i+n > len(text) {
		return -1
	}
	return i + n
}

// containerEnd returns the index just past the object or array starting at
// text[open], how deeply objects and arrays nest in it, itself included, and
// how many commas separate its own members or items; end is -1 if text ends
// first.
func containerEnd(text []byte, open int) (end, deepest, commas int) {
	depth := 0
	for i := open; i < len(text); i++ {
		c := text[i]
		if !structural[c] {
			continue // most bytes: one lookup each
		}
		switch c {
		case '"':
			end, _ := stringEnd(text, i)
			if end < 0 {
				return -1, deepest, commas
			}
			i = end - 1
		case '{', '[':
			depth++
			deepest = max(deepest, depth)
		case '}', ']':
			depth--
			if depth == 0 {
				return i + 1, deepest, commas
			}
		case ',':
			if depth == 1 {
				commas++
			}
		}
	}
	return -1, deepest, commas
}

// structural marks the bytes that open or close strings, objects and
// arrays, and the comma between items.
var structural = [256]bool{'"': true, '[': true, ']': true, '{': true, '}': true, ',': true}
