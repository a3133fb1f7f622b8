package catalog

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// memberShape writes one tool named "t" with the extra members extra (JSON
// object members, without braces) in one catalog shape, and says where the
// extra members land in the file.
type memberShape struct {
	name  string
	file  string                    // the file name, whose extension picks JSON or YAML
	wrap  func(extra string) string // the file's text
	where string                    // JSON Pointer of the object holding the extra members
}

var memberShapes = []memberShape{
	{"mcp", "c.json", func(x string) string { return `{"tools":[{"name":"t","inputSchema":{"type":"object"},` + x + `}]}` }, "/tools/0"},
	{"mcp-array", "c.json", func(x string) string { return `[{"name":"t","inputSchema":{"type":"object"},` + x + `}]` }, "/0"},
	{"openai-chat", "c.json", func(x string) string {
		return `[{"type":"function","function":{"name":"t","parameters":{"type":"object"},` + x + `}}]`
	}, "/0/function"},
	{"openai-chat-outer", "c.json", func(x string) string {
		return `[{"type":"function","function":{"name":"t","parameters":{"type":"object"}},` + x + `}]`
	}, "/0"},
	{"openai-responses", "c.json", func(x string) string {
		return `[{"type":"function","name":"t","parameters":{"type":"object"},` + x + `}]`
	}, "/0"},
	{"anthropic", "c.json", func(x string) string { return `[{"name":"t","input_schema":{"type":"object"},` + x + `}]` }, "/0"},
	{"yaml", "c.yaml", func(x string) string { return `{"tools":[{"name":"t","inputSchema":{"type":"object"},` + x + `}]}` }, "/tools/0"},
	{"folder", "", func(x string) string { return `{"name":"t","input_schema":{"type":"object"},` + x + `}` }, ""},
}

// loadShape loads the catalog that shape s makes with the extra members.
func loadShape(t *testing.T, s memberShape, extra string) (*Catalog, Diagnostics) {
	t.Helper()
	text := s.wrap(extra)
	if s.file == "" {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "t.json"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return LoadFolder(dir)
	}
	return Parse(s.file, []byte(text))
}

