package openaitools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
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
					return nil, &runtime.HandlerError{Tool: name, Err: errors.New("ledger offline")}
				}
				return map[string]string{"done": name}, nil
			},
		}
	}
	return l, runtimetest.NewDispatcher(l, specs, runtime.Config{})
}

// chatTurn is an assistant message with one function call per call, IDs
// call_0, call_1, ... in order.
func chatTurn(t *testing.T, calls ...[2]string) []openai.ChatCompletionMessageToolCallUnion {
	t.Helper()
	var parts []string
	for i, c := range calls {
		args, _ := json.Marshal(c[1])
		parts = append(parts, fmt.Sprintf(`{"id":"call_%d","type":"function","function":{"name":%q,"arguments":%s}}`, i, c[0], args))
	}
	return chatMessage(t, `{"role":"assistant","content":null,"refusal":null,"tool_calls":[`+strings.Join(parts, ",")+`]}`).ToolCalls
}

// answers reads the tool call ID and the class ("ok" for a result) of each
// tool message, in order.
func answers(t *testing.T, messages []openai.ChatCompletionMessageParamUnion) (ids, classes []string) {
	t.Helper()
	for _, m := range messages {
		if m.OfTool == nil {
			t.Fatalf("not a tool message: %+v", m)
		}
		ids = append(ids, m.OfTool.ToolCallID)
		classes = append(classes, class(m.OfTool.Content.OfString.Value))
	}
	return ids, classes
}

func class(output string) string {
	if report, ok := ParseError(output); ok {
		return report.Error
	}
	return "ok"
}

// TestChatDispatchRunsNothingWhenACallIsInvalid is the turn where call 1
// has a side effect and call 2 is invalid: nothing may run, and each call
// is answered under its own ID.
func TestChatDispatchRunsNothingWhenACallIsInvalid(t *testing.T) {
	l, d := newLedger()
	messages := ChatDispatch(context.Background(), chatTurn(t, [2]string{"refund", `{"a":1}`}, [2]string{"lookup", `{"bad":1}`}), d)
	if got := l.effects(); len(got) != 0 {
		t.Errorf("ran %v although call 2 was invalid", got)
	}
	ids, classes := answers(t, messages)
	if want := []string{"call_0", "call_1"}; !slices.Equal(ids, want) {
		t.Errorf("answered %v, want %v", ids, want)
	}
	if want := []string{runtime.FailureNotRun, runtime.FailureInvalidArguments}; !slices.Equal(classes, want) {
		t.Errorf("classes %v, want %v", classes, want)
	}
}

func TestOneByOneRunsTheValidCalls(t *testing.T) {
	l, d := newLedger()
	messages := ChatDispatch(context.Background(), chatTurn(t, [2]string{"refund", `{"a":1}`}, [2]string{"lookup", `{"bad":1}`}, [2]string{"lookup", `{"b":2}`}), d, OneByOne())
	if got, want := l.effects(), []string{`refund {"a":1}`, `lookup {"b":2}`}; !slices.Equal(got, want) {
		t.Errorf("ran %v, want %v", got, want)
	}
	if _, classes := answers(t, messages); !slices.Equal(classes, []string{"ok", runtime.FailureInvalidArguments, "ok"}) {
		t.Errorf("classes %v", classes)
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

func TestTransactionIsRolledBackWhenACallFails(t *testing.T) {
	_, d := newLedger()
	var x tx
	messages := ChatDispatch(context.Background(), chatTurn(t, [2]string{"refund", `{"a":1}`}, [2]string{"lookup", `{"fail":1}`}), d,
		WithBatchOptions(runtime.BatchOptions{Transaction: &x}))
	if want := []string{"begin", "rollback"}; !slices.Equal(x.log, want) {
		t.Errorf("the transaction saw %v, want %v", x.log, want)
	}
	out := messages[0].OfTool.Content.OfString.Value
	if class(out) != runtime.FailureNotRun || !strings.Contains(out, "rolled back") {
		t.Errorf("the rolled-back call was answered %q", out)
	}
}

// TestResponseDispatchBatches draws random turns of valid, invalid and
// unknown calls mixed with items of other types and checks the batch
// promise on the Responses API: one answer per function call, under its
// call ID and in order; nothing runs if any call is bad, else every call
// runs, in order.
func TestResponseDispatchBatches(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 300 {
		l, d := newLedger()
		var items []string
		var ids, wantRan []string
		bad := false
		for i := range rng.IntN(5) {
			if rng.IntN(4) == 0 {
				items = append(items, `{"type":"message","id":"m","role":"assistant","status":"completed","content":[]}`)
			}
			name, args := "refund", fmt.Sprintf(`{"n":%d}`, i)
			switch rng.IntN(5) {
			case 0:
				args, bad = `{"bad":true}`, true
			case 1:
				name, bad = "erase", true
			case 2:
				name = "lookup"
			}
			id := fmt.Sprintf("fc_%d_%d", round, i)
			quoted, _ := json.Marshal(args)
			items = append(items, fmt.Sprintf(`{"type":"function_call","id":"x","call_id":%q,"name":%q,"arguments":%s}`, id, name, quoted))
			ids = append(ids, id)
			wantRan = append(wantRan, name+" "+args)
		}
		var output []responses.ResponseOutputItemUnion
		if err := json.Unmarshal([]byte("["+strings.Join(items, ",")+"]"), &output); err != nil {
			t.Fatal(err)
		}
		got := ResponseDispatch(context.Background(), output, d)
		var gotIDs []string
		for _, item := range got {
			gotIDs = append(gotIDs, item.OfFunctionCallOutput.CallID.Value)
		}
		if !slices.Equal(gotIDs, ids) {
			t.Fatalf("round %d: answered %v, want %v", round, gotIDs, ids)
		}
		if bad {
			wantRan = nil
		}
		if ran := l.effects(); !slices.Equal(ran, wantRan) {
			t.Fatalf("round %d: ran %v, want %v", round, ran, wantRan)
		}
	}
}

func TestContextDoneStartsNothing(t *testing.T) {
	l, d := newLedger()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	messages := ChatDispatch(ctx, chatTurn(t, [2]string{"refund", `{}`}, [2]string{"lookup", `{}`}), d)
	if got := l.effects(); len(got) != 0 {
		t.Errorf("ran %v after the context was cancelled", got)
	}
	if _, classes := answers(t, messages); len(classes) != 2 || classes[0] != runtime.FailureCanceled {
		t.Errorf("classes %v, want every call answered, canceled", classes)
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
	calls := chatTurn(t, [2]string{"refund", `{}`}, [2]string{"lookup", `{}`}, [2]string{"lookup", `{}`})
	for keep := range 4 {
		ids, classes := answers(t, ChatDispatch(context.Background(), calls, short{keep}))
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
