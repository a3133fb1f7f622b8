package toolgenimpl

import (
	"math/bits"
	"unicode/utf16"
	"unicode/utf8"
)

// wellFormed is the reader's first look at a text: it reports whether text
// is one JSON value with nothing but white space around it, as the tokenizer
// would accept it (names may repeat), and where the value ends. It answers
// what the tokenizer's own check does on every text a call's arguments
// realistically are, at a fraction of the cost on text (eight bytes at a
// time between escapes), and gives up on what it does not handle itself:
// false means "ask the tokenizer", never "not JSON". The tokenizer has the
// last word, and gives the errors. FuzzWellFormed checks on any input that a
// text wellFormed accepts is one the tokenizer accepts, ending at the same
// byte, and that it declines none the tokenizer accepts nested no deeper
// than wellFormedDepth.
func wellFormed(text []byte, strs *checkedStrings, arrays *arrayLengths) (end int, ok bool) {
	if len(text) > maxCheckedLength {
		return 0, false
	}
	// Bit d of objects is set if the container at depth d+1 is an object;
	// inObject says so of the innermost one. Bit d of counted is set if it
	// is an array whose items arrays counts; inCounted says so of the
	// innermost one, and counting is the index of its count.
	var objects, counted [wellFormedDepth / 64]uint64
	var depth uint
	inObject, inCounted, counting := false, false, -1
	i := skipSpace(text, 0)
	for {
		// A value starts at text[i].
		if i < 0 || i >= len(text) {
			return 0, false
		}
		switch c := text[i]; c {
		case '"':
			i = checkedStringEnd(text, i, strs)
		case '{', '[':
			j := skipSpace(text, i+1)
			if j < len(text) && text[j] == c+2 { // '}' is '{'+2 and ']' is '['+2
				i = j + 1
				break
			}
			if depth == wellFormedDepth {
				return 0, false
			}
			inObject = c == '{'
			// Only arrays of objects or arrays are counted: ItemCount counts
			// those of single tokens cheaply itself.
			inCounted = !inObject && j < len(text) && (text[j] == '{' || text[j] == '[')
			if inObject {
				objects[depth/64] |= 1 << (depth % 64)
				j = memberValueStart(text, j, strs)
			} else {
				objects[depth/64] &^= 1 << (depth % 64)
			}
			if inCounted {
				counted[depth/64] |= 1 << (depth % 64)
				arrays.list = append(arrays.list, arrayLength{start: i, items: 1, outer: counting})
				counting = len(arrays.list) - 1
			} else {
				counted[depth/64] &^= 1 << (depth % 64)
			}
			depth++
			i = j
			continue
		case 't':
			i = literalAt(text, i, "true")
		case 'f':
			i = literalAt(text, i, "false")
		case 'n':
			i = literalAt(text, i, "null")
		default:
			i = checkedNumberEnd(text, i)
		}
		// After a value: close what ends here, or go on past a comma.
		for {
			if i < 0 {
				return 0, false
			}
			if depth == 0 {
				return i, onlySpace(text[i:])
			}
			if i = skipSpace(text, i); i >= len(text) {
				return 0, false
			}
			c := text[i]
			if c == ',' {
				i = skipSpace(text, i+1)
				if inObject {
					i = memberValueStart(text, i, strs)
				} else if inCounted {
					arrays.list[counting].items++
				}
				break
			}
			if inObject && c == '}' || !inObject && c == ']' {
				if inCounted {
					counting = arrays.list[counting].outer
				}
				depth--
				if depth > 0 {
					inObject = objects[(depth-1)/64]>>((depth-1)%64)&1 == 1
					inCounted = counted[(depth-1)/64]>>((depth-1)%64)&1 == 1
				}
				i++
				continue
			}
			return 0, false
		}
	}
}

// wellFormedDepth is how deeply wellFormed follows objects and arrays: far
// below the tokenizer's own limit, and as deep as the reader's default.
const wellFormedDepth = 256

// memberValueStart checks a member's name and colon starting at text[i],
// and returns the index where its value starts, or -1.
func memberValueStart(text []byte, i int, strs *checkedStrings) int {
	if i >= len(text) || text[i] != '"' {
		return -1
	}
	if i = checkedStringEnd(text, i, strs); i < 0 {
		return -1
	}
	if i = skipSpace(text, i); i >= len(text) || text[i] != ':' {
		return -1
	}
	return skipSpace(text, i+1)
}

