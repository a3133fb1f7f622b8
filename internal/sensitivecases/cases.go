// Package sensitivecases builds the catalog and calls that test, in gen and
// in the CLI, that a value marked sensitive is never echoed: every marker
// (writeOnly, x-toolgen sensitive) at every position a schema can apply to a
// value, with every keyword whose violation may quote the value.
package sensitivecases

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
)

// Secret is in every sensitive value of the calls, and SecretNumber in every
// sensitive number: neither may appear in any text a violation produces.
const (
	Secret       = "S3CR3T"
	SecretNumber = "314159"
)

// Plain and PlainNumber are in the values of each tool's non-sensitive
// siblings, which break a pattern and a minimum: their violations must quote
// them (the hint both, the message the number), or redaction hides
// everything.
const (
	Plain       = "PLAINVALUE"
	PlainNumber = "271828"
)

// A Marker makes a schema sensitive.
type Marker struct {
	Name   string
	Schema map[string]any
}

// Markers are the two ways a catalog marks a value sensitive.
var Markers = []Marker{
	{"writeonly", map[string]any{"writeOnly": true}},
	{"xtoolgen", map[string]any{"x-toolgen": map[string]any{"sensitive": true}}},
}

// A leaf is a schema with one keyword the value breaks.
type leaf struct {
	keyword string
	schema  map[string]any
	value   any // breaks schema, and holds Secret or SecretNumber
}

var leaves = []leaf{
	{"pattern", map[string]any{"type": "string", "pattern": "^[0-9]{4}$"}, "12a4" + Secret + "PIN"},
	{"enum", map[string]any{"type": "string", "enum": []any{"red", "green"}}, "blue" + Secret},
	{"const", map[string]any{"type": "string", "const": "fixed"}, "other" + Secret},
	{"minLength", map[string]any{"type": "string", "minLength": 20}, Secret},
	{"maxLength", map[string]any{"type": "string", "maxLength": 3}, "long" + Secret},
	{"type", map[string]any{"type": "integer"}, "12" + Secret},
	{"format", map[string]any{"type": "string", "format": "email"}, "no-at-sign-" + Secret},
	{"minimum", map[string]any{"type": "number", "minimum": 1000000}, json.Number(SecretNumber + ".25")},
	{"maximum", map[string]any{"type": "number", "maximum": 1}, json.Number(SecretNumber)},
	{"exclusiveMinimum", map[string]any{"type": "integer", "exclusiveMinimum": 1000000}, json.Number(SecretNumber)},
	{"multipleOf", map[string]any{"type": "number", "multipleOf": 7}, json.Number(SecretNumber)},
	{"uniqueItems", map[string]any{"type": "array", "uniqueItems": true}, []any{Secret, Secret}},
}

// A position puts a marked schema where it applies to a value: it returns
// the property's schema, the $defs it needs, the instance holding value and
// the pointer below the property where the value is.
type position struct {
	name string
	// union is the keyword a failure may be reported under instead of the
	// leaf's own (an anyOf or oneOf reports itself).
	union string
	// merges is set when the position adds keywords to the leaf's own
	// schema rather than wrapping it, so that it cannot wrap another such
	// position (the keywords would collide).
	merges bool
	wrap   func(def string, marked, marker, leaf map[string]any, value any) (schema map[string]any, defs map[string]any, inst any, below string)
}

