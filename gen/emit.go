package gen

import (
	"bytes"
	"errors"
	"fmt"
	"go/format"
	"go/token"
	goruntime "runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
	"github.com/go-json-experiment/json/jsontext"
)

const (
	runtimePkg = "github.com/toolgen/toolgen/runtime"
	jsonPkg    = "encoding/json"
)

// Emit renders a model as one gofmt'ed Go file.
func Emit(m *Model, opts Options) ([]byte, error) {
	if err := CheckPackageName(opts.Package); err != nil {
		return nil, err
	}
	if m.names == nil {
		return nil, errors.New("the model was not made by Build")
	}
	e := &emitter{m: m, pkg: opts.Package, allowed: map[string]string{}, names: m.names, readerNames: map[*Value]string{}, enumListNames: map[*NamedType]string{}, fieldLists: map[*NamedType]string{}, objectTypes: map[*NamedType]string{}, customs: map[string]customUse{}, customBase: map[*Value]*Value{}}
	e.newChunk()

	enforceVersion(e.f)
	e.toolNames()
	e.definitions()
	e.handler()
	e.dispatch()
	e.validateArgs()
	for _, t := range m.Tools {
		e.validType(t)
	}
	for _, t := range m.Types {
		if t.Base != nil {
			e.enumType(t)
		} else {
			e.structType(t)
		}
	}
	e.sealedTypes()
	e.unionTypes()
	e.alternatives()
	e.customAssertions()
	e.packageVars()
	if m.Schemas != nil {
		e.f.Add(m.Schemas.code...)
	}

	return e.render(generatedBy(opts.Source))
}

type emitter struct {
	m   *Model
	pkg string
	f   *jen.File // the chunk being written; see end

	chunks   []*jen.File
	sinceCut int // top-level declarations written to f since it was started

	allowed      map[string]string // JSON texts of allowed values -> package variable
	names        *namespace        // the model's: every package-level name of the file
	allowedOrder []string
	readers      []*Alternative // value readers to emit: union alternatives and items read from their text
	readerNames  map[*Value]string
	// enumListNames names the variable listing each plain enum type's values.
	enumListNames map[*NamedType]string
	fieldLists    map[*NamedType]string // the member list variable of each struct type
	objectTypes   map[*NamedType]string // the runtime.ObjectType variable of each struct type held by pointer

	// The types the catalog chose (goJSONSchema), in the order met, and the
	// values their values are checked as before conversion.
	customs     map[string]customUse
	customOrder []string
	customBase  map[*Value]*Value
}

// chunkDecls is how many top-level declarations a chunk holds: enough that
// formatting a chunk costs far more than starting one, few enough that a
// large catalog makes many chunks to share among the processors.
const chunkDecls = 200

// newChunk starts a new chunk of the file: a jen.File of its own, so that
// chunks can be rendered and formatted concurrently.
func (e *emitter) newChunk() {
	e.f = jen.NewFile(e.pkg)
	importRuntime(e.f)
	e.f.ImportName(jsonPkg, "json")
	for path, name := range e.m.Imports {
		if name == importName(path) {
			e.f.ImportName(path, name)
		} else {
			e.f.ImportAlias(path, name)
		}
	}
	e.f.NoFormat = true
	e.chunks = append(e.chunks, e.f)
	e.sinceCut = 0
}

// end ends a top-level declaration with a blank line, the only place the
// file may be cut into chunks: with a blank line before the next
// declaration, gofmt formats a chunk on its own exactly as it formats it
// inside the whole file.
func (e *emitter) end() {
	e.f.Line()
	e.sinceCut++
	if e.sinceCut >= chunkDecls {
		e.newChunk()
	}
}

