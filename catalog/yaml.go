package catalog

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/toolgen/toolgen/internal/schema"
	"gopkg.in/yaml.v3"
)

// A YAML catalog is the same catalog written in YAML: the shapes, members
// and rules are those of JSON. It is converted to JSON text before anything
// else reads it, so a tool's schema bytes are that JSON (compact), the same
// bytes whatever YAML style the file uses.
//
// Only the part of YAML that means something in JSON is accepted. The
// reader refuses, each with an error at its line and column:
//
//   - anchors (&a) and aliases (*a), and merge keys (<<): JSON has no
//     sharing, and a schema read by two tools must not depend on how YAML
//     expands them;
//   - explicit tags (!!str, !custom, ...): write the value as JSON would;
//   - keys that YAML reads as something other than a string (1:, true:,
//     null:, a date), and complex keys (? [a, b]): JSON keys are strings,
//     so quote them;
//   - duplicate keys in a mapping;
//   - numbers not written as JSON writes them (0x1F, 1_000, .5, +1, 010,
//     .inf, .nan): YAML versions and readers disagree on what some of these
//     mean, so the exact JSON spelling is asked for;
//   - more than one document in the file, and text that is not UTF-8.
//
// A plain scalar that YAML reads as a timestamp (2024-01-31), as a value or
// a key, becomes the JSON string holding its text, as YAML 1.2 (which has no
// timestamps) reads it. YAML's other plain scalars map as the YAML
// 1.2 core schema says: true/false (any case) are booleans, null, ~ and an
// empty value are null.

// isYAML reports whether file is read as YAML, by its extension.
func isYAML(file string) bool {
	switch strings.ToLower(filepath.Ext(file)) {
	case ".yaml", ".yml":
		return true
	}
	return false
}

// yamlReader converts one YAML document to JSON text, recording the YAML
// position of every JSON Pointer.
type yamlReader struct {
	file  string
	src   []byte         // the YAML text
	lines *positionIndex // line starts of src, for converting columns
	index *positionIndex // JSON Pointer -> YAML line:col
	out   []byte         // the JSON text written so far
	diags Diagnostics
	depth int // mappings and sequences open around the node being read

	// deep are the values nested past maxFileDepth, each written as null.
	deep []deepValue
	// maxDepth is set when the YAML parser stopped at its own depth limit.
	maxDepth bool
	// spliced is set when src is the file with its collections nested past
	// the limit replaced by null (deepCollections): a null at one of
	// nulls stands for one, and positions are mapped back to the file's,
	// whose line starts are orig.
	spliced *splicedText
	nulls   map[int]bool
	orig    *positionIndex
}

// readYAML reads a YAML catalog file. It returns the tree of the JSON text
// the file converts to, whose values' texts are slices of that JSON, and
// an index of YAML positions. On any error the tree is nil and the
// diagnostics say why.
func readYAML(file string, data []byte) (*schema.Node, *positionIndex, Diagnostics) {
	y := &yamlReader{file: file, src: data, lines: newPositionIndex(data), index: newPositionIndex(nil)}
	if !utf8.Valid(data) {
		off := invalidUTF8Offset(data)
		line, col := y.lines.lineCol(off)
		return nil, nil, Diagnostics{{Severity: Error, File: file, Line: line, Col: col,
			Message: "invalid YAML: the file is not valid UTF-8; a YAML catalog must be UTF-8 text"}}
	}
	root, diags := y.document()
	if root == nil && y.maxDepth {
		// The parser stops at 10,000 levels of its own: read the file
		// again without what nests past the catalog's limit, to name the
		// tool and pointer of each such value.
		if sp := spliceDeep(data, deepCollections(data, maxFileDepth)); len(sp.regions) > 0 {
			z := &yamlReader{file: file, src: sp.data, lines: newPositionIndex(sp.data), index: newPositionIndex(nil),
				spliced: sp, nulls: map[int]bool{}, orig: y.lines}
			for _, off := range sp.nulls {
				z.nulls[off] = true
			}
			if r, _ := z.document(); r != nil {
				y, root = z, r
			}
		}
	}
	if root == nil {
		return nil, nil, diags
	}
	y.record("", root)
	y.value(root, "")
	if len(y.deep) > 0 {
		tree, _, _ := readTree(file, y.out)
		diags := y.diags
		if y.spliced != nil {
			diags = nil // located in the spliced text; the depth comes first
		}
		return nil, nil, append(diags, deepDiagnostics(file, tree, y.deep)...)
	}
	if len(y.diags) > 0 {
		return nil, nil, y.diags
	}
	tree, _, diags := readTree(file, y.out)
	if tree == nil || len(diags) > 0 {
		// The converter writes JSON that readTree accepts; anything else
		// is a bug here, not in the file.
		return nil, nil, Diagnostics{{Severity: Error, File: file,
			Message: fmt.Sprintf("internal error: the JSON converted from YAML does not read back: %v", diags)}}
	}
	return tree, y.index, nil
}

