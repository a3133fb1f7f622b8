package helpdesk

import (
	"context"
	"errors"
	"testing"

	"github.com/toolgen/toolgen/runtime"
)

func newTestDesk() *Desk {
	return NewDesk(
		Ticket{ID: "T-1001", Subject: "Login fails on mobile", Status: "open"},
		Ticket{ID: "T-1002", Subject: "Refund not received", Status: "open"},
		Ticket{ID: "T-1003", Subject: "Second refund request", Status: "closed"},
	)
}

func TestSearchTickets(t *testing.T) {
	desk := newTestDesk()
	for _, tt := range []struct {
		args string
		want []string
	}{
		{`{"query": "REFUND"}`, []string{"T-1002", "T-1003"}},
		{`{"query": "refund", "status": "open"}`, []string{"T-1002"}},
		{`{"query": "refund", "limit": 1}`, []string{"T-1002"}},
		{`{"query": "printer"}`, nil},
	} {
		result, err := Dispatch(context.Background(), desk, "search_tickets", []byte(tt.args))
		if err != nil {
			t.Fatalf("%s: %v", tt.args, err)
		}
		var got []string
		for _, ticket := range result.([]Ticket) {
			got = append(got, ticket.ID)
		}
		if len(got) != len(tt.want) || (len(got) > 0 && got[0] != tt.want[0]) || (len(got) > 1 && got[1] != tt.want[1]) {
			t.Errorf("%s: found %v, want %v", tt.args, got, tt.want)
		}
	}
}

func TestCloseTicket(t *testing.T) {
	desk := newTestDesk()
	ctx := context.Background()
	if _, err := Dispatch(ctx, desk, "close_ticket", []byte(`{"ticketId": "T-1002", "resolution": "Refund sent."}`)); err != nil {
		t.Fatal(err)
	}
	_, err := Dispatch(ctx, desk, "close_ticket", []byte(`{"ticketId": "T-1002", "resolution": "Refund sent."}`))
	if want := "The tool \"close_ticket\" rejected the arguments. Fix them and call the tool again:\n- Ticket \"T-1002\" is closed already; nothing to do."; runtime.ModelMessage(err) != want {
		t.Errorf("closing twice: %q, want %q", runtime.ModelMessage(err), want)
	}
}

// TestInvalidCallsDoNotRun checks that arguments the catalog refuses never
// reach the desk: every problem is reported, and nothing changes.
func TestInvalidCallsDoNotRun(t *testing.T) {
	desk := newTestDesk()
	_, err := Dispatch(context.Background(), desk, "close_ticket", []byte(`{"ticketId": "1001", "resolution": "ok", "notify": true}`))
	var verr *runtime.ValidationError
	if !errors.As(err, &verr) || len(verr.Violations) != 3 {
		t.Fatalf("got %v, want a ValidationError with 3 violations", err)
	}
	if desk.tickets["T-1001"].Status != "open" {
		t.Error("an invalid call closed the ticket")
	}
}
