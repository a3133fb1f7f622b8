package gen

import (
	"fmt"
	"strconv"

	"github.com/dave/jennifer/jen"
	"github.com/go-json-experiment/json/jsontext"
)

// readStruct emits the method that decodes and validates an object into t.
func (e *emitter) readStruct(t *NamedType) {
	var body []jen.Code
	body = append(body, jen.If(jen.Op("!").Id("r").Dot("BeginObject").Call()).Block(jen.Return()))
	if len(t.Fields) > 0 {
		body = append(body, jen.Var().Id("seen").Index(jen.Lit(len(t.Fields))).Bool())
	}
	if !t.Closed && t.Additional == nil {
		body = append(body, jen.Var().Id("others").Add(rt("Names")))
	}

	// The name of a member that is not declared: after NextMember, the
	// reader keeps it; an object that declares none reads it itself.
	if len(t.Fields) == 0 {
		loop := append([]jen.Code{jen.Id("name").Op(":=").Id("r").Dot("Name").Call()}, e.otherMember(t, jen.Id("name"))...)
		body = append(body, jen.For(jen.Id("r").Dot("More").Call()).Block(loop...))
		body = append(body, jen.Id("r").Dot("EndObject").Call())
	} else {
		body = append(body, e.members(t, e.otherMember(t, jen.Id("r").Dot("MemberName").Call()))...)
	}

	body = append(body, e.presenceChecks(t)...)

	e.f.Add(lineComment("readJSON decodes an object into x and reports every violation of its schema to r."))
	e.f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("readJSON").Params(jen.Id("r").Op("*").Add(rt("Reader"))).Block(body...)
	e.end()
}

// otherMember emits the statements that handle a member t does not declare,
// whose name is name: refused, kept in the additional members' map, or
// skipped and its name kept for the checks of other members' names.
func (e *emitter) otherMember(t *NamedType, name jen.Code) []jen.Code {
	switch {
	case t.Closed:
		return []jen.Code{jen.Id("r").Dot("NotAllowed").Call(jen.String().Call(name), jen.Id(e.fieldList(t)))}
	case t.Record != nil:
		// The pattern decides which map holds the member: no name matches
		// it and is read as another schema, none that does not is dropped.
		matched := append(e.memberInto(t.Record.Field, t.Record.Value), jen.Continue())
		return append([]jen.Code{
			jen.Id("key").Op(":=").String().Call(name),
			jen.If(patternMatch(t.Record.Pattern, jen.Id("key"))).Block(matched...),
		}, e.memberInto(t.AdditionalField, t.Additional)...)
	case t.Additional != nil:
		return append([]jen.Code{jen.Id("key").Op(":=").String().Call(name)}, e.memberInto(t.AdditionalField, t.Additional)...)
	}
	return []jen.Code{jen.Id("r").Dot("SkipOther").Call(jen.Op("&").Id("others"), name)}
}

// memberInto emits the statements that read the member whose name was just
// read, held in key, into x's map field as v.
func (e *emitter) memberInto(field string, v *Value) []jen.Code {
	other := []jen.Code{
		jen.If(jen.List(jen.Id("_"), jen.Id("dup")).Op(":=").Id("x").Dot(field).Index(jen.Id("key")), jen.Id("dup")).Block(
			jen.Id("r").Dot("Duplicate").Call(jen.Id("key")),
			jen.Continue(),
		),
		jen.If(jen.Id("x").Dot(field).Op("==").Nil()).Block(
			jen.Id("x").Dot(field).Op("=").Map(jen.String()).Add(e.elemType(v)).Values(),
		),
	}
	dst := jen.Id("x").Dot(field).Index(jen.Id("key"))
	if e.readsInPlace(v) {
		// A map's value is not addressable: what is read in place (a
		// struct, a tuple, a union, a checked enum) is read into a
		// variable, then stored.
		item := varName("item", 0)
		other = append(other, jen.Var().Id(item).Add(e.elemType(v)))
		other = append(other, e.element(v, 0, jen.Id(item))...)
		return append(other, jen.Add(dst).Op("=").Id(item))
	}
	return append(other, e.element(v, 0, dst)...)
}

