package gen_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/tools/txtar"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen"
	"github.com/toolgen/toolgen/internal/ecma"
)

// The end-to-end test generates code for the golden catalogs that come with
// calls (testdata/golden/*.txtar holding calls.jsonl) and for the shared MCP
// catalogs into a temporary module,
// builds it with a small driver, runs tool calls through the generated
// ValidateArgs and checks each verdict twice: against the expectation written
// beside the call, and against santhosh-tekuri/jsonschema/v6 on the same
// schema and bytes.

// e2eCall is one line of a calls.jsonl file.
type e2eCall struct {
	Tool  string          `json:"tool"`
	Args  json.RawMessage `json:"args"`
	Text  *string         `json:"text,omitempty"`  // argument text that is not JSON, instead of args
	Bytes []byte          `json:"bytes,omitempty"` // argument bytes that are not even UTF-8, in base64
	Valid bool            `json:"valid"`
	// Violations, when given, are the expected "keyword pointer" pairs, in order.
	Violations []string `json:"violations,omitempty"`
	// Hints, when given, must each appear among the violations' hints.
	Hints []string `json:"hints,omitempty"`
	// Hidden are texts (sensitive values) that must appear in no hint and no
	// message.
	Hidden []string `json:"hidden,omitempty"`
	// Oracle says why santhosh v6 is not asked: strict JSON or Go limits that
	// the spec does not have ("" means it is asked).
	Oracle string `json:"oracle,omitempty"`
	// UnknownTool expects the unknown-tool error.
	UnknownTool bool `json:"unknownTool,omitempty"`
}

func (c e2eCall) raw() []byte {
	if c.Bytes != nil {
		return c.Bytes
	}
	if c.Text != nil {
		return []byte(*c.Text)
	}
	return c.Args
}

// driverRequest and driverVerdict are the driver's input and output lines.
type driverRequest struct {
	Pkg  string `json:"pkg"`
	Tool string `json:"tool"`
	Args []byte `json:"args"` // base64: arguments may be any bytes
}

type driverVerdict struct {
	Valid       bool     `json:"valid"`
	UnknownTool bool     `json:"unknownTool"`
	Known       []string `json:"known"` // the tools an unknown-tool error lists
	Violations  []struct {
		Pointer, Keyword, Message, Hint string
	} `json:"violations"`
	Omitted      int    `json:"omitted"`
	ModelMessage string `json:"modelMessage"`
	Other        string `json:"other"`
}

type e2ePackage struct {
	name  string
	cat   *catalog.Catalog
	opts  gen.Options
	calls []e2eCall
	// files are Go files of the package besides the generated one (types a
	// goJSONSchema names), from the archive's *.go sections.
	files []txtar.File
}

func TestEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated code with the go command; skipped in -short mode")
	}
	var pkgs []*e2ePackage
	files, _ := filepath.Glob("testdata/golden/*.txtar")
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		calls := section(ar, "calls.jsonl")
		if calls == nil {
			continue
		}
		name := "p" + strings.NewReplacer("-", "", "_", "").Replace(strings.TrimSuffix(filepath.Base(file), ".txtar"))
		opts := archiveOptions(t, ar)
		opts.Package = name
		pkg := &e2ePackage{name: name, cat: loadCatalog(t, file, section(ar, "catalog.json")), opts: opts, calls: parseCalls(t, file, calls)}
		for _, f := range ar.Files {
			if strings.HasSuffix(f.Name, ".go") && f.Name != "tools_gen.go" {
				pkg.files = append(pkg.files, f)
			}
		}
		pkgs = append(pkgs, pkg)
	}
	if len(pkgs) == 0 {
		t.Fatal("no golden archive has calls.jsonl")
	}
	pkgs = append(pkgs, sharedCatalogs(t)...)

	verdicts := runDriver(t, pkgs)
	for _, pkg := range pkgs {
		valid := 0
		for _, v := range verdicts[pkg.name] {
			if v.Valid {
				valid++
			}
		}
		t.Logf("%s: %d tools, %d calls, %d of them valid", pkg.name, len(pkg.cat.Tools), len(pkg.calls), valid)
		oracle := newOracle(t, pkg.cat)
		for i, c := range pkg.calls {
			got := verdicts[pkg.name][i]
			name := fmt.Sprintf("%s/%d/%s", pkg.name, i+1, c.Tool)
			t.Run(name, func(t *testing.T) {
				checkVerdict(t, c, got)
				if c.UnknownTool && !slices.Equal(got.Known, toolNames(pkg.cat)) {
					t.Errorf("the unknown-tool error lists %q, want the catalog's tools %q", got.Known, toolNames(pkg.cat))
				}
				if c.Oracle == "" && !c.UnknownTool {
					if want := oracle.valid(t, c.Tool, c.raw()); want != got.Valid {
						t.Errorf("generated code says valid=%v, santhosh v6 says %v for %s\nviolations: %+v", got.Valid, want, c.raw(), got.Violations)
					}
				}
			})
		}
	}
}