// document parses y.src as one YAML document and returns its root node, or
// nil and why not.
func (y *yamlReader) document() (*yaml.Node, Diagnostics) {
	dec := yaml.NewDecoder(bytes.NewReader(y.src))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, Diagnostics{{Severity: Error, File: y.file, Line: 1, Col: 1,
				Message: "the file is empty; a catalog is \"tools:\" with a list of tools, or a list of tools"}}
		}
		return nil, Diagnostics{y.syntaxError(err)}
	}
	var extra yaml.Node
	switch err := dec.Decode(&extra); {
	case errors.Is(err, io.EOF):
	case err != nil:
		return nil, Diagnostics{y.syntaxError(err)}
	default:
		y.errorAt(&extra, "", "the file holds more than one YAML document; a catalog file holds exactly one")
		return nil, y.diags
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		return nil, Diagnostics{{Severity: Error, File: y.file, Line: 1, Col: 1,
			Message: "the file is empty; a catalog is \"tools:\" with a list of tools, or a list of tools"}}
	}
	return doc.Content[0], nil
}

// tooDeep records that node n, at ptr, nests past maxFileDepth (or stands
// for a collection that did, in a spliced text), and writes null for it.
func (y *yamlReader) tooDeep(n *yaml.Node, ptr string) {
	line, col := y.position(n)
	if at, ok := y.index.positions[ptr]; ok {
		line, col = at.line, at.col // a member's key, as every diagnostic has it
	}
	if y.spliced != nil {
		line, col = y.orig.lineCol(y.spliced.origin(y.offset(line, col)))
	}
	y.deep = append(y.deep, deepValue{ptr, line, col})
	y.out = append(y.out, "null"...)
}

// offset is the byte offset of line:col (byte-based) in y.src.
func (y *yamlReader) offset(line, col int) int {
	if line < 1 || line > len(y.lines.lineStarts) {
		return -1
	}
	return y.lines.lineStarts[line-1] + col - 1
}

// yamlErrorLine matches the line yaml.v3 puts in its syntax errors.
var yamlErrorLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// yamlParserProblems are the problems yaml.v3's parser (as opposed to its
// scanner) reports. For these it numbers lines from 0, and the line is
// where the enclosing collection starts.
var yamlParserProblems = map[string]bool{
	"did not find expected ',' or ']'":       true,
	"did not find expected ',' or '}'":       true,
	"did not find expected '-' indicator":    true,
	"did not find expected <document start>": true,
	"did not find expected <stream-start>":   true,
	"did not find expected key":              true,
	"did not find expected node content":     true,
	"found duplicate %TAG directive":         true,
	"found duplicate %YAML directive":        true,
	"found incompatible YAML document":       true,
	"found undefined tag handle":             true,
}

// syntaxError turns an error of the YAML parser into a diagnostic. The
// parser reports a line but no column; an error it reports without a line
// is on the first line.
func (y *yamlReader) syntaxError(err error) Diagnostic {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 1
	if m := yamlErrorLine.FindStringSubmatch(err.Error()); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = m[2]
		if yamlParserProblems[msg] {
			line++
			msg += " (in the collection that starts on this line)"
		}
	}
	if strings.HasPrefix(msg, "exceeded max depth") {
		// yaml.v3 stops at its own limit, far past the catalog's.
		y.maxDepth = true
		return Diagnostic{Severity: Error, File: y.file, Line: line, Col: 1, Message: tooDeepMessage}
	}
	if tabLine, col, ok := y.indentingTab(line, msg); ok {
		return Diagnostic{Severity: Error, File: y.file, Line: tabLine, Col: col,
			Message: "invalid YAML: a tab cannot indent YAML; indent with spaces"}
	}
	return Diagnostic{Severity: Error, File: y.file, Line: line, Message: "invalid YAML: " + msg}
}

// yamlCannotStart is the scanner's error for a character that no token
// starts with; at the start of a line, that is a tab.
const yamlCannotStart = "found character that cannot start any token"

