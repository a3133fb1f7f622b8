package gen

import "github.com/dave/jennifer/jen"

// Sensitive values (writeOnly, or "x-toolgen": {"sensitive": true}) are never
// echoed in a violation. Sensitivity belongs to a value's position, not to
// one schema: a value is sensitive when any schema that applies to it marks
// it so, and everything inside a sensitive value is sensitive too. Generated
// code brackets the reading or checking of such a value with
// BeginSensitive/EndSensitive, on the runtime.Reader or the runtime.Check;
// both count, so the brackets nest and what is inside inherits.

// marksSensitive reports whether schema n itself marks its value sensitive.
// An "x-toolgen" "sensitive" that is not a boolean is reported where the
// typed reader reads the schema's settings; here it counts as true, so that
// a misspelt marker never lets a value through.
func marksSensitive(n *jnode) bool {
	if n == nil || n.kind != '{' {
		return false
	}
	if w := n.member("writeOnly"); w != nil && w.kind == 't' {
		return true
	}
	s := n.member("x-toolgen").member("sensitive")
	return s != nil && s.kind != 'f'
}

// sensitive reports whether a value schema n applies to must not be echoed:
// whether n, or a schema n applies to the same value, however indirectly
// ($ref, $dynamicRef, allOf, anyOf, oneOf, not, if, then, else,
// dependentSchemas), marks it so. Where only some alternative marks it (one
// branch of an anyOf, the then of an if), it is sensitive all the same: which
// applies depends on the value, and a value that matched none is reported
// too.
func (k *checker) sensitive(n *jnode) bool {
	if v, ok := k.sensitivity[n]; ok {
		return v
	}
	// A cycle of schemas applied in place is refused (checkCycles); until
	// then, a schema met again adds nothing.
	k.sensitivity[n] = false
	v := marksSensitive(n) || k.anyInPlace(n, k.sensitive)
	k.sensitivity[n] = v
	return v
}

// anyInPlace reports whether f holds for some schema that n applies to its
// own value.
func (k *checker) anyInPlace(n *jnode, f func(*jnode) bool) bool {
	if n == nil || n.kind != '{' {
		return false
	}
	for _, m := range n.members {
		switch m.name {
		case "not", "if", "then", "else":
			if m.value.isSchema() && f(m.value) {
				return true
			}
		case "allOf", "anyOf", "oneOf":
			for _, item := range m.value.items {
				if item.isSchema() && f(item) {
					return true
				}
			}
		case "dependentSchemas", "dependencies":
			for _, sub := range m.value.members {
				if sub.value.isSchema() && f(sub.value) {
					return true
				}
			}
		case "$ref", "$dynamicRef":
			for _, target := range k.targets(n, m.name, m.value) {
				if f(target) {
					return true
				}
			}
		}
	}
	return false
}

// targets returns the schemas a reference may land on: the one it names,
// and for a $dynamicRef every dynamic anchor of the same name, since which
// one applies is decided at run time. A reference that does not resolve
// gives none; compiling it reports why.
func (k *checker) targets(n *jnode, keyword string, ref *jnode) []*jnode {
	if ref.kind != '"' || n.schema == nil {
		return nil
	}
	uri, err := resolveURI(n.schema.base, ref.str)
	if err != nil {
		return nil
	}
	target, err := k.reg.lookup(uri)
	if err != nil {
		return nil
	}
	out := []*jnode{target}
	if keyword == "$dynamicRef" {
		if a := target.member("$dynamicAnchor"); a != nil && a.kind == '"' {
			for _, res := range k.reg.resources {
				if d := res.dynamicAnchors[a.str]; d != nil {
					out = append(out, d)
				}
			}
		}
	}
	return out
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
	if n == nil || n.boolean != nil || len(n.vals) == 0 {
		return false
	}
	if b.settings(n).sensitive {
		return true
	}
	jn, err := b.schemaNode(n.ptr)
	if err != nil || jn.schema == nil {
		return false
	}
	return b.schemas.sensitive(jn)
}

// rootSensitive reports whether the current tool's input or output schema
// marks the whole object sensitive.
func (b *builder) rootSensitive(which string) bool {
	doc, ok := b.docs[b.tool.Name+"\x00"+which]
	return ok && b.schemas.sensitive(doc.root)
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
