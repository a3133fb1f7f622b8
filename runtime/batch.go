package runtime

import (
	"context"
	"errors"
	"fmt"
	"sync"
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

// DispatchBatch runs the tool calls of one model turn. Every call is
// validated and authorized first; if any fails, none runs and every other
// call's result says which call to fix. Results keep call order. A call
// whose turn comes once ctx is done does not start (a *CanceledError).
func (d *Dispatcher) DispatchBatch(ctx context.Context, calls []Call, opts BatchOptions) []CallResult {
	results := make([]CallResult, len(calls))
	parsed := make([]any, len(calls))
	specs := make([]*ToolSpec, len(calls))
	infos := make([]*CallInfo, len(calls))
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
			d.finish(ctx, infos[i], results[i].Err)
		}
		return results
	}

	runOne := func(ctx context.Context, i int, running *sync.WaitGroup) {
		results[i].Result, results[i].Err = d.run(ctx, specs[i], parsed[i], infos[i], running)
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
		d.finish(ctx, infos[i], results[i].Err)
	}
	return results
}

// failedReason says what went wrong with a call that failed before the
// batch ran, as the model is told it after "call N".
func failedReason(err error) string {
	switch Outcome(err) {
	case FailureUnknownTool:
		return "named an unknown tool"
	case FailureDenied:
		return "was not allowed"
	case FailureCanceled:
		return "was cancelled before it ran"
	}
	return "had invalid arguments"
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
				results[j].Result = nil
				results[j].Err = &NotRunError{Tool: calls[j].Tool, Call: i + 1, RolledBack: true}
			case j > i:
				results[j].Err = &NotRunError{Tool: calls[j].Tool, Call: i + 1, Reason: "failed",
					Failed: []FailedCall{{Call: i + 1, Tool: calls[i].Tool, Reason: "failed"}}}
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
			results[i].Result = nil
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
	out := callHook(HookBegin, func() begun {
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
	out := callHook(HookCommit, func() error { return tx.Commit(txCtx) })
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
	out := callHook(HookRollback, func() error { return tx.Rollback(context.WithoutCancel(txCtx)) })
	if err := out.end.err(""); err != nil {
		return err
	}
	return out.value
}
