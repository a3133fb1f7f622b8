package runtime_test

import (
	goruntime "runtime"

	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolgen/toolgen/runtime"

	"github.com/toolgen/toolgen/runtime/toolgenimpl"
)

// The dispatcher is tested here with hand-written tool specs of the shape
// generated code emits: one tool "echo" whose arguments are {"n": integer}
// and whose behaviour is chosen by n.

type echoArgs struct{ n int64 }

// behaviour is the test handler: what "echo" does for an n.
type behaviour func(ctx context.Context, n int64) (any, error)

func parseEcho(raw []byte, opts runtime.Options) (any, error) {
	r := toolgenimpl.NewReader(raw, opts)
	var args echoArgs
	var seen bool
	if r.BeginObject() {
		for r.More() {
			name := r.Name()
			if string(name) != "n" {
				r.NotAllowed(string(name), []string{"n"})
				continue
			}
			seen = true
			if v, ok := r.Int(); ok {
				args.n = v
			}
		}
		r.EndObject()
		if !seen {
			r.Required("n")
		}
	}
	if err := r.Finish("echo"); err != nil {
		return nil, err
	}
	return args, nil
}

func specs(idempotent bool, timeout time.Duration) []toolgenimpl.ToolSpec {
	return []toolgenimpl.ToolSpec{{
		Name:        "echo",
		Annotations: runtime.Annotations{IdempotentHint: &idempotent},
		Timeout:     timeout,
		Parse:       parseEcho,
		Call: func(ctx context.Context, h any, args any) (any, error) {
			return h.(behaviour)(ctx, args.(echoArgs).n)
		},
	}}
}

func index(name string) int {
	if name == "echo" {
		return 0
	}
	return -1
}

func newDispatcher(b behaviour, cfg runtime.Config, idempotent bool, timeout time.Duration) *runtime.Dispatcher {
	return toolgenimpl.NewDispatcher(b, specs(idempotent, timeout), index, cfg)
}

func echo(_ context.Context, n int64) (any, error) { return n, nil }

func TestDispatchFailureClasses(t *testing.T) {
	ctx := context.Background()
	d := newDispatcher(func(ctx context.Context, n int64) (any, error) {
		switch n {
		case 1:
			return nil, errors.New("database unreachable at 10.0.0.7")
		case 2:
			panic("nil map write")
		case 3:
			return nil, runtime.Rejectf("/n", "Record 3 does not exist; use an ID from list_records.")
		}
		return n, nil
	}, runtime.Config{}, false, 0)

	cases := []struct {
		name, raw string
		outcome   string
		model     string // a phrase the model message must hold
		secret    string // text that must not reach the model
	}{
		{"echo", `{"n":7}`, "ok", "", ""},
		{"nope", `{}`, runtime.FailureUnknownTool, `There is no tool named "nope"`, ""},
		{"echo", `{"n":"7"}`, runtime.FailureInvalidArguments, `Field "n" must be an integer`, ""},
		{"echo", `{"n":1}`, runtime.FailureToolFailed, "failed while running", "10.0.0.7"},
		{"echo", `{"n":2}`, runtime.FailurePanic, "internal error", "nil map"},
		{"echo", `{"n":3}`, runtime.FailureRejected, "Record 3 does not exist", ""},
	}
	for _, c := range cases {
		result, err := d.Dispatch(ctx, c.name, []byte(c.raw))
		if got := runtime.Outcome(err); got != c.outcome {
			t.Errorf("%s %s: outcome %s, want %s (%v)", c.name, c.raw, got, c.outcome, err)
			continue
		}
		if err == nil {
			if result != int64(7) {
				t.Errorf("result %v, want 7", result)
			}
			continue
		}
		msg := runtime.ModelMessage(err)
		if !strings.Contains(msg, c.model) || (c.secret != "" && strings.Contains(msg, c.secret)) {
			t.Errorf("%s %s: model message %q", c.name, c.raw, msg)
		}
		if strings.Contains(msg, "goroutine") || strings.Contains(msg, ".go:") {
			t.Errorf("a stack trace reaches the model: %q", msg)
		}
	}
	var p *runtime.PanicError
	if _, err := d.Dispatch(ctx, "echo", []byte(`{"n":2}`)); !errors.As(err, &p) || !strings.Contains(string(p.Stack), "dispatch_test.go") {
		t.Errorf("a panic keeps its stack for the logs: %v", err)
	}
	var rej *runtime.RejectionError
	if _, err := d.Dispatch(ctx, "echo", []byte(`{"n":3}`)); !errors.As(err, &rej) || rej.Tool != "echo" || rej.Violations[0].Pointer != "/n" {
		t.Errorf("rejection: %#v", err)
	}
}

