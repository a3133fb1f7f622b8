package gen

import (
	"slices"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/toolgen/toolgen/runtime/format"
)

// Schemas of several scalar kinds written without anyOf: a type array
// (zod 3's z.union of primitives) or an enum whose values have different
// kinds (pydantic's Literal["auto", 0]). Each maps to the sealed interface
// its anyOf form gets, one variant per kind.

// kindUnion maps a schema of no applicator that allows two or more scalar
// kinds, by its type array or by the values of its enum or const, to a
// sealed interface with a variant per kind: a string, number or boolean
// with the schema's checks for that kind, or, where enum or const lists
// the values, the string enum type or the number checked against the list.
// null among the kinds makes the value nullable. It returns nil for any
// other node, which stays JSON text checked in place.
func (b *builder) kindUnion(n *node, name string) *Value {
	for _, k := range []string{"$ref", "anyOf", "oneOf", "allOf", "not", "if"} {
		if n.has(k) {
			return nil
		}
	}
	if structureCheck(n) != "" {
		return nil
	}
	kinds, literals, ok := kindsAllowed(n)
	if !ok {
		return nil
	}
	nullable := slices.Contains(kinds, "null")
	kinds = slices.DeleteFunc(kinds, func(k string) bool { return k == "null" })
	if len(kinds) < 2 {
		return nil
	}
	// Keyword names the form in the interface's comment.
	keyword := "type array"
	if n.has("enum") {
		keyword = "mixed-kind enum"
	}
	v := &Value{Ptr: n.ptr, Union: &Union{Keyword: keyword}}
	base := &Value{Ptr: n.ptr}
	b.checks(n, base) // once: its warnings are the schema's, not each kind's
	for _, k := range kinds {
		alt := b.kindVariant(n, name, k, base.Checks, literals)
		if alt == nil {
			return nil
		}
		v.Union.Alternatives = append(v.Union.Alternatives, &Alternative{Value: alt})
	}
	v.Doc, _ = n.str("description")
	if !b.sealAs(v, name, nullable) {
		return nil
	}
	return v
}

// kindsAllowed returns the JSON kinds the schema n allows, in the order
// "string", "integer" or "number", "boolean", "null", and, when enum or
// const lists the values, those values; false when a kind is an object or
// an array, or when enum or const allows no value of the kinds.
func kindsAllowed(n *node) ([]string, []jsontext.Value, bool) {
	var literals []jsontext.Value
	listed := n.has("enum") || n.has("const")
	if c, ok := n.val("const"); ok {
		literals = append(literals, c) // one kind: never a kind union
	} else if e := n.tree.Member("enum"); e != nil {
		for _, item := range e.Items {
			literals = append(literals, item.Raw)
		}
	}
	types := n.strings("type")
	if !n.has("type") {
		types = []string{"string", "number", "boolean", "null"}
		if !listed {
			return nil, nil, false // any JSON value
		}
	}
	if len(types) == 0 {
		return nil, nil, false
	}
	var kinds []string
	for _, k := range []string{"string", "integer", "number", "boolean", "null"} {
		if !slices.Contains(types, k) || k == "integer" && slices.Contains(types, "number") {
			continue
		}
		if listed && !slices.ContainsFunc(literals, func(l jsontext.Value) bool { return literalOfKind(l, k) }) {
			continue // enum or const allows no value of this kind
		}
		kinds = append(kinds, k)
	}
	for _, t := range types {
		if t == "object" || t == "array" {
			return nil, nil, false
		}
	}
	if listed {
		for _, l := range literals {
			if k := jsonKind(l); k == "object" || k == "array" {
				return nil, nil, false
			}
		}
	}
	return kinds, literals, true
}

// literalOfKind reports whether the JSON value l is of kind k, in a type
// array's terms: an integer is a number, and a number is an integer when
// its value is whole.
func literalOfKind(l jsontext.Value, k string) bool {
	switch lk := jsonKind(l); {
	case k == "integer":
		return lk == "number" && isInteger(string(l))
	default:
		return lk == k
	}
}

// kindVariant is the value of the variant of kind k of the kind union n:
// checks, the schema's, and the values of literals of that kind when enum
// or const lists them.
func (b *builder) kindVariant(n *node, name, k string, checks Checks, literals []jsontext.Value) *Value {
	listed := n.has("enum") || n.has("const")
	var own []jsontext.Value
	for _, l := range literals {
		if literalOfKind(l, k) {
			own = append(own, l)
		}
	}
	alt := &Value{Ptr: n.ptr, Kind: scalarKinds[k], Checks: checks}
	alt.Enum, alt.Const = nil, nil
	switch {
	case !listed:
	case k == "string":
		values := make([]string, len(own))
		texts := make([]string, len(own))
		for i, l := range own {
			s, _ := jsontext.AppendUnquote(nil, l)
			values[i], texts[i] = string(s), string(l)
		}
		alt.MinItems, alt.MaxItems = nil, nil
		key := canonicalSchema(jsontext.Value(`{"enum":[` + strings.Join(texts, ",") + `],"type":"string"` + stringChecksKey(n) + `}`))
		return b.enumType(n, b.nestedName(name, "String"), key, values, stringOnly(alt), "/enum")
	default:
		alt.Enum = own
	}
	return alt
}

