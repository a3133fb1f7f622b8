package runtime_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/toolgen/toolgen/runtime"
	"github.com/toolgen/toolgen/runtime/toolgenimpl"
)

// TestBatchEncode: with BatchOptions.Encode every result comes with the
// JSON an adapter sends, without HTML escaping, or with the report of its
// failure, which agrees with Report and ErrorReport.Compact.
func TestBatchEncode(t *testing.T) {
	d := newDispatcher(func(_ context.Context, n int64) (any, error) {
		if n == 2 {
			return nil, errors.New("ledger offline")
		}
		return map[string]string{"html": "<b>&</b>"}, nil
	}, runtime.Config{}, false, 0)
	results := d.DispatchBatch(context.Background(), echoCalls([]int64{0, 0}), runtime.BatchOptions{Encode: true})
	for i, r := range results {
		if string(r.JSON) != `{"html":"<b>&</b>"}` || r.Report != nil || r.Err != nil {
			t.Errorf("call %d: JSON %q, report %v, error %v", i+1, r.JSON, r.Report, r.Err)
		}
	}
	// Without a transaction call 1 keeps its result when call 2 fails.
	results = d.DispatchBatch(context.Background(), echoCalls([]int64{0, 2}), runtime.BatchOptions{Encode: true})
	if r := results[0]; r.Err != nil || r.JSON == nil || r.Report != nil {
		t.Errorf("call 1: JSON %q, report %v, error %v", r.JSON, r.Report, r.Err)
	}
	r := results[1]
	if r.Err == nil || r.JSON != nil || r.Report == nil {
		t.Fatalf("call 2: JSON %q, report %v, error %v", r.JSON, r.Report, r.Err)
	}
	if want := runtime.Report(r.Err); r.Report.Error != runtime.FailureToolFailed || r.Report.Error != want.Error || r.Report.Message != want.Message {
		t.Errorf("call 2: report %+v, want %+v", *r.Report, want)
	}
	compact, _ := json.Marshal(r.Report.Compact())
	if want, _ := json.Marshal(runtime.Report(r.Err).Compact()); string(compact) != string(want) {
		t.Errorf("call 2: compact report %s, want %s", compact, want)
	}
	if strings.Contains(r.Report.Message, "ledger offline") {
		t.Errorf("the handler's error text reaches the report: %q", r.Report.Message)
	}
}

// flakyResult encodes as {"ok":true} the first time and {"ok":false}
// after, as a MarshalJSON reading a clock or a counter might.
type flakyResult struct{ calls *atomic.Int32 }

func (r flakyResult) MarshalJSON() ([]byte, error) {
	if r.calls.Add(1) == 1 {
		return []byte(`{"ok":true}`), nil
	}
	return []byte(`{"ok":false}`), nil
}

// TestEncodedJSONIsTheCheckedJSON: for a tool with an output schema, the
// JSON an encoded batch hands out is the JSON the output check passed: the
// result's MarshalJSON runs once.
func TestEncodedJSONIsTheCheckedJSON(t *testing.T) {
	var calls atomic.Int32
	s := specs(false, 0)
	s[0].Call = func(context.Context, any, any) (any, error) { return flakyResult{&calls}, nil }
	s[0].CheckOutput = func(result any) []runtime.Violation {
		if b, err := json.Marshal(result); err != nil || string(b) != `{"ok":true}` {
			return []runtime.Violation{{Pointer: "/ok", Keyword: "const", Message: "must be true", Hint: "h"}}
		}
		return nil
	}
	d := toolgenimpl.NewDispatcher(nil, s, index, runtime.Config{})
	r := d.DispatchBatch(context.Background(), echoCalls([]int64{0}), runtime.BatchOptions{Encode: true})[0]
	if r.Err != nil || string(r.JSON) != `{"ok":true}` {
		t.Errorf("got JSON %q, error %v; want the checked {\"ok\":true}", r.JSON, r.Err)
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("MarshalJSON ran %d times, want once", n)
	}
}

// TestEncodingFailureRollsBack: a result that cannot be encoded fails its
// call inside the batch, so the transaction rolls back what ran before it.
func TestEncodingFailureRollsBack(t *testing.T) {
	d := newDispatcher(func(_ context.Context, n int64) (any, error) {
		if n == 1 {
			return math.NaN(), nil
		}
		return n, nil
	}, runtime.Config{}, false, 0)
	tx := &recordingTx{}
	results := d.DispatchBatch(context.Background(), echoCalls([]int64{0, 1}), runtime.BatchOptions{Encode: true, Transaction: tx})
	var classes []string
	for _, r := range results {
		classes = append(classes, r.Report.Error)
		if r.JSON != nil || r.Result != nil {
			t.Errorf("a rolled-back or failed call keeps its result: %q, %v", r.JSON, r.Result)
		}
	}
	if want := []string{runtime.FailureNotRun, runtime.FailureToolFailed}; !slices.Equal(classes, want) || tx.log() != "begin rollback" {
		t.Errorf("classes %v and transaction %q; want %v and a rollback", classes, tx.log(), want)
	}
	// Without Encode the batch commits: the result is a Go value, which the
	// caller encodes or not.
	tx = &recordingTx{}
	d.DispatchBatch(context.Background(), echoCalls([]int64{0, 1}), runtime.BatchOptions{Transaction: tx})
	if tx.log() != "begin commit" {
		t.Errorf("without Encode: transaction %q, want a commit", tx.log())
	}
}

