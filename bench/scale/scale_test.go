package scale

import (
	"bytes"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"
	"time"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen"
)

const (
	// minTools is the least number of tools in the corpus: about as many as
	// the largest real catalogs toolgen has been run on.
	minTools = 3400
	// catalogName is the corpus's file name, as diagnostics and the
	// generated header name it; nothing is read from or written to it.
	catalogName = "scale.tools.json"
)

// sources reads the corpus's source tools, or skips tb when the shared
// catalogs are not there.
func sources(tb testing.TB) []sourceTool {
	tb.Helper()
	tools, err := loadSources(sharedCatalogsDir, repoRoot)
	if errors.Is(err, errNoSharedCatalogs) {
		tb.Skip(err)
	}
	if err != nil {
		tb.Fatal(err)
	}
	return tools
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

// TestCorpus checks the corpus builder: the same corpus every time, every
// name new and distinct, each round of copies the variant it should be,
// and, on the sources and one round of each variant, no error from
// toolgen. BenchmarkGenerateScale generates the whole corpus.
func TestCorpus(t *testing.T) {
	tools := sources(t)
	min := 3*len(tools) + 1 // the sources, then a reshaped, a renamed and a reworded round
	data, n, err := corpus(tools, min)
	if err != nil {
		t.Fatal(err)
	}
	again, _, err := corpus(sources(t), min)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, again) {
		t.Fatal("two builds of the corpus differ")
	}
	if n != 4*len(tools) {
		t.Fatalf("%d tools, want four rounds of %d", n, len(tools))
	}
	cat, diags := catalog.Parse(catalogName, data)
	if cat == nil || diags.HasErrors() {
		t.Fatalf("the corpus does not parse:\n%v", diags)
	}
	seen := map[string]bool{}
	for i, tool := range cat.Tools {
		if seen[tool.Name] {
			t.Errorf("tool %q twice", tool.Name)
		}
		seen[tool.Name] = true
		src := tools[i%len(tools)]
		round := i/len(tools) + 1
		if want := fmt.Sprintf("%s_%s_%02d", src.name, src.tag, round); tool.Name != want {
			t.Errorf("tool %d is %q, want %q", i, tool.Name, want)
		}
		schema := string(tool.InputSchema)
		gotReworded := strings.Contains(schema, fmt.Sprintf(" (copy %d)", round)) || strings.HasSuffix(tool.Description, fmt.Sprintf(" (copy %d)", round))
		gotReshaped := strings.Contains(schema, fmt.Sprintf(`"trace_%d"`, round))
		switch {
		case round == 1 || round%3 == renamed:
			if gotReworded || gotReshaped {
				t.Errorf("tool %q: round %d should be the source renamed, and is reworded or reshaped", tool.Name, round)
			}
		case round%3 == reworded:
			if !gotReworded || gotReshaped {
				t.Errorf("tool %q: round %d should be reworded only (reworded %v, reshaped %v)", tool.Name, round, gotReworded, gotReshaped)
			}
		case round%3 == reshaped:
			if !gotReworded || !gotReshaped {
				t.Errorf("tool %q: round %d should be reworded and reshaped (reworded %v, reshaped %v)", tool.Name, round, gotReworded, gotReshaped)
			}
		}
	}
	if testing.Short() {
		return
	}
	if _, err := generate(data); err != nil {
		t.Fatalf("toolgen rejects the corpus:\n%v", err)
	}
}

// BenchmarkGenerateScale generates code for the corpus (at least minTools
// tools; see corpus.go) and builds it. Each iteration times
// Parse+Lint+Generate and go build of the generated package in a temporary
// module; ns/op is both plus writing the file. It reports:
//
//   - generate-s/op, build-s/op: the two steps' times;
//   - generate-MB/op: the memory generation allocates, and
//     generate-peak-MB: the most its heap held at once (sampled every
//     millisecond, the heap before generation subtracted);
//   - build-peak-MB: the largest resident set among go build and the
//     compiler and linker it runs (the wait status's maximum RSS, which
//     covers a process's waited-for descendants);
//   - B-per-tool and MB-generated: the size of the generated Go.
//
// Dependencies of the generated package (toolgen's runtime, the standard
// library) are built once before timing, so build-s/op is the compilation
// of the generated package alone. Each iteration adds a file with a new
// constant to the package so that go build cannot take it from its cache.
func BenchmarkGenerateScale(b *testing.B) {
	data, n, err := corpus(sources(b), minTools)
	if err != nil {
		b.Fatal(err)
	}
	src, err := generate(data) // once untimed: fail early, and learn the imports
	if err != nil {
		b.Fatalf("toolgen rejects the corpus:\n%v", err)
	}
	mod := newModule(b, src)

	var generating, building time.Duration
	var allocated, peak, buildPeak uint64
	for i := 0; b.Loop(); i++ {
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		stop := sampleHeap()
		start := time.Now()
		out, err := generate(data)
		if err != nil {
			b.Fatal(err)
		}
		generating += time.Since(start)
		high := stop()
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		allocated += after.TotalAlloc - before.TotalAlloc
		peak = max(peak, high-min(high, before.HeapAlloc))

		mod.write("tools/tools_gen.go", out)
		mod.write("tools/stamp.go", fmt.Appendf(nil, "package tools\n\nconst buildStamp = \"%d-%d\"\n", i, time.Now().UnixNano()))
		start = time.Now()
		buildPeak = max(buildPeak, mod.goCmd("build", "./tools"))
		building += time.Since(start)
	}
	b.ReportMetric(generating.Seconds()/float64(b.N), "generate-s/op")
	b.ReportMetric(float64(allocated)/1e6/float64(b.N), "generate-MB/op")
	b.ReportMetric(float64(peak)/1e6, "generate-peak-MB")
	b.ReportMetric(building.Seconds()/float64(b.N), "build-s/op")
	b.ReportMetric(float64(buildPeak)/1e6, "build-peak-MB")
	b.ReportMetric(float64(n), "tools")
	b.ReportMetric(float64(len(src))/float64(n), "B-per-tool")
	b.ReportMetric(float64(len(src))/1e6, "MB-generated")
}

// sampleHeap samples the bytes of live and not yet swept heap objects every
// millisecond until the function it returns is called, which returns the
// most it saw.
func sampleHeap() (stop func() uint64) {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	done, result := make(chan struct{}), make(chan uint64)
	go func() {
		var high uint64
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(sample)
			high = max(high, sample[0].Value.Uint64())
			select {
			case <-done:
				result <- high
				return
			case <-tick.C:
			}
		}
	}()
	return func() uint64 {
		close(done)
		return <-result
	}
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

// goCmd runs the go command in the module and fails tb when it fails. It
// returns the largest resident set, in bytes, of the command and the
// processes it ran.
func (m *module) goCmd(args ...string) uint64 {
	m.tb.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = m.dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"))
	if out, err := cmd.CombinedOutput(); err != nil {
		m.tb.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return maxRSS(cmd.ProcessState)
}
