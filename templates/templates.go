// Package templates holds the text templates of toolgen's outputs that are
// not Go code, embedded in the binary, and the data they render.
//
// tools.md.tmpl is the Markdown tool reference that toolgen docs writes:
// per tool its name, title, description, annotations and a table of its
// arguments (and of its result, when it has an output schema) derived from
// the schema. Its data is a Reference.
package templates

import (
	_ "embed"
	"io"
	"strings"
	"text/template"

	"github.com/toolgen/toolgen/catalog"
)

//go:embed tools.md.tmpl
var toolsMarkdown string

// toolsTemplate is tools.md.tmpl, parsed once.
var toolsTemplate = template.Must(template.New("tools.md.tmpl").Funcs(template.FuncMap{
	"anchor":   anchor,
	"cell":     cell,
	"cellCode": cellCode,
	"code":     code,
	"comment":  comment,
	"join":     strings.Join,
	"para":     para,
	"text":     text,
}).Parse(toolsMarkdown))

// WriteToolsMarkdown writes the Markdown tool reference of c to w; source
// names the catalog in the reference's header. The output depends on
// nothing but c and source.
func WriteToolsMarkdown(w io.Writer, c *catalog.Catalog, source string) error {
	return toolsTemplate.Execute(w, NewReference(c, source))
}