// members emits the loop over the members of an object of t, which declares
// some: a switch on the member's index (see toolgenimpl.Reader.NextMember),
// which has marked it seen and reported it if repeated, and has read the end
// of the object when it returns EndOfObject. other handles a member t does
// not declare.
func (e *emitter) members(t *NamedType, other []jen.Code) []jen.Code {
	var body, cases []jen.Code
	byPresence := presenceChecked(t)
	nullable := false // a member whose presence is checked takes null for absent
	for i, f := range t.Fields {
		var stmts []jen.Code
		if !f.Required && !acceptsNull(f.Value) {
			if e.m.NullAsAbsent {
				// Strict mode makes every member required: null stands
				// for absent. The member stays seen until the object's
				// end, so that a second one is a duplicate; then it is
				// absent for the checks that go by presence.
				skip := []jen.Code{jen.Continue()}
				if byPresence[f.JSONName] {
					nullable = true
					skip = append([]jen.Code{jen.Id("absent").Index(jen.Lit(i)).Op("=").True()}, skip...)
				}
				stmts = append(stmts, jen.If(jen.Id("r").Dot("AbsentNull").Call()).Block(skip...))
			}
			// A null here gets a hint that the member may be left out.
			stmts = append(stmts, jen.Id("r").Dot("Optional").Call())
		}
		stmts = append(stmts, readSensitively(f.Value, e.field(f))...)
		c := jen.Case(jen.Lit(i)).Add(lineComment(strconv.Quote(f.JSONName)))
		for _, stmt := range stmts {
			c.Line().Add(stmt)
		}
		cases = append(cases, c)
	}
	cases = append(cases,
		jen.Case(rt("OtherMember")).Block(other...),
		jen.Case(rt("EndOfObject")).Block(jen.Break().Id("members")),
	)
	next := jen.Id("r").Dot("NextMember").Call(jen.Id(e.fieldList(t)), jen.Id("seen").Index(jen.Empty(), jen.Empty()))
	if nullable {
		body = append(body, jen.Var().Id("absent").Index(jen.Lit(len(t.Fields))).Bool())
	}
	body = append(body, jen.Id("members").Op(":"), jen.For().Block(jen.Switch(next).Block(cases...)))
	if nullable {
		body = append(body, jen.For(jen.List(jen.Id("i"), jen.Id("null")).Op(":=").Range().Id("absent")).Block(
			jen.Id("seen").Index(jen.Id("i")).Op("=").Id("seen").Index(jen.Id("i")).Op("&&").Op("!").Id("null"),
		))
	}
	return body
}

// presenceChecks are the checks of t that go by which members were seen:
// required, defaults and dependentRequired.
func (e *emitter) presenceChecks(t *NamedType) []jen.Code {
	var checks []jen.Code
	for i, f := range t.Fields {
		switch {
		case f.Required:
			checks = append(checks, jen.If(jen.Op("!").Id("seen").Index(jen.Lit(i))).Block(
				jen.Id("r").Dot("Required").Call(jen.Lit(f.JSONName)),
			))
		case f.Default != nil:
			checks = append(checks, jen.If(jen.Op("!").Id("seen").Index(jen.Lit(i))).Block(e.applyDefault(f)...))
		}
	}
	if t.Record != nil {
		for _, name := range t.Record.Required {
			absent := func(field string) jen.Code {
				return jen.List(jen.Id("_"), jen.Id("ok")).Op(":=").Id("x").Dot(field).Index(jen.Lit(name))
			}
			checks = append(checks, jen.If(absent(t.Record.Field), jen.Op("!").Id("ok")).Block(
				jen.If(absent(t.AdditionalField), jen.Op("!").Id("ok")).Block(jen.Id("r").Dot("Required").Call(jen.Lit(name))),
			))
		}
	}
	index := make(map[string]int, len(t.Fields))
	for i, f := range t.Fields {
		if _, dup := index[f.JSONName]; !dup {
			index[f.JSONName] = i
		}
	}
	for _, d := range t.DependentRequired {
		p := index[d.Property]
		for _, req := range d.Requires {
			q := index[req]
			checks = append(checks, jen.If(jen.Id("seen").Index(jen.Lit(p)).Op("&&").Op("!").Id("seen").Index(jen.Lit(q))).Block(
				jen.Id("r").Dot("DependentRequired").Call(jen.Lit(d.Property), jen.Lit(req)),
			))
		}
	}
	return checks
}

// presenceChecked returns the members of t whose presence the checks after
// the members are read go by: those with a default and those of
// dependentRequired, on either side.
func presenceChecked(t *NamedType) map[string]bool {
	names := map[string]bool{}
	for _, f := range t.Fields {
		if f.Default != nil {
			names[f.JSONName] = true
		}
	}
	for _, d := range t.DependentRequired {
		names[d.Property] = true
		for _, req := range d.Requires {
			names[req] = true
		}
	}
	return names
}

// fieldList declares the names of t's members, in the order its reader
// numbers them, and returns the variable's name.
func (e *emitter) fieldList(t *NamedType) string {
	if name, ok := e.fieldLists[t]; ok {
		return name
	}
	name := e.names.claim(lowerFirst(t.Name) + "Fields")
	e.fieldLists[t] = name
	var items []jen.Code
	for _, f := range t.Fields {
		items = append(items, jen.Lit(f.JSONName))
	}
	e.f.Add(comment(fmt.Sprintf("%s lists the members %s declares, in the order its reader numbers them.", name, t.Name)))
	e.f.Var().Id(name).Op("=").Index().String().Values(items...)
	e.end()
	return name
}

