package catalog

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
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
func StrictVariant(schema []byte) ([]byte, error) {
	root, err := decodeOrdered(schema)
	if err != nil {
		return nil, fmt.Errorf("catalog: StrictVariant: the schema is not valid JSON: %w", err)
	}
	obj, ok := root.(*omap)
	if !ok {
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
	return encodeOrdered(obj)
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
		fmt.Fprintf(&b, "\n\t%s: %s", displayPtr(p.Pointer), p.Message)
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
func (s *strictifier) root(m *omap) {
	switch t, ok := m.get("type"); {
	case !ok:
		m.insertFirst("type", "object")
	case t != "object":
		s.problem("/type", "the root \"type\" is %s; function parameters are always \"type\": \"object\"", brief(t))
	}
	for _, k := range openAIRootRejected {
		if m.has(k) {
			s.problem("/"+k, "strict mode rejects %q at the root of function parameters; move the alternatives into a property", k)
		}
	}
	s.node(m, "")
}

// node rewrites the schema node v at ptr and everything below it in
// place. Optional properties are wrapped by their parent object, not here.
func (s *strictifier) node(v any, ptr string) {
	m, ok := v.(*omap)
	if !ok {
		s.problem(ptr, "strict mode has no true/false schemas; give the value a type")
		return
	}
	for _, k := range m.keys {
		if fix, bad := strictRejected[k]; bad && k != "default" {
			if ptr == "" && isRootRejected(k) {
				continue // reported by root
			}
			s.problem(appendPointer(ptr, k), "strict mode rejects %q; %s", k, fix)
		}
	}
	m.del("default")

	if m.has("$ref") && len(m.keys) > 1 {
		if m.has("anyOf") {
			s.problem(appendPointer(ptr, "$ref"), "strict mode rejects \"$ref\" next to other keywords, and this node also has \"anyOf\", so \"$ref\" cannot move into it; put the referenced schema's constraints into each \"anyOf\" branch")
		} else {
			ref, _ := m.get("$ref")
			m.replaceKey("$ref", "anyOf", []any{newOmap("$ref", ref)})
		}
	}
	if ptr != "" && !hasTypeBearer(m) {
		s.problem(ptr, "the schema has no \"type\" (nor \"anyOf\", \"$ref\", \"enum\" or \"const\"), and strict mode cannot describe a value of any type; add a \"type\"")
	}

	if schemaHasType(m, "array") {
		if !m.has("items") && !m.has("prefixItems") {
			s.problem(ptr, "strict mode needs \"items\" on every array; add the schema of the elements")
		}
	}

	// Descend first, so that the pointers of problems below stay those of
	// the original schema, then make optional properties nullable.
	for _, c := range childSchemas(m, ptr) {
		if _, bad := strictRejected[c.keyword]; bad || c.keyword == "additionalProperties" {
			continue // reported at the keyword
		}
		s.node(c.node, c.ptr)
	}
	if schemaHasType(m, "object") {
		s.object(m, ptr)
	}
}

// object closes an object schema and makes its optional properties
// required and nullable.
func (s *strictifier) object(m *omap, ptr string) {
	props, _ := m.get("properties")
	pm, ok := props.(*omap)
	if !ok {
		if props != nil {
			s.problem(appendPointer(ptr, "properties"), "\"properties\" must be an object of schemas")
			return
		}
		pm = &omap{vals: map[string]any{}}
		m.set("properties", pm)
	}
	var required []any
	listed := map[string]bool{}
	if r, ok := m.get("required"); ok {
		rs, isList := r.([]any)
		if !isList {
			s.problem(appendPointer(ptr, "required"), "\"required\" must be a list of property names")
			return
		}
		for _, e := range rs {
			if name, ok := e.(string); ok && !listed[name] {
				listed[name] = true
				required = append(required, name)
			}
		}
	}
	for _, name := range pm.keys {
		if listed[name] {
			continue
		}
		required = append(required, name)
		pm.vals[name] = nullable(pm.vals[name])
	}
	if required == nil {
		required = []any{}
	}
	m.set("required", required)
	switch ap, ok := m.get("additionalProperties"); {
	case !ok, ap == true:
		m.set("additionalProperties", false)
	case ap == false:
	default:
		if sub, isObj := ap.(*omap); isObj && len(sub.keys) == 0 {
			m.set("additionalProperties", false)
			break
		}
		s.problem(appendPointer(ptr, "additionalProperties"), "strict mode requires \"additionalProperties\": false, but here it is a schema for free-form keys (a map), which strict mode cannot describe; list the keys as properties, or keep this tool out of strict mode")
	}
}

// nullable returns the schema v changed so that it also accepts null: in
// place where the change is local, wrapped in an "anyOf" for a bare $ref.
func nullable(v any) any {
	m, ok := v.(*omap)
	if !ok {
		return v // a true/false schema: already reported
	}
	if m.has("$ref") {
		return newOmap("anyOf", []any{m, newOmap("type", "null")})
	}
	switch t, _ := m.get("type"); t := t.(type) {
	case string:
		if t != "null" {
			m.set("type", []any{t, "null"})
		}
	case []any:
		if !containsJSON(t, "null") {
			m.set("type", append(t, "null"))
		}
	}
	if e, ok := m.get("enum"); ok {
		if list, ok := e.([]any); ok && !containsJSON(list, nil) {
			m.set("enum", append(list, nil))
		}
	}
	if c, ok := m.get("const"); ok && c != nil {
		if e, ok := m.get("enum"); ok {
			// Both: the value is c if c is in the enum, else nothing.
			allowed := []any{nil}
			if list, ok := e.([]any); ok && containsEqual(list, c) {
				allowed = []any{c, nil}
			}
			m.del("const")
			m.set("enum", allowed)
		} else {
			m.replaceKey("const", "enum", []any{c, nil})
		}
	}
	if a, ok := m.get("anyOf"); ok {
		if branches, ok := a.([]any); ok && !hasNullBranch(branches) {
			m.set("anyOf", append(branches, newOmap("type", "null")))
		}
	}
	return m
}

// containsEqual reports whether list holds a value equal to v as JSON.
func containsEqual(list []any, v any) bool {
	want, err := encodeOrdered(v)
	if err != nil {
		return false
	}
	for _, e := range list {
		if got, err := encodeOrdered(e); err == nil && bytes.Equal(got, want) {
			return true
		}
	}
	return false
}

// hasNullBranch reports whether one of the branches is {"type": "null"}.
func hasNullBranch(branches []any) bool {
	for _, b := range branches {
		if m, ok := b.(*omap); ok && len(m.keys) == 1 && m.vals["type"] == "null" {
			return true
		}
	}
	return false
}

// hasTypeBearer reports whether a schema says what type its value has
// ("oneOf" and "allOf" count, so that a schema strict mode rejects for
// them is not also reported for lacking a type).
func hasTypeBearer(m *omap) bool {
	for _, k := range []string{"type", "anyOf", "$ref", "enum", "const", "oneOf", "allOf"} {
		if m.has(k) {
			return true
		}
	}
	return false
}

// schemaHasType reports whether the schema's "type" is name or a list
// holding name.
func schemaHasType(m *omap, name string) bool {
	switch t, _ := m.get("type"); t := t.(type) {
	case string:
		return t == name
	case []any:
		return containsJSON(t, name)
	}
	return false
}

// containsJSON reports whether list holds the string or null v.
func containsJSON(list []any, v any) bool {
	for _, e := range list {
		if e == v {
			return true
		}
	}
	return false
}

// ---- Ordered JSON ----
//
// The schemas are read into a tree that keeps the order of object members,
// so that a rewritten schema reads like the original and the output is
// deterministic. Objects are *omap, arrays []any, strings string, numbers
// onum (their text, unchanged), booleans bool and null nil.

// omap is a JSON object with its members in order.
type omap struct {
	keys []string
	vals map[string]any
}

// onum is a JSON number, kept as written.
type onum string

// newOmap builds an object from alternating keys and values.
func newOmap(kv ...any) *omap {
	m := &omap{vals: map[string]any{}}
	for i := 0; i+1 < len(kv); i += 2 {
		m.set(kv[i].(string), kv[i+1])
	}
	return m
}

func (m *omap) get(k string) (any, bool) {
	v, ok := m.vals[k]
	return v, ok
}

func (m *omap) has(k string) bool {
	_, ok := m.vals[k]
	return ok
}

// set replaces the value of k in place, or appends the member.
func (m *omap) set(k string, v any) {
	if _, ok := m.vals[k]; !ok {
		m.keys = append(m.keys, k)
	}
	m.vals[k] = v
}

// insertFirst adds k as the first member; k must be absent.
func (m *omap) insertFirst(k string, v any) {
	m.keys = append([]string{k}, m.keys...)
	m.vals[k] = v
}

// replaceKey puts member newKey, with value v, where old stands and
// removes old; newKey must be absent.
func (m *omap) replaceKey(old, newKey string, v any) {
	for i, k := range m.keys {
		if k == old {
			m.keys[i] = newKey
			break
		}
	}
	delete(m.vals, old)
	m.vals[newKey] = v
}

func (m *omap) del(k string) {
	if _, ok := m.vals[k]; !ok {
		return
	}
	delete(m.vals, k)
	for i, key := range m.keys {
		if key == k {
			m.keys = append(m.keys[:i], m.keys[i+1:]...)
			return
		}
	}
}

// decodeOrdered reads one JSON value strictly: RFC 8259 grammar, valid
// UTF-8, no duplicate object keys, nothing after the value.
func decodeOrdered(data []byte) (any, error) {
	dec := jsontext.NewDecoder(bytes.NewReader(data))
	v, err := readOrdered(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.ReadToken(); err != io.EOF {
		if err == nil {
			err = errors.New("unexpected data after the top-level value")
		}
		return nil, err
	}
	return v, nil
}

func readOrdered(dec *jsontext.Decoder) (any, error) {
	tok, err := dec.ReadToken()
	if err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	switch tok.Kind() {
	case jsontext.KindBeginObject:
		m := &omap{vals: map[string]any{}}
		for dec.PeekKind() != jsontext.KindEndObject {
			tok, err := dec.ReadToken()
			if err != nil {
				return nil, err
			}
			name := tok.String() // the token is valid only until the next read
			v, err := readOrdered(dec)
			if err != nil {
				return nil, err
			}
			m.set(name, v)
		}
		if _, err := dec.ReadToken(); err != nil {
			return nil, err
		}
		return m, nil
	case jsontext.KindBeginArray:
		list := []any{}
		for dec.PeekKind() != jsontext.KindEndArray {
			v, err := readOrdered(dec)
			if err != nil {
				return nil, err
			}
			list = append(list, v)
		}
		if _, err := dec.ReadToken(); err != nil {
			return nil, err
		}
		return list, nil
	case jsontext.KindString:
		return tok.String(), nil
	case jsontext.KindNumber:
		return onum(tok.String()), nil
	case jsontext.KindTrue:
		return true, nil
	case jsontext.KindFalse:
		return false, nil
	case jsontext.KindNull:
		return nil, nil
	}
	return nil, fmt.Errorf("unexpected token %v", tok)
}

// encodeOrdered writes v as compact JSON without HTML escaping.
func encodeOrdered(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := jsontext.NewEncoder(&buf)
	if err := writeOrdered(enc, v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

func writeOrdered(enc *jsontext.Encoder, v any) error {
	switch v := v.(type) {
	case *omap:
		if err := enc.WriteToken(jsontext.BeginObject); err != nil {
			return err
		}
		for _, k := range v.keys {
			if err := enc.WriteToken(jsontext.String(k)); err != nil {
				return err
			}
			if err := writeOrdered(enc, v.vals[k]); err != nil {
				return err
			}
		}
		return enc.WriteToken(jsontext.EndObject)
	case []any:
		if err := enc.WriteToken(jsontext.BeginArray); err != nil {
			return err
		}
		for _, e := range v {
			if err := writeOrdered(enc, e); err != nil {
				return err
			}
		}
		return enc.WriteToken(jsontext.EndArray)
	case string:
		return enc.WriteToken(jsontext.String(v))
	case onum:
		return enc.WriteValue(jsontext.Value(v))
	case bool:
		return enc.WriteToken(jsontext.Bool(v))
	case nil:
		return enc.WriteToken(jsontext.Null)
	}
	return fmt.Errorf("catalog: cannot encode %T", v)
}

// brief renders a decoded value compactly for a message, shortened when long.
func brief(v any) string {
	b, err := encodeOrdered(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	if r := []rune(string(b)); len(r) > 60 {
		return string(r[:57]) + "..."
	}
	return string(b)
}
