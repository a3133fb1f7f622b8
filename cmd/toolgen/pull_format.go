package main

import (
	"bytes"
	"strconv"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/toolgen/toolgen/internal/visible"
)

// A pulled catalog is written the same way whatever the server's layout:
// two spaces of indentation, one member per line, arrays of scalars on one
// line, members in the server's order and numbers as the server spelled
// them. Strings are written with JSON's escapes for every character that
// is not visible (controls, bidirectional marks and other format
// characters, line separators), so that a committed catalog shows in a
// diff or an editor what its bytes say.

// maxCatalogBytes bounds the catalog a pull writes out. Indentation grows
// with depth, so what a server may send (maxPullBytes) of arrays nested
// thousands deep would otherwise be written out as gigabytes.
const maxCatalogBytes = 4 * maxPullBytes

// formatCatalog writes the catalog of a pull: the server's name and
// version, then its tools. An error is a *pullError.
func formatCatalog(p *pulledCatalog) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("{\n  \"serverInfo\": {\n    \"name\": ")
	writeJSONString(&b, p.serverName)
	b.WriteString(",\n    \"version\": ")
	writeJSONString(&b, p.serverVersion)
	b.WriteString("\n  },\n  \"tools\": [")
	for i, tool := range p.tools {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    ")
		if err := writeJSON(&b, tool, "    "); err != nil {
			return nil, pullErrorf("the server's tools are not valid JSON: tool %d: %s", i+1, serverText(err.Error()))
		}
		if b.Len() > maxCatalogBytes {
			return nil, errCatalogTooLarge(i + 1)
		}
	}
	if len(p.tools) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("]\n}\n")
	return b.Bytes(), nil
}

// jsonNode is a JSON value read for printing: a scalar's text (a string's
// contents), or an object's members or an array's items.
type jsonNode struct {
	kind  jsontext.Kind
	text  string
	names []string // an object's member names, one per item
	items []*jsonNode
}

// readJSONNode reads the next value of dec.
func readJSONNode(dec *jsontext.Decoder) (*jsonNode, error) {
	kind := dec.PeekKind()
	switch kind {
	case '{', '[':
		if _, err := dec.ReadToken(); err != nil {
			return nil, err
		}
		n := &jsonNode{kind: kind}
		for dec.PeekKind() != '}' && dec.PeekKind() != ']' {
			if kind == '{' {
				name, err := dec.ReadToken()
				if err != nil {
					return nil, err
				}
				n.names = append(n.names, name.String())
			}
			item, err := readJSONNode(dec)
			if err != nil {
				return nil, err
			}
			n.items = append(n.items, item)
		}
		_, err := dec.ReadToken()
		return n, err
	case '"':
		tok, err := dec.ReadToken()
		return &jsonNode{kind: kind, text: tok.String()}, err
	}
	v, err := dec.ReadValue() // a number, true, false or null, as written
	return &jsonNode{kind: kind, text: string(v)}, err
}

// errCatalogTooLarge is formatCatalog's error when tool would take the
// catalog past maxCatalogBytes.
func errCatalogTooLarge(tool int) error {
	return pullErrorf("the catalog written out would be larger than %d MiB by tool %d: its schemas nest too deep or are too many", maxCatalogBytes>>20, tool)
}

// writeJSON writes the JSON text in raw at indent, stopping once b holds
// more than maxCatalogBytes.
func writeJSON(b *bytes.Buffer, raw []byte, indent string) error {
	n, err := readJSONNode(jsontext.NewDecoder(bytes.NewReader(raw)))
	if err != nil {
		return err
	}
	n.write(b, indent)
	return nil
}

// write writes n at indent; it stops early, leaving b longer than
// maxCatalogBytes, when b grows past that.
func (n *jsonNode) write(b *bytes.Buffer, indent string) {
	switch n.kind {
	case '"':
		writeJSONString(b, n.text)
		return
	case '{', '[':
	default:
		b.WriteString(n.text)
		return
	}
	end := byte(']')
	if n.kind == '{' {
		end = '}'
	}
	b.WriteByte(byte(n.kind))
	// An array of scalars stays on one line.
	inline := n.kind == '['
	for _, item := range n.items {
		inline = inline && item.kind != '{' && item.kind != '['
	}
	for i, item := range n.items {
		if b.Len() > maxCatalogBytes {
			return
		}
		if i > 0 {
			b.WriteByte(',')
		}
		switch {
		case inline && i > 0:
			b.WriteByte(' ')
		case !inline:
			b.WriteString("\n" + indent + "  ")
		}
		if n.kind == '{' {
			writeJSONString(b, n.names[i])
			b.WriteString(": ")
		}
		item.write(b, indent+"  ")
	}
	if b.Len() > maxCatalogBytes {
		return
	}
	if !inline && len(n.items) > 0 {
		b.WriteString("\n" + indent)
	}
	b.WriteByte(end)
}

// writeJSONString writes s as a JSON string, escaping what JSON requires
// and every character that is not visible.
func writeJSONString(b *bytes.Buffer, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == utf8.RuneError, visible.Hidden(r):
			writeUnicodeEscape(b, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}

// writeUnicodeEscape writes r as \uXXXX, or a surrogate pair of them.
func writeUnicodeEscape(b *bytes.Buffer, r rune) {
	if r > 0xFFFF {
		r -= 0x10000
		writeUnicodeEscape(b, 0xD800+(r>>10))
		r = 0xDC00 + r&0x3FF
	}
	s := strconv.FormatInt(int64(r), 16)
	b.WriteString(`\u` + "0000"[len(s):] + s)
}
