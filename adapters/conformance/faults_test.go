package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	goruntime "runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/anthropics/anthropic-sdk-go"
	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
	anthropictools "github.com/toolgen/toolgen/adapters/anthropic"
	geminitools "github.com/toolgen/toolgen/adapters/gemini"
	mcptools "github.com/toolgen/toolgen/adapters/mcp"
	mcpgotools "github.com/toolgen/toolgen/adapters/mcpgo"
	openaitools "github.com/toolgen/toolgen/adapters/openai"
	"github.com/toolgen/toolgen/runtime"
	"github.com/toolgen/toolgen/runtime/runtimetest"
	"google.golang.org/genai"
)

// The runtime's TestHookFaults puts a fault in each hook of the
// dispatcher; these tests put one in each place of the service's code an
// adapter reaches (a result's MarshalJSON, an error's methods), reached
// through each way into each adapter. Whatever the fault, the adapter
// returns, answers with a failed call of the runtime's class, and shows
// nothing of the fault to the model.

// hangLimit is how long a way may take before the test calls it hung: a
// detector, not a timing assertion; every way here ends in milliseconds.
const hangLimit = 10 * time.Second

// secret is in every panic value, so that a test can tell whether one
// reaches the model.
const secret = "s3cret-fault-value"

type fault int

const (
	faultPanic         fault = iota // panic with a value
	faultPanicNil                   // panic(nil), a *runtime.PanicNilError
	faultPanicBadError              // panic with an error whose Error panics
	faultGoexit                     // runtime.Goexit
)

var allFaults = []fault{faultPanic, faultPanicNil, faultPanicBadError, faultGoexit}

func (f fault) String() string {
	return [...]string{"panic", "panic(nil)", "panic(bad error)", "Goexit"}[f]
}

// badError is an error whose Error panics.
type badError struct{}

func (badError) Error() string { panic("Error of a bad error: " + secret) }

func (f fault) strike() {
	switch f {
	case faultPanic:
		panic("boom: " + secret)
	case faultPanicNil:
		panic(nil)
	case faultPanicBadError:
		panic(badError{})
	case faultGoexit:
		goruntime.Goexit()
	}
}

// A place is where in the service's code the fault is.
type place int

const (
	inResult           place = iota // the result's MarshalJSON (a tool without an output schema)
	inErrorIsAs                     // the error's Is and As; its Error and Unwrap return
	inEveryErrorMethod              // every method of the error
)

var allPlaces = []place{inResult, inErrorIsAs, inEveryErrorMethod}

func (p place) String() string {
	return [...]string{"result MarshalJSON", "error Is and As", "every error method"}[p]
}

type faultyResult struct{ f fault }

func (r faultyResult) MarshalJSON() ([]byte, error) { r.f.strike(); return []byte(`{}`), nil }

type isAsError struct{ f fault }

func (e *isAsError) Error() string { return "an error whose Is and As fault" }
func (e *isAsError) Is(error) bool { e.f.strike(); return false }
func (e *isAsError) As(any) bool   { e.f.strike(); return false }

type faultyError struct{ f fault }

func (e *faultyError) Error() string        { e.f.strike(); return "faulty" }
func (e *faultyError) Unwrap() error        { e.f.strike(); return nil }
func (e *faultyError) Is(error) bool        { e.f.strike(); return false }
func (e *faultyError) As(any) bool          { e.f.strike(); return false }
func (e *faultyError) ModelMessage() string { e.f.strike(); return "faulty: " + secret }

// outcome is what the handler returns: the fault in its place.
func (p place) outcome(f fault) (any, error) {
	switch p {
	case inResult:
		return faultyResult{f}, nil
	case inErrorIsAs:
		return nil, &isAsError{f}
	}
	return nil, &faultyError{f}
}

// want lists the classes a failed call may have with fault f in place p.
// A fault in a result's MarshalJSON is the runtime's panic or exited
// class. A fault in an error's methods may not run at all (the runtime
// does not look into a handler's error), or be caught where the error is
// read: as a panic, an exit, or the class of the error's own type.
func (p place) want(f fault) []string {
	if p == inResult {
		if f == faultGoexit {
			return []string{runtime.FailureExited}
		}
		return []string{runtime.FailurePanic}
	}
	return []string{runtime.FailurePanic, runtime.FailureExited, runtime.FailureToolFailed, runtime.FailureInternal}
}

const tool = "fault"

var definition = runtime.ToolDefinition{Name: tool, Description: "Faults.", InputSchema: json.RawMessage(`{"type":"object"}`)}

