package schema

import (
	"errors"
	"strings"
	"testing"
)

const base = "https://example.test/tools/t/input/schema.json"

func addDoc(t *testing.T, r *Registry, uri, text string) *Document {
	t.Helper()
	doc, err := r.AddDocument(uri, []byte(text))
	if err != nil {
		t.Fatalf("AddDocument: %v", err)
	}
	return doc
}

// TestLookup resolves references of every kind against one document with
// nested, relative $ids, anchors and a cycle.
func TestLookup(t *testing.T) {
	r := NewRegistry(nil)
	doc := addDoc(t, r, base, `{
		"$defs": {
			"self": {"$ref": "#"},
			"loop": {"$ref": "#/$defs/loop"},
			"addr": {"$id": "address.json", "$anchor": "street",
				"properties": {"zip": {"$id": "zip/code.json", "type": "string"}}},
			"tree": {"$dynamicAnchor": "node", "items": {"$dynamicRef": "#node"}}
		},
		"x-other": {"deep": {"type": "integer"}}
	}`)
	root := doc.Root
	for _, c := range []struct{ ref, at string }{
		{base, ""},
		{base + "#", ""},
		{base + "#/$defs/self", "/$defs/self"},
		{base + "#/$defs/loop", "/$defs/loop"},
		{"https://example.test/tools/t/input/address.json", "/$defs/addr"},
		{"https://example.test/tools/t/input/address.json#street", "/$defs/addr"},
		{"https://example.test/tools/t/input/address.json#/properties/zip", "/$defs/addr/properties/zip"},
		{"https://example.test/tools/t/input/zip/code.json", "/$defs/addr/properties/zip"},
		{base + "#node", "/$defs/tree"},
		{base + "#/x-other/deep", "/x-other/deep"},
	} {
		got, err := r.Lookup(c.ref)
		if err != nil {
			t.Errorf("Lookup(%s): %v", c.ref, err)
			continue
		}
		if want := root.At(c.at); got != want {
			t.Errorf("Lookup(%s) found the wrong node", c.ref)
		}
		if got.Place == nil {
			t.Errorf("Lookup(%s): the node is not indexed", c.ref)
		}
	}
	// The base URI of a nested resource is its own; of what sits under an
	// unknown keyword, the enclosing schema's.
	zip := root.At("/$defs/addr/properties/zip")
	if zip.Place.Base != "https://example.test/tools/t/input/zip/code.json" || zip.Place.Ptr != "/$defs/addr/properties/zip" {
		t.Errorf("zip place %+v", *zip.Place)
	}
	if deep := root.At("/x-other/deep"); deep.Place.Base != base || deep.Place.Resource != root.Place.Resource {
		t.Errorf("deep place %+v", *deep.Place)
	}
	if tree := root.At("/$defs/tree"); root.Place.Resource.DynamicAnchors["node"] != tree {
		t.Error("$dynamicAnchor not recorded")
	}
	for _, ref := range []string{base + "#/$defs/none", base + "#nowhere", "https://elsewhere.test/x.json", base + "#/$defs/addr/$id"} {
		if _, err := r.Lookup(ref); err == nil {
			t.Errorf("Lookup(%s) succeeded", ref)
		}
	}
}

// TestIndexErrors checks that the malformed identifiers are refused, at the
// schema and keyword that hold them.
func TestIndexErrors(t *testing.T) {
	for _, c := range []struct{ doc, ptr, keyword, says string }{
		{`{"$id": 3}`, "", "$id", "must be a string"},
		{`{"$defs":{"a":{"$id":"a.json#x"}}}`, "/$defs/a", "$id", "has a fragment"},
		{`{"$defs":{"a":{"$id":"same.json"},"b":{"$id":"same.json"}}}`, "/$defs/b", "$id", "two schemas"},
		{`{"$defs":{"a":{"$anchor":"x"},"b":{"$anchor":"x"}}}`, "/$defs/b", "$anchor", "defined twice"},
		{`{"$anchor":"1x"}`, "", "$anchor", "plain name"},
		{`{"$schema":"http://json-schema.org/draft-04/schema#"}`, "", "$schema", "draft-04"},
		{`{"$defs":{"a":{"$schema":"http://json-schema.org/draft-07/schema#"}}}`, "/$defs/a", "$schema", "inside a resource"},
		{`{"$schema":"https://unknown.test/meta"}`, "", "$schema", "unknown"},
	} {
		_, err := NewRegistry(nil).AddDocument(base, []byte(c.doc))
		var re *RefError
		if !errors.As(err, &re) {
			t.Errorf("%s: error %v, want a *RefError", c.doc, err)
			continue
		}
		if re.Ptr != c.ptr || re.Keyword != c.keyword || re.Doc != base || !strings.Contains(re.Reason, c.says) {
			t.Errorf("%s: %+v, want %s at %q (%s)", c.doc, *re, c.keyword, c.ptr, c.says)
		}
	}
}

