package toolgenimpl

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/toolgen/toolgen/runtime"
)

// readKeyed reads an object the way generated code does: "e" must be one
// of three strings, "n" an integer of at least 1, and no other member is
// allowed; each violation's text is written in the reader's buffer.
func readKeyed(r *Reader) {
	fields := []string{"e", "n"}
	if !r.BeginObject() {
		return
	}
	seen := make([]bool, len(fields))
	for {
		switch r.NextMember(fields, seen) {
		case 0:
			ReadEnum(r, []string{"red", "green", "blue"}, []string{`"red"`, `"green"`, `"blue"`})
		case 1:
			if v, ok := r.Int(); ok && v < 1 {
				r.Minimum("1")
			}
		case OtherMember:
			r.NotAllowed(string(r.MemberName()), fields)
		case EndOfObject:
			return
		}
	}
}

// keyedCall is the arguments of call i: each call breaks the schema in
// its own words, so that its texts differ from every other call's.
func keyedCall(i int) string {
	return fmt.Sprintf(`{"e":"c%d","n":%d,"x%d":[%d],"n":"%d"}`, i, -i, i, i, i)
}

// keyedViolations returns the violations of doc, which must be four; it
// reports to t, from any goroutine, and returns nil when they are not.
func keyedViolations(t testing.TB, doc string) []runtime.Violation {
	r := NewReader([]byte(doc))
	readKeyed(r)
	var ve *runtime.ValidationError
	if err := r.Finish("t"); !errors.As(err, &ve) || len(ve.Violations) != 4 {
		t.Errorf("%s: got %v, want four violations", doc, err)
		return nil
	}
	return ve.Violations
}

// cloned copies every string of vs, so that what later calls do to the
// memory vs's strings share cannot change the copy.
func cloned(vs []runtime.Violation) []runtime.Violation {
	out := make([]runtime.Violation, len(vs))
	for i, v := range vs {
		out[i] = runtime.Violation{Pointer: strings.Clone(v.Pointer), Keyword: strings.Clone(v.Keyword),
			Message: strings.Clone(v.Message), Hint: strings.Clone(v.Hint)}
	}
	return out
}

// TestRetainedViolationsStay: the violations of a call are written in a
// buffer the pooled reader keeps for its next calls; those a caller keeps
// must read the same after any number of later calls, with longer and
// shorter texts, have reused it.
func TestRetainedViolationsStay(t *testing.T) {
	kept := keyedViolations(t, keyedCall(7))
	if kept == nil {
		return
	}
	want := cloned(kept)
	if !strings.Contains(want[0].Hint, `"c7"`) {
		t.Fatalf("first hint %q does not show the value sent", want[0].Hint)
	}
	for i := range 200 {
		keyedViolations(t, keyedCall(i*1000+i))
	}
	for i := range want {
		if kept[i] != want[i] {
			t.Errorf("violation %d changed after later calls:\n got %+v\nwant %+v", i, kept[i], want[i])
		}
	}
}

// TestConcurrentCallsKeepTheirTexts: calls on many goroutines at once, the
// readers taken from one pool, each get the texts of their own arguments
// (and, under the race detector, share no memory they write).
func TestConcurrentCallsKeepTheirTexts(t *testing.T) {
	const goroutines, calls = 8, 200
	want := make([][]runtime.Violation, goroutines)
	for g := range want {
		want[g] = cloned(keyedViolations(t, keyedCall(g)))
		if want[g] == nil {
			return
		}
	}
	var wg sync.WaitGroup
	errs := make(chan string, goroutines)
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var kept [][]runtime.Violation
			for range calls {
				kept = append(kept, keyedViolations(t, keyedCall(g)))
			}
			for _, vs := range kept {
				if len(vs) != len(want[g]) {
					errs <- fmt.Sprintf("goroutine %d: %d violations, want %d", g, len(vs), len(want[g]))
					return
				}
				for i := range vs {
					if vs[i] != want[g][i] {
						errs <- fmt.Sprintf("goroutine %d: violation %d is %+v, want %+v", g, i, vs[i], want[g][i])
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
