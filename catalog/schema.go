package catalog

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/toolgen/toolgen/internal/ecma"
)

// draft2020 is the only dialect toolgen speaks.
const draft2020 = "https://json-schema.org/draft/2020-12/schema"

// printer renders jsonschema's messages.
var printer = message.NewPrinter(language.English)

// Keywords whose value is one schema, a map of schemas or an array of
// schemas; the schema walk descends through them and nothing else.
var (
	schemaValued = setOf([]string{
		"additionalProperties", "contains", "propertyNames", "if", "then", "else", "not",
		"unevaluatedProperties", "unevaluatedItems", "contentSchema", "items",
	})
	schemaMaps   = setOf([]string{"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"})
	schemaArrays = setOf([]string{"prefixItems", "allOf", "anyOf", "oneOf"})
)

// schemaLint is the linting of one schema of one tool.
type schemaLint struct {
	*linter
	tool  *Tool
	input bool   // the input schema (defaults matter) rather than the output schema
	base  string // JSON Pointer of the schema in the file
	doc   any    // the decoded schema

	wrongDraft bool                       // a "$schema" names another draft
	refs       []schemaRef                // every $ref and $dynamicRef, for resolution
	defaults   []defaultAt                // every "default" of the schema
	resources  map[string]string          // schema resource URL -> its pointer in doc
	anchors    map[string]map[string]bool // resource URL -> its anchors
}

// schemaRef is one reference to resolve.
type schemaRef struct {
	ptr  string   // pointer of the $ref member, relative to the schema
	ref  string   // its value
	base *url.URL // the base URI it resolves against
}

// defaultAt is one "default" keyword.
type defaultAt struct {
	node  string // pointer of the schema node holding it, relative to the schema
	value any
}

// schema lints the input or output schema (which says so) of tool number i.
func (l *linter) schema(t *Tool, i int, which string, raw []byte, base string) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		l.errorf(t.Name, base, "the %s schema is not valid JSON: %v", which, err)
		return
	}
	obj, ok := doc.(map[string]any)
	if !ok {
		l.errorf(t.Name, base, "the %s schema must be an object schema such as {\"type\":\"object\",\"properties\":{}}", which)
		return
	}
	s := &schemaLint{
		linter:    l,
		tool:      t,
		input:     which == "input",
		base:      base,
		doc:       doc,
		resources: map[string]string{},
		anchors:   map[string]map[string]bool{},
	}
	if !s.checkDepth(which) {
		return // too deep to check further at a cost that grows with it
	}
	s.rootType(obj, which)

	// A made-up absolute URL for the schema, so that relative references
	// resolve; nothing is ever fetched from it.
	loc := fmt.Sprintf("https://toolgen.invalid/tools/%d/%s.schema.json", i, which)
	rootURL, _ := url.Parse(loc)
	s.resources[loc] = ""
	s.walk(doc, "", rootURL)
	refsOK := s.resolveRefs()
	if s.wrongDraft {
		return // compiling would check against the other draft
	}

	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseLoader(nil) // never read files or the network
	c.AssertFormat()
	c.UseRegexpEngine(ecmaRegexp)
	for id, schema := range l.identified {
		if _, own := s.resources[id]; !own {
			if err := c.AddResource(id, schema); err != nil {
				l.errorf(t.Name, base, "the schema with $id %s cannot be added: %v", id, err)
				return
			}
		}
	}
	if err := c.AddResource(loc, doc); err != nil {
		l.errorf(t.Name, base, "the %s schema cannot be compiled: %v", which, err)
		return
	}
	if _, err := c.Compile(loc); err != nil {
		s.compileError(err, which, refsOK)
		return
	}
	if s.input {
		s.checkDefaults(c, loc)
	}
}

// rootType checks that a root schema describes an object, when it says.
func (s *schemaLint) rootType(obj map[string]any, which string) {
	typ, ok := obj["type"]
	if !ok {
		return
	}
	switch v := typ.(type) {
	case string:
		if v == "object" {
			return
		}
	case []any:
		for _, e := range v {
			if e == "object" {
				return
			}
		}
	default:
		return // not a valid "type"; the meta-schema check says so
	}
	values := "arguments"
	if !s.input {
		values = "results"
	}
	s.errorf(s.tool.Name, s.base+"/type", "the %s schema has \"type\": %s, but tool %s are always a JSON object; use \"type\": \"object\"",
		which, describeJSON(typ), values)
}

