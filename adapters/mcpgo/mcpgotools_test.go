package mcpgotools

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/toolgen/toolgen/runtime"
)

// The schemas are written so that any decode and re-encode would change
// their bytes: keys out of alphabetical order, a number spelled 1.0, an
// escaped character and a "<" that encoding/json escapes by default.
const (
	refundSchema = `{
  "type": "object",
  "required": ["amount"],
  "properties": {
    "amount": {"type": "integer", "minimum": 1.0, "description": "cents <= balance"},
    "note": {"type": "string", "pattern": "^caf\u00e9"}
  },
  "additionalProperties": false
}`
	refundOutput = `{"type": "object", "properties": {"status": {"type": "string"}}}`
	lookupSchema = `{"type":"object","properties":{"id":{"type":"string"}}}`
)

func definitions() []runtime.ToolDefinition {
	yes, no := true, false
	return []runtime.ToolDefinition{
		{
			Name:         "refund",
			Title:        "Refund",
			Description:  "Refund a payment.",
			InputSchema:  json.RawMessage(refundSchema),
			OutputSchema: json.RawMessage(refundOutput),
			Annotations:  runtime.Annotations{DestructiveHint: &yes, IdempotentHint: &no},
		},
		{
			Name:        "lookup",
			Description: "Look a payment up.",
			InputSchema: json.RawMessage(lookupSchema),
			Annotations: runtime.Annotations{Title: "Lookup", ReadOnlyHint: &yes, OpenWorldHint: &no},
		},
	}
}

// compact drops the whitespace between the tokens of s and escapes <, >
// and & in strings, as encoding/json does when it writes a RawMessage.
func compact(t *testing.T, s string) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, []byte(s)); err != nil {
		t.Fatal(err)
	}
	var escaped bytes.Buffer
	json.HTMLEscape(&escaped, b.Bytes())
	return escaped.String()
}

// recorder stands in for a generated Dispatch: it records the raw
// arguments of every call and answers with what answer says.
type recorder struct {
	mu     sync.Mutex
	raw    []string
	answer func(name string) (any, error)
}

func (r *recorder) dispatch(_ context.Context, name string, raw []byte) (any, error) {
	r.mu.Lock()
	r.raw = append(r.raw, string(raw))
	r.mu.Unlock()
	if r.answer != nil {
		return r.answer(name)
	}
	return map[string]string{"status": "queued <now>"}, nil
}

func (r *recorder) last() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.raw) == 0 {
		return ""
	}
	return r.raw[len(r.raw)-1]
}

func newServer(t *testing.T, rec *recorder, opts ...Option) *server.MCPServer {
	t.Helper()
	s := server.NewMCPServer("test", "v0")
	if err := Register(s, definitions(), rec.dispatch, opts...); err != nil {
		t.Fatal(err)
	}
	return s
}

