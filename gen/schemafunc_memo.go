package gen

import (
	"fmt"
	"maps"
	"slices"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen/toolgen/internal/schema"
)

// Bounded work. A schema that several others apply to the same value is
// checked once per way of reaching it; when such schemas chain (two
// definitions per level, each applying both of the next level's), the ways
// double at every level. The generator counts, for each check function, the
// places in other functions' bodies that call it, and a function called
// from two places or more runs through toolgenimpl.Check.Once, which
// remembers what it found for each value. A function called from one place
// runs at most as often as its caller at each value, so every function runs
// a bounded number of times per value, and a check costs at most in
// proportion to the schema's size times the value's. A function that calls
// no other (a leaf) needs no memo: it runs once per call, and each call is
// a step of a caller that runs a bounded number of times.

// callGraph is who calls which check function, as the compiled bodies do.
type callGraph struct {
	// callers counts the calls to each function written in other functions'
	// bodies.
	callers map[*schema.Node]int
	// callees are the functions each one calls, in place or on a member or
	// item, with repeats; dynamic are the functions a $dynamicRef in it may
	// call, depending on the dynamic scope.
	callees, dynamic map[*schema.Node][]*schema.Node
}

func (g *callGraph) add(from, to *schema.Node) {
	g.init()
	g.callers[to]++
	g.callees[from] = append(g.callees[from], to)
}

func (g *callGraph) addDynamic(from, to *schema.Node) {
	g.init()
	g.callers[to]++
	g.dynamic[from] = append(g.dynamic[from], to)
}

func (g *callGraph) init() {
	if g.callers == nil {
		g.callers, g.callees, g.dynamic = map[*schema.Node]int{}, map[*schema.Node][]*schema.Node{}, map[*schema.Node][]*schema.Node{}
	}
}

// callee returns the name of the check function of s and notes that this
// schema's function calls it.
func (b *body) callee(s *schema.Node) string {
	b.k.calls.add(b.n, s)
	return b.k.function(s)
}

// call calls the check function of schema s on value, marking in ev.
func (b *body) call(s *schema.Node, value, ev jen.Code) *jen.Statement {
	return jen.Id(b.callee(s)).Call(jen.Id("c"), value, ev)
}

// onceFunc is a check function that runs through Check.Once: its number,
// and whether it may follow a $dynamicRef, whose target depends on the
// dynamic scope, which its memo then keys on too.
type onceFunc struct {
	id     int
	scoped bool
}

// memoPlan lists the functions that run once per value.
type memoPlan map[*schema.Node]onceFunc

// memoPlan decides which check functions run once per value; every function
// is compiled and the $dynamicRef dispatchers are known.
func (k *checker) memoPlan() memoPlan {
	dispatches := map[*schema.Node]bool{}
	for _, d := range k.dynamics {
		// A dispatcher calls one of its targets each time it is called: the
		// first the reference resolves to, or the anchor of a resource the
		// check has entered.
		dispatches[d.from] = true
		k.calls.add(d.from, d.initial)
		for _, c := range k.candidates(d) {
			if c.node != d.initial {
				k.calls.addDynamic(d.from, c.node)
			}
		}
	}
	scoped := k.reaching(dispatches)
	plan := memoPlan{}
	for _, f := range k.funcs {
		n := f.node
		if k.calls.callers[n] >= 2 && len(k.calls.callees[n]) > 0 {
			plan[n] = onceFunc{id: len(plan), scoped: scoped[n]}
		}
	}
	return plan
}

// reaching returns the functions that call one of targets, however
// indirectly, and the targets themselves.
func (k *checker) reaching(targets map[*schema.Node]bool) map[*schema.Node]bool {
	callers := map[*schema.Node][]*schema.Node{}
	for _, edges := range []map[*schema.Node][]*schema.Node{k.calls.callees, k.calls.dynamic} {
		for from, tos := range edges {
			for _, to := range tos {
				callers[to] = append(callers[to], from)
			}
		}
	}
	out := map[*schema.Node]bool{}
	var queue []*schema.Node
	for n := range targets {
		out[n] = true
		queue = append(queue, n)
	}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for _, from := range callers[n] {
			if !out[from] {
				out[from] = true
				queue = append(queue, from)
			}
		}
	}
	return out
}

// renderOnce writes the function of a schema that runs once per value: the
// function the others call, which asks the check's memo, and the check
// itself, which runs on a value the memo has not seen.
func (k *checker) renderOnce(f *schemaFunc, name string, once onceFunc, stmts []jen.Code) jen.Code {
	eval := k.idents.claim(name + "Eval")
	method := "Once"
	if once.scoped {
		method = "OnceInScope"
	}
	return jen.Add(
		lineComment(f.doc+" Several schemas apply it to one value, so it runs once per value.").Line().
			Func().Id(name).Params(schemaParams()...).Bool().Block(
			jen.Return(jen.Id("c").Dot(method).Call(jen.Lit(once.id), jen.Id(eval), jen.Id("x"), jen.Id("ev"))),
		),
		jen.Line().Line(),
		lineComment(eval+" is "+name+"'s check, run once per value.").Line().
			Func().Id(eval).Params(schemaParams()...).Bool().Block(stmts...),
	)
}

