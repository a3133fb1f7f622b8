// Package runtimetest makes a runtime.Dispatcher over tools written as Go
// functions, for tests of code that takes a Dispatcher or what it returns
// (a provider adapter, middleware) without a catalog or generated code. A
// service tests its own tools through its generated NewDispatcher instead.
package runtimetest

import (
	"context"
	"time"

	"github.com/toolgen/toolgen/runtime"
	"github.com/toolgen/toolgen/runtime/toolgenimpl"
)

// Tool is one tool of a test dispatcher, with functions in place of the
// generated ones.
type Tool struct {
	Name        string
	Annotations runtime.Annotations
	// Timeout bounds the handler's run; 0 means the dispatcher's default.
	Timeout time.Duration
	// Parse stands for the generated parser: it returns the arguments
	// handed to Call, or the error the call ends with (such as a
	// *runtime.ValidationError). opts are the dispatcher's limits.
	Parse func(raw []byte, opts runtime.Options) (any, error)
	// Call stands for the handler's method: h is the dispatcher's handler.
	Call func(ctx context.Context, h any, args any) (any, error)
	// CheckOutput, if set, checks a result as the generated reader of an
	// output schema would; its violations make a *runtime.OutputError.
	CheckOutput func(result any) []runtime.Violation
}

// NewDispatcher returns a dispatcher for handler over tools, which finds a
// tool by its name (the first, if two have one name).
func NewDispatcher(handler any, tools []Tool, cfg runtime.Config) *runtime.Dispatcher {
	specs := make([]toolgenimpl.ToolSpec, len(tools))
	byName := make(map[string]int, len(tools))
	for i, t := range tools {
		specs[i] = toolgenimpl.ToolSpec(t)
		if _, ok := byName[t.Name]; !ok {
			byName[t.Name] = i
		}
	}
	index := func(name string) int {
		if i, ok := byName[name]; ok {
			return i
		}
		return -1
	}
	return toolgenimpl.NewDispatcher(handler, specs, index, cfg)
}