func merge(maps ...map[string]any) map[string]any {
	out := map[string]any{}
	for _, m := range maps {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

var positions = []position{
	{"property", "", false, func(_ string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return marked, nil, v, ""
	}},
	{"items", "", false, func(_ string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return map[string]any{"type": "array", "items": marked}, nil, []any{v}, "/0"
	}},
	{"prefixitems", "", false, func(_ string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return map[string]any{"type": "array", "prefixItems": []any{map[string]any{"type": "boolean"}, marked}}, nil, []any{true, v}, "/1"
	}},
	{"additionalproperties", "", false, func(_ string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return map[string]any{"type": "object", "additionalProperties": marked}, nil, map[string]any{"key": v}, "/key"
	}},
	{"patternproperties", "", false, func(_ string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return map[string]any{"type": "object", "patternProperties": map[string]any{"^k": marked}}, nil, map[string]any{"key": v}, "/key"
	}},
	{"ref", "", false, func(def string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return map[string]any{"$ref": "#/$defs/" + def}, map[string]any{def: marked}, v, ""
	}},
	{"refchain", "", false, func(def string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return map[string]any{"$ref": "#/$defs/" + def + "_a"}, map[string]any{def + "_a": map[string]any{"$ref": "#/$defs/" + def + "_b"}, def + "_b": marked}, v, ""
	}},
	{"besideref", "", false, func(def string, _, marker, leaf map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return merge(marker, map[string]any{"$ref": "#/$defs/" + def}), map[string]any{def: leaf}, v, ""
	}},
	{"anyof", "anyOf", false, func(_ string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return map[string]any{"anyOf": []any{marked, map[string]any{"type": "boolean"}}}, nil, v, ""
	}},
	{"oneof", "oneOf", false, func(_ string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return map[string]any{"oneOf": []any{map[string]any{"type": "boolean"}, marked}}, nil, v, ""
	}},
	{"anyofraw", "anyOf", false, func(_ string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		// Alternatives that cannot be told apart by kind: each is tried on
		// the value's text.
		return map[string]any{"anyOf": []any{marked, map[string]any{"not": map[string]any{}}}}, nil, v, ""
	}},
	{"nullable", "anyOf", false, func(_ string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return map[string]any{"anyOf": []any{map[string]any{"type": "null"}, marked}}, nil, v, ""
	}},
	{"else", "", true, func(_ string, _, marker, leaf map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return merge(leaf, map[string]any{"if": false, "else": marker}), nil, v, ""
	}},
	{"dependentschemas", "", false, func(_ string, _, marker, leaf map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return map[string]any{
			"type":             "object",
			"properties":       map[string]any{"inner": leaf},
			"dependentSchemas": map[string]any{"inner": map[string]any{"properties": map[string]any{"inner": marker}}},
		}, nil, map[string]any{"inner": v}, "/inner"
	}},
	{"besideallof", "", false, func(_ string, _, marker, leaf map[string]any, v any) (map[string]any, map[string]any, any, string) {
		// The marker on a property, the keyword on the same property in an
		// allOf member: another schema function checks it.
		return map[string]any{
			"type":       "object",
			"properties": map[string]any{"inner": marker},
			"allOf":      []any{map[string]any{"properties": map[string]any{"inner": leaf}}},
		}, nil, map[string]any{"inner": v}, "/inner"
	}},
	{"anyofmember", "anyOf", false, func(_ string, _, marker, leaf map[string]any, v any) (map[string]any, map[string]any, any, string) {
		// Two forms of an object, the member marked in one: the other may
		// be the one that reports it.
		return map[string]any{"anyOf": []any{
			map[string]any{"type": "object", "properties": map[string]any{"inner": leaf}},
			map[string]any{"type": "object", "properties": map[string]any{"inner": marker}, "required": []any{"other"}},
		}}, nil, map[string]any{"inner": v}, "/inner"
	}},
	{"allof", "", true, func(_ string, _, marker, leaf map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return merge(leaf, map[string]any{"allOf": []any{marker}}), nil, v, ""
	}},
	{"then", "", true, func(_ string, _, marker, leaf map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return merge(leaf, map[string]any{"if": true, "then": marker}), nil, v, ""
	}},
	{"contains", "contains", false, func(_ string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return map[string]any{"type": "array", "contains": marked}, nil, []any{v}, "/0"
	}},
	{"unevaluateditems", "", false, func(_ string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return map[string]any{"type": "array", "prefixItems": []any{map[string]any{"type": "boolean"}}, "unevaluatedItems": marked}, nil, []any{true, v}, "/1"
	}},
	{"unevaluatedproperties", "", false, func(_ string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return map[string]any{"type": "object", "properties": map[string]any{"b": map[string]any{}}, "unevaluatedProperties": marked}, nil, map[string]any{"key": v}, "/key"
	}},
	{"dynamicref", "", false, func(def string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return map[string]any{"$dynamicRef": "#" + def}, map[string]any{def: merge(marked, map[string]any{"$dynamicAnchor": def})}, v, ""
	}},
	{"if", "", true, func(_ string, _, marker, leaf map[string]any, v any) (map[string]any, map[string]any, any, string) {
		// The marker in an if that holds: its annotations apply.
		return merge(leaf, map[string]any{"if": marker}), nil, v, ""
	}},
	{"nested", "", false, func(_ string, _, marker, leaf map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return merge(marker, map[string]any{"type": "object", "properties": map[string]any{"inner": leaf}}), nil, map[string]any{"inner": v}, "/inner"
	}},
}

// An Expected violation is one the call must produce, at one of the places
// listed: the leaf's keyword at the value, or an anyOf or oneOf around it,
// which reports itself at its own value.
type Expected []Place

// A Place is a violation's pointer and keyword.
type Place struct {
	Pointer, Keyword string
}

// A Call is one invalid call of the matrix.
type Call struct {
	Tool      string
	Arguments json.RawMessage
	Expected  []Expected
	// AllHidden is set when the whole arguments are sensitive, so that the
	// siblings' values are hidden too.
	AllHidden bool
}

// Matrix returns a catalog in toolgen's native form, one tool per marker
// and position, each with a property per keyword and the non-sensitive
// siblings "plain" and "plainNumber", and one invalid call per tool that
// breaks every keyword with a secret value and the siblings with Plain and
// PlainNumber.
func Matrix() (catalog []byte, calls []Call) {
	var tools []any
	for _, m := range Markers {
		for _, p := range positions {
			tool := m.Name + "_" + p.name
			props := map[string]any{
				"plain":       map[string]any{"type": "string", "pattern": "^[0-9]+$"},
				"plainNumber": map[string]any{"type": "number", "minimum": 1000000},
			}
			defs := map[string]any{}
			args := map[string]any{"plain": Plain, "plainNumber": json.Number(PlainNumber)}
			call := Call{Tool: tool, Expected: plainExpected}
			for _, l := range leaves {
				name := "k_" + strings.ToLower(l.keyword)
				schema, d, inst, below := p.wrap("d_"+strings.ToLower(l.keyword), merge(l.schema, m.Schema), m.Schema, l.schema, l.value)
				props[name] = schema
				for k, v := range d {
					defs[k] = v
				}
				args[name] = inst
				want := Expected{{"/" + name + below, l.keyword}}
				if p.union != "" {
					want = append(want, Place{"/" + name, p.union})
				}
				call.Expected = append(call.Expected, want)
			}
			tools = append(tools, toolOf(tool, fmt.Sprintf("Values marked by %s at position %s.", m.Name, p.name), props, defs))
			call.Arguments = mustJSON(args)
			calls = append(calls, call)
		}
		tool, call := composed(m)
		tools = append(tools, tool)
		calls = append(calls, call)
		nameTools, nameCalls := names(m)
		tools = append(tools, nameTools...)
		calls = append(calls, nameCalls...)
		for _, root := range []struct {
			name   string
			schema map[string]any
		}{{"root", m.Schema}, {"rootallof", map[string]any{"allOf": []any{m.Schema}}}} {
			tool, call := rootMarked(m.Name+"_"+root.name, root.schema)
			tools = append(tools, tool)
			calls = append(calls, call)
		}
	}
	return mustJSON(map[string]any{"tools": tools}), calls
}

// rootMarked returns a tool whose input schema, with marker merged into it,
// makes the whole arguments sensitive, and a call that breaks every leaf.
func rootMarked(name string, marker map[string]any) (tool map[string]any, call Call) {
	props, args := map[string]any{}, map[string]any{}
	call = Call{Tool: name, AllHidden: true}
	for _, l := range leaves {
		prop := "k_" + strings.ToLower(l.keyword)
		props[prop], args[prop] = l.schema, l.value
		call.Expected = append(call.Expected, Expected{{"/" + prop, l.keyword}})
	}
	call.Arguments = mustJSON(args)
	tool = toolOf(name, "Arguments that are sensitive as a whole.", props, nil)
	tool["inputSchema"] = merge(tool["inputSchema"].(map[string]any), marker)
	return tool, call
}

// names returns tools whose member names are sensitive (a marked
// propertyNames schema, or a marked object whose names are part of its
// value), each with a call whose only offending name is Secret: the
// violation is expected at the object, under its keyword. A required
// member's name comes from the schema, not the value, so it may be shown.
// The tool "plainnames" breaks an unmarked propertyNames with Plain, which
// must still be named at the member. Each tool has one property: the
// validator behind toolgen validate reuses a location slice across siblings
// for propertyNames, so that a sibling would move its pointer.
func names(m Marker) (tools []any, calls []Call) {
	short := map[string]any{"maxLength": 2}
	member := map[string]any{Secret: 1}
	for _, c := range []struct {
		name   string
		schema map[string]any
		value  any
		want   Place
	}{
		{"plainnames", map[string]any{"type": "object", "propertyNames": short},
			map[string]any{Plain: 1}, Place{"/p/" + Plain, "propertyNames"}},
		{"markednames", map[string]any{"type": "object", "propertyNames": merge(short, m.Schema)},
			member, Place{"/p", "propertyNames"}},
		{"closed", merge(map[string]any{"type": "object", "additionalProperties": false,
			"properties": map[string]any{"a": map[string]any{"type": "string"}}}, m.Schema),
			member, Place{"/p", "additionalProperties"}},
		{"namedobject", merge(map[string]any{"type": "object", "propertyNames": short}, m.Schema),
			member, Place{"/p", "propertyNames"}},
		{"required", merge(map[string]any{"type": "object", "required": []any{"need"}}, m.Schema),
			map[string]any{}, Place{"/p", "required"}},
	} {
		call := Call{Tool: m.Name + "_names_" + c.name, AllHidden: true,
			Arguments: mustJSON(map[string]any{"p": c.value}), Expected: []Expected{{c.want}}}
		props := map[string]any{"p": c.schema}
		tools = append(tools, toolOf(call.Tool, "Member names marked by "+m.Name+".", props, nil))
		calls = append(calls, call)
	}
	return tools, calls
}

func toolOf(name, description string, props, defs map[string]any) map[string]any {
	input := map[string]any{"type": "object", "properties": props}
	if len(defs) > 0 {
		input["$defs"] = defs
	}
	return map[string]any{"name": name, "description": description, "inputSchema": input}
}

// composedChains is how many random chains of positions the composed tool
// of each marker has: with the siblings, fewer violations than
// runtime.MaxViolations, so that every one is listed.
const composedChains = 40

// plainExpected are the violations of the non-sensitive siblings.
var plainExpected = []Expected{{{"/plain", "pattern"}}, {{"/plainNumber", "minimum"}}}

// composed returns a tool whose properties each put a marked leaf through a
// random chain of two or three positions (items of a patternProperties
// value inside an allOf, ...), and the call that breaks each leaf. The
// chains come from a fixed seed, so a failure can be replayed.
func composed(m Marker) (tool map[string]any, call Call) {
	rng := rand.New(rand.NewPCG(uint64(len(m.Name)), 2026))
	name := m.Name + "_composed"
	props, defs, args := map[string]any{}, map[string]any{}, map[string]any{}
	call = Call{Tool: name}
	for i := range composedChains {
		prop := fmt.Sprintf("c%d", i)
		l := leaves[rng.IntN(len(leaves))]
		chain := []position{positions[rng.IntN(len(positions))]}
		for len(chain) < 2+rng.IntN(2) {
			if p := positions[rng.IntN(len(positions))]; !p.merges {
				chain = append(chain, p)
			}
		}
		// The innermost position gets the marker; the ones around it wrap
		// what it made, unmarked.
		schema, inst := l.schema, any(l.value)
		ats := make([]string, len(chain)) // where each wrapper puts what it wraps
		for depth, p := range chain {
			marker, marked := map[string]any{}, schema
			if depth == 0 {
				marker, marked = m.Schema, merge(schema, m.Schema)
			}
			var d map[string]any
			schema, d, inst, ats[depth] = p.wrap(fmt.Sprintf("%s_%d", prop, depth), marked, marker, schema, inst)
			for k, v := range d {
				defs[k] = v
			}
		}
		props[prop] = schema
		args[prop] = inst
		// valueAt is the pointer of what the wrapper at depth wraps.
		valueAt := func(depth int) string {
			ptr := "/" + prop
			for i := len(chain) - 1; i >= depth; i-- {
				ptr += ats[i]
			}
			return ptr
		}
		want := Expected{{valueAt(0), l.keyword}}
		for depth, p := range chain {
			if p.union != "" {
				want = append(want, Place{valueAt(depth + 1), p.union})
			}
		}
		call.Expected = append(call.Expected, want)
	}
	props["plain"] = map[string]any{"type": "string", "pattern": "^[0-9]+$"}
	props["plainNumber"] = map[string]any{"type": "number", "minimum": 1000000}
	args["plain"], args["plainNumber"] = Plain, json.Number(PlainNumber)
	call.Expected = append(call.Expected, plainExpected...)
	call.Arguments = mustJSON(args)
	return toolOf(name, "Values marked by "+m.Name+" through chains of positions.", props, defs), call
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// Leaks returns what of the secrets text holds, if anything: a test fails
// on any.
func Leaks(text string) []string {
	var found []string
	for _, s := range []string{Secret, SecretNumber} {
		if strings.Contains(text, s) {
			found = append(found, s)
		}
	}
	return found
}
