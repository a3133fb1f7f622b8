package helpdesk_test

import (
	"context"
	"slices"
	"testing"

	"example.com/helpdesk"
)

// The tests beside this file serve one model turn of three tool calls
// through each of toolgen's provider adapters, as this module's agent loop
// would. This file holds what they share: the turns and a desk that counts
// the calls reaching it.

// call is one tool call of a model turn.
type call struct {
	id, tool, args string
}

// validTurn searches the open refund tickets, then closes two tickets.
var validTurn = []call{
	{"call_search", "search_tickets", `{"query":"refund","status":"open"}`},
	{"call_close_1002", "close_ticket", `{"ticketId":"T-1002","resolution":"Refund sent to the card."}`},
	{"call_close_1001", "close_ticket", `{"ticketId":"T-1001","resolution":"Password reset link sent."}`},
}

// invalidTurn is validTurn with the second call's ticket ID mistyped: the
// catalog's pattern refuses it, so the turn as a whole must not run.
var invalidTurn = []call{
	validTurn[0],
	{"call_close_1002", "close_ticket", `{"ticketId":"1002","resolution":"Refund sent to the card."}`},
	validTurn[2],
}

// ranValidTurn is what validTurn runs, in order.
var ranValidTurn = []string{"search_tickets refund", "close_ticket T-1002", "close_ticket T-1001"}

// countingDesk is a helpdesk.Desk that records each call its handler
// methods receive, so that a test sees exactly what ran.
type countingDesk struct {
	*helpdesk.Desk
	ran []string
}

func newCountingDesk() *countingDesk {
	return &countingDesk{Desk: helpdesk.NewDesk(
		helpdesk.Ticket{ID: "T-1001", Subject: "Login fails on mobile", Status: "open"},
		helpdesk.Ticket{ID: "T-1002", Subject: "Refund not received", Status: "open"},
	)}
}

func (d *countingDesk) SearchTickets(ctx context.Context, valid helpdesk.ValidSearchTicketsArgs) (any, error) {
	d.ran = append(d.ran, "search_tickets "+valid.Args().Query)
	return d.Desk.SearchTickets(ctx, valid)
}

func (d *countingDesk) CloseTicket(ctx context.Context, valid helpdesk.ValidCloseTicketArgs) (any, error) {
	d.ran = append(d.ran, "close_ticket "+valid.Args().TicketID)
	return d.Desk.CloseTicket(ctx, valid)
}

// checkRan fails t unless desk ran exactly want, in order.
func checkRan(t *testing.T, desk *countingDesk, want []string) {
	t.Helper()
	if !slices.Equal(desk.ran, want) {
		t.Errorf("the desk ran %q, want %q", desk.ran, want)
	}
}

// callIDs returns the ID of each call of turn, in order.
func callIDs(turn []call) []string {
	ids := make([]string, len(turn))
	for i, c := range turn {
		ids[i] = c.id
	}
	return ids
}