func TestDispatchTimeout(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	before := goruntime.NumGoroutine()
	d := newDispatcher(func(ctx context.Context, n int64) (any, error) {
		if n == 1 { // ignores its context
			<-release
			return nil, nil
		}
		<-ctx.Done() // honours its context
		return nil, ctx.Err()
	}, runtime.Config{Timeout: time.Hour}, false, 20*time.Millisecond)

	for _, n := range []int{0, 1} {
		_, err := d.Dispatch(context.Background(), "echo", []byte(fmt.Sprintf(`{"n":%d}`, n)))
		var te *runtime.TimeoutError
		if !errors.As(err, &te) || te.Timeout != 20*time.Millisecond || !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("n=%d: want a TimeoutError of the tool's 20ms, got %v", n, err)
		}
	}
	// The handler that honoured its context has ended; the one that ignored
	// it is still blocked, and only it, once idle workers are collected.
	settleWorkers(t, func() bool { return goruntime.NumGoroutine() <= before+1 })

	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(10 * time.Millisecond); cancel() }()
	d = newDispatcher(func(ctx context.Context, n int64) (any, error) { <-ctx.Done(); return nil, ctx.Err() }, runtime.Config{}, false, 0)
	_, err := d.Dispatch(ctx, "echo", []byte(`{"n":0}`))
	var te *runtime.TimeoutError
	if !errors.As(err, &te) || te.Timeout != 0 || !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled caller: want a TimeoutError caused by cancellation, got %v", err)
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for i := 0; i < 200; i++ {
		if cond() {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("condition not met; %d goroutines", goruntime.NumGoroutine())
}

func TestLimits(t *testing.T) {
	d := newDispatcher(echo, runtime.Config{Limits: runtime.Options{MaxBytes: 64}}, false, 0)
	huge := make([]byte, 100<<20)
	allocs := testing.AllocsPerRun(3, func() {
		if _, err := d.Dispatch(context.Background(), "echo", huge); runtime.Outcome(err) != runtime.FailureInvalidArguments {
			t.Fatalf("a 100 MB argument: %v", err)
		}
	})
	if allocs > 20 {
		t.Errorf("rejecting 100 MB took %v allocations; it must not decode or copy them", allocs)
	}
	_, err := d.Dispatch(context.Background(), "echo", huge)
	var ve *runtime.ValidationError
	if !errors.As(err, &ve) || ve.Violations[0].Keyword != "limit" || !strings.Contains(ve.Violations[0].Hint, "more than the 64 allowed") {
		t.Errorf("size violation: %v", err)
	}

	r := toolgenimpl.NewReader([]byte(`{"a":"abcdef","b":[1,2,3,4]}`), runtime.Options{MaxStringLength: 5, MaxArrayLength: 3})
	r.BeginObject()
	r.Name()
	if _, ok := r.String(); ok {
		t.Error("a 6-byte string passed a 5-byte limit")
	}
	r.Name()
	r.BeginArray()
	for r.More() {
		r.Int()
	}
	err = r.Finish("t")
	if !errors.As(err, &ve) || len(ve.Violations) != 2 || ve.Violations[0].Pointer != "/a" || ve.Violations[1].Pointer != "/b" || !strings.Contains(ve.Violations[1].Hint, `Field "b" has more than 3 items`) {
		t.Errorf("string and array limits: %v", err)
	}

	raw, err := runtime.ReadLimited(strings.NewReader(strings.Repeat(" ", 1000)), 10)
	if err != nil || len(raw) != 11 {
		t.Errorf("readLimited read %d bytes, want the limit plus one", len(raw))
	}
}

func TestAuthorization(t *testing.T) {
	var ran atomic.Int32
	handler := func(ctx context.Context, n int64) (any, error) { ran.Add(1); return n, nil }
	var seen runtime.Authorization
	d := newDispatcher(handler, runtime.Config{Authorizer: runtime.AuthorizerFunc(func(ctx context.Context, call runtime.Authorization) error {
		seen = call
		switch call.Args.(echoArgs).n {
		case 1:
			return runtime.Deny("refunds above the daily limit need a human")
		case 2:
			return errors.New("policy store down: 10.0.0.9")
		}
		return nil
	})}, true, 0)
	if _, err := d.Dispatch(context.Background(), "echo", []byte(`{"n":0}`)); err != nil || ran.Load() != 1 {
		t.Fatalf("allowed call: %v", err)
	}
	if seen.Tool != "echo" || seen.Annotations.IdempotentHint == nil || !*seen.Annotations.IdempotentHint {
		t.Errorf("the authorizer did not get the tool and its annotations: %+v", seen)
	}
	_, err := d.Dispatch(context.Background(), "echo", []byte(`{"n":1}`))
	if runtime.Outcome(err) != runtime.FailureDenied || !strings.Contains(runtime.ModelMessage(err), "daily limit need a human") || ran.Load() != 1 {
		t.Errorf("denied call: %v, ran %d", err, ran.Load())
	}
	_, err = d.Dispatch(context.Background(), "echo", []byte(`{"n":2}`))
	if runtime.Outcome(err) != runtime.FailureDenied || strings.Contains(runtime.ModelMessage(err), "10.0.0.9") || ran.Load() != 1 {
		t.Errorf("a failing policy must deny without detail: %v", err)
	}
	if _, err := d.Dispatch(context.Background(), "echo", []byte(`{"n":"x"}`)); runtime.Outcome(err) != runtime.FailureInvalidArguments {
		t.Errorf("validation comes before authorization: %v", err)
	}
}

type recorder struct {
	mu    sync.Mutex
	calls []runtime.CallInfo
}

func (r *recorder) Observe(_ context.Context, c runtime.CallInfo) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, c)
}

