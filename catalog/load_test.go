package catalog

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// want is one expected diagnostic; msg is a substring of its message.
type want struct {
	line, col int
	sev       Severity
	ptr       string
	msg       string
}

// checkDiags compares diagnostics with expectations, in order.
func checkDiags(t *testing.T, got Diagnostics, wants []want) {
	t.Helper()
	for i := 0; i < len(got) || i < len(wants); i++ {
		switch {
		case i >= len(got):
			t.Errorf("missing diagnostic %d: %d:%d %s: %s", i, wants[i].line, wants[i].col, wants[i].ptr, wants[i].msg)
		case i >= len(wants):
			t.Errorf("unexpected diagnostic %d: %v", i, got[i])
		default:
			g, w := got[i], wants[i]
			if g.Line != w.line || g.Col != w.col || g.Severity != w.sev || g.Pointer != w.ptr || !strings.Contains(g.Message, w.msg) {
				t.Errorf("diagnostic %d:\n got  %d:%d sev=%d %q: %s\n want %d:%d sev=%d %q: ...%s...",
					i, g.Line, g.Col, g.Severity, g.Pointer, g.Message, w.line, w.col, w.sev, w.ptr, w.msg)
			}
		}
	}
}

// load loads a fixture and fails the test on any error diagnostic.
func load(t *testing.T, name string) *Catalog {
	t.Helper()
	c, diags := Load(filepath.Join("testdata", name))
	if diags.HasErrors() {
		t.Fatalf("Load(%s):\n%v", name, diags)
	}
	return c
}

