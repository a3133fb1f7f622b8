package toolgenimpl

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/runtime"
)

// A graph of schema functions, made at random: leaves that report some
// violations and mark a member, and allOf, anyOf, oneOf, not, if, a
// property loop and unevaluatedProperties over later nodes, so that nodes
// are shared (applied to one value along several paths), some of them in a
// sensitive value and some not. The same graph is
// checked four ways, which must report exactly the same: none of the
// functions run through Once, those with two callers or more do, all of
// them do, and none with anyOf and oneOf written as code generated before
// Alternatives wrote them (Try, then AnyOf or OneOf, which check every
// alternative again for its first violation).

type graphNode struct {
	kind     int // see graphKinds
	children []int
	reports  int // violations a failing leaf reports
}

var graphKinds = []string{"leaf", "allOf", "anyOf", "oneOf", "not", "properties", "unevaluated", "if", "sensitive"}

type graphStyle int

const (
	direct     graphStyle = iota
	memoShared            // the functions with two callers or more run once, as generated code has it
	memoAll
	beforeAlternatives
)

func randomGraph(rng *rand.Rand, size int) []graphNode {
	nodes := make([]graphNode, size)
	for i := range nodes {
		later := size - 1 - i
		if later == 0 || rng.IntN(4) == 0 {
			nodes[i] = graphNode{kind: 0, reports: rng.IntN(20)}
			continue
		}
		n := graphNode{kind: 1 + rng.IntN(len(graphKinds)-1)}
		count := 1 + rng.IntN(3)
		if n.kind == 7 {
			count = 3
		}
		for range count {
			n.children = append(n.children, i+1+rng.IntN(later))
		}
		nodes[i] = n
	}
	return nodes
}

// funcs makes the schema functions of the graph in the given style.
func (style graphStyle) funcs(nodes []graphNode) []SchemaFunc {
	fns := make([]SchemaFunc, len(nodes))
	callers := make([]int, len(nodes))
	for _, n := range nodes {
		for _, child := range n.children {
			callers[child]++
		}
	}
	for i := len(nodes) - 1; i >= 0; i-- {
		body := style.body(i, nodes[i], fns)
		if style == memoAll || style == memoShared && callers[i] >= 2 {
			id := i
			fns[i] = func(c *Check, x *Value, ev *Evaluated) bool { return c.Once(id, body, x, ev) }
		} else {
			fns[i] = body
		}
	}
	return fns
}

func (style graphStyle) body(i int, n graphNode, fns []SchemaFunc) SchemaFunc {
	kids := make([]SchemaFunc, len(n.children))
	for k, child := range n.children {
		kids[k] = fns[child]
	}
	switch graphKinds[n.kind] {
	case "leaf":
		return func(c *Check, x *Value, ev *Evaluated) bool {
			if x.Kind == KindObject && len(x.Members) > 0 {
				ev.Mark((i + len(x.Members)) % len(x.Members))
			}
			if (len(x.Members)+len(x.Text)+i)%3 != 0 {
				return true
			}
			ok := c.Const(x, &leafConst, `"c"`)
			for q := range n.reports {
				ok = c.Report(fmt.Sprintf("k%d", i), "m", fmt.Sprintf("leaf %d says %d.", i, q)) && ok
			}
			return ok
		}
	case "allOf":
		return func(c *Check, x *Value, ev *Evaluated) bool {
			ok := true
			for _, k := range kids {
				ok = k(c, x, ev) && ok
			}
			return ok
		}
	case "anyOf", "oneOf":
		one := graphKinds[n.kind] == "oneOf"
		if style == beforeAlternatives {
			return func(c *Check, x *Value, ev *Evaluated) bool {
				matched := 0
				for _, k := range kids {
					if sub := ev.Fork(); c.Try(k, x, sub) {
						matched++
						ev.Merge(sub)
					}
				}
				if one && matched != 1 {
					return c.OneOf(x, matched, kids...)
				}
				if !one && matched == 0 {
					return c.AnyOf(x, kids...)
				}
				return true
			}
		}
		return func(c *Check, x *Value, ev *Evaluated) bool {
			var alts Alternatives
			for _, k := range kids {
				if sub := ev.Fork(); alts.Try(c, k, x, sub) {
					ev.Merge(sub)
				}
			}
			if one {
				return alts.OneOf(c)
			}
			return alts.AnyOf(c)
		}
	case "sensitive":
		return func(c *Check, x *Value, ev *Evaluated) bool {
			c.BeginSensitive()
			defer c.EndSensitive()
			ok := true
			for _, k := range kids {
				ok = k(c, x, ev) && ok
			}
			return ok
		}
	case "not":
		return func(c *Check, x *Value, ev *Evaluated) bool {
			if c.Try(kids[0], x, nil) {
				return c.Not()
			}
			return true
		}
	case "properties":
		return func(c *Check, x *Value, ev *Evaluated) bool {
			ok := true
			for m := range x.Members {
				c.Enter(x.Members[m].Name)
				for _, k := range kids {
					ok = k(c, &x.Members[m].Value, nil) && ok
				}
				c.Leave()
				if m%2 == 0 {
					ev.Mark(m)
				}
			}
			return ok
		}
	case "unevaluated":
		return func(c *Check, x *Value, ev *Evaluated) bool {
			seen := NewEvaluated(x)
			ok := true
			for _, k := range kids {
				ok = k(c, x, seen) && ok
			}
			if x.Kind == KindObject {
				for m := range x.Members {
					if !seen.Has(m) {
						c.Enter(x.Members[m].Name)
						ok = c.NotAllowed("unevaluatedProperties", nil) && ok
						c.Leave()
					}
				}
			}
			ev.Merge(seen)
			return ok
		}
	}
	return func(c *Check, x *Value, ev *Evaluated) bool { // if, then, else
		if sub := ev.Fork(); c.Try(kids[0], x, sub) {
			ev.Merge(sub)
			return kids[1](c, x, ev)
		}
		return kids[2](c, x, ev)
	}
}

