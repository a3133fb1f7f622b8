package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	openaitools "github.com/toolgen/toolgen/adapters/openai"
	"github.com/toolgen/toolgen/runtime"
)

// startReplay serves the recorded responses on a loopback port.
func startReplay(t *testing.T) (*replayServer, string) {
	t.Helper()
	replay, err := newReplayServer()
	if err != nil {
		t.Fatal(err)
	}
	server := httptest.NewServer(replay)
	t.Cleanup(server.Close)
	return replay, server.URL
}

// checkTranscript checks what the example prints: the calls as the model
// made them, the violations of the invalid one as the model is told them,
// the valid one's result and the model's answer.
func checkTranscript(t *testing.T, out string) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	want := []struct {
		line  string
		whole bool // else a prefix
	}{
		{"user:      " + defaultPrompt, true},
		{`model:     refund_order({"orderId":"ord_8f2k1x9q","amountCents":"1250","reason":"damaged"})`, true},
		{`model:     get_order({"orderId":"ord_8f2k1x9q"})`, true},
		{`log:       refund_order: invalid_arguments /amountCents (type)`, true},
		{`log:       get_order: not_run`, true},
		{`tool:      refund_order -> ERROR invalid_arguments: The arguments for tool "refund_order" have 1 problem.`, false},
		{`           - Field "amountCents" must be an integer, got the string "1250".`, true},
		{`           {"error":"invalid_arguments","tool":"refund_order","violations":[{"pointer":"/amountCents","keyword":"type"}]}`, true},
		// The batch: the valid call did not run because the other was invalid.
		{`tool:      get_order -> ERROR not_run: This call to "get_order" was not run because call 1 of the batch (to "refund_order") had invalid arguments;`, false},
		{`           {"error":"not_run"}`, true},
		{`model:     refund_order({"orderId":"ord_8f2k1x9q","amountCents":1250,"reason":"damaged"})`, true},
		{`model:     get_order({"orderId":"ord_8f2k1x9q"})`, true},
		{`tool:      refund_order -> {"amountCents":1250,"reason":"damaged","refundId":"rf_1","status":"queued"}`, true},
		{`tool:      get_order -> {"orderId":"ord_8f2k1x9q","status":"delivered","totalCents":4250,"refundedCents":1250}`, true},
		{"assistant: I refunded 12.50 for the damage (refund rf_1, queued). Order ord_8f2k1x9q cost 42.50 and was delivered.", true},
	}
	if len(lines) != len(want) {
		t.Fatalf("the example printed %d lines, want %d:\n%s", len(lines), len(want), out)
	}
	for i, w := range want {
		if w.whole && lines[i] != w.line || !w.whole && !strings.HasPrefix(lines[i], w.line) {
			t.Errorf("line %d is\n%s\nwant (whole=%v)\n%s", i+1, lines[i], w.whole, w.line)
		}
	}
}

// wireSchema is a catalog schema as encoding/json puts it in a request body:
// insignificant whitespace dropped, <, > and & escaped; keys, key order and
// number literals unchanged.
func wireSchema(t *testing.T, schema []byte) string {
	t.Helper()
	var compact, escaped bytes.Buffer
	if err := json.Compact(&compact, schema); err != nil {
		t.Fatal(err)
	}
	json.HTMLEscape(&escaped, compact.Bytes())
	return escaped.String()
}

// request is the part of a chat completion request the test checks.
type request struct {
	Model    string `json:"model"`
	Messages []struct {
		Role       string          `json:"role"`
		Content    json.RawMessage `json:"content"`
		ToolCallID string          `json:"tool_call_id"`
		ToolCalls  []struct {
			ID       string `json:"id"`
			Function struct {
				Name      string `json:"name"`
				Arguments string `json:"arguments"`
			} `json:"function"`
		} `json:"tool_calls"`
	} `json:"messages"`
	Tools []struct {
		Type     string `json:"type"`
		Function struct {
			Name        string          `json:"name"`
			Description string          `json:"description"`
			Strict      *bool           `json:"strict"`
			Parameters  json.RawMessage `json:"parameters"`
		} `json:"function"`
	} `json:"tools"`
}

