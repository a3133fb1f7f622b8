package brandcheck_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/toolgen/toolgen/cmd/internal/brandcheck"
)

// wrapper is a type that may hold a branded value; B stands for the branded
// type as the code spells it.
type wrapper struct {
	expr    string
	holds   bool // whether a zero value of the type holds a zero B
	literal bool // whether T{} is a composite literal of it
}

var wrappers = []wrapper{
	{"B", true, true},
	{"alias", true, true},
	{"[2]B", true, true},
	{"[1][1]B", true, true},
	{"struct{ n int; v B }", true, true},
	{"struct{ s struct{ v [1]B } }", true, true},
	{"holder", true, true},
	{"box[B]", true, true},
	{"box[[3]B]", true, true},
	{"*B", false, false},
	{"[]B", false, true},
	{"map[string]B", false, true},
	{"chan B", false, false},
	{"func() B", false, false},
	{"[0]B", false, true},
	{"struct{ p *B; s []B }", false, true},
	{"interface{ Args() RA }", false, false},
	{"box[*B]", false, true},
}

// constructions are the forms that make a zero value of a type T, with
// whether each does so for any T that holds B (false: never reports).
var constructions = []struct {
	form    string // %[1]s is T
	reports bool
	literal bool // only for types with composite literals
}{
	{"var x %[1]s; _ = x", true, false},
	{"_ = new(%[1]s)", true, false},
	{"_ = *new(%[1]s)", true, false},
	{"_ = func() (r %[1]s) { return }", true, false},
	{"_ = make([]%[1]s, n)", true, false},
	{"_ = make([]%[1]s, 0, n)", false, false},
	{"clear(make([]%[1]s, 0))", true, false},
	{"_ = %[1]s{}", true, true},
	{"var x %[1]s = *p; _ = x", false, false},
	{"_ = []%[1]s{*p}", false, false},
}

// TestMatrix writes every construction of every wrapper into three places,
// a package importing the generated one, a hand-written file of the
// generated package, and the generated file itself, and checks that the
// first two report exactly the constructions whose value holds a zero
// branded one, and the generated file none.
func TestMatrix(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "src", "tools", "tools_gen.go"))
	if err != nil {
		t.Fatal(err)
	}
	generated := string(src) // with its expectations of the facts
	dir := t.TempDir()
	write := func(name, text string) {
		path := filepath.Join(dir, "src", filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("tools/tools_gen.go", generated+matrix("gen", "", false))
	write("tools/handwritten.go", "package tools\n"+matrix("hand", "", true))
	write("app/app.go", "package app\n\nimport \"tools\"\n"+matrix("app", "tools.", true))
	analysistest.Run(t, dir, brandcheck.Analyzer, "tools", "app")
}

// matrix renders the constructions as functions whose names end in suffix,
// referring to the generated package's names with qualifier; with wants,
// each line that must report says so.
func matrix(suffix, qualifier string, wants bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\ntype alias%[1]s = %[2]sValidRefundArgs\n", suffix, qualifier)
	fmt.Fprintf(&b, "type holder%[1]s struct{ v %[2]sValidRefundArgs }\n", suffix, qualifier)
	fmt.Fprintf(&b, "type box%[1]s[T any] struct{ v T }\n", suffix)
	replacer := strings.NewReplacer(
		"alias", "alias"+suffix, "holder", "holder"+suffix, "box[", "box"+suffix+"[",
		"B", qualifier+"ValidRefundArgs", "RA", qualifier+"RefundArgs")
	for i, w := range wrappers {
		typ := replacer.Replace(w.expr)
		for j, c := range constructions {
			if c.literal && !w.literal {
				continue
			}
			line := fmt.Sprintf(c.form, typ)
			if wants && w.holds && c.reports {
				line += " // want `never passed validation`"
			}
			fmt.Fprintf(&b, "\nfunc matrix%s%d_%d(n int, p *%s) {\n\t%s\n}\n", suffix, i, j, typ, line)
		}
	}
	return b.String()
}
