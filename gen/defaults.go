package gen

import (
	"math/big"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/jsonpointer"
)

// checkDefaults reports each default that the Go type of its member cannot
// hold: a number beyond float64's range for a float64, an integer beyond
// int64's for an int64. Generated code would otherwise fail to read it when
// the member is absent and leave the zero value, with nothing said.
func checkDefaults(cat *catalog.Catalog, m *Model) catalog.Diagnostics {
	var diags catalog.Diagnostics
	for _, t := range m.Types {
		for _, f := range t.Fields {
			if f.Default == nil || f.Default.Kind() != '0' || f.Value == nil {
				continue
			}
			text := string(f.Default)
			var held bool
			switch f.Value.Kind {
			case kindNumber:
				_, side := floatBound(text)
				held = side == 0
			case kindInt:
				// A fractional default is Lint's to report.
				r, _ := new(big.Rat).SetString(text)
				held = !r.IsInt() || r.Num().IsInt64()
			default:
				continue
			}
			if !held {
				ptr := schemaPointer(cat, t) + t.Ptr + "/properties/" + jsonpointer.Escape(f.JSONName) + "/default"
				diags = append(diags, cat.Diagnostic(catalog.Error, t.Tool, ptr,
					"default %s is beyond what the member's Go type (%s) holds; use a default within its range", text, goKindName(f.Value.Kind)))
			}
		}
	}
	return diags
}

// schemaPointer locates the schema of t's tool that declares t in the file.
func schemaPointer(cat *catalog.Catalog, t *NamedType) string {
	for i := range cat.Tools {
		if tool := &cat.Tools[i]; tool.Name == t.Tool {
			if t.Schema == "output" {
				return tool.OutputSchemaPointer
			}
			return tool.SchemaPointer
		}
	}
	return ""
}

func goKindName(k typeKind) string {
	if k == kindInt {
		return "int64"
	}
	return "float64"
}

// describeDefault renders a default compactly for a message, shortened when
// long.
func describeDefault(v jsontext.Value) string {
	s := []rune(string(compact(v)))
	if len(s) > 60 {
		return string(s[:57]) + "..."
	}
	return string(s)
}
