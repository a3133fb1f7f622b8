package gen

import (
	"flag"
	"fmt"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/toolgen/toolgen/gen/internal/goemit"
	"github.com/toolgen/toolgen/runtime/toolgenimpl"
)

// contractFile records the API generated code compiles against, with the
// GenVersion and MinVersion it was taken at.
var contractFile = filepath.Join("testdata", "contract.txt")

// TestGeneratedCodeAPI holds the contract between generated code and the
// runtime to toolgenimpl.GenVersion: every exported name of toolgenimpl,
// each format checker generated code may call, and each name of runtime it
// takes (runtimeAPI), as testdata/contract.txt records them. Any change of
// them fails until GenVersion rises, and then go test ./gen -update
// records it; one that removes or changes a name that code generated at
// the recorded GenVersion may use fails too unless MinVersion rose past
// that version (see toolgenimpl/version.go).
func TestGeneratedCodeAPI(t *testing.T) {
	api := contractAPI(t)
	recorded, err := os.ReadFile(contractFile)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	gen, minimum, body := parseContract(t, string(recorded))
	current := contractText(toolgenimpl.GenVersion, toolgenimpl.MinVersion, api)
	if string(recorded) == current {
		return
	}
	if problem := contractChange(gen, toolgenimpl.GenVersion, toolgenimpl.MinVersion, body, api); problem != "" {
		t.Fatal(problem)
	}
	if u := flag.Lookup("update"); u != nil && u.Value.String() == "true" {
		if err := os.WriteFile(contractFile, []byte(current), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s was taken at GenVersion %d, MinVersion %d and says (- recorded, + now):\n%s\nrun go test ./gen -update and review the diff", contractFile, gen, minimum, lineDiff(body, api))
}

// contractChange says why the API api, at versions genVersion and
// minVersion, may not replace body, recorded at GenVersion gen, or "".
func contractChange(gen, genVersion, minVersion int, body, api string) string {
	if body == api || body == "" {
		return ""
	}
	if genVersion <= gen {
		return fmt.Sprintf("the API generated code compiles against changed, and toolgenimpl.GenVersion is still %d (- recorded, + now):\n%s\nraise GenVersion, then run go test ./gen -update", gen, lineDiff(body, api))
	}
	now := strings.Split(api, "\n")
	var gone []string
	for _, line := range strings.Split(body, "\n") {
		if !slices.Contains(now, line) {
			gone = append(gone, line)
		}
	}
	if len(gone) > 0 && minVersion <= gen {
		return fmt.Sprintf("code generated at GenVersion %d may use what is now gone or changed:\n\t%s\nand toolgenimpl.MinVersion %d still admits it; raise MinVersion to GenVersion, so that such code fails on its version line", gen, strings.Join(gone, "\n\t"), minVersion)
	}
	return ""
}

// contractText is the file recording api at the versions gen and minimum.
func contractText(gen, minimum int, api string) string {
	return fmt.Sprintf("# The API generated code compiles against (TestGeneratedCodeAPI).\nGenVersion %d\nMinVersion %d\n\n%s", gen, minimum, api)
}

// parseContract reads a file contractText wrote; empty text has version 0.
func parseContract(t *testing.T, text string) (gen, minimum int, api string) {
	if text == "" {
		return 0, 0, ""
	}
	_, rest, _ := strings.Cut(text, "\n")
	head, api, ok := strings.Cut(rest, "\n\n")
	if _, err := fmt.Sscanf(head, "GenVersion %d\nMinVersion %d", &gen, &minimum); err != nil || !ok {
		t.Fatalf("%s does not start with its GenVersion and MinVersion lines: %v", contractFile, err)
	}
	return gen, minimum, api
}

// contractAPI writes out what generated code may use: all of toolgenimpl,
// the format checkers in goemit.FormatFuncs and the runtime names in goemit.RuntimeAPI,
// one declaration a line, sorted within each package.
func contractAPI(t *testing.T) string {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes}, runtimePkg, goemit.ImplPkg, goemit.FormatPkg)
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].PkgPath < pkgs[j].PkgPath })
	var b strings.Builder
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			t.Fatalf("%s: %v", p.PkgPath, p.Errors)
		}
		wanted := func(string) bool { return true }
		switch p.PkgPath {
		case runtimePkg:
			wanted = func(name string) bool { return goemit.RuntimeAPI[name] }
		case goemit.FormatPkg:
			wanted = func(name string) bool { return goemit.FormatFuncs[name] }
		}
		fmt.Fprintf(&b, "package %s\n", p.PkgPath)
		var lines []string
		scope := p.Types.Scope()
		for _, name := range scope.Names() {
			obj := scope.Lookup(name)
			if !obj.Exported() || !wanted(name) {
				continue
			}
			// Of runtime, only the kind of a type: its fields and methods
			// are its own public contract, which grows without generated
			// code noticing.
			lines = append(lines, declarations(obj, p.PkgPath != runtimePkg)...)
		}
		sort.Strings(lines)
		for _, l := range lines {
			b.WriteString(l + "\n")
		}
	}
	if n := strings.Count(b.String(), "\n"); n < 100 {
		t.Fatalf("the API has %d lines; the packages did not load whole:\n%s", n, b.String())
	}
	return b.String()
}