// request sends one JSON-RPC request, as a transport hands it to the
// server, and returns the response as the transport would write it.
func request(t *testing.T, s *server.MCPServer, method, params string) string {
	t.Helper()
	msg := fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":%q,"params":%s}`, method, params)
	resp := s.HandleMessage(context.Background(), json.RawMessage(msg))
	out, err := json.Marshal(resp)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// callResult decodes the result of a tools/call response.
func callResult(t *testing.T, resp string) (isError bool, text string, structured json.RawMessage) {
	t.Helper()
	var r struct {
		Result struct {
			Content []struct {
				Type, Text string
			} `json:"content"`
			StructuredContent json.RawMessage `json:"structuredContent"`
			IsError           bool            `json:"isError"`
		} `json:"result"`
		Error json.RawMessage `json:"error"`
	}
	if err := json.Unmarshal([]byte(resp), &r); err != nil || r.Error != nil || len(r.Result.Content) != 1 {
		t.Fatalf("not a tool result with one content block: %s", resp)
	}
	return r.Result.IsError, r.Result.Content[0].Text, r.Result.StructuredContent
}

func TestListedSchemasAreTheCatalogBytesOnTheWire(t *testing.T) {
	sent := request(t, newServer(t, &recorder{}), "tools/list", `{}`)
	for _, def := range definitions() {
		if want := `"inputSchema":` + compact(t, string(def.InputSchema)); !strings.Contains(sent, want) {
			t.Errorf("%s: the server did not send the input schema's bytes %s\nsent: %s", def.Name, want, sent)
		}
		if def.OutputSchema == nil {
			continue
		}
		if want := `"outputSchema":` + compact(t, string(def.OutputSchema)); !strings.Contains(sent, want) {
			t.Errorf("%s: the server did not send the output schema's bytes %s\nsent: %s", def.Name, want, sent)
		}
	}
	if strings.Count(sent, `"outputSchema"`) != 1 {
		t.Errorf("want exactly one output schema listed, sent: %s", sent)
	}
}

func TestToolMapsNamesAndAnnotations(t *testing.T) {
	yes, no := true, false
	for _, a := range []runtime.Annotations{
		{},
		{ReadOnlyHint: &yes},
		{ReadOnlyHint: &no, IdempotentHint: &yes},
		{DestructiveHint: &no, OpenWorldHint: &yes},
		{Title: "T", ReadOnlyHint: &no, DestructiveHint: &yes, IdempotentHint: &no, OpenWorldHint: &no},
	} {
		def := runtime.ToolDefinition{Name: "n", Title: "Title", Description: "D", InputSchema: json.RawMessage(lookupSchema), Annotations: a}
		got := Tool(def)
		if got.Name != "n" || got.Title != "Title" || got.Description != "D" {
			t.Errorf("name, title or description lost: %+v", got)
		}
		want := mcp.ToolAnnotation{Title: a.Title, ReadOnlyHint: a.ReadOnlyHint, DestructiveHint: a.DestructiveHint, IdempotentHint: a.IdempotentHint, OpenWorldHint: a.OpenWorldHint}
		if !reflect.DeepEqual(got.Annotations, want) {
			t.Errorf("annotations of %+v: got %+v", a, got.Annotations)
		}
		// On the wire, a hint the catalog left out stays out.
		wire, err := json.Marshal(got)
		if err != nil {
			t.Fatal(err)
		}
		for name, hint := range map[string]*bool{"readOnlyHint": a.ReadOnlyHint, "destructiveHint": a.DestructiveHint, "idempotentHint": a.IdempotentHint, "openWorldHint": a.OpenWorldHint} {
			if sent := strings.Contains(string(wire), `"`+name+`"`); sent != (hint != nil) {
				t.Errorf("%+v: %s sent %v: %s", a, name, sent, wire)
			}
		}
	}
}

func TestRegisterRejectsASchemaMCPCannotServe(t *testing.T) {
	for _, schema := range []string{"", `[]`, `{"type":"array"}`, `{"properties":{}}`, `{"type":["object"]}`} {
		defs := append(definitions(), runtime.ToolDefinition{Name: "bad", InputSchema: json.RawMessage(schema)})
		s := server.NewMCPServer("test", "v0")
		err := Register(s, defs, (&recorder{}).dispatch)
		var bad *DefinitionError
		if !errors.As(err, &bad) || bad.Tool != "bad" {
			t.Errorf("schema %q: got %v, want a *DefinitionError for tool \"bad\"", schema, err)
		}
		if n := len(s.ListTools()); n != 0 {
			t.Errorf("schema %q: %d tools were added although Register failed", schema, n)
		}
	}
}

// TestRawArgumentsReachTheDispatcher: the dispatcher gets the bytes the
// client sent, not mcp-go's decoded map: member order, number text and
// duplicate names stay for the generated validator to judge.
func TestRawArgumentsReachTheDispatcher(t *testing.T) {
	rec := &recorder{}
	s := newServer(t, rec)
	for _, c := range []struct{ params, want string }{
		{`{"name":"refund","arguments":{"note":"x","amount":1.0,"amount":2}}`, `{"note":"x","amount":1.0,"amount":2}`},
		{`{"name":"refund","arguments":{"amount":12345678901234567890}}`, `{"amount":12345678901234567890}`},
		{`{"name":"refund"}`, `{}`},
		{`{"name":"refund","arguments":null}`, `null`},
		{`{"name":"refund","arguments":[1]}`, `[1]`},
	} {
		request(t, s, "tools/call", c.params)
		if got := rec.last(); got != c.want {
			t.Errorf("%s: the dispatcher got %s, want %s", c.params, got, c.want)
		}
	}
}

func TestResultShapes(t *testing.T) {
	rec := &recorder{}
	s := newServer(t, rec)
	// Success: JSON text without HTML escaping, and structured content for
	// the tool with an output schema only.
	for _, c := range []struct {
		tool       string
		structured bool
	}{{"refund", true}, {"lookup", false}} {
		isError, text, structured := callResult(t, request(t, s, "tools/call", `{"name":"`+c.tool+`","arguments":{"amount":1}}`))
		if isError || text != `{"status":"queued <now>"}` {
			t.Errorf("%s: isError %v, text %q", c.tool, isError, text)
		}
		if got := structured != nil; got != c.structured || c.structured && string(structured) != `{"status":"queued \u003cnow\u003e"}` {
			t.Errorf("%s: structured content %s", c.tool, structured)
		}
	}
	// Failure: the message as text, the compact report as structured
	// content; the full report with WithFullReport.
	invalid := &runtime.ValidationError{Tool: "refund", Violations: []runtime.Violation{
		{Pointer: "/amount", Keyword: "minimum", Message: "0 < 1", Hint: `Field "amount" must be at least 1; got 0.`},
		{Pointer: "/note", Keyword: "type", Message: "not a string", Hint: `Field "note" must be a string.`},
	}}
	rec.answer = func(string) (any, error) { return nil, invalid }
	for _, full := range []bool{false, true} {
		s := s
		if full {
			s = newServer(t, rec, WithFullReport())
		}
		isError, text, structured := callResult(t, request(t, s, "tools/call", `{"name":"refund","arguments":{"amount":0}}`))
		if !isError || text != runtime.ModelMessage(invalid) {
			t.Errorf("full %v: isError %v, text %q", full, isError, text)
		}
		want, _ := json.Marshal(runtime.Report(invalid).Compact())
		if full {
			want, _ = json.Marshal(runtime.Report(invalid))
		}
		if string(structured) != string(want) {
			t.Errorf("full %v: structured content %s, want %s", full, structured, want)
		}
	}
}

// TestFailureClasses pins the class every runtime failure gets in a tool
// result; the other adapters pin the same table. A handler's own error
// text never reaches the client.
func TestFailureClasses(t *testing.T) {
	def := definitions()[1]
	ledgerDown := errors.New("ledger offline")
	for _, c := range []struct {
		result any
		err    error
		class  string
	}{
		{nil, &runtime.ValidationError{Tool: "lookup", Violations: []runtime.Violation{{Pointer: "/id", Keyword: "type", Hint: "h"}}}, runtime.FailureInvalidArguments},
		{nil, &runtime.UnknownToolError{Name: "erase", Known: []string{"lookup"}}, runtime.FailureUnknownTool},
		{nil, runtime.Rejectf("/id", "No such payment."), runtime.FailureRejected},
		{nil, &runtime.DeniedError{Tool: "lookup", Reason: "Not today."}, runtime.FailureDenied},
		{nil, &runtime.HandlerError{Tool: "lookup", Err: ledgerDown}, runtime.FailureToolFailed},
		{nil, &runtime.PanicError{Tool: "lookup", Hook: runtime.HookHandler, Value: "nil map"}, runtime.FailurePanic},
		{nil, &runtime.ExitError{Tool: "lookup", Hook: runtime.HookHandler}, runtime.FailureExited},
		{nil, &runtime.CanceledError{Tool: "lookup", Cause: context.Canceled}, runtime.FailureCanceled},
		{nil, &runtime.TimeoutError{Tool: "lookup", Cause: context.DeadlineExceeded}, runtime.FailureTimeout},
		{nil, &runtime.OutputError{Tool: "lookup", Violations: []runtime.Violation{{Pointer: "/x", Keyword: "type"}}}, runtime.FailureInvalidOutput},
		{nil, &runtime.NotRunError{Tool: "lookup", Call: 2, Reason: "had invalid arguments"}, runtime.FailureNotRun},
		{nil, ledgerDown, runtime.FailureInternal},
		{make(chan int), nil, runtime.FailureToolFailed},
		{math.NaN(), nil, runtime.FailureToolFailed},
	} {
		r := Result(def, c.result, c.err)
		report, ok := r.StructuredContent.(runtime.CompactErrorReport)
		if !r.IsError || !ok || report.Error != c.class {
			t.Errorf("%v, %v: isError %v, structured %#v, want class %s", c.result, c.err, r.IsError, r.StructuredContent, c.class)
		}
		all, _ := json.Marshal(r)
		if strings.Contains(string(all), "ledger offline") || strings.Contains(string(all), "chan int") || strings.Contains(string(all), "NaN") {
			t.Errorf("the result for %v leaks internal text: %s", c.err, all)
		}
		if c.class == runtime.FailureUnknownTool && !strings.Contains(string(all), `\"lookup\"`) {
			t.Errorf("an unknown tool's result does not list the tools there are: %s", all)
		}
	}
}

// TestUnknownToolIsInvalidParams: mcp-go answers a tool it does not have
// itself, as MCP requires; the dispatcher is not called.
func TestUnknownToolIsInvalidParams(t *testing.T) {
	rec := &recorder{}
	resp := request(t, newServer(t, rec), "tools/call", `{"name":"erase","arguments":{}}`)
	var r struct {
		Error struct {
			Code int `json:"code"`
		} `json:"error"`
	}
	if err := json.Unmarshal([]byte(resp), &r); err != nil || r.Error.Code != mcp.INVALID_PARAMS {
		t.Errorf("want a JSON-RPC error %d, got %s", mcp.INVALID_PARAMS, resp)
	}
	if rec.last() != "" {
		t.Errorf("the dispatcher was called for an unknown tool")
	}
}

// TestMCPMembersListed: the catalog's icons, execution and "_meta" are
// listed with the tool, "_meta" members with their own JSON text, and a
// tool without them lists none of them.
func TestMCPMembersListed(t *testing.T) {
	defs := definitions()
	defs[0].Icons = json.RawMessage(`[{"src": "https://example.com/r.png", "mimeType": "image/png", "sizes": ["48x48", "any"], "theme": "dark"}, {"src": "data:,x"}]`)
	defs[0].TaskSupport = "optional"
	defs[0].Meta = json.RawMessage(`{"ui": {"resourceUri": "ui://r/form", "visibility": ["app"]}, "n": 12345678901234567891, "ratio": 1.0}`)
	s := server.NewMCPServer("test", "v0")
	if err := Register(s, defs, (&recorder{}).dispatch); err != nil {
		t.Fatal(err)
	}
	var listed struct {
		Result struct {
			Tools []map[string]json.RawMessage `json:"tools"`
		} `json:"result"`
	}
	if err := json.Unmarshal([]byte(request(t, s, "tools/list", `{}`)), &listed); err != nil {
		t.Fatal(err)
	}
	tools := map[string]map[string]json.RawMessage{}
	for _, tool := range listed.Result.Tools {
		var name string
		if err := json.Unmarshal(tool["name"], &name); err != nil {
			t.Fatal(err)
		}
		tools[name] = tool
	}
	refund, lookup := tools["refund"], tools["lookup"]
	for member, want := range map[string]string{
		"icons":     `[{"src":"https://example.com/r.png","mimeType":"image/png","sizes":["48x48","any"],"theme":"dark"},{"src":"data:,x"}]`,
		"execution": `{"taskSupport":"optional"}`,
		"_meta":     `{"n":12345678901234567891,"ratio":1.0,"ui":{"resourceUri":"ui://r/form","visibility":["app"]}}`,
	} {
		if got := string(refund[member]); got != want {
			t.Errorf("refund lists %s %s, want %s", member, got, want)
		}
		if got, ok := lookup[member]; ok {
			t.Errorf("lookup lists %s %s, which its catalog entry does not have", member, got)
		}
	}

	defs[1].Meta = json.RawMessage(`["not", "an", "object"]`)
	var bad *DefinitionError
	if err := Register(server.NewMCPServer("test", "v0"), defs, (&recorder{}).dispatch); !errors.As(err, &bad) || bad.Tool != "lookup" {
		t.Errorf("a _meta that is not an object: %v, want a *DefinitionError for lookup", err)
	}
	defs[1].Meta, defs[1].Icons = nil, json.RawMessage(`{"src": "not an array"}`)
	bad = nil
	if err := Register(server.NewMCPServer("test", "v0"), defs, (&recorder{}).dispatch); !errors.As(err, &bad) || bad.Tool != "lookup" {
		t.Errorf("icons that are not an array: %v, want a *DefinitionError for lookup", err)
	}
}

// TestTaskRequiredIsMCPGos: a tool whose catalog says it must run as a
// task is refused by mcp-go when called plainly, before the dispatcher
// sees the call.
func TestTaskRequiredIsMCPGos(t *testing.T) {
	defs := definitions()
	defs[1].TaskSupport = "required"
	rec := &recorder{}
	s := server.NewMCPServer("test", "v0")
	if err := Register(s, defs, rec.dispatch); err != nil {
		t.Fatal(err)
	}
	resp := request(t, s, "tools/call", `{"name":"lookup","arguments":{"id":"p1"}}`)
	if !strings.Contains(resp, `"error"`) || !strings.Contains(resp, "requires task augmentation") || rec.last() != "" {
		t.Errorf("a plain call of a task-only tool: %s (dispatched %q)", resp, rec.last())
	}
}
