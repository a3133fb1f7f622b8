package catalog

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/go-json-experiment/json/jsontext"
)

// jsonNode is one value of a catalog file, kept with its place in the file.
// The loader reads the whole file into this tree once, strictly, and then
// interprets the tree; the tree is not exported.
type jsonNode struct {
	kind       jsontext.Kind // '{', '[', '"', '0', 't', 'f' or 'n'
	start, end int           // byte range of the value in the file
	ptr        string        // JSON Pointer of the value
	str        string        // the decoded value of a string
	members    []jsonMember  // an object's members, in file order, duplicates dropped
	elems      []*jsonNode   // an array's elements
}

// jsonMember is one member of an object.
type jsonMember struct {
	name     string
	keyStart int // byte offset of the member's key
	value    *jsonNode
}

// get returns the value of the object member name, or nil.
func (n *jsonNode) get(name string) *jsonNode {
	if n == nil || n.kind != jsontext.KindBeginObject {
		return nil
	}
	for _, m := range n.members {
		if m.name == name {
			return m.value
		}
	}
	return nil
}

// has reports whether the object has a member name.
func (n *jsonNode) has(name string) bool { return n.get(name) != nil }

// isObject reports whether n is a JSON object.
func (n *jsonNode) isObject() bool { return n != nil && n.kind == jsontext.KindBeginObject }

// kindName names the JSON type of a value for messages.
func (n *jsonNode) kindName() string {
	switch n.kind {
	case jsontext.KindBeginObject:
		return "an object"
	case jsontext.KindBeginArray:
		return "an array"
	case jsontext.KindString:
		return "a string"
	case jsontext.KindNumber:
		return "a number"
	case jsontext.KindTrue:
		return "true"
	case jsontext.KindFalse:
		return "false"
	case jsontext.KindNull:
		return "null"
	}
	return "an invalid value"
}

// treeReader builds a jsonNode tree from a file with a strict jsontext
// decoder: RFC 8259 grammar, valid UTF-8, exactly one top-level value.
// Duplicate object keys are reported as diagnostics (all of them, each
// naming the first occurrence) rather than stopping the read.
type treeReader struct {
	file  string
	data  []byte
	dec   *jsontext.Decoder
	index *positionIndex
	diags Diagnostics
	depth int // objects and arrays open around the next token
}

// maxFileDepth is how deeply a catalog file may nest: a schema's
// MaxSchemaDepth levels, and the few of the catalog's shape around it (a
// tool list, a tool, an OpenAI function). Reading stops past it, before
// anything costs more than the file's size.
const maxFileDepth = MaxSchemaDepth + 8

// errStop ends reading after the reader has already reported why.
var errStop = errors.New("stop")

// readTree parses data into a tree and a position index. On a syntax error
// it returns a nil tree and one diagnostic at the error.
func readTree(file string, data []byte) (*jsonNode, *positionIndex, Diagnostics) {
	r := &treeReader{
		file:  file,
		data:  data,
		dec:   jsontext.NewDecoder(bytes.NewReader(data), jsontext.AllowDuplicateNames(true)),
		index: newPositionIndex(data),
	}
	root, err := r.value("", true)
	if err == nil {
		err = r.end()
	}
	if err != nil {
		if err != errStop {
			// A syntax error is reported alone: what was read before it
			// may be misread, and the fix comes first.
			r.diags = nil
			r.syntaxError(err)
		}
		return nil, nil, r.diags
	}
	return root, r.index, r.diags
}

// tokenStart returns the offset of the next token: the decoder's offset
// moved past whitespace and the ',' and ':' separators, which is all that
// can stand between two tokens of valid JSON.
func (r *treeReader) tokenStart() int {
	i := int(r.dec.InputOffset())
	for i < len(r.data) {
		switch r.data[i] {
		case ' ', '\t', '\n', '\r', ',', ':':
			i++
			continue
		}
		break
	}
	return i
}