// field emits the statements that read one member's value into x.
func (e *emitter) field(f *Field) []jen.Code {
	dst := jen.Id("x").Dot(f.GoName)
	v := f.Value
	switch f.Holder {
	case holdPointer:
		read := e.readHeld(v, 0, dst)
		if v.Nullable {
			return []jen.Code{jen.If(jen.Op("!").Id("r").Dot("Null").Call()).Block(read...)}
		}
		return read
	case holdNullable:
		read := e.read(v, 0, func(val jen.Code) jen.Code { return jen.Add(dst).Dot("Value").Op("=").Add(val) }, jen.Add(dst).Dot("Value"))
		ifNull := jen.If(jen.Id("r").Dot("Null").Call()).Block(jen.Add(dst).Dot("Null").Op("=").True()).Else()
		if len(read) == 1 && !e.readsInPlace(v) {
			ifNull.Add(read[0]) // else if v, ok := ...
		} else {
			ifNull.Block(read...)
		}
		return []jen.Code{jen.Add(dst).Dot("Present").Op("=").True(), ifNull}
	}
	read := e.read(v, 0, func(val jen.Code) jen.Code { return jen.Add(dst).Op("=").Add(val) }, dst)
	if v.Nullable && v.Kind != kindRaw {
		return []jen.Code{jen.If(jen.Op("!").Id("r").Dot("Null").Call()).Block(read...)}
	}
	return read
}

// readsInPlace reports whether read, given an lvalue, writes v's reading as
// something other than one if statement: a call decoding a struct, or an
// enum with checks besides membership, in place, or a sealed union's switch.
func (e *emitter) readsInPlace(v *Value) bool {
	if v.Kind == kindEnum {
		_, _, plain := e.enumLists(v.Named)
		return !plain
	}
	return v.Kind == kindStruct || v.Kind == kindTuple || v.Kind == kindSealed
}

// element emits the statements that read an array item or map value into
// dst, marked sensitive if the value is.
func (e *emitter) element(v *Value, depth int, dst jen.Code) []jen.Code {
	return readSensitively(v, e.plainElement(v, depth, dst))
}

// plainElement is element without the sensitivity.
func (e *emitter) plainElement(v *Value, depth int, dst jen.Code) []jen.Code {
	if v.Nullable && !hasNil(v) {
		return []jen.Code{jen.If(jen.Op("!").Id("r").Dot("Null").Call()).Block(e.readHeld(v, depth, dst)...)}
	}
	read := e.read(v, depth, func(val jen.Code) jen.Code { return jen.Add(dst).Op("=").Add(val) }, dst)
	if v.Nullable && v.Kind != kindRaw {
		return []jen.Code{jen.If(jen.Op("!").Id("r").Dot("Null").Call()).Block(read...)}
	}
	return read
}

// readHeld emits the statements that read one non-null value of v and point
// dst, a pointer, at it. An object is read in place into an element of a
// block of the reader's (toolgenimpl.NewObject): a variable whose address is
// taken would cost an allocation per object.
func (e *emitter) readHeld(v *Value, depth int, dst jen.Code) []jen.Code {
	if v.Kind != kindStruct && v.Kind != kindTuple || v.Custom != nil {
		return e.read(v, depth, func(val jen.Code) jen.Code { return jen.Add(dst).Op("=").Add(e.pointerTo(v, val)) }, nil)
	}
	val := varName("v", depth)
	if v.Check != "" {
		return e.readCheckedStruct(v, depth, func(sub jen.Code) []jen.Code {
			x := varName("obj", depth)
			return []jen.Code{
				jen.Id(x).Op(":=").Add(rt("NewObject")).Index(jen.Id(v.Named.Name)).Call(jen.Id("r"), jen.Op("&").Id(e.objectType(v.Named))),
				jen.Id(x).Dot("readJSON").Call(sub),
				jen.Add(dst).Op("=").Id(x),
			}
		})
	}
	return []jen.Code{
		jen.Id(val).Op(":=").Add(rt("NewObject")).Index(jen.Id(v.Named.Name)).Call(jen.Id("r"), jen.Op("&").Id(e.objectType(v.Named))),
		jen.Id(val).Dot("readJSON").Call(jen.Id("r")),
		jen.Add(dst).Op("=").Id(val),
	}
}

// objectType declares the toolgenimpl.ObjectType that stands for t, a struct
// type held by pointer, and returns the variable's name.
func (e *emitter) objectType(t *NamedType) string {
	if name, ok := e.objectTypes[t]; ok {
		return name
	}
	name := e.names.claim(lowerFirst(t.Name) + "Objects")
	e.objectTypes[t] = name
	e.f.Add(comment(fmt.Sprintf("%s finds the reader's block of %s values, which optional members point into.", name, t.Name)))
	e.f.Var().Id(name).Add(rt("ObjectType"))
	e.end()
	return name
}

