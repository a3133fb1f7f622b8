package catalog

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/toolgen/toolgen/internal/ecma"
	"github.com/toolgen/toolgen/internal/jsonpointer"
	"github.com/toolgen/toolgen/internal/schema"
	"github.com/toolgen/toolgen/runtime/format"
)

// draft2020 is the dialect of schemas that do not name one.
const draft2020 = "https://json-schema.org/draft/2020-12/schema"

// printer renders jsonschema's messages.
var printer = message.NewPrinter(language.English)

// schemaLint is the linting of one schema of one tool.
type schemaLint struct {
	*linter
	tool  *Tool
	input bool         // the input schema (defaults matter) rather than the output schema
	base  string       // JSON Pointer of the schema in the file
	tree  *schema.Node // the schema: its document in the catalog's index
	loc   string       // the document's URI, the base of its references
	reg   *schema.Registry
	// declares are the URIs the schema's own "$id"s give, which the
	// meta-schema check takes from it rather than from another tool that
	// gives one too (a problem the generator refuses).
	declares map[string]bool

	wrongDraft bool        // a "$schema" names another draft
	refs       []schemaRef // every $ref and $dynamicRef, for resolution
	defaults   []defaultAt // every "default" of the schema
}

// schemaRef is one reference to resolve.
type schemaRef struct {
	ptr  string       // pointer of the $ref member, relative to the schema
	ref  string       // its value
	node *schema.Node // the schema holding it
}

// defaultAt is one "default" keyword.
type defaultAt struct {
	node  string       // pointer of the schema node holding it, relative to the schema
	value *schema.Node // its value
}

