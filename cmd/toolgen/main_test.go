package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestGeneratesDeterministically(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "sub", "tools_gen.go")
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		t.Fatal(err)
	}
	catalog := filepath.Join("..", "..", "examples", "payments", "catalog.json")
	var stderr bytes.Buffer
	if code := run([]string{"-pkg", "payments", "-o", out, catalog}, new(bytes.Buffer), &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	first, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^// Code generated .* DO NOT EDIT\.$`).Match(first) || !bytes.Contains(first, []byte("package payments\n")) {
		t.Errorf("the output lacks the generated-code header or the package clause:\n%.300s", first)
	}
	var stdout bytes.Buffer
	if code := run([]string{"-pkg", "payments", catalog}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !bytes.Equal(first, stdout.Bytes()) {
		t.Error("two runs gave different bytes")
	}
}

func TestBadCatalogReportsEveryProblemAndWritesNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "catalog.json")
	catalog := `{"tools": [
  {"name": "", "description": "x", "inputSchema": {"type": "object"}},
  {"name": "ok", "description": "x", "inputSchema": {
    "type": "object",
    "properties": {"n": {"type": "integer", "maxLenght": 3}, "m": {"pattern": "(a)\\1"}}
  }}
]}`
	if err := os.WriteFile(path, []byte(catalog), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "tools_gen.go")
	var stderr bytes.Buffer
	if code := run([]string{"-o", out, path}, new(bytes.Buffer), &stderr); code != exitInvalid {
		t.Fatalf("exit %d, want %d", code, exitInvalid)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Error("a file was written for a bad catalog")
	}
	// Each diagnostic is one line, followed by the catalog line it points
	// at and a caret under the column.
	lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
	want := []string{
		path + `:2:4: /tools/0/name: the tool name is empty`,
		`      {"name": "", "description": "x", "inputSchema": {"type": "object"}},`,
		`       ^`,
		path + `:5:45: tool "ok" /tools/1/inputSchema/properties/n/maxLenght: unknown keyword "maxLenght"; did you mean "maxLength"?`,
		`        "properties": {"n": {"type": "integer", "maxLenght": 3}, "m": {"pattern": "(a)\\1"}}`,
		`                                                ^`,
		path + `:5:68: tool "ok" /tools/1/inputSchema/properties/m/pattern: regular expression "(a)\\1" uses`,
		`        "properties": {"n": {"type": "integer", "maxLenght": 3}, "m": {"pattern": "(a)\\1"}}`,
		`                                                                       ^`,
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(want), stderr.String())
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) || (strings.HasPrefix(w, " ") && lines[i] != w) {
			t.Errorf("line %d:\n got %s\nwant %s", i, lines[i], w)
		}
	}
}

