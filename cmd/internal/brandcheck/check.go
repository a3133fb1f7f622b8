package brandcheck

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// checker finds the constructions of branded types in one package.
type checker struct {
	pass *analysis.Pass
}

// brand is a branded type as a construction met it.
type brand struct {
	name *types.TypeName
	fact Branded
}

func (c *checker) visit(n ast.Node) {
	switch n := n.(type) {
	case *ast.CompositeLit:
		c.compositeLit(n)
	case *ast.ValueSpec:
		c.valueSpec(n)
	case *ast.CallExpr:
		c.call(n)
	case *ast.FuncDecl:
		if n.Body != nil {
			c.namedResults(n.Type)
		}
	case *ast.FuncLit:
		c.namedResults(n.Type)
	}
}

// brandOf returns the branded type t is, if it is one.
func (c *checker) brandOf(t types.Type) (brand, bool) {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return brand{}, false
	}
	var b brand
	b.name = named.Origin().Obj()
	return b, c.pass.ImportObjectFact(b.name, &b.fact)
}

// brandIn returns a branded type that a value of type t holds in itself:
// t itself, an array's element or a struct's field, at any depth. A zero t
// holds a zero value of it. Pointers, slices, maps and channels hold none.
func (c *checker) brandIn(t types.Type) (brand, bool) {
	return c.brandWithin(t, map[types.Type]bool{})
}

func (c *checker) brandWithin(t types.Type, seen map[types.Type]bool) (brand, bool) {
	if b, ok := c.brandOf(t); ok {
		return b, true
	}
	if seen[t] {
		return brand{}, false
	}
	seen[t] = true
	switch u := t.Underlying().(type) {
	case *types.Array:
		if u.Len() > 0 {
			return c.brandWithin(u.Elem(), seen)
		}
	case *types.Struct:
		for field := range u.Fields() {
			if b, ok := c.brandWithin(field.Type(), seen); ok {
				return b, true
			}
		}
	}
	return brand{}, false
}

// report reports a construction of b at node, unless node is in the file
// that declares b, the generated file where its Parse function mints it.
func (c *checker) report(node ast.Node, b brand, construction string) {
	fset := c.pass.Fset
	if fset.Position(node.Pos()).Filename == fset.Position(b.name.Pos()).Filename {
		return
	}
	parse := b.fact.Parse
	if pkg := b.name.Pkg(); pkg != nil && pkg != c.pass.Pkg {
		parse = pkg.Name() + "." + parse
	}
	c.pass.Reportf(node.Pos(), "%s makes a %s that never passed validation; get one from %s",
		construction, c.typeString(b.name.Type()), parse)
}

// typeString renders t as code in the package being checked usually spells
// it: other packages by their names, not their import paths.
func (c *checker) typeString(t types.Type) string {
	return types.TypeString(t, func(pkg *types.Package) string {
		if pkg == c.pass.Pkg {
			return ""
		}
		return pkg.Name()
	})
}

// compositeLit reports a literal of a branded type, and the zero values of
// one that a struct or array literal leaves in the fields or elements it
// does not set.
func (c *checker) compositeLit(lit *ast.CompositeLit) {
	t := c.pass.TypesInfo.TypeOf(lit)
	if t == nil {
		return
	}
	if b, ok := c.brandOf(t); ok {
		c.report(lit, b, "composite literal "+c.typeString(t)+"{…}")
		return
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		set := setFields(lit)
		if set == nil {
			return
		}
		for field := range u.Fields() {
			if set[field.Name()] {
				continue
			}
			if b, ok := c.brandIn(field.Type()); ok {
				c.report(lit, b, fmt.Sprintf("composite literal %s{…} without field %s", c.typeString(t), field.Name()))
				return
			}
		}
	case *types.Array:
		if int64(len(lit.Elts)) >= u.Len() {
			return
		}
		if b, ok := c.brandIn(u.Elem()); ok {
			c.report(lit, b, fmt.Sprintf("array literal %s{…} with %d of %d elements", c.typeString(t), len(lit.Elts), u.Len()))
		}
	}
}

