package main

import (
	"bytes"
	"strings"
	"testing"

	"example.com/helpdesk"
)

// TestRun checks what the model is told for each call: the valid ones
// run, the invalid, rejected and unknown ones say what to fix.
func TestRun(t *testing.T) {
	var out bytes.Buffer
	run(&out, helpdesk.NewDesk(helpdesk.Ticket{ID: "T-1002", Subject: "Refund not received", Status: "open"}))
	for _, want := range []string{
		`  result: [{"id":"T-1002","subject":"Refund not received","status":"open"}]`,
		`  result: {"id":"T-1002","subject":"Refund not received","status":"closed","resolution":"Refund sent to the card."}`,
		`- Field "ticketId" must match the regular expression ^T-[0-9]{4,8}$; got "1002".`,
		`- Ticket "T-9999" does not exist; find it with search_tickets first.`,
		`  error: There is no tool named "delete_ticket".`,
	} {
		if !strings.Contains(out.String(), "\n"+want) {
			t.Errorf("the output lacks %q:\n%s", want, out.String())
		}
	}
}
