// Package sensitivecases builds the catalog and calls that test, in gen and
// in the CLI, that a value marked sensitive is never echoed: every marker
// (writeOnly, x-toolgen sensitive) at every position a schema can apply to a
// value, with every keyword whose violation may quote the value, and with
// the value at the marked position or anywhere inside it, where nothing
// may be named either (a member's name, an item's index).
package sensitivecases

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/toolgen/toolgen/internal/jsonpointer"
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
	// markerAbove is set when the marker applies to the position's own
	// value, the leaf's value being inside it; shared when the position's
	// value is sensitive as a whole once anything inside it is marked (two
	// schemas reach into its members and one marks something there). The
	// leaf's violation is then reported at the position's value, as one of
	// the problems inside it.
	markerAbove, shared bool
}

// hideAt returns the name of a member inside a marked value: it holds
// Secret when the marker is there (so that a name shown is a leak), a plain
// word when the position wraps a marked value rather than being one.
func hideAt(marker map[string]any, prefix string) string {
	if len(marker) == 0 {
		return prefix + "plain"
	}
	return prefix + Secret
}

// openObject is an object schema whose members are all leaf, with the
// marker.
func openObject(marker, leaf map[string]any) map[string]any {
	return merge(marker, map[string]any{"type": "object", "additionalProperties": leaf})
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
	{name: "property", wrap: func(_ string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return marked, nil, v, ""
	}},
	{name: "items", wrap: func(_ string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return map[string]any{"type": "array", "items": marked}, nil, []any{v}, "/0"
	}},
	{name: "prefixitems", wrap: func(_ string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return map[string]any{"type": "array", "prefixItems": []any{map[string]any{"type": "boolean"}, marked}}, nil, []any{true, v}, "/1"
	}},
	{name: "additionalproperties", wrap: func(_ string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return map[string]any{"type": "object", "additionalProperties": marked}, nil, map[string]any{"key": v}, "/key"
	}},
	{name: "patternproperties", wrap: func(_ string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return map[string]any{"type": "object", "patternProperties": map[string]any{"^k": marked}}, nil, map[string]any{"key": v}, "/key"
	}},
	{name: "ref", wrap: func(def string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return map[string]any{"$ref": "#/$defs/" + def}, map[string]any{def: marked}, v, ""
	}},
	{name: "refchain", wrap: func(def string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return map[string]any{"$ref": "#/$defs/" + def + "_a"}, map[string]any{def + "_a": map[string]any{"$ref": "#/$defs/" + def + "_b"}, def + "_b": marked}, v, ""
	}},
	{name: "besideref", wrap: func(def string, _, marker, leaf map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return merge(marker, map[string]any{"$ref": "#/$defs/" + def}), map[string]any{def: leaf}, v, ""
	}},
	{name: "anyof", union: "anyOf", wrap: func(_ string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return map[string]any{"anyOf": []any{marked, map[string]any{"type": "boolean"}}}, nil, v, ""
	}},
	{name: "oneof", union: "oneOf", wrap: func(_ string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return map[string]any{"oneOf": []any{map[string]any{"type": "boolean"}, marked}}, nil, v, ""
	}},
	{name: "anyofraw", union: "anyOf", wrap: func(_ string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		// Alternatives that cannot be told apart by kind: each is tried on
		// the value's text.
		return map[string]any{"anyOf": []any{marked, map[string]any{"not": map[string]any{}}}}, nil, v, ""
	}},
	{name: "nullable", union: "anyOf", wrap: func(_ string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return map[string]any{"anyOf": []any{map[string]any{"type": "null"}, marked}}, nil, v, ""
	}},
	{name: "else", merges: true, wrap: func(_ string, _, marker, leaf map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return merge(leaf, map[string]any{"if": false, "else": marker}), nil, v, ""
	}},
	{name: "dependentschemas", shared: true, wrap: func(_ string, _, marker, leaf map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return map[string]any{
			"type":             "object",
			"properties":       map[string]any{"inner": leaf},
			"dependentSchemas": map[string]any{"inner": map[string]any{"properties": map[string]any{"inner": marker}}},
		}, nil, map[string]any{"inner": v}, "/inner"
	}},
	{name: "besideallof", shared: true, wrap: func(_ string, _, marker, leaf map[string]any, v any) (map[string]any, map[string]any, any, string) {
		// The marker on a property, the keyword on the same property in an
		// allOf member: another schema function checks it.
		return map[string]any{
			"type":       "object",
			"properties": map[string]any{"inner": marker},
			"allOf":      []any{map[string]any{"properties": map[string]any{"inner": leaf}}},
		}, nil, map[string]any{"inner": v}, "/inner"
	}},
	{name: "anyofmember", union: "anyOf", shared: true, wrap: func(_ string, _, marker, leaf map[string]any, v any) (map[string]any, map[string]any, any, string) {
		// Two forms of an object, the member marked in one: the other may
		// be the one that reports it.
		return map[string]any{"anyOf": []any{
			map[string]any{"type": "object", "properties": map[string]any{"inner": leaf}},
			map[string]any{"type": "object", "properties": map[string]any{"inner": marker}, "required": []any{"other"}},
		}}, nil, map[string]any{"inner": v}, "/inner"
	}},
	{name: "unionmember", union: "anyOf", wrap: func(_ string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		// Two forms of an object that kind cannot tell apart, one reaching
		// into the member, which it marks: the union's value is not
		// sensitive, its text is read whole before a form says where the
		// secret is.
		return map[string]any{"anyOf": []any{
			map[string]any{"type": "object", "properties": map[string]any{"inner": marked}},
			map[string]any{"type": "object", "required": []any{"other"}},
		}}, nil, map[string]any{"inner": v}, "/inner"
	}},
	{name: "allof", merges: true, wrap: func(_ string, _, marker, leaf map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return merge(leaf, map[string]any{"allOf": []any{marker}}), nil, v, ""
	}},
	{name: "then", merges: true, wrap: func(_ string, _, marker, leaf map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return merge(leaf, map[string]any{"if": true, "then": marker}), nil, v, ""
	}},
	{name: "contains", union: "contains", wrap: func(_ string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return map[string]any{"type": "array", "contains": marked}, nil, []any{v}, "/0"
	}},
	{name: "unevaluateditems", wrap: func(_ string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return map[string]any{"type": "array", "prefixItems": []any{map[string]any{"type": "boolean"}}, "unevaluatedItems": marked}, nil, []any{true, v}, "/1"
	}},
	{name: "unevaluatedproperties", wrap: func(_ string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return map[string]any{"type": "object", "properties": map[string]any{"b": map[string]any{}}, "unevaluatedProperties": marked}, nil, map[string]any{"key": v}, "/key"
	}},
	{name: "dynamicref", wrap: func(def string, marked, _, _ map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return map[string]any{"$dynamicRef": "#" + def}, map[string]any{def: merge(marked, map[string]any{"$dynamicAnchor": def})}, v, ""
	}},
	{name: "if", merges: true, wrap: func(_ string, _, marker, leaf map[string]any, v any) (map[string]any, map[string]any, any, string) {
		// The marker in an if that holds: its annotations apply.
		return merge(leaf, map[string]any{"if": marker}), nil, v, ""
	}},
	{name: "nested", markerAbove: true, wrap: func(_ string, _, marker, leaf map[string]any, v any) (map[string]any, map[string]any, any, string) {
		return merge(marker, map[string]any{"type": "object", "properties": map[string]any{"inner": leaf}}), nil, map[string]any{"inner": v}, "/inner"
	}},
	// The positions below mark an object or an array and put the leaf's
	// value inside it, under a name (or at an index) that is part of the
	// value: it must not show anywhere.
	{name: "markedadditional", markerAbove: true, wrap: func(_ string, _, marker, leaf map[string]any, v any) (map[string]any, map[string]any, any, string) {
		name := hideAt(marker, "k")
		return openObject(marker, leaf), nil, map[string]any{name: v}, "/" + name
	}},
	{name: "markedpattern", markerAbove: true, wrap: func(_ string, _, marker, leaf map[string]any, v any) (map[string]any, map[string]any, any, string) {
		name := hideAt(marker, "k")
		return merge(marker, map[string]any{"type": "object", "patternProperties": map[string]any{"^k": leaf}}), nil, map[string]any{name: v}, "/" + name
	}},
	{name: "markedunevaluated", markerAbove: true, wrap: func(_ string, _, marker, leaf map[string]any, v any) (map[string]any, map[string]any, any, string) {
		name := hideAt(marker, "k")
		return merge(marker, map[string]any{"type": "object", "properties": map[string]any{"b": map[string]any{}}, "unevaluatedProperties": leaf}),
			nil, map[string]any{name: v}, "/" + name
	}},
	{name: "markeditems", markerAbove: true, wrap: func(_ string, _, marker, leaf map[string]any, v any) (map[string]any, map[string]any, any, string) {
		name := hideAt(marker, "k")
		return merge(marker, map[string]any{"type": "array", "items": openObject(nil, leaf)}), nil, []any{map[string]any{name: v}}, "/0/" + name
	}},
	{name: "markedprefixitems", markerAbove: true, wrap: func(_ string, _, marker, leaf map[string]any, v any) (map[string]any, map[string]any, any, string) {
		name := hideAt(marker, "k")
		return merge(marker, map[string]any{"type": "array", "prefixItems": []any{map[string]any{"type": "boolean"}, openObject(nil, leaf)}}),
			nil, []any{true, map[string]any{name: v}}, "/1/" + name
	}},
	{name: "markeddeep", markerAbove: true, wrap: func(_ string, _, marker, leaf map[string]any, v any) (map[string]any, map[string]any, any, string) {
		a, b := hideAt(marker, "a"), hideAt(marker, "b")
		return openObject(marker, openObject(nil, map[string]any{"type": "array", "items": leaf})),
			nil, map[string]any{a: map[string]any{b: []any{true, v}}}, "/" + a + "/" + b + "/1"
	}},
	{name: "markedref", markerAbove: true, wrap: func(def string, _, marker, leaf map[string]any, v any) (map[string]any, map[string]any, any, string) {
		name := hideAt(marker, "k")
		return map[string]any{"$ref": "#/$defs/" + def}, map[string]any{def: openObject(marker, leaf)}, map[string]any{name: v}, "/" + name
	}},
	{name: "markedallof", markerAbove: true, wrap: func(_ string, _, marker, leaf map[string]any, v any) (map[string]any, map[string]any, any, string) {
		name := hideAt(marker, "k")
		return map[string]any{"allOf": []any{openObject(marker, leaf)}}, nil, map[string]any{name: v}, "/" + name
	}},
	{name: "markedanyof", union: "anyOf", markerAbove: true, wrap: func(_ string, _, marker, leaf map[string]any, v any) (map[string]any, map[string]any, any, string) {
		name := hideAt(marker, "k")
		return map[string]any{"anyOf": []any{openObject(marker, leaf), map[string]any{"type": "boolean"}}}, nil, map[string]any{name: v}, "/" + name
	}},
}

