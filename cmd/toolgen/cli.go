package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"strings"

	"github.com/toolgen/toolgen/catalog"
)

// Every command parses its flags the same way, so that the edges behave
// alike everywhere: -h and -help print the command's help on standard
// output and exit 0 (help that was asked for is not an error), and every
// usage error prints a one-line reason, then the usage, on standard error
// and exits 2.

func init() {
	commands["help"] = command{"print this help, or a command's: toolgen help COMMAND", help}
}

// newFlagSet returns a flag set for the command called name ("toolgen" or
// "toolgen lint") whose usage is synopsis, then the flags, then what more
// adds (nil for nothing). The usage is written to the set's output, which
// parseFlags points at standard output for -h.
func newFlagSet(name, synopsis string, more func(w io.Writer)) *flag.FlagSet {
	flags := flag.NewFlagSet(name, flag.ContinueOnError)
	flags.Usage = func() {
		w := flags.Output()
		fmt.Fprintln(w, synopsis)
		flags.PrintDefaults()
		if more != nil {
			more(w)
		}
	}
	return flags
}

// parseFlags parses args into flags and checks that exactly len(operands)
// arguments follow them; operands name them for the messages ("CATALOG").
// A command whose operands vary passes nil and checks them itself.
// It returns done when the command is to stop, with the exit code: after
// printing the help for -h, or a reason and the usage for a usage error.
func parseFlags(flags *flag.FlagSet, args []string, operands []string, stdout, stderr io.Writer) (code int, done bool) {
	// The flag package prints its own message and the usage on an error;
	// the reason is printed here instead, in the one form every error has.
	flags.SetOutput(io.Discard)
	err := flags.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		flags.SetOutput(stdout)
		flags.Usage()
		return exitOK, true
	case err != nil:
		return usageError(flags, stderr, "%v", err), true
	}
	if operands == nil {
		return exitOK, false
	}
	if reason := operandProblem(flags.Args(), operands); reason != "" {
		return usageError(flags, stderr, "%s", reason), true
	}
	return exitOK, false
}

// operandProblem says what is wrong with the arguments left after the
// flags, or "" when there is one for each operand.
func operandProblem(args, operands []string) string {
	want := strings.Join(operands, " ")
	// The flag package stops at the first argument that is not a flag, so
	// a flag written after the catalog arrives here as an argument. Only
	// the first argument may start with "-" (after "--", a file name).
	for _, a := range args[min(1, len(args)):] {
		if len(a) > 1 && a[0] == '-' {
			name, _, _ := strings.Cut(a, "=")
			return fmt.Sprintf("flags must come before %s: move %s before %s", want, name, args[0])
		}
	}
	switch {
	case len(args) < len(operands):
		return fmt.Sprintf("missing %s", strings.Join(operands[len(args):], " "))
	case len(args) > len(operands):
		return fmt.Sprintf("too many arguments: want %s, got %q", want, args)
	}
	return ""
}

// usageError prints "name: reason" and the usage on stderr and returns
// exitUsage.
func usageError(flags *flag.FlagSet, stderr io.Writer, format string, args ...any) int {
	fmt.Fprintf(stderr, "%s: %s\n", flags.Name(), fmt.Sprintf(format, args...))
	flags.SetOutput(stderr)
	flags.Usage()
	return exitUsage
}

// quietFlag defines -quiet on flags: a comma-separated list of warning
// classes (it may be given more than once) whose warnings the command
// leaves out. Errors are never left out.
func quietFlag(flags *flag.FlagSet) *[]catalog.WarningClass {
	var classes []catalog.WarningClass
	flags.Func("quiet", "leave out the warnings of each `CLASS` listed, comma-separated: the name in brackets after a warning (see below)", func(list string) error {
		more, err := catalog.ParseWarningClasses(list)
		classes = append(classes, more...)
		return err
	})
	return &classes
}

// printWarningClasses lists the warning classes -quiet takes.
func printWarningClasses(w io.Writer) {
	fmt.Fprintln(w, "\nwarning classes (-quiet):")
	for _, line := range catalog.WarningClasses() {
		name, summary, _ := strings.Cut(line, ": ")
		fmt.Fprintf(w, "  %-18s %s\n", name, summary)
	}
}

// printCommands lists the subcommands, for the usage of toolgen itself.
func printCommands(w io.Writer) {
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	sort.Strings(names)
	fmt.Fprintln(w, "\ncommands:")
	for _, name := range names {
		fmt.Fprintf(w, "  toolgen %-10s %s\n", name, commands[name].summary)
	}
}

// help is toolgen help [COMMAND]: the help of toolgen or of one command,
// on standard output, as -h prints it.
func help(args []string, stdout, stderr io.Writer) int {
	switch {
	case len(args) == 0:
		return generate([]string{"-h"}, stdout, stderr)
	case len(args) > 1:
		fmt.Fprintf(stderr, "toolgen help: want at most one command, got %q\n", args)
		return exitUsage
	}
	switch strings.TrimLeft(args[0], "-") {
	case "h", "help": // toolgen help help, toolgen help -h
		return generate([]string{"-h"}, stdout, stderr)
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "toolgen help: unknown command %q; run toolgen help for the list\n", args[0])
		return exitUsage
	}
	return c.run([]string{"-h"}, stdout, stderr)
}

// loadAndLint is the one way every command reads a catalog: it loads the
// catalog at path and lints it with opts, so that every command refuses the
// same catalogs for the same reasons. A path that cannot be read is one
// plain line on stderr (the catalog has no line to point at) and ok false;
// otherwise the diagnostics of both steps come back, for the command to add
// its own and print. cat is nil only when nothing loaded.
func loadAndLint(name, path string, opts catalog.LintOptions, stderr io.Writer) (cat *catalog.Catalog, diags catalog.Diagnostics, ok bool) {
	cat, diags, ok = load(name, path, stderr)
	return cat, lintLoaded(cat, diags, opts), ok
}

// load is loadAndLint without the lint, for a command that lints more
// than once.
func load(name, path string, stderr io.Writer) (cat *catalog.Catalog, diags catalog.Diagnostics, ok bool) {
	if _, err := os.Stat(path); err != nil {
		fmt.Fprintf(stderr, "%s: %s\n", name, readError(path, err))
		return nil, nil, false
	}
	cat, diags = catalog.Load(path)
	return cat, diags, true
}

// lintLoaded is the lint half of loadAndLint, for a catalog read another
// way (toolgen pull): the diagnostics of loading cat, and of linting it
// with opts when it loaded.
func lintLoaded(cat *catalog.Catalog, diags catalog.Diagnostics, opts catalog.LintOptions) catalog.Diagnostics {
	if cat != nil {
		diags = diags.Merge(catalog.Lint(cat, opts))
	}
	return diags
}

// reportDiagnostics prints diags on w, each with its catalog excerpt, and
// reports whether none of them is an error.
func reportDiagnostics(w io.Writer, diags catalog.Diagnostics) bool {
	printDiagnostics(w, diags)
	return !diags.HasErrors()
}

// readError renders an error reading path as "cannot read PATH: REASON",
// without the operation and path that an *fs.PathError repeats.
func readError(path string, err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Sprintf("cannot read %s: %v", path, err)
}
