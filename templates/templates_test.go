package templates

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/toolgen/toolgen/catalog"
)

var update = flag.Bool("update", false, "rewrite the golden files of the tool reference")

// TestToolsMarkdown renders catalogs and compares with golden files; run
// with -update to rewrite them after a deliberate change.
func TestToolsMarkdown(t *testing.T) {
	tests := []struct{ catalog, golden string }{
		{filepath.Join("testdata", "shapes.yaml"), "shapes.md"},
	}
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			c, diags := catalog.Load(tt.catalog)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			var got bytes.Buffer
			if err := WriteToolsMarkdown(&got, c, filepath.ToSlash(tt.catalog)); err != nil {
				t.Fatal(err)
			}
			// The output depends on nothing else: a second run is identical.
			var again bytes.Buffer
			if err := WriteToolsMarkdown(&again, c, filepath.ToSlash(tt.catalog)); err != nil || !bytes.Equal(got.Bytes(), again.Bytes()) {
				t.Fatalf("a second rendering differs (err %v)", err)
			}
			golden := filepath.Join("testdata", tt.golden)
			if *update {
				if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("the reference differs from %s (go test -update rewrites it):\n%s", golden, got.Bytes())
			}
		})
	}
}

func TestReferenceFields(t *testing.T) {
	c, diags := catalog.Load(filepath.Join("testdata", "shapes.yaml"))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	ref := NewReference(c, "shapes.yaml")
	type row struct {
		pointer, typ string
		required     bool
	}
	want := []row{
		{"/customer", "object", true},
		{"/customer/email", "string", true},
		{"/customer/address", "object (Address)", false},
		{"/customer/address/city", "string", false},
		{"/items", "array of object", true},
		{"/items/*/sku", "string", true},
		{"/items/*/qty", "integer", false},
		{"/weight", "number", false},
		{"/payment", "one of: string, object (Invoice)", false},
		{"/tags", "array of string", false},
		{"/parent", "object (Node)", false},
		{"/parent/children", "array of object (Node)", false},
		{"/a~1b~0c", "number", false},
		{"/anything", "any", false},
	}
	fields := ref.Tools[0].Arguments.Fields
	if len(fields) != len(want) {
		for _, f := range fields {
			t.Logf("%s %s", f.Pointer, f.Type)
		}
		t.Fatalf("%d fields, want %d", len(fields), len(want))
	}
	for i, w := range want {
		f := fields[i]
		if f.Pointer != w.pointer || f.Type != w.typ || f.Required != w.required {
			t.Errorf("field %d = %s %q required=%v, want %s %q required=%v", i, f.Pointer, f.Type, f.Required, w.pointer, w.typ, w.required)
		}
	}
	if ref.Tools[0].Arguments.Closed || ref.Tools[0].Result == nil || len(ref.Tools[0].Result.Fields) != 1 {
		t.Errorf("arguments closed %v, result %+v", ref.Tools[0].Arguments.Closed, ref.Tools[0].Result)
	}
	if got := ref.Tools[0].Annotations; len(got) != 3 || got[0] != (Annotation{"title", "Ordering"}) || got[2] != (Annotation{"openWorldHint", "false"}) {
		t.Errorf("annotations %v", got)
	}
	if ping := ref.Tools[1]; len(ping.Arguments.Fields) != 0 || ping.Result != nil || ping.Annotations != nil {
		t.Errorf("ping: %+v", ping)
	}
}

// TestMarkdownText pins how catalog text is written into Markdown;
// FuzzMarkdownIsText checks what it reads back as.
func TestMarkdownText(t *testing.T) {
	for _, c := range []struct {
		f        func(string) string
		name, in string
		want     string
	}{
		{text, "text", "get_weather", "get_weather"},
		{text, "text", "_x_ *y* a_ #1 C# x ##", `\_x\_ \*y\* a\_ #1 C# x \##`},
		{text, "text", "a\n  b\r\nc", "a b c"},
		{text, "text", "- 12. <b>&amp;</b> [l](u) `c` ~d~ |", "\\- 12. \\<b>\\&amp;\\</b> \\[l\\](u) \\`c\\` \\~d\\~ \\|"},
		{para, "para", "# h\n  - item\n12) x\n===\n\n> q  ", "\\# h\n\\- item\n12\\) x\n\\===\n\n\\> q"},
		{code, "code", "a`b", "``a`b``"},
		{code, "code", "`a``", "``` `a`` ```"},
		{code, "code", " a ", "`  a  `"},
		{code, "code", "", "` `"},
		{code, "code", "a\nb", "`a b`"},
		{cellCode, "cellCode", `a\|b|c`, "`a\\\\|b\\|c`"},
		{cell, "cell", " a\nb ", "a<br>b"},
		{comment, "comment", "x-->\n<!--y", "x- -> <!- -y"},
		{anchor, "anchor", "Get.Weather_now-2 名前", "getweather_now-2-名前"},
	} {
		if got := c.f(c.in); got != c.want {
			t.Errorf("%s(%q) = %q, want %q", c.name, c.in, got, c.want)
		}
	}
}

// TestReferenceResolvesAsGenerated checks that the reference follows every
// form of "$ref" the generator resolves (a pointer, a percent-encoded
// pointer, an anchor, a relative "$id", TypeBox's bare "$id", another
// tool's schema by its "$id" and by an anchor in it), to the same schema,
// rather than only plain "#/..." pointers.
func TestReferenceResolvesAsGenerated(t *testing.T) {
	addr := `"type":"object","properties":{"street":{"type":"string","minLength":1}}`
	defs := `"$defs":{"addr":{"$anchor":"addr",` + addr + `},"other":{"$id":"addr.json",` + addr + `},"Thread":{"$id":"Thread",` + addr + `}}`
	other := `{"name":"other","inputSchema":{"type":"object","$defs":{"shared":{"$id":"https://example.com/addr.json","$anchor":"here",` + addr + `}}}}`
	for ref, name := range map[string]string{
		"#/$defs/addr": "addr", "#/%24defs/addr": "addr", "#addr": "addr", "addr.json": "addr.json", "Thread": "Thread",
		"https://example.com/addr.json": "addr.json", "https://example.com/addr.json#here": "here", "#/$defs/none": "",
	} {
		text := `{"tools":[{"name":"one","inputSchema":{"type":"object","properties":{"home":{"$ref":"` + ref + `"}},` + defs + `}},` + other + `]}`
		c, diags := catalog.Parse("c.json", []byte(text))
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		var rows []string
		for _, f := range NewReference(c, "c.json").Tools[0].Arguments.Fields {
			rows = append(rows, f.Pointer+" "+f.Type)
		}
		want := []string{"/home object (" + name + ")", "/home/street string"}
		if name == "" { // resolves to nothing: named as it is
			want = []string{"/home see #/$defs/none"}
		}
		if !slices.Equal(rows, want) {
			t.Errorf("$ref %q: fields %q, want %q", ref, rows, want)
		}
	}
}
