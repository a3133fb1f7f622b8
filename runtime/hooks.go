package runtime

import (
	"context"
	"fmt"
	goruntime "runtime"
	"runtime/debug"
	"runtime/pprof"
	"sync"
	"sync/atomic"

	"github.com/toolgen/toolgen/runtime/internal/message"
)

// The dispatcher calls the service's code at several points: the handler,
// the authorizer, the observer, a batch's transaction, a result's
// MarshalJSON (through an output check) and the methods of a handler's
// error. Every such call runs on a worker, a goroutine of the dispatcher's,
// so that a panic or a runtime.Goexit ends the worker's goroutine, never
// the caller's, and comes back as a value the dispatcher turns into a
// failure class.

// Hook names, as PanicError.Hook and ExitError.Hook give them.
const (
	HookHandler    = ""                // the tool's handler, and its error's methods
	HookAuthorizer = "authorizer"      // Config.Authorizer
	HookObserver   = "observer"        // Config.Observer
	HookOutput     = "result encoding" // encoding and checking a result (its MarshalJSON)
	HookBegin      = "transaction Begin"
	HookCommit     = "transaction Commit"
	HookRollback   = "transaction Rollback"
	HookCaller     = "caller" // a generated Client's runtime.Caller
)

// hookEnd says how a call into the service's code ended, if not by
// returning: by a panic (with its value and stack) or by runtime.Goexit.
type hookEnd struct {
	hook     string // the hook that was running
	panicked bool
	value    any
	stack    []byte
	exited   bool
}

// err returns the error of tool's call for a hook that did not return: a
// *PanicError or an *ExitError; nil if it returned.
func (e hookEnd) err(tool string) error {
	switch {
	case e.panicked:
		return &PanicError{Tool: tool, Hook: e.hook, Value: e.value, Stack: e.stack}
	case e.exited:
		return &ExitError{Tool: tool, Hook: e.hook}
	}
	return nil
}

// Workers. Starting a goroutine for each hook would cost more than the rest
// of a plain call, so a worker runs one hook after another: between hooks
// it waits in its pool's sync.Pool, and a call hands it a hook instead of
// starting a goroutine. A call that finds no idle worker starts one, so a
// handler that never returns holds its own worker and no other. Idle
// workers are at most as many as hooks ran at once; one the pool drops
// (sync.Pool drops what it holds over two garbage collections) is
// collected, and a cleanup closes its start channel, which ends its
// goroutine. So the goroutine, while it waits, holds the channel and never
// the worker. A worker whose hook called runtime.Goexit has lost its
// goroutine and is dropped.

// A hookPool keeps the idle workers of one kind of hook. J holds a hook's
// inputs and, once it has run, what it returned; run calls the service's
// code with them and the hook's context, naming in *hook the hook it is in
// (a handler goes on to its error's methods and its result's encoding), so
// that a panic is blamed on the right one.
type hookPool[J any] struct {
	idle sync.Pool
	run  func(ctx context.Context, job *J, hook *string)
}

// A worker runs hooks of one kind on a goroutine of its own. The caller
// that started a hook owns the worker until it has read what the hook
// returned, or until it stops waiting; then the worker itself owns it,
// until the hook ends.
type worker[J any] struct {
	ctx   context.Context
	job   J
	end   hookEnd
	pool  *hookPool[J]
	start chan *worker[J] // the worker's goroutine waits on it between hooks
	done  chan struct{}   // the hook ended while the caller waited
	state atomic.Int32    // workerWaited, workerEnded or workerLeft
}

// The states of a worker's hook, as its caller sees it.
const (
	workerWaited int32 = iota // the hook runs, and the caller waits for it
	workerEnded               // the hook ended first: done carries it
	workerLeft                // the caller stopped waiting first
)

// start hands job to a worker, idle or new, which runs it as hook with ctx.
// The caller waits for it, then reads its job and end and releases it; or
// it leaves.
func (p *hookPool[J]) start(ctx context.Context, hook string, job J) *worker[J] {
	w, _ := p.idle.Get().(*worker[J])
	if w == nil {
		w = &worker[J]{pool: p, start: make(chan *worker[J], 1), done: make(chan struct{}, 1)}
		go p.work(w.start)
		goruntime.AddCleanup(w, func(start chan *worker[J]) { close(start) }, w.start)
	}
	w.ctx, w.job, w.end.hook = ctx, job, hook
	w.start <- w
	return w
}

// call runs job as hook with ctx on a worker and waits until it ends.
func (p *hookPool[J]) call(ctx context.Context, hook string, job J) (J, hookEnd) {
	w := p.start(ctx, hook, job)
	<-w.done
	job, end := w.job, w.end
	w.release()
	return job, end
}

// work is a worker's goroutine: it runs each hook it is handed, until its
// start channel is closed.
func (p *hookPool[J]) work(start <-chan *worker[J]) {
	for runNext(start) {
	}
}

