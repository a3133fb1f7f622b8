package schemafunc

import (
	"github.com/dave/jennifer/jen"

	"github.com/toolgen/toolgen/gen/internal/goemit"
	"github.com/toolgen/toolgen/internal/schema"
)

// objects compiles the keywords on objects.
func (b *body) objects() error {
	checks, err := b.memberChecks()
	if err != nil {
		return err
	}
	required, err := b.requiredChecks()
	if err != nil {
		return err
	}
	checks = append(checks, required...)
	minProperties, err := b.count("minProperties")
	if err != nil {
		return err
	}
	maxProperties, err := b.count("maxProperties")
	if err != nil {
		return err
	}
	if minProperties >= 0 || maxProperties >= 0 {
		checks = append(checks, and(jen.Id("c").Dot("Count").Call(jen.Len(jen.Id("x").Dot("Members")), goemit.Count(minProperties), goemit.Count(maxProperties), jen.Lit("property"))))
	}
	for _, keyword := range []string{"dependentSchemas", "dependencies"} {
		d := b.kw(keyword)
		if d == nil {
			continue
		}
		for _, m := range d.Members {
			if m.Value.Kind == '[' && keyword == "dependencies" {
				continue
			}
			s, err := b.sub(m.Value, keyword)
			if err != nil {
				return err
			}
			b.k.inPlace[b.n] = append(b.k.inPlace[b.n], s)
			checks = append(checks, jen.If(jen.Id("x").Dot("Has").Call(jen.Lit(m.Name))).Block(and(b.call(s, jen.Id("x"), b.evArg()))))
		}
	}
	b.kindBlock("KindObject", checks)
	return nil
}

// memberChecks compiles properties, patternProperties, additionalProperties
// and propertyNames: one loop over the members that checks each against
// every schema that applies to it.
func (b *body) memberChecks() ([]jen.Code, error) {
	member := jen.Op("&").Id("m").Dot("Value")
	properties := b.kw("properties")
	patterns := b.kw("patternProperties")
	additional := b.kw("additionalProperties")
	names := b.kw("propertyNames")
	if properties == nil && patterns == nil && additional == nil && names == nil {
		return nil, nil
	}
	var loop []jen.Code
	loop = append(loop, jen.Id("m").Op(":=").Op("&").Id("x").Dot("Members").Index(jen.Id("i")))
	if additional != nil && (properties != nil || patterns != nil) {
		loop = append(loop, jen.Id("declared").Op(":=").False())
	}
	// checked is what follows a declared member's check: marking it
	// evaluated and, when additionalProperties is there, declared.
	checked := func(check jen.Code) []jen.Code {
		block := []jen.Code{check, jen.Id(b.ev).Dot("Mark").Call(jen.Id("i"))}
		if additional == nil {
			return block
		}
		return append(block, jen.Id("declared").Op("=").True())
	}
	loop = append(loop, jen.Id("c").Dot("Enter").Call(jen.Id("m").Dot("Name")))
	if properties != nil {
		var cases []jen.Code
		for _, p := range properties.Members {
			s, err := b.sub(p.Value, "properties")
			if err != nil {
				return nil, err
			}
			cases = append(cases, jen.Case(jen.Lit(p.Name)).Block(checked(and(b.call(s, member, jen.Nil())))...))
		}
		if len(cases) > 0 {
			loop = append(loop, jen.Switch(jen.Id("m").Dot("Name")).Block(cases...))
		}
	}
	if patterns != nil {
		for _, p := range patterns.Members {
			s, err := b.sub(p.Value, "patternProperties")
			if err != nil {
				return nil, err
			}
			re, err := b.regexp(&schema.Node{Kind: '"', Str: p.Name}, "patternProperties")
			if err != nil {
				return nil, err
			}
			loop = append(loop, jen.If(re.match(jen.Id("m").Dot("Name"))).Block(checked(and(b.call(s, member, jen.Nil())))...))
		}
	}
	if additional != nil {
		s, err := b.sub(additional, "additionalProperties")
		if err != nil {
			return nil, err
		}
		var check jen.Code
		if s.Kind == 'f' {
			check = and(jen.Id("c").Dot("NotAllowed").Call(jen.Lit("additionalProperties"), b.allowedMembers(properties, patterns)))
		} else {
			check = and(b.call(s, member, jen.Nil()))
		}
		block := []jen.Code{check, jen.Id(b.ev).Dot("Mark").Call(jen.Id("i"))}
		if properties != nil || patterns != nil {
			loop = append(loop, jen.If(jen.Op("!").Id("declared")).Block(block...))
		} else {
			loop = append(loop, block...)
		}
	}
	loop = append(loop, jen.Id("c").Dot("Leave").Call())
	if names != nil {
		check, err := b.propertyNameCheck(names)
		if err != nil {
			return nil, err
		}
		loop = append(loop, check)
	}
	return []jen.Code{jen.For(jen.Id("i").Op(":=").Range().Id("x").Dot("Members")).Block(loop...)}, nil
}

