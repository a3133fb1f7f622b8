package catalog

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/toolgen/toolgen/internal/schema"
)

// A file nested deeper than maxFileDepth is refused as it is read, before
// the nesting costs more than the file's size. The refusal names the tool
// and the pointer of each value past the limit, as every other refusal
// does. The reader stops at the first such value, and the tool's name may
// come later in the file, so the file is read a second time, in time
// linear in its size: a scan finds every collection nested past the limit
// (deepCollections), each is replaced by null (spliceDeep), and the text
// that is left, which nests no deeper than the limit, is read into a tree
// where each null has its pointer and its tool.

// tooDeepMessage is what a value nested past maxFileDepth is told.
var tooDeepMessage = fmt.Sprintf("this value nests deeper than the %d levels a catalog file may have; a tool's schema may nest at most %d levels: flatten it with \"$defs\" and \"$ref\"", maxFileDepth, MaxSchemaDepth)

// deepRegion is a collection nested past the limit: its bytes [start, end).
type deepRegion struct{ start, end int }

// deepCollections scans JSON or YAML text for the collections ([...] and
// {...}) nested more than limit deep, and returns the outermost of them,
// in order. It reads only as much of the syntax as telling brackets from
// text needs: quoted strings (JSON's and YAML's), YAML comments and block
// scalars, and YAML's plain text in block context, where a bracket is text.
// In YAML's block context, an entry that a line's run of "- " nests past
// the limit is one too; nesting by indentation alone is not counted (it
// takes a file the square of the depth in size). On text it
// misreads (only text already refused) it may find too few or misplaced
// regions; the caller checks what it finds.
func deepCollections(src []byte, limit int) []deepRegion {
	s := &depthScan{src: src, limit: limit, blockIndent: -1}
	for s.i < len(s.src) {
		if s.depth > 0 {
			s.flow()
		} else {
			s.block()
		}
	}
	if s.depth > s.limit { // the text ends inside a deep collection
		s.regions = append(s.regions, deepRegion{s.start, len(src)})
	}
	return s.regions
}

// depthScan is the state of deepCollections.
type depthScan struct {
	src     []byte
	i       int
	limit   int
	depth   int  // flow collections open
	start   int  // where the open collection past the limit starts
	node    bool // in flow: the next character may start a node (a quoted string)
	regions []deepRegion
	// blockIndent is the indentation of the line that started a YAML block
	// scalar (| or >), whose more indented lines are text; -1 outside one.
	blockIndent int
}

// block reads one line of YAML's block context, or enters a flow
// collection on it.
func (s *depthScan) block() {
	lineStart := s.i == 0 || s.src[s.i-1] == '\n'
	if lineStart {
		indent := 0
		for s.i+indent < len(s.src) && s.src[s.i+indent] == ' ' {
			indent++
		}
		rest := s.i + indent
		blank := rest >= len(s.src) || s.src[rest] == '\n' || s.src[rest] == '\r'
		if s.blockIndent >= 0 && (blank || indent > s.blockIndent) {
			s.skipLine()
			return
		}
		s.blockIndent = -1
		s.i = rest
		s.scanBlockLine(indent)
		return
	}
	s.scanBlockLine(-1)
}

// scanBlockLine reads the rest of a block-context line, from a place where
// a node may start, up to its end or into a flow collection. indent is the
// line's indentation, or -1 when the line did not start here.
func (s *depthScan) scanBlockLine(indent int) {
	entries := 0 // "- " on this line: each opens a sequence in the one before
	for s.i < len(s.src) {
		switch c := s.src[s.i]; {
		case c == '\n':
			s.i++
			return
		case c == ' ' || c == '\t' || c == '\r':
			s.i++
		case c == '#':
			s.skipLine()
			return
		case c == '[' || c == '{':
			s.open()
			s.node = true
			return // on in flow context
		case c == '"' || c == '\'':
			s.quoted(c)
		case c == '-' && s.spaceAfter():
			if entries++; entries == s.limit+1 && s.depth == 0 {
				s.deepEntry()
				return
			}
			s.i++ // a sequence entry: a node may follow
		case (c == '?' || c == ':') && s.spaceAfter():
			s.i++ // an indicator: a node may follow
		case (c == '|' || c == '>') && indent >= 0:
			s.blockIndent = indent
			s.skipLine()
			return
		default:
			s.plain()
		}
	}
}

