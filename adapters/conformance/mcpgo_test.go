package conformance

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	mcpgotools "github.com/toolgen/toolgen/adapters/mcpgo"
	"github.com/toolgen/toolgen/runtime"
)

// mcpgoAnswer reads an mcp-go tool result as a client gets it.
func mcpgoAnswer(t *testing.T, r *mcp.CallToolResult) answer {
	t.Helper()
	wire, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return mcpgoWire(t, wire)
}

// mcpgoWire reads a tool result off the wire: isError, the class in the
// structured content and the text content.
func mcpgoWire(t *testing.T, wire []byte) answer {
	t.Helper()
	var r struct {
		Content []struct {
			Text string `json:"text"`
		} `json:"content"`
		StructuredContent runtime.CompactErrorReport `json:"structuredContent"`
		IsError           bool                       `json:"isError"`
	}
	decode(t, string(wire), &r)
	var texts []string
	for _, c := range r.Content {
		texts = append(texts, c.Text)
	}
	return answer{failed: r.IsError, class: r.StructuredContent.Error, text: strings.Join(texts, "\n")}
}

// mcpgoRegistered serves the dispatcher's tools on an mcp-go server
// through mcpgotools.Register and sends it a tools/call request for tool
// "fault", as its transports hand one over.
func mcpgoRegistered(t *testing.T, d *runtime.Dispatcher) answer {
	t.Helper()
	s := server.NewMCPServer("faults", "v0")
	if err := mcpgotools.Register(s, []runtime.ToolDefinition{definition}, d.Dispatch); err != nil {
		t.Fatal(err)
	}
	resp := s.HandleMessage(context.Background(), json.RawMessage(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fault","arguments":{}}}`))
	wire, err := json.Marshal(resp)
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Result json.RawMessage `json:"result"`
	}
	decode(t, string(wire), &r)
	if r.Result == nil {
		t.Fatalf("not a tool result: %s", wire)
	}
	return mcpgoWire(t, r.Result)
}