// walk visits the schema node v at ptr (relative to the schema), whose
// base URI is base: it reports unknown words and foreign "$schema"s and
// collects references, resources, anchors and defaults. It descends only
// through keywords whose values are schemas, so property names and the
// data in enum, const, default and examples are never taken for keywords.
func (s *schemaLint) walk(v any, ptr string, base *url.URL) {
	obj, ok := v.(map[string]any)
	if !ok {
		return // a boolean schema, or a wrong value the meta-schema reports
	}
	base = s.record(obj, ptr, base)

	for _, key := range sortedMapKeys(obj) {
		val := obj[key]
		kptr := appendPointer(ptr, key)
		switch {
		case !IsKeyword(key):
			s.unknownWord(key, kptr)
		case key == "$schema":
			if d, ok := val.(string); ok && strings.TrimSuffix(d, "#") != draft2020 {
				s.wrongDraft = true
				s.errorf(s.tool.Name, s.base+kptr, "\"$schema\" is %q, but toolgen speaks JSON Schema draft 2020-12 only; remove \"$schema\" or set it to %q", d, draft2020)
			}
		case key == "$ref", key == "$dynamicRef":
			if r, ok := val.(string); ok {
				s.refs = append(s.refs, schemaRef{ptr: kptr, ref: r, base: base})
			}
		case key == "default":
			s.defaults = append(s.defaults, defaultAt{node: ptr, value: val})
		case schemaValued[key]:
			s.walk(val, kptr, base)
		case schemaMaps[key], key == "dependencies":
			if m, ok := val.(map[string]any); ok {
				for _, name := range sortedMapKeys(m) {
					s.walk(m[name], appendPointer(kptr, name), base)
				}
			}
		case schemaArrays[key]:
			if a, ok := val.([]any); ok {
				for i, e := range a {
					s.walk(e, appendPointer(kptr, strconv.Itoa(i)), base)
				}
			}
		}
	}
}

// unknownWord reports a member of a schema object that is not a keyword.
func (s *schemaLint) unknownWord(key, ptr string) {
	at := s.base + ptr
	if key == "x-toolgen" || key == "goJSONSchema" {
		return // toolgen's settings, and go-jsonschema's Go types (gen reads them)
	}
	if strings.HasPrefix(key, "x-") {
		if sug := suggest(key, []string{"x-toolgen"}); sug != "" {
			s.errorf(s.tool.Name, at, "unknown keyword %q; did you mean %q?", key, sug)
		} else if s.opts.Strict {
			s.errorf(s.tool.Name, at, "unknown keyword %q: strict mode allows only JSON Schema 2020-12 keywords and \"x-toolgen\"; remove it", key)
		}
		return
	}
	switch sug := suggest(key, allKeywords); {
	case sug != "":
		s.errorf(s.tool.Name, at, "unknown keyword %q; did you mean %q?", key, sug)
	case s.opts.Strict:
		s.errorf(s.tool.Name, at, "unknown keyword %q: strict mode allows only JSON Schema 2020-12 keywords and \"x-toolgen\"; remove it", key)
	default:
		s.warnf(s.tool.Name, at, "unknown keyword %q is ignored as an annotation", key)
	}
}

// resolveRefs reports every reference that does not resolve inside the
// schema, at the reference itself, and says whether all resolved.
func (s *schemaLint) resolveRefs() bool {
	ok := true
	for _, r := range s.refs {
		if msg := s.resolve(r); msg != "" {
			ok = false
			s.errorf(s.tool.Name, s.base+r.ptr, "%s %q cannot be resolved: %s", lastToken(r.ptr), r.ref, msg)
		}
	}
	return ok
}