// TestMembersEveryShape is the matrix of catalog shapes and tool members:
// each annotation, hint, title and timeout is read into the same Tool
// fields whatever the shape; a member toolgen has no use for is a warning
// naming it, at its own pointer (an error under Strict); nothing is
// dropped without a word.
func TestMembersEveryShape(t *testing.T) {
	read := []struct {
		extra string
		check func(tool *Tool) bool
	}{
		{`"annotations":{"readOnlyHint":true}`, func(x *Tool) bool { return x.Annotations.ReadOnlyHint != nil && *x.Annotations.ReadOnlyHint }},
		{`"annotations":{"destructiveHint":false}`, func(x *Tool) bool { return x.Annotations.DestructiveHint != nil && !*x.Annotations.DestructiveHint }},
		{`"annotations":{"idempotentHint":true}`, func(x *Tool) bool { return x.Annotations.IdempotentHint != nil && *x.Annotations.IdempotentHint }},
		{`"annotations":{"openWorldHint":false}`, func(x *Tool) bool { return x.Annotations.OpenWorldHint != nil && !*x.Annotations.OpenWorldHint }},
		{`"annotations":{"title":"Tee"}`, func(x *Tool) bool { return x.Annotations.Title == "Tee" && x.Title == "Tee" }},
		{`"idempotent":true`, func(x *Tool) bool { return x.Annotations.IdempotentHint != nil && *x.Annotations.IdempotentHint }},
		{`"readOnly":false`, func(x *Tool) bool { return x.Annotations.ReadOnlyHint != nil && !*x.Annotations.ReadOnlyHint }},
		{`"destructiveHint":true`, func(x *Tool) bool { return x.Annotations.DestructiveHint != nil && *x.Annotations.DestructiveHint }},
		{`"openWorld":true`, func(x *Tool) bool { return x.Annotations.OpenWorldHint != nil && *x.Annotations.OpenWorldHint }},
		{`"idempotent":true,"annotations":{"idempotentHint":true}`, func(x *Tool) bool { return x.Annotations.IdempotentHint != nil && *x.Annotations.IdempotentHint }},
		{`"title":"Tee"`, func(x *Tool) bool { return x.Title == "Tee" }},
		{`"timeout":"1m30s"`, func(x *Tool) bool { return x.Settings.Timeout == 90*time.Second }},
		{`"x-toolgen":{"timeout":"2s"}`, func(x *Tool) bool { return x.Settings.Timeout == 2*time.Second }},
		{`"x-toolgen":{"timeout":"2s"},"timeout":"2s"`, func(x *Tool) bool { return x.Settings.Timeout == 2*time.Second }},
		{`"execution":{"taskSupport":"optional"}`, func(x *Tool) bool { return x.Execution.TaskSupport == "optional" }},
		{`"execution":{}`, func(x *Tool) bool { return x.Execution == Execution{} }},
		{`"icons":[{"src":"https://x.example/a.png","mimeType":"image/png","sizes":["48x48","any"],"theme":"dark"},{"src":"data:,x"}]`, func(x *Tool) bool {
			return reflect.DeepEqual(x.Icons, []Icon{{Src: "https://x.example/a.png", MIMEType: "image/png", Sizes: []string{"48x48", "any"}, Theme: "dark"}, {Src: "data:,x"}})
		}},
		{`"icons":[]`, func(x *Tool) bool { return x.Icons != nil && len(x.Icons) == 0 }},
		{`"_meta":{"ui":{"resourceUri":"ui://x/y"},"n":12345678901234567891}`, func(x *Tool) bool {
			return string(x.Meta) == `{"ui":{"resourceUri":"ui://x/y"},"n":12345678901234567891}`
		}},
	}
	unread := []struct {
		extra, member, pointer, says string
	}{
		{`"x_vendor":[{"src":"x.png"}]`, "x_vendor", "/x_vendor", "toolgen has no use for it"},
		{`"execution":{"taskSupport":"optional","ttl":5}`, "execution.ttl", "/execution/ttl", "MCP defines taskSupport"},
		{`"icons":[{"src":"x.png","alt":"X"}]`, "icons[].alt", "/icons/0/alt", "MCP defines src, mimeType, sizes and theme"},
		{`"cache_control":{"type":"ephemeral"}`, "cache_control", "/cache_control", "toolgen has no use for it"},
		{`"annotations":{"fooHint":true}`, "annotations.fooHint", "/annotations/fooHint", "MCP defines title"},
		{`"timeout":30`, "timeout", "/timeout", `a number has no unit; write the duration`},
	}
	for _, s := range memberShapes {
		for _, r := range read {
			if s.name == "openai-chat-outer" && strings.Contains(r.extra, "x-toolgen") {
				continue // x-toolgen belongs inside "function", as TestParseErrors checks
			}
			c, diags := loadShape(t, s, r.extra)
			if diags.HasErrors() || c == nil || len(c.Tools) != 1 {
				t.Errorf("%s %s: load: %v", s.name, r.extra, diags)
				continue
			}
			if !r.check(&c.Tools[0]) {
				t.Errorf("%s %s: not read: %+v, %+v, title %q", s.name, r.extra, c.Tools[0].Annotations, c.Tools[0].Settings, c.Tools[0].Title)
			}
			if ds := Lint(c, LintOptions{Strict: true}); len(ds) != 0 {
				t.Errorf("%s %s: lint: %v", s.name, r.extra, ds)
			}
		}
		for _, u := range unread {
			c, diags := loadShape(t, s, u.extra)
			if diags.HasErrors() || c == nil || len(c.Tools) != 1 {
				t.Errorf("%s %s: load: %v", s.name, u.extra, diags)
				continue
			}
			for _, strict := range []bool{false, true} {
				ds := Lint(c, LintOptions{Strict: strict})
				if len(ds) != 1 {
					t.Errorf("%s %s (strict %t): %d diagnostics, want 1: %v", s.name, u.extra, strict, len(ds), ds)
					continue
				}
				d := ds[0]
				if (d.Severity == Error) != strict || d.Pointer != s.where+u.pointer || d.Tool != "t" || d.Line != 1 ||
					!strings.Contains(d.Message, `"`+u.member+`" is not read`) || !strings.Contains(d.Message, u.says) {
					t.Errorf("%s %s (strict %t): got %v; want it at %s naming %q", s.name, u.extra, strict, d, s.where+u.pointer, u.member)
				}
			}
		}
	}
}

