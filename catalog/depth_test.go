package catalog

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/toolgen/toolgen/internal/schema"
)

// nestedSchema returns an input schema whose properties nest levels deep, in
// JSON or in YAML flow style (the same text, which YAML also reads).
func nestedSchema(levels int) string {
	return strings.Repeat(`{"type":"object","properties":{"n":`, levels) + `{"type":"integer"}` + strings.Repeat("}}", levels)
}

// TestSchemaDepthIsBounded checks that a catalog nested past the limit is
// refused with one error that says so, from the JSON and the YAML readers,
// whatever how far past it goes, and that one within it loads and lints.
func TestSchemaDepthIsBounded(t *testing.T) {
	// Each level of properties is two JSON levels; the catalog's shape and
	// the innermost schema add four.
	within := (MaxSchemaDepth - 2) / 2
	for _, file := range []string{"catalog.json", "catalog.yaml"} {
		for _, levels := range []int{within, within + 1, within + 5, 5_000, 200_000} {
			src := `{"tools":[{"name":"deep","description":"d","inputSchema":` + nestedSchema(levels) + `}]}`
			c, diags := Parse(file, []byte(src))
			if c != nil && !diags.HasErrors() {
				diags = diags.Merge(Lint(c, LintOptions{}))
			}
			if levels == within {
				if diags.HasErrors() {
					t.Errorf("%s, %d levels: refused within the limit: %v", file, levels, diags)
				}
				continue
			}
			if len(diags) != 1 || diags[0].Severity != Error {
				t.Fatalf("%s, %d levels: want one error, got %v", file, levels, diags)
			}
			d := diags[0]
			if !strings.Contains(d.Message, "nests deeper than") || d.Line != 1 || d.Col < 1 {
				t.Errorf("%s, %d levels: the error does not say where the schema is too deep: %v", file, levels, d)
			}
			// It names the tool and the first value past the limit, like
			// every refusal: the file's limit, or, within it, the schema's.
			tokens := 1 + maxFileDepth - 1 // a value at depth d has d-1 tokens
			if levels == within+1 {
				tokens = len("/tools/0/inputSchema")/len("/tools") + MaxSchemaDepth
			}
			checkDeepValue(t, src, d, "deep", tokens)
			if len(d.String()) > 1000 {
				t.Errorf("%s, %d levels: the error runs to %d bytes", file, levels, len(d.String()))
			}
		}
	}
}

// TestDeepestStopsPastTheLimit checks the measure the linter uses.
func TestDeepestStopsPastTheLimit(t *testing.T) {
	tests := []struct {
		v     string
		depth int
		ptr   string
	}{
		{`"x"`, 0, ""},
		{`{}`, 1, ""},
		{`[1, [{"a~/b": []}]]`, 4, "/1/0/a~0~1b"},
	}
	for _, tt := range tests {
		n, err := schema.Parse([]byte(tt.v), schema.ParseOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if depth, ptr := deepest(n, 10); depth != tt.depth || ptr != tt.ptr {
			t.Errorf("deepest(%s) = %d, %q; want %d, %q", tt.v, depth, ptr, tt.depth, tt.ptr)
		}
	}
	n, err := schema.Parse([]byte(strings.Repeat("[", 50)+"{}"+strings.Repeat("]", 50)), schema.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if depth, _ := deepest(n, 10); depth != 11 {
		t.Errorf("deepest stopped at %d, want the first level past the limit, 11", depth)
	}
}

// checkDeepValue checks that d, about the one-line file src, names tool
// and a pointer of the given number of tokens, and stands at the start of
// the collection that pointer names: as many collections are open there.
func checkDeepValue(t *testing.T, src string, d Diagnostic, tool string, tokens int) {
	t.Helper()
	if d.Tool != tool {
		t.Errorf("the depth error names tool %q, want %q: %v", d.Tool, tool, d)
	}
	if got := strings.Count(d.Pointer, "/"); got != tokens {
		t.Errorf("the depth error's pointer has %d tokens, want %d: %.200s", got, tokens, d.Pointer)
	}
	if d.Line != 1 || d.Col < 1 || d.Col > len(src) {
		t.Fatalf("the depth error is at %d:%d", d.Line, d.Col)
	}
	// A member is refused at its key, an array's element at its start.
	at := d.Col - 1
	if src[at] == '"' { // past the key, which may hold a colon, to its value
		at = stringEnd(src, at)
		at = strings.Index(src[at:], ":") + at + 1
	}
	if open := openCollections(src[:d.Col-1]); open != tokens || !strings.ContainsRune("{[", rune(src[at])) {
		t.Errorf("the depth error is at column %d, where %d collections are open and %q starts; want %d open and a collection", d.Col, open, src[at], tokens)
	}
}

// stringEnd returns the index just past the JSON string that opens at
// src[start].
func stringEnd(src string, start int) int {
	for i := start + 1; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(src)
}

// openCollections counts the JSON collections open at the end of text,
// brackets in strings aside.
func openCollections(text string) int {
	open, quoted := 0, false
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case !quoted && (c == '{' || c == '['):
			open++
		case !quoted && (c == '}' || c == ']'):
			open--
		}
	}
	return open
}

