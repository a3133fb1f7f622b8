package replay

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/semver"
)

// A catalog may name Go types of other packages for its values
// (goJSONSchema "imports"). Building such a package runs its
// initialisation, so the program builds one only when the module toolgen
// validate runs in already depends on it: a package of that module, or of
// a module its go.mod requires. Its service's own build runs the same code;
// a catalog cannot reach anything else. The versions are that module's,
// from its go.mod and go.sum, and the build stays offline.

// UserModule is the module toolgen validate runs in: the module whose
// dependencies a catalog's imports may come from.
type UserModule struct {
	Path string        // its module path
	Dir  string        // its root directory
	Mod  *modfile.File // its go.mod
	Sum  []byte        // its go.sum
}

// findUserModule returns the module of workDir, or nil when workDir is in
// none (or the go command cannot say, offline).
func findUserModule(goCmd, workDir string) *UserModule {
	cmd := exec.Command(goCmd, "env", "GOMOD")
	cmd.Dir = workDir
	cmd.Env = offlineEnv("")
	out, err := cmd.Output()
	gomod := string(bytes.TrimSpace(out))
	if err != nil || gomod == "" || gomod == os.DevNull {
		return nil
	}
	data, err := os.ReadFile(gomod)
	if err != nil {
		return nil
	}
	f, err := modfile.Parse(gomod, data, nil)
	if err != nil || f.Module == nil {
		return nil
	}
	sum, _ := os.ReadFile(filepath.Join(filepath.Dir(gomod), "go.sum"))
	return &UserModule{Path: f.Module.Mod.Path, Dir: filepath.Dir(gomod), Mod: f, Sum: sum}
}

// dependency is a module the program needs for a catalog's imports.
type dependency struct {
	path string
	own  bool // the user's module itself
}

// moduleOf returns the module of m that provides the package path: m
// itself, or a module its go.mod requires whose path is a prefix of it.
// (When two are, the go command picks the one that has the package; both
// are the user's dependencies either way.)
func (m *UserModule) moduleOf(path string) (dependency, bool) {
	within := func(mod string) bool { return path == mod || strings.HasPrefix(path, mod+"/") }
	if within(m.Path) {
		return dependency{path: m.Path, own: true}, true
	}
	for _, r := range m.Mod.Require {
		if within(r.Mod.Path) {
			return dependency{path: r.Mod.Path}, true
		}
	}
	return dependency{}, false
}

// neededModules returns the modules the imports of generated code need
// beyond the standard library and the toolgen module, or an *ImportError
// for the first import the user's module does not depend on.
func neededModules(pkg int, code []byte, user *UserModule) ([]dependency, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "tools_gen.go", code, parser.ImportsOnly)
	if err != nil {
		return nil, fmt.Errorf("reading the generated code's imports: %v", err)
	}
	var deps []dependency
	for _, imp := range f.Imports {
		path, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			return nil, fmt.Errorf("reading the generated code's imports: %v", err)
		}
		first, _, _ := strings.Cut(path, "/")
		if !strings.Contains(first, ".") || path == toolgenModule || strings.HasPrefix(path, toolgenModule+"/") {
			continue // the standard library, the runtime
		}
		if user == nil {
			return nil, &ImportError{Package: pkg, Path: path}
		}
		dep, ok := user.moduleOf(path)
		if !ok {
			return nil, &ImportError{Package: pkg, Path: path, Module: user.Path}
		}
		deps = append(deps, dep)
	}
	return deps, nil
}

// addDependencies makes f's requirements those of the user's module, at
// its versions and with its replacements (local paths made absolute), so
// that the program's build list is the user's and go.sum holds its sums;
// and requires the user's module itself, from its directory, when a
// package of it is imported. The toolgen module stays f's own.
func addDependencies(f *modfile.File, user *UserModule, deps []dependency) error {
	if len(deps) == 0 {
		return nil
	}
	for _, r := range user.Mod.Require {
		if r.Mod.Path != toolgenModule {
			if err := f.AddRequire(r.Mod.Path, r.Mod.Version); err != nil {
				return err
			}
		}
	}
	for _, r := range user.Mod.Replace {
		if r.Old.Path == toolgenModule {
			continue
		}
		to := r.New.Path
		if r.New.Version == "" && !filepath.IsAbs(to) {
			to = filepath.Join(user.Dir, to)
		}
		if err := f.AddReplace(r.Old.Path, r.Old.Version, to, r.New.Version); err != nil {
			return err
		}
	}
	for _, d := range deps {
		if d.own {
			if err := f.AddRequire(d.path, "v0.0.0-00010101000000-000000000000"); err != nil {
				return err
			}
			return f.AddReplace(d.path, "", user.Dir, "")
		}
	}
	return nil
}

// gover orders go versions ("1.26", "1.26.1") for comparison.
func gover(v string) string {
	return semver.Canonical("v" + v)
}
