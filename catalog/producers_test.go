package catalog

import (
	"fmt"
	"strings"
	"testing"
)

// producerPositions place a schema in a tool's input schema: %s is the
// schema's members.
var producerPositions = map[string]string{
	"property":       `"properties": {"p": {%s}}`,
	"in anyOf":       `"properties": {"p": {"anyOf": [{%s}, {"type": "null"}]}}`,
	"in definitions": `"properties": {"p": {"$ref": "#/definitions/P"}}, "definitions": {"P": {%s}}`,
	"array item":     `"properties": {"p": {"type": "array", "items": {%s}}}`,
}

// TestProducerMistakes lints each producer's mistake in each dialect where
// it is one, at each position: one error, at the keyword, naming the
// producer's setting and the fix; nothing else about it.
func TestProducerMistakes(t *testing.T) {
	drafts := map[string]string{
		"2019-09":  `"$schema": "https://json-schema.org/draft/2019-09/schema", `,
		"draft-07": `"$schema": "http://json-schema.org/draft-07/schema#", `,
		"2020-12":  ``,
	}
	cases := []struct {
		name, schema, keyword string
		drafts                []string
		want                  []string
	}{
		{"exclusiveMinimum true", `"type": "number", "minimum": 5, "exclusiveMinimum": true`, "exclusiveMinimum", []string{"2019-09", "draft-07", "2020-12"},
			[]string{`"exclusiveMinimum": true is the draft-04 form, a flag on "minimum"`, `write "exclusiveMinimum": 5 in place of "minimum": 5`, `target "jsonSchema2019-09"`, `default target, "jsonSchema7"`}},
		{"exclusiveMaximum true", `"type": "integer", "maximum": 1.5, "exclusiveMaximum": true`, "exclusiveMaximum", []string{"2019-09", "2020-12"},
			[]string{`write "exclusiveMaximum": 1.5 in place of "maximum": 1.5`, `"jsonSchema7"`}},
		{"exclusiveMinimum false", `"type": "number", "minimum": 0, "exclusiveMinimum": false`, "exclusiveMinimum", []string{"2019-09"},
			[]string{`"exclusiveMinimum": false is the draft-04 form`, `remove it`}},
		{"tuple as items array", `"type": "array", "items": [{"type": "string"}, {"type": "number"}], "additionalItems": false, "minItems": 2`, "items", []string{"2020-12"},
			[]string{`"items" is an array, the draft-07 form of a tuple`, `TypeBox's Type.Tuple`, `"$schema": "http://json-schema.org/draft-07/schema#"`, `"prefixItems"`}},
	}
	for _, tc := range cases {
		for _, draft := range tc.drafts {
			for pos, tmpl := range producerPositions {
				src := fmt.Sprintf(`{"tools": [{"name": "t", "inputSchema": {%s"type": "object", %s}}]}`, drafts[draft], fmt.Sprintf(tmpl, tc.schema))
				c, diags := Parse("c.json", []byte(src))
				if diags.HasErrors() {
					t.Fatal(diags)
				}
				diags = Lint(c, LintOptions{})
				about := diags
				if len(about) != 1 || about[0].Severity != Error || !strings.HasSuffix(about[0].Pointer, "/"+tc.keyword) {
					t.Errorf("%s, %s, %s: want one error at %s, got %v", tc.name, draft, pos, tc.keyword, about)
					continue
				}
				for _, w := range tc.want {
					if !strings.Contains(about[0].Message, w) {
						t.Errorf("%s, %s, %s: the error lacks %q:\n%s", tc.name, draft, pos, w, about[0].Message)
					}
				}
			}
		}
	}
}

// TestAdditionalItemsAlone checks that additionalItems without an items
// array under 2020-12 still warns, since nothing else reports it.
func TestAdditionalItemsAlone(t *testing.T) {
	c, _ := Parse("c.json", []byte(`{"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"p": {"type": "array", "items": {"type": "string"}, "additionalItems": false}}}}]}`))
	diags := Lint(c, LintOptions{})
	if len(diags) != 1 || diags[0].Class != WarnForeignKeyword || !strings.HasSuffix(diags[0].Pointer, "/additionalItems") {
		t.Errorf("got %v", diags)
	}
}

// TestLaterAnnotationsKnownInEveryDraft: an annotation keyword of 2020-12
// is silent in every draft toolgen reads, at every position and in strict
// mode too, although draft-07 lacks "deprecated" and "contentSchema":
// it changes no verdict. A later draft's assertion keyword still warns.
func TestLaterAnnotationsKnownInEveryDraft(t *testing.T) {
	drafts := map[string]string{
		"2019-09":  `"$schema": "https://json-schema.org/draft/2019-09/schema", `,
		"draft-07": `"$schema": "http://json-schema.org/draft-07/schema#", `,
		"2020-12":  ``,
	}
	annotations := []string{
		`"deprecated": true`, `"readOnly": true`, `"writeOnly": false`, `"examples": ["a"]`, `"title": "T"`,
		`"description": "D"`, `"default": "a"`, `"$comment": "c"`, `"contentMediaType": "text/plain"`,
		`"contentEncoding": "base64"`, `"contentMediaType": "application/json", "contentSchema": {"type": "object"}`,
	}
	for draft, dollar := range drafts {
		for pos, tmpl := range producerPositions {
			for _, strict := range []bool{false, true} {
				for _, a := range annotations {
					src := fmt.Sprintf(`{"tools": [{"name": "t", "inputSchema": {%s"type": "object", %s}}]}`, dollar, fmt.Sprintf(tmpl, `"type": "string", `+a))
					c, diags := Parse("c.json", []byte(src))
					if diags.HasErrors() {
						t.Fatal(diags)
					}
					if ds := Lint(c, LintOptions{Strict: strict}); len(ds) != 0 {
						t.Errorf("%s, %s, strict %t, %s: %v", draft, pos, strict, a, ds)
					}
				}
			}
		}
	}
	// A later draft's assertion under draft-07 is still foreign: ignored
	// there, which may not be what the writer meant.
	src := fmt.Sprintf(`{"tools": [{"name": "t", "inputSchema": {%s"type": "object", "dependentRequired": {"a": ["b"]}}}]}`, drafts["draft-07"])
	c, _ := Parse("c.json", []byte(src))
	if ds := Lint(c, LintOptions{}); len(ds) != 1 || ds[0].Class != WarnForeignKeyword || !strings.HasSuffix(ds[0].Pointer, "/dependentRequired") {
		t.Errorf("dependentRequired under draft-07: %v", ds)
	}
}
