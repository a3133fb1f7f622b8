// Package catalog loads tool catalogs, normalises them to one shape and lints
// them, so that the generator only ever sees well-formed tools and every
// problem can be reported against the file, line and JSON Pointer it came from.
package catalog

import (
	"fmt"
	"strings"
	"time"

	"github.com/toolgen/toolgen/internal/jsonpointer"
	"github.com/toolgen/toolgen/internal/schema"
	"github.com/toolgen/toolgen/internal/visible"
)

// Format names the shape a catalog file was written in.
type Format string

const (
	// FormatMCP is the MCP tools/list result: {"tools":[{"name","inputSchema",...}]}.
	FormatMCP Format = "mcp"
	// FormatOpenAIChat is a JSON array of {"type":"function","function":{...}}.
	FormatOpenAIChat Format = "openai-chat"
	// FormatOpenAIResponses is a JSON array of {"type":"function","name",...,"parameters"}.
	FormatOpenAIResponses Format = "openai-responses"
	// FormatAnthropic is a JSON array of {"name","description","input_schema"}.
	FormatAnthropic Format = "anthropic"
	// FormatMCPArray is a bare JSON array of MCP tool objects
	// [{"name","inputSchema",...}], as some servers record their tools/list
	// output.
	FormatMCPArray Format = "mcp-array"
)

// Catalog is a loaded catalog: its tools in file order.
//
// A catalog read from a folder of files (see Load) has the folder as its
// File and no positions of its own: each Tool records the file it came from
// and locates its pointers in that file.
type Catalog struct {
	File   string // the path as given (a file or a folder), used in diagnostics
	Format Format
	Tools  []Tool
	// Server is the server the catalog was pulled from (toolgen pull), from
	// the top-level "serverInfo" of an MCP-shaped catalog; nil when the
	// catalog does not name one.
	Server *ServerInfo

	index   *positionIndex // JSON Pointer -> line:col in File; nil for a folder
	schemas *indexOnce     // the Index, made on first use; nil for a catalog made by hand
}

// ServerInfo names a server and its version, as MCP's initialize result
// does. The text is the server's, untrusted like the rest of a catalog.
type ServerInfo struct {
	Name, Version string
}

// Tool is one tool, whatever format it was written in.
type Tool struct {
	// File is the file the tool was read from: the catalog's File, or for
	// a folder catalog the tool's own file in the folder.
	File string

	Name        string
	Title       string // the tool's "title", or annotations.title when only that is set
	Description string
	// InputSchema and OutputSchema are the schema bytes exactly as they
	// stand in the file, which generated code embeds and adapters send.
	// OutputSchema is nil when the tool has none. Every reading of a schema
	// goes through the catalog's Index instead, which holds the trees the
	// loader read.
	InputSchema  []byte
	OutputSchema []byte
	Annotations  Annotations
	Settings     Settings

	// Execution, Icons and Meta are the tool's other MCP members, read
	// from any shape: "execution" (how a client may run it), "icons", and
	// "_meta" as its bytes in the file (nil when the tool has none).
	// toolgen does nothing with them but put them in the definitions.
	Execution Execution
	Icons     []Icon
	Meta      []byte

	// Strict is OpenAI's "strict" flag of the function; nil when the
	// catalog does not say (always nil outside the OpenAI formats).
	Strict *bool

	// Pointer locates the tool object in the file ("/tools/3" or "/3");
	// SchemaPointer its input schema ("/tools/3/inputSchema",
	// "/3/function/parameters", ...). Add a pointer relative to the schema to
	// SchemaPointer to locate a schema node in the file.
	// OutputSchemaPointer locates the output schema; "" when there is none.
	Pointer             string
	SchemaPointer       string
	OutputSchemaPointer string

	// RejectedDefaults is filled in by Lint: the input-schema nodes whose
	// "default" does not validate against the node itself, keyed by the
	// node's JSON Pointer relative to the input schema ("" for the root,
	// "/properties/limit", ...). Lint warns about each one; generated code
	// must not apply these defaults. Nil when there are none.
	RejectedDefaults map[string]bool

	index  *positionIndex         // JSON Pointer -> line:col in File
	unread []unreadMember         // members the loader did not read, for Lint to report
	strict func() ([]byte, error) // the strict variant, made once when first asked

	// input and output are the schemas as the loader read them, subtrees
	// of the file's tree; owner is the index of the catalog that may index
	// them in place.
	input, output *schema.Node
	owner         *indexOnce
}

// StrictVariant returns the OpenAI strict-mode variant of the tool's input
// schema, as the function StrictVariant makes it: nil and a *StrictError
// when strict mode cannot express the schema. A tool read by Load or Parse
// makes it once, when first asked, so that only a run that needs it pays
// for it.
func (t *Tool) StrictVariant() ([]byte, error) {
	switch {
	case t.strict != nil:
		return t.strict()
	case t.input != nil:
		return strictVariant(t.input.Clone())
	}
	return StrictVariant(t.InputSchema)
}

// Annotations are MCP's tool annotations, read from any catalog shape: the
// tool's "annotations" object, or the hints as members of the tool
// ("idempotent": true, "readOnlyHint": false, ...). A nil hint means the
// catalog did not say.
type Annotations struct {
	Title           string
	ReadOnlyHint    *bool
	DestructiveHint *bool
	IdempotentHint  *bool
	OpenWorldHint   *bool
}

