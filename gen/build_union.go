package gen

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/toolgen/toolgen/internal/jsonpointer"
	"github.com/toolgen/toolgen/internal/schema"
)

// Mapping anyOf and oneOf: nullable values, sealed interfaces told apart by
// kind or discriminator, and unions checked whole.

// nullableUnion recognises the common spelling of an optional-null value,
// anyOf or oneOf of one schema and {"type": "null"}, and maps it to a
// nullable value of that schema. It returns nil for any other node.
func (b *builder) nullableUnion(n *node, name string) *Value {
	keyword := "anyOf"
	if !n.has(keyword) {
		keyword = "oneOf"
	}
	list := n.tree.Member(keyword)
	if list == nil || n.has("anyOf") && n.has("oneOf") {
		return nil
	}
	for _, k := range n.keys() {
		if k != keyword && !besideUnion(k) {
			return nil
		}
	}
	alts := list.Items
	if len(alts) != 2 {
		return nil
	}
	other := -1
	for i, a := range alts {
		if isNullSchema(a) {
			other = 1 - i
		}
	}
	if other < 0 || isNullSchema(alts[other]) {
		return nil
	}
	c, err := n.child(keyword, strconv.Itoa(other))
	if err != nil {
		return nil
	}
	if types := c.strings("type"); !c.has("type") || slices.Contains(types, "null") || c.has("$ref") {
		return nil // the other branch may allow null itself: a real union
	}
	if b.typedReason(c) != "" {
		// Its schema function would judge null too: keep the union, whose
		// other alternative takes null.
		return nil
	}
	v := b.value(c, name)
	if v == nil {
		return nil
	}
	v.Nullable = true
	if d, ok := n.str("description"); ok {
		v.Doc = d
	}
	return v
}

// besideUnion reports whether member k beside anyOf or oneOf leaves the
// union's mapping as it is: an inert keyword, a word that is no keyword (an
// annotation, which the linter reports), or "default", also an annotation.
// The field holding the union applies the default by reading its text as a
// value sent would be read (the linter has checked it against the whole
// schema), so it lands in the one alternative it matches.
func besideUnion(k string) bool { return understood(k) || k == "default" || !isKeyword(k) }

func isNullSchema(j *schema.Node) bool {
	if j.Kind != '{' {
		return false
	}
	n := &node{tree: j}
	for _, k := range n.keys() {
		if k != "type" && !understood(k) {
			return false
		}
	}
	types := n.strings("type")
	return len(types) == 1 && types[0] == "null"
}

// union maps anyOf or oneOf to json.RawMessage whose text is checked against
// each alternative.
func (b *builder) union(n *node, name string) *Value {
	if n.has("anyOf") && n.has("oneOf") {
		b.errorf(n.ptr+"/oneOf", "anyOf and oneOf on the same schema are not supported yet; nest one inside an allOf-free wrapper")
		return nil
	}
	keyword := "anyOf"
	if n.has("oneOf") {
		keyword = "oneOf"
	}
	for _, k := range n.keys() {
		if k != keyword && !besideUnion(k) && k != "type" {
			b.errorf(n.ptr+"/"+jsonpointer.Escape(k), "keyword %q beside %s is not supported yet; move it into each alternative", k, keyword)
			return nil
		}
	}
	v := &Value{Ptr: n.ptr, Kind: kindRaw, Union: &Union{Keyword: keyword}}
	if n.has("type") {
		kinds, _ := b.kinds(n)
		v.Kinds = kinds
	}
	for i := range len(n.tree.Member(keyword).Items) {
		c, err := n.child(keyword, strconv.Itoa(i))
		if err != nil {
			b.errorf(n.ptr+"/"+keyword, "%v", err)
			return nil
		}
		alt := b.value(c, b.nestedName(name, fmt.Sprintf("Alt%d", i+1)))
		if alt == nil || b.goTypeAlternative(alt, c.ptr) {
			return nil
		}
		fn := b.names.claim(fmt.Sprintf("read%sAlt%d", name, i+1))
		v.Union.Alternatives = append(v.Union.Alternatives, &Alternative{Func: fn, Value: alt})
	}
	v.Doc, _ = n.str("description")
	if sealed := b.seal(v, name); sealed != nil {
		v.Kind, v.Sealed, v.Union = kindSealed, sealed, nil
		b.model.Sealed = append(b.model.Sealed, sealed)
		return v
	}
	v.Union.Type, v.Union.Ptr = b.typeName(name), n.ptr
	b.model.Unions = append(b.model.Unions, v.Union)
	return v
}

