package schemafunc

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
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

// TestSensitivityAgreesWithWalk holds the two answers of the sensitivity
// analysis, both found by reach, to plain walks over the same edges, on
// random schemas whose definitions refer to each other in place, through
// members and items and through $dynamicRef, with cycles of every kind:
// holdsSecrets (a marker anywhere in or under the schemas applied) and
// sensitive (a marker among the schemas applied in place, or two of them
// reaching into the value's parts and one marking something there).
func TestSensitivityAgreesWithWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 300 {
		doc := randomSensitivitySchema(rng)
		reg := schema.NewRegistry(nil)
		d, err := reg.AddDocument("https://example.com/root.json", []byte(doc))
		if err != nil {
			t.Fatalf("trial %d: %v\n%s", trial, err, doc)
		}
		var nodes []*schema.Node
		var collect func(n *schema.Node)
		collect = func(n *schema.Node) {
			nodes = append(nodes, n)
			_ = schema.DialectOf(n).Children(n, func(s schema.Sub) error {
				collect(s.Node)
				return nil
			})
		}
		collect(d.Root)
		k := newChecker(reg, "s", asWanted)
		for _, i := range rng.Perm(len(nodes)) {
			n := nodes[i]
			if got, want := k.holdsSecrets(n), walkHolds(k, n); got != want {
				t.Fatalf("trial %d: holdsSecrets(%s) = %v, a plain walk says %v\n%s", trial, n.Place.Ptr, got, want, doc)
			}
			if got, want := k.sensitive(n), walkSensitive(k, n); got != want {
				t.Fatalf("trial %d: sensitive(%s) = %v, a plain walk says %v\n%s", trial, n.Place.Ptr, got, want, doc)
			}
		}
	}
}

// randomSensitivitySchema is a document of up to 8 definitions, some of
// them resources of their own with a dynamic anchor, each made of random
// members: markers, in-place applicators, members and items, each applying
// a reference to a definition, a $dynamicRef or a small inline schema.
func randomSensitivitySchema(rng *rand.Rand) string {
	n := 1 + rng.IntN(8)
	sub := func() string {
		switch rng.IntN(6) {
		case 0:
			return `{"writeOnly":true}`
		case 1:
			return `{"type":"string"}`
		case 2:
			return `{"$dynamicRef":"https://example.com/root.json#a"}`
		}
		return fmt.Sprintf(`{"$ref":"https://example.com/root.json#/$defs/d%d"}`, rng.IntN(n))
	}
	defs := make([]string, n)
	for i := range defs {
		var members []string
		if rng.IntN(3) == 0 {
			members = append(members, fmt.Sprintf(`"$id":"r%d.json","$dynamicAnchor":"a"`, i))
		}
		for range rng.IntN(4) {
			switch rng.IntN(9) {
			case 0:
				members = append(members, `"x-toolgen":{"sensitive":true}`)
			case 1:
				members = append(members, `"allOf":[`+sub()+`,`+sub()+`]`)
			case 2:
				members = append(members, `"anyOf":[`+sub()+`]`)
			case 3:
				members = append(members, `"not":`+sub())
			case 4:
				members = append(members, `"properties":{"a":`+sub()+`,"b":`+sub()+`}`)
			case 5:
				members = append(members, `"items":`+sub())
			case 6:
				members = append(members, `"if":`+sub()+`,"then":`+sub())
			case 7:
				members = append(members, `"dependentSchemas":{"a":`+sub()+`}`)
			default:
				members = append(members, `"writeOnly":true`)
			}
		}
		// At most one of each keyword: the last of each wins.
		seen := map[string]bool{}
		var unique []string
		for j := len(members) - 1; j >= 0; j-- {
			key := members[j][:strings.IndexByte(members[j][1:], '"')+2]
			if !seen[key] {
				seen[key] = true
				unique = append(unique, members[j])
			}
		}
		defs[i] = fmt.Sprintf(`"d%d":{%s}`, i, strings.Join(unique, ","))
	}
	return `{"$dynamicAnchor":"a","$ref":"#/$defs/d0","$defs":{` + strings.Join(defs, ",") + `}}`
}

// walkHolds is holdsSecrets by a plain walk: whether a schema n applies to
// its value or anything inside it, transitively, marks a value.
func walkHolds(k *checker, n *schema.Node) bool {
	seen := map[*schema.Node]bool{}
	var walk func(n *schema.Node) bool
	walk = func(n *schema.Node) bool {
		if seen[n] {
			return false
		}
		seen[n] = true
		if marksSensitive(n) {
			return true
		}
		return slices.ContainsFunc(append(slices.Clip(k.inPlaceOf(n)), childrenOf(n)...), walk)
	}
	return walk(n)
}

// walkSensitive is sensitive by a plain walk over the schemas n applies in
// place.
func walkSensitive(k *checker, n *schema.Node) bool {
	applied := []*schema.Node{n}
	seen := map[*schema.Node]bool{n: true}
	for i := 0; i < len(applied); i++ {
		for _, m := range k.inPlaceOf(applied[i]) {
			if !seen[m] {
				seen[m] = true
				applied = append(applied, m)
			}
		}
	}
	reaching, markedInside := 0, false
	for _, m := range applied {
		if marksSensitive(m) {
			return true
		}
		if children := childrenOf(m); len(children) > 0 {
			reaching++
			markedInside = markedInside || slices.ContainsFunc(children, func(c *schema.Node) bool { return walkHolds(k, c) })
		}
	}
	return reaching >= 2 && markedInside
}
