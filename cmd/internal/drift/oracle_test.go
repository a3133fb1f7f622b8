package drift

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/toolgen/toolgen/catalog"
)

// TestCompatibleMeansCompatible holds the verdicts to santhosh v6 on random
// schema pairs: a base schema and the same schema with one keyword changed,
// added or removed at the root or in a property, compared both ways. When
// no change of an input schema is called breaking, every sampled argument
// object the old schema accepts, the new one accepts too; when no change of
// an output schema is, every result the new one accepts, the old one did.
func TestCompatibleMeansCompatible(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	instances := sampleInstances(rng, 200)
	checked := map[string]int{}
	for trial := range 500 {
		base := randomObject(rng)
		mutated, what := mutate(rng, base)
		for _, pair := range [][2]map[string]any{{base, mutated}, {mutated, base}} {
			oldText, newText := mustJSON(pair[0]), mustJSON(pair[1])
			for _, output := range []bool{false, true} {
				old, new := tool("t", oldText, ""), tool("t", newText, "")
				if output {
					old, new = tool("t", `{"type":"object"}`, oldText), tool("t", `{"type":"object"}`, newText)
				}
				r := Compare([]catalog.Tool{old}, []catalog.Tool{new})
				if r.Breaking() > 0 {
					continue
				}
				checked[fmt.Sprint("output=", output)]++
				before, after := compile(t, oldText), compile(t, newText)
				for _, inst := range instances {
					if !output && !sendable(pair[0], inst) {
						continue
					}
					okBefore, okAfter := before.Validate(inst) == nil, after.Validate(inst) == nil
					if !output && okBefore && !okAfter || output && okAfter && !okBefore {
						t.Fatalf("trial %d (%s), output=%v: called compatible, but %s is accepted by %s and not by %s\nreport:\n%s",
							trial, what, output, mustJSON(inst), map[bool]string{false: "the old schema", true: "the new schema"}[output],
							map[bool]string{false: "the new", true: "the old"}[output], r.Format(func(s string) string { return s }))
					}
				}
			}
		}
	}
	if checked["output=false"] < 200 || checked["output=true"] < 200 {
		t.Errorf("too few pairs were called compatible to check: %v", checked)
	}
	t.Logf("pairs called compatible and checked: %v", checked)
}

// sendable reports whether a caller built from schema s can send inst:
// arguments hold the members s declares, and others only where s keeps
// them (additionalProperties true or a schema).
func sendable(s map[string]any, inst any) bool {
	if _, kept := s["additionalProperties"]; kept && s["additionalProperties"] != false {
		return true
	}
	props := s["properties"].(map[string]any)
	for name := range inst.(map[string]any) {
		if _, ok := props[name]; !ok && s["additionalProperties"] == nil {
			return false
		}
	}
	return true
}

func mustJSON(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err)
	}
	return strings.TrimSpace(b.String())
}

func compile(t *testing.T, schema string) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(schema))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("s.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("s.json")
	if err != nil {
		t.Fatalf("%s: %v", schema, err)
	}
	return s
}

var (
	names  = []string{"a", "b", "c"}
	values = []string{`""`, `"x"`, `"y"`, `"z"`, `"xx"`, `"xyzxy"`, `"2024-01-01"`, `0`, `1`, `2`, `5`, `-1`, `1.5`, `true`, `null`,
		`[]`, `["x"]`, `["x","y","z"]`, `[1]`, `[1,1]`, `{}`, `{"a":1}`}
)

// sampleInstances makes argument objects of any subset of the names and
// one more, each member any of values.
func sampleInstances(rng *rand.Rand, n int) []any {
	var out []any
	for range n {
		var parts []string
		for _, name := range append(slices.Clone(names), "d") {
			if rng.IntN(3) > 0 {
				parts = append(parts, fmt.Sprintf("%q:%s", name, values[rng.IntN(len(values))]))
			}
		}
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader("{" + strings.Join(parts, ",") + "}"))
		if err != nil {
			panic(err)
		}
		out = append(out, inst)
	}
	return out
}

// randomObject makes an object schema with some of the names as
// properties, some required, open or closed.
func randomObject(rng *rand.Rand) map[string]any {
	props := map[string]any{}
	var required []any
	for _, name := range names {
		if rng.IntN(4) == 0 {
			continue
		}
		props[name] = randomLeaf(rng)
		if rng.IntN(2) == 0 {
			required = append(required, name)
		}
	}
	s := map[string]any{"type": "object", "properties": props}
	if len(required) > 0 {
		s["required"] = required
	}
	if rng.IntN(2) == 0 {
		s["additionalProperties"] = false
	}
	return s
}

