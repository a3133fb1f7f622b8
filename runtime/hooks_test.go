package runtime_test

import (
	goruntime "runtime"

	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolgen/toolgen/runtime"

	"github.com/toolgen/toolgen/runtime/toolgenimpl"
)

// The dispatcher calls the service's code at every hook: handler,
// authorizer, observer, transaction methods, a result's MarshalJSON and a
// handler error's methods. These tests put a fault in one hook at a time
// and check that the call still returns, with the right failure class,
// that nothing of the service's starts once the context is done, and that
// Rollback waits for every handler the batch started.

// hangLimit is how long a call may take before a test calls it hung: a
// detector, not a timing assertion; every call here ends in milliseconds.
const hangLimit = 10 * time.Second

// secret is in every panic value, so that a test can tell whether one
// reaches a model message.
const secret = "s3cret-panic-value"

// The hooks a fault can be put in, besides the Hook… names.
const (
	hookErrorMethods = "error methods"
)

type fault int

const (
	faultPanic         fault = iota // panic with a value
	faultPanicNil                   // panic(nil), a *goruntime.PanicNilError
	faultPanicBadError              // panic with an error whose Error panics
	faultGoexit                     // goruntime.Goexit
	faultBlock                      // block until the context is done
	faultBlockIgnoring              // block, ignoring the context, until the test releases it
	faultCancel                     // cancel the caller's context, then return normally
)

var faultNames = map[fault]string{
	faultPanic: "panic", faultPanicNil: "panic(nil)", faultPanicBadError: "panic(bad error)",
	faultGoexit: "Goexit", faultBlock: "block", faultBlockIgnoring: "block ignoring ctx", faultCancel: "cancel",
}

// badError is an error whose every method panics.
type badError struct{}

func (badError) Error() string { panic("Error of a bad error: " + secret) }

// lab is one run of the dispatcher with a fault in one hook. It is the
// handler, the authorizer, the observer and the transaction, and it counts
// what the invariants need.
type lab struct {
	hook  string
	fault fault
	retry bool // the first attempt of call n=1 fails transiently

	ctx     context.Context // the caller's context
	cancel  context.CancelFunc
	release chan struct{}
	once    sync.Once // starts the cancel and release timers of a blocked hook
	free    sync.Once

	startedAfterDone atomic.Int32 // hooks that must not start once ctx is done, and did
	handlerStarts    atomic.Int32
	handlersRunning  atomic.Int32
	rollbackEarly    atomic.Int32 // Rollback calls while a handler was running
	attempts         atomic.Int32
}

func newLab(t *testing.T, hook string, f fault, cancelled bool) *lab {
	l := &lab{hook: hook, fault: f, release: make(chan struct{})}
	l.ctx, l.cancel = context.WithCancel(context.Background())
	if cancelled {
		l.cancel()
	}
	t.Cleanup(func() { l.cancel(); l.unblock() })
	return l
}

func (l *lab) unblock() { l.free.Do(func() { close(l.release) }) }

// enter is called as each hook starts. Observer and Rollback run after the
// context is done by design (see Transaction and Dispatch); nothing else
// may start then.
func (l *lab) enter(hook string) {
	if l.ctx.Err() != nil && hook != runtime.HookObserver && hook != runtime.HookRollback {
		l.startedAfterDone.Add(1)
	}
}

// strike does the lab's fault if hook is the one under test; ctx is the
// context the hook was given.
func (l *lab) strike(hook string, ctx context.Context) {
	if hook != l.hook {
		return
	}
	switch l.fault {
	case faultPanic:
		panic("boom: " + secret)
	case faultPanicNil:
		panic(nil)
	case faultPanicBadError:
		panic(badError{})
	case faultGoexit:
		goruntime.Goexit()
	case faultBlock:
		l.blocked()
		select {
		case <-ctx.Done():
		case <-l.release: // Rollback's context is never done
		}
	case faultBlockIgnoring:
		l.blocked()
		<-l.release
	case faultCancel:
		l.cancel()
	}
}

