package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/runtime"
)

// buildServer builds this command into a temporary folder and returns the
// binary's path.
func buildServer(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the end-to-end test builds the server and needs the go command: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "mcpgoserver")
	build := exec.Command(goTool, "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// catalogTool is a tool as catalog.json declares it, read without the
// generated code.
type catalogTool struct {
	Name         string          `json:"name"`
	InputSchema  json.RawMessage `json:"inputSchema"`
	OutputSchema json.RawMessage `json:"outputSchema"`
}

func readCatalog(t *testing.T) map[string]catalogTool {
	t.Helper()
	data, err := os.ReadFile("catalog.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct{ Tools []catalogTool }
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	tools := map[string]catalogTool{}
	for _, tool := range file.Tools {
		tools[tool.Name] = tool
	}
	return tools
}

// decode returns the JSON value of data, for comparing meaning rather than
// spelling.
func decode(t *testing.T, data []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("%v: %s", err, data)
	}
	return v
}

// roundTrip returns v as the client would see it after JSON encoding.
func roundTrip(t *testing.T, v any) any {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return decode(t, data)
}

func resultText(t *testing.T, r *mcp.CallToolResult) string {
	t.Helper()
	if len(r.Content) != 1 {
		t.Fatalf("got %d content blocks, want 1", len(r.Content))
	}
	text, ok := r.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("content is %T, want text", r.Content[0])
	}
	return text.Text
}

// TestServerWithTheGoSDKClient starts the built server over stdio and drives
// it with the MCP Go SDK's client, an implementation independent of
// mcp-go, as an agent host would.
func TestServerWithTheGoSDKClient(t *testing.T) {
	bin := buildServer(t)
	ctx := t.Context()
	client := mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "v0"}, nil)
	session, err := client.Connect(ctx, &mcp.CommandTransport{Command: exec.Command(bin)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer session.Close()

	t.Run("tools/list", func(t *testing.T) {
		listed, err := session.ListTools(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		catalog := readCatalog(t)
		defs := map[string]runtime.ToolDefinition{}
		for _, def := range Definitions() {
			defs[def.Name] = def
		}
		var names []string
		for _, tool := range listed.Tools {
			names = append(names, tool.Name)
			def, inCatalog := catalog[tool.Name]
			if !inCatalog {
				t.Errorf("listed tool %q is not in the catalog", tool.Name)
				continue
			}
			got := roundTrip(t, tool.InputSchema)
			if want := decode(t, def.InputSchema); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: listed input schema %v, catalog's %v", tool.Name, got, want)
			}
			if want := decode(t, defs[tool.Name].InputSchema); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: listed input schema %v, generated definition's %v", tool.Name, got, want)
			}
			if def.OutputSchema == nil {
				if tool.OutputSchema != nil {
					t.Errorf("%s: lists an output schema the catalog does not have", tool.Name)
				}
			} else if got, want := roundTrip(t, tool.OutputSchema), decode(t, def.OutputSchema); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: listed output schema %v, catalog's %v", tool.Name, got, want)
			}
		}
		if want := []string{"cancel_order", "get_order", "search_orders"}; !slices.Equal(names, want) {
			t.Errorf("listed %v, want %v", names, want)
		}
		for _, tool := range listed.Tools {
			a := tool.Annotations
			switch tool.Name {
			case "get_order":
				if a == nil || !a.ReadOnlyHint || a.OpenWorldHint == nil || *a.OpenWorldHint {
					t.Errorf("get_order annotations %+v, want read-only and closed-world", a)
				}
			case "cancel_order":
				if a == nil || a.DestructiveHint == nil || !*a.DestructiveHint || !a.IdempotentHint {
					t.Errorf("cancel_order annotations %+v, want destructive and idempotent", a)
				}
			}
		}
	})

	t.Run("a valid call", func(t *testing.T) {
		r, err := session.CallTool(ctx, &mcp.CallToolParams{
			Name:      "get_order",
			Arguments: map[string]any{"orderId": "ord_100001"},
		})
		if err != nil {
			t.Fatal(err)
		}
		if r.IsError {
			t.Fatalf("IsError set: %s", resultText(t, r))
		}
		want := map[string]any{"orderId": "ord_100001", "status": "shipped", "totalCents": 4599.0}
		if !reflect.DeepEqual(r.StructuredContent, want) {
			t.Errorf("structuredContent %v, want %v", r.StructuredContent, want)
		}
		if got := decode(t, []byte(resultText(t, r))); !reflect.DeepEqual(got, any(want)) {
			t.Errorf("text content %v, want %v", got, want)
		}
	})

	t.Run("an invalid call", func(t *testing.T) {
		args := `{"orderId":"123","reason":"oops","extra":1}`
		r, err := session.CallTool(ctx, &mcp.CallToolParams{Name: "cancel_order", Arguments: json.RawMessage(args)})
		if err != nil {
			t.Fatal(err)
		}
		if !r.IsError {
			t.Fatal("IsError not set for invalid arguments")
		}
		// The server's answer is what the generated validator says about the
		// same bytes here.
		local := ValidateArgs("cancel_order", []byte(args))
		var invalid *runtime.ValidationError
		if !errors.As(local, &invalid) {
			t.Fatalf("ValidateArgs: %v, want a *runtime.ValidationError", local)
		}
		text := resultText(t, r)
		if text != runtime.ModelMessage(local) {
			t.Errorf("text %q, want %q", text, runtime.ModelMessage(local))
		}
		for _, v := range invalid.Violations {
			if v.Hint == "" || !strings.Contains(text, v.Hint) {
				t.Errorf("text lacks the hint %q for %s: %s", v.Hint, v.Pointer, text)
			}
		}
		// The structured content locates each violation; its hint is in the
		// text alone.
		if want := roundTrip(t, runtime.Report(local).Compact()); !reflect.DeepEqual(r.StructuredContent, want) {
			t.Errorf("structuredContent\n got %v\nwant %v", r.StructuredContent, want)
		}
		report, _ := r.StructuredContent.(map[string]any)
		var pointers []string
		violations, _ := report["violations"].([]any)
		for _, v := range violations {
			pointers = append(pointers, v.(map[string]any)["pointer"].(string))
		}
		if want := []string{"/orderId", "/reason", "/extra"}; report["error"] != "invalid_arguments" || !slices.Equal(pointers, want) {
			t.Errorf("report class %v with pointers %v, want invalid_arguments with %v", report["error"], pointers, want)
		}
	})

	t.Run("an unknown tool", func(t *testing.T) {
		// mcp-go answers a tool it does not have itself, with the code MCP
		// requires; its message names the tool called (see the adapter's
		// package documentation).
		_, err := session.CallTool(ctx, &mcp.CallToolParams{Name: "refund_everything", Arguments: map[string]any{}})
		var wire *jsonrpc.Error
		if !errors.As(err, &wire) {
			t.Fatalf("got %v, want a JSON-RPC error", err)
		}
		if wire.Code != jsonrpc.CodeInvalidParams || !strings.Contains(wire.Message, "refund_everything") {
			t.Errorf("got code %d, message %q; want %d naming the tool", wire.Code, wire.Message, jsonrpc.CodeInvalidParams)
		}
	})

	t.Run("the server still serves", func(t *testing.T) {
		if _, err := session.ListTools(ctx, nil); err != nil {
			t.Fatal(err)
		}
	})
}

