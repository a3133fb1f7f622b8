package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/toolgen/toolgen/gen"
)

func init() {
	commands["schema"] = command{"generate a validator for any JSON Schema (not a tool catalog)", schema}
}

// schemaFiles collects repeated -ref flags.
type schemaFiles []string

func (s *schemaFiles) String() string     { return strings.Join(*s, ",") }
func (s *schemaFiles) Set(v string) error { *s = append(*s, v); return nil }

// schema generates a validator function for one schema document, whatever
// its root: func NAME(data []byte) error. Documents that its $refs reach
// are given with -ref URI=FILE; nothing is fetched.
func schema(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("toolgen schema", "usage: toolgen schema [-pkg NAME] [-o FILE] [-name FUNC] [-ref URI=FILE]... SCHEMA", nil)
	pkg := flags.String("pkg", "", "package name of the generated file (default: as for toolgen -pkg)")
	out := flags.String("o", "", "output file, or - for standard output (default: standard output)")
	name := flags.String("name", "Validate", "name of the generated function")
	annotate := flags.Bool("annotate-formats", false, "treat format as an annotation, as the 2020-12 default dialect does (by default formats are asserted)")
	var refs schemaFiles
	flags.Var(&refs, "ref", "URI=FILE: a document that $ref may reach at URI (repeatable)")
	if code, done := parseFlags(flags, args, []string{"SCHEMA"}, stdout, stderr); done {
		return code
	}
	pkgName, err := packageName(*pkg, *out)
	if err != nil {
		return usageError(flags, stderr, "%v", err)
	}
	path := flags.Arg(0)
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintf(stderr, "toolgen schema: %s\n", readError(path, err))
		return exitInvalid
	}
	resources := map[string][]byte{}
	for _, r := range refs {
		uri, file, ok := strings.Cut(r, "=")
		if !ok || uri == "" || file == "" {
			return usageError(flags, stderr, "-ref %q: want URI=FILE", r)
		}
		doc, err := os.ReadFile(file)
		if err != nil {
			fmt.Fprintf(stderr, "toolgen schema: -ref %s: %s\n", uri, readError(file, err))
			return exitInvalid
		}
		resources[uri] = doc
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		fmt.Fprintf(stderr, "toolgen schema: %v\n", err)
		return exitInvalid
	}
	src, refused, err := gen.GenerateValidators(
		[]gen.Schema{{Name: *name, JSON: data, URI: "file://" + filepath.ToSlash(abs), AnnotateFormats: *annotate}},
		gen.ValidatorOptions{Package: pkgName, Resources: resources},
	)
	var nameErr *gen.SchemaNameError
	if errors.As(err, &nameErr) {
		fmt.Fprintf(stderr, "toolgen schema: -name: %v\n", err)
		return exitUsage
	}
	if err != nil {
		printError(stderr, "toolgen schema", err)
		return exitUsage
	}
	if err := refused[*name]; err != nil {
		printError(stderr, path, err)
		return exitInvalid
	}
	if err := write(*out, src, stdout); err != nil {
		fmt.Fprintf(stderr, "toolgen schema: %v\n", err)
		return exitInvalid
	}
	return exitOK
}
