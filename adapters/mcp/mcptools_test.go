package mcptools

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/runtime"
)

// The schemas are written so that any decode and re-encode would change their
// bytes: keys out of alphabetical order, a number spelled 1.0, an escaped
// character and a "<" that encoding/json escapes by default.
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

// compact drops the whitespace between the tokens of s, as the transport's
// framing does, and changes nothing else.
func compact(t *testing.T, s string) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, []byte(s)); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestToolKeepsTheCatalogBytes(t *testing.T) {
	for _, def := range definitions() {
		tool := Tool(def)
		if in, ok := tool.InputSchema.(json.RawMessage); !ok || !bytes.Equal(in, def.InputSchema) {
			t.Errorf("%s: input schema %#v, want the definition's json.RawMessage", def.Name, tool.InputSchema)
		}
		if def.OutputSchema == nil {
			if tool.OutputSchema != nil {
				t.Errorf("%s: output schema %#v, want none", def.Name, tool.OutputSchema)
			}
			continue
		}
		if out, ok := tool.OutputSchema.(json.RawMessage); !ok || !bytes.Equal(out, def.OutputSchema) {
			t.Errorf("%s: output schema %#v, want the definition's json.RawMessage", def.Name, tool.OutputSchema)
		}
	}
}

func TestListedSchemasAreTheCatalogBytesOnTheWire(t *testing.T) {
	server := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	if err := Register(server, definitions(), nil); err != nil {
		t.Fatal(err)
	}
	cs, wire := connectRecording(t, server)
	listTools(t, cs)
	sent := wire.String()
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
	tests := []struct {
		in   runtime.Annotations
		want *mcp.ToolAnnotations
	}{
		{runtime.Annotations{}, nil},
		{runtime.Annotations{ReadOnlyHint: &yes}, &mcp.ToolAnnotations{ReadOnlyHint: true}},
		{runtime.Annotations{ReadOnlyHint: &no, IdempotentHint: &yes}, &mcp.ToolAnnotations{IdempotentHint: true}},
		{runtime.Annotations{DestructiveHint: &no, OpenWorldHint: &yes}, &mcp.ToolAnnotations{DestructiveHint: &no, OpenWorldHint: &yes}},
		{runtime.Annotations{Title: "T"}, &mcp.ToolAnnotations{Title: "T"}},
	}
	for _, tt := range tests {
		def := runtime.ToolDefinition{Name: "n", Title: "Title", Description: "D", InputSchema: json.RawMessage(lookupSchema), Annotations: tt.in}
		got := Tool(def)
		if got.Name != "n" || got.Title != "Title" || got.Description != "D" {
			t.Errorf("name, title or description lost: %+v", got)
		}
		if !reflect.DeepEqual(got.Annotations, tt.want) {
			t.Errorf("annotations of %+v: got %+v, want %+v", tt.in, got.Annotations, tt.want)
		}
	}
}

func TestRegisterRejectsASchemaMCPCannotServe(t *testing.T) {
	for _, schema := range []string{"", `[]`, `{"type":"array"}`, `{"properties":{}}`} {
		defs := append(definitions(), runtime.ToolDefinition{Name: "bad", InputSchema: json.RawMessage(schema)})
		server := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
		err := Register(server, defs, nil)
		var bad *DefinitionError
		if !errors.As(err, &bad) || bad.Tool != "bad" {
			t.Errorf("schema %q: got %v, want a *DefinitionError for tool \"bad\"", schema, err)
		}
		if names := listTools(t, connect(t, server)); len(names) != 0 {
			t.Errorf("schema %q: tools were added although Register failed: %v", schema, names)
		}
	}
}

// fakeDispatcher stands in for a generated Dispatch: it records the raw
// arguments it is given and answers with a canned outcome per tool.
type fakeDispatcher struct {
	mu       sync.Mutex
	raw      [][]byte
	outcomes map[string]func() (any, error)
}

func (f *fakeDispatcher) dispatch(ctx context.Context, name string, raw []byte) (any, error) {
	f.mu.Lock()
	f.raw = append(f.raw, bytes.Clone(raw))
	f.mu.Unlock()
	return f.outcomes[name]()
}

