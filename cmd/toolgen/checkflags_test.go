package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/gen"
)

// flagCatalog has what every output flag changes: a date-time string (-time)
// and an optional member (-openai-strict).
const flagCatalog = `{"tools": [{"name": "book", "description": "Books a slot.", "inputSchema": {"type": "object",
	"properties": {"at": {"type": "string", "format": "date-time"}, "note": {"type": "string"}},
	"required": ["at"], "additionalProperties": false}}]}`

// notOutput are the flags of toolgen that say where to write, or whether
// to, or what to print: they are not recorded, and take values or write
// nothing, so the test does not run them as switches.
var notOutput = []string{"-o", "-pkg", "-quiet", "-check"}

// generateFlags returns the flags toolgen's help lists.
func generateFlags(t *testing.T) []string {
	t.Helper()
	_, help, _ := runCLI("-h")
	var flags []string
	for _, line := range strings.Split(help, "\n") {
		if rest, ok := strings.CutPrefix(line, "  -"); ok {
			flags = append(flags, "-"+strings.Fields(rest)[0])
		}
	}
	if len(flags) < 5 {
		t.Fatalf("only %d flags in the help", len(flags))
	}
	return flags
}

// withoutHeader drops the first line.
func withoutHeader(src []byte) []byte {
	_, rest, _ := bytes.Cut(src, []byte("\n"))
	return rest
}

// TestEveryOutputFlagIsRecorded generates the catalog with each switch of
// toolgen's help and without: a switch that changes the output must be
// one the header records, and one the header records must change it.
func TestEveryOutputFlagIsRecorded(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "catalog.json")
	writeFiles(t, dir, map[string]string{"catalog.json": flagCatalog})
	_, plain, _ := runCLI("-pkg", "p", path)
	for _, flag := range generateFlags(t) {
		if slices.Contains(notOutput, flag) {
			continue
		}
		code, out, stderr := runCLI("-pkg", "p", flag, path)
		if code != exitOK {
			t.Errorf("%s: exit %d: %s (a flag that takes a value: add it to notOutput, or test its values)", flag, code, stderr)
			continue
		}
		changed := !bytes.Equal(withoutHeader([]byte(out)), withoutHeader([]byte(plain)))
		recorded, ok := gen.HeaderFlags([]byte(out))
		switch {
		case !ok:
			t.Errorf("%s: no toolgen header: %.80s", flag, out)
		case changed && !slices.Equal(recorded, []string{flag}):
			t.Errorf("%s changes the output, but the header records %q; add it to outputChanging", flag, recorded)
		case !changed && len(recorded) > 0:
			t.Errorf("%s changes nothing, but the header records %q", flag, recorded)
		}
	}
}

// TestCheckNamesTheFlags generates with every subset of the recorded flags
// and checks with every subset: -check passes when the two are the same
// and the file is up to date, and otherwise says which flags each has,
// without a diff.
func TestCheckNamesTheFlags(t *testing.T) {
	subsets := [][]string{{}}
	for _, name := range outputChanging {
		for _, s := range subsets {
			subsets = append(subsets, append(slices.Clone(s), "-"+name))
		}
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "catalog.json")
	out := filepath.Join(dir, "tools_gen.go")
	writeFiles(t, dir, map[string]string{"catalog.json": flagCatalog})
	for _, made := range subsets {
		if code, _, stderr := runCLI(append(append([]string{"-pkg", "p", "-o", out}, made...), path)...); code != exitOK {
			t.Fatalf("generating with %q: %s", made, stderr)
		}
		src, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := gen.HeaderFlags(src); !slices.Equal(got, made) {
			t.Errorf("generated with %q, the header records %q", made, got)
		}
		for _, checked := range subsets {
			code, stdout, stderr := runCLI(append(append([]string{"-pkg", "p", "-o", out, "-check"}, checked...), path)...)
			if slices.Equal(made, checked) {
				if code != exitOK || stdout != "" || stderr != "" {
					t.Errorf("made with %q, checked with the same: exit %d, %s%s", made, code, stdout, stderr)
				}
				continue
			}
			want := fmt.Sprintf("toolgen: %s was generated with %s, and this -check runs with %s; give -check the flags of the go:generate line\n", out, flagList(made), flagList(checked))
			if code != exitInvalid || stdout != "" || stderr != want {
				t.Errorf("made with %q, checked with %q: exit %d\nstdout %q\nstderr %q\nwant   %q", made, checked, code, stdout, stderr, want)
			}
		}
	}
}

// TestHeaderFlagsFileName checks that a catalog's file name that looks like
// flags is never read as flags, and that the header stays one line that is
// no directive.
func TestHeaderFlagsFileName(t *testing.T) {
	for _, name := range []string{"with -time.json", "-time.json", "x -openai-strict -time.json", "a\n//go:generate rm -rf x.json", "-o=x. DO NOT EDIT.json"} {
		dir := t.TempDir()
		path := filepath.Join(dir, strings.ReplaceAll(name, "/", "_"))
		if err := os.WriteFile(path, []byte(flagCatalog), 0o644); err != nil {
			t.Skipf("the file system takes no such name: %v", err)
		}
		for _, flags := range [][]string{nil, {"-time"}} {
			code, out, stderr := runCLI(append(append([]string{"-pkg", "p"}, flags...), path)...)
			if code != exitOK {
				t.Fatalf("%q: %s", name, stderr)
			}
			got, ok := gen.HeaderFlags([]byte(out))
			if !ok || !slices.Equal(got, flags) && !(len(got) == 0 && len(flags) == 0) {
				t.Errorf("%q with %q: the header reads as %q (%v)", name, flags, got, ok)
			}
			header, rest, _ := strings.Cut(out, "\n")
			if !strings.HasPrefix(header, "// Code generated by toolgen ") || !strings.HasPrefix(rest, "\npackage p") {
				t.Errorf("%q: the header is not one line:\n%.300s", name, out)
			}
		}
	}
}