// blocked ends the caller's context soon after a hook blocks, and releases
// the hook a while after that, never before: a call must return on the
// first where it can.
func (l *lab) blocked() {
	l.once.Do(func() {
		time.AfterFunc(5*time.Millisecond, func() {
			l.cancel()
			time.AfterFunc(30*time.Millisecond, l.unblock)
		})
	})
}

// behave is the handler of tool "echo": n=0 succeeds, n=1 carries the
// fault (of the handler, its error or its result), n=2 fails.
func (l *lab) behave(ctx context.Context, n int64) (any, error) {
	l.enter(runtime.HookHandler)
	l.handlerStarts.Add(1)
	l.handlersRunning.Add(1)
	defer l.handlersRunning.Add(-1)
	switch n {
	case 1:
		if l.retry && l.attempts.Add(1) == 1 {
			return nil, runtime.Transient(errors.New("flaky"))
		}
		l.strike(runtime.HookHandler, ctx)
		switch l.hook {
		case hookErrorMethods:
			return nil, &faultyError{l: l}
		case runtime.HookOutput:
			return faultyResult{l: l}, nil
		}
	case 2:
		return nil, errors.New("plain failure")
	}
	return n, nil
}

func (l *lab) Authorize(ctx context.Context, call runtime.Authorization) error {
	l.enter(runtime.HookAuthorizer)
	if call.Args.(echoArgs).n == 1 {
		l.strike(runtime.HookAuthorizer, ctx)
	}
	return nil
}

func (l *lab) Observe(ctx context.Context, _ runtime.CallInfo) {
	l.enter(runtime.HookObserver)
	l.strike(runtime.HookObserver, ctx)
}

func (l *lab) Begin(ctx context.Context) (context.Context, error) {
	l.enter(runtime.HookBegin)
	l.strike(runtime.HookBegin, ctx)
	return ctx, ctx.Err()
}

func (l *lab) Commit(ctx context.Context) error {
	l.enter(runtime.HookCommit)
	l.strike(runtime.HookCommit, ctx)
	return ctx.Err()
}

func (l *lab) Rollback(ctx context.Context) error {
	l.enter(runtime.HookRollback)
	if l.handlersRunning.Load() > 0 {
		l.rollbackEarly.Add(1)
	}
	l.strike(runtime.HookRollback, ctx)
	return ctx.Err()
}

// faultyError is a handler's error whose methods carry the fault.
type faultyError struct{ l *lab }

func (e *faultyError) Error() string {
	e.l.strike(hookErrorMethods, e.l.ctx)
	return "faulty"
}

func (e *faultyError) Unwrap() error {
	e.l.strike(hookErrorMethods, e.l.ctx)
	return nil
}

func (e *faultyError) Is(error) bool {
	e.l.strike(hookErrorMethods, e.l.ctx)
	return false
}

func (e *faultyError) As(any) bool {
	e.l.strike(hookErrorMethods, e.l.ctx)
	return false
}

// faultyResult is a handler's result whose MarshalJSON carries the fault.
type faultyResult struct{ l *lab }

func (r faultyResult) MarshalJSON() ([]byte, error) {
	r.l.strike(runtime.HookOutput, r.l.ctx)
	return []byte(`{"ok":true}`), nil
}

// dispatcher returns a dispatcher over the lab, with an output check that
// encodes every result, and the retries or timeout an entry asks for.
func (l *lab) dispatcher(timeout time.Duration, retry bool) *runtime.Dispatcher {
	s := specs(retry, timeout)
	s[0].CheckOutput = func(result any) []runtime.Violation {
		return toolgenimpl.CheckOutput(result, func(r *toolgenimpl.Reader) { r.Skip() })
	}
	cfg := runtime.Config{Authorizer: l, Observer: l}
	if retry {
		cfg.Retry = &runtime.RetryPolicy{Attempts: 3, BaseDelay: time.Millisecond, MaxDelay: time.Millisecond}
	}
	return toolgenimpl.NewDispatcher(behaviour(l.behave), s, index, cfg)
}

