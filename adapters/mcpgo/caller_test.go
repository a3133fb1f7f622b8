package mcpgotools

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/toolgen/toolgen/runtime"
)

// callerArgs are arguments that any decode and re-encode would change:
// white space, members out of order, number text (1.0, 1e2, an integer
// beyond 2^53), an escape and the characters encoding/json escapes.
const callerArgs = `{ "z": 1.0, "a": "caf\u00e9 <b> & c",
  "nested": {"b": [1e2, 12345678901234567891]} }`

// wireForm is what encoding/json makes of a json.RawMessage: the same
// tokens without the white space between them, with <, > and & escaped.
func wireForm(t *testing.T, s string) string {
	t.Helper()
	var compact, escaped bytes.Buffer
	if err := json.Compact(&compact, []byte(s)); err != nil {
		t.Fatal(err)
	}
	json.HTMLEscape(&escaped, compact.Bytes())
	return escaped.String()
}

// wire is an mcp-go transport that stands in for a server: it answers
// the handshake as a server of protocol 2025-06-18, answers tools/call
// with the result text of results[name] (a JSON-RPC error -32602 for a
// name it lacks), and records every request as the stdio transport would
// write it.
type wire struct {
	results map[string]string
	mu      sync.Mutex
	sent    []string
}

func (w *wire) Start(context.Context) error { return nil }
func (w *wire) Close() error                { return nil }
func (w *wire) GetSessionId() string        { return "" }

func (w *wire) SendNotification(context.Context, mcp.JSONRPCNotification) error { return nil }
func (w *wire) SetNotificationHandler(func(mcp.JSONRPCNotification))            {}

func (w *wire) SendRequest(_ context.Context, req transport.JSONRPCRequest) (*transport.JSONRPCResponse, error) {
	line, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	w.mu.Lock()
	w.sent = append(w.sent, string(line))
	w.mu.Unlock()
	resp := &transport.JSONRPCResponse{JSONRPC: "2.0", ID: req.ID}
	fail := func(code int, msg string) (*transport.JSONRPCResponse, error) {
		resp.Error = &mcp.JSONRPCErrorDetails{Code: code, Message: msg}
		return resp, nil
	}
	switch req.Method {
	case "initialize":
		resp.Result = json.RawMessage(`{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"wire","version":"v0"}}`)
	case "tools/call":
		var params struct{ Name string }
		if err := json.Unmarshal(line, &struct{ Params any }{&params}); err != nil {
			return nil, err
		}
		result, ok := w.results[params.Name]
		if !ok {
			return fail(mcp.INVALID_PARAMS, fmt.Sprintf("tool '%s' not found", params.Name))
		}
		resp.Result = json.RawMessage(result)
	default:
		return fail(mcp.METHOD_NOT_FOUND, "method not found")
	}
	return resp, nil
}

// calls returns the params of every tools/call request sent, as sent.
func (w *wire) calls(t *testing.T) []string {
	t.Helper()
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []string
	for _, line := range w.sent {
		var req struct {
			Method string
			Params json.RawMessage
		}
		if err := json.Unmarshal([]byte(line), &req); err != nil {
			t.Fatal(err)
		}
		if req.Method == "tools/call" {
			out = append(out, string(req.Params))
		}
	}
	return out
}