// maxScopes bounds the forms the dynamic scope of one check may take. A
// function that may follow a $dynamicRef runs once per value and per form
// (see toolgenimpl.Check.OnceInScope), so the forms multiply the work.
const maxScopes = 1024

// checkScopes refuses the schemas whose dynamic scope can take more than
// maxScopes forms in one check: for each anchor name some $dynamicRef
// follows, which of the resources with that anchor is the outermost
// entered, if any. The names held by one set of h resources give h+1
// choices, and a chain of resources, two per level, each level's with an
// anchor name of its own, gives 3^levels forms, each of which may resolve
// every $dynamicRef differently: no memo can bound that work.
func (k *checker) checkScopes() []error {
	if len(k.dynamics) == 0 {
		return nil
	}
	sites := map[*schema.Node][]*dynamicSite{}
	for _, d := range k.dynamics {
		sites[d.from] = append(sites[d.from], d)
	}
	var errs []error
	reported := map[*dynamicSite]bool{}
	for _, f := range k.funcs {
		if k.calls.callers[f.node] > 0 && f.node.Place.Ptr != "" {
			continue // not where a check starts: a document's root, or a schema no other calls
		}
		holders := map[string]map[int]bool{}
		var followed []string // the anchor names of the sites reached, in order
		var first *dynamicSite
		for _, n := range k.reachableFrom(f.node) {
			if res := n.Place.Resource; inDynamicScope(res) {
				for name := range res.DynamicAnchors {
					if holders[name] == nil {
						holders[name] = map[int]bool{}
					}
					holders[name][res.ID] = true
				}
			}
			for _, d := range sites[n] {
				if first == nil {
					first = d
				}
				if !slices.Contains(followed, d.anchor) {
					followed = append(followed, d.anchor)
				}
			}
		}
		// Names held by the same resources are always held by the same
		// outermost one: they count once.
		forms, counted := 1, map[string]bool{}
		for _, name := range followed {
			set := fmt.Sprint(slices.Sorted(maps.Keys(holders[name])))
			if counted[set] {
				continue
			}
			counted[set] = true
			forms *= len(holders[name]) + 1
			if forms > maxScopes {
				break
			}
		}
		if forms > maxScopes && !reported[first] {
			reported[first] = true
			ptr := first.from.Place.Ptr + "/" + first.keyword
			errs = append(errs, &schema.RefError{Ptr: ptr, Keyword: first.keyword, Doc: first.from.Place.Doc.URI,
				Reason: fmt.Sprintf("the schema resources with a $dynamicAnchor that %s follows can be entered in more than %d combinations, each of which it may resolve differently, so checking one value could take time exponential in the schema's size; give the dynamic anchors fewer distinct names, or use $ref where the target need not change", first.keyword, maxScopes)})
		}
	}
	return errs
}

// reachableFrom returns the functions a check that starts with n's may
// run, in the order a breadth-first walk meets them. A $dynamicRef leads to
// the anchors of resources the check has entered, so only those edges are
// followed whose target's resource one of the functions met so far is in.
func (k *checker) reachableFrom(n *schema.Node) []*schema.Node {
	seen := map[*schema.Node]bool{n: true}
	entered := map[*schema.Resource]bool{}
	out := []*schema.Node{n}
	for grew := true; grew; {
		grew = false
		for i := 0; i < len(out); i++ {
			entered[out[i].Place.Resource] = true
			for _, c := range k.calls.callees[out[i]] {
				if !seen[c] {
					seen[c] = true
					out = append(out, c)
				}
			}
		}
		for _, from := range out {
			for _, c := range k.calls.dynamic[from] {
				if !seen[c] && entered[c.Place.Resource] {
					seen[c] = true
					out = append(out, c)
					grew = true
				}
			}
		}
	}
	return out
}

// push enters resource res in the dynamic scope, naming its dynamic
// anchors by number.
func (k *checker) push(res *schema.Resource) jen.Code {
	names := slices.Sorted(maps.Keys(res.DynamicAnchors))
	args := []jen.Code{jen.Lit(res.ID)}
	for _, name := range names {
		if k.anchorNumbers == nil {
			k.anchorNumbers = map[string]int{}
		}
		n, ok := k.anchorNumbers[name]
		if !ok {
			n = len(k.anchorNumbers)
			k.anchorNumbers[name] = n
		}
		args = append(args, jen.Lit(n))
	}
	return jen.Id("c").Dot("PushAnchors").Call(args...)
}

// inDynamicScope reports whether entering resource res can change where a
// $dynamicRef or $recursiveRef leads: whether it has a dynamic anchor.
// Only those are pushed on the dynamic scope, so that the scopes a memo
// tells apart are the ones that matter.
func inDynamicScope(res *schema.Resource) bool { return len(res.DynamicAnchors) > 0 }
