package gen

import (
	"math"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen/toolgen/internal/schema"
	"github.com/toolgen/toolgen/runtime/format"
)

// numbers compiles the keywords on numbers.
func (b *body) numbers() error {
	var checks []jen.Code
	for _, keyword := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"} {
		v := b.kw(keyword)
		if v == nil {
			continue
		}
		if v.Kind != '0' {
			return b.fail(keyword, "%s must be a number", keyword)
		}
		checks = append(checks, and(jen.Id("c").Dot("Bound").Call(jen.Id("x"), jen.Lit(keyword), jen.Lit(string(v.Raw)))))
	}
	if v := b.kw("multipleOf"); v != nil {
		if v.Kind != '0' || strings.HasPrefix(string(v.Raw), "-") || isZeroNumber(string(v.Raw)) {
			return b.fail("multipleOf", "multipleOf must be a number greater than 0")
		}
		name := b.k.newVar("Divisor")
		b.k.vars = append(b.k.vars, jen.Var().Id(name).Op("=").Add(rt("Rat")).Call(jen.Lit(string(v.Raw))), jen.Line())
		checks = append(checks, and(jen.Id("c").Dot("MultipleOf").Call(jen.Id("x"), jen.Id(name), jen.Lit(string(v.Raw)))))
	}
	if f := b.assertedFormat(); f.Number {
		checks = append(checks, and(jen.Id("c").Dot("Format").Call(jen.Id("x"), jen.Lit(f.Name), rt(f.Func))))
	}
	b.kindBlock("KindNumber", checks)
	return nil
}

func isZeroNumber(text string) bool {
	mantissa, _, _ := strings.Cut(strings.ToLower(text), "e")
	return strings.Trim(mantissa, "0.-+") == ""
}

func (b *body) kindBlock(kind string, checks []jen.Code) {
	if len(checks) > 0 {
		b.add(jen.If(jen.Id("x").Dot("Kind").Op("==").Add(rt(kind))).Block(checks...))
	}
}

// count reads a keyword whose value is a non-negative integer; -1 if absent.
func (b *body) count(keyword string) (int, error) {
	v := b.kw(keyword)
	if v == nil {
		return -1, nil
	}
	n, err := strconv.ParseFloat(string(v.Raw), 64)
	switch {
	case v.Kind == '0' && n >= math.MaxInt64:
		return math.MaxInt64, nil // past any length or count, as node.count reads it
	case v.Kind != '0' || err != nil || n < 0 || n != math.Trunc(n):
		return 0, b.fail(keyword, "%s must be a non-negative integer", keyword)
	}
	return int(n), nil
}

// strings compiles the keywords on strings.
func (b *body) strings() error {
	var checks []jen.Code
	minLength, err := b.count("minLength")
	if err != nil {
		return err
	}
	maxLength, err := b.count("maxLength")
	if err != nil {
		return err
	}
	if minLength >= 0 || maxLength >= 0 {
		checks = append(checks, and(jen.Id("c").Dot("Length").Call(jen.Id("x"), jen.Lit(minLength), jen.Lit(maxLength))))
	}
	if p := b.kw("pattern"); p != nil {
		name, err := b.regexp(p, "pattern")
		if err != nil {
			return err
		}
		checks = append(checks, and(jen.Id("c").Dot("Pattern").Call(jen.Id("x"), name.matcher(), jen.Lit(p.Str))))
	}
	if f := b.kw("format"); f != nil && f.Kind != '"' {
		return b.fail("format", "format must be a string")
	}
	if f := b.assertedFormat(); f.Check != nil && !f.Number {
		checks = append(checks, and(jen.Id("c").Dot("Format").Call(jen.Id("x"), jen.Lit(f.Name), rt(f.Func))))
	}
	b.kindBlock("KindString", checks)
	return nil
}

