package runtime

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/toolgen/toolgen/runtime/internal/message"
)

// Call is one tool call of a batch.
type Call struct {
	ID        string // the provider's call ID, passed through
	Tool      string
	Arguments []byte
}

// CallResult is the outcome of one call of a batch, in call order.
type CallResult struct {
	ID     string
	Tool   string
	Result any
	Err    error
	// JSON and Report are the outcome as a provider adapter sends it,
	// filled by DispatchBatch with BatchOptions.Encode or by Encode: JSON
	// is Result as JSON text, without HTML escaping, when Err is nil;
	// Report is Report(Err) otherwise. Both are plain data: reading them
	// calls none of the service's code.
	JSON   []byte
	Report *ErrorReport
}

// Encode fills r.JSON or r.Report, unless one is set, as DispatchBatch does
// with BatchOptions.Encode, for a result made elsewhere: by Dispatch, or by
// a Dispatcher of the caller's own. The result's MarshalJSON and the
// error's methods are the service's code, so Encode calls them on one of
// the dispatcher's goroutines, as the dispatcher calls every hook, and waits
// until they return: a panic becomes a *PanicError, runtime.Goexit an
// *ExitError and a result encoding/json cannot encode a *HandlerError, each
// naming r.Tool, set as r.Err and reported, with r.Result cleared.
func (r *CallResult) Encode() {
	if r.JSON != nil || r.Report != nil {
		return
	}
	type encoded struct {
		json   []byte
		err    error
		report *ErrorReport
	}
	out := callHook(context.Background(), HookOutput, func(hook *string) encoded {
		e := encoded{err: r.Err}
		if e.err == nil {
			if e.json, e.err = encodeResult(r.Result); e.err != nil {
				e.err = encodingError(r.Tool, e.err)
			}
		}
		if e.err != nil {
			*hook = HookHandler // the error's methods
			report := Report(e.err)
			e.report = &report
		}
		return e
	})
	if err := out.end.err(r.Tool); err != nil {
		// The result's MarshalJSON, or an error's method, panicked past
		// Report's own recover or ended its goroutine.
		report := Report(err)
		r.Result, r.JSON, r.Err, r.Report = nil, nil, err, &report
		return
	}
	r.JSON, r.Err, r.Report = out.value.json, out.value.err, out.value.report
	if r.Err != nil {
		r.Result = nil
	}
}

// BatchOptions configure DispatchBatch.
type BatchOptions struct {
	// Concurrency is how many calls run at once; 0 or 1 runs them one after
	// another in call order. A transaction always runs them in order.
	Concurrency int
	// Transaction, if set, wraps the run: if any call fails, the calls that
	// ran are rolled back and the model is told nothing was kept. See
	// Transaction for what is guaranteed about the order of its methods
	// and the handlers.
	Transaction Transaction
	// OneByOne runs each call as a batch of its own, in call order: a call
	// runs even if another is invalid, denied or failed, and each gets a
	// transaction of its own. It is for tools independent of each other.
	OneByOne bool
	// Encode fills every result's JSON or Report (see CallResult), as a
	// provider adapter sends it. A result is encoded on its handler's
	// goroutine, within its timeout and before its output schema is
	// checked, so the JSON sent is the JSON checked, and a result that
	// cannot be encoded fails its call, and the batch's transaction.
	Encode bool
}

// Transaction is the hook DispatchBatch wraps a batch in. Begin returns the
// context the batch's handlers run with (carrying, say, a database
// transaction).
//
// What DispatchBatch guarantees:
//   - Begin is not called once ctx is done, nor Commit; no handler starts
//     once ctx is done.
//   - Rollback and Commit are called only after every handler the batch
//     started has returned, a handler that outlived its timeout or the
//     context included: nothing a handler does lands after them. A handler
//     that ignores its context therefore holds DispatchBatch until it
//     returns; a transaction's handlers must honour their context.
//   - If ctx is done after every call succeeded, the batch is rolled back,
//     not committed.
//   - Rollback gets the batch's context without its cancellation
//     (context.WithoutCancel), so that it can undo what ran after the
//     context ended.
//   - Begin, Commit and Rollback are waited for until they return; a panic
//     or runtime.Goexit in one fails the batch like an error would.
type Transaction interface {
	Begin(ctx context.Context) (context.Context, error)
	Commit(ctx context.Context) error
	Rollback(ctx context.Context) error
}

