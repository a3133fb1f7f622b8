package catalog

import (
	"errors"
	"fmt"
	"go/token"
	"io/fs"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/toolgen/toolgen/internal/schema"
)

// acceptedShapes lists the catalog shapes Parse understands, for errors.
const acceptedShapes = `accepted shapes: an MCP tools/list result {"tools":[{"name","inputSchema",...}]}; ` +
	`or a JSON array whose elements are all OpenAI chat tools {"type":"function","function":{"name","parameters"}}, ` +
	`all OpenAI Responses tools {"type":"function","name","parameters"}, ` +
	`all Anthropic tools {"name","input_schema"} or all MCP tools {"name","inputSchema"}`

// Load reads and parses the catalog at path.
//
// A file is parsed by Parse: JSON, or YAML when its name ends in .yaml or
// .yml. A folder is read by LoadFolder: every catalog file in it, each
// holding one tool or a whole catalog. A path that cannot be read is
// reported as an error diagnostic at line 0 and a nil Catalog.
func Load(path string) (*Catalog, Diagnostics) {
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		return LoadFolder(path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, Diagnostics{{Severity: Error, File: path, Message: "cannot read the catalog: " + pathErrorReason(err)}}
	}
	return Parse(path, data)
}

// pathErrorReason returns the reason of an error reading a file, without
// the operation and path an *fs.PathError adds: the diagnostic names the
// file already.
func pathErrorReason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// Parse reads a catalog from data; file names it in diagnostics.
//
// When file ends in .yaml or .yml, data is YAML holding the same shapes. It
// is converted to compact JSON first, refusing what has no JSON meaning
// (anchors, aliases, merge keys, tags, keys that are not strings, duplicate
// keys, numbers not written as JSON writes them); every diagnostic is placed
// at the YAML line and column, and the schema bytes of its tools are that
// JSON. Otherwise data is JSON.
//
// The JSON is read strictly (RFC 8259 grammar, valid UTF-8, one top-level
// value); a duplicate object key anywhere in the file is an error. The format
// is detected from the shape of the file: an object with "tools" is an MCP
// tools/list result; in a top-level array the first element decides between
// OpenAI chat, OpenAI Responses, Anthropic and MCP tool objects, and every
// other element must have that same shape.
//
// Parse returns a nil Catalog when data is not JSON (or YAML). Otherwise the
// Catalog holds the tools that could be read, in file order; a tool with an
// error (no name, no input schema, ...) is left out and reported. Callers
// must check Diagnostics.HasErrors before using the catalog. The diagnostics
// are sorted by position.
func Parse(file string, data []byte) (*Catalog, Diagnostics) {
	return parse(file, data, false)
}

// parse is Parse; oneTool also accepts a single tool object as the whole
// file, as the files of a folder catalog may be.
func parse(file string, data []byte, oneTool bool) (*Catalog, Diagnostics) {
	var (
		root  *schema.Node
		index *positionIndex
		diags Diagnostics
	)
	if isYAML(file) {
		root, index, diags = readYAML(file, data)
	} else {
		root, index, diags = readTree(file, data)
	}
	if root == nil {
		diags.Sort()
		return nil, diags
	}
	l := &loader{c: &Catalog{File: file, index: index, schemas: &indexOnce{}}, diags: diags, oneTool: oneTool}
	l.catalog(root)
	l.diags.Sort()
	return l.c, l.diags
}

// loader interprets a parsed file as a catalog.
type loader struct {
	c       *Catalog
	diags   Diagnostics
	oneTool bool // a top-level tool object is a catalog of that one tool
}

func (l *loader) errorf(tool, ptr, format string, args ...any) {
	l.diags = append(l.diags, l.c.Diagnostic(Error, tool, ptr, format, args...))
}

func (l *loader) warnf(class WarningClass, tool, ptr, format string, args ...any) {
	l.diags = append(l.diags, l.c.Warning(class, tool, ptr, format, args...))
}

