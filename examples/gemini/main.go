// Command gemini runs the tool loop of a small library assistant on the
// Gemini API through google.golang.org/genai. Its two tools are declared in
// catalog.json; toolgen generates their argument types, validators and
// dispatcher into tools_gen.go, and the adapter in
// github.com/toolgen/toolgen/adapters/gemini turns the generated
// definitions into function declarations and every dispatcher outcome into
// a FunctionResponse part.
//
// With -replay it runs offline: an in-process server answers with the
// responses recorded in replay/. Otherwise it calls the API with the
// credentials genai finds in the environment (GEMINI_API_KEY or
// GOOGLE_API_KEY).
package main

//go:generate go run github.com/toolgen/toolgen/cmd/toolgen -pkg main -o tools_gen.go catalog.json

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"strings"
	"sync"

	geminitools "github.com/toolgen/toolgen/adapters/gemini"
	"github.com/toolgen/toolgen/runtime"
	"google.golang.org/genai"
)

// prompt is the user's request the assistant works on.
const prompt = "Find me two books by Ursula K. Le Guin and hold both for me at the central branch."

// maxTurns bounds the requests one run makes, so a model that keeps calling
// tools cannot loop forever.
const maxTurns = 6

func main() {
	os.Exit(cli(os.Args[1:], os.Stdout, os.Stderr))
}

// cli parses the flags, picks the server and runs the loop; it returns the
// exit code.
func cli(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("gemini", flag.ContinueOnError)
	flags.SetOutput(stderr)
	replay := flags.Bool("replay", false, "answer from the responses recorded in replay/, served in-process: no network, no API key")
	model := flags.String("model", "gemini-2.5-flash", "the model to ask")
	if err := flags.Parse(args); err != nil {
		return 2
	}
	ctx := context.Background()
	config := &genai.ClientConfig{Backend: genai.BackendGeminiAPI}
	if *replay {
		recording, err := newReplayServer()
		if err != nil {
			fmt.Fprintln(stderr, "gemini:", err)
			return 1
		}
		srv := httptest.NewServer(recording)
		defer srv.Close()
		config = offlineConfig(srv.URL)
	}
	client, err := genai.NewClient(ctx, config)
	if err != nil {
		fmt.Fprintln(stderr, "gemini:", err)
		return 1
	}
	if err := run(ctx, client, *model, newLibrary(), stdout, stderr); err != nil {
		fmt.Fprintln(stderr, "gemini:", err)
		return 1
	}
	return 0
}

// offlineConfig is a client configuration for a local stand-in of the API.
func offlineConfig(baseURL string) *genai.ClientConfig {
	return &genai.ClientConfig{
		APIKey:      "replay",
		Backend:     genai.BackendGeminiAPI,
		HTTPOptions: genai.HTTPOptions{BaseURL: baseURL},
	}
}

// errTooManyTurns reports a conversation the model did not finish within
// maxTurns requests.
var errTooManyTurns = fmt.Errorf("no final answer after %d requests", maxTurns)

// run sends the prompt with the catalog's tools, runs every function call
// the model makes through the generated dispatcher, sends the responses
// back and stops at the model's final answer. It prints the conversation
// to stdout and the handlers' internal errors, which the model is not
// shown, to stderr.
func run(ctx context.Context, client *genai.Client, model string, lib *library, stdout, stderr io.Writer) error {
	dispatcher := NewDispatcher(lib, runtime.Config{Observer: logFailed{stderr}})
	config := &genai.GenerateContentConfig{
		Tools: []*genai.Tool{geminitools.Tool(Definitions())},
		// The SDK re-encodes a request as a map; this puts the catalog's
		// schema bytes back, so the model sees what the validator enforces.
		HTTPOptions: &genai.HTTPOptions{ExtrasRequestProvider: geminitools.SchemaBytes(Definitions())},
	}
	contents := []*genai.Content{genai.NewContentFromText(prompt, genai.RoleUser)}
	fmt.Fprintf(stdout, "user:  %s\n", prompt)
	for range maxTurns {
		resp, err := client.Models.GenerateContent(ctx, model, contents, config)
		if err != nil {
			return err
		}
		if len(resp.Candidates) == 0 || resp.Candidates[0].Content == nil {
			return fmt.Errorf("the response has no candidate")
		}
		answer := resp.Candidates[0].Content
		contents = append(contents, answer)
		// The function calls of a response run as one batch: if one is
		// invalid, none runs.
		reply, ok := geminitools.Dispatch(ctx, answer.Parts, dispatcher)
		printTurn(stdout, answer, reply)
		if !ok {
			return nil
		}
		contents = append(contents, reply)
	}
	return errTooManyTurns
}

