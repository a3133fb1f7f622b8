package schema

import (
	"bytes"
	"fmt"

	"github.com/go-json-experiment/json/jsontext"
)

// A tree may be edited to make a new document from an old one (a schema's
// strict-mode variant, say). An edited object or array no longer matches
// its Raw text, so an edited tree is written with AppendCompact, which
// writes objects and arrays from their members and items, and read again
// with Parse if its texts are needed.

// NewString returns a string value.
func NewString(s string) *Node {
	raw, _ := jsontext.AppendQuote(nil, s)
	return &Node{Kind: '"', Raw: raw, Str: s}
}

// NewNull returns the value null.
func NewNull() *Node { return &Node{Kind: 'n', Raw: jsontext.Value("null")} }

// NewBool returns true or false.
func NewBool(b bool) *Node {
	if b {
		return &Node{Kind: 't', Raw: jsontext.Value("true")}
	}
	return &Node{Kind: 'f', Raw: jsontext.Value("false")}
}

// NewObject returns an object of the members.
func NewObject(members ...Member) *Node { return &Node{Kind: '{', Members: members} }

// NewArray returns an array of the items; none makes [].
func NewArray(items ...*Node) *Node { return &Node{Kind: '[', Items: items} }

// Field is a member for NewObject.
func Field(name string, v *Node) Member { return Member{Name: name, Value: v} }

// Set replaces the value of the member name in place, or appends the member.
func (n *Node) Set(name string, v *Node) {
	for i := range n.Members {
		if n.Members[i].Name == name {
			n.Members[i].Value = v
			return
		}
	}
	n.Members = append(n.Members, Field(name, v))
}

// Delete removes the member name, if there is one.
func (n *Node) Delete(name string) {
	for i := range n.Members {
		if n.Members[i].Name == name {
			n.Members = append(n.Members[:i], n.Members[i+1:]...)
			return
		}
	}
}

// Replace puts the member newName, with value v, where the member old
// stands, removing old; newName must be absent.
func (n *Node) Replace(old, newName string, v *Node) {
	for i := range n.Members {
		if n.Members[i].Name == old {
			n.Members[i] = Field(newName, v)
			return
		}
	}
}

// InsertFirst adds the member name, which must be absent, before the others.
func (n *Node) InsertFirst(name string, v *Node) {
	n.Members = append([]Member{Field(name, v)}, n.Members...)
}

// AppendCompact appends n as compact JSON: objects and arrays from their
// members and items, strings re-encoded from their contents, numbers and
// literals as written. HTML characters are not escaped.
func (n *Node) AppendCompact(b []byte) ([]byte, error) {
	buf := bytes.NewBuffer(b)
	enc := jsontext.NewEncoder(buf)
	if err := n.write(enc); err != nil {
		return b, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

func (n *Node) write(enc *jsontext.Encoder) error {
	switch n.Kind {
	case '{':
		if err := enc.WriteToken(jsontext.BeginObject); err != nil {
			return err
		}
		for _, m := range n.Members {
			if err := enc.WriteToken(jsontext.String(m.Name)); err != nil {
				return err
			}
			if err := m.Value.write(enc); err != nil {
				return err
			}
		}
		return enc.WriteToken(jsontext.EndObject)
	case '[':
		if err := enc.WriteToken(jsontext.BeginArray); err != nil {
			return err
		}
		for _, item := range n.Items {
			if err := item.write(enc); err != nil {
				return err
			}
		}
		return enc.WriteToken(jsontext.EndArray)
	case '"':
		return enc.WriteToken(jsontext.String(n.Str))
	case '0', 't', 'f', 'n':
		return enc.WriteValue(n.Raw)
	}
	return fmt.Errorf("schema: cannot write a value of kind %q", n.Kind)
}
