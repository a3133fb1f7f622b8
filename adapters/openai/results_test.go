package openaitools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/toolgen/toolgen/runtime"
)

var (
	invalidAmount = &runtime.ValidationError{
		Tool: "refund_order",
		Violations: []runtime.Violation{{
			Pointer: "/amountCents",
			Keyword: "type",
			Message: "got string, want integer",
			Hint:    `Field "amountCents" must be an integer, got the string "1250".`,
		}, {
			Pointer: "/note",
			Keyword: "maxLength",
			Message: "length 300 > 280",
			Hint:    `Field "note" must be at most 280 characters long & plain text <no HTML>.`,
		}},
	}
	unknownTool  = &runtime.UnknownToolError{Name: "delete_everything", Known: []string{"get_order", "refund_order"}}
	handlerError = &runtime.HandlerError{Tool: "refund_order", Err: errors.New("ledger db: connection refused")}
)

func TestToolOutputSuccessIsJSON(t *testing.T) {
	for _, c := range []struct {
		result any
		want   string
	}{
		{map[string]any{"status": "queued", "cents": 1250}, `{"cents":1250,"status":"queued"}`},
		{struct {
			Note string `json:"note"`
		}{"a<b & c>d"}, `{"note":"a<b & c>d"}`},
		{"done", `"done"`},
		{nil, `null`},
		{json.RawMessage("{ \"kept\" : 1.50 }"), `{"kept":1.50}`},
	} {
		got := ToolOutput(c.result, nil)
		if got != c.want {
			t.Errorf("ToolOutput(%#v, nil) = %s, want %s", c.result, got, c.want)
		}
		if _, ok := ParseError(got); ok {
			t.Errorf("ParseError took the success output %s for a failure", got)
		}
	}
}

func TestToolOutputFailure(t *testing.T) {
	for _, c := range []struct {
		err   error
		class string
	}{
		{invalidAmount, runtime.FailureInvalidArguments},
		{unknownTool, runtime.FailureUnknownTool},
		{handlerError, runtime.FailureToolFailed},
		{fmt.Errorf("wrapped: %w", invalidAmount), runtime.FailureInvalidArguments},
		{errors.New("disk full at /var/lib/secret"), runtime.FailureInternal},
	} {
		got := ToolOutput(map[string]any{"ignored": true}, c.err)
		header := ErrorPrefix + c.class + ": " + runtime.ModelMessage(c.err) + "\n"
		if !strings.HasPrefix(got, header) {
			t.Errorf("the output for %v does not start with %q:\n%s", c.err, header, got)
			continue
		}
		line := strings.TrimPrefix(got, header)
		if strings.Contains(line, "\n") {
			t.Errorf("the report of %v is not a single line:\n%s", c.err, line)
		}
		var gotReport runtime.CompactErrorReport
		if err := json.Unmarshal([]byte(line), &gotReport); err != nil {
			t.Errorf("the last line of the output for %v is not JSON: %v\n%s", c.err, err, line)
		}
		if want := runtime.Report(c.err).Compact(); !reflect.DeepEqual(gotReport, want) {
			t.Errorf("the report line for %v is\n%s\nwant the JSON of runtime.ErrorReport.Compact: %+v", c.err, line, want)
		}
		full := ToolOutput(nil, c.err, WithFullReport())
		var fullReport runtime.ErrorReport
		if err := json.Unmarshal([]byte(strings.TrimPrefix(full, header)), &fullReport); err != nil || !reflect.DeepEqual(fullReport, runtime.Report(c.err)) {
			t.Errorf("with WithFullReport the output for %v is\n%s\nwant the JSON of runtime.Report (%v)", c.err, full, err)
		}
		if parsed, ok := ParseError(full); !ok || !reflect.DeepEqual(parsed, runtime.Report(c.err)) {
			t.Errorf("ParseError read %+v, %v from the full output for %v", parsed, ok, c.err)
		}
		if strings.Contains(got, "connection refused") || strings.Contains(got, "/var/lib/secret") || strings.Contains(got, "ignored") {
			t.Errorf("the output for %v leaks internal text or the result:\n%s", c.err, got)
		}
		report, ok := ParseError(got)
		if !ok {
			t.Errorf("ParseError rejected the output for %v:\n%s", c.err, got)
		} else if report.Error != c.class || report.Message != runtime.ModelMessage(c.err) {
			t.Errorf("ParseError read %+v from the output for %v", report, c.err)
		}
	}
}

func TestToolOutputInvalidArgumentsText(t *testing.T) {
	got := ToolOutput(nil, invalidAmount)
	for _, want := range []string{
		"ERROR invalid_arguments: The arguments for tool \"refund_order\" have 2 problems.",
		"\n- Field \"amountCents\" must be an integer, got the string \"1250\".\n",
		// The hints are not HTML-escaped: the model reads "<" and "&".
		"& plain text <no HTML>.",
		`"violations":[{"pointer":"/amountCents","keyword":"type"},{"pointer":"/note","keyword":"maxLength"}]}`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the output lacks %q:\n%s", want, got)
		}
	}
	report, ok := ParseError(got)
	if !ok || len(report.Violations) != 2 || report.Violations[1].Pointer != "/note" || report.Tool != "refund_order" {
		t.Errorf("ParseError = %+v, %v", report, ok)
	}
	// Each hint is sent once: in the text, and not again in the JSON.
	for _, v := range invalidAmount.Violations {
		if n := occurrences(got, v.Hint); n != 1 {
			t.Errorf("the hint %q is in the output %d times, want once:\n%s", v.Hint, n, got)
		}
	}
}

