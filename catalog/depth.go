package catalog

import (
	"strconv"

	"github.com/toolgen/toolgen/internal/schema"
)

// MaxSchemaDepth is how deeply a tool's schema may nest, in JSON levels
// (objects and arrays, the schema's own root being level 1). It is far above
// what a value the runtime reads can need (runtime.DefaultMaxDepth is 256
// levels of value, about twice that of schema), and it bounds the work of
// the meta-schema check, whose cost grows faster than the depth.
const MaxSchemaDepth = 1024

// deepest returns the depth of the JSON value n and the pointer of the first
// value at that depth, without recursion, stopping at the first value deeper
// than limit.
func deepest(n *schema.Node, limit int) (depth int, ptr string) {
	type frame struct {
		n     *schema.Node
		ptr   string
		depth int
	}
	stack := []frame{{n: n, depth: 1}}
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if f.n.Kind != '{' && f.n.Kind != '[' {
			continue
		}
		if f.depth > depth {
			depth, ptr = f.depth, f.ptr
			if depth > limit {
				return depth, ptr
			}
		}
		for _, m := range f.n.Members {
			stack = append(stack, frame{m.Value, appendPointer(f.ptr, m.Name), f.depth + 1})
		}
		for i, e := range f.n.Items {
			stack = append(stack, frame{e, f.ptr + "/" + strconv.Itoa(i), f.depth + 1})
		}
	}
	return depth, ptr
}

// checkDepth reports a schema that nests deeper than MaxSchemaDepth at the
// first value past the limit, as every refusal names its place; a
// diagnostic shows a pointer that long shortened.
func (s *schemaLint) checkDepth(which string) bool {
	depth, ptr := deepest(s.tree, MaxSchemaDepth)
	if depth <= MaxSchemaDepth {
		return true
	}
	s.errorf(s.tool.Name, s.base+ptr, "the %s schema nests deeper than %d levels here; toolgen reads schemas up to %d levels deep, far more than any value needs: flatten it with \"$defs\" and \"$ref\"", which, MaxSchemaDepth, MaxSchemaDepth)
	return false
}
