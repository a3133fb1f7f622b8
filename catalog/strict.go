package catalog

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/internal/jsonpointer"
	"github.com/toolgen/toolgen/internal/schema"
)

// StrictVariant returns the OpenAI strict-mode variant of a tool's input
// schema: the schema the model is shown when the tool is declared with
// "strict": true, so that OpenAI constrains the model's output to it.
//
// Strict mode has no optional properties and no free-form objects, so the
// variant differs from the original in exactly these ways:
//
//   - every object lists all of its properties in "required" (the original
//     entries first, then the others in property order) and has
//     "additionalProperties": false;
//   - every property that was optional becomes nullable: "null" joins its
//     "type" (and its "enum"; a "const" becomes a two-value "enum"), a null
//     branch joins its "anyOf", and a bare "$ref" is wrapped as
//     {"anyOf": [{"$ref": ...}, {"type": "null"}]};
//   - a "$ref" with sibling keywords moves into a one-branch "anyOf", which
//     means the same (strict mode rejects siblings of "$ref");
//   - "default" is dropped (strict mode rejects it);
//   - an object without "properties" or "required" gets empty ones, and a
//     root without "type" gets "type": "object".
//
// A model that follows the variant sends null where it would have left an
// optional property out; the receiving side should drop those null members
// before validating against the original schema.
//
// Whatever strict mode cannot express is not approximated: StrictVariant
// then returns a *StrictError listing every such construct with its JSON
// Pointer (allOf, not, if/then/else, oneOf, dependent keywords, schemas
// without a type, arrays without "items", objects with free-form keys,
// boolean subschemas, and schemas beyond strict mode's size limits).
//
// The output is compact JSON, deterministic, and keeps the key order of
// the original; keys that are added come after the existing ones. Numbers
// keep their original text.
//
// A tool read by Load or Parse makes its variant from the tree the loader
// read (Tool.StrictVariant), without reading its text again.
func StrictVariant(text []byte) ([]byte, error) {
	obj, err := schema.Parse(text, schema.ParseOptions{})
	if err != nil {
		return nil, fmt.Errorf("catalog: StrictVariant: the schema is not valid JSON: %w", err)
	}
	return strictVariant(obj)
}

// strictVariant is StrictVariant of the tree obj, which it edits in place:
// the caller passes a copy of a tree that others read.
func strictVariant(obj *schema.Node) ([]byte, error) {
	if !obj.IsObject() {
		return nil, &StrictError{Problems: []StrictProblem{{Pointer: "", Message: "the schema must be a JSON object such as {\"type\": \"object\", \"properties\": {...}}"}}}
	}
	s := &strictifier{}
	s.root(obj)
	if len(s.problems) == 0 {
		// A safety net: whatever the rewrite produced must pass the same
		// checks that LintProvider applies for openai-strict.
		var fs findings
		checkOpenAIRoot(obj, &fs)
		checkOpenAIStrict(obj, &fs)
		for _, f := range fs {
			if f.sev == Error {
				s.problems = append(s.problems, StrictProblem{Pointer: f.ptr, Message: "in the strict variant: " + f.msg})
			}
		}
	}
	if len(s.problems) > 0 {
		return nil, &StrictError{Problems: s.problems}
	}
	return obj.AppendCompact(nil)
}

// StrictError says why a schema has no OpenAI strict-mode variant.
type StrictError struct {
	Problems []StrictProblem // in the order met, depth first
}

// StrictProblem is one construct that strict mode cannot express.
type StrictProblem struct {
	Pointer string // JSON Pointer of the node, relative to the schema
	Message string
}

func (e *StrictError) Error() string {
	var b strings.Builder
	b.WriteString("catalog: the schema has no OpenAI strict-mode variant:")
	for _, p := range e.Problems {
		fmt.Fprintf(&b, "\n\t%s: %s", jsonpointer.Display(p.Pointer), p.Message)
	}
	return b.String()
}

// strictifier rewrites a schema into its strict variant in place.
type strictifier struct {
	problems []StrictProblem
}

func (s *strictifier) problem(ptr, format string, args ...any) {
	s.problems = append(s.problems, StrictProblem{Pointer: ptr, Message: fmt.Sprintf(format, args...)})
}

