package anthropictools_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/anthropics/anthropic-sdk-go"
	anthropictools "github.com/toolgen/toolgen/adapters/anthropic"
	"github.com/toolgen/toolgen/runtime"
	"github.com/toolgen/toolgen/runtime/runtimetest"
)

// ledger is the handler of a small service whose tools have side effects:
// it records every call that ran, in order. Arguments holding "bad" fail
// validation, "fail" make the handler fail.
type ledger struct {
	mu  sync.Mutex
	ran []string
}

func (l *ledger) effects() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.ran)
}

func newLedger() (*ledger, *runtime.Dispatcher) {
	l := &ledger{}
	tools := []string{"search", "refund", "lookup"}
	specs := make([]runtimetest.Tool, len(tools))
	for i, name := range tools {
		specs[i] = runtimetest.Tool{
			Name: name,
			Parse: func(raw []byte, _ runtime.Options) (any, error) {
				if strings.Contains(string(raw), "bad") {
					return nil, &runtime.ValidationError{Tool: name, Violations: []runtime.Violation{{
						Pointer: "/bad", Keyword: "type", Message: "got bad", Hint: `Field "bad" must not be sent.`,
					}}}
				}
				return string(raw), nil
			},
			Call: func(_ context.Context, h any, args any) (any, error) {
				l := h.(*ledger)
				l.mu.Lock()
				l.ran = append(l.ran, name+" "+args.(string))
				l.mu.Unlock()
				if strings.Contains(args.(string), "fail") {
					return nil, &runtime.HandlerError{Tool: name, Err: errors.New("ledger offline")}
				}
				return map[string]string{"done": name}, nil
			},
		}
	}
	return l, runtimetest.NewDispatcher(l, specs, runtime.Config{})
}

// turn is assistant content with one tool_use block per call, IDs toolu_0,
// toolu_1, ... in order, and a text block before each.
func turn(t *testing.T, calls ...[2]string) []anthropic.ContentBlockUnion {
	t.Helper()
	var blocks []string
	for i, c := range calls {
		blocks = append(blocks, `{"type":"text","text":"Next."}`,
			fmt.Sprintf(`{"type":"tool_use","id":"toolu_%d","name":%q,"input":%s}`, i, c[0], c[1]))
	}
	var content []anthropic.ContentBlockUnion
	if err := json.Unmarshal([]byte("["+strings.Join(blocks, ",")+"]"), &content); err != nil {
		t.Fatal(err)
	}
	return content
}

// answers reads the tool_use_id and the class ("ok" for a result) of each
// tool_result block, in order.
func answers(t *testing.T, reply anthropic.MessageParam) (ids, classes []string) {
	t.Helper()
	for _, block := range reply.Content {
		r := decodeResult(t, block)
		ids = append(ids, r.ToolUseID)
		classes = append(classes, class(t, r))
	}
	return ids, classes
}

func class(t *testing.T, r sentResult) string {
	t.Helper()
	if !*r.IsError {
		return "ok"
	}
	var report runtime.CompactErrorReport
	if len(r.Content) != 2 || json.Unmarshal([]byte(r.Content[1].Text), &report) != nil {
		t.Fatalf("a failed call's result is %q, want the message and the report", texts(r))
	}
	return report.Error
}

// TestDispatchRunsNothingWhenACallIsInvalid is the turn where call 1 has a
// side effect and call 2 is invalid: nothing may run, and each call is
// answered under its own ID.
func TestDispatchRunsNothingWhenACallIsInvalid(t *testing.T) {
	l, d := newLedger()
	reply, _ := anthropictools.Dispatch(context.Background(), turn(t, [2]string{"refund", `{"a":1}`}, [2]string{"lookup", `{"bad":1}`}), d)
	if got := l.effects(); len(got) != 0 {
		t.Errorf("ran %v although call 2 was invalid", got)
	}
	ids, classes := answers(t, reply)
	if want := []string{"toolu_0", "toolu_1"}; !slices.Equal(ids, want) {
		t.Errorf("answered %v, want %v", ids, want)
	}
	if want := []string{runtime.FailureNotRun, runtime.FailureInvalidArguments}; !slices.Equal(classes, want) {
		t.Errorf("classes %v, want %v", classes, want)
	}
}

// tx records what a batch's transaction was asked to do.
type tx struct{ log []string }

func (x *tx) Begin(ctx context.Context) (context.Context, error) {
	x.log = append(x.log, "begin")
	return ctx, nil
}
func (x *tx) Commit(context.Context) error   { x.log = append(x.log, "commit"); return nil }
func (x *tx) Rollback(context.Context) error { x.log = append(x.log, "rollback"); return nil }

func TestTransaction(t *testing.T) {
	for _, c := range []struct {
		second  string
		log     []string
		classes []string
	}{
		{`{"b":2}`, []string{"begin", "commit"}, []string{"ok", "ok"}},
		{`{"fail":1}`, []string{"begin", "rollback"}, []string{runtime.FailureNotRun, runtime.FailureToolFailed}},
	} {
		_, d := newLedger()
		var x tx
		reply, _ := anthropictools.Dispatch(context.Background(), turn(t, [2]string{"refund", `{"a":1}`}, [2]string{"lookup", c.second}), d,
			anthropictools.WithBatchOptions(runtime.BatchOptions{Transaction: &x}))
		if !slices.Equal(x.log, c.log) {
			t.Errorf("second call %s: the transaction saw %v, want %v", c.second, x.log, c.log)
		}
		if _, classes := answers(t, reply); !slices.Equal(classes, c.classes) {
			t.Errorf("second call %s: classes %v, want %v", c.second, classes, c.classes)
		}
	}
}