func TestRetries(t *testing.T) {
	var attempts atomic.Int32
	flaky := func(ctx context.Context, n int64) (any, error) {
		if attempts.Add(1) < 3 {
			return nil, runtime.Transient(errors.New("connection reset"))
		}
		return n, nil
	}
	rec := &recorder{}
	policy := &runtime.RetryPolicy{Attempts: 4, BaseDelay: time.Millisecond}
	d := newDispatcher(flaky, runtime.Config{Retry: policy, Observer: rec}, true, 0)
	if result, err := d.Dispatch(context.Background(), "echo", []byte(`{"n":5}`)); err != nil || result != int64(5) || attempts.Load() != 3 {
		t.Fatalf("idempotent transient: %v %v after %d attempts", result, err, attempts.Load())
	}
	if len(rec.calls) != 3 || rec.calls[0].Attempt != 1 || rec.calls[1].Outcome != runtime.FailureToolFailed || rec.calls[2].Attempt != 3 || rec.calls[2].Outcome != "ok" {
		t.Errorf("every attempt is observed: %+v", rec.calls)
	}

	attempts.Store(0)
	d = newDispatcher(flaky, runtime.Config{Retry: policy}, false, 0)
	if _, err := d.Dispatch(context.Background(), "echo", []byte(`{"n":5}`)); runtime.Outcome(err) != runtime.FailureToolFailed || attempts.Load() != 1 {
		t.Errorf("a tool not marked idempotent is never retried: %v, %d attempts", err, attempts.Load())
	}

	attempts.Store(0)
	permanent := func(ctx context.Context, n int64) (any, error) {
		attempts.Add(1)
		return nil, errors.New("bad request")
	}
	d = newDispatcher(permanent, runtime.Config{Retry: policy}, true, 0)
	if _, err := d.Dispatch(context.Background(), "echo", []byte(`{"n":5}`)); err == nil || attempts.Load() != 1 {
		t.Errorf("an error not marked transient is never retried: %d attempts", attempts.Load())
	}

	attempts.Store(0)
	d = newDispatcher(flaky, runtime.Config{Retry: &runtime.RetryPolicy{Attempts: 5, BaseDelay: time.Hour, MaxDelay: time.Hour}}, true, 0)
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if _, err := d.Dispatch(ctx, "echo", []byte(`{"n":5}`)); runtime.Outcome(err) != runtime.FailureToolFailed || attempts.Load() != 1 {
		t.Errorf("no retry may wait past the deadline: %v, %d attempts", err, attempts.Load())
	}
}

