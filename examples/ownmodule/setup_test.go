package helpdesk

import (
	"bytes"
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

// TestSetupInCI runs, in a copy of this module, what the README says a
// module's CI runs: go generate writes tools_gen.go as committed here
// (the package name found without -pkg), the result builds, and the -check
// line exits 0 while the file is fresh and 1 with a diff once the catalog
// changes.
func TestSetupInCI(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the test runs the go command: %v", err)
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, name := range []string{"go.mod", "go.sum", "catalog.json", "helpdesk.go"} {
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
	mustRun("mod", "edit", "-replace", "github.com/toolgen/toolgen="+root)

	mustRun("generate", "./...")
	if got := readFile(t, filepath.Join(dir, "tools_gen.go")); got != readFile(t, "tools_gen.go") {
		t.Errorf("go generate in the copy wrote a tools_gen.go that differs from this module's (%q)", firstLine(got, "package "))
	}
	mustRun("build", "./...")

	check := strings.Fields(strings.TrimPrefix(readmeCheck, "go "))
	if code, stdout, stderr := gocmd(check...); code != 0 || stdout != "" || stderr != "" {
		t.Errorf("%s on a fresh file: exit %d, stdout %q, stderr %q", readmeCheck, code, stdout, stderr)
	}

	catalog := filepath.Join(dir, "catalog.json")
	edited := strings.Replace(readFile(t, catalog), "Close a ticket", "Close an open ticket", 1)
	if err := os.WriteFile(catalog, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := gocmd(check...)
	if code != 1 || !strings.Contains(stdout, "Close an open ticket") || stderr != "toolgen: tools_gen.go is not up to date; regenerate it (go generate)\n" {
		t.Errorf("%s on a stale file: exit %d, stderr %q, diff:\n%s", readmeCheck, code, stderr, stdout)
	}
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
