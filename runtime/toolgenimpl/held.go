package toolgenimpl

import "unsafe"

// Optional members are pointers in generated structs: *int64 for an
// optional integer. Taking the address of each value read would cost an
// allocation per member present; HoldInt, HoldNumber, HoldBool, HoldEnum
// and HoldString instead hand out the elements of blocks of values, one
// allocation per block.
//
// Blocks of numbers, booleans and enum constants outlive a call: a pooled
// reader goes on filling the same block in later calls, so a program that
// keeps one result keeps at most a block of plain values (and pointers to
// constants) with it. Blocks of other strings are never shared between calls,
// since their elements point to the calls' own strings; nor are the blocks
// NewObject hands out optional objects from.

// heldBlock is the number of values a block holds; heldStrBlock that of a
// block of strings, which is new in every call, so kept small.
const (
	heldBlock    = 32
	heldStrBlock = 8
)

// heldValues holds a reader's blocks, shared with its sub-readers.
type heldValues struct {
	ints    []int64
	numbers []float64
	bools   []bool
	enums   []string // only constants of generated enum types
	strings []string
	objects []objectBlock // one per struct type, never shared between calls
}

// hold stores v in the next free element of *block, starting a new block
// when it is full, and returns the element's address.
func hold[T any](block *[]T, size int, v T) *T {
	if len(*block) == cap(*block) {
		*block = make([]T, 0, size)
	}
	*block = append(*block, v)
	return &(*block)[len(*block)-1]
}

func (r *Reader) heldValues() *heldValues {
	if r.held == nil {
		r.held = new(heldValues)
	}
	return r.held
}

// The functions below are kept out of line: inlined into every optional
// member of every generated reader, they made a catalog of 3,000 tools take
// a quarter longer to compile, for a nanosecond saved per member.
//
// The conversions below turn a pointer to an element of a block into a
// pointer to a named type of the same underlying type, which has the same
// memory layout; Go's conversion rules allow that only outside generic code.

// HoldInt returns a pointer to a copy of v that costs no allocation of its
// own: the value of an optional integer member.
//
//go:noinline
func HoldInt[I ~int64](r *Reader, v I) *I {
	return (*I)(unsafe.Pointer(hold(&r.heldValues().ints, heldBlock, int64(v))))
}

// HoldNumber returns a pointer to a copy of v that costs no allocation of
// its own: the value of an optional number member.
//
//go:noinline
func HoldNumber[F ~float64](r *Reader, v F) *F {
	return (*F)(unsafe.Pointer(hold(&r.heldValues().numbers, heldBlock, float64(v))))
}

// HoldBool returns a pointer to a copy of v that costs no allocation of its
// own: the value of an optional boolean member.
//
//go:noinline
func HoldBool[B ~bool](r *Reader, v B) *B {
	return (*B)(unsafe.Pointer(hold(&r.heldValues().bools, heldBlock, bool(v))))
}

// HoldString returns a pointer to a copy of v that costs no allocation of
// its own: the value of an optional string or enum member.
//
//go:noinline
func HoldString[S ~string](r *Reader, v S) *S {
	return (*S)(unsafe.Pointer(hold(&r.heldValues().strings, heldStrBlock, string(v))))
}

// HoldEnum is HoldString for v, a constant of a generated enum type, whose
// block can outlive the call.
//
//go:noinline
func HoldEnum[S ~string](r *Reader, v S) *S {
	return (*S)(unsafe.Pointer(hold(&r.heldValues().enums, heldBlock, string(v))))
}

// An ObjectType stands for a generated struct type that optional members
// hold by pointer. Generated code declares one per such type and passes its
// address to NewObject, which finds that type's block by it.
type ObjectType struct{ _ byte } // not empty: distinct variables, distinct addresses

// objectBlock is the block of one struct type that NewObject hands out.
type objectBlock struct {
	typ        *ObjectType
	base       unsafe.Pointer // the block's first element
	used, size int
}

// NewObject returns a pointer to a zero T that costs no allocation of its
// own, for an optional object member to be read into in place. Blocks start
// with room for one object and double, up to heldBlock: a call with one
// such member allocates as before, a call with fifty, six times.
//
// Objects point to the call's strings, so, like strings, their blocks are
// never shared between calls: a program that keeps one result keeps that
// call's objects of the type, and nothing of later calls.
//
//go:noinline
func NewObject[T any](r *Reader, t *ObjectType) *T {
	b := r.heldValues().objectBlock(t)
	if b.used == b.size {
		b.size = min(max(1, 2*b.size), heldBlock)
		b.base, b.used = unsafe.Pointer(unsafe.SliceData(make([]T, b.size))), 0
	}
	var zero T
	p := (*T)(unsafe.Add(b.base, uintptr(b.used)*unsafe.Sizeof(zero)))
	b.used++
	return p
}

// objectBlock returns t's block, adding an empty one if there is none yet.
// A call meets few struct types held by pointer, so a list is searched.
func (h *heldValues) objectBlock(t *ObjectType) *objectBlock {
	for i := range h.objects {
		if h.objects[i].typ == t {
			return &h.objects[i]
		}
	}
	h.objects = append(h.objects, objectBlock{typ: t})
	return &h.objects[len(h.objects)-1]
}

// endCall drops what a call put in blocks that are not shared between
// calls.
func (h *heldValues) endCall() {
	h.strings = nil
	clear(h.objects) // the blocks, not only the list's length
	h.objects = h.objects[:0]
}
