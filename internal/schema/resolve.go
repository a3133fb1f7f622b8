package schema

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/toolgen/toolgen/internal/jsonpointer"
)

// A Registry finds what a schema's references point at: it indexes schema
// documents, recording every schema resource ($id), anchor and dynamic
// anchor at the places the dialect's table says subschemas are, and
// resolves URI references against them, as section 8.2 of the 2020-12 core
// specification describes. It reads no files: documents beyond those added
// come from the caller, as the supplied map of NewRegistry.
type Registry struct {
	// Lenient makes indexing skip what it cannot use (a malformed $id or
	// anchor, a second schema or anchor of a name, an unknown meta-schema)
	// instead of failing: for a linter, which reports those problems in its
	// own words and still wants the rest resolved.
	Lenient bool

	Resources []*Resource // in the order they were found
	byURI     map[string]*Resource
	docs      map[string]*Document
	supplied  map[string][]byte // documents the caller supplied, by URI
	// failed are the supplied documents that could not be indexed, with
	// why: a second lookup must fail the same way, not find the part of
	// the document indexed before the failure.
	failed map[string]error
}

// Document is one schema document.
type Document struct {
	URI  string // the retrieval URI, without fragment
	Root *Node
}

// Resource is a schema resource: a document root or a subschema with $id.
type Resource struct {
	ID             int // its index in Registry.Resources
	URI            string
	Root           *Node
	Anchors        map[string]*Node // $anchor and $dynamicAnchor names
	DynamicAnchors map[string]*Node
	Vocab          Vocabulary
	Dialect        *Dialect
}

// Place is where an indexed schema stands.
type Place struct {
	Doc      *Document
	Ptr      string // JSON Pointer within the document
	Base     string // absolute URI that references inside it resolve against
	Resource *Resource
}

// RefError is a schema that cannot be indexed or compiled, located by
// document, pointer and keyword.
type RefError struct {
	Ptr, Keyword, Reason string
	Doc                  string // the document's URI
}

func (e *RefError) Error() string { return e.Reason }

// LookupError is a reference that names nothing.
type LookupError struct {
	URI      string // the resource's URI, without fragment
	Fragment string // the anchor or JSON Pointer, without '#'
	Missing  Missing
}

// Missing is what a LookupError did not find.
type Missing uint8

const (
	MissingResource Missing = iota // no schema has the URI
	MissingValue                   // the resource has nothing at the pointer
	NotASchema                     // the value at the pointer is not a schema
	MissingAnchor                  // the resource has no such anchor
)

func (e *LookupError) Error() string {
	switch e.Missing {
	case MissingValue:
		return fmt.Sprintf("%s has nothing at the pointer %s", e.URI, e.Fragment)
	case NotASchema:
		return fmt.Sprintf("the value at %s#%s is not a schema", e.URI, e.Fragment)
	case MissingAnchor:
		return fmt.Sprintf("%s has no anchor %q", e.URI, e.Fragment)
	}
	return fmt.Sprintf("no schema has the URI %s; add it to the catalog or refer to a schema that is there", e.URI)
}

// schemaErr is a RefError in the document being indexed, which AddDocument
// names.
func schemaErr(ptr, keyword, reason string) *RefError {
	return &RefError{Ptr: ptr, Keyword: keyword, Reason: reason}
}

// NewRegistry returns an empty registry that may load the supplied
// documents, by URI, when a reference reaches them.
func NewRegistry(supplied map[string][]byte) *Registry {
	r := &Registry{byURI: map[string]*Resource{}, docs: map[string]*Document{}, supplied: map[string][]byte{}, failed: map[string]error{}}
	for uri, data := range supplied {
		r.supplied[WithoutFragment(uri)] = data
	}
	return r
}

// parseDocument parses a schema document. Duplicate names are an error: a
// schema that says two things at once has no meaning to compile.
func parseDocument(data []byte) (*Node, error) {
	return Parse(data, ParseOptions{})
}

// AddDocument parses and indexes a document retrieved from uri.
func (r *Registry) AddDocument(uri string, data []byte) (*Document, error) {
	root, err := parseDocument(data)
	if err != nil {
		return nil, fmt.Errorf("%s is not valid JSON: %v", uri, err)
	}
	return r.AddTree(uri, root)
}

// AddTree indexes a document already parsed, retrieved from uri.
func (r *Registry) AddTree(uri string, root *Node) (*Document, error) {
	if !root.IsSchema() {
		return nil, fmt.Errorf("%s is not a schema: a schema is an object or a boolean", uri)
	}
	doc := &Document{URI: uri, Root: root}
	r.docs[uri] = doc
	if err := r.index(doc, root, "", uri, nil); err != nil {
		var re *RefError
		if errors.As(err, &re) && re.Doc == "" {
			re.Doc = uri
		}
		return nil, err
	}
	// A document whose $id differs from where it came from is found both ways.
	if r.byURI[uri] == nil {
		r.byURI[uri] = root.Place.Resource
	}
	return doc, nil
}

