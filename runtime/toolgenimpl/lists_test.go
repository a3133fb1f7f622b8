package toolgenimpl

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/toolgen/toolgen/runtime"
	"github.com/toolgen/toolgen/runtime/internal/message"
)

// TestJoinedIsAppendList checks joined against message.AppendList on more
// lists than it has slots (so that lists share slots), each asked for
// several times, and after each list is changed in place: an answer is
// always the join of the strings the list holds now, never of those it
// held when its slot was filled.
func TestJoinedIsAppendList(t *testing.T) {
	lists := make([][]string, 3*len(joinedLists))
	for i := range lists {
		for j := range 2 + i%9 {
			lists[i] = append(lists[i], fmt.Sprintf(`"v%d_%d"`, i, j))
		}
	}
	check := func(values []string) {
		t.Helper()
		want := string(message.AppendList(nil, values))
		if got, ok := joined(values); ok && got != want {
			t.Fatalf("joined(%q) = %q, want %q", values, got, want)
		}
	}
	kept := 0
	for range 3 {
		for _, l := range lists {
			check(l)
			if _, ok := joined(l); ok {
				kept++
			}
		}
	}
	if kept == 0 {
		t.Fatal("joined kept no list")
	}
	for i, l := range lists {
		l[i%len(l)] = fmt.Sprintf(`"changed%d"`, i) // a new string where the old one was
		check(l)
		l[0] = l[0][:len(l[0])-1] + `"` // the same address, shorter
		check(l[:1])
		check(l)
	}
}

// TestJoinedListsInViolations checks the texts of enum and
// additionalProperties violations with a list joined before, and after it
// was changed in place, against the texts the same calls have with lists
// never seen before.
func TestJoinedListsInViolations(t *testing.T) {
	texts := func(values, members []string) string {
		r := NewReader([]byte(`{"e":"nope","x":1}`))
		if r.BeginObject() {
			seen := make([]bool, 1)
			for done := false; !done; {
				switch r.NextMember([]string{"e"}, seen) {
				case 0:
					ReadEnum(r, []string{"a", "b", "c"}, values)
				case OtherMember:
					r.NotAllowed(string(r.MemberName()), members)
				case EndOfObject:
					done = true
				}
			}
		}
		ve, ok := errors.AsType[*runtime.ValidationError](r.Finish("t"))
		if !ok || len(ve.Violations) != 2 {
			t.Fatalf("got %v, want two violations", ve)
		}
		return fmt.Sprint(ve.Violations)
	}
	values, members := []string{`"a"`, `"b"`, `"c"`}, []string{"e", "f", "g"}
	// Lists that share a slot are not both kept: these two must not.
	for joinedSlot(members) == joinedSlot(values) {
		members = slicesClone(members)
	}
	fresh := func() string { return texts(slicesClone(values), slicesClone(members)) }
	emptyJoinedLists()
	for range 3 {
		if got, want := texts(values, members), fresh(); got != want {
			t.Fatalf("with kept lists:\n%s\nwant\n%s", got, want)
		}
	}
	if _, ok := joined(values); !ok {
		t.Fatal("the enum's list was not kept")
	}
	if _, ok := joined(members); !ok {
		t.Fatal("the object's members were not kept")
	}
	values[1], members[2] = `"secret-b"`, "secret_g"
	got, want := texts(values, members), fresh()
	if got != want || !strings.Contains(got, "secret-b") || !strings.Contains(got, "secret_g") {
		t.Fatalf("after the lists changed:\n%s\nwant\n%s", got, want)
	}
}

func slicesClone(s []string) []string { return append([]string(nil), s...) }

// emptyJoinedLists empties the cache, which other tests fill: safe at any
// time, since a list not kept is joined as before.
func emptyJoinedLists() {
	for i := range joinedLists {
		joinedLists[i].Store(nil)
	}
}

// TestJoinedConcurrently asks for many lists on many goroutines at once,
// as calls of different tools do (and, under the race detector, checks
// that the slots are shared safely).
func TestJoinedConcurrently(t *testing.T) {
	lists := make([][]string, 600)
	for i := range lists {
		lists[i] = []string{fmt.Sprint(i), "x", fmt.Sprint(-i)}
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for k := range 2000 {
				l := lists[(g*97+k)%len(lists)]
				if got, ok := joined(l); ok && got != string(message.AppendList(nil, l)) {
					t.Errorf("joined(%q) = %q", l, got)
					return
				}
			}
		})
	}
	wg.Wait()
}

// TestJoinedAllocatesOnce: a list kept costs nothing the next time.
func TestJoinedAllocatesOnce(t *testing.T) {
	emptyJoinedLists()
	l := []string{"one", "two", "three"}
	if _, ok := joined(l); !ok {
		t.Fatal("the list was not kept in an empty cache")
	}
	if n := testing.AllocsPerRun(100, func() { joined(l) }); n != 0 {
		t.Errorf("joined allocates %v times per call on a kept list, want 0", n)
	}
}
