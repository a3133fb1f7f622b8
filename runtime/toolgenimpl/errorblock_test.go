package toolgenimpl

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/toolgen/toolgen/runtime"
)

// TestErrorBlocksFillSizeClasses checks the table validationError picks
// from: smallest first, each block the room it says, and each exactly one
// of the allocator's size classes, less its 8-byte header past 512 bytes,
// so that no block pays for bytes it cannot use.
func TestErrorBlocksFillSizeClasses(t *testing.T) {
	classes := map[uintptr]bool{256: true, 384: true, 512: true, 640: true, 768: true, 896: true,
		1024: true, 1152: true, 1280: true, 1408: true, 1536: true, 1792: true, 2048: true}
	head := unsafe.Sizeof(runtime.ValidationError{})
	last := uintptr(0)
	for i, b := range errorBlocks {
		e, room, text := b.make()
		if e == nil || len(room) != b.violations || len(text) != b.text {
			t.Errorf("block %d: room for %d violations and %d bytes, want %d and %d", i, len(room), len(text), b.violations, b.text)
		}
		size := head + uintptr(b.violations)*unsafe.Sizeof(runtime.Violation{}) + uintptr(b.text)
		if size > 512 {
			size += 8
		}
		if !classes[size] {
			t.Errorf("block %d (%d violations, %d bytes of text) takes %d bytes, not a size class", i, b.violations, b.text, size)
		}
		if size < last {
			t.Errorf("block %d takes %d bytes, less than the one before it (%d)", i, size, last)
		}
		last = size
	}
}

// TestLongTextsOutgrowTheBlocks checks that violations whose texts fit no
// block are kept whole all the same.
func TestLongTextsOutgrowTheBlocks(t *testing.T) {
	for _, n := range []int{1, 3, 8, 9} {
		name := strings.Repeat("x", 60)
		doc := `{"items":[` + strings.TrimSuffix(strings.Repeat(`{"qty":0,"`+name+`":1},`, n), ",") + `]}`
		ve := validate(doc)
		if ve == nil || len(ve.Violations) != 2*n {
			t.Fatalf("%d items: got %v, want %d violations", n, ve, 2*n)
		}
		for i, v := range ve.Violations {
			if i%2 == 1 && (v.Keyword != "additionalProperties" || !strings.Contains(v.Hint, name)) {
				t.Errorf("%d items: violation %d is %+v, want the member %s not allowed", n, i, v, name)
			}
		}
	}
}

// TestLaterCallsShowNoEarlierValue: a call's texts are written in the
// pooled reader's buffer and copied into its own block; a later call, with
// shorter texts in the same buffer and a block of the same size, shows
// nothing of the earlier call's values, in any field or in its message
// for the model, alone or on many goroutines at once.
func TestLaterCallsShowNoEarlierValue(t *testing.T) {
	const secret = "sk-live-4f9a1c2e7b3d"
	earlier := `{"e":"` + secret + `","n":-1,"` + secret + `":1,"n":"` + secret + `"}`
	check := func(t testing.TB, i int) {
		if vs := keyedViolations(t, earlier); vs != nil && !strings.Contains(vs[0].Hint, secret) {
			t.Errorf("the earlier call's hint %q does not show its value", vs[0].Hint)
		}
		r := NewReader([]byte(fmt.Sprintf(`{"e":"c%d","n":0}`, i%10)))
		readKeyed(r)
		ve, ok := errors.AsType[*runtime.ValidationError](r.Finish("t"))
		if !ok || len(ve.Violations) != 2 {
			t.Errorf("got %v, want two violations", ve)
			return
		}
		texts := ve.ModelMessage() + ve.Error()
		for _, v := range ve.Violations {
			texts += v.Pointer + v.Keyword + v.Message + v.Hint
		}
		if strings.Contains(texts, "sk-") || strings.Contains(texts, "4f9a") {
			t.Errorf("a later call shows the earlier call's value:\n%s", texts)
		}
	}
	for i := range 50 {
		check(t, i)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 50 {
				check(t, g*50+i)
			}
		})
	}
	wg.Wait()
}
