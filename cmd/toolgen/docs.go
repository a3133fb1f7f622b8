package main

import (
	"bytes"
	"flag"
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
	flags := flag.NewFlagSet("toolgen docs", flag.ContinueOnError)
	flags.SetOutput(stderr)
	out := flags.String("o", "", "output file (default: standard output)")
	check := flags.Bool("check", false, "write nothing; exit 1 and print a diff when the -o file is not up to date")
	flags.Usage = func() {
		fmt.Fprintln(stderr, "usage: toolgen docs [-o FILE] [-check] CATALOG")
		flags.PrintDefaults()
	}
	if err := flags.Parse(args); err != nil {
		return exitUsage
	}
	if flags.NArg() != 1 {
		flags.Usage()
		return exitUsage
	}
	if *check && *out == "" {
		fmt.Fprintln(stderr, "toolgen docs: -check needs -o FILE: the file to compare with")
		return exitUsage
	}
	path := flags.Arg(0)
	cat, diags := catalog.Load(path)
	if cat != nil {
		diags = diags.Merge(catalog.Lint(cat, catalog.LintOptions{}))
	}
	printDiagnostics(stderr, diags)
	if diags.HasErrors() {
		return exitInvalid
	}
	var md bytes.Buffer
	if err := templates.WriteToolsMarkdown(&md, cat, path); err != nil {
		fmt.Fprintf(stderr, "toolgen docs: %v\n", err)
		return exitInvalid
	}
	return emit(*out, md.Bytes(), *check, stdout, stderr)
}
