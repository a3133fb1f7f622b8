package mcptools

import (
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/internal/sensitivecases/secrettools"
	"github.com/toolgen/toolgen/runtime"
)

// TestSecretsStayInside calls, over the wire, tools whose calls break
// sensitive values inside them, served by the dispatcher generated for
// their catalog, with the compact and the full report: nothing the server
// sends shows a member or an item inside a sensitive value, and each result
// names the plain member.
func TestSecretsStayInside(t *testing.T) {
	d := secrettools.NewDispatcher(nil, runtime.Config{})
	for _, opts := range [][]Option{nil, {WithFullReport()}} {
		server := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
		if err := Register(server, secrettools.Definitions(), d.Dispatch, opts...); err != nil {
			t.Fatal(err)
		}
		cs, wire := connectRecording(t, server)
		for i, c := range secrettools.Calls() {
			before := len(wire.String())
			r, err := call(t, cs, c.Tool, string(c.Arguments))
			if err != nil {
				t.Fatalf("call %d: %v", i, err)
			}
			if !r.IsError {
				t.Errorf("call %d: not an error", i)
			}
			sent := wire.String()[before:]
			if problems := secrettools.Problems(sent, c.Sealed); problems != nil {
				t.Errorf("call %d: the server sent %v:\n%s", i, problems, sent)
			}
			if c.Shown != "" && !strings.Contains(text(t, r), c.Shown) {
				t.Errorf("call %d: the plain member is not named:\n%s", i, text(t, r))
			}
		}
	}
}
