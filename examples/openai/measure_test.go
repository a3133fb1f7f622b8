package main

import (
	"testing"
	"unicode/utf8"

	openaitools "github.com/toolgen/toolgen/adapters/openai"
	"github.com/toolgen/toolgen/runtime"
)

// threeMistakes is a refund_order call with three mistakes: an order ID off
// its pattern, the amount as a string and a reason outside the enum.
const threeMistakes = `{"orderId":"12345","amountCents":"1250","reason":"broken"}`

// TestToolMessageSize measures, in characters, what the model is sent for
// the three-mistake call: the text alone, the default tool message (text
// and compact report) and the one with the full report. The figures are
// quoted in the adapter's package documentation.
func TestToolMessageSize(t *testing.T) {
	err := ValidateArgs("refund_order", []byte(threeMistakes))
	if got := len(err.(*runtime.ValidationError).Violations); got != 3 {
		t.Fatalf("the call has %d violations, want 3: %v", got, err)
	}
	text := utf8.RuneCountInString(runtime.ModelMessage(err))
	compact := utf8.RuneCountInString(openaitools.ToolOutput(nil, err))
	full := utf8.RuneCountInString(openaitools.ToolOutput(nil, err, openaitools.WithFullReport()))
	t.Logf("text %d, tool message %d, with the full report %d characters", text, compact, full)
	if compact != documented.compact || full != documented.full || text != documented.text {
		t.Errorf("text %d, tool message %d, full %d characters; the documentation says %d, %d, %d",
			text, compact, full, documented.text, documented.compact, documented.full)
	}
}

// documented are the figures the package documentation of adapters/openai
// gives.
var documented = struct{ text, compact, full int }{332, 550, 1382}
