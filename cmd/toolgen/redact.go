package main

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// hiddenShown and hiddenText stand for a sensitive value in a hint and in a
// message, as the generated validators write them.
const (
	hiddenShown = "a value that is not shown"
	hiddenText  = "(hidden)"
)

// sensitivePlaces finds where in an instance the values are that must not be
// echoed, by the rule the generated code follows: a value is sensitive when
// any schema that may apply to it is writeOnly or has "x-toolgen":
// {"sensitive": true}, and everything inside a sensitive value is too. Where
// a schema applies only in some cases (an anyOf branch, a then or else, a
// dependentSchemas entry), it counts as applying.
type sensitivePlaces struct {
	docs   map[string]any // the catalog's schema documents, by their URL
	places map[string]bool
	seen   map[placeVisit]bool
}

type placeVisit struct {
	schema *jsonschema.Schema
	ptr    string
}

// find returns the JSON Pointers of the sensitive values in inst, which s
// describes.
func (p *sensitivePlaces) find(s *jsonschema.Schema, inst any) map[string]bool {
	p.places, p.seen = map[string]bool{}, map[placeVisit]bool{}
	p.walk(s, inst, "")
	return p.places
}

// hidden reports whether the value at loc, or one it is inside, is sensitive.
func hidden(places map[string]bool, loc []string) bool {
	if len(places) == 0 {
		return false
	}
	for i := 0; i <= len(loc); i++ {
		if places[pointerOf(loc[:i])] {
			return true
		}
	}
	return false
}

// namesMark follows an object's pointer in places when its member names
// are sensitive because a propertyNames schema marks them. No pointer ends
// so: each of its tokens starts with a slash.
const namesMark = "\x00propertyNames"

// nameKey is the key in places of a member name that is sensitive
// somewhere in the instance; no pointer starts with a NUL.
func nameKey(name string) string { return "\x00name:" + name }

// hideNames records every member name inside v as sensitive.
func (p *sensitivePlaces) hideNames(v any) {
	switch v := v.(type) {
	case map[string]any:
		for name, member := range v {
			p.places[nameKey(name)] = true
			p.hideNames(member)
		}
	case []any:
		for _, item := range v {
			p.hideNames(item)
		}
	}
}

// namesHidden reports whether the member names of the object at loc are
// sensitive: the object is, or a schema that judges its names is.
func namesHidden(places map[string]bool, loc []string) bool {
	return hidden(places, loc) || places[pointerOf(loc)+namesMark]
}

// nameHidden reports whether a propertyNames violation about name at loc
// must not quote it. The validator may report such a violation at a
// sibling's location (it shares the slice that holds it), so a name that is
// sensitive anywhere in the instance is hidden everywhere: failing closed.
func nameHidden(places map[string]bool, loc []string, name string) bool {
	return namesHidden(places, loc) || places[nameKey(name)]
}

func (p *sensitivePlaces) walk(s *jsonschema.Schema, v any, ptr string) {
	visit := placeVisit{s, ptr}
	if s == nil || p.places[ptr] || p.seen[visit] {
		return
	}
	p.seen[visit] = true
	if p.marks(s) {
		p.places[ptr] = true
		p.hideNames(v)
		return
	}
	for _, sub := range inPlace(s) {
		p.walk(sub, v, ptr)
	}
	switch v := v.(type) {
	case map[string]any:
		for name, member := range v {
			p.walk(s.PropertyNames, name, ptr+namesMark)
			if p.places[ptr+namesMark] {
				p.places[nameKey(name)] = true
			}
			p.walkMember(s, name, member, ptr+"/"+escapePointerToken(name))
		}
	case []any:
		for i, item := range v {
			p.walkItem(s, i, item, ptr+"/"+strconv.Itoa(i))
		}
	}
}

// walkMember follows the schemas of s that apply to the member name.
func (p *sensitivePlaces) walkMember(s *jsonschema.Schema, name string, v any, ptr string) {
	declared := false
	if sub, ok := s.Properties[name]; ok {
		p.walk(sub, v, ptr)
		declared = true
	}
	for re, sub := range s.PatternProperties {
		if re.MatchString(name) {
			p.walk(sub, v, ptr)
			declared = true
		}
	}
	if ap, ok := s.AdditionalProperties.(*jsonschema.Schema); ok && !declared {
		p.walk(ap, v, ptr)
	}
	p.walk(s.UnevaluatedProperties, v, ptr)
}

// walkItem follows the schemas of s that apply to item i.
func (p *sensitivePlaces) walkItem(s *jsonschema.Schema, i int, v any, ptr string) {
	if i < len(s.PrefixItems) {
		p.walk(s.PrefixItems[i], v, ptr)
	} else {
		p.walk(s.Items2020, v, ptr)
	}
	switch items := s.Items.(type) { // draft-07 and 2019-09
	case *jsonschema.Schema:
		p.walk(items, v, ptr)
	case []*jsonschema.Schema:
		if i < len(items) {
			p.walk(items[i], v, ptr)
		} else if ai, ok := s.AdditionalItems.(*jsonschema.Schema); ok {
			p.walk(ai, v, ptr)
		}
	}
	p.walk(s.Contains, v, ptr)
	p.walk(s.UnevaluatedItems, v, ptr)
}

// inPlace returns the schemas s applies to its own value.
func inPlace(s *jsonschema.Schema) []*jsonschema.Schema {
	out := []*jsonschema.Schema{s.Ref, s.RecursiveRef, s.Not, s.If, s.Then, s.Else}
	if s.DynamicRef != nil {
		out = append(out, s.DynamicRef.Ref)
	}
	out = append(out, s.AllOf...)
	out = append(out, s.AnyOf...)
	out = append(out, s.OneOf...)
	for _, sub := range s.DependentSchemas {
		out = append(out, sub)
	}
	for _, dep := range s.Dependencies {
		if sub, ok := dep.(*jsonschema.Schema); ok {
			out = append(out, sub)
		}
	}
	return out
}

// marks reports whether schema s itself marks its value sensitive. An
// "x-toolgen" "sensitive" that is not false counts, so that a misspelt marker
// never lets a value through.
func (p *sensitivePlaces) marks(s *jsonschema.Schema) bool {
	if s.WriteOnly {
		return true
	}
	obj, ok := p.raw(s.Location).(map[string]any)
	if !ok {
		return false
	}
	settings, ok := obj["x-toolgen"].(map[string]any)
	if !ok {
		return false
	}
	sensitive, ok := settings["sensitive"]
	return ok && sensitive != false
}

// raw returns the JSON value of the schema at location (a document URL and
// a JSON Pointer fragment), or nil.
func (p *sensitivePlaces) raw(location string) any {
	u, err := url.Parse(location)
	if err != nil {
		return nil
	}
	frag := u.Fragment
	u.Fragment = ""
	v, ok := p.docs[u.String()]
	if !ok || frag == "" {
		return v
	}
	for _, tok := range strings.Split(strings.TrimPrefix(frag, "/"), "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch x := v.(type) {
		case map[string]any:
			v = x[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}

func escapePointerToken(name string) string {
	return strings.ReplaceAll(strings.ReplaceAll(name, "~", "~0"), "/", "~1")
}
