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
	// instead of failing, recording each such problem in Problems: one
	// index then serves a linter, which reports those problems in its own
	// words and still wants the rest resolved, and a compiler, which
	// refuses the documents they are in.
	Lenient bool
	// Problems are what a lenient registry skipped, each naming its
	// document, in the order met: exactly the errors a strict registry
	// would have stopped at, and those past them.
	Problems []*RefError
	// DefaultDialect is the dialect of documents without "$schema"; nil
	// means the package's DefaultDialect.
	DefaultDialect *Dialect

	Resources []*Resource // in the order they were found
	byURI     map[string]*Resource
	docs      map[string]*Document
	supplied  map[string][]byte // documents the caller supplied, by URI
	// failed are the supplied documents that could not be indexed, with
	// why: a second lookup must fail the same way, not find the part of
	// the document indexed before the failure.
	failed map[string]error
	// reserved are URIs that belong to the documents to be added under
	// them, with what each document is (Reserve).
	reserved map[string]string
	indexing *Document // the document being indexed, which problems name
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

// NewRegistryOf is NewRegistry for documents keyed by absolute URIs without
// a fragment, which the registry reads in place rather than copies: a
// caller that makes a registry per schema of a catalog passes the
// catalog's documents to each at no cost.
func NewRegistryOf(supplied map[string][]byte) *Registry {
	r := NewRegistry(nil)
	if supplied != nil {
		r.supplied = supplied
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
	r.indexing = doc
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
	d, err := r.dialectOf(n, ptr, res)
	if err != nil {
		return err
	}
	uri, anchor, err := r.idOf(n, ptr, base, d)
	if err != nil {
		return err
	}
	if what, ok := r.reserved[uri]; ok && uri != doc.URI {
		if err := r.fail(ptr, "$id", fmt.Sprintf("$id %q gives the schema the URI %s, which is %s's; choose another $id", n.Member("$id").Str, uri, what)); err != nil {
			return err
		}
		uri = "" // lenient: the schema stays in the resource around it
	}
	switch {
	case uri != "":
		base, res = uri, nil
	case res != nil && d != res.Dialect:
		// $schema may change the dialect only where a resource starts.
		if err := r.fail(ptr, "$schema", fmt.Sprintf("$schema names draft %s inside a resource of draft %s; give the schema an $id of its own, or drop $schema", d.Name, res.Dialect.Name)); err != nil {
			return err
		}
		d = res.Dialect
	}
	if res == nil {
		if res, err = r.newResource(n, ptr, base, d); err != nil {
			return err
		}
	}
	n.Place = &Place{Doc: doc, Ptr: ptr, Base: base, Resource: res}
	if n.Kind != '{' {
		return nil
	}
	if anchor != "" {
		if err := r.addAnchor(n, ptr, "$id", anchor, res); err != nil {
			return err
		}
	}
	if err := r.recordAnchors(n, ptr, res); err != nil {
		return err
	}
	return d.Children(n, func(s Sub) error {
		return r.index(doc, s.Node, s.Pointer(ptr), base, res)
	})
}

// DefaultDialect is the dialect of a document that does not name one with
// "$schema", when the registry's DefaultDialect is nil: 2020-12, as MCP
// specifies for tool schemas.
var DefaultDialect = Draft202012

// dialectOf returns the dialect of the schema n, at ptr, inside the
// resource res (nil at a document's root): the one its "$schema" names, or
// else res's, or else the registry's default.
func (r *Registry) dialectOf(n *Node, ptr string, res *Resource) (*Dialect, error) {
	d := r.DefaultDialect
	if d == nil {
		d = DefaultDialect
	}
	if res != nil {
		d = res.Dialect
	}
	if n.Kind != '{' || n.Member("$schema") == nil {
		return d, nil
	}
	named, err := r.metaDialect(n.Member("$schema"), ptr, 0)
	switch {
	case err != nil && r.Lenient:
		r.record(err)
		return d, nil
	case err != nil:
		return nil, err
	}
	return named, nil
}

// idOf returns the absolute URI the $id of schema n (at ptr, under base,
// in dialect d) gives it, or "" when it has none, and the anchor its
// fragment names where d lets $id name one.
func (r *Registry) idOf(n *Node, ptr, base string, d *Dialect) (uri, anchor string, err error) {
	id := n.Member("$id")
	if id == nil || d.RefAlone && n.Member("$ref") != nil {
		return "", "", nil
	}
	if id.Kind != '"' {
		return "", "", r.fail(ptr, "$id", "$id must be a string")
	}
	uri, err = ResolveURI(base, id.Str)
	if err != nil {
		return "", "", r.fail(ptr, "$id", fmt.Sprintf("$id %q is not a URI reference: %v", id.Str, err))
	}
	if u, _ := url.Parse(uri); u != nil && u.Fragment != "" {
		if !d.FragmentIDs {
			if err := r.fail(ptr, "$id", fmt.Sprintf("$id %q has a fragment; name a place in a schema with $anchor instead", id.Str)); err != nil {
				return "", "", err
			}
		} else {
			anchor = u.Fragment
		}
	}
	if strings.HasPrefix(id.Str, "#") {
		return "", anchor, nil // a name within the current resource
	}
	return WithoutFragment(uri), anchor, nil
}

// fail returns the indexing error, or records it and returns nil when the
// registry is lenient.
func (r *Registry) fail(ptr, keyword, reason string) error {
	err := schemaErr(ptr, keyword, reason)
	if r.Lenient {
		r.record(err)
		return nil
	}
	return err
}

// record notes a problem a lenient registry skips, in the document being
// indexed.
func (r *Registry) record(err error) {
	re, ok := err.(*RefError)
	if !ok {
		re = &RefError{Reason: err.Error()}
	}
	if re.Doc == "" && r.indexing != nil {
		re.Doc = r.indexing.URI
	}
	r.Problems = append(r.Problems, re)
}

// Reserve keeps uri for the document to be added under it, what naming
// it in messages ("the input schema of tool \"a\""): an "$id" of another
// document that resolves to uri is then a problem (an error, if the
// registry is not lenient), rather than a second schema with the URI, so
// that no "$id" a catalog writes can take the place of one of its
// documents.
func (r *Registry) Reserve(uri, what string) {
	if r.reserved == nil {
		r.reserved = map[string]string{}
	}
	r.reserved[uri] = what
}

// newResource registers the resource of dialect d whose root is n, at ptr,
// with the URI base.
func (r *Registry) newResource(n *Node, ptr, base string, d *Dialect) (*Resource, error) {
	if old := r.byURI[base]; old != nil && old.Root != n {
		if err := r.fail(ptr, "$id", fmt.Sprintf("two schemas have the URI %s; give each its own $id", base)); err != nil {
			return nil, err
		}
		return old, nil // lenient: the first keeps the URI
	}
	res := &Resource{ID: len(r.Resources), URI: base, Root: n, Anchors: map[string]*Node{}, DynamicAnchors: map[string]*Node{}, Dialect: d}
	r.Resources = append(r.Resources, res)
	r.byURI[base] = res
	vocab, err := r.vocabularyOf(n, ptr)
	switch {
	case err != nil && !r.Lenient:
		return nil, err
	case err != nil:
		r.record(err)
		vocab = AllVocabularies
	}
	res.Vocab = vocab
	if a := n.Member("$recursiveAnchor"); a != nil && d.Keyword("$recursiveAnchor") != nil && a.Kind == 't' {
		res.DynamicAnchors[RecursiveAnchor] = n
	}
	return res, nil
}

// recordAnchors records the $anchor and $dynamicAnchor of the schema n in
// res, as far as res's dialect has them.
func (r *Registry) recordAnchors(n *Node, ptr string, res *Resource) error {
	for _, keyword := range []string{"$anchor", "$dynamicAnchor"} {
		a := n.Member(keyword)
		if a == nil || res.Dialect.Keyword(keyword) == nil {
			continue
		}
		if a.Kind != '"' {
			if err := r.fail(ptr, keyword, fmt.Sprintf("%s must be a plain name (a letter or underscore, then letters, digits, '-', '_' or '.'), not %s", keyword, a.Raw)); err != nil {
				return err
			}
			continue // lenient: a name that is no string names nothing
		}
		if err := r.addAnchor(n, ptr, keyword, a.Str, res); err != nil {
			return err
		}
		if keyword == "$dynamicAnchor" {
			res.DynamicAnchors[a.Str] = n
		}
	}
	return nil
}

// addAnchor names the schema n, at ptr, name in res, as keyword says.
func (r *Registry) addAnchor(n *Node, ptr, keyword, name string, res *Resource) error {
	if !IsAnchorName(name) {
		if err := r.fail(ptr, keyword, fmt.Sprintf("%s must be a plain name (a letter or underscore, then letters, digits, '-', '_' or '.'), not %q", keyword, name)); err != nil {
			return err
		}
	}
	if old := res.Anchors[name]; old != nil && old != n {
		return r.fail(ptr, keyword, fmt.Sprintf("anchor %q is defined twice in %s", name, res.URI))
	}
	res.Anchors[name] = n
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

// Resolve finds the schema that ref, the value of a "$ref" (or
// "$dynamicRef", "$recursiveRef") in the indexed schema n, names: the
// reference resolved against n's base URI, then looked up. It is the one
// way every reader of an index follows a reference, whatever its form (a
// JSON Pointer, an anchor, a relative or absolute URI, another document's
// "$id").
func (r *Registry) Resolve(n *Node, ref string) (*Node, error) {
	if n.Place == nil {
		return nil, fmt.Errorf("the schema holding the reference %q is not indexed", ref)
	}
	uri, err := ResolveURI(n.Place.Base, ref)
	if err != nil {
		return nil, &URIError{Ref: ref, Err: err}
	}
	return r.Lookup(uri)
}

// URIError is a reference that is not a URI reference.
type URIError struct {
	Ref string
	Err error
}

func (e *URIError) Error() string {
	return fmt.Sprintf("%q is not a URI reference: %v", e.Ref, e.Err)
}

func (e *URIError) Unwrap() error { return e.Err }

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
		r.indexing = place.Doc
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

// olderDrafts are the meta-schemas of drafts before draft-07, which toolgen
// does not compile.
var olderDrafts = map[string]string{
	"http://json-schema.org/draft-06/schema": "draft-06",
	"http://json-schema.org/draft-04/schema": "draft-04",
	"http://json-schema.org/draft-03/schema": "draft-03",
}

// maxMetaDepth bounds the chain of meta-schemas, each naming its own with
// "$schema", that metaDialect follows to a dialect toolgen knows.
const maxMetaDepth = 8

// metaDialect returns the dialect of the meta-schema that the "$schema"
// value s, of the schema at ptr, names: a dialect toolgen compiles, or a
// meta-schema the caller supplied, whose own "$schema" says its dialect.
func (r *Registry) metaDialect(s *Node, ptr string, depth int) (*Dialect, error) {
	if s.Kind != '"' {
		return nil, schemaErr(ptr, "$schema", "$schema must be a string")
	}
	uri := WithoutFragment(s.Str)
	if d := Dialects[uri]; d != nil {
		return d, nil
	}
	if draft, ok := olderDrafts[uri]; ok {
		return nil, schemaErr(ptr, "$schema", fmt.Sprintf("the schema is written in JSON Schema %s; toolgen compiles drafts 2020-12, 2019-09 and 7: set $schema to %q and update the keywords that changed", draft, Draft202012.URI))
	}
	meta, err := r.metaSchema(s, ptr)
	if err != nil {
		return nil, err
	}
	next := meta.Member("$schema")
	switch {
	case next == nil:
		return Draft202012, nil // a meta-schema that names none is read as 2020-12
	case depth >= maxMetaDepth || WithoutFragment(next.Str) == uri && Dialects[uri] == nil:
		return nil, schemaErr(ptr, "$schema", fmt.Sprintf("the meta-schema %s does not lead to a draft toolgen knows; give it a $schema of %q", s.Str, Draft202012.URI))
	}
	return r.metaDialect(next, ptr, depth+1)
}

// metaSchema parses the meta-schema the caller supplied for the "$schema"
// value s.
func (r *Registry) metaSchema(s *Node, ptr string) (*Node, error) {
	data, ok := r.supplied[WithoutFragment(s.Str)]
	if !ok {
		return nil, schemaErr(ptr, "$schema", fmt.Sprintf("the meta-schema %s is unknown; use %q or supply the meta-schema", s.Str, Draft202012.URI))
	}
	meta, err := parseDocument(data)
	if err != nil {
		return nil, schemaErr(ptr, "$schema", fmt.Sprintf("the meta-schema %s is not valid JSON: %v", s.Str, err))
	}
	return meta, nil
}

// vocabularyOf works out the vocabularies of the resource whose root is n
// from its $schema.
func (r *Registry) vocabularyOf(n *Node, ptr string) (Vocabulary, error) {
	s := n.Member("$schema")
	if s == nil {
		return AllVocabularies, nil
	}
	d, err := r.metaDialect(s, ptr, 0)
	if err != nil {
		return 0, err
	}
	if Dialects[WithoutFragment(s.Str)] != nil {
		return AllVocabularies, nil
	}
	meta, err := r.metaSchema(s, ptr)
	if err != nil {
		return 0, err
	}
	declared := meta.Member("$vocabulary")
	if declared == nil || d.Vocabularies == nil {
		return AllVocabularies, nil
	}
	v := VocabCore
	for _, m := range declared.Members {
		bit, known := d.Vocabularies[m.Name]
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
// n has none, the keyword is not one of the dialect of n's resource, its
// vocabulary is off there, or the dialect ignores it beside "$ref".
func Enabled(n *Node, keyword string) *Node {
	v := n.Member(keyword)
	if v == nil || n.Place == nil {
		return v
	}
	res := n.Place.Resource
	k := res.Dialect.Keyword(keyword)
	if k == nil || k.Vocabulary != 0 && res.Vocab&k.Vocabulary == 0 {
		return nil // not a keyword of the dialect, or one of a vocabulary turned off
	}
	if res.Dialect.RefAlone && keyword != "$ref" && n.Member("$ref") != nil {
		return nil // $ref overrides the words beside it
	}
	return v
}