// deepEntry records as a region the sequence entry whose "- " is at the
// current byte, nested past the limit by the entries before it on its line:
// the rest of the line, and the lines after it indented past its column.
func (s *depthScan) deepEntry() {
	start := s.i
	col := start - (bytes.LastIndexByte(s.src[:start], '\n') + 1)
	s.skipLine()
	end := s.i
	for s.i < len(s.src) {
		next := s.i + 1 // the line after the '\n' at s.i
		indent := 0
		for next+indent < len(s.src) && s.src[next+indent] == ' ' {
			indent++
		}
		rest := next + indent
		blank := rest >= len(s.src) || s.src[rest] == '\n' || s.src[rest] == '\r'
		if !blank && indent <= col {
			break
		}
		s.i = next
		s.skipLine()
		if !blank {
			end = s.i
		}
	}
	s.regions = append(s.regions, deepRegion{start, end})
	s.i = end
}

// spaceAfter reports whether the byte after the current one ends a token.
func (s *depthScan) spaceAfter() bool {
	return s.i+1 >= len(s.src) || strings.IndexByte(" \t\r\n", s.src[s.i+1]) >= 0
}

// plain skips a plain scalar (or key) of block context, in which brackets
// are text, up to ": ", " #" or the line's end.
func (s *depthScan) plain() {
	for s.i < len(s.src) {
		switch c := s.src[s.i]; {
		case c == '\n':
			return
		case c == ':' && s.spaceAfter():
			return
		case (c == ' ' || c == '\t') && s.i+1 < len(s.src) && s.src[s.i+1] == '#':
			return
		}
		s.i++
	}
}

// flow reads flow context: brackets, quoted strings and comments.
func (s *depthScan) flow() {
	c := s.src[s.i]
	switch {
	case c == '[' || c == '{':
		s.open()
		s.node = true
		return
	case c == ']' || c == '}':
		s.close()
	case c == '"' || c == '\'' && s.node:
		s.quoted(c)
		s.node = false
		return
	case c == '#' && (s.i == 0 || strings.IndexByte(" \t\r\n", s.src[s.i-1]) >= 0):
		s.skipLine()
		return
	case c == ',' || c == ':' || c == '?' || c == '-':
		s.node = true
	case c == ' ' || c == '\t' || c == '\r' || c == '\n':
	default:
		s.node = false
	}
	s.i++
}

func (s *depthScan) open() {
	s.depth++
	if s.depth == s.limit+1 {
		s.start = s.i
	}
	s.i++
}

func (s *depthScan) close() {
	if s.depth == s.limit+1 {
		s.regions = append(s.regions, deepRegion{s.start, s.i + 1})
	}
	if s.depth > 0 {
		s.depth--
	}
}

// quoted skips a quoted string that starts at the current byte: "..."
// with backslash escapes, or '...' in which two quotes stand for one.
func (s *depthScan) quoted(q byte) {
	for s.i++; s.i < len(s.src); s.i++ {
		switch c := s.src[s.i]; {
		case c == '\\' && q == '"':
			s.i++
		case c == q && q == '\'' && s.i+1 < len(s.src) && s.src[s.i+1] == '\'':
			s.i++
		case c == q:
			s.i++
			return
		}
	}
}

func (s *depthScan) skipLine() {
	for s.i < len(s.src) && s.src[s.i] != '\n' {
		s.i++
	}
}

// splicedText is a text with regions replaced by null.
type splicedText struct {
	data    []byte
	regions []deepRegion
	nulls   []int // where each region's null starts in data
}

// spliceDeep replaces each region of src by null.
func spliceDeep(src []byte, regions []deepRegion) *splicedText {
	sp := &splicedText{regions: regions, data: make([]byte, 0, len(src))}
	last := 0
	for _, r := range regions {
		sp.data = append(sp.data, src[last:r.start]...)
		sp.nulls = append(sp.nulls, len(sp.data))
		sp.data = append(sp.data, "null"...)
		last = r.end
	}
	sp.data = append(sp.data, src[last:]...)
	return sp
}

