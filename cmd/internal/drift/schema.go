package drift

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/toolgen/toolgen/internal/jsonpointer"
)

// direction is which way values flow through a schema: arguments into the
// tool (a caller breaks when fewer values are accepted) or results out of
// it (a caller breaks when more values may come).
type direction int

const (
	input direction = iota
	output
)

// effect is what a change does to the set of values a schema accepts.
type effect int

const (
	narrowed effect = 1 << iota // some value accepted before is refused now
	widened                     // some value refused before is accepted now
	unknown  = narrowed | widened
)

// breaks reports whether a change with effect e breaks callers.
func (d direction) breaks(e effect) bool {
	if d == input {
		return e&narrowed != 0
	}
	return e&widened != 0
}

// annotations are keywords that change no verdict.
var annotations = map[string]bool{
	"title": true, "description": true, "$comment": true, "examples": true, "default": true,
	"deprecated": true, "readOnly": true, "writeOnly": true, "contentMediaType": true,
	"contentEncoding": true, "contentSchema": true,
}

// lowerBounds and upperBounds are the numeric bounds: raising a lower one,
// or lowering an upper one, refuses values.
var (
	lowerBounds = map[string]bool{"minimum": true, "exclusiveMinimum": true, "minLength": true, "minItems": true, "minProperties": true, "minContains": true}
	upperBounds = map[string]bool{"maximum": true, "exclusiveMaximum": true, "maxLength": true, "maxItems": true, "maxProperties": true, "maxContains": true}
)

// schema compares two versions of the schema at ptr.
func (c *comparer) schema(ptr string, was, is any, d direction) {
	if canon(was) == canon(is) {
		return
	}
	wasObj, ok1 := was.(map[string]any)
	isObj, ok2 := is.(map[string]any)
	if !ok1 || !ok2 {
		e := unknown
		switch {
		case acceptsAll(was):
			e = narrowed
		case acceptsAll(is), was == false:
			e = widened
		case is == false:
			e = narrowed
		}
		c.effect(ptr, d, e, "the schema changed from %s to %s", show(was), show(is))
		return
	}
	for _, k := range sortedKeys(wasObj, isObj) {
		c.keyword(ptr, k, wasObj, isObj, d)
	}
}

// effect records a change of effect e in direction d.
func (c *comparer) effect(ptr string, d direction, e effect, format string, args ...any) {
	c.add(ptr, d.breaks(e), format, args...)
}

// keyword compares keyword k of two versions of an object schema.
func (c *comparer) keyword(ptr, k string, wasObj, isObj map[string]any, d direction) {
	was, hadIt := wasObj[k]
	is, hasIt := isObj[k]
	if hadIt && hasIt && canon(was) == canon(is) {
		return
	}
	at := jsonpointer.Append(ptr, k)
	switch {
	case annotations[k] || !isKeyword(k):
		c.add(at, false, "%s", presence(k, hadIt, hasIt, "changed"))
	case lowerBounds[k], upperBounds[k]:
		c.bound(at, k, was, is, hadIt, hasIt, d)
	case k == "type":
		c.types(at, was, is, d)
	case k == "enum":
		c.enum(at, was, is, hadIt, hasIt, d)
	case k == "required":
		c.required(at, was, is, d)
	case k == "properties", k == "patternProperties", k == "$defs", k == "definitions", k == "dependentSchemas":
		c.members(at, k, was, is, wasObj, d)
	case k == "additionalProperties", k == "items", k == "unevaluatedProperties", k == "unevaluatedItems", k == "propertyNames", k == "contains":
		c.subschema(at, k, was, is, hadIt, hasIt, d)
	case k == "prefixItems", k == "allOf", k == "anyOf", k == "oneOf":
		c.list(at, k, was, is, hadIt, hasIt, d)
	case k == "uniqueItems":
		e := narrowed
		if was == true {
			e = widened
		}
		c.effect(at, d, e, "uniqueItems changed from %s to %s", show(was), show(is))
	case k == "const", k == "pattern", k == "format", k == "multipleOf", k == "dependentRequired":
		e := unknown
		switch {
		case !hadIt:
			e = narrowed
		case !hasIt:
			e = widened
		}
		c.effect(at, d, e, "%s", presence(k, hadIt, hasIt, fmt.Sprintf("changed from %s to %s", show(was), show(is))))
	default:
		// not, if/then/else, $ref, $dynamicRef, $id, $anchor, $schema,
		// dependencies, additionalItems, ...: what the change admits or
		// refuses is not worked out here.
		c.add(at, true, "%s; toolgen cannot tell which values it still accepts, so callers may break", presence(k, hadIt, hasIt, "changed"))
	}
}

