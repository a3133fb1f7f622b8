// Command payments is a small payments agent backend: its tools are declared
// in catalog.json, and toolgen generates their argument types, validators and
// dispatcher into tools_gen.go. main dispatches tool calls as a model might
// send them, one by one and as one turn's batch, and prints what the model
// would be told.
package main

//go:generate go run github.com/toolgen/toolgen/cmd/toolgen -pkg main -o tools_gen.go catalog.json

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/toolgen/toolgen/runtime"
)

// payments implements the generated Handler against an in-memory ledger.
type payments struct {
	mu       sync.Mutex
	balances map[string]int64 // payment ID -> refundable cents
	flaky    int              // lookups that fail transiently before one succeeds
}

func (p *payments) RefundPayment(ctx context.Context, valid ValidRefundPaymentArgs) (RefundPaymentResult, error) {
	args := valid.Args()
	p.mu.Lock()
	defer p.mu.Unlock()
	left, ok := p.balances[args.PaymentID]
	if !ok {
		// The arguments are well formed but wrong: tell the model, like a
		// schema violation, so it can fix them.
		return RefundPaymentResult{}, runtime.Rejectf("/paymentId", "Payment %q does not exist; look it up with get_payment first.", args.PaymentID)
	}
	if args.AmountCents > left {
		return RefundPaymentResult{}, runtime.Rejectf("/amountCents", "Only %d cents of payment %q are left to refund; ask for at most that.", left, args.PaymentID)
	}
	if tx, ok := ctx.Value(txKey{}).(*ledgerTx); ok {
		tx.undo = append(tx.undo, func() {
			p.mu.Lock()
			defer p.mu.Unlock()
			p.balances[args.PaymentID] += args.AmountCents
		})
	}
	p.balances[args.PaymentID] = left - args.AmountCents
	return RefundPaymentResult{Status: RefundPaymentResultStatusQueued, RefundedCents: args.AmountCents, LeftCents: left - args.AmountCents}, nil
}

func (p *payments) GetPayment(ctx context.Context, valid ValidGetPaymentArgs) (any, error) {
	args := valid.Args()
	if strings.HasPrefix(args.PaymentID, "pay_crash") {
		// A bug: old IDs had a region part ("pay_eu_…"), and this code still
		// assumes one, so it panics on newer IDs.
		region := strings.Split(args.PaymentID, "_")[2]
		_ = region
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.flaky > 0 {
		p.flaky--
		return nil, runtime.Transient(errors.New("ledger replica not reachable"))
	}
	return map[string]any{"paymentId": args.PaymentID, "refundableCents": p.balances[args.PaymentID], "includeRefunds": args.IncludeRefunds}, nil
}

func (p *payments) SendReceipt(ctx context.Context, valid ValidSendReceiptArgs) (any, error) {
	args := valid.Args()
	if strings.HasSuffix(args.Email, "@slow.example") {
		select { // a mail server that does not answer
		case <-time.After(10 * time.Second):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return map[string]any{"sentTo": append([]string{args.Email}, args.Copies...), "locale": args.Locale}, nil
}

// ledgerTx is the transaction hook of a batch: it undoes the refunds of a
// batch that failed.
type ledgerTx struct{ undo []func() }

type txKey struct{}

func (t *ledgerTx) Begin(ctx context.Context) (context.Context, error) {
	t.undo = nil
	return context.WithValue(ctx, txKey{}, t), nil
}

func (t *ledgerTx) Commit(context.Context) error { t.undo = nil; return nil }

func (t *ledgerTx) Rollback(context.Context) error {
	for i := len(t.undo) - 1; i >= 0; i-- {
		t.undo[i]()
	}
	t.undo = nil
	return nil
}

// approvals is the authorization policy: large refunds need a human.
func approvals(ctx context.Context, call runtime.Authorization) error {
	if args, ok := call.Args.(ValidRefundPaymentArgs); ok && args.Args().AmountCents > 100000 {
		return runtime.Deny("refunds above 1000.00 need a human's approval; ask the user to approve it in the dashboard")
	}
	return nil
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
	{"a lookup with a default applied, after a transient failure and a retry", "get_payment", `{"paymentId":"pay_8f2k1x9q"}`},
	{"a refund the policy does not allow", "refund_payment", `{"paymentId":"pay_8f2k1x9q","amountCents":250000,"reason":"fraud"}`},
	{"a handler that panics", "get_payment", `{"paymentId":"pay_crash0000"}`},
	{"a mail server that does not answer in time", "send_receipt", `{"paymentId":"pay_8f2k1x9q","email":"ana@slow.example"}`},
}

// batch is one model turn with two refunds; the second asks for more than is
// left, so the first is rolled back too.
var batch = []runtime.Call{
	{ID: "call_1", Tool: "refund_payment", Arguments: []byte(`{"paymentId":"pay_8f2k1x9q","amountCents":1000,"reason":"duplicate"}`)},
	{ID: "call_2", Tool: "refund_payment", Arguments: []byte(`{"paymentId":"pay_8f2k1x9q","amountCents":4000,"reason":"duplicate"}`)},
}

func main() {
	if err := run(context.Background(), os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "payments:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, w io.Writer) error {
	h := &payments{balances: map[string]int64{"pay_8f2k1x9q": 5000}, flaky: 1}
	d := NewDispatcher(h, runtime.Config{
		Timeout:    time.Second, // send_receipt sets its own, shorter timeout in the catalog
		Authorizer: runtime.AuthorizerFunc(approvals),
		Retry:      &runtime.RetryPolicy{Attempts: 3, BaseDelay: 10 * time.Millisecond},
	})
	fmt.Fprintf(w, "Tools: %v\n", Tools())
	for i, c := range calls {
		fmt.Fprintf(w, "\n#%d %s\n  call:   %s(%s)\n", i+1, c.about, c.tool, c.args)
		result, err := d.Dispatch(ctx, c.tool, []byte(c.args))
		show(w, result, err)
	}

	fmt.Fprintf(w, "\nA batch of %d refunds in one turn, in a transaction; %d cents are left:\n", len(batch), h.balances["pay_8f2k1x9q"])
	for i, r := range d.DispatchBatch(ctx, batch, runtime.BatchOptions{Transaction: &ledgerTx{}}) {
		fmt.Fprintf(w, "\n#%d %s(%s)\n", i+1, r.Tool, batch[i].Arguments)
		show(w, r.Result, r.Err)
	}
	fmt.Fprintf(w, "\nAfter the rollback, %d cents are left.\n", h.balances["pay_8f2k1x9q"])
	return nil
}

// show prints an outcome: the result, or the failure class for the logs and
// the message for the model.
func show(w io.Writer, result any, err error) {
	if err == nil {
		fmt.Fprintf(w, "  result: %+v\n", result)
		return
	}
	fmt.Fprintf(w, "  class:  %s (log: %s)\n", runtime.Outcome(err), err)
	fmt.Fprintf(w, "  model:  %s\n", strings.ReplaceAll(runtime.ModelMessage(err), "\n", "\n          "))
}
