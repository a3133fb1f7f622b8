package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/toolgen/toolgen/internal/visible"
)

// terminalTexts are the seeds of FuzzDiagnosticsAreVisible: what a
// terminal acts on (escape sequences that retitle the window, clear the
// screen, ring the bell), what reorders a line (bidirectional controls),
// what is not text at all.
var terminalTexts = []string{
	"\x1b]0;PWNED\x07\x1b[2J",
	"\x1b[31mred\x1b[0m and \x1b[1A\x1b[2K up a line",
	"CSI \u009b31m, OSC \u009d0;x\u009c, NEL \u0085, DEL \x7f, NUL \x00",
	"bidi \u202eevil\u202c, \u2066isolate\u2069 \u2067\u2068 \u202a\u202b\u202d \u200e\u200f\u061c",
	"invalid \xff\xfe UTF-8 \xc0\xaf and a cut \xe2\x80",
	"tab\there, CR\rhere, LF\nhere, VT\vFF\f, LS\u2028PS\u2029",
	"\ufeffBOM, zero width\u200b\u200d",
	"plain text, é, 世界, 😀",
	"",
}

// diagnosticShapes are ways a text reaches a refused catalog: JSON with
// the text's bytes as they are (where JSON lets them be) or escaped as
// \u sequences, and the same catalog read as YAML.
var diagnosticShapes = []struct {
	file  string
	quote func(string) string
}{
	{"catalog.json", quoteRaw},
	{"catalog.json", quoteEscaped},
	{"catalog.yaml", quoteRaw},
	{"catalog.yaml", quoteEscaped},
}

// FuzzDiagnosticsAreVisible puts any text in the names, descriptions,
// member names and values of a catalog that is refused (and of a schema
// toolgen schema refuses), and reads what toolgen prints: whatever the text, no byte of it but the newline ending
// each line is a control character, none is a bidirectional control, the
// whole is valid UTF-8, and the caret under a line of the catalog stands
// under the member the diagnostic is about.
//
// In CI: go test ./cmd/toolgen -run '^$' -fuzz '^FuzzDiagnosticsAreVisible$' -fuzztime 20000x
func FuzzDiagnosticsAreVisible(f *testing.F) {
	for i, text := range terminalTexts {
		for shape := range diagnosticShapes {
			f.Add(text, uint8(shape+i*len(diagnosticShapes)))
		}
	}
	f.Fuzz(func(t *testing.T, text string, shape uint8) {
		s := diagnosticShapes[int(shape)%len(diagnosticShapes)]
		path := filepath.Join(t.TempDir(), s.file)
		q := s.quote(text)
		catalog := `{"tools": [{"name": ` + q + `, "description": ` + q + `,
  "inputSchema": {"type": "object", "description": ` + q + `, "properties": {
    ` + q + `: {"type": "string", "enum": [` + q + `], "maxLenght": 3},
    "anchor": {"description": ` + q + `, "pattern": "(a)\\1"}}}}]}
`
		if err := os.WriteFile(path, []byte(catalog), 0o644); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		if code := run([]string{"-o", filepath.Join(filepath.Dir(path), "out.go"), path}, &stdout, &stderr); code != exitInvalid {
			t.Fatalf("exit %d, want %d: the catalog is refused, whatever the text\n%s", code, exitInvalid, stderr.String())
		}
		out := stderr.String()
		checkVisible(t, out)
		checkCaret(t, out, "/anchor/pattern", `"pattern"`)

		// toolgen schema quotes the schema's text in its refusals too.
		schemaFile := filepath.Join(filepath.Dir(path), "schema.json")
		schema := `{"properties": {` + q + `: {"description": ` + q + `, "pattern": "(a)\\1"}}}`
		if err := os.WriteFile(schemaFile, []byte(schema), 0o644); err != nil {
			t.Fatal(err)
		}
		stderr.Reset()
		if code := run([]string{"schema", schemaFile}, &stdout, &stderr); code == exitOK {
			t.Fatalf("toolgen schema accepted %s", schema)
		}
		checkVisible(t, stderr.String())
	})
}

// checkVisible checks that out holds nothing a terminal acts on.
func checkVisible(t *testing.T, out string) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("the diagnostics are not valid UTF-8:\n%q", out)
	}
	for i, r := range out {
		if r != '\n' && visible.Hidden(r) {
			t.Fatalf("the diagnostics hold U+%04X at byte %d:\n%q", r, i, out)
		}
	}
}

// checkCaret finds the diagnostic whose first line holds ptr: the excerpt
// after it must show member at the caret's column.
func checkCaret(t *testing.T, out, ptr, member string) {
	t.Helper()
	lines := strings.Split(out, "\n")
	for i, line := range lines {
		if !strings.Contains(line, ptr+":") || i+2 >= len(lines) {
			continue
		}
		excerpt, caret := []rune(lines[i+1]), lines[i+2]
		col := strings.Index(caret, "^")
		if col < 0 || strings.TrimLeft(caret, " ") != "^" || col > len(excerpt) {
			t.Fatalf("no caret line after the diagnostic at %s:\n%s", ptr, out)
		}
		if !strings.HasPrefix(string(excerpt[col:]), member) {
			t.Fatalf("the caret stands under %q, not %s:\n%s\n%s", string(excerpt[col:]), member, lines[i+1], caret)
		}
		return
	}
	// Text that breaks the catalog's syntax ends the read before the
	// anchor: then there is only the syntax error.
	if !strings.Contains(out, "invalid JSON") && !strings.Contains(out, "invalid YAML") && !strings.Contains(out, "not valid UTF-8") {
		t.Fatalf("no diagnostic at %s:\n%s", ptr, out)
	}
}

// quoteRaw quotes s as a JSON string keeping its bytes as they are, but
// those JSON must escape (which YAML's double-quoted style escapes alike).
func quoteRaw(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20:
			fmt.Fprintf(&b, `\u%04x`, c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// quoteEscaped quotes s as a JSON string of ASCII alone: every other
// character, and every control, as a \u escape (invalid UTF-8 as U+FFFD).
func quoteEscaped(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r >= 0x7f:
			for _, u := range utf16Units(r) {
				fmt.Fprintf(&b, `\u%04x`, u)
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// utf16Units is r as JSON's \u escapes spell it.
func utf16Units(r rune) []rune {
	if r < 0x10000 {
		return []rune{r}
	}
	r -= 0x10000
	return []rune{0xd800 + r>>10, 0xdc00 + r&0x3ff}
}
