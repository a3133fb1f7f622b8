package schemafunc

import (
	"fmt"
	"maps"
	"slices"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen/toolgen/gen/internal/goemit"
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
	// bodies, or made by a $dynamicRef dispatcher, up to two per dispatcher
	// (see memoPlan).
	callers map[*schema.Node]int
	// callees are the functions each one calls, in place or on a member or
	// item, with repeats, but for the anchors a $dynamicRef in it may
	// follow, which depend on the dynamic scope (see checker.dynamicRefs).
	callees map[*schema.Node][]*schema.Node
	// scoped are the functions whose verdict may depend on the dynamic
	// scope: those that call one holding a $dynamicRef, however indirectly,
	// and those themselves.
	scoped map[*schema.Node]bool
}

func (g *callGraph) add(from, to *schema.Node) {
	if g.callers == nil {
		g.callers, g.callees = map[*schema.Node]int{}, map[*schema.Node][]*schema.Node{}
	}
	g.callers[to]++
	g.callees[from] = append(g.callees[from], to)
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
	// A reference that dispatches calls one schema each time its function
	// runs: the one it names, or the anchor of a resource the check has
	// entered. The anchors are counted as the dispatcher's callees, each
	// once per reference that may land on it other than through its own
	// name, and up to two, which is all the plan and checkScopes ask of a
	// count: so n references to n anchors cost 2n, not n².
	anchors := k.dynamicAnchors()
	refsTo := map[*dynamicSite]int{}
	naming := map[dynamicRef]int{} // references by dispatcher and initial
	dispatches := map[*schema.Node]bool{}
	for _, r := range k.dynamicRefs {
		dispatches[r.from] = true
		k.calls.add(r.from, r.initial)
		refsTo[r.site]++
		naming[dynamicRef{site: r.site, initial: r.initial}]++
	}
	for _, d := range k.dynamics {
		for _, c := range anchors[d.anchor] {
			k.calls.callers[c.node] += min(2, refsTo[d]-naming[dynamicRef{site: d, initial: c.node}])
		}
	}
	k.calls.scoped = k.reaching(dispatches)
	plan := memoPlan{}
	for _, f := range k.funcs {
		n := f.node
		if k.calls.callers[n] >= 2 && len(k.calls.callees[n]) > 0 {
			plan[n] = onceFunc{id: len(plan), scoped: k.calls.scoped[n]}
		}
	}
	return plan
}

// reaching returns the functions that call one of targets, however
// indirectly, and the targets themselves. A dispatcher's anchors are not
// followed back: every function that may call one through a $dynamicRef
// holds the reference, and so is one of the targets.
func (k *checker) reaching(targets map[*schema.Node]bool) map[*schema.Node]bool {
	callers := map[*schema.Node][]*schema.Node{}
	for from, tos := range k.calls.callees {
		for _, to := range tos {
			callers[to] = append(callers[to], from)
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
	eval := k.claim(name + "Eval")
	method := "Once"
	if once.scoped {
		method = "OnceInScope"
	}
	return jen.Add(
		goemit.LineComment(f.doc+" Several schemas apply it to one value, so it runs once per value.").Line().
			Func().Id(name).Params(schemaParams()...).Bool().Block(
			jen.Return(jen.Id("c").Dot(method).Call(jen.Lit(once.id), jen.Id(eval), jen.Id("x"), jen.Id("ev"))),
		),
		jen.Line().Line(),
		goemit.LineComment(eval+" is "+name+"'s check, run once per value.").Line().
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
	if len(k.dynamicRefs) == 0 {
		return nil
	}
	refs := map[*schema.Node][]*dynamicRef{}
	for i := range k.dynamicRefs {
		r := &k.dynamicRefs[i]
		refs[r.from] = append(refs[r.from], r)
	}
	anchors := k.dynamicAnchors()
	var errs []error
	reported := map[*dynamicRef]bool{}
	for _, f := range k.funcs {
		if k.calls.callers[f.node] > 0 && f.node.Place.Ptr != "" {
			continue // not where a check starts: a document's root, or a schema no other calls
		}
		if !k.calls.scoped[f.node] {
			continue // it reaches no $dynamicRef: one form
		}
		holders := map[string]map[int]bool{}
		var first *dynamicRef
		for _, n := range k.reachableFrom(f.node, refs, anchors) {
			res := n.Place.Resource
			for name := range res.DynamicAnchors {
				if k.dispatchers[name] == nil {
					continue
				}
				if holders[name] == nil {
					holders[name] = map[int]bool{}
				}
				holders[name][res.ID] = true
			}
			if first == nil && len(refs[n]) > 0 {
				first = refs[n][0]
			}
		}
		// The scope's key holds, for every name a $dynamicRef follows,
		// anywhere, the outermost resource holding it (see inDynamicScope).
		// Names held by the same resources are always held by the same
		// outermost one: they count once.
		forms, counted := 1, map[string]bool{}
		for _, d := range k.dynamics {
			name := d.anchor
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
// the anchors of resources the check has entered, so an anchor waits until
// one of the functions met is in its resource.
func (k *checker) reachableFrom(n *schema.Node, refs map[*schema.Node][]*dynamicRef, anchors map[string][]dynamicCandidate) []*schema.Node {
	seen := map[*schema.Node]bool{}
	entered := map[*schema.Resource]bool{}
	waiting := map[*schema.Resource][]*schema.Node{}
	followed := map[*dynamicSite]bool{}
	var out []*schema.Node
	meet := func(m *schema.Node) {
		if !seen[m] {
			seen[m] = true
			out = append(out, m)
		}
	}
	meet(n)
	for i := 0; i < len(out); i++ {
		m := out[i]
		if res := m.Place.Resource; !entered[res] {
			entered[res] = true
			for _, a := range waiting[res] {
				meet(a)
			}
			delete(waiting, res)
		}
		for _, c := range k.calls.callees[m] {
			meet(c)
		}
		for _, r := range refs[m] {
			if followed[r.site] {
				continue // its anchors are met, or waiting
			}
			followed[r.site] = true
			for _, a := range anchors[r.site.anchor] {
				if res := a.node.Place.Resource; entered[res] {
					meet(a.node)
				} else {
					waiting[res] = append(waiting[res], a.node)
				}
			}
		}
	}
	return out
}

// push enters resource res in the dynamic scope, naming by number its
// dynamic anchors that a $dynamicRef follows.
func (k *checker) push(res *schema.Resource) jen.Code {
	args := []jen.Code{jen.Lit(res.ID)}
	for _, name := range slices.Sorted(maps.Keys(res.DynamicAnchors)) {
		if k.dispatchers[name] == nil {
			continue
		}
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
// $dynamicRef or $recursiveRef leads: whether it has a dynamic anchor of a
// name one follows. Only those are pushed on the dynamic scope, and only
// those names make up its key, so that the scopes a memo tells apart are
// the ones that matter: anchors no reference follows, named apart in each
// of n nested resources, would otherwise tell 2^n scopes apart. It is
// known once every schema is compiled.
func (k *checker) inDynamicScope(res *schema.Resource) bool {
	for name := range res.DynamicAnchors {
		if k.dispatchers[name] != nil {
			return true
		}
	}
	return false
}
