package gen

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// node is one schema as it stands in the catalog: its keywords in source order
// with their raw values, so that nothing the author wrote goes unseen.
type node struct {
	ptr     string // JSON Pointer of the schema, relative to the tool's input schema
	boolean *bool  // set for the boolean schemas true and false
	keys    []string
	vals    map[string]jsontext.Value
	// tree is the schema in its document's tree, when it was found there:
	// then its subschemas are found in the tree, without reading text again.
	tree *jnode
}

// nodeOf makes the node of the schema j, found at ptr, from its tree.
func nodeOf(j *jnode, ptr string) (*node, error) {
	switch j.kind {
	case 't', 'f':
		b := j.kind == 't'
		return &node{ptr: ptr, boolean: &b, tree: j}, nil
	case '{':
	default:
		return nil, fmt.Errorf("a schema must be an object or a boolean, not %s", j.raw)
	}
	n := &node{ptr: ptr, vals: make(map[string]jsontext.Value, len(j.members)), tree: j}
	for _, m := range j.members {
		n.keys = append(n.keys, m.name)
		n.vals[m.name] = m.value.raw
	}
	return n, nil
}

// memberNames returns the names of the members of the object under keyword.
func (n *node) memberNames(keyword string) []string {
	var names []string
	if n.tree != nil {
		if j := n.tree.member(keyword); j != nil {
			for _, m := range j.members {
				names = append(names, m.name)
			}
		}
		return names
	}
	if raw, ok := n.vals[keyword]; ok {
		_ = forEachMember(raw, func(name string, _ jsontext.Value) { names = append(names, name) })
	}
	return names
}

// declares reports whether the object under keyword has a member name.
func (n *node) declares(keyword, name string) bool {
	if n.tree != nil {
		return n.tree.member(keyword).member(name) != nil
	}
	_, ok := lookup(n.vals[keyword], name)
	return ok
}

// parseNode parses the schema text raw found at ptr.
func parseNode(raw jsontext.Value, ptr string) (*node, error) {
	switch raw.Kind() {
	case 't', 'f':
		b := raw.Kind() == 't'
		return &node{ptr: ptr, boolean: &b}, nil
	case '{':
	default:
		return nil, fmt.Errorf("a schema must be an object or a boolean, not %s", raw)
	}
	n := &node{ptr: ptr, vals: map[string]jsontext.Value{}}
	err := forEachMember(raw, func(name string, v jsontext.Value) {
		n.keys = append(n.keys, name)
		n.vals[name] = v
	})
	return n, err
}

// forEachMember calls f with each member of the JSON object raw, in order.
// Each value f gets is a slice of raw itself (see decoderOf), so raw must not
// change afterwards.
func forEachMember(raw jsontext.Value, f func(name string, v jsontext.Value)) error {
	dec := decoderOf(raw, jsontext.AllowDuplicateNames(true))
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	for dec.PeekKind() != '}' {
		tok, err := dec.ReadToken()
		if err != nil {
			return err
		}
		name := tok.String() // a token is void after the next read
		v, err := dec.ReadValue()
		if err != nil {
			return err
		}
		f(name, v[:len(v):len(v)])
	}
	return nil
}

