package gen

import (
	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/schema"
)

// unreadableNumbers reports each schema of the catalog that has a number
// past the bounds of schema.NumberReadable, as Lint does: generation runs
// on a catalog Lint refused, too, and reading such a number exactly (a
// bound of an integer, a default) would take minutes or fail.
func unreadableNumbers(cat *catalog.Catalog) catalog.Diagnostics {
	var diags catalog.Diagnostics
	for _, t := range cat.Tools {
		for _, s := range []struct {
			which, base string
			raw         []byte
		}{{"input", t.SchemaPointer, t.InputSchema}, {"output", t.OutputSchemaPointer, t.OutputSchema}} {
			if s.raw == nil {
				continue
			}
			if text, ptr := schema.UnreadableNumber(s.raw); text != "" {
				diags = append(diags, cat.Diagnostic(catalog.Error, t.Name, s.base+ptr, "%s", schema.UnreadableNumberMessage(s.which, text)))
			}
		}
	}
	return diags
}
