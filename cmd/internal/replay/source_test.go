package replay

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
)

// TestFindSourceInUserModule finds the toolgen source through a module
// that uses toolgen as a tool, as a user's module does (here replaced with
// this repository, so that nothing needs downloading).
func TestFindSourceInUserModule(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	gomod := "module example.com/user\n\ngo 1.26\n\ntool " + toolgenModule + "/cmd/toolgen\n\nrequire " + toolgenModule +
		" v0.0.0-00010101000000-000000000000\n\nreplace " + toolgenModule + " => " + root + "\n"
	if err := writeFile(filepath.Join(dir, "go.mod"), []byte(gomod)); err != nil {
		t.Fatal(err)
	}
	if err := writeFile(filepath.Join(dir, "go.sum"), sum); err != nil {
		t.Fatal(err)
	}
	src, err := FindSource(dir)
	if err != nil {
		t.Fatal(err)
	}
	if src.Dir != root || src.GoVersion == "" || len(src.Sum) == 0 {
		t.Errorf("FindSource = {Dir: %q, GoVersion: %q, %d bytes of go.sum}, want the repository %s", src.Dir, src.GoVersion, len(src.Sum), root)
	}
}

// TestFindSourceOutsideModules asks from a folder in no module: a test
// binary is a development build, so no module cache entry applies either.
func TestFindSourceOutsideModules(t *testing.T) {
	dir := t.TempDir()
	_, err := FindSource(dir)
	if !errors.Is(err, ErrNoSource) || !strings.Contains(err.Error(), dir) {
		t.Errorf("FindSource outside modules: %v, want ErrNoSource naming %s", err, dir)
	}
}

// TestFindSourceWithoutGo hides the go command.
func TestFindSourceWithoutGo(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	t.Setenv("GOROOT", "")
	if _, err := FindSource("."); !errors.Is(err, ErrNoToolchain) {
		t.Errorf("FindSource without go: %v, want ErrNoToolchain", err)
	}
}

// TestBuildRefusesImportsOfTheCatalog checks that a catalog cannot make the
// program build (and initialise) a package of its choosing through a
// goJSONSchema import, while standard library types still replay.
func TestBuildRefusesImportsOfTheCatalog(t *testing.T) {
	src := findSource(t)
	src.User = nil // in no module: a module's own dependencies are deps_test.go's
	for _, tc := range []struct {
		imp     string
		refused bool
	}{
		{"github.com/dave/jennifer/jen", true},
		{"example.com/evil", true},
		{"net/netip", false},
	} {
		typ := map[bool]string{true: "jen.Code", false: "netip.Addr"}[tc.refused]
		data := `{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{
			"a":{"type":"string","goJSONSchema":{"type":"` + typ + `","imports":["` + tc.imp + `"]}}}}}]}`
		cat, diags := catalog.Parse("catalog.json", []byte(data))
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		prog, _, err := Build(context.Background(), src, []Package{{Catalog: cat}})
		var ie *ImportError
		if got := errors.As(err, &ie); got != tc.refused || (got && ie.Path != tc.imp) {
			t.Errorf("import %q: Build error %v, want refused=%v", tc.imp, err, tc.refused)
		}
		if prog != nil {
			prog.Close()
		}
	}
}
