package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// commandNames are toolgen itself ("") and each subcommand.
func commandNames() []string {
	names := []string{""}
	for name := range commands {
		names = append(names, name)
	}
	return names
}

// withCommand prefixes args with the subcommand name, if any.
func withCommand(name string, args ...string) []string {
	if name == "" {
		return args
	}
	return append([]string{name}, args...)
}

// runCLI runs toolgen with args and returns what it printed.
func runCLI(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = run(args, &o, &e)
	return code, o.String(), e.String()
}

// TestHelp checks that help that was asked for, as -h, -help or toolgen help
// COMMAND, is printed on standard output with exit 0, the same text each
// way, for toolgen and for every subcommand.
func TestHelp(t *testing.T) {
	for _, name := range commandNames() {
		code, want, stderr := runCLI(withCommand(name, "-h")...)
		synopsis := strings.TrimSpace("usage: toolgen " + name)
		if name == "help" {
			synopsis = "usage: toolgen [-pkg NAME]"
		}
		if code != exitOK || stderr != "" || !strings.HasPrefix(want, synopsis) {
			t.Errorf("%q -h: exit %d, stderr %q, stdout %.60q; want exit 0, nothing on stderr, stdout starting %q", name, code, stderr, want, synopsis)
			continue
		}
		helpCommand := []string{"help"}
		if name != "" {
			helpCommand = append(helpCommand, name)
		}
		for _, args := range [][]string{withCommand(name, "-help"), withCommand(name, "--help"), helpCommand} {
			if code, stdout, stderr := runCLI(args...); code != exitOK || stdout != want || stderr != "" {
				t.Errorf("%q: exit %d, stderr %q; stdout differs from -h's: %v", args, code, stderr, stdout != want)
			}
		}
	}
}

// TestHelpText pins the parts of toolgen's help that were wrong once: the
// -pkg entry says its default once, and every command is listed.
func TestHelpText(t *testing.T) {
	_, help, _ := runCLI("-h")
	const pkgEntry = "  -pkg string\n" +
		"    \tpackage name of the generated file (default: $GOPACKAGE under go generate, else the package of the -o file or of the Go files beside it, else the name of its folder, else tools)\n"
	if !strings.Contains(help, pkgEntry) {
		t.Errorf("the help lacks the -pkg entry\n%s\nhelp:\n%s", pkgEntry, help)
	}
	if strings.Contains(help, `(default "`) {
		t.Errorf("a flag's default is printed by the flag package besides its own text:\n%s", help)
	}
	for name, c := range commands {
		if line := "  toolgen " + name; !strings.Contains(help, line) || !strings.Contains(help, c.summary) {
			t.Errorf("the help does not list %q", name)
		}
	}
	if code, _, stderr := runCLI("help", "nosuch"); code != exitUsage || stderr != "toolgen help: unknown command \"nosuch\"; run toolgen help for the list\n" {
		t.Errorf("help nosuch: exit %d, stderr %q", code, stderr)
	}
}