// A Placement is a leaf marked sensitive at one position: a schema that
// puts it there, for a test to put where it likes, and a value that breaks
// the leaf with a secret.
type Placement struct {
	Position, Keyword string
	Schema            map[string]any
	// Defs are the definitions Schema refers to, under #/$defs/.
	Defs  map[string]any
	Value any
	// Sealed is the pointer of the sensitive value below the value of
	// Schema: nothing below it may be located or named.
	Sealed string
}

// LeafKeywords are the keywords the leaves of the cases break, each once.
func LeafKeywords() []string {
	var out []string
	for _, l := range leaves {
		out = append(out, l.keyword)
	}
	return out
}

// Placements returns, for marker m, the leaf breaking keyword (a keyword
// of leaves) marked at every position; def prefixes the names of the
// definitions they need.
func Placements(m Marker, keyword, def string) []Placement {
	i := slices.IndexFunc(leaves, func(l leaf) bool { return l.keyword == keyword })
	if i < 0 {
		panic("sensitivecases: no leaf breaks " + keyword)
	}
	l := leaves[i]
	var out []Placement
	for _, p := range positions {
		schema, defs, value, below := p.wrap(def+"_"+p.name, merge(l.schema, m.Schema), m.Schema, l.schema, l.value)
		if p.markerAbove || p.shared {
			below = ""
		}
		out = append(out, Placement{Position: p.name, Keyword: keyword, Schema: schema, Defs: defs, Value: value, Sealed: below})
	}
	return out
}

