package drift

import (
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
)

func tool(name, input, output string) catalog.Tool {
	t := catalog.Tool{Name: name, InputSchema: []byte(input)}
	if output != "" {
		t.OutputSchema = []byte(output)
	}
	return t
}

// TestCompareCases: a change of each kind, as input and as output schema,
// with the verdict a caller would give it.
func TestCompareCases(t *testing.T) {
	const base = `{"type":"object","properties":{"q":{"type":"string","maxLength":100,"enum":["a","b"]},"n":{"type":"integer","minimum":1}},"required":["q"],"additionalProperties":false}`
	cases := []struct {
		name, new string
		what      string
		// breaksInput and breaksOutput are the verdicts when the schema is
		// the tool's input or output schema.
		breaksInput, breaksOutput bool
	}{
		{"new required member", strings.Replace(base, `"required":["q"]`, `"required":["q","n"]`, 1), `now requires "n"`, true, false},
		{"member no longer required", strings.Replace(base, `"required":["q"]`, `"required":[]`, 1), `no longer requires "q"`, false, true},
		{"property removed", strings.Replace(base, `,"n":{"type":"integer","minimum":1}`, ``, 1), "property removed", true, true},
		{"property added", strings.Replace(base, `"properties":{`, `"properties":{"z":{"type":"boolean"},`, 1), "property added", false, true},
		{"maxLength lowered", strings.Replace(base, `"maxLength":100`, `"maxLength":50`, 1), "maxLength lowered from 100 to 50", true, false},
		{"maxLength raised", strings.Replace(base, `"maxLength":100`, `"maxLength":200`, 1), "maxLength raised from 100 to 200", false, true},
		{"minimum raised", strings.Replace(base, `"minimum":1`, `"minimum":2`, 1), "minimum raised from 1 to 2", true, false},
		{"minimum removed", strings.Replace(base, `,"minimum":1`, ``, 1), "minimum 1 removed", false, true},
		{"enum lost a value", strings.Replace(base, `["a","b"]`, `["a"]`, 1), `enum lost "b"`, true, false},
		{"enum gained a value", strings.Replace(base, `["a","b"]`, `["a","b","c"]`, 1), `enum gained "c"`, false, true},
		{"enum reordered", strings.Replace(base, `["a","b"]`, `["b","a"]`, 1), "enum reordered", false, false},
		{"type narrowed", strings.Replace(base, `"type":"integer"`, `"type":"string"`, 1), "type changed", true, true},
		{"integer widened to number", strings.Replace(base, `"type":"integer"`, `"type":"number"`, 1), `type changed from "integer" to "number"`, false, true},
		{"null allowed", strings.Replace(base, `"type":"integer"`, `"type":["integer","null"]`, 1), "type changed", false, true},
		{"closed", strings.Replace(base, `"additionalProperties":false`, `"additionalProperties":true`, 1), "the schema changed from false to true", false, true},
		{"pattern added", strings.Replace(base, `"maxLength":100`, `"maxLength":100,"pattern":"^a"`, 1), "pattern added", true, false},
		{"description changed", strings.Replace(base, `"minimum":1`, `"minimum":1,"description":"How many."`, 1), "description added", false, false},
		{"unknown word", strings.Replace(base, `"minimum":1`, `"minimum":1,"x-ui":"slider"`, 1), "x-ui added", false, false},
		{"not added", strings.Replace(base, `"minimum":1`, `"minimum":1,"not":{"const":3}`, 1), "not added; toolgen cannot tell", true, true},
		{"anyOf added", strings.Replace(base, `"minimum":1`, `"minimum":1,"anyOf":[{"minimum":5},{"maximum":0}]`, 1), "anyOf added", true, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, output := range []bool{false, true} {
				var old, new catalog.Tool
				if output {
					old, new = tool("t", `{"type":"object"}`, base), tool("t", `{"type":"object"}`, c.new)
				} else {
					old, new = tool("t", base, ""), tool("t", c.new, "")
				}
				r := Compare([]catalog.Tool{old}, []catalog.Tool{new})
				want := c.breaksInput
				if output {
					want = c.breaksOutput
				}
				text := r.Format(func(s string) string { return `"` + s + `"` })
				if got := r.Breaking() > 0; got != want || len(r.Changes) == 0 || !strings.Contains(text, c.what) {
					t.Errorf("output=%v: breaking=%v, want %v, and %q in:\n%s", output, got, want, c.what, text)
				}
			}
		})
	}
}

// TestCompareTools: tools added and removed, and the tool's own members.
func TestCompareTools(t *testing.T) {
	yes, no := true, false
	a := tool("a", `{"type":"object"}`, `{"type":"object"}`)
	b := tool("b", `{"type":"object"}`, "")
	c := tool("c", `{"type":"object"}`, "")
	a2 := a
	a2.Description, a2.Annotations.ReadOnlyHint = "new words", &no
	a.Annotations.ReadOnlyHint = &yes
	a2.OutputSchema = nil
	r := Compare([]catalog.Tool{a, b}, []catalog.Tool{c, a2})
	if len(r.Added) != 1 || r.Added[0] != "c" || len(r.Removed) != 1 || r.Removed[0] != "b" {
		t.Errorf("added %q, removed %q", r.Added, r.Removed)
	}
	text := r.Format(func(s string) string { return "<" + s + ">" })
	for _, want := range []string{"+ tool <c> added", "- tool <b> removed: breaks its callers", "readOnlyHint changed from true to false",
		"description changed", "breaks callers: /outputSchema: output schema removed", "5 changes, 2 breaking"} {
		if !strings.Contains(text, want) {
			t.Errorf("the report lacks %q:\n%s", want, text)
		}
	}
	if r := Compare([]catalog.Tool{a}, []catalog.Tool{a}); r.Breaking() != 0 || !strings.Contains(r.Format(nil), "no tool changed") {
		t.Errorf("a tool compared with itself: %+v", r)
	}
	// Numbers are compared by value and members by name: 1.0 is 1, and
	// the order of members changes nothing.
	respelled := tool("a", `{"properties":{"n":{"maximum":100.0,"minimum":1e0}},"type":"object"}`, "")
	if r := Compare([]catalog.Tool{tool("a", `{"type":"object","properties":{"n":{"minimum":1,"maximum":1e2}}}`, "")}, []catalog.Tool{respelled}); len(r.Changes) != 0 {
		t.Errorf("the same schema spelled otherwise: %+v", r.Changes)
	}
}

// TestFormatShowsInvisibleCharacters: server text in pointers and values
// is shown with its invisible characters escaped.
func TestFormatShowsInvisibleCharacters(t *testing.T) {
	old := tool("t", `{"type":"object","properties":{"a\u202eb":{"enum":["x\u0007"]}}}`, "")
	new := tool("t", `{"type":"object","properties":{"a\u202eb":{"enum":["y\u2066"]}}}`, "")
	text := Compare([]catalog.Tool{old}, []catalog.Tool{new}).Format(func(s string) string { return s })
	for _, r := range text {
		if r == '\u202e' || r == '\u2066' || r == '\a' {
			t.Fatalf("the report holds %U raw:\n%s", r, text)
		}
	}
	if !strings.Contains(text, `/inputSchema/properties/a\u202eb/enum`) || !strings.Contains(text, `"x\u0007"`) || !strings.Contains(text, `"y\u2066"`) {
		t.Errorf("the escapes are missing:\n%s", text)
	}
}