// mustReturn runs fn on a goroutine of its own and fails t if fn panics,
// ends its goroutine, or does not return within hangLimit.
func mustReturn(t *testing.T, name string, fn func()) bool {
	t.Helper()
	done := make(chan string, 1)
	go func() {
		returned := false
		defer func() {
			switch v := recover(); {
			case returned:
				done <- ""
			case v != nil:
				done <- fmt.Sprintf("a panic escaped: %v", v)
			default:
				done <- "goruntime.Goexit ended the caller's goroutine"
			}
		}()
		fn()
		returned = true
	}()
	select {
	case msg := <-done:
		if msg != "" {
			t.Errorf("%s: %s", name, msg)
			return false
		}
		return true
	case <-time.After(hangLimit):
		t.Errorf("%s: did not return within %v", name, hangLimit)
		return false
	}
}

// An entry is a way into the dispatcher. run returns the errors of the
// calls.
type entry struct {
	name      string
	cancelled bool // the context is done before the call
	tx        bool // a batch in a transaction: the transaction's hooks apply
	encoded   bool // every result must come with its JSON or its Report
	run       func(l *lab, calls []int64) outcome
}

func echoCalls(ns []int64) []runtime.Call {
	calls := make([]runtime.Call, len(ns))
	for i, n := range ns {
		calls[i] = runtime.Call{ID: fmt.Sprint(i), Tool: "echo", Arguments: fmt.Appendf(nil, `{"n":%d}`, n)}
	}
	return calls
}

// outcome is what an entry returned: the error of the call that matters,
// and those of every call.
type outcome struct {
	main    error
	all     []error
	results []runtime.CallResult // of a batch or of CallResult.Encode
}

func dispatchEntry(timeout time.Duration, retry bool) func(l *lab, ns []int64) outcome {
	return func(l *lab, ns []int64) outcome {
		l.retry = retry
		_, err := l.dispatcher(timeout, retry).Dispatch(l.ctx, "echo", fmt.Appendf(nil, `{"n":%d}`, ns[0]))
		return outcome{main: err, all: []error{err}}
	}
}

// encodedEntry dispatches a call, then encodes its outcome as an adapter
// does with CallResult.Encode; the tool has no output check, so that the
// result's MarshalJSON first runs in Encode.
func encodedEntry(l *lab, ns []int64) outcome {
	d := toolgenimpl.NewDispatcher(behaviour(l.behave), specs(false, 0), index, runtime.Config{Authorizer: l, Observer: l})
	result, err := d.Dispatch(l.ctx, "echo", fmt.Appendf(nil, `{"n":%d}`, ns[0]))
	r := runtime.CallResult{Tool: "echo", Result: result, Err: err}
	r.Encode()
	return outcome{r.Err, []error{r.Err}, []runtime.CallResult{r}}
}

func batchEntry(tx, encode bool) func(l *lab, ns []int64) outcome {
	return func(l *lab, ns []int64) outcome {
		opts := runtime.BatchOptions{Encode: encode}
		if tx {
			opts.Transaction = l
		}
		results := l.dispatcher(0, false).DispatchBatch(l.ctx, echoCalls(ns), opts)
		all := make([]error, len(results))
		for i, r := range results {
			all[i] = r.Err
		}
		main := all[0]
		if len(ns) > 1 && ns[1] == 2 {
			main = all[1] // the failing call, whose failure rolls back
		}
		return outcome{main, all, results}
	}
}