func TestFormats(t *testing.T) {
	tests := []struct {
		file          string
		format        Format
		names         []string
		pointers      []string
		schemaPtrs    []string
		schemaLineCol [2]int   // of the second tool's schema key
		unread        []string // pointers of the members toolgen has no use for
	}{
		{"mcp.json", FormatMCP, []string{"create_order", "list_orders"},
			[]string{"/tools/0", "/tools/1"}, []string{"/tools/0/inputSchema", "/tools/1/inputSchema"}, [2]int{33, 7}, nil},
		{"mcp-array.json", FormatMCPArray, []string{"pods_list", "pods_delete"},
			[]string{"/0", "/1"}, []string{"/0/inputSchema", "/1/inputSchema"}, [2]int{12, 5}, nil},
		{"openai-chat.json", FormatOpenAIChat, []string{"get_weather", "get_time"},
			[]string{"/0", "/1"}, []string{"/0/function/parameters", "/1/function/parameters"}, [2]int{21, 7}, nil},
		{"openai-responses.json", FormatOpenAIResponses, []string{"get_weather", "get_time"},
			[]string{"/0", "/1"}, []string{"/0/parameters", "/1/parameters"}, [2]int{17, 5}, nil},
		{"anthropic.json", FormatAnthropic, []string{"get_weather", "get_time"},
			[]string{"/0", "/1"}, []string{"/0/input_schema", "/1/input_schema"}, [2]int{15, 5}, []string{"/1/cache_control"}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			c := load(t, tt.file)
			data, err := os.ReadFile(filepath.Join("testdata", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			if c.Format != tt.format {
				t.Errorf("format = %q, want %q", c.Format, tt.format)
			}
			if len(c.Tools) != len(tt.names) {
				t.Fatalf("%d tools, want %d", len(c.Tools), len(tt.names))
			}
			for i, tool := range c.Tools {
				if tool.Name != tt.names[i] || tool.Pointer != tt.pointers[i] || tool.SchemaPointer != tt.schemaPtrs[i] {
					t.Errorf("tool %d = %q at %q, schema %q; want %q at %q, schema %q",
						i, tool.Name, tool.Pointer, tool.SchemaPointer, tt.names[i], tt.pointers[i], tt.schemaPtrs[i])
				}
				// The schema is the file's own bytes, an object, found where
				// the pointer says.
				if !bytes.Contains(data, tool.InputSchema) || !json.Valid(tool.InputSchema) || tool.InputSchema[0] != '{' {
					t.Errorf("tool %d: InputSchema is not the file's object bytes: %s", i, tool.InputSchema)
				}
			}
			if line, col := c.Position(c.Tools[1].SchemaPointer); line != tt.schemaLineCol[0] || col != tt.schemaLineCol[1] {
				t.Errorf("Position(%s) = %d:%d, want %d:%d", c.Tools[1].SchemaPointer, line, col, tt.schemaLineCol[0], tt.schemaLineCol[1])
			}
			// The members toolgen has no use for are warnings, errors
			// under Strict, and the only diagnostics.
			for _, strict := range []bool{false, true} {
				var unread []string
				for _, d := range Lint(c, LintOptions{Strict: strict}) {
					if (d.Severity == Error) != strict || !strings.Contains(d.Message, "is not read") {
						t.Errorf("Lint (strict %t): %v", strict, d)
					}
					unread = append(unread, d.Pointer)
				}
				if !slices.Equal(unread, tt.unread) {
					t.Errorf("Lint (strict %t) reports %q, want %q", strict, unread, tt.unread)
				}
			}
		})
	}
}

func TestMCPDetails(t *testing.T) {
	c := load(t, "mcp.json")
	order, list := c.Tools[0], c.Tools[1]
	if order.Title != "Create order" || order.Annotations.Title != "Order creation" {
		t.Errorf("titles = %q, %q", order.Title, order.Annotations.Title)
	}
	if list.Title != "List orders" {
		t.Errorf("a tool with only annotations.title: Title = %q, want it", list.Title)
	}
	if order.Description != "Create an order." {
		t.Errorf("description = %q", order.Description)
	}
	a := order.Annotations
	if a.ReadOnlyHint == nil || *a.ReadOnlyHint || a.DestructiveHint == nil || !*a.DestructiveHint ||
		a.IdempotentHint == nil || *a.IdempotentHint || a.OpenWorldHint == nil || !*a.OpenWorldHint {
		t.Errorf("annotations = %+v", a)
	}
	if list.Annotations.DestructiveHint != nil {
		t.Errorf("an absent hint is not nil")
	}
	if order.Settings.GoName != "PlaceOrder" || list.Settings.GoName != "" {
		t.Errorf("goName = %q, %q", order.Settings.GoName, list.Settings.GoName)
	}
	if order.OutputSchemaPointer != "/tools/0/outputSchema" || !json.Valid(order.OutputSchema) {
		t.Errorf("output schema %q: %s", order.OutputSchemaPointer, order.OutputSchema)
	}
	if list.OutputSchema != nil || list.OutputSchemaPointer != "" {
		t.Errorf("list_orders has no output schema")
	}
	want := "{\n        \"type\": \"object\",\n        \"properties\": {\n          \"sku\": {\"type\": \"string\"},"
	if !strings.HasPrefix(string(order.InputSchema), want) {
		t.Errorf("InputSchema is not byte-exact:\n%s", order.InputSchema)
	}
}

func TestOpenAIDetails(t *testing.T) {
	c := load(t, "openai-chat.json")
	if s := c.Tools[0].Strict; s == nil || !*s {
		t.Errorf("strict = %v, want true", s)
	}
	if c.Tools[1].Strict != nil {
		t.Errorf("absent strict is not nil")
	}
	if c.Tools[0].Settings.GoName != "Weather" {
		t.Errorf("goName = %q", c.Tools[0].Settings.GoName)
	}
	if c.Tools[1].Description != "" {
		t.Errorf("description = %q", c.Tools[1].Description)
	}
	c = load(t, "openai-responses.json")
	if s := c.Tools[0].Strict; s == nil || *s {
		t.Errorf("strict = %v, want false", s)
	}
}

func TestLoadUnreadable(t *testing.T) {
	c, diags := Load(filepath.Join("testdata", "no-such-file.json"))
	if c != nil {
		t.Error("catalog from a missing file")
	}
	checkDiags(t, diags, []want{{0, 0, Error, "", "cannot read the catalog"}})
	if got := diags[0].String(); got != "testdata/no-such-file.json: cannot read the catalog: no such file or directory" {
		t.Errorf("String() = %q", got)
	}
}

// TestParseErrors covers bad JSON, duplicate keys, formats that do not
// match and tools with missing or mistyped members.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		name  string
		input string
		nilOK bool // Parse returns no catalog
		wants []want
	}{
		{"trailing comma", "{\n  \"tools\": [\n    {\"name\": \"a\",}\n  ]\n}", true,
			[]want{{3, 17, Error, "/tools/0", "invalid JSON: invalid character ',' at start of value"}}},
		{"truncated", "{\"tools\": [\n  {\"name\": ", true,
			[]want{{2, 12, Error, "/tools/0/name", "invalid JSON: the file ends in the middle of a value"}}},
		{"trailing data", "[]\n[]", true,
			[]want{{2, 1, Error, "", "unexpected data after the top-level value"}}},
		{"empty", "  \n", true,
			[]want{{2, 1, Error, "", "the file is empty"}}},
		{"invalid UTF-8", "{\"tools\": [\"\xff\"]}", true,
			[]want{{1, 13, Error, "/tools/0", "invalid JSON: invalid UTF-8"}}},
		{"duplicate keys", "{\"tools\": [{\"name\": \"a\",\n \"inputSchema\": {\"type\": \"object\", \"type\": \"string\"},\n \"name\": \"b\"}]}", false,
			[]want{
				{2, 36, Error, "/tools/0/inputSchema/type", `duplicate key "type": the first "type" is at line 2, column 18`},
				{3, 2, Error, "/tools/0/name", `duplicate key "name": the first "name" is at line 1, column 13`},
			}},
		{"not a catalog", `"tools"`, false,
			[]want{{1, 1, Error, "", "the catalog is a string, not a JSON object or array; accepted shapes:"}}},
		{"object without tools", `{"name": "a"}`, false,
			[]want{{1, 1, Error, "", `a top-level object must have a "tools" array; accepted shapes: an MCP tools/list result`}}},
		{"single tool", `{"name": "a", "inputSchema": {}}`, false,
			[]want{{1, 1, Error, "", `this object looks like a single tool: wrap it as {"tools":[ ... ]}`}}},
		{"tools not an array", `{"tools": {}}`, false,
			[]want{{1, 2, Error, "/tools", `"tools" must be an array of tools, found an object`}}},
		{"no tools", `{"tools": []}`, false,
			[]want{{1, 2, Warning, "/tools", "the catalog has no tools"}}},
		{"empty array", `[]`, false,
			[]want{{1, 1, Warning, "", "the catalog is an empty array"}}},
		{"unknown element", `[{"foo": 1}]`, false,
			[]want{{1, 2, Error, "/0", "the first element is not a tool in any accepted format (found an object that matches no tool shape); accepted shapes:"}}},
		{"mixed formats", "[{\"name\": \"a\", \"input_schema\": {}},\n {\"type\": \"function\", \"function\": {\"name\": \"b\", \"parameters\": {}}},\n 7]", false,
			[]want{
				{2, 2, Error, "/1", `expected an Anthropic tool {"name","description","input_schema"} like the first element, found an OpenAI chat tool`},
				{3, 2, Error, "/2", "found a number; all tools in one file must use the same format"},
			}},
		{"missing name", `{"tools": [{"inputSchema": {}}]}`, false,
			[]want{{1, 12, Error, "/tools/0", `the tool has no "name"`}}},
		{"name not a string", `{"tools": [{"name": 7, "inputSchema": {}}]}`, false,
			[]want{{1, 13, Error, "/tools/0/name", `"name" must be a string, found a number`}}},
		{"description not a string", `{"tools": [{"name": "a", "description": ["x"], "inputSchema": {}}]}`, false,
			[]want{{1, 26, Error, "/tools/0/description", `"description" must be a string, found an array`}}},
		{"missing schema", `{"tools": [{"name": "a"}]}`, false,
			[]want{{1, 12, Error, "/tools/0", `the tool has no "inputSchema"; every tool needs an input schema`}}},
		{"schema under another format's name", `{"tools": [{"name": "a", "input_schema": {}}]}`, false,
			[]want{{1, 12, Error, "/tools/0", `expected an MCP tool {"name","description","inputSchema"}, found an Anthropic tool`}}},
		{"boolean schema", `{"tools": [{"name": "a", "inputSchema": true}]}`, false,
			[]want{{1, 26, Error, "/tools/0/inputSchema", `"inputSchema" is the boolean schema true; a tool's schema must be an object schema`}}},
		{"array schema", `[{"name": "a", "input_schema": []}]`, false,
			[]want{{1, 16, Error, "/0/input_schema", `"input_schema" must be a JSON Schema object, found an array`}}},
		{"output schema false", `{"tools": [{"name": "a", "inputSchema": {}, "outputSchema": false}]}`, false,
			[]want{{1, 45, Error, "/tools/0/outputSchema", `"outputSchema" is the boolean schema false`}}},
		{"annotations", `{"tools": [{"name": "a", "inputSchema": {}, "annotations": {"readOnlyHint": "yes", "title": 1, "other": 2}}]}`, false,
			[]want{
				{1, 61, Error, "/tools/0/annotations/readOnlyHint", `"readOnlyHint" must be true or false, found a string`},
				{1, 84, Error, "/tools/0/annotations/title", `"title" must be a string, found a number`},
			}},
		{"x-toolgen unknown key", `{"tools": [{"name": "a", "inputSchema": {}, "x-toolgen": {"goname": "A", "color": 1}}]}`, false,
			[]want{
				{1, 59, Error, "/tools/0/x-toolgen/goname", `unknown key "goname" in "x-toolgen"; did you mean "goName"? (known keys: goName, timeout)`},
				{1, 74, Error, "/tools/0/x-toolgen/color", `unknown key "color" in "x-toolgen" (known keys: goName, timeout)`},
			}},
		{"x-toolgen bad timeout", `{"tools": [{"name": "a", "inputSchema": {}, "x-toolgen": {"timeout": "soon"}}]}`, false,
			[]want{{1, 59, Error, "/tools/0/x-toolgen/timeout", `"timeout" "soon" is not a positive duration such as "5s"`}}},
		{"x-toolgen bad goName", `{"tools": [{"name": "a", "inputSchema": {}, "x-toolgen": {"goName": "lower"}}]}`, false,
			[]want{{1, 59, Error, "/tools/0/x-toolgen/goName", `"goName" "lower" is not an exported Go identifier`}}},
		{"x-toolgen not an object", `{"tools": [{"name": "a", "inputSchema": {}, "x-toolgen": "A"}]}`, false,
			[]want{{1, 45, Error, "/tools/0/x-toolgen", `"x-toolgen" must be an object`}}},
		{"openai type", `[{"type": "web_search", "parameters": {}, "name": "a"}]`, false,
			[]want{{1, 3, Error, "/0/type", `"type" must be "function", found "web_search"`}}},
		{"openai no type", `[{"function": {"name": "a", "parameters": {}}}]`, false,
			[]want{{1, 2, Error, "/0", `an OpenAI tool needs "type":"function"`}}},
		{"openai function not an object", `[{"type": "function", "function": "a"}]`, false,
			[]want{{1, 23, Error, "/0/function", `"function" must be an object`}}},
		{"openai strict", `[{"type": "function", "name": "a", "parameters": {}, "strict": 1}]`, false,
			[]want{{1, 54, Error, "/0/strict", `"strict" must be true or false, found a number`}}},
		{"anthropic server tool", `[{"type": "bash_20250124", "name": "bash", "input_schema": {}}]`, false,
			[]want{{1, 3, Error, "/0/type", `"type" of an Anthropic tool with an input schema must be "custom" or absent, found "bash_20250124"`}}},
		{"another format in an MCP catalog", `{"tools": [{"name": "a", "inputSchema": {}}, {"name": "b", "input_schema": {}}]}`, false,
			[]want{{1, 46, Error, "/tools/1", `expected an MCP tool {"name","description","inputSchema"}, found an Anthropic tool {"name","description","input_schema"}`}}},
		{"x-toolgen outside function", `[{"type": "function", "function": {"name": "a", "parameters": {}}, "x-toolgen": {}}]`, false,
			[]want{{1, 68, Error, "/0/x-toolgen", `"x-toolgen" of an OpenAI chat tool belongs inside "function"`}}},
		{"tool not an object", `{"tools": [{"name": "a", "inputSchema": {}}, null]}`, false,
			[]want{{1, 46, Error, "/tools/1", "a tool must be an object, found null"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, diags := Parse("x.json", []byte(tt.input))
			if (c == nil) != tt.nilOK {
				t.Errorf("catalog = %v, want nil: %v", c, tt.nilOK)
			}
			checkDiags(t, diags, tt.wants)
			for _, d := range diags {
				if d.File != "x.json" {
					t.Errorf("file = %q", d.File)
				}
			}
		})
	}
}

