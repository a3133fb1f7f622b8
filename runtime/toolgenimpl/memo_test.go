package toolgenimpl

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/runtime"
	"github.com/toolgen/toolgen/runtime/internal/message"
)

// A graph of schema functions, made at random: leaves that report some
// violations and mark a member, and allOf, anyOf, oneOf, not, if, a
// property loop and unevaluatedProperties over later nodes, so that nodes
// are shared (applied to one value along several paths), and brackets of
// sensitive values, some around nodes and some at positions of the value
// (every function checking a value there brackets it, as generated code
// does), below which problems are counted rather than named. The same
// graph is checked five ways, which must report exactly the same: as the
// code before the memo did (every function runs each time, and a union
// that none matched runs each alternative again with every violation
// recorded for its first), as the memo's code does with none of the
// functions run through Once, those with two callers or more, all of
// them, and with anyOf and oneOf written as code generated before
// Alternatives wrote them (Try, then AnyOf or OneOf).

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
	recordFirst // the reference: unions take each alternative's first violation from a recording run
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

// funcs makes the schema functions of the graph in the given style; each
// brackets the values at the positions in secrets.
func (style graphStyle) funcs(nodes []graphNode, secrets map[*Value]bool) []SchemaFunc {
	fns := make([]SchemaFunc, len(nodes))
	callers := make([]int, len(nodes))
	for _, n := range nodes {
		for _, child := range n.children {
			callers[child]++
		}
	}
	for i := len(nodes) - 1; i >= 0; i-- {
		body := bracketSecrets(style.body(i, nodes[i], fns), secrets)
		if style == memoAll || style == memoShared && callers[i] >= 2 {
			id := i
			fns[i] = func(c *Check, x *Value, ev *Evaluated) bool { return c.Once(id, body, x, ev) }
		} else {
			fns[i] = body
		}
	}
	return fns
}

// bracketSecrets makes fn check the values at the positions in secrets as
// sensitive.
func bracketSecrets(fn SchemaFunc, secrets map[*Value]bool) SchemaFunc {
	return func(c *Check, x *Value, ev *Evaluated) bool {
		if secrets[x] {
			c.BeginSensitive()
			defer c.EndSensitive()
		}
		return fn(c, x, ev)
	}
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
		if style == recordFirst {
			return func(c *Check, x *Value, ev *Evaluated) bool {
				matched := 0
				for _, k := range kids {
					if sub := ev.Fork(); c.Try(k, x, sub) {
						matched++
						ev.Merge(sub)
					}
				}
				switch {
				case one && matched > 1:
					return c.Report("oneOf", string(message.ManyMessage(nil, matched)), string(message.ManyHint(c.hintStart())))
				case matched > 0 || c.mode == discarding:
					return matched > 0
				}
				hint := message.NoneHint(c.hintStart())
				reasons := 0
				for alt, k := range kids {
					if first, found := firstRecorded(c, k, x); found {
						hint = message.NoneReason(hint, reasons, alt+1, first)
						reasons++
					}
				}
				keyword := map[bool]string{true: "oneOf", false: "anyOf"}[one]
				return c.Report(keyword, string(message.NoneMessage(nil, len(kids))), string(message.NoneEnd(hint, reasons)))
			}
		}
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

// firstRecorded returns the hint of the first violation fn reports on x,
// found as the code before the memo found it: by running fn with every
// violation recorded, in a record of its own (so that a full one hides
// nothing), and by taking, when none was, the one violation that stands
// for the problems fn counted inside a sensitive value around x. The
// check is left as it was.
func firstRecorded(c *Check, fn SchemaFunc, x *Value) (string, bool) {
	violations, reported, mode, outer := c.violations, c.reported, c.mode, c.secret
	c.violations, c.reported, c.mode, c.secret = nil, 0, recording, secret{}
	fn(c, x, nil)
	first, found := "", true
	switch {
	case len(c.violations) > 0:
		first = c.violations[0].Hint
	case c.secret.count > 0:
		first = c.secretViolation().Hint
	default:
		found = false
	}
	c.violations, c.reported, c.mode, c.secret = violations, reported, mode, outer
	return first, found
}

// graphOutcome is all a check of the graph's root says: with Hidden, the
// problems counted inside a sensitive value at the root, whose bracket is
// still open.
type graphOutcome struct {
	OK         bool
	Violations []runtime.Violation
	Omitted    int
	Marks      []bool
	Hidden     string
}

func (style graphStyle) check(g graph, before int) graphOutcome {
	fns := style.funcs(g.nodes, g.secrets)
	c := Check{prefix: "/args"}
	for i := range before {
		c.Report("before", "m", fmt.Sprintf("reported before %d.", i))
	}
	if g.sensitive {
		c.BeginSensitive()
	}
	ev := NewEvaluated(g.x)
	ok := fns[0](&c, g.x, ev)
	hidden := fmt.Sprintf("%d %v %q", c.secret.count, c.secret.keywords, c.secret.first)
	return graphOutcome{OK: ok, Violations: c.Violations(), Omitted: c.reported - len(c.violations), Marks: ev.marks, Hidden: hidden}
}

// A graph is checked against a value, x, whose positions in secrets are
// sensitive, and the whole of which is when sensitive is set.
type graph struct {
	nodes     []graphNode
	x         *Value
	secrets   map[*Value]bool
	sealed    []string // the pointers of secrets
	sensitive bool
}

// pickSecrets chooses positions of x below its root to be sensitive, and
// returns them and their pointers, below prefix.
func pickSecrets(rng *rand.Rand, x *Value, prefix string) (map[*Value]bool, []string) {
	secrets := map[*Value]bool{}
	var sealed []string
	var walk func(v *Value, at string)
	walk = func(v *Value, at string) {
		for i := range v.Members {
			m := &v.Members[i]
			ptr := at + "/" + m.Name
			if rng.IntN(5) == 0 {
				secrets[&m.Value] = true
				sealed = append(sealed, ptr)
			}
			walk(&m.Value, ptr)
		}
	}
	walk(x, prefix)
	return secrets, sealed
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
	secrets, sealed := pickSecrets(rng, &x, "/args")
	g := graph{nodes: nodes, x: &x, secrets: secrets, sealed: sealed, sensitive: rng.IntN(8) == 0}
	// Violations reported before the graph runs leave it less room, or
	// none, below runtime.MaxViolations.
	before := rng.IntN(runtime.MaxViolations + 5)
	want := recordFirst.check(g, before)
	checkNothingNamed(t, seed, g, want.Violations)
	for _, style := range []graphStyle{direct, memoShared, memoAll, beforeAlternatives} {
		got := style.check(g, before)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("seed %d, style %d, graph %v, secrets at %v:\ngot  %v\nwant %v", seed, style, describeGraph(nodes), sealed, describeOutcome(got), describeOutcome(want))
		}
	}
}