// schema lints the input schema, or the output schema, of tool number i:
// the document the catalog's index holds.
func (l *linter) schema(t *Tool, i int, output bool) {
	which, base := whichSchema(output), t.SchemaPointer
	if output {
		base = t.OutputSchemaPointer
	}
	d := l.index.Document(i, output)
	if err := l.index.readError(i, output); err != nil {
		l.errorf(t.Name, base, "the %s schema is not valid JSON: %v", which, err)
		return
	}
	if d == nil || !d.Root.IsObject() {
		l.errorf(t.Name, base, "the %s schema must be an object schema such as {\"type\":\"object\",\"properties\":{}}", which)
		return
	}
	s := &schemaLint{linter: l, tool: t, input: !output, base: base, tree: d.Root, loc: d.URI, reg: l.index.Registry(), declares: map[string]bool{}}
	if !s.checkDepth(which) {
		return // too deep to check further at a cost that grows with it
	}
	if !s.checkNumbers(which) {
		return // a number the checks below cannot read at a bounded cost
	}
	s.rootType(which)
	s.walk()
	// The allowance is taken before references are resolved, which loads
	// the schemas of other tools they reach.
	reached := s.reachedIdentified()
	for _, id := range reached {
		if l.identified[id].unreadable {
			return // refused in the tool that has it; the check would read it
		}
	}
	if !s.withinMetaCheckAllowance(which, reached) {
		return
	}
	refsOK := s.resolveRefs()
	loc := s.loc
	if s.wrongDraft {
		return // compiling would check against the other draft
	}

	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	// Nothing is read from files or the network: the loader serves the
	// schemas of other tools by "$id", those the references reach first.
	c.UseLoader(identifiedLoader(func(id string) (any, bool) {
		other, ok := l.identified[id]
		if !ok || s.own(id) || s.declares[id] {
			return nil, false
		}
		return other.value(), true
	}))
	c.AssertFormat()
	registerFormats(c)
	c.UseRegexpEngine(ecmaRegexp)
	for _, id := range reached {
		if err := c.AddResource(id, l.identified[id].value()); err != nil {
			l.errorf(t.Name, base, "the schema with $id %s cannot be added: %v", id, err)
			return
		}
	}
	if err := c.AddResource(loc, decoded(s.tree)); err != nil {
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

// decoded is the value of the tree n as the meta-schema check takes it,
// as santhosh v6's UnmarshalJSON would decode n's text: objects as maps,
// numbers as json.Number, without reading the text again.
func decoded(n *schema.Node) any {
	switch n.Kind {
	case '{':
		m := make(map[string]any, len(n.Members))
		for _, mm := range n.Members {
			m[mm.Name] = decoded(mm.Value)
		}
		return m
	case '[':
		a := make([]any, len(n.Items))
		for i, item := range n.Items {
			a[i] = decoded(item)
		}
		return a
	case '"':
		return n.Str
	case '0':
		return json.Number(n.Raw)
	case 't':
		return true
	case 'f':
		return false
	}
	return nil
}

// rootType checks that a root schema describes an object, when it says.
func (s *schemaLint) rootType(which string) {
	typ := s.tree.Member("type")
	switch {
	case typ == nil:
		return
	case typ.Kind == '"':
		if typ.Str == "object" {
			return
		}
	case typ.Kind == '[':
		for _, e := range typ.Items {
			if e.Kind == '"' && e.Str == "object" {
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
		which, describeNode(typ), values)
}

// describeNode is describeJSON of a value of the tree.
func describeNode(n *schema.Node) string { return describeJSON(decoded(n)) }

// walk visits every schema node of the indexed schema: it reports unknown
// words and foreign "$schema"s and collects references, defaults and the
// URIs of its "$id"s. It goes only where the keyword table puts
// subschemas, so property names and the data in enum, const, default and
// examples are never taken for keywords. What the index could not use
// (a malformed "$id" or anchor), the meta-schema check reports.
func (s *schemaLint) walk() {
	schema.WalkIndexed(s.tree, func(v schema.Visit) bool {
		n := v.Node
		if n.Kind != '{' {
			return false // a boolean schema, or a wrong value the meta-schema reports
		}
		if id := n.Member("$id"); id != nil && id.Kind == '"' && n.Place != nil {
			s.declares[n.Place.Base] = true
		}
		dialect := schema.DialectOf(n)
		for _, m := range n.Members {
			kptr := appendPointer(v.Pointer, m.Name)
			switch {
			case dialect.Keyword(m.Name) == nil && dialect == schema.Draft202012 && IsForeignKeyword(m.Name):
				// Words of OpenAPI and the older drafts, with advice on what
				// 2020-12 writes instead.
				s.unknownWord(n, m.Name, kptr)
			case dialect.Keyword(m.Name) == nil && schema.Draft202012.Is(m.Name, schema.Annotation):
				// An annotation a later draft added ("deprecated" and
				// "contentSchema" under draft-07, as zod 4 writes them): it
				// changes no verdict in any draft, so it is known, not foreign.
			case dialect.Keyword(m.Name) == nil && keywordOfADialect(m.Name):
				s.foreignKeyword(m.Name, kptr, dialect)
			case dialect.Keyword(m.Name) == nil:
				s.unknownWord(n, m.Name, kptr)
			case m.Name == "$schema":
				if d := m.Value; d.Kind == '"' && schema.Dialects[schema.WithoutFragment(d.Str)] == nil {
					s.wrongDraft = true
					s.errorf(s.tool.Name, s.base+kptr, "\"$schema\" is %q, but toolgen compiles JSON Schema drafts 2020-12, 2019-09 and 7 only; remove \"$schema\" or set it to %q", d.Str, draft2020)
				}
			case m.Name == "$ref", m.Name == "$dynamicRef", m.Name == "$recursiveRef":
				if m.Value.Kind == '"' && n.Place != nil {
					s.refs = append(s.refs, schemaRef{ptr: kptr, ref: m.Value.Str, node: n})
				}
			case m.Name == "default":
				s.defaults = append(s.defaults, defaultAt{node: v.Pointer, value: m.Value})
			case m.Name == "pattern" && m.Value.Kind == '"':
				s.patternWarnings(m.Value.Str, kptr)
			case m.Name == "patternProperties" && m.Value.Kind == '{':
				for _, p := range m.Value.Members {
					s.patternWarnings(p.Name, appendPointer(kptr, p.Name))
				}
			case m.Name == "enum" && m.Value.Kind == '[' && len(m.Value.Items) == 0:
				s.warnf(WarnUnsatisfiable, s.tool.Name, s.base+kptr, "\"enum\": [] allows no value, so every value is rejected here; list the values it allows, or remove it")
			}
		}
		return true
	})
}

// patternWarnings reports what a pattern at ptr says that toolgen reads
// otherwise than ECMA-262 would (Python's named groups).
func (s *schemaLint) patternWarnings(pattern, ptr string) {
	c, err := ecma.Compile(pattern)
	if err != nil {
		return // the meta-schema check or the generator reports it
	}
	for _, w := range c.Warnings {
		s.warnf(WarnPatternSpelling, s.tool.Name, s.base+ptr, "pattern %q at offset %d: %s", pattern, w.Offset, w.Message)
	}
}

// keywordOfADialect reports whether name is a keyword of some dialect
// toolgen compiles.
func keywordOfADialect(name string) bool {
	for _, d := range schema.Dialects {
		if d.Keyword(name) != nil {
			return true
		}
	}
	return false
}

// foreignKeyword reports a keyword of another draft in a schema whose draft
// does not have it, and so ignores it: a warning, or an error in strict
// mode, since the author may well have meant it to apply.
func (s *schemaLint) foreignKeyword(key, ptr string, d *schema.Dialect) {
	const msg = "%q is not a keyword of JSON Schema %s, the draft this schema is written in, so it is ignored; use the draft's own keyword or change \"$schema\""
	if s.opts.Strict {
		s.errorf(s.tool.Name, s.base+ptr, msg, key, d.Name)
	} else {
		s.warnf(WarnForeignKeyword, s.tool.Name, s.base+ptr, msg, key, d.Name)
	}
}

// unknownWord reports a member of schema object n that is not a keyword.
func (s *schemaLint) unknownWord(n *schema.Node, key, ptr string) {
	at := s.base + ptr
	if schema.IsExtension(key) {
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
	if key == "discriminator" && !s.opts.Strict {
		if why := s.discriminatorMismatch(n); why != "" {
			s.warnf(WarnDiscriminator, s.tool.Name, at, "OpenAPI \"discriminator\" disagrees with its alternatives: %s; JSON Schema ignores it and toolgen tells the alternatives apart by their own \"const\" members, so a reader that follows it would choose otherwise; make the two agree, or remove it", why)
		}
		return
	}
	if items := n.Member("items"); key == "additionalItems" && items != nil && items.Kind == '[' {
		return // the tuple is refused at "items", which says how to write it
	}
	if advice := foreignAdvice(n, key); advice != "" {
		if s.opts.Strict {
			s.errorf(s.tool.Name, at, "%s; strict mode allows only JSON Schema 2020-12 keywords and \"x-toolgen\"", advice)
		} else {
			s.warnf(WarnForeignKeyword, s.tool.Name, at, "%s", advice)
		}
		return
	}
	switch sug := suggest(key, allKeywords); {
	case sug != "":
		s.errorf(s.tool.Name, at, "unknown keyword %q; did you mean %q?", key, sug)
	case s.opts.Strict:
		s.errorf(s.tool.Name, at, "unknown keyword %q: strict mode allows only JSON Schema 2020-12 keywords and \"x-toolgen\"; remove it", key)
	default:
		s.warnf(WarnUnknownKeyword, s.tool.Name, at, "unknown keyword %q is ignored as an annotation", key)
	}
}

// resolveRefs reports every reference that does not resolve inside the
// schema, at the reference itself, and says whether all resolved.
func (s *schemaLint) resolveRefs() bool {
	ok := true
	for _, r := range s.refs {
		if msg := s.resolve(r); msg != "" {
			ok = false
			s.errorf(s.tool.Name, s.base+r.ptr, "%s %q cannot be resolved: %s", jsonpointer.Last(r.ptr), r.ref, msg)
		}
	}
	return ok
}

// resolve returns why r does not resolve, or "".
func (s *schemaLint) resolve(r schemaRef) string {
	_, err := s.reg.Resolve(r.node, r.ref)
	var le *schema.LookupError
	var ue *schema.URIError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &ue):
		return fmt.Sprintf("it is not a URI reference (%v)", ue.Err)
	case !errors.As(err, &le):
		return err.Error()
	}
	// Where the schema is another tool's, the message names it.
	in := ""
	if !s.own(le.URI) {
		in = " " + le.URI
	}
	switch le.Missing {
	case schema.MissingValue:
		return fmt.Sprintf("the schema%s has nothing at %q", in, le.Fragment)
	case schema.MissingAnchor:
		return fmt.Sprintf("no \"$anchor\": %q is declared in the schema%s", le.Fragment, in)
	case schema.NotASchema:
		return "" // the meta-schema check judges what is there
	}
	if u, err := url.Parse(le.URI); err == nil && u.Host == "json-schema.org" {
		return "" // a meta-schema, which jsonschema has built in
	}
	return "no schema in the catalog has this $id, and toolgen does not load other files or URLs; give the schema it means that \"$id\", or copy it into \"$defs\" and refer to it as \"#/$defs/<name>\""
}

// own reports whether the resource with the URI uri is in the schema being
// linted rather than another tool's.
func (s *schemaLint) own(uri string) bool {
	res := s.reg.Resource(uri)
	return res != nil && res.Root.Place != nil && res.Root.Place.Doc.URI == s.loc
}

// identifiedSchema is a schema of the catalog with an "$id": a resource
// of the catalog's index.
type identifiedSchema struct {
	tool   int    // the index of its tool
	which  string // "input" or "output"
	root   *schema.Node
	decode func() any // its decoded value, for the meta-schema check, made once
	// unreadable is set when its tool's schema has a number past the
	// bounds of numbers, refused there and never read (schema.NumberReadable).
	unreadable bool
}

func (s identifiedSchema) value() any { return s.decode() }

// identifiedSchemas returns the schemas of the catalog's tools that have an
// "$id", by its absolute URI.
func identifiedSchemas(x *Index) map[string]identifiedSchema {
	out := map[string]identifiedSchema{}
	unreadable := map[*schema.Document]bool{} // by the document, scanned once
	for _, res := range x.Registry().Resources {
		root := res.Root
		if root.Member("$id") == nil || root.Place == nil {
			continue
		}
		origin, ok := x.Origin(root.Place.Doc.URI)
		if !ok {
			continue
		}
		doc := root.Place.Doc
		if _, ok := unreadable[doc]; !ok {
			text, _ := schema.UnreadableNumber(doc.Root.Raw)
			unreadable[doc] = text != ""
		}
		out[res.URI] = identifiedSchema{tool: origin.Tool, which: origin.Which(), root: root,
			decode: sync.OnceValue(func() any { return decoded(root) }), unreadable: unreadable[doc]}
	}
	return out
}

// ecmaRegexp has the meta-schema check patterns as ECMA-262 regular
// expressions, as JSON Schema defines them, and match as generated code
// does. A valid pattern that toolgen cannot run (backreferences) passes here
// and is refused by the generator, which says why.
func ecmaRegexp(pattern string) (jsonschema.Regexp, error) {
	c, err := ecma.Compile(pattern)
	var unsupported *ecma.UnsupportedError
	switch {
	case errors.As(err, &unsupported):
		return unrunnable(pattern), nil
	case err != nil:
		return nil, err
	}
	return &ecmaPattern{c.Matcher(), pattern}, nil
}

// ecmaPattern is a pointer: santhosh v6 keeps patterns as map keys.
type ecmaPattern struct {
	match  func(string) bool
	source string
}

func (p *ecmaPattern) MatchString(s string) bool { return p.match(s) }
func (p *ecmaPattern) String() string            { return p.source }

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
			if s.emptyEnumOfDraft7(prefix, e) {
				return
			}
			s.metaSchemaError(prefix, e.InstanceLocation, []string{e.ErrorKind.LocalizedString(printer)})
			return
		}
		causes := e.Causes
		switch e.ErrorKind.(type) {
		case *kind.AnyOf, *kind.OneOf:
			here := jsonPointer(e.InstanceLocation)
			if msgs, same := leavesAt(e, here); same {
				s.metaSchemaError(prefix, e.InstanceLocation, msgs)
				return
			}
			// An alternative that failed deeper in the value is the one the
			// schema meant ("items": {...} with a bad keyword inside, not
			// "items": [...]); those that failed at the value itself only
			// say it is not of their shape.
			causes = slices.DeleteFunc(slices.Clone(causes), func(c *jsonschema.ValidationError) bool {
				_, same := leavesAt(c, here)
				return same
			})
		}
		for _, c := range causes {
			visit(c)
		}
	}
	visit(ve)
}