// TestToolsWithErrorsAreLeftOut checks that only complete tools are kept.
func TestToolsWithErrorsAreLeftOut(t *testing.T) {
	c, diags := Parse("x.json", []byte(`{"tools": [{"name": "a", "inputSchema": {}}, {"name": "b"}, {"name": "c", "inputSchema": {}}]}`))
	if len(diags) != 1 {
		t.Fatalf("diags = %v", diags)
	}
	if len(c.Tools) != 2 || c.Tools[0].Name != "a" || c.Tools[1].Name != "c" || c.Tools[1].Pointer != "/tools/2" {
		t.Errorf("tools = %+v", c.Tools)
	}
}

func TestPosition(t *testing.T) {
	// Columns count bytes: "é" is two bytes, a tab is one.
	input := "\n  {\"é\": [1,\n\t{\"a/b\": {\"x~y\": null}}],\n  \"k\":\"v\"}"
	c, diags := Parse("x.json", []byte(input))
	if diags.HasErrors() {
		// Not a catalog: the position index is still what is tested.
		t.Logf("diags: %v", diags)
	}
	if c == nil {
		t.Fatal("no catalog")
	}
	tests := []struct {
		ptr       string
		line, col int
	}{
		{"", 2, 3},                  // the top-level value
		{"/é", 2, 4},                // a member: its key
		{"/é/0", 2, 11},             // an element: its value
		{"/é/1", 3, 2},              // after a tab
		{"/é/1/a~1b", 3, 3},         // escaped "/"
		{"/é/1/a~1b/x~0y", 3, 11},   // escaped "~"
		{"/k", 4, 3},                // another member
		{"/k/deeper/still", 4, 3},   // unknown: the nearest ancestor
		{"/nope", 2, 3},             // unknown: the root
		{"/é/7", 2, 4},              // no such element: the array's key
		{"not a pointer", 2, 3},     // not a pointer at all: the root
		{"/%C3%A9", 2, 3},           // pointers are not URL-encoded
		{"/é/1/a~1b/x~0y/z", 3, 11}, // below a scalar
	}
	for _, tt := range tests {
		if line, col := c.Position(tt.ptr); line != tt.line || col != tt.col {
			t.Errorf("Position(%q) = %d:%d, want %d:%d", tt.ptr, line, col, tt.line, tt.col)
		}
	}
	if line, col := (*Catalog)(nil).Position(""); line != 0 || col != 0 {
		t.Errorf("nil catalog: %d:%d", line, col)
	}
	if line, col := (&Catalog{}).Position("/x"); line != 0 || col != 0 {
		t.Errorf("catalog without index: %d:%d", line, col)
	}
}

