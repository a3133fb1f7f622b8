package catalog

import (
	"sort"
	"strings"

	"github.com/toolgen/toolgen/internal/jsonpointer"
)

// positionIndex maps JSON Pointers into a catalog file to where their values
// start in that file, so that every diagnostic can carry a line and column.
//
// For a member of an object the recorded position is that of the member's
// key, so a diagnostic about property "x" points at `"x":`; for an array
// element and for the top-level value it is the first byte of the value.
//
// Lines and columns are 1-based. A column counts bytes, not runes: the column
// of a position is its byte offset from the start of its line plus one, the
// convention of the Go toolchain (go/token) and of most compilers. A tab is
// one byte and so one column.
type positionIndex struct {
	positions  map[string]position // JSON Pointer -> where its value starts
	lineStarts []int               // byte offset of the first byte of each line
}

// position is a 1-based line and byte-based column.
type position struct{ line, col int }

// newPositionIndex prepares an index for data with no pointers recorded yet.
func newPositionIndex(data []byte) *positionIndex {
	starts := []int{0}
	for i, b := range data {
		if b == '\n' {
			starts = append(starts, i+1)
		}
	}
	return &positionIndex{positions: map[string]position{}, lineStarts: starts}
}

// add records that the value at pointer starts at offset. The first record
// wins, so that with duplicate keys the pointer keeps naming the first one.
func (x *positionIndex) add(pointer string, offset int) {
	if _, ok := x.positions[pointer]; !ok {
		line, col := x.lineCol(offset)
		x.positions[pointer] = position{line, col}
	}
}

// addLineCol records that the value at pointer starts at line:col, for a
// file whose tree was not read from the bytes being indexed (YAML). The
// first record wins, as with add.
func (x *positionIndex) addLineCol(pointer string, line, col int) {
	if _, ok := x.positions[pointer]; !ok {
		x.positions[pointer] = position{line, col}
	}
}

// lineCol converts a byte offset into a 1-based line and byte-based column.
func (x *positionIndex) lineCol(offset int) (line, col int) {
	// The line is the last one starting at or before offset.
	i := sort.Search(len(x.lineStarts), func(i int) bool { return x.lineStarts[i] > offset }) - 1
	if i < 0 {
		i = 0
	}
	return i + 1, offset - x.lineStarts[i] + 1
}

// line returns line n (1-based) of src, the text the index was made of,
// without its line ending, and whether src has that line.
func (x *positionIndex) line(src []byte, n int) (string, bool) {
	if n < 1 || n > len(x.lineStarts) {
		return "", false
	}
	end := len(src)
	if n < len(x.lineStarts) {
		end = x.lineStarts[n] - 1 // the '\n' that ends it
	}
	return strings.TrimSuffix(string(src[x.lineStarts[n-1]:end]), "\r"), true
}

// lookup returns the position of pointer or, when the file has no such
// value, of its nearest ancestor that it does have.
func (x *positionIndex) lookup(pointer string) (line, col int) {
	if x == nil {
		return 0, 0
	}
	for {
		if p, ok := x.positions[pointer]; ok {
			return p.line, p.col
		}
		if pointer == "" {
			return 0, 0
		}
		i := strings.LastIndexByte(pointer, '/')
		if i < 0 {
			// Not a JSON Pointer at all; fall back to the top-level value.
			pointer = ""
			continue
		}
		pointer = pointer[:i]
	}
}

// Position returns the 1-based line and column in the catalog's file of the
// value that pointer (a JSON Pointer, RFC 6901) names; for an object member
// that is the position of its key. Position("") is the start of the
// top-level value. A pointer the file does not contain resolves to its
// nearest ancestor that it does contain. Columns count bytes (a tab is one
// column). Position returns 0, 0 when the catalog has no position index, as
// for a Catalog not made by Parse or Load, and for a folder catalog, whose
// tools each have their own file: use Tool.Position there.
func (c *Catalog) Position(pointer string) (line, col int) {
	if c == nil {
		return 0, 0
	}
	return c.index.lookup(pointer)
}

// Position is Catalog.Position in the file the tool came from (Tool.File):
// pointer is a JSON Pointer into that file, such as t.SchemaPointer +
// "/properties/x". It returns 0, 0 for a Tool not made by Parse or Load.
func (t *Tool) Position(pointer string) (line, col int) {
	return t.index.lookup(pointer)
}

// appendPointer appends the reference tokens toks, escaped, to pointer.
func appendPointer(pointer string, toks ...string) string {
	return jsonpointer.Append(pointer, toks...)
}
