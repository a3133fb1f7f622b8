package geminitools_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	geminitools "github.com/toolgen/toolgen/adapters/gemini"
	"github.com/toolgen/toolgen/runtime"
	"github.com/toolgen/toolgen/runtime/runtimetest"
	"google.golang.org/genai"
)

// ledger is the handler of a small service whose tools have side effects:
// it records every call that ran, in order, with the arguments' bytes.
// Arguments holding "bad" fail validation, "fail" make the handler fail.
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
	tools := []string{"refund", "lookup"}
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
					return nil, errors.New("ledger offline")
				}
				return map[string]any{"done": name, "big": int64(9007199254740993)}, nil
			},
		}
	}
	return l, runtimetest.NewDispatcher(l, specs, runtime.Config{})
}

// parts is a candidate's parts as the SDK decodes them: a text part, then
// a function call part per call, IDs call_0, call_1, ... in order.
func parts(t *testing.T, calls ...[2]string) []*genai.Part {
	t.Helper()
	list := []string{`{"text":"Let me do that."}`}
	for i, c := range calls {
		args := ""
		if c[1] != "" {
			args = `,"args":` + c[1]
		}
		list = append(list, fmt.Sprintf(`{"functionCall":{"id":"call_%d","name":%q%s}}`, i, c[0], args))
	}
	var out []*genai.Part
	if err := json.Unmarshal([]byte("["+strings.Join(list, ",")+"]"), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// sent is a function response as the request carries it.
type sent struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Response struct {
		Output json.RawMessage            `json:"output"`
		Error  *string                    `json:"error"`
		Report runtime.CompactErrorReport `json:"report"`
	} `json:"response"`
}

func decodeResponse(t *testing.T, p *genai.Part) sent {
	t.Helper()
	if p.FunctionResponse == nil {
		t.Fatalf("not a function response: %+v", p)
	}
	b, err := json.Marshal(p.FunctionResponse)
	if err != nil {
		t.Fatal(err)
	}
	var s sent
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// answers reads the ID and the class ("ok" for a result) of each function
// response, in order.
func answers(t *testing.T, reply *genai.Content) (ids, classes []string) {
	t.Helper()
	if reply.Role != genai.RoleUser {
		t.Errorf("the reply's role is %q, want user", reply.Role)
	}
	for _, p := range reply.Parts {
		s := decodeResponse(t, p)
		ids = append(ids, s.ID)
		switch {
		case s.Response.Error == nil && s.Response.Output != nil:
			classes = append(classes, "ok")
		case s.Response.Error != nil && s.Response.Output == nil:
			classes = append(classes, s.Response.Report.Error)
		default:
			t.Fatalf("a response with both or neither of output and error: %+v", s)
		}
	}
	return ids, classes
}

// TestDispatchRunsNothingWhenACallIsInvalid is the turn where call 1 has a
// side effect and call 2 is invalid: nothing may run, and each call is
// answered under its own ID and name.
func TestDispatchRunsNothingWhenACallIsInvalid(t *testing.T) {
	l, d := newLedger()
	reply, ok := geminitools.Dispatch(context.Background(), parts(t, [2]string{"refund", `{"a":1}`}, [2]string{"lookup", `{"bad":1}`}), d)
	if got := l.effects(); !ok || len(got) != 0 {
		t.Errorf("ran %v although call 2 was invalid", got)
	}
	ids, classes := answers(t, reply)
	if want := []string{"call_0", "call_1"}; !slices.Equal(ids, want) {
		t.Errorf("answered %v, want %v", ids, want)
	}
	if want := []string{runtime.FailureNotRun, runtime.FailureInvalidArguments}; !slices.Equal(classes, want) {
		t.Errorf("classes %v, want %v", classes, want)
	}
	if names := []string{decodeResponse(t, reply.Parts[0]).Name, decodeResponse(t, reply.Parts[1]).Name}; !slices.Equal(names, []string{"refund", "lookup"}) {
		t.Errorf("answered the functions %v", names)
	}
}

// TestResponses pins what the model reads: the result's JSON as "output";
// the message with every hint once as "error" and the compact report
// beside it, or the full report with WithFullReport.
func TestResponses(t *testing.T) {
	_, d := newLedger()
	reply, _ := geminitools.Dispatch(context.Background(), parts(t, [2]string{"refund", `{"a":1}`}), d)
	if got := string(decodeResponse(t, reply.Parts[0]).Response.Output); got != `{"big":9007199254740993,"done":"refund"}` {
		t.Errorf("output %s", got)
	}
	calls := parts(t, [2]string{"lookup", `{"bad":1}`})
	invalid := d.Validate("lookup", []byte(`{"bad":1}`))
	for _, full := range []bool{false, true} {
		var opts []geminitools.TurnOption
		if full {
			opts = append(opts, geminitools.WithFullReport())
		}
		reply, _ := geminitools.Dispatch(context.Background(), calls, d, opts...)
		r := reply.Parts[0].FunctionResponse.Response
		if r["error"] != runtime.ModelMessage(invalid) || len(r) != 2 {
			t.Errorf("full %v: response %v", full, r)
		}
		var want any = runtime.Report(invalid).Compact()
		if full {
			want = runtime.Report(invalid)
		}
		got, _ := json.Marshal(r["report"])
		if w, _ := json.Marshal(want); string(got) != string(w) {
			t.Errorf("full %v: report %s, want %s", full, got, w)
		}
	}
}

// TestArguments: the SDK hands arguments over as a map; the dispatcher
// gets them as JSON with sorted keys, and a call without arguments as {}.
func TestArguments(t *testing.T) {
	l, d := newLedger()
	geminitools.Dispatch(context.Background(), parts(t, [2]string{"refund", `{"z":1.0,"a":"42","m":[true,null]}`}, [2]string{"lookup", ""}), d)
	if got, want := l.effects(), []string{`refund {"a":"42","m":[true,null],"z":1}`, `lookup {}`}; !slices.Equal(got, want) {
		t.Errorf("ran %q, want %q", got, want)
	}
}

func TestNoFunctionCall(t *testing.T) {
	l, d := newLedger()
	for _, p := range [][]*genai.Part{nil, parts(t), {nil, {Text: "hi"}}} {
		if reply, ok := geminitools.Dispatch(context.Background(), p, d); ok || reply != nil {
			t.Errorf("%v: a reply %v to no function call", p, reply)
		}
	}
	if len(l.effects()) != 0 {
		t.Error("something ran")
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
		reply, _ := geminitools.Dispatch(context.Background(), parts(t, [2]string{"refund", `{"a":1}`}, [2]string{"lookup", c.second}), d,
			geminitools.WithBatchOptions(runtime.BatchOptions{Transaction: &x}))
		if !slices.Equal(x.log, c.log) {
			t.Errorf("second call %s: the transaction saw %v, want %v", c.second, x.log, c.log)
		}
		if _, classes := answers(t, reply); !slices.Equal(classes, c.classes) {
			t.Errorf("second call %s: classes %v, want %v", c.second, classes, c.classes)
		}
		if text, _ := json.Marshal(reply); strings.Contains(string(text), "ledger offline") {
			t.Errorf("a handler's error text reaches the model: %s", text)
		}
	}
}

// TestDispatchBatches draws random turns of valid, invalid and unknown
// calls and checks the batch promise: one answer per function call, under
// its ID and in order; nothing runs if any call is bad, else every call
// runs, in order. With OneByOne, exactly the good calls run.
func TestDispatchBatches(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
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
			ids = append(ids, fmt.Sprintf("call_%d", i))
			all = append(all, name+" "+args)
			if ok {
				good = append(good, name+" "+args)
			}
		}
		var opts []geminitools.TurnOption
		want := good
		if oneByOne {
			opts = append(opts, geminitools.OneByOne())
		} else if len(good) < len(all) {
			want = nil
		}
		l, d := newLedger()
		reply, ok := geminitools.Dispatch(context.Background(), parts(t, calls...), d, opts...)
		gotIDs, _ := answers(t, reply)
		if !ok || !slices.Equal(gotIDs, ids) {
			t.Fatalf("round %d: answered %v, want %v", round, gotIDs, ids)
		}
		if ran := l.effects(); !slices.Equal(ran, want) {
			t.Fatalf("round %d (one by one %v): ran %v, want %v", round, oneByOne, ran, want)
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
	p := parts(t, [2]string{"refund", `{}`}, [2]string{"lookup", `{}`}, [2]string{"lookup", `{}`})
	for keep := range 4 {
		reply, _ := geminitools.Dispatch(context.Background(), p, short{keep})
		ids, classes := answers(t, reply)
		if !slices.Equal(ids, []string{"call_0", "call_1", "call_2"}) {
			t.Errorf("keep %d: answered %v", keep, ids)
		}
		for i, c := range classes {
			if want := map[bool]string{true: "ok", false: runtime.FailureInternal}[i < keep]; c != want {
				t.Errorf("keep %d: call %d is %s, want %s", keep, i, c, want)
			}
		}
	}
}

// TestFailureClasses pins the class every runtime failure gets in a
// function response; the other adapters pin the same table.
func TestFailureClasses(t *testing.T) {
	ledgerDown := errors.New("ledger offline")
	call := &genai.FunctionCall{ID: "call_1", Name: "search"}
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
		{nil, ledgerDown, runtime.FailureInternal},
		{map[string]float64{"x": math.NaN()}, nil, runtime.FailureToolFailed},
	} {
		s := decodeResponse(t, geminitools.FunctionResponse(call, c.result, c.err))
		if s.ID != "call_1" || s.Name != "search" || s.Response.Error == nil || s.Response.Report.Error != c.class {
			t.Errorf("%v, %v: %+v, want class %s", c.result, c.err, s, c.class)
		}
		if text := *s.Response.Error; strings.Contains(text, "ledger offline") || strings.Contains(text, "NaN") {
			t.Errorf("the response for %v leaks internal text: %q", c.err, text)
		}
	}
}
