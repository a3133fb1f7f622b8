package gen_test

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/scanner"
	"go/token"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen"
)

// FuzzGenerate puts untrusted text into one position of a small catalog (a
// slot) and runs the whole pipeline on it, as the CLI does. Whatever the text,
// either the catalog is refused with errors that each name a file and a line
// or a JSON Pointer, or the generated file
//
//   - is gofmt-clean Go that type-checks against the runtime package;
//   - has no comment other than "// " lines (so no directive such as
//     //go:generate or //line, and no /* */ block), and its first line is the
//     generated-code header;
//   - when the text is a description or a title, declares exactly what the same
//     catalog declares with that text replaced by "x": the text can only land
//     in comments and string literals.
//
// In CI: go test ./gen -run '^$' -fuzz '^FuzzGenerate$' -fuzztime 20000x
func FuzzGenerate(f *testing.F) {
	// Each seed text goes into every prose slot at once and, in turn, into
	// two of the other slots: every text and every slot is seeded, and the
	// seeds stay quick enough to run with go test ./gen.
	var other []int
	for i, s := range fuzzSlots {
		if !s.prose {
			other = append(other, i)
		}
	}
	for i, text := range hostileTexts {
		f.Add(uint8(allProse), text)
		f.Add(uint8(other[(2*i)%len(other)]), text)
		f.Add(uint8(other[(2*i+1)%len(other)]), text)
	}
	for _, n := range []string{"1e400", "-1e400", "1e-400", "1.7976931348623159e308"} {
		f.Add(uint8(slotIndex("maximum")), n)
		f.Add(uint8(slotIndex("numberEnum")), n)
	}
	// Load the runtime package before the first input: read from source on
	// a busy machine it can take longer than the fuzzer lets one input run.
	if err := loadTypes(); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, slot uint8, text string) {
		checkGenerated(t, int(slot)%(len(fuzzSlots)+1), text)
	})
}

// hostileTexts are the seeds: texts that once became code or broke the file,
// and the characters and lengths that have to be handled.
var hostileTexts = []string{
	"x\n//go:generate echo PWNED",
	"Config.\n/* */ func init() { panic(\"PWNED\") } //",
	"A.\n/* */ Injected int //",
	"A.\n//go:embed secret.txt",
	"A.\n//go:linkname evil runtime.evil",
	"A.\n//line evil.go:1",
	"A.\n/*line evil.go:1:1*/",
	"//go:generate echo PWNED",
	"x\n//toolgen:branded ParseEvil",
	"x\n//toolgen:sealed",
	"//toolgen:enum",
	"/* unterminated",
	"*/ func init() {} /*",
	"x\r//go:generate echo CR",
	"x\r\n//go:generate echo CRLF",
	"x\v//go:generate echo VT",
	"x\f//go:generate echo FF",
	"x\u0085//go:generate echo NEL",
	"x\u2028//go:generate echo LS",
	"x\u2029//go:generate echo PS",
	"NUL \x00 here",
	"\ufeffBOM first, \ufeff inside",
	"invalid \xff\xfe UTF-8 \xc0",
	"bidi \u202eevil\u202c and \u2066isolate\u2069 \u200f\u061c",
	"C1 \u0080 \u009b and DEL \x7f and ESC \x1b[31m",
	"  indented\n  - list item\n\n\tcode block\n# Heading",
	"go:generate echo not a directive\n go:generate\n\t//go:generate echo TAB",
	strings.Repeat("word ", 30) + "//go:generate echo WRAP " + strings.Repeat("w ", 40),
	strings.Repeat("x", 77) + " //go:generate echo WRAPPED",
	strings.Repeat("y", 200),
	"+build ignore\n//go:build ignore",
	"\n\n\n",
	"",
	" ",
	"\"quoted\" `raw` \\backslash\\",
	"1e400",
	"-1e400",
}

// fuzzSlot is one position of the catalog that a fuzzed text can take.
type fuzzSlot struct {
	name string
	// prose marks descriptions and titles, which may change only comments
	// and string literals.
	prose bool
	// raw places the text unquoted, as JSON of its own (a number).
	raw bool
	// def is the slot's text when it holds no fuzzed text.
	def string
}