// emptyEnumOfDraft7 reports whether e is the "minItems": 1 that older
// copies of the draft-07 meta-schema (santhosh v6 carries one) put on
// "enum", where the specification says only that an enum SHOULD list a
// value: "enum": [] is valid there, as in the published meta-schema, and
// walk warns that it allows nothing.
func (s *schemaLint) emptyEnumOfDraft7(prefix string, e *jsonschema.ValidationError) bool {
	_, minItems := e.ErrorKind.(*kind.MinItems)
	loc := e.InstanceLocation
	if !minItems || len(loc) == 0 || loc[len(loc)-1] != "enum" {
		return false
	}
	ptr := prefix + jsonPointer(loc)
	n := s.tree.At(ptr)
	return n != nil && n.Kind == '[' && len(n.Items) == 0 && s.dialectAt(ptr) == schema.Draft07
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
		if pk := s.dialectAt(prefix).Keyword(parent); IsKeyword(last) && (pk == nil || pk.Shape != schema.SchemaMap) && parent != "dependentRequired" {
			what = fmt.Sprintf("invalid %q", last)
		} else {
			what = "invalid value"
		}
	}
	d := s.dialectAt(ptr)
	msg := fmt.Sprintf("%s (%s meta-schema): %s", what, draftName(d), strings.Join(msgs, "; or "))
	if advice := s.producerMistake(d, ptr); advice != "" {
		msg = fmt.Sprintf("%s (%s meta-schema): %s", what, draftName(d), advice)
	}
	s.errorf(s.tool.Name, s.base+ptr, "%s", msg)
}

