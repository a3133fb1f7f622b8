package gen

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/toolgen/toolgen/catalog"
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
	v.Why = map[string]string{"anyOf": "an anyOf", "oneOf": "a oneOf"}[keyword] + " whose alternatives are told apart only by trying each"
	if n.has("type") {
		kinds, _ := b.kinds(n)
		v.Kinds = kinds
	}
	count := len(n.tree.Member(keyword).Items)
	nodes := make([]*node, count)
	for i := range count {
		c, err := n.child(keyword, strconv.Itoa(i))
		if err != nil {
			b.errorf(n.ptr+"/"+keyword, "%v", err)
			return nil
		}
		nodes[i] = c
	}
	names := b.alternativeNames(keyword, name, nodes)
	nullAt := -1
	if v.Kinds == nil {
		nullAt = nullAlternative(nodes)
	}
	if nullAt >= 0 && count == 2 && !names[1-nullAt].chosen {
		if other := nodes[1-nullAt]; other.has("anyOf") || other.has("oneOf") {
			names[1-nullAt].want = name // the nullable union's own type
		}
	}
	for i, an := range names {
		if i == nullAt {
			continue // built below, if the value cannot be a nullable one
		}
		if !b.alternative(v, nodes[i], an) {
			return nil
		}
	}
	v.Doc, _ = n.str("description")
	if nullAt >= 0 {
		if nv := b.nullable(v, name); nv != nil {
			return nv
		}
		if !b.alternative(v, nodes[nullAt], names[nullAt]) {
			return nil
		}
		alts := v.Union.Alternatives
		last := alts[len(alts)-1]
		copy(alts[nullAt+1:], alts[nullAt:len(alts)-1])
		alts[nullAt] = last
	}
	if b.sealAs(v, name, v.Nullable) {
		return v
	}
	v.Union.Type, v.Union.Ptr = b.typeName(name), n.ptr
	b.model.Unions = append(b.model.Unions, v.Union)
	return v
}

// alternative builds the alternative c of the union v and appends it.
func (b *builder) alternative(v *Value, c *node, an altName) bool {
	alt := b.value(c, an.want)
	if alt == nil || b.goTypeAlternative(alt, c.ptr) {
		return false
	}
	b.checkAlternativeName(c, alt, an)
	fn := b.names.claim("read" + an.want)
	v.Union.Alternatives = append(v.Union.Alternatives, &Alternative{Func: fn, Value: alt, Label: an.label, Chosen: an.chosen, Schema: b.plainTarget(c.tree)})
	return true
}

// nullAlternative returns the index of the one alternative that is
// {"type": "null"}, or -1 when there is none, or several, or nothing else.
func nullAlternative(nodes []*node) int {
	at := -1
	for i, c := range nodes {
		if isNullSchema(c.tree) {
			if at >= 0 {
				return -1
			}
			at = i
		}
	}
	if len(nodes) < 2 {
		return -1
	}
	return at
}

// nullable maps a union whose alternatives, but for {"type": "null"}, are
// those of v to a nullable value: the one other alternative's value where
// it cannot be null itself (a $ref to a model, a union sealed already), or
// a sealed interface of the others. Either way null matches the null
// alternative alone, so anyOf and oneOf agree. It returns nil when neither
// holds, and the union stays checked whole.
func (b *builder) nullable(v *Value, name string) *Value {
	alts := v.Union.Alternatives
	if len(alts) == 1 {
		if !neverNull(alts[0].Value) {
			return nil
		}
		nv := alts[0].Value.copyFor()
		nv.Nullable = true
		if v.Doc != "" {
			nv.Doc = v.Doc
		}
		return nv
	}
	if !b.sealAs(v, name, true) {
		return nil
	}
	return v
}

// sealAs turns v, a union, into its sealed interface, nullable or not, and
// reports whether its alternatives could be sealed.
func (b *builder) sealAs(v *Value, name string, nullable bool) bool {
	sealed := b.seal(v, name)
	if sealed == nil {
		return false
	}
	v.Kind, v.Sealed, v.Union, v.Nullable = kindSealed, sealed, nil, nullable
	b.model.Sealed = append(b.model.Sealed, sealed)
	return true
}

