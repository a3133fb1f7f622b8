package gen

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/ecma"
	"github.com/toolgen/toolgen/internal/schema"
	"github.com/toolgen/toolgen/runtime/format"
)

// Mapping one schema to a value: scalars, enums, arrays and the checks on
// them, and when the typed reader cannot express a schema exactly.

// typedReason says why the typed reader cannot express schema n exactly, or
// returns "" when it can. Such a schema is checked whole by a generated schema
// function instead.
func (b *builder) typedReason(n *node) string {
	if value, ok := n.boolean(); ok {
		if value {
			return ""
		}
		return "the schema false"
	}
	if reason := b.dialectReason(n); reason != "" {
		return reason
	}
	if c := allOfRef(n); c != nil {
		return b.typedReason(c)
	}
	if allOfScalar(n) != "" {
		return ""
	}
	isMap := b.mapShape(n) != nil
	for _, k := range n.keys() {
		if !supported(k) && !understood(k) && isKeyword(k) && !(isMap && (k == "propertyNames" || k == "patternProperties")) {
			return "keyword " + k
		}
	}
	if n.has("$ref") {
		if target, _ := b.refOf(n); target == nil {
			return "a $ref that does not resolve"
		}
		for _, k := range n.keys() {
			if k != "$ref" && supported(k) && k != "$defs" && k != "definitions" && k != "default" && !(k == "type" && b.typeAddsNothing(n)) {
				return "keyword " + k + " beside $ref"
			}
		}
	}
	if n.has("anyOf") && n.has("oneOf") {
		return "anyOf beside oneOf"
	}
	for _, union := range []string{"anyOf", "oneOf"} {
		if !n.has(union) {
			continue
		}
		for _, k := range n.keys() {
			if k != union && !besideUnion(k) && k != "type" && k != "$defs" && k != "definitions" {
				return "keyword " + k + " beside " + union
			}
		}
	}
	types := n.strings("type")
	multi := !n.has("type") || len(slices.DeleteFunc(slices.Clone(types), func(t string) bool { return t == "null" })) > 1
	if multi && !n.has("$ref") && !n.has("anyOf") && !n.has("oneOf") && !n.has("enum") && !n.has("const") {
		if k := structureCheck(n); k != "" {
			return "keyword " + k + " on a schema of several types"
		}
	}
	if e := n.tree.Member("enum"); e != nil && len(e.Items) == 0 {
		return "an enum that lists no value" // the schema function rejects every value
	}
	if kw := b.secretsOfAnotherType(n); kw != "" {
		return "keyword " + kw + ", which marks a value inside a type the schema does not allow"
	}
	if (n.has("enum") || n.has("const")) && holdsStructured(n) {
		// Structs, maps and slices are read member by member; equality with
		// a whole object or array is the schema function's.
		return "enum or const on an object or array"
	}
	if deps := n.tree.Member("dependentRequired"); deps != nil {
		declared := map[string]bool{}
		for _, p := range n.memberNames("properties") {
			declared[p] = true
		}
		for _, r := range n.strings("required") {
			declared[r] = true
		}
		undeclared := false
		for _, m := range deps.Members {
			undeclared = undeclared || !declared[m.Name]
			for _, item := range m.Value.Items {
				undeclared = undeclared || !declared[item.Str]
			}
		}
		if undeclared {
			return "dependentRequired on an undeclared property"
		}
	}
	return ""
}

// structureChecks are the keywords the typed reader checks on objects or on
// arrays alone, in table order: on a schema of several types it could not
// tell the value they are for.
var structureChecks = func() []string {
	var names []string
	for _, k := range schema.Draft202012.Keywords() {
		if k.Typed == schema.TypedCheck && (k.Instance == schema.ObjectInstance || k.Instance == schema.ArrayInstance) {
			names = append(names, k.Name)
		}
	}
	return names
}()

// structureCheck returns the first of structureChecks that n has, or "".
func structureCheck(n *node) string {
	for _, k := range structureChecks {
		if n.has(k) {
			return k
		}
	}
	return ""
}

// secretsOfAnotherType returns a keyword of n, for the members or items of
// a type its "type" leaves out (properties on a string), whose subschema
// marks a value sensitive, or "". The typed reader reads only the types
// the schema allows and skips a value of another unread: where its text
// breaks would be located inside a secret that only the unread keyword
// marks. A schema function reads it as text holding secrets.
func (b *builder) secretsOfAnotherType(n *node) string {
	types := n.strings("type")
	if len(types) == 0 {
		return ""
	}
	jn, err := b.indexed(n)
	if err != nil || jn.Place == nil {
		return ""
	}
	found := ""
	d := schema.DialectOf(jn)
	_ = d.Children(jn, func(s schema.Sub) error {
		row := d.Keyword(s.Keyword)
		toParts := row != nil && (row.Applies == schema.AppliesToParts || row.Applies == schema.AppliesToNames)
		if toParts && found == "" && !slices.Contains(types, row.Instance.String()) && b.schemas.HoldsSecrets(s.Node) {
			found = s.Keyword
		}
		return nil
	})
	return found
}

