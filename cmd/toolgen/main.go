// Command toolgen generates typed Go from a JSON Schema tool catalog: argument
// structs, one-pass validators and an exhaustive dispatcher.
//
// Usage:
//
//	toolgen [-pkg NAME] [-o FILE] [-strict] CATALOG
//	toolgen COMMAND [flags] ...
//
// Without a command, toolgen generates code. The other commands are listed by
// toolgen -h.
//
// Typically from a go:generate line:
//
//	//go:generate go run github.com/toolgen/toolgen/cmd/toolgen -pkg tools -o tools_gen.go catalog.json
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen"
)

// Exit codes.
const (
	exitOK      = 0
	exitInvalid = 1 // the catalog has errors, or the output could not be written
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
	flags := flag.NewFlagSet("toolgen", flag.ContinueOnError)
	flags.SetOutput(stderr)
	pkg := flags.String("pkg", defaultPackage(), "package name of the generated file (default: $GOPACKAGE under go generate, else tools)")
	out := flags.String("o", "", "output file (default: standard output)")
	strict := flags.Bool("strict", false, "treat every word in a schema that is not a JSON Schema keyword as an error")
	flags.Usage = func() {
		fmt.Fprintln(stderr, "usage: toolgen [-pkg NAME] [-o FILE] [-strict] CATALOG")
		flags.PrintDefaults()
		if len(commands) > 0 {
			fmt.Fprintln(stderr, "\ncommands:")
			names := make([]string, 0, len(commands))
			for name := range commands {
				names = append(names, name)
			}
			sort.Strings(names)
			for _, name := range names {
				fmt.Fprintf(stderr, "  toolgen %-10s %s\n", name, commands[name].summary)
			}
		}
	}
	if err := flags.Parse(args); err != nil {
		return exitUsage
	}
	if flags.NArg() != 1 {
		flags.Usage()
		return exitUsage
	}
	path := flags.Arg(0)

	// Every stage runs on whatever loaded, so that one run reports every
	// problem; any error means nothing is written.
	cat, diags := catalog.Load(path)
	var src []byte
	if cat != nil {
		diags = diags.Merge(catalog.Lint(cat, catalog.LintOptions{Strict: *strict}))
		var genDiags catalog.Diagnostics
		src, genDiags = gen.Generate(cat, gen.Options{Package: *pkg, Source: filepath.Base(path)})
		diags = diags.Merge(genDiags)
	}
	for _, d := range diags {
		fmt.Fprintln(stderr, d.String())
	}
	if diags.HasErrors() || src == nil {
		return exitInvalid
	}
	if err := write(*out, src, stdout); err != nil {
		fmt.Fprintf(stderr, "toolgen: %v\n", err)
		return exitInvalid
	}
	return exitOK
}

func defaultPackage() string {
	if p := os.Getenv("GOPACKAGE"); p != "" {
		return p
	}
	return "tools"
}

// write puts src in path, replacing the file atomically and leaving it
// untouched when its content is already src; "" means stdout.
func write(path string, src []byte, stdout io.Writer) error {
	if path == "" {
		_, err := stdout.Write(src)
		return err
	}
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, src) {
		return nil
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".toolgen-*.go")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(src); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
