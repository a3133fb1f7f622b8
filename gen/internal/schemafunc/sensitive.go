package schemafunc

import (
	"slices"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen/toolgen/internal/schema"
)

// Sensitive values (writeOnly, or "x-toolgen": {"sensitive": true}) are never
// echoed in a violation. Sensitivity belongs to a value's position, not to
// one schema: a value is sensitive when any schema that applies to it marks
// it so, and everything inside a sensitive value is sensitive too. Generated
// code brackets the reading or checking of such a value with
// BeginSensitive/EndSensitive, on the toolgenimpl.Reader or the toolgenimpl.Check;
// both count, so the brackets nest and what is inside inherits.

// marksSensitive reports whether schema n itself marks its value sensitive.
// An "x-toolgen" "sensitive" that is not a boolean is reported where the
// typed reader reads the schema's settings; here it counts as true, so that
// a misspelt marker never lets a value through.
func marksSensitive(n *schema.Node) bool {
	if n == nil || n.Kind != '{' {
		return false
	}
	if w := n.Member("writeOnly"); w != nil && w.Kind == 't' {
		return true
	}
	s := n.Member("x-toolgen").Member("sensitive")
	return s != nil && s.Kind != 'f'
}

// sensitive reports whether a value schema n applies to must not be echoed:
// whether n, or a schema n applies to the same value, however indirectly
// ($ref, $dynamicRef, allOf, anyOf, oneOf, not, if, then, else,
// dependentSchemas), marks it so. Where only some alternative marks it (one
// branch of an anyOf, the then of an if), it is sensitive all the same: which
// applies depends on the value, and a value that matched none is reported
// too.
//
// When two of those schemas reach into the value's members or items and one
// of them marks something inside, the whole value is sensitive: a member one
// schema marks may be checked, and quoted, by another (properties beside an
// allOf whose member marks one of them), and each schema function knows
// only its own subschemas. This hides the value's other members too, which is
// the price of failing closed; a schema with one set of members, however
// many of them are marked, is not affected.
func (k *checker) sensitive(n *schema.Node) bool {
	if k.placed == nil {
		k.placed = newReach(k.summaryOf, k.inPlaceOf, inPlaceSummary.with)
	}
	s := k.placed.of(n)
	return s.marks || s.reaching[1] != nil && s.markedInside
}

// inPlaceOf returns the schemas n applies to its own value.
func (k *checker) inPlaceOf(n *schema.Node) []*schema.Node {
	if n == nil || n.Kind != '{' {
		return nil
	}
	if out, ok := k.appliedInPlace[n]; ok {
		return out
	}
	if k.appliedInPlace == nil {
		k.appliedInPlace = map[*schema.Node][]*schema.Node{}
	}
	out := k.findInPlace(n)
	k.appliedInPlace[n] = out
	return out
}

// findInPlace is inPlaceOf, uncached.
func (k *checker) findInPlace(n *schema.Node) []*schema.Node {
	var out []*schema.Node
	for _, m := range n.Members {
		kw := schema.DialectOf(n).Keyword(m.Name)
		if kw != nil && kw.Applies == schema.AppliesInPlace && kw.Shape == schema.Data && schema.Enabled(n, m.Name) != nil {
			out = append(out, k.targets(n, m.Name, m.Value)...) // $ref, $dynamicRef
		}
	}
	return append(out, subschemasApplied(n, schema.AppliesInPlace)...)
}

// childrenOf returns the schemas n applies to the members or items of its
// value.
func childrenOf(n *schema.Node) []*schema.Node {
	return subschemasApplied(n, schema.AppliesToParts)
}

// subschemasApplied returns the subschemas of n whose keyword applies them
// as the table says.
func subschemasApplied(n *schema.Node, applies schema.Applies) []*schema.Node {
	var out []*schema.Node
	d := schema.DialectOf(n)
	_ = d.Children(n, func(s schema.Sub) error {
		if d.Keyword(s.Keyword).Applies == applies {
			out = append(out, s.Node)
		}
		return nil
	})
	return out
}

// inPlaceSummary is what the schemas applied to one value, in place and
// transitively, say about it: whether one marks it, up to two of those that
// reach into its parts (two are all sensitive counts), and whether one of
// those reaches a marked schema there.
type inPlaceSummary struct {
	marks        bool
	reaching     [2]*schema.Node
	markedInside bool
}

