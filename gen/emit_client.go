package gen

import (
	"fmt"

	"github.com/dave/jennifer/jen"
)

// The typed client (toolgen -client) is the other side of the wire: a
// Client with one method per tool, named as the Handler's, that validates
// its arguments with the tool's generated parser before anything is sent
// and decodes a structured result with the generated reader of the output
// schema. The work is in toolgenimpl.CallTool and CallToolResult; each
// method is one call of them.

// clientNames are the declarations -client adds to the file; they are
// taken from the namespace only when it is asked for, so that a catalog
// generated without it keeps its names.
var clientNames = []string{"Client", "NewClient"}

// reserveClientNames takes the client's names in ns when opts asks for a
// client, before any name of the catalog is claimed.
func reserveClientNames(ns *namespace, opts Options) {
	if !opts.Client {
		return
	}
	for _, name := range clientNames {
		ns.taken[name] = true
	}
}

// client emits Client, NewClient and a method per tool.
func (e *emitter) client() {
	e.f.Add(comment("Client calls the catalog's tools on a server, one method per tool, through a runtime.Caller (mcptools.Caller makes one of an MCP Go SDK session, mcpgotools.Caller of an mcp-go client). Each method encodes its arguments and checks them with the tool's generated parser before anything is sent, so invalid arguments come back as a *runtime.ValidationError without a call; the text that passed is what is sent. A tool with an output schema returns its typed result, read from the server's structured content by the generated reader of that schema (a *runtime.OutputError when it does not match); any other tool returns what the server sent. A result the server marks as an error is a *runtime.RemoteError, and a panic in the Caller a *runtime.PanicError. A Client is safe for concurrent use when its Caller is."))
	e.f.Type().Id("Client").Struct(jen.Id("caller").Add(rt("Caller")))
	e.end()
	e.f.Add(lineComment("NewClient returns a Client that sends each call through caller."))
	e.f.Func().Id("NewClient").Params(jen.Id("caller").Add(rt("Caller"))).Op("*").Id("Client").Block(
		jen.Return(jen.Op("&").Id("Client").Values(jen.Dict{jen.Id("caller"): jen.Id("caller")})),
	)
	e.end()
	for _, t := range e.m.Tools {
		e.clientMethod(t)
	}
}

// clientMethod emits the Client's method for tool t.
func (e *emitter) clientMethod(t *Tool) {
	e.f.Add(comment(fmt.Sprintf("%s calls tool %q.", t.GoName, t.Name)))
	call := []jen.Code{
		jen.Id("ctx"), jen.Id("c").Dot("caller"), jen.String().Call(jen.Id(t.Const)), jen.Id("args"), jen.Id(t.ParseFunc),
	}
	result := rt("ToolResult")
	body := rt("CallTool").Call(call...)
	if t.Result != nil {
		result = jen.Id(t.Result.Name)
		read := jen.Func().Params(jen.Id("r").Op("*").Add(rt("Reader")), jen.Id("result").Op("*").Id(t.Result.Name)).Block(
			readChecked(t.Result, jen.Id("result"))...,
		)
		body = rt("CallToolResult").Call(append(call, read)...)
	}
	e.f.Func().Params(jen.Id("c").Op("*").Id("Client")).Id(t.GoName).Params(
		jen.Id("ctx").Qual("context", "Context"),
		jen.Id("args").Id(t.ArgsName()),
	).Params(result, jen.Error()).Block(jen.Return(body))
	e.end()
}

// clientAssertions emits, for every catalog-chosen type, the assertion that
// it can also give its value back: a Client encodes the arguments it sends,
// and only the type's own code knows the text its UnmarshalText or
// UnmarshalJSON read (an amount read from 10.5 into cents would otherwise
// be sent as 1050). A type that cannot fails go build here, at a line that
// names it.
func (e *emitter) clientAssertions() {
	if len(e.customOrder) == 0 {
		return
	}
	var specs []jen.Code
	for _, key := range e.customOrder {
		use := e.customs[key]
		iface := jen.Qual(jsonPkg, "Marshaler")
		if use.iface == "TextUnmarshaler" {
			iface = jen.Qual("encoding", "TextMarshaler")
		}
		specs = append(specs,
			comment(fmt.Sprintf("%s is chosen at %s.", describeCustom(use.custom), displayPtr(use.custom.Ptr))),
			jen.Id("_").Add(iface).Op("=").Parens(jen.Op("*").Add(e.customType(use.custom))).Parens(jen.Nil()))
	}
	e.f.Add(comment("The Client sends arguments encoded as they were read: each type the catalog chooses must give its value back, a string with MarshalText, any other value with MarshalJSON."))
	e.f.Var().Defs(specs...)
	e.end()
}
