package catalog

import (
	"fmt"
	"net/url"
	"strconv"
	"sync"

	"github.com/toolgen/toolgen/internal/schema"
)

// A catalog's schemas are read once, with the file, and indexed once: the
// loader keeps each tool's schemas as trees of the file's tree
// (internal/schema), and the catalog's Index makes every one of them a
// document of one registry. Lint, LintProvider, the strict variant, the
// generator and the templates read those documents and resolve a "$ref"
// through that registry, so they agree on what every reference means,
// across tools by "$id" too.

// Index is a catalog's input and output schemas as documents of one
// registry (internal/schema's), indexed leniently: what the registry
// could not use is in Registry().Problems, for the generator to refuse.
//
// A document's URI, the base its references resolve against unless it has
// an "$id", is
//
//	https://toolgen.invalid/tools/NAME/input/schema.json
//	https://toolgen.invalid/tools/NAME/output/schema.json
//
// with the tool's name as one path segment (percent-encoded, "." and ".."
// too) and, for the k-th tool of a name used before (an error Lint
// reports), "/k" after NAME. Each schema is a folder of its own, so that a
// relative "$id" or "$ref" ("address.json") resolves within it. The URIs
// depend on the tool's name alone, so adding a tool changes no other's;
// ".invalid" is reserved (RFC 2606), so no schema published anywhere has
// one, and each URI is reserved in the registry, so that an "$id" of the
// catalog that resolves to one is a problem the generator refuses rather
// than a second schema with the URI.
type Index struct {
	reg     *schema.Registry
	docs    [][2]indexed // per tool, its input and output schema
	origins map[string]Origin
}

// indexed is one schema of the index: its document, or why there is none.
type indexed struct {
	doc *schema.Document
	err error // the schema's text is not JSON (a catalog made by hand)
}

// Origin is where a document of an Index stands in the catalog.
type Origin struct {
	Tool   int  // the tool's index in Catalog.Tools
	Output bool // the output schema, rather than the input schema
}

// Which names the schema: "input" or "output".
func (o Origin) Which() string { return whichSchema(o.Output) }

// indexOnce holds a catalog's Index, made when first asked for. The tools
// a loader reads record the one of their catalog: a tool copied into
// another catalog (Without, FirstOfEachName) has its trees copied into that
// catalog's index, since a tree is indexed by one registry only.
type indexOnce struct {
	once  sync.Once
	index *Index
}

// Index returns the catalog's index, made once, on first use. A catalog
// assembled by hand, not by Load or Parse, is indexed anew on each call.
func (c *Catalog) Index() *Index {
	if c.schemas == nil {
		return newIndex(c, nil)
	}
	c.schemas.once.Do(func() { c.schemas.index = newIndex(c, c.schemas) })
	return c.schemas.index
}

// Registry returns the registry every schema of the catalog is a document of.
func (x *Index) Registry() *schema.Registry { return x.reg }

// Document returns the input schema (output false) or output schema of the
// tool with index i in Catalog.Tools; nil when the tool has none, or its
// text is not JSON (Lint reports that).
func (x *Index) Document(i int, output bool) *schema.Document {
	if i < 0 || i >= len(x.docs) {
		return nil
	}
	return x.docs[i][b2i(output)].doc
}

// readError returns why the schema of tool i has no document, if its text
// is not JSON.
func (x *Index) readError(i int, output bool) error { return x.docs[i][b2i(output)].err }

// Origin returns where the document with the URI uri stands in the catalog.
func (x *Index) Origin(uri string) (Origin, bool) {
	o, ok := x.origins[uri]
	return o, ok
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// whichSchema names a tool's schema: "input" or "output".
func whichSchema(output bool) string {
	if output {
		return "output"
	}
	return "input"
}

// toolSchemaURI is the URI of the document of a schema of the tool named
// name, the k-th tool of that name (from 1).
func toolSchemaURI(name string, k int, output bool) string {
	seg := url.PathEscape(name)
	if name == "." || name == ".." {
		seg = map[string]string{".": "%2E", "..": "%2E%2E"}[name] // not a dot segment
	}
	if k > 1 {
		seg += "/" + strconv.Itoa(k)
	}
	return "https://toolgen.invalid/tools/" + seg + "/" + whichSchema(output) + "/schema.json"
}

// newIndex indexes the schemas of c's tools; owner is c's indexOnce, whose
// tools' trees are indexed in place.
func newIndex(c *Catalog, owner *indexOnce) *Index {
	x := &Index{reg: schema.NewRegistry(nil), docs: make([][2]indexed, len(c.Tools)), origins: map[string]Origin{}}
	x.reg.Lenient = true
	type pending struct {
		i      int
		output bool
		uri    string
		root   *schema.Node
	}
	var todo []pending
	seen := map[string]int{}
	for i := range c.Tools {
		t := &c.Tools[i]
		seen[t.Name]++
		for _, output := range []bool{false, true} {
			root, text := t.input, t.InputSchema
			if output {
				root, text = t.output, t.OutputSchema
			}
			switch {
			case root == nil && text == nil:
				continue
			case root == nil:
				// A tool made by hand carries its text alone.
				tree, err := schema.Parse(text, schema.ParseOptions{OnDuplicate: func(schema.Duplicate) {}})
				if err != nil {
					x.docs[i][b2i(output)].err = err
					continue
				}
				root = tree
			case t.owner != owner || owner == nil:
				root = root.Clone() // another catalog's tree, maybe indexed there
			}
			uri := toolSchemaURI(t.Name, seen[t.Name], output)
			x.origins[uri] = Origin{Tool: i, Output: output}
			x.reg.Reserve(uri, fmt.Sprintf("the %s schema of tool %q", whichSchema(output), t.Name))
			todo = append(todo, pending{i, output, uri, root})
		}
	}
	for _, p := range todo {
		// A root that is not a schema has no document: the loader and
		// Lint say so.
		x.docs[p.i][b2i(p.output)].doc, _ = x.reg.AddTree(p.uri, p.root)
	}
	return x
}
