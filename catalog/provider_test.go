package catalog

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// provWant is one diagnostic LintProvider must report: its severity,
// its pointer into the file and a part of its message.
type provWant struct {
	sev  Severity
	ptr  string
	text string
}

// loadProviderFixture loads a catalog from testdata that must load and
// pass Lint without errors, so that every finding is the provider's.
func loadProviderFixture(t *testing.T, name string) *Catalog {
	t.Helper()
	c, diags := Load(filepath.Join("testdata", name))
	if diags.HasErrors() {
		t.Fatalf("Load(%s): %v", name, diags)
	}
	if lint := Lint(c, LintOptions{}); lint.HasErrors() {
		t.Fatalf("Lint(%s): %v", name, lint)
	}
	return c
}

// expectProviderDiags checks that got holds exactly the wanted diagnostics
// (in any order), each located at a real line and column.
func expectProviderDiags(t *testing.T, p Provider, got Diagnostics, want []provWant) {
	t.Helper()
	used := make([]bool, len(got))
	for _, w := range want {
		found := false
		for i, d := range got {
			if !used[i] && d.Severity == w.sev && d.Pointer == w.ptr && strings.Contains(d.Message, w.text) {
				used[i], found = true, true
				if d.Line == 0 || d.Col == 0 {
					t.Errorf("%s: no position for %v", p, d)
				}
				if !strings.HasPrefix(d.Message, string(p)+": ") {
					t.Errorf("%s: the message does not start with the provider: %q", p, d.Message)
				}
				break
			}
		}
		if !found {
			t.Errorf("%s: missing %s at %s containing %q", p, sevName(w.sev), w.ptr, w.text)
		}
	}
	for i, d := range got {
		if !used[i] {
			t.Errorf("%s: unexpected %v", p, d)
		}
	}
}

func sevName(s Severity) string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