// pointerTo returns a pointer to val, a value of v read into a variable. A
// scalar's is an element of a block of the reader's (toolgenimpl.HoldInt and its
// siblings): taking val's address would cost an allocation per value.
func (e *emitter) pointerTo(v *Value, val jen.Code) jen.Code {
	if v.Custom != nil {
		return jen.Op("&").Add(val) // a variable of its own, scoped to the if that declares it
	}
	hold := map[typeKind]string{kindString: "HoldString", kindEnum: "HoldString", kindInt: "HoldInt", kindNumber: "HoldNumber", kindBool: "HoldBool"}[v.Kind]
	if v.Kind == kindEnum {
		if _, _, plain := e.enumLists(v.Named); plain {
			hold = "HoldEnum" // val is one of the enum's constants
		}
	}
	if hold == "" {
		return jen.Op("&").Add(val)
	}
	return rt(hold).Call(jen.Id("r"), val)
}

// read emits the statements that read one non-null value of v and hand it to
// store. direct, when not nil, is an lvalue of v's own type that named types
// decode into in place.
func (e *emitter) read(v *Value, depth int, store func(jen.Code) jen.Code, direct jen.Code) []jen.Code {
	if fn := v.plain().Reader; fn != "" && v.Custom == nil {
		val := varName("v", depth)
		return []jen.Code{jen.If(jen.List(jen.Id(val), jen.Id("ok")).Op(":=").Id(fn).Call(jen.Id("r")), jen.Id("ok")).Block(store(jen.Id(val)))}
	}
	return e.readHere(v, depth, store, direct)
}

// readHere is read written out in place, whether or not v has a reader of
// its own.
func (e *emitter) readHere(v *Value, depth int, store func(jen.Code) jen.Code, direct jen.Code) []jen.Code {
	if v.Custom != nil {
		return e.readCustom(v, depth, store)
	}
	val := varName("v", depth)
	switch v.Kind {
	case kindString, kindInt, kindNumber, kindBool:
		method := map[typeKind]string{kindString: "String", kindInt: "Int", kindNumber: "Number", kindBool: "Bool"}[v.Kind]
		body := e.scalarChecks(v, v.Kind, jen.Id(val))
		body = append(body, store(jen.Id(val)))
		return []jen.Code{jen.If(jen.List(jen.Id(val), jen.Id("ok")).Op(":=").Id("r").Dot(method).Call(), jen.Id("ok")).Block(body...)}
	case kindEnum:
		if list, texts, ok := e.enumLists(v.Named); ok {
			// A plain enum reads like a scalar: toolgenimpl.ReadEnum finds the
			// constant the string equals.
			body := []jen.Code{store(jen.Id(val))}
			return []jen.Code{jen.If(jen.List(jen.Id(val), jen.Id("ok")).Op(":=").Add(rt("ReadEnum")).Call(jen.Id("r"), jen.Id(list), jen.Id(texts)), jen.Id("ok")).Block(body...)}
		}
		fallthrough
	case kindStruct, kindTuple:
		if v.Check != "" && v.Kind == kindStruct {
			return e.readCheckedStruct(v, depth, func(sub jen.Code) []jen.Code {
				if direct != nil {
					return []jen.Code{jen.Add(direct).Dot("readJSON").Call(sub)}
				}
				x := varName("obj", depth)
				return []jen.Code{jen.Var().Id(x).Id(v.Named.Name), jen.Id(x).Dot("readJSON").Call(sub), store(jen.Id(x))}
			})
		}
		if direct != nil {
			return []jen.Code{jen.Add(direct).Dot("readJSON").Call(jen.Id("r"))}
		}
		return []jen.Code{
			jen.Var().Id(val).Id(v.Named.Name),
			jen.Id(val).Dot("readJSON").Call(jen.Id("r")),
			store(jen.Id(val)),
		}
	case kindSlice:
		item := varName("item", depth)
		// The items are counted first, so that the slice is allocated once.
		room := jen.Id("r").Dot("ItemCount").Call()
		body := []jen.Code{jen.Id(val).Op(":=").Make(e.typ(v), jen.Lit(0), room)}
		if v.UniqueItems {
			body = append(body,
				jen.Id(varName("start", depth)).Op(":=").Id("r").Dot("Offset").Call(),
				jen.Id(varName("mark", depth)).Op(":=").Id("r").Dot("Mark").Call())
		}
		loop := []jen.Code{jen.Var().Id(item).Add(e.elemType(v.Elem))}
		if v.UniqueItems && !comparable(v.Elem) && !isRawText(v.Elem) {
			// Items Go cannot compare are compared as JSON: keep each item's
			// text and read the item from it.
			texts := varName("texts", depth)
			body = append(body, jen.Var().Id(texts).Index().Qual(jsonPkg, "RawMessage"))
			fn := e.reader(v.Elem)
			loop = append(loop, jen.If(jen.List(jen.Id("text"), jen.Id("ok")).Op(":=").Id("r").Dot(e.rawCall(v.Elem)).Call(), jen.Id("ok")).Block(
				jen.Id(texts).Op("=").Append(jen.Id(texts), jen.Id("text")),
				jen.Id("sub").Op(":=").Id("r").Dot("Sub").Call(jen.Id("text")),
				jen.List(jen.Id(item), jen.Id("_")).Op("=").Id(fn).Call(jen.Id("sub")),
				jen.Id("r").Dot("Adopt").Call(jen.Id("sub")),
			))
		} else {
			loop = append(loop, e.element(v.Elem, depth+1, jen.Id(item))...)
		}
		loop = append(loop, jen.Id(val).Op("=").Append(jen.Id(val), jen.Id(item)))
		body = append(body, jen.For(jen.Id("r").Dot("More").Call()).Block(loop...), jen.Id("r").Dot("EndArray").Call())
		body = append(body, e.itemChecks(v, depth, val)...)
		body = append(body, store(jen.Id(val)))
		return []jen.Code{jen.If(jen.Id("r").Dot("BeginArray").Call()).Block(body...)}
	case kindArray:
		return e.readArray(v, depth, store)
	case kindMap:
		key, item := varName("key", depth), varName("item", depth)
		name := jen.Id(key)
		if v.Key != nil && v.Key.Kind == kindEnum {
			name = jen.String().Call(jen.Id(key))
		}
		loop := []jen.Code{
			jen.Id(key).Op(":=").Add(e.keyType(v)).Call(jen.Id("r").Dot("Name").Call()),
			jen.If(jen.List(jen.Id("_"), jen.Id("dup")).Op(":=").Id(val).Index(jen.Id(key)), jen.Id("dup")).Block(
				jen.Id("r").Dot("Duplicate").Call(name),
				jen.Continue(),
			),
		}
		loop = append(loop, e.keyChecks(v, key)...)
		loop = append(loop, jen.Var().Id(item).Add(e.elemType(v.Elem)))
		loop = append(loop, e.element(v.Elem, depth+1, jen.Id(item))...)
		loop = append(loop, jen.Id(val).Index(jen.Id(key)).Op("=").Id(item))
		body := []jen.Code{
			jen.Id(val).Op(":=").Add(e.typ(v)).Values(),
			jen.For(jen.Id("r").Dot("More").Call()).Block(loop...),
			jen.Id("r").Dot("EndObject").Call(),
		}
		body = append(body, e.requiredKeys(v, val)...)
		return []jen.Code{jen.If(jen.Id("r").Dot("BeginObject").Call()).Block(append(body, store(jen.Id(val)))...)}
	case kindSealed:
		return e.readSealed(v, depth, store)
	case kindNull:
		return []jen.Code{jen.If(jen.Id("r").Dot("Null").Call()).Block(store(rt("Null").Values())).Else().Block(
			jen.Id("r").Dot("Mismatch").Call(jen.Lit("null")),
		)}
	}
	return e.readRaw(v, depth, store)
}

