// Package helpdesk is a support desk's agent tools, set up as a module of
// its own would set up toolgen: go.mod holds a tool directive for the
// toolgen command, and the line below runs it through go tool. The package
// name of tools_gen.go is that of this package, found without -pkg.
package helpdesk

//go:generate go tool toolgen -o tools_gen.go catalog.json

import (
	"context"
	"sort"
	"strings"
	"sync"

	"github.com/toolgen/toolgen/runtime"
)

// Ticket is one support ticket.
type Ticket struct {
	ID         string `json:"id"`
	Subject    string `json:"subject"`
	Status     string `json:"status"`
	Resolution string `json:"resolution,omitempty"`
}

// Desk implements the generated Handler over tickets kept in memory.
type Desk struct {
	mu      sync.Mutex
	tickets map[string]*Ticket
}

// NewDesk returns a desk holding tickets.
func NewDesk(tickets ...Ticket) *Desk {
	d := &Desk{tickets: map[string]*Ticket{}}
	for _, t := range tickets {
		d.tickets[t.ID] = &t
	}
	return d
}

// SearchTickets returns the tickets whose subject contains the query,
// by ID, at most limit of them.
func (d *Desk) SearchTickets(ctx context.Context, valid ValidSearchTicketsArgs) (any, error) {
	args := valid.Args()
	d.mu.Lock()
	defer d.mu.Unlock()
	found := []Ticket{}
	for _, t := range d.tickets {
		if !strings.Contains(strings.ToLower(t.Subject), strings.ToLower(args.Query)) {
			continue
		}
		if args.Status != nil && string(*args.Status) != t.Status {
			continue
		}
		found = append(found, *t)
	}
	sort.Slice(found, func(i, j int) bool { return found[i].ID < found[j].ID })
	if int64(len(found)) > args.Limit {
		found = found[:args.Limit]
	}
	return found, nil
}

// CloseTicket closes an open ticket. A ticket that does not exist or is
// closed already is the model's mistake, told to it like a schema
// violation, so that it can correct the call.
func (d *Desk) CloseTicket(ctx context.Context, valid ValidCloseTicketArgs) (any, error) {
	args := valid.Args()
	d.mu.Lock()
	defer d.mu.Unlock()
	t, ok := d.tickets[args.TicketID]
	switch {
	case !ok:
		return nil, runtime.Rejectf("/ticketId", "Ticket %q does not exist; find it with search_tickets first.", args.TicketID)
	case t.Status == "closed":
		return nil, runtime.Rejectf("/ticketId", "Ticket %q is closed already; nothing to do.", args.TicketID)
	}
	t.Status, t.Resolution = "closed", args.Resolution
	return *t, nil
}
