package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
)

// quietCases hold, for every warning class, a catalog that gets a warning
// of that class and of no other, and the command that reports it.
var quietCases = map[catalog.WarningClass]struct {
	command []string // before the catalog; nil generates
	catalog string
}{
	catalog.WarnUnknownFormat:    {nil, `{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{"a":{"type":"string","format":"no-such-format"}}}}]}`},
	catalog.WarnUnknownKeyword:   {nil, `{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{"a":{"type":"string","widget":"textarea"}}}}]}`},
	catalog.WarnForeignKeyword:   {nil, `{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{"a":{"type":"string","example":"x"}}}}]}`},
	catalog.WarnDiscriminator:    {nil, `{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{"a":{"oneOf":[{"type":"object","properties":{"k":{"const":"x"}},"required":["k"]},{"type":"object","properties":{"k":{"const":"y"}},"required":["k"]}],"discriminator":{"propertyName":"kind"}}}}}]}`},
	catalog.WarnUnappliedDefault: {nil, `{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{"a":{"type":"integer","default":"x"}}}}]}`},
	catalog.WarnUnsatisfiable:    {nil, `{"tools":[{"name":"t","inputSchema":{"type":"object","required":["b"],"additionalProperties":false}}]}`},
	catalog.WarnUnreadMember:     {nil, `{"tools":[{"name":"t","cache_control":{},"inputSchema":{"type":"object"}}]}`},
	catalog.WarnEmptyCatalog:     {nil, `{"tools":[]}`},
	catalog.WarnGoName:           {nil, `{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{"a_b":{"type":"string"},"aB":{"type":"string"}}}}]}`},
	catalog.WarnOpenAIStrict:     {[]string{"-openai-strict"}, `{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{"a":{"not":{"type":"string"}}}}}]}`},
	catalog.WarnProviderName:     {nil, `{"tools":[{"name":"t.x","inputSchema":{"type":"object"}}]}`},
	catalog.WarnPatternSpelling:  {nil, `{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{"a":{"type":"string","pattern":"^(?P<y>a)$"}}}}]}`},
	catalog.WarnSkippedTool:      {[]string{"-skip-uncompilable"}, `{"tools":[{"name":"bad","inputSchema":{"type":"object","properties":{"a":{"type":"string","pattern":"(a)\\1"}}}},{"name":"ok","inputSchema":{"type":"object"}}]}`},
	catalog.WarnProvider:         {[]string{"lint", "-provider", "openai"}, `{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{"a":{"oneOf":[{"type":"string"},{"type":"integer"}]}}}}]}`},
}

// TestQuietEveryClass runs, for every warning class, a catalog that gets a
// warning of that class: without -quiet the warning names its flag, with
// -quiet=CLASS it is gone and the run's verdict is the same, and -quiet of
// every other class leaves it.
func TestQuietEveryClass(t *testing.T) {
	var names []string
	for _, line := range catalog.WarningClasses() {
		name, _, _ := strings.Cut(line, ":")
		names = append(names, name)
	}
	for _, name := range names {
		class := catalog.WarningClass(name)
		tc, ok := quietCases[class]
		if !ok {
			t.Errorf("class %s has no case", name)
			continue
		}
		dir := t.TempDir()
		path := filepath.Join(dir, "catalog.json")
		writeFiles(t, dir, map[string]string{"catalog.json": tc.catalog})
		args := func(quiet ...string) []string {
			a := slices.Clone(tc.command)
			if len(a) > 0 && a[0] == "lint" {
				a = append(a, quiet...)
			} else {
				a = append(append([]string{"-o", filepath.Join(dir, "tools_gen.go")}, a...), quiet...)
			}
			return append(a, path)
		}
		code, stdout, stderr := runCLI(args()...)
		out := stdout + stderr
		flag := fmt.Sprintf("[-quiet=%s]", name)
		if !strings.Contains(out, flag) {
			t.Errorf("%s: no warning of the class:\n%s", name, out)
			continue
		}
		quietCode, stdout, stderr := runCLI(args("-quiet=" + name)...)
		if quiet := stdout + stderr; strings.Contains(quiet, "warning") || quietCode != code {
			t.Errorf("%s: -quiet=%s: exit %d (%d without), left:\n%s", name, name, quietCode, code, quiet)
		}
		others := slices.DeleteFunc(slices.Clone(names), func(n string) bool { return n == name })
		_, stdout, stderr = runCLI(args("-quiet", strings.Join(others, ","))...)
		if !strings.Contains(stdout+stderr, flag) {
			t.Errorf("%s: -quiet of the other classes left it out:\n%s", name, stdout+stderr)
		}
	}
}

func TestQuietUnknownClass(t *testing.T) {
	for _, cmd := range [][]string{nil, {"lint", "-provider", "mcp"}, {"docs"}, {"validate"}} {
		args := append(slices.Clone(cmd), "-quiet", "unknown-formats", "catalog.json")
		if cmd != nil && cmd[0] == "validate" {
			args = append(args, "calls.jsonl")
		}
		code, _, stderr := runCLI(args...)
		if code != exitUsage || !strings.Contains(stderr, `unknown warning class "unknown-formats"; the classes are unknown-format, `) {
			t.Errorf("%v: exit %d, %s", args, code, stderr)
		}
	}
}
