package toolgenimpl

import (
	"bytes"
	"strconv"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/toolgen/toolgen/runtime/internal/message"
)

// A message shows a value's JSON text in one form, whatever the sender's
// spacing and escapes: no white space between tokens, each string quoted
// by appendJSONString. The typed reader puts the text it read in that form
// (compactText), a schema function encodes the value it holds in it
// (Value.appendJSON), and both show the same.

// compactText appends the checked JSON text text in the form above,
// stopping once it has appended more than limit bytes.
func compactText(b, text []byte, limit int) []byte {
	start := len(b)
	for i := 0; i < len(text) && len(b)-start <= limit; i++ {
		switch c := text[i]; c {
		case ' ', '\t', '\n', '\r':
		case '"':
			end, escaped := i+1, false
			for ; end < len(text) && text[end] != '"'; end++ {
				if text[end] == '\\' {
					escaped = true
					end++
				}
			}
			end = min(end+1, len(text))
			b = appendQuotedText(b, text[i:end], escaped)
			i = end - 1
		default:
			b = append(b, c)
		}
	}
	return b
}

// appendQuotedText appends the JSON string quoted, quoted again by
// appendJSONString if it holds an escape.
func appendQuotedText(b, quoted []byte, escaped bool) []byte {
	if escaped {
		if s, err := jsontext.AppendUnquote(nil, quoted); err == nil {
			return appendJSONString(b, s)
		}
	}
	return append(b, quoted...)
}

// appendJSONString appends s as a JSON string, escaped as little as JSON
// allows.
func appendJSONString[S ~string | ~[]byte](b []byte, s S) []byte {
	out, err := jsontext.AppendQuote(b, s)
	if err != nil { // invalid UTF-8, which a checked text never holds
		return strconv.AppendQuote(b, string(s))
	}
	return out
}

// appendJSON appends x's JSON text in the form above, stopping early once
// more than limit bytes are appended: a message shows only its start.
func (x *Value) appendJSON(b []byte, limit int) []byte {
	return x.appendJSONTo(b, len(b)+limit)
}

func (x *Value) appendJSONTo(b []byte, end int) []byte {
	switch x.Kind {
	case KindNull:
		return append(b, "null"...)
	case KindBool:
		return strconv.AppendBool(b, x.Bool)
	case KindNumber:
		return append(b, x.Text...)
	case KindString:
		return appendJSONString(b, x.Text)
	case KindArray:
		b = append(b, '[')
		for i := range x.Items {
			if len(b) > end {
				return b
			}
			if i > 0 {
				b = append(b, ',')
			}
			b = x.Items[i].appendJSONTo(b, end)
		}
		return append(b, ']')
	}
	b = append(b, '{')
	for i := range x.Members {
		if len(b) > end {
			return b
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = append(appendJSONString(b, x.Members[i].Name), ':')
		b = x.Members[i].Value.appendJSONTo(b, end)
	}
	return append(b, '}')
}

// valueText is the last value's JSON text in the form above, as much as a
// message shows; nothing when it is sensitive.
func (r *Reader) valueText() []byte {
	if r.sensitive > 0 {
		return nil
	}
	return messageText(r.last)
}

// messageText is the checked JSON text text in the form above, as much as
// a message shows: text itself when it is in that form already, as a
// number, a literal or a string without escapes is.
func messageText(text []byte) []byte {
	if len(text) > 0 && text[0] != '[' && text[0] != '{' && bytes.IndexByte(text, '\\') < 0 {
		return text
	}
	return compactText(nil, text, message.ValueTextBytes)
}