// render renders and formats the chunks, as many at once as there are
// processors (go/format is most of the time a large catalog takes), and joins
// them under the header, the package clause and the imports of them all.
func (e *emitter) render(generated string) ([]byte, error) {
	bodies := make([][]byte, len(e.chunks))
	imports := make([][]string, len(e.chunks))
	errs := make([]error, len(e.chunks))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(goruntime.GOMAXPROCS(0), len(e.chunks)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < len(e.chunks); i = int(next.Add(1) - 1) {
				bodies[i], imports[i], errs[i] = renderChunk(e.chunks[i])
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}

	var used []string
	for _, imps := range imports {
		used = append(used, imps...)
	}
	slices.Sort(used)
	used = slices.Compact(used)
	var prelude bytes.Buffer
	if err := header(generated).Render(&prelude); err != nil {
		return nil, fmt.Errorf("rendering generated code: %w", err)
	}
	fmt.Fprintf(&prelude, "\n\npackage %s\n\n", e.pkg)
	switch len(used) {
	case 0:
	case 1:
		prelude.WriteString("import " + used[0] + "\n")
	default:
		prelude.WriteString("import (\n" + strings.Join(used, "\n") + "\n)\n")
	}
	out, err := format.Source(prelude.Bytes())
	if err != nil {
		return nil, newFormatError(prelude.Bytes(), err)
	}
	for _, body := range bodies {
		if len(body) > 0 {
			out = append(append(out, '\n'), body...)
		}
	}
	return out, nil
}

// renderChunk renders one chunk and formats its declarations. It returns them
// without the package clause and imports, each line ending in a newline, and
// the chunk's import specs as jennifer wrote them (path, or name and path).
func renderChunk(f *jen.File) (body []byte, imports []string, err error) {
	var raw bytes.Buffer
	if err := f.Render(&raw); err != nil {
		return nil, nil, fmt.Errorf("rendering generated code: %w", err)
	}
	src := raw.Bytes()
	// jennifer writes "package p\n\n", then either import "path"\n\n or an
	// import block of one spec a line, then the declarations.
	clause, rest, _ := bytes.Cut(src, []byte("\n\n"))
	switch {
	case bytes.HasPrefix(rest, []byte("import (\n")):
		block, decls, _ := bytes.Cut(rest[len("import (\n"):], []byte("\n)\n\n"))
		imports = strings.Split(string(block), "\n")
		rest = decls
	case bytes.HasPrefix(rest, []byte("import ")):
		spec, decls, _ := bytes.Cut(rest[len("import "):], []byte("\n\n"))
		imports = []string{string(spec)}
		rest = decls
	}
	if len(bytes.TrimSpace(rest)) == 0 {
		return nil, imports, nil
	}
	// Format the declarations as a file of their own: the same package
	// clause, no imports (gofmt does not resolve names).
	src = append(append(append(make([]byte, 0, len(clause)+2+len(rest)), clause...), "\n\n"...), rest...)
	formatted, err := format.Source(src)
	if err != nil {
		return nil, nil, newFormatError(src, err)
	}
	return bytes.TrimLeft(formatted[len(clause):], "\n"), imports, nil
}

func (e *emitter) toolNames() {
	e.f.Add(lineComment("ToolName names a tool of the catalog."))
	e.f.Type().Id("ToolName").String()
	e.end()
	var consts, list, names []jen.Code
	for _, t := range e.m.Tools {
		consts = append(consts, jen.Id(t.Const).Id("ToolName").Op("=").Lit(t.Name))
		list = append(list, jen.Id(t.Const))
		names = append(names, jen.Lit(t.Name))
	}
	if len(consts) > 0 {
		e.f.Add(lineComment("The catalog's tools."))
		e.f.Const().Defs(consts...)
		e.end()
	}
	e.f.Var().Id("tools").Op("=").Index().Id("ToolName").Values(lines(list)...)
	e.end()
	e.f.Var().Id("toolNames").Op("=").Index().String().Values(lines(names)...)
	e.end()
	e.f.Add(lineComment("Tools returns every tool of the catalog, in catalog order."))
	e.f.Func().Id("Tools").Params().Index().Id("ToolName").Block(
		jen.Return(jen.Qual("slices", "Clone").Call(jen.Id("tools"))),
	)
}

// definitions emits the tools as the model sees them, from the catalog's bytes.
// definitions emits the static table of tools and the definitions the model
// sees, from the catalog's bytes. The table is plain data and function
// values, so even thousands of tools need no initialisation code.
func (e *emitter) definitions() {
	var rows, schemas []jen.Code
	schema := func(name string, text []byte) jen.Code {
		if text == nil {
			return nil
		}
		schemas = append(schemas, jen.Id(name).Op("=").Add(stringLiteral(string(text))))
		return jen.Id(name)
	}
	for _, t := range e.m.Tools {
		var timeout, checkOutput jen.Code
		if t.Timeout > 0 {
			timeout = durationLiteral(t.Timeout)
		}
		if t.Result != nil {
			checkOutput = jen.Id(t.CheckResultFunc)
		}
		row := keyed(
			kv{"Name", jen.Lit(t.Name)},
			kv{"Title", litOrNil(t.Title)},
			kv{"Description", litOrNil(t.Description)},
			kv{"InputSchema", schema(t.InputSchemaConst, t.InputSchema)},
			kv{"OutputSchema", schema(t.OutputSchemaConst, t.OutputSchema)},
			kv{"StrictInputSchema", schema(t.StrictSchemaConst, t.StrictInputSchema)},
			kv{"AnnotationTitle", litOrNil(t.Annotations.Title)},
			kv{"ReadOnly", hint(t.Annotations.ReadOnlyHint)},
			kv{"Destructive", hint(t.Annotations.DestructiveHint)},
			kv{"Idempotent", hint(t.Annotations.IdempotentHint)},
			kv{"OpenWorld", hint(t.Annotations.OpenWorldHint)},
			kv{"Timeout", timeout},
			kv{"Parse", jen.Id(t.ParseFunc)},
			kv{"Call", jen.Id(t.CallFunc)},
			kv{"CheckOutput", checkOutput},
		)
		rows = append(rows, jen.Values(row...))
	}
	e.f.Add(lineComment("toolTable describes each tool, in catalog order."))
	e.f.Var().Id("toolTable").Op("=").Index().Add(rt("ToolInfo")).Values(lines(rows)...)
	e.end()
	e.f.Add(lineComment("Definitions returns the catalog's tools as the model sees them: names,"))
	e.f.Add(lineComment("descriptions, annotations and the catalog's own schema bytes, which are the"))
	e.f.Add(lineComment("schemas the generated validators enforce. Each call returns a fresh copy."))
	e.f.Func().Id("Definitions").Params().Index().Add(rt("ToolDefinition")).Block(
		jen.Id("defs").Op(":=").Make(jen.Index().Add(rt("ToolDefinition")), jen.Len(jen.Id("toolTable"))),
		jen.For(jen.Id("i").Op(":=").Range().Id("toolTable")).Block(
			jen.Id("defs").Index(jen.Id("i")).Op("=").Id("toolTable").Index(jen.Id("i")).Dot("Definition").Call(),
		),
		jen.Return(jen.Id("defs")),
	)
	e.end()
	if len(schemas) > 0 {
		e.f.Add(lineComment("The catalog's schemas, byte for byte."))
		e.f.Const().Defs(schemas...)
		e.end()
	}
}

func litOrNil(s string) jen.Code {
	if s == "" {
		return nil
	}
	return jen.Lit(s)
}

// hint renders an annotation as a runtime.Hint; nil leaves the field unset.
func hint(b *bool) jen.Code {
	switch {
	case b == nil:
		return nil
	case *b:
		return rt("HintTrue")
	}
	return rt("HintFalse")
}

// stringLiteral renders s as a raw string literal when it can be one, which
// keeps JSON readable, and as an interpreted one otherwise.
func stringLiteral(s string) jen.Code {
	if rawStringSafe(s) {
		return jen.Id("`" + s + "`")
	}
	return jen.Lit(s)
}

// rawStringSafe reports whether s can stand between backquotes and read as
// what it is: valid UTF-8 of printable characters, spaces, tabs and
// newlines. A raw string keeps every byte, so a NUL or a byte order mark
// would make the file fail to compile, a carriage return would be dropped,
// and a bidirectional control would reorder how the code around it reads;
// an interpreted literal escapes them all.
func rawStringSafe(s string) bool {
	for _, r := range s {
		if r == '`' || r == utf8.RuneError || r != '\n' && r != '\t' && !strconv.IsPrint(r) {
			return false
		}
	}
	return true
}

func (e *emitter) handler() {
	var methods []jen.Code
	for i, t := range e.m.Tools {
		if i > 0 {
			methods = append(methods, jen.Line())
		}
		doc := fmt.Sprintf("%s runs tool %q.", t.GoName, t.Name)
		if t.Description != "" {
			doc += "\n\n" + t.Description
		}
		result := jen.Any()
		if t.Result != nil {
			result = jen.Id(t.Result.Name)
		}
		methods = append(methods, comment(doc), jen.Id(t.GoName).Params(
			jen.Id("ctx").Qual("context", "Context"),
			jen.Id("args").Id(t.Valid),
		).Params(result, jen.Error()))
	}
	e.f.Add(comment("Handler implements the catalog's tools, one method per tool. A tool added to the catalog adds a method here, so the build breaks until it is implemented. Each method receives arguments that have passed validation and returns a JSON-encodable result: for a tool with an output schema, its typed result, which the dispatcher checks against that schema. Return runtime.Reject to refuse well-formed arguments with hints for the model, and runtime.Transient to mark an error worth retrying."))
	e.f.Type().Id("Handler").Interface(methods...)
}

func (e *emitter) dispatch() {
	for _, t := range e.m.Tools {
		e.f.Add(lineComment(fmt.Sprintf("%s and %s connect tool %q to runtime.Dispatcher.", t.ParseFunc, t.CallFunc, t.Name)))
		e.f.Func().Id(t.ParseFunc).Params(jen.Id("raw").Index().Byte(), jen.Id("opts").Add(rt("Options"))).Params(jen.Any(), jen.Error()).Block(
			jen.List(jen.Id("args"), jen.Err()).Op(":=").Id(t.Parse).Call(jen.Id("raw"), jen.Id("opts")),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
			jen.Return(jen.Id("args"), jen.Nil()),
		)
		e.end()
		e.f.Func().Id(t.CallFunc).Params(jen.Id("ctx").Qual("context", "Context"), jen.Id("h").Any(), jen.Id("args").Any()).Params(jen.Any(), jen.Error()).Block(
			jen.Return(jen.Id("h").Assert(jen.Id("Handler")).Dot(t.GoName).Call(jen.Id("ctx"), jen.Id("args").Assert(jen.Id(t.Valid)))),
		)
		e.end()
		if t.Result != nil {
			e.f.Add(comment(fmt.Sprintf("%s encodes a result of tool %q as it will leave and reads it back with the generated reader of the output schema.", t.CheckResultFunc, t.Name)))
			e.f.Func().Id(t.CheckResultFunc).Params(jen.Id("result").Any()).Index().Add(rt("Violation")).Block(
				jen.Return(rt("CheckOutput").Call(jen.Id("result"), jen.Func().Params(jen.Id("r").Op("*").Add(rt("Reader"))).Block(
					append([]jen.Code{jen.Var().Id("v").Id(t.Result.Name)}, readChecked(t.Result, jen.Id("v"))...)...,
				))),
			)
			e.end()
		}
	}

	e.f.Add(lineComment("toolSpecs tells runtime.Dispatcher about each tool, in catalog order."))
	e.f.Var().Id("toolSpecs").Op("=").Func().Params().Index().Add(rt("ToolSpec")).Block(
		jen.Id("specs").Op(":=").Make(jen.Index().Add(rt("ToolSpec")), jen.Len(jen.Id("toolTable"))),
		jen.For(jen.Id("i").Op(":=").Range().Id("toolTable")).Block(
			jen.Id("specs").Index(jen.Id("i")).Op("=").Id("toolTable").Index(jen.Id("i")).Dot("Spec").Call(),
		),
		jen.Return(jen.Id("specs")),
	).Call()
	e.end()
	// A map built once, rather than a switch over the names: the compiler
	// takes time superlinear in the number of cases of a string switch.
	e.f.Add(lineComment("toolIndex finds a tool's position in toolSpecs by name, or -1 for a name"))
	e.f.Add(lineComment("that is not in the catalog."))
	e.f.Var().Id("toolIndex").Op("=").Add(rt("ToolIndex")).Call(jen.Id("toolTable"))
	e.end()
	e.f.Add(comment("NewDispatcher returns a dispatcher that validates each call's arguments and runs the matching method of h with cfg's limits, timeouts, authorization, observer and retries. A handler's panic, timeout, rejection (runtime.Reject) and error each come back as their own error type. Build one per service and share it; it is safe for concurrent use."))
	e.f.Func().Id("NewDispatcher").Params(jen.Id("h").Id("Handler"), jen.Id("cfg").Add(rt("Config"))).Op("*").Add(rt("Dispatcher")).Block(
		jen.Return(rt("NewDispatcher").Call(jen.Id("h"), jen.Id("toolSpecs"), jen.Id("toolIndex"), jen.Id("cfg"))),
	)
	e.end()
	e.f.Add(comment("Dispatch validates the arguments of tool name and, only if they are valid, calls the matching method of h, with the default configuration of NewDispatcher. Nothing runs for an unknown tool (a *runtime.UnknownToolError, matching runtime.ErrUnknownTool) or for invalid arguments (a *runtime.ValidationError listing every violation). An error from the handler comes back as a *runtime.HandlerError, a panic as a *runtime.PanicError."))
	e.f.Func().Id("Dispatch").Params(
		jen.Id("ctx").Qual("context", "Context"),
		jen.Id("h").Id("Handler"),
		jen.Id("name").String(),
		jen.Id("raw").Index().Byte(),
	).Params(jen.Any(), jen.Error()).Block(
		jen.Return(jen.Id("NewDispatcher").Call(jen.Id("h"), rt("Config").Values()).Dot("Dispatch").Call(jen.Id("ctx"), jen.Id("name"), jen.Id("raw"))),
	)
	e.end()
	e.f.Func().Id("unknownTool").Params(jen.Id("name").String()).Error().Block(
		jen.Return(jen.Op("&").Add(rt("UnknownToolError")).Values(jen.Dict{
			jen.Id("Name"):  jen.Id("name"),
			jen.Id("Known"): jen.Qual("slices", "Clone").Call(jen.Id("toolNames")),
		})),
	)
}

// durationLiteral renders d as a Go expression such as 5 * time.Second.
func durationLiteral(d time.Duration) jen.Code {
	for _, unit := range []struct {
		d    time.Duration
		name string
	}{{time.Hour, "Hour"}, {time.Minute, "Minute"}, {time.Second, "Second"}, {time.Millisecond, "Millisecond"}} {
		if d%unit.d == 0 {
			return jen.Lit(int(d/unit.d)).Op("*").Qual("time", unit.name)
		}
	}
	return jen.Qual("time", "Duration").Call(jen.Lit(int64(d)))
}

func (e *emitter) validateArgs() {
	e.f.Add(lineComment("ValidateArgs runs the same checks as Dispatch on the arguments of tool name"))
	e.f.Add(lineComment("and runs nothing, for replaying logged calls offline."))
	e.f.Func().Id("ValidateArgs").Params(jen.Id("name").String(), jen.Id("raw").Index().Byte()).Error().Block(
		jen.Id("i").Op(":=").Id("toolIndex").Call(jen.Id("name")),
		jen.If(jen.Id("i").Op("<").Lit(0)).Block(jen.Return(jen.Id("unknownTool").Call(jen.Id("name")))),
		jen.List(jen.Id("_"), jen.Err()).Op(":=").Id("toolTable").Index(jen.Id("i")).Dot("Parse").Call(jen.Id("raw"), rt("Options").Values()),
		jen.Return(jen.Err()),
	)
}

func (e *emitter) validType(t *Tool) {
	args := t.Args.Name
	e.f.Add(comment(fmt.Sprintf("%s holds arguments of tool %q that passed validation. Only %s (and Dispatch through it) makes one that holds arguments; the zero value holds zero arguments that were never validated.", t.Valid, t.Name, t.Parse)))
	e.f.Add(brandedDirective(t.Parse))
	e.f.Type().Id(t.Valid).Struct(jen.Id("args").Id(args))
	e.end()
	e.f.Add(lineComment("Args returns the validated arguments."))
	e.f.Func().Params(jen.Id("v").Id(t.Valid)).Id("Args").Params().Id(args).Block(jen.Return(jen.Id("v").Dot("args")))
	e.end()
	e.f.Add(comment(fmt.Sprintf("%s decodes and validates the JSON arguments of tool %q in one pass. On failure the error is a *runtime.ValidationError with every violation.", t.Parse, t.Name)))
	body := []jen.Code{
		jen.Id("r").Op(":=").Add(rt("NewReader")).Call(jen.Id("raw"), jen.Id("opts").Op("...")),
		jen.Var().Id("args").Id(args),
	}
	body = append(body, readChecked(t.Args, jen.Id("args"))...)
	body = append(body,
		jen.If(jen.Err().Op(":=").Id("r").Dot("Finish").Call(jen.String().Call(jen.Id(t.Const))), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Id(t.Valid).Values(), jen.Err()),
		),
		jen.Return(jen.Id(t.Valid).Values(jen.Dict{jen.Id("args"): jen.Id("args")}), jen.Nil()),
	)
	e.f.Func().Id(t.Parse).Params(jen.Id("raw").Index().Byte(), jen.Id("opts").Op("...").Add(rt("Options"))).Params(jen.Id(t.Valid), jen.Error()).Block(body...)
}

