package gen_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen"
)

var update = flag.Bool("update", false, "rewrite the expected output of the golden tests")

// TestGolden runs each testdata/golden/*.txtar archive through the whole
// pipeline. An archive holds catalog.json and what must come out of it: the
// generated tools_gen.go, and diagnostics.txt when there are diagnostics
// (errors stop generation, so such an archive has no tools_gen.go). An
// archive may also hold calls.jsonl, which TestEndToEnd runs.
// go test ./gen -update rewrites the expected files.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/golden/*.txtar")
	if len(files) == 0 {
		t.Fatal("no golden archives in testdata/golden")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			input := section(ar, "catalog.json")
			if input == nil {
				t.Fatal("the archive has no catalog.json")
			}
			src, diags := generate("catalog.json", input, archiveOptions(t, ar))
			var report bytes.Buffer
			for _, d := range diags {
				report.WriteString(d.String() + "\n")
			}
			want := map[string][]byte{"tools_gen.go": src, "diagnostics.txt": report.Bytes()}
			if *update {
				// Keep the archive's own sections (catalog.json, calls.jsonl)
				// and put the generated ones after them.
				var kept []txtar.File
				for _, f := range ar.Files {
					if f.Name != "tools_gen.go" && f.Name != "diagnostics.txt" {
						kept = append(kept, f)
					}
				}
				ar.Files = kept
				for _, name := range []string{"diagnostics.txt", "tools_gen.go"} {
					if len(want[name]) > 0 {
						ar.Files = append(ar.Files, txtar.File{Name: name, Data: want[name]})
					}
				}
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			for _, name := range []string{"diagnostics.txt", "tools_gen.go"} {
				if got, expected := want[name], section(ar, name); !bytes.Equal(got, expected) {
					t.Errorf("%s differs from the archive (run go test ./gen -update and review the diff):\n%s", name, firstDifference(expected, got))
				}
			}
		})
	}
}

// archiveOptions reads an archive's options.json, the generation options
// beyond the defaults: {"openaiStrict": true}.
func archiveOptions(t *testing.T, ar *txtar.Archive) gen.Options {
	opts := gen.Options{Package: "tools", Source: "catalog.json"}
	if data := section(ar, "options.json"); data != nil {
		var o struct {
			OpenAIStrict bool `json:"openaiStrict"`
			Time         bool `json:"time"`
			Client       bool `json:"client"`
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&o); err != nil {
			t.Fatalf("options.json: %v", err)
		}
		opts.OpenAIStrict = o.OpenAIStrict
		opts.Time = o.Time
		opts.Client = o.Client
	}
	return opts
}

// generate runs load, lint and generation as the CLI does.
func generate(name string, data []byte, opts gen.Options) ([]byte, catalog.Diagnostics) {
	cat, diags := catalog.Parse(name, data)
	if cat == nil {
		return nil, diags
	}
	diags = diags.Merge(catalog.Lint(cat, catalog.LintOptions{}))
	src, genDiags := gen.Generate(cat, opts)
	diags = diags.Merge(genDiags)
	if diags.HasErrors() {
		return nil, diags
	}
	return src, diags
}

func section(ar *txtar.Archive, name string) []byte {
	for _, f := range ar.Files {
		if f.Name == name {
			return f.Data
		}
	}
	return nil
}

// firstDifference shows the first line where got departs from want.
func firstDifference(want, got []byte) string {
	w, g := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d:\n  want: %s\n  got:  %s", i+1, wl, gl)
		}
	}
	return "(no line differs; check the final newline)"
}
