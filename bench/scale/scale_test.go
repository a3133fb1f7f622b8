package scale

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen"
)

const (
	// catalogsDir holds the shared catalogs, relative to this package's
	// directory (bench/scale in the repository, which sits beside shared).
	catalogsDir = "../../../shared/testdata/catalogs"
	// minTools is the least number of tools in the synthetic catalog.
	minTools = 3000
	// catalogName is the synthetic catalog's file name, as diagnostics and
	// the generated header name it; nothing is read from or written to it.
	catalogName = "scale.tools.json"
)

// sourceCatalogs are the shared catalogs whose tools are repeated, each
// with the tag that marks its tools' copies (both catalogs have a tool
// named projects_list).
var sourceCatalogs = []struct{ file, tag string }{
	{"github-mcp-server.tools.json", "gh"},
	{"kubernetes-mcp-server.tools.json", "k8s"},
}

// sourceTool is a tool of a shared catalog, as a JSON object.
type sourceTool struct {
	name   string
	tag    string // the catalog's tag
	object map[string]json.RawMessage
}

// sourceTools reads the tools of the shared catalogs, in file order. It
// skips tb when a catalog is not there.
func sourceTools(tb testing.TB) []sourceTool {
	tb.Helper()
	var tools []sourceTool
	for _, src := range sourceCatalogs {
		path := filepath.Join(catalogsDir, src.file)
		data, err := os.ReadFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			tb.Skipf("the synthetic catalog is built from %s, which is not there: it needs the shared test data beside the repository", path)
		}
		if err != nil {
			tb.Fatal(err)
		}
		var c struct {
			Tools []map[string]json.RawMessage `json:"tools"`
		}
		if err := json.Unmarshal(data, &c); err != nil {
			tb.Fatalf("%s: %v", path, err)
		}
		for _, obj := range c.Tools {
			t := sourceTool{tag: src.tag, object: obj}
			if err := json.Unmarshal(obj["name"], &t.name); err != nil {
				tb.Fatalf("%s: a tool without a string name: %v", path, err)
			}
			tools = append(tools, t)
		}
	}
	if len(tools) == 0 {
		tb.Fatal("the shared catalogs hold no tools")
	}
	return tools
}

// syntheticCatalog returns an MCP tools/list catalog of at least min tools
// made of copies of tools: copy k of tool x of the catalog tagged gh is
// named x_gh_KK, with everything else unchanged. It also returns the number
// of tools.
func syntheticCatalog(tools []sourceTool, min int) ([]byte, int, error) {
	copies := max(1, (min+len(tools)-1)/len(tools))
	out := make([]map[string]json.RawMessage, 0, copies*len(tools))
	for k := 1; k <= copies; k++ {
		for _, t := range tools {
			renamed := maps.Clone(t.object)
			renamed["name"] = strconv.AppendQuote(nil, fmt.Sprintf("%s_%s_%02d", t.name, t.tag, k))
			out = append(out, renamed)
		}
	}
	data, err := json.Marshal(map[string]any{"tools": out})
	return data, len(out), err
}

// generate runs what toolgen runs on a catalog file (catalog.Parse,
// catalog.Lint, gen.Generate) and returns the Go source of package tools,
// or the diagnostics as an error when there is any error among them.
func generate(data []byte) ([]byte, error) {
	cat, diags := catalog.Parse(catalogName, data)
	if cat == nil || diags.HasErrors() {
		return nil, diags
	}
	diags = diags.Merge(catalog.Lint(cat, catalog.LintOptions{}))
	if diags.HasErrors() {
		return nil, diags
	}
	src, genDiags := gen.Generate(cat, gen.Options{Package: "tools", Source: catalogName})
	if diags = diags.Merge(genDiags); diags.HasErrors() || src == nil {
		return nil, diags
	}
	return src, nil
}