func TestLintProviderRejections(t *testing.T) {
	c := loadProviderFixture(t, "provider-rejections.json")
	const (
		weather = "/tools/0"
		either  = "/tools/1"
		long    = "/tools/2"
		search  = "/tools/3"
		report  = "/tools/4"
		pick    = "/tools/5"
	)
	sp := search + "/inputSchema/properties"
	cases := map[Provider][]provWant{
		ProviderOpenAIStrict: {
			{Error, weather + "/name", `tool name "get.weather" has '.' at byte 3; OpenAI rejects the whole request`},
			{Error, weather + "/inputSchema", `requires "additionalProperties": false on every object; add it`},
			{Error, weather + "/inputSchema/required", `every property in "required" (missing: "unit")`},
			{Error, either + "/inputSchema", `(missing: "a", "b")`},
			{Error, either + "/inputSchema/oneOf", `OpenAI rejects "oneOf" at the top level of function parameters`},
			{Error, long + "/name", "is 68 characters long; OpenAI rejects the whole request"},
			{Error, long + "/inputSchema", `OpenAI rejects function parameters without "type": "object"`},
			{Error, long + "/inputSchema/properties/q/default", `strict mode rejects "default"`},
			{Warning, sp + "/query/minLength", `"minLength" is not in the JSON Schema subset strict mode documents`},
			{Warning, sp + "/query/format", `"format": "uri" is not among the formats strict mode supports`},
			{Error, sp + "/filters/additionalProperties", `not {"type":"string"}; free-form keys cannot be described`},
			{Error, sp + "/tags", `strict mode needs "items" on every array`},
			{Error, sp + "/page/$ref", `strict mode rejects "$ref" next to other keywords ("description")`},
			{Error, sp + "/anything", "strict mode needs a type on every schema"},
			{Warning, sp + "/sample/examples", `"examples" is not in the JSON Schema subset`},
			{Error, sp + "/cursor/$ref", `strict mode rejects "$ref" next to other keywords ("maximum")`},
			{Error, pick + "/inputSchema/properties/target/oneOf", `strict mode rejects "oneOf"; use "anyOf"`},
		},
		ProviderOpenAI: {
			{Error, weather + "/name", `has '.' at byte 3`},
			{Error, either + "/inputSchema/oneOf", `OpenAI rejects "oneOf" at the top level`},
			{Error, long + "/name", "is 68 characters long"},
			{Error, long + "/inputSchema", `without "type": "object"`},
			{Warning, pick + "/inputSchema/properties/target/oneOf", `Responses API rejects "oneOf"`},
		},
		ProviderAnthropic: {
			{Error, weather + "/name", `has '.' at byte 3; Anthropic rejects the whole request`},
			{Error, either + "/inputSchema/oneOf", "input_schema does not support oneOf, allOf, or anyOf at the top level"},
			{Warning, long + "/name", "is 68 characters long: Anthropic's documentation gives ^[a-zA-Z0-9_-]{1,64}$"},
			{Error, long + "/inputSchema", `requires "type": "object" at the root of input_schema`},
		},
		ProviderMCP: {
			{Error, long + "/inputSchema", `MCP declares inputSchema with "type": "object" at the root, and it is missing`},
			{Error, report + "/outputSchema", `MCP declares outputSchema with "type": "object" at the root, and it is missing`},
		},
		ProviderGemini: {
			{Error, weather + "/inputSchema/properties/unit/type", `takes a single "type", and the API rejects the list ["string","null"]; write "type": "string", "nullable": true`},
			{Error, either + "/name", `tool name "1st_tool" starts with '1'`},
			{Error, either + "/inputSchema/oneOf", `"oneOf" is not a field of its function parameter Schema`},
			{Error, either + "/inputSchema/additionalProperties", `"additionalProperties" is not a field`},
			{Error, long + "/name", "is 68 characters long; Gemini rejects the function declaration"},
			{Warning, sp + "/query/format", `so "uri" may be rejected`},
			{Error, sp + "/filters/additionalProperties", `"additionalProperties" is not a field`},
			{Error, sp + "/page/$ref", `"$ref" is not a field`},
			{Error, sp + "/cursor/$ref", `"$ref" is not a field`},
			{Error, sp + "/mode/const", `use "enum" with the one value`},
			{Error, sp + "/limit/exclusiveMinimum", `use "minimum"`},
			{Error, sp + "/level/enum/0", `"enum" holds strings only, and the API rejects 1`},
			{Error, sp + "/sample/examples", `use "example" with a single value`},
			{Error, search + "/inputSchema/additionalProperties", `"additionalProperties" is not a field`},
			{Error, search + "/inputSchema/$defs", "inline the definitions where they are used"},
			{Error, report + "/inputSchema/additionalProperties", `"additionalProperties" is not a field`},
			{Error, pick + "/inputSchema/properties/target/oneOf", `"oneOf" is not a field`},
			{Error, pick + "/inputSchema/additionalProperties", `"additionalProperties" is not a field`},
		},
		// The JSON Schema field takes what "parameters" refuses above; the
		// names and the root's type still count.
		ProviderGeminiJSONSchema: {
			{Error, either + "/name", `tool name "1st_tool" starts with '1'`},
			{Error, long + "/name", "is 68 characters long; Gemini rejects the function declaration"},
			{Error, long + "/inputSchema", `must describe an object whose properties are the function's parameters, and the schema has no "type"`},
			{Warning, sp + "/cursor/$ref", `beside "$ref" (the API refuses a reference "set alongside unsupported fields", and documents the rule for its JSON Schema fields), and this one has "maximum"`},
		},
	}
	for _, p := range Providers() {
		expectProviderDiags(t, p, LintProvider(c, p), cases[p])
	}
}

