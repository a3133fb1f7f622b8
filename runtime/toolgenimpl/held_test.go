package toolgenimpl

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

type heldPoint struct {
	X, Y  int64
	Label *string
}

var heldPoints, otherHeldPoints ObjectType

// TestNewObject checks that the objects NewObject hands out are zero and
// distinct, that each ObjectType has a block of its own, and that blocks
// double: fifty objects cost six allocations, one object one.
func TestNewObject(t *testing.T) {
	r := NewReader([]byte(`{}`))
	points := make(map[*heldPoint]bool)
	for i := range 50 {
		p := NewObject[heldPoint](r, &heldPoints)
		if *p != (heldPoint{}) || points[p] {
			t.Fatalf("object %d is %+v, or handed out before", i, *p)
		}
		p.X = int64(i)
		points[p] = true
	}
	other := NewObject[heldPoint](r, &otherHeldPoints)
	if points[other] || len(r.held.objects) != 2 {
		t.Fatalf("another ObjectType shares a block (%d blocks)", len(r.held.objects))
	}
	seen := make(map[int64]bool)
	for p := range points {
		seen[p.X] = true
	}
	if len(seen) != 50 {
		t.Fatalf("the objects overlap: %d distinct values of 50 written", len(seen))
	}
	_ = r.Finish("t")

	r = NewReader([]byte(`{}`))
	for _, c := range []struct{ objects, allocs int }{{1, 1}, {2, 2}, {50, 6}} {
		got := testing.AllocsPerRun(20, func() {
			for range c.objects {
				NewObject[heldPoint](r, &heldPoints)
			}
			r.held.endCall() // as when a recycled reader is taken for the next call
		})
		if got != float64(c.allocs) {
			t.Errorf("%d objects cost %v allocations, want %d", c.objects, got, c.allocs)
		}
	}
	_ = r.Finish("t")
}

// TestHeldObjectsStayWithTheirCall checks that a recycled reader keeps no
// block of objects from the call before, as with strings.
func TestHeldObjectsStayWithTheirCall(t *testing.T) {
	r := NewReader([]byte(`{}`))
	p := NewObject[heldPoint](r, &heldPoints)
	p.X = 7
	held := r.held
	_ = r.Finish("t") // recycles r
	if len(held.objects) != 0 || held.objects[:cap(held.objects)][0].base != nil {
		t.Fatal("a recycled reader keeps the objects of the call before")
	}
	if p.X != 7 {
		t.Fatalf("after the call the object is %+v", *p)
	}
}
