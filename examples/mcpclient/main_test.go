package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/openai/openai-go/v3"
	mcptools "github.com/toolgen/toolgen/adapters/mcp"
	openaitools "github.com/toolgen/toolgen/adapters/openai"
	"github.com/toolgen/toolgen/examples/mcpclient/memory"
	"github.com/toolgen/toolgen/runtime"
)

// graph stands in for the memory server offline: the pulled catalog served
// through the MCP adapter, with create_entities and search_nodes working.
// The other tools are left to the embedded nil Handler, whose panic the
// dispatcher turns into a failed call.
type graph struct {
	memory.Handler
	mu       sync.Mutex
	entities []memory.CreateEntitiesEntitiesItem
}

func (g *graph) CreateEntities(ctx context.Context, args memory.ValidCreateEntitiesArgs) (memory.CreateEntitiesResult, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	res := memory.CreateEntitiesResult{Entities: []memory.CreateEntitiesResultEntitiesItem{}}
	for _, e := range args.Args().Entities {
		g.entities = append(g.entities, e)
		res.Entities = append(res.Entities, memory.CreateEntitiesResultEntitiesItem(e))
	}
	return res, nil
}

func (g *graph) SearchNodes(ctx context.Context, args memory.ValidSearchNodesArgs) (memory.SearchNodesResult, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	res := memory.SearchNodesResult{Entities: []memory.SearchNodesResultEntitiesItem{}, Relations: []memory.SearchNodesResultRelationsItem{}}
	for _, e := range g.entities {
		if strings.Contains(e.Name, args.Args().Query) {
			res.Entities = append(res.Entities, memory.SearchNodesResultEntitiesItem(e))
		}
	}
	return res, nil
}

// arrivals records the calls that reached the stand-in server: the tool
// and the raw arguments.
type arrivals struct {
	mu    sync.Mutex
	calls []string
}

func (a *arrivals) list() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]string(nil), a.calls...)
}

// remote starts the stand-in server and returns a client session connected
// to it, and what reaches it.
func remote(t *testing.T) (*mcp.ClientSession, *arrivals) {
	t.Helper()
	ctx := context.Background()
	server := mcp.NewServer(&mcp.Implementation{Name: "memory-server", Version: "0.6.3"}, nil)
	g, seen := &graph{}, &arrivals{}
	dispatch := func(ctx context.Context, name string, raw []byte) (any, error) {
		seen.mu.Lock()
		seen.calls = append(seen.calls, name+" "+string(raw))
		seen.mu.Unlock()
		return memory.Dispatch(ctx, g, name, raw)
	}
	if err := mcptools.Register(server, memory.Definitions(), dispatch); err != nil {
		t.Fatal(err)
	}
	clientSide, serverSide := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, serverSide, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	session, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).Connect(ctx, clientSide, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { session.Close() })
	return session, seen
}

// TestRun makes the example's calls against the stand-in: the invalid one
// never reaches the server, the two valid ones do and come back typed.
func TestRun(t *testing.T) {
	session, seen := remote(t)
	var out bytes.Buffer
	if err := run(context.Background(), memory.NewClient(mcptools.Caller(session)), &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`Field "entities[0].observations" must be an array, got null.`,
		"create_entities: 2 new entities",
		"search_nodes: Ada Lovelace (person): [wrote the first program]",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the output lacks %q:\n%s", want, out.String())
		}
	}
	calls := seen.list()
	if len(calls) != 2 || !strings.HasPrefix(calls[0], "create_entities ") || calls[1] != `search_nodes {"query":"Ada"}` {
		t.Errorf("the server saw %q, want the two valid calls", calls)
	}
}

// toolCalls reads the tool calls of an assistant message as the API sends it.
func toolCalls(t *testing.T, message string) []openai.ChatCompletionMessageToolCallUnion {
	t.Helper()
	var msg openai.ChatCompletionMessage
	if err := json.Unmarshal([]byte(message), &msg); err != nil {
		t.Fatal(err)
	}
	return msg.ToolCalls
}

