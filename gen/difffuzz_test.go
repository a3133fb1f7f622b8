package gen_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"go/format"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/toolgen/toolgen/gen"
)

// TestDifferential fuzzes generated validators against
// santhosh-tekuri/jsonschema/v6, one fuzz target per family of schemas:
//
//   - FuzzSuite: the schema of every test group of the JSON-Schema-Test-Suite
//     (core, optional-format/, optional/), compiled with
//     gen.GenerateValidators; the tests' instances are the seeds.
//   - FuzzCatalogs: every tool of the shared MCP catalogs
//     (../shared/testdata/catalogs/*.tools.json) and of the project's own
//     (gen/testdata/catalogs/*.tools.json: root shapes such as a root $ref,
//     a recursive tree, a root anyOf or oneOf, patternProperties beside
//     additionalProperties), generated with gen.Generate and called through
//     the generated ValidateArgs; arguments made up from each input schema
//     are the seeds.
//
// A fuzz input is the position of a schema (modulo their number, in the order
// of the suite's files or the catalogs' tools), the instance bytes, and a
// number of edits: when it is not 0 and the bytes are strict JSON, one or two
// values of the instance are replaced, removed or added from a pool of values
// the schema suggests (its constants, its bounds and the numbers next to
// them, sizes around its limits), which byte mutations alone rarely reach.
// The verdicts (valid or not) of toolgen and of the oracle must agree.
//
// Generated code for third-party schemas is never committed, and go test
// -fuzz only fuzzes a package of the main module, so the test writes a
// temporary module: the generated packages, the harness (diffHarness below),
// the schemas and seeds (manifest.json) and the committed regression inputs of
// gen/testdata/fuzz/<FuzzName>/. Then
//
//	go test ./gen -run TestDifferential
//
// replays the seeds and the committed inputs once, and
//
//	go test ./gen -run TestDifferential -difffuzz 200000x -timeout 0
//
// fuzzes each family for that many inputs (a count rather than a time, so
// that a loaded machine does not fuzz less). When the fuzzer finds a
// disagreement, the failing input, minimized and with its edits made, is
// copied into gen/testdata/fuzz/<FuzzName>/ to be committed, and the test
// fails with the schema, the instance and both verdicts. A regression input
// names its schema by position: it has to be revisited when the suite or the
// catalogs change.
//
// The oracle runs with format assertion on, and with toolgen's own format
// checkers (runtime/format) in place of its own, so that format semantics,
// which runtime/format/format_test.go compares on their own with a list of
// deliberate deviations, stay out of this comparison; a format that toolgen
// does not check is an annotation to both sides. Inputs that the two sides
// cannot be expected to judge alike are skipped, each for a reason that
// belongs to neither JSON Schema nor the schema at hand:
//
//   - Text that is JSON only to a lenient reader: invalid UTF-8, an escaped
//     lone surrogate, a member name sent twice in one object. toolgen reads
//     strict JSON (RFC 8259 with RFC 7493's rules) and rejects it; the oracle
//     reads with encoding/json, which repairs the text or keeps the last
//     value. Text that is not JSON at all is compared: both must reject it.
//   - Inputs beyond toolgen's reading limits, runtime.DefaultMaxBytes and
//     runtime.DefaultMaxDepth: deliberate limits of a validator of untrusted
//     input, which the oracle does not have.
//   - Numbers with an exponent of 10000 or more in magnitude, or longer than
//     10000 characters: the oracle reads them as big.Rat, whose cost grows
//     with 10^|exponent|, so such an input measures its patience rather than
//     validity.
//   - A disagreement on a string that holds \v, \r or a Unicode space (U+00A0,
//     U+1680, U+2000 to U+200A, U+2028, U+2029, U+202F, U+205F, U+3000,
//     U+FEFF), when a pattern of the schema uses \s, \S or . outside a
//     class. Patterns are ECMA-262 regular expressions, which toolgen
//     follows; the oracle runs them with Go's regexp package, whose \s is
//     only [\t\n\f\r ] and whose . matches \r, U+2028 and U+2029. The
//     suite's optional/ecmascript-regex.json shows the oracle wrong there.
//   - For the catalogs, a disagreement whose only violations are type
//     violations at numbers the generated Go types cannot hold: an integer
//     outside int64 where a field is an int64, a number beyond float64's
//     range where it is a float64. toolgen rejects them on purpose. (The
//     suite's validators keep numbers as text and have no such limit.)
//   - Schemas that either side declines to compile: toolgen's refusals are
//     listed in docs/CONFORMANCE.md. The oracle runs a pattern that Go's
//     regexp package rejects (a lookahead, the suite's \cC escapes) with
//     internal/ecma/ecmaref, the specification's backtracking matcher, and
//     skips an input on which that runs out of steps.
//   - Inputs on which the oracle panics.
func TestDifferential(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated validators for the suite and the catalogs with the go command; skipped with -short")
	}
	if *diffFuzz != "" && !regexp.MustCompile(`^[1-9][0-9]*x$`).MatchString(*diffFuzz) {
		t.Fatalf("-difffuzz %q: want a count of inputs such as 20000x", *diffFuzz)
	}
	t.Run("Suite", func(t *testing.T) { runDifferential(t, suiteFamily(t)) })
	t.Run("Catalogs", func(t *testing.T) { runDifferential(t, catalogFamily(t)) })
}

var diffFuzz = flag.String("difffuzz", "", "fuzz generated validators against santhosh-tekuri/jsonschema/v6 for this many inputs per family, as a go test -fuzztime count (20000x); without it TestDifferential replays the seeds and the committed inputs")