// resolve returns why r does not resolve, or "".
func (s *schemaLint) resolve(r schemaRef) string {
	u, err := r.base.Parse(r.ref)
	if err != nil {
		return fmt.Sprintf("it is not a URI reference (%v)", err)
	}
	frag := u.Fragment
	u.Fragment, u.RawFragment = "", ""
	res, ok := s.resources[u.String()]
	if !ok {
		if u.Host == "json-schema.org" {
			return "" // a meta-schema, which jsonschema has built in
		}
		if other, ok := s.identified[u.String()]; ok {
			return resolveIn(other, u.String(), frag)
		}
		return "no schema in the catalog has this $id, and toolgen does not load other files or URLs; give the schema it means that \"$id\", or copy it into \"$defs\" and refer to it as \"#/$defs/<name>\""
	}
	switch {
	case frag == "":
		return ""
	case strings.HasPrefix(frag, "/"):
		if _, found := lookupPointer(s.doc, res+frag); !found {
			return fmt.Sprintf("the schema has nothing at %q", frag)
		}
		return ""
	case s.anchors[u.String()][frag]:
		return ""
	}
	return fmt.Sprintf("no \"$anchor\": %q is declared in the schema", frag)
}

// resolveIn returns why fragment frag does not resolve in the schema doc of
// another tool, whose $id is id, or "".
func resolveIn(doc any, id, frag string) string {
	switch {
	case frag == "":
		return ""
	case strings.HasPrefix(frag, "/"):
		if _, found := lookupPointer(doc, frag); !found {
			return fmt.Sprintf("the schema %s has nothing at %q", id, frag)
		}
		return ""
	}
	other := &schemaLint{resources: map[string]string{}, anchors: map[string]map[string]bool{}, linter: &linter{}}
	u, _ := url.Parse(id)
	other.collect(doc, "", u)
	if other.anchors[id][frag] {
		return ""
	}
	return fmt.Sprintf("no \"$anchor\": %q is declared in the schema %s", frag, id)
}

// identifiedSchemas returns the schemas of the catalog's tools that have an
// "$id", by its absolute URI.
func identifiedSchemas(c *Catalog) map[string]any {
	out := map[string]any{}
	for i, t := range c.Tools {
		for _, s := range []struct {
			which string
			raw   []byte
		}{{"input", t.InputSchema}, {"output", t.OutputSchema}} {
			if s.raw == nil {
				continue
			}
			doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(s.raw))
			if err != nil {
				continue // reported when the schema is linted
			}
			l := &schemaLint{resources: map[string]string{}, anchors: map[string]map[string]bool{}, linter: &linter{}}
			base, _ := url.Parse(fmt.Sprintf("https://toolgen.invalid/tools/%d/%s.schema.json", i, s.which))
			l.collect(doc, "", base)
			for id, ptr := range l.resources {
				if v, ok := lookupPointer(doc, ptr); ok {
					out[id] = v
				}
			}
		}
	}
	return out
}

// record notes the resource (an "$id") and the anchors the schema object obj
// at ptr declares, and returns the base URI of what is inside it.
func (s *schemaLint) record(obj map[string]any, ptr string, base *url.URL) *url.URL {
	if id, ok := obj["$id"].(string); ok {
		if u, err := base.Parse(id); err == nil {
			u.Fragment, u.RawFragment = "", ""
			base = u
			s.resources[u.String()] = ptr
		}
	}
	for _, k := range []string{"$anchor", "$dynamicAnchor"} {
		if a, ok := obj[k].(string); ok {
			if s.anchors[base.String()] == nil {
				s.anchors[base.String()] = map[string]bool{}
			}
			s.anchors[base.String()][a] = true
		}
	}
	return base
}

// collect records the resources and anchors below the schema v at ptr,
// without linting anything.
func (s *schemaLint) collect(v any, ptr string, base *url.URL) {
	obj, ok := v.(map[string]any)
	if !ok {
		return
	}
	base = s.record(obj, ptr, base)
	for _, key := range sortedMapKeys(obj) {
		val, kptr := obj[key], appendPointer(ptr, key)
		switch {
		case schemaValued[key]:
			s.collect(val, kptr, base)
		case schemaMaps[key], key == "dependencies":
			if m, ok := val.(map[string]any); ok {
				for _, name := range sortedMapKeys(m) {
					s.collect(m[name], appendPointer(kptr, name), base)
				}
			}
		case schemaArrays[key]:
			if a, ok := val.([]any); ok {
				for i, e := range a {
					s.collect(e, appendPointer(kptr, strconv.Itoa(i)), base)
				}
			}
		}
	}
}

