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

// userModules lays out, in a temporary folder, a service's module
// example.com/svc that requires toolgen (replaced with this repository)
// and example.com/money (a module of its own beside it, through a local
// replace, as a dependency not yet published is), with a package of its
// own, example.com/svc/units. Each package's init writes a file named
// after it into the folder the INIT_DIR environment variable names, so a
// test can tell which packages the program built and ran. It returns the
// service's directory.
func userModules(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files := map[string]string{
		"money/go.mod": "module example.com/money\n\ngo 1.26\n",
		"money/money.go": `package money

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

func init() { os.WriteFile(filepath.Join(os.Getenv("INIT_DIR"), "money"), nil, 0o644) }

// Cents is an amount written as "123c".
type Cents int64

// UnmarshalText reads "123c".
func (c *Cents) UnmarshalText(b []byte) error {
	n, ok := strings.CutSuffix(string(b), "c")
	v, err := strconv.ParseInt(n, 10, 64)
	if !ok || err != nil {
		return errors.New("an amount is whole cents followed by c, as in 250c")
	}
	*c = Cents(v)
	return nil
}
`,
		"other/go.mod": "module example.com/other\n\ngo 1.26\n",
		"other/other.go": `package other

// Unused is a type no go.mod of the service requires.
type Unused string
`,
		"svc/go.mod": "module example.com/svc\n\ngo 1.26\n\nrequire (\n\t" + toolgenModule + " v0.0.0-00010101000000-000000000000\n\texample.com/money v0.0.0-00010101000000-000000000000\n)\n\n" +
			"replace " + toolgenModule + " => " + root + "\n\nreplace example.com/money => ../money\n",
		"svc/go.sum": string(sum),
		"svc/units/units.go": `package units

import (
	"errors"
	"os"
	"path/filepath"
)

func init() { os.WriteFile(filepath.Join(os.Getenv("INIT_DIR"), "units"), nil, 0o644) }

// Unit is "kg" or "lb".
type Unit string

// UnmarshalText takes kg and lb.
func (u *Unit) UnmarshalText(b []byte) error {
	if s := string(b); s != "kg" && s != "lb" {
		return errors.New("a unit is kg or lb")
	}
	*u = Unit(b)
	return nil
}
`,
	}
	for name, text := range files {
		if err := writeFile(filepath.Join(dir, filepath.FromSlash(name)), []byte(text)); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "svc")
}

// goTypeCatalog is a catalog whose property p is held as the Go type typ
// from the package imp.
func goTypeCatalog(t *testing.T, typ, imp string) *catalog.Catalog {
	t.Helper()
	data := `{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{
		"p":{"type":"string","goJSONSchema":{"type":"` + typ + `","imports":["` + imp + `"]}}},"required":["p"]}}]}`
	cat, diags := catalog.Parse("catalog.json", []byte(data))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return cat
}

// TestBuildImportsOfTheUserModule builds catalogs whose values are held as
// Go types of a module the service requires and of the service's own
// module: the program uses those very types (their UnmarshalText decides
// the verdicts and words) and runs their packages' initialisation, built
// offline from the service's go.mod and go.sum.
func TestBuildImportsOfTheUserModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated code with the go command; skipped in -short mode")
	}
	svc := userModules(t)
	src, err := FindSource(svc)
	if err != nil {
		t.Fatal(err)
	}
	if src.User == nil || src.User.Path != "example.com/svc" {
		t.Fatalf("FindSource(%s).User = %+v, want example.com/svc", svc, src.User)
	}
	initDir := t.TempDir()
	t.Setenv("INIT_DIR", initDir)
	for _, tc := range []struct {
		typ, imp, pkg, good, bad, why string
	}{
		{"money.Cents", "example.com/money", "money", "250c", "2.50", "whole cents followed by c"},
		{"units.Unit", "example.com/svc/units", "units", "kg", "stone", "a unit is kg or lb"},
	} {
		prog, _, err := Build(context.Background(), src, []Package{{Catalog: goTypeCatalog(t, tc.typ, tc.imp)}})
		if err != nil {
			t.Fatalf("%s: %v", tc.imp, err)
		}
		verdicts, err := prog.Judge(context.Background(), []Call{
			{Tool: "t", Args: []byte(`{"p":"` + tc.good + `"}`)},
			{Tool: "t", Args: []byte(`{"p":"` + tc.bad + `"}`)},
		})
		prog.Close()
		if err != nil {
			t.Fatalf("%s: %v", tc.imp, err)
		}
		if !verdicts[0].Valid || verdicts[1].Valid || !strings.Contains(verdicts[1].ModelMessage, tc.why) {
			t.Errorf("%s: verdicts %+v, want %q valid and %q refused by the type's own words %q", tc.imp, verdicts, tc.good, tc.bad, tc.why)
		}
		if _, err := os.Stat(filepath.Join(initDir, tc.pkg)); err != nil {
			t.Errorf("%s: the package's init did not run: %v", tc.imp, err)
		}
	}
}

// TestBuildRefusesImportsOutsideTheUserModule checks that a catalog can
// make the program build no package the service does not depend on: not
// one the service's module does not require (though it is on disk, or in
// the module cache as a dependency of toolgen's), and none at all when
// validate runs in no module.
func TestBuildRefusesImportsOutsideTheUserModule(t *testing.T) {
	svc := userModules(t)
	src, err := FindSource(svc)
	if err != nil {
		t.Fatal(err)
	}
	initDir := t.TempDir()
	t.Setenv("INIT_DIR", initDir)
	for _, tc := range []struct {
		typ, imp, module string
		outside          bool
	}{
		{"other.Unused", "example.com/other", "example.com/svc", false},
		{"jen.Code", "github.com/dave/jennifer/jen", "example.com/svc", false},
		{"money.Cents", "example.com/moneybags", "example.com/svc", false},
		{"money.Cents", "example.com/money", "", true},
		{"units.Unit", "example.com/svc/units", "", true},
	} {
		s := *src
		if tc.outside {
			s.User = nil
		}
		prog, _, err := Build(context.Background(), &s, []Package{{Catalog: goTypeCatalog(t, tc.typ, tc.imp)}})
		var ie *ImportError
		if !errors.As(err, &ie) || ie.Path != tc.imp || ie.Module != tc.module {
			t.Errorf("%s (outside a module: %v): Build error %v, want an ImportError naming the module %q", tc.imp, tc.outside, err, tc.module)
		}
		if prog != nil {
			prog.Close()
		}
	}
	if entries, _ := os.ReadDir(initDir); len(entries) > 0 {
		t.Errorf("a refused package was built and run: %v", entries)
	}
}
