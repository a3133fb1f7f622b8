// Package schema is toolgen's one model of a JSON Schema document: a tree
// of the document's values that keeps their text, order and place in the
// file; the table of JSON Schema keywords, dialect by dialect; the walk over
// the subschemas the table names; and the resolution of "$ref" and
// "$dynamicRef" against base URIs, "$id"s and anchors. The catalog linter,
// the generator and the templates all read schemas through it.
package schema

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync/atomic"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/toolgen/toolgen/internal/jsonpointer"
)

// Node is one JSON value of a document.
type Node struct {
	Kind    jsontext.Kind  // '{', '[', '"', '0', 't', 'f' or 'n'
	Raw     jsontext.Value // the value's text: a slice of the document, not a copy
	Str     string         // a string's decoded contents
	Members []Member       // an object's members, in document order
	Items   []*Node        // an array's items
	Offset  int            // byte offset of the value in the document
	// Pointer is the value's JSON Pointer in the document, recorded when
	// ParseOptions.Pointers asks (a reader that reports every problem by
	// pointer wants it; one that walks the tree knows where it is).
	Pointer string

	// Place is set on the values that are schemas once a Registry has
	// indexed their document.
	Place *Place
}

// Member is one member of an object.
type Member struct {
	Name      string
	KeyOffset int // byte offset of the member's name in the document
	Value     *Node
}

// Member returns the value of the object member name, or nil. It is safe
// on a nil node and on values that are not objects.
func (n *Node) Member(name string) *Node {
	if n == nil {
		return nil
	}
	for i := range n.Members {
		if n.Members[i].Name == name {
			return n.Members[i].Value
		}
	}
	return nil
}

// Strings returns the value of the object member name as a list of strings:
// the string itself, or the strings of an array ("type": "string" and
// "type": ["string", "null"] alike). Anything else gives nil.
func (n *Node) Strings(name string) []string {
	v := n.Member(name)
	if v == nil {
		return nil
	}
	var out []string
	switch v.Kind {
	case '"':
		out = append(out, v.Str)
	case '[':
		for _, item := range v.Items {
			if item.Kind == '"' {
				out = append(out, item.Str)
			}
		}
	}
	return out
}

// IsObject reports whether n is a JSON object.
func (n *Node) IsObject() bool { return n != nil && n.Kind == '{' }

// IsSchema reports whether n has the shape of a schema: an object or a
// boolean.
func (n *Node) IsSchema() bool {
	return n != nil && (n.Kind == '{' || n.Kind == 't' || n.Kind == 'f')
}

// End is the byte offset just past the value.
func (n *Node) End() int { return n.Offset + len(n.Raw) }

// Step returns the member or item that the unescaped reference token tok
// names, or nil. An array index must be written canonically ("0", "12").
func (n *Node) Step(tok string) *Node {
	if n == nil {
		return nil
	}
	switch n.Kind {
	case '{':
		return n.Member(tok)
	case '[':
		i, err := strconv.Atoi(tok)
		if err != nil || i < 0 || i >= len(n.Items) || strconv.Itoa(i) != tok {
			return nil
		}
		return n.Items[i]
	}
	return nil
}

// At returns the value at the JSON Pointer ptr below n, or nil.
func (n *Node) At(ptr string) *Node {
	toks, err := jsonpointer.Split(ptr)
	if err != nil {
		return nil
	}
	for _, tok := range toks {
		if n = n.Step(tok); n == nil {
			return nil
		}
	}
	return n
}

// KindName names the JSON type of a value for messages.
func (n *Node) KindName() string {
	switch n.Kind {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case '0':
		return "a number"
	case 't':
		return "true"
	case 'f':
		return "false"
	case 'n':
		return "null"
	}
	return "an invalid value"
}

// Duplicate is a member name written twice in one object. The tree keeps
// the first; readers of JSON disagree on which one wins.
type Duplicate struct {
	Pointer     string // the pointer of the duplicate member
	Name        string
	Offset      int // byte offset of the second key
	FirstOffset int // byte offset of the first key
}