// dispatcher serves tool "fault", whose handler returns p's outcome, and
// tool "ok", which succeeds.
func dispatcher(p place, f fault) *runtime.Dispatcher {
	specs := []runtimetest.Tool{
		{
			Name:  tool,
			Parse: func([]byte, runtime.Options) (any, error) { return nil, nil },
			Call:  func(context.Context, any, any) (any, error) { return p.outcome(f) },
		},
		okSpec,
	}
	return runtimetest.NewDispatcher(nil, specs, runtime.Config{})
}

var okSpec = runtimetest.Tool{
	Name:  "ok",
	Parse: func([]byte, runtime.Options) (any, error) { return nil, nil },
	Call:  func(context.Context, any, any) (any, error) { return map[string]bool{"ok": true}, nil },
}

// answer is what an adapter sent back for the call: whether it says the
// call failed, the failure class, and all the text the model reads.
type answer struct {
	failed bool
	class  string
	text   string
}

// A way is a way into an adapter.
type way struct {
	name  string
	named bool // the adapter knows the tool's name, and the message names it
	run   func(t *testing.T, p place, f fault) answer
}

func direct(p place, f fault) (any, error) { return p.outcome(f) }

var ways = []way{
	{"openai ChatDispatch", true, func(t *testing.T, p place, f fault) answer {
		var calls []openai.ChatCompletionMessageToolCallUnion
		decode(t, `[{"id":"call_1","type":"function","function":{"name":"fault","arguments":"{}"}}]`, &calls)
		return openaiAnswer(openaitools.ChatDispatch(context.Background(), calls, dispatcher(p, f))[0].OfTool.Content.OfString.Value)
	}},
	{"openai ResponseDispatch", true, func(t *testing.T, p place, f fault) answer {
		var items []responses.ResponseOutputItemUnion
		decode(t, `[{"type":"function_call","id":"fc_1","call_id":"call_1","name":"fault","arguments":"{}"}]`, &items)
		return openaiAnswer(openaitools.ResponseDispatch(context.Background(), items, dispatcher(p, f))[0].OfFunctionCallOutput.Output.OfString.Value)
	}},
	{"openai ToolOutput", false, func(t *testing.T, p place, f fault) answer {
		return openaiAnswer(openaitools.ToolOutput(direct(p, f)))
	}},
	{"openai ChatToolMessage", false, func(t *testing.T, p place, f fault) answer {
		result, err := direct(p, f)
		return openaiAnswer(openaitools.ChatToolMessage("call_1", result, err).OfTool.Content.OfString.Value)
	}},
	{"openai ResponseOutput", false, func(t *testing.T, p place, f fault) answer {
		result, err := direct(p, f)
		return openaiAnswer(openaitools.ResponseOutput("call_1", result, err).OfFunctionCallOutput.Output.OfString.Value)
	}},
	{"anthropic Dispatch", true, func(t *testing.T, p place, f fault) answer {
		var content []anthropic.ContentBlockUnion
		decode(t, `[{"type":"tool_use","id":"toolu_1","name":"fault","input":{}}]`, &content)
		reply, _ := anthropictools.Dispatch(context.Background(), content, dispatcher(p, f))
		return anthropicAnswer(t, reply.Content[0])
	}},
	{"anthropic ToolResult", false, func(t *testing.T, p place, f fault) answer {
		result, err := direct(p, f)
		return anthropicAnswer(t, anthropictools.ToolResult("toolu_1", result, err))
	}},
	{"gemini Dispatch", true, func(t *testing.T, p place, f fault) answer {
		var parts []*genai.Part
		decode(t, `[{"functionCall":{"id":"call_1","name":"fault","args":{}}}]`, &parts)
		reply, _ := geminitools.Dispatch(context.Background(), parts, dispatcher(p, f))
		return geminiAnswer(t, reply.Parts[0])
	}},
	{"gemini FunctionResponse", true, func(t *testing.T, p place, f fault) answer {
		result, err := direct(p, f)
		return geminiAnswer(t, geminitools.FunctionResponse(&genai.FunctionCall{ID: "call_1", Name: tool}, result, err))
	}},
	{"mcp Result", true, func(t *testing.T, p place, f fault) answer {
		result, err := direct(p, f)
		r, rpcErr := mcptools.Result(definition, result, err)
		if rpcErr != nil {
			t.Fatalf("a protocol error: %v", rpcErr)
		}
		return mcpAnswer(t, r)
	}},
	{"mcp Register", true, func(t *testing.T, p place, f fault) answer {
		return mcpAnswer(t, callInMemory(t, dispatcher(p, f)))
	}},
	{"mcpgo Result", true, func(t *testing.T, p place, f fault) answer {
		result, err := direct(p, f)
		return mcpgoAnswer(t, mcpgotools.Result(definition, result, err))
	}},
	{"mcpgo Register", true, func(t *testing.T, p place, f fault) answer {
		return mcpgoRegistered(t, dispatcher(p, f))
	}},
}

