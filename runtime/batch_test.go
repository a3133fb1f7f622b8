package runtime_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/runtime"
)

// badCall is one way a call of a batch fails before any runs, with the words
// the other calls' messages give for it.
type badCall struct {
	tool, args, reason string
}

var badCalls = []badCall{
	{"echo", `{"n":"7"}`, "had invalid arguments"},
	{"echo", `{"n":1,"x":2}`, "had invalid arguments"},
	{"echo", `{"n":`, "had invalid arguments"},
	{"nope", `{}`, "named an unknown tool"},
	{"refund_everything", `{"n":1}`, "named an unknown tool"},
	{"echo", `{"n":66}`, "was not allowed"}, // the authorizer denies 66
}

// TestNotRunNamesEveryFailedCall builds batches of good and bad calls in
// random positions and checks that every call that did not run tells the
// model of every call that failed, by position, tool name and reason, in
// call order, and of no call that did not fail.
func TestNotRunNamesEveryFailedCall(t *testing.T) {
	d := newDispatcher(echo, runtime.Config{Authorizer: runtime.AuthorizerFunc(func(_ context.Context, call runtime.Authorization) error {
		if call.Args.(echoArgs).n == 66 {
			return runtime.Deny("66 is reserved")
		}
		return nil
	})}, false, 0)
	rng := rand.New(rand.NewPCG(7, 31))
	for round := range 200 {
		size := 2 + rng.IntN(9)
		calls := make([]runtime.Call, size)
		var want []string // "call N (to "tool") reason", in order
		for i := range calls {
			if rng.IntN(3) > 0 {
				calls[i] = runtime.Call{Tool: "echo", Arguments: []byte(`{"n":5}`)}
				continue
			}
			b := badCalls[rng.IntN(len(badCalls))]
			calls[i] = runtime.Call{Tool: b.tool, Arguments: []byte(b.args)}
			want = append(want, fmt.Sprintf("call %d%%s (to %q) %s", i+1, b.tool, b.reason))
		}
		if len(want) == 0 || len(want) == size {
			continue
		}
		for i, r := range d.DispatchBatch(context.Background(), calls, runtime.BatchOptions{}) {
			var nr *runtime.NotRunError
			if !errors.As(r.Err, &nr) {
				continue
			}
			msg := runtime.ModelMessage(r.Err)
			at := 0
			for k, w := range want {
				where := ""
				if len(want) == 1 {
					where = " of the batch"
				}
				phrase := fmt.Sprintf(w, where)
				j := strings.Index(msg[at:], phrase)
				if j < 0 {
					t.Fatalf("round %d: the message of call %d lacks failure %d of %d, %q, in order:\n%s", round, i+1, k+1, len(want), phrase, msg)
				}
				at += j + len(phrase)
			}
			if n := strings.Count(msg, "(to "); n != len(want) {
				t.Errorf("round %d: the message of call %d names %d calls, want %d failed:\n%s", round, i+1, n, len(want), msg)
			}
			if len(nr.Failed) != len(want) || nr.Call != nr.Failed[0].Call {
				t.Errorf("round %d: Failed = %+v, Call = %d", round, nr.Failed, nr.Call)
			}
		}
	}
}

// TestNotRunMessageBounded checks that a batch of many bad calls gives
// each not-run call a message that names ten of them and counts the rest,
// and that a long unknown tool name is cut.
func TestNotRunMessageBounded(t *testing.T) {
	d := newDispatcher(echo, runtime.Config{}, false, 0)
	long := strings.Repeat("x", 10000)
	calls := []runtime.Call{{Tool: "echo", Arguments: []byte(`{"n":1}`)}}
	for range 5000 {
		calls = append(calls, runtime.Call{Tool: long, Arguments: []byte(`{}`)})
	}
	results := d.DispatchBatch(context.Background(), calls, runtime.BatchOptions{})
	msg := runtime.ModelMessage(results[0].Err)
	if !strings.Contains(msg, "5000 calls of the batch failed") || !strings.Contains(msg, "and 4990 more calls after those") {
		t.Errorf("the message does not count the failed calls:\n%.600s", msg)
	}
	if n := strings.Count(msg, "named an unknown tool"); n != 10 {
		t.Errorf("the message names %d failed calls, want 10", n)
	}
	if len(msg) > 2000 {
		t.Errorf("the message is %d bytes long: tool names are not cut", len(msg))
	}
	if err := results[0].Err.Error(); len(err) > 2000 {
		t.Errorf("the error is %d bytes long", len(err))
	}
}

// TestNotRunBuiltByHand checks that a NotRunError made without Failed, as
// code written before it did, still says which call to fix.
func TestNotRunBuiltByHand(t *testing.T) {
	err := &runtime.NotRunError{Tool: "refund", Call: 2, Reason: "had invalid arguments"}
	want := `This call to "refund" was not run because call 2 of the batch had invalid arguments; nothing in the batch was run. Fix call 2 and send the batch again.`
	if got := err.ModelMessage(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
