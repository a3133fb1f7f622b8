package message

import "github.com/toolgen/toolgen/runtime/format"

// FormatWant is what a hint says a value of the named format must be: the
// format table's example, or "a valid <name>" for a format it lacks.
func FormatWant(name string) string {
	if f, ok := format.Lookup(name); ok {
		return f.Example
	}
	return "a valid " + name
}
