// Command helpdesk dispatches a few tool calls, as a model might send them,
// to the helpdesk tools and prints what the model would be told.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"example.com/helpdesk"
	"github.com/toolgen/toolgen/runtime"
)

// call is one tool call of the model.
type call struct {
	tool, args string
}

var calls = []call{
	{"search_tickets", `{"query": "refund"}`},
	{"close_ticket", `{"ticketId": "T-1002", "resolution": "Refund sent to the card."}`},
	{"close_ticket", `{"ticketId": "1002", "resolution": "ok"}`},
	{"close_ticket", `{"ticketId": "T-9999", "resolution": "Refund sent to the card."}`},
	{"delete_ticket", `{"ticketId": "T-1001"}`},
}

func main() {
	desk := helpdesk.NewDesk(
		helpdesk.Ticket{ID: "T-1001", Subject: "Login fails on mobile", Status: "open"},
		helpdesk.Ticket{ID: "T-1002", Subject: "Refund not received", Status: "open"},
	)
	run(os.Stdout, desk)
}

// run dispatches every call to desk and writes the model's view of each.
func run(w io.Writer, desk *helpdesk.Desk) {
	for _, c := range calls {
		fmt.Fprintf(w, "%s %s\n", c.tool, c.args)
		result, err := helpdesk.Dispatch(context.Background(), desk, c.tool, []byte(c.args))
		if err != nil {
			fmt.Fprintf(w, "  error: %s\n", runtime.ModelMessage(err))
			continue
		}
		out, err := json.Marshal(result)
		if err != nil {
			fmt.Fprintf(w, "  the result does not encode: %v\n", err)
			continue
		}
		fmt.Fprintf(w, "  result: %s\n", out)
	}
}