// TestUsageErrors pins the first line of every kind of usage error: a
// reason naming the flag or argument at fault, then the command's usage
// (the text -h prints), on standard error with exit 2.
func TestUsageErrors(t *testing.T) {
	providers := "openai-strict, openai, anthropic, mcp, gemini, gemini-jsonschema"
	tests := []struct {
		args   []string
		reason string
	}{
		{nil, "toolgen: missing CATALOG"},
		{[]string{"catalog.json", "-o", "x.go"}, "toolgen: flags must come before CATALOG: move -o before catalog.json"},
		{[]string{"catalog.json", "-pkg=p"}, "toolgen: flags must come before CATALOG: move -pkg before catalog.json"},
		{[]string{"a.json", "b.json"}, `toolgen: too many arguments: want CATALOG, got ["a.json" "b.json"]`},
		{[]string{"-nope", "x.json"}, "toolgen: flag provided but not defined: -nope"},
		{[]string{"-check", "catalog.json"}, "toolgen: -check needs -o FILE: the file to compare with"},
		{[]string{"-pkg", "func", "catalog.json"}, `toolgen: -pkg: "func" is not a Go package name: use an identifier such as tools (letters, digits and _, not starting with a digit) that is not a Go keyword or _`},
		{[]string{"schema", "-pkg", "1x", "s.json"}, `toolgen schema: -pkg: "1x" is not a Go package name: use an identifier such as tools (letters, digits and _, not starting with a digit) that is not a Go keyword or _`},
		{[]string{"lint", "catalog.json"}, "toolgen lint: -provider is required: one of " + providers},
		{[]string{"lint", "catalog.json", "-provider", "openai"}, "toolgen lint: flags must come before CATALOG: move -provider before catalog.json"},
		{[]string{"lint", "-provider", "claude", "catalog.json"}, `toolgen lint: -provider: unknown provider "claude"; known providers: ` + providers},
		{[]string{"lint", "-provider"}, "toolgen lint: flag needs an argument: -provider"},
		{[]string{"docs"}, "toolgen docs: missing CATALOG"},
		{[]string{"docs", "catalog.json", "-check"}, "toolgen docs: flags must come before CATALOG: move -check before catalog.json"},
		{[]string{"docs", "-check", "catalog.json"}, "toolgen docs: -check needs -o FILE: the file to compare with"},
		{[]string{"schema"}, "toolgen schema: missing SCHEMA"},
		{[]string{"schema", "s.json", "-name", "V"}, "toolgen schema: flags must come before SCHEMA: move -name before s.json"},
		{[]string{"validate", "catalog.json"}, "toolgen validate: missing CALLS.jsonl"},
		{[]string{"validate"}, "toolgen validate: missing CATALOG CALLS.jsonl"},
		{[]string{"validate", "c.json", "-", "x"}, `toolgen validate: too many arguments: want CATALOG CALLS.jsonl, got ["c.json" "-" "x"]`},
	}
	for _, tt := range tests {
		code, stdout, stderr := runCLI(tt.args...)
		reason, usage, _ := strings.Cut(stderr, "\n")
		cmd := ""
		if len(tt.args) > 0 && commands[tt.args[0]].run != nil {
			cmd = tt.args[0]
		}
		_, help, _ := runCLI(withCommand(cmd, "-h")...)
		if code != exitUsage || stdout != "" || reason != tt.reason || usage != help {
			t.Errorf("%q: exit %d, stdout %q\n got first line %q\nwant first line %q\n(then the usage: %v)", tt.args, code, stdout, reason, tt.reason, usage == help)
		}
	}
}

// TestUnreadableFile checks that a file that cannot be read is one plain
// line naming it and the reason, with no line and column, from every
// command that reads one.
func TestUnreadableFile(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "nonexist.json")
	cat := filepath.Join("testdata", "validate", "catalog.yaml")
	noSuch := ": cannot read " + missing + ": no such file or directory\n"
	tests := []struct {
		args   []string
		stderr string
	}{
		{[]string{missing}, "toolgen" + noSuch},
		{[]string{"-o", filepath.Join(dir, "x.go"), missing}, "toolgen" + noSuch},
		{[]string{"lint", "-provider", "openai", missing}, "toolgen lint" + noSuch},
		{[]string{"docs", missing}, "toolgen docs" + noSuch},
		{[]string{"validate", missing, "-"}, "toolgen validate" + noSuch},
		{[]string{"schema", missing}, "toolgen schema" + noSuch},
		{[]string{"schema", "-ref", "https://x.test/a=" + missing, cat}, "toolgen schema: -ref https://x.test/a" + noSuch},
	}
	for _, tt := range tests {
		if code, stdout, stderr := runCLI(tt.args...); code != exitInvalid || stdout != "" || stderr != tt.stderr {
			t.Errorf("%q: exit %d, stdout %q\n got stderr %q\nwant stderr %q", tt.args, code, stdout, stderr, tt.stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "x.go")); !os.IsNotExist(err) {
		t.Error("a file was written")
	}
}

