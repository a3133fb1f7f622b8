package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/anthropics/anthropic-sdk-go"
	"github.com/toolgen/toolgen/runtime"
)

// request is the part of a Messages API request body the tests read; schemas,
// tool inputs and texts stay as sent.
type request struct {
	Tools []struct {
		Name        string          `json:"name"`
		Description string          `json:"description"`
		InputSchema json.RawMessage `json:"input_schema"`
	} `json:"tools"`
	Messages []struct {
		Role    string `json:"role"`
		Content []struct {
			Type      string          `json:"type"`
			ID        string          `json:"id"`
			Input     json.RawMessage `json:"input"`
			ToolUseID string          `json:"tool_use_id"`
			IsError   *bool           `json:"is_error"`
			Content   []struct {
				Type string `json:"type"`
				Text string `json:"text"`
			} `json:"content"`
		} `json:"content"`
	} `json:"messages"`
}

// replayed runs the example's loop against the recorded responses and returns
// what it printed and the requests the server received.
func replayed(t *testing.T) (stdout, stderr string, requests []request) {
	t.Helper()
	recording, err := newReplayServer()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(recording)
	defer srv.Close()
	var out, errOut bytes.Buffer
	if err := run(context.Background(), offlineClient(srv.URL), "claude-haiku-5-5", &out, &errOut); err != nil {
		t.Fatalf("run: %v\nstdout:\n%s", err, out.String())
	}
	for i, body := range recording.Requests() {
		var req request
		if err := json.Unmarshal(body, &req); err != nil {
			t.Fatalf("request %d: %v\n%s", i+1, err, body)
		}
		requests = append(requests, req)
	}
	return out.String(), errOut.String(), requests
}

