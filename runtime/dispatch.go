package runtime

import (
	"context"
	"crypto/hmac"
	cryptorand "crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/toolgen/toolgen/runtime/internal/toolspec"
)

// toolSpec is what generated code tells a Dispatcher about one tool
// (toolgenimpl.ToolSpec, the same type).
type toolSpec = toolspec.Spec[Options, Annotations, Violation]

// idempotent reports whether the catalog marks the tool idempotent.
func idempotent(s *toolSpec) bool {
	return s.Annotations.IdempotentHint != nil && *s.Annotations.IdempotentHint
}

// Config configures a Dispatcher. The zero value is usable: default limits,
// no timeout unless a tool sets one, no authorization, no observer, no retries.
type Config struct {
	// Limits bound the arguments before and while they are decoded.
	Limits Options
	// Timeout bounds each handler run of a tool without its own timeout;
	// 0 means none.
	Timeout time.Duration
	// Authorizer, if set, is asked after validation and before the handler,
	// unless the context is done. The dispatcher stops waiting for it when
	// the context is done; if it panics or exits, the call is denied.
	Authorizer Authorizer
	// Observer, if set, is told about every call and every attempt, those
	// that end with the context included. The dispatcher waits for it to
	// return, so it must not block; if it panics or exits, the record is
	// lost and the call's result stands.
	Observer Observer
	// Retry, if set, retries transient handler errors of idempotent tools.
	Retry *RetryPolicy
}

// Authorizer decides whether a validated call may run. Returning Deny(reason)
// refuses it with a reason for the model; any other error refuses it too,
// without showing the error to the model.
type Authorizer interface {
	Authorize(ctx context.Context, call Authorization) error
}

// AuthorizerFunc adapts a function to Authorizer.
type AuthorizerFunc func(ctx context.Context, call Authorization) error

// Authorize calls f.
func (f AuthorizerFunc) Authorize(ctx context.Context, call Authorization) error { return f(ctx, call) }

// Authorization is what an Authorizer decides on.
type Authorization struct {
	Tool        string
	Annotations Annotations
	// Args is the tool's validated, branded arguments value (Valid…Args).
	Args any
}

// RetryPolicy retries a handler error marked Transient, for tools the catalog
// marks idempotent only, with exponential backoff and jitter, and never past
// the context's deadline.
type RetryPolicy struct {
	Attempts  int           // total attempts, the first included; values below 2 mean no retry
	BaseDelay time.Duration // the delay before the second attempt; default 100ms
	MaxDelay  time.Duration // the cap on any delay; default 5s
}

func (p *RetryPolicy) delay(attempt int) time.Duration {
	base, limit := p.BaseDelay, p.MaxDelay
	if base <= 0 {
		base = 100 * time.Millisecond
	}
	if limit <= 0 {
		limit = 5 * time.Second
	}
	d := base << (attempt - 1)
	if d <= 0 || d > limit {
		d = limit
	}
	// Jitter keeps retries of many calls from arriving together; keeping at
	// least half the backoff keeps it a backoff ("equal jitter").
	half := d / 2
	return half + time.Duration(rand.Int64N(int64(d-half)+1))
}

// Observer receives a record of every call, and of every attempt of a
// retried one. Records never hold argument values.
type Observer interface {
	Observe(ctx context.Context, call CallInfo)
}

// CallInfo describes one dispatched call for logs and metrics.
type CallInfo struct {
	Tool     string
	Outcome  string // "ok" or one of the Failure… classes
	Attempt  int    // 1 for the first attempt
	Duration time.Duration
	// ArgumentBytes and ArgumentSHA256 identify the arguments without
	// revealing them. ArgumentSHA256 is an HMAC-SHA256 of the arguments'
	// bytes under a key made at random for the process: equal arguments
	// have equal digests in one process's logs, but a short secret among
	// them (a PIN, a code) cannot be found by hashing guesses, as it could
	// from a plain SHA-256.
	ArgumentBytes  int
	ArgumentSHA256 string
	// Violations locate what was wrong with the arguments, without values.
	Violations []ViolationRef
	// Detail is the internal error text of a handler failure, panic, exit
	// or timeout, or of an authorizer that did not decide: for the
	// service's logs, never for the model. Stack is a panicking hook's
	// stack.
	Detail string
	Stack  []byte

	started time.Time
}