// index records the schema n, found at ptr in doc, and the subschemas below it.
func (r *Registry) index(doc *Document, n *Node, ptr, base string, res *Resource) error {
	if n.Place != nil {
		return nil
	}
	if uri, err := r.idOf(n, ptr, base); err != nil {
		return err
	} else if uri != "" {
		base, res = uri, nil
	}
	if res == nil {
		var err error
		if res, err = r.newResource(n, ptr, base); err != nil {
			return err
		}
	}
	n.Place = &Place{Doc: doc, Ptr: ptr, Base: base, Resource: res}
	if n.Kind != '{' {
		return nil
	}
	if err := r.recordAnchors(n, ptr, res); err != nil {
		return err
	}
	return res.Dialect.Children(n, func(s Sub) error {
		return r.index(doc, s.Node, s.Pointer(ptr), base, res)
	})
}

// idOf returns the absolute URI the $id of schema n (at ptr, under base)
// gives it, or "" when it has none.
func (r *Registry) idOf(n *Node, ptr, base string) (string, error) {
	id := n.Member("$id")
	if id == nil {
		return "", nil
	}
	if id.Kind != '"' {
		return "", r.fail(ptr, "$id", "$id must be a string")
	}
	uri, err := ResolveURI(base, id.Str)
	if err != nil {
		return "", r.fail(ptr, "$id", fmt.Sprintf("$id %q is not a URI reference: %v", id.Str, err))
	}
	if u, _ := url.Parse(uri); u != nil && u.Fragment != "" {
		if err := r.fail(ptr, "$id", fmt.Sprintf("$id %q has a fragment; name a place in a schema with $anchor instead", id.Str)); err != nil {
			return "", err
		}
	}
	return WithoutFragment(uri), nil
}

// fail returns the indexing error, or nil when the registry is lenient.
func (r *Registry) fail(ptr, keyword, reason string) error {
	if r.Lenient {
		return nil
	}
	return schemaErr(ptr, keyword, reason)
}

// newResource registers the resource whose root is n, at ptr, with the URI base.
func (r *Registry) newResource(n *Node, ptr, base string) (*Resource, error) {
	if old := r.byURI[base]; old != nil && old.Root != n {
		if err := r.fail(ptr, "$id", fmt.Sprintf("two schemas have the URI %s; give each its own $id", base)); err != nil {
			return nil, err
		}
		return old, nil // lenient: the first keeps the URI
	}
	res := &Resource{ID: len(r.Resources), URI: base, Root: n, Anchors: map[string]*Node{}, DynamicAnchors: map[string]*Node{}, Dialect: Draft202012}
	r.Resources = append(r.Resources, res)
	r.byURI[base] = res
	vocab, err := r.vocabularyOf(n, ptr)
	switch {
	case err != nil && !r.Lenient:
		return nil, err
	case err != nil:
		vocab = AllVocabularies
	}
	res.Vocab = vocab
	return res, nil
}

// recordAnchors records the $anchor and $dynamicAnchor of the schema n in res.
func (r *Registry) recordAnchors(n *Node, ptr string, res *Resource) error {
	for _, keyword := range []string{"$anchor", "$dynamicAnchor"} {
		a := n.Member(keyword)
		if a == nil {
			continue
		}
		if a.Kind != '"' || !IsAnchorName(a.Str) {
			if err := r.fail(ptr, keyword, fmt.Sprintf("%s must be a plain name (a letter or underscore, then letters, digits, '-', '_' or '.'), not %s", keyword, a.Raw)); err != nil {
				return err
			}
			if a.Kind != '"' {
				continue // lenient: a name that is no string names nothing
			}
		}
		if old := res.Anchors[a.Str]; old != nil && old != n {
			if err := r.fail(ptr, keyword, fmt.Sprintf("anchor %q is defined twice in %s", a.Str, res.URI)); err != nil {
				return err
			}
			continue
		}
		res.Anchors[a.Str] = n
		if keyword == "$dynamicAnchor" {
			res.DynamicAnchors[a.Str] = n
		}
	}
	return nil
}

// IsAnchorName reports whether s is a plain-name fragment as $anchor takes.
func IsAnchorName(s string) bool {
	for i, c := range []byte(s) {
		letter := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_'
		if !letter && (i == 0 || !('0' <= c && c <= '9' || c == '-' || c == '.')) {
			return false
		}
	}
	return s != ""
}

// Resource returns the resource with the absolute URI uri, or nil.
func (r *Registry) Resource(uri string) *Resource { return r.byURI[WithoutFragment(uri)] }