// readCheckedStruct reads a struct whose schema says more than its reader
// checks (an intersection): the schema function checks the value whole, and
// decode reads the struct from a sub-reader of the same text only if it
// passed, as a tool's arguments are read (readChecked).
func (e *emitter) readCheckedStruct(v *Value, depth int, decode func(sub jen.Code) []jen.Code) []jen.Code {
	val, sub := varName("v", depth), varName("sub", depth)
	body := []jen.Code{jen.Id(sub).Op(":=").Id("r").Dot("Sub").Call(jen.Id(val))}
	body = append(body, decode(jen.Id(sub))...)
	body = append(body, jen.Id("r").Dot("Adopt").Call(jen.Id(sub)))
	return []jen.Code{jen.If(jen.List(jen.Id(val), jen.Id("ok")).Op(":=").Add(e.checkedRead(v)), jen.Id("ok")).Block(body...)}
}

// readSealed reads a sealed union as the one alternative the value can be:
// by its kind, in the same pass, or by its discriminator, found by a scan of
// the object's text before the alternative reads it.
func (e *emitter) readSealed(v *Value, depth int, store func(jen.Code) jen.Code) []jen.Code {
	s := v.Sealed
	as := func(variant *Variant) func(jen.Code) jen.Code {
		if !variant.Wrap {
			return store
		}
		return func(val jen.Code) jen.Code { return store(jen.Id(variant.Type).Call(val)) }
	}
	if s.Tried != nil {
		return e.readTried(v, depth, store)
	}
	if s.Property == "" {
		var cases []jen.Code
		var expected []string
		for _, variant := range s.Variants {
			kind := map[string]string{"string": "KindString", "integer": "KindNumber", "number": "KindNumber", "boolean": "KindBool", "object": "KindObject", "array": "KindArray"}[variant.Kind]
			cases = append(cases, jen.Case(rt(kind)).Block(e.read(variant.Value, depth, as(variant), nil)...))
			expected = append(expected, withArticle(variant.Kind))
		}
		cases = append(cases, jen.Default().Block(jen.Id("r").Dot("Mismatch").Call(jen.Lit(joinOr(expected)))))
		return []jen.Code{jen.Switch(jen.Id("r").Dot("Kind").Call()).Block(cases...)}
	}
	text, sub := varName("text", depth), varName("sub", depth)
	var cases []jen.Code
	for i, variant := range s.Variants {
		read := e.read(variant.Value, depth, as(variant), nil)
		cases = append(cases, jen.Case(jen.Lit(i)).Block(append([]jen.Code{jen.Id("r").Op(":=").Id(sub)}, read...)...))
	}
	return []jen.Code{jen.If(jen.List(jen.Id(text), jen.Id("ok")).Op(":=").Id("r").Dot(e.rawCall(v)).Call(), jen.Id("ok")).Block(
		jen.Id(sub).Op(":=").Id("r").Dot("Sub").Call(jen.Id(text)),
		jen.Switch(e.discriminate(s, text)).Block(cases...),
		jen.Id("r").Dot("Adopt").Call(jen.Id(sub)),
	)}
}

