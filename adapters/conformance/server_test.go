package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/server"
	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
	mcptools "github.com/toolgen/toolgen/adapters/mcp"
	mcpgotools "github.com/toolgen/toolgen/adapters/mcpgo"
	"github.com/toolgen/toolgen/runtime"
	"github.com/toolgen/toolgen/runtime/runtimetest"
)

// serveEnv names the MCP server this test binary runs as, on stdio,
// instead of running tests: "go-sdk" or "mcp-go".
const serveEnv = "TOOLGEN_CONFORMANCE_SERVE"

func TestMain(m *testing.M) {
	if kind := os.Getenv(serveEnv); kind != "" {
		if err := serve(kind); err != nil {
			fmt.Fprintln(os.Stderr, "serve:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// faultArgs are the arguments of the served tool "fault": where to put
// which fault.
type faultArgs struct {
	Place place `json:"place"`
	Fault fault `json:"fault"`
}

// servedDispatcher serves tool "fault", whose arguments choose the fault,
// and tool "ok".
func servedDispatcher() *runtime.Dispatcher {
	specs := []runtimetest.Tool{
		{
			Name: tool,
			Parse: func(raw []byte, _ runtime.Options) (any, error) {
				var args faultArgs
				err := json.Unmarshal(raw, &args)
				return args, err
			},
			Call: func(_ context.Context, _ any, args any) (any, error) {
				a := args.(faultArgs)
				return a.Place.outcome(a.Fault)
			},
		},
		okSpec,
	}
	return runtimetest.NewDispatcher(nil, specs, runtime.Config{})
}

var servedDefinitions = []runtime.ToolDefinition{
	definition,
	{Name: "ok", Description: "Succeeds.", InputSchema: json.RawMessage(`{"type":"object"}`)},
}

// serve runs an MCP server of kind over stdio until stdin ends.
func serve(kind string) error {
	d := servedDispatcher()
	switch kind {
	case "go-sdk":
		s := sdkmcp.NewServer(&sdkmcp.Implementation{Name: "faults", Version: "v0"}, nil)
		if err := mcptools.Register(s, servedDefinitions, d.Dispatch); err != nil {
			return err
		}
		return s.Run(context.Background(), &sdkmcp.StdioTransport{})
	case "mcp-go":
		s := server.NewMCPServer("faults", "v0")
		if err := mcpgotools.Register(s, servedDefinitions, d.Dispatch); err != nil {
			return err
		}
		return server.ServeStdio(s)
	}
	return fmt.Errorf("no server %q", kind)
}

// lockedBuffer collects a process's standard error.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestMCPServersSurviveFaults runs each MCP adapter in a real server
// process over stdio, driven by the go-sdk client, and puts every fault in
// every place of a tool's outcome, one call each: every call is answered
// with a failed tool result, and the server then still lists its tools and
// runs tool "ok". A fault that escaped would end the process (a panic,
// exit status 2) or leave the call unanswered (a Goexit).
func TestMCPServersSurviveFaults(t *testing.T) {
	for _, kind := range []string{"go-sdk", "mcp-go"} {
		t.Run(kind, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), serveEnv+"="+kind)
			stderr := &lockedBuffer{}
			cmd.Stderr = stderr
			client := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "faults", Version: "v0"}, nil)
			session, err := client.Connect(t.Context(), &sdkmcp.CommandTransport{Command: cmd}, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range allPlaces {
				for _, f := range allFaults {
					name := fmt.Sprintf("%s/%s/%s", kind, p, f)
					ctx, cancel := context.WithTimeout(t.Context(), hangLimit)
					r, err := session.CallTool(ctx, &sdkmcp.CallToolParams{Name: tool, Arguments: faultArgs{p, f}})
					cancel()
					if err != nil {
						t.Fatalf("%s: tools/call: %v\nserver stderr:\n%s", name, err, stderr)
					}
					checkAnswer(t, name, mcpAnswer(t, r), p.want(f), true)
				}
			}
			ctx, cancel := context.WithTimeout(t.Context(), hangLimit)
			defer cancel()
			if _, err := session.ListTools(ctx, nil); err != nil {
				t.Fatalf("tools/list after the faults: %v\nserver stderr:\n%s", err, stderr)
			}
			r, err := session.CallTool(ctx, &sdkmcp.CallToolParams{Name: "ok", Arguments: map[string]any{}})
			if a := mcpAnswer(t, r); err != nil || a.failed || a.text != `{"ok":true}` {
				t.Fatalf("tool ok after the faults: %v, %+v", err, a)
			}
			if err := session.Close(); err != nil {
				t.Errorf("closing: %v", err)
			}
			waitExit(t, cmd)
			if strings.Contains(stderr.String(), "panic") || cmd.ProcessState.ExitCode() != 0 {
				t.Errorf("the server exited with status %d:\n%s", cmd.ProcessState.ExitCode(), stderr)
			}
		})
	}
}

// waitExit waits until the transport has reaped the server process.
func waitExit(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	for deadline := time.Now().Add(hangLimit); cmd.ProcessState == nil; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the server did not exit after its stdin closed")
		}
	}
}