// A fuzzFamily is one fuzz target and what its temporary module holds.
type fuzzFamily struct {
	name     string            // the fuzz target, FuzzSuite or FuzzCatalogs
	packages map[string][]byte // generated source by package directory
	// table is the Go source of the fuzz target, with validators, the
	// generated function of each subject in order (nil where refused).
	table    []byte
	manifest fuzzManifest
}

// fuzzManifest is the temporary module's manifest.json, read by diffHarness.
type fuzzManifest struct {
	Subjects []fuzzSubject
	// Resources are documents the schemas refer to, by URI, for the oracle;
	// it has the 2020-12 meta-schemas built in.
	Resources map[string]json.RawMessage `json:",omitempty"`
	// GoNumbers says that the generated code holds numbers as Go int64 and
	// float64 values.
	GoNumbers bool `json:",omitempty"`
}

// fuzzSubject is one schema that fuzz inputs select.
type fuzzSubject struct {
	Name    string          // where the schema comes from, for messages
	Schema  json.RawMessage // the schema
	URI     string          // the schema's base URI
	Refused string          `json:",omitempty"` // why toolgen declined the schema
	// Draft is the meta-schema URI of the dialect of a schema without
	// "$schema"; empty means 2020-12.
	Draft string `json:",omitempty"`
	Seeds []json.RawMessage
}

// suiteFamily compiles every test group of the suite, formats asserted.
func suiteFamily(t *testing.T) *fuzzFamily {
	t.Helper()
	files := loadSuite(t)
	resources := suiteResources(t)
	var schemas []gen.Schema
	var groups []*suiteGroup
	drafts := map[*suiteGroup]string{}
	for _, f := range files {
		for _, g := range f.groups {
			drafts[g] = suiteDialects[suiteSections[f.section].dialect].draft
			schemas = append(schemas, gen.Schema{Name: g.name, JSON: g.Schema, Draft: drafts[g]})
			groups = append(groups, g)
		}
	}
	src, refused, err := gen.GenerateValidators(schemas, gen.ValidatorOptions{Package: "suite", Resources: resources})
	if err != nil {
		t.Fatal(err)
	}
	fam := &fuzzFamily{name: "FuzzSuite", packages: map[string][]byte{"suite": src}}
	// The oracle knows the meta-schemas; it is given the suite's remotes.
	fam.manifest.Resources = map[string]json.RawMessage{}
	for uri, doc := range resources {
		if !strings.Contains(uri, "://json-schema.org/") {
			fam.manifest.Resources[uri] = doc
		}
	}
	var table strings.Builder
	for _, g := range groups {
		s := fuzzSubject{Name: fmt.Sprintf("%s: %q", g.file, g.Description), Schema: g.Schema, URI: gen.DefaultBaseURI, Draft: drafts[g]}
		for _, test := range g.Tests {
			s.Seeds = append(s.Seeds, test.Data)
		}
		if err := refused[g.name]; err != nil {
			s.Refused = err.Error()
			table.WriteString("\tnil,\n")
		} else {
			fmt.Fprintf(&table, "\tsuite.%s,\n", g.name)
		}
		fam.manifest.Subjects = append(fam.manifest.Subjects, s)
	}
	fam.table = []byte(`package difffuzz

import (
	"testing"

	"difffuzz/suite"
)

func FuzzSuite(f *testing.F) { fuzzDifferential(f, validators) }

var validators = []func([]byte) error{
` + table.String() + "}\n")
	t.Logf("%d test groups, %d of them refused by the generator", len(groups), len(refused))
	return fam
}

// catalogFamily generates a package for each shared catalog; its subjects
// are the tools, in catalog order.
func catalogFamily(t *testing.T) *fuzzFamily {
	t.Helper()
	dir := filepath.Join("..", "..", "shared", "testdata", "catalogs")
	fam := &fuzzFamily{name: "FuzzCatalogs", packages: map[string][]byte{}}
	fam.manifest.GoNumbers = true
	var imports, table strings.Builder
	// The project's own catalogs come after the first two shared ones, and
	// the other shared ones (most of them draft-07) after those, so that
	// the committed inputs keep the positions of their tools.
	files := []string{filepath.Join(dir, "github-mcp-server.tools.json"), filepath.Join(dir, "kubernetes-mcp-server.tools.json")}
	own, _ := filepath.Glob(filepath.Join("testdata", "catalogs", "*.tools.json"))
	producers := filepath.Join("testdata", "catalogs", "producers.tools.json")
	files = append(files, slices.DeleteFunc(own, func(f string) bool { return f == producers })...)
	for _, name := range sharedCatalogNames {
		if name != "github-mcp-server" && name != "kubernetes-mcp-server" {
			files = append(files, filepath.Join(dir, name+".tools.json"))
		}
	}
	// The patterns pydantic and zod write came last, after the inputs
	// committed before them.
	files = append(files, producers)
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".tools.json")
		data, err := os.ReadFile(file)
		if err != nil {
			t.Skipf("the shared MCP catalogs are not in %s (they sit beside the project in ../shared/testdata): %v", dir, err)
		}
		cat := loadCatalog(t, file, data)
		pkg := strings.SplitN(name, "-", 2)[0]
		src, diags := gen.Generate(cat, gen.Options{Package: pkg, Source: name + ".tools.json"})
		if diags.HasErrors() {
			t.Fatalf("generating %s: %v", name, diags)
		}
		fam.packages[pkg] = src
		fmt.Fprintf(&imports, "\t%q\n", "difffuzz/"+pkg)
		for _, tool := range cat.Tools {
			s := fuzzSubject{Name: fmt.Sprintf("%s.tools.json: tool %s", name, tool.Name), Schema: tool.InputSchema, URI: "urn:tool:" + tool.Name}
			s.Seeds = []json.RawMessage{[]byte(`{}`), []byte(`[]`), []byte(`null`), []byte(`{"invented_member_xyz":1}`)}
			for _, inst := range instances(tool.InputSchema) {
				s.Seeds = append(s.Seeds, inst.args)
			}
			s.Seeds = append(s.Seeds, rootExamples(tool.InputSchema)...)
			fam.manifest.Subjects = append(fam.manifest.Subjects, s)
			fmt.Fprintf(&table, "\ttool(%s.ValidateArgs, %q),\n", pkg, tool.Name)
		}
	}
	fam.table = []byte(`package difffuzz

import (
	"testing"

` + imports.String() + `)

func FuzzCatalogs(f *testing.F) { fuzzDifferential(f, validators) }

var validators = []func([]byte) error{
` + table.String() + `}

// tool binds a generated ValidateArgs to one tool.
func tool(validate func(string, []byte) error, name string) func([]byte) error {
	return func(args []byte) error { return validate(name, args) }
}
`)
	t.Logf("%d tools", len(fam.manifest.Subjects))
	return fam
}