// ViolationRef locates a violation without its text, which may quote the
// value or, in a CompactErrorReport, is in the model message beside it: its
// JSON Pointer and the keyword that failed.
type ViolationRef struct {
	Pointer string `json:"pointer"`
	Keyword string `json:"keyword"`
}

// Dispatcher runs tool calls through validation, authorization and the
// handler, and turns every failure into a typed error. Generated code builds
// one with its NewDispatcher. It is safe for concurrent use.
type Dispatcher struct {
	handler any
	tools   []toolSpec
	index   func(name string) int
	names   []string
	cfg     Config
}

// Generated code makes a Dispatcher through toolgenimpl.NewDispatcher, which
// calls newDispatcher: the constructor takes what only generated code
// knows, and is no name of this package's API.
func init() { toolspec.NewDispatcher = newDispatcher }

// newDispatcher returns a dispatcher for handler over tools; index maps a
// tool name to its position in tools, or -1.
func newDispatcher(handler any, tools []toolSpec, index func(name string) int, cfg Config) *Dispatcher {
	names := make([]string, len(tools))
	for i, t := range tools {
		names[i] = t.Name
	}
	return &Dispatcher{handler: handler, tools: tools, index: index, names: names, cfg: cfg}
}

// Validate runs the checks of Dispatch on the arguments of tool name and runs
// nothing.
func (d *Dispatcher) Validate(name string, raw []byte) error {
	_, _, err := d.parse(name, raw)
	return err
}

// Dispatch validates the arguments of tool name, asks the authorizer, and
// runs the handler, recovering a panic and bounding its time. Nothing runs
// for an unknown tool, invalid arguments or a denied call, nor once ctx is
// done: the handler never starts after that (a *CanceledError), and
// Dispatch stops waiting for one that is running (a *TimeoutError).
//
// Every call into the service's code (handler, authorizer, observer, a
// result's MarshalJSON, a handler error's methods) runs on a goroutine of
// the dispatcher's: a panic becomes a *PanicError, runtime.Goexit an
// *ExitError, and neither reaches the caller. An authorizer that panics or
// exits denies the call; an observer that does is ignored. A handler that
// ignores its context keeps running after Dispatch returned, and its result
// is dropped, never reported. The goroutine then runs other hooks, each
// with the profiling labels of its context (pprof.Do's), or waits idle
// until the garbage collector ends it: a hook must not leave it locked to
// its OS thread (runtime.LockOSThread).
func (d *Dispatcher) Dispatch(ctx context.Context, name string, raw []byte) (any, error) {
	info := d.start(name, raw)
	result, err := d.dispatch(ctx, name, raw, &info)
	d.finish(ctx, &info, err)
	return result, err
}

// DispatchReader is Dispatch for arguments read from r, which is read at most
// once and never beyond the argument size limit.
func (d *Dispatcher) DispatchReader(ctx context.Context, name string, r io.Reader) (any, error) {
	raw, err := readLimited(r, d.cfg.Limits.maxBytes())
	if err != nil {
		return nil, err
	}
	return d.Dispatch(ctx, name, raw)
}

// readLimited reads r up to limit bytes; one more byte means too large, which
// the reader then reports as a limit violation without reading the rest.
func readLimited(r io.Reader, limit int) ([]byte, error) {
	raw, err := io.ReadAll(io.LimitReader(r, int64(limit)+1))
	if err != nil {
		return nil, fmt.Errorf("reading tool arguments: %w", err)
	}
	return raw, nil
}

func (d *Dispatcher) parse(name string, raw []byte) (*toolSpec, any, error) {
	i := d.index(name)
	if i < 0 {
		return nil, nil, &UnknownToolError{Name: name, Known: append([]string(nil), d.names...)}
	}
	spec := &d.tools[i]
	args, err := spec.Parse(raw, d.cfg.Limits)
	return spec, args, err
}

