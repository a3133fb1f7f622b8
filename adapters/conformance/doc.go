// Package conformance holds the tests every toolgen adapter must pass,
// over all of them at once: a fault in the service's code (a result's
// MarshalJSON, an error's methods) is a failed call in each adapter's
// answer, through every way into it, and never a panic or a
// runtime.Goexit of the caller's, nor the end of a real MCP server; what
// an adapter sends for a call that breaks sensitive values shows nothing
// inside them; and no adapter imports an internal package of toolgen's
// root module, which carries no compatibility promise across versions.
//
// It is a module of its own, beside the adapters, so that it can import
// every adapter and its SDK without any of them entering another's graph.
// It holds tests only and is never released, so it alone may import the
// root module's test cases (internal/sensitivecases).
package conformance
