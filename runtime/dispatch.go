package runtime

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime/debug"
	"strings"
	"sync"
	"time"
)

// ToolSpec is what generated code tells a Dispatcher about one tool.
type ToolSpec struct {
	Name        string
	Annotations Annotations
	// Timeout bounds the handler's run; 0 means the dispatcher's default.
	Timeout time.Duration
	// Parse decodes and validates raw arguments into the tool's branded
	// arguments value.
	Parse func(raw []byte, opts Options) (any, error)
	// Call runs the tool's method of handler h with parsed arguments.
	Call func(ctx context.Context, h any, args any) (any, error)
	// CheckOutput validates a handler's result against the tool's output
	// schema and returns its violations; nil when the tool declares none.
	CheckOutput func(result any) []Violation
}

// Idempotent reports whether the catalog marks the tool idempotent.
func (s *ToolSpec) Idempotent() bool {
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
	// Authorizer, if set, is asked after validation and before the handler.
	Authorizer Authorizer
	// Observer, if set, is told about every call and every attempt.
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
	// revealing them.
	ArgumentBytes  int
	ArgumentSHA256 string
	// Violations locate what was wrong with the arguments, without values.
	Violations []ViolationRef
	// Detail is the internal error text of a handler failure, panic or
	// timeout: for the service's logs, never for the model. Stack is a
	// panicking handler's stack.
	Detail string
	Stack  []byte

	started time.Time
}

// ViolationRef is a violation without its text, which may quote the value.
type ViolationRef struct {
	Pointer string
	Keyword string
}

// Dispatcher runs tool calls through validation, authorization and the
// handler, and turns every failure into a typed error. Generated code builds
// one with its NewDispatcher. It is safe for concurrent use.
type Dispatcher struct {
	handler any
	tools   []ToolSpec
	index   func(name string) int
	names   []string
	cfg     Config
}

// NewDispatcher returns a dispatcher for handler over tools; index maps a tool
// name to its position in tools, or -1. Generated code calls it.
func NewDispatcher(handler any, tools []ToolSpec, index func(name string) int, cfg Config) *Dispatcher {
	names := make([]string, len(tools))
	for i, t := range tools {
		names[i] = t.Name
	}
	return &Dispatcher{handler: handler, tools: tools, index: index, names: names, cfg: cfg}
}

// Tool returns what the dispatcher knows about a tool: its annotations
// (idempotent, read-only, destructive) and timeout.
func (d *Dispatcher) Tool(name string) (ToolSpec, bool) {
	i := d.index(name)
	if i < 0 {
		return ToolSpec{}, false
	}
	spec := d.tools[i]
	if spec.Timeout == 0 {
		spec.Timeout = d.cfg.Timeout
	}
	return spec, true
}

// Validate runs the checks of Dispatch on the arguments of tool name and runs
// nothing.
func (d *Dispatcher) Validate(name string, raw []byte) error {
	_, _, err := d.parse(name, raw)
	return err
}