// neverNull reports whether v's reading refuses null: a typed value, not
// nullable, whose Go type is toolgen's own.
func neverNull(v *Value) bool {
	return v.Kind != kindRaw && !v.Nullable && v.Custom == nil
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
		case kindRaw, kindSealed, kindNull:
			return nil
		}
		if a.Value.Nullable {
			return nil
		}
	}
	s := &Sealed{Keyword: v.Union.Keyword, Doc: v.Doc, Tool: b.tool.Name, Schema: b.schema}
	if kinds := variantKinds(alts); kinds != nil {
		s.Interface = b.typeName(name)
		for i, a := range alts {
			variant := &Variant{Value: a.Value, Kind: kinds[i]}
			if a.Value.Kind == kindStruct || a.Value.Kind == kindEnum || a.Value.Kind == kindTuple {
				variant.Type = a.Value.Named.Name
			} else {
				want := s.Interface + goName(kinds[i])
				if a.Chosen {
					want = a.Value.Name
				}
				variant.Type, variant.Wrap = b.typeName(want), true
				if a.Chosen && variant.Type != want {
					b.warn(catalog.WarnGoName, b.base+a.Value.Ptr, b.tool.Name, "the Go name %s the alternative is given is taken by another declaration; using %s (set \"x-toolgen\": {\"goName\": ...} on the alternative to choose another)", want, variant.Type)
				}
			}
			s.Variants = append(s.Variants, variant)
		}
		return s
	}
	property, tags, absent := discriminator(alts)
	if property == "" {
		return b.sealTried(s, alts, name)
	}
	s.Interface, s.Property, s.Absent = b.typeName(name), property, absent+1
	s.TagsVar = b.names.claim(lowerFirst(s.Interface) + "Tags")
	for i, a := range alts {
		s.Variants = append(s.Variants, &Variant{Type: a.Value.Named.Name, Value: a.Value, Tag: tags[i]})
	}
	return s
}

// sealTried makes the sealed interface s of a union of objects that only
// trying each alternative tells apart, each held as its own struct type, or
// returns nil. The verdict is the union's, as when it is kept as JSON text;
// the Go value is then the first alternative that matched.
func (b *builder) sealTried(s *Sealed, alts []*Alternative, name string) *Sealed {
	types := map[*NamedType]bool{}
	for _, a := range alts {
		t := a.Value.Named
		if a.Value.Kind != kindStruct || a.Value.Custom != nil || types[t] {
			return nil
		}
		types[t] = true
	}
	s.Interface, s.Tried = b.typeName(name), alts
	for _, a := range alts {
		s.Variants = append(s.Variants, &Variant{Type: a.Value.Named.Name, Value: a.Value})
	}
	return s
}

