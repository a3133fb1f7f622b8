package catalog

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeFolder writes files (name -> content) into a new folder.
func writeFolder(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestLoadFolder(t *testing.T) {
	dir := writeFolder(t, map[string]string{
		"b_search.yaml": "name: search\ndescription: Search.\ninputSchema:\n  type: object\n  properties:\n    q: {type: string}\n",
		"a_get.json":    `{"name": "get", "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}}}`,
		"c_more.json": `{"tools": [
  {"name": "put", "inputSchema": {"type": "object"}},
  {"name": "delete", "inputSchema": {"type": "object"}}
]}`,
		"d_list.yml":      "- name: list\n  inputSchema: {type: object}\n",
		"notes.txt":       "not a catalog",
		".draft.json":     "{",
		"sub/other.json":  "{",
		"README.md":       "# tools",
		"e_upper.JSON":    `{"name": "upper", "inputSchema": {"type": "object"}}`,
		"f_spaced.yaml":   "\n\n  name: spaced\n  inputSchema: {type: object}\n",
		"g_deep/x.yaml":   "{",
		"h_empty.json.gz": "",
	})
	c, diags := Load(dir)
	if len(diags) != 0 {
		t.Fatalf("Load: %v", diags)
	}
	if c.File != dir || c.Format != FormatMCP {
		t.Errorf("File %q, Format %q", c.File, c.Format)
	}
	type place struct{ name, file, ptr string }
	want := []place{
		{"get", "a_get.json", ""},
		{"search", "b_search.yaml", ""},
		{"put", "c_more.json", "/tools/0"},
		{"delete", "c_more.json", "/tools/1"},
		{"list", "d_list.yml", "/0"},
		{"upper", "e_upper.JSON", ""},
		{"spaced", "f_spaced.yaml", ""},
	}
	if len(c.Tools) != len(want) {
		t.Fatalf("%d tools, want %d: %+v", len(c.Tools), len(want), c.Tools)
	}
	for i, w := range want {
		tool := c.Tools[i]
		if tool.Name != w.name || tool.File != filepath.Join(dir, w.file) || tool.Pointer != w.ptr {
			t.Errorf("tool %d = %q in %s at %q, want %q in %s at %q", i, tool.Name, tool.File, tool.Pointer, w.name, w.file, w.ptr)
		}
	}
	// Each tool has the positions of its own file.
	if line, col := c.Tools[1].Position("/inputSchema/properties/q"); line != 6 || col != 5 {
		t.Errorf("search: /inputSchema/properties/q at %d:%d, want 6:5", line, col)
	}
	if line, col := c.Tools[3].Position(c.Tools[3].Pointer); line != 3 || col != 3 {
		t.Errorf("delete: %s at %d:%d, want 3:3", c.Tools[3].Pointer, line, col)
	}
	if line, col := c.Tools[6].Position(""); line != 3 || col != 3 {
		t.Errorf("spaced: root at %d:%d, want 3:3", line, col)
	}
	// The folder itself has no positions.
	if line, col := c.Position(""); line != 0 || col != 0 {
		t.Errorf("folder position %d:%d", line, col)
	}
	if diags := Lint(c, LintOptions{Strict: true}); len(diags) != 0 {
		t.Errorf("Lint: %v", diags)
	}
}

// TestFolderDiagnostics checks that every stage places a tool's findings in
// the tool's own file.
func TestFolderDiagnostics(t *testing.T) {
	dir := writeFolder(t, map[string]string{
		"a.json": `{"name": "a", "inputSchema": {"type": "object", "properties": {"n": {"type": "integer", "maxLenght": 1}}}}`,
		"b.yaml": "name: b\ninputSchema:\n  type: object\n  properties:\n    n:\n      type: integer\n      maxLenght: 1\n",
	})
	c, diags := Load(dir)
	if len(diags) != 0 {
		t.Fatalf("Load: %v", diags)
	}
	lint := Lint(c, LintOptions{})
	var got []string
	for _, d := range lint {
		got = append(got, d.String())
	}
	wantDiags := []string{
		filepath.Join(dir, "a.json") + `:1:89: tool "a" /inputSchema/properties/n/maxLenght: unknown keyword "maxLenght"; did you mean "maxLength"?`,
		filepath.Join(dir, "b.yaml") + `:7:7: tool "b" /inputSchema/properties/n/maxLenght: unknown keyword "maxLenght"; did you mean "maxLength"?`,
	}
	if strings.Join(got, "\n") != strings.Join(wantDiags, "\n") {
		t.Errorf("Lint:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(wantDiags, "\n"))
	}

	// Diagnostic resolves the file from the tool name; without a tool it
	// names the folder.
	d := c.Diagnostic(Warning, "b", "/inputSchema/type", "x")
	if d.File != filepath.Join(dir, "b.yaml") || d.Line != 3 || d.Col != 3 {
		t.Errorf("Diagnostic for b: %s", d)
	}
	d = c.Diagnostic(Error, "", "/x", "x")
	if d.File != dir || d.Line != 0 {
		t.Errorf("Diagnostic for no tool: %s", d)
	}
	d = c.Diagnostic(Error, "nope", "/x", "x")
	if d.File != dir || d.Line != 0 {
		t.Errorf("Diagnostic for an unknown tool: %s", d)
	}

	// Merge keeps two errors at the same pointer in different files, and
	// drops a second one in the same file.
	const ptr = "/inputSchema/properties/n"
	merged := Diagnostics{c.Diagnostic(Error, "a", ptr, "first")}.Merge(Diagnostics{
		c.Diagnostic(Error, "a", ptr, "again"),
		c.Diagnostic(Error, "b", ptr, "elsewhere"),
	})
	if len(merged) != 2 || merged[0].Message != "first" || merged[1].Message != "elsewhere" {
		t.Errorf("Merge: %v", merged)
	}
}

func TestFolderErrors(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		tools []string
		want  []string // the start of each diagnostic as a string, with the folder as DIR
	}{
		{"duplicate names across files",
			map[string]string{
				"a.json": `{"name": "x", "inputSchema": {"type": "object"}}`,
				"b.yaml": "# another x\nname: x\ninputSchema: {type: object}\n",
				"c.json": "{\"tools\": [\n {\"name\": \"y\", \"inputSchema\": {\"type\": \"object\"}},\n {\"name\": \"y\", \"inputSchema\": {\"type\": \"object\"}}]}",
			},
			[]string{"x", "y"},
			[]string{
				`DIR/b.yaml:2:1: tool "x" /name: duplicate tool name "x": the first tool with this name is in DIR/a.json at line 1; tool names must be unique across the folder`,
				`DIR/c.json:3:3: tool "y" /tools/1/name: duplicate tool name "y": the first tool with this name is in DIR/c.json at line 2; tool names must be unique across the folder`,
			}},
		{"mixed formats",
			map[string]string{
				"a.json": `{"type": "function", "function": {"name": "a", "parameters": {"type": "object"}}}`,
				"b.json": `{"name": "b", "input_schema": {"type": "object"}}`,
				"c.json": `[{"type": "function", "function": {"name": "c", "parameters": {"type": "object"}}}]`,
			},
			[]string{"a", "c"},
			[]string{
				`DIR/b.json:1:1: this file holds an Anthropic tool {"name","description","input_schema"}, but DIR/a.json holds an OpenAI chat tool {"type":"function","function":{"name","description","parameters"}}; all files of a catalog folder must use the same format`,
			}},
		{"errors stay in their file",
			map[string]string{
				"a.json": `{"name": "a"}`,
				"b.yaml": "name: b\ninputSchema: &s {type: object}\n",
				"c.json": `{"name": "c", "inputSchema": {"type": "object"}}`,
				"d.json": `{"title": "no shape"}`,
				"e.json": `{"name": "e", "inputSchema": {"type": "object"}`,
			},
			[]string{"c"},
			[]string{
				`DIR/a.json:1:1: the file matches no accepted format: this object has a "name" but no input schema; a tool needs "inputSchema" (MCP), "input_schema" (Anthropic), "parameters" (OpenAI Responses) or "function" (OpenAI chat)`,
				`DIR/b.yaml:2:14: /inputSchema: the anchor &s has no JSON meaning; remove it and write out the values that use it (YAML anchors and aliases are not accepted)`,
				`DIR/d.json:1:1: the file matches no accepted format: a file in a catalog folder holds one tool object, or a catalog with a "tools" array`,
				`DIR/e.json:1:48: invalid JSON: the file ends in the middle of a value (truncated?)`,
			}},
		{"no catalog files",
			map[string]string{"notes.txt": "x", "sub/a.json": "{}"},
			nil,
			[]string{`DIR: the catalog folder has no catalog files; it must hold *.json, *.yaml or *.yml files, each one tool or a catalog`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeFolder(t, tt.files)
			c, diags := Load(dir)
			var got []string
			for _, d := range diags {
				got = append(got, strings.ReplaceAll(d.String(), dir, "DIR"))
			}
			ok := len(got) == len(tt.want)
			for i := 0; ok && i < len(got); i++ {
				ok = strings.HasPrefix(got[i], tt.want[i])
			}
			if !ok {
				t.Errorf("diagnostics:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			var names []string
			for _, tool := range c.Tools {
				names = append(names, tool.Name)
			}
			if strings.Join(names, ",") != strings.Join(tt.tools, ",") {
				t.Errorf("tools %v, want %v", names, tt.tools)
			}
		})
	}
}

func TestLoadFolderUnreadable(t *testing.T) {
	c, diags := LoadFolder(filepath.Join(t.TempDir(), "missing"))
	if c != nil || len(diags) != 1 || !strings.Contains(diags[0].Message, "cannot read the catalog folder") {
		t.Errorf("got %v, %v", c, diags)
	}
}