func TestLintProviderPositions(t *testing.T) {
	c := loadProviderFixture(t, "provider-rejections.json")
	// Computed by hand from the fixture: the key of the member the
	// diagnostic is about.
	want := map[string][2]int{
		"/tools/0/name": {4, 7},
		"/tools/3/inputSchema/properties/filters/additionalProperties": {39, 41},
		"/tools/3/inputSchema/properties/level/enum/0":                 {45, 49},
	}
	for _, d := range LintProvider(c, ProviderGemini).Merge(LintProvider(c, ProviderOpenAIStrict)) {
		if pos, ok := want[d.Pointer]; ok {
			if d.Line != pos[0] || d.Col != pos[1] {
				t.Errorf("%s at %d:%d, want %d:%d", d.Pointer, d.Line, d.Col, pos[0], pos[1])
			}
			delete(want, d.Pointer)
		}
	}
	for ptr := range want {
		t.Errorf("no diagnostic at %s", ptr)
	}
}

func TestLintProviderStrictFlag(t *testing.T) {
	c := loadProviderFixture(t, "provider-openai-chat.json")
	expectProviderDiags(t, ProviderOpenAI, LintProvider(c, ProviderOpenAI), []provWant{
		{Error, "/0/function/parameters/required", `the tool sets "strict": true, and strict mode requires every property in "required" (missing: "verbose")`},
		{Error, "/2/function/name", `tool name "bad.name" has '.' at byte 3`},
	})
	expectProviderDiags(t, ProviderOpenAIStrict, LintProvider(c, ProviderOpenAIStrict), []provWant{
		{Error, "/0/function/parameters/required", `(missing: "verbose")`},
		{Warning, "/1/function/strict", `the tool sets "strict": false`},
		{Error, "/2/function/name", `tool name "bad.name" has '.' at byte 3`},
		{Error, "/2/function/parameters", `"additionalProperties": false on every object`},
	})
}

// nested returns an input schema of depth closed objects nested through
// the property "a".
func nested(depth int) string {
	s := `{"type": "object", "properties": {}, "required": [], "additionalProperties": false}`
	for i := 1; i < depth; i++ {
		s = `{"type": "object", "properties": {"a": ` + s + `}, "required": ["a"], "additionalProperties": false}`
	}
	return s
}

// parseSchema makes a one-tool MCP catalog from an input schema.
func parseSchema(t *testing.T, schema string) *Catalog {
	t.Helper()
	c, diags := Parse("x.json", []byte(`{"tools": [{"name": "t", "inputSchema": `+schema+`}]}`))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return c
}