// root rewrites the root schema, which must describe an object.
func (s *strictifier) root(m *schema.Node) {
	switch t := m.Member("type"); {
	case t == nil:
		m.InsertFirst("type", schema.NewString("object"))
	case !isString(t, "object"):
		s.problem("/type", "the root \"type\" is %s; function parameters are always \"type\": \"object\"", brief(t))
	}
	for _, k := range openAIRootRejected {
		if m.Member(k) != nil {
			s.problem("/"+k, "strict mode rejects %q at the root of function parameters; move the alternatives into a property", k)
		}
	}
	s.node(m, "")
}

// node rewrites the schema node v at ptr and everything below it in
// place. Optional properties are wrapped by their parent object, not here.
func (s *strictifier) node(m *schema.Node, ptr string) {
	if m.Kind != '{' {
		s.problem(ptr, "strict mode has no true/false schemas; give the value a type")
		return
	}
	for _, k := range keysOf(m) {
		if fix, bad := strictRejected[k]; bad && k != "default" {
			if ptr == "" && isRootRejected(k) {
				continue // reported by root
			}
			s.problem(appendPointer(ptr, k), "strict mode rejects %q; %s", k, fix)
		}
	}
	m.Delete("default")

	if ref := m.Member("$ref"); ref != nil && len(m.Members) > 1 {
		if m.Member("anyOf") != nil {
			s.problem(appendPointer(ptr, "$ref"), "strict mode rejects \"$ref\" next to other keywords, and this node also has \"anyOf\", so \"$ref\" cannot move into it; put the referenced schema's constraints into each \"anyOf\" branch")
		} else {
			m.Replace("$ref", "anyOf", schema.NewArray(schema.NewObject(schema.Field("$ref", ref))))
		}
	}
	if ptr != "" && !hasTypeBearer(m) {
		s.problem(ptr, "the schema has no \"type\" (nor \"anyOf\", \"$ref\", \"enum\" or \"const\"), and strict mode cannot describe a value of any type; add a \"type\"")
	}

	if schemaHasType(m, "array") {
		if m.Member("items") == nil && m.Member("prefixItems") == nil {
			s.problem(ptr, "strict mode needs \"items\" on every array; add the schema of the elements")
		}
	}

	// Descend first, so that the pointers of problems below stay those of
	// the original schema, then make optional properties nullable.
	_ = schema.Draft202012.Children(m, func(c schema.Sub) error {
		if _, bad := strictRejected[c.Keyword]; !bad && c.Keyword != "additionalProperties" { // else reported at the keyword
			s.node(c.Node, c.Pointer(ptr))
		}
		return nil
	})
	if schemaHasType(m, "object") {
		s.object(m, ptr)
	}
}

// object closes an object schema and makes its optional properties
// required and nullable.
func (s *strictifier) object(m *schema.Node, ptr string) {
	pm := m.Member("properties")
	switch {
	case pm == nil:
		pm = schema.NewObject()
		m.Set("properties", pm)
	case pm.Kind != '{':
		s.problem(appendPointer(ptr, "properties"), "\"properties\" must be an object of schemas")
		return
	}
	var required []*schema.Node
	listed := map[string]bool{}
	if r := m.Member("required"); r != nil {
		if r.Kind != '[' {
			s.problem(appendPointer(ptr, "required"), "\"required\" must be a list of property names")
			return
		}
		for _, e := range r.Items {
			if e.Kind == '"' && !listed[e.Str] {
				listed[e.Str] = true
				required = append(required, schema.NewString(e.Str))
			}
		}
	}
	for i, p := range pm.Members {
		if listed[p.Name] {
			continue
		}
		required = append(required, schema.NewString(p.Name))
		pm.Members[i].Value = nullable(p.Value)
	}
	m.Set("required", schema.NewArray(required...))
	switch ap := m.Member("additionalProperties"); {
	case ap == nil, ap.Kind == 't':
		m.Set("additionalProperties", schema.NewBool(false))
	case ap.Kind == 'f':
	case ap.Kind == '{' && len(ap.Members) == 0:
		m.Set("additionalProperties", schema.NewBool(false))
	default:
		s.problem(appendPointer(ptr, "additionalProperties"), "strict mode requires \"additionalProperties\": false, but here it is a schema for free-form keys (a map), which strict mode cannot describe; list the keys as properties, or keep this tool out of strict mode")
	}
}