// presence says that keyword k was added, removed or, with what, changed.
func presence(k string, hadIt, hasIt bool, what string) string {
	switch {
	case !hadIt:
		return k + " added"
	case !hasIt:
		return k + " removed"
	}
	return k + " " + what
}

// bound compares a numeric bound.
func (c *comparer) bound(at, k string, was, is any, hadIt, hasIt bool, d direction) {
	lower := lowerBounds[k]
	switch {
	case !hadIt:
		c.effect(at, d, narrowed, "%s %s added", k, show(is))
		return
	case !hasIt:
		c.effect(at, d, widened, "%s %s removed", k, show(was))
		return
	}
	a, okA := number(was)
	b, okB := number(is)
	if !okA || !okB {
		c.effect(at, d, unknown, "%s changed from %s to %s", k, show(was), show(is))
		return
	}
	switch cmp := a.Cmp(b); {
	case cmp == 0:
		c.add(at, false, "%s rewritten from %s to %s, the same number", k, show(was), show(is))
	case (cmp < 0) == lower:
		c.effect(at, d, narrowed, "%s %s from %s to %s", k, direction2(cmp < 0), show(was), show(is))
	default:
		c.effect(at, d, widened, "%s %s from %s to %s", k, direction2(cmp < 0), show(was), show(is))
	}
}

func direction2(raised bool) string {
	if raised {
		return "raised"
	}
	return "lowered"
}

// types compares "type": a set of type names, "integer" inside "number",
// all types when absent.
func (c *comparer) types(at string, was, is any, d direction) {
	a, b := typeSet(was), typeSet(is)
	e := effect(0)
	switch {
	case a == nil && b != nil: // every type before
		e = narrowed
	case b == nil && a != nil:
		e = widened
	}
	for t := range a {
		if !b.has(t) {
			e |= narrowed
		}
	}
	for t := range b {
		if !a.has(t) {
			e |= widened
		}
	}
	if e == 0 {
		c.add(at, false, "type rewritten from %s to %s, the same types", show(was), show(is))
		return
	}
	c.effect(at, d, e, "type changed from %s to %s", showOr(was, "any"), showOr(is, "any"))
}

type types map[string]bool

// has reports whether the set admits type t.
func (s types) has(t string) bool {
	return s == nil || s[t] || t == "integer" && s["number"]
}

// typeSet reads "type"; nil is every type.
func typeSet(v any) types {
	switch v := v.(type) {
	case string:
		return types{v: true}
	case []any:
		s := types{}
		for _, t := range v {
			if name, ok := t.(string); ok {
				s[name] = true
			}
		}
		return s
	}
	return nil
}

// enum compares two enums as sets of values.
func (c *comparer) enum(at string, was, is any, hadIt, hasIt bool, d direction) {
	if !hadIt || !hasIt {
		e := narrowed
		if !hasIt {
			e = widened
		}
		c.effect(at, d, e, "%s", presence("enum", hadIt, hasIt, ""))
		return
	}
	lost, gained := setDiff(was, is)
	if len(lost) > 0 {
		c.effect(at, d, narrowed, "enum lost %s", strings.Join(lost, ", "))
	}
	if len(gained) > 0 {
		c.effect(at, d, widened, "enum gained %s", strings.Join(gained, ", "))
	}
	if len(lost) == 0 && len(gained) == 0 {
		c.add(at, false, "enum reordered")
	}
}