func TestLintProviderStrictLimits(t *testing.T) {
	if ds := LintProvider(parseSchema(t, nested(10)), ProviderOpenAIStrict); len(ds) != 0 {
		t.Errorf("10 levels: %v", ds)
	}
	deep := "/tools/0/inputSchema" + strings.Repeat("/properties/a", 10)
	expectProviderDiags(t, ProviderOpenAIStrict, LintProvider(parseSchema(t, nested(12)), ProviderOpenAIStrict), []provWant{
		{Error, deep, "objects are nested 11 levels deep here; strict mode allows 10"},
	})

	// objectWith builds a closed object whose properties are n copies of
	// prop, named p0, p1, ...
	objectWith := func(n int, prop func(i int) string) string {
		var props, req []string
		for i := range n {
			props = append(props, fmt.Sprintf(`"p%d": %s`, i, prop(i)))
			req = append(req, fmt.Sprintf(`"p%d"`, i))
		}
		return `{"type": "object", "properties": {` + strings.Join(props, ", ") + `}, "required": [` + strings.Join(req, ", ") + `], "additionalProperties": false}`
	}
	str := func(int) string { return `{"type": "string"}` }
	root := "/tools/0/inputSchema"
	if ds := LintProvider(parseSchema(t, objectWith(5000, str)), ProviderOpenAIStrict); len(ds) != 0 {
		t.Errorf("5000 properties: %v", ds)
	}
	expectProviderDiags(t, ProviderOpenAIStrict, LintProvider(parseSchema(t, objectWith(5001, str)), ProviderOpenAIStrict), []provWant{
		{Error, root, "the schema has 5001 object properties in all; strict mode allows 5000"},
	})

	enum := func(n, size int) string {
		var vals []string
		for i := range n {
			v := fmt.Sprintf("%0*d", size, i)
			vals = append(vals, `"`+v+`"`)
		}
		return `{"type": "string", "enum": [` + strings.Join(vals, ", ") + `]}`
	}
	// Four enums of 250 short values are 1000 values; one more is too many.
	four := func(int) string { return enum(250, 4) }
	if ds := LintProvider(parseSchema(t, objectWith(4, four)), ProviderOpenAIStrict); len(ds) != 0 {
		t.Errorf("1000 enum values: %v", ds)
	}
	expectProviderDiags(t, ProviderOpenAIStrict, LintProvider(parseSchema(t, objectWith(5, func(i int) string {
		if i == 4 {
			return enum(1, 4)
		}
		return enum(250, 4)
	})), ProviderOpenAIStrict), []provWant{
		{Error, root, "the schema has 1001 enum values in all; strict mode allows 1000"},
	})

	// 251 strings of 60 characters are 15060 characters; of 59, 14809.
	if ds := LintProvider(parseSchema(t, objectWith(1, func(int) string { return enum(251, 59) })), ProviderOpenAIStrict); len(ds) != 0 {
		t.Errorf("251 values of 59 characters: %v", ds)
	}
	expectProviderDiags(t, ProviderOpenAIStrict, LintProvider(parseSchema(t, objectWith(1, func(int) string { return enum(251, 60) })), ProviderOpenAIStrict), []provWant{
		{Error, root + "/properties/p0/enum", "this enum has 251 string values totalling 15060 characters; strict mode allows at most 15000"},
	})

	// 600 const strings of 200 characters, plus the names p0..p599.
	long := strings.Repeat("x", 200)
	expectProviderDiags(t, ProviderOpenAIStrict, LintProvider(parseSchema(t, objectWith(600, func(int) string { return `{"const": "` + long + `"}` })), ProviderOpenAIStrict), []provWant{
		{Error, root, "total 122290 characters; strict mode allows 120000"},
	})
}

func TestLintProviderNameLengths(t *testing.T) {
	name := func(n int) *Catalog {
		c, diags := Parse("x.json", []byte(`[{"name": "`+strings.Repeat("a", n)+`", "input_schema": {"type": "object"}}]`))
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		return c
	}
	for _, tc := range []struct {
		p    Provider
		n    int
		want []provWant
	}{
		{ProviderAnthropic, 64, nil},
		{ProviderAnthropic, 65, []provWant{{Warning, "/0/name", "is 65 characters long: Anthropic's documentation gives"}}},
		{ProviderAnthropic, 128, []provWant{{Warning, "/0/name", "is 128 characters long"}}},
		{ProviderAnthropic, 129, []provWant{{Error, "/0/name", "is 129 characters long; Anthropic rejects the whole request"}}},
		{ProviderOpenAI, 64, nil},
		{ProviderOpenAI, 65, []provWant{{Error, "/0/name", "is 65 characters long; OpenAI rejects"}}},
		{ProviderGemini, 64, nil},
		{ProviderGemini, 65, []provWant{{Error, "/0/name", "is 65 characters long; Gemini rejects"}}},
		{ProviderMCP, 128, nil},
		{ProviderMCP, 129, []provWant{{Warning, "/0/name", "is 129 characters long; MCP advises against it"}}},
	} {
		t.Run(fmt.Sprintf("%s/%d", tc.p, tc.n), func(t *testing.T) {
			expectProviderDiags(t, tc.p, LintProvider(name(tc.n), tc.p), tc.want)
		})
	}
}

