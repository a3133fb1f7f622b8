package main

import (
	"context"
	"fmt"
)

// order is what the shop knows about one order.
type order struct {
	Status        string `json:"status"`
	TotalCents    int64  `json:"totalCents"`
	RefundedCents int64  `json:"refundedCents"`
}

// shop implements the generated Handler on an in-memory order book.
type shop struct {
	orders  map[string]*order
	refunds int
}

func newShop() *shop {
	return &shop{orders: map[string]*order{
		"ord_8f2k1x9q": {Status: "delivered", TotalCents: 4250},
	}}
}

func (s *shop) GetOrder(ctx context.Context, valid ValidGetOrderArgs) (any, error) {
	args := valid.Args()
	o, ok := s.orders[args.OrderID]
	if !ok {
		return nil, fmt.Errorf("order %s not found", args.OrderID)
	}
	return struct {
		OrderID string `json:"orderId"`
		*order
	}{args.OrderID, o}, nil
}

func (s *shop) RefundOrder(ctx context.Context, valid ValidRefundOrderArgs) (any, error) {
	args := valid.Args()
	o, ok := s.orders[args.OrderID]
	if !ok {
		return nil, fmt.Errorf("order %s not found", args.OrderID)
	}
	if left := o.TotalCents - o.RefundedCents; args.AmountCents > left {
		return nil, fmt.Errorf("refund of %d cents exceeds the %d cents left on %s", args.AmountCents, left, args.OrderID)
	}
	o.RefundedCents += args.AmountCents
	s.refunds++
	return map[string]any{
		"refundId":    fmt.Sprintf("rf_%d", s.refunds),
		"status":      "queued",
		"amountCents": args.AmountCents,
		"reason":      args.Reason,
	}, nil
}