// required compares the lists of required members.
func (c *comparer) required(at string, was, is any, d direction) {
	dropped, added := setDiff(was, is)
	if len(added) > 0 {
		c.effect(at, d, narrowed, "now requires %s", strings.Join(added, ", "))
	}
	if len(dropped) > 0 {
		c.effect(at, d, widened, "no longer requires %s", strings.Join(dropped, ", "))
	}
	if len(added) == 0 && len(dropped) == 0 {
		c.add(at, false, "required reordered")
	}
}

// members compares a map of subschemas by name: properties,
// patternProperties, $defs, definitions, dependentSchemas.
func (c *comparer) members(at, k string, was, is any, wasObj map[string]any, d direction) {
	a, _ := was.(map[string]any)
	b, _ := is.(map[string]any)
	for _, name := range sortedKeys(a, b) {
		sub := jsonpointer.Append(at, name)
		va, inA := a[name]
		vb, inB := b[name]
		switch {
		case inA && inB:
			c.schema(sub, va, vb, d)
		case k == "$defs" || k == "definitions":
			// A definition counts where it is referenced, and a changed
			// reference is a change of its own.
			c.add(sub, false, "%s", presence("definition", inA, inB, ""))
		case k == "properties" && inA:
			// Arguments sent under the name are refused or ignored now; a
			// result member read under it is no longer described.
			c.effect(sub, d, unknown, "property removed")
		case k == "properties":
			c.effect(sub, d, addedProperty(wasObj, d), "property added")
		case inA:
			c.effect(sub, d, widened, "%s entry removed", k)
		default:
			c.effect(sub, d, narrowed, "%s entry added", k)
		}
	}
}

// addedProperty is the effect of a property the new version of obj
// declares and the old did not. The old schema either refused the member
// (closed: the new one accepts more), kept it (additionalProperties true or
// a schema: the new one may accept less), or skipped it. Arguments built
// from a catalog hold the members it declares, and undeclared ones only
// where the schema keeps them, so a skipped member was never sent and a
// new optional property breaks no caller; a result may hold anything the
// old schema did not refuse.
func addedProperty(obj map[string]any, d direction) effect {
	extra, has := obj["additionalProperties"]
	switch {
	case extra == false || obj["unevaluatedProperties"] == false:
		return widened
	case has || d == output:
		return narrowed
	}
	return widened
}

// subschema compares a keyword whose value is one schema; absent is the
// schema that accepts everything.
func (c *comparer) subschema(at, k string, was, is any, hadIt, hasIt bool, d direction) {
	if !hadIt {
		was = true
	}
	if !hasIt {
		is = true
	}
	if k == "items" && (isArray(was) || isArray(is)) {
		c.add(at, true, "items changed from %s to %s; toolgen cannot tell which values it still accepts, so callers may break", show(was), show(is))
		return
	}
	c.schema(at, was, is, d)
}

func isArray(v any) bool { _, ok := v.([]any); return ok }

// list compares a keyword whose value is a list of schemas.
func (c *comparer) list(at, k string, was, is any, hadIt, hasIt bool, d direction) {
	a, _ := was.([]any)
	b, _ := is.([]any)
	if hadIt && hasIt && len(a) == len(b) {
		for i := range a {
			c.schema(jsonpointer.Append(at, strconv.Itoa(i)), a[i], b[i], d)
		}
		return
	}
	lost, gained := setDiff(was, is)
	e := unknown
	switch {
	case !hadIt: // a new constraint
		e = narrowed
	case !hasIt:
		e = widened
	case k == "allOf" && len(lost) == 0:
		e = narrowed // more conditions
	case k == "allOf" && len(gained) == 0:
		e = widened
	case k == "anyOf" && len(lost) == 0:
		e = widened // more alternatives
	case k == "anyOf" && len(gained) == 0:
		e = narrowed
	}
	c.effect(at, d, e, "%s", presence(k, hadIt, hasIt, fmt.Sprintf("went from %d to %d schemas", len(a), len(b))))
}