// An Expected violation is one the call must produce, at one of the places
// listed: the leaf's keyword at the value, or an anyOf or oneOf around it,
// which reports itself at its own value. Below a marked value, the place is
// the marked value's: the problem is one of those the one violation there
// stands for (see Reports).
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
	// Sealed are the pointers of the sensitive values the call breaks: no
	// violation may be below one, nor any hint name what is inside one.
	Sealed []string
	// AllHidden is set when the whole arguments are sensitive, so that the
	// siblings' values are hidden too.
	AllHidden bool
	// Holders are the violations of keywords that judge a value holding
	// secrets whole: each must be reported, and show nothing of the value
	// (see WholeProblems).
	Holders []Place
	// Quoted are those of keywords that judge a value holding no secret
	// whole: each must be reported, showing the value, so that a test can
	// tell redaction from silence.
	Quoted []Place
	// Unbroken is set when the call breaks no keyword: what fails is what
	// is judged only on a valid value (a goJSONSchema type's conversion).
	// It has no non-sensitive siblings to quote; its Quoted stand for them.
	Unbroken bool
}

// inside reads the keywords off the message of the violation that stands
// for the problems inside a sensitive value.
var inside = regexp.MustCompile(`^[0-9]+ problems? inside a value that is not shown: (.+)$`)

