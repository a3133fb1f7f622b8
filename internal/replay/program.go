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
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/mod/modfile"

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
// outside the standard library and the toolgen module (a goJSONSchema
// "imports"): the program would build, and run the initialisation of, code
// that a catalog chose. toolgen validate refuses it.
type ImportError struct {
	Package int
	Path    string
}

func (e *ImportError) Error() string {
	return fmt.Sprintf("the catalog's generated code imports %q (a goJSONSchema \"imports\"); toolgen validate builds only generated code, the standard library and the toolgen runtime, so it cannot replay calls of this catalog", e.Path)
}

// checkImports refuses generated code that imports anything but the
// standard library and the toolgen module.
func checkImports(pkg int, code []byte) error {
	f, err := parser.ParseFile(token.NewFileSet(), "tools_gen.go", code, parser.ImportsOnly)
	if err != nil {
		return fmt.Errorf("reading the generated code's imports: %v", err)
	}
	for _, imp := range f.Imports {
		path, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			return fmt.Errorf("reading the generated code's imports: %v", err)
		}
		first, _, _ := strings.Cut(path, "/")
		standard := !strings.Contains(first, ".")
		if !standard && path != toolgenModule && !strings.HasPrefix(path, toolgenModule+"/") {
			return &ImportError{Package: pkg, Path: path}
		}
	}
	return nil
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
		if err := checkImports(i, code); err != nil {
			return warnings, err
		}
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
	gomod, err := goMod(src)
	if err != nil {
		return warnings, err
	}
	var main bytes.Buffer
	if err := mainFile(paths).Render(&main); err != nil {
		return warnings, fmt.Errorf("rendering the program's main: %v", err)
	}
	for name, data := range map[string][]byte{"go.mod": gomod, "go.sum": src.Sum, "main.go": main.Bytes()} {
		if err := writeFile(filepath.Join(p.dir, name), data); err != nil {
			return warnings, err
		}
	}
	return warnings, nil
}

// goMod renders the temporary module's go.mod: it requires the toolgen
// module and replaces it with the source directory.
func goMod(src *Source) ([]byte, error) {
	f := &modfile.File{}
	if err := f.AddModuleStmt(programModule); err != nil {
		return nil, err
	}
	if src.GoVersion != "" {
		if err := f.AddGoStmt(src.GoVersion); err != nil {
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
