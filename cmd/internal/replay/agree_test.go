package replay

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
	"golang.org/x/tools/txtar"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen"
)

// TestReplayAgreesWithGeneratedCode replays every catalog the project tests
// generation with (the golden archives, gen/testdata/catalogs and the shared
// third-party catalogs that generate) through two paths and compares them
// word for word: toolgen validate's (a log of records, ReplayLog, its text
// output) and a driver of the test's own that calls each catalog's
// generated ValidateArgs directly. The calls are the archives' own and, for
// every tool, an instance built from its schema and its mutations. Both
// programs are built in one module, so the generated code compiles once.
func TestReplayAgreesWithGeneratedCode(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated code with the go command; skipped in -short mode")
	}
	corpus := loadCorpus(t)
	src := findSource(t)
	pkgs := make([]Package, len(corpus))
	for i, c := range corpus {
		pkgs[i] = c.pkg
	}
	ctx := context.Background()
	prog, _, err := Build(ctx, src, pkgs)
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Close()
	driver := buildDriver(t, prog, src, len(pkgs))

	var calls []Call
	for i, c := range corpus {
		for _, args := range c.calls {
			calls = append(calls, Call{Package: i, Tool: args.tool, Args: args.args})
		}
	}
	want := runDriver(t, driver, calls)
	got, err := prog.Judge(ctx, calls)
	if err != nil {
		t.Fatal(err)
	}
	for i := range calls {
		if g, w := encode(got[i]), encode(want[i]); !bytes.Equal(g, w) {
			t.Errorf("%s: tool %q, arguments %q:\nreplay: %s\ndriver: %s", corpus[calls[i].Package].name, calls[i].Tool, calls[i].Args, g, w)
		}
	}

	next := 0
	for i, c := range corpus {
		log, lines := logOf(c.calls)
		var out bytes.Buffer
		if _, err := prog.ReplayLog(ctx, i, bytes.NewReader(log), &out); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		blocks := verdictBlocks(out.String())
		for j, call := range c.calls {
			v := want[next+j]
			if lines[j] == 0 {
				continue // not representable in a log
			}
			wantText := expectedText(lines[j], call.tool, v)
			if blocks[lines[j]] != wantText {
				t.Errorf("%s: toolgen validate says\n%s\nthe generated code says\n%s", c.name, blocks[lines[j]], wantText)
			}
		}
		next += len(c.calls)
	}
	// The comparison means something only if the calls reach every kind of
	// verdict.
	var valid, invalid, unknown int
	for _, v := range want {
		switch {
		case v.Valid:
			valid++
		case v.UnknownTool:
			unknown++
		case len(v.Violations) > 0:
			invalid++
		}
	}
	if valid == 0 || invalid == 0 || unknown == 0 {
		t.Errorf("the cases reach too few verdicts: %d valid, %d invalid, %d unknown tool", valid, invalid, unknown)
	}
	t.Logf("%d catalogs, %d calls compared: %d valid, %d invalid, %d unknown tool", len(corpus), len(calls), valid, invalid, unknown)
}

// corpusEntry is one catalog and the calls to replay.
type corpusEntry struct {
	name  string
	pkg   Package
	calls []testCall
}

type testCall struct {
	tool string
	args []byte
}

// loadCorpus reads the catalogs; a catalog that does not load, lint or
// generate today is left out, with a message.
func loadCorpus(t *testing.T) []corpusEntry {
	var corpus []corpusEntry
	add := func(name string, data []byte, opts gen.Options, files map[string][]byte, calls []testCall) {
		cat, diags := catalog.Parse(name, data)
		if cat != nil {
			diags = diags.Merge(catalog.Lint(cat, catalog.LintOptions{}))
		}
		if !diags.HasErrors() {
			probe := opts
			if probe.Package == "" {
				probe.Package = "probe"
			}
			if _, genDiags := gen.Generate(cat, probe); genDiags.HasErrors() {
				diags = genDiags
			}
		}
		if diags.HasErrors() {
			t.Logf("left out %s: it does not generate today: %v", name, firstLine(diags.Error()))
			return
		}
		for _, tool := range cat.Tools {
			for _, args := range toolCases(tool.Name, tool.InputSchema) {
				calls = append(calls, testCall{tool.Name, args})
			}
		}
		if len(cat.Tools) > 0 {
			calls = append(calls, testCall{unknownToolName, []byte(`{}`)})
			for _, bad := range badJSON {
				calls = append(calls, testCall{cat.Tools[0].Name, []byte(bad)})
			}
		}
		corpus = append(corpus, corpusEntry{name: name, pkg: Package{Catalog: cat, Options: opts, Files: files}, calls: calls})
	}

	archives, _ := filepath.Glob(filepath.Join("..", "..", "..", "gen", "testdata", "golden", "*.txtar"))
	if len(archives) == 0 {
		t.Fatal("no golden archives in gen/testdata/golden")
	}
	for _, file := range archives {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		opts, files, calls := archiveParts(t, file, ar)
		add(file, section(ar, "catalog.json"), opts, files, calls)
	}
	plain, _ := filepath.Glob(filepath.Join("..", "..", "..", "gen", "testdata", "catalogs", "*.json"))
	shared, _ := filepath.Glob(filepath.Join("..", "..", "..", "..", "shared", "testdata", "catalogs", "*.tools.json"))
	if len(shared) == 0 {
		t.Logf("no shared catalogs: the shared test data lives in ../shared beside the repository; replaying the project's own only")
	}
	for _, file := range append(plain, shared...) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		add(file, data, gen.Options{}, nil, nil)
	}
	return corpus
}

