package gen

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/toolgen/toolgen/catalog"
)

// Catalogs at scale hold many tools whose input schemas are one schema
// under several names: a server's tools offered again by another, the same
// operation on several services. Such a tool's arguments type is defined as
// the first one's (type BArgs AArgs), read by the same reader and checked
// by the same schema functions, so that the code for the schema is written
// once however many tools take it, while each tool keeps a type of its own
// (a handler cannot be given another tool's arguments, and a type switch
// tells them apart). Two input schemas are the same when their canonical
// texts (RFC 8785) are equal once every schema's "description" is set
// aside: descriptions are documentation only, and the shared type's are
// the first tool's.

// sharedInput is a tool whose arguments type others share: its name, where
// its input schema is in the catalog file, its arguments and the
// diagnostics building them gave.
type sharedInput struct {
	tool    string
	pointer string
	args    *NamedType
	diags   catalog.Diagnostics
}

// shareArgs records the arguments built from t's input schema for later
// tools with the same schema; start is where the diagnostics of building
// them begin. A schema that names itself ($id) stays its own: the registry
// holds it once per tool.
func (b *builder) shareArgs(t *catalog.Tool, args *NamedType, start int) {
	if bytes.Contains(t.InputSchema, []byte(`"$id"`)) {
		return
	}
	diags := b.diags[start:]
	if diags.HasErrors() {
		return
	}
	key := shapeKey(t.InputSchema)
	if _, ok := b.inputs[key]; !ok {
		b.inputs[key] = &sharedInput{tool: t.Name, pointer: t.SchemaPointer, args: args, diags: diags}
	}
}

// sharedArgs returns the arguments type of an earlier tool with the same
// input schema as t, if there is one, and sets tool's own type defined as
// it. The
// warnings building that type gave are given again for t, at t's schema,
// as building it again would.
func (b *builder) sharedArgs(tool *Tool, t *catalog.Tool) *NamedType {
	if bytes.Contains(t.InputSchema, []byte(`"$id"`)) {
		return nil
	}
	first, ok := b.inputs[shapeKey(t.InputSchema)]
	if !ok {
		return nil
	}
	for _, d := range first.diags {
		rest, inSchema := strings.CutPrefix(d.Pointer, first.pointer)
		if d.Tool != first.tool || !inSchema {
			continue // about the first tool itself, not its schema
		}
		b.diags = append(b.diags, b.cat.Warning(d.Class, t.Name, t.SchemaPointer+rest, "%s", d.Message))
	}
	tool.ArgsOwn = b.typeName(tool.GoName + "Args")
	tool.ArgsSharedWith = first.tool
	return first.args
}

// schemaKeywords are the keywords whose value is a schema, and
// schemaMapKeywords and schemaListKeywords those whose value is an object
// or an array of schemas: where shapeKey looks for more descriptions.
var (
	schemaKeywords     = []string{"additionalItems", "additionalProperties", "contains", "else", "if", "items", "not", "propertyNames", "then", "unevaluatedItems", "unevaluatedProperties"}
	schemaMapKeywords  = []string{"$defs", "definitions", "dependentSchemas", "patternProperties", "properties"}
	schemaListKeywords = []string{"allOf", "anyOf", "items", "oneOf", "prefixItems"}
)

// shapeKey is the canonical text of an input schema without the
// "description" of any schema in it, so that two tools whose schemas differ
// in their words alone share one type. A description is set aside only
// where a schema stands (a property named "description" stays); a schema
// that cannot be read keeps its own text.
func shapeKey(raw jsontext.Value) string {
	var doc any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		return canonicalSchema(raw)
	}
	withoutDescriptions(doc)
	text, err := json.Marshal(doc)
	if err != nil {
		return canonicalSchema(raw)
	}
	return canonicalSchema(text)
}

// withoutDescriptions deletes the "description" of schema s and of every
// schema in it.
func withoutDescriptions(s any) {
	obj, ok := s.(map[string]any)
	if !ok {
		return
	}
	delete(obj, "description")
	for _, k := range schemaKeywords {
		withoutDescriptions(obj[k])
	}
	for _, k := range schemaMapKeywords {
		if m, ok := obj[k].(map[string]any); ok {
			for _, sub := range m {
				withoutDescriptions(sub)
			}
		}
	}
	for _, k := range schemaListKeywords {
		if l, ok := obj[k].([]any); ok {
			for _, sub := range l {
				withoutDescriptions(sub)
			}
		}
	}
}
