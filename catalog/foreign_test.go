package catalog

import (
	"sort"
	"strings"
	"testing"
)

// lintProperty lints a catalog of one tool whose input schema has the one
// property p, of schema prop, and returns the diagnostics.
func lintProperty(t *testing.T, prop string, opts LintOptions) Diagnostics {
	t.Helper()
	c, diags := Parse("words.json", []byte(`{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{"p":`+prop+`}}}]}`))
	if diags.HasErrors() {
		t.Fatalf("Parse: %v", diags)
	}
	return Lint(c, opts)
}

// TestExampleIsNoTypo is the reported case: an OpenAPI-style "example"
// stopped generation with "did you mean examples?".
func TestExampleIsNoTypo(t *testing.T) {
	ds := lintProperty(t, `{"type":"integer","example":5}`, LintOptions{})
	checkDiags(t, ds, []want{{1, 90, Warning, "/tools/0/inputSchema/properties/p/example",
		`"example" is a keyword of OpenAPI, not of JSON Schema 2020-12, and is ignored here as an annotation; JSON Schema's word is "examples", a list: "examples": [5]`}})
}

// TestForeignWordsNeverTypos: every keyword of OpenAPI or of another draft
// that toolgen knows is one warning at its own pointer and no suggestion;
// with -strict, one error.
func TestForeignWordsNeverTypos(t *testing.T) {
	// A value of each as its own vocabulary writes it, where the 2020-12
	// meta-schema (which still describes "$recursiveRef" and
	// "$recursiveAnchor") accepts it.
	values := map[string][]string{
		"example":          {`5`, `"x"`, `{"a":1}`},
		"nullable":         {`true`, `false`},
		"discriminator":    {`{"propertyName":"kind"}`, `"kind"`},
		"xml":              {`{"name":"p"}`},
		"externalDocs":     {`{"url":"https://example.com"}`},
		"additionalItems":  {`false`, `{"type":"string"}`},
		"$recursiveRef":    {`"#"`},
		"$recursiveAnchor": {`"node"`},
		"id":               {`"p"`},
		"divisibleBy":      {`2`},
		"disallow":         {`"string"`},
		"extends":          {`{"type":"string"}`},
	}
	words := make([]string, 0, len(foreignWords))
	for w := range foreignWords {
		words = append(words, w)
		if values[w] == nil {
			t.Errorf("no value to test %q with", w)
		}
	}
	sort.Strings(words)
	ptr := "/tools/0/inputSchema/properties/p/"
	for _, w := range words {
		for _, value := range values[w] {
			prop := `{"type":"string","` + w + `":` + value + `}`
			for _, strict := range []bool{false, true} {
				ds := lintProperty(t, prop, LintOptions{Strict: strict})
				wantSev := Warning
				if strict {
					wantSev = Error
				}
				if len(ds) != 1 {
					t.Errorf("%s (strict %t): %d diagnostics, want 1:\n%v", prop, strict, len(ds), ds)
					continue
				}
				d := ds[0]
				if d.Severity != wantSev || d.Pointer != ptr+escapeToken(w) || d.Tool != "t" || d.Line != 1 {
					t.Errorf("%s (strict %t): got %v, want severity %d at %s", prop, strict, d, wantSev, ptr+w)
				}
				if strings.Contains(d.Message, "did you mean") || !strings.Contains(d.Message, foreignWords[w].where) {
					t.Errorf("%s (strict %t): %q does not say whose keyword it is, or calls it a typo", prop, strict, d.Message)
				}
			}
		}
	}
}

// escapeToken escapes a JSON Pointer token.
func escapeToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// TestAnnotationKeywordsSilent: the 2020-12 annotations that OpenAPI also
// has are keywords, with nothing to say.
func TestAnnotationKeywordsSilent(t *testing.T) {
	for _, strict := range []bool{false, true} {
		ds := lintProperty(t, `{"type":"string","deprecated":true,"readOnly":true,"writeOnly":false,"examples":["a"],"title":"P","$comment":"c"}`, LintOptions{Strict: strict})
		if len(ds) != 0 {
			t.Errorf("strict %t: %v", strict, ds)
		}
	}
}