// setFields returns the fields a struct literal names, or nil when it lists
// values in order (and so sets every field, or none when it is empty).
func setFields(lit *ast.CompositeLit) map[string]bool {
	if len(lit.Elts) == 0 {
		return map[string]bool{}
	}
	if _, keyed := lit.Elts[0].(*ast.KeyValueExpr); !keyed {
		return nil
	}
	set := map[string]bool{}
	for _, elt := range lit.Elts {
		if key, ok := elt.(*ast.KeyValueExpr).Key.(*ast.Ident); ok {
			set[key.Name] = true
		}
	}
	return set
}

// valueSpec reports a variable declared without a value whose zero value
// holds a branded one.
func (c *checker) valueSpec(spec *ast.ValueSpec) {
	if len(spec.Values) > 0 {
		return
	}
	for _, name := range spec.Names {
		obj := c.pass.TypesInfo.Defs[name]
		if obj == nil {
			continue
		}
		if _, isVar := obj.(*types.Var); !isVar {
			continue
		}
		if b, ok := c.brandIn(obj.Type()); ok {
			c.report(name, b, "var "+name.Name+" declared without a value")
		}
	}
}

// namedResults reports a named result whose zero value, its value until
// assigned, holds a branded one.
func (c *checker) namedResults(fn *ast.FuncType) {
	if fn.Results == nil {
		return
	}
	for _, field := range fn.Results.List {
		for _, name := range field.Names {
			obj := c.pass.TypesInfo.Defs[name]
			if obj == nil {
				continue
			}
			if b, ok := c.brandIn(obj.Type()); ok {
				c.report(name, b, "named result "+name.Name)
			}
		}
	}
}

// call reports conversions to a branded type and the builtins that make
// zero values: new of a type, make of a slice with a length, and clear.
func (c *checker) call(call *ast.CallExpr) {
	info := c.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		if len(call.Args) == 1 {
			c.conversion(call, tv.Type, info.TypeOf(call.Args[0]))
		}
		return
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return
	}
	builtin, ok := info.Uses[id].(*types.Builtin)
	if !ok || len(call.Args) == 0 {
		return
	}
	switch builtin.Name() {
	case "new":
		// new(T) makes a zero T; new(expr) copies a value that exists.
		if tv := info.Types[call.Args[0]]; tv.IsType() {
			if b, ok := c.brandIn(tv.Type); ok {
				c.report(call, b, "new("+c.typeString(tv.Type)+")")
			}
		}
	case "make":
		slice, ok := info.TypeOf(call.Args[0]).Underlying().(*types.Slice)
		if !ok || len(call.Args) < 2 || isZero(info, call.Args[1]) {
			return
		}
		if b, ok := c.brandIn(slice.Elem()); ok {
			c.report(call, b, "make of a "+c.typeString(info.TypeOf(call.Args[0]))+" with a length")
		}
	case "clear":
		if slice, ok := info.TypeOf(call.Args[0]).Underlying().(*types.Slice); ok {
			if b, ok := c.brandIn(slice.Elem()); ok {
				c.report(call, b, "clear of a "+c.typeString(info.TypeOf(call.Args[0])))
			}
		}
	}
}

// conversion reports a conversion to a branded type, or to a pointer to
// one, from a different type: one with the same underlying struct, which
// only code in the generated package can declare.
func (c *checker) conversion(call *ast.CallExpr, to, from types.Type) {
	if from == nil || types.Identical(to, from) {
		return
	}
	source := c.typeString(from)
	if toPtr, ok := to.Underlying().(*types.Pointer); ok {
		if fromPtr, ok := from.Underlying().(*types.Pointer); ok {
			to, from = toPtr.Elem(), fromPtr.Elem()
			if types.Identical(to, from) {
				return
			}
		}
	}
	if b, ok := c.brandOf(to); ok {
		c.report(call, b, "conversion from "+source)
	}
}

// isZero reports whether expr is the constant 0.
func isZero(info *types.Info, expr ast.Expr) bool {
	tv := info.Types[expr]
	return tv.Value != nil && constant.Sign(tv.Value) == 0
}
