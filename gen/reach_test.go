package gen

import (
	"math/rand/v2"
	"testing"

	"github.com/toolgen/toolgen/internal/schema"
)

// TestReachAgreesWithWalk holds reach to a plain walk from each node on
// random graphs with cycles, self-loops and shared nodes: the answer for a
// node is the combination of what every node it leads to says, here the set
// of marked nodes it reaches.
func TestReachAgreesWithWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 500 {
		n := 1 + rng.IntN(30)
		nodes := make([]*schema.Node, n)
		index := map[*schema.Node]int{}
		for i := range nodes {
			nodes[i] = &schema.Node{}
			index[nodes[i]] = i
		}
		edges := map[*schema.Node][]*schema.Node{}
		for range rng.IntN(3 * n) {
			from, to := nodes[rng.IntN(n)], nodes[rng.IntN(n)]
			edges[from] = append(edges[from], to)
		}
		marked := map[*schema.Node]bool{}
		for _, x := range nodes {
			marked[x] = rng.IntN(5) == 0
		}
		own := func(x *schema.Node) uint64 {
			if marked[x] {
				return 1 << index[x]
			}
			return 0
		}
		r := newReach(own, func(x *schema.Node) []*schema.Node { return edges[x] }, func(a, b uint64) uint64 { return a | b })
		// Ask in a random order, so that answers settle in every order.
		for _, i := range rng.Perm(n) {
			want := uint64(0)
			seen := map[*schema.Node]bool{}
			var walk func(x *schema.Node)
			walk = func(x *schema.Node) {
				if seen[x] {
					return
				}
				seen[x] = true
				want |= own(x)
				for _, y := range edges[x] {
					walk(y)
				}
			}
			walk(nodes[i])
			if got := r.of(nodes[i]); got != want {
				t.Fatalf("trial %d: node %d reaches the marked nodes %b, reach says %b", trial, i, want, got)
			}
		}
	}
}