// TestMembersConflict: a hint or timeout given twice must agree.
func TestMembersConflict(t *testing.T) {
	for _, extra := range []string{
		`"idempotent":true,"annotations":{"idempotentHint":false}`,
		`"readOnly":true,"readOnlyHint":false`,
		`"x-toolgen":{"timeout":"2s"},"timeout":"3s"`,
		`"idempotent":"yes"`,
		`"annotations":[]`,
		`"execution":[]`,
		`"execution":{"taskSupport":"sometimes"}`,
		`"execution":{"taskSupport":true}`,
		`"icons":{}`,
		`"icons":["x.png"]`,
		`"icons":[{}]`,
		`"icons":[{"src":1}]`,
		`"icons":[{"src":"x","mimeType":2}]`,
		`"icons":[{"src":"x","sizes":"48x48"}]`,
		`"icons":[{"src":"x","sizes":[48]}]`,
		`"icons":[{"src":"x","theme":"blue"}]`,
		`"_meta":[]`,
		`"_meta":"x"`,
	} {
		for _, s := range memberShapes {
			if _, diags := loadShape(t, s, extra); !diags.HasErrors() {
				t.Errorf("%s %s: no error", s.name, extra)
			}
		}
	}
	// OpenAI chat: each MCP object inside "function" and around it.
	for _, member := range []string{`"annotations":{}`, `"execution":{}`, `"icons":[]`, `"_meta":{}`} {
		_, diags := Parse("c.json", []byte(`[{"type":"function","function":{"name":"t","parameters":{},`+member+`},`+member+`}]`))
		name := member[:strings.Index(member, ":")]
		if !diags.HasErrors() || !strings.Contains(diags.Error(), name+" twice") {
			t.Errorf("%s twice: %v", name, diags)
		}
	}
}

// TestRealCatalogMembers: the MCP members of a real catalog ("icons",
// "_meta") are read, with nothing to warn of.
func TestRealCatalogMembers(t *testing.T) {
	path := filepath.Join("..", "..", "shared", "testdata", "catalogs", "github-mcp-server.tools.json")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("real catalog %s is not available (%v)", path, err)
	}
	c, diags := Load(path)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for _, d := range Lint(c, LintOptions{Strict: true}) {
		if strings.Contains(d.Message, "is not read") {
			t.Errorf("Lint: %v", d)
		}
	}
	icons, metas := 0, 0
	for _, tool := range c.Tools {
		for _, icon := range tool.Icons {
			if !strings.HasPrefix(icon.Src, "data:image/png;base64,") || icon.MIMEType != "image/png" || icon.Theme == "" {
				t.Errorf("%s: icon %.60q, %q, theme %q", tool.Name, icon.Src, icon.MIMEType, icon.Theme)
			}
			icons++
		}
		if tool.Meta != nil {
			if !json.Valid(tool.Meta) || !strings.Contains(string(tool.Meta), `"ui"`) {
				t.Errorf("%s: _meta %s", tool.Name, tool.Meta)
			}
			metas++
		}
	}
	if icons == 0 || metas == 0 {
		t.Errorf("read %d icons and %d _meta objects, want some of each", icons, metas)
	}
}
