package sensitivecases

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// A value that is not sensitive may hold one that is: an object with a
// marked member, an array of marked items, at any depth. A keyword that
// judges such a value whole (const, enum, uniqueItems, a goJSONSchema type's
// conversion) must not show it, since its text carries the secret, while
// the same keyword on a value that holds none still shows it.

// A holder is an object or an array that holds a value with one keyword
// that judges it whole and fails.
type holder struct {
	name    string
	keyword string // the keyword the holder's value breaks
	// union is a keyword reported at the holder instead of the held value's
	// own violations, when the holder applies it in a subschema whose
	// failure is not listed (contains), or may be (a union, a type that
	// the typed reader reads before any member).
	union string
	// shows is set when the keyword's violation shows a value that holds
	// no secret: its text, or which items are equal (see ShowsWhole).
	shows bool
	// valid is set when the keyword is judged only once the value passed
	// its schema (a goJSONSchema type converts a valid value only): the
	// held value then breaks nothing.
	valid bool
	// wrap returns the schema of a value holding inner (whose values are
	// v), the definitions it needs (named after def), the instance and the
	// pointers of v within it.
	wrap func(def string, inner map[string]any, v any) (schema, defs map[string]any, inst any, at []string)
}

// holding is the usual shape: an object holding v as its member "h".
func holding(keywords map[string]any, inner map[string]any, v any) (map[string]any, map[string]any, any, []string) {
	return merge(keywords, map[string]any{"properties": map[string]any{"h": inner}}), nil, map[string]any{"h": v}, []string{"/h"}
}

var other = map[string]any{"h": "x"} // an object the held values never equal

var holders = []holder{
	{name: "const", keyword: "const", shows: true, wrap: func(_ string, inner map[string]any, v any) (map[string]any, map[string]any, any, []string) {
		return holding(map[string]any{"type": "object", "const": other}, inner, v)
	}},
	{name: "enum", keyword: "enum", shows: true, wrap: func(_ string, inner map[string]any, v any) (map[string]any, map[string]any, any, []string) {
		return holding(map[string]any{"enum": []any{other, "x"}}, inner, v) // no type: any kind
	}},
	{name: "constitems", keyword: "const", shows: true, wrap: func(_ string, inner map[string]any, v any) (map[string]any, map[string]any, any, []string) {
		return map[string]any{"type": "array", "items": inner, "const": []any{}}, nil, []any{v}, []string{"/0"}
	}},
	{name: "enumref", keyword: "enum", shows: true, wrap: func(def string, inner map[string]any, v any) (map[string]any, map[string]any, any, []string) {
		// The enum in another schema, applied to the same value.
		s, _, inst, at := holding(map[string]any{"$ref": "#/$defs/" + def}, inner, v)
		return s, map[string]any{def: map[string]any{"enum": []any{other}}}, inst, at
	}},
	{name: "constallof", keyword: "const", shows: true, wrap: func(_ string, inner map[string]any, v any) (map[string]any, map[string]any, any, []string) {
		return holding(map[string]any{"allOf": []any{map[string]any{"const": other}}}, inner, v)
	}},
	{name: "constdeep", keyword: "const", shows: true, wrap: func(_ string, inner map[string]any, v any) (map[string]any, map[string]any, any, []string) {
		// Two levels above the held value.
		return map[string]any{"type": "object", "const": map[string]any{}, "properties": map[string]any{
			"g": map[string]any{"type": "object", "properties": map[string]any{"h": inner}}},
		}, nil, map[string]any{"g": map[string]any{"h": v}}, []string{"/g/h"}
	}},
	{name: "constunion", keyword: "const", union: "anyOf", shows: true, wrap: func(_ string, inner map[string]any, v any) (map[string]any, map[string]any, any, []string) {
		// The member held by one form of a union, the const beside it.
		return map[string]any{"const": other, "anyOf": []any{
			map[string]any{"type": "object", "properties": map[string]any{"h": inner}},
			map[string]any{"type": "string"},
		}}, nil, map[string]any{"h": v}, []string{"/h"}
	}},
	{name: "uniqueitems", keyword: "uniqueItems", shows: true, wrap: func(_ string, inner map[string]any, v any) (map[string]any, map[string]any, any, []string) {
		return map[string]any{"type": "array", "uniqueItems": true, "items": inner}, nil, []any{v, v}, []string{"/0", "/1"}
	}},
	{name: "custom", keyword: "goJSONSchema", shows: true, valid: true, wrap: func(_ string, inner map[string]any, v any) (map[string]any, map[string]any, any, []string) {
		// A Go type whose UnmarshalJSON quotes the text it refuses.
		return holding(map[string]any{"type": "object", "goJSONSchema": map[string]any{"type": "big.Int"}}, inner, v)
	}},
	// The keywords below word nothing of the value; they are here so that
	// a change that made them do would be caught.
	{name: "not", keyword: "not", wrap: func(_ string, inner map[string]any, v any) (map[string]any, map[string]any, any, []string) {
		return holding(map[string]any{"not": map[string]any{"required": []any{"h"}}}, inner, v)
	}},
	{name: "anyof", keyword: "anyOf", wrap: func(_ string, inner map[string]any, v any) (map[string]any, map[string]any, any, []string) {
		return holding(map[string]any{"anyOf": []any{map[string]any{"const": other}, map[string]any{"type": "string"}}}, inner, v)
	}},
	{name: "type", keyword: "type", union: "type", wrap: func(_ string, inner map[string]any, v any) (map[string]any, map[string]any, any, []string) {
		return holding(map[string]any{"type": "string"}, inner, v)
	}},
	{name: "contains", keyword: "contains", union: "contains", wrap: func(_ string, inner map[string]any, v any) (map[string]any, map[string]any, any, []string) {
		return map[string]any{"type": "array", "contains": map[string]any{
			"type": "object", "properties": map[string]any{"h": inner}, "required": []any{"absent"},
		}}, nil, []any{map[string]any{"h": v}}, []string{"/0/h"}
	}},
}