// readChecked reads a tool's arguments or result into dst. When the root
// schema says more than the struct reader checks, a schema function checks
// the whole object first, and the struct is read from the same text only if
// it passed, so that no violation is reported twice. A sensitive object is
// read between BeginSensitive and EndSensitive.
func readChecked(t *NamedType, dst jen.Code) []jen.Code {
	read := jen.Add(dst).Dot("readJSON").Call(jen.Id("r"))
	if t.Check != "" {
		read = jen.If(jen.List(jen.Id("text"), jen.Id("ok")).Op(":=").Id("r").Dot("Checked").Call(jen.Id(t.Check)), jen.Id("ok")).Block(
			jen.Id("sub").Op(":=").Id("r").Dot("Sub").Call(jen.Id("text")),
			jen.Add(dst).Dot("readJSON").Call(jen.Id("sub")),
			jen.Id("r").Dot("Adopt").Call(jen.Id("sub")),
		)
	}
	if !t.Sensitive {
		return []jen.Code{read}
	}
	return []jen.Code{jen.Id("r").Dot("BeginSensitive").Call(), read, jen.Id("r").Dot("EndSensitive").Call()}
}

// typ is the Go type holding values of v, null aside.
func (e *emitter) typ(v *Value) *jen.Statement {
	if v.Custom != nil {
		return e.customType(v.Custom)
	}
	switch v.Kind {
	case kindString:
		return jen.String()
	case kindInt:
		return jen.Int64()
	case kindNumber:
		return jen.Float64()
	case kindBool:
		return jen.Bool()
	case kindStruct, kindEnum:
		return jen.Id(v.Named.Name)
	case kindSlice:
		return jen.Index().Add(e.elemType(v.Elem))
	case kindMap:
		return jen.Map(jen.String()).Add(e.elemType(v.Elem))
	case kindSealed:
		return jen.Id(v.Sealed.Interface)
	}
	if v.Union != nil && v.Union.Type != "" {
		return jen.Id(v.Union.Type)
	}
	return jen.Qual(jsonPkg, "RawMessage")
}

