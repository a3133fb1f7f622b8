package schema

import (
	"strconv"

	"github.com/toolgen/toolgen/internal/jsonpointer"
)

// Sub is one subschema directly under a schema object.
type Sub struct {
	Keyword string // the keyword it hangs from
	Shape   Shape  // the shape of the keyword's value
	Key     string // its member name, under a SchemaMap keyword
	Index   int    // its index, under a SchemaArray keyword; else -1
	Node    *Node
}

// Pointer returns the sub's JSON Pointer, given its parent's.
func (s Sub) Pointer(parent string) string {
	p := parent + "/" + jsonpointer.Escape(s.Keyword)
	switch s.Shape {
	case SchemaArray:
		p += "/" + strconv.Itoa(s.Index)
	case SchemaMap:
		p += "/" + jsonpointer.Escape(s.Key)
	}
	return p
}

// Children calls f for each subschema directly under the schema n, in
// member order, at the places the dialect's table says hold schemas. Values
// there that are not schemas (the lists of names under "dependencies", a
// wrong value the meta-schema reports) are skipped. It stops at the first
// error f returns.
func (d *Dialect) Children(n *Node, f func(Sub) error) error {
	if n == nil || n.Kind != '{' {
		return nil
	}
	for _, m := range n.Members {
		k := d.byName[m.Name]
		if k == nil {
			continue
		}
		v := m.Value
		shape := k.Shape
		if shape == SchemaOrArray {
			shape = Subschema
			if v.Kind == '[' {
				shape = SchemaArray
			}
		}
		switch shape {
		case Subschema:
			if v.IsSchema() {
				if err := f(Sub{Keyword: m.Name, Shape: Subschema, Index: -1, Node: v}); err != nil {
					return err
				}
			}
		case SchemaArray:
			if v.Kind != '[' {
				continue
			}
			for i, item := range v.Items {
				if item.IsSchema() {
					if err := f(Sub{Keyword: m.Name, Shape: SchemaArray, Index: i, Node: item}); err != nil {
						return err
					}
				}
			}
		case SchemaMap:
			if v.Kind != '{' {
				continue
			}
			for _, e := range v.Members {
				if e.Value.IsSchema() {
					if err := f(Sub{Keyword: m.Name, Shape: SchemaMap, Key: e.Name, Index: -1, Node: e.Value}); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

// Visit is one schema met by Walk.
type Visit struct {
	Node    *Node
	Pointer string // relative to the walk's root
	Keyword string // the keyword it hangs from; "" for the root
	Depth   int    // subschemas between the root and it; 0 for the root
}

// Walk calls visit for the schema root and then, depth first and in member
// order, for every subschema below it; visit returns whether to go below
// the schema it is given.
func (d *Dialect) Walk(root *Node, visit func(Visit) bool) {
	var walk func(v Visit)
	walk = func(v Visit) {
		if !visit(v) {
			return
		}
		_ = d.Children(v.Node, func(s Sub) error {
			walk(Visit{Node: s.Node, Pointer: s.Pointer(v.Pointer), Keyword: s.Keyword, Depth: v.Depth + 1})
			return nil
		})
	}
	walk(Visit{Node: root})
}

// WalkIndexed is Walk over an indexed schema, in which each schema's
// subschemas are found by the dialect of its own resource, so that one
// walk crosses resources of several dialects.
func WalkIndexed(root *Node, visit func(Visit) bool) {
	var walk func(v Visit)
	walk = func(v Visit) {
		if !visit(v) {
			return
		}
		_ = DialectOf(v.Node).Children(v.Node, func(s Sub) error {
			walk(Visit{Node: s.Node, Pointer: s.Pointer(v.Pointer), Keyword: s.Keyword, Depth: v.Depth + 1})
			return nil
		})
	}
	walk(Visit{Node: root})
}
