package schemafunc

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen/toolgen/gen/internal/goemit"
	"github.com/toolgen/toolgen/internal/schema"
)

// References: $ref, $dynamicRef and $recursiveRef compiled, the dispatchers
// of the dynamic ones, and the check that no schema applies itself to the
// same value without end, through either.

// dynamicSite is the dispatch function of the references to one dynamic
// anchor, whose target depends on the dynamic scope; it is emitted once every
// resource is known.
type dynamicSite struct {
	name    string // the dispatch function
	keyword string // $dynamicRef or $recursiveRef
	anchor  string
}

// dynamicRef is a reference that dispatches: the check function of from
// calls site's dispatcher, with initial, the schema the reference names,
// for when no resource in the dynamic scope has the anchor.
type dynamicRef struct {
	from, initial *schema.Node
	keyword       string
	site          *dynamicSite
}

type dynamicCandidate struct {
	resource int
	node     *schema.Node
}

// dynamicAnchors returns, for each dynamic anchor name, the schemas a
// $dynamicRef to it may land on: each resource's $dynamicAnchor of the name,
// the outermost choice made at run time.
func (k *checker) dynamicAnchors() map[string][]dynamicCandidate {
	out := map[string][]dynamicCandidate{}
	for _, res := range k.reg.Resources {
		for name, a := range res.DynamicAnchors {
			out[name] = append(out[name], dynamicCandidate{res.ID, a})
		}
	}
	return out
}

// dynamicDispatcher returns the dispatch function of the dynamic anchor
// name that a reference of keyword follows, declaring it on first use: one
// for every reference to the name, since where they may land depends on the
// name alone.
func (k *checker) dynamicDispatcher(keyword, anchor string) *dynamicSite {
	if k.dispatchers == nil {
		k.dispatchers = map[string]*dynamicSite{}
	}
	if d, ok := k.dispatchers[anchor]; ok {
		return d
	}
	d := &dynamicSite{name: k.newVar("Dynamic"), keyword: keyword, anchor: anchor}
	k.dispatchers[anchor] = d
	k.dynamics = append(k.dynamics, d)
	return d
}

// emitDispatcher emits the dispatch function of d, which calls the schema
// the reference names, its initial argument, where no resource in the
// dynamic scope has the anchor.
func (k *checker) emitDispatcher(d *dynamicSite, cands []dynamicCandidate) {
	ids := make([]jen.Code, len(cands))
	cases := make([]jen.Code, 0, len(cands))
	for i, c := range cands {
		ids[i] = jen.Lit(c.resource)
		cases = append(cases, jen.Case(jen.Lit(i)).Block(jen.Return(jen.Id(k.names[c.node]).Call(jen.Id("c"), jen.Id("x"), jen.Id("ev")))))
	}
	params := append(schemaParams(), jen.Id("initial").Add(goemit.Runtime("SchemaFunc")))
	k.code = append(k.code,
		goemit.LineComment(dispatcherDoc(d)).Line().
			Func().Id(d.name).Params(params...).Bool().Block(
			jen.Switch(jen.Id("c").Dot("Dynamic").Call(jen.Index().Int().Values(ids...))).Block(cases...),
			jen.Return(jen.Id("initial").Call(jen.Id("c"), jen.Id("x"), jen.Id("ev"))),
		), jen.Line())
}

// dispatcherDoc is the doc comment of the dispatch function of d.
func dispatcherDoc(d *dynamicSite) string {
	if d.keyword == "$recursiveRef" {
		return fmt.Sprintf("%s follows $recursiveRef: the outermost schema resource in the dynamic scope with \"$recursiveAnchor\": true, else initial, the schema the reference names.", d.name)
	}
	return fmt.Sprintf("%s follows $dynamicRef to #%s: the anchor of the outermost schema resource in the dynamic scope that has one, else initial, the schema the reference names.", d.name, goemit.ShortText(d.anchor))
}