// with combines two summaries.
func (a inPlaceSummary) with(b inPlaceSummary) inPlaceSummary {
	for _, s := range b.reaching {
		if s != nil && a.reaching[0] != s && a.reaching[1] == nil {
			if a.reaching[0] == nil {
				a.reaching[0] = s
			} else {
				a.reaching[1] = s
			}
		}
	}
	a.marks = a.marks || b.marks
	a.markedInside = a.markedInside || b.markedInside
	return a
}

// summaryOf is the summary of schema n alone.
func (k *checker) summaryOf(n *schema.Node) inPlaceSummary {
	s := inPlaceSummary{marks: marksSensitive(n)}
	children := childrenOf(n)
	if len(children) > 0 {
		s.reaching[0] = n
	}
	s.markedInside = slices.ContainsFunc(children, k.holdsSecrets)
	return s
}

// holdsSecrets reports whether schema n, or a schema it applies to its value
// or to anything inside it, marks a value sensitive: a value checked whole
// by n's schema function is then read with CheckedHoldingSecrets (or
// ValidateJSONHoldingSecrets), since which of its parts are sensitive only
// the schema functions know when they run. Schemas that reach each other
// ($ref "#", $dynamicRef) share one answer, found once for all of them
// (reach.go).
func (k *checker) holdsSecrets(n *schema.Node) bool {
	if k.marked == nil {
		k.marked = newReach(marksSensitive, func(n *schema.Node) []*schema.Node {
			return append(slices.Clip(k.inPlaceOf(n)), childrenOf(n)...)
		}, func(a, b bool) bool { return a || b })
	}
	return k.marked.of(n)
}

// validateJSON is the runtime's entry point for a validator of a whole
// schema: one that holds secrets reads its value as CheckedHoldingSecrets
// does.
func validateJSON(holdsSecrets bool) string {
	if holdsSecrets {
		return "ValidateJSONHoldingSecrets"
	}
	return "ValidateJSON"
}

// targets returns the schemas a reference may land on: the one it names,
// and for a $dynamicRef every dynamic anchor of the same name, since which
// one applies is decided at run time. A reference that does not resolve
// gives none; compiling it reports why.
func (k *checker) targets(n *schema.Node, keyword string, ref *schema.Node) []*schema.Node {
	if ref.Kind != '"' || n.Place == nil {
		return nil
	}
	uri, err := schema.ResolveURI(n.Place.Base, ref.Str)
	if err != nil {
		return nil
	}
	target, err := k.reg.Lookup(uri)
	if err != nil {
		return nil
	}
	out := []*schema.Node{target}
	anchor := ""
	switch a := target.Member("$dynamicAnchor"); {
	case keyword == "$dynamicRef" && a != nil && a.Kind == '"':
		anchor = a.Str
	case keyword == "$recursiveRef" && target.Place != nil && target.Place.Resource.DynamicAnchors[schema.RecursiveAnchor] == target:
		anchor = schema.RecursiveAnchor
	}
	if anchor != "" {
		out = append(out, k.anchorGroup(anchor))
	}
	return out
}

// anchorGroup stands for every dynamic anchor of the given name: a schema
// with no keywords that applies each of them in place. Each $dynamicRef to
// the name applies the group rather than each anchor, so that n references
// to n anchors make 2n edges, not n².
func (k *checker) anchorGroup(anchor string) *schema.Node {
	if g, ok := k.anchorGroups[anchor]; ok {
		return g
	}
	if k.anchorGroups == nil {
		k.anchorGroups = map[string]*schema.Node{}
	}
	g := &schema.Node{Kind: '{'}
	k.anchorGroups[anchor] = g
	if k.appliedInPlace == nil {
		k.appliedInPlace = map[*schema.Node][]*schema.Node{}
	}
	k.appliedInPlace[g] = k.anchorsNamed(anchor)
	return g
}

// anchorsNamed returns the dynamic anchors of every resource that has one
// of the given name, in the registry's order.
func (k *checker) anchorsNamed(anchor string) []*schema.Node {
	if found, ok := k.anchored[anchor]; ok {
		return found
	}
	var found []*schema.Node
	for _, res := range k.reg.Resources {
		if d := res.DynamicAnchors[anchor]; d != nil {
			found = append(found, d)
		}
	}
	if k.anchored == nil {
		k.anchored = map[string][]*schema.Node{}
	}
	k.anchored[anchor] = found
	return found
}

// sensitiveBracket opens a check function whose value must not be echoed:
// the check is sensitive until the function returns.
func sensitiveBracket() []jen.Code {
	return []jen.Code{
		jen.Id("c").Dot("BeginSensitive").Call(),
		jen.Defer().Id("c").Dot("EndSensitive").Call(),
	}
}