// validLeaf is the leaf of the holders whose keyword is judged only on a
// valid value: it takes any value, its secret among them.
var validLeaf = leaf{"", map[string]any{}, "held" + Secret}

// holderChunk is how many positions one tool of holders has: with their
// violations (the held value's, a union's, the holder's, two for
// uniqueItems) and the siblings', fewer than runtime.MaxViolations.
const holderChunk = 9

// holderTools returns, for marker m, tools whose properties each hold a
// leaf marked at one position inside a holder, every position under every
// holder, and a call of each; and a tool whose arguments hold them all
// under a const. Each tool has the non-sensitive siblings, and
// "plainholder", the holder around a value that holds no secret.
func holderTools(m Marker) (tools []any, calls []Call) {
	for hi, h := range holders {
		for start := 0; start < len(positions); start += holderChunk {
			tool := fmt.Sprintf("%s_holds_%s_%d", m.Name, h.name, start/holderChunk)
			props := map[string]any{
				"plain":       map[string]any{"type": "string", "pattern": "^[0-9]+$"},
				"plainNumber": map[string]any{"type": "number", "minimum": 1000000},
			}
			defs := map[string]any{}
			args := map[string]any{"plain": Plain, "plainNumber": json.Number(PlainNumber)}
			call := Call{Tool: tool, Expected: plainExpected}
			if h.valid {
				// A value is converted only once nothing else failed.
				props, args, call = map[string]any{}, map[string]any{}, Call{Tool: tool, Unbroken: true}
			}
			for pi := start; pi < min(start+holderChunk, len(positions)); pi++ {
				p := positions[pi]
				prop := "p_" + p.name
				l := leaves[(pi+hi)%len(leaves)]
				if h.valid {
					l = validLeaf
				}
				def := fmt.Sprintf("%s_%s_%s", m.Name, h.name, p.name)
				inner, d, v, below := p.wrap(def, merge(l.schema, m.Schema), m.Schema, l.schema, l.value)
				if p.markerAbove || p.shared {
					below = ""
				}
				schema, hd, inst, ats := h.wrap(def+"_h", inner, v)
				props[prop], args[prop] = schema, inst
				for k, v := range d {
					defs[k] = v
				}
				for k, v := range hd {
					defs[k] = v
				}
				for _, at := range ats {
					sealed := "/" + prop + at + below
					call.Sealed = append(call.Sealed, sealed)
					if h.valid {
						continue
					}
					want := Expected{{sealed, l.keyword}}
					if p.union != "" {
						want = append(want, Place{"/" + prop + at, p.union})
					}
					if h.union != "" {
						want = append(want, Place{"/" + prop, h.union})
					}
					call.Expected = append(call.Expected, want)
				}
				call.Holders = append(call.Holders, Place{"/" + prop, h.keyword})
			}
			schema, hd, inst, _ := h.wrap(fmt.Sprintf("%s_%s_plain_%d", m.Name, h.name, start), map[string]any{"type": "string"}, Plain)
			props["plainholder"], args["plainholder"] = schema, inst
			for k, v := range hd {
				defs[k] = v
			}
			if h.shows {
				call.Quoted = []Place{{"/plainholder", h.keyword}}
			}
			tools = append(tools, toolOf(tool, fmt.Sprintf("Values marked by %s inside holders judged by %s.", m.Name, h.keyword), props, defs))
			call.Arguments = mustJSON(args)
			calls = append(calls, call)
		}
	}
	tool, call := heldByArguments(m)
	return append(tools, tool), append(calls, call)
}