// readTried reads a sealed union of objects by trying each alternative on
// the value's text, as readUnion does, and keeps the value the first match
// read. Inside a trial, whose memo keeps verdicts only, the first match
// reads the value again.
func (e *emitter) readTried(v *Value, depth int, store func(jen.Code) jen.Code) []jen.Code {
	s, val := v.Sealed, varName("v", depth)
	within := e.trials.within[v]
	body := []jen.Code{jen.Var().Id("matched").Int()}
	if within {
		body = append(body, jen.Var().Id("chosen").Int())
	}
	body = append(body, jen.Var().Id("failures").Index().Add(rt("Violation")))
	var cases []jen.Code
	for i, alt := range s.Tried {
		e.readers = append(e.readers, alt)
		body = append(body, e.tryAlternative(v, alt, i+1, val, func(got jen.Code) jen.Code {
			if got == nil {
				return jen.If(jen.Id("matched").Op("==").Lit(1)).Block(jen.Id("chosen").Op("=").Lit(i))
			}
			return jen.If(jen.Id("matched").Op("==").Lit(1)).Block(store(got))
		})...)
		cases = append(cases, jen.Case(jen.Lit(i)).Block(
			jen.If(jen.List(jen.Id("alt"), jen.Id("ok")).Op(":=").Id(alt.Func).Call(jen.Id("r").Dot("Sub").Call(jen.Id(val))), jen.Id("ok")).Block(store(jen.Id("alt"))),
		))
	}
	n := len(s.Tried)
	failure := jen.If(jen.Id("matched").Op("==").Lit(0)).Block(jen.Id("r").Dot("AnyOf").Call(jen.Lit(n), jen.Id("failures")))
	if s.Keyword == "oneOf" {
		failure = jen.If(jen.Id("matched").Op("!=").Lit(1)).Block(jen.Id("r").Dot("OneOf").Call(jen.Lit(n), jen.Id("matched"), jen.Id("failures")))
	}
	if within {
		failure.Else().Block(jen.Switch(jen.Id("chosen")).Block(cases...))
	}
	body = append(body, failure)
	return []jen.Code{jen.If(jen.List(jen.Id(val), jen.Id("ok")).Op(":=").Id("r").Dot(e.rawCall(v)).Call(), jen.Id("ok")).Block(body...)}
}

// discriminate emits the call that picks the variant of s for the object
// in text.
func (e *emitter) discriminate(s *Sealed, text string) jen.Code {
	if s.Absent == 0 {
		return jen.Id("r").Dot("Discriminate").Call(jen.Id(text), jen.Lit(s.Property), jen.Id(s.TagsVar))
	}
	return jen.Id("r").Dot("DiscriminateOr").Call(jen.Id(text), jen.Lit(s.Property), jen.Id(s.TagsVar), jen.Lit(s.Absent-1))
}

