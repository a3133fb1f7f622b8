package scale

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
)

// A catalog at scale is not one server's tools repeated: it is many
// servers', a good part of them alike (the same arguments under other
// names and words) and the rest each its own. The corpus BenchmarkGenerateScale
// generates is built that way, deterministically, from the project's own
// catalogs and the shared ones (read in place, never copied): every source
// tool once as it is, then copies under new names, each copy one of three
// variants in turn:
//
//   - renamed: the same tool under another name, arguments and words
//     unchanged (a server that wraps another's tools);
//   - reworded: every description in the tool and its input schema has the
//     copy's number added, so the arguments have the same shape and other
//     words (the same operation offered by two servers);
//   - reshaped: reworded, and the input schema has one more optional
//     member, a string named trace_K, so the arguments differ from every
//     other tool's.
//
// A third of the copies thus have arguments of their own; with the sources
// once each, 45% of the corpus's tools have argument shapes no other tool
// has.

// Where the source catalogs are, relative to the bench module's scale
// directory (bench/scale in the repository, which sits beside shared).
const (
	sharedCatalogsDir = "../../../shared/testdata/catalogs"
	repoRoot          = "../.."
)

// projectCatalogs are the project's own catalogs the corpus takes tools
// from, relative to the repository root.
var projectCatalogs = []string{
	"bench/testdata/bench.tools.json",
	"bench/testdata/github5.tools.json",
	"examples/anthropic/catalog.json",
	"examples/mcpclient/memory/catalog.json",
	"examples/mcpserver/catalog.json",
	"examples/payments/catalog.json",
}

// sourceTool is a tool of a source catalog, as a JSON object.
type sourceTool struct {
	name   string
	tag    string // the catalog's tag, which keeps copies of like-named tools apart
	object map[string]json.RawMessage
}

// errNoSharedCatalogs is returned by loadSources when the shared catalogs
// are not beside the repository.
var errNoSharedCatalogs = errors.New("the corpus is built from the shared catalogs, which are not there: it needs the shared test data beside the repository")

// loadSources reads the tools of the source catalogs: the shared catalogs
// in dir (every *.tools.json, in name order), then the project's, from the
// repository at root.
func loadSources(dir, root string) ([]sourceTool, error) {
	shared, err := filepath.Glob(filepath.Join(dir, "*.tools.json"))
	if err != nil {
		return nil, err
	}
	if len(shared) == 0 {
		return nil, fmt.Errorf("%s: %w", dir, errNoSharedCatalogs)
	}
	slices.Sort(shared)
	files := shared
	for _, p := range projectCatalogs {
		files = append(files, filepath.Join(root, filepath.FromSlash(p)))
	}
	var tools []sourceTool
	for i, path := range files {
		data, err := os.ReadFile(path)
		if errors.Is(err, fs.ErrNotExist) && i >= len(shared) {
			continue // a project catalog moved: the corpus is a little smaller
		}
		if err != nil {
			return nil, err
		}
		var c struct {
			Tools []map[string]json.RawMessage `json:"tools"`
		}
		if err := json.Unmarshal(data, &c); err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		for _, obj := range c.Tools {
			t := sourceTool{tag: "c" + strconv.Itoa(i), object: obj}
			if err := json.Unmarshal(obj["name"], &t.name); err != nil {
				return nil, fmt.Errorf("%s: a tool without a string name: %v", path, err)
			}
			tools = append(tools, t)
		}
	}
	return tools, nil
}

// corpus returns an MCP tools/list catalog of at least min tools: every
// source tool as it is but for its name, then as many rounds of copies as
// it takes, copy round k (from 2) of tool x of the catalog tagged cN named
// x_cN_KK and varied as k%3 says (see the top of this file). It also
// returns the number of tools.
func corpus(tools []sourceTool, min int) ([]byte, int, error) {
	rounds := max(1, (min+len(tools)-1)/len(tools))
	out := make([]map[string]json.RawMessage, 0, rounds*len(tools))
	for k := 1; k <= rounds; k++ {
		for _, t := range tools {
			v, err := variant(t, k)
			if err != nil {
				return nil, 0, fmt.Errorf("tool %q: %v", t.name, err)
			}
			out = append(out, v)
		}
	}
	data, err := json.Marshal(map[string]any{"tools": out})
	return data, len(out), err
}

// The variants of a copy, by its round k: k%3.
const (
	renamed  = 0
	reworded = 1
	reshaped = 2
)

// variant returns copy k of t.
func variant(t sourceTool, k int) (map[string]json.RawMessage, error) {
	v := make(map[string]json.RawMessage, len(t.object))
	for key, val := range t.object {
		v[key] = val
	}
	v["name"] = strconv.AppendQuote(nil, fmt.Sprintf("%s_%s_%02d", t.name, t.tag, k))
	if k == 1 || k%3 == renamed {
		return v, nil
	}
	suffix := fmt.Sprintf(" (copy %d)", k)
	for _, key := range []string{"description", "inputSchema"} {
		raw, ok := v[key]
		if !ok {
			continue
		}
		val, err := decode(raw)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", key, err)
		}
		if key == "description" {
			if s, ok := val.(string); ok {
				val = s + suffix
			}
		} else {
			reword(val, suffix)
			if k%3 == reshaped {
				reshape(val, k)
			}
		}
		if v[key], err = json.Marshal(val); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// decode decodes JSON keeping numbers as they are written.
func decode(raw json.RawMessage) (any, error) {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	err := d.Decode(&v)
	return v, err
}

// reword adds suffix to every description in the schema s, leaving the
// values a schema holds (enum, const, default, examples) alone.
func reword(s any, suffix string) {
	switch s := s.(type) {
	case map[string]any:
		for key, val := range s {
			switch key {
			case "enum", "const", "default", "examples":
				continue
			case "description":
				if d, ok := val.(string); ok {
					s[key] = d + suffix
					continue
				}
			}
			reword(val, suffix)
		}
	case []any:
		for _, val := range s {
			reword(val, suffix)
		}
	}
}

// reshape adds an optional string member trace_K to the object schema s.
func reshape(s any, k int) {
	root, ok := s.(map[string]any)
	if !ok {
		return
	}
	props, ok := root["properties"].(map[string]any)
	if !ok {
		props = map[string]any{}
		root["properties"] = props
	}
	props[fmt.Sprintf("trace_%d", k)] = map[string]any{"type": "string", "description": "A tag to trace the call by."}
}

// Build reads the source catalogs (the shared ones in dir, the project's
// in the repository at root) and returns the corpus of at least min tools,
// as an MCP tools/list catalog, and its number of tools.
func Build(dir, root string, min int) ([]byte, int, error) {
	tools, err := loadSources(dir, root)
	if err != nil {
		return nil, 0, err
	}
	return corpus(tools, min)
}