// acceptsAll reports whether a schema accepts every value: true or {}.
func acceptsAll(v any) bool {
	if v == true {
		return true
	}
	obj, ok := v.(map[string]any)
	return ok && len(obj) == 0
}

// isKeyword reports whether k is a keyword of a dialect toolgen reads;
// other words are annotations by the specification.
func isKeyword(k string) bool {
	switch k {
	case "type", "enum", "const", "required", "properties", "patternProperties", "additionalProperties",
		"items", "prefixItems", "additionalItems", "contains", "allOf", "anyOf", "oneOf", "not", "if", "then", "else",
		"dependentRequired", "dependentSchemas", "dependencies", "propertyNames", "unevaluatedProperties",
		"unevaluatedItems", "uniqueItems", "pattern", "format", "multipleOf", "$ref", "$dynamicRef",
		"$recursiveRef", "$id", "$anchor", "$dynamicAnchor", "$recursiveAnchor", "$schema", "$vocabulary",
		"$defs", "definitions":
		return true
	}
	return lowerBounds[k] || upperBounds[k]
}

// number reads a JSON number exactly.
func number(v any) (*big.Rat, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return nil, false
	}
	return new(big.Rat).SetString(n.String())
}

// setDiff returns the values of the list was that is lacks, and those of is
// that was lacks, each shown as JSON, compared as JSON values (1.0 is 1).
func setDiff(was, is any) (lost, gained []string) {
	a, _ := was.([]any)
	b, _ := is.([]any)
	inA, inB := map[string]bool{}, map[string]bool{}
	for _, v := range a {
		inA[canon(v)] = true
	}
	for _, v := range b {
		inB[canon(v)] = true
	}
	for _, v := range a {
		if !inB[canon(v)] {
			lost = append(lost, show(v))
		}
	}
	for _, v := range b {
		if !inA[canon(v)] {
			gained = append(gained, show(v))
		}
	}
	return lost, gained
}

// canon is a JSON value in one form: members sorted, numbers by value.
func canon(v any) string {
	var b strings.Builder
	writeCanon(&b, v)
	return b.String()
}

func writeCanon(b *strings.Builder, v any) {
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Quote(k) + ":")
			writeCanon(b, v[k])
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, item := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			writeCanon(b, item)
		}
		b.WriteByte(']')
	case json.Number:
		if r, ok := number(v); ok {
			b.WriteString(r.RatString())
			return
		}
		b.WriteString(v.String())
	case string:
		b.WriteString(strconv.Quote(v))
	default:
		fmt.Fprint(b, v)
	}
}

// show renders a JSON value for a message: compact JSON, every invisible
// character escaped, cut at 80 bytes.
func show(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if enc.Encode(v) != nil {
		return "?"
	}
	s := visible(strings.TrimSuffix(b.String(), "\n"))
	if len(s) > 80 {
		cut := 77
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		s = s[:cut] + "..."
	}
	return s
}

// showOr shows v, or alt when v is absent.
func showOr(v any, alt string) string {
	if v == nil {
		return alt
	}
	return show(v)
}

// visible escapes, as \uXXXX, every character of s that is not visible:
// controls, format characters (bidirectional marks among them) and line
// separators.
func visible(s string) string {
	if !strings.ContainsFunc(s, invisible) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case !invisible(r):
			b.WriteRune(r)
		case r > 0xFFFF:
			r -= 0x10000
			fmt.Fprintf(&b, `\u%04x\u%04x`, 0xD800+(r>>10), 0xDC00+r&0x3FF)
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
	}
	return b.String()
}

func invisible(r rune) bool { return !unicode.IsGraphic(r) && r != ' ' }
