package gen_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/toolgen/toolgen/gen"
)

// The conformance test compiles the schema of every test group of the
// JSON-Schema-Test-Suite (draft 2020-12: the core files, optional-format/ and
// optional/) with gen.GenerateValidators into one package, builds it once,
// runs every test's instance through the generated validator and compares
// the verdict with the suite's. Each test ends as passed, refused (the
// generator declined the schema, with a reason) or wrong; any wrong verdict
// fails the test. docs/CONFORMANCE.md is the table of the outcome:
//
//	go test ./gen -run TestConformance -update
//
// rewrites it, and the test fails when it is stale.

const suiteDir = "../../shared/testdata/json-schema-test-suite"

// suiteDialects are the drafts the suite is run for, in the order of the
// table: the dialect a schema without "$schema" is read in, and the
// meta-schemas santhosh-tekuri/jsonschema/v6 keeps for it.
var suiteDialects = []struct{ title, draft, metas, metaURI string }{
	{"Draft 2020-12", "", "draft/2020-12", "https://json-schema.org/draft/2020-12/"},
	{"Draft 2019-09", "https://json-schema.org/draft/2019-09/schema", "draft/2019-09", "https://json-schema.org/draft/2019-09/"},
	{"Draft-07", "http://json-schema.org/draft-07/schema#", "draft-07", "http://json-schema.org/draft-07/"},
}

// suiteSections are the parts of the suite, in the order of the table. The
// core parts expect format to be an annotation, each draft's default;
// the format parts expect it asserted, as toolgen does.
var suiteSections = []struct {
	dialect            int
	dir, title, prefix string
	annotateFormats    bool
}{
	{0, "", "core", "", true},
	{0, "optional-format", "optional/format/", "Format", false},
	{0, "optional", "optional/", "Optional", false},
	{1, "draft2019-09", "core", "D201909", true},
	{1, "draft2019-09/optional/format", "optional/format/", "D201909Format", false},
	{1, "draft2019-09/optional", "optional/", "D201909Optional", false},
	{2, "draft7", "core", "D07", true},
	{2, "draft7/optional/format", "optional/format/", "D07Format", false},
	{2, "draft7/optional", "optional/", "D07Optional", false},
}

type suiteGroup struct {
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema"`
	Tests       []struct {
		Description string          `json:"description"`
		Data        json.RawMessage `json:"data"`
		Valid       bool            `json:"valid"`
	} `json:"tests"`

	file string // relative to suiteDir
	name string // the generated function
}

type suiteFile struct {
	section int
	file    string
	groups  []*suiteGroup
}

func loadSuite(t *testing.T) []*suiteFile {
	t.Helper()
	if _, err := os.Stat(suiteDir); err != nil {
		t.Skipf("the JSON-Schema-Test-Suite is not at %s (it sits beside the project in ../shared/testdata): %v", suiteDir, err)
	}
	var files []*suiteFile
	for si, section := range suiteSections {
		matches, err := filepath.Glob(filepath.Join(suiteDir, section.dir, "*.json"))
		if err != nil {
			t.Fatal(err)
		}
		sort.Strings(matches)
		for _, m := range matches {
			data, err := os.ReadFile(m)
			if err != nil {
				t.Fatal(err)
			}
			rel, _ := filepath.Rel(suiteDir, m)
			f := &suiteFile{section: si, file: filepath.ToSlash(rel)}
			if err := json.Unmarshal(data, &f.groups); err != nil {
				t.Fatalf("%s: %v", rel, err)
			}
			base := section.prefix + goWords(strings.TrimSuffix(filepath.Base(m), ".json"))
			for i, g := range f.groups {
				g.file, g.name = f.file, fmt.Sprintf("%s%d", base, i)
			}
			files = append(files, f)
		}
	}
	return files
}

