package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/anthropics/anthropic-sdk-go"
	"github.com/mark3labs/mcp-go/server"
	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
	anthropictools "github.com/toolgen/toolgen/adapters/anthropic"
	geminitools "github.com/toolgen/toolgen/adapters/gemini"
	mcptools "github.com/toolgen/toolgen/adapters/mcp"
	mcpgotools "github.com/toolgen/toolgen/adapters/mcpgo"
	openaitools "github.com/toolgen/toolgen/adapters/openai"
	"github.com/toolgen/toolgen/internal/sensitivecases/secrettools"
	"github.com/toolgen/toolgen/runtime"
	"google.golang.org/genai"
)

// A sent answer is what an adapter sent back for one call: the answer as
// the model reads it, and everything it put on the wire or in the
// provider's request.
type sent struct {
	answer
	wire string
}

// A secretWay answers calls through one adapter, with or without the full
// report, and one by one where the adapter answers a turn (oneByOne is
// false for the others).
type secretWay struct {
	name     string
	oneByOne bool
	// maps is set when the adapter's SDK holds a call's arguments as a
	// map, which keeps one member of a name sent twice: such a call is not
	// one the adapter can be given.
	maps bool
	run  func(t *testing.T, calls []secrettools.Call, full, oneByOne bool) []sent
}