// holdsStructured reports whether a schema with enum or const may be held
// as a struct, map or slice: its type names object or array, or, without a
// type, one of its literals is an object or an array.
func holdsStructured(n *node) bool {
	if n.has("type") {
		types := n.strings("type")
		return slices.Contains(types, "object") || slices.Contains(types, "array")
	}
	structured := func(v *schema.Node) bool { return v != nil && (v.Kind == '{' || v.Kind == '[') }
	if structured(n.tree.Member("const")) {
		return true
	}
	if e := n.tree.Member("enum"); e != nil {
		return slices.ContainsFunc(e.Items, structured)
	}
	return false
}

// value maps a schema node to its Go type and checks, marked sensitive when
// some schema that applies at the node says so. name is the type name to use
// if the node needs a named type.
func (b *builder) value(n *node, name string) *Value {
	return b.markSensitive(n, b.goType(n, b.typedValue(n, name)))
}

// typedValue is value without the sensitivity, which depends on the node
// rather than on the type.
func (b *builder) typedValue(n *node, name string) *Value {
	if v, ok := b.built[n.ptr]; ok {
		return v
	}
	if v := b.tuple(n, name); v != nil {
		return v
	}
	if b.typedReason(n) != "" {
		if v := b.intersection(n, name); v != nil {
			return v
		}
		return b.checked(n, name)
	}
	if _, ok := n.boolean(); ok {
		return &Value{Ptr: n.ptr, Kind: kindRaw}
	}
	if n.has("$ref") {
		return b.ref(n)
	}
	if c := allOfRef(n); c != nil {
		v := b.value(c, name)
		if d, ok := n.str("description"); ok && v != nil {
			v = v.copyFor()
			v.Doc = d
		}
		return v
	}
	if k := allOfScalar(n); k != "" {
		return b.scalarIntersection(n, k)
	}
	if v := b.formatUnion(n); v != nil {
		return v
	}
	if v := b.nullableUnion(n, name); v != nil {
		return v
	}
	if v := b.numberUnion(n); v != nil {
		return v
	}
	if v := b.constUnion(n, name); v != nil {
		return v
	}
	if n.has("anyOf") || n.has("oneOf") {
		return b.union(n, name)
	}
	if v := b.kindUnion(n, name); v != nil {
		return v
	}

	kinds, ok := b.kinds(n)
	if !ok {
		return nil
	}
	doc, _ := n.str("description")
	nullable := slices.Contains(kinds, "null") && len(kinds) > 1
	base := slices.DeleteFunc(slices.Clone(kinds), func(k string) bool { return k == "null" && nullable })
	var v *Value
	switch {
	case len(base) == 1 && base[0] == "object":
		v = b.objectOrMap(n, name)
	case len(base) == 1 && base[0] == "array":
		v = b.array(n, name)
	case len(base) == 1 && base[0] == "string" && len(n.strings("enum")) > 0 && !n.has("const"):
		v = b.enum(n, name)
	case len(base) == 1 && base[0] != "null":
		v = &Value{Ptr: n.ptr, Kind: scalarKinds[base[0]]}
		b.checks(n, v)
	case len(base) == 1 && !n.has("enum") && !n.has("const"):
		v = &Value{Ptr: n.ptr, Kind: kindNull} // only null, which nothing else checks
	default:
		v = b.raw(n, kinds)
	}
	if v == nil {
		return nil
	}
	if v.Name == "" {
		v.Name = name
	}
	v.Nullable = v.Nullable || nullable
	if v.Doc == "" {
		v.Doc = doc
	}
	return v
}

var scalarKinds = map[string]typeKind{"string": kindString, "integer": kindInt, "number": kindNumber, "boolean": kindBool}