// checkCycles refuses schemas that apply themselves to the same value
// through references, which would never end: statically, or through the
// anchor a $dynamicRef or $recursiveRef may resolve to at run time, since
// whether it does depends on the value's path through the schemas, and a
// Go stack overflow ends the process. Every cycle is reported, once, where
// it closes (a cycle through an anchor, at the reference), so that one
// catalog's cycles do not hide another's.
func (k *checker) checkCycles() []error {
	c := &cycleSearch{k: k, state: map[*schema.Node]int{}, on: map[*schema.Node]int{}, dispatching: map[*dynamicSite]int{},
		refs: map[*schema.Node][]*dynamicRef{}, anchors: k.dynamicAnchors(), reported: map[any]bool{}}
	for i := range k.dynamicRefs {
		r := &k.dynamicRefs[i]
		c.refs[r.from] = append(c.refs[r.from], r)
	}
	nodes := make([]*schema.Node, 0, len(k.names))
	for n := range k.names {
		nodes = append(nodes, n)
	}
	sort.Slice(nodes, func(i, j int) bool { return k.names[nodes[i]] < k.names[nodes[j]] })
	for _, n := range nodes {
		c.visit(n, nil)
	}
	return c.errs
}

// cycleSearch is one depth-first search of checkCycles over the schemas
// applied in place, a dispatcher standing between each reference to an
// anchor name and the anchors, so that n references to n anchors cost 2n.
type cycleSearch struct {
	k    *checker
	path []cycleStep
	// state is each schema's: unvisited, visiting (on the path, at on[n])
	// or done; dispatching, where on the path a dispatcher's anchors are
	// being visited (absent: not yet; -1: done).
	state       map[*schema.Node]int
	on          map[*schema.Node]int
	dispatching map[*dynamicSite]int
	refs        map[*schema.Node][]*dynamicRef
	anchors     map[string][]dynamicCandidate
	reported    map[any]bool
	errs        []error
}

// cycleStep is a schema on the path, and the reference whose run-time
// choice led to it, or nil.
type cycleStep struct {
	n   *schema.Node
	via *dynamicRef
}

const (
	unvisited = iota
	visiting
	done
)

func (c *cycleSearch) visit(n *schema.Node, via *dynamicRef) {
	switch c.state[n] {
	case visiting:
		c.closed(c.on[n], cycleStep{n, via})
		return
	case done:
		return
	}
	c.state[n], c.on[n] = visiting, len(c.path)
	c.path = append(c.path, cycleStep{n, via})
	for _, next := range c.k.inPlace[n] {
		c.visit(next, nil)
	}
	for _, r := range c.refs[n] {
		at, met := c.dispatching[r.site]
		switch {
		case met && at >= 0:
			c.closed(at, cycleStep{c.path[at].n, r})
		case !met:
			c.dispatching[r.site] = len(c.path)
			for _, a := range c.anchors[r.site.anchor] {
				c.visit(a.node, r)
			}
			c.dispatching[r.site] = -1
		}
	}
	c.path = c.path[:len(c.path)-1]
	c.state[n] = done
}

// closed reports the cycle from the path's step at to the step closing it:
// at the reference of the first run-time choice in it, or, when there is
// none, at the schema where it closes.
func (c *cycleSearch) closed(at int, closing cycleStep) {
	steps := append(slices.Clip(c.path[at+1:]), closing)
	if i := slices.IndexFunc(steps, func(s cycleStep) bool { return s.via != nil }); i >= 0 {
		r, anchor := steps[i].via, steps[i].n
		if c.reported[r] {
			return
		}
		c.reported[r] = true
		c.errs = append(c.errs, &schema.RefError{Ptr: r.from.Place.Ptr + "/" + r.keyword, Keyword: r.keyword, Doc: r.from.Place.Doc.URI,
			Reason: fmt.Sprintf("the %s may resolve, depending on the dynamic scope, to %s, which applies this schema to the same value again, so checking it could never end; place the reference where it moves into the value (properties, items), or use $ref where the target need not change", r.keyword, anchorDescription(r, anchor))})
		return
	}
	n := closing.n
	if c.reported[n] {
		return
	}
	c.reported[n] = true
	c.errs = append(c.errs, &schema.RefError{Ptr: n.Place.Ptr, Keyword: "$ref", Reason: "the schema refers back to itself without moving into the value, so checking it would never end; remove the cycle", Doc: n.Place.Doc.URI})
}

// anchorDescription names the anchor a dispatching reference may land on.
func anchorDescription(r *dynamicRef, anchor *schema.Node) string {
	res := anchor.Place.Resource
	if r.keyword == "$recursiveRef" {
		return fmt.Sprintf("the resource %q, whose \"$recursiveAnchor\" is true", goemit.ShortText(res.URI))
	}
	return fmt.Sprintf("the \"$dynamicAnchor\": %q of the resource %q", goemit.ShortText(r.site.anchor), goemit.ShortText(res.URI))
}