var entries = []entry{
	{name: "Dispatch", run: dispatchEntry(0, false)},
	{name: "Dispatch with a timeout", run: dispatchEntry(time.Second, false)},
	{name: "Dispatch with retries", run: dispatchEntry(0, true)},
	{name: "Dispatch cancelled", cancelled: true, run: dispatchEntry(0, false)},
	{name: "DispatchBatch", run: batchEntry(false, false)},
	{name: "DispatchBatch in a transaction", tx: true, run: batchEntry(true, false)},
	{name: "DispatchBatch in a transaction cancelled", cancelled: true, tx: true, run: batchEntry(true, false)},
	{name: "DispatchBatch encoded", encoded: true, run: batchEntry(false, true)},
	{name: "DispatchBatch encoded in a transaction", tx: true, encoded: true, run: batchEntry(true, true)},
	{name: "Dispatch, then CallResult.Encode", encoded: true, run: encodedEntry},
}

// expected lists the failure classes a call may end with when hook has
// fault f.
func expected(hook string, f fault, e entry) []string {
	if e.cancelled {
		return []string{runtime.FailureCanceled}
	}
	panicked := f == faultPanic || f == faultPanicNil || f == faultPanicBadError
	switch hook {
	case runtime.HookAuthorizer:
		if panicked || f == faultGoexit {
			return []string{runtime.FailureDenied}
		}
		return []string{runtime.FailureCanceled}
	case runtime.HookObserver:
		if panicked || f == faultGoexit || e.name != "Dispatch with retries" {
			return []string{"ok"}
		}
		// The context ended while the observer saw the first attempt.
		return []string{"ok", runtime.FailureTimeout}
	case runtime.HookBegin:
		switch {
		case panicked:
			return []string{runtime.FailurePanic}
		case f == faultGoexit:
			return []string{runtime.FailureExited}
		}
		return []string{runtime.FailureCanceled} // Begin returned once the context was done
	case runtime.HookCommit:
		switch {
		case panicked:
			return []string{runtime.FailurePanic}
		case f == faultGoexit:
			return []string{runtime.FailureExited}
		}
		return []string{runtime.FailureToolFailed} // Commit returned the context's error
	case runtime.HookRollback:
		switch {
		case panicked:
			return []string{runtime.FailurePanic}
		case f == faultGoexit:
			return []string{runtime.FailureExited}
		}
		return []string{runtime.FailureToolFailed}
	}
	// The handler, its error's methods, its result's MarshalJSON.
	switch {
	case panicked:
		return []string{runtime.FailurePanic}
	case f == faultGoexit:
		return []string{runtime.FailureExited}
	case hook == runtime.HookOutput && e.name == "Dispatch, then CallResult.Encode":
		return []string{"ok"} // Encode has no context: it waits for MarshalJSON
	}
	return []string{runtime.FailureTimeout}
}

// TestHookFaults puts each fault in each hook and calls the dispatcher
// through each entry.
func TestHookFaults(t *testing.T) {
	for _, hook := range allHooks {
		for _, f := range allFaults {
			for _, e := range entries {
				txHook := hook == runtime.HookBegin || hook == runtime.HookCommit || hook == runtime.HookRollback
				if txHook && !e.tx {
					continue
				}
				ns := []int64{1, 0}
				if txHook {
					ns = []int64{0, 0}
				}
				if hook == runtime.HookRollback {
					ns = []int64{0, 2}
				}
				name := fmt.Sprintf("%s/%s/%s", runtime.HookName(hook), faultNames[f], e.name)
				checkHookFault(t, name, newLab(t, hook, f, e.cancelled), e, ns, expected(hook, f, e))
			}
		}
	}
}

var (
	allHooks  = []string{runtime.HookHandler, runtime.HookAuthorizer, runtime.HookObserver, runtime.HookOutput, hookErrorMethods, runtime.HookBegin, runtime.HookCommit, runtime.HookRollback}
	allFaults = []fault{faultPanic, faultPanicNil, faultPanicBadError, faultGoexit, faultBlock, faultBlockIgnoring, faultCancel}
)

