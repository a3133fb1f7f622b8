package gen_test

import (
	"encoding/json"
	"sort"
	"strings"
)

// instance is a tool call's arguments made up from a schema.
type instance struct {
	args json.RawMessage
}

// instances makes arguments for a tool from its input schema: every property
// set, only the required ones, and, for each property, the full object with
// that property's value replaced by one of the wrong type, and by values that
// miss its enum and its bounds. They exercise the generated code where
// santhosh v6 tells the expected verdict.
func instances(schema []byte) []instance {
	var root map[string]any
	if json.Unmarshal(schema, &root) != nil {
		return nil
	}
	full, _ := sample(root, root, true, 0).(map[string]any)
	required, _ := sample(root, root, false, 0).(map[string]any)
	out := []instance{{args: mustJSON(full)}, {args: mustJSON(required)}}
	names := make([]string, 0, len(full))
	for name := range full {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		mutated := map[string]any{}
		for k, v := range full {
			mutated[k] = v
		}
		mutated[name] = wrongType(full[name])
		out = append(out, instance{args: mustJSON(mutated)})
		props, _ := root["properties"].(map[string]any)
		prop, _ := props[name].(map[string]any)
		for _, miss := range misses(prop, full[name]) {
			mutated := map[string]any{}
			for k, v := range full {
				mutated[k] = v
			}
			mutated[name] = miss
			out = append(out, instance{args: mustJSON(mutated)})
		}
	}
	return out
}

// misses returns values of the type of v that schema s, v's schema, likely
// refuses: one outside its enum, and one past each bound it sets.
func misses(s map[string]any, v any) []any {
	var out []any
	if _, ok := s["enum"]; ok {
		out = append(out, "not-in-the-enum")
	}
	num := func(k string) (float64, bool) { f, ok := s[k].(float64); return f, ok }
	if n, ok := num("minLength"); ok && n > 0 {
		out = append(out, strings.Repeat("a", int(n)-1))
	}
	if n, ok := num("maxLength"); ok && n < 1000 {
		out = append(out, strings.Repeat("a", int(n)+1))
	}
	if n, ok := num("minimum"); ok {
		out = append(out, n-1)
	}
	if n, ok := num("maximum"); ok {
		out = append(out, n+1)
	}
	if n, ok := num("minItems"); ok && n > 0 {
		out = append(out, []any{})
	}
	if n, ok := num("maxItems"); ok && n < 1000 {
		items, _ := v.([]any)
		var item any = "x"
		if len(items) > 0 {
			item = items[0]
		}
		long := make([]any, int(n)+1)
		for i := range long {
			long[i] = item
		}
		out = append(out, long)
	}
	return out
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// wrongType returns a value of another JSON type than v.
func wrongType(v any) any {
	switch v.(type) {
	case string:
		return 42
	case float64:
		return "42"
	case bool:
		return "true"
	case []any:
		return map[string]any{}
	case map[string]any:
		return []any{}
	}
	return "x"
}

var formatSamples = map[string]string{
	"date-time": "2024-05-01T13:45:00Z", "date": "2024-05-01", "time": "13:45:00Z",
	"email": "ana@example.com", "uuid": "123e4567-e89b-12d3-a456-426614174000",
	"uri": "https://example.com/a", "ipv4": "192.0.2.1", "ipv6": "2001:db8::1",
	"hostname": "api.example.com",
}

// sample makes a value for schema s: every property when all is set, else
// only the required ones.
func sample(s map[string]any, root map[string]any, all bool, depth int) any {
	if depth > 6 {
		return nil
	}
	if ref, ok := s["$ref"].(string); ok && strings.HasPrefix(ref, "#/") {
		target := any(root)
		for _, tok := range strings.Split(ref[2:], "/") {
			m, _ := target.(map[string]any)
			target = m[strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")]
		}
		if t, ok := target.(map[string]any); ok {
			return sample(t, root, all, depth+1)
		}
	}
	if c, ok := s["const"]; ok {
		return c
	}
	if e, ok := s["enum"].([]any); ok && len(e) > 0 {
		return e[0]
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if alts, ok := s[k].([]any); ok && len(alts) > 0 {
			if a, ok := alts[0].(map[string]any); ok {
				return sample(a, root, all, depth+1)
			}
		}
	}
	typ := ""
	switch t := s["type"].(type) {
	case string:
		typ = t
	case []any:
		for _, x := range t {
			if x != "null" {
				typ, _ = x.(string)
				break
			}
		}
	}
	if typ == "" && s["properties"] != nil {
		typ = "object"
	}
	switch typ {
	case "object":
		obj := map[string]any{}
		props, _ := s["properties"].(map[string]any)
		req := map[string]bool{}
		if r, ok := s["required"].([]any); ok {
			for _, n := range r {
				if name, ok := n.(string); ok {
					req[name] = true
				}
			}
		}
		for name, p := range props {
			if ps, ok := p.(map[string]any); ok && (all || req[name]) {
				if v := sample(ps, root, all, depth+1); v != nil {
					obj[name] = v
				}
			}
		}
		return obj
	case "array":
		item := any("x")
		if is, ok := s["items"].(map[string]any); ok {
			item = sample(is, root, all, depth+1)
		}
		return []any{item}
	case "integer", "number":
		if m, ok := s["minimum"].(float64); ok {
			return m
		}
		if m, ok := s["exclusiveMinimum"].(float64); ok {
			return m + 1
		}
		return float64(1)
	case "boolean":
		return true
	}
	if f, ok := s["format"].(string); ok && formatSamples[f] != "" {
		return formatSamples[f]
	}
	n := 1
	if m, ok := s["minLength"].(float64); ok {
		n = int(m)
	}
	return strings.Repeat("x", max(n, 1))
}
