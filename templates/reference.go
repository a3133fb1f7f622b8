package templates

import (
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/jsonpointer"
	"github.com/toolgen/toolgen/internal/schema"
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
// "$ref"s of every form the generator resolves (pointers, anchors, "$id"s,
// another tool's schema), through the catalog's index; other constructs
// (unions, conditionals) are summarised in the Type column rather than
// expanded.
func NewReference(c *catalog.Catalog, source string) Reference {
	ref := Reference{Source: source}
	x := c.Index()
	for i, t := range c.Tools {
		tool := Tool{
			Name:        t.Name,
			Title:       t.Title,
			Description: strings.TrimSpace(t.Description),
			Annotations: annotations(t.Annotations, t.Title),
			Arguments:   table(x.Registry(), x.Document(i, false), "Argument", "arguments"),
		}
		if t.OutputSchema != nil {
			result := table(x.Registry(), x.Document(i, true), "Field", "fields")
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

// table lists the fields of doc, a schema of the registry reg.
func table(reg *schema.Registry, doc *schema.Document, column, plural string) Table {
	t := Table{Column: column, Plural: plural}
	if doc == nil {
		// The catalog was linted, so this is not expected; list nothing
		// rather than guess at what references mean.
		return t
	}
	root := doc.Root
	w := &walker{reg: reg, table: &t, inRef: map[string]bool{}}
	w.fields(root, "", 0)
	if ap := root.Member("additionalProperties"); ap != nil && ap.Kind == 'f' {
		t.Closed = true
	}
	return t
}

// walker collects the fields of one schema.
type walker struct {
	reg   *schema.Registry
	table *Table
	inRef map[string]bool // the $refs being expanded, against cycles
}

// fields adds the properties of object schema s, whose values are at
// pointer in the instance.
func (w *walker) fields(s *schema.Node, pointer string, depth int) {
	props := s.Member("properties")
	if props == nil || props.Kind != '{' || depth > maxDepth {
		return
	}
	required := map[string]bool{}
	if req := s.Member("required"); req != nil {
		for _, e := range req.Items {
			required[e.Str] = true
		}
	}
	for _, m := range props.Members {
		w.field(m.Value, pointer+"/"+jsonpointer.Escape(m.Name), required[m.Name], depth)
	}
}

// field adds property schema s at pointer, and the fields nested in it.
func (w *walker) field(s *schema.Node, pointer string, required bool, depth int) {
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
	if items := target.Member("items"); items != nil {
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

// resolve follows the "$ref" of s (through chains of them); it returns
// s itself when s has none, and the last reference followed.
func (w *walker) resolve(s *schema.Node) (*schema.Node, string) {
	var name string
	for range 16 { // a bound against reference loops
		ref := s.Member("$ref")
		if ref == nil || ref.Kind != '"' || s.Place == nil {
			return s, name
		}
		target, err := w.reg.Resolve(s, ref.Str)
		if err != nil {
			return s, name
		}
		s, name = target, ref.Str
	}
	return s, name
}

// typeOf summarises the type of schema s.
func (w *walker) typeOf(s *schema.Node) string {
	if s == nil {
		return "any"
	}
	if s.Kind == 't' {
		return "any"
	}
	if s.Kind == 'f' {
		return "nothing"
	}
	if ref := s.Member("$ref"); ref != nil && ref.Kind == '"' {
		target, _ := w.resolve(s)
		if target == s {
			return "see " + ref.Str
		}
		return w.typeOf(target) + " (" + refName(ref.Str) + ")"
	}
	types := s.Strings("type")
	for i, t := range types {
		if t == "array" {
			if items := s.Member("items"); items != nil {
				types[i] = "array of " + w.typeOf(items)
			}
		}
	}
	if len(types) > 0 {
		return strings.Join(types, " or ")
	}
	for _, kw := range []string{"anyOf", "oneOf"} {
		if alts := s.Member(kw); alts != nil && len(alts.Items) > 0 {
			var each []string
			for _, a := range alts.Items {
				each = append(each, w.typeOf(a))
			}
			return "one of: " + strings.Join(each, ", ")
		}
	}
	if e := s.Member("enum"); e != nil {
		return valuesType(e.Items)
	}
	if c := s.Member("const"); c != nil {
		return valuesType([]*schema.Node{c})
	}
	if s.Member("properties") != nil {
		return "object"
	}
	return "any"
}

// refName names what a reference refers to, for the Type column: the last
// token of a JSON Pointer fragment, an anchor, or else the last segment of
// the URI's path ("Address" for "#/$defs/Address", "addr" for
// "https://example.com/addr.json#addr", "Thread" for "Thread").
func refName(ref string) string {
	path, fragment, _ := strings.Cut(ref, "#")
	if f, err := url.PathUnescape(fragment); err == nil {
		fragment = f
	}
	switch {
	case strings.HasPrefix(fragment, "/"):
		return jsonpointer.Unescape(fragment[strings.LastIndexByte(fragment, '/')+1:])
	case fragment != "":
		return fragment
	}
	return path[strings.LastIndexByte(path, '/')+1:]
}

// valuesType names the JSON types of values, for an untyped enum or const.
func valuesType(values []*schema.Node) string {
	seen := map[string]bool{}
	var types []string
	for _, v := range values {
		t := jsonType(v)
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
func (w *walker) constraints(s, target *schema.Node) []string {
	out := ownConstraints(s)
	if target != s {
		out = append(out, ownConstraints(target)...)
	}
	// The items of an array of scalars have no rows of their own.
	if items := target.Member("items"); items != nil {
		item, _ := w.resolve(items)
		if item.Member("properties") != nil {
			return out
		}
		for _, c := range ownConstraints(item) {
			out = append(out, "each "+c)
		}
	}
	return out
}

// countedNoun is what a length or count bound counts, by the instance type
// its keyword tests.
var countedNoun = map[schema.Instance]string{schema.StringInstance: "character", schema.ArrayInstance: "item", schema.ObjectInstance: "field"}

// ownConstraints lists the constraints of one schema node.
func ownConstraints(s *schema.Node) []string {
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	if e := s.Member("enum"); e != nil && e.Kind == '[' {
		var vals []string
		for _, v := range e.Items {
			vals = append(vals, cellCode(string(v.Raw)))
		}
		add("one of %s", strings.Join(vals, ", "))
	}
	if c := s.Member("const"); c != nil {
		add("exactly %s", cellCode(string(c.Raw)))
	}
	if f := s.Member("format"); f != nil && f.Kind == '"' {
		add("format %s", cellCode(f.Str))
	}
	if p := s.Member("pattern"); p != nil && p.Kind == '"' {
		add("pattern %s", cellCode(p.Str))
	}
	for _, b := range []struct{ keyword, sign string }{
		{"minimum", ">="}, {"exclusiveMinimum", ">"}, {"maximum", "<="}, {"exclusiveMaximum", "<"},
	} {
		if n := s.Member(b.keyword); n != nil && n.Kind == '0' {
			add("%s %s", b.sign, n.Raw)
		}
	}
	if n := s.Member("multipleOf"); n != nil && n.Kind == '0' {
		add("multiple of %s", n.Raw)
	}
	for _, b := range []struct{ keyword, bound string }{
		{"minLength", "at least"}, {"maxLength", "at most"},
		{"minItems", "at least"}, {"maxItems", "at most"},
		{"minProperties", "at least"}, {"maxProperties", "at most"},
	} {
		if n := s.Member(b.keyword); n != nil && n.Kind == '0' {
			noun := countedNoun[schema.Draft202012.Keyword(b.keyword).Instance]
			if string(n.Raw) != "1" {
				noun += "s"
			}
			add("%s %s %s", b.bound, n.Raw, noun)
		}
	}
	if n := s.Member("uniqueItems"); n != nil && n.Kind == 't' {
		add("unique items")
	}
	if ap := s.Member("additionalProperties"); ap != nil && ap.Kind == 'f' && s.Member("properties") != nil {
		add("no other fields")
	}
	if d := s.Member("default"); d != nil {
		add("default %s", cellCode(string(d.Raw)))
	}
	if d := s.Member("deprecated"); d != nil && d.Kind == 't' {
		add("deprecated")
	}
	return out
}

// description is the schema's description, else that of what its $ref
// resolves to, else a title.
func description(s, target *schema.Node) string {
	for _, kw := range []string{"description", "title"} {
		for _, n := range []*schema.Node{s, target} {
			if d := n.Member(kw); d != nil && d.Kind == '"' && strings.TrimSpace(d.Str) != "" {
				return strings.TrimSpace(d.Str)
			}
		}
	}
	return ""
}

// jsonType names the JSON type of a value.
func jsonType(n *schema.Node) string {
	switch n.Kind {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case '0':
		if strings.ContainsAny(string(n.Raw), ".eE") {
			return "number"
		}
		return "integer"
	case 't', 'f':
		return "boolean"
	}
	return "null"
}