// authorize asks the authorizer, unless ctx is done, and stops waiting for
// it when ctx is done. A policy that fails, panics or exits refuses (fail
// closed), and what went wrong is kept for the logs only.
func (d *Dispatcher) authorize(ctx context.Context, spec *toolSpec, args any) error {
	if d.cfg.Authorizer == nil {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return &CanceledError{Tool: spec.Name, Cause: err}
	}
	call := Authorization{Tool: spec.Name, Annotations: spec.Annotations, Args: args}
	w := authorizerHooks.start(ctx, HookAuthorizer, authorizerHook{authorizer: d.cfg.Authorizer, call: call})
	if !w.wait(ctx.Done()) {
		w.leave()
		return &CanceledError{Tool: spec.Name, Cause: ctx.Err()}
	}
	err, end := w.job.err, w.end
	w.release()
	if err := end.err(spec.Name); err != nil {
		return &DeniedError{Tool: spec.Name, Err: err}
	}
	return err
}

// authorizerHook is one question to the authorizer.
type authorizerHook struct {
	authorizer Authorizer
	call       Authorization
	err        error // the decision, as a *DeniedError or nil
}

var authorizerHooks = hookPool[authorizerHook]{run: func(ctx context.Context, h *authorizerHook, _ *string) {
	// The policy's error is looked at on the worker too: its methods are
	// the service's code.
	err := h.authorizer.Authorize(ctx, h.call)
	if err == nil {
		return
	}
	if denied, ok := own[*DeniedError](err); ok {
		h.err = &DeniedError{Tool: h.call.Tool, Reason: denied.Reason}
		return
	}
	h.err = &DeniedError{Tool: h.call.Tool, Err: err}
}}

func (d *Dispatcher) dispatch(ctx context.Context, name string, raw []byte, info *CallInfo) (any, error) {
	spec, args, err := d.parse(name, raw)
	if err != nil {
		return nil, err
	}
	if err := d.authorize(ctx, spec, args); err != nil {
		return nil, err
	}
	o := d.run(ctx, spec, args, info, nil, false)
	return o.result, o.err
}

// run calls the handler, retrying transient errors of idempotent tools, and
// checks the result against the output schema, encoding it first if encode
// is set. If running is not nil, it counts the handler goroutines started,
// until each ends.
func (d *Dispatcher) run(ctx context.Context, spec *toolSpec, args any, info *CallInfo, running *sync.WaitGroup, encode bool) callOutcome {
	attempts := 1
	if d.cfg.Retry != nil && idempotent(spec) && d.cfg.Retry.Attempts > 1 {
		attempts = d.cfg.Retry.Attempts
	}
	for attempt := 1; ; attempt++ {
		started := time.Now()
		o := d.call(ctx, spec, args, running, encode)
		if canceled, ok := o.err.(*CanceledError); ok && attempt > 1 {
			// Earlier attempts ran: what they did is not known to be nothing.
			o.err = &TimeoutError{Tool: spec.Name, Cause: canceled.Cause}
		}
		if attempt >= attempts || !o.transient {
			info.Attempt = attempt
			return o
		}
		delay := d.cfg.Retry.delay(attempt)
		if deadline, ok := ctx.Deadline(); ok && time.Until(deadline) <= delay {
			info.Attempt = attempt
			return o // the next attempt could not finish in time
		}
		attemptInfo := *info
		attemptInfo.Attempt, attemptInfo.Duration = attempt, time.Since(started)
		d.observe(ctx, attemptInfo, o.err)
		timer := time.NewTimer(delay)
		select {
		case <-timer.C:
		case <-ctx.Done():
			timer.Stop()
			info.Attempt = attempt
			return callOutcome{err: &TimeoutError{Tool: spec.Name, Cause: ctx.Err()}}
		}
	}
}

// callOutcome is the outcome of one handler run: json is the result
// encoded, when asked for. transient is set for a handler error marked
// Transient.
type callOutcome struct {
	result    any
	json      []byte
	err       error
	transient bool
}

// The states of one handler run: whether the handler started, or whether
// the dispatcher gave up on it first.
const (
	runPending int32 = iota
	runStarted
	runAbandoned
)

