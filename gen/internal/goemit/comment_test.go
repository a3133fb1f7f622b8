package goemit

import (
	"bytes"
	"go/ast"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
)

// lineBreaks are the line breaks Go or an editor honours.
var lineBreaks = []string{"\n", "\r", "\r\n", "\v", "\f", "\u0085", "\u2028", "\u2029"}

// payloads are what a text tries to put at the start of a line.
var payloads = []string{
	"//go:generate echo PWNED",
	"//toolgen:branded ParseEvil",
	"//toolgen:sealed",
	"//toolgen:enum",
	"//go:embed secret.txt",
	"//go:linkname evil runtime.evil",
	"//go:build ignore",
	"//line evil.go:1",
	"/*line evil.go:1:1*/",
	"/* */ Injected int //",
	"*/ var Injected int /*",
	"+build ignore",
	"  +build ignore",
	"\t//go:generate echo TAB",
	"//export Evil",
}

// TestCommentMatrix puts each payload after each line break, and at the
// point where wrapping starts a new line, in every way a comment is rendered.
func TestCommentMatrix(t *testing.T) {
	wrapped := strings.Repeat("w ", commentWidth/2-1)
	for _, p := range payloads {
		for _, br := range lineBreaks {
			checkComment(t, "Text."+br+p)
			checkComment(t, p+br+p)
		}
		checkComment(t, p)
		checkComment(t, wrapped+p)
		checkComment(t, "  - item\n"+wrapped+p)
	}
}

// TestCommentGenerated checks comments of random texts built from the pieces
// that matter: line breaks, comment markers, directives, controls, format
// characters, invalid UTF-8, spaces and long words.
func TestCommentGenerated(t *testing.T) {
	pieces := append(append([]string{
		"//", "/*", "*/", "go:generate", "line", "+build", " ", "  ", "\t", "x", "word",
		"\x00", "\ufeff", "\u202e", "\u2066", "\u200f", "\u061c", "\x1b", "\u009b", "\x7f",
		"\xff", "\xc0", "\xe2\x80", "é", "\u00a0", "-", "#", "1.", strings.Repeat("y", 90),
	}, lineBreaks...), payloads...)
	rng := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		var b strings.Builder
		for n := rng.IntN(12); n >= 0; n-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		checkComment(t, b.String())
		if t.Failed() {
			return
		}
	}
}

// FuzzComment checks the comment renderings of any text.
func FuzzComment(f *testing.F) {
	for _, p := range payloads {
		f.Add("x\n" + p)
	}
	f.Fuzz(func(t *testing.T, text string) { checkComment(t, text) })
}

// checkComment renders text as a doc comment, as a comment inside a function
// and as a trailing comment, and checks the file: it formats and parses to the
// declarations it would have without the comments, every comment is a plain
// line, gofmt finds no build constraint in it, and it holds only valid UTF-8
// with no character that is not graphic but tabs and newlines. lineComment must
// stay one line.
func checkComment(t *testing.T, text string) {
	t.Helper()
	f := jen.NewFile("p")
	f.Add(Comment(text))
	f.Var().Id("A").Int()
	f.Func().Id("F").Params().Block(
		Comment(text),
		jen.Id("_").Op("=").Lit(1).Add(LineComment(text)),
	)
	f.Var().Id("B").Int().Add(LineComment(text))
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		t.Fatalf("comment %q: the file does not format: %v", text, err)
	}
	src := buf.Bytes()
	file, err := parser.ParseFile(token.NewFileSet(), "p.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		t.Fatalf("comment %q: %v\n%s", text, err, src)
	}
	if len(file.Decls) != 3 || len(file.Decls[1].(*ast.FuncDecl).Body.List) != 1 {
		t.Fatalf("comment %q changed the declarations:\n%s", text, src)
	}
	for _, g := range file.Comments {
		for _, c := range g.List {
			if c.Text != "//" && !strings.HasPrefix(c.Text, "// ") && !strings.HasPrefix(c.Text, "//\t") {
				t.Fatalf("comment %q: rendered as %q", text, c.Text)
			}
			if constraint.IsPlusBuild(c.Text) || constraint.IsGoBuild(c.Text) {
				t.Fatalf("comment %q: gofmt reads %q as a build constraint", text, c.Text)
			}
		}
	}
	if !utf8.Valid(src) {
		t.Fatalf("comment %q: invalid UTF-8 in the file", text)
	}
	for _, r := range string(src) {
		if r != '\n' && r != '\t' && !unicode.IsGraphic(r) {
			t.Fatalf("comment %q: the file holds %U", text, r)
		}
	}
	if strings.Contains(LineComment(text).GoString(), "\n") {
		t.Fatalf("LineComment(%q) is more than one line", text)
	}
}

func TestEscapeComment(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain text\twith a tab", "plain text\twith a tab"},
		{"NUL \x00 DEL \x7f ESC \x1b", `NUL \x00 DEL \x7f ESC \x1b`},
		{"BOM \ufeff", `BOM \ufeff`},
		{"bidi \u202e \u2066 \u2069 \u200e \u200f \u061c", `bidi \u202e \u2066 \u2069 \u200e \u200f \u061c`},
		{"C1 \u0085 \u009b", `C1 \x85 \x9b`},
		{"ZWSP \u200b, private \ue000, unassigned \U000e0080", `ZWSP \u200b, private \ue000, unassigned \U000e0080`},
		{"bad \xff\xc0 UTF-8", "bad \ufffd\ufffd UTF-8"},
		{"é and 世界", "é and 世界"},
		{"breaks \u2028 \u2029", `breaks \u2028 \u2029`},
	} {
		if got := escapeComment(c.in); got != c.want {
			t.Errorf("escapeComment(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got, want := escapeComment("a\nb\rc"), `a\nb\rc`; got != want {
		t.Errorf("escapeComment one line = %q, want %q", got, want)
	}
}

func TestCommentLines(t *testing.T) {
	got := commentLines("\n\n  First.\r\nSecond.\rThird.\u2028Fourth.\u0085Fifth.\v\fSixth.  \n\n")
	want := []string{"First.", "Second.", "Third.", "Fourth.", "Fifth.", "", "Sixth."}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("commentLines = %q, want %q", got, want)
	}
}

// TestCommentsOnlyThroughRenderer keeps every comment of generated code on
// the path of comment.go: no other file of the packages that write generated
// code may call jennifer's Comment functions or write a comment as a string.
func TestCommentsOnlyThroughRenderer(t *testing.T) {
	var files []string
	for _, dir := range []string{".", "../schemafunc", "../.."} {
		found, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, found...)
	}
	banned := map[string]bool{"Comment": true, "Commentf": true, "HeaderComment": true, "PackageComment": true}
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || name == "comment.go" {
			continue
		}
		checked++
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if pkg, ok := n.X.(*ast.Ident); banned[n.Sel.Name] && !(ok && pkg.Name == "goemit") {
					t.Errorf("%s: %s renders a comment outside comment.go; use goemit.Comment or goemit.LineComment", fset.Position(n.Pos()), n.Sel.Name)
				}
			case *ast.BasicLit:
				if s, err := strconv.Unquote(n.Value); n.Kind == token.STRING && err == nil && (strings.HasPrefix(s, "//") || strings.HasPrefix(s, "/*")) {
					t.Errorf("%s: a comment written as a string outside comment.go", fset.Position(n.Pos()))
				}
			}
			return true
		})
	}
	if checked < 30 {
		t.Fatalf("checked only %d files", checked)
	}
}
