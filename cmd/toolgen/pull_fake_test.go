package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The test binary doubles as the MCP servers toolgen pull is tested
// against: run as "TESTBINARY -fake-mcp-server MODE" it is one, speaking on
// its standard input and output. Mode "sdk" is a real server of the MCP Go
// SDK; the others write JSON-RPC by hand to misbehave in one way each.
func TestMain(m *testing.M) {
	if len(os.Args) == 3 && os.Args[1] == "-fake-mcp-server" {
		os.Exit(fakeServer(os.Args[2]))
	}
	os.Exit(m.Run())
}

// fakeCommand is the command that runs the fake server of mode.
func fakeCommand(mode string) []string {
	return []string{os.Args[0], "-fake-mcp-server", mode}
}

type fixtureTool struct{ name, schema string }

// fixtureTools are the tools of the SDK server: member order that is not
// alphabetical, numbers spelled 1.0 and 1e2, escapes, non-ASCII text.
var fixtureTools = []fixtureTool{
	{"search_nodes", `{"type":"object","properties":{"query":{"type":"string","minLength":1.0},"limit":{"type":"integer","maximum":1e2}},"required":["query"]}`},
	{"open_nodes", `{"type":"object","properties":{"names":{"type":"array","items":{"type":"string"}}},"required":["names"]}`},
	{"add_note", `{"type":"object","properties":{"text":{"type":"string","description":"caf\u00e9 <b>"},"tags":{"type":"array","items":{"type":"string","enum":["a","b"]}}}}`},
	{"read_graph", `{"type":"object"}`},
	{"delete_nodes", `{"type":"object","properties":{"zeta":{"type":"number"},"alpha":{"type":"boolean"}},"additionalProperties":false}`},
}

// sdkServer is a real MCP server of the Go SDK listing fixtureTools, two
// to a page.
func sdkServer() *mcp.Server {
	server := mcp.NewServer(&mcp.Implementation{Name: "fixture", Version: "1.2.3"}, &mcp.ServerOptions{PageSize: 2})
	for _, tool := range fixtureTools {
		server.AddTool(&mcp.Tool{Name: tool.name, Description: "Tool " + tool.name + ".", InputSchema: json.RawMessage(tool.schema)},
			func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return &mcp.CallToolResult{}, nil
			})
	}
	return server
}

// fakeServer runs the server of mode and returns its exit code.
func fakeServer(mode string) int {
	switch mode {
	case "sdk":
		if err := sdkServer().Run(context.Background(), &mcp.StdioTransport{}); err != nil {
			return 1
		}
		return 0
	case "exit":
		fmt.Fprint(os.Stderr, "boom: no configuration\x1b[31m\u202e\n")
		return 3
	case "silent":
		select {}
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<20)
	out := bufio.NewWriter(os.Stdout)
	send := func(v any) {
		data, _ := json.Marshal(v)
		out.Write(append(data, '\n'))
		out.Flush()
	}
	pages := 0
	for in.Scan() {
		var msg struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		if json.Unmarshal(in.Bytes(), &msg) != nil || msg.ID == nil {
			continue // a notification
		}
		reply := func(result any) {
			send(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": result})
		}
		switch msg.Method {
		case "initialize":
			reply(map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{"tools": map[string]any{}}, "serverInfo": map[string]any{"name": "fake\u202e", "version": "0"}})
			continue
		case "tools/list":
		default:
			send(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "error": map[string]any{"code": -32601, "message": "method not found"}})
			continue
		}
		pages++
		tool := func(name, description string) map[string]any {
			return map[string]any{"name": name, "description": description, "inputSchema": map[string]any{"type": "object"}}
		}
		switch mode {
		case "hang-after-initialize":
		case "close-on-tools-list":
			os.Stdout.Close()
			select {}
		case "infinite-cursors":
			reply(map[string]any{"tools": []any{tool(fmt.Sprintf("t%d", pages), "x")}, "nextCursor": fmt.Sprint(pages)})
		case "repeated-cursor":
			reply(map[string]any{"tools": []any{tool(fmt.Sprintf("t%d", pages), "x")}, "nextCursor": "again"})
		case "huge-page":
			reply(map[string]any{"tools": []any{tool("big", strings.Repeat("x", 17<<20))}})
		case "deep-nesting":
			// 200 KB of empty arrays 900 deep (the SDK reads JSON-RPC to
			// 1,000), each of which would be written on a line of its own
			// indented 1,800 spaces: 127 MB.
			deep := strings.Repeat("[", 900) + strings.TrimSuffix(strings.Repeat("[],", 70000), ",") + strings.Repeat("]", 900)
			out.WriteString(`{"jsonrpc":"2.0","id":` + string(msg.ID) + `,"result":{"tools":[{"name":"deep","inputSchema":{"type":"object","default":` + deep + "}}]}}\n")
			out.Flush()
		case "invalid-json":
			out.WriteString("{\"jsonrpc\": \"2.0\", \"id\": " + string(msg.ID) + ", \"result\": {\"tools\": [nope\n")
			out.Flush()
		case "rpc-error":
			send(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "error": map[string]any{"code": -32603, "message": "database down\x1b]0;pwned\x07\u202e"}})
		case "control-characters":
			reply(map[string]any{"tools": []any{
				tool("echo", "line one\nline two\u0000\x1b[31mred\u202eevil\u2066\u2028end\ufeff"),
				tool("emoji", "caf\u00e9 \U0001F642 \u00a0 tab\there"),
			}})
		case "invalid-catalog":
			reply(map[string]any{"tools": []any{
				tool("ok", "fine"),
				map[string]any{"name": "bad name\u202e", "inputSchema": map[string]any{"type": "object", "properties": map[string]any{"n": map[string]any{"type": "integer", "maxLenght": 3}}}},
				map[string]any{"name": "no_schema"},
			}})
		}
	}
	return 0
}