func TestObserverSeesNoArgumentValues(t *testing.T) {
	rec := &recorder{}
	d := newDispatcher(echo, runtime.Config{Observer: rec}, false, 0)
	_, _ = d.Dispatch(context.Background(), "echo", []byte(`{"n":"hunter2"}`))
	if len(rec.calls) != 1 {
		t.Fatalf("observed %d calls", len(rec.calls))
	}
	c := rec.calls[0]
	if c.Outcome != runtime.FailureInvalidArguments || len(c.Violations) != 1 || c.Violations[0] != (runtime.ViolationRef{Pointer: "/n", Keyword: "type"}) || c.ArgumentBytes != 15 || len(c.ArgumentSHA256) != 64 {
		t.Errorf("call info: %+v", c)
	}
	if strings.Contains(fmt.Sprintf("%+v", c), "hunter2") {
		t.Error("the observer received an argument value")
	}
}

func TestBatch(t *testing.T) {
	var ran []int64
	var mu sync.Mutex
	handler := func(ctx context.Context, n int64) (any, error) {
		mu.Lock()
		ran = append(ran, n)
		mu.Unlock()
		if n == 13 {
			return nil, runtime.Rejectf("/n", "13 is not allowed.")
		}
		return n, nil
	}
	d := newDispatcher(handler, runtime.Config{}, false, 0)
	calls := []runtime.Call{{ID: "a", Tool: "echo", Arguments: []byte(`{"n":1}`)}, {ID: "b", Tool: "echo", Arguments: []byte(`{"n":"2"}`)}, {ID: "c", Tool: "nope", Arguments: []byte(`{}`)}}
	results := d.DispatchBatch(context.Background(), calls, runtime.BatchOptions{})
	if len(ran) != 0 {
		t.Fatalf("a batch with an invalid call ran %v", ran)
	}
	var nr *runtime.NotRunError
	if !errors.As(results[0].Err, &nr) || nr.Call != 2 || !strings.Contains(runtime.ModelMessage(results[0].Err), `call 2 (to "echo") had invalid arguments; call 3 (to "nope") named an unknown tool`) {
		t.Errorf("result 1: %v", results[0].Err)
	}
	if runtime.Outcome(results[1].Err) != runtime.FailureInvalidArguments || runtime.Outcome(results[2].Err) != runtime.FailureUnknownTool || results[2].ID != "c" {
		t.Errorf("results 2 and 3 keep their own errors: %v, %v", results[1].Err, results[2].Err)
	}

	ok := []runtime.Call{{Tool: "echo", Arguments: []byte(`{"n":1}`)}, {Tool: "echo", Arguments: []byte(`{"n":2}`)}, {Tool: "echo", Arguments: []byte(`{"n":3}`)}}
	for _, conc := range []int{0, 3} {
		ran = nil
		results = d.DispatchBatch(context.Background(), ok, runtime.BatchOptions{Concurrency: conc})
		for i, r := range results {
			if r.Err != nil || r.Result != int64(i+1) {
				t.Errorf("concurrency %d: result %d = %v, %v", conc, i, r.Result, r.Err)
			}
		}
		if len(ran) != 3 {
			t.Errorf("concurrency %d ran %v", conc, ran)
		}
	}

	tx := &fakeTx{}
	ran = nil
	failing := []runtime.Call{{Tool: "echo", Arguments: []byte(`{"n":1}`)}, {Tool: "echo", Arguments: []byte(`{"n":13}`)}, {Tool: "echo", Arguments: []byte(`{"n":3}`)}}
	results = d.DispatchBatch(context.Background(), failing, runtime.BatchOptions{Transaction: tx})
	if tx.log != "begin rollback" || len(ran) != 2 {
		t.Fatalf("transaction: %q, ran %v", tx.log, ran)
	}
	if !errors.As(results[0].Err, &nr) || !nr.RolledBack || nr.Call != 2 || !strings.Contains(runtime.ModelMessage(results[0].Err), "rolled back and nothing was kept") {
		t.Errorf("call 1 must report the rollback: %v", results[0].Err)
	}
	if runtime.Outcome(results[1].Err) != runtime.FailureRejected || !errors.As(results[2].Err, &nr) || nr.RolledBack {
		t.Errorf("call 2 keeps its rejection, call 3 did not run: %v, %v", results[1].Err, results[2].Err)
	}
	tx.log = ""
	if results := d.DispatchBatch(context.Background(), ok, runtime.BatchOptions{Transaction: tx}); results[2].Err != nil || tx.log != "begin commit" {
		t.Errorf("a good batch commits: %q %v", tx.log, results[2].Err)
	}
}