// rootExamples returns the items of the "examples" of a tool's input
// schema: arguments, which the seeds then hold.
func rootExamples(schema []byte) []json.RawMessage {
	var root struct {
		Examples []json.RawMessage `json:"examples"`
	}
	if json.Unmarshal(schema, &root) != nil {
		return nil
	}
	return root.Examples
}

// runDifferential writes the family's temporary module and runs its fuzz
// target there: once over the seeds and the committed inputs, or, with
// -difffuzz, as a fuzzer.
func runDifferential(t *testing.T, fam *fuzzFamily) {
	t.Helper()
	if n := len(fam.manifest.Subjects); n == 0 || n > 1<<16 {
		t.Fatalf("%d subjects; a fuzz input selects one with a uint16", n)
	}
	dir := tempModule(t, "difffuzz")
	for pkg, src := range fam.packages {
		writeFile(t, filepath.Join(dir, pkg, pkg+"_gen.go"), src)
	}
	table, err := format.Source(fam.table)
	if err != nil {
		t.Fatalf("the fuzz target's source: %v", err)
	}
	writeFile(t, filepath.Join(dir, "target_test.go"), table)
	writeFile(t, filepath.Join(dir, "harness_test.go"), []byte(diffHarness))
	// The oracle runs the patterns Go's regexp cannot with the
	// specification's matcher, which internal/ecma is tested against.
	ref, err := os.ReadFile(filepath.Join("..", "internal", "ecma", "ecmaref", "ecmaref.go"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "ecmaref", "ecmaref.go"), ref)
	var manifest bytes.Buffer
	enc := json.NewEncoder(&manifest)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(fam.manifest); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "manifest.json"), manifest.Bytes())

	known := copyCorpus(t, filepath.Join("testdata", "fuzz", fam.name), filepath.Join(dir, "testdata", "fuzz", fam.name))

	args := []string{"test", "-run", "^" + fam.name + "$"}
	if *diffFuzz != "" {
		args = []string{"test", "-run", "^$", "-fuzz", "^" + fam.name + "$", "-fuzztime", *diffFuzz}
	}
	start := time.Now()
	out, err := goInModule(dir, nil, args...)
	elapsed := time.Since(start).Round(time.Second)

	var found []string
	if *diffFuzz != "" {
		found = keepNewInputs(t, dir, fam.name, known)
	}
	report := fuzzReport(string(out))
	if err != nil {
		msg := fmt.Sprintf("go %s in the temporary module: %v (after %v)\n%s", strings.Join(args, " "), err, elapsed, report)
		if len(found) > 0 {
			msg += fmt.Sprintf("\nthe failing input is now a regression input, which go test ./gen -run '^%s$' replays: %s", t.Name(), strings.Join(found, ", "))
		}
		t.Fatal(msg)
	}
	t.Logf("go %s: ok in %v\n%s", strings.Join(args, " "), elapsed, report)
}

// goInModule runs the go command in the temporary module dir.
func goInModule(dir string, env []string, args ...string) ([]byte, error) {
	cmd := exec.Command(goCommand(), args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off"), env...)
	return cmd.CombinedOutput()
}

// copyCorpus copies the committed inputs into the temporary module and
// returns their names.
func copyCorpus(t *testing.T, from, to string) map[string]bool {
	t.Helper()
	known := map[string]bool{}
	entries, err := os.ReadDir(from)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	if err := os.MkdirAll(to, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(to, e.Name()), data)
		known[e.Name()] = true
	}
	return known
}