// catalog detects the format of the top-level value and reads its tools.
func (l *loader) catalog(root *schema.Node) {
	switch root.Kind {
	case jsontext.KindBeginObject:
		tools := root.Member("tools")
		if tools == nil && l.oneTool {
			if f := classify(root); f != "" {
				l.c.Format = f
				l.tool(root, f)
				return
			}
		}
		if tools == nil {
			msg := "the catalog matches no accepted format: a top-level object must have a \"tools\" array"
			switch {
			case l.oneTool && root.Member("name") != nil:
				msg = "the file matches no accepted format: this object has a \"name\" but no input schema; a tool needs \"inputSchema\" (MCP), \"input_schema\" (Anthropic), \"parameters\" (OpenAI Responses) or \"function\" (OpenAI chat)"
			case l.oneTool:
				msg = "the file matches no accepted format: a file in a catalog folder holds one tool object, or a catalog with a \"tools\" array"
			case root.Member("name") != nil && classify(root) != "":
				msg += "; this object looks like a single tool: wrap it as {\"tools\":[ ... ]}, or load it as a file of a catalog folder"
			}
			l.errorf("", "", "%s; %s", msg, acceptedShapes)
			return
		}
		if tools.Kind != jsontext.KindBeginArray {
			l.errorf("", tools.Pointer, "\"tools\" must be an array of tools, found %s", tools.KindName())
			return
		}
		l.c.Format = FormatMCP
		l.serverInfo(root.Member("serverInfo"))
		if len(tools.Items) == 0 {
			l.warnf(WarnEmptyCatalog, "", tools.Pointer, "the catalog has no tools")
		}
		for _, e := range tools.Items {
			l.tool(e, FormatMCP)
		}
	case jsontext.KindBeginArray:
		if len(root.Items) == 0 {
			l.warnf(WarnEmptyCatalog, "", "", "the catalog is an empty array: it has no tools")
			return
		}
		first := classify(root.Items[0])
		if first == "" {
			l.errorf("", root.Items[0].Pointer, "the first element is not a tool in any accepted format (found %s); %s",
				describeElement(root.Items[0]), acceptedShapes)
			return
		}
		l.c.Format = first
		for _, e := range root.Items {
			if f := classify(e); f != first {
				l.errorf("", e.Pointer, "expected %s like the first element, found %s; all tools in one file must use the same format",
					formatShape(first), describeElement(e))
				continue
			}
			l.tool(e, first)
		}
	default:
		l.errorf("", "", "the catalog is %s, not a JSON object or array; %s", root.KindName(), acceptedShapes)
	}
}

// serverInfo reads the top-level "serverInfo" that toolgen pull records:
// an object with the server's "name" and "version", both strings.
func (l *loader) serverInfo(n *schema.Node) {
	if n == nil {
		return
	}
	const want = `"serverInfo" names the server a catalog was pulled from: {"name": "...", "version": "..."}`
	if !n.IsObject() {
		l.errorf("", n.Pointer, "%s; found %s", want, n.KindName())
		return
	}
	info := &ServerInfo{}
	for _, m := range n.Members {
		var field *string
		switch m.Name {
		case "name":
			field = &info.Name
		case "version":
			field = &info.Version
		default:
			l.errorf("", m.Value.Pointer, "%s; %q is not one of its members", want, m.Name)
			continue
		}
		if m.Value.Kind != jsontext.KindString {
			l.errorf("", m.Value.Pointer, "%s; %q must be a string, found %s", want, m.Name, m.Value.KindName())
			continue
		}
		*field = m.Value.Str
	}
	l.c.Server = info
}

// classify returns the format whose tool shape n has, or "" when none.
// Only the members that tell the formats apart are looked at; whether the
// tool is complete is checked when it is read.
func classify(n *schema.Node) Format {
	switch {
	case !n.IsObject():
		return ""
	case n.Member("function") != nil:
		return FormatOpenAIChat
	case n.Member("input_schema") != nil:
		return FormatAnthropic
	case n.Member("inputSchema") != nil:
		return FormatMCPArray
	case n.Member("parameters") != nil, n.Member("type") != nil && n.Member("type").Str == "function":
		return FormatOpenAIResponses
	}
	return ""
}

// formatShape describes the tool shape of format f for messages.
func formatShape(f Format) string {
	switch f {
	case FormatOpenAIChat:
		return `an OpenAI chat tool {"type":"function","function":{"name","description","parameters"}}`
	case FormatOpenAIResponses:
		return `an OpenAI Responses tool {"type":"function","name","description","parameters"}`
	case FormatAnthropic:
		return `an Anthropic tool {"name","description","input_schema"}`
	case FormatMCP, FormatMCPArray:
		return `an MCP tool {"name","description","inputSchema"}`
	}
	return "a tool"
}

