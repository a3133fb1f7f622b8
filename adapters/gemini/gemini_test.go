package geminitools_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	geminitools "github.com/toolgen/toolgen/adapters/gemini"
	"github.com/toolgen/toolgen/runtime"
	"google.golang.org/genai"
)

// The schemas are written so that any decode and re-encode would change
// their bytes: keys out of alphabetical order, a number spelled 1.0, an
// integer past 2^53, an escaped character and a "<".
const (
	refundSchema = `{
  "type": "object",
  "required": ["amount"],
  "properties": {
    "amount": {"type": "integer", "minimum": 1.0, "maximum": 9007199254740993, "description": "cents <= balance"},
    "note": {"type": "string", "pattern": "^caf\u00e9"}
  }
}`
	refundOutput = `{"type": "object", "properties": {"status": {"type": "string"}}, "required": ["status"]}`
	lookupSchema = `{"type":"object","properties":{"id":{"type":"string"}}}`
)

func definitions() []runtime.ToolDefinition {
	yes := true
	return []runtime.ToolDefinition{
		{
			Name:         "refund",
			Title:        "Refund",
			Description:  "Refund a payment.",
			InputSchema:  json.RawMessage(refundSchema),
			OutputSchema: json.RawMessage(refundOutput),
			Annotations:  runtime.Annotations{DestructiveHint: &yes},
		},
		{Name: "lookup", Description: "Look a payment up.", InputSchema: json.RawMessage(lookupSchema)},
		{Name: "ping", Description: "No arguments."},
	}
}

// wire is a schema as it must appear in a request body: compacted, with
// <, > and & escaped, as encoding/json writes a json.RawMessage.
func wire(t *testing.T, s string) string {
	t.Helper()
	var b, escaped bytes.Buffer
	if err := json.Compact(&b, []byte(s)); err != nil {
		t.Fatal(err)
	}
	json.HTMLEscape(&escaped, b.Bytes())
	return escaped.String()
}

func TestFunctionDeclarationKeepsTheCatalogBytes(t *testing.T) {
	for _, def := range definitions() {
		fd := geminitools.FunctionDeclaration(def)
		if fd.Name != def.Name || fd.Description != def.Description || fd.Parameters != nil || fd.Response != nil {
			t.Errorf("%s: %+v", def.Name, fd)
		}
		in, ok := fd.ParametersJsonSchema.(json.RawMessage)
		want := string(def.InputSchema)
		if def.InputSchema == nil {
			want = `{"type":"object"}`
		}
		if !ok || string(in) != want {
			t.Errorf("%s: parameters %#v, want the definition's bytes", def.Name, fd.ParametersJsonSchema)
		}
		if out, ok := fd.ResponseJsonSchema.(json.RawMessage); def.OutputSchema != nil && (!ok || !bytes.Equal(out, def.OutputSchema)) || def.OutputSchema == nil && fd.ResponseJsonSchema != nil {
			t.Errorf("%s: response schema %#v", def.Name, fd.ResponseJsonSchema)
		}
	}
}

// recorder is a stand-in for the Gemini API that keeps the request bodies
// and answers with a text response.
type recorder struct {
	mu     sync.Mutex
	bodies []string
}

func (r *recorder) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	r.mu.Lock()
	r.bodies = append(r.bodies, string(body))
	r.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	io.WriteString(w, `{"candidates":[{"content":{"role":"model","parts":[{"text":"Done."}]},"finishReason":"STOP"}]}`)
}

func (r *recorder) last() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.bodies[len(r.bodies)-1]
}

func newClient(t *testing.T, h http.Handler) *genai.Client {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	client, err := genai.NewClient(context.Background(), &genai.ClientConfig{
		APIKey:      "test",
		Backend:     genai.BackendGeminiAPI,
		HTTPOptions: genai.HTTPOptions{BaseURL: srv.URL},
	})
	if err != nil {
		t.Fatal(err)
	}
	return client
}

// TestSchemaBytesOnTheWire sends a request through the SDK: with
// SchemaBytes every schema in the body is the catalog's bytes; without
// it the SDK sends a re-encoded map, which is why the hook exists.
func TestSchemaBytesOnTheWire(t *testing.T) {
	rec := &recorder{}
	client := newClient(t, rec)
	contents := []*genai.Content{genai.NewContentFromText("Refund it.", genai.RoleUser)}
	for _, hook := range []bool{true, false} {
		config := &genai.GenerateContentConfig{Tools: []*genai.Tool{geminitools.Tool(definitions())}}
		if hook {
			config.HTTPOptions = &genai.HTTPOptions{ExtrasRequestProvider: geminitools.SchemaBytes(definitions())}
		}
		if _, err := client.Models.GenerateContent(context.Background(), "gemini-test", contents, config); err != nil {
			t.Fatal(err)
		}
		body := rec.last()
		for _, s := range []string{refundSchema, refundOutput} {
			if sent := strings.Contains(body, wire(t, s)); sent != hook {
				t.Errorf("hook %v: the body holds the catalog's bytes %s: %v\nbody: %s", hook, wire(t, s), sent, body)
			}
		}
		if want := `"parametersJsonSchema":` + wire(t, refundSchema); hook && !strings.Contains(body, want) {
			t.Errorf("the refund declaration's parameters are not the catalog's bytes\nbody: %s", body)
		}
		if want := `"responseJsonSchema":` + wire(t, refundOutput); hook && !strings.Contains(body, want) {
			t.Errorf("the refund declaration's response schema is not the catalog's bytes\nbody: %s", body)
		}
		if !strings.Contains(body, `"parametersJsonSchema":{"type":"object"}`) || strings.Count(body, `"responseJsonSchema"`) != 1 {
			t.Errorf("hook %v: the declarations of lookup and ping\nbody: %s", hook, body)
		}
	}
}

// TestSchemaBytesLeavesTheRestAlone: the hook changes only the schemas of
// the definitions it was given.
func TestSchemaBytesLeavesTheRestAlone(t *testing.T) {
	body := map[string]any{
		"contents": []any{map[string]any{"role": "user"}},
		"tools": []any{
			map[string]any{"functionDeclarations": []any{
				map[string]any{"name": "other", "parametersJsonSchema": map[string]any{"type": "object"}},
				map[string]any{"name": "lookup", "parametersJsonSchema": map[string]any{"type": "object"}},
				map[string]any{"name": "refund"}, // sent with Parameters by the caller
			}},
			map[string]any{"googleSearch": map[string]any{}},
		},
	}
	out, err := json.Marshal(geminitools.SchemaBytes(definitions())(body))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"contents":[{"role":"user"}],"tools":[{"functionDeclarations":[{"name":"other","parametersJsonSchema":{"type":"object"}},{"name":"lookup","parametersJsonSchema":` + lookupSchema + `},{"name":"refund"}]},{"googleSearch":{}}]}`
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	if got := geminitools.SchemaBytes(definitions())(map[string]any{"tools": "not a list"}); got["tools"] != "not a list" {
		t.Errorf("a body of another shape was changed: %v", got)
	}
}
