package replay

import (
	"testing"

	"github.com/toolgen/toolgen/runtime"
)

// TestRenderCountsOmitted checks that a verdict past runtime.MaxViolations
// counts every violation found and says how many are not listed.
func TestRenderCountsOmitted(t *testing.T) {
	v := Verdict{Violations: []runtime.Violation{{Pointer: "/a", Keyword: "type", Message: "m", Hint: "h"}}, Omitted: 3}
	want := "line 4: tool \"t\": invalid: 4 violations\n    /a: type: m\n        hint: h\n    and 3 more violations, not listed\n"
	if got := render(4, "t", v); got != want {
		t.Errorf("render = %q, want %q", got, want)
	}
}

// TestReadRecord covers the log's two forms of arguments and the lines that
// are not call records.
func TestReadRecord(t *testing.T) {
	for _, tc := range []struct{ line, tool, args, problem string }{
		{`{"tool": "a", "arguments": {"x": 1}}`, "a", `{"x": 1}`, ""},
		{`{"tool": "a", "arguments": "{\"x\": 1"}`, "a", `{"x": 1`, ""},
		{`{"arguments": {}}`, "", "", `the record has no "tool"`},
		{`{"tool": "a"}`, "", "", `the call of "a" has no "arguments"`},
		{`[1]`, "", "", `the line is not a JSON object {"tool": ..., "arguments": ...}`},
		// A name twice in the arguments is the model's, judged by the
		// generated code; twice in the record, the log's mistake.
		{`{"tool": "a", "arguments": {"x": 1, "x": 2}}`, "a", `{"x": 1, "x": 2}`, ""},
		{`{"tool": "a", "tool": "b", "arguments": {}}`, "", "", `the record has "tool" twice`},
		{`{"tool": "a", "arguments": {}, "arguments": {}}`, "", "", `the record has "arguments" twice`},
		{`{"tool": "a", "note": 1, "note": 2, "arguments": {}}`, "a", `{}`, ""},
	} {
		tool, args, problem := readRecord([]byte(tc.line))
		if tool != tc.tool || string(args) != tc.args || problem != tc.problem {
			t.Errorf("readRecord(%s) = %q, %q, %q; want %q, %q, %q", tc.line, tool, args, problem, tc.tool, tc.args, tc.problem)
		}
	}
}