// describeElement says what an array element is, for format errors.
func describeElement(n *schema.Node) string {
	if !n.IsObject() {
		return n.KindName()
	}
	if f := classify(n); f != "" {
		return formatShape(f)
	}
	return "an object that matches no tool shape"
}

// schemaMember names the member holding the input schema in each format.
func schemaMember(f Format) string {
	switch f {
	case FormatOpenAIChat, FormatOpenAIResponses:
		return "parameters"
	case FormatAnthropic:
		return "input_schema"
	}
	return "inputSchema"
}

// tool reads one tool written in format f and appends it to the catalog
// when it has no errors.
func (l *loader) tool(n *schema.Node, f Format) {
	if !n.IsObject() {
		l.errorf("", n.Pointer, "a tool must be an object, found %s", n.KindName())
		return
	}
	if f == FormatMCP {
		// Inside {"tools":[...]} there is no first element to follow, but
		// a tool of another format is worth naming as such.
		if g := classify(n); g != FormatMCPArray && g != "" {
			l.errorf("", n.Pointer, "expected %s, found %s; an MCP catalog {\"tools\":[...]} holds MCP tools only", formatShape(f), formatShape(g))
			return
		}
	}
	before := len(l.diags)
	t := Tool{File: l.c.File, Pointer: n.Pointer, index: l.c.index, owner: l.c.schemas}

	// def is the object holding the name, description and schema.
	def := n
	switch f {
	case FormatOpenAIChat:
		l.functionType(n)
		def = n.Member("function")
		if !def.IsObject() {
			l.errorf("", def.Pointer, "\"function\" must be an object {\"name\",\"description\",\"parameters\"}, found %s", def.KindName())
			return
		}
		if x := n.Member("x-toolgen"); x != nil {
			l.errorf("", x.Pointer, "\"x-toolgen\" of an OpenAI chat tool belongs inside \"function\", beside \"name\"; move it there")
		}
	case FormatOpenAIResponses:
		l.functionType(n)
	case FormatAnthropic:
		if typ := n.Member("type"); typ != nil && (typ.Kind != jsontext.KindString || typ.Str != "custom") {
			l.errorf("", typ.Pointer, "\"type\" of an Anthropic tool with an input schema must be \"custom\" or absent, found %s; server tools (web search, code execution, ...) run at Anthropic and have nothing to generate", describeValue(typ))
		}
	}

	// The name comes first: later diagnostics name the tool.
	if name := def.Member("name"); name == nil {
		l.errorf("", def.Pointer, "the tool has no \"name\"")
	} else if name.Kind != jsontext.KindString {
		l.errorf("", name.Pointer, "\"name\" must be a string, found %s", name.KindName())
	} else {
		t.Name = name.Str
	}
	t.Description = l.optString(t.Name, def, "description")

	key := schemaMember(f)
	if t.input = l.schema(t.Name, def, key, true); t.input != nil {
		t.InputSchema, t.SchemaPointer = t.input.Raw, t.input.Pointer
		input := t.input
		t.strict = sync.OnceValues(func() ([]byte, error) { return strictVariant(input.Clone()) })
	}

	switch f {
	case FormatMCP, FormatMCPArray:
		if t.output = l.schema(t.Name, def, "outputSchema", false); t.output != nil {
			t.OutputSchema, t.OutputSchemaPointer = t.output.Raw, t.output.Pointer
		}
	case FormatOpenAIChat, FormatOpenAIResponses:
		t.Strict = l.optBool(t.Name, def, "strict")
	}
	t.Settings = l.settings(t.Name, def.Member("x-toolgen"))
	// Annotations, hints and timeouts are read from every shape, and what
	// is not read is recorded for Lint to report.
	if f == FormatOpenAIChat {
		l.members(&t, f, def, n)
	} else {
		l.members(&t, f, def)
	}
	if t.Title == "" {
		t.Title = t.Annotations.Title
	}

	if len(l.diags) == before {
		l.c.Tools = append(l.c.Tools, t)
	}
}

// functionType checks the "type":"function" of an OpenAI tool.
func (l *loader) functionType(n *schema.Node) {
	typ := n.Member("type")
	switch {
	case typ == nil:
		l.errorf("", n.Pointer, "an OpenAI tool needs \"type\":\"function\"")
	case typ.Kind != jsontext.KindString || typ.Str != "function":
		l.errorf("", typ.Pointer, "\"type\" must be \"function\", found %s; toolgen generates function tools only", describeValue(typ))
	}
}