// forEachItem calls f with each item of the JSON array raw, in order.
func forEachItem(raw jsontext.Value, f func(i int, v jsontext.Value)) error {
	dec := decoderOf(raw)
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

// decoderOf returns a decoder that reads raw in place: given a bytes.Buffer,
// jsontext reads the buffer's bytes without copying them, and the values it
// returns are slices of raw. Schemas are split this way at every level of
// nesting, so a copy at each level would cost the square of the depth.
func decoderOf(raw jsontext.Value, opts ...jsontext.Options) *jsontext.Decoder {
	return jsontext.NewDecoder(bytes.NewBuffer(raw[:len(raw):len(raw)]), opts...)
}

func (n *node) has(keyword string) bool { _, ok := n.vals[keyword]; return ok }

// child parses the subschema under keyword, with more pointer tokens below it.
func (n *node) child(keyword string, tokens ...string) (*node, error) {
	if n.tree != nil {
		return n.treeChild(keyword, tokens)
	}
	raw := n.vals[keyword]
	ptr := n.ptr + "/" + escapeToken(keyword)
	for _, tok := range tokens {
		v, ok := lookup(raw, tok)
		if !ok {
			return nil, fmt.Errorf("no %s at %s", tok, ptr)
		}
		raw = v
		ptr += "/" + escapeToken(tok)
	}
	return parseNode(raw, ptr)
}

// treeChild is child for a node found in its document's tree.
func (n *node) treeChild(keyword string, tokens []string) (*node, error) {
	j := n.tree.member(keyword)
	if j == nil {
		return nil, fmt.Errorf("no %s at %s", keyword, n.ptr)
	}
	ptr := n.ptr + "/" + escapeToken(keyword)
	for _, tok := range tokens {
		if j = treeStep(j, tok); j == nil {
			return nil, fmt.Errorf("no %s at %s", tok, ptr)
		}
		ptr += "/" + escapeToken(tok)
	}
	return nodeOf(j, ptr)
}

// treeStep returns the member or item of j that the reference token tok
// names, or nil.
func treeStep(j *jnode, tok string) *jnode {
	switch j.kind {
	case '{':
		return j.member(tok)
	case '[':
		i, err := strconv.Atoi(tok)
		if err != nil || i < 0 || i >= len(j.items) {
			return nil
		}
		return j.items[i]
	}
	return nil
}

// str returns a keyword's value as a string.
func (n *node) str(keyword string) (string, bool) {
	v, ok := n.vals[keyword]
	if !ok || v.Kind() != '"' {
		return "", false
	}
	s, err := strconv.Unquote(string(v))
	if err != nil {
		b, _ := jsontext.AppendUnquote(nil, v)
		s = string(b)
	}
	return s, true
}

// count returns a keyword's value as a non-negative integer.
func (n *node) count(keyword string) (int, bool) {
	v, ok := n.vals[keyword]
	if !ok || v.Kind() != '0' {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(v), 64)
	if err != nil || f < 0 || f != float64(int(f)) {
		return 0, false
	}
	return int(f), true
}

// strings returns a keyword's value as a list of strings (required, type).
func (n *node) strings(keyword string) []string {
	v := n.vals[keyword]
	var out []string
	switch v.Kind() {
	case '"':
		s, _ := n.str(keyword)
		out = append(out, s)
	case '[':
		_ = forEachItem(v, func(_ int, item jsontext.Value) {
			if item.Kind() == '"' {
				b, _ := jsontext.AppendUnquote(nil, item)
				out = append(out, string(b))
			}
		})
	}
	return out
}

// lookup finds the member or item tok of a JSON object or array.
func lookup(raw jsontext.Value, tok string) (jsontext.Value, bool) {
	var found jsontext.Value
	switch raw.Kind() {
	case '{':
		_ = forEachMember(raw, func(name string, v jsontext.Value) {
			if name == tok && found == nil {
				found = v
			}
		})
	case '[':
		i, err := strconv.Atoi(tok)
		if err != nil {
			return nil, false
		}
		_ = forEachItem(raw, func(j int, v jsontext.Value) {
			if j == i {
				found = v
			}
		})
	}
	return found, found != nil
}

// resolvePointer finds the value at JSON Pointer ptr in the document root.
func resolvePointer(root jsontext.Value, ptr string) (jsontext.Value, bool) {
	if ptr == "" {
		return root, true
	}
	if !strings.HasPrefix(ptr, "/") {
		return nil, false
	}
	v := root
	for _, tok := range strings.Split(ptr[1:], "/") {
		next, ok := lookup(v, unescapeToken(tok))
		if !ok {
			return nil, false
		}
		v = next
	}
	return v, true
}

// treeAt returns the value at the JSON Pointer ptr in the tree j, or nil.
func treeAt(j *jnode, ptr string) *jnode {
	if ptr == "" {
		return j
	}
	if !strings.HasPrefix(ptr, "/") {
		return nil
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		if j = treeStep(j, unescapeToken(tok)); j == nil {
			return nil
		}
	}
	return j
}

func escapeToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

func unescapeToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
}