// dialectAt returns the dialect of the schema that holds the value at ptr:
// that of the nearest indexed schema on the way down to it.
func (s *schemaLint) dialectAt(ptr string) *schema.Dialect {
	d, n := schema.DialectOf(s.tree), s.tree
	toks, _ := jsonpointer.Split(ptr)
	for _, tok := range toks {
		if n = n.Step(tok); n == nil {
			break
		}
		if n.Place != nil {
			d = schema.DialectOf(n)
		}
	}
	return d
}

// draftName names a dialect in messages: "draft 2020-12", "draft-07".
func draftName(d *schema.Dialect) string {
	if strings.HasPrefix(d.Name, "draft") {
		return d.Name
	}
	return "draft " + d.Name
}

// checkDefaults validates every "default" against its own schema node,
// compiled at its location in the schema with formats asserted.
func (s *schemaLint) checkDefaults(c *jsonschema.Compiler, loc string) {
	for _, d := range s.defaults {
		sch, err := c.Compile(loc + "#" + encodeFragment(d.node))
		if err != nil {
			continue // the whole schema compiled, so this does not happen
		}
		value := decoded(d.value)
		err = sch.Validate(value)
		var ve *jsonschema.ValidationError
		if err == nil || !errors.As(err, &ve) {
			continue
		}
		var reasons []string
		var leaves func(e *jsonschema.ValidationError)
		leaves = func(e *jsonschema.ValidationError) {
			if len(e.Causes) == 0 {
				r := e.ErrorKind.LocalizedString(printer)
				if f, ok := e.ErrorKind.(*kind.Format); ok {
					if s, ok := f.Got.(string); ok {
						r = formatMistake(f.Want, s)
					}
				}
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
		s.warnf(WarnUnappliedDefault, s.tool.Name, s.base+d.node+"/default", "\"default\" %s does not validate against its schema (%s); it will not be applied",
			describeJSON(value), strings.Join(reasons, "; "))
		if s.tool.RejectedDefaults == nil {
			s.tool.RejectedDefaults = map[string]bool{}
		}
		s.tool.RejectedDefaults[d.node] = true
	}
}

// registerFormats has c check every format with the checker generated code
// calls (runtime/format's table), those santhosh v6 does not know and those
// it judges otherwise, so that a default is judged as generated code would
// judge the value.
func registerFormats(c *jsonschema.Compiler) {
	for _, f := range format.All() {
		if !f.Annotation() {
			c.RegisterFormat(&jsonschema.Format{Name: f.Name, Validate: formatValidator(f)})
		}
	}
}

// formatValidator checks a decoded value against a format's row: a string,
// or for a format of numbers a number by its JSON text; any other value is
// valid.
func formatValidator(f format.Checker) func(any) error {
	return func(v any) error {
		var text string
		switch v := v.(type) {
		case string:
			if f.Number {
				return nil
			}
			text = v
		case json.Number:
			if !f.Number {
				return nil
			}
			text = string(v)
		default:
			return nil
		}
		if !f.Check(text) {
			return fmt.Errorf("not a valid %s: must be %s", f.Name, f.Example)
		}
		return nil
	}
}

// jsonPointer renders unescaped reference tokens as a JSON Pointer.
func jsonPointer(tokens []string) string { return jsonpointer.Join(tokens) }

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