// goWords turns a file name such as if-then-else into IfThenElse.
func goWords(s string) string {
	var b strings.Builder
	upper := true
	for _, r := range s {
		switch {
		case r == '-' || r == '_' || r == '.':
			upper = true
		case upper:
			b.WriteRune(unicode.ToUpper(r))
			upper = false
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// suiteResources are the documents the suite's schemas refer to: its
// remotes, served at http://localhost:1234/, and the 2020-12 meta-schemas,
// read where santhosh-tekuri/jsonschema/v6 keeps them.
func suiteResources(t *testing.T) map[string][]byte {
	t.Helper()
	resources := map[string][]byte{}
	remotes := filepath.Join(suiteDir, "remotes")
	err := filepath.WalkDir(remotes, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(remotes, p)
		resources["http://localhost:1234/"+filepath.ToSlash(rel)] = data
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(goCommand(), "list", "-m", "-f", "{{.Dir}}", "github.com/santhosh-tekuri/jsonschema/v6")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("finding the meta-schemas (go list): %v", err)
	}
	for _, d := range suiteDialects {
		metas := filepath.Join(strings.TrimSpace(string(out)), "metaschemas", filepath.FromSlash(d.metas))
		err = filepath.WalkDir(metas, func(p string, e os.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return err
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(metas, p)
			resources[d.metaURI+filepath.ToSlash(rel)] = data
			return nil
		})
		if err != nil {
			t.Fatalf("reading the %s meta-schemas: %v", d.title, err)
		}
	}
	return resources
}

// declined are suite files whose tests assert what the draft leaves
// optional and toolgen, by policy, does not assert; their tests are counted
// as refused, with the reason.
var declined = map[string]string{
	"draft7/optional/content.json": "not run: the file asserts contentEncoding and contentMediaType, which draft-07 makes optional; toolgen keeps them annotations in every draft, as 2019-09 and 2020-12 define them (and as santhosh-tekuri/jsonschema does unless told otherwise)",
}

type outcome struct {
	passed, refused, wrong int
}

func TestConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("builds about a thousand validators; skipped with -short")
	}
	files := loadSuite(t)
	var schemas []gen.Schema
	for _, f := range files {
		section := suiteSections[f.section]
		for _, g := range f.groups {
			schemas = append(schemas, gen.Schema{Name: g.name, JSON: g.Schema, AnnotateFormats: section.annotateFormats, Draft: suiteDialects[section.dialect].draft})
		}
	}
	src, refused, err := gen.GenerateValidators(schemas, gen.ValidatorOptions{Package: "suite", Resources: suiteResources(t)})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if reason, ok := declined[f.file]; ok {
			for _, g := range f.groups {
				refused[g.name] = errors.New(reason)
			}
		}
	}
	verdicts := runSuite(t, files, src, refused)

	var wrong []string
	outcomes := make([]outcome, len(files))
	for i, f := range files {
		for _, g := range f.groups {
			for ti, test := range g.Tests {
				switch got, ok := verdicts[g.name][ti]; {
				case refused[g.name] != nil:
					outcomes[i].refused++
				case !ok:
					t.Fatalf("no verdict for %s group %q test %q", f.file, g.Description, test.Description)
				case got.Valid == test.Valid:
					outcomes[i].passed++
				default:
					outcomes[i].wrong++
					wrong = append(wrong, fmt.Sprintf("%s: %q: %q: want valid=%v, got %v %s (%s)", f.file, g.Description, test.Description, test.Valid, got.Valid, got.Error, g.name))
				}
			}
		}
	}
	for _, w := range wrong {
		t.Error(w)
	}

	table := conformanceTable(files, outcomes, refused)
	const doc = "../docs/CONFORMANCE.md"
	if *update {
		if err := os.WriteFile(doc, table, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if old, err := os.ReadFile(doc); err != nil || !bytes.Equal(old, table) {
		t.Errorf("docs/CONFORMANCE.md is stale; run go test ./gen -run TestConformance -update and review the diff")
	}
}

type suiteVerdict struct {
	Valid bool   `json:"valid"`
	Error string `json:"error"`
}

// runSuite builds the generated validators with a driver and runs every test
// of every group that was not refused.
func runSuite(t *testing.T, files []*suiteFile, src []byte, refused map[string]error) map[string]map[int]suiteVerdict {
	t.Helper()
	dir := tempModule(t, "conformance")
	writeFile(t, filepath.Join(dir, "suite", "suite_gen.go"), src)

	var table, input bytes.Buffer
	enc := json.NewEncoder(&input)
	for _, f := range files {
		for _, g := range f.groups {
			if refused[g.name] != nil {
				continue
			}
			fmt.Fprintf(&table, "\t%q: suite.%s,\n", g.name, g.name)
			for ti, test := range g.Tests {
				if err := enc.Encode(suiteRequest{Name: g.name, Test: ti, Data: test.Data}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	writeFile(t, filepath.Join(dir, "driver", "main.go"), []byte(strings.Replace(suiteDriver, "TABLE", table.String(), 1)))

	out := runDriverIn(t, dir, &input, "building or running the generated validators failed")
	verdicts := map[string]map[int]suiteVerdict{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var v struct {
			suiteRequest
			suiteVerdict
		}
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("reading the driver's verdicts: %v", err)
		}
		if verdicts[v.Name] == nil {
			verdicts[v.Name] = map[int]suiteVerdict{}
		}
		verdicts[v.Name][v.Test] = v.suiteVerdict
	}
	return verdicts
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}

type suiteRequest struct {
	Name string          `json:"name"`
	Test int             `json:"test"`
	Data json.RawMessage `json:"data"`
}

const suiteDriver = `// Command driver runs suite instances through generated validators.
package main

import (
	"bufio"
	"encoding/json"
	"os"

	"conformance/suite"
)

var validators = map[string]func([]byte) error{
TABLE}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<24)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	for in.Scan() {
		var req struct {
			Name string          ` + "`json:\"name\"`" + `
			Test int             ` + "`json:\"test\"`" + `
			Data json.RawMessage ` + "`json:\"data\"`" + `
		}
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			panic(err)
		}
		err := validators[req.Name](req.Data)
		verdict := map[string]any{"name": req.Name, "test": req.Test, "valid": err == nil}
		if err != nil {
			verdict["error"] = err.Error()
		}
		if err := enc.Encode(verdict); err != nil {
			panic(err)
		}
	}
}
`

// conformanceTable renders docs/CONFORMANCE.md.
func conformanceTable(files []*suiteFile, outcomes []outcome, refused map[string]error) []byte {
	var b bytes.Buffer
	b.WriteString(`# Conformance

Every test of the JSON-Schema-Test-Suite for drafts 2020-12, 2019-09 and 7
(for each: the core files, ` + "`optional/format/`" + ` and ` + "`optional/`" + `), run through
validators that ` + "`gen.GenerateValidators`" + ` compiled from each test group's schema,
all built into one package. A schema without ` + "`$schema`" + ` is read in the draft of
its suite (` + "`Schema.Draft`" + `); toolgen itself reads one as 2020-12, as MCP
specifies. A test is *passed* when the generated code gives the suite's verdict,
*refused* when the generator declined the group's schema (the reasons are listed
below), and *wrong* otherwise.

Formats: toolgen asserts every format it knows, in every draft (a tool that asks
for a date should not receive "tomorrow"), so ` + "`optional/format/`" + ` and ` + "`optional/`" + ` are
compiled that way. The core files are compiled with ` + "`Schema.AnnotateFormats`" + `,
since ` + "`format.json`" + ` there checks that format is only an annotation by default.

Regenerate with ` + "`go test ./gen -run TestConformance -update`" + `; the test fails on
any wrong verdict and when this file is stale. The suite is read in place from
` + "`../shared/testdata/json-schema-test-suite`" + `.

| draft | tests | passed | refused | wrong |
|---|---:|---:|---:|---:|
`)
	total := make([]outcome, len(suiteSections))
	for i, f := range files {
		o := outcomes[i]
		total[f.section].passed += o.passed
		total[f.section].refused += o.refused
		total[f.section].wrong += o.wrong
	}
	for di, d := range suiteDialects {
		var sum outcome
		for si, section := range suiteSections {
			if section.dialect == di {
				sum.passed += total[si].passed
				sum.refused += total[si].refused
				sum.wrong += total[si].wrong
			}
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d |\n", d.title, sum.passed+sum.refused+sum.wrong, sum.passed, sum.refused, sum.wrong)
	}
	for si, section := range suiteSections {
		fmt.Fprintf(&b, "\n## %s: %s\n\n| file | tests | passed | refused | wrong |\n|---|---:|---:|---:|---:|\n", suiteDialects[section.dialect].title, section.title)
		for i, f := range files {
			if f.section != si {
				continue
			}
			o := outcomes[i]
			fmt.Fprintf(&b, "| %s | %d | %d | %d | %d |\n", path.Base(f.file), o.passed+o.refused+o.wrong, o.passed, o.refused, o.wrong)
		}
		o := total[si]
		fmt.Fprintf(&b, "| **total** | **%d** | **%d** | **%d** | **%d** |\n", o.passed+o.refused+o.wrong, o.passed, o.refused, o.wrong)
	}
	b.WriteString("\n## Refused groups\n\n")
	listed := false
	for _, f := range files {
		for _, g := range f.groups {
			if err := refused[g.name]; err != nil {
				listed = true
				fmt.Fprintf(&b, "- `%s`, %q (%d tests): %s\n", f.file, g.Description, len(g.Tests), strings.TrimPrefix(err.Error(), "schema "+g.name+": "))
			}
		}
	}
	if !listed {
		b.WriteString("None.\n")
	}
	return b.Bytes()
}
