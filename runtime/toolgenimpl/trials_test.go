package toolgenimpl

import (
	"errors"
	"fmt"
	"math/bits"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/runtime"
)

// readTried reads any value as a reader generated for a schema would:
// integers at every depth, at most two items in an array (checked only
// when the items are clean, as uniqueItems is), a name sent twice
// reported; inside a union's trial when once is set: then the unions it
// meets try their alternatives through TryAlternative and the values it
// checks whole go through CheckedOnce, as generated code has it; else
// through sub-readers and Checked, as outside every trial. At each value,
// four bits of route pick how: the low two read it directly (0), check it
// whole (1), read it with a sub-reader (2) or as a union (3); the third
// brackets it as sensitive; the fourth checks it whole holding secrets.
// Each member or item takes the route rotated by its index, so that
// siblings are read in different ways. Unions nest at most three deep at
// one value (nested is how deep this one is): without the memo, each level
// doubles the reading.
func readTried(r *Reader, route uint64, once bool) { readNested(r, route, once, 0) }

func readNested(r *Reader, route uint64, once bool, nested int) {
	if route&4 != 0 {
		r.BeginSensitive()
		defer r.EndSensitive()
	}
	next := route >> 4
	switch route & 3 {
	case 1:
		secrets := route&8 != 0
		switch {
		case once && secrets:
			r.CheckedOnceHoldingSecrets(1, checkTried)
		case once:
			r.CheckedOnce(1, checkTried)
		case secrets:
			r.CheckedHoldingSecrets(checkTried)
		default:
			r.Checked(checkTried)
		}
		return
	case 2:
		if raw, ok := r.Raw(); ok {
			s := r.Sub(raw)
			readNested(s, next, once, nested)
			r.Adopt(s)
		}
		return
	case 3:
		if nested < 3 {
			readTriedUnion(r, next, once, nested+1)
			return
		}
	}
	switch r.Kind() {
	case KindObject:
		r.BeginObject()
		var names Names
		for i := 0; r.More(); i++ {
			if name := r.Name(); !names.Add(name) {
				r.Duplicate(string(name))
				continue
			}
			readTried(r, bits.RotateLeft64(next, -4*i), once)
		}
		r.EndObject()
	case KindArray:
		mark := r.Mark()
		r.BeginArray()
		n := 0
		for ; r.More(); n++ {
			readTried(r, bits.RotateLeft64(next, -4*n), once)
		}
		r.EndArray()
		if n > 2 && r.Clean(mark) {
			r.MaxItems(2, n)
		}
	default:
		r.Int()
	}
}

// checkTried is readTried's reading as a schema function checks it.
func checkTried(c *Check, x *Value, _ *Evaluated) bool {
	ok := true
	switch x.Kind {
	case KindObject:
		for i := range x.Members {
			c.Enter(x.Members[i].Name)
			ok = checkTried(c, &x.Members[i].Value, nil) && ok
			c.Leave()
		}
	case KindArray:
		for i := range x.Items {
			c.EnterItem(i)
			ok = checkTried(c, &x.Items[i], nil) && ok
			c.Leave()
		}
		ok = ok && c.Count(len(x.Items), -1, 2, "item")
	default:
		ok = c.Type(x, TypeInteger)
	}
	return ok
}

// readTriedUnion reads a union, as generated code does, of the value read
// by route, the same with the fourth bit flipped, and a boolean. The
// alternatives' numbers tell their readers apart, as the generator's do:
// a route is its whole reading.
func readTriedUnion(r *Reader, route uint64, once bool, nested int) {
	raw, ok := r.Raw()
	if !ok {
		return
	}
	by := func(route uint64) func(s *Reader) (struct{}, bool) {
		return func(s *Reader) (struct{}, bool) {
			readNested(s, route, once, nested)
			return struct{}{}, s.Finish("") == nil
		}
	}
	alts := []struct {
		id   int
		read func(r *Reader) (struct{}, bool)
	}{
		{int(route &^ (3 << 62)), by(route)},
		{int(route&^(3<<62)) ^ 8, by(route ^ 8)},
		{-1, func(s *Reader) (struct{}, bool) { s.Bool(); return struct{}{}, s.Finish("") == nil }},
	}
	matched := 0
	var failures []runtime.Violation
	for _, alt := range alts {
		if once {
			if first, ok := TryAlternative(r, alt.id, raw, alt.read); ok {
				matched++
			} else {
				failures = append(failures, first)
			}
			continue
		}
		sub := r.Sub(raw)
		if _, ok := alt.read(sub); ok {
			matched++
		} else {
			failures = append(failures, sub.Violations()[0])
		}
	}
	if matched == 0 {
		r.AnyOf(len(alts), failures)
	}
}

// readTrials reads args, an object whose member "s" is sensitive, with
// readTried: without the memo; with it; and with it, after a trial of the
// same reading whose findings are dropped, as an alternative that failed
// leaves them. It returns the three errors, described.
func readTrials(t *testing.T, args string, route uint64) [3]string {
	var out [3]string
	for i, way := range []struct{ once, warm bool }{{false, false}, {true, false}, {true, true}} {
		r := NewReader([]byte(args))
		// The arguments hold a secret: their text is read as a union's
		// holding one is.
		if raw, ok := r.RawHoldingSecrets(); ok {
			if way.warm {
				readArgsWith(r.Sub(raw), func(string) func(r *Reader) {
					return func(r *Reader) { readTried(r, route, true) }
				})
			}
			s := r.Sub(raw)
			readArgsWith(s, func(string) func(r *Reader) { return func(r *Reader) { readTried(r, route, way.once) } })
			r.Adopt(s)
		}
		err := r.Finish("t")
		if err == nil {
			out[i] = "valid"
			continue
		}
		checkNothingInside(t, "/s", err, secretMember)
		var ve *runtime.ValidationError
		if !errors.As(err, &ve) {
			t.Fatalf("not a validation error: %v", err)
		}
		out[i] = fmt.Sprintf("%d omitted: %+v", ve.Omitted, ve.Violations)
	}
	return out
}

