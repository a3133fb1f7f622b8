package openaitools

import (
	"context"
	"errors"

	"github.com/toolgen/toolgen/runtime"
)

// Dispatcher runs the tool calls of one model turn and returns one result
// per call, in call order, honouring runtime.BatchOptions.
// *runtime.Dispatcher, which a generated NewDispatcher returns, is one; its
// runtime.Config is where calls are authorized, timed out, retried and
// logged (Observer).
type Dispatcher interface {
	DispatchBatch(ctx context.Context, calls []runtime.Call, opts runtime.BatchOptions) []runtime.CallResult
}

// A TurnOption changes how the calls of a model turn are run and answered.
type TurnOption func(*turn)

type turn struct {
	batch      runtime.BatchOptions
	oneByOne   bool
	fullReport bool
}

func newTurn(opts []TurnOption) turn {
	var t turn
	for _, o := range opts {
		o(&t)
	}
	return t
}

// WithBatchOptions runs a turn's calls with opts: a Transaction that the
// calls run in and that is rolled back if one fails, or a Concurrency.
func WithBatchOptions(opts runtime.BatchOptions) TurnOption {
	return func(t *turn) { t.batch = opts }
}

// OneByOne runs each call of a turn as a batch of its own, in order: a call
// runs even if another of the turn is invalid, denied or failed, and each
// gets its own transaction, if [WithBatchOptions] gives one. This is the
// opt-out from the batch semantics, for tools that are independent of each
// other (runtime.BatchOptions.OneByOne).
func OneByOne() TurnOption { return func(t *turn) { t.oneByOne = true } }

// WithFullReport sends runtime.Report in a failure output instead of
// runtime.ErrorReport.Compact: the message and every hint again in JSON, for a
// program that reads the report alone. On the three-mistake refund_order
// call of examples/openai the output grows from 550 to 1,382 characters.
func WithFullReport() TurnOption { return func(t *turn) { t.fullReport = true } }

// runTurn runs calls through d as t says, and returns exactly one result
// per call, in call order, each encoded (runtime.CallResult.Encode): the
// results' MarshalJSON and the errors' methods are the service's code,
// which the runtime calls on goroutines of its own.
func runTurn(ctx context.Context, d Dispatcher, calls []runtime.Call, t turn) []runtime.CallResult {
	opts := t.batch
	opts.OneByOne = opts.OneByOne || t.oneByOne
	opts.Encode = true
	got := d.DispatchBatch(ctx, calls, opts)
	results := make([]runtime.CallResult, len(calls))
	for i, c := range calls {
		if i < len(got) {
			results[i] = got[i]
		} else {
			results[i].Err = errNoResult
		}
		results[i].ID, results[i].Tool = c.ID, c.Tool
		// A Dispatcher of the caller's own may not have encoded it.
		results[i].Encode()
	}
	return results
}

// errNoResult answers a call its Dispatcher returned no result for.
var errNoResult = errors.New("openaitools: the dispatcher returned no result for the call")