// graphOutcome is all a check of the graph's root says.
type graphOutcome struct {
	OK         bool
	Violations []runtime.Violation
	Omitted    int
	Marks      []bool
}

func (style graphStyle) check(nodes []graphNode, x *Value, sensitive bool, before int) graphOutcome {
	fns := style.funcs(nodes)
	c := Check{prefix: "/args"}
	for i := range before {
		c.Report("before", "m", fmt.Sprintf("reported before %d.", i))
	}
	if sensitive {
		c.BeginSensitive()
	}
	ev := NewEvaluated(x)
	ok := fns[0](&c, x, ev)
	return graphOutcome{OK: ok, Violations: c.Violations(), Omitted: c.reported - len(c.violations), Marks: ev.marks}
}

var leafConst = MustParseValue(`"c"`)

var graphValues = []string{
	`{"a":{"b":"x","c":{"d":1}},"bb":["q"],"ccc":{"a":{"a":{}}}}`,
	`{"a":1,"b":2,"c":3,"d":4,"e":{"f":{"g":{"h":"i"}}}}`,
	`{}`,
	`{"x":{"y":{"z":{"w":{"v":"u"}}}}}`,
}

// TestOnceReportsAsChecking: for random graphs, running shared functions
// once per value reports exactly what running them every time does, and so
// does trying anyOf and oneOf's alternatives once.
func TestOnceReportsAsChecking(t *testing.T) {
	for seed := range uint64(3000) {
		checkGraph(t, seed)
	}
}

func FuzzOnceReportsAsChecking(f *testing.F) {
	for seed := range uint64(16) {
		f.Add(seed)
	}
	f.Fuzz(checkGraph)
}

func checkGraph(t *testing.T, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, seed>>32))
	nodes := randomGraph(rng, 4+rng.IntN(24))
	x := MustParseValue(graphValues[rng.IntN(len(graphValues))])
	sensitive := rng.IntN(8) == 0
	// Violations reported before the graph runs leave it less room, or
	// none, below runtime.MaxViolations.
	before := rng.IntN(runtime.MaxViolations + 5)
	want := direct.check(nodes, &x, sensitive, before)
	for _, style := range []graphStyle{memoShared, memoAll, beforeAlternatives} {
		got := style.check(nodes, &x, sensitive, before)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("seed %d, style %d, graph %v:\ngot  %v\nwant %v", seed, style, describeGraph(nodes), describeOutcome(got), describeOutcome(want))
		}
	}
}

func describeGraph(nodes []graphNode) string {
	var parts []string
	for i, n := range nodes {
		parts = append(parts, fmt.Sprintf("%d:%s%v", i, graphKinds[n.kind], n.children))
	}
	return strings.Join(parts, " ")
}

func describeOutcome(o graphOutcome) string {
	return fmt.Sprintf("ok=%v omitted=%d marks=%v violations(%d)=%v", o.OK, o.Omitted, o.Marks, len(o.Violations), o.Violations)
}

// TestOnceBoundsWork: a chain of allOf, two functions per level each
// applying both of the next level's, runs each function once per value
// through Once, where it would run 2^levels times.
func TestOnceBoundsWork(t *testing.T) {
	const levels = 40
	runs := 0
	fns := make([]SchemaFunc, 2*levels+2)
	for i := len(fns) - 1; i >= 0; i-- {
		level, id := i/2, i
		var body SchemaFunc
		if level == levels {
			body = func(c *Check, x *Value, ev *Evaluated) bool { runs++; return c.Type(x, TypeString) }
		} else {
			a, b := fns[2*level+2], fns[2*level+3]
			body = func(c *Check, x *Value, ev *Evaluated) bool {
				runs++
				ok := a(c, x, ev)
				return b(c, x, ev) && ok
			}
		}
		fns[i] = func(c *Check, x *Value, ev *Evaluated) bool { return c.Once(id, body, x, ev) }
	}
	x := MustParseValue(`{}`)
	var c Check
	if fns[0](&c, &x, nil) {
		t.Fatal("an object passed type string")
	}
	if runs > len(fns) {
		t.Errorf("%d runs of %d functions", runs, len(fns))
	}
	if len(c.Violations()) != runtime.MaxViolations || c.reported != maxReported {
		t.Errorf("%d violations, %d reported; want %d and the count capped at %d", len(c.Violations()), c.reported, runtime.MaxViolations, maxReported)
	}
}

// BenchmarkOnceChain checks {} against forty levels of allOf, two functions
// per level each applying both of the next level's: 2^40 runs without Once.
func BenchmarkOnceChain(b *testing.B) {
	const levels = 40
	fns := make([]SchemaFunc, 2*levels+2)
	for i := len(fns) - 1; i >= 0; i-- {
		level, id := i/2, i
		body := func(c *Check, x *Value, ev *Evaluated) bool { return c.Type(x, TypeObject) }
		if level < levels {
			a, b := fns[2*level+2], fns[2*level+3]
			body = func(c *Check, x *Value, ev *Evaluated) bool {
				ok := a(c, x, ev)
				return b(c, x, ev) && ok
			}
		}
		fns[i] = func(c *Check, x *Value, ev *Evaluated) bool { return c.Once(id, body, x, ev) }
	}
	x := MustParseValue(`{}`)
	b.ReportAllocs()
	for b.Loop() {
		var c Check
		if !fns[0](&c, &x, nil) {
			b.Fatal("{} failed type object")
		}
	}
}
