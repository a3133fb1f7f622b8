package helpdesk

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The three lines the README gives for using toolgen in a module of one's
// own; this module is set up with exactly these.
const (
	readmeGet      = "go get -tool github.com/toolgen/toolgen/cmd/toolgen"
	readmeGenerate = "//go:generate go tool toolgen -o tools_gen.go catalog.json"
	readmeCheck    = "go tool toolgen -check -o tools_gen.go catalog.json"
)

// TestREADMEMatchesThisModule checks that the README gives the three
// lines, and that this module uses them: the go:generate line and the
// tool directive that go get -tool writes.
func TestREADMEMatchesThisModule(t *testing.T) {
	readme := readFile(t, filepath.Join("..", "..", "README.md"))
	for _, line := range []string{readmeGet, readmeGenerate, readmeCheck} {
		if !strings.Contains(readme, "\n"+line+"\n") {
			t.Errorf("the README lacks the line %q", line)
		}
	}
	if src := readFile(t, "helpdesk.go"); !strings.Contains(src, "\n"+readmeGenerate+"\n") {
		t.Errorf("helpdesk.go lacks %q", readmeGenerate)
	}
	if mod := readFile(t, "go.mod"); !strings.Contains(mod, "\ntool github.com/toolgen/toolgen/cmd/toolgen\n") {
		t.Error("go.mod lacks the tool directive")
	}
}

// TestSetupInCI runs, in a copy of this module outside the repository,
// what the README says a module's CI runs: go generate writes tools_gen.go
// as committed here (the package name found without -pkg), the result
// builds, the turns through the adapters pass, and the -check line exits 0
// while the file is fresh and 1 with a diff once the catalog changes.
func TestSetupInCI(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the test runs the go command: %v", err)
	}
	dir := t.TempDir()
	for _, name := range copiedFiles {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(readFile(t, name)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gocmd := func(args ...string) (code int, stdout, stderr string) {
		t.Helper()
		cmd := exec.Command(goTool, args...)
		cmd.Dir = dir
		// As a CI job runs it: not under go generate, outside any workspace.
		cmd.Env = append(slices.DeleteFunc(os.Environ(), func(kv string) bool {
			return strings.HasPrefix(kv, "GOPACKAGE=") || strings.HasPrefix(kv, "GOFILE=")
		}), "GOWORK=off")
		var o, e bytes.Buffer
		cmd.Stdout, cmd.Stderr = &o, &e
		err := cmd.Run()
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) {
			t.Fatalf("go %s: %v", strings.Join(args, " "), err)
		}
		return cmd.ProcessState.ExitCode(), o.String(), e.String()
	}
	mustRun := func(args ...string) {
		t.Helper()
		if code, _, stderr := gocmd(args...); code != 0 {
			t.Fatalf("go %s: exit %d: %s", strings.Join(args, " "), code, stderr)
		}
	}
	for module, path := range directoryReplaces(t, goTool) {
		mustRun("mod", "edit", "-replace", module+"="+path)
	}

	mustRun("generate", "./...")
	if got := readFile(t, filepath.Join(dir, "tools_gen.go")); got != readFile(t, "tools_gen.go") {
		t.Errorf("go generate in the copy wrote a tools_gen.go that differs from this module's (%q)", firstLine(got, "package "))
	}
	mustRun("build", "./...")
	code, stdout, stderr := gocmd("test", "-v", "-run", "Turn", ".")
	for _, adapter := range []string{"OpenAI", "Anthropic", "MCP"} {
		if code != 0 || !strings.Contains(stdout, "--- PASS: Test"+adapter+"Turn") {
			t.Fatalf("the turns through the %s adapter did not pass in the copy: exit %d: %s%s", adapter, code, stdout, stderr)
		}
	}

	check := strings.Fields(strings.TrimPrefix(readmeCheck, "go "))
	if code, stdout, stderr := gocmd(check...); code != 0 || stdout != "" || stderr != "" {
		t.Errorf("%s on a fresh file: exit %d, stdout %q, stderr %q", readmeCheck, code, stdout, stderr)
	}

	catalog := filepath.Join(dir, "catalog.json")
	edited := strings.Replace(readFile(t, catalog), "Close a ticket", "Close an open ticket", 1)
	if err := os.WriteFile(catalog, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = gocmd(check...)
	if code != 1 || !strings.Contains(stdout, "Close an open ticket") || stderr != "toolgen: tools_gen.go is not up to date; regenerate it (go generate)\n" {
		t.Errorf("%s on a stale file: exit %d, stderr %q, diff:\n%s", readmeCheck, code, stderr, stdout)
	}
}

// copiedFiles are the files of this module that TestSetupInCI copies: the
// module, the catalog, the handlers, and the tests that serve a model turn
// through each adapter.
var copiedFiles = []string{
	"go.mod", "go.sum", "catalog.json", "helpdesk.go",
	"turn_test.go", "openai_test.go", "anthropic_test.go", "mcp_test.go",
}

// directoryReplaces returns, for each replace of this module's go.mod that
// names a directory, the module and that directory as an absolute path, so
// that a copy of go.mod elsewhere still finds toolgen and its adapters in
// this repository.
func directoryReplaces(t *testing.T, goTool string) map[string]string {
	t.Helper()
	out, err := exec.Command(goTool, "mod", "edit", "-json").Output()
	if err != nil {
		t.Fatalf("go mod edit -json: %v", err)
	}
	var mod struct {
		Replace []struct {
			Old, New struct{ Path, Version string }
		}
	}
	if err := json.Unmarshal(out, &mod); err != nil {
		t.Fatalf("go mod edit -json: %v", err)
	}
	dirs := map[string]string{}
	for _, r := range mod.Replace {
		if r.New.Version != "" {
			continue // a module path, not a directory
		}
		path, err := filepath.Abs(r.New.Path)
		if err != nil {
			t.Fatal(err)
		}
		dirs[r.Old.Path] = path
	}
	if dirs["github.com/toolgen/toolgen"] == "" {
		t.Fatalf("go.mod does not replace toolgen by a directory: %s", out)
	}
	return dirs
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// firstLine returns the first line of text that starts with prefix.
func firstLine(text, prefix string) string {
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, prefix) {
			return line
		}
	}
	return ""
}