// stringChecksKey is the text of the string checks of n, for the key of
// the enum type of its string values: two enums share a type only when
// their values get the same checks.
func stringChecksKey(n *node) string {
	var b strings.Builder
	for _, k := range []string{"format", "maxLength", "minLength", "pattern"} {
		if v, ok := n.val(k); ok {
			b.WriteString(`,"` + k + `":` + string(v))
		}
	}
	return b.String()
}

// stringOnly returns v with only its string checks.
func stringOnly(v *Value) *Value {
	return &Value{Ptr: v.Ptr, Kind: kindString, Checks: Checks{MinLength: v.MinLength, MaxLength: v.MaxLength, Pattern: v.Pattern, Format: v.Format}}
}

// scalarCheckKeywords are the keywords of the checks on one scalar kind,
// by the type that names the kind.
var scalarCheckKeywords = map[string][]string{
	"string":  {"minLength", "maxLength", "pattern", "format"},
	"number":  {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "format"},
	"integer": {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "format"},
	"boolean": nil,
}

// allOfScalar returns the type of an allOf whose subschemas each name the
// same single scalar type and check values of that kind alone, no keyword
// twice with different values (zod 3's pipe, .and of two strings), with
// only annotations or that type beside the allOf; "" for any other node.
// Every subschema applies to the one value, so the value is that type
// with every subschema's checks.
func allOfScalar(n *node) string {
	all := n.tree.Member("allOf")
	if all == nil || len(all.Items) == 0 {
		return ""
	}
	kind := ""
	seen := map[string]string{}
	for _, item := range all.Items {
		if item.Kind != '{' {
			return ""
		}
		c := &node{tree: item}
		types := c.strings("type")
		if len(types) != 1 || kind != "" && types[0] != kind || scalarCheckKeywords[types[0]] == nil && types[0] != "boolean" {
			return ""
		}
		kind = types[0]
		for _, k := range c.keys() {
			if k == "type" || understood(k) || !isKeyword(k) {
				continue
			}
			if !slices.Contains(scalarCheckKeywords[kind], k) {
				return ""
			}
			text, _ := c.val(k)
			if prev, dup := seen[k]; dup && prev != canonicalSchema(text) {
				return ""
			}
			seen[k] = canonicalSchema(text)
		}
	}
	for _, k := range n.keys() {
		if k == "allOf" || besideUnion(k) {
			continue
		}
		if types := n.strings("type"); k != "type" || len(types) != 1 || types[0] != kind {
			return ""
		}
	}
	return kind
}

// scalarIntersection is the value of an allOf that allOfScalar accepts,
// of the JSON type kind: the checks of every subschema on one value.
func (b *builder) scalarIntersection(n *node, kind string) *Value {
	v := &Value{Ptr: n.ptr, Kind: scalarKinds[kind]}
	for i := range n.tree.Member("allOf").Items {
		c, err := n.child("allOf", strconv.Itoa(i))
		if err != nil {
			b.errorf(n.ptr+"/allOf", "%v", err)
			return nil
		}
		b.checks(c, v)
	}
	v.Doc, _ = n.str("description")
	return v
}

// formatUnion maps a string schema whose anyOf lists formats, each
// alternative a format a standard defines and nothing else (zod 3's
// .ip(): ipv4 or ipv6), to a string that must be valid in one of them;
// nil for any other node.
func (b *builder) formatUnion(n *node) *Value {
	if unionKeyword(n) != "" || !n.has("anyOf") || n.has("oneOf") {
		return nil // unionKeyword refuses the type beside it
	}
	for _, k := range n.keys() {
		if k != "anyOf" && k != "type" && !besideUnion(k) {
			return nil
		}
	}
	if types := n.strings("type"); len(types) != 1 || types[0] != "string" {
		return nil
	}
	var names []string
	for _, alt := range n.tree.Member("anyOf").Items {
		c := &node{tree: alt}
		if alt.Kind != '{' {
			return nil
		}
		f, ok := c.str("format")
		if !ok {
			return nil
		}
		for _, k := range c.keys() {
			if k != "format" && (isKeyword(k) && !understood(k)) {
				return nil
			}
		}
		if row, known := format.Lookup(f); !known || row.Annotation() || row.Number {
			return nil
		}
		names = append(names, f)
	}
	if len(names) == 0 {
		return nil
	}
	v := &Value{Ptr: n.ptr, Kind: kindString}
	v.AnyFormat = names
	v.Doc, _ = n.str("description")
	return v
}