// allowedMembers returns what a hint about a member additionalProperties
// forbids lists as allowed: the package variable holding the names under
// properties, the typed reader's list, or nil when patternProperties also
// allows names that cannot be listed.
func (b *body) allowedMembers(properties, patterns *schema.Node) jen.Code {
	if patterns != nil {
		return jen.Nil()
	}
	var names []string
	if properties != nil {
		for _, p := range properties.Members {
			names = append(names, p.Name)
		}
	}
	return jen.Id(b.k.nameList(names))
}

// propertyNameCheck compiles propertyNames: each member's name is checked as
// a string value.
func (b *body) propertyNameCheck(names *schema.Node) (jen.Code, error) {
	s, err := b.sub(names, "propertyNames")
	if err != nil {
		return nil, err
	}
	report := jen.Id("c").Dot("PropertyName").Call(jen.Id("m").Dot("Name"))
	if b.k.sensitive(names) {
		// A sensitive propertyNames schema makes each name a secret.
		report = jen.Id("c").Dot("HiddenPropertyName").Call()
	}
	return jen.If(
		jen.Id("name").Op(":=").Parens(goemit.Runtime("Value").Values(jen.Dict{jen.Id("Kind"): goemit.Runtime("KindString"), jen.Id("Text"): jen.Id("m").Dot("Name")})),
		jen.Op("!").Id("c").Dot("Try").Call(jen.Id(b.callee(s)), jen.Op("&").Id("name"), jen.Nil()),
	).Block(and(report)), nil
}

// requiredChecks compiles required, dependentRequired and the arrays of
// dependencies.
func (b *body) requiredChecks() ([]jen.Code, error) {
	var checks []jen.Code
	if r := b.kw("required"); r != nil {
		list, err := b.stringList(r, "required")
		if err != nil {
			return nil, err
		}
		if len(list) > 0 {
			checks = append(checks, and(jen.Id("c").Dot("Required").Call(append([]jen.Code{jen.Id("x")}, lits(list)...)...)))
		}
	}
	for _, d := range []*schema.Node{b.kw("dependentRequired"), b.kw("dependencies")} {
		if d == nil {
			continue
		}
		for _, m := range d.Members {
			if m.Value.Kind != '[' {
				continue // a schema under dependencies: see inPlace
			}
			list, err := b.stringList(m.Value, "dependentRequired")
			if err != nil {
				return nil, err
			}
			if len(list) > 0 {
				checks = append(checks, and(jen.Id("c").Dot("DependentRequired").Call(append([]jen.Code{jen.Id("x"), jen.Lit(m.Name)}, lits(list)...)...)))
			}
		}
	}
	return checks, nil
}

func lits(list []string) []jen.Code {
	out := make([]jen.Code, len(list))
	for i, s := range list {
		out[i] = jen.Lit(s)
	}
	return out
}

func (b *body) stringList(v *schema.Node, keyword string) ([]string, error) {
	if v.Kind != '[' {
		return nil, b.fail(keyword, "%s must be an array of strings", keyword)
	}
	var out []string
	for _, item := range v.Items {
		if item.Kind != '"' {
			return nil, b.fail(keyword, "%s must be an array of strings", keyword)
		}
		out = append(out, item.Str)
	}
	return out, nil
}
