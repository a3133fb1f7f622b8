package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeFiles creates the files (name -> content) under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// packageLine returns the package clause line of generated Go source.
func packageLine(src string) string {
	for _, line := range strings.Split(src, "\n") {
		if strings.HasPrefix(line, "package ") {
			return line
		}
	}
	return ""
}

// TestCheckAgreesWithGoGenerate generates as go generate does (GOPACKAGE
// set to the package of the folder) and then runs -check by hand, without
// -pkg or GOPACKAGE, as a CI line does: the file must be up to date, for
// toolgen and toolgen schema, whatever else the folder holds.
func TestCheckAgreesWithGoGenerate(t *testing.T) {
	schemaFile := filepath.Join(t.TempDir(), "schema.json")
	writeFiles(t, filepath.Dir(schemaFile), map[string]string{"schema.json": `{"type": "string"}`})
	layouts := []struct {
		name  string
		files map[string]string
	}{
		{"one file", map[string]string{"helpdesk.go": "package helpdesk\n"}},
		{"with tests", map[string]string{
			"doc.go":           "// Package helpdesk answers tickets.\npackage helpdesk\n",
			"helpdesk_test.go": "package helpdesk_test\n",
			"internal_test.go": "package helpdesk\n",
		}},
		{"with an ignored main", map[string]string{
			"helpdesk.go": "package helpdesk\n",
			"gen.go":      "//go:build ignore\n\npackage main\n",
		}},
		{"folder named otherwise", map[string]string{"x.go": "// Comment.\n\n/* more */ package helpdesk // trailing\n"}},
	}
	for _, l := range layouts {
		for _, schemaCmd := range []bool{false, true} {
			dir := filepath.Join(t.TempDir(), "pkgdir")
			writeFiles(t, dir, l.files)
			out := filepath.Join(dir, "tools_gen.go")
			gen := []string{"-o", out, paymentsCatalog}
			if schemaCmd {
				gen = []string{"schema", "-o", out, schemaFile}
			}
			t.Setenv("GOPACKAGE", "helpdesk")
			if code, _, stderr := runCLI(gen...); code != exitOK {
				t.Fatalf("%s: %q under go generate: exit %d: %s", l.name, gen, code, stderr)
			}
			generated, _ := os.ReadFile(out)
			t.Setenv("GOPACKAGE", "")

			// By hand, into a new file: the same package.
			if err := os.Remove(out); err != nil {
				t.Fatal(err)
			}
			if code, _, stderr := runCLI(gen...); code != exitOK {
				t.Fatalf("%s: %q by hand: exit %d: %s", l.name, gen, code, stderr)
			}
			if again, _ := os.ReadFile(out); !bytes.Equal(again, generated) {
				t.Errorf("%s: %q by hand wrote %q, go generate %q", l.name, gen, packageLine(string(again)), packageLine(string(generated)))
			}
			if schemaCmd {
				continue
			}
			check := []string{"-check", "-o", out, paymentsCatalog}
			if code, stdout, stderr := runCLI(check...); code != exitOK || stdout != "" || stderr != "" {
				t.Errorf("%s: -check by hand: exit %d, stderr %q, diff:\n%.300s", l.name, code, stderr, stdout)
			}
		}
	}
}

// TestPackageInference covers each source of the package name, in order of
// precedence, and the one case where none fits.
func TestPackageInference(t *testing.T) {
	tests := []struct {
		name    string
		folder  string            // the -o file's folder, under a temporary one
		files   map[string]string // in that folder
		env     string            // $GOPACKAGE
		flag    string            // -pkg
		want    string            // the package clause, or
		wantErr string            // the error
	}{
		{name: "the -pkg flag first", folder: "p", files: map[string]string{"a.go": "package a\n"}, env: "e", flag: "f", want: "f"},
		{name: "then $GOPACKAGE", folder: "p", files: map[string]string{"a.go": "package a\n"}, env: "e", want: "e"},
		{name: "then the -o file", folder: "p", files: map[string]string{"a.go": "package a\n", "tools_gen.go": "package old\n"}, want: "old"},
		{name: "then the files beside it", folder: "p", files: map[string]string{"a.go": "package a\n", "a_test.go": "package a_test\n"}, want: "a"},
		{name: "then the folder's name", folder: "inbox", files: map[string]string{"notes.txt": "x"}, want: "inbox"},
		{name: "only Go test files", folder: "inbox", files: map[string]string{"x_test.go": "package x_test\n"}, want: "inbox"},
		{name: "a folder name that is no package name", folder: "my-tools", want: "tools"},
		{name: "a keyword", folder: "func", want: "tools"},
		{name: "an unreadable -o file", folder: "q", files: map[string]string{"tools_gen.go": "not Go", "a.go": "package a\n"}, want: "a"},
		{name: "two packages", folder: "p", files: map[string]string{"a.go": "package a\n", "b.go": "package b\n"},
			wantErr: "toolgen: cannot tell the package of DIR/tools_gen.go: the Go files in DIR declare a (a.go) and b (b.go); give -pkg\n"},
	}
	for _, tt := range tests {
		dir := filepath.Join(t.TempDir(), tt.folder)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		writeFiles(t, dir, tt.files)
		t.Setenv("GOPACKAGE", tt.env)
		out := filepath.Join(dir, "tools_gen.go")
		args := []string{"-o", out, paymentsCatalog}
		if tt.flag != "" {
			args = append([]string{"-pkg", tt.flag}, args...)
		}
		code, _, stderr := runCLI(args...)
		if tt.wantErr != "" {
			reason, _, _ := strings.Cut(stderr, "\n")
			if want := strings.ReplaceAll(tt.wantErr, "DIR", dir); code != exitUsage || reason+"\n" != want {
				t.Errorf("%s: exit %d\n got %q\nwant %q", tt.name, code, stderr, want)
			}
			continue
		}
		src, _ := os.ReadFile(out)
		if got := packageLine(string(src)); code != exitOK || got != "package "+tt.want {
			t.Errorf("%s: exit %d, %q, want package %s; stderr %s", tt.name, code, got, tt.want, stderr)
		}
	}
}

// TestPackageOnStdout checks that output to standard output, which has no
// folder, is package tools, whatever the current folder holds (this one is
// package main).
func TestPackageOnStdout(t *testing.T) {
	t.Setenv("GOPACKAGE", "")
	code, stdout, stderr := runCLI(paymentsCatalog)
	if got := packageLine(stdout); code != exitOK || got != "package tools" {
		t.Errorf("exit %d, %q, want package tools; stderr %s", code, got, stderr)
	}
}
