package gen

import (
	"slices"

	"github.com/dave/jennifer/jen"
)

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
			found = t.Sensitive || t.HoldsSecrets || slices.ContainsFunc(t.members(), holds) || holds(t.Base) ||
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
	return b.schemas.Sensitive(jn)
}

// rootSensitive reports whether the current tool's input or output schema
// marks the whole object sensitive.
func (b *builder) rootSensitive(which string) bool {
	doc := b.document(which)
	return doc != nil && b.schemas.Sensitive(doc.Root)
}

// markSensitive returns v, marked sensitive when the schemas that apply at
// node n say so. A value built for another node (a $ref's target) is copied
// rather than marked, so that other references to it stay as they are.
func (b *builder) markSensitive(n *node, v *Value) *Value {
	if v == nil || v.Sensitive || !b.sensitive(n) {
		return v
	}
	if v.Ptr != n.ptr {
		v = v.copyFor()
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