// Execution is MCP's "execution" member of a tool (specification
// 2025-11-25, tasks).
type Execution struct {
	// TaskSupport says whether a client may ("optional"), must
	// ("required") or must not ("forbidden") call the tool as a task; ""
	// when the catalog does not say, which MCP reads as "forbidden".
	TaskSupport string
}

// Icon is one of a tool's MCP "icons".
type Icon struct {
	Src      string   // a URL or a data: URI
	MIMEType string   // "" when not given
	Sizes    []string // such as "48x48" or "any"; nil when not given
	Theme    string   // "light" or "dark"; "" for any background
}

// Settings are toolgen's own per-tool settings, from the "x-toolgen" object
// that stands beside the tool's "name" (for OpenAI chat tools that is inside
// "function"). Unknown keys in it are errors.
type Settings struct {
	// GoName overrides the Go name derived from the tool name.
	GoName string
	// Timeout bounds each run of the tool's handler ("timeout": "5s");
	// 0 means the dispatcher's default.
	Timeout time.Duration
}

// Severity says whether a diagnostic stops generation.
type Severity int

const (
	Error Severity = iota
	Warning
)

// Diagnostic is one problem found in a catalog, located in its file.
type Diagnostic struct {
	Severity  Severity
	File      string
	Line, Col int    // 1-based; 0 when unknown
	Tool      string // the tool's name; "" when the problem is not about one tool
	Pointer   string // JSON Pointer into the catalog file
	Message   string
	// Class names the kind of a warning, which toolgen -quiet leaves
	// out; "" for an error.
	Class WarningClass
}

// String renders the diagnostic as file:line:col: tool "name" /pointer:
// message, a warning with the flag that silences its class at the end,
// as GCC names a warning's flag ("[-quiet=unknown-format]"). A position
// that is not known is left out rather than written as 0: file:line:
// without a column, file: without a line. Much of a diagnostic is the
// catalog's own text (names, pointers, quoted values), which may hold what
// a terminal acts on: every part is shown through internal/visible, so the
// line holds no control, bidirectional or other hidden character and is
// valid UTF-8. A long pointer is shown shortened (shortPointer).
func (d Diagnostic) String() string {
	var b strings.Builder
	file := visible.String(d.File)
	switch {
	case d.Line < 1:
		fmt.Fprintf(&b, "%s: ", file)
	case d.Col < 1:
		fmt.Fprintf(&b, "%s:%d: ", file, d.Line)
	default:
		fmt.Fprintf(&b, "%s:%d:%d: ", file, d.Line, d.Col)
	}
	if d.Tool != "" {
		fmt.Fprintf(&b, "tool %s ", quoteName(d.Tool))
	}
	if d.Pointer != "" || d.Tool != "" {
		b.WriteString(visible.String(shortPointer(jsonpointer.Display(d.Pointer))))
		b.WriteString(": ")
	}
	if d.Severity == Warning {
		b.WriteString("warning: ")
	}
	b.WriteString(visible.String(d.Message))
	if d.Severity == Warning && d.Class != "" {
		fmt.Fprintf(&b, " [-quiet=%s]", d.Class)
	}
	return b.String()
}

// Diagnostics is a list of problems; as an error it reports the errors among them.
type Diagnostics []Diagnostic

// HasErrors reports whether any diagnostic is an error rather than a warning.
func (ds Diagnostics) HasErrors() bool {
	for _, d := range ds {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

func (ds Diagnostics) Error() string {
	var lines []string
	for _, d := range ds {
		lines = append(lines, d.String())
	}
	return strings.Join(lines, "\n")
}

// Diagnostic builds a diagnostic about the named tool ("" for none) located
// at pointer, a JSON Pointer into the file the tool came from. For a catalog
// read from one file that is the catalog's File; for a folder catalog it is
// the File of the tool with that name, and a diagnostic naming no tool (or
// a tool the catalog does not hold) is placed on the folder, without a line.
func (c *Catalog) Diagnostic(sev Severity, tool, pointer, format string, args ...any) Diagnostic {
	if c.index == nil && tool != "" {
		for i := range c.Tools {
			if t := &c.Tools[i]; t.Name == tool && t.index != nil {
				return t.Diagnostic(sev, pointer, format, args...)
			}
		}
	}
	line, col := c.Position(pointer)
	return Diagnostic{Severity: sev, File: c.File, Line: line, Col: col, Tool: tool, Pointer: pointer, Message: fmt.Sprintf(format, args...)}
}

// Diagnostic builds a diagnostic about the tool located at pointer, a JSON
// Pointer into the tool's File.
func (t *Tool) Diagnostic(sev Severity, pointer, format string, args ...any) Diagnostic {
	line, col := t.Position(pointer)
	return Diagnostic{Severity: sev, File: t.File, Line: line, Col: col, Tool: t.Name, Pointer: pointer, Message: fmt.Sprintf(format, args...)}
}

// Merge adds the diagnostics of a later stage, leaving out errors at a
// pointer of a file where ds already reports an error (two stages refusing
// the same construct say it once), and sorts the result.
func (ds Diagnostics) Merge(later Diagnostics) Diagnostics {
	type place struct{ file, pointer string }
	failed := map[place]bool{}
	for _, d := range ds {
		if d.Severity == Error {
			failed[place{d.File, d.Pointer}] = true
		}
	}
	out := append(Diagnostics(nil), ds...)
	for _, d := range later {
		if d.Severity != Error || !failed[place{d.File, d.Pointer}] {
			out = append(out, d)
		}
	}
	out.Sort()
	return out
}