type fakeTx struct{ log string }

func (f *fakeTx) Begin(ctx context.Context) (context.Context, error) {
	f.log += "begin"
	return ctx, nil
}
func (f *fakeTx) Commit(context.Context) error   { f.log += " commit"; return nil }
func (f *fakeTx) Rollback(context.Context) error { f.log += " rollback"; return nil }

func TestOutputCheck(t *testing.T) {
	s := specs(false, 0)
	s[0].CheckOutput = func(result any) []runtime.Violation {
		if result.(int64) < 0 {
			return []runtime.Violation{{Pointer: "/total", Keyword: "minimum", Message: "-1 is less than 0"}}
		}
		return nil
	}
	d := toolgenimpl.NewDispatcher(behaviour(func(ctx context.Context, n int64) (any, error) { return n, nil }), s, index, runtime.Config{})
	if _, err := d.Dispatch(context.Background(), "echo", []byte(`{"n":-1}`)); runtime.Outcome(err) != runtime.FailureInvalidOutput || !strings.Contains(runtime.ModelMessage(err), "server's side") {
		t.Errorf("an invalid result is a server fault: %v", err)
	}
	if r, err := d.Dispatch(context.Background(), "echo", []byte(`{"n":1}`)); err != nil || r != int64(1) {
		t.Errorf("a valid result passes: %v %v", r, err)
	}
}

func TestSlogObserver(t *testing.T) {
	var buf strings.Builder
	logger := slog.New(slog.NewJSONHandler(&buf, nil))
	d := newDispatcher(func(ctx context.Context, n int64) (any, error) { panic("boom") }, runtime.Config{Observer: runtime.SlogObserver{Logger: logger}}, false, 0)
	_, _ = d.Dispatch(context.Background(), "echo", []byte(`{"n":"s3cret"}`))
	_, _ = d.Dispatch(context.Background(), "echo", []byte(`{"n":4}`))
	logs := buf.String()
	for _, want := range []string{`"level":"WARN"`, `"outcome":"invalid_arguments"`, `"violations":["type /n"]`, `"level":"ERROR"`, `"outcome":"panic"`, `"detail":"boom"`, `"argument_sha256":"`} {
		if !strings.Contains(logs, want) {
			t.Errorf("the log lacks %s:\n%s", want, logs)
		}
	}
	if strings.Contains(logs, "s3cret") {
		t.Errorf("an argument value reached the log:\n%s", logs)
	}
}