// literalAt returns the index just past lit at text[i], or -1 if it is not
// there.
func literalAt(text []byte, i int, lit string) int {
	if len(text)-i < len(lit) || string(text[i:i+len(lit)]) != lit {
		return -1
	}
	return i + len(lit)
}

// checkedNumberEnd returns the index just past the JSON number at text[i],
// or -1 if none starts there. What follows it is the caller's to check.
func checkedNumberEnd(text []byte, i int) int {
	if text[i] == '-' {
		i++
	}
	switch {
	case i >= len(text):
		return -1
	case text[i] == '0':
		i++
	case '1' <= text[i] && text[i] <= '9':
		i = digitsEnd(text, i+1)
	default:
		return -1
	}
	if i < len(text) && text[i] == '.' {
		j := digitsEnd(text, i+1)
		if j == i+1 {
			return -1
		}
		i = j
	}
	if i < len(text) && text[i]|0x20 == 'e' {
		i++
		if i < len(text) && (text[i] == '+' || text[i] == '-') {
			i++
		}
		j := digitsEnd(text, i)
		if j == i {
			return -1
		}
		i = j
	}
	return i
}

// digitsEnd returns the index of the first byte at or after i that is not a
// decimal digit.
func digitsEnd(text []byte, i int) int {
	for i < len(text) && '0' <= text[i] && text[i] <= '9' {
		i++
	}
	return i
}

// checkedStringEnd returns the index just past the JSON string whose opening
// quote is text[open], or -1 if it is not one: it ends, its escapes are
// complete and their surrogates paired, it has no control bytes and its
// bytes are UTF-8. It notes in strs where the string ends, and unescapes a
// string with escapes into strs as it checks it, from its first backslash
// on.
func checkedStringEnd(text []byte, open int, strs *checkedStrings) int {
	for i := open + 1; ; {
		if i+8 <= len(text) {
			mask := stringSpecial(load64(text, i))
			if mask == 0 {
				i += 8
				continue
			}
			i += bits.TrailingZeros64(mask) / 8
		} else {
			for i < len(text) && !inStringSpecial[text[i]] {
				i++
			}
			if i >= len(text) {
				return -1
			}
		}
		switch c := text[i]; {
		case c == '"':
			strs.ends = append(strs.ends, uint32(i+1))
			return i + 1
		case c == '\\':
			return strs.addEscaped(text, open, i)
		case c < 0x20:
			return -1
		default:
			r, size := utf8.DecodeRune(text[i:])
			if r == utf8.RuneError && size == 1 {
				return -1
			}
			i += size
		}
	}
}

// checkedStrings holds what wellFormed learned of a text's strings, names
// included, for the reader to take instead of finding it out again: where
// each string ends, and what those with escapes stand for, unescaped as
// they were checked. Looking for the end of every string a second time was
// a tenth of a call's instructions; unescaping a second time, the larger
// part of one on text full of escapes (source code, Markdown).
type checkedStrings struct {
	// ends holds, for each string in the order of the input, the index just
	// past its closing quote, with escapedEnd set if it has escapes.
	ends    []uint32
	nextEnd int // the first end the reader has not passed yet

	text    []byte          // what the strings with escapes stand for, one after the other
	escaped []escapedString // in the order of the input
	next    int             // the first one the reader has not passed yet
}

// escapedEnd marks the end of a string with escapes in checkedStrings.ends.
const escapedEnd = 1 << 31

// maxCheckedLength is the longest text whose string ends fit in
// checkedStrings.ends; wellFormed leaves a longer one to the tokenizer.
const maxCheckedLength = escapedEnd - 1

// An escapedString is the string data[start:end] of the input, standing for
// text[from:to] of its checkedStrings.
type escapedString struct{ start, end, from, to int }

// reset empties s for a new text. Like the reader's other buffers, what
// one unusually large text needed is not kept for the next.
func (s *checkedStrings) reset() {
	s.ends, s.nextEnd = reusableList(s.ends), 0
	s.text, s.escaped, s.next = reusable(s.text), reusableList(s.escaped), 0
}

// reusableList is reusable for the lists the check keeps: emptied for the
// next text, or dropped when one unusual text grew it past 1,024 entries.
func reusableList[T any](list []T) []T {
	if cap(list) > 1<<10 {
		return nil
	}
	return list[:0]
}