// TestYAMLTabError pins the report of a tab in a YAML catalog's
// indentation: its line and real column, the line, a caret under the tab,
// and what to do.
func TestYAMLTabError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "catalog.yaml")
	src := "tools:\n  - name: a\n    description: x\n    inputSchema:\n      type: object\n      properties:\n        x:\n  \t  type: string\n"
	writeFiles(t, filepath.Dir(path), map[string]string{"catalog.yaml": src})
	want := path + ":8:3: invalid YAML: a tab cannot indent YAML; indent with spaces\n" +
		"              type: string\n" + // the tab shown as spaces to the next tab stop
		"      ^\n"
	if code, stdout, stderr := runCLI("-pkg", "p", path); code != exitInvalid || stdout != "" || stderr != want {
		t.Errorf("exit %d, stdout %q\n got stderr %q\nwant stderr %q", code, stdout, stderr, want)
	}
}

// TestDuplicateToolNames checks that two tools of one name are one error,
// in every catalog format and in a folder, with nothing else said about
// the same cause (a Go name taken, a schema URI given twice).
func TestDuplicateToolNames(t *testing.T) {
	const mcpTool = `{"name": "search", "description": "x", "inputSchema": {"type": "object"}}`
	tests := []struct {
		name  string
		files map[string]string
		want  string // the one diagnostic line, DIR for the folder
	}{
		{"mcp", map[string]string{"c.json": "{\"tools\": [\n" + mcpTool + ",\n" + mcpTool + "\n]}"},
			`DIR/c.json:3:2: tool "search" /tools/1/name: duplicate tool name "search": the first tool with this name is at line 2 (/tools/0); tool names must be unique`},
		{"anthropic", map[string]string{"c.json": "[\n" + `{"name": "search", "input_schema": {"type": "object"}}` + ",\n" + `{"name": "search", "input_schema": {"type": "object"}}` + "\n]"},
			`DIR/c.json:3:2: tool "search" /1/name: duplicate tool name "search": the first tool with this name is at line 2 (/0); tool names must be unique`},
		{"openai chat", map[string]string{"c.json": "[\n" + `{"type": "function", "function": {"name": "search", "parameters": {"type": "object"}}}` + ",\n" + `{"type": "function", "function": {"name": "search", "parameters": {"type": "object"}}}` + "\n]"},
			`DIR/c.json:3:35: tool "search" /1/function/name: duplicate tool name "search": the first tool with this name is at line 2 (/0); tool names must be unique`},
		{"yaml", map[string]string{"c.yaml": "tools:\n- name: search\n  inputSchema: {type: object}\n- name: search\n  inputSchema: {type: object}\n"},
			`DIR/c.yaml:4:3: tool "search" /tools/1/name: duplicate tool name "search": the first tool with this name is at line 2 (/tools/0); tool names must be unique`},
		{"folder", map[string]string{"tools/a.json": mcpTool, "tools/b.json": mcpTool},
			`DIR/tools/b.json:1:2: tool "search" /name: duplicate tool name "search": the first tool with this name is in DIR/tools/a.json at line 1; tool names must be unique across the folder`},
	}
	for _, tt := range tests {
		dir := t.TempDir()
		writeFiles(t, dir, tt.files)
		var path string
		for name := range tt.files {
			path = filepath.Join(dir, strings.Split(name, "/")[0])
		}
		code, stdout, stderr := runCLI("-pkg", "p", path)
		var lines []string
		for _, line := range strings.Split(strings.TrimSuffix(stderr, "\n"), "\n") {
			if !strings.HasPrefix(line, excerptIndent) {
				lines = append(lines, line)
			}
		}
		want := strings.ReplaceAll(tt.want, "DIR", dir)
		if code != exitInvalid || stdout != "" || len(lines) != 1 || lines[0] != want {
			t.Errorf("%s: exit %d\n got %q\nwant [%q]", tt.name, code, lines, want)
		}
	}
}

