package gen

import (
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen/toolgen/internal/schema"
)

// Bounded work in the typed reader. A union that kind or discriminator
// cannot tell apart is read by trying each alternative on the value's text
// with a sub-reader. An alternative that holds such a union tries the
// union's alternatives in turn, at the same value or below it; when two
// alternatives hold the same schemas (two definitions per level, each an
// anyOf of both of the next level's), every level doubles the trials. The
// unions read inside a trial therefore try each alternative through
// toolgenimpl.TryAlternative, which remembers, for the call, the verdict and
// first violation of each alternative at each value, and the values checked
// whole there go through Reader.CheckedOnce. A union outside every trial is
// read once per value, and tries its alternatives as before.

// trialPlan says which values are read inside a trial, and numbers what the
// memo tells apart.
type trialPlan struct {
	within map[*Value]bool
	alts   map[trialAlt]int
	checks map[string]int // schema functions, by name
}

// trialAlt is what decides an alternative's trial: the schema it reads and
// whether it reads it as a secret.
type trialAlt struct {
	schema    *schema.Node
	value     *Value // when the schema is not known
	sensitive bool
}

// planTrials finds the values read inside some union's trial: everything
// the alternatives of the unions kept as JSON text reach.
func (e *emitter) planTrials() {
	p := &trialPlan{within: map[*Value]bool{}, alts: map[trialAlt]int{}, checks: map[string]int{}}
	named := map[*NamedType]bool{}
	var walk func(v *Value)
	walk = func(v *Value) {
		if v == nil || p.within[v] {
			return
		}
		p.within[v] = true
		walk(v.Elem)
		if t := v.Named; t != nil && !named[t] {
			named[t] = true
			for _, f := range t.Fields {
				walk(f.Value)
			}
			for _, m := range t.members() {
				walk(m)
			}
			walk(t.Base)
		}
		if v.Sealed != nil {
			for _, variant := range v.Sealed.Variants {
				walk(variant.Value)
			}
		}
		if v.Union != nil {
			for _, alt := range v.Union.Alternatives {
				walk(alt.Value)
			}
		}
	}
	for _, u := range e.m.Unions {
		for _, alt := range u.Alternatives {
			walk(alt.Value)
		}
	}
	for _, s := range e.m.Sealed {
		for _, alt := range s.Tried {
			walk(alt.Value)
		}
	}
	e.trials = p
}

// alternativeID numbers alt among the alternatives tried inside trials.
func (p *trialPlan) alternativeID(alt *Alternative) int {
	key := trialAlt{schema: alt.Schema, sensitive: alt.Value.Sensitive}
	if alt.Schema == nil {
		key.value = alt.Value
	}
	id, ok := p.alts[key]
	if !ok {
		id = len(p.alts)
		p.alts[key] = id
	}
	return id
}

// checkID numbers the schema function fn among those run inside trials.
func (p *trialPlan) checkID(fn string) int {
	id, ok := p.checks[fn]
	if !ok {
		id = len(p.checks)
		p.checks[fn] = id
	}
	return id
}

// readCheckedValue emits the reading of a value checked whole by its schema
// function, once per value inside trials.
func (e *emitter) readCheckedValue(v *Value, val string, store func(jen.Code) jen.Code) []jen.Code {
	return []jen.Code{jen.If(jen.List(jen.Id(val), jen.Id("ok")).Op(":=").Add(e.checkedRead(v)), jen.Id("ok")).Block(store(jen.Id(val)))}
}

// checkedRead is the call that checks a value of v whole by its schema
// function and returns its text.
func (e *emitter) checkedRead(v *Value) jen.Code {
	if e.trials.within[v] {
		return jen.Id("r").Dot(checkedOnceCall(v.HoldsSecrets)).Call(jen.Lit(e.trials.checkID(v.Check)), jen.Id(v.Check))
	}
	return jen.Id("r").Dot(checkedCall(v.HoldsSecrets)).Call(jen.Id(v.Check))
}

// tryAlternative emits the trial of alt, number i (from 1) of the union
// v, on the text in val: matched counts it if it matches, failures takes
// its first violation if not. onMatch, when not nil, gives what else to do
// on a match, with the value read as alt (nil inside a trial, where the
// memo keeps verdicts, not values).
func (e *emitter) tryAlternative(v *Value, alt *Alternative, i int, val string, onMatch func(got jen.Code) jen.Code) []jen.Code {
	matched := []jen.Code{jen.Id("matched").Op("++")}
	failed := func(first jen.Code) jen.Code {
		return jen.Id("failures").Op("=").Append(jen.Id("failures"), first)
	}
	if e.trials.within[v] {
		if onMatch != nil {
			matched = append(matched, onMatch(nil))
		}
		return []jen.Code{jen.If(
			jen.List(jen.Id("first"), jen.Id("ok")).Op(":=").Add(rt("TryAlternative")).Call(jen.Id("r"), jen.Lit(e.trials.alternativeID(alt)), jen.Id(val), jen.Id(alt.Func)),
			jen.Id("ok"),
		).Block(matched...).Else().Block(failed(jen.Id("first")))}
	}
	sub, got := "sub"+strconv.Itoa(i), jen.Id("_")
	if onMatch != nil {
		got = jen.Id("alt")
		matched = append(matched, onMatch(got))
	}
	return []jen.Code{
		jen.Id(sub).Op(":=").Id("r").Dot("Sub").Call(jen.Id(val)),
		jen.If(jen.List(got, jen.Id("ok")).Op(":=").Id(alt.Func).Call(jen.Id(sub)), jen.Id("ok")).Block(
			matched...,
		).Else().Block(
			failed(jen.Id(sub).Dot("Violations").Call().Index(jen.Lit(0))),
		),
	}
}

// plainTarget follows the local $refs from j that say nothing else, to the
// schema a value of j is read as.
func (b *builder) plainTarget(j *schema.Node) *schema.Node {
	for range 16 {
		if j.Member("$ref") == nil {
			return j
		}
		for _, m := range j.Members {
			// Words beside $ref that change nothing at run time: annotations,
			// extensions (a sensitive marker is told apart by Value.Sensitive)
			// and default, which applies to a member, not to an alternative.
			if m.Name != "$ref" && m.Name != "default" && isKeyword(m.Name) && !understood(m.Name) {
				return j
			}
		}
		next, _ := b.followRef(j)
		if next == nil {
			return j
		}
		j = next
	}
	return j
}