// seal makes a sealed interface of a union whose alternatives can be told
// apart by JSON kind or by a discriminator, or returns nil. Only then does
// at most one alternative match any value, so anyOf and oneOf agree and the
// value is read once, as the one alternative it can be.
func (b *builder) seal(v *Value, name string) *Sealed {
	if v.Kinds != nil {
		return nil // a type beside the union: keep checking it whole
	}
	alts := v.Union.Alternatives
	for _, a := range alts {
		switch a.Value.Kind {
		case kindRaw, kindSealed:
			return nil
		}
		if a.Value.Nullable {
			return nil
		}
	}
	s := &Sealed{Keyword: v.Union.Keyword, Doc: v.Doc}
	if kinds := variantKinds(alts); kinds != nil {
		s.Interface = b.typeName(name)
		for i, a := range alts {
			variant := &Variant{Value: a.Value, Kind: kinds[i]}
			if a.Value.Kind == kindStruct || a.Value.Kind == kindEnum {
				variant.Type = a.Value.Named.Name
			} else {
				variant.Type, variant.Wrap = b.typeName(s.Interface+goName(kinds[i])), true
			}
			s.Variants = append(s.Variants, variant)
		}
		return s
	}
	property, tags := discriminator(alts)
	if property == "" {
		return nil
	}
	s.Interface, s.Property = b.typeName(name), property
	s.TagsVar = b.names.claim(lowerFirst(s.Interface) + "Tags")
	for i, a := range alts {
		s.Variants = append(s.Variants, &Variant{Type: a.Value.Named.Name, Value: a.Value, Tag: tags[i]})
	}
	return s
}

// variantKinds returns the JSON kind each alternative takes, if each takes
// one that no other does.
func variantKinds(alts []*Alternative) []string {
	kindOf := map[typeKind]string{
		kindString: "string", kindEnum: "string", kindInt: "integer", kindNumber: "number",
		kindBool: "boolean", kindStruct: "object", kindMap: "object", kindSlice: "array",
	}
	seen := map[string]bool{}
	var kinds []string
	for _, a := range alts {
		k := kindOf[a.Value.Kind]
		// Integers are numbers too: the two cannot be told apart by kind.
		jsonKind := strings.Replace(k, "integer", "number", 1)
		if seen[jsonKind] {
			return nil
		}
		seen[jsonKind] = true
		kinds = append(kinds, k)
	}
	return kinds
}

// discriminator finds a member that every alternative, an object, requires
// with a different string constant, and returns its name and the constants.
func discriminator(alts []*Alternative) (string, []string) {
	for _, a := range alts {
		if a.Value.Kind != kindStruct {
			return "", nil
		}
	}
	for _, candidate := range alts[0].Value.Named.Fields {
		tags := make([]string, 0, len(alts))
		seen := map[string]bool{}
		for _, a := range alts {
			tag, ok := constantOf(a.Value.Named, candidate.JSONName)
			if !ok || seen[tag] {
				break
			}
			seen[tag] = true
			tags = append(tags, tag)
		}
		if len(tags) == len(alts) {
			return candidate.JSONName, tags
		}
	}
	return "", nil
}

// constantOf returns the string a required member of t must hold, if its
// schema fixes one with const or a one-value enum.
func constantOf(t *NamedType, member string) (string, bool) {
	for _, f := range t.Fields {
		if f.JSONName != member || !f.Required {
			continue
		}
		v := f.Value
		text := v.Const
		switch {
		case text == nil && len(v.Enum) == 1:
			text = v.Enum[0]
		case text == nil && v.Kind == kindEnum && len(v.Named.Values) == 1:
			return v.Named.Values[0].Value, true
		}
		if text.Kind() != '"' {
			return "", false
		}
		b, err := jsontext.AppendUnquote(nil, text)
		return string(b), err == nil
	}
	return "", false
}