// TestDispatchBatches draws random turns of valid, invalid and unknown calls
// and checks the batch promise: one answer per tool_use block, under its ID
// and in order; nothing runs if any call is bad, else every call runs, in
// order. With OneByOne, exactly the good calls run.
func TestDispatchBatches(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for round := range 300 {
		oneByOne := round%2 == 1
		var calls [][2]string
		var ids, good, all []string
		for i := range 1 + rng.IntN(4) {
			name, args := "refund", fmt.Sprintf(`{"n":%d}`, i)
			ok := true
			switch rng.IntN(5) {
			case 0:
				args, ok = `{"bad":true}`, false
			case 1:
				name, ok = "erase", false
			case 2:
				name = "lookup"
			}
			calls = append(calls, [2]string{name, args})
			ids = append(ids, fmt.Sprintf("toolu_%d", i))
			all = append(all, name+" "+args)
			if ok {
				good = append(good, name+" "+args)
			}
		}
		var opts []anthropictools.TurnOption
		want := good
		if oneByOne {
			opts = append(opts, anthropictools.OneByOne())
		} else if len(good) < len(all) {
			want = nil
		}
		l, d := newLedger()
		reply, ok := anthropictools.Dispatch(context.Background(), turn(t, calls...), d, opts...)
		gotIDs, _ := answers(t, reply)
		if !ok || !slices.Equal(gotIDs, ids) {
			t.Fatalf("round %d: answered %v, want %v", round, gotIDs, ids)
		}
		if ran := l.effects(); !slices.Equal(ran, want) {
			t.Fatalf("round %d (one by one %v): ran %v, want %v", round, oneByOne, ran, want)
		}
	}
}

// TestFailureClasses pins the class every runtime failure gets in a
// tool_result; the OpenAI and MCP adapters pin the same table.
func TestFailureClasses(t *testing.T) {
	ledgerDown := errors.New("ledger offline")
	for _, c := range []struct {
		result any
		err    error
		class  string
	}{
		{nil, &runtime.ValidationError{Tool: "search", Violations: []runtime.Violation{{Pointer: "/q", Keyword: "type", Hint: "h"}}}, runtime.FailureInvalidArguments},
		{nil, &runtime.UnknownToolError{Name: "erase", Known: []string{"search"}}, runtime.FailureUnknownTool},
		{nil, runtime.Rejectf("/q", "No such archive."), runtime.FailureRejected},
		{nil, &runtime.DeniedError{Tool: "search", Reason: "Not today."}, runtime.FailureDenied},
		{nil, &runtime.HandlerError{Tool: "search", Err: ledgerDown}, runtime.FailureToolFailed},
		{nil, &runtime.PanicError{Tool: "search", Hook: runtime.HookHandler, Value: "nil map"}, runtime.FailurePanic},
		{nil, &runtime.ExitError{Tool: "search", Hook: runtime.HookHandler}, runtime.FailureExited},
		{nil, &runtime.CanceledError{Tool: "search", Cause: context.Canceled}, runtime.FailureCanceled},
		{nil, &runtime.TimeoutError{Tool: "search", Cause: context.DeadlineExceeded}, runtime.FailureTimeout},
		{nil, &runtime.OutputError{Tool: "search", Violations: []runtime.Violation{{Pointer: "/x", Keyword: "type"}}}, runtime.FailureInvalidOutput},
		{nil, &runtime.NotRunError{Tool: "search", Call: 2, Reason: "had invalid arguments"}, runtime.FailureNotRun},
		{nil, &runtime.NotRunError{Tool: "search", Call: 2, RolledBack: true}, runtime.FailureNotRun},
		{nil, ledgerDown, runtime.FailureInternal},
		{map[string]float64{"x": math.NaN()}, nil, runtime.FailureToolFailed},
	} {
		r := decodeResult(t, anthropictools.ToolResult("toolu_1", c.result, c.err))
		if got := class(t, r); got != c.class {
			t.Errorf("%v, %v: class %s, want %s", c.result, c.err, got, c.class)
		}
		if c.err != nil && runtime.Outcome(c.err) != c.class {
			t.Errorf("%v: runtime.Outcome is %s, the adapter says %s", c.err, runtime.Outcome(c.err), c.class)
		}
		if text := strings.Join(texts(r), "\n"); strings.Contains(text, "ledger offline") || strings.Contains(text, "NaN") {
			t.Errorf("the result for %v leaks internal text: %q", c.err, text)
		}
	}
}

// short is a Dispatcher that loses results: every call must still be
// answered once.
type short struct{ keep int }

func (s short) DispatchBatch(_ context.Context, calls []runtime.Call, _ runtime.BatchOptions) []runtime.CallResult {
	var results []runtime.CallResult
	for _, c := range calls[:min(s.keep, len(calls))] {
		results = append(results, runtime.CallResult{ID: c.ID, Tool: c.Tool, Result: 1})
	}
	return results
}

func TestEveryCallIsAnsweredOnce(t *testing.T) {
	content := turn(t, [2]string{"refund", `{}`}, [2]string{"lookup", `{}`}, [2]string{"lookup", `{}`})
	for keep := range 4 {
		reply, _ := anthropictools.Dispatch(context.Background(), content, short{keep})
		ids, classes := answers(t, reply)
		if !reflect.DeepEqual(ids, []string{"toolu_0", "toolu_1", "toolu_2"}) {
			t.Errorf("keep %d: answered %v", keep, ids)
		}
		for i, c := range classes {
			if want := map[bool]string{true: "ok", false: runtime.FailureInternal}[i < keep]; c != want {
				t.Errorf("keep %d: call %d is %s, want %s", keep, i, c, want)
			}
		}
	}
}