var fuzzSlots = []fuzzSlot{
	{name: "toolName", def: "probe"},
	{name: "toolTitle", prose: true, def: "Probe"},
	{name: "toolDesc", prose: true, def: "Probe things."},
	{name: "toolGoName", def: "Probe"},
	{name: "toolTimeout", def: "1s"},
	{name: "schemaTitle", prose: true, def: "Arguments"},
	{name: "schemaDesc", prose: true, def: "The arguments."},
	{name: "propName", def: "note"},
	{name: "propDesc", prose: true, def: "A note."},
	{name: "propTitle", prose: true, def: "Note"},
	{name: "propDefault", def: "none"},
	{name: "propExample", def: "hello"},
	{name: "enumDesc", prose: true, def: "The mode."},
	{name: "enumValue", def: "fast"},
	{name: "enumTitle", prose: true, def: "Mode"},
	{name: "fieldGoName", def: "Named"},
	// go-jsonschema's goJSONSchema settings that land in the file.
	{name: "goIdentifier", def: "Tagged"},
	{name: "goTagKey", def: "yaml"},
	{name: "goTagValue", def: "tagged,omitempty"},
	{name: "defTitle", prose: true, def: "Config"},
	{name: "defDesc", prose: true, def: "A configuration."},
	{name: "defPropDesc", prose: true, def: "How deep."},
	{name: "outDesc", prose: true, def: "The result."},
	{name: "outPropDesc", prose: true, def: "Whether it worked."},
	{name: "unionTag", def: "circle"},
	{name: "unionDesc", prose: true, def: "A shape."},
	{name: "pattern", def: "^[a-z]+$"},
	{name: "maximum", raw: true, def: "10"},
	{name: "numberEnum", raw: true, def: "1.5"},
	// MCP's icons and "_meta", which land in the definitions as literals.
	{name: "iconSrc", prose: true, def: "https://example.com/probe.png"},
	{name: "iconSize", prose: true, def: "48x48"},
	{name: "iconMIME", prose: true, def: "image/png"},
	{name: "metaKey", prose: true, def: "note"},
	{name: "metaValue", prose: true, def: "kept"},
	// The catalog's file name, named in the header (Options.Source).
	{name: "fileName", def: "catalog.json"},
}

func slotIndex(name string) int {
	for i, s := range fuzzSlots {
		if s.name == name {
			return i
		}
	}
	panic("no fuzz slot " + name)
}

// allProse is the slot number that puts the text in every prose slot at once.
var allProse = len(fuzzSlots)

// fuzzCatalog is the catalog the slots are cut from: @name@ stands for a
// slot's JSON value.
const fuzzCatalog = `{"tools": [{
  "name": @toolName@, "title": @toolTitle@, "description": @toolDesc@,
  "x-toolgen": {"goName": @toolGoName@, "timeout": @toolTimeout@},
  "icons": [{"src": @iconSrc@, "mimeType": @iconMIME@, "sizes": [@iconSize@], "theme": "dark"}],
  "execution": {"taskSupport": "optional"}, "_meta": {@metaKey@: @metaValue@},
  "inputSchema": {
    "type": "object", "title": @schemaTitle@, "description": @schemaDesc@,
    "properties": {
      @propName@: {"type": "string", "description": @propDesc@, "title": @propTitle@,
        "default": @propDefault@, "examples": [@propExample@]},
      "mode": {"type": "string", "title": @enumTitle@, "description": @enumDesc@, "enum": [@enumValue@, "slow"]},
      "named": {"type": "integer", "x-toolgen": {"goName": @fieldGoName@}},
      "tagged": {"type": "string", "format": "ipv6", "goJSONSchema": {"identifier": @goIdentifier@, "extraTags": {@goTagKey@: @goTagValue@}}},
      "config": {"$ref": "#/$defs/Config"},
      "code": {"type": "string", "pattern": @pattern@},
      "limit": {"type": "number", "maximum": @maximum@},
      "ratio": {"type": "number", "enum": [@numberEnum@, 2]},
      "shape": {"description": @unionDesc@, "oneOf": [
        {"type": "object", "properties": {"kind": {"const": @unionTag@}, "r": {"type": "number"}}, "required": ["kind"], "additionalProperties": false},
        {"type": "object", "properties": {"kind": {"const": "square"}, "side": {"type": "number"}}, "required": ["kind"], "additionalProperties": false}
      ]}
    },
    "required": ["mode"],
    "$defs": {"Config": {"type": "object", "title": @defTitle@, "description": @defDesc@,
      "properties": {"depth": {"type": "integer", "description": @defPropDesc@}}}}
  },
  "outputSchema": {"type": "object", "description": @outDesc@,
    "properties": {"ok": {"type": "boolean", "description": @outPropDesc@}}}
}]}`

