// Package turn runs the tool calls of one model turn for the provider
// adapters, which each shape the results as their SDK expects.
package turn

import (
	"context"

	"github.com/toolgen/toolgen/runtime"
)

// Dispatcher runs calls as one batch; *runtime.Dispatcher is one.
type Dispatcher interface {
	DispatchBatch(ctx context.Context, calls []runtime.Call, opts runtime.BatchOptions) []runtime.CallResult
}

// Run runs calls through d with batch: as one batch, so that nothing runs
// unless every call is valid and allowed, or, with oneByOne, each call as a
// batch of its own, in order. It returns exactly one result per call, in
// call order: a result beyond the calls is dropped, and a call d returned no
// result for gets noResult, so that every call the model made is answered
// once.
func Run(ctx context.Context, d Dispatcher, calls []runtime.Call, batch runtime.BatchOptions, oneByOne bool, noResult error) []runtime.CallResult {
	if !oneByOne {
		return complete(calls, d.DispatchBatch(ctx, calls, batch), noResult)
	}
	results := make([]runtime.CallResult, len(calls))
	for i := range calls {
		one := calls[i : i+1]
		results[i] = complete(one, d.DispatchBatch(ctx, one, batch), noResult)[0]
	}
	return results
}

// complete pairs results with calls by position.
func complete(calls []runtime.Call, results []runtime.CallResult, noResult error) []runtime.CallResult {
	if len(results) == len(calls) {
		return results
	}
	all := make([]runtime.CallResult, len(calls))
	copy(all, results)
	for i := len(results); i < len(calls); i++ {
		all[i] = runtime.CallResult{ID: calls[i].ID, Tool: calls[i].Tool, Err: noResult}
	}
	return all
}