// assertedFormat returns the row of the format the schema asserts, or a
// zero row: unknown formats and the table's annotations are annotations,
// as the specification says, and so is every format where the dialect
// makes formats annotations and the vocabulary does not assert them.
func (b *body) assertedFormat() format.Checker {
	f := b.kw("format")
	if f == nil || f.Kind != '"' {
		return format.Checker{}
	}
	if b.k.annotateFormats && b.n.Place.Resource.Vocab&schema.VocabFormatAssertion == 0 {
		return format.Checker{}
	}
	row, _ := format.Lookup(f.Str)
	return row
}

// arrays compiles the keywords on arrays.
func (b *body) arrays() error {
	checks, err := b.itemChecks()
	if err != nil {
		return err
	}
	if contains := b.kw("contains"); contains != nil {
		check, err := b.containsCheck(contains)
		if err != nil {
			return err
		}
		checks = append(checks, check)
	}
	minItems, err := b.count("minItems")
	if err != nil {
		return err
	}
	maxItems, err := b.count("maxItems")
	if err != nil {
		return err
	}
	if minItems >= 0 || maxItems >= 0 {
		checks = append(checks, and(jen.Id("c").Dot("Count").Call(jen.Len(jen.Id("x").Dot("Items")), jen.Lit(minItems), jen.Lit(maxItems), jen.Lit("item"))))
	}
	if u := b.kw("uniqueItems"); u != nil {
		switch u.Kind {
		case 't':
			checks = append(checks, and(jen.Id("c").Dot("UniqueItems").Call(jen.Id("x"))))
		case 'f':
		default:
			return b.fail("uniqueItems", "uniqueItems must be true or false")
		}
	}
	b.kindBlock("KindArray", checks)
	return nil
}

// itemChecks compiles prefixItems and items: one loop over the items that
// checks each against the schema for its position.
func (b *body) itemChecks() ([]jen.Code, error) {
	prefix, items := b.kw("prefixItems"), b.kw("items")
	prefixWord, itemsWord := "prefixItems", "items"
	if k := schema.DialectOf(b.n).Keyword("items"); k.Shape == schema.SchemaOrArray {
		// Draft-07 and 2019-09: an array of items is the tuple, and
		// additionalItems (ignored otherwise) checks the items past it.
		prefix, prefixWord = nil, "items"
		if items != nil && items.Kind == '[' {
			prefix, items, itemsWord = items, b.kw("additionalItems"), "additionalItems"
		}
	}
	if prefix != nil && prefix.Kind != '[' {
		return nil, b.fail(prefixWord, "%s must be an array of schemas", prefixWord)
	}
	if prefix == nil && items == nil {
		return nil, nil
	}
	var cases, itemsBlock []jen.Code
	if prefix != nil {
		for i, p := range prefix.Items {
			s, err := b.sub(p, prefixWord)
			if err != nil {
				return nil, err
			}
			cases = append(cases, jen.Case(jen.Lit(i)).Block(
				and(b.call(s, jen.Op("&").Id("x").Dot("Items").Index(jen.Id("i")), jen.Nil())),
				jen.Id(b.ev).Dot("Mark").Call(jen.Id("i")),
			))
		}
	}
	if items != nil {
		s, err := b.sub(items, itemsWord)
		if err != nil {
			return nil, err
		}
		var check jen.Code
		if s.Kind == 'f' {
			check = and(jen.Id("c").Dot("ItemNotAllowed").Call(jen.Lit(itemsWord)))
		} else {
			check = and(b.call(s, jen.Op("&").Id("x").Dot("Items").Index(jen.Id("i")), jen.Nil()))
		}
		itemsBlock = []jen.Code{check, jen.Id(b.ev).Dot("Mark").Call(jen.Id("i"))}
		cases = append(cases, jen.Default().Block(itemsBlock...))
	}
	each := []jen.Code{jen.Id("c").Dot("EnterItem").Call(jen.Id("i"))}
	if prefix == nil || len(prefix.Items) == 0 {
		each = append(each, itemsBlock...)
	} else {
		each = append(each, jen.Switch(jen.Id("i")).Block(cases...))
	}
	each = append(each, jen.Id("c").Dot("Leave").Call())
	return []jen.Code{jen.For(jen.Id("i").Op(":=").Range().Id("x").Dot("Items")).Block(each...)}, nil
}

