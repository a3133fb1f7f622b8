package templates

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/toolgen/toolgen/catalog"
)

// Reference is the data of the tool reference: the catalog's tools in
// catalog order.
type Reference struct {
	Source string // the catalog as named on the command line
	Tools  []Tool
}

// Tool is one tool of the reference.
type Tool struct {
	Name        string
	Title       string
	Description string
	Annotations []Annotation // the hints the catalog sets, in MCP's order
	Arguments   Table        // from the input schema
	Result      *Table       // from the output schema; nil when there is none
}

// Annotation is one MCP tool annotation the catalog sets.
type Annotation struct {
	Name  string // "readOnlyHint", ...
	Value string // "true", "false", or the title
}

// Table lists the fields a schema declares.
type Table struct {
	Column string  // the heading of the first column: "Argument" or "Field"
	Plural string  // what the fields are called in sentences: "arguments", "fields"
	Fields []Field // depth first, in schema order
	Closed bool    // the root schema has "additionalProperties": false
}

// Field is one declared property, at any depth.
type Field struct {
	// Pointer is the JSON Pointer of the value in the arguments, with "*"
	// standing for every element of an array: "/items/*/sku".
	Pointer     string
	Type        string   // "string", "integer or null", "array of string", "object (Address)", ...
	Required    bool     // required in the object that holds it
	Constraints []string // the schema's bounds, patterns, formats, enums, default ...
	Description string   // the schema's description, or its title
}

// NewReference derives the reference data of c. Fields come from each
// schema's "properties", followed into nested objects, array items and
// local "$ref"s ("#/..."); other constructs (unions, conditionals) are
// summarised in the Type column rather than expanded.
func NewReference(c *catalog.Catalog, source string) Reference {
	ref := Reference{Source: source}
	for _, t := range c.Tools {
		tool := Tool{
			Name:        t.Name,
			Title:       t.Title,
			Description: strings.TrimSpace(t.Description),
			Annotations: annotations(t.Annotations, t.Title),
			Arguments:   table(t.InputSchema, "Argument", "arguments"),
		}
		if t.OutputSchema != nil {
			result := table(t.OutputSchema, "Field", "fields")
			tool.Result = &result
		}
		ref.Tools = append(ref.Tools, tool)
	}
	return ref
}

// annotations lists the annotations a catalog sets; a title equal to the
// tool's is left out.
func annotations(a catalog.Annotations, title string) []Annotation {
	var out []Annotation
	if a.Title != "" && a.Title != title {
		out = append(out, Annotation{"title", a.Title})
	}
	for _, h := range []struct {
		name  string
		value *bool
	}{
		{"readOnlyHint", a.ReadOnlyHint},
		{"destructiveHint", a.DestructiveHint},
		{"idempotentHint", a.IdempotentHint},
		{"openWorldHint", a.OpenWorldHint},
	} {
		if h.value != nil {
			out = append(out, Annotation{h.name, strconv.FormatBool(*h.value)})
		}
	}
	return out
}

// maxDepth bounds how deep nested objects are expanded.
const maxDepth = 8

// table lists the fields of a schema.
func table(schema []byte, column, plural string) Table {
	t := Table{Column: column, Plural: plural}
	root, err := parseNode(schema)
	if err != nil {
		// The catalog was read strictly; this is not expected.
		return t
	}
	w := &walker{root: root, table: &t, inRef: map[string]bool{}}
	w.fields(root, "", 0)
	if ap := root.get("additionalProperties"); ap != nil && ap.raw == "false" {
		t.Closed = true
	}
	return t
}

// walker collects the fields of one schema.
type walker struct {
	root  *node
	table *Table
	inRef map[string]bool // the $refs being expanded, against cycles
}

// fields adds the properties of object schema s, whose values are at
// pointer in the instance.
func (w *walker) fields(s *node, pointer string, depth int) {
	props := s.get("properties")
	if props == nil || props.kind != '{' || depth > maxDepth {
		return
	}
	required := map[string]bool{}
	if req := s.get("required"); req != nil {
		for _, e := range req.elems {
			required[e.str] = true
		}
	}
	for _, m := range props.members {
		w.field(m.value, pointer+"/"+escapePointer(m.name), required[m.name], depth)
	}
}

// field adds property schema s at pointer, and the fields nested in it.
func (w *walker) field(s *node, pointer string, required bool, depth int) {
	target, refName := w.resolve(s)
	w.table.Fields = append(w.table.Fields, Field{
		Pointer:     pointer,
		Type:        w.typeOf(s),
		Required:    required,
		Constraints: w.constraints(s, target),
		Description: description(s, target),
	})
	if refName != "" {
		if w.inRef[refName] {
			return // a recursive schema: expanded once
		}
		w.inRef[refName] = true
		defer delete(w.inRef, refName)
	}
	w.fields(target, pointer, depth+1)
	if items := target.get("items"); items != nil {
		item, itemRef := w.resolve(items)
		if itemRef != "" {
			if w.inRef[itemRef] {
				return
			}
			w.inRef[itemRef] = true
			defer delete(w.inRef, itemRef)
		}
		w.fields(item, pointer+"/*", depth+1)
	}
}