func TestParseProvider(t *testing.T) {
	for _, p := range Providers() {
		got, err := ParseProvider(string(p))
		if err != nil || got != p {
			t.Errorf("ParseProvider(%q) = %q, %v", p, got, err)
		}
	}
	_, err := ParseProvider("claude")
	var upe *UnknownProviderError
	if !errors.As(err, &upe) || upe.Name != "claude" || !strings.Contains(err.Error(), "openai-strict, openai, anthropic, mcp, gemini, gemini-jsonschema") {
		t.Errorf("ParseProvider(claude) = %v", err)
	}
	c := parseSchema(t, `{"type": "object"}`)
	ds := LintProvider(c, "claude")
	if len(ds) != 1 || ds[0].Severity != Error || !strings.Contains(ds[0].Message, `unknown provider "claude"`) {
		t.Errorf("LintProvider(claude) = %v", ds)
	}
}

// sharedCatalogs are real MCP servers' catalogs kept beside the project
// (see ../shared/testdata/catalogs/SOURCES.md), read in place.
var sharedCatalogs = []string{"github-mcp-server.tools.json", "kubernetes-mcp-server.tools.json"}

// loadShared loads a shared catalog, or skips the test when it is absent.
func loadShared(t *testing.T, file string) *Catalog {
	t.Helper()
	path := filepath.Join("..", "..", "shared", "testdata", "catalogs", file)
	if _, err := os.Stat(path); err != nil {
		t.Skipf("shared catalog %s is not available (%v); it lives in ../shared/testdata/catalogs beside the project", path, err)
	}
	c, diags := Load(path)
	if diags.HasErrors() {
		t.Fatalf("Load: %v", diags)
	}
	return c
}

// TestLintProviderSharedCatalogs lints the real catalogs for every
// provider and logs what each provider would say.
func TestLintProviderSharedCatalogs(t *testing.T) {
	for _, file := range sharedCatalogs {
		t.Run(file, func(t *testing.T) {
			c := loadShared(t, file)
			for _, p := range Providers() {
				ds := LintProvider(c, p)
				errs, warns := 0, 0
				tools := map[string]bool{}
				for _, d := range ds {
					if d.Line == 0 {
						t.Errorf("%s: no position: %v", p, d)
					}
					tools[d.Tool] = true
					if d.Severity == Error {
						errs++
					} else {
						warns++
					}
				}
				t.Logf("%-13s %4d errors, %4d warnings, in %3d of %d tools", p, errs, warns, len(tools), len(c.Tools))
				switch p {
				case ProviderMCP:
					// These are real MCP servers' tools/list results.
					if errs != 0 {
						t.Errorf("mcp: %d errors on a real MCP catalog: %v", errs, ds)
					}
				case ProviderOpenAIStrict:
					// Both have optional properties, which strict mode forbids.
					if errs == 0 {
						t.Error("openai-strict: no errors, though the tools have optional properties")
					}
				}
			}
		})
	}
}

// TestStrictHintsNameTheFlag checks every openai-strict finding that says
// toolgen -openai-strict fixes it: the hint names the CLI flag (not a Go
// function), and the strict variant that flag embeds really has none of
// those findings.
func TestStrictHintsNameTheFlag(t *testing.T) {
	schemas := []string{
		`{"type": "object", "properties": {"q": {"type": "string"}}}`,
		`{"type": "object", "properties": {"q": {"type": "string", "default": "x"}}, "required": ["q"], "additionalProperties": false}`,
		`{"type": "object", "properties": {"a": {"$ref": "#/$defs/a", "description": "d"}}, "required": ["a"], "additionalProperties": false, "$defs": {"a": {"type": "string"}}}`,
		`{"type": "object", "properties": {"o": {"type": "object", "properties": {"n": {"type": "integer"}}}}, "required": []}`,
		`{"type": "object", "properties": {"l": {"type": "array", "items": {"type": "object", "properties": {"x": {"type": "number", "default": 1}}}}}}`,
	}
	hinted := 0
	for _, schema := range schemas {
		for _, d := range LintProvider(parseSchema(t, schema), ProviderOpenAIStrict) {
			if strings.Contains(d.Message, "StrictVariant") || strings.Contains(d.Message, "catalog.") {
				t.Errorf("%s: a hint names Go API: %s", schema, d.Message)
			}
			if !strings.Contains(d.Message, "toolgen -openai-strict") {
				continue
			}
			hinted++
			variant, err := StrictVariant([]byte(schema))
			if err != nil {
				t.Errorf("%s: the hint says -openai-strict fixes %s, but there is no strict variant: %v", schema, d.Pointer, err)
				continue
			}
			for _, vd := range LintProvider(parseSchema(t, string(variant)), ProviderOpenAIStrict) {
				t.Errorf("%s: the strict variant %s still has: %s", schema, variant, vd.Message)
			}
		}
	}
	if hinted < len(schemas) {
		t.Errorf("only %d findings hint at the flag, want at least %d", hinted, len(schemas))
	}
}