// checkNothingNamed fails if a violation is below a sensitive position of
// the graph's value, or if its hint names a member inside one.
func checkNothingNamed(t *testing.T, seed uint64, g graph, vs []runtime.Violation) {
	t.Helper()
	sealed := g.sealed
	if g.sensitive {
		sealed = []string{"/args"}
	}
	for _, at := range sealed {
		path := strings.ReplaceAll(strings.TrimPrefix(at, "/args/"), "/", ".")
		names := regexp.MustCompile(regexp.QuoteMeta(`"`+path) + `[.\[]`)
		for _, v := range vs {
			if strings.HasPrefix(v.Pointer, at+"/") || at != "/args" && names.MatchString(v.Hint) {
				t.Fatalf("seed %d, graph %v: a violation names what is inside %s: %+v", seed, describeGraph(g.nodes), at, v)
			}
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
	return fmt.Sprintf("ok=%v omitted=%d marks=%v hidden=%s violations(%d)=%v", o.OK, o.Omitted, o.Marks, o.Hidden, len(o.Violations), o.Violations)
}

// onceChain returns a chain of allOf of the given levels, two functions per
// level each applying both of the next level's, run through Once, and the
// leaves checking type string; runs counts the functions' runs.
func onceChain(levels int, runs *int) []SchemaFunc {
	fns := make([]SchemaFunc, 2*levels+2)
	for i := len(fns) - 1; i >= 0; i-- {
		level, id := i/2, i
		var body SchemaFunc
		if level == levels {
			body = func(c *Check, x *Value, ev *Evaluated) bool { *runs++; return c.Type(x, TypeString) }
		} else {
			a, b := fns[2*level+2], fns[2*level+3]
			body = func(c *Check, x *Value, ev *Evaluated) bool {
				*runs++
				ok := a(c, x, ev)
				return b(c, x, ev) && ok
			}
		}
		fns[i] = func(c *Check, x *Value, ev *Evaluated) bool { return c.Once(id, body, x, ev) }
	}
	return fns
}

// TestOnceBoundsWork: a chain of allOf, two functions per level each
// applying both of the next level's, runs each function once per value
// through Once, where it would run 2^levels times.
func TestOnceBoundsWork(t *testing.T) {
	const levels = 40
	runs := 0
	fns := onceChain(levels, &runs)
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

// TestOnceBoundsWorkInsideSecrets: the chain of TestOnceBoundsWork, run on
// a member of a sensitive value and on the value itself, runs each
// function once per value too. Below the value, its 2^40 problems are
// counted (the count capped) into the one violation at the value, which
// names nothing inside; at the value, they are recorded there, without
// the value.
func TestOnceBoundsWorkInsideSecrets(t *testing.T) {
	const levels = 40
	x := MustParseValue(`{"s":{"` + secretMember + `":{}}}`)
	for _, below := range []bool{true, false} {
		runs := 0
		fns := onceChain(levels, &runs)
		c := Check{prefix: "/args"}
		c.Enter("s")
		c.BeginSensitive()
		at := x.Member("s")
		if below {
			c.Enter(secretMember)
			at = at.Member(secretMember)
		}
		if fns[0](&c, at, nil) {
			t.Fatal("an object passed type string")
		}
		if below {
			c.Leave()
		}
		c.EndSensitive()
		c.Leave()
		if runs > len(fns) {
			t.Errorf("below %v: %d runs of %d functions", below, runs, len(fns))
		}
		vs := c.Violations()
		for _, v := range vs {
			if v.Pointer != "/args/s" || strings.Contains(v.Message+v.Hint, secretMember) {
				t.Fatalf("below %v: names what is inside /args/s: %+v", below, v)
			}
		}
		if !below {
			if len(vs) != runtime.MaxViolations || c.reported != maxReported {
				t.Errorf("at the value: %d violations, %d reported; want %d and the count capped at %d", len(vs), c.reported, runtime.MaxViolations, maxReported)
			}
			continue
		}
		want := fmt.Sprintf("%d problems inside a value that is not shown: type", maxReported)
		if len(vs) != 1 || c.reported != 1 || vs[0].Message != want {
			t.Errorf("below the value: %d violations (%d reported), want one saying %q: %+v", len(vs), c.reported, want, vs)
		}
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