// toolNames returns the names of cat's tools, in catalog order.
func toolNames(cat *catalog.Catalog) []string {
	names := make([]string, len(cat.Tools))
	for i, tool := range cat.Tools {
		names[i] = tool.Name
	}
	return names
}

func checkVerdict(t *testing.T, c e2eCall, got driverVerdict) {
	t.Helper()
	if got.Other != "" {
		t.Fatalf("unexpected error type: %s", got.Other)
	}
	if c.UnknownTool {
		if !got.UnknownTool {
			t.Fatalf("want the unknown-tool error, got %+v", got)
		}
		return
	}
	if got.Valid != c.Valid {
		t.Fatalf("valid = %v, want %v for %s\nviolations: %+v", got.Valid, c.Valid, c.raw(), got.Violations)
	}
	for _, v := range got.Violations {
		if v.Hint == "" || v.Message == "" || v.Keyword == "" {
			t.Errorf("violation with an empty field: %+v", v)
		}
		if v.Pointer != "" && !strings.HasPrefix(v.Pointer, "/") {
			t.Errorf("pointer %q is not a JSON Pointer", v.Pointer)
		}
		if v.Pointer != "" && v.Keyword != "json" && strings.HasPrefix(v.Hint, "The arguments") {
			t.Errorf("the hint of a violation at %q names the arguments as a whole: %s", v.Pointer, v.Hint)
		}
	}
	if c.Violations != nil {
		var pairs []string
		for _, v := range got.Violations {
			pairs = append(pairs, v.Keyword+" "+v.Pointer)
		}
		if !slices.Equal(pairs, c.Violations) {
			t.Errorf("violations = %q, want %q\nhints: %+v", pairs, c.Violations, got.Violations)
		}
	}
	for _, h := range c.Hints {
		if !strings.Contains(got.ModelMessage, h) {
			t.Errorf("model message lacks %q:\n%s", h, got.ModelMessage)
		}
	}
	for _, h := range c.Hidden {
		all := fmt.Sprintf("%s %+v", got.ModelMessage, got.Violations)
		if strings.Contains(all, h) {
			t.Errorf("the sensitive value %q is echoed:\n%s", h, all)
		}
	}
}

func loadCatalog(t *testing.T, file string, data []byte) *catalog.Catalog {
	t.Helper()
	cat, diags := catalog.Parse(file, data)
	if diags.HasErrors() {
		t.Fatalf("%s: %v", file, diags)
	}
	if diags := catalog.Lint(cat, catalog.LintOptions{}); diags.HasErrors() {
		t.Fatalf("%s: %v", file, diags)
	}
	return cat
}

func parseCalls(t *testing.T, file string, data []byte) []e2eCall {
	t.Helper()
	var calls []e2eCall
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var c e2eCall
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&c); err != nil {
			t.Fatalf("%s: calls.jsonl line %d: %v", file, n, err)
		}
		calls = append(calls, c)
	}
	return calls
}

// sharedCatalogNames are the real catalogs of ../shared/testdata/catalogs
// that generate (see its SOURCES.md): Go, TypeScript (most declare
// draft-07, as zod-to-json-schema writes them) and Python servers.
var sharedCatalogNames = []string{
	"antv-mcp-server-chart", "azure-devops-mcp", "browserbasehq-mcp-server-browserbase",
	"cloudflare-mcp-server-cloudflare", "cocal-google-calendar-mcp",
	"executeautomation-playwright-mcp-server", "figma-developer-mcp", "github-mcp-server",
	"hubspot-mcp-server", "kubernetes-mcp-server", "launchdarkly-mcp-server", "shortcut-mcp",
	"winor30-mcp-server-datadog", "mcp-server-git",
}

