package gen

import (
	"github.com/dave/jennifer/jen"
	"github.com/toolgen/toolgen/gen/internal/goemit"
)

// The reading of maps whose names are checked (build_maps.go): each name is
// judged as a string before its value is read, and a name that fails is
// one violation of the keyword that judges names, its value skipped.

// keyType is the Go type of v's keys: a string enum's type, or string.
func (e *emitter) keyType(v *Value) *jen.Statement {
	if v.Key != nil && v.Key.Kind == kindEnum {
		return jen.Id(v.Key.Named.Name)
	}
	return jen.String()
}

// keyChecks emits the checks of the name key, of v's key type, that the
// map's loop reads: a name that fails is reported.
func (e *emitter) keyChecks(v *Value, key string) []jen.Code {
	k := v.Key
	if k == nil {
		return nil
	}
	name := jen.Id(key)
	if k.Kind == kindEnum {
		name = jen.String().Call(jen.Id(key))
	}
	// A name propertyNames refuses is reported and its value read on, as
	// the schema judges both; one additionalProperties false refuses has
	// no schema for its value, which is skipped.
	fail := []jen.Code{jen.Id("r").Dot("PropertyName").Call(name)}
	if v.KeyKeyword == "additionalProperties" {
		fail = []jen.Code{jen.Id("r").Dot("NotAllowed").Call(name, jen.Nil()), jen.Continue()}
	}
	checks := k
	var out []jen.Code
	if k.Kind == kindEnum {
		checks = k.Named.Base
		var consts []jen.Code
		for _, c := range k.Named.Values {
			consts = append(consts, jen.Id(c.GoName))
		}
		out = append(out, jen.Switch(jen.Id(key)).Block(jen.Case(consts...), jen.Default().Block(fail...)))
	}
	if fails := e.nameFails(checks, name); len(fails) > 0 {
		cond := fails[0]
		for _, f := range fails[1:] {
			cond = jen.Add(cond).Op("||").Add(f)
		}
		out = append(out, jen.If(cond).Block(fail...))
	}
	return out
}

// nameFails returns the conditions under which the string name fails the
// string checks of v, each true when it does.
func (e *emitter) nameFails(v *Value, name jen.Code) []jen.Code {
	var fails []jen.Code
	count := rt("RuneCount").Call(name)
	if v.MinLength != nil {
		fails = append(fails, jen.Add(count).Op("<").Add(goemit.Count(*v.MinLength)))
	}
	if v.MaxLength != nil {
		fails = append(fails, rt("RuneCount").Call(name).Op(">").Add(goemit.Count(*v.MaxLength)))
	}
	if v.Pattern != nil {
		fails = append(fails, jen.Op("!").Add(patternMatch(v.Pattern, name)))
	}
	if v.Format != "" {
		fails = append(fails, jen.Op("!").Add(rt(formats[v.Format])).Call(name))
	}
	if v.Const != nil {
		lit, _ := goLiteral(v.Const, kindString)
		fails = append(fails, jen.Add(name).Op("!=").Add(lit))
	}
	if v.Enum != nil {
		var differs jen.Code
		for _, item := range v.Enum {
			lit, _ := goLiteral(item, kindString)
			d := jen.Add(name).Op("!=").Add(lit)
			if differs == nil {
				differs = d
			} else {
				differs = jen.Add(differs).Op("&&").Add(d)
			}
		}
		fails = append(fails, jen.Parens(differs))
	}
	return fails
}

// requiredKeys emits the checks that map val, read, has each name v
// requires.
func (e *emitter) requiredKeys(v *Value, val string) []jen.Code {
	var out []jen.Code
	for _, name := range v.RequiredKeys {
		key := jen.Lit(name)
		if v.Key != nil && v.Key.Kind == kindEnum {
			key = e.keyType(v).Call(key) // a name no constant has: never present
			for _, c := range v.Key.Named.Values {
				if c.Value == name {
					key = jen.Id(c.GoName)
				}
			}
		}
		out = append(out, jen.If(jen.List(jen.Id("_"), jen.Id("ok")).Op(":=").Id(val).Index(key), jen.Op("!").Id("ok")).Block(
			jen.Id("r").Dot("Required").Call(jen.Lit(name)),
		))
	}
	return out
}

// patternMatch is the expression that matches s against p.
func patternMatch(p *Pattern, s jen.Code) jen.Code {
	if p.Loop != nil || p.Cond != nil {
		return jen.Id(p.Var).Call(s)
	}
	return jen.Id(p.Var).Dot("MatchString").Call(s)
}