// Dispatch validates the arguments of tool name, asks the authorizer, and
// runs the handler, recovering a panic and bounding its time. Nothing runs
// for an unknown tool, invalid arguments or a denied call.
func (d *Dispatcher) Dispatch(ctx context.Context, name string, raw []byte) (any, error) {
	info := d.start(name, raw)
	result, err := d.dispatch(ctx, name, raw, info)
	d.finish(ctx, info, err)
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

func (d *Dispatcher) parse(name string, raw []byte) (*ToolSpec, any, error) {
	i := d.index(name)
	if i < 0 {
		return nil, nil, &UnknownToolError{Name: name, Known: append([]string(nil), d.names...)}
	}
	spec := &d.tools[i]
	args, err := spec.Parse(raw, d.cfg.Limits)
	return spec, args, err
}

func (d *Dispatcher) authorize(ctx context.Context, spec *ToolSpec, args any) error {
	if d.cfg.Authorizer == nil {
		return nil
	}
	err := d.cfg.Authorizer.Authorize(ctx, Authorization{Tool: spec.Name, Annotations: spec.Annotations, Args: args})
	if err == nil {
		return nil
	}
	var denied *DeniedError
	if errors.As(err, &denied) {
		return &DeniedError{Tool: spec.Name, Reason: denied.Reason}
	}
	// Fail closed: a policy that could not decide refuses, and its error is
	// not shown to the model.
	return &DeniedError{Tool: spec.Name}
}

func (d *Dispatcher) dispatch(ctx context.Context, name string, raw []byte, info *CallInfo) (any, error) {
	spec, args, err := d.parse(name, raw)
	if err != nil {
		return nil, err
	}
	if err := d.authorize(ctx, spec, args); err != nil {
		return nil, err
	}
	return d.run(ctx, spec, args, info)
}

// run calls the handler, retrying transient errors of idempotent tools, and
// checks the result against the output schema.
func (d *Dispatcher) run(ctx context.Context, spec *ToolSpec, args any, info *CallInfo) (any, error) {
	attempts := 1
	if d.cfg.Retry != nil && spec.Idempotent() && d.cfg.Retry.Attempts > 1 {
		attempts = d.cfg.Retry.Attempts
	}
	for attempt := 1; ; attempt++ {
		started := time.Now()
		result, err := d.call(ctx, spec, args)
		if err == nil && spec.CheckOutput != nil {
			if vs := spec.CheckOutput(result); len(vs) > 0 {
				result, err = nil, &OutputError{Tool: spec.Name, Violations: vs}
			}
		}
		var failed *HandlerError
		retry := attempt < attempts && errors.As(err, &failed) && IsTransient(failed.Err)
		if !retry {
			info.Attempt = attempt
			return result, err
		}
		delay := d.cfg.Retry.delay(attempt)
		if deadline, ok := ctx.Deadline(); ok && time.Until(deadline) <= delay {
			info.Attempt = attempt
			return result, err // the next attempt could not finish in time
		}
		if d.cfg.Observer != nil {
			attemptInfo := *info
			attemptInfo.Attempt, attemptInfo.Duration = attempt, time.Since(started)
			attemptInfo.fill(err)
			d.cfg.Observer.Observe(ctx, attemptInfo)
		}
		timer := time.NewTimer(delay)
		select {
		case <-timer.C:
		case <-ctx.Done():
			timer.Stop()
			info.Attempt = attempt
			return nil, &TimeoutError{Tool: spec.Name, Cause: ctx.Err()}
		}
	}
}

type callOutcome struct {
	result any
	err    error
}

// call runs the handler once, within the tool's timeout, turning a panic into
// a PanicError and a handler error into a HandlerError or RejectionError.
func (d *Dispatcher) call(ctx context.Context, spec *ToolSpec, args any) (any, error) {
	timeout := spec.Timeout
	if timeout == 0 {
		timeout = d.cfg.Timeout
	}
	if timeout <= 0 && ctx.Done() == nil {
		o := d.protected(ctx, spec, args)
		return o.result, o.err
	}
	var cancel context.CancelFunc
	callCtx := ctx
	if timeout > 0 {
		callCtx, cancel = context.WithTimeout(ctx, timeout)
	} else {
		callCtx, cancel = context.WithCancel(ctx)
	}
	defer cancel()
	// Buffered, so the handler's goroutine can always deliver and end, even
	// after the dispatcher stopped waiting for it.
	done := make(chan callOutcome, 1)
	go func() { done <- d.protected(callCtx, spec, args) }()
	select {
	case o := <-done:
		return o.result, o.err
	case <-callCtx.Done():
		if ctx.Err() != nil {
			return nil, &TimeoutError{Tool: spec.Name, Cause: ctx.Err()}
		}
		return nil, &TimeoutError{Tool: spec.Name, Timeout: timeout, Cause: context.DeadlineExceeded}
	}
}

// protected runs the handler and recovers a panic.
func (d *Dispatcher) protected(ctx context.Context, spec *ToolSpec, args any) (o callOutcome) {
	defer func() {
		if v := recover(); v != nil {
			o = callOutcome{err: &PanicError{Tool: spec.Name, Value: v, Stack: debug.Stack()}}
		}
	}()
	result, err := spec.Call(ctx, d.handler, args)
	if err == nil {
		return callOutcome{result: result}
	}
	var rejected *RejectionError
	if errors.As(err, &rejected) {
		return callOutcome{err: &RejectionError{Tool: spec.Name, Violations: rejected.Violations}}
	}
	return callOutcome{err: &HandlerError{Tool: spec.Name, Err: err}}
}

func (d *Dispatcher) start(name string, raw []byte) *CallInfo {
	info := &CallInfo{Tool: name, ArgumentBytes: len(raw), Attempt: 1}
	if d.cfg.Observer != nil {
		sum := sha256.Sum256(raw)
		info.ArgumentSHA256 = hex.EncodeToString(sum[:])
		info.started = time.Now()
	}
	return info
}

func (d *Dispatcher) finish(ctx context.Context, info *CallInfo, err error) {
	if d.cfg.Observer == nil {
		return
	}
	info.Duration = time.Since(info.started)
	info.fill(err)
	d.cfg.Observer.Observe(ctx, *info)
}

// fill records the outcome of err without any argument value.
func (info *CallInfo) fill(err error) {
	info.Outcome = Outcome(err)
	info.Violations, info.Detail, info.Stack = nil, "", nil
	var (
		invalid  *ValidationError
		rejected *RejectionError
		panicked *PanicError
		failed   *HandlerError
		timeout  *TimeoutError
		output   *OutputError
	)
	switch {
	case errors.As(err, &invalid):
		info.Violations = refs(invalid.Violations)
	case errors.As(err, &rejected):
		info.Violations = refs(rejected.Violations)
	case errors.As(err, &output):
		info.Violations = refs(output.Violations)
	case errors.As(err, &panicked):
		info.Detail, info.Stack = fmt.Sprint(panicked.Value), panicked.Stack
	case errors.As(err, &failed), errors.As(err, &timeout):
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
	// ran are rolled back and the model is told nothing was kept.
	Transaction Transaction
}

// Transaction is the hook DispatchBatch wraps a batch in. Begin returns the
// context the batch's handlers run with (carrying, say, a database
// transaction).
type Transaction interface {
	Begin(ctx context.Context) (context.Context, error)
	Commit(ctx context.Context) error
	Rollback(ctx context.Context) error
}

// DispatchBatch runs the tool calls of one model turn. Every call is
// validated and authorized first; if any fails, none runs and every other
// call's result says which call to fix. Results keep call order.
func (d *Dispatcher) DispatchBatch(ctx context.Context, calls []Call, opts BatchOptions) []CallResult {
	results := make([]CallResult, len(calls))
	parsed := make([]any, len(calls))
	specs := make([]*ToolSpec, len(calls))
	infos := make([]*CallInfo, len(calls))
	firstBad := -1
	for i, c := range calls {
		results[i] = CallResult{ID: c.ID, Tool: c.Tool}
		infos[i] = d.start(c.Tool, c.Arguments)
		spec, args, err := d.parse(c.Tool, c.Arguments)
		if err == nil {
			err = d.authorize(ctx, spec, args)
		}
		if err != nil {
			results[i].Err = err
			if firstBad < 0 {
				firstBad = i
			}
			continue
		}
		specs[i], parsed[i] = spec, args
	}
	if firstBad >= 0 {
		reason := map[string]string{FailureUnknownTool: "named an unknown tool", FailureDenied: "was not allowed"}[Outcome(results[firstBad].Err)]
		if reason == "" {
			reason = "had invalid arguments"
		}
		for i := range results {
			if results[i].Err == nil {
				results[i].Err = &NotRunError{Tool: calls[i].Tool, Call: firstBad + 1, Reason: reason}
			}
			d.finish(ctx, infos[i], results[i].Err)
		}
		return results
	}

	runOne := func(ctx context.Context, i int) {
		results[i].Result, results[i].Err = d.run(ctx, specs[i], parsed[i], infos[i])
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
				runOne(ctx, i)
			}()
		}
		wg.Wait()
	default:
		for i := range calls {
			runOne(ctx, i)
		}
	}
	for i := range results {
		d.finish(ctx, infos[i], results[i].Err)
	}
	return results
}