// TestSuppliedDocuments checks that a supplied document is indexed on first
// use, that one that fails fails the same way each time, and that a
// meta-schema's $vocabulary turns vocabularies off.
func TestSuppliedDocuments(t *testing.T) {
	r := NewRegistry(map[string][]byte{
		"https://example.test/other.json#": []byte(`{"$defs":{"n":{"type":"number"}}}`),
		"https://example.test/bad.json":    []byte(`{"$anchor": 7}`),
		"https://example.test/meta":        []byte(`{"$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/core":true,"https://json-schema.org/draft/2020-12/vocab/applicator":true}}`),
	})
	if n, err := r.Lookup("https://example.test/other.json#/$defs/n"); err != nil || n.Member("type").Str != "number" {
		t.Errorf("supplied document: %v", err)
	}
	_, err1 := r.Lookup("https://example.test/bad.json")
	_, err2 := r.Lookup("https://example.test/bad.json#/x")
	if err1 == nil || err2 == nil || err1.Error() != err2.Error() {
		t.Errorf("a failed document failed differently: %v / %v", err1, err2)
	}
	doc := addDoc(t, r, base, `{"$schema":"https://example.test/meta","minLength":2,"not":{}}`)
	if Enabled(doc.Root, "minLength") != nil || Enabled(doc.Root, "not") == nil {
		t.Errorf("vocabulary %b: validation should be off, applicator on", doc.Root.Place.Resource.Vocab)
	}
}

func TestResolveURI(t *testing.T) {
	for _, c := range []struct{ base, ref, want string }{
		{"https://a.test/x/y.json", "z.json", "https://a.test/x/z.json"},
		{"https://a.test/x/y.json", "../z.json#f", "https://a.test/z.json#f"},
		{"https://a.test/x/y.json", "urn:other", "urn:other"},
		{"", "rel.json", "rel.json"},
	} {
		if got, err := ResolveURI(c.base, c.ref); err != nil || got != c.want {
			t.Errorf("ResolveURI(%q, %q) = %q, %v; want %q", c.base, c.ref, got, err, c.want)
		}
	}
	if _, err := ResolveURI("urn:a:b", "c/d"); err == nil {
		t.Error("a path resolved against an opaque URI")
	}
}

// TestLenientIndexing checks that a lenient registry indexes past every
// problem a strict one refuses, and still resolves what is well formed.
func TestLenientIndexing(t *testing.T) {
	for _, doc := range []string{
		`{"$id": 3, "$defs":{"ok":{"type":"string"}}}`,
		`{"$defs":{"a":{"$id":"a.json#x"},"ok":{"type":"string"}}}`,
		`{"$defs":{"a":{"$id":"same.json"},"b":{"$id":"same.json"},"ok":{"type":"string"}}}`,
		`{"$defs":{"a":{"$anchor":"x"},"b":{"$anchor":"x"},"ok":{"type":"string"}}}`,
		`{"$anchor":"1x","$defs":{"ok":{"type":"string"}}}`,
		`{"$anchor":7,"$dynamicAnchor":"node","$defs":{"ok":{"type":"string"}}}`,
		`{"$schema":"http://json-schema.org/draft-04/schema#","$defs":{"ok":{"type":"string"}}}`,
	} {
		r := NewRegistry(nil)
		r.Lenient = true
		if _, err := r.AddDocument(base, []byte(doc)); err != nil {
			t.Errorf("%s: lenient indexing failed: %v", doc, err)
			continue
		}
		if n, err := r.Lookup(base + "#/$defs/ok"); err != nil || n.Member("type").Str != "string" {
			t.Errorf("%s: %v", doc, err)
		}
		if strings.Contains(doc, "$dynamicAnchor") {
			if n, err := r.Lookup(base + "#node"); err != nil || n != r.Resource(base).Root {
				t.Errorf("%s: the dynamic anchor beside a malformed $anchor is lost: %v", doc, err)
			}
		}
	}
	var le *LookupError
	if _, err := NewRegistry(nil).Lookup("https://none.test/x"); !errors.As(err, &le) || le.Missing != MissingResource {
		t.Errorf("missing resource: %v", err)
	}
}