func (f *fakeDispatcher) last() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return string(f.raw[len(f.raw)-1])
}

func connect(t *testing.T, server *mcp.Server) *mcp.ClientSession {
	t.Helper()
	cs, _ := connectRecording(t, server)
	return cs
}

// recorder keeps a copy of the bytes the server writes.
type recorder struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (r *recorder) String() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.b.String()
}

// recordingWriter writes to the pipe to the client and to the recorder.
type recordingWriter struct {
	*io.PipeWriter
	rec *recorder
}

func (w recordingWriter) Write(p []byte) (int, error) {
	w.rec.mu.Lock()
	w.rec.b.Write(p)
	w.rec.mu.Unlock()
	return w.PipeWriter.Write(p)
}

// connectRecording connects a client to server over pipes carrying
// newline-delimited JSON, as stdio does, and records what the server sends.
func connectRecording(t *testing.T, server *mcp.Server) (*mcp.ClientSession, *recorder) {
	t.Helper()
	ctx := context.Background()
	toServer, fromClient := io.Pipe()
	toClient, fromServer := io.Pipe()
	rec := &recorder{}
	serverSide := &mcp.IOTransport{Reader: toServer, Writer: recordingWriter{fromServer, rec}}
	clientSide := &mcp.IOTransport{Reader: toClient, Writer: fromClient}
	ss, err := server.Connect(ctx, serverSide, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	client := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "v0"}, nil)
	cs, err := client.Connect(ctx, clientSide, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs, rec
}

func listTools(t *testing.T, cs *mcp.ClientSession) []string {
	t.Helper()
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
	}
	return names
}

func call(t *testing.T, cs *mcp.ClientSession, name, args string) (*mcp.CallToolResult, error) {
	t.Helper()
	params := &mcp.CallToolParams{Name: name}
	if args != "" {
		params.Arguments = json.RawMessage(args)
	}
	return cs.CallTool(context.Background(), params)
}

func text(t *testing.T, r *mcp.CallToolResult) string {
	t.Helper()
	if len(r.Content) != 1 {
		t.Fatalf("got %d content blocks, want 1", len(r.Content))
	}
	tc, ok := r.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("content is %T, want text", r.Content[0])
	}
	return tc.Text
}

