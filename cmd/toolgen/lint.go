package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/toolgen/toolgen/catalog"
)

func init() {
	commands["lint"] = command{
		summary: "check a catalog against a provider's rules for tool definitions",
		run:     runLint,
	}
}

// runLint is toolgen lint -provider NAME CATALOG: it loads and lints the
// catalog, then reports what the provider will reject or change. The
// diagnostics go to stdout, one per line; the exit code is 1 when any is
// an error.
func runLint(args []string, stdout, stderr io.Writer) int {
	var names []string
	for _, p := range catalog.Providers() {
		names = append(names, string(p))
	}
	flags := flag.NewFlagSet("toolgen lint", flag.ContinueOnError)
	flags.SetOutput(stderr)
	provider := flags.String("provider", "", "the provider whose rules apply: "+strings.Join(names, ", "))
	strict := flags.Bool("strict", false, "treat every word in a schema that is not a JSON Schema keyword as an error")
	flags.Usage = func() {
		fmt.Fprintln(stderr, "usage: toolgen lint -provider NAME [-strict] CATALOG")
		fmt.Fprintln(stderr, "\nReports, per tool and JSON Pointer, what the provider will reject or silently change.")
		flags.PrintDefaults()
	}
	if err := flags.Parse(args); err != nil {
		return exitUsage
	}
	if flags.NArg() != 1 || *provider == "" {
		flags.Usage()
		return exitUsage
	}
	p, err := catalog.ParseProvider(*provider)
	if err != nil {
		fmt.Fprintf(stderr, "toolgen lint: %v\n", err)
		return exitUsage
	}

	cat, diags := catalog.Load(flags.Arg(0))
	if cat != nil {
		diags = diags.Merge(catalog.Lint(cat, catalog.LintOptions{Strict: *strict}))
		diags = diags.Merge(catalog.LintProvider(cat, p))
	}
	errs := 0
	for _, d := range diags {
		fmt.Fprintln(stdout, d.String())
		if d.Severity == catalog.Error {
			errs++
		}
	}
	if len(diags) > 0 {
		fmt.Fprintf(stderr, "toolgen lint: %s, %s for %s\n", lintCount(errs, "error"), lintCount(len(diags)-errs, "warning"), p)
	}
	if diags.HasErrors() {
		return exitInvalid
	}
	return exitOK
}

// lintCount renders n things, as "1 error" or "2 errors".
func lintCount(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
