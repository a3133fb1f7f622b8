package main

import (
	"bytes"
	"fmt"
	"io"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/templates"
)

func init() {
	commands["docs"] = command{"write a Markdown reference of the catalog's tools", docs}
}

// docs writes the Markdown tool reference of a catalog, rendered from
// templates/tools.md.tmpl.
func docs(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("toolgen docs", "usage: toolgen docs [-o FILE] [-quiet CLASS,...] [-check] CATALOG", printWarningClasses)
	out := flags.String("o", "", "output file, or - for standard output (default: standard output)")
	check := flags.Bool("check", false, "write nothing; exit 1 and print a diff when the -o file is not up to date")
	quiet := quietFlag(flags)
	if code, done := parseFlags(flags, args, []string{"CATALOG"}, stdout, stderr); done {
		return code
	}
	if reason := checkUsage(*out); *check && reason != "" {
		return usageError(flags, stderr, "%s", reason)
	}
	path := flags.Arg(0)
	cat, diags, ok := loadAndLint("toolgen docs", path, catalog.LintOptions{}, stderr)
	if !ok || !reportDiagnostics(stderr, diags.Quiet(*quiet)) || cat == nil {
		return exitInvalid
	}
	var md bytes.Buffer
	if err := templates.WriteToolsMarkdown(&md, cat, path); err != nil {
		fmt.Fprintf(stderr, "toolgen docs: %v\n", err)
		return exitInvalid
	}
	return emit(*out, md.Bytes(), *check, stdout, stderr)
}