var secretWays = []secretWay{
	{name: "openai ChatDispatch", oneByOne: true, run: func(t *testing.T, calls []secrettools.Call, full, oneByOne bool) []sent {
		var parts []string
		for i, c := range calls {
			parts = append(parts, fmt.Sprintf(`{"id":"call_%d","type":"function","function":{"name":%q,"arguments":%s}}`, i, c.Tool, quote(c.Arguments)))
		}
		var turn []openai.ChatCompletionMessageToolCallUnion
		decode(t, "["+strings.Join(parts, ",")+"]", &turn)
		var out []sent
		for _, m := range openaitools.ChatDispatch(context.Background(), turn, d(), openaiOptions(full, oneByOne)...) {
			out = append(out, sent{openaiAnswer(m.OfTool.Content.OfString.Value), wire(t, m)})
		}
		return out
	}},
	{name: "openai ResponseDispatch", oneByOne: true, run: func(t *testing.T, calls []secrettools.Call, full, oneByOne bool) []sent {
		var parts []string
		for i, c := range calls {
			parts = append(parts, fmt.Sprintf(`{"type":"function_call","id":"fc_%d","call_id":"call_%d","name":%q,"arguments":%s}`, i, i, c.Tool, quote(c.Arguments)))
		}
		var items []responses.ResponseOutputItemUnion
		decode(t, "["+strings.Join(parts, ",")+"]", &items)
		var out []sent
		for _, m := range openaitools.ResponseDispatch(context.Background(), items, d(), openaiOptions(full, oneByOne)...) {
			out = append(out, sent{openaiAnswer(m.OfFunctionCallOutput.Output.OfString.Value), wire(t, m)})
		}
		return out
	}},
	{name: "anthropic Dispatch", oneByOne: true, run: func(t *testing.T, calls []secrettools.Call, full, oneByOne bool) []sent {
		var blocks []string
		for i, c := range calls {
			blocks = append(blocks, fmt.Sprintf(`{"type":"tool_use","id":"toolu_%d","name":%q,"input":%s}`, i, c.Tool, c.Arguments))
		}
		var content []anthropic.ContentBlockUnion
		decode(t, "["+strings.Join(blocks, ",")+"]", &content)
		var opts []anthropictools.TurnOption
		if full {
			opts = append(opts, anthropictools.WithFullReport())
		}
		if oneByOne {
			opts = append(opts, anthropictools.OneByOne())
		}
		reply, _ := anthropictools.Dispatch(context.Background(), content, d(), opts...)
		var out []sent
		for _, block := range reply.Content {
			out = append(out, sent{anthropicAnswer(t, block), wire(t, block)})
		}
		return out
	}},
	{name: "gemini Dispatch", oneByOne: true, maps: true, run: func(t *testing.T, calls []secrettools.Call, full, oneByOne bool) []sent {
		var parts []string
		for i, c := range calls {
			parts = append(parts, fmt.Sprintf(`{"functionCall":{"id":"call_%d","name":%q,"args":%s}}`, i, c.Tool, c.Arguments))
		}
		var turn []*genai.Part
		decode(t, "["+strings.Join(parts, ",")+"]", &turn)
		var opts []geminitools.TurnOption
		if full {
			opts = append(opts, geminitools.WithFullReport())
		}
		if oneByOne {
			opts = append(opts, geminitools.OneByOne())
		}
		reply, _ := geminitools.Dispatch(context.Background(), turn, d(), opts...)
		var out []sent
		for _, p := range reply.Parts {
			out = append(out, sent{geminiAnswer(t, p), wire(t, p)})
		}
		return out
	}},
	{name: "mcp Register", run: func(t *testing.T, calls []secrettools.Call, full, _ bool) []sent {
		var opts []mcptools.Option
		if full {
			opts = append(opts, mcptools.WithFullReport())
		}
		s := sdkmcp.NewServer(&sdkmcp.Implementation{Name: "secrets", Version: "v0"}, nil)
		if err := mcptools.Register(s, secrettools.Definitions(), d().Dispatch, opts...); err != nil {
			t.Fatal(err)
		}
		cs, rec := connectRecording(t, s)
		var out []sent
		for i, c := range calls {
			before := len(rec.String())
			r, err := cs.CallTool(context.Background(), &sdkmcp.CallToolParams{Name: c.Tool, Arguments: c.Arguments})
			if err != nil {
				t.Fatalf("call %d: tools/call: %v", i, err)
			}
			out = append(out, sent{mcpAnswer(t, r), rec.String()[before:]})
		}
		return out
	}},
	{name: "mcpgo Register", run: func(t *testing.T, calls []secrettools.Call, full, _ bool) []sent {
		var opts []mcpgotools.Option
		if full {
			opts = append(opts, mcpgotools.WithFullReport())
		}
		s := server.NewMCPServer("secrets", "v0")
		if err := mcpgotools.Register(s, secrettools.Definitions(), d().Dispatch, opts...); err != nil {
			t.Fatal(err)
		}
		var out []sent
		for i, c := range calls {
			request := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":%s}}`, i, c.Tool, c.Arguments)
			w := wire(t, s.HandleMessage(context.Background(), json.RawMessage(request)))
			var r struct {
				Result json.RawMessage `json:"result"`
			}
			decode(t, w, &r)
			if r.Result == nil {
				t.Fatalf("call %d: not a tool result: %s", i, w)
			}
			out = append(out, sent{mcpgoWire(t, r.Result), w})
		}
		return out
	}},
}

// TestAdapterSecretsStayInside answers the calls of secrettools, which
// break sensitive values inside them (members named by secrets, items of
// secret lists, a login that holds a password), through every adapter,
// with the compact and the full report, and one by one where an adapter
// answers a turn: each call is answered as invalid arguments, nothing the
// adapter sends shows a secret, a member or an item inside a sensitive
// value, and each answer names the plain member the call breaks.
func TestAdapterSecretsStayInside(t *testing.T) {
	for _, w := range secretWays {
		calls := secrettools.Calls()
		if w.maps {
			calls = withoutNamesTwice(calls)
		}
		for _, full := range []bool{false, true} {
			for _, oneByOne := range []bool{false, true} {
				if oneByOne && !w.oneByOne {
					continue
				}
				name := fmt.Sprintf("%s/full=%v/oneByOne=%v", w.name, full, oneByOne)
				answers := w.run(t, calls, full, oneByOne)
				if len(answers) != len(calls) {
					t.Fatalf("%s: %d answers for %d calls", name, len(answers), len(calls))
				}
				for i, a := range answers {
					if !a.failed || a.class != runtime.FailureInvalidArguments {
						t.Errorf("%s: call %d: failed %v with class %q, want %s: %s", name, i, a.failed, a.class, runtime.FailureInvalidArguments, a.wire)
					}
					if problems := secrettools.Problems(a.wire, calls[i].Sealed); problems != nil {
						t.Errorf("%s: call %d: the adapter sent %v:\n%s", name, i, problems, a.wire)
					}
					if calls[i].Shown != "" && !strings.Contains(a.text, calls[i].Shown) {
						t.Errorf("%s: call %d: the plain member %s is not named:\n%s", name, i, calls[i].Shown, a.text)
					}
				}
			}
		}
	}
}