func TestDiagnosticString(t *testing.T) {
	c, _ := Parse("cat.json", []byte(`{"tools": []}`))
	d := c.Diagnostic(Warning, "search", "/tools/0/inputSchema", "unknown keyword %q", "x")
	if got, want := d.String(), `cat.json:1:2: tool "search" /tools/0/inputSchema: warning: unknown keyword "x"`; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestDiagnosticsSort(t *testing.T) {
	ds := Diagnostics{
		{Line: 2, Col: 1, Message: "c"},
		{Line: 1, Col: 5, Severity: Warning, Message: "b"},
		{Line: 1, Col: 5, Severity: Error, Message: "z"},
		{Line: 0, Col: 0, Message: "a"},
	}
	ds.Sort()
	var got []string
	for _, d := range ds {
		got = append(got, d.Message)
	}
	if strings.Join(got, "") != "azbc" {
		t.Errorf("order = %v", got)
	}
}

// TestServerInfo reads the top-level "serverInfo" that toolgen pull writes,
// silently when it is well formed, and refuses one that is not.
func TestServerInfo(t *testing.T) {
	const tools = `"tools": [{"name": "a", "inputSchema": {"type": "object"}}]`
	cat, diags := Parse("c.json", []byte(`{"serverInfo": {"name": "memory", "version": "0.6.3"}, `+tools+`}`))
	if len(diags) != 0 || cat.Server == nil || *cat.Server != (ServerInfo{Name: "memory", Version: "0.6.3"}) {
		t.Errorf("got %+v, %v; want the server and no diagnostics", cat.Server, diags)
	}
	if cat, _ := Parse("c.json", []byte(`{`+tools+`}`)); cat.Server != nil {
		t.Errorf("a catalog without serverInfo has Server %+v", cat.Server)
	}
	for _, bad := range []struct{ info, pointer string }{
		{`"memory"`, "/serverInfo"},
		{`{"name": 1, "version": "1"}`, "/serverInfo/name"},
		{`{"name": "m", "version": null}`, "/serverInfo/version"},
		{`{"name": "m", "url": "https://example.com"}`, "/serverInfo/url"},
	} {
		_, diags := Parse("c.json", []byte(`{"serverInfo": `+bad.info+`, `+tools+`}`))
		if len(diags) != 1 || diags[0].Severity != Error || diags[0].Pointer != bad.pointer {
			t.Errorf("serverInfo %s: got %v, want one error at %s", bad.info, diags, bad.pointer)
		}
	}
}