func randomLeaf(rng *rand.Rand) map[string]any {
	switch rng.IntN(5) {
	case 0:
		s := map[string]any{"type": "string"}
		if rng.IntN(2) == 0 {
			s["maxLength"] = rng.IntN(4)
		}
		if rng.IntN(3) == 0 {
			s["enum"] = []any{"x", "y"}
		}
		return s
	case 1:
		s := map[string]any{"type": []any{"integer", "number", "string"}[rng.IntN(3)]}
		if rng.IntN(2) == 0 {
			s["minimum"] = rng.IntN(3) - 1
		}
		if rng.IntN(2) == 0 {
			s["maximum"] = rng.IntN(4) + 1
		}
		return s
	case 2:
		return map[string]any{"type": []any{"integer", "null"}}
	case 3:
		s := map[string]any{"type": "array", "items": randomLeaf(rng)}
		if rng.IntN(2) == 0 {
			s["maxItems"] = rng.IntN(3)
		}
		return s
	}
	return map[string]any{"type": "boolean"}
}

// mutate returns a copy of s with one change, and says which.
func mutate(rng *rand.Rand, s map[string]any) (map[string]any, string) {
	out := clone(s).(map[string]any)
	target, at := out, "root"
	props := out["properties"].(map[string]any)
	if len(props) > 0 && rng.IntN(3) > 0 {
		keys := sortedKeys(props, nil)
		at = keys[rng.IntN(len(keys))]
		target = props[at].(map[string]any)
		if items, ok := target["items"].(map[string]any); ok && rng.IntN(2) == 0 {
			target, at = items, at+"/items"
		}
	}
	ops := []func() string{
		func() string { return setOrDrop(rng, target, "maxLength", rng.IntN(5)) },
		func() string { return setOrDrop(rng, target, "minLength", rng.IntN(3)) },
		func() string { return setOrDrop(rng, target, "minimum", rng.IntN(4)-1) },
		func() string { return setOrDrop(rng, target, "maximum", rng.IntN(5)) },
		func() string { return setOrDrop(rng, target, "maxItems", rng.IntN(3)) },
		func() string { return setOrDrop(rng, target, "pattern", []string{"^x", "y"}[rng.IntN(2)]) },
		func() string { return setOrDrop(rng, target, "format", "date") },
		func() string { return setOrDrop(rng, target, "uniqueItems", rng.IntN(2) == 0) },
		func() string {
			return setOrDrop(rng, target, "enum", [][]any{{"x"}, {"x", "y"}, {"x", "y", "z"}, {1, 2}, {"x", 1.0, nil}}[rng.IntN(5)])
		},
		func() string {
			return setOrDrop(rng, target, "type", []any{"string", "integer", "number", []any{"integer", "null"}, []any{"string", "number"}, "array"}[rng.IntN(6)])
		},
		func() string {
			return setOrDrop(rng, out, "required", [][]any{{"a"}, {"a", "b"}, {"c"}, {}}[rng.IntN(4)])
		},
		func() string {
			return setOrDrop(rng, out, "additionalProperties", []any{false, true, map[string]any{"type": "integer"}}[rng.IntN(3)])
		},
		func() string {
			name := names[rng.IntN(len(names))]
			if _, ok := props[name]; ok {
				delete(props, name)
				return "property " + name + " removed"
			}
			props[name] = randomLeaf(rng)
			return "property " + name + " added"
		},
	}
	return out, at + ": " + ops[rng.IntN(len(ops))]()
}

// setOrDrop sets keyword k of s to v, or drops it when s has it and a coin
// says so.
func setOrDrop(rng *rand.Rand, s map[string]any, k string, v any) string {
	if _, ok := s[k]; ok && rng.IntN(3) == 0 {
		delete(s, k)
		return k + " dropped"
	}
	s[k] = v
	return fmt.Sprintf("%s set to %v", k, v)
}

func clone(v any) any {
	switch v := v.(type) {
	case map[string]any:
		m := map[string]any{}
		for k, x := range v {
			m[k] = clone(x)
		}
		return m
	case []any:
		s := make([]any, len(v))
		for i, x := range v {
			s[i] = clone(x)
		}
		return s
	}
	return v
}