func (d *Dispatcher) runTransaction(ctx context.Context, calls []Call, results []CallResult, tx Transaction, runOne func(context.Context, int)) {
	txCtx, err := tx.Begin(ctx)
	if err != nil {
		for i := range results {
			results[i].Err = &HandlerError{Tool: calls[i].Tool, Err: fmt.Errorf("beginning the batch's transaction: %w", err)}
		}
		return
	}
	for i := range calls {
		runOne(txCtx, i)
		if results[i].Err == nil {
			continue
		}
		rollbackErr := tx.Rollback(txCtx)
		for j := range results {
			switch {
			case j < i:
				results[j].Result = nil
				results[j].Err = &NotRunError{Tool: calls[j].Tool, Call: i + 1, RolledBack: true}
			case j > i:
				results[j].Err = &NotRunError{Tool: calls[j].Tool, Call: i + 1, Reason: "failed"}
			}
		}
		if rollbackErr != nil {
			results[i].Err = &HandlerError{Tool: calls[i].Tool, Err: errors.Join(results[i].Err, fmt.Errorf("rolling back: %w", rollbackErr))}
		}
		return
	}
	if err := tx.Commit(txCtx); err != nil {
		for i := range results {
			results[i].Result = nil
			results[i].Err = &HandlerError{Tool: calls[i].Tool, Err: fmt.Errorf("committing the batch's transaction: %w", err)}
		}
	}
}

// CheckOutput encodes a handler's result as it will leave and checks it with
// read, the generated reader of the tool's output schema, returning the
// violations. Generated code calls it.
func CheckOutput(result any, read func(r *Reader)) []Violation {
	raw, err := json.Marshal(result)
	if isEncodingMaxDepth(err) {
		// encoding/json refuses to nest deeper than the tokenizer does; the
		// result is too deep, as one nested less deep but too deep is.
		return []Violation{tooDeepViolation("", DefaultMaxDepth)}
	}
	if err != nil {
		return []Violation{{Keyword: "json", Message: "the result cannot be encoded as JSON: " + err.Error(), Hint: "The tool's result could not be encoded."}}
	}
	r := NewReader(raw, Options{MaxBytes: len(raw)})
	read(r)
	var invalid *ValidationError
	if errors.As(r.Finish(""), &invalid) {
		return invalid.Violations
	}
	return nil
}

// isEncodingMaxDepth reports whether err is encoding/json's refusal of JSON
// text (a json.RawMessage or a MarshalJSON result) nested deeper than it
// reads. It has no exported error for it; TestDepthLimitOneViolation fails
// if its text changes.
func isEncodingMaxDepth(err error) bool {
	var se *json.SyntaxError
	return errors.As(err, &se) && strings.HasSuffix(se.Error(), "exceeded max depth")
}
