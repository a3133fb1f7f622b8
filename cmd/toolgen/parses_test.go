package main

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen"
	jsonschema "github.com/toolgen/toolgen/internal/schema"
	"github.com/toolgen/toolgen/templates"
)

// parsesCatalog is a catalog whose every schema, and subschema, has a
// description no other has ("mark-TOOL-in-K"), so that a parse of any part
// of a schema's text is told by the marks it holds. Its references cross
// tools by "$id", go by TypeBox's bare "$id" and by anchor, and one tool has
// an output schema, so that every stage has something to resolve.
func parsesCatalog() string {
	schemaOf := func(tool, which string) string {
		m := func(k int) string { return fmt.Sprintf(`"description":"mark-%s-%s-%d"`, tool, which, k) }
		return `{"$id":"https://example.com/` + tool + `/` + which + `/schema.json",` + m(0) + `,"type":"object","properties":{` +
			`"name":{` + m(1) + `,"type":"string","minLength":1},` +
			`"thread":{` + m(2) + `,"$ref":"Thread"},` +
			`"tags":{` + m(3) + `,"type":"array","items":{` + m(4) + `,"$ref":"#tag"}},` +
			`"peer":{` + m(5) + `,"$ref":"https://example.com/a/in/schema.json#/$defs/Thread"}` +
			`},"required":["name"],"additionalProperties":false,"$defs":{` +
			`"Thread":{"$id":"Thread",` + m(6) + `,"type":"object","properties":{"id":{` + m(7) + `,"type":"integer"}},"required":["id"],"additionalProperties":false},` +
			`"tag":{"$anchor":"tag",` + m(8) + `,"type":"string","enum":["x","y"]}}}`
	}
	return `{"tools":[` +
		`{"name":"a","description":"tool a","inputSchema":` + schemaOf("a", "in") + `,"outputSchema":` + schemaOf("a", "out") + `},` +
		`{"name":"b","description":"tool b","inputSchema":` + schemaOf("b", "in") + `}]}`
}

// TestEachSchemaParsedOnce runs every stage of toolgen that reads schemas
// on one loaded catalog, as the CLI does (lint, strict lint, every
// provider's lint, the strict variants, generation with the strict variant
// and the client, the Markdown reference), with every parse of JSON text
// traced: each part of each schema is parsed once, when the file is read.
func TestEachSchemaParsedOnce(t *testing.T) {
	text := parsesCatalog()
	var (
		mu     sync.Mutex
		parses = map[string]int{} // mark -> parses whose text holds it
	)
	var marks []string
	for _, tool := range []string{"a-in", "a-out", "b-in"} {
		for k := range 9 {
			marks = append(marks, fmt.Sprintf("mark-%s-%d", tool, k))
		}
	}
	stop := jsonschema.TraceParses(func(data []byte) {
		mu.Lock()
		defer mu.Unlock()
		for _, m := range marks {
			if bytes.Contains(data, []byte(`"`+m+`"`)) {
				parses[m]++
			}
		}
	})
	defer stop()

	cat, diags := catalog.Parse("parses.json", []byte(text))
	diags = diags.Merge(catalog.Lint(cat, catalog.LintOptions{}))
	diags = diags.Merge(catalog.Lint(cat, catalog.LintOptions{Strict: true}))
	for _, p := range catalog.Providers() {
		catalog.LintProvider(cat, p) // what providers say of it is not this test's
	}
	for i := range cat.Tools {
		if _, err := cat.Tools[i].StrictVariant(); err != nil {
			t.Errorf("the strict variant of %s: %v", cat.Tools[i].Name, err)
		}
	}
	src, genDiags := gen.Generate(cat.FirstOfEachName(), gen.Options{Package: "tools", Source: "parses.json", OpenAIStrict: true, Client: true})
	diags = diags.Merge(genDiags)
	var md bytes.Buffer
	if err := templates.WriteToolsMarkdown(&md, cat, "parses.json"); err != nil {
		t.Fatal(err)
	}
	stop()
	if diags.HasErrors() {
		t.Fatalf("the catalog does not generate: %v", diags)
	}
	for _, m := range marks {
		if parses[m] != 1 {
			t.Errorf("%s: the schema text holding it was parsed %d times, want once", m, parses[m])
		}
	}
	// What each stage read is there: the typed thread, the docs' rows.
	if !bytes.Contains(src, []byte("Thread *")) || !strings.Contains(md.String(), "mark-b-in-7") {
		t.Errorf("the stages did not read the schemas: generated %d bytes, reference %d bytes", len(src), md.Len())
	}
}
