package brandcheck

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
)

// Exhaustive reports switches over toolgen's sealed unions and enums that
// miss a case and have no default, so that a oneOf alternative or an enum
// value added to the catalog breaks CI where the code does not handle it,
// as a tool added breaks the build until its Handler method exists.
var Exhaustive = &analysis.Analyzer{
	Name: "toolgenswitch",
	Doc: `report switches over toolgen's sealed unions and enums that miss a case

A type switch over a sealed union interface toolgen generates (a oneOf or
anyOf whose alternatives it tells apart), or a switch over a generated enum
type, must name every alternative or value, or have a default. Adding an
alternative or a value to the catalog then fails vet where it is not handled.`,
	URL:       "https://github.com/toolgen/toolgen/blob/main/docs/DESIGN.md#the-vet-check-for-branded-types",
	Requires:  []*analysis.Analyzer{inspect.Analyzer},
	Run:       runExhaustive,
	FactTypes: []analysis.Fact{new(Sealed), new(Enum)},
}

// Analyzers are the checks toolgen vet runs.
var Analyzers = []*analysis.Analyzer{Analyzer, Exhaustive}

// Sealed is the fact recorded on a sealed union's interface: the types
// that implement it, each declared in the generated file.
type Sealed struct {
	Alternatives []string
}

// AFact marks Sealed as an analysis fact.
func (*Sealed) AFact() {}

func (s *Sealed) String() string { return "sealed: " + strings.Join(s.Alternatives, ", ") }

// Enum is the fact recorded on a generated enum type: its constants, each
// declared in the generated file, and their values.
type Enum struct {
	Names  []string
	Values []string // the constants' values, exactly (constant.Value.ExactString)
}

// AFact marks Enum as an analysis fact.
func (*Enum) AFact() {}

func (e *Enum) String() string { return "enum: " + strings.Join(e.Names, ", ") }

// The directives that mark the types, which gen/internal/goemit/comment.go writes.
const (
	sealedDirective = "//toolgen:sealed"
	enumDirective   = "//toolgen:enum"
)

func runExhaustive(pass *analysis.Pass) (any, error) {
	generated := map[*ast.File]bool{}
	for _, file := range pass.Files {
		if isToolgenFile(file) {
			generated[file] = true
			recordMarked(pass, file)
		}
	}
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	ins.WithStack([]ast.Node{(*ast.TypeSwitchStmt)(nil), (*ast.SwitchStmt)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		if !push || generated[stack[0].(*ast.File)] {
			return true
		}
		switch n := n.(type) {
		case *ast.TypeSwitchStmt:
			typeSwitch(pass, n)
		case *ast.SwitchStmt:
			valueSwitch(pass, n)
		}
		return true
	})
	return nil, nil
}

// recordMarked exports a Sealed fact for each interface and an Enum fact
// for each string type of file whose doc comment ends with its directive.
func recordMarked(pass *analysis.Pass, file *ast.File) {
	declared := map[types.Object]bool{} // what file declares
	for id, obj := range pass.TypesInfo.Defs {
		if obj != nil && pass.Fset.File(id.Pos()) == pass.Fset.File(file.Pos()) {
			declared[obj] = true
		}
	}
	for _, decl := range file.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok || gen.Tok != token.TYPE {
			continue
		}
		for _, spec := range gen.Specs {
			spec := spec.(*ast.TypeSpec)
			doc := spec.Doc
			if doc == nil && len(gen.Specs) == 1 {
				doc = gen.Doc
			}
			obj, ok := pass.TypesInfo.Defs[spec.Name].(*types.TypeName)
			if !ok || doc == nil {
				continue
			}
			switch last := doc.List[len(doc.List)-1].Text; {
			case last == sealedDirective && types.IsInterface(obj.Type()):
				pass.ExportObjectFact(obj, &Sealed{Alternatives: implementers(pass.Pkg, obj, declared)})
			case last == enumDirective && isString(obj.Type()):
				pass.ExportObjectFact(obj, enumOf(pass.Pkg, obj, declared))
			}
		}
	}
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// inOrder returns the package-level objects declared for which keep holds,
// in the order of the file.
func inOrder(pkg *types.Package, declared map[types.Object]bool, keep func(types.Object) bool) []types.Object {
	var out []types.Object
	for _, name := range pkg.Scope().Names() {
		if obj := pkg.Scope().Lookup(name); declared[obj] && keep(obj) {
			out = append(out, obj)
		}
	}
	slices.SortFunc(out, func(a, b types.Object) int { return int(a.Pos() - b.Pos()) })
	return out
}