// answers renders the tool messages of a turn as JSON text, one per call.
func answers(t *testing.T, msgs []openai.ChatCompletionMessageParamUnion) []string {
	t.Helper()
	var out []string
	for _, m := range msgs {
		data, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(data))
	}
	return out
}

// TestValidatingProxy: an agent serves the model the pulled catalog's
// definitions through the OpenAI adapter and forwards each call through
// the generated Client. A turn with an invalid call runs nothing, and the
// model gets the hints; the corrected turn reaches the server with the
// bytes the generated validator accepted; a call the server fails comes
// back to the model without the server's words.
func TestValidatingProxy(t *testing.T) {
	session, seen := remote(t)
	ctx := context.Background()
	agent := memory.NewDispatcher(proxy{remote: memory.NewClient(mcptools.Caller(session))}, runtime.Config{})

	// What the model is offered is the server's own schemas.
	tools := openaitools.ChatTools(memory.Definitions())
	if len(tools) != 9 {
		t.Fatalf("%d tools offered, want the catalog's 9", len(tools))
	}
	offered, _ := json.Marshal(tools[7])
	if !strings.Contains(string(offered), `"name":"search_nodes"`) || !strings.Contains(string(offered), `"description":"The search query to match against entity names, types, and observation content"`) {
		t.Errorf("the model is offered %s", offered)
	}

	turn1 := answers(t, openaitools.ChatDispatch(ctx, toolCalls(t, `{"role":"assistant","tool_calls":[
		{"id":"c1","type":"function","function":{"name":"create_entities","arguments":"{\"entities\":[{\"name\":\"Ada Lovelace\",\"entityType\":\"person\",\"observations\":[\"wrote the first program\"]}]}"}},
		{"id":"c2","type":"function","function":{"name":"search_nodes","arguments":"{\"query\":42}"}}]}`), agent))
	if len(turn1) != 2 || !strings.Contains(turn1[1], `Field \"query\" must be a string, got the number 42.`) || !strings.Contains(turn1[0], "not run") {
		t.Errorf("turn 1 answers:\n%s", strings.Join(turn1, "\n"))
	}
	if calls := seen.list(); len(calls) != 0 {
		t.Fatalf("a turn with an invalid call reached the server: %q", calls)
	}

	turn2 := answers(t, openaitools.ChatDispatch(ctx, toolCalls(t, `{"role":"assistant","tool_calls":[
		{"id":"c3","type":"function","function":{"name":"create_entities","arguments":"{\"entities\":[{\"name\":\"Ada Lovelace\",\"entityType\":\"person\",\"observations\":[\"wrote the first program\"]}]}"}},
		{"id":"c4","type":"function","function":{"name":"search_nodes","arguments":"{\"query\":\"Ada\"}"}}]}`), agent))
	if len(turn2) != 2 || !strings.Contains(turn2[1], `Ada Lovelace`) || strings.Contains(strings.Join(turn2, ""), "isError") {
		t.Errorf("turn 2 answers:\n%s", strings.Join(turn2, "\n"))
	}
	want := []string{
		`create_entities {"entities":[{"name":"Ada Lovelace","entityType":"person","observations":["wrote the first program"]}]}`,
		`search_nodes {"query":"Ada"}`,
	}
	if calls := seen.list(); strings.Join(calls, "\n") != strings.Join(want, "\n") {
		t.Errorf("the server saw\n%s\nwant\n%s", strings.Join(calls, "\n"), strings.Join(want, "\n"))
	}

	// read_graph fails on the server (the stand-in does not have it): the
	// model hears that it failed, not what the server said.
	turn3 := answers(t, openaitools.ChatDispatch(ctx, toolCalls(t, `{"role":"assistant","tool_calls":[
		{"id":"c5","type":"function","function":{"name":"read_graph","arguments":"{}"}}]}`), agent))
	if len(turn3) != 1 || !strings.Contains(turn3[0], "tool_failed") || strings.Contains(turn3[0], "internal error") {
		t.Errorf("turn 3 answers:\n%s", strings.Join(turn3, "\n"))
	}
}