// readRaw emits the reading of a value kept as its JSON text: one of several
// kinds, each checked by its own keywords, or a union checked alternative by
// alternative.
func (e *emitter) readRaw(v *Value, depth int, store func(jen.Code) jen.Code) []jen.Code {
	val := varName("v", depth)
	if v.Check != "" {
		return e.readCheckedValue(v, val, store)
	}
	if v.Union != nil {
		return e.readUnion(v, depth, store)
	}
	if v.Kinds == nil {
		body := e.jsonChecks(v, jen.Id(val))
		body = append(body, store(jen.Id(val)))
		return []jen.Code{jen.If(jen.List(jen.Id(val), jen.Id("ok")).Op(":=").Id("r").Dot("Raw").Call(), jen.Id("ok")).Block(body...)}
	}
	var cases []jen.Code
	var expected []string
	for _, k := range v.Kinds {
		var c []jen.Code
		switch k {
		case "string":
			c = e.kindCase(v, kindString, "String", depth)
		case "integer":
			c = e.kindCase(v, kindInt, "Int", depth)
		case "number":
			c = e.kindCase(v, kindNumber, "Number", depth)
		case "boolean":
			c = e.kindCase(v, kindBool, "Bool", depth)
		default:
			c = []jen.Code{jen.Id("r").Dot("Skip").Call()}
		}
		kind := map[string]string{"string": "KindString", "integer": "KindNumber", "number": "KindNumber", "boolean": "KindBool", "null": "KindNull", "object": "KindObject", "array": "KindArray"}[k]
		cases = append(cases, jen.Case(rt(kind)).Block(c...))
		expected = append(expected, map[string]string{"string": "a string", "integer": "an integer", "number": "a number", "boolean": "a boolean", "null": "null", "object": "an object", "array": "an array"}[k])
	}
	cases = append(cases, jen.Default().Block(jen.Id("r").Dot("Mismatch").Call(jen.Lit(joinOr(expected)))))
	kindSwitch := jen.Switch(jen.Id("r").Dot("Kind").Call()).Block(cases...)
	check := e.jsonChecks(v, jen.Id("r").Dot("RawText").Call())
	if len(check) == 0 {
		return []jen.Code{kindSwitch, store(jen.Id("r").Dot("LastRaw").Call())}
	}
	// enum and const compare whole values, once the kind's own checks passed.
	mark := varName("mark", depth)
	return []jen.Code{
		jen.Id(mark).Op(":=").Id("r").Dot("Mark").Call(),
		kindSwitch,
		jen.If(jen.Id("r").Dot("Clean").Call(jen.Id(mark))).Block(check...),
		store(jen.Id("r").Dot("LastRaw").Call()),
	}
}

func (e *emitter) kindCase(v *Value, kind typeKind, method string, depth int) []jen.Code {
	val := varName("v", depth)
	checks := e.scalarChecks(v, kind, jen.Id(val))
	if kind == kindString {
		// The value is kept as its JSON text: a string made of it would be
		// a copy nothing holds. Its checks, if any, read a view of it.
		method = "StringBytes"
		if len(checks) > 0 {
			method = "StringView"
		}
	}
	if len(checks) == 0 {
		return []jen.Code{jen.Id("r").Dot(method).Call()}
	}
	if !numberValueUsed(v, kind) {
		// multipleOf by a fraction reads the number's text, not its value.
		val = "_"
	}
	return []jen.Code{jen.If(jen.List(jen.Id(val), jen.Id("ok")).Op(":=").Id("r").Dot(method).Call(), jen.Id("ok")).Block(checks...)}
}

// numberValueUsed reports whether the checks of a number or integer held as
// JSON text compare its Go value, rather than only its text.
func numberValueUsed(v *Value, kind typeKind) bool {
	if kind != kindInt && kind != kindNumber {
		return true
	}
	if v.Minimum != nil || v.Maximum != nil || v.ExclusiveMinimum != nil || v.ExclusiveMaximum != nil {
		return true
	}
	for _, literal := range append([]jsontext.Value{v.Const}, v.Enum...) {
		if _, ok := goLiteral(literal, kind); ok {
			return true
		}
	}
	if kind == kindInt && v.MultipleOf != "" {
		d, err := strconv.ParseInt(v.MultipleOf, 10, 64)
		return err == nil && d > 1
	}
	return false
}

// readUnion reads the value's JSON text and checks it against each alternative.
func (e *emitter) readUnion(v *Value, depth int, store func(jen.Code) jen.Code) []jen.Code {
	val := varName("v", depth)
	u := v.Union
	var body []jen.Code
	body = append(body, jen.Var().Id("matched").Int(), jen.Var().Id("failures").Index().Add(rt("Violation")))
	for i, alt := range u.Alternatives {
		e.readers = append(e.readers, alt)
		body = append(body, e.tryAlternative(v, alt, i+1, val, nil)...)
	}
	n := len(u.Alternatives)
	if u.Keyword == "oneOf" {
		body = append(body, jen.If(jen.Id("matched").Op("!=").Lit(1)).Block(
			jen.Id("r").Dot("OneOf").Call(jen.Lit(n), jen.Id("matched"), jen.Id("failures")),
		))
	} else {
		body = append(body, jen.If(jen.Id("matched").Op("==").Lit(0)).Block(
			jen.Id("r").Dot("AnyOf").Call(jen.Lit(n), jen.Id("failures")),
		))
	}
	body = append(body, store(jen.Id(u.Type).Call(jen.Id(val))))
	return []jen.Code{jen.If(jen.List(jen.Id(val), jen.Id("ok")).Op(":=").Id("r").Dot(e.rawCall(v)).Call(), jen.Id("ok")).Block(body...)}
}

// reader returns the function that reads a value of v from a sub-reader,
// declaring it on first use.
func (e *emitter) reader(v *Value) string {
	if name, ok := e.readerNames[v]; ok {
		return name
	}
	name := e.names.claim("decode" + v.Name) // "read…" names are the union alternatives'
	e.readerNames[v] = name
	e.readers = append(e.readers, &Alternative{Func: name, Value: v})
	return name
}

