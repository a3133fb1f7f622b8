package helpdesk_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"example.com/helpdesk"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	mcptools "github.com/toolgen/toolgen/adapters/mcp"
	"github.com/toolgen/toolgen/runtime"
)

// connectMCP serves desk's tools on an MCP server, registered as
// mcptools' package doc shows, and returns a client session to it over the
// SDK's in-memory transport.
func connectMCP(t *testing.T, desk *countingDesk) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	server := mcp.NewServer(&mcp.Implementation{Name: "helpdesk", Version: "v1"}, nil)
	dispatch := func(ctx context.Context, name string, raw []byte) (any, error) {
		return helpdesk.Dispatch(ctx, desk, name, raw)
	}
	if err := mcptools.Register(server, helpdesk.Definitions(), dispatch); err != nil {
		t.Fatal(err)
	}
	serverTransport, clientTransport := mcp.NewInMemoryTransports()
	serverSession, err := server.Connect(ctx, serverTransport, nil)
	if err != nil {
		t.Fatal(err)
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "v0"}, nil)
	session, err := client.Connect(ctx, clientTransport, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		session.Close()
		serverSession.Wait()
	})
	return session
}

// TestMCPTurn sends a turn's three calls as MCP sends them, one tools/call
// request each: a call is validated and run on its own, so the mistyped
// close is refused without running while the calls around it run.
func TestMCPTurn(t *testing.T) {
	desk := newCountingDesk()
	session := connectMCP(t, desk)
	turn := []call{validTurn[0], invalidTurn[1], validTurn[1]}
	var failed []bool
	var results []*mcp.CallToolResult
	for _, c := range turn {
		r, err := session.CallTool(context.Background(), &mcp.CallToolParams{Name: c.tool, Arguments: json.RawMessage(c.args)})
		if err != nil {
			t.Fatalf("%s: %v", c.id, err)
		}
		failed = append(failed, r.IsError)
		results = append(results, r)
	}
	checkRan(t, desk, []string{"search_tickets refund", "close_ticket T-1002"})
	if want := []bool{false, true, false}; !slices.Equal(failed, want) {
		t.Fatalf("isError %v, want %v", failed, want)
	}
	// The refused call's structured content is the compact report.
	var report runtime.CompactErrorReport
	wire, err := json.Marshal(results[1].StructuredContent)
	if err != nil || json.Unmarshal(wire, &report) != nil || report.Error != runtime.FailureInvalidArguments ||
		len(report.Violations) != 1 || report.Violations[0].Pointer != "/ticketId" {
		t.Errorf("the refused call's report is %s, want invalid_arguments at /ticketId", wire)
	}
}
