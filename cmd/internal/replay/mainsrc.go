package replay

import (
	"fmt"

	"github.com/dave/jennifer/jen"
)

const (
	runtimePath = toolgenModule + "/runtime"
	jsonPath    = "encoding/json"
)

// maxRequest bounds one request line the program reads: a call's arguments,
// in base64, and a little more.
const maxRequest = 4*maxLogLine/3 + 1<<20

// mainFile is the program's main package. It reads one request per line,
// {"pkg": I, "tool": NAME, "args": BASE64}, calls ValidateArgs of package I
// and writes one verdict per line, in the form of Verdict: the generated
// code's violations and runtime.ModelMessage of its error, untouched.
func mainFile(pkgs []string) *jen.File {
	f := jen.NewFile("main")
	f.PackageComment("Command judge validates tool calls with the generated code of toolgen validate's catalog.")
	f.ImportName(runtimePath, "runtime")

	tag := func(name string) map[string]string { return map[string]string{"json": name} }
	f.Type().Id("request").Struct(
		jen.Id("Pkg").Int().Tag(tag("pkg")),
		jen.Id("Tool").String().Tag(tag("tool")),
		jen.Id("Args").Index().Byte().Tag(tag("args")),
	)
	f.Type().Id("verdict").Struct(
		jen.Id("Valid").Bool().Tag(tag("valid")),
		jen.Id("UnknownTool").Bool().Tag(tag("unknownTool")),
		jen.Id("Known").Index().String().Tag(tag("known")),
		jen.Id("Violations").Index().Qual(runtimePath, "Violation").Tag(tag("violations")),
		jen.Id("Omitted").Int().Tag(tag("omitted")),
		jen.Id("ModelMessage").String().Tag(tag("modelMessage")),
		jen.Id("Other").String().Tag(tag("other")),
	)

	var validators []jen.Code
	for i, p := range pkgs {
		// The alias makes the name independent of the package's own.
		f.ImportAlias(p, fmt.Sprintf("c%d", i))
		validators = append(validators, jen.Qual(p, "ValidateArgs"))
	}
	f.Comment("validators holds each catalog's ValidateArgs, by package index.")
	f.Var().Id("validators").Op("=").Index().Func().Params(jen.String(), jen.Index().Byte()).Error().ValuesFunc(func(g *jen.Group) {
		for _, v := range validators {
			g.Line().Add(v)
		}
		g.Line()
	})

	f.Func().Id("main").Params().Block(mainBody()...)
	f.Comment("judge turns what ValidateArgs returned into a verdict.")
	f.Func().Id("judge").Params(jen.Err().Error()).Id("verdict").Block(judgeBody()...)
	f.Func().Id("fail").Params(jen.Err().Error()).Block(
		jen.Qual("fmt", "Fprintln").Call(jen.Qual("os", "Stderr"), jen.Lit("judge:"), jen.Err()),
		jen.Qual("os", "Exit").Call(jen.Lit(2)),
	)
	return f
}

func mainBody() []jen.Code {
	req := jen.Id("req")
	ifErr := func(call *jen.Statement) jen.Code {
		return jen.If(jen.Err().Op(":=").Add(call), jen.Err().Op("!=").Nil()).Block(jen.Id("fail").Call(jen.Err()))
	}
	return []jen.Code{
		jen.Id("in").Op(":=").Qual("bufio", "NewScanner").Call(jen.Qual("os", "Stdin")),
		jen.Id("in").Dot("Buffer").Call(jen.Nil(), jen.Lit(maxRequest)),
		jen.Id("out").Op(":=").Qual("bufio", "NewWriter").Call(jen.Qual("os", "Stdout")),
		jen.Id("enc").Op(":=").Qual(jsonPath, "NewEncoder").Call(jen.Id("out")),
		jen.For(jen.Id("in").Dot("Scan").Call()).Block(
			jen.Var().Id("req").Id("request"),
			ifErr(jen.Qual(jsonPath, "Unmarshal").Call(jen.Id("in").Dot("Bytes").Call(), jen.Op("&").Id("req"))),
			jen.If(req.Clone().Dot("Pkg").Op("<").Lit(0).Op("||").Id("req").Dot("Pkg").Op(">=").Len(jen.Id("validators"))).Block(
				jen.Id("fail").Call(jen.Qual("fmt", "Errorf").Call(jen.Lit("no package %d"), jen.Id("req").Dot("Pkg"))),
			),
			jen.Id("err").Op(":=").Id("validators").Index(jen.Id("req").Dot("Pkg")).Call(jen.Id("req").Dot("Tool"), jen.Id("req").Dot("Args")),
			ifErr(jen.Id("enc").Dot("Encode").Call(jen.Id("judge").Call(jen.Err()))),
			jen.Comment("Each verdict goes out at once: toolgen validate waits for it."),
			ifErr(jen.Id("out").Dot("Flush").Call()),
		),
		ifErr(jen.Id("in").Dot("Err").Call()),
	}
}

func judgeBody() []jen.Code {
	v := func(field string) *jen.Statement { return jen.Id("v").Dot(field) }
	return []jen.Code{
		jen.If(jen.Err().Op("==").Nil()).Block(jen.Return(jen.Id("verdict").Values(jen.Dict{jen.Id("Valid"): jen.True()}))),
		jen.Id("v").Op(":=").Id("verdict").Values(jen.Dict{jen.Id("ModelMessage"): jen.Qual(runtimePath, "ModelMessage").Call(jen.Err())}),
		jen.Var().Id("unknown").Op("*").Qual(runtimePath, "UnknownToolError"),
		jen.Var().Id("invalid").Op("*").Qual(runtimePath, "ValidationError"),
		jen.Switch().Block(
			jen.Case(jen.Qual("errors", "As").Call(jen.Err(), jen.Op("&").Id("unknown"))).Block(
				jen.List(v("UnknownTool"), v("Known")).Op("=").List(jen.True(), jen.Id("unknown").Dot("Known")),
			),
			jen.Case(jen.Qual("errors", "As").Call(jen.Err(), jen.Op("&").Id("invalid"))).Block(
				jen.List(v("Violations"), v("Omitted")).Op("=").List(jen.Id("invalid").Dot("Violations"), jen.Id("invalid").Dot("Omitted")),
			),
			jen.Default().Block(v("Other").Op("=").Err().Dot("Error").Call()),
		),
		jen.Return(jen.Id("v")),
	}
}