// indentingTab finds the tab behind a YAML syntax error reported at line
// with msg, and returns its line and byte-based column. yaml.v3 says "found
// character that cannot start any token" on the tab's line, and reports a
// tab found "where an indentation space is expected" or that "violates
// indentation" on the line where the enclosing construct starts, so there
// the search goes on down the file. Only a tab in a line's indentation
// counts: spaces, tabs and "-" indicators before the line's content.
func (y *yamlReader) indentingTab(line int, msg string) (tabLine, col int, ok bool) {
	last := line
	switch {
	case strings.Contains(msg, "tab character"):
		last = len(y.lines.lineStarts)
	case msg != yamlCannotStart:
		return 0, 0, false
	}
	for l := line; l <= last; l++ {
		text, ok := y.lines.line(y.src, l)
		if !ok {
			break
		}
		if i := indentTab(text); i >= 0 {
			return l, i + 1, true
		}
	}
	return 0, 0, false
}

// indentTab returns the byte offset of the first tab in the indentation of
// a YAML line (its leading spaces, tabs and "-" sequence indicators), or -1.
func indentTab(text string) int {
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\t':
			return i
		case ' ':
		case '-':
			if i+1 < len(text) && text[i+1] != ' ' && text[i+1] != '\t' {
				return -1 // a scalar such as -1 or -x
			}
		default:
			return -1
		}
	}
	return -1
}

// position returns a node's line and byte-based column. The YAML parser
// counts columns in characters; catalog diagnostics count bytes, as for
// JSON files.
func (y *yamlReader) position(n *yaml.Node) (line, col int) {
	line, col = n.Line, n.Column
	if line < 1 || line > len(y.lines.lineStarts) || col < 1 {
		return line, col
	}
	rest := y.src[y.lines.lineStarts[line-1]:]
	off := 0
	for i := 1; i < col && off < len(rest); i++ {
		_, size := utf8.DecodeRune(rest[off:])
		off += size
	}
	return line, off + 1
}

// record notes that the JSON value at ptr is located at node n.
func (y *yamlReader) record(ptr string, n *yaml.Node) {
	line, col := y.position(n)
	y.index.addLineCol(ptr, line, col)
}

// errorAt records an error at node n, whose JSON Pointer is ptr.
func (y *yamlReader) errorAt(n *yaml.Node, ptr, format string, args ...any) {
	line, col := y.position(n)
	y.diags = append(y.diags, Diagnostic{Severity: Error, File: y.file, Line: line, Col: col, Pointer: ptr, Message: fmt.Sprintf(format, args...)})
}

// value writes node n, whose JSON Pointer is ptr, as JSON. Its own position
// has been recorded by the caller: a member is located at its key.
func (y *yamlReader) value(n *yaml.Node, ptr string) {
	if n.Kind == yaml.AliasNode {
		y.errorAt(n, ptr, "the alias *%s has no JSON meaning; write the value out in full (YAML anchors and aliases are not accepted)", n.Value)
		y.out = append(y.out, "null"...)
		return
	}
	if n.Anchor != "" {
		y.errorAt(n, ptr, "the anchor &%s has no JSON meaning; remove it and write out the values that use it (YAML anchors and aliases are not accepted)", n.Anchor)
	}
	if n.Style&yaml.TaggedStyle != 0 {
		y.errorAt(n, ptr, "the tag %s has no JSON meaning; remove it (quote a value that must be a string)", n.Tag)
	}
	if n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode {
		if y.depth+1 > maxFileDepth {
			y.tooDeep(n, ptr)
			return
		}
		y.depth++
		defer func() { y.depth-- }()
	}
	if n.Kind == yaml.ScalarNode && y.nulls[y.offset(y.position(n))] {
		y.tooDeep(n, ptr) // the null standing for a collection nested past the limit
		return
	}
	switch n.Kind {
	case yaml.MappingNode:
		y.mapping(n, ptr)
	case yaml.SequenceNode:
		y.out = append(y.out, '[')
		for i, e := range n.Content {
			if i > 0 {
				y.out = append(y.out, ',')
			}
			elemPtr := appendPointer(ptr, strconv.Itoa(i))
			y.record(elemPtr, e)
			y.value(e, elemPtr)
		}
		y.out = append(y.out, ']')
	case yaml.ScalarNode:
		y.scalar(n, ptr)
	default:
		y.errorAt(n, ptr, "unexpected YAML node")
	}
}

// mapping writes a YAML mapping as a JSON object.
func (y *yamlReader) mapping(n *yaml.Node, ptr string) {
	y.out = append(y.out, '{')
	first := map[string]*yaml.Node{}
	written := 0
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		name, ok := y.key(k, ptr)
		if !ok {
			continue
		}
		childPtr := appendPointer(ptr, name)
		if prev, dup := first[name]; dup {
			line, col := y.position(prev)
			y.errorAt(k, childPtr, "duplicate key %q: the first %q is at line %d, column %d; YAML and JSON readers disagree on which one wins, so remove one",
				name, name, line, col)
			continue
		}
		first[name] = k
		y.record(childPtr, k)
		if written > 0 {
			y.out = append(y.out, ',')
		}
		written++
		y.appendString(k, childPtr, name)
		y.out = append(y.out, ':')
		y.value(v, childPtr)
	}
	y.out = append(y.out, '}')
}