// TestNameWarnings checks NameWarnings against LintProvider on generated
// names: a name gets the warning exactly when Lint accepts it and some
// provider's lint refuses it, and the warning names each such API once.
func TestNameWarnings(t *testing.T) {
	names := generatedNames()
	apiOf := map[Provider]string{ProviderOpenAI: "OpenAI", ProviderAnthropic: "Anthropic", ProviderGemini: "Gemini"}
	for _, name := range names {
		data := fmt.Sprintf(`{"tools": [{"name": %q, "inputSchema": {"type": "object"}}]}`, name)
		c, diags := Parse("c.json", []byte(data))
		if diags.HasErrors() {
			t.Fatalf("%q: %v", name, diags)
		}
		lintOK := !Lint(c, LintOptions{}).HasErrors()
		var refusing []string
		for _, p := range []Provider{ProviderOpenAI, ProviderAnthropic, ProviderGemini} {
			for _, d := range LintProvider(c, p) {
				if d.Severity == Error && d.Pointer == "/tools/0/name" {
					refusing = append(refusing, apiOf[p])
					break
				}
			}
		}
		got := NameWarnings(c)
		if !lintOK || len(refusing) == 0 {
			if len(got) != 0 {
				t.Errorf("%q (lint ok %v, refused by %v): unexpected %v", name, lintOK, refusing, got)
			}
			continue
		}
		if len(got) != 1 || got[0].Severity != Warning || got[0].Pointer != "/tools/0/name" || got[0].Line != 1 ||
			!strings.Contains(got[0].Message, "is refused by "+andList(refusing)+"; toolgen lint -provider ") {
			t.Errorf("%q refused by %v: got %v", name, refusing, got)
		}
	}
}

// generatedNames are tool names for property tests: known cases and
// thousands made of letters, digits, the punctuation some provider
// allows, a non-ASCII letter and a space, of lengths around each limit.
func generatedNames() []string {
	const alphabet = "aZ09_-.:é "
	names := []string{"tickets.search", "get_user", "a:b", "_x", "9lives", "elicit (form)", "",
		strings.Repeat("n", 64), strings.Repeat("n", 65), strings.Repeat("n", 128), strings.Repeat("n", 129)}
	for i := 0; i < 3000; i++ {
		n := 1 + i%9
		switch {
		case i%50 == 0:
			n = 60 + i%10
		case i%50 == 1:
			n = 124 + i%10
		}
		name := make([]rune, 0, n)
		for j := 0; j < n; j++ {
			name = append(name, []rune(alphabet)[(i*7+j*j*13+j*i)%len([]rune(alphabet))])
		}
		names = append(names, string(name))
	}
	return names
}

// TestMCPNameLintAgreesWithGeneration: MCP's tool name rule is a SHOULD,
// so toolgen lint -provider mcp warns exactly where generation (Lint)
// warns of the name, and is never an error for it.
func TestMCPNameLintAgreesWithGeneration(t *testing.T) {
	for _, name := range generatedNames() {
		data := fmt.Sprintf(`{"tools": [{"name": %q, "inputSchema": {"type": "object"}}]}`, name)
		c, diags := Parse("c.json", []byte(data))
		if diags.HasErrors() {
			t.Fatalf("%q: %v", name, diags)
		}
		atName := func(ds Diagnostics) (errs, warns int) {
			for _, d := range ds {
				switch {
				case d.Pointer != "/tools/0/name":
				case d.Severity == Error:
					errs++
				default:
					warns++
				}
			}
			return errs, warns
		}
		lintErrs, lintWarns := atName(Lint(c, LintOptions{}))
		mcpErrs, mcpWarns := atName(LintProvider(c, ProviderMCP))
		if mcpErrs != 0 || mcpWarns != lintWarns+lintErrs {
			t.Errorf("%q: lint -provider mcp has %d errors and %d warnings at the name; generation %d errors and %d warnings", name, mcpErrs, mcpWarns, lintErrs, lintWarns)
		}
	}
}