// FuzzHookFaults puts a fault in a hook of a batch or call of any shape:
// each byte of calls is a call, n = byte%3 (0 succeeds, 1 carries the
// fault, 2 fails). Whatever the failure class, the invariants of
// TestHookFaults hold.
func FuzzHookFaults(f *testing.F) {
	f.Add(uint8(0), uint8(0), uint8(4), []byte{1, 0})
	f.Add(uint8(7), uint8(5), uint8(5), []byte{0, 1, 2})
	f.Add(uint8(1), uint8(6), uint8(6), []byte{1})
	f.Add(uint8(3), uint8(3), uint8(2), []byte{1})
	f.Fuzz(func(t *testing.T, hook, fault, entryIndex uint8, calls []byte) {
		if len(calls) == 0 || len(calls) > 8 {
			return
		}
		e := entries[int(entryIndex)%len(entries)]
		ns := make([]int64, len(calls))
		for i, c := range calls {
			ns[i] = int64(c % 3)
		}
		h, fl := allHooks[int(hook)%len(allHooks)], allFaults[int(fault)%len(allFaults)]
		name := fmt.Sprintf("%s/%s/%s/%v", runtime.HookName(h), faultNames[fl], e.name, ns)
		checkHookFault(t, name, newLab(t, h, fl, e.cancelled), e, ns, nil)
	})
}

func checkHookFault(t *testing.T, name string, l *lab, e entry, ns []int64, want []string) {
	t.Helper()
	var out outcome
	if !mustReturn(t, name, func() { out = e.run(l, ns) }) {
		return
	}
	if got := runtime.Outcome(out.main); want != nil && !slices.Contains(want, got) {
		t.Errorf("%s: outcome %s, want one of %v (%v)", name, got, want, out.main)
	}
	if n := l.startedAfterDone.Load(); n > 0 {
		t.Errorf("%s: %d hooks started after the context was done", name, n)
	}
	if e.cancelled && l.handlerStarts.Load() > 0 {
		t.Errorf("%s: a handler started with a cancelled context", name)
	}
	if n := l.rollbackEarly.Load(); n > 0 {
		t.Errorf("%s: Rollback ran while a handler was still running", name)
	}
	if e.encoded {
		checkEncoded(t, name, out.results)
	}
	for _, err := range out.all {
		if runtime.Outcome(err) == runtime.FailureInternal {
			t.Errorf("%s: an unclassified error: %v", name, err)
		}
		msg := runtime.ModelMessage(err)
		if strings.Contains(msg, secret) || strings.Contains(msg, "goroutine ") || strings.Contains(msg, ".go:") {
			t.Errorf("%s: a panic's detail reaches the model: %q", name, msg)
		}
		if r := runtime.Report(err); r.Error != runtime.Outcome(err) || r.Message != msg {
			t.Errorf("%s: the report disagrees with Outcome and ModelMessage: %+v", name, r)
		}
	}
}

// checkEncoded checks that every result is encoded as an adapter sends it:
// JSON for a success, a report agreeing with the error for a failure.
func checkEncoded(t *testing.T, name string, results []runtime.CallResult) {
	t.Helper()
	for i, r := range results {
		switch {
		case r.Err == nil && (r.Report != nil || !json.Valid(r.JSON)):
			t.Errorf("%s: call %d succeeded with JSON %q and report %v", name, i+1, r.JSON, r.Report)
		case r.Err != nil && (r.JSON != nil || r.Result != nil || r.Report == nil):
			t.Errorf("%s: call %d failed (%v) with JSON %q, result %v and report %v", name, i+1, r.Err, r.JSON, r.Result, r.Report)
		case r.Err != nil && (r.Report.Error != runtime.Outcome(r.Err) || r.Report.Message != runtime.ModelMessage(r.Err)):
			t.Errorf("%s: call %d: the report %+v disagrees with its error %v", name, i+1, *r.Report, r.Err)
		}
	}
}

