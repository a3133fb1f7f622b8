package gen

import (
	"slices"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// Producers' spellings of what enum, a map or a number says, mapped to the
// Go types of those: TypeBox's and zod's unions of constants, records,
// unions of integer and number.

// constUnion maps anyOf or oneOf whose alternatives each allow one or a few
// constants (TypeBox's Union of Literals, zod's z.union of z.literal), and
// perhaps null, as the enum listing them maps: strings to an enum type,
// numbers to a number checked against the list. The constants must be
// distinct, so that no value matches two alternatives and oneOf means what
// anyOf does. It returns nil for any other node.
func (b *builder) constUnion(n *node, name string) *Value {
	keyword := unionKeyword(n)
	if keyword == "" {
		return nil
	}
	var literals []jsontext.Value
	nullable := false
	for i, alt := range n.tree.Member(keyword).Items {
		if isNullSchema(alt) && !nullable {
			nullable = true
			continue
		}
		c, err := n.child(keyword, strconv.Itoa(i))
		if err != nil {
			return nil
		}
		lits := alternativeLiterals(c)
		if lits == nil {
			return nil
		}
		literals = append(literals, lits...)
	}
	if len(literals) == 0 {
		return nil
	}
	kind := jsonKind(literals[0])
	seen := map[string]bool{}
	integers := true
	for _, l := range literals {
		canon := canonicalSchema(l)
		if jsonKind(l) != kind || seen[canon] || kind != "string" && kind != "number" {
			return nil
		}
		seen[canon] = true
		integers = integers && isInteger(string(l))
	}
	var v *Value
	if kind == "string" {
		values := make([]string, len(literals))
		texts := make([]string, len(literals))
		for i, l := range literals {
			s, _ := jsontext.AppendUnquote(nil, l)
			values[i], texts[i] = string(s), string(l)
		}
		key := canonicalSchema(jsontext.Value(`{"enum":[` + strings.Join(texts, ",") + `],"type":"string"}`))
		v = b.enumType(n, name, key, values, &Value{Ptr: n.ptr, Kind: kindString}, "/"+keyword)
		if v == nil {
			return nil
		}
		if nullable {
			v = v.copyFor()
		}
	} else {
		v = &Value{Ptr: n.ptr, Kind: kindNumber}
		v.Enum = literals
		if integers {
			v.Kind = kindInt
		}
	}
	v.Nullable = nullable
	if v.Name == "" {
		v.Name = name
	}
	if d, ok := n.str("description"); ok {
		v.Doc = d
	}
	return v
}

// unionKeyword returns "anyOf" or "oneOf" when n is that union and nothing
// beside it asserts anything, else "".
func unionKeyword(n *node) string {
	keyword := "anyOf"
	if !n.has(keyword) {
		keyword = "oneOf"
	}
	if !n.has(keyword) || n.has("anyOf") && n.has("oneOf") {
		return ""
	}
	for _, k := range n.keys() {
		if k != keyword && !besideUnion(k) {
			return ""
		}
	}
	return keyword
}

// alternativeLiterals returns the values an alternative allows when it is
// a const or an enum, with at most a "type" that admits each of them
// beside annotations; nil otherwise.
func alternativeLiterals(c *node) []jsontext.Value {
	if _, ok := c.boolean(); ok {
		return nil
	}
	var lits []jsontext.Value
	if v, ok := c.val("const"); ok {
		lits = append(lits, v)
	} else if e := c.tree.Member("enum"); e != nil && !c.has("const") {
		for _, item := range e.Items {
			lits = append(lits, item.Raw)
		}
	}
	for _, k := range c.keys() {
		if k != "const" && k != "enum" && k != "type" && !understood(k) && isKeyword(k) {
			return nil
		}
	}
	if c.has("type") {
		types := c.strings("type")
		for _, l := range lits {
			kind := jsonKind(l)
			if kind == "number" && isInteger(string(l)) && slices.Contains(types, "integer") {
				continue
			}
			if !slices.Contains(types, kind) {
				return nil
			}
		}
	}
	return lits
}

// numberUnion maps anyOf of {"type": "integer"} and {"type": "number"}
// (pydantic's int | float), beside annotations only, as type number maps:
// every integer is a number, so the union allows numbers. oneOf is left to
// the union: an integer matches both and fails it.
func (b *builder) numberUnion(n *node) *Value {
	if unionKeyword(n) != "anyOf" {
		return nil
	}
	number := false
	for _, alt := range n.tree.Member("anyOf").Items {
		c := &node{tree: alt}
		if alt.Kind != '{' {
			return nil
		}
		for _, k := range c.keys() {
			if k != "type" && !understood(k) && isKeyword(k) {
				return nil
			}
		}
		switch types := c.strings("type"); {
		case len(types) == 1 && types[0] == "number":
			number = true
		case len(types) == 1 && types[0] == "integer":
		default:
			return nil
		}
	}
	if !number {
		return nil
	}
	v := &Value{Ptr: n.ptr, Kind: kindNumber}
	v.Doc, _ = n.str("description")
	return v
}

// allOfRef returns the one subschema of an allOf of a single $ref with only
// annotations beside it (pydantic before 2.10, zod 4 through the MCP SDK,
// which wrap a reference to carry a description), or nil: the value is
// that reference's.
func allOfRef(n *node) *node {
	all := n.tree.Member("allOf")
	if all == nil || len(all.Items) != 1 || all.Items[0].Kind != '{' || all.Items[0].Member("$ref") == nil {
		return nil
	}
	for _, k := range n.keys() {
		if k != "allOf" && !besideUnion(k) {
			return nil
		}
	}
	c, err := n.child("allOf", "0")
	if err != nil {
		return nil
	}
	return c
}