// ecmaRegexp has the meta-schema check patterns as ECMA-262 regular
// expressions, as JSON Schema defines them, and match as generated code
// does. A valid pattern that Go's RE2 cannot run (lookaround,
// backreferences) passes here and is refused by the generator, which says why.
func ecmaRegexp(pattern string) (jsonschema.Regexp, error) {
	re2, err := ecma.Translate(pattern)
	var unsupported *ecma.UnsupportedError
	switch {
	case errors.As(err, &unsupported):
		return unrunnable(pattern), nil
	case err != nil:
		return nil, err
	}
	re, err := regexp.Compile(re2)
	if err != nil {
		return nil, err
	}
	return ecmaPattern{re, pattern}, nil
}

type ecmaPattern struct {
	*regexp.Regexp
	source string
}

func (p ecmaPattern) String() string { return p.source }

// unrunnable stands for a pattern the linter cannot run; defaults are not
// checked against it, since generation stops at it anyway.
type unrunnable string

func (u unrunnable) MatchString(string) bool { return true }
func (u unrunnable) String() string          { return string(u) }

// compileError reports an error from compiling the schema.
func (s *schemaLint) compileError(err error, which string, refsOK bool) {
	var sve *jsonschema.SchemaValidationError
	var ve *jsonschema.ValidationError
	var rxe *jsonschema.InvalidRegexError
	switch {
	case errors.As(err, &sve) && errors.As(sve.Err, &ve):
		s.metaSchemaErrors(fragmentPointer(sve.URL), ve)
	case errors.As(err, &rxe):
		s.errorf(s.tool.Name, s.base+fragmentPointer(rxe.URL), "%q is not a valid regular expression: %v", rxe.Regex, rxe.Err)
	case !refsOK:
		// Already reported at the reference that does not resolve.
	default:
		s.errorf(s.tool.Name, s.base, "the %s schema cannot be compiled: %v", which, err)
	}
}

// metaSchemaErrors reports a meta-schema validation failure as one
// diagnostic per leaf error, each at the schema node it is about. Failed
// alternatives of one anyOf or oneOf on the same node are one diagnostic.
func (s *schemaLint) metaSchemaErrors(prefix string, ve *jsonschema.ValidationError) {
	var visit func(e *jsonschema.ValidationError)
	visit = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			s.metaSchemaError(prefix, e.InstanceLocation, []string{e.ErrorKind.LocalizedString(printer)})
			return
		}
		switch e.ErrorKind.(type) {
		case *kind.AnyOf, *kind.OneOf:
			if msgs, same := leavesAt(e, jsonPointer(e.InstanceLocation)); same {
				s.metaSchemaError(prefix, e.InstanceLocation, msgs)
				return
			}
		}
		for _, c := range e.Causes {
			visit(c)
		}
	}
	visit(ve)
}

// leavesAt returns the messages of the leaf errors under e and whether all
// of them are about the node at loc.
func leavesAt(e *jsonschema.ValidationError, loc string) ([]string, bool) {
	if len(e.Causes) == 0 {
		return []string{e.ErrorKind.LocalizedString(printer)}, jsonPointer(e.InstanceLocation) == loc
	}
	var msgs []string
	for _, c := range e.Causes {
		m, same := leavesAt(c, loc)
		if !same {
			return nil, false
		}
		msgs = append(msgs, m...)
	}
	return msgs, true
}