// TestEverySharedCatalogTested checks that no catalog of the shared folder is
// left out of the end-to-end test: a catalog that stops generating must be
// fixed or refused on purpose, never dropped from the list in silence.
func TestEverySharedCatalogTested(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "shared", "testdata", "catalogs", "*.tools.json"))
	if err != nil || len(files) == 0 {
		t.Skipf("no shared catalogs beside the repository (%v): the shared test data lives in ../shared", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".tools.json")
		if !slices.Contains(sharedCatalogNames, name) {
			t.Errorf("the shared catalog %s is not among sharedCatalogNames", name)
		}
	}
}

// handWrittenCalls are valid calls, by catalog and tool, for the tools of the
// shared catalogs whose instances the builder cannot make valid (a pattern it
// does not invert, say).
var handWrittenCalls = map[string]string{
	"figma-developer-mcp/download_figma_images": `{"fileKey":"abc123","nodes":[{"nodeId":"1234:5678","fileName":"logo.png"}],"localPath":"public/images"}`,
}

// sharedCatalogs loads the real MCP catalogs beside the project and makes, for
// each tool, calls whose verdicts only the oracle knows: an empty object, an
// object with an invented member, and an instance built from the schema.
func sharedCatalogs(t *testing.T) []*e2ePackage {
	dir := filepath.Join("..", "..", "shared", "testdata", "catalogs")
	var pkgs []*e2ePackage
	for _, name := range sharedCatalogNames {
		path := filepath.Join(dir, name+".tools.json")
		data, err := os.ReadFile(path)
		if err != nil {
			t.Logf("skipping the shared catalog %s: %v (the shared test data lives in ../shared beside the repository)", name, err)
			continue
		}
		pkg := &e2ePackage{name: strings.SplitN(name, "-", 2)[0], cat: loadCatalog(t, path, data)}
		pkg.opts = gen.Options{Package: pkg.name, Source: "catalog.json"}
		pkg.calls = realCatalogCalls(t, name, pkg.cat, handWrittenCalls)
		pkgs = append(pkgs, pkg)
	}
	return pkgs
}

// realCatalogCalls makes, for each tool of cat, calls whose verdicts only the
// oracle knows: an empty object, an array, an object with an invented member,
// the instances built from the schema, and the call hand holds under
// "name/tool" for a tool whose instances the builder cannot make valid.
func realCatalogCalls(t *testing.T, name string, cat *catalog.Catalog, hand map[string]string) []e2eCall {
	t.Helper()
	var calls []e2eCall
	oracle := newOracle(t, cat)
	for _, tool := range cat.Tools {
		calls = append(calls,
			e2eCall{Tool: tool.Name, Args: json.RawMessage(`{}`), Valid: oracle.valid(t, tool.Name, []byte(`{}`))},
			e2eCall{Tool: tool.Name, Args: json.RawMessage(`[]`), Valid: false},
			e2eCall{Tool: tool.Name, Args: json.RawMessage(`{"invented_member_xyz":1}`), Valid: oracle.valid(t, tool.Name, []byte(`{"invented_member_xyz":1}`))},
		)
		for _, inst := range instances(tool.InputSchema) {
			calls = append(calls, e2eCall{Tool: tool.Name, Args: inst.args, Valid: oracle.valid(t, tool.Name, inst.args)})
		}
		if args, ok := hand[name+"/"+tool.Name]; ok {
			calls = append(calls, e2eCall{Tool: tool.Name, Args: json.RawMessage(args), Valid: oracle.valid(t, tool.Name, []byte(args))})
		}
	}
	// A tool that no call passes is tested on rejections alone: each
	// needs at least one valid call, built or written by hand.
	for _, tool := range cat.Tools {
		if !slices.ContainsFunc(calls, func(c e2eCall) bool { return c.Tool == tool.Name && c.Valid }) {
			t.Errorf("%s: no call of tool %q is valid; write one by hand", name, tool.Name)
		}
	}
	return calls
}

// oracle validates with santhosh v6, formats asserted.
type oracle struct {
	schemas map[string]*jsonschema.Schema
}