// call runs the handler once on a worker, within the tool's timeout and
// ctx, and classifies what it returned there too (see protected). The
// handler never starts once ctx is done: whichever of the worker and the
// dispatcher's wait comes first decides, so a *CanceledError always means
// the handler did not run.
func (d *Dispatcher) call(ctx context.Context, spec *toolSpec, args any, running *sync.WaitGroup, encode bool) callOutcome {
	if err := ctx.Err(); err != nil {
		return callOutcome{err: &CanceledError{Tool: spec.Name, Cause: err}}
	}
	timeout := spec.Timeout
	if timeout == 0 {
		timeout = d.cfg.Timeout
	}
	callCtx := ctx
	if timeout > 0 {
		var cancel context.CancelFunc
		callCtx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	} else if ctx.Done() != nil {
		// A handler still running when the dispatcher stops waiting for it
		// is told so through its context.
		var cancel context.CancelFunc
		callCtx, cancel = context.WithCancel(ctx)
		defer cancel()
	}
	if running != nil {
		running.Add(1)
	}
	w := handlerHooks.start(callCtx, HookHandler, handlerHook{d: d, spec: spec, args: args, running: running, encode: encode})
	if !w.wait(callCtx.Done()) {
		abandoned := w.job.state.CompareAndSwap(runPending, runAbandoned)
		w.leave()
		if abandoned {
			return callOutcome{err: &CanceledError{Tool: spec.Name, Cause: callCtx.Err()}}
		}
		return d.late(ctx, spec, timeout)
	}
	out, end := w.job.out, w.end
	w.release()
	if err := end.err(spec.Name); err != nil {
		return callOutcome{err: err}
	}
	// ctx is asked first: when it is cancelled, its Err is set before
	// callCtx's.
	if _, canceled := out.err.(*CanceledError); canceled || ctx.Err() == nil && callCtx.Err() == nil {
		return out
	}
	// The handler returned after its context ended, as the dispatcher
	// stopped waiting: what it did is reported as late, never as done.
	return d.late(ctx, spec, timeout)
}

// handlerHook is one handler run; see call.
type handlerHook struct {
	d       *Dispatcher
	spec    *toolSpec
	args    any
	running *sync.WaitGroup
	encode  bool
	state   atomic.Int32 // runPending, runStarted or runAbandoned
	out     callOutcome
}

var handlerHooks = hookPool[handlerHook]{run: func(ctx context.Context, h *handlerHook, hook *string) {
	if h.running != nil {
		defer h.running.Done()
	}
	if ctx.Err() != nil || !h.state.CompareAndSwap(runPending, runStarted) {
		h.out = callOutcome{err: &CanceledError{Tool: h.spec.Name, Cause: ctx.Err()}}
		return
	}
	h.out = h.d.protected(ctx, h.spec, h.args, hook, h.encode)
}}

// late is the outcome of a handler run that did not end before its
// context: the caller's ctx ended, or the tool's timeout passed.
func (d *Dispatcher) late(ctx context.Context, spec *toolSpec, timeout time.Duration) callOutcome {
	if err := ctx.Err(); err != nil {
		return callOutcome{err: &TimeoutError{Tool: spec.Name, Cause: err}}
	}
	return callOutcome{err: &TimeoutError{Tool: spec.Name, Timeout: timeout, Cause: context.DeadlineExceeded}}
}

