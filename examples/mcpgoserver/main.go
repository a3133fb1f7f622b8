// Command mcpgoserver is an MCP server over stdio, built on
// github.com/mark3labs/mcp-go, whose tools are declared in catalog.json.
// toolgen generates their argument types, validators, dispatcher and
// definitions into tools_gen.go; the adapter in
// github.com/toolgen/toolgen/adapters/mcpgo lists the definitions with the
// catalog's schema bytes and sends every call's raw arguments to the
// generated dispatcher, so the generated code, not mcp-go, validates them.
//
// It serves the same catalog and order book as examples/mcpserver, on the
// Go SDK, so that one client script checks both.
//
// Run it with `go run .` in this folder; it speaks MCP on stdin and stdout
// and logs to stderr.
package main

//go:generate go run github.com/toolgen/toolgen/cmd/toolgen -pkg main -client -o tools_gen.go catalog.json

import (
	"cmp"
	"context"
	"fmt"
	"log"
	"slices"
	"sync"

	"github.com/mark3labs/mcp-go/server"
	mcpgotools "github.com/toolgen/toolgen/adapters/mcpgo"
	"github.com/toolgen/toolgen/runtime"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("mcpgoserver: ")
	s, err := newServer(newShop(), log.Default())
	if err != nil {
		log.Fatal(err)
	}
	if err := server.ServeStdio(s, server.WithErrorLogger(log.Default())); err != nil {
		log.Fatal(err)
	}
}

// newServer returns an MCP server with the catalog's tools, run by h. Every
// failed call is logged with its full error; the client sees only what
// runtime.ModelMessage and runtime.ErrorReport.Compact let through.
func newServer(h Handler, logger *log.Logger) (*server.MCPServer, error) {
	s := server.NewMCPServer("orders", "v0.1.0", server.WithTitle("Orders"))
	dispatch := func(ctx context.Context, name string, raw []byte) (any, error) {
		result, err := Dispatch(ctx, h, name, raw)
		if err != nil {
			logger.Printf("tool %s: %v", name, err)
		}
		return result, err
	}
	if err := mcpgotools.Register(s, Definitions(), dispatch); err != nil {
		return nil, err
	}
	return s, nil
}

// order is one order of the shop, and the result of get_order as its output
// schema describes it.
type order struct {
	ID         string `json:"orderId"`
	Status     string `json:"status"`
	TotalCents int64  `json:"totalCents"`
	customer   string
	placed     int // a sequence number; higher is newer
}

// shop implements the generated Handler against an in-memory order book.
type shop struct {
	mu     sync.Mutex
	orders map[string]*order
}

func newShop() *shop {
	s := &shop{orders: map[string]*order{}}
	for i, o := range []order{
		{ID: "ord_100001", Status: "shipped", TotalCents: 4599, customer: "ana@example.com"},
		{ID: "ord_100002", Status: "open", TotalCents: 1250, customer: "ana@example.com"},
		{ID: "ord_100003", Status: "open", TotalCents: 30000, customer: "bo@example.com"},
	} {
		o.placed = i
		s.orders[o.ID] = &o
	}
	return s
}

func (s *shop) GetOrder(ctx context.Context, valid ValidGetOrderArgs) (GetOrderResult, error) {
	args := valid.Args()
	s.mu.Lock()
	defer s.mu.Unlock()
	o, ok := s.orders[args.OrderID]
	if !ok {
		return GetOrderResult{}, runtime.Rejectf("/orderId", "Order %s does not exist; find it with search_orders first.", args.OrderID)
	}
	// The result type comes from the tool's output schema; the dispatcher
	// checks it against that schema before it leaves.
	return GetOrderResult{OrderID: o.ID, Status: GetOrderResultStatus(o.Status), TotalCents: o.TotalCents}, nil
}

func (s *shop) CancelOrder(ctx context.Context, valid ValidCancelOrderArgs) (any, error) {
	args := valid.Args()
	s.mu.Lock()
	defer s.mu.Unlock()
	o, ok := s.orders[args.OrderID]
	switch {
	case !ok:
		return nil, fmt.Errorf("order %s not found", args.OrderID)
	case o.Status == "shipped":
		return nil, fmt.Errorf("order %s has shipped and cannot be cancelled", args.OrderID)
	}
	// Cancelling a cancelled order changes nothing: the tool is idempotent.
	refunded := int64(0)
	if o.Status == "open" {
		o.Status, refunded = "cancelled", o.TotalCents
	}
	return map[string]any{
		"orderId":          o.ID,
		"status":           o.Status,
		"reason":           args.Reason,
		"refundedCents":    refunded,
		"customerNotified": args.NotifyCustomer && refunded > 0,
	}, nil
}

func (s *shop) SearchOrders(ctx context.Context, valid ValidSearchOrdersArgs) (any, error) {
	args := valid.Args()
	s.mu.Lock()
	defer s.mu.Unlock()
	found := []order{}
	for _, o := range s.orders {
		if o.customer != args.CustomerEmail {
			continue
		}
		if args.Status != nil && !slices.Contains(args.Status, GetOrderResultStatus(o.Status)) {
			continue
		}
		found = append(found, *o)
	}
	slices.SortFunc(found, func(a, b order) int { return cmp.Compare(b.placed, a.placed) })
	if int64(len(found)) > args.Limit {
		found = found[:args.Limit]
	}
	return map[string]any{"orders": found}, nil
}

// The handler must implement every tool of the catalog.
var _ Handler = (*shop)(nil)