// value reads the next value, whose pointer is ptr. When indexed is false
// (inside a duplicate member) its pointers are not recorded, so that a
// pointer always names the first occurrence.
func (r *treeReader) value(ptr string, indexed bool) (*jsonNode, error) {
	start := r.tokenStart()
	if indexed {
		r.index.add(ptr, start)
	}
	n := &jsonNode{start: start, ptr: ptr}
	tok, err := r.dec.ReadToken()
	if err != nil {
		if err == io.EOF {
			r.diags = append(r.diags, r.at(start, ptr, "the file is empty; a catalog is {\"tools\":[...]} or a JSON array of tools"))
			return nil, errStop
		}
		return nil, err
	}
	n.kind = tok.Kind()
	if n.kind == jsontext.KindBeginObject || n.kind == jsontext.KindBeginArray {
		if r.depth++; r.depth > maxFileDepth {
			r.diags = append(r.diags, r.tooDeep(start))
			return nil, errStop
		}
		defer func() { r.depth-- }()
	}
	switch n.kind {
	case jsontext.KindBeginObject:
		first := map[string]int{} // member name -> offset of its first key
		for r.dec.PeekKind() != jsontext.KindEndObject {
			keyStart := r.tokenStart()
			name, err := r.dec.ReadToken()
			if err != nil {
				return nil, err
			}
			key := name.String()
			childPtr := appendPointer(ptr, key)
			off, dup := first[key]
			if dup {
				line, col := r.index.lineCol(off)
				r.diags = append(r.diags, r.at(keyStart, childPtr,
					"duplicate key %q: the first %q is at line %d, column %d; JSON readers disagree on which one wins, so remove one",
					key, key, line, col))
			} else {
				first[key] = keyStart
				if indexed {
					r.index.add(childPtr, keyStart)
				}
			}
			child, err := r.value(childPtr, indexed && !dup)
			if err != nil {
				return nil, err
			}
			if !dup { // keep only the first of duplicate members
				n.members = append(n.members, jsonMember{name: key, keyStart: keyStart, value: child})
			}
		}
		if _, err := r.dec.ReadToken(); err != nil { // '}' (or the error PeekKind saw)
			return nil, err
		}
	case jsontext.KindBeginArray:
		for i := 0; r.dec.PeekKind() != jsontext.KindEndArray; i++ {
			child, err := r.value(appendPointer(ptr, fmt.Sprint(i)), indexed)
			if err != nil {
				return nil, err
			}
			n.elems = append(n.elems, child)
		}
		if _, err := r.dec.ReadToken(); err != nil { // ']' (or the error PeekKind saw)
			return nil, err
		}
	case jsontext.KindString:
		n.str = tok.String()
	}
	n.end = int(r.dec.InputOffset())
	return n, nil
}

// end checks that nothing but whitespace follows the top-level value.
func (r *treeReader) end() error {
	start := r.tokenStart()
	_, err := r.dec.ReadToken()
	switch {
	case err == io.EOF:
		return nil
	case err != nil:
		return err
	}
	r.diags = append(r.diags, r.at(start, "", "invalid JSON: unexpected data after the top-level value; a catalog file holds exactly one JSON value"))
	return errStop
}

// syntaxError reports err, an error from the decoder, at its position.
func (r *treeReader) syntaxError(err error) {
	var se *jsontext.SyntacticError
	if !errors.As(err, &se) {
		r.diags = append(r.diags, r.at(int(r.dec.InputOffset()), "", "invalid JSON: %v", err))
		return
	}
	msg := se.Err.Error()
	if errors.Is(se.Err, io.ErrUnexpectedEOF) {
		msg = "the file ends in the middle of a value (truncated?)"
	}
	r.diags = append(r.diags, r.at(int(se.ByteOffset), string(se.JSONPointer), "invalid JSON: %s", msg))
}

// tooDeep reports a value nested past maxFileDepth at offset. It names the
// file's top level rather than the value's pointer, which would be longer
// than the file is useful to read.
func (r *treeReader) tooDeep(offset int) Diagnostic {
	return r.at(offset, "", "%s", tooDeepMessage)
}

var tooDeepMessage = fmt.Sprintf("the file nests deeper than %d levels; a tool's schema may nest at most %d levels: flatten it with \"$defs\" and \"$ref\"", maxFileDepth, MaxSchemaDepth)

// at builds an error diagnostic at a byte offset.
func (r *treeReader) at(offset int, ptr, format string, args ...any) Diagnostic {
	line, col := r.index.lineCol(offset)
	return Diagnostic{Severity: Error, File: r.file, Line: line, Col: col, Pointer: ptr, Message: fmt.Sprintf(format, args...)}
}