// kinds returns the JSON kinds the node allows, from type or, without type,
// from the values of enum and const; nil means any kind.
func (b *builder) kinds(n *node) ([]string, bool) {
	if n.has("type") {
		types := n.strings("type")
		if len(types) == 0 {
			b.errorf(n.ptr+"/type", "type must name at least one type")
			return nil, false
		}
		if slices.Contains(types, "number") {
			types = slices.DeleteFunc(types, func(t string) bool { return t == "integer" })
		}
		return types, true
	}
	var literals []jsontext.Value
	if c, ok := n.val("const"); ok {
		literals = append(literals, c)
	} else if e := n.tree.Member("enum"); e != nil {
		for _, item := range e.Items {
			literals = append(literals, item.Raw)
		}
	}
	if len(literals) == 0 {
		return nil, true
	}
	var kinds []string
	for _, l := range literals {
		k := jsonKind(l)
		if k == "integer" {
			k = "number"
		}
		if !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	sort.Strings(kinds)
	return kinds, true
}

func jsonKind(v jsontext.Value) string {
	switch v.Kind() {
	case 'n':
		return "null"
	case 't', 'f':
		return "boolean"
	case '"':
		return "string"
	case '0':
		return "number"
	case '{':
		return "object"
	}
	return "array"
}

// checks records the assertions of n that apply to scalar values.
func (b *builder) checks(n *node, v *Value) {
	if c, ok := n.val("const"); ok {
		v.Const = c
	}
	if e := n.tree.Member("enum"); e != nil {
		for _, item := range e.Items {
			v.Enum = append(v.Enum, item.Raw)
		}
	}
	for keyword, bound := range map[string]**Bound{
		"minimum": &v.Minimum, "maximum": &v.Maximum,
		"exclusiveMinimum": &v.ExclusiveMinimum, "exclusiveMaximum": &v.ExclusiveMaximum,
	} {
		if t, ok := n.val(keyword); ok && t.Kind() == '0' {
			*bound = &Bound{Text: string(t)}
		}
	}
	if t, ok := n.val("multipleOf"); ok {
		v.MultipleOf = string(t)
		if v.Kind != kindInt || !isInteger(string(t)) {
			b.divisor(string(t))
		}
	}
	if c, ok := n.count("minLength"); ok {
		v.MinLength = &c
	}
	if c, ok := n.count("maxLength"); ok {
		v.MaxLength = &c
	}
	if p, ok := n.str("pattern"); ok {
		v.Pattern = b.pattern(n, p)
	}
	if f, ok := n.str("format"); ok {
		switch row, known := format.Lookup(f); {
		case known && row.Annotation():
			// A format producers write that no standard defines: kept, as
			// JSON Schema keeps an unknown one, but known, so no warning.
		case known && row.Number:
			v.NumberFormat = f
		case known:
			v.Format = f
		default:
			b.warn(catalog.WarnUnknownFormat, b.base+n.ptr+"/format", b.tool.Name, "format %q is not a format toolgen knows (docs/KEYWORDS.md lists them); it is kept as an annotation and not checked", f)
		}
	}
	if c, ok := n.count("minItems"); ok {
		v.MinItems = &c
	}
	if c, ok := n.count("maxItems"); ok {
		v.MaxItems = &c
	}
	if u, ok := n.val("uniqueItems"); ok && string(u) == "true" {
		v.UniqueItems = true
	}
}

func (b *builder) pattern(n *node, expr string) *Pattern {
	if p, ok := b.patterns[expr]; ok {
		return p
	}
	c, err := ecma.Compile(expr)
	if err != nil {
		b.errorf(n.ptr+"/pattern", "%v", err)
		return nil
	}
	p, i := &Pattern{Expr: expr}, len(b.model.Patterns)
	switch l, ok := compileLoop(c.Cond.RE2); {
	case c.Cond.Op == ecma.OpLookaround:
		p.Var, p.Lookaround = b.names.claim(fmt.Sprintf("pattern%d", i)), c.Cond.Lookaround
	case c.Cond.Op != ecma.OpMatch:
		p.Var, p.Cond = b.names.claim(fmt.Sprintf("matchPattern%d", i)), &c.Cond
		for j := range c.Cond.Regexps() {
			p.Vars = append(p.Vars, b.names.claim(fmt.Sprintf("pattern%dPart%d", i, j+1)))
		}
	case ok:
		p.RE2, p.Var, p.Loop = c.Cond.RE2, b.names.claim(fmt.Sprintf("matchPattern%d", i)), l
	default:
		p.RE2, p.Var = c.Cond.RE2, b.names.claim(fmt.Sprintf("pattern%d", i))
	}
	b.patterns[expr] = p
	b.model.Patterns = append(b.model.Patterns, p)
	return p
}

func (b *builder) divisor(text string) {
	if _, ok := b.divisors[text]; ok {
		return
	}
	d := &Divisor{Var: b.names.claim(fmt.Sprintf("divisor%d", len(b.model.Divisors))), Text: text}
	b.divisors[text] = d
	b.model.Divisors = append(b.model.Divisors, d)
}

// array maps an array schema to a slice.
func (b *builder) array(n *node, name string) *Value {
	v := &Value{Ptr: n.ptr, Kind: kindSlice}
	b.built[n.ptr] = v
	b.checks(n, v)
	if n.has("items") {
		c, err := n.child("items")
		if err != nil {
			b.errorf(n.ptr+"/items", "%v", err)
			return nil
		}
		v.Elem = b.value(c, b.nestedName(name, "Item"))
	} else {
		v.Elem = &Value{Ptr: n.ptr + "/items", Kind: kindRaw}
	}
	if v.Elem == nil {
		return nil
	}
	return v
}

// enum maps a string enum to a named string type with one constant per value.
// An enum whose schema is the same as one already mapped, wherever in the
// catalog, shares its type.
func (b *builder) enum(n *node, name string) *Value {
	base := &Value{Ptr: n.ptr, Kind: kindString}
	b.checks(n, base)
	var values []string
	for _, e := range base.Enum {
		if e.Kind() == '"' {
			s, _ := jsontext.AppendUnquote(nil, e)
			values = append(values, string(s))
		}
	}
	base.Enum = nil
	return b.enumType(n, name, canonicalSchema(n.tree.Raw), values, base, "/enum")
}

// enumType is the enum type of values, whose schema in canonical form is
// key, for the node n, whose keyword at n.ptr+at lists them; base holds the
// checks a value gets besides membership.
func (b *builder) enumType(n *node, name, key string, values []string, base *Value, at string) *Value {
	if t, ok := b.enums[key]; ok {
		// Tools are built one after the other: this one, if it is there,
		// is the last.
		if t.Tool != b.tool.Name && (len(t.AlsoUsedBy) == 0 || t.AlsoUsedBy[len(t.AlsoUsedBy)-1] != b.tool.Name) {
			t.AlsoUsedBy = append(t.AlsoUsedBy, b.tool.Name)
		}
		v := &Value{Ptr: n.ptr, Kind: kindEnum, Named: t}
		b.built[n.ptr] = v
		return v
	}
	t := &NamedType{Name: b.typeName(name), Ptr: n.ptr, Tool: b.tool.Name, Schema: b.schema}
	t.Base = base
	suffixes, _ := assignNames(values, goName, nil)
	for i, s := range values {
		want := t.Name + suffixes[i]
		got := b.names.claim(want)
		if got != want {
			b.warn(catalog.WarnGoName, b.base+n.ptr+at, b.tool.Name, "the constant %s for enum value %q is taken by another generated name; using %s", want, s, got)
		}
		t.Values = append(t.Values, EnumValue{GoName: got, Value: s})
	}
	if len(t.Values) == 0 {
		b.errorf(n.ptr+at, "no value of this string enum is a string, so no value can ever be valid")
		return nil
	}
	if d, ok := n.str("description"); ok {
		t.Doc = d
	}
	b.model.Types = append(b.model.Types, t)
	b.enums[key] = t
	v := &Value{Ptr: n.ptr, Kind: kindEnum, Named: t}
	b.built[n.ptr] = v
	return v
}

// raw maps a schema that allows several JSON kinds to json.RawMessage checked
// in place.
func (b *builder) raw(n *node, kinds []string) *Value {
	v := &Value{Ptr: n.ptr, Kind: kindRaw, Kinds: kinds}
	b.checks(n, v)
	if kinds == nil || slices.Contains(kinds, "object") || slices.Contains(kinds, "array") {
		if k := structureCheck(n); k != "" {
			b.errorf(n.ptr+"/"+k, "keyword %q on a schema that allows several types is not supported yet; give the schema a single \"type\"", k)
			return nil
		}
	}
	if kinds == nil && (v.hasStringChecks() || v.hasNumberChecks()) {
		v.Kinds = []string{"array", "boolean", "null", "number", "object", "string"}
		v.Why = "checks of strings or numbers on a schema without a type"
	} else if !admitsAnyKind(v) {
		v.Why = "a value of several JSON types (" + strings.Join(v.Kinds, ", ") + ")"
		if v.Enum != nil || v.Const != nil {
			v.Why = "an enum or const of values of several JSON types"
		}
	}
	return v
}

// admitsAnyKind reports whether a value of v, held as JSON text and checked
// in place, may be any JSON: every kind, no check.
func admitsAnyKind(v *Value) bool {
	kinds := slices.DeleteFunc(slices.Clone(v.Kinds), func(k string) bool { return k == "integer" })
	return (v.Kinds == nil || len(kinds) == 6) && v.Enum == nil && v.Const == nil && !v.hasStringChecks() && !v.hasNumberChecks()
}

// canonicalSchema is the text of a schema in canonical form (RFC 8785:
// members sorted, no insignificant whitespace), so that two spellings of one
// schema compare equal.
func canonicalSchema(raw jsontext.Value) string {
	v := slices.Clone(raw)
	if err := v.Canonicalize(); err != nil {
		return string(raw) // the parser accepted it; keep it distinct
	}
	return string(v)
}