// Lookup finds the schema a URI reference names: a resource, an anchor in
// one, or a JSON Pointer into one. Documents the caller supplied are
// indexed on first use.
func (r *Registry) Lookup(uri string) (*Node, error) {
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
			return nil, &LookupError{URI: key, Missing: MissingResource}
		}
		if _, err := r.AddDocument(key, data); err != nil {
			r.failed[key] = err
			return nil, err
		}
		if res = r.byURI[key]; res == nil {
			return nil, fmt.Errorf("no schema has the URI %s", key)
		}
	}
	if res.Root.Place == nil {
		// Registered by a document whose indexing failed further on.
		return nil, fmt.Errorf("the schema with the URI %s could not be read", key)
	}
	switch {
	case fragment == "":
		return res.Root, nil
	case strings.HasPrefix(fragment, "/"):
		return r.Pointer(res, fragment)
	}
	if a := res.Anchors[fragment]; a != nil {
		return a, nil
	}
	return nil, &LookupError{URI: key, Fragment: fragment, Missing: MissingAnchor}
}

// Pointer follows a JSON Pointer from a resource's root. A schema found on
// the way through a place that is not a subschema keyword (an unknown
// keyword, say) is indexed with the base URI of the last schema passed.
func (r *Registry) Pointer(res *Resource, ptr string) (*Node, error) {
	n := res.Root
	if ptr == "" {
		return n, nil
	}
	last := n
	for _, tok := range strings.Split(ptr[1:], "/") {
		next := n.Step(jsonpointer.Unescape(tok))
		if next == nil {
			return nil, &LookupError{URI: res.URI, Fragment: ptr, Missing: MissingValue}
		}
		n = next
		if n.Place != nil {
			last = n
		}
	}
	if !n.IsSchema() {
		return nil, &LookupError{URI: res.URI, Fragment: ptr, Missing: NotASchema}
	}
	if n.Place == nil {
		// A schema where no keyword puts one: index it with the base it sits under.
		place := last.Place
		if err := r.index(place.Doc, n, res.Root.Place.Ptr+ptr, place.Base, place.Resource); err != nil {
			return nil, err
		}
	}
	return n, nil
}

// ResolveURI resolves a URI reference against an absolute base URI.
func ResolveURI(base, ref string) (string, error) {
	u, err := url.Parse(ref)
	if err != nil {
		return "", err
	}
	if base == "" || u.IsAbs() {
		return u.String(), nil
	}
	b, err := url.Parse(base)
	if err != nil {
		return "", err
	}
	if b.Opaque != "" && (u.Path != "" || u.Host != "") {
		return "", fmt.Errorf("cannot resolve the relative reference %q against %s", ref, base)
	}
	return b.ResolveReference(u).String(), nil
}

// WithoutFragment returns uri without its fragment.
func WithoutFragment(uri string) string {
	if i := strings.IndexByte(uri, '#'); i >= 0 {
		return uri[:i]
	}
	return uri
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
func (r *Registry) vocabularyOf(n *Node, ptr string) (Vocabulary, error) {
	s := n.Member("$schema")
	if s == nil {
		return AllVocabularies, nil
	}
	if s.Kind != '"' {
		return 0, schemaErr(ptr, "$schema", "$schema must be a string")
	}
	uri := WithoutFragment(s.Str)
	if uri == Draft202012.URI {
		return AllVocabularies, nil
	}
	if draft, ok := otherDialects[uri]; ok {
		return 0, schemaErr(ptr, "$schema", fmt.Sprintf("the schema is written in JSON Schema %s; toolgen compiles draft 2020-12 only: set $schema to %q and update the keywords that changed", draft, Draft202012.URI))
	}
	data, ok := r.supplied[uri]
	if !ok {
		return 0, schemaErr(ptr, "$schema", fmt.Sprintf("the meta-schema %s is unknown; use %q or supply the meta-schema", s.Str, Draft202012.URI))
	}
	meta, err := parseDocument(data)
	if err != nil {
		return 0, schemaErr(ptr, "$schema", fmt.Sprintf("the meta-schema %s is not valid JSON: %v", s.Str, err))
	}
	declared := meta.Member("$vocabulary")
	if declared == nil {
		return AllVocabularies, nil
	}
	v := VocabCore
	for _, m := range declared.Members {
		bit, known := Draft202012.Vocabularies[m.Name]
		switch {
		case known:
			v |= bit
		case m.Value.Kind == 't':
			return 0, schemaErr(ptr, "$schema", fmt.Sprintf("the meta-schema %s requires the vocabulary %s, which toolgen does not implement", s.Str, m.Name))
		}
	}
	return v, nil
}

// Enabled returns the value of keyword in the indexed schema n, or nil if
// n has none or the keyword's vocabulary is off for n's resource.
func Enabled(n *Node, keyword string) *Node {
	v := n.Member(keyword)
	if v == nil || n.Place == nil {
		return v
	}
	res := n.Place.Resource
	if k := res.Dialect.Keyword(keyword); k != nil && k.Vocabulary != 0 && res.Vocab&k.Vocabulary == 0 {
		return nil
	}
	return v
}