// Reports reports whether a violation at pointer, with keyword and message,
// reports place: under its own keyword, or as one of the problems inside a
// sensitive value that a violation there stands for.
func Reports(place Place, pointer, keyword, message string) bool {
	if pointer != place.Pointer {
		return false
	}
	if keyword == place.Keyword {
		return true
	}
	m := inside.FindStringSubmatch(message)
	return m != nil && slices.Contains(strings.Split(m[1], ", "), place.Keyword)
}

// Below reports whether pointer is inside the value at sealed, below it.
func Below(sealed, pointer string) bool { return strings.HasPrefix(pointer, sealed+"/") }

// NamesInside reports whether text, a hint, names something inside the
// value at sealed: its path, as hints write it, followed by a member or an
// index. A member the schema requires and the value lacks may be named
// ("p.need" is required but missing): its name is the schema's, not sent.
// The arguments as a whole (sealed "") have no path to look for; what is
// inside them is found by Below and Leaks.
func NamesInside(sealed, text string) bool {
	if sealed == "" {
		return false
	}
	re := regexp.MustCompile(`"` + regexp.QuoteMeta(hintPath(sealed)) + `[.\[][^"]*"( is required)?`)
	for _, m := range re.FindAllStringSubmatch(text, -1) {
		if m[1] == "" {
			return true
		}
	}
	return false
}