// declarations writes out obj, and for a type with members its exported
// fields and methods, each on a line of its own.
func declarations(obj types.Object, members bool) []string {
	q := func(p *types.Package) string {
		if p == obj.Pkg() {
			return ""
		}
		return p.Name()
	}
	str := func(t types.Type) string { return types.TypeString(unnamed(t), q) }
	switch obj := obj.(type) {
	case *types.Const:
		return []string{fmt.Sprintf("const %s %s", obj.Name(), str(obj.Type()))}
	case *types.Var:
		return []string{fmt.Sprintf("var %s %s", obj.Name(), str(obj.Type()))}
	case *types.Func:
		return []string{"func " + obj.Name() + typeParams(obj.Signature().TypeParams(), q) + strings.TrimPrefix(str(obj.Type()), "func")}
	}
	tn := obj.(*types.TypeName)
	if tn.IsAlias() {
		return []string{fmt.Sprintf("type %s = %s", tn.Name(), str(types.Unalias(tn.Type())))}
	}
	named := tn.Type().(*types.Named)
	head := "type " + tn.Name() + typeParams(named.TypeParams(), q)
	if !members {
		return []string{head + " " + kind(named.Underlying())}
	}
	lines := []string{head + " " + underlying(named.Underlying(), q)}
	if s, ok := named.Underlying().(*types.Struct); ok {
		for f := range s.Fields() {
			if f.Exported() {
				lines = append(lines, fmt.Sprintf("field %s.%s %s", tn.Name(), f.Name(), str(f.Type())))
			}
		}
	}
	for m := range named.Methods() {
		if !m.Exported() {
			continue
		}
		recv := tn.Name()
		if _, ptr := m.Signature().Recv().Type().(*types.Pointer); ptr {
			recv = "*" + recv
		}
		lines = append(lines, fmt.Sprintf("method (%s) %s%s", recv, m.Name(), strings.TrimPrefix(str(m.Type()), "func")))
	}
	return lines
}

// typeParams writes a named type's type parameters, "" for none.
func typeParams(list *types.TypeParamList, q types.Qualifier) string {
	if list.Len() == 0 {
		return ""
	}
	var ps []string
	for tp := range list.TypeParams() {
		ps = append(ps, tp.Obj().Name()+" "+types.TypeString(tp.Constraint(), q))
	}
	return "[" + strings.Join(ps, ", ") + "]"
}

