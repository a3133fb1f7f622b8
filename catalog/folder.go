package catalog

import (
	"os"
	"path/filepath"
	"strings"
)

// LoadFolder reads a catalog folder: every file directly in dir (not in
// subfolders) whose name ends in .json, .yaml or .yml, in name order; names
// starting with "." (editor and backup files) are skipped. Each file holds
// one tool object in any accepted format, or a whole catalog, and is read
// as Parse reads a file. The tools of all files form one catalog, in name
// order of the files and file order within each; every tool keeps its own
// File, and its diagnostics are located in that file.
//
// All files must use the same format (an MCP tool file and an MCP
// {"tools":[...]} file count as the same). A tool name used by an earlier
// tool is an error naming both files, and the later tool is left out. A
// folder without catalog files is an error.
func LoadFolder(dir string) (*Catalog, Diagnostics) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, Diagnostics{{Severity: Error, File: dir, Message: "cannot read the catalog folder: " + pathErrorReason(err)}}
	}
	c := &Catalog{File: dir, schemas: &indexOnce{}}
	var (
		diags      Diagnostics
		firstFile  string // the file that set c.Format
		found      bool
		firstNamed = map[string]namedAt{}
	)
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || strings.HasPrefix(name, ".") || !isCatalogFile(name) {
			continue
		}
		found = true
		path := filepath.Join(dir, name)
		data, err := os.ReadFile(path)
		if err != nil {
			diags = append(diags, Diagnostic{Severity: Error, File: path, Message: "cannot read the catalog file: " + pathErrorReason(err)})
			continue
		}
		sub, subDiags := parse(path, data, true)
		diags = append(diags, subDiags...)
		if sub == nil || sub.Format == "" {
			continue
		}
		switch f := folderFormat(sub.Format); {
		case c.Format == "":
			c.Format, firstFile = f, path
		case f != c.Format:
			diags = append(diags, sub.Diagnostic(Error, "", "",
				"this file holds %s, but %s holds %s; all files of a catalog folder must use the same format",
				formatShape(sub.Format), firstFile, formatShape(c.Format)))
			continue
		}
		for _, t := range sub.Tools {
			ptr := toolNamePointer(&t, sub.Format)
			if prev, dup := firstNamed[t.Name]; dup {
				diags = append(diags, t.Diagnostic(Error, ptr,
					"duplicate tool name %q: the first tool with this name is in %s at line %d; tool names must be unique across the folder",
					t.Name, prev.file, prev.line))
				continue
			}
			line, _ := t.Position(ptr)
			firstNamed[t.Name] = namedAt{t.File, line}
			t.owner = c.schemas // the file's catalog is dropped unindexed
			c.Tools = append(c.Tools, t)
		}
	}
	if !found {
		diags = append(diags, Diagnostic{Severity: Error, File: dir,
			Message: "the catalog folder has no catalog files; it must hold *.json, *.yaml or *.yml files, each one tool or a catalog"})
	}
	diags.Sort()
	return c, diags
}

// namedAt is where a tool name was first seen in a folder.
type namedAt struct {
	file string
	line int
}

// isCatalogFile reports whether a file in a catalog folder is read, by its
// extension.
func isCatalogFile(name string) bool {
	return strings.EqualFold(filepath.Ext(name), ".json") || isYAML(name)
}

// folderFormat is the format a file contributes to a folder catalog: a
// lone MCP tool and an MCP tools/list result hold the same tools.
func folderFormat(f Format) Format {
	if f == FormatMCPArray {
		return FormatMCP
	}
	return f
}

// toolNamePointer locates the "name" member of tool t, read in format f.
func toolNamePointer(t *Tool, f Format) string {
	if f == FormatOpenAIChat {
		return t.Pointer + "/function/name"
	}
	return t.Pointer + "/name"
}
