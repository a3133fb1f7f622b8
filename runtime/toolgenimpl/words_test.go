package toolgenimpl

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// hintWords are pieces of English that only the words of a violation hold:
// what the model is told to do or what it sent. A string literal holding
// one outside runtime/internal/message is wording written a second time.
var hintWords = []string{
	"must ", "; got ", ", got ", "remove it", "send ", "not allowed",
	"is required", "Field ", "The arguments", "the string ", "the number ",
	"an object", "an array", "a string", "an integer", "a number", "a boolean",
	"is not ", "expected ", "too ", "more than", "fewer than", "cannot ",
	// and what it is told of a call that failed
	"The tool ", "The call ", "There is no tool", "retry", "Report the failure",
}

// TestWordsInMessageOnly: no non-test file of this package or of package
// runtime spells out words for the model; they are all in
// runtime/internal/message, so that the typed readers and the schema
// functions cannot word one thing twice, and every failure class is worded
// where the rest is.
func TestWordsInMessageOnly(t *testing.T) {
	var files []string
	for _, dir := range []string{".", ".."} {
		found, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, found...)
	}
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		for _, lit := range hintLiterals(t, name) {
			t.Errorf("%s: %s words a message outside runtime/internal/message", lit.pos, lit.text)
		}
		checked++
	}
	if checked < 30 {
		t.Fatalf("checked %d files; the packages have more", checked)
	}
}

type literal struct {
	pos  token.Position
	text string
}

// hintLiterals returns the string literals of the Go file name that hold
// one of hintWords, but for those in a call of panic.
func hintLiterals(t *testing.T, name string) []literal {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var found []literal
	ast.Inspect(f, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "panic" {
				return false // a panic speaks to the programmer, not the model
			}
		}
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		s, err := strconv.Unquote(lit.Value)
		if err != nil {
			t.Fatalf("%s: %v", fset.Position(lit.Pos()), err)
		}
		for _, w := range hintWords {
			if strings.Contains(s, w) {
				found = append(found, literal{fset.Position(lit.Pos()), lit.Value})
				break
			}
		}
		return true
	})
	return found
}

// TestHintLiteralsFound: the scan above finds a wording when there is one,
// so that TestWordsInMessageOnly passing means something.
func TestHintLiteralsFound(t *testing.T) {
	dir := t.TempDir()
	src := "package p\n\nfunc f() string { return `Field \"x\"` + \" must be a string; got 5.\" }\n\nconst ok = \"json\"\n\nfunc g() { panic(\"g: not a number\") }\n"
	name := filepath.Join(dir, "p.go")
	if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := hintLiterals(t, name); len(got) != 2 {
		t.Fatalf("found %v; want the two wordings", got)
	}
}
