package schema

import (
	"testing"
)

// TestDialectBySchema checks that each resource takes the dialect its
// $schema names, that resources without one inherit their parent's, and
// that the registry's default applies to documents that name none.
func TestDialectBySchema(t *testing.T) {
	r := NewRegistry(nil)
	doc := addDoc(t, r, base, `{
		"$schema": "http://json-schema.org/draft-07/schema#",
		"definitions": {
			"inner": {"$id": "inner.json", "type": "string"},
			"later": {"$id": "later.json", "$schema": "https://json-schema.org/draft/2019-09/schema", "$defs": {"x": {"$id": "x.json"}}}
		}
	}`)
	for uri, want := range map[string]*Dialect{base: Draft07, "https://example.test/tools/t/input/inner.json": Draft07, "https://example.test/tools/t/input/later.json": Draft201909, "https://example.test/tools/t/input/x.json": Draft201909} {
		res := r.Resource(uri)
		if res == nil || res.Dialect != want {
			t.Errorf("%s: resource %v, want dialect %s", uri, res, want.Name)
		}
	}
	if DialectOf(doc.Root) != Draft07 {
		t.Errorf("DialectOf(root) = %s", DialectOf(doc.Root).Name)
	}
	r2 := NewRegistry(nil)
	r2.DefaultDialect = Draft07
	if d := addDoc(t, r2, base, `{"type":"object"}`); DialectOf(d.Root) != Draft07 {
		t.Errorf("the registry's default dialect was not used: %s", DialectOf(d.Root).Name)
	}
	if d := addDoc(t, NewRegistry(nil), base, `{"type":"object"}`); DialectOf(d.Root) != Draft202012 {
		t.Errorf("a schema without $schema is %s, want 2020-12", DialectOf(d.Root).Name)
	}
}

// TestDraft07Identifiers checks draft-07's own rules: a fragment $id names
// its schema, and $id and every other word beside $ref are ignored.
func TestDraft07Identifiers(t *testing.T) {
	r := NewRegistry(nil)
	addDoc(t, r, base, `{
		"$schema": "http://json-schema.org/draft-07/schema#",
		"definitions": {
			"named": {"$id": "#foo", "type": "integer"},
			"ref": {"$id": "elsewhere.json", "$ref": "#foo", "properties": {"p": {"$id": "#bar"}}}
		}
	}`)
	if n, err := r.Lookup(base + "#foo"); err != nil || n.Member("type").Str != "integer" {
		t.Errorf("the fragment $id names nothing: %v", err)
	}
	if r.Resource("https://example.test/tools/t/input/elsewhere.json") != nil {
		t.Error("the $id beside $ref made a resource")
	}
	// Subschemas beside $ref are still schemas a pointer may reach.
	if n, err := r.Lookup(base + "#bar"); err != nil || n != r.Resource(base).Root.At("/definitions/ref/properties/p") {
		t.Errorf("an anchor under a word beside $ref was not indexed: %v", err)
	}
	ref := r.Resource(base).Root.At("/definitions/ref")
	if Enabled(ref, "properties") != nil || Enabled(ref, "$ref") == nil {
		t.Error("Enabled does not ignore the words beside $ref")
	}
	if Enabled(r.Resource(base).Root, "$defs") != nil {
		t.Error("$defs is a keyword of draft-07")
	}
	// In 2020-12 the same words are kept, and a fragment $id is an error.
	if _, err := NewRegistry(nil).AddDocument(base, []byte(`{"$defs":{"a":{"$id":"#foo"}}}`)); err == nil {
		t.Error("2020-12 accepted a fragment $id")
	}
}

// TestTupleItems checks that array-form items of the older drafts are
// walked item by item, and that 2019-09's $recursiveAnchor is recorded.
func TestTupleItems(t *testing.T) {
	for _, d := range []*Dialect{Draft07, Draft201909} {
		r := NewRegistry(nil)
		doc := addDoc(t, r, base, `{"$schema":"`+d.URI+`","items":[{"type":"string"},{"$id":"second.json"}],"additionalItems":{"type":"integer"}}`)
		var got []string
		d.Walk(doc.Root, func(v Visit) bool { got = append(got, v.Pointer); return true })
		want := []string{"", "/items/0", "/items/1", "/additionalItems"}
		if len(got) != len(want) || got[1] != want[1] || got[2] != want[2] || got[3] != want[3] {
			t.Errorf("%s: walked %q, want %q", d.Name, got, want)
		}
		if r.Resource("https://example.test/tools/t/input/second.json") == nil {
			t.Errorf("%s: the $id in a tuple item was not indexed", d.Name)
		}
	}
	r := NewRegistry(nil)
	doc := addDoc(t, r, base, `{"$schema":"https://json-schema.org/draft/2019-09/schema","$recursiveAnchor":true}`)
	if r.Resource(base).DynamicAnchors[RecursiveAnchor] != doc.Root {
		t.Error("$recursiveAnchor: true was not recorded")
	}
	if Draft202012.Keyword("$recursiveRef") != nil || Draft201909.Keyword("prefixItems") != nil || Draft07.Keyword("unevaluatedProperties") != nil {
		t.Error("a dialect has a keyword of another draft")
	}
}
