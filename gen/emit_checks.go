package gen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/toolgen/toolgen/gen/internal/goemit"
)

// scalarChecks emits the checks of v that apply to a value of kind held in val.
func (e *emitter) scalarChecks(v *Value, kind typeKind, val jen.Code) []jen.Code {
	var out []jen.Code
	switch kind {
	case kindString:
		out = append(out, e.stringChecks(v, val)...)
	case kindInt:
		out = append(out, e.intChecks(v, val)...)
	case kindNumber:
		out = append(out, e.numberChecks(v, val)...)
	}
	out = append(out, e.literalChecks(v, kind, val)...)
	return out
}

func (e *emitter) stringChecks(v *Value, val jen.Code) []jen.Code {
	var out []jen.Code
	count := rt("RuneCount").Call(val)
	switch {
	case v.MinLength != nil && v.MaxLength != nil:
		out = append(out, jen.If(jen.Id("n").Op(":=").Add(count), jen.Id("n").Op("<").Add(goemit.Count(*v.MinLength))).Block(
			jen.Id("r").Dot("MinLength").Call(goemit.Count(*v.MinLength), jen.Id("n")),
		).Else().If(jen.Id("n").Op(">").Add(goemit.Count(*v.MaxLength))).Block(
			jen.Id("r").Dot("MaxLength").Call(goemit.Count(*v.MaxLength), jen.Id("n")),
		))
	case v.MinLength != nil:
		out = append(out, jen.If(jen.Id("n").Op(":=").Add(count), jen.Id("n").Op("<").Add(goemit.Count(*v.MinLength))).Block(
			jen.Id("r").Dot("MinLength").Call(goemit.Count(*v.MinLength), jen.Id("n")),
		))
	case v.MaxLength != nil:
		out = append(out, jen.If(jen.Id("n").Op(":=").Add(count), jen.Id("n").Op(">").Add(goemit.Count(*v.MaxLength))).Block(
			jen.Id("r").Dot("MaxLength").Call(goemit.Count(*v.MaxLength), jen.Id("n")),
		))
	}
	if p := v.Pattern; p != nil {
		out = append(out, jen.If(jen.Op("!").Add(patternMatch(p, val))).Block(
			jen.Id("r").Dot("Pattern").Call(jen.Lit(p.Expr)),
		))
	}
	if v.Format != "" {
		out = append(out, jen.If(jen.Op("!").Add(rt(formats[v.Format])).Call(val)).Block(
			jen.Id("r").Dot("Format").Call(jen.Lit(v.Format)),
		))
	}
	if len(v.AnyFormat) > 0 {
		var valid *jen.Statement
		for _, f := range v.AnyFormat {
			call := jen.Add(rt(formats[f])).Call(val)
			if valid == nil {
				valid = call
			} else {
				valid = valid.Op("||").Add(call)
			}
		}
		out = append(out, jen.If(jen.Op("!").Parens(valid)).Block(
			jen.Id("r").Dot("Format").Call(jen.Lit(joinOr(v.AnyFormat))),
		))
	}
	return out
}

func (e *emitter) intChecks(v *Value, val jen.Code) []jen.Code {
	var out []jen.Code
	bound := func(b *Bound, method string, roundUp bool, violates string) {
		if b == nil {
			return
		}
		call := jen.Id("r").Dot(method).Call(jen.Lit(b.Text))
		n, side := intLimit(b.Text, roundUp)
		switch {
		case side == 0:
			out = append(out, jen.If(jen.Add(val).Op(violates).Lit(int(n))).Block(call))
		case (side > 0) == (violates == "<" || violates == "<="):
			// Every int64 is on the violating side of a bound this far out.
			out = append(out, call)
		}
	}
	bound(v.Minimum, "Minimum", true, "<")
	bound(v.ExclusiveMinimum, "ExclusiveMinimum", false, "<=")
	if v.NumberFormat != "" && v.NumberFormat != "int64" { // an int64 holds only int64 values
		out = append(out, e.numberFormat(v))
	}
	bound(v.Maximum, "Maximum", false, ">")
	bound(v.ExclusiveMaximum, "ExclusiveMaximum", true, ">=")
	if v.MultipleOf != "" {
		call := jen.Id("r").Dot("MultipleOf").Call(jen.Lit(v.MultipleOf))
		if d, err := strconv.ParseInt(v.MultipleOf, 10, 64); err == nil && d > 0 {
			if d != 1 {
				out = append(out, jen.If(jen.Add(val).Op("%").Lit(int(d)).Op("!=").Lit(0)).Block(call))
			}
		} else {
			out = append(out, e.exactMultiple(v.MultipleOf, call))
		}
	}
	return out
}