func TestUsage(t *testing.T) {
	var stderr bytes.Buffer
	if code := run(nil, new(bytes.Buffer), &stderr); code != exitUsage || !strings.Contains(stderr.String(), "usage: toolgen") {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
	if code := run([]string{"-nope", "x.json"}, new(bytes.Buffer), &stderr); code != exitUsage {
		t.Errorf("an unknown flag: exit %d", code)
	}
	stderr.Reset()
	if code := run([]string{filepath.Join(t.TempDir(), "missing.json")}, new(bytes.Buffer), &stderr); code != exitInvalid || !strings.Contains(stderr.String(), "missing.json") {
		t.Errorf("a missing file: exit %d, stderr %q", code, stderr.String())
	}
}

// paymentsCatalog is the example catalog the CLI tests generate from.
var paymentsCatalog = filepath.Join("..", "..", "examples", "payments", "catalog.json")

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "tools_gen.go")
	check := func() (code int, stdout, stderr string) {
		var o, e bytes.Buffer
		code = run([]string{"-check", "-pkg", "payments", "-o", out, paymentsCatalog}, &o, &e)
		return code, o.String(), e.String()
	}

	// No file yet: stale, a diff from nothing, and nothing written.
	code, diff, stderr := check()
	if code != exitInvalid || !strings.HasPrefix(diff, "--- "+os.DevNull+"\n+++ "+out+"\n@@ -0,0 +1,") || !strings.Contains(stderr, "is not up to date") {
		t.Errorf("missing file: exit %d\nstdout %.200s\nstderr %s", code, diff, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatal("-check wrote the file")
	}

	// Generated: up to date, silent.
	if code := run([]string{"-pkg", "payments", "-o", out, paymentsCatalog}, new(bytes.Buffer), new(bytes.Buffer)); code != exitOK {
		t.Fatalf("generate: exit %d", code)
	}
	if code, stdout, stderr := check(); code != exitOK || stdout != "" || stderr != "" {
		t.Errorf("up to date: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}

	// Edited by hand: stale, the diff undoes the edit, the file is kept.
	good, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	edited := bytes.Replace(good, []byte("\npackage payments\n"), []byte("\npackage payments\n\n// a hand edit\n"), 1)
	if err := os.WriteFile(out, edited, 0o644); err != nil {
		t.Fatal(err)
	}
	code, diff, _ = check()
	if code != exitInvalid || !strings.Contains(diff, "\n-// a hand edit\n") || strings.Count(diff, "\n+") != 1 || strings.Count(diff, "\n-") != 2 {
		t.Errorf("edited file: exit %d, diff:\n%s", code, diff)
	}
	if now, _ := os.ReadFile(out); !bytes.Equal(now, edited) {
		t.Error("-check changed the file")
	}

	// -check compares with a file: it needs -o.
	var stderrBuf bytes.Buffer
	if code := run([]string{"-check", paymentsCatalog}, new(bytes.Buffer), &stderrBuf); code != exitUsage || !strings.Contains(stderrBuf.String(), "-check needs -o") {
		t.Errorf("-check without -o: exit %d, %s", code, stderrBuf.String())
	}
}

func TestRewritesOnlyChangedFiles(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "tools_gen.go")
	gen := func() {
		t.Helper()
		var stderr bytes.Buffer
		if code := run([]string{"-pkg", "payments", "-o", out, paymentsCatalog}, new(bytes.Buffer), &stderr); code != exitOK {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
	}
	gen()
	old := time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)
	if err := os.Chtimes(out, old, old); err != nil {
		t.Fatal(err)
	}
	gen()
	if info, err := os.Stat(out); err != nil || !info.ModTime().Equal(old) {
		t.Errorf("an unchanged file was rewritten (err %v)", err)
	}
	if err := os.WriteFile(out, []byte("stale"), 0o644); err != nil {
		t.Fatal(err)
	}
	gen()
	if data, _ := os.ReadFile(out); bytes.Equal(data, []byte("stale")) {
		t.Error("a stale file was not rewritten")
	}
}

// TestGenerateFromYAMLAndFolder generates from the same tools written as a
// YAML catalog and as a folder of one-tool files.
func TestGenerateFromYAMLAndFolder(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"tools.yaml":         "tools:\n  - name: ping\n    inputSchema: {type: object, properties: {n: {type: integer}}}\n  - name: echo\n    inputSchema: {type: object}\n",
		"folder/a_ping.yaml": "name: ping\ninputSchema: {type: object, properties: {n: {type: integer}}}\n",
		"folder/b_echo.json": `{"name": "echo", "inputSchema": {"type": "object"}}`,
	}
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, catalog := range []string{"tools.yaml", "folder"} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"-pkg", "tools", filepath.Join(dir, catalog)}, &stdout, &stderr); code != exitOK {
			t.Fatalf("%s: exit %d: %s", catalog, code, stderr.String())
		}
		for _, want := range []string{"package tools\n", `ToolPing ToolName = "ping"`, `ToolEcho ToolName = "echo"`} {
			if !strings.Contains(stdout.String(), want) {
				t.Errorf("%s: the output lacks %q", catalog, want)
			}
		}
	}

	// A tool's problem is reported in its own file of the folder.
	bad := filepath.Join(dir, "folder", "b_echo.json")
	if err := os.WriteFile(bad, []byte(`{"name": "echo", "inputSchema": {"type": "object", "minProperties": "1"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	if code := run([]string{filepath.Join(dir, "folder")}, new(bytes.Buffer), &stderr); code != exitInvalid || !strings.HasPrefix(stderr.String(), bad+":1:52: tool \"echo\" /inputSchema/minProperties: ") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr.String())
	}
}

func TestSourceExcerpt(t *testing.T) {
	long := strings.Repeat("a", 100) + "X" + strings.Repeat("b", 100)
	src := "first\n\tx = 1\r\nh\u00e9 caf\u00e9 here\n" + long + "\nlast"
	tests := []struct {
		name      string
		line, col int
		want      string
	}{
		{"start", 1, 1, "    first\n    ^\n"},
		{"tab as spaces, CR dropped", 2, 4, "            x = 1\n              ^\n"},
		{"columns count bytes", 3, 10, "    hé café here\n           ^\n"},
		{"no column", 3, 0, "    hé café here\n"},
		{"past the end of the line", 1, 99, "    first\n         ^\n"},
		{"a long line is cut", 4, 101, "    ..." + strings.Repeat("a", 70) + "X" + strings.Repeat("b", 69) + "...\n    " + strings.Repeat(" ", 73) + "^\n"},
		{"last line without newline", 5, 2, "    last\n     ^\n"},
		{"no such line", 8, 1, ""},
		{"controls escaped, caret after them", 6, 17, `    {"d": "\x1b]0;X\x07", "x": 1}` + "\n" + strings.Repeat(" ", 4+22) + "^\n"},
		{"bidi and invalid UTF-8 escaped", 7, 18, `    {"d": "\u202e\xff\u2066", "x": 1}` + "\n" + strings.Repeat(" ", 4+26) + "^\n"},
	}
	src += "\n{\"d\": \"\x1b]0;X\x07\", \"x\": 1}\n{\"d\": \"\u202e\xff\u2066\", \"x\": 1}"
	for _, tt := range tests {
		if got := sourceExcerpt([]byte(src), tt.line, tt.col); got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, got, tt.want)
		}
		// The excerpts printDiagnostics writes index the file's lines once.
		if got := newSourceLines([]byte(src)).excerpt(tt.line, tt.col); got != tt.want {
			t.Errorf("%s, lines indexed:\n got %q\nwant %q", tt.name, got, tt.want)
		}
	}
	for _, text := range []string{"", "\n", "a", "a\n", "a\n\nb", "\r\n\r\nx\r\n", "\n\n"} {
		lines := newSourceLines([]byte(text))
		for line := 0; line <= 4; line++ {
			if got, want := lines.excerpt(line, 1), sourceExcerpt([]byte(text), line, 1); got != want {
				t.Errorf("line %d of %q, lines indexed: got %q, want %q", line, text, got, want)
			}
		}
	}
}

func TestOpenAIStrictFlag(t *testing.T) {
	catalog := filepath.Join("..", "..", "examples", "payments", "catalog.json")
	var plain, strict, stderr bytes.Buffer
	if code := run([]string{"-pkg", "p", catalog}, &plain, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if code := run([]string{"-pkg", "p", "-openai-strict", catalog}, &strict, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if bytes.Contains(plain.Bytes(), []byte("StrictInputSchema")) || !bytes.Contains(strict.Bytes(), []byte("refundPaymentStrictInputSchema")) || !bytes.Contains(strict.Bytes(), []byte("r.AbsentNull()")) {
		t.Error("-openai-strict does not add the strict variants and null-as-absent readers, or plain generation does")
	}
}