// implementers returns the names of the types declared that implement the
// interface iface, in the order of the file.
func implementers(pkg *types.Package, iface *types.TypeName, declared map[types.Object]bool) []string {
	it := iface.Type().Underlying().(*types.Interface)
	var out []string
	for _, obj := range inOrder(pkg, declared, func(obj types.Object) bool {
		tn, ok := obj.(*types.TypeName)
		return ok && tn != iface && !types.IsInterface(tn.Type()) && types.Implements(tn.Type(), it)
	}) {
		out = append(out, obj.Name())
	}
	return out
}

// enumOf returns the constants of type t declared, in the order of the
// file.
func enumOf(pkg *types.Package, t *types.TypeName, declared map[types.Object]bool) *Enum {
	e := &Enum{}
	for _, obj := range inOrder(pkg, declared, func(obj types.Object) bool {
		c, ok := obj.(*types.Const)
		return ok && types.Identical(c.Type(), t.Type())
	}) {
		e.Names = append(e.Names, obj.Name())
		e.Values = append(e.Values, obj.(*types.Const).Val().ExactString())
	}
	return e
}

// hasDefault reports whether a switch body has a default clause.
func hasDefault(body *ast.BlockStmt) bool {
	return slices.ContainsFunc(body.List, func(s ast.Stmt) bool { return s.(*ast.CaseClause).List == nil })
}

// typeSwitch reports a type switch over a sealed union without a default
// that misses one of its alternatives.
func typeSwitch(pass *analysis.Pass, sw *ast.TypeSwitchStmt) {
	var x ast.Expr
	switch a := sw.Assign.(type) {
	case *ast.AssignStmt:
		x = a.Rhs[0].(*ast.TypeAssertExpr).X
	case *ast.ExprStmt:
		x = a.X.(*ast.TypeAssertExpr).X
	}
	named, ok := types.Unalias(pass.TypesInfo.TypeOf(x)).(*types.Named)
	if !ok || hasDefault(sw.Body) {
		return
	}
	var fact Sealed
	if !pass.ImportObjectFact(named.Obj(), &fact) {
		return
	}
	covered := map[string]bool{}
	for _, s := range sw.Body.List {
		for _, e := range s.(*ast.CaseClause).List {
			if n, ok := types.Unalias(pass.TypesInfo.TypeOf(e)).(*types.Named); ok && n.Obj().Pkg() == named.Obj().Pkg() {
				covered[n.Obj().Name()] = true
			}
		}
	}
	var missing []string
	for _, alt := range fact.Alternatives {
		if !covered[alt] {
			missing = append(missing, qualify(pass, named.Obj(), alt))
		}
	}
	if len(missing) > 0 {
		pass.Reportf(sw.Pos(), "type switch on %s misses %s and has no default; handle %s or add a default",
			qualify(pass, named.Obj(), named.Obj().Name()), strings.Join(missing, ", "), them(len(missing)))
	}
}

// valueSwitch reports a switch over a value of a generated enum type
// without a default that misses one of its values.
func valueSwitch(pass *analysis.Pass, sw *ast.SwitchStmt) {
	if sw.Tag == nil || hasDefault(sw.Body) {
		return
	}
	named, ok := types.Unalias(pass.TypesInfo.TypeOf(sw.Tag)).(*types.Named)
	if !ok {
		return
	}
	var fact Enum
	if !pass.ImportObjectFact(named.Obj(), &fact) {
		return
	}
	covered := map[string]bool{}
	for _, s := range sw.Body.List {
		for _, e := range s.(*ast.CaseClause).List {
			if tv := pass.TypesInfo.Types[e]; tv.Value != nil {
				covered[constant.StringVal(tv.Value)] = true
			}
		}
	}
	var missing []string
	for i, name := range fact.Names {
		v := constant.MakeFromLiteral(fact.Values[i], token.STRING, 0)
		if v.Kind() == constant.String && !covered[constant.StringVal(v)] {
			missing = append(missing, qualify(pass, named.Obj(), name))
		}
	}
	if len(missing) > 0 {
		pass.Reportf(sw.Pos(), "switch on %s misses %s and has no default; handle %s or add a default",
			qualify(pass, named.Obj(), named.Obj().Name()), strings.Join(missing, ", "), them(len(missing)))
	}
}

// qualify spells name, declared beside obj, as the package being checked
// does: with its package's name when that is another package.
func qualify(pass *analysis.Pass, obj types.Object, name string) string {
	if obj.Pkg() != nil && obj.Pkg() != pass.Pkg {
		return fmt.Sprintf("%s.%s", obj.Pkg().Name(), name)
	}
	return name
}

func them(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}
