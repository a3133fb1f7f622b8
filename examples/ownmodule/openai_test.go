package helpdesk_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"example.com/helpdesk"
	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
	openaitools "github.com/toolgen/toolgen/adapters/openai"
	"github.com/toolgen/toolgen/runtime"
)

// chatCompletion is the Chat Completions response in which the model makes
// the calls of turn, as the API sends it.
func chatCompletion(t *testing.T, turn []call) openai.ChatCompletion {
	t.Helper()
	type function struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	}
	type toolCall struct {
		ID       string   `json:"id"`
		Type     string   `json:"type"`
		Function function `json:"function"`
	}
	toolCalls := make([]toolCall, len(turn))
	for i, c := range turn {
		toolCalls[i] = toolCall{ID: c.id, Type: "function", Function: function{Name: c.tool, Arguments: c.args}}
	}
	wire, err := json.Marshal(map[string]any{
		"id": "chatcmpl-helpdesk", "object": "chat.completion", "created": 1767225600, "model": "gpt-5.4-mini",
		"choices": []any{map[string]any{
			"index":         0,
			"finish_reason": "tool_calls",
			"message":       map[string]any{"role": "assistant", "content": nil, "refusal": nil, "tool_calls": toolCalls},
		}},
	})
	if err != nil {
		t.Fatal(err)
	}
	var completion openai.ChatCompletion
	if err := json.Unmarshal(wire, &completion); err != nil {
		t.Fatal(err)
	}
	return completion
}

// serveChatTurn answers the tool calls of turn as the agent loop does
// (openaitools' package doc) and returns the tool messages.
func serveChatTurn(t *testing.T, desk *countingDesk, turn []call) []openai.ChatCompletionMessageParamUnion {
	t.Helper()
	dispatcher := helpdesk.NewDispatcher(desk, runtime.Config{})
	msg := chatCompletion(t, turn).Choices[0].Message
	messages := openaitools.ChatDispatch(context.Background(), msg.ToolCalls, dispatcher)
	if len(messages) != len(turn) {
		t.Fatalf("%d tool messages for %d calls", len(messages), len(turn))
	}
	for i, m := range messages {
		if m.OfTool == nil || m.OfTool.ToolCallID != turn[i].id {
			t.Fatalf("message %d does not answer call %s: %+v", i, turn[i].id, m)
		}
	}
	return messages
}

func TestOpenAITurnRunsInOrder(t *testing.T) {
	desk := newCountingDesk()
	messages := serveChatTurn(t, desk, validTurn)
	checkRan(t, desk, ranValidTurn)
	for i, m := range messages {
		if report, failed := openaitools.ParseError(m.OfTool.Content.OfString.Value); failed {
			t.Errorf("call %s failed: %s", validTurn[i].id, report.Error)
		}
	}
	var closed helpdesk.Ticket
	if err := json.Unmarshal([]byte(messages[2].OfTool.Content.OfString.Value), &closed); err != nil || closed.Status != "closed" {
		t.Errorf("the third call's output %q is not the closed ticket (%v)", messages[2].OfTool.Content.OfString.Value, err)
	}
}

func TestOpenAITurnWithAnInvalidCallRunsNothing(t *testing.T) {
	desk := newCountingDesk()
	messages := serveChatTurn(t, desk, invalidTurn)
	checkRan(t, desk, nil)
	var classes []string
	for _, m := range messages {
		output := m.OfTool.Content.OfString.Value
		report, failed := openaitools.ParseError(output)
		if !failed {
			t.Fatalf("a call of the invalid turn succeeded: %q", output)
		}
		classes = append(classes, report.Error)
		if report.Error == runtime.FailureNotRun && !strings.Contains(output, "Fix call 2") {
			t.Errorf("a call not run does not say which call to fix: %q", output)
		}
	}
	want := []string{runtime.FailureNotRun, runtime.FailureInvalidArguments, runtime.FailureNotRun}
	if !slices.Equal(classes, want) {
		t.Errorf("calls %q answered %q, want %q", callIDs(invalidTurn), classes, want)
	}
}

// responseOutput is the output of a Responses API response in which the
// model makes the calls of turn, after a reasoning item of its own.
func responseOutput(t *testing.T, turn []call) []responses.ResponseOutputItemUnion {
	t.Helper()
	items := []any{map[string]any{"type": "reasoning", "id": "rs_helpdesk", "summary": []any{}}}
	for i, c := range turn {
		items = append(items, map[string]any{
			"type": "function_call", "id": fmt.Sprintf("fc_%d", i), "call_id": c.id,
			"name": c.tool, "arguments": c.args, "status": "completed",
		})
	}
	wire, err := json.Marshal(map[string]any{"id": "resp_helpdesk", "object": "response", "status": "completed", "output": items})
	if err != nil {
		t.Fatal(err)
	}
	var response responses.Response
	if err := json.Unmarshal(wire, &response); err != nil {
		t.Fatal(err)
	}
	return response.Output
}

// TestOpenAIResponsesTurn serves, through the Responses API helper, the
// invalid turn and then the model's corrected one: the first runs nothing
// and answers all three calls, the second runs all three in order.
func TestOpenAIResponsesTurn(t *testing.T) {
	desk := newCountingDesk()
	dispatcher := helpdesk.NewDispatcher(desk, runtime.Config{})
	for _, tt := range []struct {
		turn    []call
		ran     []string
		classes []string
	}{
		{invalidTurn, nil, []string{runtime.FailureNotRun, runtime.FailureInvalidArguments, runtime.FailureNotRun}},
		{validTurn, ranValidTurn, []string{"ok", "ok", "ok"}},
	} {
		items := openaitools.ResponseDispatch(context.Background(), responseOutput(t, tt.turn), dispatcher)
		var ids, classes []string
		for _, item := range items {
			output := item.OfFunctionCallOutput
			ids = append(ids, output.CallID.Value)
			class := "ok"
			if report, failed := openaitools.ParseError(output.Output.OfString.Value); failed {
				class = report.Error
			}
			classes = append(classes, class)
		}
		checkRan(t, desk, tt.ran)
		if !slices.Equal(ids, callIDs(tt.turn)) || !slices.Equal(classes, tt.classes) {
			t.Errorf("answered %q as %q, want %q as %q", ids, classes, callIDs(tt.turn), tt.classes)
		}
	}
}