// variantKinds returns the JSON kind each alternative takes, if each takes
// one that no other does.
func variantKinds(alts []*Alternative) []string {
	kindOf := map[typeKind]string{
		kindString: "string", kindEnum: "string", kindInt: "integer", kindNumber: "number",
		kindBool: "boolean", kindStruct: "object", kindMap: "object", kindSlice: "array",
		kindArray: "array", kindTuple: "array",
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

// discriminator finds a member that every alternative, an object, fixes to
// a different string constant, and returns its name, the constants and the
// alternative read when the member is absent (-1: none). Each alternative
// requires the member but at most one (pydantic's and zod's tag with a
// default): a value without it can then match that one alone, and a value
// with it only the alternative whose constant it holds.
func discriminator(alts []*Alternative) (string, []string, int) {
	fixed := make([]map[string]fixedTag, len(alts))
	for i, a := range alts {
		if a.Value.Kind != kindStruct {
			return "", nil, -1
		}
		fixed[i] = constants(a.Value.Named)
	}
	for _, candidate := range alts[0].Value.Named.Fields {
		if tags, absent := tagsOf(fixed, candidate.JSONName); tags != nil {
			return candidate.JSONName, tags, absent
		}
	}
	return "", nil, -1
}

// fixedTag is the string constant an object schema fixes a member to.
type fixedTag struct {
	value    string
	optional bool // the object does not require the member
}

// tagsOf returns the constant each alternative fixes member to, when they
// differ and at most one alternative leaves the member optional, and that
// alternative's index (-1: none); nil otherwise.
func tagsOf(fixed []map[string]fixedTag, member string) ([]string, int) {
	tags := make([]string, 0, len(fixed))
	seen := map[string]bool{}
	absent := -1
	for i := range fixed {
		tag, ok := fixed[i][member]
		if !ok || seen[tag.value] || tag.optional && absent >= 0 {
			return nil, -1
		}
		if tag.optional {
			absent = i
		}
		seen[tag.value] = true
		tags = append(tags, tag.value)
	}
	return tags, absent
}

// constants returns, by member, the strings the members of t must hold,
// where their schema fixes one with const or a one-value enum: one pass
// over the members, however many candidates are tried.
func constants(t *NamedType) map[string]fixedTag {
	out := map[string]fixedTag{}
	for _, f := range t.Fields {
		if _, dup := out[f.JSONName]; dup {
			continue
		}
		v := f.Value
		text := v.Const
		switch {
		case v.Nullable && v.Kind == kindEnum:
			continue // null passes too (TypeBox's Union of a Literal and Null)
		case text == nil && len(v.Enum) == 1:
			text = v.Enum[0]
		case text == nil && v.Kind == kindEnum && len(v.Named.Values) == 1:
			out[f.JSONName] = fixedTag{v.Named.Values[0].Value, !f.Required}
			continue
		}
		if text.Kind() != '"' {
			continue
		}
		if b, err := jsontext.AppendUnquote(nil, text); err == nil {
			out[f.JSONName] = fixedTag{string(b), !f.Required}
		}
	}
	return out
}

// altName is what one alternative of a union is called.
type altName struct {
	label  string // unique within the union: the end of its Go names
	want   string // the Go type name wanted for the alternative
	chosen bool   // the catalog named it: goName, discriminator or title
	goName bool   // by its x-toolgen goName
	source string // what named it, for diagnostics
}

// alternativeNames names the alternatives of a union, whose Go name is
// name: each by the x-toolgen goName on it, else by the value it gives the
// discriminator that tells the alternatives apart, else by its title, else
// by its position (Alt1, Alt2, ...). The names go through goName, as
// property names do. Labels are unique within the union, so that the
// union's accessors are: one that another alternative already has is
// numbered, with a warning.
func (b *builder) alternativeNames(keyword, name string, nodes []*node) []altName {
	tags := b.discriminatorValues(nodes)
	out := make([]altName, len(nodes))
	keys := make([]string, len(nodes))
	wanted := make(map[string]string, len(nodes))
	for i, c := range nodes {
		a := &out[i]
		a.label = fmt.Sprintf("Alt%d", i+1)
		title, _ := c.str("title")
		switch gn := b.settings(c).goName; {
		case c.has("$ref"):
			// The alternative is the referenced schema's type, named there;
			// its accessor is named after it.
			if ref := b.refLabel(c, name); ref != "" {
				a.label = ref
			}
		case gn != "":
			a.want, a.chosen, a.goName, a.source = gn, true, true, "its goName"
			a.label = strings.TrimPrefix(gn, name)
			if !isExportedIdent(a.label) {
				a.label = gn
			}
		case tags != nil && hasWord(tags[i]):
			a.label, a.chosen = goName(tags[i]), true
			a.source = fmt.Sprintf("its discriminator value %q", tags[i])
		case hasWord(title):
			a.label, a.chosen = goName(title), true
			a.source = fmt.Sprintf("its title %q", title)
		}
		// Keys in the alternatives' order, so that the first keeps a label
		// two want.
		keys[i] = fmt.Sprintf("%08d", i)
		wanted[keys[i]] = a.label
	}
	labels, renamed := assignNames(keys, func(k string) string { return wanted[k] }, nil)
	for i := range out {
		out[i].label = labels[i]
		if out[i].want == "" {
			out[i].want = b.nestedName(name, labels[i])
		}
	}
	for _, rn := range renamed {
		i, _ := strconv.Atoi(rn.Original) // the key is the alternative's index
		if out[i].chosen && !out[i].goName {
			b.warn(catalog.WarnGoName, b.base+nodes[i].ptr, b.tool.Name,
				"alternative %d of the %s is named %s after %s, as an earlier alternative is; using %s (set \"x-toolgen\": {\"goName\": ...} on the alternative to choose another)",
				i+1, keyword, rn.Wanted, out[i].source, rn.Got)
		}
	}
	return out
}

// refLabel is the label of an alternative that is a local $ref: the name
// of the referenced schema's type, less the union's name if it starts with
// it; "" if the reference leads nowhere here.
func (b *builder) refLabel(c *node, union string) string {
	j, _ := b.refOf(c)
	if j == nil {
		return ""
	}
	tn, err := nodeOf(j, j.Place.Ptr)
	if err != nil {
		return ""
	}
	var full string
	b.inDocument(j.Place.Doc, func() { full = b.refTypeName(tn.ptr, tn) })
	if rest := strings.TrimPrefix(full, union); rest != "" && isExportedIdent(rest) {
		return rest
	}
	return full
}

// hasWord reports whether s has a letter or digit to name something after.
func hasWord(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0
}

// checkAlternativeName records that a goName on the alternative c was
// honoured, and warns when the name the catalog chose for it was taken by
// another declaration of the file and the namespace numbered it.
func (b *builder) checkAlternativeName(c *node, alt *Value, an altName) {
	declared := alt.Named != nil && alt.Named.Ptr == c.ptr
	if an.goName && (declared || alt.Named == nil) {
		b.goNamed[c.ptr] = true
	}
	if an.chosen && declared && alt.Named.Name != an.want {
		b.warn(catalog.WarnGoName, b.base+c.ptr, b.tool.Name,
			"the Go name %s, which the alternative takes from %s, is taken by another declaration; using %s (set \"x-toolgen\": {\"goName\": ...} on the alternative to choose another)",
			an.want, an.source, alt.Named.Name)
	}
}

// discriminatorValues returns the value each alternative gives the member
// that tells them apart, or nil if there is none: a member every
// alternative, an object schema (or a reference to one), requires and fixes
// to a string with const or a one-value enum, a different one in each.
func (b *builder) discriminatorValues(nodes []*node) []string {
	objs := make([]*schema.Node, len(nodes))
	for i, c := range nodes {
		objs[i] = b.localTarget(c.tree)
		if !objs[i].IsObject() {
			return nil
		}
	}
	props := objs[0].Member("properties")
	if !props.IsObject() {
		return nil
	}
	fixed := make([]map[string]fixedTag, len(objs))
	for i, o := range objs {
		fixed[i] = fixedStrings(o)
	}
	for _, candidate := range props.Members {
		if tags, _ := tagsOf(fixed, candidate.Name); tags != nil {
			return tags
		}
	}
	return nil
}

// localTarget follows a chain of local $refs from j to the schema it ends
// at; j itself if it is not a reference.
func (b *builder) localTarget(j *schema.Node) *schema.Node {
	for range 16 {
		next, _ := b.followRef(j)
		if next == nil {
			return j
		}
		j = next
	}
	return j
}

// fixedStrings returns, by member, the strings the object schema s fixes
// its members to with const or a one-value enum: one pass over its
// members, however many candidates are tried.
func fixedStrings(s *schema.Node) map[string]fixedTag {
	required := map[string]bool{}
	if r := s.Member("required"); r != nil {
		for _, item := range r.Items {
			if item.Kind == '"' {
				required[item.Str] = true
			}
		}
	}
	out := map[string]fixedTag{}
	props := s.Member("properties")
	if props == nil {
		return out
	}
	for _, m := range props.Members {
		p := m.Value
		if _, dup := out[m.Name]; dup || !p.IsObject() {
			continue
		}
		if c := p.Member("const"); c != nil {
			if c.Kind == '"' {
				out[m.Name] = fixedTag{c.Str, !required[m.Name]}
			}
			continue
		}
		if e := p.Member("enum"); e != nil && len(e.Items) == 1 && e.Items[0].Kind == '"' {
			out[m.Name] = fixedTag{e.Items[0].Str, !required[m.Name]}
		}
	}
	return out
}
