package main

import (
	"errors"
	"fmt"
	"go/build"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/toolgen/toolgen/gen"
)

// fallbackPackage names the generated package when nothing else does: the
// output is standard output, or a folder whose name is not a package name.
const fallbackPackage = "tools"

// packageName decides the package clause of the generated file. The first
// of these that applies wins:
//
//  1. the -pkg flag;
//  2. $GOPACKAGE, which go generate sets to the package of the file holding
//     the //go:generate line;
//  3. the package clause of the -o file, when it exists: what the last run
//     wrote, so that -check run by hand agrees with go generate;
//  4. the package of the other Go files in the -o file's folder (test
//     files and files excluded by build constraints do not count);
//  5. the name of that folder, when it is a package name;
//  6. "tools".
//
// Steps 3 to 5 need -o to name a file (or a link to one); output to
// standard output, a device or a named pipe goes from 2 to 6.
func packageName(flagValue, out string) (string, error) {
	name, from := inferPackage(flagValue, out)
	if name == "" && from != "" {
		return "", errors.New(from)
	}
	if err := gen.CheckPackageName(name); err != nil {
		return "", fmt.Errorf("%s: %v", from, err)
	}
	return name, nil
}

// inferPackage returns the package name and where it came from, for
// messages; a name of "" means the inference failed and from says why.
func inferPackage(flagValue, out string) (name, from string) {
	if flagValue != "" {
		return flagValue, "-pkg"
	}
	if env := os.Getenv("GOPACKAGE"); env != "" {
		return env, "$GOPACKAGE"
	}
	if !isFileOutput(out) {
		// Standard output, a device or a named pipe: no package's folder.
		return fallbackPackage, "the default package"
	}
	if name := packageClause(out); name != "" {
		return name, "the package clause of " + out
	}
	dir := filepath.Dir(out)
	p, err := importSiblings(out)
	var multiple *build.MultiplePackageError
	switch {
	case err == nil && len(p.GoFiles) > 0:
		return p.Name, "the package of the Go files in " + dir
	case errors.As(err, &multiple):
		return "", fmt.Sprintf("cannot tell the package of %s: the Go files in %s declare %s (%s) and %s (%s); give -pkg",
			out, dir, multiple.Packages[0], multiple.Files[0], multiple.Packages[1], multiple.Files[1])
	}
	abs, err := filepath.Abs(dir)
	if err == nil && gen.CheckPackageName(filepath.Base(abs)) == nil {
		return filepath.Base(abs), "the name of the folder " + dir
	}
	return fallbackPackage, "the default package"
}

// importSiblings reads the package clauses of the Go files in the folder
// of out, leaving out out itself: it is about to be replaced, and may be
// anything until then.
func importSiblings(out string) (*build.Package, error) {
	ctx := build.Default
	ctx.ReadDir = func(dir string) ([]fs.FileInfo, error) {
		entries, err := os.ReadDir(dir)
		var infos []fs.FileInfo
		for _, e := range entries {
			if e.Name() == filepath.Base(out) {
				continue
			}
			if info, err := e.Info(); err == nil {
				infos = append(infos, info)
			}
		}
		return infos, err
	}
	return ctx.ImportDir(filepath.Dir(out), 0)
}

// packageClause returns the package name in the clause of the Go file at
// path, or "" when there is no such file or it has no clause.
func packageClause(path string) string {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.PackageClauseOnly)
	if err != nil || f.Name == nil {
		return ""
	}
	return f.Name.Name
}
