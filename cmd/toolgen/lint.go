package main

import (
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
	flags := newFlagSet("toolgen lint", "usage: toolgen lint -provider NAME [-strict] [-quiet CLASS,...] CATALOG\n"+
		"\nReports, per tool and JSON Pointer, what the provider will reject or silently change.", printWarningClasses)
	provider := flags.String("provider", "", "the provider whose rules apply (required): "+strings.Join(names, ", "))
	strict := flags.Bool("strict", false, "treat every word in a schema that is not a JSON Schema 2020-12 keyword, and every tool member toolgen does not read, as an error")
	quiet := quietFlag(flags)
	if code, done := parseFlags(flags, args, []string{"CATALOG"}, stdout, stderr); done {
		return code
	}
	if *provider == "" {
		return usageError(flags, stderr, "-provider is required: one of %s", strings.Join(names, ", "))
	}
	p, err := catalog.ParseProvider(*provider)
	if err != nil {
		return usageError(flags, stderr, "-provider: %v", err)
	}

	cat, diags, ok := loadAndLint("toolgen lint", flags.Arg(0), catalog.LintOptions{Strict: *strict}, stderr)
	if !ok {
		return exitInvalid
	}
	if cat != nil {
		diags = diags.Merge(catalog.LintProvider(cat, p))
	}
	diags = diags.Quiet(*quiet)
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
