package main

import (
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"slices"
	"sync"
)

// recorded holds the Messages API responses that -replay serves, one file per
// turn, served in the order of their names.
//
//go:embed replay/*.json
var recorded embed.FS

// replayServer stands in for the Messages API: it answers the n-th request with the
// n-th recorded response and keeps every request body for inspection. Like
// the API, it refuses a request whose last message does not answer each
// tool_use block of the previous response with a tool_result block.
type replayServer struct {
	responses [][]byte

	mu       sync.Mutex
	requests [][]byte
}

// newReplayServer loads the recorded responses.
func newReplayServer() (*replayServer, error) {
	names, err := fs.Glob(recorded, "replay/*.json")
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	r := &replayServer{}
	for _, name := range names {
		body, err := recorded.ReadFile(name)
		if err != nil {
			return nil, err
		}
		r.responses = append(r.responses, body)
	}
	return r, nil
}

// Requests returns the bodies of the requests received so far, in order.
func (r *replayServer) Requests() [][]byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.requests)
}

func (r *replayServer) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	if req.Method != http.MethodPost || req.URL.Path != "/v1/messages" {
		writeAPIError(w, http.StatusNotFound, "not_found_error", fmt.Sprintf("replay serves POST /v1/messages, not %s %s", req.Method, req.URL.Path))
		return
	}
	body, err := io.ReadAll(req.Body)
	if err != nil {
		writeAPIError(w, http.StatusBadRequest, "invalid_request_error", "reading the request: "+err.Error())
		return
	}

	r.mu.Lock()
	turn := len(r.requests)
	r.requests = append(r.requests, body)
	r.mu.Unlock()

	if turn >= len(r.responses) {
		writeAPIError(w, http.StatusBadRequest, "invalid_request_error", fmt.Sprintf("the recording has %d responses and this is request %d", len(r.responses), turn+1))
		return
	}
	if turn > 0 {
		if err := checkAnswers(r.responses[turn-1], body); err != nil {
			writeAPIError(w, http.StatusBadRequest, "invalid_request_error", err.Error())
			return
		}
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(r.responses[turn])
}

// block is the part of a content block that checkAnswers reads.
type block struct {
	Type      string `json:"type"`
	ID        string `json:"id"`
	ToolUseID string `json:"tool_use_id"`
}

// answerError reports a request that does not answer the previous response's
// tool calls the way the Messages API requires.
type answerError struct {
	Reason string
}

func (e *answerError) Error() string { return "replay: " + e.Reason }

// checkAnswers checks that the last message of request is the user's and
// starts with a tool_result block for each tool_use block of previous.
func checkAnswers(previous, request []byte) error {
	var prev struct {
		Content []block `json:"content"`
	}
	if err := json.Unmarshal(previous, &prev); err != nil {
		return fmt.Errorf("replay: a recorded response: %w", err)
	}
	var req struct {
		Messages []struct {
			Role    string  `json:"role"`
			Content []block `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(request, &req); err != nil {
		return &answerError{Reason: "the request body: " + err.Error()}
	}
	if len(req.Messages) == 0 {
		return &answerError{Reason: "the request has no messages"}
	}
	last := req.Messages[len(req.Messages)-1]
	if last.Role != "user" {
		return &answerError{Reason: fmt.Sprintf("the last message is the %s's, not the user's", last.Role)}
	}
	answered := map[string]bool{}
	results := 0
	for _, b := range last.Content {
		if b.Type != "tool_result" {
			break
		}
		answered[b.ToolUseID] = true
		results++
	}
	for _, b := range last.Content[results:] {
		if b.Type == "tool_result" {
			return &answerError{Reason: "tool_result blocks must come before any other content"}
		}
	}
	for _, b := range prev.Content {
		if b.Type == "tool_use" && !answered[b.ID] {
			return &answerError{Reason: fmt.Sprintf("tool_use %s has no tool_result in the next message", b.ID)}
		}
	}
	return nil
}

// writeAPIError answers with an error body shaped like the Messages API's.
func writeAPIError(w http.ResponseWriter, status int, kind, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{
		"type":  "error",
		"error": map[string]string{"type": kind, "message": message},
	})
}
