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
		var gotReport runtime.ErrorReport
		if err := json.Unmarshal([]byte(line), &gotReport); err != nil {
			t.Errorf("the last line of the output for %v is not JSON: %v\n%s", c.err, err, line)
		}
		if want := runtime.Report(c.err); !reflect.DeepEqual(gotReport, want) {
			t.Errorf("the report line for %v is\n%s\nwant the JSON of runtime.Report: %+v", c.err, line, want)
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
		`"violations":[{"pointer":"/amountCents","keyword":"type",`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the output lacks %q:\n%s", want, got)
		}
	}
	report, ok := ParseError(got)
	if !ok || len(report.Violations) != 2 || report.Violations[1].Pointer != "/note" || report.Tool != "refund_order" {
		t.Errorf("ParseError = %+v, %v", report, ok)
	}
}

func TestToolOutputUnencodableResult(t *testing.T) {
	got := ToolOutput(map[string]any{"ch": make(chan int)}, nil)
	report, ok := ParseError(got)
	if !ok || report.Error != runtime.FailureInternal {
		t.Errorf("a result that is not JSON gave %q, want an internal_error output", got)
	}
}

func TestParseErrorRejectsOtherText(t *testing.T) {
	valid := ToolOutput(nil, unknownTool)
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

type call struct{ name, args string }

// fakeDispatch records its calls and answers with results or errors by name.
type fakeDispatch struct{ calls []call }

func (f *fakeDispatch) dispatch(ctx context.Context, name string, raw []byte) (any, error) {
	f.calls = append(f.calls, call{name, string(raw)})
	switch name {
	case "get_order":
		return map[string]any{"orderId": "ord_1", "totalCents": 4250}, nil
	case "refund_order":
		return nil, invalidAmount
	}
	return nil, unknownTool
}

func TestChatDispatch(t *testing.T) {
	msg := chatMessage(t, `{
	  "role": "assistant", "content": null, "refusal": null,
	  "tool_calls": [
	    {"id": "call_a", "type": "function", "function": {"name": "refund_order", "arguments": "{\"orderId\":\"ord_1\",\"amountCents\":\"1250\"}"}},
	    {"id": "call_b", "type": "custom", "custom": {"name": "sql", "input": "SELECT 1"}},
	    {"id": "call_c", "type": "function", "function": {"name": "get_order", "arguments": "{\"orderId\":\"ord_1\"}"}}
	  ]
	}`)
	var f fakeDispatch
	messages := ChatDispatch(context.Background(), msg.ToolCalls, f.dispatch)

	wantCalls := []call{{"refund_order", `{"orderId":"ord_1","amountCents":"1250"}`}, {"get_order", `{"orderId":"ord_1"}`}}
	if fmt.Sprint(f.calls) != fmt.Sprint(wantCalls) {
		t.Errorf("dispatched %v, want %v (function calls only, in order, arguments unchanged)", f.calls, wantCalls)
	}
	if len(messages) != 2 {
		t.Fatalf("got %d messages, want one per function call", len(messages))
	}
	for i, want := range []struct{ id, content string }{
		{"call_a", ToolOutput(nil, invalidAmount)},
		{"call_c", `{"orderId":"ord_1","totalCents":4250}`},
	} {
		wire, err := json.Marshal(messages[i])
		if err != nil {
			t.Fatal(err)
		}
		var got struct {
			Role       string `json:"role"`
			ToolCallID string `json:"tool_call_id"`
			Content    string `json:"content"`
		}
		if err := json.Unmarshal(wire, &got); err != nil {
			t.Fatal(err)
		}
		if got.Role != "tool" || got.ToolCallID != want.id || got.Content != want.content {
			t.Errorf("message %d is %s\nwant a tool message for %s with content %q", i, wire, want.id, want.content)
		}
	}
}

func TestDispatchStopsWhenContextDone(t *testing.T) {
	msg := chatMessage(t, `{"role":"assistant","content":null,"refusal":null,"tool_calls":[
	  {"id":"call_a","type":"function","function":{"name":"get_order","arguments":"{}"}}]}`)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var f fakeDispatch
	messages := ChatDispatch(ctx, msg.ToolCalls, f.dispatch)
	if len(f.calls) != 0 {
		t.Errorf("dispatched %v after the context was canceled", f.calls)
	}
	if len(messages) != 1 {
		t.Fatalf("got %d messages, want the call answered anyway", len(messages))
	}
	content := messages[0].OfTool.Content.OfString.Value
	if _, ok := ParseError(content); !ok {
		t.Errorf("the unrun call was answered with %q, want a failure output", content)
	}
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