// addEscaped checks and unescapes the string whose opening quote is
// text[open] and whose first escape is at text[i], and returns the index
// just past it, or -1 if it is not a string the tokenizer accepts.
func (s *checkedStrings) addEscaped(text []byte, open, i int) int {
	from := len(s.text)
	s.text = append(s.text, text[open+1:i]...)
	var end int
	if s.text, end = checkedUnquoteFrom(s.text, text, i); end >= 0 {
		s.escaped = append(s.escaped, escapedString{open, end, from, len(s.text)})
		s.ends = append(s.ends, uint32(end)|escapedEnd)
	}
	return end
}

// end returns the index just past the string whose opening quote is
// data[start], and whether it has escapes, if s knows it: if the text was
// checked by wellFormed, which lists every string. The reader asks in the
// order of the input, passing over the strings it skipped; since strings
// do not overlap, the first end after start is the end of this one.
func (s *checkedStrings) end(start int) (end int, escaped, ok bool) {
	for s.nextEnd < len(s.ends) && s.endAt(s.nextEnd) <= start {
		s.nextEnd++
	}
	if s.nextEnd == len(s.ends) {
		return 0, false, false
	}
	e := s.ends[s.nextEnd]
	s.nextEnd++
	return int(e &^ escapedEnd), e&escapedEnd != 0, true
}

// endAt returns the end listed at index k, without its escapedEnd bit.
func (s *checkedStrings) endAt(k int) int { return int(s.ends[k] &^ escapedEnd) }

// plainEnd returns the index just past the string whose opening quote is
// data[start] if it is the next one listed and has no escapes, as most are;
// else -1, and the caller asks end. Small enough to be inlined.
func (s *checkedStrings) plainEnd(start int) int {
	if s.nextEnd < len(s.ends) {
		if end := s.ends[s.nextEnd]; end < escapedEnd && start < int(end) {
			s.nextEnd++
			return int(end)
		}
	}
	return -1
}

// items counts the items of the array whose first item is the string
// starting at text[first], if they are all strings: from each string's end
// it steps to the next string's, instead of scanning the strings' bytes as
// ItemCount otherwise does. It reports false, for the scan, if an item is
// not a string or s does not list the strings.
func (s *checkedStrings) items(text []byte, first int) (int, bool) {
	k := s.nextEnd
	for k < len(s.ends) && s.endAt(k) <= first {
		k++
	}
	for n := 1; k < len(s.ends); n, k = n+1, k+1 {
		// The string ends at s.ends[k]; the next one listed is the next
		// item's, if a comma and a string follow.
		i := skipSpace(text, s.endAt(k))
		if i < len(text) && text[i] == ']' {
			return n, true
		}
		if i >= len(text) || text[i] != ',' {
			return 0, false
		}
		if i = skipSpace(text, i+1); i >= len(text) || text[i] != '"' {
			return 0, false
		}
	}
	return 0, false
}

// unescaped returns what the string starting at data[start] stands for,
// and the index just past it, if it is one of the strings with escapes s
// holds. The reader asks in the order of the input, passing over the
// strings it skipped.
func (s *checkedStrings) unescaped(start int) ([]byte, int, bool) {
	for s.next < len(s.escaped) && s.escaped[s.next].start < start {
		s.next++
	}
	if s.next == len(s.escaped) || s.escaped[s.next].start != start {
		return nil, 0, false
	}
	e := s.escaped[s.next]
	s.next++
	return s.text[e.from:e.to], e.end, true
}

// arrayLengths holds how many items each array of objects or arrays has,
// as wellFormed counted them on its way through the text, for ItemCount to
// answer without a second scan of all the items' text: generated code then
// makes the slice that holds them once, at its size, instead of growing it.
type arrayLengths struct {
	list []arrayLength // in the order of the input
	next int           // the first one the reader has not passed yet
}

// An arrayLength is the number of items of the array whose '[' is at start
// in the input; outer is the index in the list of the counted array around
// it, or -1.
type arrayLength struct{ start, items, outer int }

// reset empties a for a new text, dropping a list one unusual text grew.
func (a *arrayLengths) reset() {
	a.list, a.next = reusableList(a.list), 0
}

// find returns the number of items of the array whose '[' is at start, if
// it is one of a's. The reader asks in the order of the input, passing over
// the arrays it skipped.
func (a *arrayLengths) find(start int) (int, bool) {
	for a.next < len(a.list) && a.list[a.next].start < start {
		a.next++
	}
	if a.next == len(a.list) || a.list[a.next].start != start {
		return 0, false
	}
	a.next++
	return a.list[a.next-1].items, true
}

