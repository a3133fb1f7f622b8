// Package secrettools is generated code for a catalog whose sensitive values
// hold their secrets in member names and items (catalog.json), and the calls
// that break them, for the tests of every way an error leaves a service:
// the runtime's texts, the observer, each adapter's tool result.
package secrettools

//go:generate go run github.com/toolgen/toolgen/cmd/toolgen -o tools_gen.go catalog.json