// heldByArguments returns a tool whose arguments, under a const, hold a
// leaf marked as a property for each keyword, beside the non-sensitive
// siblings, and a call that breaks each.
func heldByArguments(m Marker) (tool map[string]any, call Call) {
	props := map[string]any{
		"plain":       map[string]any{"type": "string", "pattern": "^[0-9]+$"},
		"plainNumber": map[string]any{"type": "number", "minimum": 1000000},
	}
	args := map[string]any{"plain": Plain, "plainNumber": json.Number(PlainNumber)}
	call = Call{Tool: m.Name + "_holds_arguments", Expected: plainExpected, Holders: []Place{{"", "const"}}}
	for _, l := range leaves {
		prop := "k_" + strings.ToLower(l.keyword)
		props[prop], args[prop] = merge(l.schema, m.Schema), l.value
		call.Expected = append(call.Expected, Expected{{"/" + prop, l.keyword}})
		call.Sealed = append(call.Sealed, "/"+prop)
	}
	call.Arguments = mustJSON(args)
	tool = toolOf(call.Tool, "Arguments holding values marked by "+m.Name+" under a const.", props, nil)
	tool["inputSchema"].(map[string]any)["const"] = map[string]any{}
	return tool, call
}

// itemsNamed finds a uniqueItems message that says which items are equal.
var itemsNamed = regexp.MustCompile(`items [0-9]+ and [0-9]+ are equal`)

// HidesWhole reports whether message, of a violation of keyword at a
// value that holds secrets, shows nothing of the value: not its text
// (const, enum), not which of its items are equal (uniqueItems), not what
// its Go type said of it (goJSONSchema). Other keywords word nothing of
// the value.
func HidesWhole(keyword, message string) bool {
	switch keyword {
	case "const", "enum":
		return strings.HasPrefix(message, "value (hidden) ")
	case "uniqueItems":
		return !itemsNamed.MatchString(message)
	case "goJSONSchema":
		return strings.HasSuffix(message, ": (not shown)")
	}
	return true
}

// ShowsWhole reports whether message, of a violation of keyword at a
// value that holds Plain and no secret, shows the value: Plain, or which
// items are equal.
func ShowsWhole(keyword, message string) bool {
	if keyword == "uniqueItems" {
		return itemsNamed.MatchString(message)
	}
	return strings.Contains(message, Plain)
}

// A Listed violation is one as a test reads it back.
type Listed struct {
	Pointer, Keyword, Message string
}

// WholeProblems returns what is wrong with the violations listed for call
// about the values its keywords judge whole: a holder's violation missing
// or showing its value (see HidesWhole), a quoted one missing or not
// showing it (see ShowsWhole).
func WholeProblems(call Call, listed []Listed) []string {
	var problems []string
	check := func(places []Place, hides bool) {
		for _, p := range places {
			i := slices.IndexFunc(listed, func(v Listed) bool { return v.Pointer == p.Pointer && v.Keyword == p.Keyword })
			switch {
			case i < 0:
				problems = append(problems, fmt.Sprintf("no %s violation at %q", p.Keyword, p.Pointer))
			case hides && !HidesWhole(p.Keyword, listed[i].Message):
				problems = append(problems, fmt.Sprintf("%q shows the value, which holds secrets, at %q", listed[i].Message, p.Pointer))
			case !hides && !ShowsWhole(p.Keyword, listed[i].Message):
				problems = append(problems, fmt.Sprintf("%q does not show the value, which holds no secret, at %q", listed[i].Message, p.Pointer))
			}
		}
	}
	check(call.Holders, true)
	check(call.Quoted, false)
	return problems
}
