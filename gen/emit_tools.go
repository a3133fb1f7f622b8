package gen

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen/toolgen/catalog"
)

// toolNames emits the ToolName constants, the one list of the catalog's
// tool names: the table names each tool by its constant, and Tools reads
// the names back from the table.
func (e *emitter) toolNames() {
	e.f.Add(lineComment("ToolName names a tool of the catalog."))
	e.f.Add(directive(enumDirectiveText))
	e.f.Type().Id("ToolName").String()
	e.end()
	var consts []jen.Code
	for _, t := range e.m.Tools {
		consts = append(consts, jen.Id(t.Const).Id("ToolName").Op("=").Lit(t.Name))
	}
	if len(consts) > 0 {
		e.f.Add(lineComment("The catalog's tools."))
		e.f.Const().Defs(consts...)
		e.end()
	}
	e.f.Add(lineComment("Tools returns every tool of the catalog, in catalog order."))
	e.f.Func().Id("Tools").Params().Index().Id("ToolName").Block(
		jen.Id("tools").Op(":=").Make(jen.Index().Id("ToolName"), jen.Len(jen.Id("toolTable"))),
		jen.For(jen.Id("i").Op(":=").Range().Id("toolTable")).Block(
			jen.Id("tools").Index(jen.Id("i")).Op("=").Id("ToolName").Call(jen.Id("toolTable").Index(jen.Id("i")).Dot("Name")),
		),
		jen.Return(jen.Id("tools")),
	)
	e.end()
}

// definitions emits the static table of tools and the definitions the model
// sees, from the catalog's bytes. The table is plain data and function
// values, so even thousands of tools need no initialisation code.
func (e *emitter) definitions() {
	var rows, schemas []jen.Code
	// schema declares a constant holding the catalog's bytes: a schema, or
	// a tool's "_meta". Tools with the same bytes share one constant, the
	// first one's.
	declared := map[string]string{}
	schema := func(name string, text []byte) jen.Code {
		if text == nil {
			return nil
		}
		if first, ok := declared[string(text)]; ok {
			return jen.Id(first)
		}
		declared[string(text)] = name
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
			kv{"Name", jen.String().Call(jen.Id(t.Const))},
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
			kv{"Icons", litOrNil(iconsJSON(t.Icons))},
			kv{"TaskSupport", litOrNil(t.TaskSupport)},
			kv{"Meta", schema(t.MetaConst, t.Meta)},
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
		what := "schemas"
		if slices.ContainsFunc(e.m.Tools, func(t *Tool) bool { return t.Meta != nil }) {
			what = "schemas and \"_meta\" objects"
		}
		e.f.Add(lineComment("The catalog's " + what + ", byte for byte."))
		e.f.Const().Defs(schemas...)
		e.end()
	}
}

// iconsJSON writes a tool's MCP icons as the JSON array MCP lists them in,
// with the members MCP names; "" when the catalog lists none. The icons
// were read and checked by the catalog.
func iconsJSON(list []catalog.Icon) string {
	if list == nil {
		return ""
	}
	type icon struct {
		Src      string   `json:"src"`
		MIMEType string   `json:"mimeType,omitempty"`
		Sizes    []string `json:"sizes,omitempty"`
		Theme    string   `json:"theme,omitempty"`
	}
	out := make([]icon, len(list))
	for i, c := range list {
		out[i] = icon(c)
	}
	data, _ := json.Marshal(out) // strings and slices of them always encode
	return string(data)
}

// hint renders an annotation as a toolgenimpl.Hint; nil leaves the field unset.
func hint(b *bool) jen.Code {
	switch {
	case b == nil:
		return nil
	case *b:
		return rt("HintTrue")
	}
	return rt("HintFalse")
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
	e.f.Add(comment("Handler implements the catalog's tools, one method per tool. A tool added to the catalog adds a method here, so the build breaks until it is implemented. Each method receives arguments that have passed validation (a Valid…Args value is made only by its Parse…Args function, which Dispatch calls; its zero value was never validated) and returns a JSON-encodable result: for a tool with an output schema, its typed result, which the dispatcher checks against that schema. Return runtime.Reject to refuse well-formed arguments with hints for the model, and runtime.Transient to mark an error worth retrying."))
	e.f.Type().Id("Handler").Interface(methods...)
}

