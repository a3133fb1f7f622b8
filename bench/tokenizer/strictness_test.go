package tokenizer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/go-faster/jx"
	"github.com/go-json-experiment/json/jsontext"
)

func nested(depth int) []byte {
	return []byte(strings.Repeat("[", depth) + strings.Repeat("]", depth))
}

// strictCases are the inputs of the strictness table. The string cases sit
// under /args/a so the JSON Pointer in jsontext's errors can be checked.
var strictCases = []struct {
	name  string
	input []byte
	// jsontextPointer, when non-nil, is the JSONPointer jsontext must report
	// in a *jsontext.SyntacticError; nil means jsontext is not asserted on.
	jsontextPointer *jsontext.Pointer
	// showString: when a tokenizer accepts the input, also record the Go
	// string it produced for the last string value.
	showString bool
}{
	{"duplicate key", []byte(`{"args":{"a":1,"a":2}}`), ptr("/args/a"), false},
	{"invalid UTF-8 (0xff in a string)", []byte("{\"args\":{\"a\":\"x\xffy\"}}"), ptr("/args/a"), true},
	{`lone surrogate "\ud800"`, []byte(`{"args":{"a":"\ud800"}}`), ptr("/args/a"), true},
	{"leading UTF-8 BOM", []byte("\xef\xbb\xbf{\"a\":1}"), ptr(""), false},
	{"trailing data `{} {}`", []byte(`{} {}`), nil, false},
	{"nesting depth 10000", nested(10000), nil, false},
	// One past the limit of 10000 that jsontext, jx and encoding/json's
	// scanner all define.
	{"nesting depth 10001", nested(10001), nil, false},
}

func ptr(p jsontext.Pointer) *jsontext.Pointer { return &p }

// streamNote describes a stream decoder that read more than one top-level
// value without error.
func streamNote(n int) string {
	if n > 1 {
		return fmt.Sprintf("reads %d top-level values (stream decoder; the caller must require io.EOF after the first)", n)
	}
	return ""
}

// Each checker walks the input the way the benchmark does and returns the
// tokenizer's error, or nil and a note on how it accepted the input.
var checkers = []struct {
	name  string
	check func([]byte) (note string, err error)
}{
	{"jsontext", func(in []byte) (string, error) {
		// Default options: duplicate names and invalid UTF-8 are errors.
		d := jsontext.NewDecoder(bytes.NewBuffer(in))
		n := 0
		for {
			tok, err := d.ReadToken()
			if err == io.EOF {
				return streamNote(n), nil
			}
			if err != nil {
				return "", err
			}
			if k := tok.Kind(); k != '{' && k != '[' && d.StackDepth() == 0 {
				n++
			}
		}
	}},
	{"jx", func(in []byte) (string, error) {
		d := jx.DecodeBytes(in)
		if _, _, err := walkJX(d, new(jxWalker)); err != nil {
			return "", err
		}
		if d.Next() == jx.Invalid {
			return "", nil
		}
		// jx's Decoder reads one value and leaves the rest; Validate is
		// its way to insist on exactly one value.
		note := "the walk reads the first value and leaves the rest unread"
		if err := jx.DecodeBytes(in).Validate(); err != nil {
			note += "; Validate() rejects it: " + err.Error()
		}
		return note, nil
	}},
	{"encoding/json", func(in []byte) (string, error) {
		d := json.NewDecoder(bytes.NewReader(in))
		d.UseNumber()
		n, depth := 0, 0
		for {
			tok, err := d.Token()
			if err == io.EOF {
				return streamNote(n), nil
			}
			if err != nil {
				return "", err
			}
			if s, ok := tok.(string); ok {
				keep(s)
			}
			switch tok {
			case json.Delim('{'), json.Delim('['):
				depth++
				continue
			case json.Delim('}'), json.Delim(']'):
				depth--
			}
			if depth == 0 {
				n++
			}
		}
	}},
	{"json.Valid", func(in []byte) (string, error) {
		if json.Valid(in) {
			return "", nil
		}
		var v any
		if err := json.Unmarshal(in, &v); err != nil {
			return "", err
		}
		return "", errors.New("invalid")
	}},
}

// TestStrictness records which inputs each tokenizer rejects. It asserts
// jsontext's behaviour and logs the rest as a Markdown table (go test -v).
func TestStrictness(t *testing.T) {
	var table strings.Builder
	table.WriteString("| input |")
	for _, c := range checkers {
		fmt.Fprintf(&table, " %s |", c.name)
	}
	table.WriteString("\n|---|" + strings.Repeat("---|", len(checkers)) + "\n")
	for _, tc := range strictCases {
		fmt.Fprintf(&table, "| %s |", tc.name)
		for _, c := range checkers {
			sinkStr = ""
			note, err := c.check(tc.input)
			cell := "accepts"
			switch {
			case err != nil:
				cell = "**rejects**: " + shorten(err.Error())
			case tc.showString && c.name != "json.Valid":
				cell += fmt.Sprintf(" (string value read as %+q)", sinkStr)
			case note != "":
				cell += " — " + note
			}
			fmt.Fprintf(&table, " %s |", cell)
			t.Logf("%s / %s: %s", tc.name, c.name, cell)

			if c.name != "jsontext" || tc.jsontextPointer == nil {
				continue
			}
			var serr *jsontext.SyntacticError
			switch {
			case err == nil:
				t.Errorf("%s: jsontext accepted it, want a *jsontext.SyntacticError", tc.name)
			case !errors.As(err, &serr):
				t.Errorf("%s: jsontext error %T %v, want a *jsontext.SyntacticError", tc.name, err, err)
			case serr.JSONPointer != *tc.jsontextPointer:
				t.Errorf("%s: jsontext JSONPointer = %q, want %q (%v)", tc.name, serr.JSONPointer, *tc.jsontextPointer, err)
			}
		}
		table.WriteString("\n")
	}
	t.Log("strictness table:\n" + table.String())
}

// shorten makes an error message fit in a table cell.
func shorten(s string) string {
	// jx wraps its error once per nesting level.
	if n := strings.Count(s, "callback: "); n > 1 {
		s = fmt.Sprintf("callback: (×%d) ", n) + strings.ReplaceAll(s, "callback: ", "")
	}
	s = strings.ReplaceAll(s, "|", `\|`)
	if len(s) > 120 {
		s = s[:117] + "..."
	}
	return s
}