// TestDepthErrorNamesTheTool nests a schema past the file's limit in each
// catalog shape, with the tool's name before and after the schema, in a
// second tool, in several tools at once and outside any tool, and with
// brackets and quotes in strings around it: each value past the limit is
// refused once, naming its tool (if any) and its pointer. JSON, YAML in
// flow style (as deep as the YAML parser reads, and past that), YAML in
// block style around a deep flow collection, and a folder's file.
func TestDepthErrorNamesTheTool(t *testing.T) {
	const noise = `"description": "]]] \\\" [[[ {{ '#", "title": "x"`
	for _, levels := range []int{600, 6_000} { // within and past yaml.v3's own limit of 10,000 levels, in YAML flow style
		deep := nestedSchema(levels)
		cases := []struct {
			name, catalog string
			tools         []string // the tool each error names, in order
		}{
			{"name first", `{"tools":[{"name":"first",` + noise + `,"inputSchema":` + deep + `}]}`, []string{"first"}},
			{"name last", `{"tools":[{` + noise + `,"inputSchema":` + deep + `,"name":"last"}]}`, []string{"last"}},
			{"second tool", `{"tools":[{"name":"ok","inputSchema":{"type":"object"}},{"inputSchema":` + deep + `,"name":"second"}]}`, []string{"second"}},
			{"two tools", `{"tools":[{"inputSchema":` + deep + `,"name":"a"},{"name":"b","outputSchema":` + deep + `,"inputSchema":{}}]}`, []string{"a", "b"}},
			{"openai chat", `[{"type":"function","function":{"parameters":` + deep + `,"name":"fn"}}]`, []string{"fn"}},
			{"anthropic", `[{"input_schema":` + deep + `,"name":"an",` + noise + `}]`, []string{"an"}},
			{"outside any tool", `{"tools":[{"name":"ok","inputSchema":{}}],"extra":` + deep + `}`, []string{""}},
		}
		for _, c := range cases {
			for _, file := range []string{"catalog.json", "catalog.yaml"} {
				_, diags := Parse(file, []byte(c.catalog))
				checkDeepErrors(t, fmt.Sprintf("%s, %s, %d levels", c.name, file, levels), c.catalog, diags, c.tools)
			}
		}
		block := "tools:\n  # a comment with [ and {\n  - description: a [plain] text {x}\n    title: 'it''s [' \n    inputSchema: " + deep + "\n    name: blocky\n"
		_, diags := Parse("catalog.yaml", []byte(block))
		if len(diags) != 1 || diags[0].Tool != "blocky" || diags[0].Line != 5 || !strings.HasPrefix(diags[0].Pointer, "/tools/0/inputSchema/properties/n/") {
			t.Errorf("block YAML, %d levels: want one error naming blocky on line 5, got %v", levels, diags)
		}

		compact := "tools:\n  - name: dashes\n    inputSchema:\n      x:\n        " + strings.Repeat("- ", 6*levels) + "1\n        - 2\n"
		_, diags = Parse("catalog.yaml", []byte(compact))
		if len(diags) != 1 || diags[0].Tool != "dashes" || diags[0].Line != 5 || strings.Count(diags[0].Pointer, "/") != maxFileDepth || !strings.HasPrefix(diags[0].Pointer, "/tools/0/inputSchema/x/0/0/") {
			t.Errorf("compact YAML sequences, %d levels: want one error naming dashes on line 5, got %v", 6*levels, diags)
		}

		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "a.json"), []byte(`{"inputSchema":`+deep+`,"name":"folded"}`), 0o644); err != nil {
			t.Fatal(err)
		}
		_, diags = LoadFolder(dir)
		checkDeepErrors(t, fmt.Sprintf("folder, %d levels", levels), `{"inputSchema":`+deep+`,"name":"folded"}`, diags, []string{"folded"})
	}
}

// checkDeepErrors checks that diags are one depth error per tool of tools,
// in order, each at the first value past the file's limit.
func checkDeepErrors(t *testing.T, name, src string, diags Diagnostics, tools []string) {
	t.Helper()
	if len(diags) != len(tools) {
		t.Errorf("%s: want %d errors, got %v", name, len(tools), diags)
		return
	}
	for i, d := range diags {
		if d.Severity != Error || !strings.Contains(d.Message, "nests deeper than") {
			t.Errorf("%s: %v", name, d)
		}
		checkDeepValue(t, src, d, tools[i], maxFileDepth)
	}
}