// protected runs the handler and turns what it returned into the call's
// outcome: a RejectionError, a HandlerError (noting whether it is
// transient), an OutputError, or the result, encoded if encode is set. It
// runs on the handler's worker, since a handler error's methods and a
// result's MarshalJSON are the service's code too; hook names the one
// running.
func (d *Dispatcher) protected(ctx context.Context, spec *toolSpec, args any, hook *string, encode bool) callOutcome {
	result, err := spec.Call(ctx, d.handler, args)
	if err != nil {
		if rejected, ok := own[*RejectionError](err); ok {
			return callOutcome{err: &RejectionError{Tool: spec.Name, Violations: rejected.Violations}}
		}
		return callOutcome{err: &HandlerError{Tool: spec.Name, Err: err, returned: true}, transient: isTransient(err)}
	}
	*hook = HookOutput
	var encoded []byte
	if encode {
		// The bytes checked below are the bytes sent: the result's
		// MarshalJSON runs once.
		if encoded, err = encodeResult(result); err != nil && spec.CheckOutput == nil {
			return callOutcome{err: encodingError(spec.Name, err)}
		}
	}
	if spec.CheckOutput != nil {
		checked := result
		if encoded != nil {
			checked = json.RawMessage(encoded)
		}
		if vs := spec.CheckOutput(checked); len(vs) > 0 {
			return callOutcome{err: &OutputError{Tool: spec.Name, Violations: vs}}
		}
		if encode && encoded == nil {
			// Encoding failed, and checking the result as it is, which
			// encodes it again, did not: a MarshalJSON that fails now and
			// then.
			return callOutcome{err: encodingError(spec.Name, err)}
		}
	}
	return callOutcome{result: result, json: encoded}
}

// argumentKey keys argumentDigest; it never leaves the process.
var argumentKey = sync.OnceValue(func() []byte {
	key := make([]byte, sha256.Size)
	cryptorand.Read(key) // never fails, per crypto/rand
	return key
})

// argumentDigest is CallInfo.ArgumentSHA256 of raw.
func argumentDigest(raw []byte) string {
	mac := hmac.New(sha256.New, argumentKey())
	mac.Write(raw)
	return hex.EncodeToString(mac.Sum(nil))
}

func (d *Dispatcher) start(name string, raw []byte) CallInfo {
	info := CallInfo{Tool: name, ArgumentBytes: len(raw), Attempt: 1}
	if d.cfg.Observer != nil {
		info.ArgumentSHA256 = argumentDigest(raw)
		info.started = time.Now()
	}
	return info
}

func (d *Dispatcher) finish(ctx context.Context, info *CallInfo, err error) {
	if d.cfg.Observer == nil {
		return
	}
	info.Duration = time.Since(info.started)
	d.observe(ctx, *info, err)
}

// observe tells the observer about a call or an attempt that ended with
// err. It waits until the observer returns; a panic or exit of the observer
// ends only its worker's goroutine and changes nothing of the call.
func (d *Dispatcher) observe(ctx context.Context, info CallInfo, err error) {
	if d.cfg.Observer == nil {
		return
	}
	observerHooks.call(ctx, HookObserver, observerHook{observer: d.cfg.Observer, info: info, err: err})
}

// observerHook is one record for the observer.
type observerHook struct {
	observer Observer
	info     CallInfo
	err      error
}

var observerHooks = hookPool[observerHook]{run: func(ctx context.Context, h *observerHook, _ *string) {
	// fill reads err, whose wrapped errors' methods are the service's code.
	h.info.fill(h.err)
	h.observer.Observe(ctx, h.info)
}}

// fill records the outcome of err without any argument value.
func (info *CallInfo) fill(err error) {
	info.Outcome = Outcome(err)
	info.Violations, info.Detail, info.Stack = nil, "", nil
	invalid, isInvalid := own[*ValidationError](err)
	rejected, isRejected := own[*RejectionError](err)
	output, isOutput := own[*OutputError](err)
	panicked, isPanic := own[*PanicError](err)
	denied, isDenied := own[*DeniedError](err)
	switch {
	case isInvalid:
		info.Violations = refs(invalid.Violations)
	case isRejected:
		info.Violations = refs(rejected.Violations)
	case isOutput:
		info.Violations = refs(output.Violations)
	case isPanic:
		info.Detail, info.Stack = fmt.Sprint(panicked.Value), panicked.Stack
	case isDenied && denied.Err != nil:
		info.Detail = denied.Err.Error()
		if panicked, ok := own[*PanicError](denied.Err); ok {
			info.Stack = panicked.Stack
		}
	case is[*HandlerError](err), is[*TimeoutError](err), is[*ExitError](err):
		info.Detail = err.Error()
	}
}

func refs(vs []Violation) []ViolationRef {
	out := make([]ViolationRef, len(vs))
	for i, v := range vs {
		out[i] = ViolationRef{Pointer: v.Pointer, Keyword: v.Keyword}
	}
	return out
}
