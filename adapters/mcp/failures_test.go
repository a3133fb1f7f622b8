package mcptools

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/runtime"
)

// class reads the failure class of an outcome shaped by Result: "ok", the
// class in an error result's structured content, or the class in an
// unknown tool's JSON-RPC error data.
func class(t *testing.T, r *mcp.CallToolResult, err error) string {
	t.Helper()
	var report runtime.CompactErrorReport
	var rpcErr *jsonrpc.Error
	switch {
	case errors.As(err, &rpcErr):
		if json.Unmarshal(rpcErr.Data, &report) != nil {
			t.Fatalf("error data %s is not a report", rpcErr.Data)
		}
		return "rpc:" + report.Error
	case err != nil:
		t.Fatalf("Result returned %v", err)
	case !r.IsError:
		return "ok"
	}
	report, ok := r.StructuredContent.(runtime.CompactErrorReport)
	if !ok {
		t.Fatalf("structuredContent is %T, want a compact report", r.StructuredContent)
	}
	return report.Error
}

// TestFailureClasses pins the class every runtime failure gets in a tool
// result; the OpenAI and Anthropic adapters pin the same table. Only an
// unknown tool is a protocol error, as MCP requires.
func TestFailureClasses(t *testing.T) {
	def := definitions()[1]
	ledgerDown := errors.New("ledger offline")
	for _, c := range []struct {
		result any
		err    error
		class  string
	}{
		{nil, &runtime.ValidationError{Tool: "lookup", Violations: []runtime.Violation{{Pointer: "/id", Keyword: "type", Hint: "h"}}}, runtime.FailureInvalidArguments},
		{nil, &runtime.UnknownToolError{Name: "erase", Known: []string{"lookup"}}, "rpc:" + runtime.FailureUnknownTool},
		{nil, runtime.Rejectf("/id", "No such payment."), runtime.FailureRejected},
		{nil, &runtime.DeniedError{Tool: "lookup", Reason: "Not today."}, runtime.FailureDenied},
		{nil, &runtime.HandlerError{Tool: "lookup", Err: ledgerDown}, runtime.FailureToolFailed},
		{nil, &runtime.PanicError{Tool: "lookup", Hook: runtime.HookHandler, Value: "nil map"}, runtime.FailurePanic},
		{nil, &runtime.ExitError{Tool: "lookup", Hook: runtime.HookHandler}, runtime.FailureExited},
		{nil, &runtime.CanceledError{Tool: "lookup", Cause: context.Canceled}, runtime.FailureCanceled},
		{nil, &runtime.TimeoutError{Tool: "lookup", Cause: context.DeadlineExceeded}, runtime.FailureTimeout},
		{nil, &runtime.OutputError{Tool: "lookup", Violations: []runtime.Violation{{Pointer: "/x", Keyword: "type"}}}, runtime.FailureInvalidOutput},
		{nil, &runtime.NotRunError{Tool: "lookup", Call: 2, Reason: "had invalid arguments"}, runtime.FailureNotRun},
		{nil, &runtime.NotRunError{Tool: "lookup", Call: 2, RolledBack: true}, runtime.FailureNotRun},
		{nil, ledgerDown, runtime.FailureInternal},
		{make(chan int), nil, runtime.FailureToolFailed},
	} {
		r, err := Result(def, c.result, c.err)
		if got := class(t, r, err); got != c.class {
			t.Errorf("%v, %v: class %s, want %s", c.result, c.err, got, c.class)
		}
		if c.err != nil && "rpc:"+runtime.Outcome(c.err) != c.class && runtime.Outcome(c.err) != c.class {
			t.Errorf("%v: runtime.Outcome is %s, the adapter says %s", c.err, runtime.Outcome(c.err), c.class)
		}
		if all, _ := json.Marshal(r); strings.Contains(string(all), "ledger offline") || strings.Contains(string(all), "chan int") {
			t.Errorf("the result for %v leaks internal text: %s", c.err, all)
		}
	}
}

func TestWithFullReport(t *testing.T) {
	invalid := &runtime.ValidationError{Tool: "lookup", Violations: []runtime.Violation{{Pointer: "/id", Keyword: "type", Message: "m", Hint: "Send a string."}}}
	r, _ := Result(definitions()[1], nil, invalid, WithFullReport())
	if !reflect.DeepEqual(r.StructuredContent, runtime.Report(invalid)) {
		t.Errorf("structuredContent %#v, want runtime.Report", r.StructuredContent)
	}
	r, _ = Result(definitions()[1], nil, invalid)
	if !reflect.DeepEqual(r.StructuredContent, runtime.Report(invalid).Compact()) {
		t.Errorf("structuredContent %#v, want runtime.ErrorReport.Compact", r.StructuredContent)
	}
}

// TestUnknownToolNamesTheTools calls tools the server does not have, with
// names drawn at random (quotes, backslashes, non-ASCII, a registered name's
// prefix), and checks each error names the registered tools, while a tool
// registered beside Register's, and its own errors, are left alone.
func TestUnknownToolNamesTheTools(t *testing.T) {
	server := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	if err := Register(server, definitions(), func(context.Context, string, []byte) (any, error) { return "ok", nil }); err != nil {
		t.Fatal(err)
	}
	mine := &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: `unknown account "other"`}
	server.AddTool(&mcp.Tool{Name: "other", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) { return nil, mine })
	cs := connect(t, server)

	_, err := call(t, cs, "other", `{}`)
	var wire *jsonrpc.Error
	if !errors.As(err, &wire) || wire.Message != mine.Message {
		t.Errorf("another tool's own error became %v", err)
	}

	rng := rand.New(rand.NewPCG(5, 6))
	pieces := []string{"refund", "_", `"`, `\`, "é", "lookup", " ", "x", "\u2028"}
	for range 50 {
		var b strings.Builder
		for range 1 + rng.IntN(4) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		name := b.String()
		if name == "refund" || name == "lookup" || name == "other" {
			continue
		}
		_, err := call(t, cs, name, `{}`)
		want := &runtime.UnknownToolError{Name: name, Known: []string{"refund", "lookup"}}
		assertUnknownTool(t, err, want)
		if t.Failed() {
			t.Fatalf("name %q", name)
		}
	}
}

// TestUnknownToolAnswerIsSmall is the protocol error of an unknown tool as
// it travels: the text once, and data without it.
func TestUnknownToolAnswerIsSmall(t *testing.T) {
	_, err := Result(definitions()[0], nil, &runtime.UnknownToolError{Name: "erase", Known: []string{"refund", "lookup"}})
	var wire *jsonrpc.Error
	if !errors.As(err, &wire) {
		t.Fatal(err)
	}
	if got, want := string(wire.Data), `{"error":"unknown_tool"}`; got != want {
		t.Errorf("data %s, want %s", got, want)
	}
	if n := strings.Count(wire.Message, `"refund"`); n != 1 {
		t.Errorf("the message %q names refund %d times, want once", wire.Message, n)
	}
}