// catalogTools reads the tools of catalog.json with their schemas as written.
func catalogTools(t *testing.T) []struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	InputSchema json.RawMessage `json:"inputSchema"`
} {
	t.Helper()
	data, err := os.ReadFile("catalog.json")
	if err != nil {
		t.Fatal(err)
	}
	var catalog struct {
		Tools []struct {
			Name        string          `json:"name"`
			Description string          `json:"description"`
			InputSchema json.RawMessage `json:"inputSchema"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(data, &catalog); err != nil {
		t.Fatal(err)
	}
	return catalog.Tools
}

// compacted is raw as the SDK writes embedded JSON: compact, with '<', '>'
// and '&' escaped inside strings.
func compacted(t *testing.T, raw []byte) string {
	t.Helper()
	var buf, escaped bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		t.Fatal(err)
	}
	json.HTMLEscape(&escaped, buf.Bytes())
	return escaped.String()
}

func TestToolsSentAsInTheCatalog(t *testing.T) {
	_, _, requests := replayed(t)
	if len(requests) != 3 {
		t.Fatalf("the loop made %d requests, want 3", len(requests))
	}
	want := catalogTools(t)
	for n, req := range requests {
		if len(req.Tools) != len(want) {
			t.Fatalf("request %d sent %d tools, want %d", n+1, len(req.Tools), len(want))
		}
		for i, tool := range req.Tools {
			if tool.Name != want[i].Name || tool.Description != want[i].Description {
				t.Errorf("request %d, tool %d: sent %q %q, want %q %q", n+1, i, tool.Name, tool.Description, want[i].Name, want[i].Description)
			}
			if got, want := string(tool.InputSchema), compacted(t, want[i].InputSchema); got != want {
				t.Errorf("request %d, tool %s: input_schema\n got %s\nwant %s", n+1, tool.Name, got, want)
			}
		}
	}
}

// recordedInput returns the input of tool_use block index of recorded
// response file.
func recordedInput(t *testing.T, file string, index int) (id string, input []byte) {
	t.Helper()
	data, err := recorded.ReadFile("replay/" + file)
	if err != nil {
		t.Fatal(err)
	}
	var msg anthropic.Message
	if err := json.Unmarshal(data, &msg); err != nil {
		t.Fatal(err)
	}
	block := msg.Content[index]
	if block.Type != "tool_use" {
		t.Fatalf("%s block %d is %s, not tool_use", file, index, block.Type)
	}
	return block.ID, block.Input
}

func TestToolResultsSentBack(t *testing.T) {
	_, _, requests := replayed(t)
	if len(requests) != 3 {
		t.Fatalf("the loop made %d requests, want 3", len(requests))
	}

	// Request 2 answers the first response: a valid track_order call and a
	// reschedule_delivery call with a bad date and a misspelt window, run as
	// one batch, so neither ran.
	second := requests[1]
	if n := len(second.Messages); n != 3 {
		t.Fatalf("request 2 has %d messages, want user, assistant, user", n)
	}
	answer := second.Messages[2]
	if answer.Role != "user" || len(answer.Content) != 2 {
		t.Fatalf("request 2 ends with a %s message of %d blocks, want the user's 2 tool_result blocks", answer.Role, len(answer.Content))
	}
	trackID, _ := recordedInput(t, "1-track-and-reschedule.json", 1)
	moveID, moveInput := recordedInput(t, "1-track-and-reschedule.json", 2)

	track := answer.Content[0]
	if track.Type != "tool_result" || track.ToolUseID != trackID || track.IsError == nil || !*track.IsError {
		t.Errorf("first block: %s for %s, is_error %v; want a tool_result for %s, is_error true", track.Type, track.ToolUseID, track.IsError, trackID)
	}
	if len(track.Content) != 2 || track.Content[1].Text != `{"error":"not_run"}` {
		t.Errorf("track_order result %+v, want it not run", track.Content)
	}

	move := answer.Content[1]
	if move.Type != "tool_result" || move.ToolUseID != moveID || move.IsError == nil || !*move.IsError {
		t.Fatalf("second block: %s for %s, is_error %v; want a tool_result for %s, is_error true", move.Type, move.ToolUseID, move.IsError, moveID)
	}
	if len(move.Content) != 2 {
		t.Fatalf("the failed call's result has %d blocks, want the message and the report", len(move.Content))
	}
	invalid := ValidateArgs("reschedule_delivery", moveInput)
	if invalid == nil {
		t.Fatalf("the recorded call %s is valid; the recording no longer shows a rejection", moveInput)
	}
	if got, want := move.Content[0].Text, runtime.ModelMessage(invalid); got != want {
		t.Errorf("error text\n got %q\nwant %q", got, want)
	}
	for _, hint := range []string{`"date"`, `"window"`, `"afternoon"`} {
		if !strings.Contains(move.Content[0].Text, hint) {
			t.Errorf("error text %q does not mention %s", move.Content[0].Text, hint)
		}
	}
	var report runtime.CompactErrorReport
	if err := json.Unmarshal([]byte(move.Content[1].Text), &report); err != nil {
		t.Fatalf("the second block is not a report: %v: %s", err, move.Content[1].Text)
	}
	var pointers []string
	for _, v := range report.Violations {
		pointers = append(pointers, v.Pointer+" "+v.Keyword)
	}
	if report.Error != runtime.FailureInvalidArguments || !reflect.DeepEqual(pointers, []string{"/date format", "/window enum"}) {
		t.Errorf("report %s with violations %q, want invalid_arguments at /date (format) and /window (enum)", report.Error, pointers)
	}

	// Request 3 answers the calls sent again with their plain results.
	third := requests[2]
	if n := len(third.Messages); n != 5 {
		t.Fatalf("request 3 has %d messages, want 5", n)
	}
	trackAgainID, _ := recordedInput(t, "2-reschedule-again.json", 0)
	retryID, _ := recordedInput(t, "2-reschedule-again.json", 1)
	last := third.Messages[4]
	if last.Role != "user" || len(last.Content) != 2 {
		t.Fatalf("request 3 ends with a %s message of %d blocks, want the user's 2 tool_result blocks", last.Role, len(last.Content))
	}
	const trackResult = `{"orderId":"ord_482913","location":"Leipzig depot","delivery":{"date":"2026-05-13","window":"morning"}}`
	if again := last.Content[0]; again.ToolUseID != trackAgainID || again.IsError == nil || *again.IsError || len(again.Content) != 1 || again.Content[0].Text != trackResult {
		t.Errorf("track_order result for %s, is_error %v, content %+v; want %s, false, %s", again.ToolUseID, again.IsError, again.Content, trackAgainID, trackResult)
	}
	retry := last.Content[1]
	const retryResult = `{"orderId":"ord_482913","delivery":{"date":"2026-05-15","window":"afternoon"},"previous":{"date":"2026-05-13","window":"morning"}}`
	if retry.ToolUseID != retryID || retry.IsError == nil || *retry.IsError || len(retry.Content) != 1 || retry.Content[0].Text != retryResult {
		t.Errorf("retry result for %s, is_error %v, content %+v; want %s, false, %s", retry.ToolUseID, retry.IsError, retry.Content, retryID, retryResult)
	}
}

func TestPrintedConversation(t *testing.T) {
	stdout, stderr, _ := replayed(t)
	if stderr != "" {
		t.Errorf("stderr: %q, want nothing: no handler failed", stderr)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	want := []string{
		"user: " + prompt,
		"assistant: I'll look the order up and move its delivery.",
		`assistant calls track_order {"orderId":"ord_482913"}`,
		`  error:  This call to "track_order" was not run because call 2 of the batch (to "reschedule_delivery") had invalid arguments; nothing in the batch was run. Fix call 2 and send the batch again.`,
		`  report: {"error":"not_run"}`,
		`assistant calls reschedule_delivery {"orderId":"ord_482913","date":"Friday 15 May","window":"afternon"}`,
		`  error:  The arguments for tool "reschedule_delivery" have 2 problems. Fix all of them and call the tool again:`,
	}
	if len(lines) < len(want) || !reflect.DeepEqual(lines[:len(want)], want) {
		t.Fatalf("output starts\n%s\nwant\n%s", strings.Join(lines[:min(len(lines), len(want))], "\n"), strings.Join(want, "\n"))
	}
	wantEnd := []string{
		`assistant calls track_order {"orderId":"ord_482913"}`,
		`  result: {"orderId":"ord_482913","location":"Leipzig depot","delivery":{"date":"2026-05-13","window":"morning"}}`,
		`assistant calls reschedule_delivery {"orderId":"ord_482913","date":"2026-05-15","window":"afternoon"}`,
		`  result: {"orderId":"ord_482913","delivery":{"date":"2026-05-15","window":"afternoon"},"previous":{"date":"2026-05-13","window":"morning"}}`,
		"assistant: Your order ord_482913 is at the Leipzig depot. Its delivery is now on Friday 15 May 2026, in the afternoon (12:00-17:00).",
	}
	if end := lines[len(lines)-len(wantEnd):]; !reflect.DeepEqual(end, wantEnd) {
		t.Errorf("output ends\n%s\nwant\n%s", strings.Join(end, "\n"), strings.Join(wantEnd, "\n"))
	}
	if !strings.Contains(stdout, `  report: {"error":"invalid_arguments"`) {
		t.Errorf("output has no report line for the rejected call:\n%s", stdout)
	}
}

func TestReplayFlag(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := cli([]string{"-replay"}, &out, &errOut); code != 0 {
		t.Fatalf("exit code %d, stderr %s", code, errOut.String())
	}
	if !strings.HasSuffix(out.String(), "in the afternoon (12:00-17:00).\n") {
		t.Errorf("output does not end with the final answer:\n%s", out.String())
	}
}

// TestReplayRefusesUnansweredToolUse shows the stand-in server holds the
// client to the API's rule: a request after a tool_use response must answer
// each tool call.
func TestReplayRefusesUnansweredToolUse(t *testing.T) {
	recording, err := newReplayServer()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(recording)
	defer srv.Close()
	client := offlineClient(srv.URL)
	params := anthropic.MessageNewParams{
		Model:     "claude-haiku-5-5",
		MaxTokens: 1024,
		Messages:  []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock(prompt))},
	}
	msg, err := client.Messages.New(context.Background(), params)
	if err != nil {
		t.Fatal(err)
	}
	params.Messages = append(params.Messages, msg.ToParam(), anthropic.NewUserMessage(anthropic.NewTextBlock("Go on.")))
	_, err = client.Messages.New(context.Background(), params)
	var apiErr *anthropic.Error
	if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusBadRequest {
		t.Fatalf("got %v, want a 400 from the replay server", err)
	}
}

// TestBaseURLFlag runs the loop the way it runs against the real API, with
// the environment's credentials, but at the local replay server.
func TestBaseURLFlag(t *testing.T) {
	t.Setenv("ANTHROPIC_API_KEY", "test-key")
	recording, err := newReplayServer()
	if err != nil {
		t.Fatal(err)
	}
	var (
		mu   sync.Mutex
		keys []string
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		keys = append(keys, r.Header.Get("X-Api-Key"))
		mu.Unlock()
		recording.ServeHTTP(w, r)
	}))
	defer srv.Close()

	var out, errOut bytes.Buffer
	if code := cli([]string{"-base-url", srv.URL}, &out, &errOut); code != 0 {
		t.Fatalf("exit code %d, stderr %s", code, errOut.String())
	}
	mu.Lock()
	defer mu.Unlock()
	if want := []string{"test-key", "test-key", "test-key"}; !reflect.DeepEqual(keys, want) {
		t.Errorf("API keys sent %q, want ANTHROPIC_API_KEY on each of 3 requests", keys)
	}
}
