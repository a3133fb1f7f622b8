package runtime_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/toolgen/toolgen/runtime"
)

// TestModelMessageWords pins what the model reads of every failure class,
// word for word, with a tool name that needs quoting: these sentences are
// the model's instructions, and one changes only on purpose.
func TestModelMessageWords(t *testing.T) {
	const tool = `pay "now"`
	two := []runtime.Violation{{Pointer: "/a", Hint: "Fix a."}, {Pointer: "/b", Hint: "Fix b."}}
	cases := []struct {
		err  error
		want string
	}{
		{&runtime.ValidationError{Tool: tool, Violations: two[:1]},
			`The arguments for tool "pay \"now\"" have 1 problem. Fix it and call the tool again:` + "\n- Fix a."},
		{&runtime.ValidationError{Tool: tool, Violations: two, Omitted: 3},
			`The arguments for tool "pay \"now\"" have 5 problems. Fix all of them and call the tool again:` + "\n- Fix a.\n- Fix b.\n- 3 more problems were found and are not listed; fix the ones above, then check the rest of the arguments against the tool's schema."},
		{&runtime.UnknownToolError{Name: tool, Known: []string{"a", `b"`}},
			`There is no tool named "pay \"now\"". Call one of these tools instead: "a", "b\"".`},
		{&runtime.UnknownToolError{Name: "x"},
			`There is no tool named "x". Call one of these tools instead: .`},
		{&runtime.HandlerError{Tool: tool, Err: errors.New("secret")},
			`The tool "pay \"now\"" accepted the arguments but failed while running. Do not retry with the same arguments unless the user asks; report the failure or try another approach.`},
		{&runtime.RejectionError{Tool: tool, Violations: two},
			`The tool "pay \"now\"" rejected the arguments. Fix them and call the tool again:` + "\n- Fix a.\n- Fix b."},
		{&runtime.PanicError{Tool: tool, Value: "secret"},
			`The tool "pay \"now\"" failed with an internal error. Do not retry it with the same arguments; report the failure or try another approach.`},
		{&runtime.ExitError{Tool: tool},
			`The tool "pay \"now\"" failed with an internal error. Do not retry it with the same arguments; report the failure or try another approach.`},
		{&runtime.TimeoutError{Tool: tool, Timeout: time.Second, Cause: context.DeadlineExceeded},
			`The tool "pay \"now\"" did not finish in time and was stopped; it may or may not have taken effect. Check the current state before calling it again.`},
		{&runtime.CanceledError{Tool: tool, Cause: context.Canceled},
			`The call to tool "pay \"now\"" was cancelled before it started, so it had no effect. Call it again only if it is still needed.`},
		{&runtime.DeniedError{Tool: tool},
			`The call to tool "pay \"now\"" is not allowed. Do not retry it; ask the user or use another tool.`},
		{&runtime.DeniedError{Tool: tool, Reason: "Refunds need a manager."},
			`The call to tool "pay \"now\"" is not allowed: Refunds need a manager. Do not retry it; ask the user or use another tool.`},
		{&runtime.OutputError{Tool: tool, Violations: two},
			`The tool "pay \"now\"" failed on the server's side (its result was malformed); the arguments were fine. Report the failure; do not retry with changed arguments.`},
		{&runtime.RemoteError{Tool: tool, Text: "secret"},
			`The tool "pay \"now\"" failed on the server that runs it; the arguments were valid. Report the failure or try another approach; do not retry it unchanged.`},
		{&runtime.NotRunError{Tool: tool, Call: 2, Reason: "had invalid arguments"},
			`This call to "pay \"now\"" was not run because call 2 of the batch had invalid arguments; nothing in the batch was run. Fix call 2 and send the batch again.`},
		{&runtime.NotRunError{Tool: tool, Call: 2, RolledBack: true},
			`This call to "pay \"now\"" ran, but call 2 of the batch failed, so the whole batch was rolled back and nothing was kept. Fix call 2 and send the batch again.`},
		{errors.New("secret"),
			`The tool call failed for an internal reason. Report the failure; do not retry it unchanged.`},
	}
	for _, c := range cases {
		if got := runtime.ModelMessage(c.err); got != c.want {
			t.Errorf("%T: ModelMessage\n got %s\nwant %s", c.err, got, c.want)
		}
	}
}
