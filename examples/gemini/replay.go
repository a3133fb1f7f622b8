package main

import (
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"slices"
	"strings"
	"sync"
)

// recorded holds the generateContent responses that -replay serves, one
// file per turn, served in the order of their names.
//
//go:embed replay/*.json
var recorded embed.FS

// replayServer stands in for the Gemini API: it answers the n-th request
// with the n-th recorded response and keeps every request body for
// inspection. Like the API, it refuses a request whose last content does
// not answer each function call of the previous response with a function
// response, in order, under the call's ID and name.
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
	if req.Method != http.MethodPost || !strings.HasPrefix(req.URL.Path, "/v1beta/models/") || !strings.HasSuffix(req.URL.Path, ":generateContent") {
		writeAPIError(w, http.StatusNotFound, fmt.Sprintf("replay serves POST /v1beta/models/MODEL:generateContent, not %s %s", req.Method, req.URL.Path))
		return
	}
	body, err := io.ReadAll(req.Body)
	if err != nil {
		writeAPIError(w, http.StatusBadRequest, "reading the request: "+err.Error())
		return
	}

	r.mu.Lock()
	turn := len(r.requests)
	r.requests = append(r.requests, body)
	r.mu.Unlock()

	if turn >= len(r.responses) {
		writeAPIError(w, http.StatusBadRequest, fmt.Sprintf("the recording has %d responses and this is request %d", len(r.responses), turn+1))
		return
	}
	if turn > 0 {
		if err := checkAnswers(r.responses[turn-1], body); err != nil {
			writeAPIError(w, http.StatusBadRequest, err.Error())
			return
		}
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(r.responses[turn])
}

// part is the part of a content part that checkAnswers reads.
type part struct {
	FunctionCall *struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	} `json:"functionCall"`
	FunctionResponse *struct {
		ID       string         `json:"id"`
		Name     string         `json:"name"`
		Response map[string]any `json:"response"`
	} `json:"functionResponse"`
}

type content struct {
	Role  string `json:"role"`
	Parts []part `json:"parts"`
}

// answerError reports a request that does not answer the previous
// response's function calls the way the Gemini API requires.
type answerError struct {
	Reason string
}

func (e *answerError) Error() string { return "replay: " + e.Reason }

// checkAnswers checks that the last content of request is the user's and
// holds one function response per function call of previous, in order,
// each with the call's ID and name and a response object.
func checkAnswers(previous, request []byte) error {
	var prev struct {
		Candidates []struct {
			Content content `json:"content"`
		} `json:"candidates"`
	}
	if err := json.Unmarshal(previous, &prev); err != nil || len(prev.Candidates) == 0 {
		return fmt.Errorf("replay: a recorded response: %v", err)
	}
	var req struct {
		Contents []content `json:"contents"`
	}
	if err := json.Unmarshal(request, &req); err != nil {
		return &answerError{Reason: "the request body: " + err.Error()}
	}
	if len(req.Contents) == 0 {
		return &answerError{Reason: "the request has no contents"}
	}
	last := req.Contents[len(req.Contents)-1]
	if last.Role != "user" {
		return &answerError{Reason: fmt.Sprintf("the last content is the %s's, not the user's", last.Role)}
	}
	var calls []part
	for _, p := range prev.Candidates[0].Content.Parts {
		if p.FunctionCall != nil {
			calls = append(calls, p)
		}
	}
	if len(last.Parts) != len(calls) {
		return &answerError{Reason: fmt.Sprintf("%d function calls are answered by %d parts", len(calls), len(last.Parts))}
	}
	for i, call := range calls {
		r := last.Parts[i].FunctionResponse
		switch {
		case r == nil:
			return &answerError{Reason: fmt.Sprintf("part %d is not a function response", i+1)}
		case r.ID != call.FunctionCall.ID || r.Name != call.FunctionCall.Name:
			return &answerError{Reason: fmt.Sprintf("part %d answers %s %s, want %s %s", i+1, r.Name, r.ID, call.FunctionCall.Name, call.FunctionCall.ID)}
		case r.Response == nil:
			return &answerError{Reason: fmt.Sprintf("function response %d has no response object", i+1)}
		}
	}
	return nil
}

// writeAPIError answers with an error body shaped like the Gemini API's.
func writeAPIError(w http.ResponseWriter, status int, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{
		"error": map[string]any{"code": status, "message": message, "status": "INVALID_ARGUMENT"},
	})
}