// TestDeepCollections checks the scan that finds collections nested past
// a limit, on the syntax around brackets that are not collections.
func TestDeepCollections(t *testing.T) {
	cases := []struct{ text, want string }{
		{`[[[1]]]`, "[1]"},
		{`{"a":[{"b":[]},[[]]],"c":"[[[[","d":[[[]]]}`, "{\"b\":[]}|[[]]|[[]]"},
		{`["\"[[[[", [["'"]]]`, "[\"'\"]"},
		{"a: [[[x]]] # [[[[\n", "[x]"},
		{"a: text [[[[ not flow\nb: [[[1], [2]]]\n", "[1]|[2]"},
		{"a: |\n  [[[[ text\n   [[[[\nb: [[['it''s [[', \"x\"]]]\n", "['it''s [[', \"x\"]"},
		{"- [[[\n  # [[[[ comment\n  1]]]\n", "[\n  # [[[[ comment\n  1]"},
		{"a: [[[[", "[["},
		{`[[["a", 'b]]]', "c"]]]`, "[\"a\", 'b]]]', \"c\"]"},
		{`[[[a'b, [c]]]]`, "[a'b, [c]]"},
		{"- - - 1\n", "- 1"},
		{"a:\n  - - - x\n\n          y\n  - b\n", "- x\n\n          y"},
		{"- - [[x]]\n", ""}, // two of each kind: yaml.v3 limits each kind apart
		{"- a - - - b\n", ""},
	}
	for _, c := range cases {
		var got []string
		for _, r := range deepCollections([]byte(c.text), 2) {
			got = append(got, c.text[r.start:r.end])
		}
		if strings.Join(got, "|") != c.want {
			t.Errorf("deepCollections(%q, 2) = %q, want %q", c.text, strings.Join(got, "|"), c.want)
		}
	}
}

// FuzzDepthError nests a chain of arrays and objects (one byte of shape
// each, with any member name) past the file's limit inside a tool whose
// name, description and placement are the fuzzer's: the file is refused
// with one error, at the first value past the limit, naming the tool, in
// JSON and in YAML.
//
// In CI: go test ./catalog -run '^$' -fuzz '^FuzzDepthError$' -fuzztime 500x
func FuzzDepthError(f *testing.F) {
	f.Add("t", "d", "k", []byte{0, 1}, uint16(600), false)
	f.Add("]]\"[[", "{{#'", "[\"]", []byte{1}, uint16(5_000), true)
	f.Add("名前", "\\u005b", "", []byte{0}, uint16(11_000), false)
	f.Fuzz(func(t *testing.T, name, description, member string, shape []byte, levels uint16, nameLast bool) {
		if len(shape) == 0 {
			shape = []byte{0}
		}
		q := quoteASCII // YAML refuses some characters JSON takes as they are
		var open, closing strings.Builder
		depth := maxFileDepth + 1 + int(levels)%20_000
		for i := 3; i < depth; i++ { // the catalog's object, its tools and the tool: 3 levels
			if shape[i%len(shape)]%2 == 0 {
				open.WriteString("[")
				closing.WriteString("]")
			} else {
				open.WriteString(`{` + q(member) + `:`)
				closing.WriteString("}")
			}
		}
		deep := open.String() + "1" + reverse(closing.String())
		tool := `"name":` + q(name) + `,"description":` + q(description) + `,"inputSchema":` + deep
		if nameLast {
			tool = `"description":` + q(description) + `,"inputSchema":` + deep + `,"name":` + q(name)
		}
		src := `{"tools":[{` + tool + `}]}`
		for _, file := range []string{"catalog.json", "catalog.yaml"} {
			_, diags := Parse(file, []byte(src))
			if len(diags) != 1 || diags[0].Severity != Error || !strings.Contains(diags[0].Message, "nests deeper than") {
				t.Fatalf("%s: want one depth error, got %v", file, diags)
			}
			var want string // the name as the file spells it: invalid UTF-8 marshals as U+FFFD
			_ = json.Unmarshal([]byte(q(name)), &want)
			checkDeepValue(t, src, diags[0], want, maxFileDepth)
		}
	})
}

func reverse(s string) string {
	b := []byte(s)
	slices.Reverse(b)
	return string(b)
}

// quoteASCII quotes s as a JSON string of printable ASCII.
func quoteASCII(s string) string {
	b, _ := json.Marshal(s)
	var out strings.Builder
	for _, r := range string(b) {
		if r < 0x7f {
			out.WriteRune(r)
			continue
		}
		for _, u := range utf16.Encode([]rune{r}) {
			fmt.Fprintf(&out, `\u%04x`, u)
		}
	}
	return out.String()
}