// TestGeminiJSONSchemaRoot: parametersJsonSchema must describe an object.
func TestGeminiJSONSchemaRoot(t *testing.T) {
	const root = "/tools/0/inputSchema"
	for _, tc := range []struct {
		schema string
		want   []provWant
	}{
		{`{"type": "object"}`, nil},
		{`{"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": false}`, nil},
		{`{"properties": {"a": {"type": "string"}}}`, []provWant{{Error, root, `the schema has no "type"; add "type": "object"`}}},
		{`{"type": "string"}`, []provWant{{Error, root + "/type", `not "string"; use "type": "object"`}}},
		{`{"type": ["object", "null"]}`, []provWant{{Error, root + "/type", `not ["object","null"]; use "type": "object"`}}},
	} {
		t.Run(tc.schema, func(t *testing.T) {
			expectProviderDiags(t, ProviderGeminiJSONSchema, LintProvider(parseSchema(t, tc.schema), ProviderGeminiJSONSchema), tc.want)
		})
	}
}

// TestGeminiRefSiblings puts a "$ref" with each kind of sibling in each
// position a subschema can take: Gemini keeps description, default and
// $-keywords beside a reference, and anything else is a warning at the
// reference.
func TestGeminiRefSiblings(t *testing.T) {
	siblings := []struct {
		member string
		warns  bool
	}{
		{`"description": "d"`, false},
		{`"default": 1`, false},
		{`"$comment": "c"`, false},
		{`"title": "t"`, true},
		{`"maximum": 9`, true},
		{`"type": "integer"`, true},
		{`"anyOf": [{"type": "integer"}]`, true},
	}
	// Each schema defines n, the target of the reference REF.
	positions := []struct {
		name, schema, ptr string
	}{
		{"property", `{"type": "object", "properties": {"p": REF}, "$defs": {"n": {"type": "integer"}}}`, "/properties/p/$ref"},
		{"items", `{"type": "object", "properties": {"p": {"type": "array", "items": REF}}, "$defs": {"n": {"type": "integer"}}}`, "/properties/p/items/$ref"},
		{"anyOf branch", `{"type": "object", "properties": {"p": {"anyOf": [{"type": "null"}, REF]}}, "$defs": {"n": {"type": "integer"}}}`, "/properties/p/anyOf/1/$ref"},
		{"definition", `{"type": "object", "properties": {"p": {"$ref": "#/$defs/d"}}, "$defs": {"n": {"type": "integer"}, "d": {"type": "object", "properties": {"q": REF}}}}`, "/$defs/d/properties/q/$ref"},
	}
	for _, pos := range positions {
		for _, sib := range siblings {
			t.Run(pos.name+"/"+sib.member, func(t *testing.T) {
				schema := strings.Replace(pos.schema, "REF", `{"$ref": "#/$defs/n", `+sib.member+`}`, 1)
				c := parseSchema(t, schema)
				if lint := Lint(c, LintOptions{}); lint.HasErrors() {
					t.Fatalf("%s: %v", schema, lint)
				}
				var want []provWant
				if sib.warns {
					want = []provWant{{Warning, "/tools/0/inputSchema" + pos.ptr, "beside \"$ref\""}}
				}
				expectProviderDiags(t, ProviderGeminiJSONSchema, LintProvider(c, ProviderGeminiJSONSchema), want)
			})
		}
	}
}