// checkTrials fails unless the three readings of readTrials agree.
func checkTrials(t *testing.T, args string, route uint64) {
	t.Helper()
	got := readTrials(t, args, route)
	for i, way := range []string{"with the memo", "with the memo, after a trial"} {
		if got[i+1] != got[0] {
			t.Fatalf("%s, route %#x: %s the error is\n%s\nwithout it\n%s", args, route, way, got[i+1], got[0])
		}
	}
}

// trialValues hold, inside the sensitive member and beside it, values of
// one shape at several places (so that a memo keyed on the place the
// violations name, which inside a sensitive value is the value's, mixes
// them up), some valid and some not, names sent twice, arrays too long and
// more problems than are listed:
// "NAME" stands for the secret inside "s" and a plain word in "p".
var trialValues = []string{
	`{"s":{"NAMEa":{"NAMEx":1},"NAMEb":{"NAMEx":"NAMEy"}},"p":{"NAMEa":{"NAMEx":1},"NAMEb":{"NAMEx":"NAMEy"}}}`,
	`{"s":{"NAMEa":{"NAMEx":"NAMEy"},"NAMEb":{"NAMEx":1}},"p":[true,{"NAMEx":[1,"NAMEy"]}]}`,
	`{"s":[{"NAMEx":[1,2]},{"NAMEx":[1,"NAMEy"]},true],"p":{"NAMEa":1}}`,
	`{"p":[[1],[true]],"s":[[1],[true],[[1,"NAMEy"]]]}`,
	`{"s":{"NAMEa":{"NAMEx":1,"NAMEx":2},"NAMEb":{"NAMEx":1}},"p":{"NAMEa":{"NAMEx":1,"NAMEx":2}}}`,
	`{"s":true,"p":{"NAMEa":"NAMEy"}}`,
	`{"s":{"NAMEa":[{"NAMEb":{"NAMEc":[false,"NAMEy",3]}}]},"p":{"NAMEa":[{"NAMEb":{"NAMEc":[false,"NAMEy",3]}}]}}`,
	`{"s":{"NAMEa":"NAMEy","NAMEb":[1,2,3],"NAMEc":{"NAMEx":1,"NAMEx":2},"NAMEd":[[1,"NAMEy"],[1],[1]]},"p":[[1,2,3],[1],[1]]}`,
	`{"s":[[1,"NAMEy"],[true],[[1,2,3]]],"p":{"NAMEa":"NAMEy","NAMEb":{"NAMEx":1,"NAMEx":2}}}`,
	// More problems than runtime.MaxViolations lists.
	`{"p":[` + strings.Repeat(`"NAMEy",`, runtime.MaxViolations) + `"NAMEy"],"s":{"NAMEa":["NAMEy"]}}`,
}

// TestTrialsReportAsReading: reading inside a union's trial, with its
// memo, reports exactly what reading outside one does, for values inside
// a sensitive member and beside it, by every path a generated reader takes
// at every depth: the same violations, the same count of problems inside
// the sensitive value, with the same keywords and first hint, and nothing
// inside it named.
func TestTrialsReportAsReading(t *testing.T) {
	for _, value := range trialValues {
		args := nameValues(value)
		for route := range uint64(1 << 10) {
			checkTrials(t, args, route|route<<10|route<<20|route<<30)
		}
	}
}

func FuzzTrialsReportAsReading(f *testing.F) {
	for i, value := range trialValues {
		f.Add(value, uint64(i)*0x3b9ac9ff)
		f.Add(value, uint64(0xf3f3f3f3f3f3f3f3))
	}
	f.Fuzz(func(t *testing.T, value string, route uint64) {
		if !strings.Contains(value, `"s":`) || !strings.Contains(value, `"p":`) {
			return
		}
		checkTrials(t, nameValues(value), route)
	})
}

// TestMemoAnswersForItsTextOnly: two values at one pointer (a member
// name sent twice, read twice) are each judged on their own text, by
// TryAlternative and by CheckedOnce: the memo never lends the first
// value's verdict to the second, in either order.
func TestMemoAnswersForItsTextOnly(t *testing.T) {
	intOnly := func(r *Reader) (struct{}, bool) { r.Int(); return struct{}{}, r.Finish("") == nil }
	ways := map[string]func(r *Reader) bool{
		"TryAlternative": func(r *Reader) bool {
			raw, ok := r.Raw()
			if !ok {
				return false
			}
			_, ok = TryAlternative(r, 7, raw, intOnly)
			return ok
		},
		"CheckedOnce": func(r *Reader) bool {
			_, ok := r.CheckedOnce(7, checkTried)
			return ok
		},
	}
	for name, read := range ways {
		for _, args := range []string{`{"a":1,"a":"x"}`, `{"a":"x","a":1}`} {
			r := NewReader([]byte(args))
			var got []bool
			if r.BeginObject() {
				for r.More() {
					r.Name()
					got = append(got, read(r))
				}
				r.EndObject()
			}
			intFirst := strings.HasPrefix(args, `{"a":1`)
			want := []bool{intFirst, !intFirst}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s on %s: the values matched %v, want %v", name, args, got, want)
			}
		}
	}
}
