package gen

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
	if v, ok := k.sensitivity[n]; ok {
		return v
	}
	// A cycle of schemas applied in place is refused (checkCycles); until
	// then, a schema met again adds nothing.
	k.sensitivity[n] = false
	v := marksSensitive(n) || slices.ContainsFunc(k.inPlaceOf(n), k.sensitive) || k.markedInsideShared(n)
	k.sensitivity[n] = v
	return v
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

// markedInsideShared reports whether two or more of the schemas that apply to
// n's value reach into its members or items, and one of them marks
// something inside.
func (k *checker) markedInsideShared(n *schema.Node) bool {
	applied := k.appliedTo(n)
	reaching := 0
	for _, s := range applied {
		if len(childrenOf(s)) > 0 {
			reaching++
		}
	}
	if reaching < 2 {
		return false
	}
	seen := map[*schema.Node]bool{}
	for _, s := range applied {
		for _, c := range childrenOf(s) {
			if k.reachesMarker(c, seen) {
				return true
			}
		}
	}
	return false
}

// appliedTo returns n and every schema it applies to its own value,
// transitively.
func (k *checker) appliedTo(n *schema.Node) []*schema.Node {
	seen := map[*schema.Node]bool{n: true}
	out := []*schema.Node{n}
	for i := 0; i < len(out); i++ {
		for _, s := range k.inPlaceOf(out[i]) {
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	return out
}

// reachesMarker reports whether schema n, or a schema it applies to its value
// or to anything inside it, marks a value sensitive.
func (k *checker) reachesMarker(n *schema.Node, seen map[*schema.Node]bool) bool {
	if seen[n] {
		return false
	}
	seen[n] = true
	if marksSensitive(n) {
		return true
	}
	for _, next := range append(slices.Clip(k.inPlaceOf(n)), childrenOf(n)...) {
		if k.reachesMarker(next, seen) {
			return true
		}
	}
	return false
}

// holdsSecrets reports whether schema n, or a schema it applies to its value
// or to anything inside it, marks a value sensitive (reachesMarker): a value
// checked whole by n's schema function is then read with
// CheckedHoldingSecrets (or ValidateJSONHoldingSecrets), since which of its
// parts are sensitive only the schema functions know when they run.
//
// Schemas that reach each other ($ref "#", $dynamicRef) share one answer,
// so the walk finds them with Tarjan's algorithm and answers for each whole
// group at once: every schema is walked once however many values are
// checked against it, where a walk per value, or one that forgets what a
// cycle left open, takes time exponential in the nesting of recursive
// schemas.
func (k *checker) holdsSecrets(n *schema.Node) bool {
	if v, ok := k.holding[n]; ok {
		return v
	}
	if k.holding == nil {
		k.holding = map[*schema.Node]bool{}
	}
	w := &secretWalk{index: map[*schema.Node]int{}, low: map[*schema.Node]int{}, found: map[*schema.Node]bool{}}
	k.walkSecrets(n, w)
	return k.holding[n]
}

// A secretWalk is one walk of holdsSecrets: the order each schema was met
// in, the least order each reaches back to, the schemas met whose group is
// not complete, and whether each, or what it reaches outside its group,
// marks a value.
type secretWalk struct {
	index, low map[*schema.Node]int
	open       []*schema.Node
	found      map[*schema.Node]bool
}

// walkSecrets visits n and what it reaches, and records in k.holding the
// answer of every group it completes. It returns n's own finding, which its
// group's answer includes.
func (k *checker) walkSecrets(n *schema.Node, w *secretWalk) bool {
	w.index[n], w.low[n] = len(w.index), len(w.index)
	w.open = append(w.open, n)
	found := marksSensitive(n)
	for _, next := range append(slices.Clip(k.inPlaceOf(n)), childrenOf(n)...) {
		if v, done := k.holding[next]; done {
			found = found || v
			continue
		}
		if at, met := w.index[next]; met {
			w.low[n] = min(w.low[n], at) // in the group, still open
			continue
		}
		found = k.walkSecrets(next, w) || found
		w.low[n] = min(w.low[n], w.low[next])
	}
	w.found[n] = found
	if w.low[n] < w.index[n] {
		return found // n's group is not complete yet
	}
	i := len(w.open) - 1
	for w.open[i] != n {
		i--
	}
	group := w.open[i:]
	for _, m := range group {
		found = found || w.found[m]
	}
	for _, m := range group {
		k.holding[m] = found
	}
	w.open = w.open[:i]
	return found
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

// checkedCall is the reader's method that reads a value checked whole by a
// schema function: one whose schema holds secrets is read with
// CheckedHoldingSecrets.
func checkedCall(holdsSecrets bool) string {
	if holdsSecrets {
		return "CheckedHoldingSecrets"
	}
	return "Checked"
}

// rawCall is the reader's method that reads the text of a value of v
// before the readers that know where its secrets are run (a union's, an
// item's kept whole for uniqueItems): RawHoldingSecrets when the typed
// reader brackets something inside it, or checks it holding secrets.
func (e *emitter) rawCall(v *Value) string {
	if e.textHoldsSecrets(v) {
		return "RawHoldingSecrets"
	}
	return "Raw"
}

// textHoldsSecrets reports whether the typed reader reads a value of v, or
// one inside it, as sensitive, or checks one holding secrets. An answer
// found true is kept; one found false is kept for all the values met when
// it is the question's own, since whatever they reach, the question's
// value reaches too.
func (e *emitter) textHoldsSecrets(v *Value) bool {
	if e.secretText == nil {
		e.secretText = map[*Value]bool{}
	}
	met := map[*Value]bool{}
	var holds func(v *Value) bool
	holds = func(v *Value) bool {
		if v == nil || met[v] {
			return false
		}
		if known, ok := e.secretText[v]; ok {
			return known
		}
		met[v] = true
		found := v.Sensitive || v.HoldsSecrets || holds(v.Elem)
		if t := v.Named; t != nil && !found {
			found = t.Sensitive || t.HoldsSecrets || holds(t.Additional) || holds(t.Base) ||
				slices.ContainsFunc(t.Fields, func(f *Field) bool { return holds(f.Value) })
		}
		if v.Union != nil && !found {
			found = slices.ContainsFunc(v.Union.Alternatives, func(a *Alternative) bool { return holds(a.Value) })
		}
		if v.Sealed != nil && !found {
			found = slices.ContainsFunc(v.Sealed.Variants, func(a *Variant) bool { return holds(a.Value) })
		}
		if found {
			e.secretText[v] = true
		}
		return found
	}
	if holds(v) {
		return true
	}
	for m := range met {
		e.secretText[m] = false
	}
	return false
}

// checkedOnceCall is checkedCall for a value read inside a union's trial
// (see emit_trials.go).
func checkedOnceCall(holdsSecrets bool) string {
	if holdsSecrets {
		return "CheckedOnceHoldingSecrets"
	}
	return "CheckedOnce"
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
		out = append(out, k.anchorsNamed(anchor)...)
	}
	return out
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

// sensitive reports whether the value at schema node n must not be echoed,
// by every schema that applies to it (see checker.sensitive).
func (b *builder) sensitive(n *node) bool {
	if n == nil || len(n.tree.Members) == 0 {
		return false
	}
	if b.settings(n).sensitive {
		return true
	}
	jn, err := b.indexed(n)
	if err != nil || jn.Place == nil {
		return false
	}
	return b.schemas.sensitive(jn)
}

// rootSensitive reports whether the current tool's input or output schema
// marks the whole object sensitive.
func (b *builder) rootSensitive(which string) bool {
	doc := b.document(which)
	return doc != nil && b.schemas.sensitive(doc.Root)
}

// markSensitive returns v, marked sensitive when the schemas that apply at
// node n say so. A value built for another node (a $ref's target) is copied
// rather than marked, so that other references to it stay as they are.
func (b *builder) markSensitive(n *node, v *Value) *Value {
	if v == nil || v.Sensitive || !b.sensitive(n) {
		return v
	}
	if v.Ptr != n.ptr {
		c := *v
		v = &c
	}
	v.Sensitive = true
	return v
}

// readSensitively brackets the statements that read a value of v with
// BeginSensitive and EndSensitive when v must not be echoed.
func readSensitively(v *Value, read []jen.Code) []jen.Code {
	if !v.Sensitive {
		return read
	}
	out := make([]jen.Code, 0, len(read)+2)
	out = append(out, jen.Id("r").Dot("BeginSensitive").Call())
	out = append(out, read...)
	return append(out, jen.Id("r").Dot("EndSensitive").Call())
}
