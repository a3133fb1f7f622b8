package main

import (
	"embed"
	"io"
	"io/fs"
	"net/http"
	"sync"
)

// recorded holds API responses, one file per request, in the order they are
// served.
//
//go:embed recorded/*.json
var recorded embed.FS

// replayServer stands in for the OpenAI Chat Completions API: it answers each
// request with the next recorded response and keeps the request bodies, so a
// test can check what the client sent.
type replayServer struct {
	mu        sync.Mutex
	responses [][]byte
	requests  [][]byte
}

func newReplayServer() (*replayServer, error) {
	names, err := fs.Glob(recorded, "recorded/*.json") // sorted by name
	if err != nil {
		return nil, err
	}
	s := &replayServer{}
	for _, name := range names {
		body, err := recorded.ReadFile(name)
		if err != nil {
			return nil, err
		}
		s.responses = append(s.responses, body)
	}
	return s, nil
}

func (s *replayServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if r.Method != http.MethodPost || r.URL.Path != "/chat/completions" {
		w.WriteHeader(http.StatusNotFound)
		io.WriteString(w, `{"error":{"message":"the replay server only serves POST /chat/completions","type":"invalid_request_error"}}`)
		return
	}
	if len(s.requests) == len(s.responses) {
		w.WriteHeader(http.StatusBadRequest)
		io.WriteString(w, `{"error":{"message":"no recorded response left","type":"invalid_request_error"}}`)
		return
	}
	s.requests = append(s.requests, body)
	w.Write(s.responses[len(s.requests)-1])
}

// Requests returns the bodies of the requests served so far.
func (s *replayServer) Requests() [][]byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([][]byte(nil), s.requests...)
}
