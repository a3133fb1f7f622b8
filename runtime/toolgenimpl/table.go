package toolgenimpl

import (
	"context"
	"encoding/json"
	"time"

	"github.com/toolgen/toolgen/runtime"
	"github.com/toolgen/toolgen/runtime/internal/toolspec"
)

// ToolInfo is one row of the static table generated code keeps about its
// tools: plain data and function values, which the compiler lays out as data
// with no initialisation code, so that catalogs of thousands of tools still
// compile quickly. Definition and Spec derive the richer values from it.
type ToolInfo struct {
	Name, Title, Description string
	// The catalog's schemas; "" when the tool has none.
	InputSchema, OutputSchema, StrictInputSchema string

	AnnotationTitle                              string
	ReadOnly, Destructive, Idempotent, OpenWorld Hint

	// MCP's other members of the tool: its icons, execution.taskSupport
	// and "_meta" ("" when the catalog has none).
	Icons       string // a JSON array, "" for none
	TaskSupport string
	Meta        string

	Timeout     time.Duration
	Parse       func(raw []byte, opts runtime.Options) (any, error)
	Call        func(ctx context.Context, h any, args any) (any, error)
	CheckOutput func(result any) []runtime.Violation
}

// Hint is an annotation a catalog may set or leave out.
type Hint int8

// The states of a Hint.
const (
	HintUnset Hint = iota
	HintTrue
	HintFalse
)

// ptr returns the hint as runtime.Annotations holds it: nil when unset.
func (h Hint) ptr() *bool {
	switch h {
	case HintTrue:
		return Ptr(true)
	case HintFalse:
		return Ptr(false)
	}
	return nil
}

// Annotations returns the row's annotations, with fresh pointers.
func (t *ToolInfo) Annotations() runtime.Annotations {
	return runtime.Annotations{
		Title:           t.AnnotationTitle,
		ReadOnlyHint:    t.ReadOnly.ptr(),
		DestructiveHint: t.Destructive.ptr(),
		IdempotentHint:  t.Idempotent.ptr(),
		OpenWorldHint:   t.OpenWorld.ptr(),
	}
}

// Definition returns the tool as the model sees it.
func (t *ToolInfo) Definition() runtime.ToolDefinition {
	return runtime.ToolDefinition{
		Name:              t.Name,
		Title:             t.Title,
		Description:       t.Description,
		InputSchema:       rawOrNil(t.InputSchema),
		OutputSchema:      rawOrNil(t.OutputSchema),
		StrictInputSchema: rawOrNil(t.StrictInputSchema),
		Annotations:       t.Annotations(),
		Icons:             rawOrNil(t.Icons),
		TaskSupport:       t.TaskSupport,
		Meta:              rawOrNil(t.Meta),
	}
}

// Spec returns what a Dispatcher needs about the tool.
func (t *ToolInfo) Spec() ToolSpec {
	return ToolSpec{
		Name:        t.Name,
		Annotations: t.Annotations(),
		Timeout:     t.Timeout,
		Parse:       t.Parse,
		Call:        t.Call,
		CheckOutput: t.CheckOutput,
	}
}

// ToolSpec is what a runtime.Dispatcher knows about one tool: its name,
// annotations and timeout (0: the dispatcher's default), and the generated
// functions that parse its arguments into the branded value, call its
// handler method, and check a result against its output schema (nil when
// it declares none).
type ToolSpec = toolspec.Spec[runtime.Options, runtime.Annotations, runtime.Violation]

// NewDispatcher returns a dispatcher for handler over tools; index maps a
// tool name to its position in tools, or -1. The generated NewDispatcher
// calls it with the catalog's table.
func NewDispatcher(handler any, tools []ToolSpec, index func(name string) int, cfg runtime.Config) *runtime.Dispatcher {
	return newDispatcher(handler, tools, index, cfg)
}

// newDispatcher is runtime's constructor, which runtime hands over through
// toolspec rather than exporting it; runtime, imported by this package, is
// initialised first.
var newDispatcher = toolspec.NewDispatcher.(func(any, []ToolSpec, func(string) int, runtime.Config) *runtime.Dispatcher)

func rawOrNil(s string) json.RawMessage {
	if s == "" {
		return nil
	}
	return json.RawMessage(s)
}
