package toolgenimpl

import (
	"slices"
	"unsafe"

	"github.com/toolgen/toolgen/runtime"
)

// validationError returns the violations as a *runtime.ValidationError for tool.
// When they are few and all pending, the error, its slice of violations and
// their texts are one allocation (see errorBlock): an invalid call is mostly
// the words that go back to the model and the memory they take, and a call
// that breaks a schema tends to break it in several places.
func (r *Reader) validationError(tool string) *runtime.ValidationError {
	r.settle()
	if n := len(r.pending); r.violations == nil && n > 0 {
		for i := range errorBlocks {
			if b := &errorBlocks[i]; n <= b.violations && len(r.text) <= b.text {
				e, room, text := b.make()
				r.violations = r.pendingInto(room[:0], text)
				*e = runtime.ValidationError{Tool: tool, Violations: r.violations, Omitted: r.omitted}
				return e
			}
		}
	}
	return &runtime.ValidationError{Tool: tool, Violations: r.Violations(), Omitted: r.omitted}
}

// An errorBlock is an error with room for the violations V (an array of
// them) and their texts T (an array of bytes), in one allocation. The
// texts come last, so that the collector scans only the part before them.
// Its strings are copied in once and never written again, and the block
// is the error's own: no other call's text is in it.
type errorBlock[V, T any] struct {
	err  runtime.ValidationError
	room V
	text T
}

// newErrorBlock allocates an errorBlock and returns its parts.
func newErrorBlock[V, T any]() (*runtime.ValidationError, []runtime.Violation, []byte) {
	b := new(errorBlock[V, T])
	room := unsafe.Slice((*runtime.Violation)(unsafe.Pointer(&b.room)), unsafe.Sizeof(b.room)/unsafe.Sizeof(runtime.Violation{}))
	return &b.err, room, unsafe.Slice((*byte)(unsafe.Pointer(&b.text)), unsafe.Sizeof(b.text))
}

// errorBlocks are the blocks validationError picks from, smallest first:
// the first with room for the violations and their texts. The sizes fill
// the allocator's size classes (256, 384, 512, 640, 768, 1024, 1280, 1536,
// 2048 bytes; past 512, less the 8 bytes of the allocator's own header) as
// the texts of 1 to 8 problems of ordinary length do.
var errorBlocks = [...]struct {
	violations, text int
	make             func() (*runtime.ValidationError, []runtime.Violation, []byte)
}{
	{1, 144, newErrorBlock[[1]runtime.Violation, [144]byte]},
	{2, 208, newErrorBlock[[2]runtime.Violation, [208]byte]},
	{1, 272, newErrorBlock[[1]runtime.Violation, [272]byte]},
	{2, 336, newErrorBlock[[2]runtime.Violation, [336]byte]},
	{3, 392, newErrorBlock[[3]runtime.Violation, [392]byte]},
	{3, 520, newErrorBlock[[3]runtime.Violation, [520]byte]},
	{4, 456, newErrorBlock[[4]runtime.Violation, [456]byte]},
	{4, 712, newErrorBlock[[4]runtime.Violation, [712]byte]},
	{6, 584, newErrorBlock[[6]runtime.Violation, [584]byte]},
	{6, 840, newErrorBlock[[6]runtime.Violation, [840]byte]},
	{8, 712, newErrorBlock[[8]runtime.Violation, [712]byte]},
	{8, 968, newErrorBlock[[8]runtime.Violation, [968]byte]},
	{6, 1096, newErrorBlock[[6]runtime.Violation, [1096]byte]},
	{8, 1480, newErrorBlock[[8]runtime.Violation, [1480]byte]},
}

// pendingInto copies the pending violations' texts into text, which has
// room for them, appends the violations to vs and returns it; none is
// pending after.
func (r *Reader) pendingInto(vs []runtime.Violation, text []byte) []runtime.Violation {
	text = text[:copy(text, r.text)]
	s := unsafe.String(unsafe.SliceData(text), len(text))
	n := len(vs)
	vs = slices.Grow(vs, len(r.pending))[:n+len(r.pending)]
	for i, p := range r.pending {
		vs[n+i] = runtime.Violation{
			Pointer: s[p.start:p.message],
			Keyword: p.keyword,
			Message: s[p.message:p.hint],
			Hint:    s[p.hint:p.end],
		}
	}
	r.text, r.pending = r.text[:0], r.pending[:0]
	return vs
}
