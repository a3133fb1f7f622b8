package gen_test

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"reflect"
	"strings"
	"testing"
)

// memoOff rewrites generated code, src, into the same code without memo:
// package boundedoff, every call of Check.Once or Check.OnceInScope made a
// call of the check it would run once, Reader.CheckedOnce and
// CheckedOnceHoldingSecrets made Checked and CheckedHoldingSecrets, and
// toolgenimpl.TryAlternative a trial on a sub-reader, as generated code
// outside every trial has it (plainTrial). What the memo replays, this
// code finds again, however long that takes: run on the shallow chains,
// the two must report the same, word for word.
func memoOff(t *testing.T, src []byte) []byte {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "tools_gen.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	f.Name.Name = "boundedoff"
	rewritten := 0
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		switch name, args := sel.Sel.Name, len(call.Args); {
		case (name == "Once" || name == "OnceInScope") && args == 4: // c.Once(id, eval, x, ev) -> eval(c, x, ev)
			call.Fun, call.Args = call.Args[1], []ast.Expr{sel.X, call.Args[2], call.Args[3]}
		case (name == "CheckedOnce" || name == "CheckedOnceHoldingSecrets") && args == 2: // r.CheckedOnce(id, check) -> r.Checked(check)
			sel.Sel = ast.NewIdent(strings.Replace(name, "Once", "", 1))
			call.Args = call.Args[1:]
		case name == "TryAlternative" && args == 4: // toolgenimpl.TryAlternative(r, id, text, read) -> plainTrial(r, text, read)
			call.Fun, call.Args = ast.NewIdent("plainTrial"), []ast.Expr{call.Args[0], call.Args[2], call.Args[3]}
		default:
			return true
		}
		rewritten++
		return true
	})
	if rewritten == 0 {
		t.Fatal("the generated code has no memo to take out")
	}
	var out bytes.Buffer
	if err := format.Node(&out, fset, f); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// plainTrial is how generated code outside every trial tries an
// alternative: on a sub-reader, taking its first violation.
const plainTrial = `package boundedoff

import (
	"github.com/toolgen/toolgen/runtime"
	"github.com/toolgen/toolgen/runtime/toolgenimpl"
)

func plainTrial[T any](r *toolgenimpl.Reader, text []byte, read func(*toolgenimpl.Reader) (T, bool)) (runtime.Violation, bool) {
	s := r.Sub(text)
	if _, ok := read(s); ok {
		return runtime.Violation{}, true
	}
	return s.Violations()[0], false
}
`

// checkMemoOff fails if v has a verdict of the code without memo that
// says anything else, unless that code ran out of steps.
func checkMemoOff(t *testing.T, where string, v boundedVerdict) {
	t.Helper()
	off := v.Off
	if off == nil || off.Exceeded != "" {
		return
	}
	if off.Valid != v.Valid || off.Violations != v.Violations || !reflect.DeepEqual(off.List, v.List) {
		t.Errorf("%s: with the memo\n%s %+v\nwithout it\n%s %+v", where, v.Violations, v.List, off.Violations, off.List)
	}
}
