package gen

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// This file finds what a schema's references point at: it parses schema
// documents into trees, records every schema resource ($id), anchor and
// dynamic anchor at the places where JSON Schema 2020-12 says subschemas are,
// and resolves URI references against them, as section 8.2 of the core
// specification describes. Nothing here reads files: documents beyond the
// schema itself come from the caller (SchemaOptions.Resources).

// jnode is a JSON value of a schema document, kept whole so that a reference
// can point anywhere in it.
type jnode struct {
	kind    jsontext.Kind
	raw     jsontext.Value // the value's JSON text
	str     string         // a string's contents
	members []jmember      // an object's members, in order
	items   []*jnode       // an array's items

	// Set for the values that are schemas, when their document is indexed.
	schema *schemaPlace
}

type jmember struct {
	name  string
	value *jnode
}

// schemaPlace is where a schema stands: its document, pointer, base URI and
// the resource it belongs to.
type schemaPlace struct {
	doc      *document
	ptr      string // JSON Pointer within the document
	base     string // absolute URI that references inside it resolve against
	resource *resource
}

// member returns the value of the member called name, or nil.
func (n *jnode) member(name string) *jnode {
	if n == nil {
		return nil
	}
	for _, m := range n.members {
		if m.name == name {
			return m.value
		}
	}
	return nil
}

func (n *jnode) isSchema() bool {
	return n.kind == '{' || n.kind == 't' || n.kind == 'f'
}

// parseTree parses a JSON document into a tree. Duplicate names are an error:
// a schema that says two things at once has no meaning to compile.
func parseTree(data []byte) (*jnode, error) {
	dec := decoderOf(data)
	n, err := readTree(dec, data)
	if err != nil {
		return nil, err
	}
	if _, err := dec.ReadToken(); err == nil {
		return nil, errors.New("more than one JSON value")
	}
	return n, nil
}

// readTree reads the next value of dec, which reads data in place, as a tree.
// It reads each byte once, however deep the value: every node's text is the
// slice of data between the offsets it started and ended at, not a copy
// (reading each member's value whole, then splitting it again, would cost
// the square of the depth).
func readTree(dec *jsontext.Decoder, data []byte) (*jnode, error) {
	start := dec.InputOffset()
	n := &jnode{kind: dec.PeekKind()}
	switch n.kind {
	case '{':
		if _, err := dec.ReadToken(); err != nil {
			return nil, err
		}
		for dec.PeekKind() != '}' {
			tok, err := dec.ReadToken()
			if err != nil {
				return nil, err
			}
			name := tok.String() // a token is void after the next read
			child, err := readTree(dec, data)
			if err != nil {
				return nil, err
			}
			n.members = append(n.members, jmember{name, child})
		}
	case '[':
		if _, err := dec.ReadToken(); err != nil {
			return nil, err
		}
		for dec.PeekKind() != ']' {
			child, err := readTree(dec, data)
			if err != nil {
				return nil, err
			}
			n.items = append(n.items, child)
		}
	default:
		if _, err := dec.ReadValue(); err != nil {
			return nil, err
		}
	}
	if n.kind == '{' || n.kind == '[' {
		if _, err := dec.ReadToken(); err != nil { // the closing brace or bracket
			return nil, err
		}
	}
	// The text since start may begin with the separator before the value.
	text := bytes.TrimLeft(data[start:dec.InputOffset()], " \t\r\n:,")
	n.raw = jsontext.Value(text[:len(text):len(text)])
	if n.kind == '"' {
		s, err := jsontext.AppendUnquote(nil, n.raw)
		if err != nil {
			return nil, err
		}
		n.str = string(s)
	}
	return n, nil
}

// document is one schema document: the schema being compiled or one the
// caller supplied for references.
type document struct {
	uri  string // the retrieval URI, without fragment
	root *jnode
}

// resource is a schema resource: a document root or a subschema with $id.
type resource struct {
	id             int
	uri            string
	root           *jnode
	anchors        map[string]*jnode
	dynamicAnchors map[string]*jnode
	vocab          vocabulary
}

// registry holds the resources of one compilation.
type registry struct {
	resources []*resource
	byURI     map[string]*resource
	docs      map[string]*document
	supplied  map[string][]byte // documents the caller supplied, by URI
	// failed are the supplied documents that could not be indexed, with
	// why: a second lookup must fail the same way, not find the part of
	// the document indexed before the failure.
	failed map[string]error
}

// refError is a schema that cannot be compiled, located by pointer and keyword.
type refError struct {
	ptr, keyword, reason string
	doc                  string // the document's URI
}

func (e *refError) Error() string { return e.reason }

