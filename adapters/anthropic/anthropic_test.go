package anthropictools_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/anthropics/anthropic-sdk-go"
	"github.com/anthropics/anthropic-sdk-go/option"
	anthropictools "github.com/toolgen/toolgen/adapters/anthropic"
	"github.com/toolgen/toolgen/runtime"
)

// searchSchema is written the way catalogs are: indented, keys in the
// author's order, and number literals a decode into float64 would rewrite.
const searchSchema = `{
  "type": "object",
  "required": ["query"],
  "properties": {
    "query": {"type": "string", "pattern": "^[^<>&]+$", "description": "Wörter, nicht <HTML>."},
    "limit": {"type": "integer", "minimum": 1.0, "maximum": 1e2},
    "cursor": {"type": "integer", "maximum": 123456789012345678901234567890}
  },
  "additionalProperties": false
}`

var defs = []runtime.ToolDefinition{
	{
		Name:         "search",
		Title:        "Search the archive",
		Description:  "Full-text search over the archive.",
		InputSchema:  json.RawMessage(searchSchema),
		OutputSchema: json.RawMessage(`{"type":"object"}`),
		Annotations:  runtime.Annotations{Title: "Search", ReadOnlyHint: ptr(true)},
	},
	{
		Name:        "ping",
		InputSchema: json.RawMessage(`{"type":"object","properties":{}}`),
	},
}

func ptr[T any](v T) *T { return &v }

// onTheWire is the form the SDK writes a raw schema in: compact, with '<',
// '>' and '&' escaped inside strings.
func onTheWire(t *testing.T, raw string) string {
	t.Helper()
	var compact, escaped bytes.Buffer
	if err := json.Compact(&compact, []byte(raw)); err != nil {
		t.Fatal(err)
	}
	json.HTMLEscape(&escaped, compact.Bytes())
	return escaped.String()
}

// sentTool is a tool as it appears in a request body, its schema kept raw.
type sentTool struct {
	Name        string          `json:"name"`
	Description *string         `json:"description"`
	InputSchema json.RawMessage `json:"input_schema"`
}

func TestToolsMarshal(t *testing.T) {
	body, err := json.Marshal(anthropictools.Tools(defs))
	if err != nil {
		t.Fatal(err)
	}
	var got []map[string]json.RawMessage
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("got %d tools, want 2: %s", len(got), body)
	}
	for i, def := range defs {
		if schema := string(got[i]["input_schema"]); schema != onTheWire(t, string(def.InputSchema)) {
			t.Errorf("tool %s: input_schema = %s, want the catalog's bytes", def.Name, schema)
		}
	}
	// Only what Anthropic's custom tools have is sent.
	var keys []string
	for k := range got[0] {
		keys = append(keys, k)
	}
	if want := []string{"description", "input_schema", "name"}; !sameSet(keys, want) {
		t.Errorf("search sent as %s, want exactly the keys %v", body, want)
	}
	if _, ok := got[1]["description"]; ok {
		t.Errorf("ping has no description but one was sent: %s", got[1])
	}
}

func sameSet(a, b []string) bool {
	seen := map[string]int{}
	for _, s := range a {
		seen[s]++
	}
	for _, s := range b {
		seen[s]--
	}
	for _, n := range seen {
		if n != 0 {
			return false
		}
	}
	return len(a) == len(b)
}