// TestSyntheticCatalog checks the catalog builder on two copies of the
// shared tools: every name is new and distinct, and toolgen generates the
// catalog without an error. BenchmarkGenerateScale uses the same code on
// enough copies for 3,000 tools.
func TestSyntheticCatalog(t *testing.T) {
	tools := sourceTools(t)
	data, n, err := syntheticCatalog(tools, len(tools)+1)
	if err != nil {
		t.Fatal(err)
	}
	if n != 2*len(tools) {
		t.Fatalf("%d tools, want two copies of %d", n, len(tools))
	}
	cat, diags := catalog.Parse(catalogName, data)
	if cat == nil || diags.HasErrors() {
		t.Fatalf("the synthetic catalog does not parse:\n%v", diags)
	}
	seen := map[string]bool{}
	for _, tool := range cat.Tools {
		if seen[tool.Name] {
			t.Errorf("tool %q twice", tool.Name)
		}
		seen[tool.Name] = true
		if !strings.HasSuffix(tool.Name, "_01") && !strings.HasSuffix(tool.Name, "_02") {
			t.Errorf("tool %q: want a name ending in _01 or _02", tool.Name)
		}
	}
	if len(seen) != n {
		t.Errorf("%d distinct tools parsed, want %d", len(seen), n)
	}
	if testing.Short() {
		return
	}
	if _, err := generate(data); err != nil {
		t.Fatalf("toolgen rejects the synthetic catalog:\n%v", err)
	}
}

// BenchmarkGenerateScale generates code for a synthetic catalog of at least
// 3,000 tools and builds it. Each iteration times Parse+Lint+Generate
// (reported as generate-s/op) and go build of the generated package in a
// temporary module (build-s/op); ns/op is both plus writing the file.
//
// Dependencies of the generated package (toolgen's runtime, the standard
// library) are built once before timing, so build-s/op is the compilation
// of the generated package alone. Each iteration adds a file with a new
// constant to the package so that go build cannot take it from its cache.
func BenchmarkGenerateScale(b *testing.B) {
	data, n, err := syntheticCatalog(sourceTools(b), minTools)
	if err != nil {
		b.Fatal(err)
	}
	src, err := generate(data) // once untimed: fail early, and learn the imports
	if err != nil {
		b.Fatalf("toolgen rejects the synthetic catalog:\n%v", err)
	}
	mod := newModule(b, src)

	var generating, building time.Duration
	for i := 0; b.Loop(); i++ {
		start := time.Now()
		out, err := generate(data)
		if err != nil {
			b.Fatal(err)
		}
		generating += time.Since(start)

		mod.write("tools/tools_gen.go", out)
		mod.write("tools/stamp.go", fmt.Appendf(nil, "package tools\n\nconst buildStamp = \"%d-%d\"\n", i, time.Now().UnixNano()))
		start = time.Now()
		mod.goCmd("build", "./tools")
		building += time.Since(start)
	}
	b.ReportMetric(generating.Seconds()/float64(b.N), "generate-s/op")
	b.ReportMetric(building.Seconds()/float64(b.N), "build-s/op")
	b.ReportMetric(float64(n), "tools")
	b.ReportMetric(float64(len(src))/1e6, "MB-generated")
}

// module is a temporary Go module that depends on this checkout of toolgen.
type module struct {
	tb  testing.TB
	dir string
}

// newModule makes the module and builds, outside any timing, a package
// that imports everything src imports, so that later builds of the
// generated package find its dependencies in the build cache.
func newModule(tb testing.TB, src []byte) *module {
	tb.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		tb.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		tb.Fatal(err)
	}
	m := &module{tb: tb, dir: tb.TempDir()}
	m.write("go.mod", fmt.Appendf(nil, "module scale.example\n\ngo 1.26\n\nrequire github.com/toolgen/toolgen v0.0.0\n\nreplace github.com/toolgen/toolgen => %s\n", root))
	m.write("go.sum", sum)

	f, err := parser.ParseFile(token.NewFileSet(), "tools_gen.go", src, parser.ImportsOnly)
	if err != nil {
		tb.Fatalf("the generated code does not parse: %v", err)
	}
	deps := []byte("package deps\n\nimport (\n")
	for _, imp := range f.Imports {
		deps = fmt.Appendf(deps, "\t_ %s\n", imp.Path.Value)
	}
	deps = append(deps, ")\n"...)
	m.write("deps/deps.go", deps)
	m.goCmd("mod", "tidy")
	m.goCmd("build", "./deps")
	return m
}

// write writes data to the module file at the slash-separated path name.
func (m *module) write(name string, data []byte) {
	m.tb.Helper()
	path := filepath.Join(m.dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		m.tb.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		m.tb.Fatal(err)
	}
}

// goCmd runs the go command in the module and fails tb when it fails.
func (m *module) goCmd(args ...string) {
	m.tb.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = m.dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"))
	if out, err := cmd.CombinedOutput(); err != nil {
		m.tb.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}