// ParseOptions tune Parse. The zero value refuses duplicate names and
// bounds nothing.
type ParseOptions struct {
	// MaxDepth, if positive, is how deeply objects and arrays may nest.
	MaxDepth int
	// OnDuplicate, if set, is told of each duplicate member name, which the
	// tree then leaves out; if nil, a duplicate is an error.
	OnDuplicate func(Duplicate)
	// Pointers records each value's JSON Pointer in Node.Pointer.
	Pointers bool
	// OnValue, if set, is told the pointer and offset of every value, and
	// of every member's name, as the document is read: enough to map a
	// pointer to a line without a second pass. Values inside a duplicate
	// member are not told.
	OnValue func(ptr string, offset int)
}

// parseTrace, when set, is told the text of every Parse: tests hold each
// schema of a catalog to one parse, whatever stages read it.
var parseTrace atomic.Pointer[func(data []byte)]

// TraceParses has f told the text of every Parse, from any goroutine, until
// stop is called; for tests, one at a time.
func TraceParses(f func(data []byte)) (stop func()) {
	parseTrace.Store(&f)
	return func() { parseTrace.Store(nil) }
}

// Clone returns a deep copy of the tree below n, for an edit that must
// leave n as it is (a strict variant). The copy shares the texts, which
// are never written, and is not indexed: Place is nil throughout.
func (n *Node) Clone() *Node {
	// Field by field: Place is not read, so a tree may be copied while
	// its index is being built.
	c := Node{Kind: n.Kind, Raw: n.Raw, Str: n.Str, Offset: n.Offset, Pointer: n.Pointer}
	if n.Members != nil {
		c.Members = make([]Member, len(n.Members))
		for i, m := range n.Members {
			m.Value = m.Value.Clone()
			c.Members[i] = m
		}
	}
	if n.Items != nil {
		c.Items = make([]*Node, len(n.Items))
		for i, item := range n.Items {
			c.Items[i] = item.Clone()
		}
	}
	return &c
}

// SyntaxError is a document that is not one valid JSON value.
type SyntaxError struct {
	Offset  int    // byte offset of the error
	Pointer string // where in the document it is, as far as known
	Err     error  // what is wrong
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("invalid JSON at byte %d: %v", e.Offset, e.Err)
}

func (e *SyntaxError) Unwrap() error { return e.Err }

// Errors a SyntaxError may wrap.
var (
	ErrEmpty     = errors.New("the document is empty")
	ErrTrailing  = errors.New("unexpected data after the top-level value")
	ErrTooDeep   = errors.New("the document nests too deeply")
	ErrDuplicate = errors.New("duplicate member name")
)

// Parse reads data, which must hold exactly one JSON value (RFC 8259, valid
// UTF-8), into a tree. The tree's texts are slices of data, which must not
// change afterwards. Each byte is read once, however deep the nesting.
func Parse(data []byte, opts ParseOptions) (*Node, error) {
	if f := parseTrace.Load(); f != nil {
		(*f)(data)
	}
	p := &parser{data: data, opts: opts,
		// Given a bytes.Buffer, jsontext reads its bytes in place.
		dec: jsontext.NewDecoder(bytes.NewBuffer(data[:len(data):len(data)]), jsontext.AllowDuplicateNames(true))}
	p.track = opts.Pointers || opts.OnValue != nil || opts.OnDuplicate != nil
	root, err := p.value("", opts.OnValue != nil)
	if err == nil {
		err = p.end()
	}
	if err != nil {
		return nil, p.syntaxError(err)
	}
	return root, nil
}

type parser struct {
	data  []byte
	dec   *jsontext.Decoder
	opts  ParseOptions
	depth int
	track bool // build each value's pointer, for the callbacks
}

// tokenStart returns the offset of the next token: the decoder's offset
// moved past whitespace and the ',' and ':' separators, which is all that
// can stand between two tokens of valid JSON.
func (p *parser) tokenStart() int {
	i := int(p.dec.InputOffset())
	for i < len(p.data) {
		switch p.data[i] {
		case ' ', '\t', '\n', '\r', ',', ':':
			i++
			continue
		}
		break
	}
	return i
}

