package schemafunc

import (
	"github.com/dave/jennifer/jen"

	"github.com/toolgen/toolgen/gen/internal/goemit"
	"github.com/toolgen/toolgen/internal/schema"
	"github.com/toolgen/toolgen/runtime/format"
)

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
		checks = append(checks, and(jen.Id("c").Dot("Length").Call(jen.Id("x"), goemit.Count(minLength), goemit.Count(maxLength))))
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
		checks = append(checks, and(jen.Id("c").Dot("Format").Call(jen.Id("x"), jen.Lit(f.Name), goemit.Runtime(f.Func))))
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