// numberFormat checks the number just read by its JSON text against v's
// format of numbers.
func (e *emitter) numberFormat(v *Value) jen.Code {
	return jen.Id("r").Dot("FormatNumber").Call(jen.Lit(v.NumberFormat), rt(formats[v.NumberFormat]))
}

func (e *emitter) exactMultiple(divisor string, call jen.Code) jen.Code {
	return jen.If(jen.Op("!").Add(rt("IsMultipleOf")).Call(jen.Id("r").Dot("RawText").Call(), jen.Id(e.m.divisorVar(divisor)))).Block(call)
}

func (e *emitter) numberChecks(v *Value, val jen.Code) []jen.Code {
	var out []jen.Code
	// The comparison is exact: the floats decide unless they are equal, and
	// then the JSON texts do.
	bound := func(b *Bound, method, violates string) {
		if b == nil {
			return
		}
		call := jen.Id("r").Dot(method).Call(jen.Lit(b.Text))
		f, side := floatBound(b.Text)
		if side != 0 {
			// Every value read is finite, so below a bound above float64's
			// range (side +1) and above one below it: the check always
			// fails or never does.
			if comparisonHolds(-side, violates) {
				out = append(out, call)
			}
			return
		}
		cmp := jen.Id("r").Dot("CompareNumber").Call(val, jen.Lit(f), jen.Lit(b.Text))
		out = append(out, jen.If(cmp.Op(violates).Lit(0)).Block(call))
	}
	bound(v.Minimum, "Minimum", "<")
	bound(v.ExclusiveMinimum, "ExclusiveMinimum", "<=")
	if v.NumberFormat != "" {
		out = append(out, e.numberFormat(v))
	}
	bound(v.Maximum, "Maximum", ">")
	bound(v.ExclusiveMaximum, "ExclusiveMaximum", ">=")
	if v.MultipleOf != "" {
		out = append(out, e.exactMultiple(v.MultipleOf, jen.Id("r").Dot("MultipleOf").Call(jen.Lit(v.MultipleOf))))
	}
	return out
}

// comparisonHolds reports whether cmp (-1, 0 or +1) op 0 holds.
func comparisonHolds(cmp int, op string) bool {
	switch op {
	case "<":
		return cmp < 0
	case "<=":
		return cmp <= 0
	case ">":
		return cmp > 0
	case ">=":
		return cmp >= 0
	}
	panic("gen: unknown comparison " + op)
}

// literalChecks emits enum and const on a typed scalar as Go comparisons.
func (e *emitter) literalChecks(v *Value, kind typeKind, val jen.Code) []jen.Code {
	if kind == kindNumber {
		return e.numberLiteralChecks(v, val)
	}
	var out []jen.Code
	if v.Const != nil {
		if lit, ok := goLiteral(v.Const, kind); ok {
			out = append(out, jen.If(jen.Add(val).Op("!=").Add(lit)).Block(jen.Id("r").Dot("Const").Call(jen.Lit(allowedText(v.Const)))))
		} else {
			out = append(out, jen.Id("r").Dot("Const").Call(jen.Lit(allowedText(v.Const))))
		}
	}
	if v.Enum != nil {
		var cases []jen.Code
		seen := map[string]bool{}
		for _, item := range v.Enum {
			if lit, ok := goLiteral(item, kind); ok {
				key := fmt.Sprintf("%#v", lit)
				if !seen[key] {
					seen[key] = true
					cases = append(cases, lit)
				}
			}
		}
		report := jen.Id("r").Dot("Enum").Call(jen.Id(e.allowedVar(v.Enum, v.Name)))
		if len(cases) == 0 {
			out = append(out, report)
		} else {
			out = append(out, jen.Switch(val).Block(jen.Case(cases...), jen.Default().Block(report)))
		}
	}
	return out
}

