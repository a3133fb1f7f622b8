package gen_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/toolgen/toolgen/internal/schema"
)

// TestArticles: wherever generated code or a diagnostic puts "a" or "an"
// before a JSON Schema keyword, a JSON type, a Go type or a type the file
// declares, the article is the one the word takes as it is said: no "a
// anyOf", "an string" or "a Order". The text is every golden archive's
// generated code and diagnostics, and the generated code committed
// (examples, benchmarks, test packages).
func TestArticles(t *testing.T) {
	texts := map[string]string{}
	archives, _ := filepath.Glob("testdata/golden/*.txtar")
	for _, file := range archives {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			if f.Name == "tools_gen.go" || f.Name == "diagnostics.txt" {
				texts[file+":"+f.Name] = string(f.Data)
			}
		}
	}
	var examples []string
	for _, glob := range []string{"../examples/*/*_gen.go", "../examples/*/*/*_gen.go", "../bench/generated/*/*_gen.go", "../internal/sensitivecases/*/*_gen.go"} {
		found, _ := filepath.Glob(glob)
		examples = append(examples, found...)
	}
	for _, file := range examples {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		texts[file] = string(data)
	}
	if len(archives) == 0 || len(examples) == 0 {
		t.Fatalf("%d golden archives, %d generated examples", len(archives), len(examples))
	}

	words := map[string]bool{"enum": true, "union": true, "map": true, "slice": true, "pointer": true, "interface": true}
	for _, k := range schema.Draft202012.Names() {
		words[k] = true
	}
	for _, w := range strings.Fields("string integer number boolean object array null " +
		"int int8 int16 int32 int64 uint uint8 uint16 uint32 uint64 float32 float64 bool byte rune any error") {
		words[w] = true
	}
	article := regexp.MustCompile(`\b(a|an|A|An) ([\w$]+)`)
	checked := 0
	for where, text := range texts {
		declared := declaredTypes(text)
		for _, m := range article.FindAllStringSubmatch(text, -1) {
			word := m[2]
			if !words[word] && !declared[word] {
				continue
			}
			checked++
			if got, want := strings.ToLower(m[1]), spokenArticle(word); got != want {
				t.Errorf("%s: %q, want %q", where, m[0], want+" "+word)
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d articles before a keyword or a type name checked", checked)
	}
}

// spokenArticle is the article word takes as English speakers say it.
func spokenArticle(word string) string {
	w := strings.ToLower(word)
	for _, consonant := range []string{"one", "uni", "uint", "use", "eu"} {
		if strings.HasPrefix(w, consonant) {
			return "a"
		}
	}
	if strings.HasPrefix(w, "$") || !strings.ContainsAny(w[:1], "aeiou") {
		return "a"
	}
	return "an"
}

// declaredTypes returns the names of the types text, Go source, declares;
// none for text that is not Go.
func declaredTypes(text string) map[string]bool {
	names := map[string]bool{}
	f, err := parser.ParseFile(token.NewFileSet(), "", text, parser.SkipObjectResolution)
	if err != nil {
		return names
	}
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.TYPE {
			for _, s := range g.Specs {
				names[s.(*ast.TypeSpec).Name.Name] = true
			}
		}
	}
	return names
}