// encodeResult is json.Marshal without HTML escaping, so that a result
// reads as the JSON the tool produced ("<" stays "<").
func encodeResult(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// encodingError is the failure of tool's call whose result could not be
// encoded. What err wraps (a MarshalJSON's own error) is the service's:
// Outcome and Report do not look into it, as into a handler's error.
func encodingError(tool string, err error) error {
	return &HandlerError{Tool: tool, Err: fmt.Errorf("encoding the result: %w", err), returned: true}
}

// DispatchBatch runs the tool calls of one model turn. Every call is
// validated and authorized first; if any fails, none runs and every other
// call's result says which call to fix. It returns exactly one result per
// call, in call order, so that every call a model made is answered once. A
// call whose turn comes once ctx is done does not start (a *CanceledError).
func (d *Dispatcher) DispatchBatch(ctx context.Context, calls []Call, opts BatchOptions) []CallResult {
	if opts.OneByOne {
		one := opts
		one.OneByOne = false
		results := make([]CallResult, len(calls))
		for i := range calls {
			results[i] = d.DispatchBatch(ctx, calls[i:i+1], one)[0]
		}
		return results
	}
	results := d.dispatchBatch(ctx, calls, opts)
	if opts.Encode {
		for i := range results {
			results[i].Encode()
		}
	}
	return results
}

func (d *Dispatcher) dispatchBatch(ctx context.Context, calls []Call, opts BatchOptions) []CallResult {
	results := make([]CallResult, len(calls))
	parsed := make([]any, len(calls))
	specs := make([]*toolSpec, len(calls))
	infos := make([]CallInfo, len(calls))
	var failed []FailedCall
	for i, c := range calls {
		results[i] = CallResult{ID: c.ID, Tool: c.Tool}
		infos[i] = d.start(c.Tool, c.Arguments)
		spec, args, err := d.parse(c.Tool, c.Arguments)
		if err == nil {
			err = d.authorize(ctx, spec, args)
		}
		if err != nil {
			results[i].Err = err
			failed = append(failed, FailedCall{Call: i + 1, Tool: c.Tool, Reason: failedReason(err)})
			continue
		}
		specs[i], parsed[i] = spec, args
	}
	if len(failed) > 0 {
		for i := range results {
			if results[i].Err == nil {
				results[i].Err = &NotRunError{Tool: calls[i].Tool, Call: failed[0].Call, Reason: failed[0].Reason, Failed: failed}
			}
			d.finish(ctx, &infos[i], results[i].Err)
		}
		return results
	}

	runOne := func(ctx context.Context, i int, running *sync.WaitGroup) {
		o := d.run(ctx, specs[i], parsed[i], &infos[i], running, opts.Encode)
		results[i].Result, results[i].JSON, results[i].Err = o.result, o.json, o.err
	}
	switch {
	case opts.Transaction != nil:
		d.runTransaction(ctx, calls, results, opts.Transaction, runOne)
	case opts.Concurrency > 1:
		sem := make(chan struct{}, opts.Concurrency)
		var wg sync.WaitGroup
		for i := range calls {
			sem <- struct{}{}
			wg.Add(1)
			go func() {
				defer func() { <-sem; wg.Done() }()
				runOne(ctx, i, nil)
			}()
		}
		wg.Wait()
	default:
		for i := range calls {
			runOne(ctx, i, nil)
		}
	}
	for i := range results {
		d.finish(ctx, &infos[i], results[i].Err)
	}
	return results
}

// failedReason says what went wrong with a call that failed before the
// batch ran, as the model is told it after "call N".
func failedReason(err error) string {
	switch Outcome(err) {
	case FailureUnknownTool:
		return message.ReasonUnknownTool
	case FailureDenied:
		return message.ReasonDenied
	case FailureCanceled:
		return message.ReasonCanceled
	}
	return message.ReasonInvalidArguments
}

// runTransaction runs the calls in order between tx.Begin and tx.Commit,
// and rolls back at the first failure; see Transaction for the guarantees.
func (d *Dispatcher) runTransaction(ctx context.Context, calls []Call, results []CallResult, tx Transaction, runOne func(context.Context, int, *sync.WaitGroup)) {
	var txCtx context.Context
	err := ctx.Err()
	if err == nil {
		txCtx, err = d.begin(ctx, tx)
	}
	if err != nil && ctx.Err() != nil {
		// Nothing ran: the context ended before the batch could begin.
		for i := range results {
			results[i].Err = &CanceledError{Tool: calls[i].Tool, Cause: ctx.Err()}
		}
		return
	}
	if err != nil {
		for i := range results {
			results[i].Err = &HandlerError{Tool: calls[i].Tool, Err: fmt.Errorf("beginning the batch's transaction: %w", err)}
		}
		return
	}
	// running counts the handlers started until each returns, those the
	// dispatcher stopped waiting for included.
	var running sync.WaitGroup
	for i := range calls {
		runOne(txCtx, i, &running)
		if results[i].Err == nil {
			continue
		}
		running.Wait()
		rollbackErr := rollback(txCtx, tx)
		for j := range results {
			switch {
			case j < i:
				results[j].Result, results[j].JSON = nil, nil
				results[j].Err = &NotRunError{Tool: calls[j].Tool, Call: i + 1, RolledBack: true}
			case j > i:
				results[j].Err = &NotRunError{Tool: calls[j].Tool, Call: i + 1, Reason: message.ReasonFailed,
					Failed: []FailedCall{{Call: i + 1, Tool: calls[i].Tool, Reason: message.ReasonFailed}}}
			}
		}
		if rollbackErr != nil {
			results[i].Err = &HandlerError{Tool: calls[i].Tool, Err: errors.Join(results[i].Err, fmt.Errorf("rolling back: %w", rollbackErr))}
		}
		return
	}
	running.Wait()
	if err := d.commit(ctx, txCtx, tx); err != nil {
		for i := range results {
			results[i].Result, results[i].JSON = nil, nil
			results[i].Err = &HandlerError{Tool: calls[i].Tool, Err: err}
		}
	}
}

// begin calls tx.Begin.
func (d *Dispatcher) begin(ctx context.Context, tx Transaction) (context.Context, error) {
	type begun struct {
		ctx context.Context
		err error
	}
	out := callHook(ctx, HookBegin, func(*string) begun {
		txCtx, err := tx.Begin(ctx)
		return begun{txCtx, err}
	})
	if err := out.end.err(""); err != nil {
		return nil, err
	}
	switch {
	case out.value.err != nil:
		return nil, out.value.err
	case out.value.ctx == nil:
		return nil, errors.New("the transaction's Begin returned no context")
	}
	return out.value.ctx, nil
}

// commit commits, unless ctx ended after the calls ran, in which case it
// rolls back: the caller gave up on the batch. It returns why the batch's
// effects were not kept, or nil.
func (d *Dispatcher) commit(ctx, txCtx context.Context, tx Transaction) error {
	if err := ctx.Err(); err != nil {
		err = fmt.Errorf("the batch's context ended before its transaction was committed, so it was rolled back: %w", err)
		if rollbackErr := rollback(txCtx, tx); rollbackErr != nil {
			err = errors.Join(err, fmt.Errorf("rolling back: %w", rollbackErr))
		}
		return err
	}
	out := callHook(txCtx, HookCommit, func(*string) error { return tx.Commit(txCtx) })
	err := out.end.err("")
	if err == nil {
		err = out.value
	}
	if err != nil {
		return fmt.Errorf("committing the batch's transaction: %w", err)
	}
	return nil
}

// rollback calls tx.Rollback with txCtx's values but not its cancellation,
// so that it can undo what ran after the context ended.
func rollback(txCtx context.Context, tx Transaction) error {
	out := callHook(txCtx, HookRollback, func(*string) error { return tx.Rollback(context.WithoutCancel(txCtx)) })
	if err := out.end.err(""); err != nil {
		return err
	}
	return out.value
}
