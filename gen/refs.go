package gen

import (
	"fmt"

	"github.com/atombender/go-jsonschema/pkg/schemas"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/schema"
)

// The typed reader follows a "$ref" the way the schema function and Lint
// do: resolved against the base URI of the schema holding it and looked up
// in the catalog's index. Every form that validates then also types: a
// JSON Pointer, an anchor, an "$id" relative or absolute (TypeBox writes
// "$ref": "Thread" beside "$defs": {"Thread": {"$id": "Thread"}}), the
// draft-07 and 2019-09 spellings, and another tool's schema by its "$id".

// followRef returns the schema the "$ref" of the indexed schema j names;
// nil with no error when j has no "$ref" string.
func (b *builder) followRef(j *schema.Node) (*schema.Node, error) {
	ref := j.Member("$ref")
	if ref == nil || ref.Kind != '"' {
		return nil, nil
	}
	if j.Place == nil {
		return nil, fmt.Errorf("the schema holding it could not be read")
	}
	return b.registry.Resolve(j, ref.Str)
}

// refOf is followRef of the schema n of the document being built.
func (b *builder) refOf(n *node) (*schema.Node, error) {
	j, err := b.indexed(n)
	if err != nil {
		return nil, err
	}
	return b.followRef(j)
}

// docState is what the builder keeps of one schema document while it
// builds a tool's schema: where the document stands, and what it has built
// of it, by JSON Pointer in the document.
type docState struct {
	tool                        *catalog.Tool
	toolAt                      int
	doc                         *schema.Document
	tree                        *schema.Node
	root                        jsontext.Value
	base, schema                string
	built                       map[string]*Value
	building, reported, goNamed map[string]bool
	goExts                      map[string]*schemas.GoJSONSchemaExtension
	goApplied, goFieldApplied   map[string]bool
}

func (b *builder) saveDoc() *docState {
	return &docState{b.tool, b.toolAt, b.doc, b.tree, b.root, b.base, b.schema,
		b.built, b.building, b.reported, b.goNamed, b.goExts, b.goApplied, b.goFieldApplied}
}

func (b *builder) restoreDoc(s *docState) {
	b.tool, b.toolAt, b.doc, b.tree, b.root, b.base, b.schema = s.tool, s.toolAt, s.doc, s.tree, s.root, s.base, s.schema
	b.built, b.building, b.reported, b.goNamed = s.built, s.building, s.reported, s.goNamed
	b.goExts, b.goApplied, b.goFieldApplied = s.goExts, s.goApplied, s.goFieldApplied
}

// inDocument runs f with doc, another tool's schema, as the document being
// built, so that what f builds is keyed, named and located in that tool's
// schema; then returns to the document being built before. A document
// entered again finds what was built of it, so that a cycle of references
// across tools ends as one within a tool does.
func (b *builder) inDocument(doc *schema.Document, f func()) {
	if doc == b.doc {
		f()
		return
	}
	here := b.saveDoc()
	b.docStates[here.doc] = here
	there := b.docStates[doc]
	if there == nil {
		origin, _ := b.index.Origin(doc.URI)
		t := &b.cat.Tools[origin.Tool]
		there = &docState{tool: t, toolAt: origin.Tool, doc: doc, tree: doc.Root, root: doc.Root.Raw,
			base: t.SchemaPointer, schema: origin.Which(),
			built: map[string]*Value{}, building: map[string]bool{}, reported: map[string]bool{}, goNamed: map[string]bool{},
			goExts: map[string]*schemas.GoJSONSchemaExtension{}, goApplied: map[string]bool{}, goFieldApplied: map[string]bool{}}
		if origin.Output {
			there.base = t.OutputSchemaPointer
		}
		b.docStates[doc] = there
	}
	b.restoreDoc(there)
	f()
	b.restoreDoc(here)
}

// distinct returns ds without repeats, in order: a schema of another tool
// that a $ref leads into is built, and its problems reported at their
// place, from each tool that refers to it as well as from its own.
func distinct(ds catalog.Diagnostics) catalog.Diagnostics {
	seen := make(map[catalog.Diagnostic]bool, len(ds))
	out := ds[:0]
	for _, d := range ds {
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	return out
}
