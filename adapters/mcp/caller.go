package mcptools

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/runtime"
)

// Caller returns a runtime.Caller that calls tools on the server session is
// connected to: the other side of the wire, for the Client that toolgen
// -client generates. Wiring a generated package named memory:
//
//	session, err := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "v1"}, nil).Connect(ctx, transport, nil)
//	tools := memory.NewClient(mcptools.Caller(session))
//	nodes, err := tools.SearchNodes(ctx, memory.SearchNodesArgs{Query: "Ada"})
//
// The arguments go out as the bytes the generated validator accepted. A
// call the server answers, isError included, is a runtime.ToolResult and a
// nil error; a JSON-RPC error (an unknown tool, say) or a failed transport
// is the SDK's error. Content is the result's content blocks as JSON.
//
// The SDK decodes structuredContent into Go values before the result
// reaches the Caller, which encodes them again: numbers pass through
// float64, so an integer beyond 2^53 arrives rounded and 1e2 arrives as
// 100, and the order of members is the encoder's. The generated reader
// then checks what the SDK decoded.
func Caller(session *mcp.ClientSession) runtime.Caller {
	return sessionCaller{session}
}

type sessionCaller struct {
	session *mcp.ClientSession
}

func (c sessionCaller) CallTool(ctx context.Context, name string, arguments json.RawMessage) (runtime.ToolResult, error) {
	res, err := c.session.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: arguments})
	if err != nil {
		return runtime.ToolResult{}, err
	}
	blocks := res.Content
	if blocks == nil {
		blocks = []mcp.Content{}
	}
	content, err := encode(blocks)
	if err != nil {
		return runtime.ToolResult{}, err
	}
	result := runtime.ToolResult{Content: content, IsError: res.IsError}
	if res.StructuredContent != nil {
		if result.StructuredContent, err = encode(res.StructuredContent); err != nil {
			return runtime.ToolResult{}, err
		}
	}
	return result, nil
}

// encode is json.Marshal without HTML escaping, so that the server's text
// reaches the caller as the server wrote it. It encodes the SDK's own
// content types, never a value of the service's.
func encode(v any) (json.RawMessage, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
