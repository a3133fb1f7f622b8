package main

import (
	"encoding/json"
	"testing"
	"unicode/utf8"

	mcptools "github.com/toolgen/toolgen/adapters/mcp"
	"github.com/toolgen/toolgen/runtime"
)

// threeMistakes is the cancel_order call inspector.sh makes: an order ID off
// its pattern, a reason outside the enum and a field the schema does not
// have.
const threeMistakes = `{"orderId":"123","reason":"oops","extra":1}`

// TestResultSize measures, in characters, what a client is sent for the
// three-mistake call: the text alone, the default result (text and compact
// structured content, as JSON) and the one with the full report. The
// figures are quoted in the adapter's package documentation.
func TestResultSize(t *testing.T) {
	err := ValidateArgs("cancel_order", []byte(threeMistakes))
	if got := len(err.(*runtime.ValidationError).Violations); got != 3 {
		t.Fatalf("the call has %d violations, want 3: %v", got, err)
	}
	var def runtime.ToolDefinition
	for _, d := range Definitions() {
		if d.Name == "cancel_order" {
			def = d
		}
	}
	size := func(opts ...mcptools.Option) int {
		r, rpcErr := mcptools.Result(def, nil, err, opts...)
		if rpcErr != nil {
			t.Fatal(rpcErr)
		}
		body, jsonErr := json.Marshal(r)
		if jsonErr != nil {
			t.Fatal(jsonErr)
		}
		return utf8.RuneCount(body)
	}
	text := utf8.RuneCountInString(runtime.ModelMessage(err))
	compact, full := size(), size(mcptools.WithFullReport())
	t.Logf("text %d, result %d, with the full report %d characters of JSON", text, compact, full)
	if text != documented.text || compact != documented.compact || full != documented.full {
		t.Errorf("text %d, result %d, full %d characters; the documentation says %d, %d, %d",
			text, compact, full, documented.text, documented.compact, documented.full)
	}
}

// documented are the figures the package documentation of adapters/mcp
// gives.
var documented = struct{ text, compact, full int }{360, 658, 1545}