// key returns the name of a mapping key, or false after reporting why it
// cannot be a JSON object key.
func (y *yamlReader) key(k *yaml.Node, ptr string) (string, bool) {
	switch {
	case k.Kind == yaml.AliasNode:
		y.errorAt(k, ptr, "the alias *%s used as a key has no JSON meaning; write the key out (YAML anchors and aliases are not accepted)", k.Value)
		return "", false
	case k.Kind != yaml.ScalarNode:
		y.errorAt(k, ptr, "a complex key (a mapping or a list used as a key) has no JSON meaning; JSON object keys are strings")
		return "", false
	case k.Style&yaml.TaggedStyle != 0:
		y.errorAt(k, ptr, "the tag %s on a key has no JSON meaning; write the key as a plain or quoted string", k.Tag)
		return "", false
	case k.Tag == "!!merge":
		y.errorAt(k, ptr, "the merge key << has no JSON meaning; write the members out in full (YAML merge keys are not accepted)")
		return "", false
	case k.Tag != "!!str" && k.Tag != "!!timestamp":
		y.errorAt(k, ptr, "the key %s is read by YAML as %s, not a string; JSON object keys are strings, so quote it: %q",
			k.Value, yamlTypeName(k.Tag), k.Value)
		return "", false
	}
	if k.Anchor != "" {
		y.errorAt(k, ptr, "the anchor &%s has no JSON meaning; remove it (YAML anchors and aliases are not accepted)", k.Anchor)
	}
	return k.Value, true
}

// scalar writes a YAML scalar as the JSON value it means.
func (y *yamlReader) scalar(n *yaml.Node, ptr string) {
	switch n.Tag {
	case "!!str", "!!timestamp":
		y.appendString(n, ptr, n.Value)
	case "!!null":
		y.out = append(y.out, "null"...)
	case "!!bool":
		y.out = strconv.AppendBool(y.out, strings.EqualFold(n.Value, "true"))
	case "!!int", "!!float":
		if !isJSONNumber(n.Value) {
			y.numberError(n, ptr)
			y.out = append(y.out, '0')
			return
		}
		y.out = append(y.out, n.Value...)
	default:
		y.errorAt(n, ptr, "the value %s is read by YAML as %s, which JSON does not have; quote it if it is a string", n.Value, yamlTypeName(n.Tag))
		y.out = append(y.out, "null"...)
	}
}

// numberError explains why a YAML number is refused.
func (y *yamlReader) numberError(n *yaml.Node, ptr string) {
	v := strings.ToLower(strings.TrimLeft(n.Value, "+-"))
	if v == ".inf" || v == ".nan" {
		y.errorAt(n, ptr, "the number %s has no JSON meaning: JSON numbers are finite; quote it if it is a string", n.Value)
		return
	}
	y.errorAt(n, ptr, "the number %s is not written as JSON writes numbers (no hex, octal or binary prefix, no _, no leading + or 0, digits on both sides of the point); YAML readers disagree on what some of these mean, so write it in decimal as JSON does, or quote it if it is a string", n.Value)
}

// appendString writes s as a JSON string; n is the node it came from.
func (y *yamlReader) appendString(n *yaml.Node, ptr, s string) {
	out, err := jsontext.AppendQuote(y.out, s)
	if err != nil {
		y.errorAt(n, ptr, "the string is not valid UTF-8; a catalog's strings must be")
	}
	y.out = out
}

// yamlTypeName names a YAML core tag for messages.
func yamlTypeName(tag string) string {
	switch tag {
	case "!!int":
		return "an integer"
	case "!!float":
		return "a number"
	case "!!bool":
		return "a boolean"
	case "!!null":
		return "null"
	case "!!timestamp":
		return "a timestamp"
	case "!!merge":
		return "a merge key"
	}
	return tag
}

// isJSONNumber reports whether s is a number in the JSON grammar:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func isJSONNumber(s string) bool {
	i := 0
	digits := func() int {
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i - start
	}
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case digits() == 0:
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}

// invalidUTF8Offset returns the offset of the first byte of data that is
// not part of valid UTF-8.
func invalidUTF8Offset(data []byte) int {
	off := 0
	for off < len(data) {
		r, size := utf8.DecodeRune(data[off:])
		if r == utf8.RuneError && size <= 1 {
			return off
		}
		off += size
	}
	return off
}