// underlying writes a type's underlying type; of a struct, only "struct",
// since its exported fields have lines of their own and unexported ones
// are no one else's concern.
func underlying(u types.Type, q types.Qualifier) string {
	if _, ok := u.(*types.Struct); ok {
		return "struct"
	}
	return types.TypeString(unnamed(u), q)
}

// unnamed returns t with the names of every parameter and result left out,
// at any depth: they do not change what a caller may write. A signature
// loses its type parameters too, which declarations writes itself.
func unnamed(t types.Type) types.Type {
	tuple := func(tu *types.Tuple) *types.Tuple {
		vars := make([]*types.Var, tu.Len())
		for i := range vars {
			vars[i] = types.NewParam(token.NoPos, nil, "", unnamed(tu.At(i).Type()))
		}
		return types.NewTuple(vars...)
	}
	switch t := t.(type) {
	case *types.Signature:
		return types.NewSignatureType(nil, nil, nil, tuple(t.Params()), tuple(t.Results()), t.Variadic())
	case *types.Pointer:
		return types.NewPointer(unnamed(t.Elem()))
	case *types.Slice:
		return types.NewSlice(unnamed(t.Elem()))
	case *types.Array:
		return types.NewArray(unnamed(t.Elem()), t.Len())
	case *types.Map:
		return types.NewMap(unnamed(t.Key()), unnamed(t.Elem()))
	case *types.Chan:
		return types.NewChan(t.Dir(), unnamed(t.Elem()))
	case *types.Interface:
		var methods []*types.Func
		for m := range t.ExplicitMethods() {
			methods = append(methods, types.NewFunc(token.NoPos, m.Pkg(), m.Name(), unnamed(m.Signature()).(*types.Signature)))
		}
		var embedded []types.Type
		for e := range t.EmbeddedTypes() {
			embedded = append(embedded, e)
		}
		return types.NewInterfaceType(methods, embedded).Complete()
	}
	return t
}

// kind names the kind of an underlying type: struct, interface, or the
// type itself when it is a basic one.
func kind(u types.Type) string {
	switch u.(type) {
	case *types.Struct:
		return "struct"
	case *types.Interface:
		return "interface"
	}
	return types.TypeString(u, nil)
}

// lineDiff lists the lines only in old with "-" and those only in new with
// "+", in order.
func lineDiff(old, new string) string {
	o, n := strings.Split(old, "\n"), strings.Split(new, "\n")
	var b strings.Builder
	for _, l := range o {
		if !slices.Contains(n, l) {
			b.WriteString("-" + l + "\n")
		}
	}
	for _, l := range n {
		if !slices.Contains(o, l) {
			b.WriteString("+" + l + "\n")
		}
	}
	return b.String()
}

// TestContractChange: a change of the API is refused at the recorded
// GenVersion, an addition is taken at a higher one, and a removal or a
// change of shape only once MinVersion has passed the recorded version.
func TestContractChange(t *testing.T) {
	const before = "package p\nfunc A()\nfunc B(x int)\n"
	added := before + "func C()\n"
	changed := "package p\nfunc A()\nfunc B(x string)\n"
	for _, c := range []struct {
		name         string
		gen, min     int
		api          string
		refusedWords string // "" when the change is taken
	}{
		{"unchanged", 3, 3, before, ""},
		{"added, GenVersion as recorded", 3, 3, added, "raise GenVersion"},
		{"changed, GenVersion as recorded", 3, 1, changed, "raise GenVersion"},
		{"added, GenVersion raised", 4, 3, added, ""},
		{"changed, GenVersion raised, MinVersion not", 4, 3, changed, "raise MinVersion"},
		{"changed, both raised", 4, 4, changed, ""},
	} {
		got := contractChange(3, c.gen, c.min, before, c.api)
		if (got == "") != (c.refusedWords == "") || !strings.Contains(got, c.refusedWords) {
			t.Errorf("%s: %q, want it to say %q", c.name, got, c.refusedWords)
		}
	}
}