// resolve follows a local "$ref" of s (through chains of them); it returns
// s itself when s has none, and the last reference followed.
func (w *walker) resolve(s *node) (*node, string) {
	var name string
	for range 16 { // a bound against reference loops
		ref := s.get("$ref")
		if ref == nil || ref.kind != '"' || !strings.HasPrefix(ref.str, "#") {
			return s, name
		}
		target := w.root.at(ref.str[1:])
		if target == nil {
			return s, name
		}
		s, name = target, ref.str
	}
	return s, name
}

// typeOf summarises the type of schema s.
func (w *walker) typeOf(s *node) string {
	if s == nil {
		return "any"
	}
	if s.kind == 't' {
		return "any"
	}
	if s.kind == 'f' {
		return "nothing"
	}
	if ref := s.get("$ref"); ref != nil && ref.kind == '"' {
		target, _ := w.resolve(s)
		name := ref.str[strings.LastIndexByte(ref.str, '/')+1:]
		if target == s {
			return "see " + ref.str
		}
		return w.typeOf(target) + " (" + unescapePointer(name) + ")"
	}
	var types []string
	if t := s.get("type"); t != nil {
		switch t.kind {
		case '"':
			types = []string{t.str}
		case '[':
			for _, e := range t.elems {
				types = append(types, e.str)
			}
		}
	}
	for i, t := range types {
		if t == "array" {
			if items := s.get("items"); items != nil {
				types[i] = "array of " + w.typeOf(items)
			}
		}
	}
	if len(types) > 0 {
		return strings.Join(types, " or ")
	}
	for _, kw := range []string{"anyOf", "oneOf"} {
		if alts := s.get(kw); alts != nil && len(alts.elems) > 0 {
			var each []string
			for _, a := range alts.elems {
				each = append(each, w.typeOf(a))
			}
			return "one of: " + strings.Join(each, ", ")
		}
	}
	if e := s.get("enum"); e != nil {
		return valuesType(e.elems)
	}
	if c := s.get("const"); c != nil {
		return valuesType([]*node{c})
	}
	if s.get("properties") != nil {
		return "object"
	}
	return "any"
}

// valuesType names the JSON types of values, for an untyped enum or const.
func valuesType(values []*node) string {
	seen := map[string]bool{}
	var types []string
	for _, v := range values {
		t := v.jsonType()
		if !seen[t] {
			seen[t] = true
			types = append(types, t)
		}
	}
	if seen["integer"] && seen["number"] { // every integer is a number
		types = slices.DeleteFunc(types, func(t string) bool { return t == "integer" })
	}
	sort.Strings(types)
	return strings.Join(types, " or ")
}

// constraints lists what schema s, and target (what its $ref resolves to),
// ask of a value.
func (w *walker) constraints(s, target *node) []string {
	out := ownConstraints(s)
	if target != s {
		out = append(out, ownConstraints(target)...)
	}
	// The items of an array of scalars have no rows of their own.
	if items := target.get("items"); items != nil {
		item, _ := w.resolve(items)
		if item.get("properties") != nil {
			return out
		}
		for _, c := range ownConstraints(item) {
			out = append(out, "each "+c)
		}
	}
	return out
}

// ownConstraints lists the constraints of one schema node.
func ownConstraints(s *node) []string {
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	if e := s.get("enum"); e != nil && e.kind == '[' {
		var vals []string
		for _, v := range e.elems {
			vals = append(vals, code(v.raw))
		}
		add("one of %s", strings.Join(vals, ", "))
	}
	if c := s.get("const"); c != nil {
		add("exactly %s", code(c.raw))
	}
	if f := s.get("format"); f != nil && f.kind == '"' {
		add("format %s", code(f.str))
	}
	if p := s.get("pattern"); p != nil && p.kind == '"' {
		add("pattern %s", code(p.str))
	}
	for _, b := range []struct{ keyword, sign string }{
		{"minimum", ">="}, {"exclusiveMinimum", ">"}, {"maximum", "<="}, {"exclusiveMaximum", "<"},
	} {
		if n := s.get(b.keyword); n != nil && n.kind == '0' {
			add("%s %s", b.sign, n.raw)
		}
	}
	if n := s.get("multipleOf"); n != nil && n.kind == '0' {
		add("multiple of %s", n.raw)
	}
	for _, b := range []struct{ keyword, bound, noun string }{
		{"minLength", "at least", "character"}, {"maxLength", "at most", "character"},
		{"minItems", "at least", "item"}, {"maxItems", "at most", "item"},
		{"minProperties", "at least", "field"}, {"maxProperties", "at most", "field"},
	} {
		if n := s.get(b.keyword); n != nil && n.kind == '0' {
			noun := b.noun
			if n.raw != "1" {
				noun += "s"
			}
			add("%s %s %s", b.bound, n.raw, noun)
		}
	}
	if n := s.get("uniqueItems"); n != nil && n.kind == 't' {
		add("unique items")
	}
	if ap := s.get("additionalProperties"); ap != nil && ap.kind == 'f' && s.get("properties") != nil {
		add("no other fields")
	}
	if d := s.get("default"); d != nil {
		add("default %s", code(d.raw))
	}
	if d := s.get("deprecated"); d != nil && d.kind == 't' {
		add("deprecated")
	}
	return out
}

