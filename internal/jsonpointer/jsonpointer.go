// Package jsonpointer escapes, unescapes, joins and displays JSON Pointers
// (RFC 6901). It is the one place the project spells the "~0"/"~1" escapes
// and shows a pointer to a person; it has no dependencies, so that the
// runtime may import it too.
package jsonpointer

import (
	"errors"
	"strings"
)

// Escape returns the reference token of the member name tok: "~" becomes
// "~0" and "/" becomes "~1".
func Escape(tok string) string {
	if !strings.ContainsAny(tok, "~/") {
		return tok
	}
	return string(AppendEscaped(make([]byte, 0, len(tok)+2), tok))
}

// AppendEscaped appends the escaped form of tok to b, for callers that build
// pointers in a buffer without an allocation per token (the runtime's reader
// holds member names as bytes).
func AppendEscaped[T ~string | ~[]byte](b []byte, tok T) []byte {
	for i := 0; i < len(tok); i++ {
		switch c := tok[i]; c {
		case '~':
			b = append(b, "~0"...)
		case '/':
			b = append(b, "~1"...)
		default:
			b = append(b, c)
		}
	}
	return b
}

// Unescape returns the member name a reference token stands for. "~1" is
// undone before "~0", so that "~01" reads as "~1", as RFC 6901 requires.
func Unescape(tok string) string {
	if !strings.Contains(tok, "~") {
		return tok
	}
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
}

// Append returns ptr extended by the unescaped tokens toks.
func Append(ptr string, toks ...string) string {
	for _, t := range toks {
		ptr += "/" + Escape(t)
	}
	return ptr
}

// Join returns the pointer made of the unescaped tokens toks.
func Join(toks []string) string { return Append("", toks...) }

// ErrSyntax is returned by Split for text that is not a JSON Pointer.
var ErrSyntax = errors.New("a JSON Pointer is empty or starts with '/'")

// Split returns the unescaped reference tokens of ptr: none for "", the
// whole document.
func Split(ptr string) ([]string, error) {
	if ptr == "" {
		return nil, nil
	}
	if ptr[0] != '/' {
		return nil, ErrSyntax
	}
	toks := strings.Split(ptr[1:], "/")
	for i, t := range toks {
		toks[i] = Unescape(t)
	}
	return toks, nil
}

// Display returns ptr as diagnostics, error texts and logs show it: as it
// is, but "/" for the whole document, whose pointer is empty and would
// show as nothing. (Hints show the model a path in its own terms,
// items[37].qty, built from the reader's stack, not from a pointer: "37"
// in a pointer may be an index or a member's name.)
func Display(ptr string) string {
	if ptr == "" {
		return "/"
	}
	return ptr
}

// Last returns the last reference token of ptr, unescaped, or "" for the
// whole document.
func Last(ptr string) string {
	if ptr == "" {
		return ""
	}
	return Unescape(ptr[strings.LastIndexByte(ptr, '/')+1:])
}