// occurrences counts s in text as it is and as it is written inside a JSON
// string.
func occurrences(text, s string) int {
	quoted, _ := json.Marshal(s)
	escaped := string(quoted[1 : len(quoted)-1])
	n := strings.Count(text, s)
	if escaped != s {
		n += strings.Count(text, escaped)
	}
	return n
}

// TestFailureClasses pins the class every runtime failure gets in a tool
// output; the Anthropic and MCP adapters pin the same table.
func TestFailureClasses(t *testing.T) {
	ledgerDown := errors.New("ledger offline")
	for _, c := range []struct {
		result any
		err    error
		class  string
	}{
		{nil, invalidAmount, runtime.FailureInvalidArguments},
		{nil, unknownTool, runtime.FailureUnknownTool},
		{nil, runtime.Rejectf("/orderId", "No order ord_1."), runtime.FailureRejected},
		{nil, &runtime.DeniedError{Tool: "refund_order", Reason: "Refunds need a manager."}, runtime.FailureDenied},
		{nil, &runtime.HandlerError{Tool: "refund_order", Err: ledgerDown}, runtime.FailureToolFailed},
		{nil, &runtime.PanicError{Tool: "refund_order", Hook: runtime.HookHandler, Value: "nil map"}, runtime.FailurePanic},
		{nil, &runtime.ExitError{Tool: "refund_order", Hook: runtime.HookHandler}, runtime.FailureExited},
		{nil, &runtime.CanceledError{Tool: "refund_order", Cause: context.Canceled}, runtime.FailureCanceled},
		{nil, &runtime.TimeoutError{Tool: "refund_order", Cause: context.DeadlineExceeded}, runtime.FailureTimeout},
		{nil, &runtime.OutputError{Tool: "refund_order", Violations: []runtime.Violation{{Pointer: "/x", Keyword: "type"}}}, runtime.FailureInvalidOutput},
		{nil, &runtime.NotRunError{Tool: "refund_order", Call: 2, Reason: "had invalid arguments"}, runtime.FailureNotRun},
		{nil, &runtime.NotRunError{Tool: "refund_order", Call: 2, RolledBack: true}, runtime.FailureNotRun},
		{nil, ledgerDown, runtime.FailureInternal},
		{map[string]any{"ch": make(chan int)}, nil, runtime.FailureToolFailed},
	} {
		got := ToolOutput(c.result, c.err)
		report, ok := ParseError(got)
		if !ok || report.Error != c.class {
			t.Errorf("%v, %v: the output is %q, want class %s", c.result, c.err, got, c.class)
		}
		if c.err != nil && runtime.Outcome(c.err) != c.class {
			t.Errorf("%v: runtime.Outcome is %s, the adapter says %s", c.err, runtime.Outcome(c.err), c.class)
		}
		if strings.Contains(got, "ledger offline") || strings.Contains(got, "chan int") {
			t.Errorf("the output for %v leaks internal text: %q", c.err, got)
		}
	}
}

func TestParseErrorRejectsOtherText(t *testing.T) {
	// The full report repeats the message, so an edit of either shows.
	valid := ToolOutput(nil, unknownTool, WithFullReport())
	nl := strings.LastIndexByte(valid, '\n')
	for _, text := range []string{
		"",
		"ERROR",
		"ERROR unknown_tool: no report line",
		"ERROR unknown_tool: x\nnot json",
		"error unknown_tool: " + valid[len(ErrorPrefix):],
		// The header must agree with the report.
		"ERROR tool_failed: " + valid[len(ErrorPrefix+"unknown_tool: "):],
		valid[:nl] + " edited" + valid[nl:],
	} {
		if r, ok := ParseError(text); ok {
			t.Errorf("ParseError(%q) = %+v, true; want false", text, r)
		}
	}
}

// chatMessage decodes an assistant message as the API returns it.
func chatMessage(t *testing.T, text string) openai.ChatCompletionMessage {
	t.Helper()
	var m openai.ChatCompletionMessage
	if err := json.Unmarshal([]byte(text), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestResponseOutputItem(t *testing.T) {
	wire, err := json.Marshal(ResponseOutput("call_9", map[string]int{"n": 1}, nil))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"output":"{\"n\":1}","call_id":"call_9","type":"function_call_output"}`
	if string(wire) != want {
		t.Errorf("ResponseOutput encodes as\n%s\nwant\n%s", wire, want)
	}
}

type call struct{ name, args string }

// fakeDispatch records the calls it is given and answers each by its name,
// whatever the others are.
type fakeDispatch struct{ calls []call }

func (f *fakeDispatch) DispatchBatch(_ context.Context, calls []runtime.Call, _ runtime.BatchOptions) []runtime.CallResult {
	results := make([]runtime.CallResult, len(calls))
	for i, c := range calls {
		f.calls = append(f.calls, call{c.Tool, string(c.Arguments)})
		results[i] = runtime.CallResult{ID: c.ID, Tool: c.Tool}
		switch c.Tool {
		case "get_order":
			results[i].Result = map[string]any{"orderId": "ord_1", "totalCents": 4250}
		case "refund_order":
			results[i].Err = invalidAmount
		default:
			results[i].Err = unknownTool
		}
	}
	return results
}
