package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// rejections is the catalog of known provider rejections the catalog
// package tests against.
var rejections = filepath.Join("..", "..", "catalog", "testdata", "provider-rejections.json")

// diagnosticLines returns the diagnostics of an output, one per line,
// leaving out any indented lines that quote the catalog under one.
func diagnosticLines(out string) []string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if l != "" && !strings.HasPrefix(l, " ") && !strings.HasPrefix(l, "\t") {
			lines = append(lines, l)
		}
	}
	return lines
}

func TestLintReportsProviderRejections(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"lint", "-provider", "anthropic", rejections}, &stdout, &stderr); code != exitInvalid {
		t.Fatalf("exit %d, want %d; stderr: %s", code, exitInvalid, stderr.String())
	}
	// Each line is file:line:col: tool "name" /pointer: message; the
	// positions were counted by hand in the fixture.
	want := []string{
		rejections + `:4:7: tool "get.weather" /tools/0/name: anthropic: tool name "get.weather" has '.' at byte 3; Anthropic rejects the whole request`,
		rejections + `:21:9: tool "1st_tool" /tools/1/inputSchema/oneOf: anthropic: Anthropic rejects the whole request ("input_schema does not support oneOf, allOf, or anyOf at the top level")`,
		rejections + `:26:7: tool "a_tool_name_that_is_longer_than_sixty_four_characters_by_a_few_chars" /tools/2/name: warning: anthropic: tool name`,
		rejections + `:28:7: tool "a_tool_name_that_is_longer_than_sixty_four_characters_by_a_few_chars" /tools/2/inputSchema: anthropic: Anthropic requires "type": "object" at the root of input_schema`,
	}
	lines := diagnosticLines(stdout.String())
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(want), stdout.String())
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("line %d:\n got %s\nwant %s...", i+1, lines[i], w)
		}
	}
	if got := stderr.String(); got != "toolgen lint: 3 errors, 1 warning for anthropic\n" {
		t.Errorf("stderr = %q", got)
	}
}

func TestLintEveryProvider(t *testing.T) {
	line := regexp.MustCompile(`^` + regexp.QuoteMeta(rejections) + `:\d+:\d+: tool "[^"]+" /tools/\d+/\S*: (warning: )?([a-z-]+): `)
	for _, p := range []string{"openai-strict", "openai", "anthropic", "mcp", "gemini"} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"lint", "-provider", p, rejections}, &stdout, &stderr); code != exitInvalid {
			t.Errorf("%s: exit %d, want %d; stderr: %s", p, code, exitInvalid, stderr.String())
		}
		for _, l := range diagnosticLines(stdout.String()) {
			m := line.FindStringSubmatch(l)
			if m == nil || m[2] != p {
				t.Errorf("%s: line not in the expected form: %s", p, l)
			}
		}
	}
}

func TestLintCleanCatalog(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tools.json")
	catalog := `{"tools": [{"name": "get_weather", "description": "Weather.", "inputSchema": {
  "type": "object",
  "properties": {"city": {"type": "string"}, "unit": {"type": ["string", "null"], "enum": ["C", "F", null]}},
  "required": ["city", "unit"],
  "additionalProperties": false
}}]}`
	if err := os.WriteFile(path, []byte(catalog), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"openai-strict", "openai", "anthropic", "mcp"} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"lint", "-provider", p, path}, &stdout, &stderr); code != exitOK || stdout.Len() != 0 || stderr.Len() != 0 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", p, code, stdout.String(), stderr.String())
		}
	}
	// Gemini takes neither type lists nor additionalProperties.
	var stdout, stderr bytes.Buffer
	if code := run([]string{"lint", "-provider", "gemini", path}, &stdout, &stderr); code != exitInvalid || len(diagnosticLines(stdout.String())) != 3 {
		t.Errorf("gemini: exit %d, stdout:\n%s", code, stdout.String())
	}
}

func TestLintWarningsOnlyExitZero(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tools.json")
	name := strings.Repeat("a", 70) // over Anthropic's documented 64, within its 128
	if err := os.WriteFile(path, []byte(`[{"name": "`+name+`", "input_schema": {"type": "object"}}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"lint", "-provider", "anthropic", path}, &stdout, &stderr); code != exitOK {
		t.Errorf("exit %d, want %d; stdout: %s", code, exitOK, stdout.String())
	}
	if !strings.Contains(stdout.String(), ": warning: anthropic: tool name") {
		t.Errorf("stdout = %q", stdout.String())
	}
}

func TestLintUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"lint", rejections}, "usage: toolgen lint -provider NAME"},
		{[]string{"lint", "-provider", "openai"}, "usage: toolgen lint -provider NAME"},
		{[]string{"lint", "-provider", "openai", rejections, rejections}, "usage: toolgen lint -provider NAME"},
		{[]string{"lint", "-provider", "claude", rejections}, `unknown provider "claude"; known providers: openai-strict, openai, anthropic, mcp, gemini, gemini-jsonschema`},
		{[]string{"lint", "-nope", rejections}, "flag provided but not defined: -nope"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(tc.args, &stdout, &stderr); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", tc.args, code, exitUsage)
		}
		if !strings.Contains(stderr.String(), tc.want) || stdout.Len() != 0 {
			t.Errorf("%v: stdout %q, stderr %q, want %q in stderr", tc.args, stdout.String(), stderr.String(), tc.want)
		}
	}
}

func TestLintUnreadableCatalog(t *testing.T) {
	var stdout, stderr bytes.Buffer
	missing := filepath.Join(t.TempDir(), "missing.json")
	if code := run([]string{"lint", "-provider", "mcp", missing}, &stdout, &stderr); code != exitInvalid {
		t.Errorf("exit %d, want %d", code, exitInvalid)
	}
	if want := "toolgen lint: cannot read " + missing + ": no such file or directory\n"; stderr.String() != want || stdout.Len() != 0 {
		t.Errorf("stdout %q, stderr %q, want stderr %q", stdout.String(), stderr.String(), want)
	}
}
