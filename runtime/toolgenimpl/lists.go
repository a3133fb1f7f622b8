package toolgenimpl

import (
	"slices"
	"sync/atomic"
	"unsafe"

	"github.com/toolgen/toolgen/runtime/internal/message"
)

// A violation of enum or additionalProperties lists what is allowed: the
// values of the enum, the members of the object, joined by
// message.AppendList one append per name. The lists are the generated
// code's own, the same slice every call, so the first violation that names
// a list keeps the joined text for the next ones (joined).
//
// The cache holds nothing of a call: its key is the list itself, a hit
// needs every string of the list to be the one joined then (the same bytes
// at the same address, which a Go string never changes), and the text is
// made of those strings alone. A slot is filled once, by the first list of
// two or more that lands on it, and never replaced, so that it costs at
// most len(joinedLists) allocations in a process's life; a list whose slot
// another holds is joined as before.
type joinedList struct {
	values []string // the strings joined, as they were
	text   string
}

var joinedLists [256]atomic.Pointer[joinedList]

// joined returns what message.AppendList appends for values, and true, or
// false when it is not kept: a list of fewer than two, or one whose slot
// another list holds.
func joined(values []string) (string, bool) {
	if len(values) < 2 {
		return "", false
	}
	slot := joinedSlot(values)
	j := slot.Load()
	if j == nil {
		j = &joinedList{values: slices.Clone(values), text: string(message.AppendList(nil, values))}
		if !slot.CompareAndSwap(nil, j) {
			j = slot.Load()
		}
	}
	if !sameStrings(j.values, values) {
		return "", false
	}
	return j.text, true
}

// joinedSlot returns the slot that keeps the join of values, by the
// address of its array.
func joinedSlot(values []string) *atomic.Pointer[joinedList] {
	p := uintptr(unsafe.Pointer(unsafe.SliceData(values)))
	return &joinedLists[(p>>4^p>>12)%uintptr(len(joinedLists))]
}

// sameStrings reports whether a and b hold the same strings: the same
// lengths at the same addresses.
func sameStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if len(a[i]) != len(b[i]) || unsafe.StringData(a[i]) != unsafe.StringData(b[i]) {
			return false
		}
	}
	return true
}
