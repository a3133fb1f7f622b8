// Command anthropic runs the tool loop of a small delivery-support agent on the
// Anthropic Messages API. Its two tools are declared in catalog.json; toolgen
// generates their argument types, validators and dispatcher into tools_gen.go,
// and the adapter in github.com/toolgen/toolgen/adapters/anthropic turns the
// generated definitions into the request's tools and every dispatcher outcome
// into a tool_result block.
//
// With -replay it runs offline: an in-process server answers with the
// responses recorded in replay/. Otherwise it calls the API with the
// credentials anthropic-sdk-go finds in the environment (ANTHROPIC_API_KEY).
package main

//go:generate go run github.com/toolgen/toolgen/cmd/toolgen -pkg main -o tools_gen.go catalog.json

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"strings"

	"github.com/anthropics/anthropic-sdk-go"
	"github.com/anthropics/anthropic-sdk-go/option"
	anthropictools "github.com/toolgen/toolgen/adapters/anthropic"
	"github.com/toolgen/toolgen/runtime"
)

// prompt is the user's request the agent works on.
const prompt = "Where is my order ord_482913? And please move its delivery to Friday 15 May 2026, in the afternoon."

// maxTurns bounds the requests one run makes, so a model that keeps calling
// tools cannot loop forever.
const maxTurns = 6

func main() {
	os.Exit(cli(os.Args[1:], os.Stdout, os.Stderr))
}

// cli parses the flags, picks the server and runs the loop; it returns the
// exit code.
func cli(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("anthropic", flag.ContinueOnError)
	flags.SetOutput(stderr)
	replay := flags.Bool("replay", false, "answer from the responses recorded in replay/, served in-process: no network, no API key")
	baseURL := flags.String("base-url", "", "the Messages API's base URL (default $ANTHROPIC_BASE_URL, else Anthropic's)")
	model := flags.String("model", string(anthropic.ModelClaudeHaiku5_5), "the model to ask")
	if err := flags.Parse(args); err != nil {
		return 2
	}

	var client anthropic.Client
	switch {
	case *replay:
		recording, err := newReplayServer()
		if err != nil {
			fmt.Fprintln(stderr, "anthropic:", err)
			return 1
		}
		srv := httptest.NewServer(recording)
		defer srv.Close()
		client = offlineClient(srv.URL)
	case *baseURL != "":
		client = anthropic.NewClient(option.WithBaseURL(*baseURL))
	default:
		client = anthropic.NewClient()
	}
	if err := run(context.Background(), client, *model, stdout, stderr); err != nil {
		fmt.Fprintln(stderr, "anthropic:", err)
		return 1
	}
	return 0
}

// offlineClient is a client for a local stand-in of the API: it ignores the
// environment's credentials and base URL and never retries.
func offlineClient(baseURL string) anthropic.Client {
	return anthropic.NewClient(
		option.WithoutEnvironmentDefaults(),
		option.WithBaseURL(baseURL),
		option.WithAPIKey("replay"),
		option.WithMaxRetries(0),
	)
}

// errTooManyTurns reports a conversation the model did not finish within
// maxTurns requests.
var errTooManyTurns = fmt.Errorf("no final answer after %d requests", maxTurns)

