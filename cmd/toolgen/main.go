// Command toolgen generates typed Go from a JSON Schema tool catalog: argument
// structs, one-pass validators and an exhaustive dispatcher.
//
// Usage:
//
//	toolgen [-pkg NAME] [-o FILE] [-strict] [-check] CATALOG
//	toolgen COMMAND [flags] ...
//
// Without a command, toolgen generates code. CATALOG is a JSON or YAML file,
// or a folder of such files holding one tool each. With -check it writes
// nothing: it exits 1 and prints a diff when FILE is not what it would
// write. The other commands are listed by toolgen -h.
//
// Typically from a go:generate line:
//
//	//go:generate go tool toolgen -o tools_gen.go catalog.json
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen"
	"github.com/toolgen/toolgen/internal/catalogdiff"
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
	flags := newFlagSet("toolgen", "usage: toolgen [-pkg NAME] [-o FILE] [-strict] [-openai-strict] [-time] [-check] CATALOG\n"+
		"CATALOG is a JSON or YAML file (.json, .yaml, .yml), or a folder of such files with one tool each.", printCommands)
	pkg := flags.String("pkg", "", "package name of the generated file (default: $GOPACKAGE under go generate, else the package of the -o file or of the Go files beside it, else the name of its folder, else tools)")
	out := flags.String("o", "", "output file (default: standard output)")
	strict := flags.Bool("strict", false, "treat every word in a schema that is not a JSON Schema 2020-12 keyword, and every tool member toolgen does not read, as an error")
	check := flags.Bool("check", false, "write nothing; exit 1 and print a diff when the -o file is not up to date")
	openAIStrict := flags.Bool("openai-strict", false, "also embed each tool's OpenAI strict-mode schema variant, and accept null for absent optional members under runtime.Options.NullAsAbsent")
	timeTypes := flags.Bool("time", false, "hold strings of format date-time as time.Time")
	if code, done := parseFlags(flags, args, []string{"CATALOG"}, stdout, stderr); done {
		return code
	}
	if *check && *out == "" {
		return usageError(flags, stderr, "-check needs -o FILE: the file to compare with")
	}
	pkgName, err := packageName(*pkg, *out)
	if err != nil {
		return usageError(flags, stderr, "%v", err)
	}
	path := flags.Arg(0)

	// Every stage runs on whatever loaded, so that one run reports every
	// problem; any error means nothing is written.
	cat, diags, ok := loadAndLint("toolgen", path, catalog.LintOptions{Strict: *strict}, stderr)
	if !ok {
		return exitInvalid
	}
	var src []byte
	if cat != nil {
		// A duplicate tool name is Lint's one error; the generator sees
		// each name once, so that it does not report the cause again.
		unique := cat.FirstOfEachName()
		diags = diags.Merge(catalog.NameWarnings(unique))
		var genDiags catalog.Diagnostics
		src, genDiags = gen.Generate(unique, gen.Options{Package: pkgName, Source: filepath.Base(path), OpenAIStrict: *openAIStrict, Time: *timeTypes})
		diags = diags.Merge(genDiags)
	}
	if !reportDiagnostics(stderr, diags) || src == nil {
		return exitInvalid
	}
	return emit(*out, src, *check, stdout, stderr)
}

// emit writes src to path (stdout when ""), or with check compares it with
// what path holds: when they differ it prints a unified diff from the file
// to src on stdout, says so on stderr and returns exitInvalid, writing
// nothing.
func emit(path string, src []byte, check bool, stdout, stderr io.Writer) int {
	if check {
		old, err := os.ReadFile(path)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			fmt.Fprintf(stderr, "toolgen: %v\n", err)
			return exitInvalid
		}
		if bytes.Equal(old, src) {
			return exitOK
		}
		oldName := path
		if err != nil {
			oldName = os.DevNull
		}
		io.WriteString(stdout, catalogdiff.Unified(oldName, path, old, src))
		fmt.Fprintf(stderr, "toolgen: %s is not up to date; regenerate it (go generate)\n", path)
		return exitInvalid
	}
	if err := write(path, src, stdout); err != nil {
		fmt.Fprintf(stderr, "toolgen: %v\n", err)
		return exitInvalid
	}
	return exitOK
}

