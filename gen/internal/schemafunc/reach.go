package schemafunc

import "github.com/toolgen/toolgen/internal/schema"

// The sensitivity analysis asks, of every schema the builder meets, what the
// schemas it reaches say: whether one marks a value, whether two reach into
// the value's parts. Asked node by node with a walk each, that costs the
// size of the graph per node, and a catalog where many schemas share one
// large one (a union of many alternatives behind many $refs) costs its
// square. A reach answers such a question for every node at once, visiting
// each node and edge once over all the questions asked: the strongly
// connected components of the graph (Tarjan's algorithm) share one answer,
// and a component's answer is what its own nodes say combined with the
// answers of the components it leads to. Schemas refer to themselves, through
// their parts and in place, so the graph has cycles, and a walk that gives a
// node met again a provisional answer would be wrong where it does.
type reach[S any] struct {
	own     func(n *schema.Node) S              // what the node itself says
	next    func(n *schema.Node) []*schema.Node // the nodes it leads to
	combine func(a, b S) S

	settled map[*schema.Node]S
	index   map[*schema.Node]int // DFS order of the nodes being visited
	low     map[*schema.Node]int // of the nodes on the stack
	stack   []*schema.Node
	counter int
}

func newReach[S any](own func(*schema.Node) S, next func(*schema.Node) []*schema.Node, combine func(a, b S) S) *reach[S] {
	return &reach[S]{own: own, next: next, combine: combine, settled: map[*schema.Node]S{}, index: map[*schema.Node]int{}, low: map[*schema.Node]int{}}
}

// of returns the answer for n: what n and every node it leads to say,
// combined.
func (r *reach[S]) of(n *schema.Node) S {
	if s, ok := r.settled[n]; ok {
		return s
	}
	r.visit(n)
	return r.settled[n]
}

func (r *reach[S]) visit(n *schema.Node) {
	r.counter++
	r.index[n] = r.counter
	r.low[n] = r.counter
	r.stack = append(r.stack, n)
	for _, m := range r.next(n) {
		if _, ok := r.settled[m]; ok {
			continue
		}
		if _, seen := r.index[m]; !seen {
			r.visit(m)
			if low, onStack := r.low[m]; onStack {
				r.low[n] = min(r.low[n], low)
			}
		} else if _, onStack := r.low[m]; onStack {
			r.low[n] = min(r.low[n], r.index[m])
		}
	}
	if r.low[n] != r.index[n] {
		return
	}
	// n is the first node of a component: the nodes above it on the stack.
	i := len(r.stack) - 1
	for r.stack[i] != n {
		i--
	}
	members := r.stack[i:]
	r.stack = r.stack[:i]
	inside := make(map[*schema.Node]bool, len(members))
	for _, m := range members {
		inside[m] = true
		delete(r.low, m) // off the stack
	}
	s := r.own(members[0])
	for j, m := range members {
		if j > 0 {
			s = r.combine(s, r.own(m))
		}
		for _, w := range r.next(m) {
			if !inside[w] {
				s = r.combine(s, r.settled[w])
			}
		}
	}
	for _, m := range members {
		r.settled[m] = s
		delete(r.index, m)
	}
}