func TestRegisterRoundTrip(t *testing.T) {
	invalid := &runtime.ValidationError{Tool: "refund", Violations: []runtime.Violation{
		{Pointer: "/amount", Keyword: "type", Message: "got string, want integer", Hint: "Field /amount must be an integer, not a string."},
		{Pointer: "", Keyword: "additionalProperties", Message: "extra", Hint: "Remove the field /extra."},
	}}
	fake := &fakeDispatcher{}
	server := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	if err := Register(server, definitions(), fake.dispatch); err != nil {
		t.Fatal(err)
	}
	cs := connect(t, server)

	if got, want := listTools(t, cs), []string{"lookup", "refund"}; !reflect.DeepEqual(got, want) {
		t.Errorf("listed tools %v, want %v", got, want)
	}

	t.Run("success with an output schema", func(t *testing.T) {
		fake.outcomes = map[string]func() (any, error){"refund": func() (any, error) {
			return map[string]any{"status": "queued <soon>"}, nil
		}}
		r, err := call(t, cs, "refund", `{"amount":5}`)
		if err != nil {
			t.Fatal(err)
		}
		if r.IsError {
			t.Error("IsError set on a success")
		}
		if got, want := text(t, r), `{"status":"queued <soon>"}`; got != want {
			t.Errorf("text %s, want %s", got, want)
		}
		if got, want := r.StructuredContent, map[string]any{"status": "queued <soon>"}; !reflect.DeepEqual(got, want) {
			t.Errorf("structuredContent %v, want %v", got, want)
		}
	})

	t.Run("success without an output schema", func(t *testing.T) {
		fake.outcomes = map[string]func() (any, error){"lookup": func() (any, error) { return []int{1, 2}, nil }}
		r, err := call(t, cs, "lookup", `{"id":"x"}`)
		if err != nil {
			t.Fatal(err)
		}
		if got := text(t, r); got != "[1,2]" || r.IsError || r.StructuredContent != nil {
			t.Errorf("got text %s, IsError %v, structuredContent %v; want [1,2], false, nil", got, r.IsError, r.StructuredContent)
		}
	})

	t.Run("the SDK neither validates nor rewrites the arguments", func(t *testing.T) {
		fake.outcomes = map[string]func() (any, error){"refund": func() (any, error) { return nil, invalid }}
		// A string for an integer, a duplicate key and an unknown field: the
		// SDK's validator would reject or rewrite all three.
		args := `{"amount":"42","amount":1.50,"extra":true}`
		if _, err := call(t, cs, "refund", args); err != nil {
			t.Fatal(err)
		}
		if got := fake.last(); got != args {
			t.Errorf("dispatch got %s, want the client's bytes %s", got, args)
		}
	})

	t.Run("absent arguments are an empty object", func(t *testing.T) {
		fake.outcomes = map[string]func() (any, error){"lookup": func() (any, error) { return "ok", nil }}
		if _, err := call(t, cs, "lookup", ""); err != nil {
			t.Fatal(err)
		}
		if got := fake.last(); got != "{}" {
			t.Errorf("dispatch got %q, want {}", got)
		}
	})

	t.Run("invalid arguments", func(t *testing.T) {
		fake.outcomes = map[string]func() (any, error){"refund": func() (any, error) { return nil, invalid }}
		r, err := call(t, cs, "refund", `{"amount":"42","extra":1}`)
		if err != nil {
			t.Fatal(err)
		}
		if !r.IsError {
			t.Error("IsError not set")
		}
		if got, want := text(t, r), runtime.ModelMessage(invalid); got != want {
			t.Errorf("text %q, want %q", got, want)
		}
		// Each hint is sent once, in the text.
		want := map[string]any{
			"error": "invalid_arguments",
			"tool":  "refund",
			"violations": []any{
				map[string]any{"pointer": "/amount", "keyword": "type"},
				map[string]any{"pointer": "", "keyword": "additionalProperties"},
			},
		}
		if !reflect.DeepEqual(r.StructuredContent, want) {
			t.Errorf("structuredContent\n got %#v\nwant %#v", r.StructuredContent, want)
		}
	})

	t.Run("a failed handler keeps its error text to itself", func(t *testing.T) {
		fake.outcomes = map[string]func() (any, error){"refund": func() (any, error) {
			return nil, &runtime.HandlerError{Tool: "refund", Err: errors.New("db password rejected")}
		}}
		r, err := call(t, cs, "refund", `{"amount":5}`)
		if err != nil {
			t.Fatal(err)
		}
		all, _ := json.Marshal(r)
		if !r.IsError || strings.Contains(string(all), "password") {
			t.Errorf("got IsError %v and %s; want an error result without the handler's text", r.IsError, all)
		}
		if got := r.StructuredContent.(map[string]any)["error"]; got != "tool_failed" {
			t.Errorf("failure class %v, want tool_failed", got)
		}
	})

	t.Run("a result JSON cannot encode", func(t *testing.T) {
		fake.outcomes = map[string]func() (any, error){"lookup": func() (any, error) { return make(chan int), nil }}
		r, err := call(t, cs, "lookup", `{}`)
		if err != nil {
			t.Fatal(err)
		}
		if !r.IsError || r.StructuredContent.(map[string]any)["error"] != "tool_failed" {
			t.Errorf("got IsError %v, structuredContent %v; want a tool_failed error result", r.IsError, r.StructuredContent)
		}
	})

	t.Run("a tool the server does not have", func(t *testing.T) {
		_, err := call(t, cs, "refund_all", `{}`)
		assertUnknownTool(t, err, &runtime.UnknownToolError{Name: "refund_all", Known: []string{"refund", "lookup"}})
	})

	t.Run("a tool the dispatcher does not know", func(t *testing.T) {
		unknown := &runtime.UnknownToolError{Name: "lookup", Known: []string{"refund"}}
		fake.outcomes = map[string]func() (any, error){"lookup": func() (any, error) { return nil, unknown }}
		_, err := call(t, cs, "lookup", `{}`)
		assertUnknownTool(t, err, unknown)
	})
}

