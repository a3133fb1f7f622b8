package catalog

import (
	"reflect"
	"strings"
	"testing"
)

// The positions below were computed from the fixtures independently of
// the package (byte offset of the key or value, 1-based, columns in bytes).

func TestLintNames(t *testing.T) {
	c := load(t, "lint-names.json")
	checkDiags(t, Lint(c, LintOptions{}), []want{
		{4, 6, Warning, "/tools/1/name", `tool name "bad name" has ' ' at byte 3; the MCP specification advises 1 to 128 characters from A-Z, a-z, 0-9, '_', '.' and '-'`},
		{5, 6, Error, "/tools/2/name", `duplicate tool name "search": the first tool with this name is at line 3 (/tools/0)`},
		{6, 6, Error, "/tools/3/name", "the tool name is empty"},
		{8, 6, Error, "/tools/5/name", `duplicate tool name "search": the first tool with this name is at line 3 (/tools/0)`},
	})
}

func TestLintLongName(t *testing.T) {
	long := make([]byte, 129)
	for i := range long {
		long[i] = 'a'
	}
	c, diags := Parse("x.json", []byte(`[{"name": "`+string(long)+`", "input_schema": {}}]`))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	checkDiags(t, Lint(c, LintOptions{}), []want{{1, 3, Warning, "/0/name", "is 129 characters long"}})

	c, _ = Parse("x.json", []byte(`[{"type": "function", "function": {"name": "a b", "parameters": {}}}]`))
	checkDiags(t, Lint(c, LintOptions{}), []want{{1, 36, Warning, "/0/function/name", `tool name "a b" has ' '`}})
}

func TestLintMetaSchema(t *testing.T) {
	c := load(t, "lint-meta.json")
	checkDiags(t, Lint(c, LintOptions{}), []want{
		{9, 39, Error, "/tools/0/inputSchema/properties/query/minLength", `invalid "minLength" (draft 2020-12 meta-schema): minimum: got -1, want 0`},
		{10, 20, Error, "/tools/0/inputSchema/properties/kind/type", `invalid "type" (draft 2020-12 meta-schema): value must be one of 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string'; or got string, want array`},
		{11, 37, Error, "/tools/0/inputSchema/properties/tags/items", `"items" is an array, the draft-07 form of a tuple`},
		{13, 9, Error, "/tools/0/inputSchema/required", `invalid "required" (draft 2020-12 meta-schema): got string, want array`},
		{21, 30, Error, "/tools/1/inputSchema/properties/q/minLength", `invalid "minLength" (draft-07 meta-schema): minimum: got -1, want 0`},
		{33, 23, Error, "/tools/3/inputSchema/type", `the input schema has "type": "string", but tool arguments are always a JSON object; use "type": "object"`},
		{37, 80, Error, "/tools/4/inputSchema/properties/p/pattern", `'^\\d{2,1}' is not valid regex`},
		{41, 23, Error, "/tools/5/inputSchema/$schema", `"$schema" is "http://json-schema.org/draft-04/schema#", but toolgen compiles JSON Schema drafts 2020-12, 2019-09 and 7 only`},
		{49, 9, Warning, "/tools/6/inputSchema/$defs", `"$defs" is not a keyword of JSON Schema draft-07`},
	})
}

func TestLintOutputSchema(t *testing.T) {
	c, diags := Parse("x.json", []byte(`{"tools": [{"name": "a", "inputSchema": {"type": "object"},
  "outputSchema": {"type": "array", "maxItems": -2, "items": {"default": 1, "type": "string"}}}]}`))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	// Output defaults are never applied, so they are not checked.
	checkDiags(t, Lint(c, LintOptions{}), []want{
		{2, 20, Error, "/tools/0/outputSchema/type", `the output schema has "type": "array", but tool results are always a JSON object`},
		{2, 37, Error, "/tools/0/outputSchema/maxItems", `invalid "maxItems" (draft 2020-12 meta-schema): minimum: got -2, want 0`},
	})
	if c.Tools[0].RejectedDefaults != nil {
		t.Errorf("RejectedDefaults = %v", c.Tools[0].RejectedDefaults)
	}
}