// schema returns the schema in member key of def, a tree of the file's
// whose text is the schema's bytes as written. A missing schema is an
// error when required.
func (l *loader) schema(tool string, def *schema.Node, key string, required bool) *schema.Node {
	n := def.Member(key)
	if n == nil {
		if required {
			l.errorf(tool, def.Pointer, "the tool has no %q; every tool needs an input schema, and one without arguments has {\"type\":\"object\",\"properties\":{}}", key)
		}
		return nil
	}
	switch n.Kind {
	case jsontext.KindBeginObject:
		return n
	case jsontext.KindTrue, jsontext.KindFalse:
		l.errorf(tool, n.Pointer, "%q is the boolean schema %s; a tool's schema must be an object schema such as {\"type\":\"object\",\"properties\":{}}", key, n.KindName())
	default:
		l.errorf(tool, n.Pointer, "%q must be a JSON Schema object, found %s", key, n.KindName())
	}
	return nil
}

// optString reads an optional string member.
func (l *loader) optString(tool string, obj *schema.Node, key string) string {
	n := obj.Member(key)
	if n == nil {
		return ""
	}
	if n.Kind != jsontext.KindString {
		l.errorf(tool, n.Pointer, "%q must be a string, found %s", key, n.KindName())
		return ""
	}
	return n.Str
}

// optBool reads an optional boolean member.
func (l *loader) optBool(tool string, obj *schema.Node, key string) *bool {
	n := obj.Member(key)
	if n == nil {
		return nil
	}
	if n.Kind != jsontext.KindTrue && n.Kind != jsontext.KindFalse {
		l.errorf(tool, n.Pointer, "%q must be true or false, found %s", key, n.KindName())
		return nil
	}
	b := n.Kind == jsontext.KindTrue
	return &b
}

// settingKeys are the members an "x-toolgen" object may have.
var settingKeys = []string{"goName", "timeout"}

// settings reads the tool's "x-toolgen" object.
func (l *loader) settings(tool string, n *schema.Node) Settings {
	var s Settings
	if n == nil {
		return s
	}
	if !n.IsObject() {
		l.errorf(tool, n.Pointer, "\"x-toolgen\" must be an object such as {\"goName\":\"CreateOrder\"}, found %s", n.KindName())
		return s
	}
	for _, m := range n.Members {
		switch m.Name {
		case "goName":
			s.GoName = l.optString(tool, n, "goName")
			if m.Value.Kind == jsontext.KindString && (!token.IsIdentifier(s.GoName) || !token.IsExported(s.GoName)) {
				l.errorf(tool, m.Value.Pointer, "\"goName\" %q is not an exported Go identifier: it must start with an upper-case letter, followed by letters, digits and _", s.GoName)
				s.GoName = ""
			}
		case "timeout":
			text := l.optString(tool, n, "timeout")
			if m.Value.Kind != jsontext.KindString {
				break
			}
			d, err := time.ParseDuration(text)
			if err != nil || d <= 0 {
				l.errorf(tool, m.Value.Pointer, "\"timeout\" %q is not a positive duration such as \"5s\" or \"1m30s\"", text)
				break
			}
			s.Timeout = d
		default:
			msg := fmt.Sprintf("unknown key %q in \"x-toolgen\"", m.Name)
			if s := suggest(m.Name, settingKeys); s != "" {
				msg += fmt.Sprintf("; did you mean %q?", s)
			}
			l.errorf(tool, m.Value.Pointer, "%s (known keys: %s)", msg, strings.Join(settingKeys, ", "))
		}
	}
	return s
}

// describeValue shows a short scalar as JSON, anything else by its kind.
func describeValue(n *schema.Node) string {
	if n.Kind == jsontext.KindString {
		return fmt.Sprintf("%q", n.Str)
	}
	return n.KindName()
}

// Sort orders the diagnostics by line, then column, then severity (errors
// first), tool, pointer and message, so that output is deterministic.
func (ds Diagnostics) Sort() {
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i], ds[j]
		switch {
		case a.File != b.File:
			return a.File < b.File
		case a.Line != b.Line:
			return a.Line < b.Line
		case a.Col != b.Col:
			return a.Col < b.Col
		case a.Severity != b.Severity:
			return a.Severity < b.Severity
		case a.Tool != b.Tool:
			return a.Tool < b.Tool
		case a.Pointer != b.Pointer:
			return a.Pointer < b.Pointer
		}
		return a.Message < b.Message
	})
}
