package catalog

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// TestYAMLMatchesJSON loads the same catalog written in JSON and in YAML:
// the tools must be the same, with the schema bytes the compact JSON.
func TestYAMLMatchesJSON(t *testing.T) {
	fromJSON, fromYAML := load(t, "mcp.json"), load(t, "mcp.yaml")
	if fromYAML.Format != FormatMCP {
		t.Errorf("format = %q", fromYAML.Format)
	}
	if len(fromYAML.Tools) != len(fromJSON.Tools) {
		t.Fatalf("%d tools, want %d", len(fromYAML.Tools), len(fromJSON.Tools))
	}
	for i := range fromJSON.Tools {
		j, y := fromJSON.Tools[i], fromYAML.Tools[i]
		if y.File != "testdata/mcp.yaml" {
			t.Errorf("tool %d: File = %q", i, y.File)
		}
		if j.Name != y.Name || j.Title != y.Title || j.Description != y.Description ||
			!reflect.DeepEqual(j.Annotations, y.Annotations) || j.Settings != y.Settings ||
			j.Pointer != y.Pointer || j.SchemaPointer != y.SchemaPointer || j.OutputSchemaPointer != y.OutputSchemaPointer {
			t.Errorf("tool %d differs:\n json %+v\n yaml %+v", i, j, y)
		}
		if !reflect.DeepEqual(j.Icons, y.Icons) || j.Execution != y.Execution {
			t.Errorf("tool %d: icons %+v and execution %+v, want %+v and %+v", i, y.Icons, y.Execution, j.Icons, j.Execution)
		}
		for _, s := range [][2][]byte{{j.InputSchema, y.InputSchema}, {j.OutputSchema, y.OutputSchema}, {j.Meta, y.Meta}} {
			var compact bytes.Buffer
			if s[0] != nil {
				if err := json.Compact(&compact, s[0]); err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(compact.Bytes(), s[1]) && !(s[0] == nil && s[1] == nil) {
				t.Errorf("tool %d: schema %s, want %s", i, s[1], compact.Bytes())
			}
		}
	}
	// Every member is read, as in the JSON.
	if ds := Lint(fromYAML, LintOptions{Strict: true}); len(ds) != 0 {
		t.Errorf("Lint: %v", ds)
	}
}

func TestYAMLPositions(t *testing.T) {
	c := load(t, "mcp.yaml")
	tests := []struct {
		ptr       string
		line, col int
	}{
		{"", 2, 1},
		{"/tools", 2, 1},
		{"/tools/0", 3, 5},
		{"/tools/0/inputSchema/properties/qty/minimum", 12, 11},
		{"/tools/0/inputSchema/required/0", 13, 18},
		{"/tools/0/icons/0/src", 25, 9},
		{"/tools/1/inputSchema", 31, 5},
		{"/tools/1/inputSchema/properties", 31, 37},
		{"/tools/1/annotations/readOnlyHint", 32, 39},
		{"/tools/1/nope", 28, 5},
	}
	for _, tt := range tests {
		if line, col := c.Position(tt.ptr); line != tt.line || col != tt.col {
			t.Errorf("Position(%q) = %d:%d, want %d:%d", tt.ptr, line, col, tt.line, tt.col)
		}
	}
	// The tool knows the same positions.
	if line, col := c.Tools[1].Position("/tools/1/inputSchema"); line != 31 || col != 5 {
		t.Errorf("Tool.Position = %d:%d", line, col)
	}
}

// TestYAMLLintPositions checks that later stages locate their findings in
// the YAML text, columns in bytes.
func TestYAMLLintPositions(t *testing.T) {
	src := `- name: search
  description: "Søk i arkivet"
  input_schema:
    type: object
    properties:
      "æøå": {type: string, maxLenght: 3}
`
	c, diags := Parse("tools.yml", []byte(src))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if c.Format != FormatAnthropic {
		t.Errorf("format = %q", c.Format)
	}
	checkDiags(t, Lint(c, LintOptions{}), []want{
		// "æøå" is 6 bytes but 3 characters: `maxLenght` is at byte 32.
		{6, 32, Error, "/0/input_schema/properties/æøå/maxLenght", `did you mean "maxLength"`},
	})
}

func TestYAMLValues(t *testing.T) {
	src := `tools:
- name: t
  inputSchema:
    type: object
    properties:
      a: {enum: [1, -2.5e3, 0, true, True, null, ~, "x", 2024-01-31, 'quoted: yes', yes, 1.0]}
      b:
        default:
        description: >-
          folded
          text
      "2024-02-01": {const: "\u00e9"}
`
	c, diags := Parse("t.yaml", []byte(src))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	want := `{"type":"object","properties":{"a":{"enum":[1,-2.5e3,0,true,true,null,null,"x","2024-01-31","quoted: yes","yes",1.0]},` +
		`"b":{"default":null,"description":"folded text"},"2024-02-01":{"const":"é"}}}`
	if got := string(c.Tools[0].InputSchema); got != want {
		t.Errorf("schema\n got %s\nwant %s", got, want)
	}
}

func TestYAMLErrors(t *testing.T) {
	tests := []struct {
		name, src string
		wants     []want
	}{
		{"anchor and alias", "tools:\n- &t {name: a, inputSchema: {type: object}}\n- *t\n",
			[]want{
				{2, 3, Error, "/tools/0", "the anchor &t has no JSON meaning"},
				{3, 3, Error, "/tools/1", "the alias *t has no JSON meaning"},
			}},
		{"merge key", "base: &b {type: object}\ntools:\n- name: a\n  inputSchema:\n    <<: *b\n",
			[]want{
				{1, 7, Error, "/base", "the anchor &b"},
				{5, 5, Error, "/tools/0/inputSchema", "the merge key << has no JSON meaning"},
			}},
		{"tags", "tools: !!seq\n- name: !!str a\n  inputSchema: !custom {type: object}\n",
			[]want{
				{1, 8, Error, "/tools", "the tag !!seq has no JSON meaning"},
				{2, 9, Error, "/tools/0/name", "the tag !!str has no JSON meaning"},
				{3, 16, Error, "/tools/0/inputSchema", "the tag !custom has no JSON meaning"},
			}},
		{"non-string keys", "tools:\n- name: a\n  inputSchema:\n    properties: {200: {}, true: {}, ~: {}, [x]: {}, 1.5: {}}\n",
			[]want{
				{4, 18, Error, "/tools/0/inputSchema/properties", `the key 200 is read by YAML as an integer, not a string; JSON object keys are strings, so quote it: "200"`},
				{4, 27, Error, "/tools/0/inputSchema/properties", "the key true is read by YAML as a boolean"},
				{4, 37, Error, "/tools/0/inputSchema/properties", "the key ~ is read by YAML as null"},
				{4, 44, Error, "/tools/0/inputSchema/properties", "a complex key"},
				{4, 53, Error, "/tools/0/inputSchema/properties", "the key 1.5 is read by YAML as a number"},
			}},
		{"duplicate keys", "tools:\n- name: a\n  name: b\n  inputSchema: {type: object, type: string}\n",
			[]want{
				{3, 3, Error, "/tools/0/name", `duplicate key "name": the first "name" is at line 2, column 3`},
				{4, 31, Error, "/tools/0/inputSchema/type", `duplicate key "type": the first "type" is at line 4, column 17`},
			}},
		{"numbers", "tools:\n- name: a\n  inputSchema: {maximum: 0x1F, minimum: .5, multipleOf: 1_000, x: +1, y: 010, z: .inf, w: .NaN}\n",
			[]want{
				{3, 26, Error, "/tools/0/inputSchema/maximum", "the number 0x1F is not written as JSON writes numbers"},
				{3, 41, Error, "/tools/0/inputSchema/minimum", "the number .5 is not written"},
				{3, 57, Error, "/tools/0/inputSchema/multipleOf", "the number 1_000 is not written"},
				{3, 67, Error, "/tools/0/inputSchema/x", "the number +1 is not written"},
				{3, 74, Error, "/tools/0/inputSchema/y", "the number 010 is not written"},
				{3, 82, Error, "/tools/0/inputSchema/z", "the number .inf has no JSON meaning"},
				{3, 91, Error, "/tools/0/inputSchema/w", "the number .NaN has no JSON meaning"},
			}},
		{"two documents", "tools: []\n---\ntools: []\n",
			[]want{{2, 1, Error, "", "more than one YAML document"}}},
		// yaml.v3 gives lines only, and for a parser error the line where
		// the collection starts.
		{"parser error", "tools:\n  - name: a\n  bad: [\n",
			[]want{{2, 0, Error, "", "invalid YAML: did not find expected '-' indicator (in the collection that starts on this line)"}}},
		{"flow parser error", "tools:\n- name: a\n  inputSchema: {type: object\n",
			[]want{{3, 0, Error, "", "invalid YAML: did not find expected ',' or '}'"}}},
		{"scanner error", "tools:\n- name: `a`\n",
			[]want{{2, 0, Error, "", "invalid YAML: found character that cannot start any token"}}},
		{"tab under a sequence item", "tools:\n- name: a\n\tx: 1\n",
			[]want{{3, 1, Error, "", "invalid YAML: a tab cannot indent YAML; indent with spaces"}}},
		{"tab after spaces", "tools:\n  - name: a\n    inputSchema:\n      type: object\n      properties:\n        x:\n  \t  type: string\n",
			[]want{{7, 3, Error, "", "invalid YAML: a tab cannot indent YAML; indent with spaces"}}},
		{"tab in a block scalar's indentation", "tools:\n- name: a\n  description: |\n    one\n\ttwo\n",
			[]want{{5, 1, Error, "", "invalid YAML: a tab cannot indent YAML; indent with spaces"}}},
		{"tab after a sequence indicator", "tools:\n-\tname: a\n",
			[]want{{2, 2, Error, "", "invalid YAML: a tab cannot indent YAML; indent with spaces"}}},
		{"error on the first line", "a: b: c\n",
			[]want{{1, 0, Error, "", "invalid YAML: mapping values are not allowed in this context"}}},
		{"empty", "# nothing\n",
			[]want{{1, 1, Error, "", "the file is empty"}}},
		{"not UTF-8", "tools:\n- name: \"caf\xe9\"\n",
			[]want{{2, 13, Error, "", "not valid UTF-8"}}},
		{"lone surrogate", "tools:\n- name: \"\\ud800\"\n",
			[]want{{2, 0, Error, "", "invalid YAML: found invalid Unicode character escape code"}}},
		{"shape errors at YAML positions", "tools:\n  - name: a\n    inputSchema: [1]\n",
			[]want{{3, 5, Error, "/tools/0/inputSchema", `"inputSchema" must be a JSON Schema object, found an array`}}},
		{"a single tool is not a catalog", "name: a\ninputSchema: {}\n",
			[]want{{1, 1, Error, "", "this object looks like a single tool"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, diags := Parse("c.yaml", []byte(tt.src))
			checkDiags(t, diags, tt.wants)
			for _, d := range diags {
				if d.File != "c.yaml" {
					t.Errorf("File = %q", d.File)
				}
			}
		})
	}
}

func TestIsJSONNumber(t *testing.T) {
	for _, s := range []string{"0", "-0", "1", "-12", "1.5", "0.0", "1e3", "1E+3", "-1.25e-10", "123456789012345678901234567890"} {
		if !isJSONNumber(s) {
			t.Errorf("isJSONNumber(%q) = false", s)
		}
	}
	for _, s := range []string{"", "-", "+1", "01", "1.", ".5", "1e", "1e+", "0x1", "1_0", "--1", "1.5.5", " 1", "Infinity"} {
		if isJSONNumber(s) {
			t.Errorf("isJSONNumber(%q) = true", s)
		}
	}
}

func TestIsYAML(t *testing.T) {
	for name, want := range map[string]bool{"a.yaml": true, "a.YML": true, "dir/a.yml": true, "a.json": false, "yaml": false, "a.yaml.json": false} {
		if isYAML(name) != want {
			t.Errorf("isYAML(%q) = %v", name, !want)
		}
	}
}

// TestYAMLTabIndentation puts a tab in place of each indentation space of
// a valid catalog, one at a time: YAML allows no tab there, and the file
// must be refused with the one tab error at exactly the tab's line and
// column, never at another place or in the parser's own words.
func TestYAMLTabIndentation(t *testing.T) {
	const src = "tools:\n" +
		"  - name: search\n" +
		"    description: |\n" +
		"      Finds tickets.\n" +
		"      Returns ids.\n" +
		"    inputSchema:\n" +
		"      type: object\n" +
		"      properties:\n" +
		"        q:\n" +
		"          type: string\n" +
		"        tags:\n" +
		"          type: array\n" +
		"          items:\n" +
		"            - type: string\n" +
		"      required:\n" +
		"      - q\n"
	lines := strings.SplitAfter(src, "\n")
	for li, line := range lines {
		for col := 0; col < len(line) && line[col] == ' '; col++ {
			mutated := append(append([]string(nil), lines[:li]...), line[:col]+"\t"+line[col+1:])
			mutated = append(mutated, lines[li+1:]...)
			_, diags := Parse("c.yaml", []byte(strings.Join(mutated, "")))
			want := Diagnostic{Severity: Error, File: "c.yaml", Line: li + 1, Col: col + 1, Message: "invalid YAML: a tab cannot indent YAML; indent with spaces"}
			if len(diags) != 1 || diags[0] != want {
				t.Errorf("tab at %d:%d: got %v, want %v", li+1, col+1, diags, want)
			}
		}
	}
}
