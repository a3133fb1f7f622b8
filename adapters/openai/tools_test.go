package openaitools

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"
	"github.com/toolgen/toolgen/runtime"
)

// The schemas are written the way catalogs are: indented, keys in an order
// that is not alphabetical, numbers whose text a decode-and-encode would
// change (1.0, 1e2, 0.10), and characters encoding/json escapes.
var definitions = []runtime.ToolDefinition{
	{
		Name:        "get_order",
		Title:       "Look up an order",
		Description: "Return an order's status and total.",
		InputSchema: json.RawMessage(`{
      "type": "object",
      "properties": {
        "orderId": {"type": "string", "pattern": "^ord_[a-z0-9]{4,}$"}
      },
      "required": ["orderId"],
      "additionalProperties": false
    }`),
		OutputSchema: json.RawMessage(`{"type": "object", "properties": {"totalCents": {"type": "integer"}}}`),
	},
	{
		Name:  "refund_order",
		Title: "Refund an order",
		InputSchema: json.RawMessage(`{
      "type": "object",
      "required": ["orderId", "amountCents"],
      "properties": {
        "orderId": {"type": "string"},
        "amountCents": {"type": "integer", "minimum": 1.0, "maximum": 1e5, "multipleOf": 1},
        "rate": {"type": "number", "exclusiveMinimum": 0.10, "description": "Share < 1 & > 0.1"}
      }
    }`),
	},
}

// wireSchema is a schema as it travels in a request: the catalog's text with
// its insignificant whitespace removed and <, > and & written as \u003c,
// \u003e and \u0026, which encoding/json does to every JSON value it
// writes. Keys, their order and number literals are the catalog's.
func wireSchema(t *testing.T, schema json.RawMessage) string {
	t.Helper()
	var compact, escaped bytes.Buffer
	if err := json.Compact(&compact, schema); err != nil {
		t.Fatal(err)
	}
	json.HTMLEscape(&escaped, compact.Bytes())
	return escaped.String()
}

// recorder is a stand-in for the OpenAI API: it answers each request with the
// next recorded response body and keeps the request bodies.
type recorder struct {
	mu        sync.Mutex
	path      string
	responses []string
	requests  [][]byte
}

func (rec *recorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if r.Method != http.MethodPost || r.URL.Path != rec.path || len(rec.requests) >= len(rec.responses) {
		http.Error(w, `{"error":{"message":"unexpected request","type":"invalid_request_error"}}`, http.StatusBadRequest)
		return
	}
	next := rec.responses[len(rec.requests)]
	rec.requests = append(rec.requests, body)
	w.Header().Set("Content-Type", "application/json")
	io.WriteString(w, next)
}

func newClient(t *testing.T, rec *recorder) openai.Client {
	t.Helper()
	server := httptest.NewServer(rec)
	t.Cleanup(server.Close)
	return openai.NewClient(option.WithBaseURL(server.URL), option.WithAPIKey("test"), option.WithMaxRetries(0))
}

// sentTools decodes the "tools" of a request body, keeping each schema as the
// bytes that were sent.
type sentTool struct {
	Type         string          `json:"type"`
	Name         string          `json:"name"`
	Description  *string         `json:"description"`
	Strict       *bool           `json:"strict"`
	Parameters   json.RawMessage `json:"parameters"`
	OutputSchema json.RawMessage `json:"output_schema"`
	Function     *sentTool       `json:"function"`
}