// containsCheck compiles contains, with minContains and maxContains.
func (b *body) containsCheck(contains *schema.Node) (jen.Code, error) {
	s, err := b.sub(contains, "contains")
	if err != nil {
		return nil, err
	}
	minContains, err := b.count("minContains")
	if err != nil {
		return nil, err
	}
	if minContains < 0 {
		minContains = 1
	}
	maxContains, err := b.count("maxContains")
	if err != nil {
		return nil, err
	}
	return jen.Block(
		jen.Id("matched").Op(":=").Lit(0),
		jen.For(jen.Id("i").Op(":=").Range().Id("x").Dot("Items")).Block(
			jen.If(jen.Id("c").Dot("Try").Call(jen.Id(b.callee(s)), jen.Op("&").Id("x").Dot("Items").Index(jen.Id("i")), jen.Nil())).Block(
				jen.Id("matched").Op("++"),
				jen.Id(b.ev).Dot("Mark").Call(jen.Id("i")),
			),
		),
		and(jen.Id("c").Dot("Contains").Call(jen.Id("matched"), jen.Lit(minContains), jen.Lit(maxContains))),
	), nil
}

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
		checks = append(checks, and(jen.Id("c").Dot("Count").Call(jen.Len(jen.Id("x").Dot("Members")), jen.Lit(minProperties), jen.Lit(maxProperties), jen.Lit("property"))))
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
		jen.Id("name").Op(":=").Parens(rt("Value").Values(jen.Dict{jen.Id("Kind"): rt("KindString"), jen.Id("Text"): jen.Id("m").Dot("Name")})),
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

// inPlace compiles the applicators that apply subschemas to the same value.
func (b *body) inPlace() error {
	allOf, err := b.subschemas("allOf")
	if err != nil {
		return err
	}
	for _, s := range allOf {
		b.add(and(b.call(s, jen.Id("x"), b.evArg())))
	}
	for _, keyword := range []string{"anyOf", "oneOf"} {
		alts, err := b.subschemas(keyword)
		if err != nil {
			return err
		}
		if alts != nil {
			b.add(b.alternatives(keyword, alts))
		}
	}
	if v := b.kw("not"); v != nil {
		s, err := b.sub(v, "not")
		if err != nil {
			return err
		}
		b.k.inPlace[b.n] = append(b.k.inPlace[b.n], s)
		b.add(jen.If(jen.Id("c").Dot("Try").Call(jen.Id(b.callee(s)), jen.Id("x"), jen.Nil())).Block(and(jen.Id("c").Dot("Not").Call())))
	}
	if v := b.kw("if"); v != nil {
		return b.conditional(v)
	}
	return nil
}

// subschemas returns the schemas of an array applicator (allOf, anyOf,
// oneOf), nil when the keyword is absent, and notes that they apply in place.
func (b *body) subschemas(keyword string) ([]*schema.Node, error) {
	v := b.kw(keyword)
	if v == nil {
		return nil, nil
	}
	if v.Kind != '[' || len(v.Items) == 0 {
		return nil, b.fail(keyword, "%s must be a non-empty array of schemas", keyword)
	}
	out := make([]*schema.Node, len(v.Items))
	for i, item := range v.Items {
		s, err := b.sub(item, keyword)
		if err != nil {
			return nil, err
		}
		out[i] = s
		b.k.inPlace[b.n] = append(b.k.inPlace[b.n], s)
	}
	return out, nil
}

// alternatives compiles anyOf or oneOf over alts.
func (b *body) alternatives(keyword string, alts []*schema.Node) jen.Code {
	// Every alternative is tried, even after one matched: each that
	// matches adds to what unevaluated* sees.
	block := []jen.Code{jen.Var().Id("alts").Add(rt("Alternatives"))}
	for _, s := range alts {
		block = append(block, jen.If(
			jen.Id("sub").Op(":=").Id(b.ev).Dot("Fork").Call(),
			jen.Id("alts").Dot("Try").Call(jen.Id("c"), jen.Id(b.callee(s)), jen.Id("x"), jen.Id("sub")),
		).Block(jen.Id(b.ev).Dot("Merge").Call(jen.Id("sub"))))
	}
	report := map[string]string{"anyOf": "AnyOf", "oneOf": "OneOf"}[keyword]
	block = append(block, and(jen.Id("alts").Dot(report).Call(jen.Id("c"))))
	return jen.Block(block...)
}