// TestProviderEdges pins two messages about providers: generation warns
// of a tool name that OpenAI and Anthropic refuse and points at lint, and
// lint's strict-mode fixes name the -openai-strict flag.
func TestProviderEdges(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "catalog.json")
	line := `{"name": "tickets.search", "description": "Finds tickets.", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}}`
	writeFiles(t, dir, map[string]string{"catalog.json": "{\"tools\": [\n" + line + "\n]}\n"})

	out := filepath.Join(dir, "tools_gen.go")
	want := path + `:2:2: tool "tickets.search" /tools/0/name: warning: the tool name "tickets.search" is refused by OpenAI and Anthropic; toolgen lint -provider openai says why and how to name it [-quiet=provider-name]` + "\n" +
		excerptIndent + line + "\n" + excerptIndent + " ^\n"
	if code, _, stderr := runCLI("-o", out, path); code != exitOK || stderr != want {
		t.Errorf("generate: exit %d\n got %q\nwant %q", code, stderr, want)
	}
	if _, err := os.Stat(out); err != nil {
		t.Errorf("a warning stopped generation: %v", err)
	}

	code, stdout, _ := runCLI("lint", "-provider", "openai-strict", path)
	wantLint := path + `:2:61: tool "tickets.search" /tools/0/inputSchema: openai-strict: strict mode requires every property in "required" (missing: "q"); ` +
		`list them, and make each optional one nullable, e.g. "type": ["string", "null"], or generate with toolgen -openai-strict, whose strict variant of the schema does so`
	if code != exitInvalid || !strings.Contains(stdout, wantLint+"\n") || strings.Contains(stdout, "StrictVariant") {
		t.Errorf("lint: exit %d\n got %s\nwant a line %s", code, stdout, wantLint)
	}
}

// TestEveryFlagAfterTheOperands writes each flag of each command, as its
// help lists them, after the command's operands, bare and as -flag=value:
// the reason must name that flag, never fall back to a bare usage or run.
func TestEveryFlagAfterTheOperands(t *testing.T) {
	operands := map[string][]string{
		"":         {"CATALOG"},
		"lint":     {"CATALOG"},
		"docs":     {"CATALOG"},
		"schema":   {"SCHEMA"},
		"validate": {"CATALOG", "CALLS.jsonl"},
		"vet":      {"PACKAGES"},
		"pull":     {"the server"},
	}
	for _, name := range commandNames() {
		ops, ok := operands[name]
		if name == "help" {
			continue
		}
		if !ok {
			t.Errorf("command %q: the test does not know its operands", name)
			continue
		}
		_, help, _ := runCLI(withCommand(name, "-h")...)
		var flags []string
		for _, line := range strings.Split(help, "\n") {
			if rest, ok := strings.CutPrefix(line, "  -"); ok {
				flags = append(flags, "-"+strings.Fields(rest)[0])
			}
		}
		if len(flags) == 0 && name != "validate" {
			t.Errorf("command %q: no flags in its help", name)
		}
		for _, flag := range flags {
			for i, written := range []string{flag, flag + "=x", flag} {
				// After all operands, and (the third) after the first only.
				files := []string{"a.json", "b.jsonl"}[:len(ops)]
				if i == 2 {
					files = files[:1]
				}
				args := withCommand(name, append(append([]string(nil), files...), written, "x")...)
				code, _, stderr := runCLI(args...)
				reason, _, _ := strings.Cut(stderr, "\n")
				want := strings.TrimSpace("toolgen "+name) + ": flags must come before " + strings.Join(ops, " ") + ": move " + flag + " before a.json"
				if code != exitUsage || reason != want {
					t.Errorf("%q: exit %d, first line %q, want %q", args, code, reason, want)
				}
			}
		}
	}
}
