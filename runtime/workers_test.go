package runtime_test

import (
	goruntime "runtime"

	"bytes"
	"context"
	"fmt"
	"runtime/pprof"
	"strings"
	"sync"
	"testing"

	"github.com/toolgen/toolgen/runtime"
)

// The dispatcher runs the service's code on pooled workers (see hooks.go).
// These tests hold what the pool adds: a worker whose hook ends its
// goroutine is never handed another hook, hooks that never return do not
// stop other calls, idle workers end once collected, and a plain call
// allocates nothing.

// TestGoexitWorkerIsNotReused: after a hook ends its worker's goroutine
// with runtime.Goexit, the next calls still run, in every kind of hook. A
// worker put back with its goroutine gone would take the next hook and
// never run it.
func TestGoexitWorkerIsNotReused(t *testing.T) {
	for _, hook := range []string{runtime.HookHandler, runtime.HookAuthorizer, runtime.HookObserver, runtime.HookOutput} {
		e := entries[0]
		if hook == runtime.HookOutput {
			e = entries[9] // CallResult.Encode, which runs a function hook
		}
		for i := range 50 {
			n := int64(i % 2) // n=1 carries the fault, n=0 succeeds
			want := expected(hook, faultGoexit, e)
			if n == 0 {
				want = []string{"ok"}
			}
			name := fmt.Sprintf("%s/%s/%d", runtime.HookName(hook), e.name, i)
			checkHookFault(t, name, newLab(t, hook, faultGoexit, false), e, []int64{n}, want)
			if t.Failed() {
				return // a call hung on a dead worker; the next would too
			}
		}
	}
}

// TestBlockedHandlersDoNotStopCalls: handlers that never return hold their
// workers, and calls made meanwhile, through every hook, still run.
func TestBlockedHandlersDoNotStopCalls(t *testing.T) {
	const blocked = 200
	release := make(chan struct{})
	var started sync.WaitGroup
	started.Add(blocked)
	d := newDispatcher(func(_ context.Context, n int64) (any, error) {
		if n == 1 {
			started.Done()
			<-release // ignores its context
		}
		return n, nil
	}, runtime.Config{Authorizer: allowAll, Observer: nopObserver{}}, false, 0)
	var returned sync.WaitGroup
	defer func() { close(release); returned.Wait() }()
	for range blocked {
		returned.Add(1)
		go func() {
			defer returned.Done()
			_, _ = d.Dispatch(context.Background(), "echo", []byte(`{"n":1}`))
		}()
	}
	if !mustReturn(t, "waiting for the blocked handlers to start", started.Wait) {
		return
	}
	for i := range 100 {
		var result any
		var err error
		if !mustReturn(t, fmt.Sprint("call ", i), func() { result, err = d.Dispatch(context.Background(), "echo", []byte(`{"n":0}`)) }) {
			return
		}
		if err != nil || result != int64(0) {
			t.Fatalf("call %d beside %d blocked handlers: %v, %v", i, blocked, result, err)
		}
	}
}

// TestIdleWorkersEnd: the workers a burst of concurrent calls started wait
// for more hooks, and end once the garbage collector has dropped them from
// the pool.
func TestIdleWorkersEnd(t *testing.T) {
	const burst = 64
	before := workerCount()
	var arrived, returned sync.WaitGroup
	arrived.Add(burst)
	release := make(chan struct{})
	d := newDispatcher(func(_ context.Context, n int64) (any, error) {
		arrived.Done()
		<-release // every handler runs at once, each on a worker of its own
		return n, nil
	}, runtime.Config{}, false, 0)
	for range burst {
		returned.Add(1)
		go func() {
			defer returned.Done()
			_, _ = d.Dispatch(context.Background(), "echo", []byte(`{"n":0}`))
		}()
	}
	if !mustReturn(t, "the burst's handlers starting", arrived.Wait) {
		close(release)
		return
	}
	n := workerCount()
	close(release)
	if n < burst {
		t.Fatalf("%d workers while %d handlers run; the count does not see them", n, burst)
	}
	if mustReturn(t, "the burst", returned.Wait) {
		settleWorkers(t, func() bool { return workerCount() <= before })
	}
}