// schemaErr is a refError in the document being indexed, which addDocument
// names.
func schemaErr(ptr, keyword, reason string) *refError {
	return &refError{ptr: ptr, keyword: keyword, reason: reason}
}

func newRegistry(supplied map[string][]byte) *registry {
	r := &registry{byURI: map[string]*resource{}, docs: map[string]*document{}, supplied: map[string][]byte{}, failed: map[string]error{}}
	for uri, data := range supplied {
		r.supplied[withoutFragment(uri)] = data
	}
	return r
}

// addDocument parses and indexes a document retrieved from uri.
func (r *registry) addDocument(uri string, data []byte) (*document, error) {
	root, err := parseTree(data)
	if err != nil {
		return nil, fmt.Errorf("%s is not valid JSON: %v", uri, err)
	}
	if !root.isSchema() {
		return nil, fmt.Errorf("%s is not a schema: a schema is an object or a boolean", uri)
	}
	doc := &document{uri: uri, root: root}
	r.docs[uri] = doc
	if err := r.index(doc, root, "", uri, nil); err != nil {
		var re *refError
		if errors.As(err, &re) && re.doc == "" {
			re.doc = uri
		}
		return nil, err
	}
	// A document whose $id differs from where it came from is found both ways.
	if r.byURI[uri] == nil {
		r.byURI[uri] = root.schema.resource
	}
	return doc, nil
}

// index records the schema n, found at ptr in doc, and the subschemas below it.
func (r *registry) index(doc *document, n *jnode, ptr, base string, res *resource) error {
	if n.schema != nil {
		return nil
	}
	if n.kind == '{' {
		if id := n.member("$id"); id != nil {
			if id.kind != '"' {
				return schemaErr(ptr, "$id", "$id must be a string")
			}
			uri, err := resolveURI(base, id.str)
			if err != nil {
				return schemaErr(ptr, "$id", fmt.Sprintf("$id %q is not a URI reference: %v", id.str, err))
			}
			if u, _ := url.Parse(uri); u != nil && u.Fragment != "" {
				return schemaErr(ptr, "$id", fmt.Sprintf("$id %q has a fragment; name a place in a schema with $anchor instead", id.str))
			}
			base, res = withoutFragment(uri), nil
		}
	}
	if res == nil {
		if old := r.byURI[base]; old != nil && old.root != n {
			return schemaErr(ptr, "$id", fmt.Sprintf("two schemas have the URI %s; give each its own $id", base))
		}
		res = &resource{id: len(r.resources), uri: base, root: n, anchors: map[string]*jnode{}, dynamicAnchors: map[string]*jnode{}}
		r.resources = append(r.resources, res)
		r.byURI[base] = res
		vocab, err := r.vocabularyOf(n, ptr)
		if err != nil {
			return err
		}
		res.vocab = vocab
	}
	n.schema = &schemaPlace{doc: doc, ptr: ptr, base: base, resource: res}
	if n.kind != '{' {
		return nil
	}
	for _, keyword := range []string{"$anchor", "$dynamicAnchor"} {
		a := n.member(keyword)
		if a == nil {
			continue
		}
		if a.kind != '"' || !isAnchorName(a.str) {
			return schemaErr(ptr, keyword, fmt.Sprintf("%s must be a plain name (a letter or underscore, then letters, digits, '-', '_' or '.'), not %s", keyword, a.raw))
		}
		if old := res.anchors[a.str]; old != nil && old != n {
			return schemaErr(ptr, keyword, fmt.Sprintf("anchor %q is defined twice in %s", a.str, res.uri))
		}
		res.anchors[a.str] = n
		if keyword == "$dynamicAnchor" {
			res.dynamicAnchors[a.str] = n
		}
	}
	return forEachSubschema(n, ptr, func(sub *jnode, subPtr string) error {
		return r.index(doc, sub, subPtr, base, res)
	})
}