// refs compiles $ref, $dynamicRef and $recursiveRef, which apply another
// schema in place.
func (b *body) refs() error {
	if ref := b.kw("$ref"); ref != nil {
		target, err := b.resolve(ref, "$ref")
		if err != nil {
			return err
		}
		b.k.inPlace[b.n] = append(b.k.inPlace[b.n], target)
		b.add(and(b.enter(target, b.call(target, jen.Id("x"), b.evArg()))))
	}
	for _, keyword := range []string{"$dynamicRef", "$recursiveRef"} {
		ref := b.kw(keyword)
		if ref == nil {
			continue
		}
		target, err := b.resolve(ref, keyword)
		if err != nil {
			return err
		}
		b.k.inPlace[b.n] = append(b.k.inPlace[b.n], target)
		if anchor := dynamicAnchorOf(keyword, ref, target); anchor != "" {
			d := b.k.dynamicDispatcher(keyword, anchor)
			b.k.dynamicRefs = append(b.k.dynamicRefs, dynamicRef{from: b.n, initial: target, keyword: keyword, site: d})
			b.add(and(jen.Id(d.name).Call(jen.Id("c"), jen.Id("x"), b.evArg(), jen.Id(b.k.function(target)))))
			continue
		}
		// Any other reference behaves as $ref.
		b.add(and(b.enter(target, b.call(target, jen.Id("x"), b.evArg()))))
	}
	return nil
}

// dynamicAnchorOf returns the dynamic anchor under which the reference ref
// of keyword, which resolves first to target, looks through the dynamic
// scope, or "" when the reference is static: a $dynamicRef to a
// $dynamicAnchor of its name, or a $recursiveRef to the root of a resource
// with "$recursiveAnchor": true.
func dynamicAnchorOf(keyword string, ref, target *schema.Node) string {
	if keyword == "$recursiveRef" {
		if res := target.Place.Resource; res.DynamicAnchors[schema.RecursiveAnchor] == target {
			return schema.RecursiveAnchor
		}
		return ""
	}
	anchor := ""
	if i := strings.IndexByte(ref.Str, '#'); i >= 0 {
		anchor = ref.Str[i+1:]
	}
	if anchor == "" || target.Member("$dynamicAnchor") == nil || target.Member("$dynamicAnchor").Str != anchor {
		return ""
	}
	return anchor
}

// enter wraps a call to a schema in another resource, which it does not
// enter itself, with that resource in the dynamic scope. Whether entering
// it changes the scope is known once every schema is compiled, so the call
// is written then (see enterCalls).
func (b *body) enter(target *schema.Node, call *jen.Statement) jen.Code {
	res := target.Place.Resource
	if res == b.n.Place.Resource || res.Root == target || len(res.DynamicAnchors) == 0 {
		return call
	}
	at := &jen.Statement{}
	b.k.entering = append(b.k.entering, entering{at: at, res: res, call: call})
	return at
}

// entering is a call into another resource, written at at once it is
// known whether the resource is in the dynamic scope.
type entering struct {
	at, call *jen.Statement
	res      *schema.Resource
}

// enterCalls writes the calls enter put off.
func (k *checker) enterCalls() {
	for _, e := range k.entering {
		if !k.inDynamicScope(e.res) {
			e.at.Add(e.call)
			continue
		}
		e.at.Add(jen.Func().Params().Bool().Block(
			k.push(e.res),
			jen.Defer().Id("c").Dot("Pop").Call(),
			jen.Return(e.call),
		).Call())
	}
}

func (b *body) resolve(ref *schema.Node, keyword string) (*schema.Node, error) {
	if ref.Kind != '"' {
		return nil, b.fail(keyword, "%s must be a string", keyword)
	}
	uri, err := schema.ResolveURI(b.n.Place.Base, ref.Str)
	if err != nil {
		return nil, b.fail(keyword, "%s %q is not a URI reference: %v", keyword, ref.Str, err)
	}
	target, err := b.k.reg.Lookup(uri)
	if err != nil {
		var re *schema.RefError
		if errors.As(err, &re) {
			return nil, err
		}
		return nil, b.fail(keyword, "%s %q: %v", keyword, ref.Str, err)
	}
	return target, nil
}
