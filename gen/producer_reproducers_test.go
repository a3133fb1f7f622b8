package gen_test

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/gen"
)

// producerReproducers are what schema producers write that toolgen once
// refused, each as the smallest catalog that shows it, with a text the
// diagnostics must hold (a warning) or "" for none, and a text the
// generated code must hold.
var producerReproducers = []struct {
	name, catalog, warning, code string
}{
	{"pydantic Decimal", props(`"amount": {"anyOf": [{"type": "number"}, {"type": "string", "pattern": "^(?!^[-+.]*$)[+-]?0*\\d*\\.?\\d*$"}]}`), "", "func matchPattern0"},
	{"zod email", props(`"email": {"type": "string", "pattern": "^(?!\\.)(?!.*\\.\\.)([A-Za-z0-9_'+\\-\\.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$"}`), "", "func matchPattern0"},
	{"zod hostname", props(`"host": {"type": "string", "pattern": "^(?=.{1,253}\\.?$)[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[-0-9a-zA-Z]{0,61}[0-9a-zA-Z])?)*\\.?$"}`), "", "func matchPattern0"},
	{"zod duration", props(`"every": {"type": "string", "pattern": "^P(?:(\\d+W)|(?!.*W)(?=\\d|T\\d)(\\d+Y)?(\\d+M)?(\\d+D)?(T(?=\\d)(\\d+H)?(\\d+M)?(\\d+([.,]\\d+)?S)?)?)$"}`), "", "func matchPattern0"},
	{"tool-name rule", props(`"name": {"type": "string", "pattern": "^(?!.*[Ll][Ii][Nn][Ee][Aa][Rr])[a-z_]+$"}`), "", "func matchPattern0"},
	{"password rule", props(`"pw": {"type": "string", "pattern": "^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d).{8,}$"}`), "", "func matchPattern0"},
	{"pydantic condecimal", props(`"amount": {"anyOf": [{"type": "number"}, {"type": "string", "pattern": "^(?!^[-+.]*$)[+-]?0*(?:\\d{0,6}|(?=[\\d.]{1,9}0*$)\\d{0,6}\\.\\d{0,2}0*$)"}]}`), "", "toolgenimpl.CompileLookarounds("},
	{"zod 4 emoji", props(`"e": {"type": "string", "pattern": "^(?=[\\s\\S]*[\\p{Extended_Pictographic}\\p{Regional_Indicator}\\u20E3])[\\p{Extended_Pictographic}\\p{Emoji_Component}]+$"}`), "", "func matchPattern0"},
	{"zod 3 emoji", props(`"e": {"type": "string", "pattern": "^(\\p{Extended_Pictographic}|\\p{Emoji_Component})+$"}`), "", `\\x{1fc00}-\\x{1fffd}`},
	{"lookbehind", props(`"slug": {"type": "string", "pattern": "^[a-z0-9-]+(?<!-)$"}`), "", "toolgenimpl.Lookaround{"},
	{"lookaround in a schema function", props(`"n": {"allOf": [{"type": "string"}, {"pattern": "(?<!\\d)\\d{3}(?!\\d)"}]}`), "", "toolgenimpl.CompileLookarounds("},
	{"startsWith tok_", props(`"token": {"type": "string", "pattern": "^tok\\_"}`), "", `"\\Atok_"`},
	{"startsWith https://", props(`"url": {"type": "string", "pattern": "^https\\:\\/\\/"}`), "", `"\\Ahttps://"`},
	{"raw-string quote", props(`"q": {"type": "string", "pattern": "^\\\"[^\\\"]*\\\"$"}`), "", `"\\A\"[^\"]*\"\\z"`},
	{"Python named group", props(`"y": {"type": "string", "pattern": "^(?P<year>\\d{4})$"}`), "Python's spelling of a named group", "(?P<year>"},
	{"lookahead in a schema function", props(`"n": {"allOf": [{"type": "string"}, {"pattern": "^(?!x)"}]}`), "", "toolgenimpl.MatchFunc("},
	{"lookahead in patternProperties", props(`"m": {"type": "object", "patternProperties": {"^(?!x-)": {"type": "string"}}}`), "", "if matchPattern0(key) {"},
	{"tool name with space and parentheses", `{"tools": [{"name": "elicit (form)", "inputSchema": {"type": "object"}}]}`, "the MCP specification advises", `ToolElicitForm ToolName = "elicit (form)"`},
	{"empty enum", props(`"e": {"enum": []}`), `"enum": [] allows no value`, ""},
	{"empty enum, draft-07", `{"tools": [{"name": "t", "inputSchema": {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "properties": {"e": {"type": "string", "enum": []}}}}]}`, `"enum": [] allows no value`, ""},
}

func props(members string) string {
	return `{"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {` + members + `}}}]}`
}

// TestProducerReproducers generates each reproducer: no error, the warning
// it deserves, and the code that decides it.
func TestProducerReproducers(t *testing.T) {
	for _, tc := range producerReproducers {
		src, diags := generate("catalog.json", []byte(tc.catalog), gen.Options{Package: "tools", Source: "catalog.json"})
		if src == nil || diags.HasErrors() {
			t.Errorf("%s: not generated: %v", tc.name, diags)
			continue
		}
		report := fmt.Sprint(diags)
		if tc.warning == "" && len(diags) > 0 || !strings.Contains(report, tc.warning) {
			t.Errorf("%s: diagnostics %v, want %q", tc.name, diags, tc.warning)
		}
		if !bytes.Contains(src, []byte(tc.code)) {
			t.Errorf("%s: the generated code lacks %s", tc.name, strconv.Quote(tc.code))
		}
	}
}