// conditional compiles if, then and else; v is the if schema.
func (b *body) conditional(v *schema.Node) error {
	cond, err := b.sub(v, "if")
	if err != nil {
		return err
	}
	b.k.inPlace[b.n] = append(b.k.inPlace[b.n], cond)
	var then, els []jen.Code
	for _, branch := range []struct {
		keyword string
		into    *[]jen.Code
	}{{"then", &then}, {"else", &els}} {
		v := b.kw(branch.keyword)
		if v == nil {
			continue
		}
		s, err := b.sub(v, branch.keyword)
		if err != nil {
			return err
		}
		b.k.inPlace[b.n] = append(b.k.inPlace[b.n], s)
		*branch.into = append(*branch.into, and(b.call(s, jen.Id("x"), b.evArg())))
	}
	then = append([]jen.Code{jen.Id(b.ev).Dot("Merge").Call(jen.Id("sub"))}, then...)
	stmt := jen.If(
		jen.Id("sub").Op(":=").Id(b.ev).Dot("Fork").Call(),
		jen.Id("c").Dot("Try").Call(jen.Id(b.callee(cond)), jen.Id("x"), jen.Id("sub")),
	).Block(then...)
	if len(els) > 0 {
		stmt = stmt.Else().Block(els...)
	}
	b.add(stmt)
	return nil
}

// unevaluated compiles unevaluatedItems and unevaluatedProperties, which
// apply to what nothing else here evaluated, and so come last.
func (b *body) unevaluated() error {
	if v := b.kw("unevaluatedItems"); v != nil {
		s, err := b.sub(v, "unevaluatedItems")
		if err != nil {
			return err
		}
		var check jen.Code
		if s.Kind == 'f' {
			check = and(jen.Id("c").Dot("ItemNotAllowed").Call(jen.Lit("unevaluatedItems")))
		} else {
			check = and(b.call(s, jen.Op("&").Id("x").Dot("Items").Index(jen.Id("i")), jen.Nil()))
		}
		b.kindBlock("KindArray", []jen.Code{jen.For(jen.Id("i").Op(":=").Range().Id("x").Dot("Items")).Block(
			jen.If(jen.Id("seen").Dot("Has").Call(jen.Id("i"))).Block(jen.Continue()),
			jen.Id("c").Dot("EnterItem").Call(jen.Id("i")),
			check,
			jen.Id("c").Dot("Leave").Call(),
			jen.Id("seen").Dot("Mark").Call(jen.Id("i")),
		)})
	}
	if v := b.kw("unevaluatedProperties"); v != nil {
		s, err := b.sub(v, "unevaluatedProperties")
		if err != nil {
			return err
		}
		var check jen.Code
		if s.Kind == 'f' {
			check = and(jen.Id("c").Dot("NotAllowed").Call(jen.Lit("unevaluatedProperties"), jen.Nil()))
		} else {
			check = and(b.call(s, jen.Op("&").Id("x").Dot("Members").Index(jen.Id("i")).Dot("Value"), jen.Nil()))
		}
		b.kindBlock("KindObject", []jen.Code{jen.For(jen.Id("i").Op(":=").Range().Id("x").Dot("Members")).Block(
			jen.If(jen.Id("seen").Dot("Has").Call(jen.Id("i"))).Block(jen.Continue()),
			jen.Id("c").Dot("Enter").Call(jen.Id("x").Dot("Members").Index(jen.Id("i")).Dot("Name")),
			check,
			jen.Id("c").Dot("Leave").Call(),
			jen.Id("seen").Dot("Mark").Call(jen.Id("i")),
		)})
	}
	return nil
}
