package main

import (
	"encoding/json"
	"testing"
	"unicode/utf8"

	anthropictools "github.com/toolgen/toolgen/adapters/anthropic"
	"github.com/toolgen/toolgen/runtime"
)

// threeMistakes is a reschedule_delivery call with three mistakes: an order
// ID off its pattern, a date that is not RFC 3339 and a misspelt window.
const threeMistakes = `{"orderId":"482913","date":"Friday 15 May","window":"afternon"}`

// resultChars counts the characters of a tool_result's text blocks.
func resultChars(t *testing.T, block any) int {
	t.Helper()
	body, err := json.Marshal(block)
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Content []struct{ Text string } `json:"content"`
	}
	if err := json.Unmarshal(body, &r); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range r.Content {
		n += utf8.RuneCountInString(c.Text)
	}
	return n
}

// TestToolResultSize measures, in characters, what the model is sent for
// the three-mistake call: the text alone, the default tool_result (text and
// compact report) and the one with the full report. The figures are quoted
// in the adapter's package documentation.
func TestToolResultSize(t *testing.T) {
	err := ValidateArgs("reschedule_delivery", []byte(threeMistakes))
	if got := len(err.(*runtime.ValidationError).Violations); got != 3 {
		t.Fatalf("the call has %d violations, want 3: %v", got, err)
	}
	text := utf8.RuneCountInString(runtime.ModelMessage(err))
	compact := resultChars(t, anthropictools.ToolResult("toolu_1", nil, err))
	full := resultChars(t, anthropictools.ToolResult("toolu_1", nil, err, anthropictools.WithFullReport()))
	t.Logf("text %d, tool result %d, with the full report %d characters", text, compact, full)
	if text != documented.text || compact != documented.compact || full != documented.full {
		t.Errorf("text %d, tool result %d, full %d characters; the documentation says %d, %d, %d",
			text, compact, full, documented.text, documented.compact, documented.full)
	}
}

// documented are the figures the package documentation of adapters/anthropic
// gives.
var documented = struct{ text, compact, full int }{348, 542, 1382}