// numberLiteralChecks emits enum and const on a float64 value. Equal floats
// do not make equal numbers (0.1 and 0.1000000000000000000001 read as the
// same float64), so each comparison is runtime's exact one, which looks at
// the JSON texts when the floats are equal; a number beyond float64's range
// equals no value read.
func (e *emitter) numberLiteralChecks(v *Value, val jen.Code) []jen.Code {
	equal := func(item jsontext.Value) (jen.Code, bool) {
		f, side := floatBound(string(item))
		if item.Kind() != '0' || side != 0 {
			return nil, false
		}
		return jen.Id("r").Dot("CompareNumber").Call(val, jen.Lit(f), jen.Lit(string(item))).Op("==").Lit(0), true
	}
	var out []jen.Code
	if v.Const != nil {
		report := jen.Id("r").Dot("Const").Call(jen.Lit(allowedText(v.Const)))
		if cond, ok := equal(v.Const); ok {
			out = append(out, jen.If(jen.Op("!").Parens(cond)).Block(report))
		} else {
			out = append(out, report)
		}
	}
	if v.Enum != nil {
		var any *jen.Statement
		for _, item := range v.Enum {
			if cond, ok := equal(item); ok {
				if any == nil {
					any = jen.Add(cond)
				} else {
					any = any.Op("||").Add(cond)
				}
			}
		}
		report := jen.Id("r").Dot("Enum").Call(jen.Id(e.allowedVar(v.Enum, v.Name)))
		if any == nil {
			out = append(out, report)
		} else {
			out = append(out, jen.If(jen.Op("!").Parens(any)).Block(report))
		}
	}
	return out
}

// goLiteral converts a JSON literal to a Go literal of kind, if a value of that
// kind can equal it.
func goLiteral(v jsontext.Value, kind typeKind) (jen.Code, bool) {
	switch kind {
	case kindString:
		if v.Kind() == '"' {
			s, _ := jsontext.AppendUnquote(nil, v)
			return jen.Lit(string(s)), true
		}
	case kindBool:
		if v.Kind() == 't' || v.Kind() == 'f' {
			return jen.Lit(v.Kind() == 't'), true
		}
	case kindInt:
		if v.Kind() == '0' {
			if n, side := intLimit(string(v), false); side == 0 && isInteger(string(v)) {
				return jen.Lit(int(n)), true
			}
		}
	case kindNumber:
		// The nearest float64, for a default; a number beyond float64's
		// range has none.
		if f, side := floatBound(string(v)); v.Kind() == '0' && side == 0 {
			return jen.Lit(f), true
		}
	}
	return nil, false
}

// jsonChecks emits enum and const on a value kept as JSON text.
func (e *emitter) jsonChecks(v *Value, text jen.Code) []jen.Code {
	var out []jen.Code
	if v.Const != nil {
		out = append(out, jen.If(jen.Op("!").Add(rt("EqualJSON")).Call(text, jen.Index().Byte().Call(jen.Lit(string(v.Const))))).Block(
			jen.Id("r").Dot("Const").Call(jen.Lit(allowedText(v.Const))),
		))
	}
	if v.Enum != nil {
		name := e.allowedVar(v.Enum, v.Name)
		out = append(out, jen.If(jen.Op("!").Add(rt("ContainsJSON")).Call(jen.Id(name), text)).Block(
			jen.Id("r").Dot("Enum").Call(jen.Id(name)),
		))
	}
	return out
}

