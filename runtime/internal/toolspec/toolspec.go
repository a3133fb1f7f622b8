// Package toolspec is what runtime and toolgenimpl share about the tools a
// Dispatcher serves, so that neither the tool's description nor the
// constructor that takes it is a name of runtime's API: generated code
// reaches both through toolgenimpl, as protobuf-go's generated code reaches
// its internals through protoimpl.
package toolspec

import (
	"context"
	"time"
)

// Spec is what a dispatcher knows about one tool. O, A and V stand for
// runtime's Options, Annotations and Violation, which this package cannot
// name since runtime imports it; runtime and toolgenimpl both instantiate
// it with those, so that their aliases are one type.
type Spec[O, A, V any] struct {
	Name        string
	Annotations A
	// Timeout bounds the handler's run; 0 means the dispatcher's default.
	Timeout time.Duration
	// Parse decodes and validates raw arguments into the tool's branded
	// arguments value.
	Parse func(raw []byte, opts O) (any, error)
	// Call runs the tool's method of handler h with parsed arguments.
	Call func(ctx context.Context, h any, args any) (any, error)
	// CheckOutput validates a handler's result against the tool's output
	// schema and returns its violations; nil when the tool declares none.
	CheckOutput func(result any) []V
}

// NewDispatcher is runtime's constructor of a Dispatcher, a
//
//	func(handler any, tools []Spec[runtime.Options, runtime.Annotations, runtime.Violation], index func(name string) int, cfg runtime.Config) *runtime.Dispatcher
//
// that runtime sets when it is initialised, before any package that
// imports it (toolgenimpl) is, and that toolgenimpl asserts to that type
// once.
var NewDispatcher any