// nullable returns the schema m changed so that it also accepts null: in
// place where the change is local, wrapped in an "anyOf" for a bare $ref.
func nullable(m *schema.Node) *schema.Node {
	if m.Kind != '{' {
		return m // a true/false schema: already reported
	}
	if m.Member("$ref") != nil {
		return schema.NewObject(schema.Field("anyOf", schema.NewArray(m, nullSchema())))
	}
	switch t := m.Member("type"); {
	case t == nil:
	case t.Kind == '"':
		if t.Str != "null" {
			m.Set("type", schema.NewArray(t, schema.NewString("null")))
		}
	case t.Kind == '[':
		if !slices.ContainsFunc(t.Items, func(e *schema.Node) bool { return isString(e, "null") }) {
			t.Items = append(t.Items, schema.NewString("null"))
		}
	}
	if e := m.Member("enum"); e != nil && e.Kind == '[' && !slices.ContainsFunc(e.Items, isNull) {
		e.Items = append(e.Items, schema.NewNull())
	}
	if c := m.Member("const"); c != nil && c.Kind != 'n' {
		if e := m.Member("enum"); e != nil {
			// Both: the value is c if c is in the enum, else nothing.
			allowed := schema.NewArray(schema.NewNull())
			if e.Kind == '[' && containsEqual(e.Items, c) {
				allowed = schema.NewArray(c, schema.NewNull())
			}
			m.Delete("const")
			m.Set("enum", allowed)
		} else {
			m.Replace("const", "enum", schema.NewArray(c, schema.NewNull()))
		}
	}
	if a := m.Member("anyOf"); a != nil && a.Kind == '[' && !slices.ContainsFunc(a.Items, isNullSchema) {
		a.Items = append(a.Items, nullSchema())
	}
	return m
}

// nullSchema returns {"type": "null"}.
func nullSchema() *schema.Node {
	return schema.NewObject(schema.Field("type", schema.NewString("null")))
}

// isNullSchema reports whether b is {"type": "null"}.
func isNullSchema(b *schema.Node) bool {
	return b.Kind == '{' && len(b.Members) == 1 && isString(b.Member("type"), "null")
}

func isNull(v *schema.Node) bool { return v.Kind == 'n' }

// isString reports whether v is the string s.
func isString(v *schema.Node, s string) bool { return v != nil && v.Kind == '"' && v.Str == s }

// containsEqual reports whether list holds a value equal to v as JSON.
func containsEqual(list []*schema.Node, v *schema.Node) bool {
	want, err := v.AppendCompact(nil)
	if err != nil {
		return false
	}
	for _, e := range list {
		if got, err := e.AppendCompact(nil); err == nil && bytes.Equal(got, want) {
			return true
		}
	}
	return false
}

// hasTypeBearer reports whether a schema says what type its value has
// ("oneOf" and "allOf" count, so that a schema strict mode rejects for
// them is not also reported for lacking a type).
func hasTypeBearer(m *schema.Node) bool {
	for _, k := range []string{"type", "anyOf", "$ref", "enum", "const", "oneOf", "allOf"} {
		if m.Member(k) != nil {
			return true
		}
	}
	return false
}

// schemaHasType reports whether the schema's "type" is name or a list
// holding name.
func schemaHasType(m *schema.Node, name string) bool {
	t := m.Member("type")
	if t != nil && t.Kind == '[' {
		return slices.ContainsFunc(t.Items, func(e *schema.Node) bool { return isString(e, name) })
	}
	return isString(t, name)
}

// keysOf returns the member names of m, in order.
func keysOf(m *schema.Node) []string {
	keys := make([]string, len(m.Members))
	for i, mm := range m.Members {
		keys[i] = mm.Name
	}
	return keys
}

// brief renders a value compactly for a message, shortened when long.
func brief(v *schema.Node) string {
	b, err := v.AppendCompact(nil)
	if err != nil {
		return string(v.Raw)
	}
	if r := []rune(string(b)); len(r) > 60 {
		return string(r[:57]) + "..."
	}
	return string(b)
}
