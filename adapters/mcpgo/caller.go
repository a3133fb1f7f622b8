package mcpgotools

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/toolgen/toolgen/runtime"
)

// Caller returns a runtime.Caller that calls tools on the server c is
// connected to: the other side of the wire, for the Client that toolgen
// -client generates. c must be started and initialized. Wiring a generated
// package named memory:
//
//	c, err := client.NewStdioMCPClient("memory-server", nil)
//	...
//	_, err = c.Initialize(ctx, mcp.InitializeRequest{Params: mcp.InitializeParams{ProtocolVersion: mcp.LATEST_PROTOCOL_VERSION, ClientInfo: mcp.Implementation{Name: "agent", Version: "v1"}}})
//	tools := memory.NewClient(mcpgotools.Caller(c))
//	nodes, err := tools.SearchNodes(ctx, memory.SearchNodesArgs{Query: "Ada"})
//
// The arguments go out as the bytes the generated validator accepted, in
// CallToolParams.RawArguments, which mcp-go writes as a json.RawMessage:
// encoding/json drops the white space between tokens and escapes <, > and
// & (and U+2028, U+2029) inside strings, so the server reads the same JSON
// value, members and number text as they were. A call the server answers,
// isError included, is a runtime.ToolResult and a nil error; a JSON-RPC
// error (an unknown tool, say) or a failed transport is mcp-go's error.
//
// structuredContent arrives as the bytes the server sent, which mcp-go
// keeps in RawStructuredContent, so nothing is lost to float64 and the
// generated reader checks the server's own text. Content is mcp-go's
// content blocks encoded again: mcp-go decodes each block into its type
// for it, so a member that type lacks is dropped, numbers in a block's
// _meta pass through float64, and a block of a type mcp-go does not know
// fails the call with mcp-go's error.
func Caller(c *client.Client) runtime.Caller {
	return clientCaller{c}
}

type clientCaller struct {
	c *client.Client
}

func (c clientCaller) CallTool(ctx context.Context, name string, arguments json.RawMessage) (runtime.ToolResult, error) {
	var req mcp.CallToolRequest
	req.Params.Name = name
	req.Params.RawArguments = arguments
	res, err := c.c.CallTool(ctx, req)
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
	if len(res.RawStructuredContent) > 0 {
		// mcp-go reads every result off the wire, in-process transport
		// included, and keeps these bytes whenever it decodes the member.
		result.StructuredContent = bytes.Clone(res.RawStructuredContent)
	}
	return result, nil
}

// encode is json.Marshal without HTML escaping, so that the server's text
// reaches the caller as the server wrote it. It encodes mcp-go's own
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
