package replay

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// The cases of the agreement test: for each tool, an instance built from its
// schema (valid where the builder understands the schema), and mutations of
// it that each break one rule: a required member missing, a member of the
// wrong type, an extra member, an enum missed, a bound missed; then a call of
// a tool the catalog lacks and arguments that are not JSON.

// unknownToolName is a tool no catalog has.
const unknownToolName = "no_such_tool_xyz"

// toolCases returns the calls of one tool's cases.
func toolCases(tool string, schema []byte) [][]byte {
	root := decodeSchema(schema)
	b := &sampler{root: root}
	valid := b.sample(root, 0)
	out := [][]byte{encode(valid)}
	obj, _ := valid.(map[string]any)
	if obj == nil {
		obj = map[string]any{}
	}
	props, _ := b.resolve(root)["properties"].(map[string]any)
	names := sortedKeys(props)

	if req, _ := b.resolve(root)["required"].([]any); len(req) > 0 {
		if name, ok := req[0].(string); ok {
			out = append(out, encode(without(obj, name)))
		}
	}
	if len(names) > 0 {
		out = append(out, encode(with(obj, names[0], wrongType(b.resolve(props[names[0]])))))
	}
	out = append(out, encode(with(obj, "invented_member_xyz", 1)))
	for _, name := range names {
		if s := b.resolve(props[name]); s["enum"] != nil {
			out = append(out, encode(with(obj, name, "not-in-the-enum-xyz")))
			break
		}
	}
	for _, name := range names {
		if v, ok := boundMiss(b.resolve(props[name])); ok {
			out = append(out, encode(with(obj, name, v)))
			break
		}
	}
	return out
}

// badJSON are arguments that are not one strict JSON object.
var badJSON = []string{`{"a": `, `{"a": 1, "a": 2}`, `{} {}`, `[1]`, `nul`, ""}

func decodeSchema(data []byte) map[string]any {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var s map[string]any
	_ = dec.Decode(&s)
	return s
}

func encode(v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return data
}

func with(obj map[string]any, name string, v any) map[string]any {
	m := make(map[string]any, len(obj)+1)
	for k, x := range obj {
		m[k] = x
	}
	m[name] = v
	return m
}

func without(obj map[string]any, name string) map[string]any {
	m := with(obj, name, nil)
	delete(m, name)
	return m
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// sampler builds an instance of a schema: the first allowed value it
// knows how to make, following local references.
type sampler struct{ root map[string]any }

// resolve follows a local $ref chain; a schema it cannot read is empty.
func (b *sampler) resolve(v any) map[string]any {
	s, _ := v.(map[string]any)
	for i := 0; i < 8 && s != nil; i++ {
		ref, ok := s["$ref"].(string)
		if !ok || !strings.HasPrefix(ref, "#/") {
			break
		}
		var cur any = b.root
		for _, tok := range strings.Split(ref[2:], "/") {
			tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
			m, _ := cur.(map[string]any)
			cur = m[tok]
		}
		next, _ := cur.(map[string]any)
		if next == nil {
			break
		}
		s = next
	}
	if s == nil {
		return map[string]any{}
	}
	return s
}

func (b *sampler) sample(v any, depth int) any {
	s := b.resolve(v)
	if c, ok := s["const"]; ok {
		return c
	}
	if e, ok := s["enum"].([]any); ok && len(e) > 0 {
		return e[0]
	}
	if d, ok := s["default"]; ok {
		return d
	}
	for _, k := range []string{"oneOf", "anyOf", "allOf"} {
		if alts, ok := s[k].([]any); ok && len(alts) > 0 && s["type"] == nil && s["properties"] == nil {
			return b.sample(alts[0], depth+1)
		}
	}
	if depth > 6 {
		return nil
	}
	switch typeOf(s) {
	case "object":
		obj := map[string]any{}
		props, _ := s["properties"].(map[string]any)
		req, _ := s["required"].([]any)
		for _, r := range req {
			if name, ok := r.(string); ok {
				obj[name] = b.sample(props[name], depth+1)
			}
		}
		return obj
	case "array":
		n := intOf(s["minItems"])
		items := make([]any, 0, n)
		for i := 0; i < n; i++ {
			items = append(items, b.sample(s["items"], depth+1))
		}
		return items
	case "string":
		return sampleString(s)
	case "integer", "number":
		if m, ok := s["minimum"].(json.Number); ok {
			return m
		}
		return 1
	case "boolean":
		return true
	case "null":
		return nil
	}
	return "x"
}

func typeOf(s map[string]any) string {
	switch t := s["type"].(type) {
	case string:
		return t
	case []any:
		if len(t) > 0 {
			first, _ := t[0].(string)
			return first
		}
	}
	if s["properties"] != nil {
		return "object"
	}
	return ""
}

func intOf(v any) int {
	n, _ := v.(json.Number)
	i, _ := n.Int64()
	return int(min(i, 20))
}

func sampleString(s map[string]any) string {
	switch s["format"] {
	case "email":
		return "ana@example.com"
	case "date-time":
		return "2024-05-01T13:45:00Z"
	case "date":
		return "2024-05-01"
	case "time":
		return "13:45:00Z"
	case "uri", "uri-reference", "iri":
		return "https://example.com/a"
	case "uuid":
		return "123e4567-e89b-12d3-a456-426614174000"
	case "ipv4":
		return "192.0.2.1"
	case "hostname":
		return "example.com"
	}
	return strings.Repeat("a", max(1, intOf(s["minLength"])))
}

// wrongType is a value whose JSON type the schema does not name.
func wrongType(s map[string]any) any {
	if typeOf(s) == "string" {
		return 12345
	}
	return "wrong-type"
}

// boundMiss is a value that misses one of the schema's bounds.
func boundMiss(s map[string]any) (any, bool) {
	num := func(k string) (float64, bool) {
		n, ok := s[k].(json.Number)
		if !ok {
			return 0, false
		}
		f, err := n.Float64()
		return f, err == nil
	}
	if m, ok := num("minimum"); ok {
		return json.Number(fmt.Sprint(m - 1)), true
	}
	if m, ok := num("maximum"); ok {
		return json.Number(fmt.Sprint(m + 1)), true
	}
	if m, ok := num("maxLength"); ok {
		return strings.Repeat("z", int(m)+1), true
	}
	if m, ok := num("minLength"); ok && m > 0 {
		return "", true
	}
	if m, ok := num("maxItems"); ok {
		return make([]any, int(m)+1), true
	}
	if _, ok := s["pattern"]; ok {
		return "\u00e9 does not match \x01", true
	}
	return nil, false
}
