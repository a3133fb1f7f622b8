package catalog

import (
	"errors"

	"github.com/toolgen/toolgen/internal/schema"
)

// The meta-schema check (github.com/santhosh-tekuri/jsonschema/v6) costs more
// than linear time in what it checks. Compiling a schema looks each subschema
// up in a list of those met so far, so its time grows with the square of
// their number: an object of 100,000 properties takes minutes. Checking a
// subschema against the meta-schema builds its JSON Pointer again, so that
// step grows with the square of its depth, and a schema nested a thousand
// levels allocates gigabytes. Lint estimates the work before the check
// starts and refuses a schema that would take the catalog past its
// allowance, so that the check costs at most a few seconds plus time linear
// in the catalog's bytes, and a catalog cannot spend more.

// A catalog's allowance for the meta-schema check is metaCheckBase, plus
// metaCheckPerByte per byte of its schemas, in the steps metaCheckCost
// counts (about 10 ns or 8 bytes each; the base is an object of 24,000
// properties, or arrays nested 960 deep): a base that any schema a person
// writes stays far below (the largest of the real catalogs in the tests
// costs under 50,000 steps), and a share per byte ten times what real
// catalogs spend. The base is a variable so that tests may spend less.
var metaCheckBase int64 = 300_000_000

const metaCheckPerByte = 100

// metaCheckPerReached is what checking one subschema against the
// meta-schema costs, in steps (about 8 µs and 8 KB): a schema's own are paid
// for by its bytes, but those of another tool's schema reached by "$id"
// are checked again for every tool that reaches them, so that n tools
// reaching one schema of n subschemas cost n², which the catalog's bytes
// do not pay for.
const metaCheckPerReached = 1000

// metaCheckCost estimates the steps of compiling the schema root and
// checking it against its meta-schema: half the square of its subschemas
// (the comparisons of the compile's lookups), and for each subschema the
// square of its depth in JSON levels, plus one.
// It reports the subschemas and the deepest level too, for the message.
func metaCheckCost(root *schema.Node) (steps int64, subschemas, deepest int) {
	type frame struct {
		n     *schema.Node
		depth int
	}
	stack := []frame{{root, 0}}
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		subschemas++
		deepest = max(deepest, f.depth)
		steps += int64(f.depth+1) * int64(f.depth+1)
		_ = schema.DialectOf(f.n).Children(f.n, func(s schema.Sub) error {
			levels := 1 // the keyword's member
			if s.Shape == schema.SchemaArray || s.Shape == schema.SchemaMap {
				levels = 2 // and the item or member under it
			}
			stack = append(stack, frame{s.Node, f.depth + levels})
			return nil
		})
	}
	return steps + int64(subschemas)*int64(subschemas)/2, subschemas, deepest
}

// withinMetaCheckAllowance takes the estimated cost of checking the schema,
// with the schemas of other tools it reaches by "$id", from what is left of
// the catalog's allowance; it reports the schema and returns false when the
// allowance does not cover it.
func (s *schemaLint) withinMetaCheckAllowance(which string, reached []string) bool {
	steps, subschemas, deepest := metaCheckCost(s.tree)
	steps -= int64(subschemas) * int64(subschemas) / 2
	for _, id := range reached {
		other := s.identifiedCost(id)
		steps += other.steps + metaCheckPerReached*int64(other.subschemas)
		subschemas += other.subschemas
		deepest = max(deepest, other.deepest)
	}
	// The compile meets every subschema at once: the square is of the sum.
	steps += int64(subschemas) * int64(subschemas) / 2
	if steps <= s.allowance {
		s.allowance -= steps
		return true
	}
	s.errorf(s.tool.Name, s.base, "checking the %s schema against its meta-schema would take time growing with the square of its %d subschemas and of their depth (up to %d levels): an estimated %.1e steps, past the %.1e left of what toolgen allows a catalog of %d schema bytes, so that no catalog can make the check run for minutes; split the schema across tools, or flatten its nesting with \"$defs\"",
		which, subschemas, deepest, float64(steps), float64(s.allowance), s.schemaBytes)
	s.allowance = 0
	return false
}

// identifiedCost is what metaCheckCost says of the schema with the given
// "$id", less the square of its subschemas, which counts in the sum of the
// schema that refers to it; computed once per catalog.
type identifiedCost struct {
	steps               int64
	subschemas, deepest int
	refers              []string // the other "$id"s it refers to
}

func (l *linter) identifiedCost(id string) identifiedCost {
	if c, ok := l.costs[id]; ok {
		return c
	}
	var c identifiedCost
	l.costs[id] = c // a cycle of references adds nothing more
	if root := l.identified[id].root; root != nil {
		steps, n, deepest := metaCheckCost(root)
		c = identifiedCost{steps: steps - int64(n)*int64(n)/2, subschemas: n, deepest: deepest, refers: l.identifiedRefs(root)}
	}
	l.costs[id] = c
	return c
}

// identifiedRefs returns the "$id"s of the catalog that the references of
// an indexed schema name.
func (l *linter) identifiedRefs(tree *schema.Node) []string {
	var out []string
	schema.WalkIndexed(tree, func(v schema.Visit) bool {
		n := v.Node
		if n.Kind != '{' || n.Place == nil {
			return false
		}
		for _, keyword := range []string{"$ref", "$dynamicRef", "$recursiveRef"} {
			if ref := n.Member(keyword); ref != nil && ref.Kind == '"' {
				if uri, err := schema.ResolveURI(n.Place.Base, ref.Str); err == nil {
					if id := schema.WithoutFragment(uri); l.identified[id].root != nil {
						out = append(out, id)
					}
				}
			}
		}
		return true
	})
	return out
}

// reachedIdentified returns the schemas of other tools, by "$id", that the
// schema being linted refers to, directly or through one another: those the
// meta-schema check loads along with it.
func (s *schemaLint) reachedIdentified() []string {
	seen := map[string]bool{}
	var queue []string
	visit := func(id string) {
		if !seen[id] && !s.own(id) && !s.declares[id] {
			seen[id] = true
			queue = append(queue, id)
		}
	}
	for _, r := range s.refs {
		if uri, err := schema.ResolveURI(r.node.Place.Base, r.ref); err == nil {
			if id := schema.WithoutFragment(uri); s.identified[id].root != nil {
				visit(id)
			}
		}
	}
	for i := 0; i < len(queue); i++ {
		for _, id := range s.identifiedCost(queue[i]).refers {
			visit(id)
		}
	}
	return queue
}

// identifiedLoader serves the meta-schema check the schemas of other tools
// that it asks for by "$id", and nothing else: nothing is read from files
// or the network.
type identifiedLoader func(uri string) (any, bool)

func (l identifiedLoader) Load(url string) (any, error) {
	if v, ok := l(schema.WithoutFragment(url)); ok {
		return v, nil
	}
	return nil, errNoLoader
}

// errNoLoader is what the meta-schema check says of a document it cannot
// load, as it says it with no loader at all.
var errNoLoader = errors.New("no URLLoader set")
