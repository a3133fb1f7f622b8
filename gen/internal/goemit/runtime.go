package goemit

import (
	"github.com/dave/jennifer/jen"

	"github.com/toolgen/toolgen/runtime/format"
)

// RuntimePkg is the package generated code imports for its exported API.
const RuntimePkg = "github.com/toolgen/toolgen/runtime"

// ImplPkg and FormatPkg are the packages generated code imports besides
// runtime: what only generated code calls, and the format checkers.
const (
	ImplPkg   = RuntimePkg + "/toolgenimpl"
	FormatPkg = RuntimePkg + "/format"
)

// RuntimeAPI holds the names generated code takes from package runtime, the
// user's API its own exported API is made of. Every other runtime name is in
// toolgenimpl, but for the format checkers.
var RuntimeAPI = map[string]bool{
	"Caller":           true,
	"Config":           true,
	"Dispatcher":       true,
	"Null":             true,
	"Nullable":         true,
	"Options":          true,
	"ToolDefinition":   true,
	"ToolResult":       true,
	"UnknownToolError": true,
	"Violation":        true,
}

// FormatFuncs holds the names of the format checkers, from the format table.
var FormatFuncs = func() map[string]bool {
	m := map[string]bool{}
	for _, c := range format.All() {
		m[c.Func] = true
	}
	return m
}()

// Runtime qualifies a name generated code uses from the runtime with the
// package that holds it. (Neither Runtime nor ImportRuntime spells a
// qualified runtime name, so that the command that introduced Runtime
// leaves this file alone.)
func Runtime(name string) *jen.Statement {
	pkg := ImplPkg
	switch {
	case RuntimeAPI[name]:
		pkg = RuntimePkg
	case FormatFuncs[name]:
		pkg = FormatPkg
	}
	return jen.Qual(pkg, name)
}

// runtimeImports names the runtime's packages as they are declared.
var runtimeImports = []struct{ path, name string }{
	{RuntimePkg, "runtime"},
	{ImplPkg, "toolgenimpl"},
	{FormatPkg, "format"},
}

// ImportRuntime names the runtime's packages in f.
func ImportRuntime(f *jen.File) {
	for _, p := range runtimeImports {
		f.ImportName(p.path, p.name)
	}
}