func sentTools(t *testing.T, body []byte) []sentTool {
	t.Helper()
	var req struct {
		Tools []sentTool `json:"tools"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatalf("the request is not JSON: %v\n%s", err, body)
	}
	return req.Tools
}

const chatCompletion = `{
  "id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-test",
  "choices": [{"index": 0, "finish_reason": "stop", "logprobs": null,
    "message": {"role": "assistant", "content": "Hello.", "refusal": null}}]
}`

func TestChatToolsOnTheWire(t *testing.T) {
	for _, strict := range []bool{false, true} {
		rec := &recorder{path: "/chat/completions", responses: []string{chatCompletion}}
		client := newClient(t, rec)
		var opts []Option
		if strict {
			opts = append(opts, WithStrict())
		}
		_, err := client.Chat.Completions.New(context.Background(), openai.ChatCompletionNewParams{
			Model:    "gpt-test",
			Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Hi")},
			Tools:    ChatTools(definitions, opts...),
		})
		if err != nil {
			t.Fatal(err)
		}
		tools := sentTools(t, rec.requests[0])
		if len(tools) != len(definitions) {
			t.Fatalf("sent %d tools, want %d", len(tools), len(definitions))
		}
		for i, def := range definitions {
			tool := tools[i]
			if tool.Type != "function" || tool.Function == nil || tool.Function.Name != def.Name {
				t.Errorf("tool %d is %+v, want the function %s", i, tool, def.Name)
				continue
			}
			f := tool.Function
			if got, want := string(f.Parameters), wireSchema(t, def.InputSchema); got != want {
				t.Errorf("%s: sent parameters\n%s\nwant the catalog's schema\n%s", def.Name, got, want)
			}
			// These tools have no strict-mode variant: WithStrict leaves
			// them as they are (TestStrictOnlyWithAVariant has both kinds).
			if f.Strict != nil {
				t.Errorf("%s: strict is sent as %v (WithStrict %v), want it left out", def.Name, *f.Strict, strict)
			}
			if f.OutputSchema != nil {
				t.Errorf("%s: a chat tool carries an output schema", def.Name)
			}
		}
		if d := tools[0].Function.Description; d == nil || *d != "Return an order's status and total." {
			t.Errorf("get_order's description is %v", d)
		}
		if d := tools[1].Function.Description; d == nil || *d != "Refund an order" {
			t.Errorf("refund_order has no description and its description is %v, want its title", d)
		}
	}
	// What byte equality above implies, spelled out: number literals and key
	// order survive.
	if s := wireSchema(t, definitions[1].InputSchema); !strings.Contains(s, `"minimum":1.0,"maximum":1e5`) ||
		!strings.HasPrefix(s, `{"type":"object","required":`) || !strings.Contains(s, `0.10`) {
		t.Errorf("the expected wire form lost number text or key order: %s", s)
	}
}

func TestResponseToolsOptions(t *testing.T) {
	for _, c := range []struct {
		opts   []Option
		strict bool
		output bool
	}{
		{nil, false, false},
		// Without a strict-mode variant a tool is not strict.
		{[]Option{WithStrict()}, false, false},
		{[]Option{WithOutputSchema()}, false, true},
	} {
		wire, err := json.Marshal(ResponseTools(definitions, c.opts...))
		if err != nil {
			t.Fatal(err)
		}
		var tools []sentTool
		if err := json.Unmarshal(wire, &tools); err != nil {
			t.Fatal(err)
		}
		for i, tool := range tools {
			def := definitions[i]
			if tool.Type != "function" || tool.Name != def.Name {
				t.Errorf("tool %d is %s", i, wire)
			}
			if tool.Strict == nil || *tool.Strict != c.strict {
				t.Errorf("%s: strict is %v, want it sent as %v", def.Name, tool.Strict, c.strict)
			}
			if got, want := string(tool.Parameters), wireSchema(t, def.InputSchema); got != want {
				t.Errorf("%s: parameters\n%s\nwant\n%s", def.Name, got, want)
			}
			wantOutput := ""
			if c.output && def.OutputSchema != nil {
				wantOutput = wireSchema(t, def.OutputSchema)
			}
			if string(tool.OutputSchema) != wantOutput {
				t.Errorf("%s: output_schema is %q, want %q", def.Name, tool.OutputSchema, wantOutput)
			}
		}
	}
}

func TestResponseToolWithoutSchema(t *testing.T) {
	wire, err := json.Marshal(ResponseTools([]runtime.ToolDefinition{{Name: "ping"}}))
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"strict":false,"name":"ping","type":"function","parameters":{"type":"object","properties":{}}}]`
	if string(wire) != want {
		t.Errorf("a tool without a schema encodes as\n%s\nwant\n%s", wire, want)
	}
}

// TestResponsesRoundTrip runs the Responses API loop against a recorded
// server: the model calls one tool validly and one invalidly, the outputs go
// back with previous_response_id, and the model answers.
func TestResponsesRoundTrip(t *testing.T) {
	rec := &recorder{path: "/responses", responses: []string{`{
  "id": "resp_1", "object": "response", "created_at": 1, "model": "gpt-test", "status": "completed",
  "output": [
    {"type": "reasoning", "id": "rs_1", "summary": []},
    {"type": "function_call", "id": "fc_1", "call_id": "call_get", "name": "get_order",
     "arguments": "{\"orderId\":\"ord_8f2k\"}", "status": "completed"},
    {"type": "function_call", "id": "fc_2", "call_id": "call_refund", "name": "refund_order",
     "arguments": "{\"orderId\":\"ord_8f2k\",\"amountCents\":\"1250\"}", "status": "completed"}
  ]
}`, `{
  "id": "resp_2", "object": "response", "created_at": 2, "model": "gpt-test", "status": "completed",
  "output": [{"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
    "content": [{"type": "output_text", "text": "Order ord_8f2k totals 42.50; the refund needs a whole number of cents.", "annotations": []}]}]
}`}}
	client := newClient(t, rec)
	ctx := context.Background()
	tools := ResponseTools(definitions)

	first, err := client.Responses.New(ctx, responses.ResponseNewParams{
		Model: "gpt-test",
		Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("Refund 12.50 on order ord_8f2k.")},
		Tools: tools,
	})
	if err != nil {
		t.Fatal(err)
	}
	var f fakeDispatch
	outputs := ResponseDispatch(ctx, first.Output, &f)
	if len(f.calls) != 2 || f.calls[0].name != "get_order" || f.calls[1].args != `{"orderId":"ord_8f2k","amountCents":"1250"}` {
		t.Errorf("dispatched %v, want get_order then refund_order with the model's arguments", f.calls)
	}
	final, err := client.Responses.New(ctx, responses.ResponseNewParams{
		Model:              "gpt-test",
		PreviousResponseID: openai.String(first.ID),
		Input:              responses.ResponseNewParamsInputUnion{OfInputItemList: outputs},
		Tools:              tools,
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := final.OutputText(); got != "Order ord_8f2k totals 42.50; the refund needs a whole number of cents." {
		t.Errorf("final answer %q", got)
	}

	if len(rec.requests) != 2 {
		t.Fatalf("the server got %d requests, want 2", len(rec.requests))
	}
	var second struct {
		PreviousResponseID string `json:"previous_response_id"`
		Input              []struct {
			Type   string `json:"type"`
			CallID string `json:"call_id"`
			Output string `json:"output"`
		} `json:"input"`
	}
	if err := json.Unmarshal(rec.requests[1], &second); err != nil {
		t.Fatal(err)
	}
	if second.PreviousResponseID != "resp_1" || len(second.Input) != 2 {
		t.Fatalf("the second request is %s", rec.requests[1])
	}
	ok := second.Input[0]
	if ok.Type != "function_call_output" || ok.CallID != "call_get" || ok.Output != `{"orderId":"ord_1","totalCents":4250}` {
		t.Errorf("the get_order output is %+v", ok)
	}
	bad := second.Input[1]
	report, isErr := ParseError(bad.Output)
	if bad.Type != "function_call_output" || bad.CallID != "call_refund" || !isErr || report.Error != runtime.FailureInvalidArguments {
		t.Errorf("the refund_order output is %+v, want an invalid_arguments failure", bad)
	}
	if !strings.Contains(bad.Output, `Field "amountCents" must be an integer, got the string "1250".`) {
		t.Errorf("the refund_order output lacks the hint:\n%s", bad.Output)
	}
	for i, body := range rec.requests {
		for j, tool := range sentTools(t, body) {
			if got, want := string(tool.Parameters), wireSchema(t, definitions[j].InputSchema); got != want {
				t.Errorf("request %d, tool %s: parameters\n%s\nwant\n%s", i+1, tool.Name, got, want)
			}
		}
	}
}

// A hand-built definition whose schema is not JSON fails the request before
// anything is sent, rather than sending a broken tool.
func TestInvalidSchemaFailsBeforeSending(t *testing.T) {
	rec := &recorder{path: "/chat/completions", responses: []string{chatCompletion}}
	client := newClient(t, rec)
	_, err := client.Chat.Completions.New(context.Background(), openai.ChatCompletionNewParams{
		Model:    "gpt-test",
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Hi")},
		Tools:    ChatTools([]runtime.ToolDefinition{{Name: "broken", InputSchema: json.RawMessage(`{"type":`)}}),
	})
	if err == nil {
		t.Error("a schema that is not JSON was accepted")
	}
	if len(rec.requests) != 0 {
		t.Errorf("the server got %d requests, want none", len(rec.requests))
	}
}

// TestStrictVariant checks that strict mode sends a tool's strict-mode
// variant when the generator made one, and its own schema otherwise.
func TestStrictVariant(t *testing.T) {
	defs := []runtime.ToolDefinition{
		{Name: "with", InputSchema: json.RawMessage(`{"type":"object","properties":{"a":{"type":"string"}}}`),
			StrictInputSchema: json.RawMessage(`{"type":"object","properties":{"a":{"type":["string","null"]}},"required":["a"],"additionalProperties":false}`)},
		{Name: "without", InputSchema: json.RawMessage(`{"type":"object","properties":{}}`)},
	}
	for _, strict := range []bool{false, true} {
		var opts []Option
		if strict {
			opts = append(opts, WithStrict())
		}
		for i, tool := range ChatTools(defs, opts...) {
			body, err := json.Marshal(tool)
			if err != nil {
				t.Fatal(err)
			}
			want := defs[i].InputSchema
			if strict && defs[i].StrictInputSchema != nil {
				want = defs[i].StrictInputSchema
			}
			if !strings.Contains(string(body), `"parameters":`+string(want)) {
				t.Errorf("strict=%v: tool %s sent %s, want parameters %s", strict, defs[i].Name, body, want)
			}
		}
	}
}

// TestStrictOnlyWithAVariant sends, for every combination of the option and
// of a tool having a strict variant, both kinds of tool, and checks that
// "strict": true goes out exactly when the strict variant does: OpenAI
// rejects strict mode for the ordinary schema of most catalogs.
func TestStrictOnlyWithAVariant(t *testing.T) {
	defs := []runtime.ToolDefinition{
		{Name: "with", InputSchema: json.RawMessage(`{"type":"object","properties":{"a":{"type":"string"}}}`),
			StrictInputSchema: json.RawMessage(`{"type":"object","properties":{"a":{"type":["string","null"]}},"required":["a"],"additionalProperties":false}`)},
		{Name: "without", InputSchema: json.RawMessage(`{"type":"object","properties":{}}`)},
		{Name: "no_schema"},
	}
	for _, strict := range []bool{false, true} {
		var opts []Option
		if strict {
			opts = append(opts, WithStrict())
		}
		sent := map[string][]sentTool{}
		for _, tool := range ChatTools(defs, opts...) {
			sent["chat"] = append(sent["chat"], decodeTool(t, tool))
		}
		for _, tool := range ResponseTools(defs, opts...) {
			sent["responses"] = append(sent["responses"], decodeTool(t, tool))
		}
		for api, tools := range sent {
			for i, tool := range tools {
				if tool.Function != nil {
					tool = *tool.Function
				}
				wantStrict := strict && defs[i].StrictInputSchema != nil
				if got := tool.Strict != nil && *tool.Strict; got != wantStrict {
					t.Errorf("%s, WithStrict=%v: tool %s has strict %v, want %v", api, strict, defs[i].Name, got, wantStrict)
				}
				if api == "chat" && !wantStrict && tool.Strict != nil {
					t.Errorf("%s, WithStrict=%v: tool %s sends strict %v; Chat Completions leaves it out", api, strict, defs[i].Name, *tool.Strict)
				}
			}
		}
	}
}

func decodeTool(t *testing.T, tool any) sentTool {
	t.Helper()
	body, err := json.Marshal(tool)
	if err != nil {
		t.Fatal(err)
	}
	var s sentTool
	if err := json.Unmarshal(body, &s); err != nil {
		t.Fatalf("tool %s: %v", body, err)
	}
	return s
}
