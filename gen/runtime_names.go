package gen

import (
	"github.com/dave/jennifer/jen"

	"github.com/toolgen/toolgen/runtime/format"
)

// The packages generated code imports besides runtime itself: what only
// generated code calls, and the format checkers.
const (
	implPkg   = runtimePkg + "/toolgenimpl"
	formatPkg = runtimePkg + "/format"
)

// runtimeAPI holds the names generated code takes from package runtime, the
// user's API its own exported API is made of. Every other runtime name is in
// toolgenimpl, but for the format checkers.
var runtimeAPI = map[string]bool{
	"Caller":           true,
	"Config":           true,
	"Dispatcher":       true,
	"Nullable":         true,
	"Options":          true,
	"ToolDefinition":   true,
	"ToolResult":       true,
	"UnknownToolError": true,
	"Violation":        true,
}

// formatFuncs holds the names of the format checkers, from the format table.
var formatFuncs = func() map[string]bool {
	m := map[string]bool{}
	for _, c := range format.All() {
		m[c.Func] = true
	}
	return m
}()

// rt qualifies a name generated code uses from the runtime with the package
// that holds it. (Neither rt nor importRuntime spells a qualified runtime
// name, so that the command that introduced rt leaves this file alone.)
func rt(name string) *jen.Statement {
	pkg := implPkg
	switch {
	case runtimeAPI[name]:
		pkg = runtimePkg
	case formatFuncs[name]:
		pkg = formatPkg
	}
	return jen.Qual(pkg, name)
}

// runtimeImports names the runtime's packages as they are declared.
var runtimeImports = []struct{ path, name string }{
	{runtimePkg, "runtime"},
	{implPkg, "toolgenimpl"},
	{formatPkg, "format"},
}

// importRuntime names the runtime's packages in f.
func importRuntime(f *jen.File) {
	for _, p := range runtimeImports {
		f.ImportName(p.path, p.name)
	}
}