// TestSoak dispatches a million mixed calls from many goroutines and checks
// that goroutines do not pile up (idle workers aside, which end once
// collected) and the heap stays flat.
func TestSoak(t *testing.T) {
	if testing.Short() {
		t.Skip("a million calls; skipped in -short mode")
	}
	d := newDispatcher(func(ctx context.Context, n int64) (any, error) {
		switch n % 4 {
		case 1:
			return nil, errors.New("failed")
		case 2:
			panic("boom")
		}
		return n, nil
	}, runtime.Config{Timeout: time.Second}, false, 0)
	inputs := [][]byte{[]byte(`{"n":0}`), []byte(`{"n":1}`), []byte(`{"n":2}`), []byte(`{"n":"x"}`), []byte(`{"n":3,"m":1}`), []byte(`{"n":`)}
	const calls, workers = 1_000_000, 8
	var heap [3]uint64
	before := goruntime.NumGoroutine()
	run := func(n int) {
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := w; i < n; i += workers {
					_, _ = d.Dispatch(context.Background(), "echo", inputs[i%len(inputs)])
				}
			}()
		}
		wg.Wait()
	}
	measure := func(i int) {
		goruntime.GC()
		var m goruntime.MemStats
		goruntime.ReadMemStats(&m)
		heap[i] = m.HeapAlloc
	}
	run(10_000) // warm up
	measure(0)
	run(calls / 2)
	measure(1)
	run(calls / 2)
	measure(2)
	t.Logf("heap after warm-up, half and all: %d, %d, %d bytes", heap[0], heap[1], heap[2])
	settleWorkers(t, func() bool { return goruntime.NumGoroutine() <= before+2 })
	for i := 1; i < 3; i++ {
		if heap[i] > heap[0]+4<<20 {
			t.Errorf("the heap grew from %d to %d bytes", heap[0], heap[i])
		}
	}
}

// FuzzDispatch sends arbitrary names and bytes through a dispatcher whose
// handler panics or fails on some inputs: nothing may escape as a panic, and
// every error must be a known failure class with a model message.
func FuzzDispatch(f *testing.F) {
	for _, seed := range []string{`{"n":1}`, `{"n":2}`, `{"n":"x"}`, `{`, `{"n":1,"n":2}`, `[]`, ``} {
		f.Add("echo", []byte(seed))
	}
	f.Add("nope", []byte(`{}`))
	d := newDispatcher(func(ctx context.Context, n int64) (any, error) {
		switch n % 3 {
		case 1:
			panic("boom")
		case 2:
			return nil, errors.New("failed")
		}
		return n, nil
	}, runtime.Config{Limits: runtime.Options{MaxBytes: 4096, MaxDepth: 32}}, false, 0)
	f.Fuzz(func(t *testing.T, name string, raw []byte) {
		_, err := d.Dispatch(context.Background(), name, raw)
		if err == nil {
			return
		}
		if runtime.Outcome(err) == runtime.FailureInternal || runtime.ModelMessage(err) == "" {
			t.Fatalf("unclassified error %T: %v", err, err)
		}
		r := runtime.Report(err)
		for _, v := range r.Violations {
			if v.Keyword == "" || v.Hint == "" || (v.Pointer != "" && v.Pointer[0] != '/') {
				t.Fatalf("malformed violation %+v", v)
			}
		}
	})
}

// BenchmarkDispatch measures a valid call through the dispatcher: alone,
// with a timeout, and with an authorizer, an observer or both, each of
// which the dispatcher calls on a worker, as it calls the handler.
func BenchmarkDispatch(b *testing.B) {
	allow := runtime.AuthorizerFunc(func(context.Context, runtime.Authorization) error { return nil })
	for _, c := range []struct {
		name string
		cfg  runtime.Config
	}{
		{"plain", runtime.Config{}},
		{"timeout", runtime.Config{Timeout: time.Second}},
		{"authorizer", runtime.Config{Authorizer: allow}},
		{"observer", runtime.Config{Observer: nopObserver{}}},
		{"hooks", runtime.Config{Authorizer: allow, Observer: nopObserver{}}},
	} {
		b.Run(c.name, func(b *testing.B) {
			d := newDispatcher(echo, c.cfg, false, 0)
			raw := []byte(`{"n":7}`)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := d.Dispatch(context.Background(), "echo", raw); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

type nopObserver struct{}

func (nopObserver) Observe(context.Context, runtime.CallInfo) {}
