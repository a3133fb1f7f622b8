package markdowncheck

import (
	"bufio"
	"bytes"
	"encoding/json"
	stdhtml "html"
	"net/url"
	"strings"
	"testing"
	"unicode"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/renderer/html"
	gmtext "github.com/yuin/goldmark/text"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/jsonpointer"
	"github.com/toolgen/toolgen/templates"
)

// FuzzMarkdownIsText renders a reference of one tool whose name, title,
// description, annotation title, argument name, argument description,
// enum value, pattern and $ref target are the fuzzer's, reads it back
// with a CommonMark parser (with GitHub's tables and strikethrough) and
// checks that catalog text stayed text: the document has exactly the
// headings, list items, links, emphasis, table rows and HTML the template
// writes, and each piece of catalog text reads back as it was.
//
// In CI, in this module: go test . -run '^$' -fuzz '^FuzzMarkdownIsText$' -fuzztime 20000x
func FuzzMarkdownIsText(f *testing.F) {
	f.Add("get_weather", "Weather", "Get the weather.\n\nIn *any* city.", "Forecast", "city", "The city | town", "a", "^[a-z]+$", "Place")
	f.Add("x", "# Heading ##", "<!-- comment\n---\n- item\n1. one\n> quote\n    code\n```\nfence", "`", "a`b``c", "<script>alert(1)</script>\n|a|b|\n|---|---|", "``", "\\|", "[x](y)")
	f.Add("y", "**bold** _it_ ~del~", "[link](http://x) ![img](y) <http://z> &amp; \\", "title -->", "\n", "a  \nb\\\nc", " `x` ", "a\\|b", "a_b")
	f.Fuzz(func(t *testing.T, name, title, description, annTitle, prop, propDesc, enum, pattern, def string) {
		for _, s := range []*string{&prop, &propDesc, &enum, &pattern, &def} {
			*s = asJSONReadsIt(*s)
		}
		doc := map[string]any{"tools": []any{map[string]any{
			"name": name, "title": title, "description": description,
			"annotations": map[string]any{"title": annTitle},
			"inputSchema": map[string]any{
				"type": "object",
				"properties": map[string]any{prop: map[string]any{
					"description": propDesc, "$ref": "#" + (&url.URL{Fragment: "/$defs/" + jsonpointer.Escape(def)}).EscapedFragment(),
				}},
				"$defs": map[string]any{def: map[string]any{"type": "string", "enum": []string{enum}, "pattern": pattern}},
			},
		}}}
		data, err := json.Marshal(doc)
		if err != nil {
			t.Skip()
		}
		c, diags := catalog.Parse("catalog.json", data)
		if c == nil || diags.HasErrors() || len(c.Tools) != 1 {
			t.Skip() // not a catalog: the loader's tests cover its errors
		}
		tool := c.Tools[0]
		var md bytes.Buffer
		if err := templates.WriteToolsMarkdown(&md, c, "cat-->\n# x.json"); err != nil {
			t.Fatal(err)
		}
		src := md.Bytes()
		root := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough)).
			Parser().Parse(gmtext.NewReader(src))
		s := survey(root, src)

		wantItems, wantLists := 1, 1 // the contents
		if tool.Annotations.Title != "" && tool.Annotations.Title != tool.Title {
			wantItems, wantLists = 2, 2
		}
		strong := 0
		if words(tool.Title) != "" {
			strong = 1
		}
		for what, counts := range map[string][2]int{
			"level-1 headings":    {s.headings[1], 1},
			"level-2 headings":    {s.headings[2], 1},
			"level-3 headings":    {s.headings[3], 1},
			"other headings":      {s.headings[4] + s.headings[5] + s.headings[6], 0},
			"links":               {s.links, 1},
			"strong emphasis":     {s.strong, strong},
			"emphasis":            {s.emphasis, 0},
			"strikethroughs":      {s.strike, 0},
			"lists":               {s.lists, wantLists},
			"list items":          {s.items, wantItems},
			"tables":              {s.tables, 1},
			"table rows":          {s.rows, 1},
			"HTML blocks":         {s.htmlBlocks, 1},
			"raw HTML but <br>":   {s.otherHTML, 0},
			"code blocks, quotes": {s.blocks, 0},
			"images, autolinks":   {s.images, 0},
		} {
			if counts[0] != counts[1] {
				t.Errorf("%d %s, want %d; the reference:\n%s", counts[0], what, counts[1], src)
			}
		}
		if t.Failed() {
			return
		}
		checkText(t, "the tool's heading", s.heading2, tool.Name)
		checkText(t, "the title", s.strongText, tool.Title)
		checkText(t, "the description", s.paragraphs, tool.Description)
		cells := s.cells
		checkText(t, "the argument's pointer", cells[0], "/"+jsonpointer.Escape(prop))
		if !strings.Contains(words(cells[1]), words(def)) {
			t.Errorf("the Type cell reads %q, want it to name %q", cells[1], def)
		}
		if enc, _ := json.Marshal(enum); !strings.Contains(words(cells[3]), words(string(enc))) {
			t.Errorf("the Constraints cell reads %q, want the value %s", cells[3], enc)
		}
		if !strings.Contains(words(cells[3]), words(pattern)) {
			t.Errorf("the Constraints cell reads %q, want the pattern %q", cells[3], pattern)
		}
		checkText(t, "the argument's description", cells[4], propDesc)
	})
}

