// Package gen turns a linted tool catalog into Go: an intermediate model of
// types and checks (Build), then one gofmt'ed file rendered with jennifer
// (Emit). It reads no files and no flags; the CLI does that.
package gen

import (
	"fmt"

	"github.com/toolgen/toolgen/catalog"
)

// Options configure a generation.
type Options struct {
	Package string // the Go package name of the generated file
	Source  string // the catalog's file name, named in the header comment
	// OpenAIStrict adds each tool's OpenAI strict-mode schema variant to its
	// definition, and lets the generated readers take null for an absent
	// optional member (runtime.Options.NullAsAbsent).
	OpenAIStrict bool
	// Time holds strings of format date-time as time.Time, converted with
	// its UnmarshalText; other formats stay strings (docs/DESIGN.md).
	Time bool
	// Flags are the command-line flags that changed the output ("-time"),
	// recorded in the header so that toolgen -check can say when it is run
	// without them. Each is a flag name, with a value of letters, digits
	// and ._/:,- if it has one.
	Flags []string
	// Client adds a Client with one method per tool, which validates the
	// arguments with the generated parser and sends them through a
	// runtime.Caller (toolgen -client).
	Client bool
}

// Generate builds the model of a linted catalog and emits it. It returns the
// file's bytes, or nil and the diagnostics that stopped it; warnings come back
// either way.
func Generate(cat *catalog.Catalog, opts Options) ([]byte, catalog.Diagnostics) {
	if err := CheckPackageName(opts.Package); err != nil {
		return nil, catalog.Diagnostics{{Severity: catalog.Error, File: cat.File, Message: "package of the generated file: " + err.Error()}}
	}
	for _, f := range opts.Flags {
		if !flagPattern.MatchString(f) {
			return nil, catalog.Diagnostics{{Severity: catalog.Error, File: cat.File, Message: fmt.Sprintf("flag %q cannot be recorded in the header: want -name or -name=value", f)}}
		}
	}
	if diags := unreadableNumbers(cat); diags.HasErrors() {
		return nil, diags
	}
	m, diags := Build(cat, opts)
	if !diags.HasErrors() {
		diags = append(diags, checkDefaults(cat, m)...)
	}
	if diags.HasErrors() {
		return nil, diags
	}
	src, err := Emit(m, opts)
	if err != nil {
		return nil, append(diags, catalog.Diagnostic{Severity: catalog.Error, File: cat.File, Message: err.Error()})
	}
	return src, diags
}