// metaSchemaError reports one meta-schema violation at location (tokens
// relative to the schema node at prefix); msgs are alternatives.
func (s *schemaLint) metaSchemaError(prefix string, location []string, msgs []string) {
	ptr := prefix + jsonPointer(location)
	what := "invalid schema"
	if len(location) > 0 {
		last := location[len(location)-1]
		parent := ""
		if len(location) > 1 {
			parent = location[len(location)-2]
		}
		// A keyword, unless it is the name of a property, definition, ...
		if IsKeyword(last) && !schemaMaps[parent] && parent != "dependencies" && parent != "dependentRequired" {
			what = fmt.Sprintf("invalid %q", last)
		} else {
			what = "invalid value"
		}
	}
	msg := fmt.Sprintf("%s (draft 2020-12 meta-schema): %s", what, strings.Join(msgs, "; or "))
	if len(location) > 0 && location[len(location)-1] == "items" && isArray(lookupPointer(s.doc, ptr)) {
		msg += `; in draft 2020-12 a tuple is "prefixItems", and "items" is one schema for the rest`
	}
	s.errorf(s.tool.Name, s.base+ptr, "%s", msg)
}

// checkDefaults validates every "default" against its own schema node,
// compiled at its location in the schema with formats asserted.
func (s *schemaLint) checkDefaults(c *jsonschema.Compiler, loc string) {
	for _, d := range s.defaults {
		sch, err := c.Compile(loc + "#" + encodeFragment(d.node))
		if err != nil {
			continue // the whole schema compiled, so this does not happen
		}
		err = sch.Validate(d.value)
		var ve *jsonschema.ValidationError
		if err == nil || !errors.As(err, &ve) {
			continue
		}
		var reasons []string
		var leaves func(e *jsonschema.ValidationError)
		leaves = func(e *jsonschema.ValidationError) {
			if len(e.Causes) == 0 {
				r := e.ErrorKind.LocalizedString(printer)
				if p := jsonPointer(e.InstanceLocation); p != "" {
					r = "at " + p + ": " + r
				}
				reasons = append(reasons, r)
			}
			for _, c := range e.Causes {
				leaves(c)
			}
		}
		leaves(ve)
		s.warnf(s.tool.Name, s.base+d.node+"/default", "\"default\" %s does not validate against its schema (%s); it will not be applied",
			describeJSON(d.value), strings.Join(reasons, "; "))
		if s.tool.RejectedDefaults == nil {
			s.tool.RejectedDefaults = map[string]bool{}
		}
		s.tool.RejectedDefaults[d.node] = true
	}
}

// jsonPointer renders unescaped reference tokens as a JSON Pointer.
func jsonPointer(tokens []string) string { return appendPointer("", tokens...) }

// lastToken returns the last reference token of a pointer, unescaped.
func lastToken(ptr string) string {
	return unescapePointerToken(ptr[strings.LastIndexByte(ptr, '/')+1:])
}

// fragmentPointer returns the JSON Pointer in the fragment of a URL such
// as "https://host/x.json#/properties/a", or "" when there is none.
func fragmentPointer(u string) string {
	_, frag, ok := strings.Cut(u, "#")
	if !ok {
		return ""
	}
	if dec, err := url.PathUnescape(frag); err == nil {
		return dec
	}
	return frag
}

// encodeFragment percent-encodes a JSON Pointer for a URL fragment, as
// jsonschema decodes it.
func encodeFragment(ptr string) string {
	toks := strings.Split(ptr, "/")
	for i, t := range toks {
		toks[i] = url.PathEscape(t)
	}
	return strings.Join(toks, "/")
}

// lookupPointer finds the value at ptr in a decoded JSON document.
func lookupPointer(doc any, ptr string) (any, bool) {
	if ptr == "" {
		return doc, true
	}
	if !strings.HasPrefix(ptr, "/") {
		return nil, false
	}
	v := doc
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = unescapePointerToken(tok)
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[tok]; !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) || strconv.Itoa(i) != tok {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// isArray reports whether v is a decoded JSON array; it takes lookupPointer's
// two results.
func isArray(v any, _ bool) bool {
	_, ok := v.([]any)
	return ok
}

// sortedMapKeys returns the keys of m in order, for deterministic walks.
func sortedMapKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// marshalJSON encodes a decoded JSON value without HTML escaping.
func marshalJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
