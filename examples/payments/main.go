// Command payments is a small payments agent backend: its tools are declared
// in catalog.json, and toolgen generates their argument types, validators and
// dispatcher into tools_gen.go. main dispatches a handful of tool calls as a
// model might send them and prints what the model would be told.
package main

//go:generate go run github.com/toolgen/toolgen/cmd/toolgen -pkg main -o tools_gen.go catalog.json

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/toolgen/toolgen/runtime"
)

// payments implements the generated Handler against an in-memory ledger.
type payments struct {
	balances map[string]int64 // payment ID -> refundable cents
}

func (p *payments) RefundPayment(ctx context.Context, valid ValidRefundPaymentArgs) (any, error) {
	args := valid.Args()
	left, ok := p.balances[args.PaymentID]
	if !ok {
		return nil, fmt.Errorf("payment %s not found", args.PaymentID)
	}
	if args.AmountCents > left {
		return nil, fmt.Errorf("refund of %d cents exceeds the %d cents left", args.AmountCents, left)
	}
	p.balances[args.PaymentID] = left - args.AmountCents
	return map[string]any{"status": "queued", "refundedCents": args.AmountCents, "reason": args.Reason}, nil
}

func (p *payments) GetPayment(ctx context.Context, valid ValidGetPaymentArgs) (any, error) {
	args := valid.Args()
	return map[string]any{"paymentId": args.PaymentID, "refundableCents": p.balances[args.PaymentID], "includeRefunds": args.IncludeRefunds}, nil
}

func (p *payments) SendReceipt(ctx context.Context, valid ValidSendReceiptArgs) (any, error) {
	args := valid.Args()
	return map[string]any{"sentTo": append([]string{args.Email}, args.Copies...), "locale": args.Locale}, nil
}

// call is one tool call as a model proposes it.
type call struct {
	about string
	tool  string
	args  string
}

var calls = []call{
	{"a valid refund", "refund_payment", `{"paymentId":"pay_8f2k1x9q","amountCents":1250,"reason":"duplicate"}`},
	{"the amount as a string, an unknown reason and an invented field", "refund_payment",
		`{"paymentId":"pay_8f2k1x9q","amountCents":"42","reason":"mistake","notifyCustomer":true}`},
	{"a tool that does not exist", "refund_all_payments", `{}`},
	{"arguments cut off mid-stream", "refund_payment", `{"paymentId":"pay_8f2k1x9q","amountC`},
	{"valid arguments the handler rejects", "refund_payment", `{"paymentId":"pay_unknown1","amountCents":100,"reason":"fraud"}`},
	{"a receipt with a bad address, a duplicate copy and a bad date", "send_receipt",
		`{"paymentId":"pay_8f2k1x9q","email":"ana@","copies":["b@example.com","b@example.com"],"sendAt":"tomorrow","note":null}`},
	{"a valid lookup with a default applied", "get_payment", `{"paymentId":"pay_8f2k1x9q"}`},
}

func main() {
	if err := run(context.Background(), os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "payments:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, w io.Writer) error {
	h := &payments{balances: map[string]int64{"pay_8f2k1x9q": 5000}}
	fmt.Fprintf(w, "Tools: %v\n", Tools())
	for i, c := range calls {
		fmt.Fprintf(w, "\n#%d %s\n  call:   %s(%s)\n", i+1, c.about, c.tool, c.args)
		result, err := Dispatch(ctx, h, c.tool, []byte(c.args))
		if err == nil {
			fmt.Fprintf(w, "  result: %v\n", result)
			continue
		}
		fmt.Fprintf(w, "  kind:   %s\n", kind(err))
		fmt.Fprintf(w, "  model:  %s\n", indent(runtime.ModelMessage(err)))
	}
	return nil
}

// kind says which failure class an error from Dispatch belongs to.
func kind(err error) string {
	var invalid *runtime.ValidationError
	var failed *runtime.HandlerError
	switch {
	case errors.Is(err, runtime.ErrUnknownTool):
		return "unknown tool"
	case errors.As(err, &invalid):
		return fmt.Sprintf("invalid arguments (%d violation(s))", len(invalid.Violations))
	case errors.As(err, &failed):
		return "handler error: " + failed.Err.Error()
	}
	return "other: " + err.Error()
}

// indent lines up a multi-line message under its label.
func indent(s string) string { return strings.ReplaceAll(s, "\n", "\n          ") }