// hintPath writes pointer as hints write a path: members joined by dots,
// indexes in brackets (items[37].qty).
func hintPath(pointer string) string {
	var b strings.Builder
	for _, token := range strings.Split(pointer, "/")[1:] {
		if _, err := strconv.Atoi(token); err == nil {
			b.WriteString("[" + token + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(jsonpointer.Unescape(token))
	}
	return b.String()
}

// clamp returns where a problem at pointer is reported: at sealed when it
// is inside that sensitive value, else where it is.
func clamp(sealed, pointer string) string {
	if Below(sealed, pointer) {
		return sealed
	}
	return pointer
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
				sealed := "/" + name + below
				if p.markerAbove || p.shared {
					sealed = "/" + name
				}
				want := Expected{{sealed, l.keyword}}
				if p.union != "" {
					want = append(want, Place{"/" + name, p.union})
				}
				call.Expected = append(call.Expected, want)
				call.Sealed = append(call.Sealed, sealed)
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
		heldTools, heldCalls := holderTools(m)
		tools = append(tools, heldTools...)
		calls = append(calls, heldCalls...)
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
	call = Call{Tool: name, AllHidden: true, Sealed: []string{""}}
	for _, l := range leaves {
		prop := "k_" + strings.ToLower(l.keyword)
		props[prop], args[prop] = l.schema, l.value
		// Every member is inside the arguments, the sensitive value.
		call.Expected = append(call.Expected, Expected{{"", l.keyword}})
	}
	call.Arguments = mustJSON(args)
	tool = toolOf(name, "Arguments that are sensitive as a whole.", props, nil)
	tool["inputSchema"] = merge(tool["inputSchema"].(map[string]any), marker)
	return tool, call
}

// names returns tools whose member names are sensitive (a marked
// propertyNames schema, or a marked object whose names are part of its
// value, down to any depth), each with a call whose only offending names
// hold Secret: the violation is expected at the marked object, under its
// keyword. A required member's name comes from the schema, not the value,
// so it may be shown. The tool "plainnames" breaks an unmarked
// propertyNames with Plain, which must still be named at the member. Each
// tool has one property: the validator behind toolgen validate reuses a
// location slice across siblings for propertyNames, so that a sibling
// would move its pointer.
func names(m Marker) (tools []any, calls []Call) {
	short := map[string]any{"maxLength": 2}
	member := map[string]any{Secret: 1}
	inner := map[string]any{"k" + Secret: member} // a marked object's member holding an object
	twice := rawJSON(`{"d` + Secret + `":1,"d` + Secret + `":2}`)
	tag := func(v string) map[string]any {
		return map[string]any{"type": "object", "properties": map[string]any{"kind": map[string]any{"const": v}}, "required": []any{"kind"}}
	}
	for _, c := range []struct {
		name   string
		schema map[string]any
		value  any
		want   Expected
	}{
		{"plainnames", map[string]any{"type": "object", "propertyNames": short},
			map[string]any{Plain: 1}, Expected{{"/p/" + Plain, "propertyNames"}}},
		{"markednames", map[string]any{"type": "object", "propertyNames": merge(short, m.Schema)},
			member, Expected{{"/p", "propertyNames"}}},
		{"closed", merge(map[string]any{"type": "object", "additionalProperties": false,
			"properties": map[string]any{"a": map[string]any{"type": "string"}}}, m.Schema),
			member, Expected{{"/p", "additionalProperties"}}},
		{"namedobject", merge(map[string]any{"type": "object", "propertyNames": short}, m.Schema),
			member, Expected{{"/p", "propertyNames"}}},
		{"required", merge(map[string]any{"type": "object", "required": []any{"need"}}, m.Schema),
			map[string]any{}, Expected{{"/p", "required"}}},
		{"twice", merge(map[string]any{"type": "object"}, m.Schema), twice, Expected{{"/p", "json"}}},
		{"twicekept", merge(map[string]any{"type": "object", "additionalProperties": true}, m.Schema), twice, Expected{{"/p", "json"}}},
		// Below the marked object: the names of an object inside it.
		{"belownames", openObject(m.Schema, map[string]any{"type": "object", "propertyNames": short}),
			inner, Expected{{"/p", "propertyNames"}}},
		{"belowclosed", openObject(m.Schema, map[string]any{"type": "object", "additionalProperties": false}),
			inner, Expected{{"/p", "additionalProperties"}}},
		{"belowunevaluated", openObject(m.Schema, map[string]any{"type": "object", "properties": map[string]any{"a": map[string]any{}}, "unevaluatedProperties": false}),
			inner, Expected{{"/p", "unevaluatedProperties"}}},
		{"belowtwice", openObject(m.Schema, map[string]any{"type": "object"}),
			map[string]any{"k" + Secret: twice}, Expected{{"/p", "json"}}},
		{"belowtag", openObject(m.Schema, map[string]any{"oneOf": []any{tag("a"), tag("b")}}),
			map[string]any{"k" + Secret: map[string]any{"kind": "c" + Secret}}, Expected{{"/p", "enum"}, {"/p", "oneOf"}}},
		// A name twice in a marked member of a value checked whole, whose
		// reading finds it before any schema says where the secrets are.
		{"checkedtwice", map[string]any{"type": "object", "allOf": []any{map[string]any{"required": []any{"s"}}},
			"properties": map[string]any{"s": merge(map[string]any{"type": "object"}, m.Schema)}},
			map[string]any{"s": twice}, Expected{{"/p", "json"}}},
	} {
		call := Call{Tool: m.Name + "_names_" + c.name, AllHidden: true,
			Arguments: mustJSON(map[string]any{"p": c.value}), Expected: []Expected{c.want}}
		if c.name != "plainnames" && c.name != "required" {
			call.Sealed = []string{"/p"}
		}
		props := map[string]any{"p": c.schema}
		tools = append(tools, toolOf(call.Tool, "Member names marked by "+m.Name+".", props, nil))
		calls = append(calls, call)
	}
	return tools, calls
}

// rawJSON is JSON text put into an instance as it is: an object with a
// name twice, which a map cannot hold.
type rawJSON string

func (r rawJSON) MarshalJSON() ([]byte, error) { return []byte(r), nil }

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
			// The marker's name is in each definition's (and dynamic
			// anchor's) name: a $dynamicRef may land on every anchor of
			// its name in the catalog, and another tool's would make more
			// of this value sensitive than the chain says.
			schema, d, inst, ats[depth] = p.wrap(fmt.Sprintf("%s_%s_%d", m.Name, prop, depth), marked, marker, schema, inst)
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
		// The sensitive value is the marked one, or the outermost wrapper
		// around it whose value is sensitive as a whole.
		sealed := valueAt(0)
		for depth, p := range chain {
			if p.shared || depth == 0 && p.markerAbove {
				sealed = valueAt(depth + 1)
			}
		}
		want := Expected{{sealed, l.keyword}}
		for depth, p := range chain {
			if p.union != "" {
				want = append(want, Place{clamp(sealed, valueAt(depth+1)), p.union})
			}
		}
		call.Expected = append(call.Expected, want)
		call.Sealed = append(call.Sealed, sealed)
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

// CutOff returns call with its arguments cut off in the middle of each
// secret they hold, as a completion that stopped there sends them: what
// the text breaks in is inside a sensitive value, whose members it must not
// name either.
func CutOff(call Call) []Call {
	var out []Call
	text := string(call.Arguments)
	for _, secret := range []string{Secret, SecretNumber} {
		for at := 0; ; {
			i := strings.Index(text[at:], secret)
			if i < 0 {
				break
			}
			at += i + len(secret)
			cut := call
			cut.Arguments = json.RawMessage(text[:at-len(secret)/2])
			cut.Expected = nil
			out = append(out, cut)
		}
	}
	return out
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
