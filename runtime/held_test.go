package runtime

import "testing"

type heldColor string

func TestHeldValues(t *testing.T) {
	r := NewReader([]byte(`{}`))
	ints := make([]*int64, 0, 3*heldBlock)
	for i := range 3 * heldBlock {
		ints = append(ints, HoldInt(r, int64(i)))
	}
	color, yes, ratio := HoldString(r, heldColor("red")), HoldBool(r, true), HoldNumber(r, 0.5)
	*ints[0] = 100 // each pointer is a value of its own
	for i, p := range ints {
		want := int64(i)
		if i == 0 {
			want = 100
		}
		if *p != want {
			t.Fatalf("value %d is %d, want %d", i, *p, want)
		}
	}
	if *color != "red" || !*yes || *ratio != 0.5 {
		t.Fatalf("held %q, %v, %v", *color, *yes, *ratio)
	}
	sub := r.Sub([]byte(`1`))
	if sub.held != r.held {
		t.Fatal("a sub-reader holds values in blocks of its own")
	}
	allocs := testing.AllocsPerRun(10, func() {
		for range heldBlock {
			HoldInt(r, int64(1))
		}
	})
	if allocs != 1 {
		t.Errorf("%d integers held with %v allocations, want one block", heldBlock, allocs)
	}
	_ = r.Finish("t")
}

// TestHeldStringsStayWithTheirCall checks that a reader recycled for the
// next call drops its block of strings, so that a result kept does not keep
// the strings of other calls, while it keeps its block of integers.
func TestHeldStringsStayWithTheirCall(t *testing.T) {
	r := NewReader([]byte(`{}`))
	s, n := HoldString(r, "call"), HoldInt(r, int64(7))
	held := r.held
	_ = r.Finish("t") // recycles r
	if held.strings != nil {
		t.Fatal("a recycled reader keeps the strings of the call before")
	}
	if len(held.ints) != 1 || *s != "call" || *n != 7 {
		t.Fatalf("after the call: %d integers held, %q, %d", len(held.ints), *s, *n)
	}
}
