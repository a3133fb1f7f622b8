package tools

// Hand-written code beside the generated file, where handlers usually live:
// the same package may name the unexported field, and is checked all the same.

type refundHandler struct{}

func (refundHandler) Refund(v ValidRefundArgs) error {
	copied := v // copying a value received is allowed
	_ = copied.Args().Amount
	return nil
}

// sameShape has the underlying type of ValidRefundArgs.
type sameShape struct {
	args RefundArgs
}

func mint() {
	_ = ValidRefundArgs{args: RefundArgs{Amount: 1}} // want `composite literal ValidRefundArgs\{…\} makes a ValidRefundArgs that never passed validation; get one from ParseRefundArgs`
	_ = &ValidRefundArgs{}                           // want `composite literal ValidRefundArgs\{…\} makes a ValidRefundArgs that never passed validation; get one from ParseRefundArgs`
	_ = ValidRefundArgs(sameShape{})                 // want `conversion from sameShape makes a ValidRefundArgs`
	_ = (*ValidRefundArgs)(&sameShape{})             // want `conversion from \*sameShape makes a ValidRefundArgs`
	_ = ValidNoteArgs{}                              // want `composite literal ValidNoteArgs\{…\} makes a ValidNoteArgs that never passed validation; get one from ParseNoteArgs`
	var zero ValidNoteArgs                           // want `var zero declared without a value makes a ValidNoteArgs`
	_ = zero
}

func allowed(v ValidRefundArgs, p *ValidRefundArgs) ValidRefundArgs {
	same := ValidRefundArgs(v) // a conversion from the type itself makes nothing new
	ptr := (*ValidRefundArgs)(p)
	_ = ptr
	return same
}
