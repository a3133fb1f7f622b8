package catalog

import "github.com/toolgen/toolgen/internal/schema"

// checkNumbers reports the first number of the schema past the bounds of
// schema.NumberReadable, at its place, before anything reads it exactly
// (the meta-schema check would take minutes, or crash).
func (s *schemaLint) checkNumbers(which string) bool {
	text, ptr := schema.UnreadableNumber(s.tree.Raw)
	if text == "" {
		return true
	}
	s.errorf(s.tool.Name, s.base+ptr, "%s", schema.UnreadableNumberMessage(which, text))
	return false
}