// archiveParts returns a golden archive's options, its Go files beside the
// generated one and its calls.
func archiveParts(t *testing.T, file string, ar *txtar.Archive) (gen.Options, map[string][]byte, []testCall) {
	var opts gen.Options
	if data := section(ar, "options.json"); data != nil {
		var o struct {
			OpenAIStrict bool `json:"openaiStrict"`
			Time         bool `json:"time"`
		}
		if err := json.Unmarshal(data, &o); err != nil {
			t.Fatalf("%s: options.json: %v", file, err)
		}
		opts.OpenAIStrict, opts.Time = o.OpenAIStrict, o.Time
	}
	files := map[string][]byte{}
	for _, f := range ar.Files {
		if strings.HasSuffix(f.Name, ".go") && f.Name != "tools_gen.go" {
			files[f.Name] = f.Data
			// The generated file joins the package of the files beside it.
			if m := regexp.MustCompile(`(?m)^package (\w+)`).FindSubmatch(f.Data); m != nil {
				opts.Package = string(m[1])
			}
		}
	}
	var calls []testCall
	sc := bufio.NewScanner(bytes.NewReader(section(ar, "calls.jsonl")))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var c struct {
			Tool  string          `json:"tool"`
			Args  json.RawMessage `json:"args"`
			Text  *string         `json:"text"`
			Bytes []byte          `json:"bytes"`
		}
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatalf("%s: calls.jsonl: %v", file, err)
		}
		args := []byte(c.Args)
		switch {
		case c.Bytes != nil:
			args = c.Bytes
		case c.Text != nil:
			args = []byte(*c.Text)
		}
		calls = append(calls, testCall{c.Tool, args})
	}
	return opts, files, calls
}

func section(ar *txtar.Archive, name string) []byte {
	for _, f := range ar.Files {
		if f.Name == name {
			return f.Data
		}
	}
	return nil
}

// logOf writes the calls as a log, each on its line: arguments that are
// strict JSON and not a string inline for every other call, else as a JSON
// string holding their text (as OpenAI logs them). lines[i] is call i's line number, 0 for
// arguments a log cannot hold (bytes that are not UTF-8).
func logOf(calls []testCall) ([]byte, []int) {
	var log bytes.Buffer
	lines := make([]int, len(calls))
	n := 0
	for i, c := range calls {
		if !utf8.Valid(c.args) {
			continue
		}
		tool, _ := jsontext.AppendQuote(nil, c.tool)
		var args []byte
		// Arguments that are a JSON string are written as text: inline, the
		// log would read the string as the arguments' text.
		if i%2 == 0 && strictJSON(c.args) && !bytes.HasPrefix(bytes.TrimSpace(c.args), []byte(`"`)) {
			args = c.args
		} else {
			args, _ = jsontext.AppendQuote(nil, c.args)
		}
		if i%3 == 0 {
			log.WriteString("\n") // blank lines are skipped, and counted
			n++
		}
		fmt.Fprintf(&log, `{"tool": %s, "arguments": %s}`+"\n", tool, args)
		n++
		lines[i] = n
	}
	return log.Bytes(), lines
}

func strictJSON(data []byte) bool {
	dec := jsontext.NewDecoder(bytes.NewReader(data))
	if _, err := dec.ReadValue(); err != nil {
		return false
	}
	_, err := dec.ReadToken()
	return err == io.EOF
}

// verdictBlocks splits toolgen validate's output by the log line each
// verdict is about.
func verdictBlocks(out string) map[int]string {
	re := regexp.MustCompile(`(?m)^line (\d+): `)
	starts := re.FindAllStringSubmatchIndex(out, -1)
	blocks := map[int]string{}
	for i, s := range starts {
		end := strings.LastIndex(out[:len(out)-1], "\n") + 1 // the summary line
		if i+1 < len(starts) {
			end = starts[i+1][0]
		}
		var n int
		fmt.Sscan(out[s[2]:s[3]], &n)
		blocks[n] = out[s[0]:end]
	}
	return blocks
}