// TestAuthorizerPanicFailsClosed: a panicking authorizer denies the call,
// through Dispatch and DispatchBatch, and nothing runs.
func TestAuthorizerPanicFailsClosed(t *testing.T) {
	for _, e := range []entry{entries[0], entries[4]} {
		l := newLab(t, runtime.HookAuthorizer, faultPanic, false)
		var err error
		if !mustReturn(t, e.name, func() { err = e.run(l, []int64{1, 0}).main }) {
			continue
		}
		var denied *runtime.DeniedError
		var panicked *runtime.PanicError
		if !errors.As(err, &denied) || !errors.As(denied.Err, &panicked) || panicked.Hook != runtime.HookAuthorizer {
			t.Errorf("%s: want a denial holding the authorizer's panic, got %v", e.name, err)
		}
		if strings.Contains(runtime.ModelMessage(err), secret) {
			t.Errorf("%s: the panic value reaches the model: %q", e.name, runtime.ModelMessage(err))
		}
		if n := l.handlerStarts.Load(); n > 0 {
			t.Errorf("%s: %d handlers ran after the authorizer panicked", e.name, n)
		}
	}
}

// TestObserverPanicIsContained: a panicking observer changes nothing of
// the call's result.
func TestObserverPanicIsContained(t *testing.T) {
	l := newLab(t, runtime.HookObserver, faultPanic, false)
	d := l.dispatcher(0, false)
	var result any
	var err error
	if mustReturn(t, "Dispatch", func() { result, err = d.Dispatch(context.Background(), "echo", []byte(`{"n":0}`)) }) {
		if err != nil || result != int64(0) {
			t.Errorf("a panicking observer changed the result: %v, %v", result, err)
		}
	}
}

// TestHandlerGoexitReturns: a handler that ends its goroutine with
// goruntime.Goexit gets an ExitError, with no timeout and with a context that
// is never cancelled alike.
func TestHandlerGoexitReturns(t *testing.T) {
	for _, ctx := range []context.Context{context.Background(), t.Context()} {
		d := newDispatcher(func(context.Context, int64) (any, error) { goruntime.Goexit(); return nil, nil }, runtime.Config{}, false, 0)
		var err error
		if !mustReturn(t, "Dispatch", func() { _, err = d.Dispatch(ctx, "echo", []byte(`{"n":0}`)) }) {
			continue
		}
		var exited *runtime.ExitError
		if !errors.As(err, &exited) || exited.Hook != runtime.HookHandler || runtime.Outcome(err) != runtime.FailureExited {
			t.Errorf("want an ExitError of the handler, got %v", err)
		}
	}
}

// TestCancelledContextStartsNothing: with a context already cancelled, no
// handler of a destructive tool ever starts, and the error says so.
func TestCancelledContextStartsNothing(t *testing.T) {
	var starts atomic.Int32
	destructive := func(context.Context, int64) (any, error) { starts.Add(1); return nil, nil }
	d := newDispatcher(destructive, runtime.Config{}, false, 0)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	calls := echoCalls([]int64{0, 0})
	for range 200 {
		_, err := d.Dispatch(ctx, "echo", []byte(`{"n":0}`))
		var canceled *runtime.CanceledError
		if !errors.As(err, &canceled) || !errors.Is(err, context.Canceled) || !strings.Contains(runtime.ModelMessage(err), "no effect") {
			t.Fatalf("Dispatch: want a CanceledError, got %v", err)
		}
		for _, opts := range []runtime.BatchOptions{{}, {Concurrency: 2}, {Transaction: &fakeTx{}}} {
			for _, r := range d.DispatchBatch(ctx, calls, opts) {
				if runtime.Outcome(r.Err) != runtime.FailureCanceled {
					t.Fatalf("DispatchBatch %+v: want canceled, got %v", opts, r.Err)
				}
			}
		}
	}
	if n := starts.Load(); n != 0 {
		t.Errorf("%d handlers started with a cancelled context", n)
	}
}