var slotRef = regexp.MustCompile(`@[A-Za-z]+@`)

// fuzzCatalogJSON fills the catalog's slots: the text in slot (or in every
// prose slot for allProse), each other slot its default.
func fuzzCatalogJSON(slot int, text string) []byte {
	values := map[string]string{}
	for i, s := range fuzzSlots {
		v := s.def
		if i == slot || slot == allProse && s.prose {
			v = text
		}
		if s.raw {
			values["@"+s.name+"@"] = v
		} else {
			values["@"+s.name+"@"] = quoteJSONBytes(v)
		}
	}
	return slotRef.ReplaceAllFunc([]byte(fuzzCatalog), func(ref []byte) []byte {
		return []byte(values[string(ref)])
	})
}

// quoteJSONBytes quotes s as a JSON string, keeping its bytes as they are
// (invalid UTF-8 too) except those JSON must escape, so that the loader, not
// the test, decides what to make of them.
func quoteJSONBytes(s string) string {
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

// checkGenerated runs the pipeline on the catalog with text in slot and checks
// the invariants described at FuzzGenerate.
func checkGenerated(t *testing.T, slot int, text string) {
	t.Helper()
	opts := gen.Options{Package: "tools", Source: "catalog.json"}
	if slot < len(fuzzSlots) && fuzzSlots[slot].name == "fileName" {
		opts.Source = text
	}
	src, diags := generate("catalog.json", fuzzCatalogJSON(slot, text), opts)
	if diags.HasErrors() {
		checkErrorsPoint(t, diags)
		return
	}
	if src == nil {
		t.Fatalf("no code and no error; diagnostics:\n%v", diags)
	}
	checkSyntax(t, src)
	if !isProseSlot(slot) || text == "" {
		typeCheck(t, src)
		return
	}
	// A prose text must leave the declarations those of the catalog with
	// "x" in its place, which type-check: then this file does too, and
	// the type check, most of the cost of an input, is saved.
	if got, want := declarations(t, parseGenerated(t, src)), baseline(t, slot); got != want {
		t.Fatalf("text in %s changed the declarations; with the text:\n%s\nwith \"x\":\n%s", slotName(slot), got, want)
	}
}

// baselines holds, by slot, the declarations generated with "x" in a prose
// slot, once they have type-checked.
var (
	baselinesMu sync.Mutex
	baselines   = map[int]string{}
)

func baseline(t *testing.T, slot int) string {
	t.Helper()
	baselinesMu.Lock()
	defer baselinesMu.Unlock()
	if d, ok := baselines[slot]; ok {
		return d
	}
	src, diags := generate("catalog.json", fuzzCatalogJSON(slot, "x"), gen.Options{Package: "tools", Source: "catalog.json"})
	if diags.HasErrors() {
		t.Fatalf("the catalog with %q in %s is refused:\n%v", "x", slotName(slot), diags)
	}
	checkSyntax(t, src)
	typeCheck(t, src)
	d := declarations(t, parseGenerated(t, src))
	baselines[slot] = d
	return d
}

func isProseSlot(slot int) bool { return slot == allProse || fuzzSlots[slot].prose }

func slotName(slot int) string {
	if slot == allProse {
		return "every prose slot"
	}
	return fuzzSlots[slot].name
}

// checkErrorsPoint checks that each error of a refused catalog says where
// in the catalog the problem is.
func checkErrorsPoint(t *testing.T, diags catalog.Diagnostics) {
	t.Helper()
	for _, d := range diags {
		if d.Severity != catalog.Error {
			continue
		}
		if d.File == "" || d.Line < 1 && d.Pointer == "" {
			t.Errorf("an error that points nowhere: %s", d)
		}
		if strings.Contains(d.Message, "does not format") {
			t.Errorf("generated code that does not format: %s", d)
		}
	}
}

// checkSyntax checks that src is gofmt-clean, its imports grouped as goimports
// groups them, and that its comments are
// plain "// " lines under the header.
func checkSyntax(t *testing.T, src []byte) {
	t.Helper()
	formatted, err := format.Source(src)
	if err != nil {
		t.Fatalf("generated code does not format: %v", err)
	}
	if !bytes.Equal(formatted, src) {
		t.Fatalf("generated code is not gofmt-clean:\n%s", firstDifference(formatted, src))
	}
	header, _, _ := bytes.Cut(src, []byte("\n"))
	if !generatedHeader.Match(header) {
		t.Fatalf("the first line is not the generated-code header: %q", header)
	}
	if bytes.Contains(header, []byte("+build")) {
		t.Fatalf("go vet takes the header for a malformed build constraint: %q", header)
	}
	checkComments(t, src)
	checkImportsGrouped(t, src)
}

// checkSource checks src as checkSyntax does and type-checks it.
func checkSource(t *testing.T, src []byte) {
	t.Helper()
	checkSyntax(t, src)
	typeCheck(t, src)
}

// brandedDirective is a directive the generator writes itself: the last
// line of a branded type's doc, naming its Parse function.
var brandedDirective = regexp.MustCompile(`^//toolgen:branded Parse[A-Za-z0-9_]+$`)

// markDirectives are the others, each ending the doc of the declaration
// the next line must start: a sealed union's interface, an enum's type.
var markDirectives = map[string]*regexp.Regexp{
	"//toolgen:sealed": regexp.MustCompile(`^type [A-Z][A-Za-z0-9_]* interface \{$`),
	"//toolgen:enum":   regexp.MustCompile(`^type [A-Z][A-Za-z0-9_]* string$`),
}

// generatedHeader is the form go generate and linters recognize.
var generatedHeader = regexp.MustCompile(`^// Code generated .* DO NOT EDIT\.$`)

// checkComments scans src as the compiler does and checks every comment: a
// "// " line, a "//\t" line (gofmt's form of a code block in a doc comment)
// or a bare "//", never a directive or a block. It also checks
// that no line of the file starts like a directive, whatever the scanner
// makes of it.
func checkComments(t *testing.T, src []byte) {
	t.Helper()
	fset := token.NewFileSet()
	var branded []int // lines of branded directives
	var s scanner.Scanner
	s.Init(fset.AddFile("tools_gen.go", -1, len(src)), src, func(pos token.Position, msg string) {
		t.Fatalf("scanning generated code: %s: %s", pos, msg)
	}, scanner.ScanComments)
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok == token.COMMENT && brandedDirective.MatchString(lit) {
			branded = append(branded, fset.Position(pos).Line)
			continue
		}
		if next, ok := markDirectives[lit]; tok == token.COMMENT && ok {
			line := fset.Position(pos).Line
			if lines := strings.Split(string(src), "\n"); lines[line-2] != "//" || !next.MatchString(lines[line]) {
				t.Fatalf("line %d: %s does not end the doc of the declaration it marks after a blank comment line: %q, then %q", line, lit, lines[line-2], lines[line])
			}
			continue
		}
		if tok == token.COMMENT && lit != "//" && !strings.HasPrefix(lit, "// ") && !strings.HasPrefix(lit, "//\t") {
			t.Fatalf("%s: a comment that is not a plain // line: %q", fset.Position(pos), lit)
		}
	}
	lines := strings.Split(string(src), "\n")
	for _, line := range branded {
		if prev, next := lines[line-2], lines[line]; prev != "//" || !strings.HasPrefix(next, "type Valid") {
			t.Fatalf("line %d: the branded directive does not end a Valid type's doc after a blank comment line: %q, then %q", line, prev, next)
		}
	}
	for i, line := range lines {
		trimmed := strings.TrimLeft(line, " \t")
		for _, directive := range []string{"//go:", "//line", "/*line", "//export", "//extern", "/*"} {
			if strings.HasPrefix(trimmed, directive) {
				t.Fatalf("line %d starts like a directive: %q", i+1, line)
			}
		}
	}
}

func parseGenerated(t *testing.T, src []byte) *ast.File {
	t.Helper()
	file, err := parser.ParseFile(token.NewFileSet(), "tools_gen.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		t.Fatalf("parsing generated code: %v", err)
	}
	return file
}

// declarations dumps file's syntax tree without comments, positions and the
// contents of string literals: what a text that may only reach comments and
// strings cannot change.
func declarations(t *testing.T, file *ast.File) string {
	t.Helper()
	ast.Inspect(file, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			lit.Value = `""`
		}
		return true
	})
	posType := reflect.TypeFor[token.Pos]()
	var b bytes.Buffer
	err := ast.Fprint(&b, nil, file.Decls, func(name string, v reflect.Value) bool {
		switch {
		case name == "Doc" || name == "Comment" || name == "Comments":
			return false
		case v.Type() == posType:
			return false
		}
		return ast.NotNilFilter(name, v)
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}