// logFailed prints the internal error of every handler that failed, which
// the model is not shown.
type logFailed struct{ w io.Writer }

func (l logFailed) Observe(_ context.Context, call runtime.CallInfo) {
	if call.Outcome == runtime.FailureToolFailed {
		fmt.Fprintf(l.w, "tool %s failed: %s\n", call.Tool, call.Detail)
	}
}

// printTurn prints the model's text and function calls, each call followed
// by the response sent back for it.
func printTurn(w io.Writer, answer, reply *genai.Content) {
	next := 0
	for _, part := range answer.Parts {
		switch {
		case part.Text != "":
			fmt.Fprintf(w, "model: %s\n", part.Text)
		case part.FunctionCall != nil:
			args, _ := json.Marshal(part.FunctionCall.Args)
			fmt.Fprintf(w, "model calls %s %s\n", part.FunctionCall.Name, args)
			if reply != nil && next < len(reply.Parts) {
				r := reply.Parts[next].FunctionResponse.Response
				next++
				if msg, failed := r["error"].(string); failed {
					report, _ := json.Marshal(r["report"])
					fmt.Fprintf(w, "  error:  %s\n  report: %s\n", strings.ReplaceAll(msg, "\n", "\n          "), report)
				} else {
					output, _ := json.Marshal(r["output"])
					fmt.Fprintf(w, "  output: %s\n", output)
				}
			}
		}
	}
}

// book is one book of the library's catalogue.
type book struct {
	ID     string `json:"bookId"`
	Title  string `json:"title"`
	Author string `json:"author"`
	Year   int    `json:"year"`
}

// library implements the generated Handler against an in-memory catalogue.
type library struct {
	mu    sync.Mutex
	books []book
	holds []string // "bookId@branch", in the order they were made
}

func newLibrary() *library {
	return &library{books: []book{
		{"bk_1042", "The Left Hand of Darkness", "Ursula K. Le Guin", 1969},
		{"bk_1043", "The Dispossessed", "Ursula K. Le Guin", 1974},
		{"bk_1044", "A Wizard of Earthsea", "Ursula K. Le Guin", 1968},
		{"bk_2001", "Kindred", "Octavia E. Butler", 1979},
	}}
}

// Holds returns the holds made so far.
func (l *library) Holds() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.holds...)
}

func (l *library) FindBooks(ctx context.Context, valid ValidFindBooksArgs) (any, error) {
	args := valid.Args()
	limit := int64(5)
	if args.MaxResults != nil {
		limit = *args.MaxResults
	}
	words := strings.Fields(strings.ToLower(args.Query))
	found := []book{}
	for _, b := range l.books {
		text := strings.ToLower(b.Title + " " + b.Author)
		matched := true
		for _, word := range words {
			matched = matched && strings.Contains(text, strings.Trim(word, ".,"))
		}
		if matched && int64(len(found)) < limit {
			found = append(found, b)
		}
	}
	return map[string]any{"books": found}, nil
}

func (l *library) ReserveBook(ctx context.Context, valid ValidReserveBookArgs) (any, error) {
	args := valid.Args()
	l.mu.Lock()
	defer l.mu.Unlock()
	known := false
	for _, b := range l.books {
		known = known || b.ID == args.BookID
	}
	if !known {
		return nil, runtime.Rejectf("/bookId", "There is no book %s; use an ID from find_books.", args.BookID)
	}
	hold := args.BookID + "@" + string(args.Branch)
	for _, h := range l.holds {
		if h == hold {
			// Holding a held book again changes nothing: the tool is idempotent.
			return map[string]any{"bookId": args.BookID, "branch": args.Branch, "status": "already held"}, nil
		}
	}
	l.holds = append(l.holds, hold)
	return map[string]any{"bookId": args.BookID, "branch": args.Branch, "status": "held"}, nil
}

// The handler must implement every tool of the catalog.
var _ Handler = (*library)(nil)