// asJSONReadsIt is s as a JSON reader reads it back once written: each
// byte of invalid UTF-8 as U+FFFD.
func asJSONReadsIt(s string) string {
	data, _ := json.Marshal(s)
	_ = json.Unmarshal(data, &s)
	return s
}

// checkText compares what a part of the reference reads as with the
// catalog text it came from, both with runs of white space as one space.
func checkText(t *testing.T, what, got, want string) {
	t.Helper()
	if words(got) != words(want) {
		t.Errorf("%s reads %q, want %q", what, words(got), words(want))
	}
}

// words is s with its runs of white space as single spaces, and NUL as
// CommonMark reads it.
func words(s string) string {
	return strings.Join(strings.FieldsFunc(strings.ReplaceAll(s, "\x00", "\uFFFD"), unicode.IsSpace), " ")
}

// markdownSurvey counts the constructs of a parsed reference and keeps the
// text of the parts that hold catalog text.
type markdownSurvey struct {
	headings                              [7]int
	links, strong, emphasis, strike       int
	lists, items, tables, rows            int
	htmlBlocks, otherHTML, blocks, images int
	heading2, strongText, paragraphs      string
	cells                                 []string // of the first body row
	inDescription                         bool
}

func survey(root ast.Node, src []byte) *markdownSurvey {
	s := &markdownSurvey{}
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			s.headings[n.Level]++
			if n.Level == 2 {
				s.heading2 = plain(n, src)
				s.inDescription = true
			} else {
				s.inDescription = false
			}
		case *ast.Link:
			s.links++
		case *ast.Emphasis:
			if n.Level == 2 {
				s.strong++
				s.strongText = plain(n, src)
			} else {
				s.emphasis++
			}
		case *east.Strikethrough:
			s.strike++
		case *ast.List:
			s.lists++
			s.inDescription = false
		case *ast.ListItem:
			s.items++
		case *east.Table:
			s.tables++
		case *east.TableRow:
			s.rows++
			if s.rows == 1 {
				for c := n.FirstChild(); c != nil; c = c.NextSibling() {
					s.cells = append(s.cells, plain(c, src))
				}
			}
		case *ast.HTMLBlock:
			s.htmlBlocks++
		case *ast.RawHTML:
			if string(n.Segments.Value(src)) != "<br>" {
				s.otherHTML++
			}
		case *ast.CodeBlock, *ast.FencedCodeBlock, *ast.Blockquote, *ast.ThematicBreak:
			s.blocks++
		case *ast.Image, *ast.AutoLink:
			s.images++
		case *ast.Paragraph:
			if plain(n, src) == "Annotations:" {
				s.inDescription = false
			}
			if s.inDescription && !(n.ChildCount() == 1 && n.FirstChild().Kind() == ast.KindEmphasis) {
				s.paragraphs += plain(n, src) + "\n"
			}
		}
		return ast.WalkContinue, nil
	})
	return s
}

// plain is the text n reads as, as goldmark's HTML renderer writes it
// (escapes and entities resolved, code as it is), HTML-unescaped; line
// breaks and <br> as spaces.
func plain(n ast.Node, src []byte) string {
	var out bytes.Buffer
	w := bufio.NewWriter(&out)
	code := 0
	_ = ast.Walk(n, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if _, ok := n.(*ast.CodeSpan); ok {
			code += map[bool]int{true: 1, false: -1}[entering]
		}
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Text:
			if code > 0 {
				html.DefaultWriter.RawWrite(w, n.Segment.Value(src))
			} else {
				html.DefaultWriter.Write(w, n.Segment.Value(src))
			}
			if n.SoftLineBreak() || n.HardLineBreak() {
				_ = w.WriteByte(' ')
			}
		case *ast.String:
			html.DefaultWriter.RawWrite(w, n.Value)
		case *ast.RawHTML:
			_ = w.WriteByte(' ')
		}
		return ast.WalkContinue, nil
	})
	_ = w.Flush()
	return stdhtml.UnescapeString(out.String())
}
