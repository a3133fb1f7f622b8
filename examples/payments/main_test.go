package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/runtime"
)

// TestRun checks that the example tells the model what it should for every
// failure class: results for valid calls, every violation of an invalid one,
// the unknown tool with the valid names, the cut-off JSON, a rejection, a
// retried lookup, a denial, a panic, a timeout and a rolled-back batch.
func TestRun(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), &out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"result: {Status:queued RefundedCents:1250 LeftCents:3750}",
		`- Field "amountCents" must be an integer, got the string "42".`,
		`- Field "reason" must be one of "duplicate", "customer_request", "fraud"; got "mistake".`,
		`- Field "notifyCustomer" is not allowed here; remove it.`,
		`There is no tool named "refund_all_payments". Call one of these tools instead: "refund_payment", "get_payment", "send_receipt".`,
		"The JSON arguments end too early, as if cut off after byte 36",
		`class:  rejected`,
		`- Payment "pay_unknown1" does not exist; look it up with get_payment first.`,
		`- Field "email" must be an email address such as name@example.com; got "ana@".`,
		`- Field "copies" must not contain duplicates; items 0 and 1 are equal.`,
		// The lookup fails transiently once, is retried, and gets its default.
		"result: map[includeRefunds:true paymentId:pay_8f2k1x9q refundableCents:3750]",
		"class:  denied",
		"need a human's approval; ask the user to approve it in the dashboard. Do not retry it",
		"class:  panic (log: tool \"get_payment\" panicked: runtime error: index out of range [2] with length 2)",
		"class:  timeout (log: tool \"send_receipt\" timed out after 100ms)",
		"call 2 of the batch failed, so the whole batch was rolled back and nothing was kept",
		"After the rollback, 3750 cents are left.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the output lacks %q\n%s", want, got)
		}
	}
	// Internal detail appears on the log side only, never in what the model
	// is told.
	for _, line := range strings.Split(got, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "model:") && (strings.Contains(line, "index out of range") || strings.Contains(line, "100ms")) {
			t.Errorf("internal detail reaches the model: %s", line)
		}
	}
}

// FuzzValidateArgs feeds arbitrary bytes to the generated validators: they
// must never panic, and every rejection must be a ValidationError whose
// violations are well formed.
func FuzzValidateArgs(f *testing.F) {
	for _, c := range calls {
		f.Add(c.tool, []byte(c.args))
	}
	f.Add("send_receipt", []byte(`{"paymentId":"pay_1234","email":"a@b.co","copies":["a@b.co",1],"note":null,"locale":"xx"}`))
	f.Fuzz(func(t *testing.T, tool string, raw []byte) {
		err := ValidateArgs(tool, raw)
		if err == nil {
			return
		}
		var invalid *runtime.ValidationError
		if errors.Is(err, runtime.ErrUnknownTool) {
			return
		}
		if !errors.As(err, &invalid) {
			t.Fatalf("ValidateArgs returned %T: %v", err, err)
		}
		if len(invalid.Violations) == 0 {
			t.Fatal("a ValidationError without violations")
		}
		for _, v := range invalid.Violations {
			if v.Keyword == "" || v.Message == "" || v.Hint == "" || (v.Pointer != "" && v.Pointer[0] != '/') {
				t.Fatalf("malformed violation %+v", v)
			}
		}
	})
}

// brokenRefunds returns results that break the output schema.
type brokenRefunds struct{ *payments }

func (brokenRefunds) RefundPayment(context.Context, ValidRefundPaymentArgs) (RefundPaymentResult, error) {
	return RefundPaymentResult{Status: "lost", RefundedCents: 0}, nil
}

// TestResultsAreChecked checks that a result breaking the output schema never
// leaves: the dispatcher reports a server fault, not the model's.
func TestResultsAreChecked(t *testing.T) {
	d := NewDispatcher(brokenRefunds{&payments{balances: map[string]int64{}}}, runtime.Config{})
	result, err := d.Dispatch(context.Background(), "refund_payment", []byte(`{"paymentId":"pay_8f2k1x9q","amountCents":1,"reason":"fraud"}`))
	var bad *runtime.OutputError
	if result != nil || !errors.As(err, &bad) {
		t.Fatalf("want an OutputError and no result, got %v, %v", result, err)
	}
	var pointers []string
	for _, v := range bad.Violations {
		pointers = append(pointers, v.Keyword+" "+v.Pointer)
	}
	if strings.Join(pointers, ", ") != "enum /status, minimum /refundedCents" {
		t.Errorf("violations %v", pointers)
	}
	if !strings.Contains(runtime.ModelMessage(err), "the arguments were fine") {
		t.Errorf("model message: %s", runtime.ModelMessage(err))
	}
}
