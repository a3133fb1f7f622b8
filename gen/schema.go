package gen

import (
	"bytes"
	"fmt"
	"math"
	"strconv"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/toolgen/toolgen/internal/jsonpointer"
	"github.com/toolgen/toolgen/internal/schema"
)

// node is one schema of the tool being built: its value in the schema
// document's tree, and its JSON Pointer relative to the tool's schema, by
// which the builder keys what it has built and places what it reports.
type node struct {
	ptr  string
	tree *schema.Node
}

// nodeOf makes the node of the schema j, found at ptr.
func nodeOf(j *schema.Node, ptr string) (*node, error) {
	if !j.IsSchema() {
		return nil, fmt.Errorf("a schema must be an object or a boolean, not %s", j.Raw)
	}
	return &node{ptr: ptr, tree: j}, nil
}

// boolean returns the value of a boolean schema, and whether n is one.
func (n *node) boolean() (value, ok bool) {
	switch n.tree.Kind {
	case 't':
		return true, true
	case 'f':
		return false, true
	}
	return false, false
}

// keys returns the schema's keywords (and other member names), in order.
func (n *node) keys() []string {
	keys := make([]string, len(n.tree.Members))
	for i, m := range n.tree.Members {
		keys[i] = m.Name
	}
	return keys
}

func (n *node) has(keyword string) bool { return n.tree.Member(keyword) != nil }

// val returns the text of a keyword's value.
func (n *node) val(keyword string) (jsontext.Value, bool) {
	if v := n.tree.Member(keyword); v != nil {
		return v.Raw, true
	}
	return nil, false
}

// memberNames returns the names of the members of the object under keyword.
func (n *node) memberNames(keyword string) []string {
	var names []string
	if obj := n.tree.Member(keyword); obj != nil {
		for _, m := range obj.Members {
			names = append(names, m.Name)
		}
	}
	return names
}

// child returns the subschema under keyword, with more pointer tokens below it.
func (n *node) child(keyword string, tokens ...string) (*node, error) {
	j := n.tree.Member(keyword)
	if j == nil {
		return nil, fmt.Errorf("no %s at %s", keyword, n.ptr)
	}
	ptr := n.ptr + "/" + jsonpointer.Escape(keyword)
	for _, tok := range tokens {
		if j = j.Step(tok); j == nil {
			return nil, fmt.Errorf("no %s at %s", tok, ptr)
		}
		ptr += "/" + jsonpointer.Escape(tok)
	}
	return nodeOf(j, ptr)
}

// str returns a keyword's value as a string.
func (n *node) str(keyword string) (string, bool) {
	v := n.tree.Member(keyword)
	if v == nil || v.Kind != '"' {
		return "", false
	}
	return v.Str, true
}

// count returns a keyword's value as a non-negative integer.
func (n *node) count(keyword string) (int, bool) {
	v := n.tree.Member(keyword)
	if v == nil || v.Kind != '0' {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(v.Raw), 64)
	switch {
	case f >= math.MaxInt:
		// Past any length or count (1e300, or 1e400 beyond float64): a
		// minimum no value meets, a maximum every value does. Dropped, a
		// minimum would let every value through.
		return math.MaxInt, true
	case err != nil || f < 0 || f != math.Trunc(f):
		return 0, false
	}
	return int(f), true
}

// strings returns a keyword's value as a list of strings (required, type).
func (n *node) strings(keyword string) []string { return n.tree.Strings(keyword) }

// forEachItem calls f with each item of the JSON array raw, in order. Each
// value f gets is a slice of raw itself, so raw must not change afterwards.
func forEachItem(raw jsontext.Value, f func(i int, v jsontext.Value)) error {
	dec := jsontext.NewDecoder(bytes.NewBuffer(raw[:len(raw):len(raw)]))
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	for i := 0; dec.PeekKind() != ']'; i++ {
		v, err := dec.ReadValue()
		if err != nil {
			return err
		}
		f(i, v[:len(v):len(v)])
	}
	return nil
}
