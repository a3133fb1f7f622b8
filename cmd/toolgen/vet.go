package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/toolgen/toolgen/cmd/internal/brandcheck"
)

func init() {
	commands["vet"] = command{
		summary: "report branded Valid…Args values made outside the generated code, and switches that miss a generated union's or enum's case",
		run:     runVet,
	}
}

// runVet is toolgen vet [-tests=false] [PACKAGES]: it runs the brandcheck
// analyzers over the packages (default ".") and prints one line per report
// on stdout. The exit code is 1 when anything is reported or a package
// does not load.
func runVet(args []string, stdout, stderr io.Writer) int {
	return vetWith(&packages.Config{}, args, stdout, stderr)
}

// vetWith is runVet loading packages under cfg.
func vetWith(cfg *packages.Config, args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("toolgen vet", "usage: toolgen vet [-tests=false] [PACKAGES]", func(w io.Writer) {
		fmt.Fprintln(w, "\nReports every Valid…Args value made outside the generated file that declares it:")
		fmt.Fprintln(w, "only the generated Parse functions may make one. Reports too every switch over a")
		fmt.Fprintln(w, "generated sealed union or enum that misses an alternative or a value and has no")
		fmt.Fprintln(w, "default. PACKAGES are go list patterns (default \".\").")
		fmt.Fprintln(w, "Under go vet, the same check is cmd/toolgen-vet: go vet -vettool=$(which toolgen-vet) ./...")
	})
	tests := flags.Bool("tests", true, "also check the packages' test files")
	patterns, code, done := parseVetFlags(flags, args, stdout, stderr)
	if done {
		return code
	}
	cfg.Tests = *tests
	reports, err := vet(cfg, patterns)
	if err != nil {
		fmt.Fprintf(stderr, "toolgen vet: %v\n", err)
		return exitInvalid
	}
	for _, r := range reports {
		fmt.Fprintln(stdout, r)
	}
	if len(reports) > 0 {
		return exitInvalid
	}
	return exitOK
}

// parseVetFlags parses toolgen vet's flags, which take any number of
// package patterns after them, the way parseFlags does for the other
// commands: -h is help on standard output, and a flag after a pattern is a
// usage error that names it. It returns the patterns, "." when none.
func parseVetFlags(flags *flag.FlagSet, args []string, stdout, stderr io.Writer) (patterns []string, code int, done bool) {
	flags.SetOutput(io.Discard)
	switch err := flags.Parse(args); {
	case errors.Is(err, flag.ErrHelp):
		flags.SetOutput(stdout)
		flags.Usage()
		return nil, exitOK, true
	case err != nil:
		return nil, usageError(flags, stderr, "%v", err), true
	}
	patterns = flags.Args()
	for _, a := range patterns[min(1, len(patterns)):] {
		if len(a) > 1 && a[0] == '-' {
			name, _, _ := strings.Cut(a, "=")
			return nil, usageError(flags, stderr, "flags must come before PACKAGES: move %s before %s", name, patterns[0]), true
		}
	}
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	return patterns, exitOK, false
}

// vet loads the packages matching patterns under cfg, with their
// dependencies from source so that the check can follow branded types
// across imports, and returns the check's reports as "file:line:col:
// message" lines in the order of the files and lines.
func vet(cfg *packages.Config, patterns []string) ([]string, error) {
	cfg.Mode = packages.LoadAllSyntax
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("no packages match %q", patterns)
	}
	var loadErrs []error
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			loadErrs = append(loadErrs, e)
		}
	})
	if len(loadErrs) > 0 {
		return nil, fmt.Errorf("the packages do not load: %w", loadErrs[0])
	}
	graph, err := checker.Analyze(brandcheck.Analyzers, pkgs, nil)
	if err != nil {
		return nil, err
	}
	type report struct {
		pos     token.Position
		message string
	}
	seen := map[report]bool{} // a file in both a package and its test variant reports once
	var found []report
	for _, act := range graph.Roots {
		if act.Err != nil {
			return nil, fmt.Errorf("%s: %w", act.Package.PkgPath, act.Err)
		}
		for _, d := range act.Diagnostics {
			r := report{act.Package.Fset.Position(d.Pos), d.Message}
			r.pos.Filename = relative(r.pos.Filename)
			r.pos.Offset = 0
			if !seen[r] {
				seen[r] = true
				found = append(found, r)
			}
		}
	}
	slices.SortFunc(found, func(a, b report) int {
		return cmp.Or(strings.Compare(a.pos.Filename, b.pos.Filename), cmp.Compare(a.pos.Line, b.pos.Line), cmp.Compare(a.pos.Column, b.pos.Column))
	})
	lines := make([]string, len(found))
	for i, r := range found {
		lines[i] = fmt.Sprintf("%s: %s", r.pos, r.message)
	}
	return lines, nil
}

// relative returns path relative to the working directory when it lies
// beneath it, as go vet prints it.
func relative(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	rel, err := filepath.Rel(wd, path)
	if err != nil || !filepath.IsLocal(rel) {
		return path
	}
	return filepath.ToSlash(rel)
}