// origin maps an offset in the spliced text to the original's: a null
// stands where its region started.
func (sp *splicedText) origin(offset int) int {
	i := sort.SearchInts(sp.nulls, offset+1) - 1 // the last null at or before offset
	if i < 0 {
		return offset
	}
	if offset < sp.nulls[i]+len("null") {
		return sp.regions[i].start + offset - sp.nulls[i]
	}
	return sp.regions[i].end + offset - sp.nulls[i] - len("null")
}

// deepValue is a value past the limit, found in the spliced text: its
// pointer and where it is in the original file.
type deepValue struct {
	ptr       string
	line, col int
}

// deepDiagnostics refuses each value past the limit, naming the tool whose
// object holds it in root, the tree of the spliced text (nil when that did
// not read: then no tool is named).
func deepDiagnostics(file string, root *schema.Node, values []deepValue) Diagnostics {
	var diags Diagnostics
	for _, v := range values {
		diags = append(diags, Diagnostic{Severity: Error, File: file, Line: v.line, Col: v.col,
			Tool: toolNameAt(root, v.ptr), Pointer: v.ptr, Message: tooDeepMessage})
	}
	return diags
}

// tooDeepJSON refuses a JSON file that nests past maxFileDepth; first is
// the error of the read that stopped at the first such value.
func tooDeepJSON(file string, data []byte, index *positionIndex, first *schema.SyntaxError) Diagnostics {
	sp := spliceDeep(data, deepCollections(data, maxFileDepth))
	at := make(map[int]int, len(sp.nulls))
	for i, off := range sp.nulls {
		at[off] = i
	}
	found := make([]*deepValue, len(sp.nulls))
	keyPtr, keyOffset := "", -1 // the last member name read, told before its value
	root, _ := schema.Parse(sp.data, schema.ParseOptions{
		MaxDepth:    maxFileDepth,
		Pointers:    true,
		OnDuplicate: func(schema.Duplicate) {}, // reported by the first read, if before the depth
		OnValue: func(ptr string, off int) {
			i, ok := at[off]
			if !ok {
				keyPtr, keyOffset = ptr, off
				return
			}
			if found[i] == nil {
				// A member is refused at its name, as every diagnostic is.
				start := sp.regions[i].start
				if keyPtr == ptr {
					start = sp.origin(keyOffset)
				}
				line, col := index.lineCol(start)
				found[i] = &deepValue{ptr, line, col}
			}
		},
	})
	var values []deepValue
	for _, v := range found {
		if v != nil {
			values = append(values, *v)
		}
	}
	if len(values) == 0 {
		// The scan found nothing the second read reached: what the first
		// read says, without the tool.
		line, col := index.lineCol(first.Offset)
		values = []deepValue{{first.Pointer, line, col}}
	}
	return deepDiagnostics(file, root, values)
}

// toolNameAt names the tool whose object holds the value at ptr in a
// catalog file's tree, in any of the shapes Parse reads (a tool of "tools",
// an element of a top-level array, or a lone tool object); "" when ptr is
// in no tool, the tool has no name, or root is nil.
func toolNameAt(root *schema.Node, ptr string) string {
	if root == nil {
		return ""
	}
	// The first two tokens tell the tool; neither needs unescaping to be
	// compared with "tools" or an index.
	tokens := strings.SplitN(strings.TrimPrefix(ptr, "/"), "/", 3)
	var tool *schema.Node
	switch {
	case root.IsObject() && root.Member("tools") != nil:
		if tools := root.Member("tools"); len(tokens) >= 2 && tokens[0] == "tools" {
			tool = item(tools, tokens[1])
		}
	case root.Kind == '[' && len(tokens) >= 1:
		tool = item(root, tokens[0])
	case classify(root) != "":
		tool = root
	}
	if tool == nil || !tool.IsObject() {
		return ""
	}
	def := tool
	if classify(tool) == FormatOpenAIChat && tool.Member("function").IsObject() {
		def = tool.Member("function")
	}
	if name := def.Member("name"); name != nil && name.Kind == '"' {
		return name.Str
	}
	return ""
}

// item returns the element of array n at index token, or nil.
func item(n *schema.Node, token string) *schema.Node {
	i, err := strconv.Atoi(token)
	if err != nil || n.Kind != '[' || i < 0 || i >= len(n.Items) {
		return nil
	}
	return n.Items[i]
}