// started starts and initializes c.
func started(t *testing.T, c *client.Client) *client.Client {
	t.Helper()
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	init := mcp.InitializeRequest{}
	init.Params.ClientInfo = mcp.Implementation{Name: "caller-test", Version: "v0"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestCallerOnTheWire calls tools through Caller over a transport that
// shows the bytes: the arguments go out as the same tokens, member order
// and number text; structuredContent comes back byte for byte as the
// server wrote it; content blocks as JSON; isError kept; a JSON-RPC error
// and a content block mcp-go cannot read are errors, not results.
func TestCallerOnTheWire(t *testing.T) {
	structured := `{ "count": 3, "big": 12345678901234567891, "ratio": 1.0, "names": ["Ada", "Grace"] }`
	w := &wire{results: map[string]string{
		"structured": `{"content":[{"type":"text","text":"a <b> & c"}],"structuredContent":` + structured + `}`,
		"failing":    `{"content":[{"type":"text","text":"no such node"}],"isError":true}`,
		"empty":      `{"content":[]}`,
		"strange":    `{"content":[{"type":"hologram","text":"?"}]}`,
	}}
	caller := Caller(started(t, client.NewClient(w)))
	ctx := context.Background()

	res, err := caller.CallTool(ctx, "structured", json.RawMessage(callerArgs))
	if err != nil {
		t.Fatal(err)
	}
	calls := w.calls(t)
	if want := `"arguments":` + wireForm(t, callerArgs); len(calls) != 1 || !strings.Contains(calls[0], want) {
		t.Errorf("sent %q, want params with %s", calls, want)
	}
	if string(res.StructuredContent) != structured {
		t.Errorf("structured content %s, want the server's bytes %s", res.StructuredContent, structured)
	}
	if string(res.Content) != `[{"type":"text","text":"a <b> & c"}]` || res.IsError {
		t.Errorf("content %s, isError %v", res.Content, res.IsError)
	}

	res, err = caller.CallTool(ctx, "failing", json.RawMessage(`{}`))
	if err != nil || !res.IsError || string(res.Content) != `[{"type":"text","text":"no such node"}]` || res.StructuredContent != nil {
		t.Errorf("failing: %+v, %v; want an isError result with the server's text and no structured content", res, err)
	}
	res, err = caller.CallTool(ctx, "empty", json.RawMessage(`{}`))
	if err != nil || string(res.Content) != `[]` || res.StructuredContent != nil {
		t.Errorf("empty: content %s, structured %s, %v; want [] and none", res.Content, res.StructuredContent, err)
	}
	if _, err := caller.CallTool(ctx, "strange", json.RawMessage(`{}`)); err == nil || !strings.Contains(err.Error(), "hologram") {
		t.Errorf("a content block of an unknown type: %v, want mcp-go's error naming it", err)
	}
	if _, err := caller.CallTool(ctx, "missing", json.RawMessage(`{}`)); !errors.Is(err, mcp.ErrInvalidParams) {
		t.Errorf("unknown tool: got %v, want mcp-go's invalid-params error", err)
	}
	var _ runtime.Caller = caller
}

// TestCallerInProcess calls a real mcp-go server through its in-process
// client, which negotiates the newest protocol mcp-go speaks (where the
// client adds protocol metadata to every request's params): the tool's
// handler reads the arguments' tokens as they were, and the structured
// content it answers with arrives as mcp-go's server encoded it.
func TestCallerInProcess(t *testing.T) {
	s := server.NewMCPServer("remote", "v1")
	var got json.RawMessage
	s.AddTool(mcp.Tool{Name: "echo", RawInputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			got = bytes.Clone(req.Params.RawArguments)
			return &mcp.CallToolResult{
				Content:              []mcp.Content{mcp.NewTextContent("echoed")},
				RawStructuredContent: json.RawMessage(`{"big":12345678901234567891,"ratio":1.0}`),
			}, nil
		})
	c, err := client.NewInProcessClient(s)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Caller(started(t, c)).CallTool(context.Background(), "echo", json.RawMessage(callerArgs))
	if err != nil {
		t.Fatal(err)
	}
	if v := c.ProtocolVersion(); !mcp.IsModernProtocol(v) {
		t.Errorf("the in-process client speaks %s; the test means the protocol that re-encodes params", v)
	}
	if want := wireForm(t, callerArgs); string(got) != want {
		t.Errorf("the handler read %s, want %s", got, want)
	}
	if string(res.StructuredContent) != `{"big":12345678901234567891,"ratio":1.0}` || res.IsError {
		t.Errorf("structured content %s (isError %v), want the server's number text", res.StructuredContent, res.IsError)
	}
	if string(res.Content) != `[{"type":"text","text":"echoed"}]` {
		t.Errorf("content %s", res.Content)
	}
}