// assertUnknownTool checks that err is the JSON-RPC error MCP prescribes for
// an unknown tool, and that, as everywhere else, it names the tools there
// are: its message is the model message of want.
func assertUnknownTool(t *testing.T, err error, want *runtime.UnknownToolError) {
	t.Helper()
	var wire *jsonrpc.Error
	if !errors.As(err, &wire) {
		t.Fatalf("got %v (%T), want a JSON-RPC error", err, err)
	}
	if wire.Code != jsonrpc.CodeInvalidParams || wire.Message != want.ModelMessage() {
		t.Errorf("got code %d, message %q; want %d, %q", wire.Code, wire.Message, jsonrpc.CodeInvalidParams, want.ModelMessage())
	}
	var data runtime.CompactErrorReport
	if json.Unmarshal(wire.Data, &data) != nil || data.Error != runtime.FailureUnknownTool {
		t.Errorf("error data %s, want the compact report of an unknown tool", wire.Data)
	}
}

// TestMCPMembersListed reads tools/list off the wire: the catalog's icons
// and "_meta" are listed with the tool, "_meta" members with their own JSON
// text; "execution" is not, the SDK having no place for it; a tool without
// them lists none of them.
func TestMCPMembersListed(t *testing.T) {
	defs := definitions()
	defs[0].Icons = json.RawMessage(`[{"src": "https://example.com/r.png", "mimeType": "image/png", "sizes": ["48x48", "any"], "theme": "dark"}, {"src": "data:,x"}]`)
	defs[0].TaskSupport = "optional"
	defs[0].Meta = json.RawMessage(`{"ui": {"resourceUri": "ui://r/form", "visibility": ["app"]}, "n": 12345678901234567891, "ratio": 1.0}`)
	server := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	if err := Register(server, defs, nil); err != nil {
		t.Fatal(err)
	}
	cs, wire := connectRecording(t, server)
	listTools(t, cs)
	var listed struct {
		Result struct {
			Tools []map[string]json.RawMessage `json:"tools"`
		} `json:"result"`
	}
	for _, line := range strings.Split(wire.String(), "\n") {
		if strings.Contains(line, `"tools":[`) {
			if err := json.Unmarshal([]byte(line), &listed); err != nil {
				t.Fatal(err)
			}
		}
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
		"icons": `[{"src":"https://example.com/r.png","mimeType":"image/png","sizes":["48x48","any"],"theme":"dark"},{"src":"data:,x"}]`,
		"_meta": `{"n":12345678901234567891,"ratio":1.0,"ui":{"resourceUri":"ui://r/form","visibility":["app"]}}`,
	} {
		if got := string(refund[member]); got != want {
			t.Errorf("refund lists %s %s, want %s", member, got, want)
		}
		if got, ok := lookup[member]; ok {
			t.Errorf("lookup lists %s %s, which its catalog entry does not have", member, got)
		}
	}
	if got, ok := refund["execution"]; ok {
		t.Errorf("refund lists execution %s, which the SDK has no field for", got)
	}

	defs[1].Meta = json.RawMessage(`"not an object"`)
	var bad *DefinitionError
	if err := Register(mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil), defs, nil); !errors.As(err, &bad) || bad.Tool != "lookup" {
		t.Errorf("a _meta that is not an object: %v, want a *DefinitionError for lookup", err)
	}
	defs[1].Meta, defs[1].Icons = nil, json.RawMessage(`{"src": "not an array"}`)
	bad = nil
	if err := Register(mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil), defs, nil); !errors.As(err, &bad) || bad.Tool != "lookup" {
		t.Errorf("icons that are not an array: %v, want a *DefinitionError for lookup", err)
	}
}
