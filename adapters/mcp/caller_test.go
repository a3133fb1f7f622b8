package mcptools

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/runtime"
)

// TestCaller calls tools of an SDK server through Caller: the arguments
// arrive as the bytes given, byte for byte; a result comes back with its
// content blocks and structured content as JSON and isError kept; a
// JSON-RPC error is an error, not a result.
func TestCaller(t *testing.T) {
	server := mcp.NewServer(&mcp.Implementation{Name: "remote", Version: "v1"}, nil)
	var got []byte
	tool := func(name string, result *mcp.CallToolResult) {
		server.AddTool(&mcp.Tool{Name: name, InputSchema: json.RawMessage(`{"type":"object"}`)},
			func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				got = bytes.Clone(req.Params.Arguments)
				return result, nil
			})
	}
	tool("structured", &mcp.CallToolResult{
		Content:           []mcp.Content{&mcp.TextContent{Text: "a <b> & c"}},
		StructuredContent: json.RawMessage(`{"count":3,"names":["Ada","Grace"]}`),
	})
	tool("failing", &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "no such node"}}})
	tool("empty", &mcp.CallToolResult{})
	caller := Caller(connect(t, server))
	ctx := context.Background()

	args := json.RawMessage(`{"z":1.0,"a":"caf\u00e9","nested":{"b":[1e2]}}`)
	res, err := caller.CallTool(ctx, "structured", args)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, args) {
		t.Errorf("the server received %s, want the bytes sent %s", got, args)
	}
	var blocks []struct{ Type, Text string }
	if err := json.Unmarshal(res.Content, &blocks); err != nil || len(blocks) != 1 || blocks[0] != (struct{ Type, Text string }{"text", "a <b> & c"}) || res.IsError {
		t.Errorf("content %s (%v), isError %v", res.Content, err, res.IsError)
	}
	var structured struct {
		Count int
		Names []string
	}
	if err := json.Unmarshal(res.StructuredContent, &structured); err != nil || structured.Count != 3 || len(structured.Names) != 2 {
		t.Errorf("structured content %s: %v", res.StructuredContent, err)
	}

	res, err = caller.CallTool(ctx, "failing", json.RawMessage(`{}`))
	if err != nil || !res.IsError || string(res.Content) != `[{"type":"text","text":"no such node"}]` || res.StructuredContent != nil {
		t.Errorf("failing: %+v, %v; want an isError result with the server's text and no structured content", res, err)
	}

	res, err = caller.CallTool(ctx, "empty", json.RawMessage(`{}`))
	if err != nil || string(res.Content) != `[]` || res.StructuredContent != nil {
		t.Errorf("empty: content %s, structured %s, %v; want [] and none", res.Content, res.StructuredContent, err)
	}

	_, err = caller.CallTool(ctx, "missing", json.RawMessage(`{}`))
	var rpcErr *jsonrpc.Error
	if !errors.As(err, &rpcErr) {
		t.Errorf("unknown tool: got %v, want the SDK's JSON-RPC error", err)
	}
	var _ runtime.Caller = caller
}
