package helpdesk_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"example.com/helpdesk"
	"github.com/anthropics/anthropic-sdk-go"
	anthropictools "github.com/toolgen/toolgen/adapters/anthropic"
	"github.com/toolgen/toolgen/runtime"
)

// assistantMessage is the Messages API response in which the model makes
// the calls of turn as tool_use blocks, as the API sends it.
func assistantMessage(t *testing.T, turn []call) anthropic.Message {
	t.Helper()
	content := []any{map[string]any{"type": "text", "text": "Let me look at the refund tickets and close them."}}
	for _, c := range turn {
		content = append(content, map[string]any{"type": "tool_use", "id": c.id, "name": c.tool, "input": json.RawMessage(c.args)})
	}
	wire, err := json.Marshal(map[string]any{
		"id": "msg_helpdesk", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
		"content": content, "stop_reason": "tool_use", "stop_sequence": nil,
		"usage": map[string]any{"input_tokens": 420, "output_tokens": 96},
	})
	if err != nil {
		t.Fatal(err)
	}
	var msg anthropic.Message
	if err := json.Unmarshal(wire, &msg); err != nil {
		t.Fatal(err)
	}
	return msg
}

// serveMessageTurn answers the tool_use blocks of turn as the agent loop
// does (anthropictools' package doc) and returns the tool_result blocks.
func serveMessageTurn(t *testing.T, desk *countingDesk, turn []call) []*anthropic.ToolResultBlockParam {
	t.Helper()
	dispatcher := helpdesk.NewDispatcher(desk, runtime.Config{})
	reply, ok := anthropictools.Dispatch(context.Background(), assistantMessage(t, turn).Content, dispatcher)
	if !ok || reply.Role != anthropic.MessageParamRoleUser || len(reply.Content) != len(turn) {
		t.Fatalf("reply %+v (ok %v) does not answer the %d calls", reply, ok, len(turn))
	}
	results := make([]*anthropic.ToolResultBlockParam, len(turn))
	for i, block := range reply.Content {
		results[i] = block.OfToolResult
		if results[i] == nil || results[i].ToolUseID != turn[i].id {
			t.Fatalf("block %d does not answer call %s: %+v", i, turn[i].id, block)
		}
	}
	return results
}

// resultText joins the text blocks of a tool_result.
func resultText(result *anthropic.ToolResultBlockParam) []string {
	var texts []string
	for _, c := range result.Content {
		if c.OfText != nil {
			texts = append(texts, c.OfText.Text)
		}
	}
	return texts
}

func TestAnthropicTurnRunsInOrder(t *testing.T) {
	desk := newCountingDesk()
	results := serveMessageTurn(t, desk, validTurn)
	checkRan(t, desk, ranValidTurn)
	for i, r := range results {
		if r.IsError.Value {
			t.Errorf("call %s failed: %q", validTurn[i].id, resultText(r))
		}
	}
	var closed helpdesk.Ticket
	if texts := resultText(results[2]); len(texts) != 1 || json.Unmarshal([]byte(texts[0]), &closed) != nil || closed.Status != "closed" {
		t.Errorf("the third call's result %q is not the closed ticket", texts)
	}
}

func TestAnthropicTurnWithAnInvalidCallRunsNothing(t *testing.T) {
	desk := newCountingDesk()
	results := serveMessageTurn(t, desk, invalidTurn)
	checkRan(t, desk, nil)
	var classes []string
	for i, r := range results {
		// A failure is the model's message, then the compact report.
		texts := resultText(r)
		var report runtime.CompactErrorReport
		if !r.IsError.Value || len(texts) != 2 || json.Unmarshal([]byte(texts[1]), &report) != nil {
			t.Fatalf("call %s is not answered as a failure: %q", invalidTurn[i].id, texts)
		}
		classes = append(classes, report.Error)
		if report.Error == runtime.FailureNotRun && !strings.Contains(texts[0], "Fix call 2") {
			t.Errorf("a call not run does not say which call to fix: %q", texts[0])
		}
	}
	want := []string{runtime.FailureNotRun, runtime.FailureInvalidArguments, runtime.FailureNotRun}
	if !slices.Equal(classes, want) {
		t.Errorf("calls %q answered %q, want %q", callIDs(invalidTurn), classes, want)
	}
}