// runNext runs the next hook handed to a worker, and reports whether there
// was one. The worker is on runNext's frame only, gone once it returns, so
// the goroutine waiting for the next hook does not keep it from being
// collected.
//
//go:noinline
func runNext[J any](start <-chan *worker[J]) bool {
	w, ok := <-start
	if ok {
		w.run()
	}
	return ok
}

// run runs the worker's hook and records how it ended, if not by
// returning. After runtime.Goexit the goroutine ends once run's deferred
// call returns.
func (w *worker[J]) run() {
	returned := false
	defer func() {
		if !returned {
			// Since Go 1.21 panic(nil) panics with a *runtime.PanicNilError,
			// so recover returns nil here only for runtime.Goexit.
			if v := recover(); v != nil {
				w.end.panicked, w.end.value, w.end.stack = true, v, debug.Stack()
			} else {
				w.end.exited = true
			}
		}
		if w.state.CompareAndSwap(workerWaited, workerEnded) {
			w.done <- struct{}{}
		} else {
			w.release() // nobody reads what the hook returned
		}
	}()
	// The hook runs with the profiling labels its context carries
	// (pprof.Do's), as on a goroutine its caller started, and never with
	// those an earlier hook left on the worker.
	pprof.SetGoroutineLabels(w.ctx)
	w.pool.run(w.ctx, &w.job, &w.end.hook)
	returned = true
}

// wait waits until the worker's hook ends, and reports true, or until stop
// is closed, and reports false; the caller then leaves. A nil stop, as a
// context that is never done has, waits with a receive, cheaper than a
// select.
func (w *worker[J]) wait(stop <-chan struct{}) bool {
	if stop == nil {
		<-w.done
		return true
	}
	select {
	case <-w.done:
		return true
	case <-stop:
		return false
	}
}

// leave stops the caller waiting for the worker's hook: the worker releases
// itself when the hook ends, or the caller does if it has ended already.
// The caller reads nothing of the worker after leave.
func (w *worker[J]) leave() {
	if !w.state.CompareAndSwap(workerWaited, workerLeft) {
		<-w.done
		w.release()
	}
}

// release returns the worker to its pool, without what its last hook held,
// unless that hook ended the worker's goroutine.
func (w *worker[J]) release() {
	if w.end.exited {
		return
	}
	var zero J
	w.ctx, w.job, w.end = nil, zero, hookEnd{}
	w.state.Store(workerWaited)
	w.pool.idle.Put(w)
}

// funcHook is a hook given as a function, for the hooks off the path of a
// plain Dispatch: a batch's transaction and CallResult.Encode.
type funcHook struct{ fn func(hook *string) }

var funcHooks = hookPool[funcHook]{run: func(_ context.Context, h *funcHook, hook *string) { h.fn(hook) }}

// hookResult is what a hook returned, or how it ended otherwise.
type hookResult[T any] struct {
	value T
	end   hookEnd
}

// callHook calls fn as hook on a worker, with the profiling labels of ctx,
// and waits until it ends.
func callHook[T any](ctx context.Context, hook string, fn func(hook *string) T) hookResult[T] {
	var out hookResult[T]
	_, out.end = funcHooks.call(ctx, hook, funcHook{func(hook *string) { out.value = fn(hook) }})
	return out
}

// ExitError reports service code that ended its goroutine with
// runtime.Goexit (as testing's t.FailNow does) instead of returning: the
// handler, or the hook Hook names. The dispatcher ran the code on a goroutine
// of its own, so only that goroutine ended.
type ExitError struct {
	Tool string
	Hook string // HookHandler, or the hook that exited
}

func (e *ExitError) Error() string {
	msg := fmt.Sprintf("the %s ended its goroutine (runtime.Goexit) without returning", hookName(e.Hook))
	if e.Tool == "" { // a batch's transaction
		return msg
	}
	return fmt.Sprintf("tool %q: %s", e.Tool, msg)
}

// ModelMessage says the tool failed, without internal detail.
func (e *ExitError) ModelMessage() string {
	return message.Crashed(e.Tool)
}

// CanceledError reports a call whose context was done before its handler
// started: nothing of the tool ran, unlike a TimeoutError, after which its
// effects are unknown.
type CanceledError struct {
	Tool  string
	Cause error // context.Canceled or context.DeadlineExceeded
}

func (e *CanceledError) Error() string {
	return fmt.Sprintf("tool %q not started: %v", e.Tool, e.Cause)
}

func (e *CanceledError) Unwrap() error { return e.Cause }

// ModelMessage says the call never ran, so it had no effect.
func (e *CanceledError) ModelMessage() string {
	return message.Canceled(e.Tool)
}

func hookName(hook string) string {
	if hook == HookHandler {
		return "handler"
	}
	return hook
}
