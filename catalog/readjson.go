package catalog

import (
	"errors"
	"fmt"
	"io"

	"github.com/toolgen/toolgen/internal/schema"
)

// maxFileDepth is how deeply a catalog file may nest: a schema's
// MaxSchemaDepth levels, and the few of the catalog's shape around it (a
// tool list, a tool, an OpenAI function). Reading stops past it, before
// anything costs more than the file's size.
const maxFileDepth = MaxSchemaDepth + 8

// readTree parses data, once and strictly, into internal/schema's tree with
// every value's pointer, and a position index: RFC 8259 grammar,
// valid UTF-8, exactly one top-level value. Duplicate object keys are
// reported as diagnostics (all of them, each naming the first occurrence)
// rather than stopping the read; the tree keeps the first. On a syntax error
// it returns a nil tree and one diagnostic at the error.
func readTree(file string, data []byte) (*schema.Node, *positionIndex, Diagnostics) {
	index := newPositionIndex(data)
	var diags Diagnostics
	at := func(offset int, ptr, format string, args ...any) Diagnostic {
		line, col := index.lineCol(offset)
		return Diagnostic{Severity: Error, File: file, Line: line, Col: col, Pointer: ptr, Message: fmt.Sprintf(format, args...)}
	}
	root, err := schema.Parse(data, schema.ParseOptions{
		MaxDepth: maxFileDepth,
		Pointers: true,
		OnValue:  index.add,
		OnDuplicate: func(d schema.Duplicate) {
			line, col := index.lineCol(d.FirstOffset)
			diags = append(diags, at(d.Offset, d.Pointer,
				"duplicate key %q: the first %q is at line %d, column %d; JSON readers disagree on which one wins, so remove one",
				d.Name, d.Name, line, col))
		},
	})
	if err == nil {
		return root, index, diags
	}
	var se *schema.SyntaxError
	if !errors.As(err, &se) {
		return nil, nil, Diagnostics{at(0, "", "invalid JSON: %v", err)}
	}
	switch {
	case errors.Is(se, schema.ErrEmpty):
		diags = append(diags, at(se.Offset, se.Pointer, "the file is empty; a catalog is {\"tools\":[...]} or a JSON array of tools"))
	case errors.Is(se, schema.ErrTrailing):
		diags = append(diags, at(se.Offset, "", "invalid JSON: unexpected data after the top-level value; a catalog file holds exactly one JSON value"))
	case errors.Is(se, schema.ErrTooDeep):
		diags = append(diags, tooDeepJSON(file, data, index, se)...)
	default:
		// A syntax error is reported alone: what was read before it may
		// be misread, and the fix comes first.
		msg := se.Err.Error()
		if errors.Is(se.Err, io.ErrUnexpectedEOF) {
			msg = "the file ends in the middle of a value (truncated?)"
		}
		diags = Diagnostics{at(se.Offset, se.Pointer, "invalid JSON: %s", msg)}
	}
	return nil, nil, diags
}