// forEachSubschema calls f for each subschema of the schema object n, in the
// places where the applicator and meta-data vocabularies put them.
func forEachSubschema(n *jnode, ptr string, f func(sub *jnode, ptr string) error) error {
	for _, m := range n.members {
		at := ptr + "/" + escapeToken(m.name)
		switch m.name {
		case "additionalProperties", "propertyNames", "items", "contains", "not", "if", "then", "else",
			"unevaluatedItems", "unevaluatedProperties", "contentSchema":
			if m.value.isSchema() {
				if err := f(m.value, at); err != nil {
					return err
				}
			}
		case "allOf", "anyOf", "oneOf", "prefixItems":
			for i, item := range m.value.items {
				if item.isSchema() {
					if err := f(item, at+"/"+strconv.Itoa(i)); err != nil {
						return err
					}
				}
			}
		case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies":
			for _, sub := range m.value.members {
				if sub.value.isSchema() {
					if err := f(sub.value, at+"/"+escapeToken(sub.name)); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

// isAnchorName reports whether s is a plain-name fragment as $anchor takes.
func isAnchorName(s string) bool {
	for i, c := range []byte(s) {
		letter := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_'
		if !letter && (i == 0 || !('0' <= c && c <= '9' || c == '-' || c == '.')) {
			return false
		}
	}
	return s != ""
}

// lookup finds the schema a URI reference names: a resource, an anchor in
// one, or a JSON Pointer into one. Documents the caller supplied are indexed
// on first use.
func (r *registry) lookup(uri string) (*jnode, error) {
	u, err := url.Parse(uri)
	if err != nil {
		return nil, err
	}
	fragment := u.Fragment
	u.Fragment, u.RawFragment = "", ""
	key := u.String()
	if err := r.failed[key]; err != nil {
		return nil, err
	}
	res := r.byURI[key]
	if res == nil {
		data, ok := r.supplied[key]
		if !ok {
			return nil, fmt.Errorf("no schema has the URI %s; add it to the catalog or refer to a schema that is there", key)
		}
		if _, err := r.addDocument(key, data); err != nil {
			r.failed[key] = err
			return nil, err
		}
		if res = r.byURI[key]; res == nil {
			return nil, fmt.Errorf("no schema has the URI %s", key)
		}
	}
	if res.root.schema == nil {
		// Registered by a document whose indexing failed further on.
		return nil, fmt.Errorf("the schema with the URI %s could not be read", key)
	}
	switch {
	case fragment == "":
		return res.root, nil
	case strings.HasPrefix(fragment, "/"):
		return r.pointer(res, fragment)
	}
	if a := res.anchors[fragment]; a != nil {
		return a, nil
	}
	return nil, fmt.Errorf("%s has no anchor %q", key, fragment)
}

// pointer follows a JSON Pointer from a resource's root. A schema found on
// the way through a place that is not a subschema keyword (an unknown
// keyword, say) takes the base URI of the last schema passed.
func (r *registry) pointer(res *resource, ptr string) (*jnode, error) {
	n := res.root
	last := n
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = unescapeToken(tok)
		var next *jnode
		switch n.kind {
		case '{':
			next = n.member(tok)
		case '[':
			if i, err := strconv.Atoi(tok); err == nil && i >= 0 && i < len(n.items) && strconv.Itoa(i) == tok {
				next = n.items[i]
			}
		}
		if next == nil {
			return nil, fmt.Errorf("%s has nothing at the pointer %s", res.uri, ptr)
		}
		n = next
		if n.schema != nil {
			last = n
		}
	}
	if !n.isSchema() {
		return nil, fmt.Errorf("the value at %s#%s is not a schema", res.uri, ptr)
	}
	if n.schema == nil {
		// A schema where no keyword puts one: index it with the base it sits under.
		place := last.schema
		if err := r.index(place.doc, n, res.root.schema.ptr+ptr, place.base, place.resource); err != nil {
			return nil, err
		}
	}
	return n, nil
}

// resolveURI resolves a URI reference against an absolute base URI.
func resolveURI(base, ref string) (string, error) {
	r, err := url.Parse(ref)
	if err != nil {
		return "", err
	}
	if base == "" || r.IsAbs() {
		return r.String(), nil
	}
	b, err := url.Parse(base)
	if err != nil {
		return "", err
	}
	if b.Opaque != "" && (r.Path != "" || r.Host != "") {
		return "", fmt.Errorf("cannot resolve the relative reference %q against %s", ref, base)
	}
	return b.ResolveReference(r).String(), nil
}

func withoutFragment(uri string) string {
	if i := strings.IndexByte(uri, '#'); i >= 0 {
		return uri[:i]
	}
	return uri
}

// vocabulary is a set of the 2020-12 vocabularies a schema resource uses, as
// its meta-schema's $vocabulary declares them.
type vocabulary uint8

const (
	vocabApplicator vocabulary = 1 << iota
	vocabUnevaluated
	vocabValidation
	vocabFormat
	vocabContent
	vocabMetaData
	// vocabFormatAssertion is set when the meta-schema asks for formats to
	// be asserted, whatever the caller chose.
	vocabFormatAssertion

	allVocabularies = vocabApplicator | vocabUnevaluated | vocabValidation | vocabFormat | vocabContent | vocabMetaData
)

const draft202012 = "https://json-schema.org/draft/2020-12/schema"

var vocabularyURIs = map[string]vocabulary{
	"https://json-schema.org/draft/2020-12/vocab/core":              0,
	"https://json-schema.org/draft/2020-12/vocab/applicator":        vocabApplicator,
	"https://json-schema.org/draft/2020-12/vocab/unevaluated":       vocabUnevaluated,
	"https://json-schema.org/draft/2020-12/vocab/validation":        vocabValidation,
	"https://json-schema.org/draft/2020-12/vocab/format-annotation": vocabFormat,
	"https://json-schema.org/draft/2020-12/vocab/format-assertion":  vocabFormat | vocabFormatAssertion,
	"https://json-schema.org/draft/2020-12/vocab/content":           vocabContent,
	"https://json-schema.org/draft/2020-12/vocab/meta-data":         vocabMetaData,
}

// otherDialects are the meta-schemas of earlier drafts, whose keywords mean
// other things (items as a tuple, $recursiveRef, ...).
var otherDialects = map[string]string{
	"https://json-schema.org/draft/2019-09/schema": "2019-09",
	"http://json-schema.org/draft-07/schema":       "draft-07",
	"http://json-schema.org/draft-06/schema":       "draft-06",
	"http://json-schema.org/draft-04/schema":       "draft-04",
	"http://json-schema.org/draft-03/schema":       "draft-03",
}

// vocabularyOf works out the vocabularies of the resource whose root is n
// from its $schema.
func (r *registry) vocabularyOf(n *jnode, ptr string) (vocabulary, error) {
	s := n.member("$schema")
	if s == nil {
		return allVocabularies, nil
	}
	if s.kind != '"' {
		return 0, schemaErr(ptr, "$schema", "$schema must be a string")
	}
	uri := withoutFragment(s.str)
	if uri == draft202012 {
		return allVocabularies, nil
	}
	if draft, ok := otherDialects[uri]; ok {
		return 0, schemaErr(ptr, "$schema", fmt.Sprintf("the schema is written in JSON Schema %s; toolgen compiles draft 2020-12 only: set $schema to %q and update the keywords that changed", draft, draft202012))
	}
	data, ok := r.supplied[uri]
	if !ok {
		return 0, schemaErr(ptr, "$schema", fmt.Sprintf("the meta-schema %s is unknown; use %q or supply the meta-schema", s.str, draft202012))
	}
	meta, err := parseTree(data)
	if err != nil {
		return 0, schemaErr(ptr, "$schema", fmt.Sprintf("the meta-schema %s is not valid JSON: %v", s.str, err))
	}
	declared := meta.member("$vocabulary")
	if declared == nil {
		return allVocabularies, nil
	}
	var v vocabulary
	for _, m := range declared.members {
		bit, known := vocabularyURIs[m.name]
		switch {
		case known:
			v |= bit
		case m.value.kind == 't':
			return 0, schemaErr(ptr, "$schema", fmt.Sprintf("the meta-schema %s requires the vocabulary %s, which toolgen does not implement", s.str, m.name))
		}
	}
	return v, nil
}

// keywordVocabulary is the vocabulary each keyword belongs to; core keywords
// are always on and not listed.
var keywordVocabulary = map[string]vocabulary{
	"allOf": vocabApplicator, "anyOf": vocabApplicator, "oneOf": vocabApplicator, "not": vocabApplicator,
	"if": vocabApplicator, "then": vocabApplicator, "else": vocabApplicator,
	"dependentSchemas": vocabApplicator, "prefixItems": vocabApplicator, "items": vocabApplicator,
	"contains": vocabApplicator, "properties": vocabApplicator, "patternProperties": vocabApplicator,
	"additionalProperties": vocabApplicator, "propertyNames": vocabApplicator,
	"unevaluatedItems": vocabUnevaluated, "unevaluatedProperties": vocabUnevaluated,
	"type": vocabValidation, "enum": vocabValidation, "const": vocabValidation,
	"multipleOf": vocabValidation, "maximum": vocabValidation, "exclusiveMaximum": vocabValidation,
	"minimum": vocabValidation, "exclusiveMinimum": vocabValidation,
	"maxLength": vocabValidation, "minLength": vocabValidation, "pattern": vocabValidation,
	"maxItems": vocabValidation, "minItems": vocabValidation, "uniqueItems": vocabValidation,
	"maxContains": vocabValidation, "minContains": vocabValidation,
	"maxProperties": vocabValidation, "minProperties": vocabValidation,
	"required": vocabValidation, "dependentRequired": vocabValidation,
	"format": vocabFormat,
}