func TestConversation(t *testing.T) {
	replay, url := startReplay(t)
	client := openai.NewClient(option.WithBaseURL(url), option.WithAPIKey("test"), option.WithMaxRetries(0))
	var out bytes.Buffer
	err := run(context.Background(), &out, client, conversation{model: "gpt-test", prompt: defaultPrompt})
	if err != nil {
		t.Fatal(err)
	}
	checkTranscript(t, out.String())

	bodies := replay.Requests()
	if len(bodies) != 3 {
		t.Fatalf("the client sent %d requests, want 3", len(bodies))
	}
	var reqs [3]request
	for i, body := range bodies {
		if err := json.Unmarshal(body, &reqs[i]); err != nil {
			t.Fatalf("request %d is not JSON: %v\n%s", i+1, err, body)
		}
	}

	// Every request carries every tool with the catalog's schema.
	defs := Definitions()
	for i, req := range reqs {
		if req.Model != "gpt-test" || len(req.Tools) != len(defs) {
			t.Fatalf("request %d has model %q and %d tools, want gpt-test and %d", i+1, req.Model, len(req.Tools), len(defs))
		}
		for j, def := range defs {
			f := req.Tools[j].Function
			if req.Tools[j].Type != "function" || f.Name != def.Name || f.Description != def.Description || f.Strict != nil {
				t.Errorf("request %d, tool %d is %+v", i+1, j, req.Tools[j])
			}
			if got, want := string(f.Parameters), wireSchema(t, def.InputSchema); got != want {
				t.Errorf("request %d, tool %s: parameters\n%s\nwant the catalog's schema\n%s", i+1, def.Name, got, want)
			}
		}
	}
	// What the byte equality above means for this catalog: the literal
	// schema of catalog.json, not a re-encoding of it.
	if got := string(reqs[1].Tools[1].Function.Parameters); !strings.HasPrefix(got,
		`{"type":"object","properties":{"orderId":{"type":"string","description":"The order to refund, as returned by get_order.","pattern":"^ord_[a-z0-9]{4,32}$"},"amountCents":{"type":"integer"`) {
		t.Errorf("refund_order's parameters are not catalog.json's text: %s", got)
	}

	// The second request replays the conversation and answers both calls.
	msgs := reqs[1].Messages
	if len(msgs) != 4 {
		t.Fatalf("the second request has %d messages, want user, assistant and two tool messages:\n%s", len(msgs), bodies[1])
	}
	if msgs[0].Role != "user" || msgs[1].Role != "assistant" || len(msgs[1].ToolCalls) != 2 ||
		msgs[1].ToolCalls[0].ID != "call_refund_7Qx2" ||
		msgs[1].ToolCalls[0].Function.Arguments != `{"orderId":"ord_8f2k1x9q","amountCents":"1250","reason":"damaged"}` {
		t.Errorf("the conversation is not replayed as the model wrote it:\n%s", bodies[1])
	}
	var refund, lookup string
	if msgs[2].Role != "tool" || msgs[2].ToolCallID != "call_refund_7Qx2" || json.Unmarshal(msgs[2].Content, &refund) != nil {
		t.Fatalf("the third message does not answer the refund call: %+v", msgs[2])
	}
	if msgs[3].Role != "tool" || msgs[3].ToolCallID != "call_lookup_3Kd9" || json.Unmarshal(msgs[3].Content, &lookup) != nil {
		t.Fatalf("the fourth message does not answer the lookup call: %+v", msgs[3])
	}

	if !strings.HasPrefix(refund, "ERROR invalid_arguments: ") ||
		!strings.Contains(refund, "\n- Field \"amountCents\" must be an integer, got the string \"1250\".\n") {
		t.Errorf("the refund call's answer lacks the error prefix or the hint:\n%s", refund)
	}
	report, ok := openaitools.ParseError(refund)
	if !ok || report.Error != runtime.FailureInvalidArguments || report.Tool != "refund_order" ||
		len(report.Violations) != 1 || report.Violations[0].Pointer != "/amountCents" || report.Violations[0].Keyword != "type" {
		t.Errorf("the refund call's report is %+v (parsed: %v)", report, ok)
	}
	if notRun, ok := openaitools.ParseError(lookup); !ok || notRun.Error != runtime.FailureNotRun {
		t.Errorf("the lookup call, in a batch with an invalid call, was answered %s, want not_run", lookup)
	}
}

func TestReplayFlag(t *testing.T) {
	var out bytes.Buffer
	if err := cli(context.Background(), []string{"-replay"}, &out); err != nil {
		t.Fatal(err)
	}
	checkTranscript(t, out.String())
}

func TestBaseURLFlag(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "test")
	replay, url := startReplay(t)
	var out bytes.Buffer
	if err := cli(context.Background(), []string{"-base-url", url, "-model", "gpt-other", "-strict"}, &out); err != nil {
		t.Fatal(err)
	}
	checkTranscript(t, out.String())
	var req request
	if err := json.Unmarshal(replay.Requests()[0], &req); err != nil {
		t.Fatal(err)
	}
	if req.Model != "gpt-other" {
		t.Errorf("-model sent %q", req.Model)
	}
	for _, tool := range req.Tools {
		if s := tool.Function.Strict; s == nil || !*s {
			t.Errorf("-strict sent %s with strict %v", tool.Function.Name, s)
		}
	}
}

func TestNoKeyNoReplay(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "")
	t.Setenv("OPENAI_BASE_URL", "")
	var out bytes.Buffer
	err := cli(context.Background(), nil, &out)
	if err == nil || !strings.Contains(err.Error(), "-replay") {
		t.Errorf("without a key or -replay the example says %v, want a hint to use -replay", err)
	}
}