// TestNullableAdvice: "nullable": true says what to write in the schema it
// stands in, from that schema's own type, enum and alternatives.
func TestNullableAdvice(t *testing.T) {
	cases := []struct{ prop, says string }{
		{`{"type":"string","nullable":true}`, `write "type": ["string", "null"]`},
		{`{"type":"integer","nullable":true,"minimum":1}`, `write "type": ["integer", "null"]`},
		{`{"type":["integer","boolean"],"nullable":true}`, `write "type": ["integer", "boolean", "null"]`},
		{`{"type":"string","enum":["a","b"],"nullable":true}`, `write "type": ["string", "null"] and add null to "enum"`},
		{`{"type":"string","enum":["a",null],"nullable":true}`, `write "type": ["string", "null"]`},
		{`{"enum":["a","b"],"nullable":true}`, `add null to "enum"`},
		{`{"type":["string","null"],"nullable":true}`, `"type" allows null already; remove "nullable"`},
		{`{"anyOf":[{"type":"string"},{"type":"integer"}],"nullable":true}`, `add {"type": "null"} to "anyOf"`},
		{`{"oneOf":[{"type":"string"},{"type":"integer"}],"nullable":true}`, `add {"type": "null"} to "oneOf"`},
		{`{"const":"a","nullable":true}`, `write "enum" with that value and null`},
		{`{"description":"anything","nullable":true}`, `without "type" null is allowed already`},
		{`{"type":"string","nullable":false}`, `changes nothing in either reading unless true; remove it`},
	}
	for _, c := range cases {
		ds := lintProperty(t, c.prop, LintOptions{})
		if len(ds) != 1 || ds[0].Severity != Warning || !strings.Contains(ds[0].Message, c.says) {
			t.Errorf("%s: got\n%v\nwant one warning saying %q", c.prop, ds, c.says)
		}
	}
	// A "$ref" with siblings: the advice keeps the reference.
	c, _ := Parse("ref.json", []byte(`{"tools":[{"name":"t","inputSchema":{"type":"object","$defs":{"d":{"type":"string"}},"properties":{"p":{"$ref":"#/$defs/d","nullable":true}}}}]}`))
	ds := Lint(c, LintOptions{})
	if len(ds) != 1 || !strings.Contains(ds[0].Message, `write "anyOf": [{"$ref": "#/$defs/d"}, {"type": "null"}] in place of the "$ref"`) {
		t.Errorf("$ref: got\n%v", ds)
	}
}

// TestNearMissesStillSuggested: a word one edit away from a 2020-12 keyword
// (a letter left out, two letters swapped, a letter's case) is still an
// error with a suggestion, unless it is itself a keyword or a foreign word.
func TestNearMissesStillSuggested(t *testing.T) {
	mutants := map[string]bool{}
	for _, k := range allKeywords {
		if len(k) < 5 {
			continue
		}
		for i := range len(k) {
			mutants[k[:i]+k[i+1:]] = true
			if i+1 < len(k) {
				mutants[k[:i]+string(k[i+1])+string(k[i])+k[i+2:]] = true
			}
			if up := strings.ToUpper(k[i : i+1]); up != k[i:i+1] {
				mutants[k[:i]+up+k[i+1:]] = true
			}
		}
	}
	var checked int
	foreign := map[string]bool{}
	for m := range mutants {
		switch {
		case IsKeyword(m):
			continue
		case IsForeignKeyword(m):
			foreign[m] = true
			continue
		case strings.HasPrefix(m, "x-") || strings.ContainsAny(m, "~/"):
			continue
		}
		checked++
		ds := lintProperty(t, `{"type":"string","`+m+`":1}`, LintOptions{})
		if len(ds) == 0 || ds[0].Severity != Error || !strings.Contains(ds[0].Message, "did you mean") {
			t.Errorf("%q: got %v, want an error with a suggestion", m, ds)
		}
	}
	// The reported word is one of the mutants, and it is told apart.
	if !foreign["example"] || checked < 100 {
		t.Errorf("checked %d near misses; foreign words among them: %v", checked, foreign)
	}
}
