// Package replay judges logged tool calls with the code toolgen generates
// for a catalog, so that toolgen validate gives the verdicts and the words
// the model reads: it generates the catalog's package, builds it with a
// small main into a program in a temporary module, and runs the program on
// the calls. Nothing but generated code is built from a catalog, and the
// build never reaches the network.
package replay

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/semver"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen"
)

// programModule is the module path of the temporary module.
const programModule = "toolgenreplay"

// Package is one catalog for the program to judge calls of.
type Package struct {
	Catalog *catalog.Catalog
	// Options are the generation options; an empty package name is chosen
	// here.
	Options gen.Options
	// Files are Go files of the package besides the generated one, by name:
	// types the catalog names for goJSONSchema. toolgen validate has none.
	Files map[string][]byte
}

// GenerateError reports that a catalog's code could not be generated.
type GenerateError struct {
	Package     int // the index of the package
	Diagnostics catalog.Diagnostics
}

func (e *GenerateError) Error() string {
	return fmt.Sprintf("generating the code of catalog %d failed: %v", e.Package, e.Diagnostics)
}

// ImportError reports that a catalog's generated code imports a package
// (a goJSONSchema "imports") that the module toolgen validate runs in does
// not depend on: the program would build, and run the initialisation of,
// code that a catalog chose. toolgen validate refuses it.
type ImportError struct {
	Package int
	Path    string
	Module  string // the module validate runs in; "" when it runs in none
}

func (e *ImportError) Error() string {
	if e.Module == "" {
		return fmt.Sprintf("the catalog's generated code imports %q (a goJSONSchema \"imports\"), and toolgen validate runs in no Go module: run it in the module that uses this catalog, which requires that package, so that it is built from that module's dependencies (offline)", e.Path)
	}
	return fmt.Sprintf("the catalog's generated code imports %q (a goJSONSchema \"imports\"), which is neither in the module %s nor in a module its go.mod requires; toolgen validate builds only what that module depends on: add the dependency (go get) if the catalog is yours, or run validate in the module that uses this catalog", e.Path, e.Module)
}

// BuildError reports that the go command could not build the program; Output
// is what it printed.
type BuildError struct {
	Output string
	Err    error
}

func (e *BuildError) Error() string {
	msg := "building the generated code failed: " + e.Err.Error()
	if out := strings.TrimSpace(e.Output); out != "" {
		msg += "\n" + out
	}
	if strings.Contains(e.Output, "undefined: ") {
		msg += "\nif the catalog names Go types of the package it is generated into (goJSONSchema), toolgen validate cannot build them: it builds the generated code alone"
	}
	if strings.Contains(e.Output, "GOPROXY=off") || strings.Contains(e.Output, "missing go.sum entry") {
		msg += "\nthe module cache lacks a module the toolgen runtime needs, and nothing is downloaded here: run go mod download in a module that requires " + toolgenModule
	}
	return msg
}

func (e *BuildError) Unwrap() error { return e.Err }

// Program is a built judge of tool calls. Close removes it.
type Program struct {
	dir  string // the temporary module
	bin  string // the program
	pkgs int
}

// Build generates the code of each package and builds it, with the
// program's main, in a temporary module that requires the toolgen module in
// src.Dir. Warnings of generation are returned with the program.
func Build(ctx context.Context, src *Source, pkgs []Package) (*Program, catalog.Diagnostics, error) {
	dir, err := os.MkdirTemp("", "toolgen-validate-")
	if err != nil {
		return nil, nil, err
	}
	p := &Program{dir: dir, bin: filepath.Join(dir, "judge"), pkgs: len(pkgs)}
	warnings, err := p.write(src, pkgs)
	if err == nil {
		err = p.build(ctx, src)
	}
	if err != nil {
		p.Close()
		return nil, warnings, err
	}
	return p, warnings, nil
}

// Close removes the program and its module.
func (p *Program) Close() error { return os.RemoveAll(p.dir) }

// packageDir is the directory of package i in the temporary module.
func packageDir(i int) string { return fmt.Sprintf("catalog%d", i) }

// packagePath is the import path of package i.
func packagePath(i int) string { return programModule + "/" + packageDir(i) }

// write lays out the module: go.mod, go.sum, one directory per package and
// main.go.
func (p *Program) write(src *Source, pkgs []Package) (catalog.Diagnostics, error) {
	var warnings catalog.Diagnostics
	var paths []string
	var deps []dependency
	for i, pkg := range pkgs {
		opts := pkg.Options
		if opts.Package == "" {
			opts.Package = fmt.Sprintf("catalog%d", i)
		}
		code, diags := gen.Generate(pkg.Catalog, opts)
		if diags.HasErrors() || code == nil {
			return diags, &GenerateError{Package: i, Diagnostics: diags}
		}
		warnings = append(warnings, diags...)
		needed, err := neededModules(i, code, src.User)
		if err != nil {
			return warnings, err
		}
		deps = append(deps, needed...)
		files := map[string][]byte{"tools_gen.go": code}
		for name, data := range pkg.Files {
			files[name] = data
		}
		for name, data := range files {
			if err := writeFile(filepath.Join(p.dir, packageDir(i), filepath.Base(name)), data); err != nil {
				return warnings, err
			}
		}
		paths = append(paths, packagePath(i))
	}
	gomod, err := goMod(src, deps)
	if err != nil {
		return warnings, err
	}
	sum := src.Sum
	if len(deps) > 0 {
		sum = append(append(slices.Clip(src.Sum), '\n'), src.User.Sum...)
	}
	var main bytes.Buffer
	if err := mainFile(paths).Render(&main); err != nil {
		return warnings, fmt.Errorf("rendering the program's main: %v", err)
	}
	for name, data := range map[string][]byte{"go.mod": gomod, "go.sum": sum, "main.go": main.Bytes()} {
		if err := writeFile(filepath.Join(p.dir, name), data); err != nil {
			return warnings, err
		}
	}
	return warnings, nil
}

// goMod renders the temporary module's go.mod: it requires the toolgen
// module and replaces it with the source directory, and with deps the
// user's module's requirements (see addDependencies).
func goMod(src *Source, deps []dependency) ([]byte, error) {
	f := &modfile.File{}
	if err := f.AddModuleStmt(programModule); err != nil {
		return nil, err
	}
	goVersion := src.GoVersion
	if len(deps) > 0 && src.User.Mod.Go != nil && semver.Compare(gover(src.User.Mod.Go.Version), gover(goVersion)) > 0 {
		goVersion = src.User.Mod.Go.Version
	}
	if goVersion != "" {
		if err := f.AddGoStmt(goVersion); err != nil {
			return nil, err
		}
	}
	if len(deps) > 0 {
		if err := addDependencies(f, src.User, deps); err != nil {
			return nil, err
		}
	}
	const version = "v0.0.0-00010101000000-000000000000"
	if err := f.AddRequire(toolgenModule, version); err != nil {
		return nil, err
	}
	if err := f.AddReplace(toolgenModule, "", src.Dir, ""); err != nil {
		return nil, err
	}
	return f.Format()
}

// build runs go build offline: GOFLAGS=-mod=mod lets the go command add the
// runtime's dependencies to go.mod, from the module cache only.
func (p *Program) build(ctx context.Context, src *Source) error {
	cmd := exec.CommandContext(ctx, src.Go, "build", "-o", p.bin, ".")
	cmd.Dir = p.dir
	cmd.Env = offlineEnv("-mod=mod")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return &BuildError{Output: string(out), Err: err}
	}
	return nil
}

func writeFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}