// isRawText reports whether v is held as a plain json.RawMessage.
func isRawText(v *Value) bool {
	return v.Kind == kindRaw && (v.Union == nil || v.Union.Type == "")
}

// elemType is the Go type of an array item or map value: a pointer when the
// item may be null and its type has no nil of its own.
func (e *emitter) elemType(v *Value) *jen.Statement {
	if v.Nullable && !hasNil(v) {
		return jen.Op("*").Add(e.typ(v))
	}
	return e.typ(v)
}

// acceptsNull reports whether the schema of v allows null itself.
func acceptsNull(v *Value) bool {
	return v.Nullable || v.Kind == kindRaw && (v.Kinds == nil || slices.Contains(v.Kinds, "null"))
}

// hasNil reports whether v's Go type has a nil of its own; a type the
// catalog chose has one when its goJSONSchema says nillable.
func hasNil(v *Value) bool {
	if v.Custom != nil {
		return v.Custom.Nillable
	}
	return v.Kind == kindSlice || v.Kind == kindMap || v.Kind == kindRaw || v.Kind == kindSealed
}

func (e *emitter) fieldType(f *Field) *jen.Statement {
	switch f.Holder {
	case holdPointer:
		return jen.Op("*").Add(e.typ(f.Value))
	case holdNullable:
		return rt("Nullable").Types(e.typ(f.Value))
	}
	return e.typ(f.Value)
}

func (e *emitter) structType(t *NamedType) {
	var fields []jen.Code
	for i, f := range t.Fields {
		if i > 0 {
			fields = append(fields, jen.Line())
		}
		if doc := fieldDoc(f); doc != "" {
			fields = append(fields, comment(doc))
		}
		fields = append(fields, jen.Id(f.GoName).Add(e.fieldType(f)).Tag(fieldTags(f)))
	}
	if t.Additional != nil {
		if len(fields) > 0 {
			fields = append(fields, jen.Line())
		}
		fields = append(fields, comment(t.AdditionalField+" holds the members not declared under properties; MarshalJSON writes them after the declared ones."),
			jen.Id(t.AdditionalField).Map(jen.String()).Add(e.elemType(t.Additional)).Tag(map[string]string{"json": "-"}))
	}
	e.f.Add(comment(typeDoc(t, "%s is the object at %s in the %s schema of tool %q.")))
	e.f.Type().Id(t.Name).Struct(fields...)
	e.end()
	if needsMarshal(t) {
		e.marshalMethod(t)
	}
	e.readStruct(t)
}

// typeDoc is a named type's doc comment: a sentence saying where the schema
// stands, then the schema's own description.
func typeDoc(t *NamedType, format string) string {
	if t.Root && t.Doc != "" {
		return t.Doc // a tool's arguments: the doc already says whose
	}
	doc := fmt.Sprintf(format, t.Name, displayPtr(t.Ptr), t.Schema, t.Tool)
	if t.Doc != "" {
		doc += "\n\n" + t.Doc
	}
	return doc
}

func fieldDoc(f *Field) string {
	doc := f.Doc
	var notes []string
	if f.Required {
		notes = append(notes, "Required.")
	}
	if f.Default != nil {
		notes = append(notes, "Defaults to "+string(f.Default)+".")
	}
	if f.Holder == holdPointer && !f.Required && f.Default == nil {
		notes = append(notes, "Nil when absent.")
	}
	if f.Holder == holdValue && !f.Required && f.Default == nil && hasNil(f.Value) {
		notes = append(notes, "Nil when absent.")
	}
	if f.Holder == holdPointer && f.Value.Nullable {
		notes = append(notes, "Nil when null.")
	}
	if f.Holder == holdNullable {
		notes = append(notes, "Tells absent (Present false), null (Null true) and a value apart.")
	}
	if !tagCarries(f.JSONName) {
		notes = append(notes, fmt.Sprintf("The member is %q, a name no struct tag can spell: MarshalJSON writes it.", f.JSONName))
	}
	if len(notes) == 0 {
		return doc
	}
	if doc != "" {
		doc += "\n\n"
	}
	return doc + strings.Join(notes, " ")
}

// maxCommentPtr bounds the JSON Pointers that doc comments show: a comment
// on every type of a deeply nested schema must not repeat its whole path, or
// the file would grow with the square of the depth.
const maxCommentPtr = 96