// TestOneByOne: each call is a batch of its own, so an invalid call keeps
// none of the others from running, and each is answered in call order.
func TestOneByOne(t *testing.T) {
	var ran []int64
	d := newDispatcher(func(_ context.Context, n int64) (any, error) { ran = append(ran, n); return n, nil }, runtime.Config{}, false, 0)
	calls := echoCalls([]int64{0, 1, 2})
	calls[1].Arguments = []byte(`{"n":"1"}`)
	for _, opts := range []runtime.BatchOptions{{OneByOne: true}, {OneByOne: true, Transaction: &recordingTx{}}} {
		ran = nil
		results := d.DispatchBatch(context.Background(), calls, opts)
		var classes, ids []string
		for _, r := range results {
			classes, ids = append(classes, runtime.Outcome(r.Err)), append(ids, r.ID)
		}
		if want := []string{"ok", runtime.FailureInvalidArguments, "ok"}; !slices.Equal(classes, want) || !slices.Equal(ids, []string{"0", "1", "2"}) {
			t.Errorf("%+v: classes %v of %v, want %v", opts, classes, ids, want)
		}
		if !slices.Equal(ran, []int64{0, 2}) {
			t.Errorf("%+v: ran %v, want [0 2]", opts, ran)
		}
	}
	tx := &recordingTx{}
	d.DispatchBatch(context.Background(), calls, runtime.BatchOptions{OneByOne: true, Transaction: tx})
	if got := tx.log(); got != "begin commit begin commit" {
		t.Errorf("one transaction per call that runs: %q", got)
	}
}

// TestEncodeContainsErrorMethods: CallResult.Encode renders an error whose
// methods panic or exit, the service's own or wrapped in the runtime's,
// on a goroutine of its own: it returns, with a report that shows nothing
// of the fault.
func TestEncodeContainsErrorMethods(t *testing.T) {
	for _, f := range []fault{faultPanic, faultPanicNil, faultPanicBadError, faultGoexit} {
		l := &lab{hook: hookErrorMethods, fault: f, ctx: context.Background()}
		for _, c := range []struct {
			err  error
			want string // the class, when the methods panic
		}{
			{&faultyError{l: l}, runtime.FailureInternal},
			{errors.Join(&faultyError{l: l}), runtime.FailureInternal},
			{&runtime.HandlerError{Tool: "echo", Err: &faultyError{l: l}}, runtime.FailureToolFailed},
			{&runtime.ValidationError{Tool: "echo"}, runtime.FailureInvalidArguments},
		} {
			name := fmt.Sprintf("%s/%T", faultNames[f], c.err)
			r := runtime.CallResult{Tool: "echo", Err: c.err}
			if !mustReturn(t, name, r.Encode) {
				continue
			}
			want := c.want
			if f == faultGoexit && c.want != runtime.FailureInvalidArguments {
				want = runtime.FailureExited
			}
			if r.Report == nil || r.Report.Error != want || r.JSON != nil {
				t.Errorf("%s: report %+v, JSON %q; want class %s", name, r.Report, r.JSON, want)
				continue
			}
			if strings.Contains(r.Report.Message, secret) || strings.Contains(r.Report.Message, "faulty") {
				t.Errorf("%s: the fault reaches the model: %q", name, r.Report.Message)
			}
			var exited *runtime.ExitError
			if want == runtime.FailureExited && (!errors.As(r.Err, &exited) || exited.Tool != "echo") {
				t.Errorf("%s: the error is a %T, want an ExitError of tool echo", name, r.Err)
			}
		}
	}
}

// TestEncodeResultFaults: CallResult.Encode runs a result's MarshalJSON on
// a goroutine of its own; a panic or exit there is the dispatcher's
// failure class, naming the tool and the hook.
func TestEncodeResultFaults(t *testing.T) {
	for _, f := range []fault{faultPanic, faultPanicNil, faultPanicBadError, faultGoexit} {
		l := &lab{hook: runtime.HookOutput, fault: f, ctx: context.Background()}
		r := runtime.CallResult{Tool: "echo", Result: faultyResult{l: l}}
		if !mustReturn(t, faultNames[f], r.Encode) {
			continue
		}
		var panicked *runtime.PanicError
		var exited *runtime.ExitError
		switch {
		case f == faultGoexit && errors.As(r.Err, &exited) && exited.Tool == "echo" && exited.Hook == runtime.HookOutput:
		case f != faultGoexit && errors.As(r.Err, &panicked) && panicked.Tool == "echo" && panicked.Hook == runtime.HookOutput:
		default:
			t.Errorf("%s: error %v", faultNames[f], r.Err)
		}
		if r.Result != nil || r.JSON != nil || r.Report == nil || r.Report.Error != runtime.Outcome(r.Err) {
			t.Errorf("%s: result %v, JSON %q, report %+v", faultNames[f], r.Result, r.JSON, r.Report)
		}
	}
	r := runtime.CallResult{Tool: "echo", Result: math.Inf(1)}
	r.Encode()
	if r.Report == nil || r.Report.Error != runtime.FailureToolFailed || !strings.Contains(r.Report.Message, `"echo"`) {
		t.Errorf("an unencodable result: %+v", r.Report)
	}
}