// TestListedSchemasAreTheCatalogBytes reads the server's tools/list answer
// off the wire: each schema is the generated definition's bytes, with only
// the whitespace between tokens dropped and <, > and & escaped by mcp-go's
// encoder.
func TestListedSchemasAreTheCatalogBytes(t *testing.T) {
	bin := buildServer(t)
	cmd := exec.Command(bin)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	requests := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"v0"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
	}
	if _, err := stdin.Write([]byte(strings.Join(requests, "\n") + "\n")); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stdout)
	lines.Buffer(nil, 1<<20)
	var listed string
	for listed == "" && lines.Scan() {
		if strings.HasPrefix(lines.Text(), `{"jsonrpc":"2.0","id":2,`) {
			listed = lines.Text()
		}
	}
	stdin.Close()
	if _, err := io.Copy(io.Discard, stdout); err != nil {
		t.Error(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("server: %v", err)
	}
	if listed == "" {
		t.Fatalf("no answer to tools/list: %v", lines.Err())
	}
	for _, def := range Definitions() {
		var compact, schema bytes.Buffer
		if err := json.Compact(&compact, def.InputSchema); err != nil {
			t.Fatal(err)
		}
		json.HTMLEscape(&schema, compact.Bytes())
		if want := `"inputSchema":` + schema.String(); !strings.Contains(listed, want) {
			t.Errorf("%s: the answer lacks %s\nanswer: %s", def.Name, want, listed)
		}
	}
}
