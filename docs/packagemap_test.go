// Package docs holds the test that keeps DESIGN.md's package map true.
package docs

import (
	"bufio"
	"bytes"
	"encoding/json"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// repo is the import path of the root module; a package of the repository
// is named in the map by its folder, which is its import path without it.
const repo = "github.com/toolgen/toolgen"

// row is one line of the package map: the folders it is about (a name
// ending in "/..." is a folder and all below it) and what they may import.
type row struct {
	line     int
	packages []string
	allowed  []string // nil with any: anything
	any      bool
	used     map[string]bool // which of allowed some package of the row imports
	matched  bool
}

// TestPackageMap holds DESIGN.md's package map to the code: every package
// of the repository, in the root module and the nested ones (testdata
// aside), is named by one row, and imports of the repository only what the
// row's last column names (besides the row's own packages); every row names
// a package, and every name in its last column is imported by one of its
// packages, so that the map neither misses nor keeps anything. The last
// column's names in backquotes are what is held; "nothing" is none, and
// "anything" is not checked. Imports of tests are not the map's.
func TestPackageMap(t *testing.T) {
	rows := readMap(t, "DESIGN.md")
	imports := rootImports(t)
	for dir, imps := range nestedImports(t) {
		imports[dir] = imps
	}
	if len(imports) < 30 {
		t.Fatalf("found %d packages; the repository has more", len(imports))
	}
	dirs := make([]string, 0, len(imports))
	for dir := range imports {
		dirs = append(dirs, dir)
	}
	slices.Sort(dirs)
	for _, dir := range dirs {
		r := rowOf(rows, dir)
		if r == nil {
			t.Errorf("package %s is in no row of DESIGN.md's package map; add it", dir)
			continue
		}
		r.matched = true
		if r.any {
			continue
		}
		for _, imp := range imports[dir] {
			if rowOf(rows, imp) == r {
				continue
			}
			a := slices.IndexFunc(r.allowed, func(a string) bool { return covers(a, imp) })
			if a < 0 {
				t.Errorf("package %s imports %s, which its row (DESIGN.md:%d) does not allow: add it there, or take the import out", dir, imp, r.line)
				continue
			}
			r.used[r.allowed[a]] = true
		}
	}
	for _, r := range rows {
		if !r.matched {
			t.Errorf("DESIGN.md:%d names %v, which is no package", r.line, r.packages)
			continue
		}
		for _, a := range r.allowed {
			if !r.used[a] {
				t.Errorf("DESIGN.md:%d allows %s, which none of %v imports; take it out of the row", r.line, a, r.packages)
			}
		}
	}
}

// covers reports whether the map's name pattern names the folder dir.
func covers(pattern, dir string) bool {
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return dir == base || strings.HasPrefix(dir, base+"/")
	}
	return dir == pattern
}

// rowOf returns the row naming dir most closely: by its exact name, else
// by the longest pattern covering it; nil if none does.
func rowOf(rows []*row, dir string) *row {
	var best *row
	bestLen := -1
	for _, r := range rows {
		for _, p := range r.packages {
			if !covers(p, dir) {
				continue
			}
			n := len(p)
			if p == dir {
				n = 1 << 30
			}
			if n > bestLen {
				best, bestLen = r, n
			}
		}
	}
	return best
}

var quoted = regexp.MustCompile("`([^`]+)`")

// readMap reads the first table after the heading "## Package map" of the
// file name: the first and last columns of each row.
func readMap(t *testing.T, name string) []*row {
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []*row
	in, table := false, false
	s := bufio.NewScanner(f)
	for n := 1; s.Scan(); n++ {
		line := s.Text()
		switch {
		case line == "## Package map":
			in = true
		case !in:
		case strings.HasPrefix(line, "| `"):
			table = true
			cells := strings.Split(line, "|")
			last := strings.TrimSpace(cells[len(cells)-2])
			r := &row{line: n, used: map[string]bool{}}
			for _, m := range quoted.FindAllStringSubmatch(cells[1], -1) {
				r.packages = append(r.packages, m[1])
			}
			for _, m := range quoted.FindAllStringSubmatch(last, -1) {
				r.allowed = append(r.allowed, m[1])
			}
			r.any = strings.HasPrefix(last, "anything")
			if r.allowed == nil && !r.any && !strings.HasPrefix(last, "nothing") {
				t.Errorf("%s:%d: the last column names nothing in backquotes and is not \"nothing\" or \"anything\": %s", name, n, last)
			}
			rows = append(rows, r)
		case table && !strings.HasPrefix(line, "|"):
			return rows
		}
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	if len(rows) == 0 {
		t.Fatalf("%s has no package map", name)
	}
	return rows
}

// rootImports returns, by folder, what each package of the root module
// imports of the repository, as go list reports it for this platform.
func rootImports(t *testing.T) map[string][]string {
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports", "./...")
	cmd.Dir = ".."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	m := map[string][]string{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		dir, ok := ofRepo(p.ImportPath)
		if !ok {
			t.Fatalf("go list named %s, outside %s", p.ImportPath, repo)
		}
		m[dir] = repoImports(p.Imports)
	}
	return m
}

// nestedImports returns, by folder, what each package of the nested
// modules imports of the repository, read from the import declarations of
// its files but its tests: their own requirements need not be in the
// module cache for the root module's tests to run.
func nestedImports(t *testing.T) map[string][]string {
	m := map[string][]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("..", p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if name := d.Name(); rel != "." && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata") {
				return fs.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") || !inNestedModule(rel) {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		dir := path.Dir(rel)
		var imps []string
		for _, spec := range f.Imports {
			imp, _ := strconv.Unquote(spec.Path.Value)
			imps = append(imps, imp)
		}
		m[dir] = append(m[dir], repoImports(imps)...)
		slices.Sort(m[dir])
		m[dir] = slices.Compact(m[dir])
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// inNestedModule reports whether the file rel, relative to the
// repository's root, belongs to a module other than the root one.
func inNestedModule(rel string) bool {
	for dir := path.Dir(rel); dir != "."; dir = path.Dir(dir) {
		if _, err := os.Stat(filepath.Join("..", dir, "go.mod")); err == nil {
			return true
		}
	}
	return false
}

// repoImports returns the folders of the repository's packages among the
// import paths imps.
func repoImports(imps []string) []string {
	var dirs []string
	for _, imp := range imps {
		if dir, ok := ofRepo(imp); ok {
			dirs = append(dirs, dir)
		}
	}
	return dirs
}

// ofRepo returns the folder of the repository's package imp.
func ofRepo(imp string) (string, bool) {
	return strings.CutPrefix(imp, repo+"/")
}