// workerCount counts the goroutines of workers, idle or running a hook.
func workerCount() int {
	buf := make([]byte, 1<<20)
	for {
		n := goruntime.Stack(buf, true)
		if n < len(buf) {
			return bytes.Count(buf[:n], []byte("toolgen/runtime.runNext["))
		}
		buf = make([]byte, 2*len(buf))
	}
}

// settleWorkers collects garbage until cond holds: idle workers end only
// once the pool has dropped them (two collections) and their cleanup has
// run.
func settleWorkers(t *testing.T, cond func() bool) {
	t.Helper()
	waitFor(t, func() bool {
		goruntime.GC()
		return cond()
	})
}

// TestDispatchAllocatesNothing: a valid call without timeout, authorizer or
// observer hands its handler to a pooled worker without allocating.
func TestDispatchAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the count relies on the worker pools, which the race detector empties at random")
	}
	for _, cfg := range []runtime.Config{{}, {Authorizer: allowAll}} {
		d := newDispatcher(echo, cfg, false, 0)
		raw := []byte(`{"n":7}`)
		allocs := testing.AllocsPerRun(1000, func() {
			if _, err := d.Dispatch(context.Background(), "echo", raw); err != nil {
				t.Fatal(err)
			}
		})
		if allocs != 0 {
			t.Errorf("authorizer %v: a call allocates %v times, want 0", cfg.Authorizer != nil, allocs)
		}
	}
}

var allowAll = runtime.AuthorizerFunc(func(context.Context, runtime.Authorization) error { return nil })

// TestHooksRunWithTheirContextsLabels: a hook runs with the profiling
// labels of its caller's pprof.Do, as on a goroutine its caller started,
// and never with those of an earlier call on the same worker, whether that
// call's caller set them or its handler did.
func TestHooksRunWithTheirContextsLabels(t *testing.T) {
	probe := make(chan string)
	release := make(chan struct{})
	d := newDispatcher(func(ctx context.Context, n int64) (any, error) {
		if n == 1 { // the handler labels its own goroutine
			pprof.SetGoroutineLabels(pprof.WithLabels(ctx, pprof.Labels("call", "set by a handler")))
		}
		labelProbe(probe, release)
		return n, nil
	}, runtime.Config{}, false, 0)
	for i := range 20 {
		for _, c := range []struct {
			labels []string // the caller's, set with pprof.Do
			n      int64
			want   string // the labels of the handler's goroutine
		}{
			{[]string{"call", "first"}, 0, `{"call":"first"}`},
			{nil, 0, ""},
			{nil, 1, `{"call":"set by a handler"}`},
			{nil, 0, ""},
		} {
			done := make(chan error, 1)
			go pprof.Do(context.Background(), pprof.Labels(c.labels...), func(ctx context.Context) {
				_, err := d.Dispatch(ctx, "echo", fmt.Appendf(nil, `{"n":%d}`, c.n))
				done <- err
			})
			got := <-probe
			release <- struct{}{}
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Fatalf("round %d: the handler ran with labels %q, want %q", i, got, c.want)
			}
		}
	}
}

// labelProbe sends the profiling labels of its goroutine, as the goroutine
// profile shows them, then waits for release.
func labelProbe(probe chan<- string, release <-chan struct{}) {
	var buf bytes.Buffer
	if err := pprof.Lookup("goroutine").WriteTo(&buf, 1); err != nil {
		panic(err)
	}
	// debug=1 groups goroutines by stack: "N @ addresses", "# labels: {...}"
	// if they have labels, then one line per frame. This goroutine is the
	// only one in labelProbe.
	labels := ""
	for group := range strings.SplitSeq(buf.String(), "\n\n") {
		if !strings.Contains(group, "runtime_test.labelProbe") {
			continue
		}
		for line := range strings.SplitSeq(group, "\n") {
			if l, ok := strings.CutPrefix(line, "# labels: "); ok && l != "{}" {
				labels = l
			}
		}
	}
	probe <- labels
	<-release
}