// printDiagnostics writes each diagnostic as its one-line form and, when
// its file can be read, the line of the file it points at with a caret
// under its column:
//
//	catalog.json:5:45: tool "ok" /tools/1/inputSchema/properties/n/maxLenght: unknown keyword ...
//	    "properties": {"n": {"type": "integer", "maxLenght": 3}}
//	                                            ^
//
// Only the first line has the file:line:col: form; the others are indented.
func printDiagnostics(w io.Writer, diags catalog.Diagnostics) {
	sources := map[string]*sourceLines{}
	for _, d := range diags {
		fmt.Fprintln(w, d.String())
		if d.Line < 1 || d.File == "" {
			continue
		}
		src, ok := sources[d.File]
		if !ok {
			data, _ := os.ReadFile(d.File) // nil when unreadable: no excerpt
			src = newSourceLines(data)
			sources[d.File] = src
		}
		if excerpt := src.excerpt(d.Line, d.Col); excerpt != "" {
			io.WriteString(w, excerpt)
		}
	}
}

// sourceLines is a file read for excerpts, with where each line starts, so
// that many diagnostics on a long file do not each scan it from the start.
type sourceLines struct {
	data   []byte
	starts []int
}

func newSourceLines(data []byte) *sourceLines {
	s := &sourceLines{data: data}
	if len(data) > 0 {
		s.starts = append(s.starts, 0)
	}
	for i, b := range data {
		if b == '\n' && i+1 < len(data) {
			s.starts = append(s.starts, i+1)
		}
	}
	return s
}

// excerpt is sourceExcerpt of the file.
func (s *sourceLines) excerpt(line, col int) string {
	if line < 1 || line > len(s.starts) {
		return ""
	}
	end := len(s.data)
	if line < len(s.starts) {
		end = s.starts[line]
	}
	return sourceExcerpt(s.data[s.starts[line-1]:end], 1, col)
}

// excerptIndent starts every excerpt line.
const excerptIndent = "    "

// maxExcerpt is the longest line an excerpt shows whole; of a longer line
// (a minified catalog) it shows excerptSide characters on each side of the
// column, so that a diagnostic does not print kilobytes.
const (
	maxExcerpt  = 160
	excerptSide = 70
)

// sourceExcerpt renders line (1-based) of src and, when col (1-based, in
// bytes) is known, a caret under that column; "" when src has no such line.
// Tabs in the line are kept in the caret line so that the caret lines up
// whatever the tab width.
func sourceExcerpt(src []byte, line, col int) string {
	text, ok := nthLine(src, line)
	if !ok {
		return ""
	}
	if col < 1 {
		col = 0
	} else if col > len(text)+1 {
		col = len(text) + 1
	}
	before, after := "", text
	if col > 0 {
		before, after = text[:col-1], text[col-1:]
	}
	// Cut a long line to a window around the column, on rune boundaries.
	prefix, suffix := "", ""
	if utf8.RuneCountInString(text) > maxExcerpt {
		if r := []rune(before); len(r) > excerptSide {
			before, prefix = string(r[len(r)-excerptSide:]), "..."
		}
		if r := []rune(after); len(r) > excerptSide {
			after, suffix = string(r[:excerptSide]), "..."
		}
	}
	var b strings.Builder
	b.WriteString(excerptIndent + prefix + before + after + suffix + "\n")
	if col > 0 {
		b.WriteString(excerptIndent + strings.Repeat(" ", len(prefix)))
		for _, r := range before {
			if r == '\t' {
				b.WriteByte('\t')
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteString("^\n")
	}
	return b.String()
}

// nthLine returns line n (1-based) of src without its line ending, and
// whether src has that line.
func nthLine(src []byte, n int) (string, bool) {
	for i := 1; len(src) > 0; i++ {
		text, rest, found := bytes.Cut(src, []byte("\n"))
		if i == n {
			return strings.TrimSuffix(string(text), "\r"), true
		}
		if !found {
			break
		}
		src = rest
	}
	return "", false
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