func TestToolWithoutSchema(t *testing.T) {
	body, err := json.Marshal(anthropictools.Tool(runtime.ToolDefinition{Name: "noop"}))
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"input_schema":{"type":"object"},"name":"noop"}`; string(body) != want {
		t.Errorf("got %s, want %s", body, want)
	}
}

// TestToolsOnTheWire sends the tools through the SDK client to a local server
// and checks the schema bytes in the request body it receives.
func TestToolsOnTheWire(t *testing.T) {
	var body []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ = io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[{"type":"text","text":"ok"}],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":1}}`)
	}))
	defer srv.Close()

	client := anthropic.NewClient(option.WithoutEnvironmentDefaults(), option.WithBaseURL(srv.URL),
		option.WithAPIKey("test"), option.WithMaxRetries(0))
	_, err := client.Messages.New(context.Background(), anthropic.MessageNewParams{
		Model:     "m",
		MaxTokens: 16,
		Messages:  []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("hi"))},
		Tools:     anthropictools.Tools(defs),
	})
	if err != nil {
		t.Fatal(err)
	}
	var req struct {
		Tools []sentTool `json:"tools"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatalf("request body: %v\n%s", err, body)
	}
	if len(req.Tools) != len(defs) {
		t.Fatalf("sent %d tools, want %d", len(req.Tools), len(defs))
	}
	for i, def := range defs {
		got := req.Tools[i]
		if got.Name != def.Name {
			t.Errorf("tool %d: name %q, want %q", i, got.Name, def.Name)
		}
		if want := onTheWire(t, string(def.InputSchema)); string(got.InputSchema) != want {
			t.Errorf("tool %s: input_schema on the wire\n got %s\nwant %s", def.Name, got.InputSchema, want)
		}
	}
	if d := req.Tools[0].Description; d == nil || *d != defs[0].Description {
		t.Errorf("search: description %v, want %q", d, defs[0].Description)
	}
}

// sentResult is a tool_result block as the request body carries it.
type sentResult struct {
	Type      string `json:"type"`
	ToolUseID string `json:"tool_use_id"`
	IsError   *bool  `json:"is_error"`
	Content   []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
}

func decodeResult(t *testing.T, block anthropic.ContentBlockParamUnion) sentResult {
	t.Helper()
	body, err := json.Marshal(block)
	if err != nil {
		t.Fatal(err)
	}
	var r sentResult
	if err := json.Unmarshal(body, &r); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	if r.Type != "tool_result" {
		t.Fatalf("block type %q, want tool_result: %s", r.Type, body)
	}
	if r.IsError == nil {
		t.Fatalf("is_error missing: %s", body)
	}
	for _, c := range r.Content {
		if c.Type != "text" {
			t.Fatalf("content block of type %q, want text: %s", c.Type, body)
		}
	}
	return r
}

func texts(r sentResult) []string {
	var out []string
	for _, c := range r.Content {
		out = append(out, c.Text)
	}
	return out
}

func TestToolResultSuccess(t *testing.T) {
	result := map[string]any{"title": "<Q&A>", "hits": 3}
	r := decodeResult(t, anthropictools.ToolResult("toolu_1", result, nil))
	if r.ToolUseID != "toolu_1" || *r.IsError {
		t.Errorf("got tool_use_id %q is_error %v, want toolu_1 false", r.ToolUseID, *r.IsError)
	}
	if got, want := texts(r), []string{`{"hits":3,"title":"<Q&A>"}`}; !reflect.DeepEqual(got, want) {
		t.Errorf("content %q, want %q", got, want)
	}
}

func TestToolResultRawJSON(t *testing.T) {
	r := decodeResult(t, anthropictools.ToolResult("toolu_1", json.RawMessage(`{ "ok": true }`), nil))
	if got, want := texts(r), []string{`{"ok":true}`}; !reflect.DeepEqual(got, want) {
		t.Errorf("content %q, want %q", got, want)
	}
}

// checkFailure checks the shape every failed call shares and returns the
// report the model was sent.
func checkFailure(t *testing.T, err error) (sentResult, runtime.CompactErrorReport) {
	t.Helper()
	r := decodeResult(t, anthropictools.ToolResult("toolu_9", nil, err))
	if r.ToolUseID != "toolu_9" || !*r.IsError {
		t.Fatalf("got tool_use_id %q is_error %v, want toolu_9 true", r.ToolUseID, *r.IsError)
	}
	if len(r.Content) != 2 {
		t.Fatalf("got %d content blocks, want the message and the report: %q", len(r.Content), texts(r))
	}
	if got, want := r.Content[0].Text, runtime.ModelMessage(err); got != want {
		t.Errorf("first block %q, want runtime.ModelMessage %q", got, want)
	}
	var report runtime.CompactErrorReport
	if err := json.Unmarshal([]byte(r.Content[1].Text), &report); err != nil {
		t.Fatalf("second block is not a report: %v: %s", err, r.Content[1].Text)
	}
	if want := runtime.Report(err).Compact(); !reflect.DeepEqual(report, want) {
		t.Errorf("report %+v, want runtime.ErrorReport.Compact %+v", report, want)
	}
	return r, report
}

func TestToolResultInvalidArguments(t *testing.T) {
	err := &runtime.ValidationError{Tool: "search", Violations: []runtime.Violation{
		{Pointer: "/limit", Keyword: "type", Message: "got string, want integer", Hint: `Set "limit" to an integer, not the string "5".`},
		{Pointer: "", Keyword: "required", Message: `missing "query"`, Hint: `Add the required field "query".`},
	}}
	r, report := checkFailure(t, err)
	if report.Error != runtime.FailureInvalidArguments || len(report.Violations) != 2 || report.Violations[0].Pointer != "/limit" {
		t.Errorf("report %+v does not carry the violations", report)
	}
	// Each hint is sent once, in the message, and not again in the JSON.
	for _, v := range err.Violations {
		quoted, _ := json.Marshal(v.Hint)
		all := strings.Join(texts(r), "\n")
		n := strings.Count(all, v.Hint)
		if escaped := string(quoted[1 : len(quoted)-1]); escaped != v.Hint {
			n += strings.Count(all, escaped)
		}
		if n != 1 {
			t.Errorf("the hint %q is sent %d times, want once: %q", v.Hint, n, texts(r))
		}
	}
	full := decodeResult(t, anthropictools.ToolResult("toolu_9", nil, err, anthropictools.WithFullReport()))
	var fullReport runtime.ErrorReport
	if len(full.Content) != 2 || json.Unmarshal([]byte(full.Content[1].Text), &fullReport) != nil || !reflect.DeepEqual(fullReport, runtime.Report(err)) {
		t.Errorf("with WithFullReport the result is %q, want the message and runtime.Report", texts(full))
	}
}

func TestToolResultUnknownTool(t *testing.T) {
	r, report := checkFailure(t, &runtime.UnknownToolError{Name: "delete_all", Known: []string{"search", "ping"}})
	if report.Error != runtime.FailureUnknownTool || !strings.Contains(r.Content[0].Text, `"search", "ping"`) {
		t.Errorf("report %+v, text %q, want unknown_tool listing search and ping", report, r.Content[0].Text)
	}
}

func TestToolResultHandlerErrorStaysPrivate(t *testing.T) {
	secret := "dial tcp 10.0.0.7:5432: password authentication failed"
	r, report := checkFailure(t, &runtime.HandlerError{Tool: "search", Err: errors.New(secret)})
	if report.Error != runtime.FailureToolFailed {
		t.Errorf("report class %q, want %q", report.Error, runtime.FailureToolFailed)
	}
	for _, text := range texts(r) {
		if strings.Contains(text, "10.0.0.7") || strings.Contains(text, "password") {
			t.Errorf("the handler's error text reached the model: %q", text)
		}
	}
}

func TestToolResultUnencodable(t *testing.T) {
	r := decodeResult(t, anthropictools.ToolResult("toolu_2", map[string]float64{"x": math.NaN()}, nil))
	if !*r.IsError || len(r.Content) != 2 {
		t.Fatalf("got is_error %v with %q, want an error with message and report", *r.IsError, texts(r))
	}
	var report runtime.CompactErrorReport
	if err := json.Unmarshal([]byte(r.Content[1].Text), &report); err != nil {
		t.Fatal(err)
	}
	if report.Error != runtime.FailureToolFailed {
		t.Errorf("report class %q, want %q", report.Error, runtime.FailureToolFailed)
	}
	if strings.Contains(r.Content[0].Text, "NaN") {
		t.Errorf("the encoding error reached the model: %q", r.Content[0].Text)
	}
}

// assistantTurn is a Messages API response with text, a server tool call and
// two client tool calls.
const assistantTurn = `{
  "id": "msg_01", "type": "message", "role": "assistant", "model": "m",
  "stop_reason": "tool_use", "usage": {"input_tokens": 10, "output_tokens": 20},
  "content": [
    {"type": "text", "text": "Searching."},
    {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {"query": "x"}},
    {"type": "tool_use", "id": "toolu_a", "name": "search", "input": {"query": "otters", "limit": 5}},
    {"type": "tool_use", "id": "toolu_b", "name": "search", "input": {"limit": "5", "bad": true}}
  ]
}`

func TestDispatch(t *testing.T) {
	var msg anthropic.Message
	if err := json.Unmarshal([]byte(assistantTurn), &msg); err != nil {
		t.Fatal(err)
	}
	l, d := newLedger()
	reply, ok := anthropictools.Dispatch(context.Background(), msg.Content, d, anthropictools.OneByOne())
	if !ok {
		t.Fatal("Dispatch found no tool_use block")
	}
	if got, want := l.effects(), []string{`search {"query": "otters", "limit": 5}`}; !reflect.DeepEqual(got, want) {
		t.Errorf("ran %q, want %q", got, want)
	}
	if reply.Role != anthropic.MessageParamRoleUser || len(reply.Content) != 2 {
		t.Fatalf("reply role %q with %d blocks, want user with 2", reply.Role, len(reply.Content))
	}
	first, second := decodeResult(t, reply.Content[0]), decodeResult(t, reply.Content[1])
	if first.ToolUseID != "toolu_a" || *first.IsError || texts(first)[0] != `{"done":"search"}` {
		t.Errorf("first result %+v, want toolu_a's result", first)
	}
	if second.ToolUseID != "toolu_b" || !*second.IsError || !strings.Contains(texts(second)[0], "must not be sent") {
		t.Errorf("second result %+v, want toolu_b's violations", second)
	}
}

func TestDispatchWithoutToolUse(t *testing.T) {
	content := []anthropic.ContentBlockUnion{{Type: "text", Text: "Done."}}
	l, d := newLedger()
	if _, ok := anthropictools.Dispatch(context.Background(), content, d); ok || len(l.effects()) != 0 {
		t.Errorf("Dispatch on a text-only message: ok %v, ran %v; want neither", ok, l.effects())
	}
}
