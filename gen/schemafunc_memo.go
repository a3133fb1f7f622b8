package gen

import (
	"github.com/dave/jennifer/jen"

	"github.com/toolgen/toolgen/internal/schema"
)

// Bounded work. A schema that several others apply to the same value is
// checked once per way of reaching it; when such schemas chain (two
// definitions per level, each applying both of the next level's), the ways
// double at every level. The generator counts, for each check function, the
// calls the other functions make to it, and a function called from two
// places or more (or twice from one, as anyOf and oneOf do when no
// alternative matched) runs through toolgenimpl.Check.Once, which remembers
// what it found for each value. A function called from one place runs at
// most as often as its caller, so every function runs a bounded number of
// times per value and a check costs at most in proportion to the schema's
// size times the value's. Functions that call no other (leaves) need no
// memo: they run once per call, and a call is a caller's step.

// callGraph is who calls which check function, as the compiled bodies do.
type callGraph struct {
	// callers counts the calls to each function written in other functions'
	// bodies.
	callers map[*schema.Node]int
	// callees are the functions each one calls, in place or on a member or
	// item, with repeats.
	callees map[*schema.Node][]*schema.Node
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
	dispatches := map[*schema.Node]bool{}
	for _, d := range k.dynamics {
		// A dispatcher calls one of its targets each time it is called.
		dispatches[d.from] = true
		targets := []*schema.Node{d.initial}
		for _, c := range k.candidates(d) {
			if c.node != d.initial {
				targets = append(targets, c.node)
			}
		}
		for _, t := range targets {
			k.calls.add(d.from, t)
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

// inDynamicScope reports whether entering resource res can change where a
// $dynamicRef or $recursiveRef leads: whether it has a dynamic anchor.
// Only those are pushed on the dynamic scope, so that the scopes a memo
// tells apart are the ones that matter.
func inDynamicScope(res *schema.Resource) bool { return len(res.DynamicAnchors) > 0 }