// run sends the prompt with the catalog's tools, runs every tool call the
// model makes through the generated dispatcher, sends the results back and
// stops at the model's final answer. It prints the conversation to stdout and
// the handlers' internal errors, which the model is not shown, to stderr.
func run(ctx context.Context, client anthropic.Client, model string, stdout, stderr io.Writer) error {
	dispatcher := NewDispatcher(newDeliveries(), runtime.Config{Observer: logFailed{stderr}})

	params := anthropic.MessageNewParams{
		Model:     anthropic.Model(model),
		MaxTokens: 1024,
		Tools:     anthropictools.Tools(Definitions()),
		Messages:  []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock(prompt))},
	}
	fmt.Fprintf(stdout, "user: %s\n", prompt)
	for range maxTurns {
		msg, err := client.Messages.New(ctx, params)
		if err != nil {
			return err
		}
		params.Messages = append(params.Messages, msg.ToParam())
		// The tool calls of a message run as one batch: if one is invalid,
		// none runs.
		reply, ok := anthropictools.Dispatch(ctx, msg.Content, dispatcher)
		printTurn(stdout, msg.Content, reply.Content)
		if !ok {
			return nil
		}
		params.Messages = append(params.Messages, reply)
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

// printTurn prints the assistant's text and tool calls, each call followed by
// the tool_result sent back for it.
func printTurn(w io.Writer, content []anthropic.ContentBlockUnion, results []anthropic.ContentBlockParamUnion) {
	next := 0
	for _, block := range content {
		switch block.Type {
		case "text":
			fmt.Fprintf(w, "assistant: %s\n", block.Text)
		case "tool_use":
			fmt.Fprintf(w, "assistant calls %s %s\n", block.Name, compact(block.Input))
			if next < len(results) {
				printResult(w, results[next].OfToolResult)
				next++
			}
		}
	}
}

// printResult prints a tool_result block: the result, or the error message
// and the report.
func printResult(w io.Writer, result *anthropic.ToolResultBlockParam) {
	labels := []string{"result", "report"}
	if result.IsError.Value {
		labels = []string{"error", "report"}
	}
	for i, c := range result.Content {
		if c.OfText != nil && i < len(labels) {
			fmt.Fprintf(w, "  %-7s %s\n", labels[i]+":", strings.ReplaceAll(c.OfText.Text, "\n", "\n          "))
		}
	}
}

// compact returns JSON text without insignificant space, or as it came when
// it is not JSON.
func compact(raw []byte) string {
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return string(raw)
	}
	return buf.String()
}

// deliveries implements the generated Handler against an in-memory list of
// orders.
type deliveries struct {
	orders map[string]*order
}

type order struct {
	location string
	slot     slot
}

// slot is a delivery day and time window.
type slot struct {
	Date   string                   `json:"date"`
	Window RescheduleDeliveryWindow `json:"window"`
}

func newDeliveries() *deliveries {
	return &deliveries{orders: map[string]*order{
		"ord_482913": {location: "Leipzig depot", slot: slot{Date: "2026-05-13", Window: RescheduleDeliveryWindowMorning}},
	}}
}

// unknownOrderError reports an order number that passed validation but is
// not on file.
type unknownOrderError struct {
	id string
}

func (e *unknownOrderError) Error() string { return "no order " + e.id }

// tracking is the result of track_order.
type tracking struct {
	OrderID  string `json:"orderId"`
	Location string `json:"location"`
	Delivery slot   `json:"delivery"`
}

// rescheduled is the result of reschedule_delivery.
type rescheduled struct {
	OrderID  string `json:"orderId"`
	Delivery slot   `json:"delivery"`
	Previous slot   `json:"previous"`
}

func (d *deliveries) TrackOrder(ctx context.Context, valid ValidTrackOrderArgs) (any, error) {
	args := valid.Args()
	o, ok := d.orders[args.OrderID]
	if !ok {
		return nil, &unknownOrderError{id: args.OrderID}
	}
	return tracking{OrderID: args.OrderID, Location: o.location, Delivery: o.slot}, nil
}

func (d *deliveries) RescheduleDelivery(ctx context.Context, valid ValidRescheduleDeliveryArgs) (any, error) {
	args := valid.Args()
	o, ok := d.orders[args.OrderID]
	if !ok {
		return nil, &unknownOrderError{id: args.OrderID}
	}
	previous := o.slot
	o.slot = slot{Date: args.Date, Window: args.Window}
	return rescheduled{OrderID: args.OrderID, Delivery: o.slot, Previous: previous}, nil
}