// TestSecretWaysCoverEveryAdapter keeps the list above whole: every
// adapter module but this one is reached by a way of its name.
func TestSecretWaysCoverEveryAdapter(t *testing.T) {
	for _, m := range adapterModules {
		if m == "conformance" {
			continue
		}
		found := false
		for _, w := range secretWays {
			found = found || strings.HasPrefix(w.name, m+" ")
		}
		if !found {
			t.Errorf("no way into adapter %s sends it secrets", m)
		}
	}
}

// d is the dispatcher generated for the secrettools catalog, with no
// handler: every call is invalid.
func d() *runtime.Dispatcher { return secrettools.NewDispatcher(nil, runtime.Config{}) }

func openaiOptions(full, oneByOne bool) []openaitools.TurnOption {
	var opts []openaitools.TurnOption
	if full {
		opts = append(opts, openaitools.WithFullReport())
	}
	if oneByOne {
		opts = append(opts, openaitools.OneByOne())
	}
	return opts
}

// quote is JSON text as a JSON string, as OpenAI sends a call's arguments.
func quote(text json.RawMessage) string {
	b, _ := json.Marshal(string(text))
	return string(b)
}

// wire is v as the SDK encodes it for the provider or the client.
func wire(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// withoutNamesTwice leaves out the calls whose arguments hold a member
// name twice in one object.
func withoutNamesTwice(calls []secrettools.Call) []secrettools.Call {
	var out []secrettools.Call
	for _, c := range calls {
		if !namesTwice(c.Arguments) {
			out = append(out, c)
		}
	}
	return out
}

// namesTwice reports whether text, valid JSON, holds an object with a
// member name twice.
func namesTwice(text []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(text))
	type level struct {
		names  map[string]bool
		object bool
		key    bool // the next string is a member name
	}
	var stack []*level
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		var top *level
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if s, ok := tok.(string); ok && top != nil && top.object && top.key {
			if top.names[s] {
				return true
			}
			top.names[s], top.key = true, false
			continue
		}
		if top != nil && top.object {
			top.key = true // a value ends here, or begins and ends inside
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &level{names: map[string]bool{}, object: true, key: true})
		case json.Delim('['):
			stack = append(stack, &level{})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
	}
}

// recorder keeps what a server writes to its client.
type recorder struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (r *recorder) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.b.Write(p)
}

func (r *recorder) String() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.b.String()
}

// connectRecording connects a go-sdk client to s over pipes carrying
// newline-delimited JSON, as stdio does, and records what s sends.
func connectRecording(t *testing.T, s *sdkmcp.Server) (*sdkmcp.ClientSession, *recorder) {
	t.Helper()
	ctx := context.Background()
	toServer, fromClient := io.Pipe()
	toClient, fromServer := io.Pipe()
	rec := &recorder{}
	ss, err := s.Connect(ctx, &sdkmcp.IOTransport{Reader: toServer, Writer: teeWriter{fromServer, rec}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "secrets", Version: "v0"}, nil).Connect(ctx, &sdkmcp.IOTransport{Reader: toClient, Writer: fromClient}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs, rec
}

// teeWriter writes to the pipe to the client and to the recorder.
type teeWriter struct {
	*io.PipeWriter
	rec *recorder
}

func (w teeWriter) Write(p []byte) (int, error) {
	w.rec.Write(p)
	return w.PipeWriter.Write(p)
}