func (e *emitter) dispatch() {
	for i, t := range e.m.Tools {
		if i == 0 {
			e.f.Add(comment(fmt.Sprintf("%s and %s connect tool %q to runtime.Dispatcher, as the parse and call functions after them do for each tool.", t.ParseFunc, t.CallFunc, t.Name)))
		}
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

	e.toolSpecs()
	e.f.Add(comment("NewDispatcher returns a dispatcher that validates each call's arguments and runs the matching method of h with cfg's limits, timeouts, authorization, observer and retries. A handler's panic, timeout, rejection (runtime.Reject) and error each come back as their own error type. Build one per service and share it; it is safe for concurrent use."))
	e.f.Func().Id("NewDispatcher").Params(jen.Id("h").Id("Handler"), jen.Id("cfg").Add(rt("Config"))).Op("*").Add(rt("Dispatcher")).Block(
		jen.Id("loadTools").Call(),
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
}

// toolSpecs emits what runtime.Dispatcher needs about the tools, derived
// from the table on first use: a package variable initialised by a call
// would run code whenever the package is imported.
func (e *emitter) toolSpecs() {
	e.f.Add(comment("toolSpecs tells runtime.Dispatcher about each tool, in catalog order, and toolIndex finds a tool's position in it by name, or -1 for a name that is not in the catalog. toolValidator, a dispatcher with no handler, serves ValidateArgs. loadTools builds them on first use, so that importing the package runs nothing."))
	e.f.Var().Defs(
		jen.Id("toolsOnce").Qual("sync", "Once"),
		jen.Id("toolSpecs").Index().Add(rt("ToolSpec")),
		jen.Id("toolIndex").Func().Params(jen.Id("name").String()).Int(),
		jen.Id("toolValidator").Op("*").Add(rt("Dispatcher")),
	)
	e.end()
	// A map built once, rather than a switch over the names: the compiler
	// takes time superlinear in the number of cases of a string switch.
	e.f.Add(lineComment("loadTools builds toolSpecs, toolIndex and toolValidator from toolTable, once."))
	e.f.Func().Id("loadTools").Params().Block(
		jen.Id("toolsOnce").Dot("Do").Call(jen.Func().Params().Block(
			jen.Id("toolSpecs").Op("=").Make(jen.Index().Add(rt("ToolSpec")), jen.Len(jen.Id("toolTable"))),
			jen.For(jen.Id("i").Op(":=").Range().Id("toolTable")).Block(
				jen.Id("toolSpecs").Index(jen.Id("i")).Op("=").Id("toolTable").Index(jen.Id("i")).Dot("Spec").Call(),
			),
			jen.Id("toolIndex").Op("=").Add(rt("ToolIndex")).Call(jen.Id("toolTable")),
			jen.Id("toolValidator").Op("=").Add(rt("NewDispatcher")).Call(jen.Nil(), jen.Id("toolSpecs"), jen.Id("toolIndex"), rt("Config").Values()),
		)),
	)
	e.end()
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
		jen.Id("loadTools").Call(),
		jen.Return(jen.Id("toolValidator").Dot("Validate").Call(jen.Id("name"), jen.Id("raw"))),
	)
	e.end()
}

func (e *emitter) validType(t *Tool) {
	args := t.ArgsName()
	if t.ArgsOwn != "" {
		e.f.Add(comment(fmt.Sprintf("%s are the arguments of tool %q, whose input schema is tool %q's but for descriptions.", t.ArgsOwn, t.Name, t.ArgsSharedWith)))
		e.f.Type().Id(t.ArgsOwn).Id(t.Args.Name)
		e.end()
		if needsMarshal(t.Args) {
			e.f.Add(lineComment(fmt.Sprintf("MarshalJSON encodes x as %s does.", t.Args.Name)))
			e.f.Func().Params(jen.Id("x").Id(t.ArgsOwn)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(
				jen.Return(jen.Id(t.Args.Name).Call(jen.Id("x")).Dot("MarshalJSON").Call()),
			)
			e.end()
		}
		e.unmarshalOwnArgs(t.ArgsOwn, t.Args)
	}
	e.f.Add(comment(fmt.Sprintf("%s holds arguments of tool %q that passed validation: only %s makes one.", t.Valid, t.Name, t.Parse)))
	e.f.Add(brandedDirective(t.Parse))
	e.f.Type().Id(t.Valid).Struct(jen.Id("args").Id(args))
	e.end()
	e.f.Add(lineComment("Args returns the validated arguments."))
	e.f.Func().Params(jen.Id("v").Id(t.Valid)).Id("Args").Params().Id(args).Block(jen.Return(jen.Id("v").Dot("args")))
	e.end()
	e.f.Add(comment(fmt.Sprintf("%s decodes and validates the arguments of tool %q; an error is a *runtime.ValidationError.", t.Parse, t.Name)))
	valid := func(v jen.Code) jen.Code {
		if t.ArgsOwn != "" {
			v = jen.Id(t.ArgsOwn).Call(v)
		}
		return jen.Id(t.Valid).Values(v)
	}
	body := []jen.Code{
		jen.Id("r").Op(":=").Add(rt("NewReader")).Call(jen.Id("raw"), jen.Id("opts").Op("...")),
		jen.Var().Id("args").Id(t.Args.Name),
	}
	body = append(body, readChecked(t.Args, jen.Id("args"))...)
	body = append(body,
		jen.If(jen.Err().Op(":=").Id("r").Dot("Finish").Call(jen.String().Call(jen.Id(t.Const))), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Id(t.Valid).Values(), jen.Err()),
		),
		jen.Return(valid(jen.Id("args")), jen.Nil()),
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
		read = jen.If(jen.List(jen.Id("text"), jen.Id("ok")).Op(":=").Id("r").Dot(checkedCall(t.HoldsSecrets)).Call(jen.Id(t.Check)), jen.Id("ok")).Block(
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