func newOracle(t *testing.T, cat *catalog.Catalog) *oracle {
	t.Helper()
	o := &oracle{schemas: map[string]*jsonschema.Schema{}}
	docs := map[string]any{}
	identified := map[string]map[string]any{} // tool -> $id -> schema
	for _, tool := range cat.Tools {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(tool.InputSchema))
		if err != nil {
			t.Fatal(err)
		}
		docs[tool.Name] = doc
		identified[tool.Name] = map[string]any{}
		collectIDs(doc, identified[tool.Name])
	}
	for _, tool := range cat.Tools {
		// Patterns are ECMA-262, as the specification says, rather than Go's
		// RE2 dialect.
		c := jsonschema.NewCompiler()
		c.DefaultDraft(jsonschema.Draft2020)
		c.AssertFormat()
		registerProducerFormats(c)
		c.UseRegexpEngine(ecmaEngine)
		// Another tool's schema with an $id may be referred to.
		for other, ids := range identified {
			for id, schema := range ids {
				if other != tool.Name {
					if err := c.AddResource(id, schema); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		if err := c.AddResource(oracleURL(tool.Name), docs[tool.Name]); err != nil {
			t.Fatal(err)
		}
		s, err := c.Compile(oracleURL(tool.Name))
		if err != nil {
			t.Fatalf("oracle cannot compile %s: %v", tool.Name, err)
		}
		o.schemas[tool.Name] = s
	}
	return o
}

// collectIDs records the subschemas of v with an absolute "$id" (the test
// catalogs use no relative ones).
func collectIDs(v any, into map[string]any) {
	switch v := v.(type) {
	case map[string]any:
		if id, ok := v["$id"].(string); ok {
			into[id] = v
		}
		for k, sub := range v {
			if k != "enum" && k != "const" && k != "default" && k != "examples" {
				collectIDs(sub, into)
			}
		}
	case []any:
		for _, sub := range v {
			collectIDs(sub, into)
		}
	}
}

func oracleURL(tool string) string {
	return "https://toolgen.invalid/oracle/" + url.PathEscape(tool) + ".json"
}

// ecmaEngine runs patterns through the ECMA-262 translation generated code
// uses; its correctness is tested against the suite in internal/ecma.
func ecmaEngine(pattern string) (jsonschema.Regexp, error) {
	c, err := ecma.Compile(pattern)
	if err != nil {
		return nil, err
	}
	return &oraclePattern{c.Matcher(), pattern}, nil
}

// oraclePattern is a pointer: santhosh v6 keeps patterns as map keys.
type oraclePattern struct {
	match  func(string) bool
	source string
}

func (p *oraclePattern) MatchString(s string) bool { return p.match(s) }
func (p *oraclePattern) String() string            { return p.source }

func (o *oracle) valid(t *testing.T, tool string, raw []byte) bool {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return false
	}
	return o.schemas[tool].Validate(v) == nil
}

// runDriver generates a package per catalog into a temporary module, builds a
// driver that validates every call, runs it once and returns the verdicts by
// package, in call order.
func runDriver(t *testing.T, pkgs []*e2ePackage) map[string][]driverVerdict {
	t.Helper()
	dir := tempModule(t, "e2e")

	var imports, cases strings.Builder
	for _, pkg := range pkgs {
		src, diags := gen.Generate(pkg.cat, pkg.opts)
		if diags.HasErrors() {
			t.Fatalf("generating %s: %v", pkg.name, diags)
		}
		writeFile(t, filepath.Join(dir, pkg.name, "tools_gen.go"), src)
		for _, f := range pkg.files {
			writeFile(t, filepath.Join(dir, pkg.name, f.Name), f.Data)
		}
		fmt.Fprintf(&imports, "\t%q\n", "e2e/"+pkg.name)
		if pkg.opts.OpenAIStrict {
			// Calls made against the strict-mode variant send null for absent.
			fmt.Fprintf(&cases, "\tcase %q:\n\t\treturn %s.NewDispatcher(nil, runtime.Config{Limits: runtime.Options{NullAsAbsent: true}}).Validate(tool, args)\n", pkg.name, pkg.name)
		} else {
			fmt.Fprintf(&cases, "\tcase %q:\n\t\treturn %s.ValidateArgs(tool, args)\n", pkg.name, pkg.name)
		}
	}
	driver := strings.ReplaceAll(strings.ReplaceAll(driverSource, "IMPORTS", imports.String()), "CASES", cases.String())
	writeFile(t, filepath.Join(dir, "driver", "main.go"), []byte(driver))

	var input bytes.Buffer
	enc := json.NewEncoder(&input)
	for _, pkg := range pkgs {
		for _, c := range pkg.calls {
			_ = enc.Encode(driverRequest{Pkg: pkg.name, Tool: c.Tool, Args: c.raw()})
		}
	}
	out := runDriverIn(t, dir, &input, "building or running the generated code failed")

	verdicts := map[string][]driverVerdict{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for _, pkg := range pkgs {
		for range pkg.calls {
			var v driverVerdict
			if err := dec.Decode(&v); err != nil {
				t.Fatalf("reading the driver's verdicts: %v", err)
			}
			verdicts[pkg.name] = append(verdicts[pkg.name], v)
		}
	}
	return verdicts
}

// runDriverIn runs the package ./driver of the module in dir with input on
// its standard input and returns its standard output; what fails names what
// was being done (as "building or running the generated code failed").
func runDriverIn(t *testing.T, dir string, input *bytes.Buffer, failed string) []byte {
	t.Helper()
	cmd := exec.Command(goCommand(), "run", "-mod=mod", "./driver")
	cmd.Dir = dir
	cmd.Stdin = input
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", failed, err, firstLines(stderr.String(), 40))
	}
	return out
}

// tempModule makes a temporary module called name that requires this
// repository's module from its working tree, for building generated code.
func tempModule(t *testing.T, name string) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	// The go command builds against this repository's packages, which go
	// test cannot see it read: reading their sources here makes a change to
	// them invalidate go test's cached result, as a change to the test would.
	readSources(t, root, "runtime", "internal")
	dir := t.TempDir()
	goSum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "go.sum"), goSum)
	writeFile(t, filepath.Join(dir, "go.mod"), []byte(fmt.Sprintf(
		"module %s\n\ngo 1.26\n\nrequire github.com/toolgen/toolgen v0.0.0\n\nreplace github.com/toolgen/toolgen => %s\n", name, root)))
	return dir
}