// keepNewInputs copies the inputs that the fuzzer added to the temporary
// module's corpus (a failing input, minimized) into gen's, and returns their
// paths there. An input with edits is first expanded into the instance it
// stands for, so that it keeps its meaning when the edits change.
func keepNewInputs(t *testing.T, dir, name string, known map[string]bool) []string {
	t.Helper()
	corpus := filepath.Join(dir, "testdata", "fuzz", name)
	entries, err := os.ReadDir(corpus)
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	for _, e := range entries {
		if e.IsDir() || known[e.Name()] {
			continue
		}
		data, err := os.ReadFile(filepath.Join(corpus, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasSuffix(bytes.TrimSpace(data), []byte("\nuint64(0)")) {
			expanded := filepath.Join(t.TempDir(), "expanded")
			// The run fails: it replays the disagreement.
			_, _ = goInModule(dir, []string{"DIFFFUZZ_EXPAND=" + expanded}, "test", "-run", "^"+name+"$/^"+e.Name()+"$")
			if x, err := os.ReadFile(expanded); err == nil {
				data = x
			} else {
				t.Logf("could not expand %s, which is kept as it is: %v", e.Name(), err)
			}
		}
		sum := sha256.Sum256(data)
		path := filepath.Join("testdata", "fuzz", name, fmt.Sprintf("%x", sum[:8]))
		writeFile(t, path, data)
		kept = append(kept, filepath.Join("gen", path))
	}
	slices.Sort(kept)
	return kept
}

// fuzzReport shortens go test's output: it counts the disagreements by
// schema, keeps only the last of the fuzzer's progress lines, and at most 200
// lines in all.
func fuzzReport(out string) string {
	var kept []string
	progress := ""
	bySchema := map[string]int{}
	for line := range strings.Lines(out) {
		if strings.HasPrefix(line, "fuzz: elapsed:") {
			progress = line
			continue
		}
		if _, after, ok := strings.Cut(line, "harness_test.go:"); ok {
			if i := strings.Index(after, ": toolgen and santhosh v6 disagree"); i >= 0 {
				_, schema, _ := strings.Cut(after[:i], ": ")
				bySchema[schema]++
			}
		}
		kept = append(kept, line)
	}
	if progress != "" {
		kept = append(kept, progress)
	}
	var summary strings.Builder
	if len(bySchema) > 0 {
		schemas := slices.Sorted(maps.Keys(bySchema))
		fmt.Fprintf(&summary, "disagreements on %d schemas:\n", len(schemas))
		for _, s := range schemas {
			fmt.Fprintf(&summary, "%6d  %s\n", bySchema[s], s)
		}
	}
	return summary.String() + firstLines(strings.TrimRight(strings.Join(kept, ""), "\n"), 200)
}

// diffHarness is the fuzz harness of the temporary module: fuzzDifferential
// compares the generated validators, in target_test.go, with
// santhosh-tekuri/jsonschema/v6 on the schemas of manifest.json. The
// exclusions it makes are those listed on TestDifferential.
const diffHarness = `// Package difffuzz compares validators generated by toolgen with
// santhosh-tekuri/jsonschema/v6 on fuzzed instances; see TestDifferential in
// toolgen's gen/difffuzz_test.go, which writes this module.
package difffuzz

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/toolgen/toolgen/runtime"
	"github.com/toolgen/toolgen/runtime/format"

	"difffuzz/ecmaref"
)

// manifest is manifest.json: the schemas that fuzz inputs select, by
// position, with their seeds.
type manifest struct {
	Subjects  []subject
	Resources map[string]json.RawMessage
	GoNumbers bool
}

type subject struct {
	Name    string
	Schema  json.RawMessage
	URI     string
	Refused string
	Draft   string
	Seeds   []json.RawMessage
}

// fuzzDifferential fuzzes validators[i], the generated validator of subject
// i (nil if toolgen refused it), against the oracle.
func fuzzDifferential(f *testing.F, validators []func([]byte) error) {
	data, err := os.ReadFile("manifest.json")
	if err != nil {
		f.Fatal(err)
	}
	var m manifest
	if err := json.Unmarshal(data, &m); err != nil {
		f.Fatal(err)
	}
	if len(m.Subjects) != len(validators) {
		f.Fatalf("%d subjects but %d validators", len(m.Subjects), len(validators))
	}
	for i, s := range m.Subjects {
		for _, seed := range s.Seeds {
			f.Add(uint16(i), []byte(seed), uint64(0))
		}
	}
	oracles := make([]oracle, len(m.Subjects))
	f.Fuzz(func(t *testing.T, which uint16, data []byte, edits uint64) {
		i := int(which) % len(m.Subjects)
		s := &m.Subjects[i]
		if validators[i] == nil {
			t.Skipf("%s: toolgen refuses the schema: %s", s.Name, s.Refused)
		}
		schema, err := oracles[i].compile(s, m.Resources)
		if err != nil {
			t.Skipf("%s: santhosh v6 cannot compile the schema: %v", s.Name, err)
		}
		instance := data
		if edits != 0 {
			instance = edit(data, edits, &oracles[i].pool)
		}
		if reason := incomparable(instance); reason != "" {
			t.Skip(reason)
		}
		got := validators[i](instance)
		var invalid *runtime.ValidationError
		if got != nil && !errors.As(got, &invalid) {
			t.Fatalf("%s: the generated validator returned a %T, not a *runtime.ValidationError: %v", s.Name, got, got)
		}
		want := judge(schema, instance)
		if want.panicked != nil {
			t.Skipf("%s: santhosh v6 panics: %v", s.Name, want.panicked)
		}
		if (got == nil) == (want.err == nil) {
			return
		}
		if oracles[i].re2Differs && hasRE2Sensitive(instance) {
			t.Skip("a character that a pattern of the schema matches otherwise in Go's regexp than in ECMA-262")
		}
		if m.GoNumbers && invalid != nil && onlyBeyondGo(invalid, instance) {
			t.Skip("numbers beyond the generated Go types")
		}
		if path := os.Getenv("DIFFFUZZ_EXPAND"); path != "" {
			expand(t, path, which, instance)
		}
		t.Errorf("%s: toolgen and santhosh v6 disagree\nschema:   %s\ninstance: %s\ntoolgen:  %s\nsanthosh: %s",
			s.Name, clip(string(s.Schema), 3000), shown(instance), toolgenVerdict(invalid), oracleVerdict(want.err))
	})
}

// expand writes the corpus entry of a failing input with the edits made:
// the instance itself, and no edits. gen's test asks for it before it keeps
// the input as a regression input, which then does not depend on the edits.
func expand(t *testing.T, path string, which uint16, instance []byte) {
	entry := fmt.Sprintf("go test fuzz v1\nuint16(%d)\n[]byte(%q)\nuint64(0)\n", which, instance)
	if err := os.WriteFile(path, []byte(entry), 0o644); err != nil {
		t.Error(err)
	}
}

// incomparable returns why data is an input the two sides cannot be expected
// to judge alike, or "".
func incomparable(data []byte) string {
	if len(data) > runtime.DefaultMaxBytes {
		return "larger than toolgen's limit, runtime.DefaultMaxBytes"
	}
	// A lenient reading first: text that is not JSON even so must be
	// rejected by both sides.
	lenient := jsontext.NewDecoder(bytes.NewReader(data), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	values := 0
	for {
		tok, err := lenient.ReadToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			return ""
		}
		switch tok.Kind() {
		case '{', '[':
			if lenient.StackDepth() > runtime.DefaultMaxDepth {
				return "nested deeper than toolgen's limit, runtime.DefaultMaxDepth"
			}
		case '0':
			if hugeNumber(tok.String()) {
				return "a number santhosh v6 would spend too long reading as a big.Rat"
			}
		}
		if lenient.StackDepth() == 0 {
			values++
		}
	}
	if values != 1 {
		return ""
	}
	// JSON to encoding/json, which the oracle reads with; toolgen reads
	// strict JSON.
	strict := jsontext.NewDecoder(bytes.NewReader(data))
	if _, err := strict.ReadValue(); err != nil {
		return "not strict JSON: " + err.Error()
	}
	return ""
}

// hugeNumber reports whether the JSON number n is longer than 10000
// characters or has an exponent of 10000 or more in magnitude.
func hugeNumber(n string) bool {
	if len(n) > 10000 {
		return true
	}
	i := strings.IndexAny(n, "eE")
	if i < 0 {
		return false
	}
	exp := strings.TrimLeft(n[i+1:], "+-0")
	return len(exp) > 4
}

// oracle is the compiled schema of one subject, compiled on first use.
type oracle struct {
	once   sync.Once
	schema *jsonschema.Schema
	err    error
	// re2Differs says that a pattern of the schema has a construct that Go's
	// regexp package, which the oracle runs patterns with, reads otherwise
	// than ECMA-262 does on some characters.
	re2Differs bool
	// pool holds the values and names that edits bring into instances.
	pool pool
}

func (o *oracle) compile(s *subject, resources map[string]json.RawMessage) (*jsonschema.Schema, error) {
	o.once.Do(func() {
		o.schema, o.err = compileOracle(s, resources)
		dec := json.NewDecoder(bytes.NewReader(s.Schema))
		dec.UseNumber()
		var doc any
		if dec.Decode(&doc) == nil {
			o.re2Differs = slices.ContainsFunc(patterns(doc, nil), re2Differs)
			o.pool = newPool(doc)
		}
	})
	return o.schema, o.err
}

// patterns appends to list every pattern in a schema: the values of pattern
// and the names in patternProperties, and also strings that only look like
// them, which can only make an exclusion wider.
func patterns(doc any, list []string) []string {
	switch v := doc.(type) {
	case map[string]any:
		for name, member := range v {
			switch p := member.(type) {
			case string:
				if name == "pattern" {
					list = append(list, p)
				}
			case map[string]any:
				if name == "patternProperties" {
					for pattern := range p {
						list = append(list, pattern)
					}
				}
			}
			list = patterns(member, list)
		}
	case []any:
		for _, item := range v {
			list = patterns(item, list)
		}
	}
	return list
}

// re2Differs reports whether the pattern p uses \s, \S, or . outside a
// character class: Go's \s is [\t\n\f\r ] where ECMA-262's also has \v and
// the Unicode spaces, and Go's . matches \r, U+2028 and U+2029, which
// ECMA-262's does not.
func re2Differs(p string) bool {
	inClass := false
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '\\' && i+1 < len(p):
			i++
			if p[i] == 's' || p[i] == 'S' {
				return true
			}
		case c == '[':
			inClass = true
		case c == ']':
			inClass = false
		case c == '.' && !inClass:
			return true
		}
	}
	return false
}

// re2Sensitive reports whether r is one of the characters on which Go's
// \s, \S or . and ECMA-262's disagree.
func re2Sensitive(r rune) bool {
	switch r {
	case '\v', '\r', '\u00a0', '\u1680', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff':
		return true
	}
	return '\u2000' <= r && r <= '\u200a'
}

// hasRE2Sensitive reports whether a string or member name in the JSON text
// data holds a character on which Go's regexp and ECMA-262 disagree.
func hasRE2Sensitive(data []byte) bool {
	var doc any
	if json.Unmarshal(data, &doc) != nil {
		return false
	}
	return anyString(doc, func(s string) bool { return strings.ContainsFunc(s, re2Sensitive) })
}

// anyString reports whether f holds for a string or member name in doc.
func anyString(doc any, f func(string) bool) bool {
	switch v := doc.(type) {
	case string:
		return f(v)
	case map[string]any:
		for name, member := range v {
			if f(name) || anyString(member, f) {
				return true
			}
		}
	case []any:
		for _, item := range v {
			if anyString(item, f) {
				return true
			}
		}
	}
	return false
}

// formatNames are the formats of JSON Schema 2020-12 and the further ones
// santhosh v6 knows, except regex, which its regexp engine checks.
var formatNames = []string{
	"date-time", "date", "time", "duration", "email", "idn-email", "hostname",
	"idn-hostname", "ipv4", "ipv6", "uri", "uri-reference", "iri",
	"iri-reference", "uuid", "uri-template", "json-pointer",
	"relative-json-pointer", "period", "semver",
}

func compileOracle(s *subject, resources map[string]json.RawMessage) (*jsonschema.Schema, error) {
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	switch {
	case strings.Contains(s.Draft, "draft-07"):
		c.DefaultDraft(jsonschema.Draft7)
	case strings.Contains(s.Draft, "2019-09"):
		c.DefaultDraft(jsonschema.Draft2019)
	}
	c.AssertFormat()
	// Format semantics are compared elsewhere: here the oracle checks a
	// format with toolgen's checker, and takes one toolgen does not check
	// as an annotation, as toolgen does.
	for _, name := range formatNames {
		f, ok := format.Lookup(name)
		check := f.Check
		if !ok {
			check = func(string) bool { return true }
		}
		c.RegisterFormat(&jsonschema.Format{Name: name, Validate: formatValidator(name, check)})
	}
	engine := &regexpEngine{}
	c.UseRegexpEngine(engine.compile)
	for uri, doc := range resources {
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
		if err != nil {
			return nil, fmt.Errorf("resource %s: %w", uri, err)
		}
		if err := c.AddResource(uri, v); err != nil {
			return nil, err
		}
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(s.Schema))
	if err != nil {
		return nil, err
	}
	if err := c.AddResource(s.URI, doc); err != nil {
		return nil, err
	}
	schema, err := c.Compile(s.URI)
	engine.compiled = true
	return schema, err
}

func formatValidator(name string, check func(string) bool) func(any) error {
	return func(v any) error {
		if s, ok := v.(string); ok && !check(s) {
			return fmt.Errorf("not a valid %s", name)
		}
		return nil
	}
}

// regexpEngine compiles the schema's patterns with Go's regexp package, as
// santhosh v6 does by default. Once the schema is compiled the oracle asks
// its engine only about instances of format "regex", which it cannot
// register a checker for: then the engine answers with toolgen's checker if
// there is one, and otherwise takes the format as an annotation.
type regexpEngine struct {
	compiled bool
}

func (e *regexpEngine) compile(s string) (jsonschema.Regexp, error) {
	if !e.compiled {
		re, err := regexp.Compile(s)
		if err == nil {
			return re, nil
		}
		// What Go's regexp cannot run (a lookahead) runs on the
		// specification's own backtracking matcher.
		ref, refErr := ecmaref.Compile(s)
		if refErr != nil {
			return nil, err
		}
		return &refPattern{ref, s}, nil
	}
	if f, ok := format.Lookup("regex"); ok && !f.Check(s) {
		return nil, errors.New("not a valid regex")
	}
	return nil, nil
}

// refPattern is a pattern run by ecmaref; one that runs out of steps
// panics, and the input is skipped as one the oracle panics on.
type refPattern struct {
	re     *ecmaref.Regexp
	source string
}

func (p *refPattern) MatchString(s string) bool {
	matched, err := p.re.Match(s)
	if err != nil {
		panic(err)
	}
	return matched
}

func (p *refPattern) String() string { return p.source }

// verdict is the oracle's verdict: err is nil for a valid instance.
type verdict struct {
	err      error
	panicked any
}

func judge(schema *jsonschema.Schema, data []byte) (v verdict) {
	defer func() { v.panicked = recover() }()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return verdict{err: err}
	}
	return verdict{err: schema.Validate(inst)}
}

// onlyBeyondGo reports whether every violation is a type violation at a
// number that the generated Go type cannot hold.
func onlyBeyondGo(invalid *runtime.ValidationError, data []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc any
	if dec.Decode(&doc) != nil || invalid.Omitted > 0 {
		return false
	}
	for _, v := range invalid.Violations {
		n, ok := at(doc, v.Pointer).(json.Number)
		if v.Keyword != "type" || !ok || !beyondGo(string(n)) {
			return false
		}
	}
	return len(invalid.Violations) > 0
}

// beyondGo reports whether n is beyond float64's range, or an integer beyond
// int64's.
func beyondGo(n string) bool {
	if _, err := strconv.ParseFloat(n, 64); err != nil {
		return true
	}
	r, ok := new(big.Rat).SetString(n)
	return ok && r.IsInt() && !r.Num().IsInt64()
}

// at returns the value at the JSON Pointer ptr in doc, or nil.
func at(doc any, ptr string) any {
	if ptr == "" {
		return doc
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch v := doc.(type) {
		case map[string]any:
			doc = v[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(v) {
				return nil
			}
			doc = v[i]
		default:
			return nil
		}
	}
	return doc
}

func toolgenVerdict(invalid *runtime.ValidationError) string {
	if invalid == nil {
		return "valid"
	}
	var b strings.Builder
	b.WriteString("invalid")
	for _, v := range invalid.Violations {
		fmt.Fprintf(&b, "\n  - %s at %q: %s", v.Keyword, v.Pointer, v.Message)
	}
	if invalid.Omitted > 0 {
		fmt.Fprintf(&b, "\n  - and %d more", invalid.Omitted)
	}
	return b.String()
}

func oracleVerdict(err error) string {
	if err == nil {
		return "valid"
	}
	return "invalid\n  " + strings.ReplaceAll(clip(err.Error(), 3000), "\n", "\n  ")
}

// shown renders an instance as it is when it is readable text, Go-quoted
// otherwise.
func shown(data []byte) string {
	if utf8.Valid(data) && !bytes.ContainsFunc(data, func(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\t' }) {
		return clip(string(data), 3000)
	}
	return clip(strconv.Quote(string(data)), 3000) + " (Go-quoted)"
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// Edits make the instances that byte mutations rarely reach: a strict JSON
// instance with a value replaced, a member or item removed or added, from a
// pool of values taken from the schema (its constants, its bounds and the
// numbers next to them, strings, arrays and objects of the sizes it bounds)
// and a few that often trip validators up. The fuzzer mutates the edits
// number along with the bytes, so it explores these changes too.

// jnode is a JSON value that edits change: a scalar's JSON text, or an
// object's members (names and values in order) or an array's items.
type jnode struct {
	kind  jsontext.Kind // '{', '[' or the kind of a scalar
	raw   string        // a scalar's JSON text
	names []string      // an object's member names
	items []*jnode      // an object's member values or an array's items
}

func parseNode(data []byte) (*jnode, bool) {
	dec := jsontext.NewDecoder(bytes.NewReader(data))
	n, err := readNode(dec)
	if err != nil {
		return nil, false
	}
	if _, err := dec.ReadToken(); err != io.EOF {
		return nil, false
	}
	return n, true
}

func readNode(dec *jsontext.Decoder) (*jnode, error) {
	switch kind := dec.PeekKind(); kind {
	case '{', '[':
		if _, err := dec.ReadToken(); err != nil {
			return nil, err
		}
		n := &jnode{kind: kind}
		for dec.PeekKind() != '}' && dec.PeekKind() != ']' {
			if kind == '{' {
				name, err := dec.ReadToken()
				if err != nil {
					return nil, err
				}
				n.names = append(n.names, name.String())
			}
			item, err := readNode(dec)
			if err != nil {
				return nil, err
			}
			n.items = append(n.items, item)
		}
		_, err := dec.ReadToken()
		return n, err
	default:
		v, err := dec.ReadValue()
		if err != nil {
			return nil, err
		}
		return &jnode{kind: kind, raw: string(v)}, nil
	}
}

func (n *jnode) append(b []byte) []byte {
	switch n.kind {
	case '{':
		b = append(b, '{')
		for i, item := range n.items {
			if i > 0 {
				b = append(b, ',')
			}
			b, _ = jsontext.AppendQuote(b, n.names[i])
			b = append(b, ':')
			b = item.append(b)
		}
		return append(b, '}')
	case '[':
		b = append(b, '[')
		for i, item := range n.items {
			if i > 0 {
				b = append(b, ',')
			}
			b = item.append(b)
		}
		return append(b, ']')
	}
	return append(b, n.raw...)
}

func (n *jnode) clone() *jnode {
	c := *n
	c.names = slices.Clone(n.names)
	c.items = make([]*jnode, len(n.items))
	for i, item := range n.items {
		c.items[i] = item.clone()
	}
	return &c
}

// place is a value in an instance: its parent (nil for the root) and its
// position there.
type place struct {
	node   *jnode
	parent *jnode
	index  int
}

func places(n, parent *jnode, index int, list []place) []place {
	list = append(list, place{n, parent, index})
	for i, item := range n.items {
		list = places(item, n, i, list)
	}
	return list
}

// edit applies one or two edits to the instance data, as the number edits
// picks them; data that is not strict JSON is left as it is. The fuzzer
// changes a number by adding or subtracting a little, so edits is hashed
// first: the next number makes quite another edit.
func edit(data []byte, edits uint64, p *pool) []byte {
	root, ok := parseNode(data)
	if !ok || len(p.values) == 0 {
		return data
	}
	h := mix(edits)
	root = editOnce(root, uint32(h), p)
	if h>>63 != 0 {
		root = editOnce(root, uint32(h>>32)&^(1<<31), p)
	}
	return root.append(nil)
}

// mix is SplitMix64's finalizer, a bijection that scatters nearby numbers.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// editOnce changes one value of the instance root: e picks the value, the
// change and what the change brings in.
func editOnce(root *jnode, e uint32, p *pool) *jnode {
	all := places(root, nil, 0, nil)
	at := all[int(e>>2)%len(all)]
	pick := int((e >> 2) / uint32(len(all)))
	value := p.value(pick)
	switch e & 3 {
	case 0: // replace the value
		if at.parent == nil {
			return value
		}
		at.parent.items[at.index] = value
	case 1: // remove the value from its object or array
		if at.parent == nil {
			return value
		}
		at.parent.items = slices.Delete(at.parent.items, at.index, at.index+1)
		if at.parent.kind == '{' {
			at.parent.names = slices.Delete(at.parent.names, at.index, at.index+1)
		}
	case 2: // add a member or an item
		switch at.node.kind {
		case '{':
			name := p.names[pick%len(p.names)]
			value = p.value(pick / len(p.names))
			if i := slices.Index(at.node.names, name); i >= 0 {
				at.node.items[i] = value
			} else {
				at.node.names = append(at.node.names, name)
				at.node.items = append(at.node.items, value)
			}
		case '[':
			at.node.items = slices.Insert(at.node.items, pick%(len(at.node.items)+1), value)
		default:
			return editOnce(root, e&^3, p)
		}
	case 3: // repeat an item or a member's value, for uniqueItems and const
		if at.parent == nil || len(at.parent.items) < 2 {
			return editOnce(root, e&^3, p)
		}
		other := at.parent.items[pick%len(at.parent.items)]
		if at.parent.kind == '[' {
			at.parent.items = slices.Insert(at.parent.items, at.index, other.clone())
		} else {
			at.parent.items[at.index] = other.clone()
		}
	}
	return root
}

// pool holds the JSON texts and member names that edits bring in.
type pool struct {
	values []string
	names  []string
}

func (p *pool) value(i int) *jnode {
	n, _ := parseNode([]byte(p.values[i%len(p.values)]))
	return n
}

// commonValues trip validators up whatever the schema.
var commonValues = []string{
	"null", "true", "false", "0", "-0", "1", "-1", "1.0", "1e0", "0.5", "-1.5",
	"1e2", "1E-2", "0.1", "0.30000000000000004", "1e-7", "1e308", "4.9e-324",
	"1e-400", "9007199254740993", "9223372036854775807", "9223372036854775808",
	"-9223372036854775809", "\"\"", "\"a\"", "\"0\"", "\"true\"", "\"null\"",
	"\"é\"", "\"😀\"", "\"\\u0000\"", "\"\\ud83d\\ude00\"", "\"a\\nb\"",
	"[]", "{}", "[null]", "[[]]", "{\"\":0}",
}

func newPool(schema any) pool {
	p := pool{values: slices.Clone(commonValues), names: []string{"", "a", "__proto__"}}
	p.collect(schema)
	slices.Sort(p.values)
	p.values = slices.Compact(p.values)
	slices.Sort(p.names)
	p.names = slices.Compact(p.names)
	return p
}

// collect adds what the schema s names to the pool: constants, bounds and
// the numbers next to them, values of the sizes it bounds, member names.
func (p *pool) collect(s any) {
	switch v := s.(type) {
	case []any:
		for _, item := range v {
			p.collect(item)
		}
	case map[string]any:
		for keyword, value := range v {
			p.keyword(keyword, value)
			p.collect(value)
		}
	}
}

func (p *pool) keyword(keyword string, value any) {
	switch keyword {
	case "const", "default":
		p.add(value)
	case "enum", "examples":
		if list, ok := value.([]any); ok {
			for _, item := range list {
				p.add(item)
			}
		}
	case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
		if n, ok := rat(value); ok {
			// The numbers next to the bound, one of them closer than
			// float64 can tell apart.
			for _, d := range []string{"0", "1", "-1", "1/2", "-1/2", "1/10", "-1/10", "1e-20", "-1e-20"} {
				delta, _ := new(big.Rat).SetString(d)
				p.number(new(big.Rat).Add(n, delta))
			}
		}
	case "multipleOf":
		if n, ok := rat(value); ok {
			for _, k := range []string{"0", "1", "2", "3", "-1", "1/2", "3/2", "7", "1/3"} {
				factor, _ := new(big.Rat).SetString(k)
				p.number(new(big.Rat).Mul(n, factor))
			}
		}
	case "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties", "minContains", "maxContains":
		n, ok := rat(value)
		if !ok || !n.IsInt() || n.Sign() < 0 || n.Cmp(big.NewRat(64, 1)) > 0 {
			return
		}
		size := int(n.Num().Int64())
		for _, l := range []int{size - 1, size, size + 1} {
			if l >= 0 {
				p.sized(l)
			}
		}
	case "properties", "patternProperties", "dependentRequired", "dependentSchemas":
		if members, ok := value.(map[string]any); ok {
			for name, member := range members {
				p.names = append(p.names, name)
				if list, ok := member.([]any); ok {
					p.nameList(list)
				}
			}
		}
	case "required":
		if list, ok := value.([]any); ok {
			p.nameList(list)
		}
	}
}

func (p *pool) nameList(list []any) {
	for _, item := range list {
		if name, ok := item.(string); ok {
			p.names = append(p.names, name)
		}
	}
}

// add puts v into the pool, and a string next to it.
func (p *pool) add(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		return
	}
	p.values = append(p.values, string(b))
	if s, ok := v.(string); ok {
		b, _ := json.Marshal(s + "x")
		p.values = append(p.values, string(b))
	}
}

// number puts n into the pool in decimal and, when it is an integer, also
// written as a decimal fraction and with an exponent.
func (p *pool) number(n *big.Rat) {
	text := strings.TrimRight(strings.TrimRight(n.FloatString(20), "0"), ".")
	p.values = append(p.values, text)
	if n.IsInt() {
		p.values = append(p.values, text+".0", text+"e0")
	}
}

// sized puts into the pool a string of l ASCII letters, one of l two-byte
// characters and one of l characters beyond the BMP; an array of l distinct
// items and one of l equal items; an object of l members.
func (p *pool) sized(l int) {
	for _, unit := range []string{"a", "é", "😀"} {
		b, _ := json.Marshal(strings.Repeat(unit, l))
		p.values = append(p.values, string(b))
	}
	distinct, equal := make([]int, l), make([]int, l)
	obj := map[string]int{}
	for i := range l {
		distinct[i] = i
		obj["p"+strconv.Itoa(i)] = i
	}
	for _, v := range []any{distinct, equal, obj} {
		b, _ := json.Marshal(v)
		p.values = append(p.values, string(b))
	}
}

func rat(v any) (*big.Rat, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return nil, false
	}
	return new(big.Rat).SetString(string(n))
}
`