// expectedText is the documented form of a verdict, written here from the
// generated code's own answer.
func expectedText(line int, tool string, v Verdict) string {
	head := fmt.Sprintf("line %d: tool %q: ", line, tool)
	switch {
	case v.Valid:
		return head + "valid\n"
	case v.UnknownTool:
		return head + "unknown tool (the catalog has " + strings.Join(v.Known, ", ") + ")\n"
	}
	n := len(v.Violations) + v.Omitted
	noun := "violations"
	if n == 1 {
		noun = "violation"
	}
	text := fmt.Sprintf("%sinvalid: %d %s\n", head, n, noun)
	for _, vi := range v.Violations {
		ptr := vi.Pointer
		if ptr == "" {
			ptr = "/"
		}
		text += "    " + ptr + ": " + vi.Keyword + ": " + vi.Message + "\n        hint: " + vi.Hint + "\n"
	}
	if v.Omitted > 0 {
		text += fmt.Sprintf("    and %d more violations, not listed\n", v.Omitted)
	}
	return text
}

func firstLine(s string) string {
	first, _, _ := strings.Cut(s, "\n")
	return first
}

func findSource(t *testing.T) *Source {
	t.Helper()
	src, err := FindSource(".")
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// buildDriver adds the test's driver to the program's module and builds it
// there, so that it links the packages the program's build compiled.
func buildDriver(t *testing.T, prog *Program, src *Source, pkgs int) string {
	t.Helper()
	var imports, cases strings.Builder
	for i := 0; i < pkgs; i++ {
		fmt.Fprintf(&imports, "\tc%d %q\n", i, packagePath(i))
		fmt.Fprintf(&cases, "\tcase %d:\n\t\treturn c%d.ValidateArgs(tool, args)\n", i, i)
	}
	source := strings.NewReplacer("IMPORTS", imports.String(), "CASES", cases.String()).Replace(driverSource)
	if err := writeFile(filepath.Join(prog.dir, "driver", "main.go"), []byte(source)); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(prog.dir, "driver-bin")
	cmd := exec.Command(src.Go, "build", "-o", bin, "./driver")
	cmd.Dir = prog.dir
	cmd.Env = offlineEnv("-mod=mod")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the test's driver: %v\n%s", err, out)
	}
	return bin
}

// runDriver runs the driver on the calls and returns its verdicts.
func runDriver(t *testing.T, bin string, calls []Call) []Verdict {
	t.Helper()
	var in bytes.Buffer
	for _, c := range calls {
		fmt.Fprintf(&in, "%d\t%s\t%s\n", c.Package, encode(c.Tool), encode(c.Args))
	}
	cmd := exec.Command(bin)
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("running the test's driver: %v\n%s", err, stderr.String())
	}
	var verdicts []Verdict
	dec := json.NewDecoder(bytes.NewReader(out))
	for range calls {
		var v Verdict
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("reading the driver's verdicts: %v", err)
		}
		verdicts = append(verdicts, v)
	}
	return verdicts
}

// driverSource is the test's own driver: it reads "PKG\tTOOL\tARGS" lines
// (TOOL a JSON string, ARGS base64 in a JSON string) and writes each verdict
// as JSON.
const driverSource = `package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/toolgen/toolgen/runtime"
IMPORTS)

func validate(pkg int, tool string, args []byte) error {
	switch pkg {
CASES	}
	panic(fmt.Sprint("no package ", pkg))
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<28)
	out := json.NewEncoder(os.Stdout)
	for in.Scan() {
		fields := strings.Split(in.Text(), "\t")
		if len(fields) != 3 {
			panic("want three fields: " + in.Text())
		}
		pkg, err := strconv.Atoi(fields[0])
		if err != nil {
			panic(err)
		}
		var tool string
		var args []byte
		if err := json.Unmarshal([]byte(fields[1]), &tool); err != nil {
			panic(err)
		}
		if err := json.Unmarshal([]byte(fields[2]), &args); err != nil {
			panic(err)
		}
		err = validate(pkg, tool, args)
		v := map[string]any{"valid": err == nil, "unknownTool": false, "known": nil, "violations": nil, "omitted": 0, "modelMessage": "", "other": ""}
		var unknown *runtime.UnknownToolError
		var invalid *runtime.ValidationError
		if err != nil {
			v["modelMessage"] = runtime.ModelMessage(err)
		}
		switch {
		case err == nil:
		case errors.As(err, &unknown):
			v["unknownTool"], v["known"] = true, unknown.Known
		case errors.As(err, &invalid):
			v["violations"], v["omitted"] = invalid.Violations, invalid.Omitted
		default:
			v["other"] = err.Error()
		}
		if err := out.Encode(v); err != nil {
			panic(err)
		}
	}
}
`