// readSources reads every Go file below the folders dirs of root.
func readSources(t *testing.T, root string, dirs ...string) {
	t.Helper()
	for _, d := range dirs {
		n := 0
		err := filepath.WalkDir(filepath.Join(root, d), func(p string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() || !strings.HasSuffix(p, ".go") {
				return err
			}
			n++
			_, err = os.ReadFile(p)
			return err
		})
		if err != nil || n == 0 {
			t.Fatalf("reading the Go sources in %s: %d files, %v", d, n, err)
		}
	}
}

// goCommand finds the go command that runs this test.
func goCommand() string {
	if root := os.Getenv("GOROOT"); root != "" {
		if p := filepath.Join(root, "bin", "go"); fileExists(p) {
			return p
		}
	}
	return "go"
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

const driverSource = `// Command driver validates tool calls read from stdin with generated code.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"

	"github.com/toolgen/toolgen/runtime"
IMPORTS)

type request struct {
	Pkg  string ` + "`json:\"pkg\"`" + `
	Tool string ` + "`json:\"tool\"`" + `
	Args []byte ` + "`json:\"args\"`" + `
}

type verdict struct {
	Valid        bool                ` + "`json:\"valid\"`" + `
	UnknownTool  bool                ` + "`json:\"unknownTool\"`" + `
	Known        []string            ` + "`json:\"known\"`" + `
	Violations   []runtime.Violation ` + "`json:\"violations\"`" + `
	Omitted      int                 ` + "`json:\"omitted\"`" + `
	ModelMessage string              ` + "`json:\"modelMessage\"`" + `
	Other        string              ` + "`json:\"other\"`" + `
}

func validate(pkg, tool string, args []byte) error {
	switch pkg {
CASES	}
	panic("unknown package " + pkg)
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<26)
	out := json.NewEncoder(os.Stdout)
	for in.Scan() {
		var req request
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			panic(err)
		}
		err := validate(req.Pkg, req.Tool, req.Args)
		var v verdict
		var invalid *runtime.ValidationError
		switch {
		case err == nil:
			v.Valid = true
		case errors.Is(err, runtime.ErrUnknownTool):
			v.UnknownTool = true
			v.ModelMessage = runtime.ModelMessage(err)
			var unknown *runtime.UnknownToolError
			if errors.As(err, &unknown) {
				v.Known = unknown.Known
			}
		case errors.As(err, &invalid):
			v.Violations, v.Omitted = invalid.Violations, invalid.Omitted
			v.ModelMessage = invalid.ModelMessage()
		default:
			v.Other = err.Error()
		}
		if err := out.Encode(v); err != nil {
			panic(err)
		}
	}
}
`