// TestRollbackAfterHandlersReturn: when a call of a transaction times out,
// Rollback waits until its handler has returned, so that nothing the
// handler does lands after the rollback.
func TestRollbackAfterHandlersReturn(t *testing.T) {
	var effect atomic.Bool // the handler's late side effect
	var rolledBackBeforeEffect atomic.Bool
	release := make(chan struct{})
	defer func() {
		select {
		case <-release:
		default:
			close(release)
		}
	}()
	slow := func(ctx context.Context, n int64) (any, error) {
		<-release // ignores its context
		effect.Store(true)
		return n, nil
	}
	d := newDispatcher(slow, runtime.Config{}, false, 10*time.Millisecond)
	tx := &recordingTx{onRollback: func() { rolledBackBeforeEffect.Store(!effect.Load()) }}
	time.AfterFunc(50*time.Millisecond, func() { close(release) })
	var results []runtime.CallResult
	if !mustReturn(t, "DispatchBatch", func() {
		results = d.DispatchBatch(context.Background(), echoCalls([]int64{0, 0}), runtime.BatchOptions{Transaction: tx})
	}) {
		return
	}
	if runtime.Outcome(results[0].Err) != runtime.FailureTimeout || tx.log() != "begin rollback" {
		t.Fatalf("want call 1 to time out and the batch to roll back: %v, %q", results[0].Err, tx.log())
	}
	if rolledBackBeforeEffect.Load() {
		t.Error("Rollback ran before the timed-out handler returned; its effect landed after the rollback")
	}
}

// recordingTx is a Transaction that records its calls, safely for the
// race detector.
type recordingTx struct {
	mu         sync.Mutex
	calls      []string
	onRollback func()
}

func (r *recordingTx) record(s string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, s)
}

func (r *recordingTx) log() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return strings.Join(r.calls, " ")
}

func (r *recordingTx) Begin(ctx context.Context) (context.Context, error) {
	r.record("begin")
	return ctx, nil
}

func (r *recordingTx) Commit(context.Context) error { r.record("commit"); return nil }

func (r *recordingTx) Rollback(context.Context) error {
	r.record("rollback")
	if r.onRollback != nil {
		r.onRollback()
	}
	return nil
}

// TestErrorMethodsThatPanic: Outcome, ModelMessage and Report never let a
// wrapped error's panicking methods out, and never show what they hold.
func TestErrorMethodsThatPanic(t *testing.T) {
	l := &lab{hook: hookErrorMethods, fault: faultPanic, ctx: context.Background()}
	for _, err := range []error{
		&runtime.HandlerError{Tool: "echo", Err: &faultyError{l: l}},
		fmt.Errorf("wrapped: %w", &faultyError{l: l}),
		&runtime.PanicError{Tool: "echo", Value: badError{}},
	} {
		var outcome, msg string
		if !mustReturn(t, fmt.Sprintf("%T", err), func() { outcome, msg = runtime.Outcome(err), runtime.ModelMessage(err); _ = runtime.Report(err) }) {
			continue
		}
		if outcome != runtime.OwnClass(err) || strings.Contains(msg, secret) {
			t.Errorf("%T: outcome %s, message %q", err, outcome, msg)
		}
	}
}

// TestLateResultIsNotSuccess: a handler that returns after its context
// ended is reported as timed out, never as done, however it returns.
func TestLateResultIsNotSuccess(t *testing.T) {
	for range 50 {
		ctx, cancel := context.WithCancel(context.Background())
		d := newDispatcher(func(context.Context, int64) (any, error) { cancel(); return int64(1), nil }, runtime.Config{}, false, 0)
		result, err := d.Dispatch(ctx, "echo", []byte(`{"n":0}`))
		if result != nil || runtime.Outcome(err) != runtime.FailureTimeout {
			t.Fatalf("a result after the context ended: %v, %v", result, err)
		}
	}
}

var _ json.Marshaler = faultyResult{}