// checkedUnquoteFrom is unquoteFrom for text not checked yet: it appends to
// b what the rest of the JSON string in text stands for, from the backslash
// at text[i], and returns the index just past its closing quote, or -1 if it
// is not a string the tokenizer accepts (see checkedStringEnd).
func checkedUnquoteFrom(b, text []byte, i int) ([]byte, int) {
	n := len(b)
	b = b[:cap(b)]
	for {
		// text[i] is a byte stringSpecial stops at; what it stands for
		// takes at most four bytes.
		if len(b)-n < 16 {
			b = grow(b, n)
		}
		switch c := text[i]; {
		case c == '"':
			return b[:n], i + 1
		case c == '\\':
			if i+1 < len(text) && shortEscape[text[i+1]] {
				b[n] = unescaped[text[i+1]]
				i, n = i+2, n+1
				break
			}
			end := unicodeEscapeEnd(text, i)
			if end < 0 {
				return b[:n], -1
			}
			r := hex4(text[i+2:])
			if end-i == 12 { // a surrogate pair
				r = utf16.DecodeRune(r, hex4(text[i+8:]))
			}
			n += utf8.EncodeRune(b[n:], r)
			i = end
		case c < 0x20:
			return b[:n], -1
		default:
			r, size := utf8.DecodeRune(text[i:])
			if r == utf8.RuneError && size == 1 {
				return b[:n], -1
			}
			n += copy(b[n:], text[i:i+size])
			i += size
		}
		// The run up to the next byte to stop at, copied eight bytes at a
		// time as in unquoteFrom.
		for {
			if i+8 > len(text) {
				for i < len(text) && !inStringSpecial[text[i]] {
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
			if mask := stringSpecial(word); mask != 0 {
				k := bits.TrailingZeros64(mask) / 8
				i, n = i+k, n+k
				break
			}
			i, n = i+8, n+8
		}
	}
}

// stringSpecial returns x, eight bytes of text in little-endian order, with
// the high bit set in each byte that a string scan must stop at (a quote, a
// backslash, a control byte or a byte of a multi-byte sequence) and,
// possibly, in bytes after the first (subtraction borrows), so that its
// lowest set bit marks the first exactly. Zero means none is there.
//
// Each subtraction sets the high bit of the bytes it looks for, and of
// bytes from 0x80 up, which x's own high bits flag anyway: so none needs
// the usual "and not x" to be exact.
func stringSpecial(x uint64) uint64 {
	quote := (x ^ ones*'"') - ones
	backslash := (x ^ ones*'\\') - ones
	control := x - ones*0x20
	return (quote | backslash | control | x) & highBits
}

// inStringSpecial marks the bytes stringSpecial finds.
var inStringSpecial = func() (t [256]bool) {
	for c := range t {
		t[c] = c < 0x20 || c >= 0x80 || c == '"' || c == '\\'
	}
	return t
}()

// shortEscape marks the bytes that make a two-byte escape after a
// backslash.
var shortEscape = [256]bool{'"': true, '\\': true, '/': true, 'b': true, 'f': true, 'n': true, 'r': true, 't': true}

// unicodeEscapeEnd returns the index just past the \u escape whose
// backslash is text[i], or -1 if it is not a complete one. An escape of a
// high surrogate must be followed by one of a low surrogate, and a low
// surrogate must not come alone.
func unicodeEscapeEnd(text []byte, i int) int {
	if i+1 >= len(text) || text[i+1] != 'u' {
		return -1
	}
	r, ok := checkedHex4(text, i+2)
	switch {
	case !ok || 0xDC00 <= r && r <= 0xDFFF:
		return -1
	case r < 0xD800 || r > 0xDFFF:
		return i + 6
	}
	if i+8 > len(text) || text[i+6] != '\\' || text[i+7] != 'u' {
		return -1
	}
	if low, ok := checkedHex4(text, i+8); !ok || low < 0xDC00 || low > 0xDFFF {
		return -1
	}
	return i + 12
}

// checkedHex4 returns the value of the four hexadecimal digits at
// text[i:i+4], if they are four.
func checkedHex4(text []byte, i int) (rune, bool) {
	if i+4 > len(text) {
		return 0, false
	}
	var r rune
	for _, c := range text[i : i+4] {
		var d byte
		switch {
		case '0' <= c && c <= '9':
			d = c - '0'
		case 'a' <= c|0x20 && c|0x20 <= 'f':
			d = c | 0x20 - 'a' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(d)
	}
	return r, true
}
