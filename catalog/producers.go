package catalog

import (
	"fmt"
	"strings"

	"github.com/toolgen/toolgen/internal/jsonpointer"
	"github.com/toolgen/toolgen/internal/schema"
)

// Schema producers make a few mistakes of their own, which the meta-schema
// check finds but cannot explain. producerMistake recognises them and says
// which setting of the producer writes the schema right, so that the fix
// goes where the schema comes from, not into a file that is generated.

// producerMistake returns the message for a meta-schema violation at ptr
// (relative to the schema; its last token is the keyword) when it is a
// known producer's mistake, or "".
func (s *schemaLint) producerMistake(d *schema.Dialect, ptr string) string {
	keyword := jsonpointer.Last(ptr)
	n := s.tree.At(ptr)
	parent := s.tree.At(ptr[:max(strings.LastIndexByte(ptr, '/'), 0)])
	if n == nil || parent == nil || parent.Kind != '{' {
		return ""
	}
	switch {
	case (keyword == "exclusiveMinimum" || keyword == "exclusiveMaximum") && (n.Kind == 't' || n.Kind == 'f'):
		return draft04Exclusive(d, keyword, n, parent)
	case keyword == "items" && n.Kind == '[' && d == schema.Draft202012:
		return fmt.Sprintf(`"items" is an array, the draft-07 form of a tuple, which draft 2020-12 does not allow (a schema without "$schema" is 2020-12, as MCP says); %s`, tupleFix)
	}
	return ""
}

// tupleFix says how to write a tuple for 2020-12, and what TypeBox (whose
// Type.Tuple writes the draft-07 form, with no option to change it, and no
// "$schema") needs.
const tupleFix = `TypeBox's Type.Tuple writes this form: declare the draft it writes at the root of the tool's input schema, "$schema": "http://json-schema.org/draft-07/schema#" (TypeBox passes it through as an option: Type.Object({...}, {$schema: "http://json-schema.org/draft-07/schema#"})), or write the tuple as "prefixItems" with "items": false`

// draft04Exclusive explains a boolean exclusiveMinimum or exclusiveMaximum
// in a draft that wants the bound itself.
func draft04Exclusive(d *schema.Dialect, keyword string, n, parent *schema.Node) string {
	bound := "minimum"
	if keyword == "exclusiveMaximum" {
		bound = "maximum"
	}
	fix := fmt.Sprintf(`write the bound itself, "%s": <the %s>, in place of %q`, keyword, bound, bound)
	if b := parent.Member(bound); b != nil && b.Kind == '0' {
		fix = fmt.Sprintf(`write "%s": %s in place of "%s": %s`, keyword, b.Raw, bound, b.Raw)
	}
	if n.Kind == 'f' {
		fix = "remove it (false changed nothing in draft 4 either)"
	}
	return fmt.Sprintf(`"%s": %s is the draft-04 form, a flag on %q, which %s does not allow: %s. zod-to-json-schema writes this form with target "jsonSchema2019-09" (also "openApi3" and "openAi"); its default target, "jsonSchema7", writes the number form, which draft-07 and 2019-09 read alike`,
		keyword, n.Raw, bound, draftName(d), fix)
}
