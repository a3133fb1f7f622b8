// Command toolgen generates typed Go from a JSON Schema tool catalog: argument
// structs, one-pass validators and an exhaustive dispatcher.
//
// Usage:
//
//	toolgen [-pkg NAME] [-o FILE] [-strict] [-check] CATALOG
//	toolgen COMMAND [flags] ...
//
// Without a command, toolgen generates code. CATALOG is a JSON or YAML file,
// or a folder of such files holding one tool each. FILE - is standard
// output; a device, a named pipe or a symbolic link is written through,
// never replaced. With -check it writes nothing: it exits 1 and prints a
// diff when FILE is not what it would write. The other commands are listed
// by toolgen -h.
//
// Typically from a go:generate line:
//
//	//go:generate go tool toolgen -o tools_gen.go catalog.json
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen"
)

// Exit codes.
const (
	exitOK      = 0
	exitInvalid = 1 // the catalog has errors, the output could not be written, or -check found it stale
	exitUsage   = 2
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// command is a subcommand: toolgen NAME args...
type command struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

// commands holds the subcommands; each registers itself from its own file.
var commands = map[string]command{}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		if c, ok := commands[args[0]]; ok {
			return c.run(args[1:], stdout, stderr)
		}
	}
	return generate(args, stdout, stderr)
}

// generate is toolgen's main job: catalog in, one Go file out.
func generate(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("toolgen", "usage: toolgen [-pkg NAME] [-o FILE] [-strict] [-openai-strict] [-time] [-client] [-skip-uncompilable] [-quiet CLASS,...] [-check] CATALOG\n"+
		"CATALOG is a JSON or YAML file (.json, .yaml, .yml), or a folder of such files with one tool each.", func(w io.Writer) {
		printWarningClasses(w)
		printCommands(w)
	})
	pkg := flags.String("pkg", "", "package name of the generated file (default: $GOPACKAGE under go generate, else the package of the -o file or of the Go files beside it, else the name of its folder, else tools)")
	out := flags.String("o", "", "output file, or - for standard output (default: standard output)")
	strict := flags.Bool("strict", false, "treat every word in a schema that is not a JSON Schema 2020-12 keyword, and every tool member toolgen does not read, as an error")
	check := flags.Bool("check", false, "write nothing; exit 1 and print a diff when the -o file is not up to date")
	openAIStrict := flags.Bool("openai-strict", false, "also embed each tool's OpenAI strict-mode schema variant, and accept null for absent optional members under runtime.Options.NullAsAbsent")
	timeTypes := flags.Bool("time", false, "hold strings of format date-time as time.Time")
	client := flags.Bool("client", false, "also generate a Client with one method per tool, which validates the arguments before it sends them through a runtime.Caller")
	skip := flags.Bool("skip-uncompilable", false, "generate the other tools when a tool cannot be compiled exactly: leave it out of the dispatcher, Tools and Definitions, and report its problems as warnings")
	quiet := quietFlag(flags)
	if code, done := parseFlags(flags, args, []string{"CATALOG"}, stdout, stderr); done {
		return code
	}
	if reason := checkUsage(*out); *check && reason != "" {
		return usageError(flags, stderr, "%s", reason)
	}
	pkgName, err := packageName(*pkg, *out)
	if err != nil {
		return usageError(flags, stderr, "%v", err)
	}
	path := flags.Arg(0)

	// Every stage runs on whatever loaded, so that one run reports every
	// problem; any error means nothing is written.
	lintOpts := catalog.LintOptions{Strict: *strict}
	genOpts := gen.Options{Package: pkgName, Source: filepath.Base(path), OpenAIStrict: *openAIStrict, Time: *timeTypes, Client: *client, Flags: outputFlags(flags)}
	cat, diags, ok := load("toolgen", path, stderr)
	if !ok {
		return exitInvalid
	}
	var src []byte
	switch {
	case cat != nil && *skip:
		src, diags = generateSkipping(cat, diags, lintOpts, genOpts)
	case cat != nil:
		src, diags = generateAll(cat, diags, lintOpts, genOpts)
	}
	if !reportDiagnostics(stderr, diags.Quiet(*quiet)) || src == nil {
		return exitInvalid
	}
	if *check && !sameFlags(*out, outputFlags(flags), stderr) {
		return exitInvalid
	}
	return emit(*out, src, *check, stdout, stderr)
}

// outputChanging are the flags of toolgen that change what it writes; the
// header of the file records those given, and -check compares them
// (TestEveryOutputFlagIsRecorded finds a flag missing here).
var outputChanging = []string{"openai-strict", "time", "client"}

// outputFlags returns the flags of outputChanging that differ from their
// defaults, as the header records them: "-time", or "-name=value" for a
// flag that is not a switch.
func outputFlags(flags *flag.FlagSet) []string {
	var out []string
	for _, name := range outputChanging {
		f := flags.Lookup(name)
		if f == nil || f.Value.String() == f.DefValue {
			continue
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			out = append(out, "-"+name)
		} else {
			out = append(out, "-"+name+"="+f.Value.String())
		}
	}
	return out
}

// sameFlags reports whether the file at path, if toolgen generated it, was
// generated with flags; if not it says which flags to run -check with.
// Those flags are not taken from the file: the go:generate line is what
// decides the output, and a CI line that disagrees with it should say so.
func sameFlags(path string, flags []string, stderr io.Writer) bool {
	old, err := os.ReadFile(path)
	if err != nil {
		return true // no file: emit says so
	}
	was, ok := gen.HeaderFlags(old)
	if !ok || slices.Equal(was, flags) {
		return true
	}
	fmt.Fprintf(stderr, "toolgen: %s was generated with %s, and this -check runs with %s; give -check the flags of the go:generate line\n",
		path, flagList(was), flagList(flags))
	return false
}

// flagList renders flags for a message: "-time -openai-strict", or "no flags".
func flagList(flags []string) string {
	if len(flags) == 0 {
		return "no flags"
	}
	return strings.Join(flags, " ")
}
