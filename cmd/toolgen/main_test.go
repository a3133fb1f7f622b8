package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
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
  {"name": "a tool", "description": "x", "inputSchema": {"type": "object"}},
  {"name": "ok", "description": "x", "inputSchema": {
    "type": "object",
    "properties": {"n": {"type": "integer", "maxLenght": 3}, "m": {"not": {}}}
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
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	want := []string{
		path + `:2:4: tool "a tool" /tools/0/name:`,
		path + `:5:45: tool "ok" /tools/1/inputSchema/properties/n/maxLenght: unknown keyword "maxLenght"; did you mean "maxLength"?`,
		path + `:5:68: tool "ok" /tools/1/inputSchema/properties/m/not: keyword "not" is not supported yet`,
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d diagnostics, want %d:\n%s", len(lines), len(want), stderr.String())
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("diagnostic %d:\n got %s\nwant %s...", i, lines[i], w)
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