func TestLintWords(t *testing.T) {
	c := load(t, "lint-words.json")
	base := "/tools/0/inputSchema"
	typos := []want{
		{9, 39, Error, base + "/properties/title/maxLenght", `unknown keyword "maxLenght"; did you mean "maxLength"?`},
		{10, 43, Error, base + "/properties/maxLenght/Pattern", `unknown keyword "Pattern"; did you mean "pattern"?`},
	}
	nestedTypo := want{15, 90, Error, base + "/properties/nested/items/anyOf/1/$defs/typ/typ", `unknown keyword "typ"; did you mean "type"?`}
	vendorTypo := want{18, 9, Error, base + "/x-toolgn", `unknown keyword "x-toolgn"; did you mean "x-toolgen"?`}

	// Property names, $defs names and the data in enum, examples and
	// default are not keywords; x-toolgen and x-vendor are silent.
	checkDiags(t, Lint(c, LintOptions{}), append(typos,
		want{11, 39, Warning, base + "/properties/page/optional", `unknown keyword "optional" is ignored as an annotation`},
		want{15, 52, Warning, base + "/properties/nested/items/anyOf/0/nullable", `"nullable" is a keyword of OpenAPI 3.0, not of JSON Schema 2020-12, and is ignored here as an annotation; null is not allowed here; to allow it, write "type": ["string", "null"]`},
		nestedTypo, vendorTypo,
	))

	// Strict: every unknown word is an error, x-* too, x-toolgen excepted.
	strict := `strict mode allows only JSON Schema 2020-12 keywords and "x-toolgen"; remove it`
	checkDiags(t, Lint(c, LintOptions{Strict: true}), append(typos,
		want{11, 39, Error, base + "/properties/page/optional", `unknown keyword "optional": ` + strict},
		want{11, 57, Error, base + "/properties/page/x-vendor", `unknown keyword "x-vendor": ` + strict},
		want{15, 52, Error, base + "/properties/nested/items/anyOf/0/nullable", `write "type": ["string", "null"]; strict mode allows only JSON Schema 2020-12 keywords and "x-toolgen"`},
		nestedTypo, vendorTypo,
	))
}

func TestLintDefaults(t *testing.T) {
	c := load(t, "lint-defaults.json")
	base := "/tools/0/inputSchema/properties"
	checkDiags(t, Lint(c, LintOptions{}), []want{
		{9, 56, Warning, base + "/limit/default", `"default" 500 does not validate against its schema (maximum: got 500, want 100); it will not be applied`},
		{11, 56, Warning, base + "/when/default", `"default" "yesterday" does not validate against its schema ("yesterday" is not a valid date: it must be an RFC 3339 date such as 2024-05-01)`},
		{15, 56, Warning, base + "/opts/properties/deep/default", `"default" "yes" does not validate against its schema (got string, want boolean)`},
		{16, 13, Warning, base + "/opts/default", `"default" {"deep":1} does not validate against its schema (at /deep: got number, want boolean)`},
	})
	want := map[string]bool{
		"/properties/limit":                true,
		"/properties/when":                 true,
		"/properties/opts/properties/deep": true,
		"/properties/opts":                 true,
	}
	if got := c.Tools[0].RejectedDefaults; !reflect.DeepEqual(got, want) {
		t.Errorf("RejectedDefaults = %v, want %v", got, want)
	}

	// Lint starts afresh: a fixed default is no longer rejected.
	fixed, diags := Parse("fixed.json", []byte(`{"tools":[{"name":"defaults","inputSchema":{"type": "object", "properties": {"limit": {"type": "integer", "default": 5}}}}]}`))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	fixed.Tools[0].RejectedDefaults = c.Tools[0].RejectedDefaults
	if diags := Lint(fixed, LintOptions{}); len(diags) != 0 || fixed.Tools[0].RejectedDefaults != nil {
		t.Errorf("after the fix: %v, %v", diags, fixed.Tools[0].RejectedDefaults)
	}
}

func TestLintRefs(t *testing.T) {
	c := load(t, "lint-refs.json")
	base := "/tools/0/inputSchema/properties"
	checkDiags(t, Lint(c, LintOptions{}), []want{
		{14, 17, Error, base + "/b/$ref", `$ref "#/$defs/missing" cannot be resolved: the schema has nothing at "/$defs/missing"`},
		{15, 17, Error, base + "/c/$ref", `$ref "other.json#/$defs/x" cannot be resolved: no schema in the catalog has this $id, and toolgen does not load other files or URLs`},
		{16, 17, Error, base + "/d/$ref", `$ref "#nowhere" cannot be resolved: no "$anchor": "nowhere" is declared in the schema`},
	})
}