// value reads the next value, at ptr; told says whether OnValue hears of it.
func (p *parser) value(ptr string, told bool) (*Node, error) {
	start := p.tokenStart()
	if told && p.opts.OnValue != nil {
		p.opts.OnValue(ptr, start)
	}
	n := &Node{Kind: p.dec.PeekKind(), Offset: start}
	if p.opts.Pointers {
		n.Pointer = ptr
	}
	switch n.Kind {
	case 0:
		_, err := p.dec.ReadToken()
		if err == io.EOF {
			return nil, &SyntaxError{Offset: start, Pointer: ptr, Err: ErrEmpty}
		}
		return nil, err
	case '{', '[':
		if p.depth++; p.opts.MaxDepth > 0 && p.depth > p.opts.MaxDepth {
			return nil, &SyntaxError{Offset: start, Pointer: ptr, Err: ErrTooDeep}
		}
		defer func() { p.depth-- }()
		if _, err := p.dec.ReadToken(); err != nil {
			return nil, err
		}
		var err error
		if n.Kind == '{' {
			err = p.object(n, ptr, told)
		} else {
			err = p.array(n, ptr, told)
		}
		if err != nil {
			return nil, err
		}
		if _, err := p.dec.ReadToken(); err != nil { // the closing '}' or ']'
			return nil, err
		}
	default:
		if _, err := p.dec.ReadValue(); err != nil {
			return nil, err
		}
	}
	end := int(p.dec.InputOffset())
	n.Raw = jsontext.Value(p.data[start:end:end])
	if n.Kind == '"' {
		s, err := jsontext.AppendUnquote(nil, n.Raw)
		if err != nil {
			return nil, err
		}
		n.Str = string(s)
	}
	return n, nil
}

func (p *parser) object(n *Node, ptr string, told bool) error {
	var first map[string]int // member name -> offset of its first key
	for p.dec.PeekKind() != '}' {
		keyStart := p.tokenStart()
		tok, err := p.dec.ReadToken()
		if err != nil {
			return err
		}
		name := tok.String() // a token is void after the next read
		childPtr := ptr
		if p.track {
			childPtr = ptr + "/" + jsonpointer.Escape(name)
		}
		if first == nil {
			first = make(map[string]int, 8)
		}
		off, dup := first[name]
		if dup {
			d := Duplicate{Pointer: childPtr, Name: name, Offset: keyStart, FirstOffset: off}
			if p.opts.OnDuplicate == nil {
				return &SyntaxError{Offset: keyStart, Pointer: childPtr, Err: fmt.Errorf("%w %q", ErrDuplicate, name)}
			}
			p.opts.OnDuplicate(d)
		} else {
			first[name] = keyStart
			if told && p.opts.OnValue != nil {
				p.opts.OnValue(childPtr, keyStart)
			}
		}
		child, err := p.value(childPtr, told && !dup)
		if err != nil {
			return err
		}
		if !dup {
			n.Members = append(n.Members, Member{Name: name, KeyOffset: keyStart, Value: child})
		}
	}
	return nil
}

func (p *parser) array(n *Node, ptr string, told bool) error {
	for i := 0; p.dec.PeekKind() != ']'; i++ {
		childPtr := ptr
		if p.track {
			childPtr = ptr + "/" + strconv.Itoa(i)
		}
		child, err := p.value(childPtr, told)
		if err != nil {
			return err
		}
		n.Items = append(n.Items, child)
	}
	return nil
}

// end checks that nothing but whitespace follows the top-level value.
func (p *parser) end() error {
	start := p.tokenStart()
	_, err := p.dec.ReadToken()
	switch {
	case err == io.EOF:
		return nil
	case err != nil:
		return err
	}
	return &SyntaxError{Offset: start, Err: ErrTrailing}
}

// syntaxError makes err, from the decoder or the parser, a *SyntaxError.
func (p *parser) syntaxError(err error) error {
	var own *SyntaxError
	if errors.As(err, &own) {
		return own
	}
	var se *jsontext.SyntacticError
	if errors.As(err, &se) {
		e := se.Err
		if errors.Is(e, io.ErrUnexpectedEOF) {
			e = io.ErrUnexpectedEOF
		}
		return &SyntaxError{Offset: int(se.ByteOffset), Pointer: string(se.JSONPointer), Err: e}
	}
	return &SyntaxError{Offset: int(p.dec.InputOffset()), Err: err}
}