// description is the schema's description, else that of what its $ref
// resolves to, else a title.
func description(s, target *node) string {
	for _, kw := range []string{"description", "title"} {
		for _, n := range []*node{s, target} {
			if d := n.get(kw); d != nil && d.kind == '"' && strings.TrimSpace(d.str) != "" {
				return strings.TrimSpace(d.str)
			}
		}
	}
	return ""
}

// code renders s as a Markdown code span, with a longer fence when s holds
// a backtick.
func code(s string) string {
	if !strings.Contains(s, "`") {
		return "`" + s + "`"
	}
	return "`` " + s + " ``"
}

// node is a parsed JSON value that keeps the order of object members, so
// that the reference lists properties as the catalog does.
type node struct {
	kind    byte // '{', '[', '"', '0', 't', 'f', 'n'
	raw     string
	str     string // a string's value
	members []member
	elems   []*node
}

type member struct {
	name  string
	value *node
}

// parseNode parses one JSON value.
func parseNode(data []byte) (*node, error) {
	dec := jsontext.NewDecoder(bytes.NewReader(data))
	return readNode(dec)
}

func readNode(dec *jsontext.Decoder) (*node, error) {
	if k := dec.PeekKind(); k != '{' && k != '[' {
		v, err := dec.ReadValue()
		if err != nil {
			return nil, err
		}
		n := &node{kind: byte(v.Kind()), raw: string(v)}
		if n.kind == '"' {
			s, err := jsontext.AppendUnquote(nil, v)
			if err != nil {
				return nil, err
			}
			n.str = string(s)
		}
		return n, nil
	}
	start, err := dec.ReadToken()
	if err != nil {
		return nil, err
	}
	n := &node{kind: byte(start.Kind())}
	for {
		switch dec.PeekKind() {
		case '}', ']':
			if _, err := dec.ReadToken(); err != nil {
				return nil, err
			}
			return n, nil
		case 0:
			_, err := dec.ReadToken()
			return nil, err
		}
		if n.kind == '{' {
			tok, err := dec.ReadToken()
			if err != nil {
				return nil, err
			}
			name := tok.String() // before the next read voids tok
			v, err := readNode(dec)
			if err != nil {
				return nil, err
			}
			n.members = append(n.members, member{name, v})
			continue
		}
		v, err := readNode(dec)
		if err != nil {
			return nil, err
		}
		n.elems = append(n.elems, v)
	}
}

// get returns the member name of an object, or nil.
func (n *node) get(name string) *node {
	if n == nil {
		return nil
	}
	for _, m := range n.members {
		if m.name == name {
			return m.value
		}
	}
	return nil
}

// at resolves a JSON Pointer (RFC 6901, as in a "$ref" fragment) from n.
func (n *node) at(pointer string) *node {
	if pointer == "" {
		return n
	}
	if !strings.HasPrefix(pointer, "/") {
		return nil
	}
	for _, tok := range strings.Split(pointer[1:], "/") {
		tok = unescapePointer(tok)
		switch n.kind {
		case '{':
			n = n.get(tok)
		case '[':
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(n.elems) {
				return nil
			}
			n = n.elems[i]
		default:
			return nil
		}
		if n == nil {
			return nil
		}
	}
	return n
}

// jsonType names the JSON type of a value.
func (n *node) jsonType() string {
	switch n.kind {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case '0':
		if strings.ContainsAny(n.raw, ".eE") {
			return "number"
		}
		return "integer"
	case 't', 'f':
		return "boolean"
	}
	return "null"
}

// escapePointer escapes one JSON Pointer reference token.
func escapePointer(tok string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(tok)
}

// unescapePointer undoes escapePointer.
func unescapePointer(tok string) string {
	return strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
}