func TestLintRefsWithIDs(t *testing.T) {
	// Embedded resources: references resolve against the nearest $id.
	input := `{"tools": [{"name": "a", "inputSchema": {
		"$id": "https://example.com/root.json",
		"type": "object",
		"$defs": {
			"inner": {"$id": "inner.json", "$defs": {"n": {"type": "integer"}}, "$ref": "#/$defs/n"},
			"anchored": {"$anchor": "top", "type": "string"}
		},
		"properties": {
			"a": {"$ref": "inner.json"},
			"b": {"$ref": "https://example.com/inner.json#/$defs/n"},
			"c": {"$ref": "root.json#top"},
			"d": {"$ref": "inner.json#top"},
			"e": {"$ref": "https://json-schema.org/draft/2020-12/schema"}
		}
	}}]}`
	c, diags := Parse("x.json", []byte(input))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	checkDiags(t, Lint(c, LintOptions{}), []want{
		{12, 10, Error, "/tools/0/inputSchema/properties/d/$ref", `$ref "inner.json#top" cannot be resolved: no "$anchor": "top"`},
	})

	// Without the bad one, jsonschema compiles the schema: the resolver
	// here agrees with it on the others.
	c, diags = Parse("x.json", []byte(strings.Replace(input, `"d": {"$ref": "inner.json#top"},`, "", 1)))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if diags := Lint(c, LintOptions{Strict: true}); len(diags) != 0 {
		t.Error(diags)
	}
}

func TestLintBooleanSubschemas(t *testing.T) {
	// Boolean schemas are fine below the root, and have nothing to walk.
	c, diags := Parse("x.json", []byte(`[{"name": "a", "inputSchema": {"type": "object", "properties": {"x": true, "y": false}, "additionalProperties": false}}]`))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if diags := Lint(c, LintOptions{Strict: true}); len(diags) != 0 {
		t.Error(diags)
	}
}

func TestKeywords(t *testing.T) {
	for _, k := range []string{"$schema", "$defs", "properties", "unevaluatedItems", "dependentRequired", "format", "contentSchema", "deprecated", "definitions", "dependencies"} {
		if !IsKeyword(k) {
			t.Errorf("IsKeyword(%q) = false", k)
		}
	}
	for _, k := range []string{"nullable", "x-toolgen", "optional", "id", "$recursiveRef", "Type", ""} {
		if IsKeyword(k) {
			t.Errorf("IsKeyword(%q) = true", k)
		}
	}
	for _, k := range []string{"$schema", "$id", "$anchor", "$vocabulary", "$ref", "$defs", "$comment"} {
		if !IsCoreKeyword(k) {
			t.Errorf("IsCoreKeyword(%q) = false", k)
		}
	}
	if IsCoreKeyword("type") || IsCoreKeyword("title") {
		t.Error("IsCoreKeyword is true for a non-core keyword")
	}
	for _, k := range []string{"title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly", "$comment", "contentMediaType", "contentEncoding", "contentSchema"} {
		if !IsAnnotationKeyword(k) {
			t.Errorf("IsAnnotationKeyword(%q) = false", k)
		}
	}
	for _, k := range []string{"format", "$schema", "$id", "$anchor", "$vocabulary", "type", "enum"} {
		if IsAnnotationKeyword(k) {
			t.Errorf("IsAnnotationKeyword(%q) = true", k)
		}
	}
}

func TestSuggest(t *testing.T) {
	tests := []struct{ word, want string }{
		{"maxLenght", "maxLength"}, // transposition
		{"minimun", "minimum"},     // substitution
		{"additionalProperty", ""}, // 2 edits from "additionalProperties"? no: 3
		{"addtionalProperties", "additionalProperties"},
		{"REQUIRED", "required"}, // case only
		{"typ", "type"},          // short word, one edit
		{"ref", "$ref"},
		{"min", ""}, // short word, two edits from "$id": not a typo
		{"optional", ""},
		{"nullable", ""},
		{"example", "examples"},
		{"id", "$id"}, // ties go to the alphabetically first
	}
	for _, tt := range tests {
		if got := suggest(tt.word, allKeywords); got != tt.want {
			t.Errorf("suggest(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
}

// TestFirstOfEachName checks that the later tools of a name are left out,
// in order, without changing the catalog it was called on.
func TestFirstOfEachName(t *testing.T) {
	c := &Catalog{File: "c.json", Tools: []Tool{{Name: "a", Description: "1"}, {Name: "b"}, {Name: "a", Description: "2"}, {Name: "c"}, {Name: "b"}}}
	u := c.FirstOfEachName()
	var got []string
	for _, tool := range u.Tools {
		got = append(got, tool.Name+tool.Description)
	}
	if strings.Join(got, ",") != "a1,b,c" || u.File != c.File || len(c.Tools) != 5 {
		t.Errorf("got %v from %d tools", got, len(c.Tools))
	}
	if unique := (&Catalog{Tools: []Tool{{Name: "a"}, {Name: "b"}}}); unique.FirstOfEachName() != unique {
		t.Error("a catalog of unique names was copied")
	}
}