// valueReaders emits the function of each value read by one of its own
// (share.go), and the type of each value given one.
func (e *emitter) valueReaders() {
	for _, d := range e.m.Declared {
		v := d.Value
		what := "array"
		if v.Kind == kindMap {
			what = "object, as a map,"
		}
		e.f.Add(comment(fmt.Sprintf("%s is the %s at %s in the %s schema of tool %q.", v.Declared, what, displayPtr(v.Ptr), d.In.Schema, d.In.Tool)))
		e.f.Type().Id(v.Declared).Add(e.writtenType(v))
		e.end()
	}
	for _, r := range e.m.Readers {
		v := r.Value
		store := func(val jen.Code) jen.Code {
			return jen.List(jen.Id("value"), jen.Id("found")).Op("=").List(val, jen.True())
		}
		body := append(e.readHere(v, 0, store, nil), jen.Return())
		e.f.Add(comment(fmt.Sprintf("%s reads a value of the schema at %s in the %s schema of tool %q and reports every violation to r; found is false when the value is not of a kind the schema allows.", v.Reader, displayPtr(v.Ptr), r.In.Schema, r.In.Tool)))
		e.f.Func().Id(v.Reader).Params(jen.Id("r").Op("*").Add(rt("Reader"))).Params(jen.Id("value").Add(e.typ(v)), jen.Id("found").Bool()).Block(body...)
		e.end()
	}
}

// alternatives emits the value readers: each reads one value with a
// sub-reader and reports whether it matched its schema.
func (e *emitter) alternatives() {
	emitted := map[*Alternative]bool{}
	for i := 0; i < len(e.readers); i++ { // emitting a reader may add nested ones
		alt := e.readers[i]
		if emitted[alt] {
			continue
		}
		emitted[alt] = true
		body := []jen.Code{jen.Var().Id("value").Add(e.elemType(alt.Value))}
		body = append(body, e.element(alt.Value, 0, jen.Id("value"))...)
		body = append(body, jen.Return(jen.Id("value"), jen.Id("r").Dot("Finish").Call(jen.Lit("")).Op("==").Nil()))
		e.f.Add(comment(fmt.Sprintf("%s reads a value of the schema at %s and reports whether it is valid.", alt.Func, displayPtr(alt.Value.Ptr))))
		e.f.Func().Id(alt.Func).Params(jen.Id("r").Op("*").Add(rt("Reader"))).Params(e.elemType(alt.Value), jen.Bool()).Block(body...)
		e.end()
	}
}

// applyDefault emits the assignment of a field's default when it is absent.
func (e *emitter) applyDefault(f *Field) []jen.Code {
	dst := jen.Id("x").Dot(f.GoName)
	v := f.Value
	lit, ok := e.defaultLiteral(v, f.Default)
	if ok {
		if f.Holder == holdPointer {
			return []jen.Code{jen.Add(dst).Op("=").Add(rt("Ptr")).Call(jen.Add(e.typ(v)).Call(lit))}
		}
		return []jen.Code{jen.Add(dst).Op("=").Add(lit)}
	}
	if string(f.Default) == "null" {
		return []jen.Code{lineComment("The default is null: the zero value.")}
	}
	// Defaults of other kinds are decoded from their JSON text, which lint has
	// already validated against the field's schema.
	stmts := []jen.Code{jen.Id("r").Op(":=").Add(rt("NewReader")).Call(jen.Index().Byte().Call(jen.Lit(string(compact(f.Default)))))}
	return append(stmts, e.field(f)...)
}

// defaultLiteral renders a default as a Go literal of v's type, for scalars,
// enums and arrays of them.
func (e *emitter) defaultLiteral(v *Value, def jsontext.Value) (jen.Code, bool) {
	if v.Custom != nil && v.Custom.Builtin {
		return goLiteral(def, kindInt) // an untyped constant, within the type's range
	}
	if v.Custom != nil {
		return nil, false // converted from its text, as a value sent would be
	}
	switch v.Kind {
	case kindEnum:
		for _, ev := range v.Named.Values {
			if q, _ := jsontext.AppendQuote(nil, ev.Value); string(q) == string(def) {
				return jen.Id(ev.GoName), true
			}
		}
	case kindString, kindInt, kindNumber, kindBool:
		return goLiteral(def, v.Kind)
	case kindSlice:
		if v.Elem.Nullable || def.Kind() != '[' {
			return nil, false
		}
		var items []jen.Code
		ok := true
		_ = forEachItem(def, func(_ int, item jsontext.Value) {
			lit, valid := e.defaultLiteral(v.Elem, item)
			ok = ok && valid
			items = append(items, lit)
		})
		if ok {
			return e.typ(v).Values(items...), true
		}
	}
	return nil, false
}
