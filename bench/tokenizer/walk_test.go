package tokenizer

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"

	"github.com/go-faster/jx"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/toolgen/toolgen/runtime/toolgenimpl"
)

// Every walker visits every value of its input and materialises every string
// (object names and string values) as a Go string that escapes to the heap, as
// a decoder storing it in a struct would (see keep), except
// walkJSONTextRawNames, which takes object names as raw quoted bytes. Numbers are kept as their raw
// text in all walkers (no float conversion), so the comparison is about
// tokenizing, not number parsing.
//
// A walker returns the number of values plus object names it saw and the total
// length of the strings it materialised; TestWalkersAgree checks that all
// walkers see the same thing.

// sinkStr is where keep puts materialised strings.
var sinkStr string

// keep makes s escape, so that a tokenizer whose string conversion the compiler
// could otherwise keep on the stack (jsontext's inlinable Token.String) pays for
// a real Go string like the others do. It returns len(s).
func keep(s string) int {
	sinkStr = s
	return len(s)
}

// setBuffer points bb at p without copying or allocating, so a jsontext.Decoder
// reset onto bb takes its zero-copy *bytes.Buffer path.
func setBuffer(bb *bytes.Buffer, p []byte) { *bb = *bytes.NewBuffer(p) }

// walkJSONText reads every token with Decoder.ReadToken until io.EOF.
func walkJSONText(d *jsontext.Decoder) (n, strLen int, err error) {
	for {
		tok, err := d.ReadToken()
		if err != nil {
			if err == io.EOF {
				return n, strLen, nil
			}
			return n, strLen, err
		}
		switch tok.Kind() {
		case '}', ']':
			continue
		case '"':
			strLen += keep(tok.String())
		}
		n++
	}
}

// walkJSONTextRawNames is walkJSONText, except that object names are read
// with Decoder.ReadValue, i.e. as raw quoted bytes that are not unescaped.
func walkJSONTextRawNames(d *jsontext.Decoder) (n, strLen int, err error) {
	for {
		if k, i := d.StackIndex(d.StackDepth()); k == '{' && i%2 == 0 && d.PeekKind() == '"' {
			v, err := d.ReadValue()
			if err != nil {
				return n, strLen, err
			}
			strLen += len(v) - 2 // the quotes; the payloads have no escapes in names
			n++
			continue
		}
		tok, err := d.ReadToken()
		if err != nil {
			if err == io.EOF {
				return n, strLen, nil
			}
			return n, strLen, err
		}
		switch tok.Kind() {
		case '}', ']':
			continue
		case '"':
			strLen += keep(tok.String())
		}
		n++
	}
}

// jxWalker walks one jx value recursively with the generic Next/Obj/Arr/Str/
// Num/Bool/Null API. Methods (not closures) are passed as callbacks so the walk
// itself does not allocate.
type jxWalker struct{ n, strLen int }

func (w *jxWalker) value(d *jx.Decoder) error {
	w.n++
	switch d.Next() {
	case jx.Object:
		return d.Obj(w.field)
	case jx.Array:
		return d.Arr(w.value)
	case jx.String:
		s, err := d.Str()
		w.strLen += keep(s)
		return err
	case jx.Number:
		_, err := d.Num()
		return err
	case jx.Bool:
		_, err := d.Bool()
		return err
	case jx.Null:
		return d.Null()
	default:
		// Let jx produce its own error for whatever is there.
		return d.Skip()
	}
}

func (w *jxWalker) field(d *jx.Decoder, key string) error {
	w.n++
	w.strLen += keep(key)
	return w.value(d)
}

// walkJX walks one top-level value. jx's Decoder is not a stream decoder:
// whatever follows that value is left unread (see TestStrictness).
func walkJX(d *jx.Decoder, w *jxWalker) (n, strLen int, err error) {
	*w = jxWalker{}
	err = w.value(d)
	return w.n, w.strLen, err
}

// walkStd reads every token with encoding/json's Decoder.Token until io.EOF.
// UseNumber keeps numbers as their text, like the other walkers.
func walkStd(d *json.Decoder) (n, strLen int, err error) {
	d.UseNumber()
	for {
		tok, err := d.Token()
		if err != nil {
			if err == io.EOF {
				return n, strLen, nil
			}
			return n, strLen, err
		}
		switch t := tok.(type) {
		case json.Delim:
			if t == '}' || t == ']' {
				continue
			}
		case string:
			strLen += keep(t)
		}
		n++
	}
}

// walkReader walks one value with toolgen's toolgenimpl.Reader the way generated
// code reads it: jsontext checks the whole text when the reader is made, then
// the reader walks the checked bytes. String values are materialised as Go
// strings (String copies them into the reader's blocks); names are taken as
// bytes, as generated code matches them, so it compares with
// walkJSONTextRawNames; numbers are kept as their raw text.
func walkReader(data []byte) (n, strLen int, err error) {
	r := toolgenimpl.NewReader(data)
	var walk func()
	walk = func() {
		n++
		switch r.Kind() {
		case toolgenimpl.KindObject:
			r.BeginObject()
			for r.More() {
				n++
				strLen += len(r.Name())
				walk()
			}
			r.EndObject()
		case toolgenimpl.KindArray:
			r.BeginArray()
			for r.More() {
				walk()
			}
			r.EndArray()
		case toolgenimpl.KindString:
			s, _ := r.String()
			strLen += keep(s)
		default:
			r.Skip()
		}
	}
	walk()
	return n, strLen, r.Finish("walk")
}

var errInvalid = errors.New("invalid JSON")