// TestAdapterFaults puts each fault in each place and reaches it through
// each way into each adapter.
func TestAdapterFaults(t *testing.T) {
	for _, w := range ways {
		for _, p := range allPlaces {
			for _, f := range allFaults {
				name := fmt.Sprintf("%s/%s/%s", w.name, p, f)
				var a answer
				if !mustReturn(t, name, func() { a = w.run(t, p, f) }) {
					continue
				}
				checkAnswer(t, name, a, p.want(f), w.named)
			}
		}
	}
}

func checkAnswer(t *testing.T, name string, a answer, want []string, named bool) {
	t.Helper()
	if !a.failed || !slices.Contains(want, a.class) {
		t.Errorf("%s: failed %v with class %q, want a failure of class %v; text %q", name, a.failed, a.class, want, a.text)
	}
	if strings.Contains(a.text, secret) || strings.Contains(a.text, "goroutine ") || strings.Contains(a.text, ".go:") {
		t.Errorf("%s: the fault's detail reaches the model: %q", name, a.text)
	}
	if named && (a.class == runtime.FailurePanic || a.class == runtime.FailureExited) && !strings.Contains(a.text, `"`+tool+`"`) {
		t.Errorf("%s: the message does not name the tool: %q", name, a.text)
	}
}

// mustReturn runs fn on a goroutine of its own and fails t if fn panics,
// ends its goroutine, or does not return within hangLimit.
func mustReturn(t *testing.T, name string, fn func()) bool {
	t.Helper()
	done := make(chan string, 1)
	go func() {
		returned := false
		defer func() {
			switch v := recover(); {
			case returned:
				done <- ""
			case v != nil:
				done <- "a panic escaped the adapter"
			default:
				done <- "runtime.Goexit ended the caller's goroutine"
			}
		}()
		fn()
		returned = true
	}()
	select {
	case msg := <-done:
		if msg != "" {
			t.Errorf("%s: %s", name, msg)
			return false
		}
		return true
	case <-time.After(hangLimit):
		t.Errorf("%s: did not return within %v", name, hangLimit)
		return false
	}
}

func decode(t *testing.T, text string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(text), v); err != nil {
		t.Fatalf("%v: %s", err, text)
	}
}

func openaiAnswer(output string) answer {
	report, failed := openaitools.ParseError(output)
	return answer{failed: failed, class: report.Error, text: output}
}

// anthropicAnswer reads a tool_result block: is_error, and the class in
// the report of its second text block.
func anthropicAnswer(t *testing.T, block anthropic.ContentBlockParamUnion) answer {
	t.Helper()
	r := block.OfToolResult
	if r == nil {
		t.Fatalf("not a tool_result block: %+v", block)
	}
	var texts []string
	for _, c := range r.Content {
		texts = append(texts, c.OfText.Text)
	}
	a := answer{failed: r.IsError.Value, text: strings.Join(texts, "\n")}
	if len(texts) == 2 {
		var report runtime.CompactErrorReport
		decode(t, texts[1], &report)
		a.class = report.Error
	}
	return a
}

// mcpAnswer reads a go-sdk tool result, as the server built it or as a
// client decoded it.
func mcpAnswer(t *testing.T, r *sdkmcp.CallToolResult) answer {
	t.Helper()
	var texts []string
	for _, c := range r.Content {
		if text, ok := c.(*sdkmcp.TextContent); ok {
			texts = append(texts, text.Text)
		}
	}
	var report runtime.CompactErrorReport
	b, err := json.Marshal(r.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	decode(t, string(b), &report)
	return answer{failed: r.IsError, class: report.Error, text: strings.Join(texts, "\n")}
}

// callInMemory serves the dispatcher's tools on a go-sdk server through
// mcptools.Register and calls tool "fault" with the SDK's client, over
// in-memory transports.
func callInMemory(t *testing.T, d *runtime.Dispatcher) *sdkmcp.CallToolResult {
	t.Helper()
	ctx := context.Background()
	server := sdkmcp.NewServer(&sdkmcp.Implementation{Name: "faults", Version: "v0"}, nil)
	if err := mcptools.Register(server, []runtime.ToolDefinition{definition}, d.Dispatch); err != nil {
		t.Fatal(err)
	}
	serverSide, clientSide := sdkmcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, serverSide, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "faults", Version: "v0"}, nil).Connect(ctx, clientSide, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	r, err := cs.CallTool(ctx, &sdkmcp.CallToolParams{Name: tool, Arguments: map[string]any{}})
	if err != nil {
		t.Fatalf("tools/call: %v", err)
	}
	return r
}