// allowedVar declares (once) a package variable listing allowed JSON values,
// named after the type they belong to.
func (e *emitter) allowedVar(values []jsontext.Value, typeName string) string {
	var texts []string
	for _, v := range values {
		texts = append(texts, allowedText(v))
	}
	key := strings.Join(texts, "\x00")
	if name, ok := e.allowed[key]; ok {
		return name
	}
	name := e.names.claim(lowerFirst(typeName) + "Values")
	e.allowed[key] = name
	e.allowedOrder = append(e.allowedOrder, key)
	return name
}

// itemChecks emits minItems, maxItems and uniqueItems after an array is read.
func (e *emitter) itemChecks(v *Value, depth int, val string) []jen.Code {
	var out []jen.Code
	clean := varName("clean", depth)
	if v.UniqueItems {
		// Whether the items read cleanly is taken before the count is
		// judged: a wrong count says nothing about duplicates, which are
		// reported too.
		out = append(out, jen.Id(clean).Op(":=").Id("r").Dot("Clean").Call(jen.Id(varName("mark", depth))))
	}
	length := jen.Len(jen.Id(val))
	if v.Kind == kindArray {
		length = jen.Id(varName("count", depth)) // the items read, not the Go array's length
	}
	out = append(out, lengthChecks(v.MinItems, v.MaxItems, length)...)
	if v.UniqueItems {
		find := rt("Duplicate").Call(jen.Id(val))
		switch {
		case isRawText(v.Elem):
			find = rt("DuplicateJSON").Call(jen.Id(val))
		case !comparable(v.Elem):
			find = rt("DuplicateJSON").Call(jen.Id(varName("texts", depth)))
		}
		// Items that failed to read hold zero values: then the duplicates
		// are looked for in the array's text instead. Which items are equal
		// is not said of items that hold secrets.
		i, j, report := jen.Id("i"), jen.Id("j"), jen.Id("r").Dot("UniqueItems").Call(jen.Id("i"), jen.Id("j"))
		if e.textHoldsSecrets(v.Elem) {
			i, j, report = jen.Id("_"), jen.Id("_"), jen.Id("r").Dot("UniqueItemsHoldingSecrets").Call()
		}
		out = append(out, jen.If(jen.Id(clean)).Block(
			jen.If(jen.List(i, j, jen.Id("dup")).Op(":=").Add(find), jen.Id("dup")).Block(report),
		).Else().If(jen.List(i, j, jen.Id("dup")).Op(":=").Id("r").Dot("DuplicateSince").Call(jen.Id(varName("start", depth))), jen.Id("dup")).Block(
			report,
		))
	}
	return out
}

// lengthChecks emits minItems and maxItems on an array of length items.
func lengthChecks(minItems, maxItems *int, length jen.Code) []jen.Code {
	switch {
	case minItems != nil && maxItems != nil:
		return []jen.Code{jen.If(jen.Id("n").Op(":=").Add(length), jen.Id("n").Op("<").Add(goemit.Count(*minItems))).Block(
			jen.Id("r").Dot("MinItems").Call(goemit.Count(*minItems), jen.Id("n")),
		).Else().If(jen.Id("n").Op(">").Add(goemit.Count(*maxItems))).Block(
			jen.Id("r").Dot("MaxItems").Call(goemit.Count(*maxItems), jen.Id("n")),
		)}
	case minItems != nil:
		return []jen.Code{jen.If(jen.Id("n").Op(":=").Add(length), jen.Id("n").Op("<").Add(goemit.Count(*minItems))).Block(
			jen.Id("r").Dot("MinItems").Call(goemit.Count(*minItems), jen.Id("n")),
		)}
	case maxItems != nil:
		return []jen.Code{jen.If(jen.Id("n").Op(":=").Add(length), jen.Id("n").Op(">").Add(goemit.Count(*maxItems))).Block(
			jen.Id("r").Dot("MaxItems").Call(goemit.Count(*maxItems), jen.Id("n")),
		)}
	}
	return nil
}

// comparable reports whether items of v compare with == as JSON values do.
func comparable(v *Value) bool {
	switch v.Kind {
	case kindString, kindInt, kindNumber, kindBool, kindEnum:
		return !v.Nullable
	}
	return false
}