// displayPtr renders a schema's JSON Pointer for a comment: whole when it is
// short, else as many of its first and last reference tokens as fit around
// "…" (at least one of each, which the catalog spelled out once).
func displayPtr(p string) string {
	if p == "" {
		return "the root"
	}
	if len(p) <= maxCommentPtr {
		return p
	}
	const keep = maxCommentPtr / 2
	head := p[:strings.LastIndexByte(p[:keep], '/')]
	if head == "" {
		head = p[:1+strings.IndexByte(p[1:], '/')] // a long first token
	}
	tail := p[len(p)-keep:]
	if i := strings.IndexByte(tail, '/'); i >= 0 {
		tail = tail[i:]
	} else {
		tail = p[strings.LastIndexByte(p, '/'):] // a long last token
	}
	if len(head)+len(tail) >= len(p) {
		return p
	}
	return head + "/…" + tail
}

// readStruct emits the method that decodes and validates an object into t.
func (e *emitter) readStruct(t *NamedType) {
	var body []jen.Code
	body = append(body, jen.If(jen.Op("!").Id("r").Dot("BeginObject").Call()).Block(jen.Return()))
	if len(t.Fields) > 0 {
		body = append(body, jen.Var().Id("seen").Index(jen.Lit(len(t.Fields))).Bool())
	}
	open := !t.Closed && t.Additional == nil
	if open {
		body = append(body, jen.Var().Id("others").Add(rt("Names")))
	}

	// The name of a member that is not declared: after NextMember, the
	// reader keeps it; an object that declares none reads it itself.
	name := jen.Id("r").Dot("MemberName").Call()
	if len(t.Fields) == 0 {
		name = jen.Id("name")
	}
	var other []jen.Code
	switch {
	case t.Closed:
		other = append(other, jen.Id("r").Dot("NotAllowed").Call(jen.String().Call(name), jen.Id(e.fieldList(t))))
	case t.Additional != nil:
		other = append(other,
			jen.Id("key").Op(":=").String().Call(name),
			jen.If(jen.List(jen.Id("_"), jen.Id("dup")).Op(":=").Id("x").Dot(t.AdditionalField).Index(jen.Id("key")), jen.Id("dup")).Block(
				jen.Id("r").Dot("Duplicate").Call(jen.Id("key")),
				jen.Continue(),
			),
			jen.If(jen.Id("x").Dot(t.AdditionalField).Op("==").Nil()).Block(
				jen.Id("x").Dot(t.AdditionalField).Op("=").Map(jen.String()).Add(e.elemType(t.Additional)).Values(),
			),
		)
		dst := jen.Id("x").Dot(t.AdditionalField).Index(jen.Id("key"))
		if t.Additional.Kind == kindStruct && !t.Additional.Nullable {
			// A struct in a map cannot be read in place: read it, then store it.
			item := varName("item", 0)
			other = append(other, jen.Var().Id(item).Id(t.Additional.Named.Name))
			other = append(other, e.element(t.Additional, 0, jen.Id(item))...)
			other = append(other, jen.Add(dst).Op("=").Id(item))
		} else {
			other = append(other, e.element(t.Additional, 0, dst)...)
		}
	default:
		other = append(other, jen.Id("r").Dot("SkipOther").Call(jen.Op("&").Id("others"), name))
	}

	if len(t.Fields) == 0 {
		loop := append([]jen.Code{jen.Id("name").Op(":=").Id("r").Dot("Name").Call()}, other...)
		body = append(body, jen.For(jen.Id("r").Dot("More").Call()).Block(loop...))
		body = append(body, jen.Id("r").Dot("EndObject").Call())
	} else {
		// A switch on the member's index (see toolgenimpl.Reader.NextMember),
		// which has marked it seen and reported it if repeated, and has
		// read the end of the object when it returns EndOfObject.
		var cases []jen.Code
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
	}

	body = append(body, e.presenceChecks(t)...)

	e.f.Add(lineComment("readJSON decodes an object into x and reports every violation of its schema to r."))
	e.f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("readJSON").Params(jen.Id("r").Op("*").Add(rt("Reader"))).Block(body...)
	e.end()
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
	for _, d := range t.DependentRequired {
		p := slices.IndexFunc(t.Fields, func(f *Field) bool { return f.JSONName == d.Property })
		for _, req := range d.Requires {
			q := slices.IndexFunc(t.Fields, func(f *Field) bool { return f.JSONName == req })
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

// lowerFirst unexports a Go name: RefundPaymentArgs -> refundPaymentArgs,
// URLArgs -> urlArgs.
func lowerFirst(s string) string {
	upper := 0
	for upper < len(s) && s[upper] >= 'A' && s[upper] <= 'Z' {
		upper++
	}
	if upper > 1 && upper < len(s) {
		upper-- // keep the capital that starts the next word
	}
	return strings.ToLower(s[:upper]) + s[upper:]
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

// readsInPlace reports whether read, given an lvalue, decodes v into it with
// one call rather than an if statement: a struct, or an enum with checks
// besides membership.
func (e *emitter) readsInPlace(v *Value) bool {
	if v.Kind == kindEnum {
		_, _, plain := e.enumLists(v.Named)
		return !plain
	}
	return v.Kind == kindStruct
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
// block of the reader's (runtime.NewObject): a variable whose address is
// taken would cost an allocation per object.
func (e *emitter) readHeld(v *Value, depth int, dst jen.Code) []jen.Code {
	if v.Kind != kindStruct {
		return e.read(v, depth, func(val jen.Code) jen.Code { return jen.Add(dst).Op("=").Add(e.pointerTo(v, val)) }, nil)
	}
	val := varName("v", depth)
	return []jen.Code{
		jen.Id(val).Op(":=").Add(rt("NewObject")).Index(jen.Id(v.Named.Name)).Call(jen.Id("r"), jen.Op("&").Id(e.objectType(v.Named))),
		jen.Id(val).Dot("readJSON").Call(jen.Id("r")),
		jen.Add(dst).Op("=").Id(val),
	}
}

// objectType declares the runtime.ObjectType that stands for t, a struct
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
// scalar's is an element of a block of the reader's (runtime.HoldInt and its
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

func varName(base string, depth int) string {
	if depth == 0 {
		return base
	}
	return base + strconv.Itoa(depth)
}

// read emits the statements that read one non-null value of v and hand it to
// store. direct, when not nil, is an lvalue of v's own type that named types
// decode into in place.
func (e *emitter) read(v *Value, depth int, store func(jen.Code) jen.Code, direct jen.Code) []jen.Code {
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
			// A plain enum reads like a scalar: runtime.ReadEnum finds the
			// constant the string equals.
			body := []jen.Code{store(jen.Id(val))}
			return []jen.Code{jen.If(jen.List(jen.Id(val), jen.Id("ok")).Op(":=").Add(rt("ReadEnum")).Call(jen.Id("r"), jen.Id(list), jen.Id(texts)), jen.Id("ok")).Block(body...)}
		}
		fallthrough
	case kindStruct:
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
			body = append(body, jen.Id(varName("mark", depth)).Op(":=").Id("r").Dot("Mark").Call())
		}
		loop := []jen.Code{jen.Var().Id(item).Add(e.elemType(v.Elem))}
		if v.UniqueItems && !comparable(v.Elem) && !isRawText(v.Elem) {
			// Items Go cannot compare are compared as JSON: keep each item's
			// text and read the item from it.
			texts := varName("texts", depth)
			body = append(body, jen.Var().Id(texts).Index().Qual(jsonPkg, "RawMessage"))
			fn := e.reader(v.Elem)
			loop = append(loop, jen.If(jen.List(jen.Id("text"), jen.Id("ok")).Op(":=").Id("r").Dot("Raw").Call(), jen.Id("ok")).Block(
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
	case kindMap:
		key, item := varName("key", depth), varName("item", depth)
		loop := []jen.Code{
			jen.Id(key).Op(":=").String().Call(jen.Id("r").Dot("Name").Call()),
			jen.If(jen.List(jen.Id("_"), jen.Id("dup")).Op(":=").Id(val).Index(jen.Id(key)), jen.Id("dup")).Block(
				jen.Id("r").Dot("Duplicate").Call(jen.Id(key)),
				jen.Continue(),
			),
			jen.Var().Id(item).Add(e.elemType(v.Elem)),
		}
		loop = append(loop, e.element(v.Elem, depth+1, jen.Id(item))...)
		loop = append(loop, jen.Id(val).Index(jen.Id(key)).Op("=").Id(item))
		return []jen.Code{jen.If(jen.Id("r").Dot("BeginObject").Call()).Block(
			jen.Id(val).Op(":=").Add(e.typ(v)).Values(),
			jen.For(jen.Id("r").Dot("More").Call()).Block(loop...),
			jen.Id("r").Dot("EndObject").Call(),
			store(jen.Id(val)),
		)}
	case kindSealed:
		return e.readSealed(v.Sealed, depth, store)
	}
	return e.readRaw(v, depth, store)
}

// readSealed reads a sealed union as the one alternative the value can be:
// by its kind, in the same pass, or by its discriminator, found by a scan of
// the object's text before the alternative reads it.
func (e *emitter) readSealed(s *Sealed, depth int, store func(jen.Code) jen.Code) []jen.Code {
	as := func(variant *Variant) func(jen.Code) jen.Code {
		if !variant.Wrap {
			return store
		}
		return func(val jen.Code) jen.Code { return store(jen.Id(variant.Type).Call(val)) }
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
	return []jen.Code{jen.If(jen.List(jen.Id(text), jen.Id("ok")).Op(":=").Id("r").Dot("Raw").Call(), jen.Id("ok")).Block(
		jen.Id(sub).Op(":=").Id("r").Dot("Sub").Call(jen.Id(text)),
		jen.Switch(jen.Id("r").Dot("Discriminate").Call(jen.Id(text), jen.Lit(s.Property), jen.Id(s.TagsVar))).Block(cases...),
		jen.Id("r").Dot("Adopt").Call(jen.Id(sub)),
	)}
}

func withArticle(kind string) string {
	if kind == "object" || kind == "array" || kind == "integer" {
		return "an " + kind
	}
	return "a " + kind
}

// unionTypes declares the type of each union kept as its checked JSON text,
// with a typed accessor per alternative.
func (e *emitter) unionTypes() {
	for _, u := range e.m.Unions {
		e.f.Add(comment(fmt.Sprintf("%s holds a value checked against the %s at %s: the JSON text as it came, since its alternatives cannot be told apart without trying each. The As methods read it as one alternative.", u.Type, u.Keyword, displayPtr(u.Ptr))))
		e.f.Type().Id(u.Type).Qual(jsonPkg, "RawMessage")
		e.end()
		e.f.Add(lineComment("MarshalJSON returns the value's JSON text."))
		e.f.Func().Params(jen.Id("u").Id(u.Type)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(
			jen.Return(jen.Qual(jsonPkg, "RawMessage").Call(jen.Id("u")).Dot("MarshalJSON").Call()),
		)
		e.end()
		e.f.Add(lineComment("UnmarshalJSON keeps a copy of the JSON text; it does not check it."))
		e.f.Func().Params(jen.Id("u").Op("*").Id(u.Type)).Id("UnmarshalJSON").Params(jen.Id("data").Index().Byte()).Error().Block(
			jen.Op("*").Id("u").Op("=").Append(jen.Parens(jen.Op("*").Id("u")).Index(jen.Empty(), jen.Lit(0)), jen.Id("data").Op("...")),
			jen.Return(jen.Nil()),
		)
		e.end()
		for i, alt := range u.Alternatives {
			method := "As" + strings.TrimPrefix(alt.Value.Name, u.Type)
			if method == "As" || !token.IsIdentifier(method) {
				method = fmt.Sprintf("AsAlt%d", i+1)
			}
			e.f.Add(comment(fmt.Sprintf("%s reads the value as alternative %d of the %s (the schema at %s) and reports whether it is one.", method, i+1, u.Keyword, displayPtr(alt.Value.Ptr))))
			e.f.Func().Params(jen.Id("u").Id(u.Type)).Id(method).Params().Params(e.elemType(alt.Value), jen.Bool()).Block(
				jen.Return(jen.Id(alt.Func).Call(rt("NewReader").Call(jen.Id("u")))),
			)
			e.end()
		}
	}
}

// sealedTypes declares each sealed union: the interface, the types declared
// for its scalar and slice alternatives, and the marker methods.
func (e *emitter) sealedTypes() {
	for _, s := range e.m.Sealed {
		var names []string
		for _, v := range s.Variants {
			names = append(names, v.Type)
		}
		doc := fmt.Sprintf("%s is one of %s: the alternatives of a %s that can be told apart", s.Interface, joinOr(names), s.Keyword)
		if s.Property != "" {
			doc += fmt.Sprintf(" by the member %q", s.Property)
		} else {
			doc += " by the kind of JSON value"
		}
		doc += ". No other type implements it."
		if s.Doc != "" {
			doc += "\n\n" + s.Doc
		}
		marker := "is" + s.Interface
		e.f.Add(comment(doc))
		e.f.Type().Id(s.Interface).Interface(jen.Id(marker).Params())
		e.end()
		if s.Property != "" {
			tags := make([]jen.Code, len(s.Variants))
			for i, v := range s.Variants {
				tags[i] = jen.Lit(v.Tag)
			}
			e.f.Add(lineComment(fmt.Sprintf("%s are the values of %q that select each alternative of %s, in order.", s.TagsVar, s.Property, s.Interface)))
			e.f.Var().Id(s.TagsVar).Op("=").Index().String().Values(tags...)
			e.end()
		}
		for _, v := range s.Variants {
			if v.Wrap {
				e.f.Add(lineComment(fmt.Sprintf("%s is the %s form of %s.", v.Type, v.Kind, s.Interface)))
				e.f.Type().Id(v.Type).Add(e.typ(v.Value))
				e.end()
			}
			e.f.Func().Params(jen.Id(v.Type)).Id(marker).Params().Block()
			e.end()
		}
	}
}

// readRaw emits the reading of a value kept as its JSON text: one of several
// kinds, each checked by its own keywords, or a union checked alternative by
// alternative.
func (e *emitter) readRaw(v *Value, depth int, store func(jen.Code) jen.Code) []jen.Code {
	val := varName("v", depth)
	if v.Check != "" {
		return []jen.Code{jen.If(jen.List(jen.Id(val), jen.Id("ok")).Op(":=").Id("r").Dot("Checked").Call(jen.Id(v.Check)), jen.Id("ok")).Block(store(jen.Id(val)))}
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

func joinOr(words []string) string {
	if len(words) <= 1 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
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
		sub := fmt.Sprintf("sub%d", i+1)
		body = append(body,
			jen.Id(sub).Op(":=").Id("r").Dot("Sub").Call(jen.Id(val)),
			jen.If(jen.List(jen.Id("_"), jen.Id("ok")).Op(":=").Id(alt.Func).Call(jen.Id(sub)), jen.Id("ok")).Block(
				jen.Id("matched").Op("++"),
			).Else().Block(
				jen.Id("failures").Op("=").Append(jen.Id("failures"), jen.Id(sub).Dot("Violations").Call().Index(jen.Lit(0))),
			),
		)
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
	return []jen.Code{jen.If(jen.List(jen.Id(val), jen.Id("ok")).Op(":=").Id("r").Dot("Raw").Call(), jen.Id("ok")).Block(body...)}
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
		out = append(out, jen.If(jen.Id("n").Op(":=").Add(count), jen.Id("n").Op("<").Lit(*v.MinLength)).Block(
			jen.Id("r").Dot("MinLength").Call(jen.Lit(*v.MinLength), jen.Id("n")),
		).Else().If(jen.Id("n").Op(">").Lit(*v.MaxLength)).Block(
			jen.Id("r").Dot("MaxLength").Call(jen.Lit(*v.MaxLength), jen.Id("n")),
		))
	case v.MinLength != nil:
		out = append(out, jen.If(jen.Id("n").Op(":=").Add(count), jen.Id("n").Op("<").Lit(*v.MinLength)).Block(
			jen.Id("r").Dot("MinLength").Call(jen.Lit(*v.MinLength), jen.Id("n")),
		))
	case v.MaxLength != nil:
		out = append(out, jen.If(jen.Id("n").Op(":=").Add(count), jen.Id("n").Op(">").Lit(*v.MaxLength)).Block(
			jen.Id("r").Dot("MaxLength").Call(jen.Lit(*v.MaxLength), jen.Id("n")),
		))
	}
	if p := v.Pattern; p != nil {
		match := jen.Id(p.Var).Dot("MatchString").Call(val)
		if p.Loop != nil {
			match = jen.Id(p.Var).Call(val)
		}
		out = append(out, jen.If(jen.Op("!").Add(match)).Block(
			jen.Id("r").Dot("Pattern").Call(jen.Lit(p.Expr)),
		))
	}
	if v.Format != "" {
		out = append(out, jen.If(jen.Op("!").Add(rt(formats[v.Format])).Call(val)).Block(
			jen.Id("r").Dot("Format").Call(jen.Lit(v.Format)),
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
			out = append(out, jen.If(jen.Add(val).Op("!=").Add(lit)).Block(jen.Id("r").Dot("Const").Call(jen.Lit(string(v.Const)))))
		} else {
			out = append(out, jen.Id("r").Dot("Const").Call(jen.Lit(string(v.Const))))
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
		report := jen.Id("r").Dot("Const").Call(jen.Lit(string(v.Const)))
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
			jen.Id("r").Dot("Const").Call(jen.Lit(string(v.Const))),
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
		texts = append(texts, string(v))
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
	length := jen.Len(jen.Id(val))
	switch {
	case v.MinItems != nil && v.MaxItems != nil:
		out = append(out, jen.If(jen.Id("n").Op(":=").Add(length), jen.Id("n").Op("<").Lit(*v.MinItems)).Block(
			jen.Id("r").Dot("MinItems").Call(jen.Lit(*v.MinItems), jen.Id("n")),
		).Else().If(jen.Id("n").Op(">").Lit(*v.MaxItems)).Block(
			jen.Id("r").Dot("MaxItems").Call(jen.Lit(*v.MaxItems), jen.Id("n")),
		))
	case v.MinItems != nil:
		out = append(out, jen.If(jen.Id("n").Op(":=").Add(length), jen.Id("n").Op("<").Lit(*v.MinItems)).Block(
			jen.Id("r").Dot("MinItems").Call(jen.Lit(*v.MinItems), jen.Id("n")),
		))
	case v.MaxItems != nil:
		out = append(out, jen.If(jen.Id("n").Op(":=").Add(length), jen.Id("n").Op(">").Lit(*v.MaxItems)).Block(
			jen.Id("r").Dot("MaxItems").Call(jen.Lit(*v.MaxItems), jen.Id("n")),
		))
	}
	if v.UniqueItems {
		find := rt("Duplicate").Call(jen.Id(val))
		switch {
		case isRawText(v.Elem):
			find = rt("DuplicateJSON").Call(jen.Id(val))
		case !comparable(v.Elem):
			find = rt("DuplicateJSON").Call(jen.Id(varName("texts", depth)))
		}
		out = append(out, jen.If(jen.Id("r").Dot("Clean").Call(jen.Id(varName("mark", depth)))).Block(
			jen.If(jen.List(jen.Id("i"), jen.Id("j"), jen.Id("dup")).Op(":=").Add(find), jen.Id("dup")).Block(
				jen.Id("r").Dot("UniqueItems").Call(jen.Id("i"), jen.Id("j")),
			),
		))
	}
	return out
}

// comparable reports whether items of v compare with == as JSON values do.
func comparable(v *Value) bool {
	switch v.Kind {
	case kindString, kindInt, kindNumber, kindBool, kindEnum:
		return !v.Nullable
	}
	return false
}

// enumLists returns the package variables that list the values of enum type
// t, as constants and as JSON texts, for runtime.ReadEnum; false when t's
// values have checks of their own beyond being one of the values, and its
// readJSON method reads them.
func (e *emitter) enumLists(t *NamedType) (list, texts string, ok bool) {
	base := t.Base
	if base.MinLength != nil || base.MaxLength != nil || base.Pattern != nil || base.Format != "" || base.Const != nil {
		return "", "", false
	}
	list, ok = e.enumListNames[t]
	if !ok {
		list = e.names.claim(lowerFirst(t.Name) + "List")
		e.enumListNames[t] = list
	}
	return list, e.allowedVar(enumTexts(t), t.Name), true
}

// enumTexts returns the values of enum type t as JSON texts.
func enumTexts(t *NamedType) []jsontext.Value {
	texts := make([]jsontext.Value, 0, len(t.Values))
	for _, v := range t.Values {
		q, _ := jsontext.AppendQuote(nil, v.Value)
		texts = append(texts, q)
	}
	return texts
}

func (e *emitter) enumType(t *NamedType) {
	e.f.Add(comment(typeDoc(t, "%s is one of the values allowed at %s in the %s schema of tool %q.")))
	e.f.Type().Id(t.Name).String()
	e.end()
	var consts, names []jen.Code
	for _, v := range t.Values {
		consts = append(consts, jen.Id(v.GoName).Id(t.Name).Op("=").Lit(v.Value))
		names = append(names, jen.Id(v.GoName))
	}
	e.f.Add(lineComment(fmt.Sprintf("The values of %s.", t.Name)))
	e.f.Const().Defs(consts...)
	e.end()

	if list, _, ok := e.enumLists(t); ok {
		e.f.Add(lineComment(fmt.Sprintf("%s lists the values of %s, for runtime.ReadEnum.", list, t.Name)))
		e.f.Var().Id(list).Op("=").Index().Id(t.Name).Values(names...)
		e.end()
		return
	}
	// Values with checks of their own: check the string, then compare it.
	body := []jen.Code{
		jen.List(jen.Id("v"), jen.Id("ok")).Op(":=").Id("r").Dot("String").Call(),
		jen.If(jen.Op("!").Id("ok")).Block(jen.Return()),
	}
	body = append(body, e.stringChecks(t.Base, jen.Id("v"))...)
	if t.Base.Const != nil {
		body = append(body, e.literalChecks(&Value{Checks: Checks{Const: t.Base.Const}}, kindString, jen.Id("v"))...)
	}
	body = append(body, jen.Switch(jen.Id(t.Name).Call(jen.Id("v"))).Block(
		jen.Case(names...).Block(jen.Op("*").Id("x").Op("=").Id(t.Name).Call(jen.Id("v"))),
		jen.Default().Block(jen.Id("r").Dot("Enum").Call(jen.Id(e.allowedVar(enumTexts(t), t.Name)))),
	))
	e.f.Add(comment(fmt.Sprintf("readJSON decodes a %s into x and reports any other value to r.", t.Name)))
	e.f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("readJSON").Params(jen.Id("r").Op("*").Add(rt("Reader"))).Block(body...)
	e.end()
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

func compact(v jsontext.Value) []byte {
	c := slices.Clone(v)
	if err := (*jsontext.Value)(&c).Compact(); err != nil {
		return v
	}
	return c
}

func (e *emitter) packageVars() {
	var regexps []jen.Code
	for _, p := range e.m.Patterns {
		if p.Loop != nil {
			e.loopFunc(p)
		} else {
			regexps = append(regexps, jen.Id(p.Var).Op("=").Qual("regexp", "MustCompile").Call(jen.Lit(p.RE2)))
		}
	}
	if len(regexps) > 0 {
		e.f.Add(lineComment("Patterns, compiled once."))
		e.f.Var().Defs(regexps...)
		e.end()
	}
	if len(e.m.Divisors) > 0 {
		var defs []jen.Code
		for _, d := range e.m.Divisors {
			defs = append(defs, jen.Id(d.Var).Op("=").Add(rt("Rat")).Call(jen.Lit(d.Text)))
		}
		e.f.Add(lineComment("multipleOf divisors, kept exact so that decimal multiples such as 0.01 are exact."))
		e.f.Var().Defs(defs...)
		e.end()
	}
	if len(e.allowedOrder) > 0 {
		var defs []jen.Code
		for _, key := range e.allowedOrder {
			var items []jen.Code
			for _, t := range strings.Split(key, "\x00") {
				items = append(items, jen.Lit(t))
			}
			defs = append(defs, jen.Id(e.allowed[key]).Op("=").Index().String().Values(items...))
		}
		e.f.Add(lineComment("Allowed values of enums, as JSON texts, for checks and hints."))
		e.f.Var().Defs(defs...)
	}
}

// loopFunc emits the byte loop that matches a simple pattern: each step takes
// as many bytes of its set as it may, then checks it took enough.
func (e *emitter) loopFunc(p *Pattern) {
	body := []jen.Code{jen.Id("i").Op(":=").Lit(0), jen.Var().Id("n").Int()}
	for _, step := range p.Loop.steps {
		cond := jen.Id("i").Op("<").Len(jen.Id("s"))
		if step.max >= 0 {
			cond = cond.Op("&&").Id("n").Op("<").Lit(step.max)
		}
		cond = cond.Op("&&").Add(byteSet(step.ranges))
		body = append(body,
			lineComment(step.text),
			jen.For(jen.Id("n").Op("=").Lit(0), cond, jen.Id("n").Op("++")).Block(jen.Id("i").Op("++")),
		)
		if step.min > 0 {
			body = append(body, jen.If(jen.Id("n").Op("<").Lit(step.min)).Block(jen.Return(jen.False())))
		}
	}
	body = append(body, jen.Return(jen.Id("i").Op("==").Len(jen.Id("s"))))
	e.f.Add(comment(fmt.Sprintf("%s reports whether s matches %s. It is a byte loop that agrees with regexp on every input, since each step's bytes cannot be taken by the step after it.", p.Var, p.Expr)))
	e.f.Func().Id(p.Var).Params(jen.Id("s").String()).Bool().Block(body...)
	e.end()
}

// byteSet renders the test that s[i] is in one of ranges.
func byteSet(ranges []byteRange) jen.Code {
	b := jen.Id("s").Index(jen.Id("i"))
	var terms []jen.Code
	for _, r := range ranges {
		if r.lo == r.hi {
			terms = append(terms, jen.Add(b).Op("==").Add(byteLit(r.lo)))
		} else {
			terms = append(terms, jen.Add(byteLit(r.lo)).Op("<=").Add(b).Op("&&").Add(b).Op("<=").Add(byteLit(r.hi)))
		}
	}
	if len(terms) == 1 && ranges[0].lo == ranges[0].hi {
		return terms[0]
	}
	set := jen.Add(terms[0])
	for _, t := range terms[1:] {
		set = set.Op("||").Add(t)
	}
	return jen.Parens(set)
}

func byteLit(c byte) jen.Code {
	if c >= 0x20 && c < 0x7f {
		return jen.LitRune(rune(c))
	}
	return jen.LitByte(c)
}

// kv is one key: value of a composite literal, in the order written.
type kv struct {
	key   string
	value jen.Code
}

// keyed renders fields as a composite literal body, one per line, keeping
// their order (jen.Dict would sort them).
func keyed(fields ...kv) []jen.Code {
	items := make([]jen.Code, 0, len(fields))
	for _, f := range fields {
		if f.value != nil {
			items = append(items, jen.Id(f.key).Op(":").Add(f.value))
		}
	}
	return lines(items)
}

// lines puts each item of a composite literal on its own line.
func lines(items []jen.Code) []jen.Code {
	if len(items) == 0 {
		return nil
	}
	out := make([]jen.Code, 0, len(items)+1)
	for _, it := range items {
		out = append(out, jen.Line().Add(it))
	}
	return append(out, jen.Line())
}
