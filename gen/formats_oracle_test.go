package gen_test

import (
	"encoding/json"
	"fmt"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/toolgen/toolgen/runtime/format"
)

// registerProducerFormats has the oracle check the formats beyond JSON
// Schema's (OpenAPI's integer widths, base64, pydantic's and zod's), which
// santhosh v6 does not know, with toolgen's checkers: runtime/format holds
// those to references of their own, so here only where each applies is
// compared (a string format on strings, a number format on numbers).
func registerProducerFormats(c *jsonschema.Compiler) {
	for _, f := range format.Producers() {
		if f.Annotation() {
			continue
		}
		c.RegisterFormat(&jsonschema.Format{Name: f.Name, Validate: func(v any) error {
			text, ok := v.(string)
			if n, isNumber := v.(json.Number); isNumber {
				text, ok = string(n), true
			}
			_, isNumber := v.(json.Number)
			if !ok || isNumber != f.Number || f.Check(text) {
				return nil
			}
			return fmt.Errorf("not a valid %s", f.Name)
		}})
	}
}
