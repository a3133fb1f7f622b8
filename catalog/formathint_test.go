package catalog

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/runtime/format"
)

// defaultWarning lints a tool whose one property has the given type,
// format and default, and returns the default's warning, or "".
func defaultWarning(t *testing.T, typ, name string, def any) string {
	t.Helper()
	d, _ := json.Marshal(def)
	src := fmt.Sprintf(`{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{"p":{"type":%q,"format":%q,"default":%s}}}}]}`, typ, name, d)
	c, diags := Parse("c.json", []byte(src))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for _, d := range Lint(c, LintOptions{}) {
		if strings.HasSuffix(d.Pointer, "/default") {
			if d.Class != WarnUnappliedDefault {
				t.Errorf("class %q: %v", d.Class, d)
			}
			return d.Message
		}
	}
	return ""
}

// TestDefaultFormatHints checks every checked format: a default that is
// not valid in it gets a warning that says what the format looks like (its
// example) or names the cause, never the reference validator's words about
// its parser; a default valid in it (the example's value) gets none.
func TestDefaultFormatHints(t *testing.T) {
	for _, f := range format.All() {
		if f.Annotation() {
			continue
		}
		typ, bad := "string", any("not a "+f.Name+" !(")
		if f.Number {
			typ, bad = "integer", json.Number("1e30")
		}
		msg := defaultWarning(t, typ, f.Name, bad)
		switch {
		case msg == "":
			t.Errorf("%s: a default of %v is not warned of", f.Name, bad)
		case !strings.Contains(msg, f.Example):
			t.Errorf("%s: the warning does not show the example %q: %s", f.Name, f.Example, msg)
		}
		for _, parser := range []string{"characters long", "cannot parse", "parsing time", "must have 5 elements", "missing @"} {
			if strings.Contains(msg, parser) {
				t.Errorf("%s: the warning speaks of the parser (%q): %s", f.Name, parser, msg)
			}
		}
		if _, sample, ok := strings.Cut(f.Example, " such as "); ok && !f.Number {
			sample, _, _ = strings.Cut(sample, " ")
			if msg := defaultWarning(t, typ, f.Name, sample); msg != "" {
				t.Errorf("%s: the valid default %q is warned of: %s", f.Name, sample, msg)
			}
		}
	}
}

// TestDefaultFormatCauses names the slips a default makes most.
func TestDefaultFormatCauses(t *testing.T) {
	cases := []struct{ format, value, want string }{
		{"date-time", "2024-01-01T00:00:00", "has no UTC offset, which RFC 3339 requires: add Z (UTC) or an offset such as +00:00"},
		{"date-time", "2024-01-01T00:00:00.123", "has no UTC offset"},
		{"date-time", "2024-01-01 00:00:00Z", "separates the date and the time with a space"},
		{"date-time", "2024-01-01T00:00Z", "has no seconds"},
		{"date-time", "2024-01-01", "is a date without a time"},
		{"date-time", "2024-01-01T00:00:00+0100", "writes its offset without a colon"},
		{"time", "12:00:00", "has no UTC offset"},
		{"time", "12:00", "has no seconds"},
		{"date", "2023-02-29", "is no day of the calendar"},
		{"date", "2024-01-01T00:00:00Z", "has a time"},
		{"date-time", "yesterday", "is not a valid date-time: it must be an RFC 3339 date-time with its UTC offset"},
	}
	for _, c := range cases {
		msg := defaultWarning(t, "string", c.format, c.value)
		if !strings.Contains(msg, c.want) || !strings.Contains(msg, fmt.Sprintf("%q", c.value)) {
			t.Errorf("%s %q: %s\nwant %q", c.format, c.value, msg, c.want)
		}
	}
	if msg := defaultWarning(t, "string", "date-time", "2024-01-01T00:00:00Z"); msg != "" {
		t.Errorf("a valid date-time: %s", msg)
	}
}
