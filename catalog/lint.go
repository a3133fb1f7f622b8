package catalog

import (
	"fmt"
	"unicode/utf8"

	"github.com/toolgen/toolgen/internal/jsonpointer"
)

// LintOptions tune Lint.
type LintOptions struct {
	// Strict makes every word in a schema that is not a JSON Schema 2020-12
	// keyword an error, vendor extensions ("x-...") and other vocabularies'
	// keywords included; only "x-toolgen" stays allowed. It also makes every
	// member of a tool that toolgen does not read an error. Without Strict
	// an unknown word is a warning (it is an annotation by the spec), an
	// "x-" word is silent, and an unread member is a warning.
	Strict bool
}

// Lint checks a loaded catalog beyond its shape:
//
//   - tool names are unique and not empty; a name that does not match
//     ^[A-Za-z0-9_.-]{1,128}$, which MCP advises, is a warning;
//   - every input and output schema is a valid JSON Schema draft 2020-12
//     schema (checked against the meta-schema with
//     github.com/santhosh-tekuri/jsonschema/v6), declares no other draft in
//     "$schema", describes a JSON object at its root, and has no "$ref"
//     that cannot be resolved inside the schema itself (nothing is loaded
//     from files or the network);
//   - no schema has a misspelt keyword (an error, with a suggestion) or, in
//     Strict mode, any word that is not a keyword; other unknown words are
//     warnings;
//   - every "default" in an input schema validates against its own schema
//     node; one that does not is a warning and is recorded in the tool's
//     RejectedDefaults so that the generator does not apply it;
//   - a keyword of OpenAPI or of another draft ("example", "nullable",
//     "additionalItems", ...) is a warning saying what 2020-12 writes
//     instead, never a misspelling (an error in Strict mode);
//   - a member of a tool that the loader did not read ("cache_control",
//     "execution.ttl", ...) is a warning naming it, once per member name
//     (an error in Strict mode).
//
// Each diagnostic points at the exact node in the file. Lint sets
// RejectedDefaults on the catalog's tools. The diagnostics are sorted by
// position.
func Lint(c *Catalog, opts LintOptions) Diagnostics {
	x := c.Index()
	l := &linter{c: c, opts: opts, index: x, identified: identifiedSchemas(x), costs: map[string]identifiedCost{}}
	for _, t := range c.Tools {
		l.schemaBytes += len(t.InputSchema) + len(t.OutputSchema)
	}
	l.allowance = metaCheckBase + metaCheckPerByte*int64(l.schemaBytes)
	first := map[string]int{} // tool name -> index of its first tool
	for i := range c.Tools {
		t := &c.Tools[i]
		t.RejectedDefaults = nil
		namePtr := l.namePointer(t)
		l.checkName(t, namePtr)
		if j, dup := first[t.Name]; dup {
			prev := &c.Tools[j]
			line, _ := c.Position(l.namePointer(prev))
			l.errorf(t.Name, namePtr, "duplicate tool name %q: the first tool with this name is at line %d (%s); tool names must be unique", t.Name, line, jsonpointer.Display(prev.Pointer))
		} else {
			first[t.Name] = i
		}
		if t.InputSchema != nil {
			l.schema(t, i, false)
		}
		if t.OutputSchema != nil {
			l.schema(t, i, true)
		}
	}
	l.reportUnread()
	l.diags.Sort()
	return l.diags
}

// linter collects the diagnostics of one Lint call.
type linter struct {
	c     *Catalog
	opts  LintOptions
	diags Diagnostics
	index *Index // the catalog's schemas
	// identified are the schemas of the catalog that have an "$id", by that
	// absolute URI: one tool's schema may refer to another's.
	identified map[string]identifiedSchema

	// allowance is what is left of the catalog's allowance for the
	// meta-schema check, in steps (metacheck.go); schemaBytes is the size
	// it was made from, and costs what the schemas with an "$id" cost.
	allowance   int64
	schemaBytes int
	costs       map[string]identifiedCost
}

func (l *linter) errorf(tool, ptr, format string, args ...any) {
	l.diags = append(l.diags, l.c.Diagnostic(Error, tool, ptr, format, args...))
}

func (l *linter) warnf(class WarningClass, tool, ptr, format string, args ...any) {
	l.diags = append(l.diags, l.c.Warning(class, tool, ptr, format, args...))
}

// namePointer locates a tool's "name" member in the file.
func (l *linter) namePointer(t *Tool) string {
	if l.c.Format == FormatOpenAIChat {
		return t.Pointer + "/function/name"
	}
	return t.Pointer + "/name"
}

// checkName reports a name that is empty (an error: nothing could call the
// tool by it) or that the MCP specification advises against (a warning:
// ^[A-Za-z0-9_.-]{1,128}$ is a SHOULD, and real servers name tools
// "elicit (form)"; Go identifiers are made from any name).
func (l *linter) checkName(t *Tool, ptr string) {
	const rule = "the MCP specification advises 1 to 128 characters from A-Z, a-z, 0-9, '_', '.' and '-', and clients may refuse other names"
	if t.Name == "" {
		l.errorf(t.Name, ptr, "the tool name is empty; name the tool, with 1 to 128 characters from A-Z, a-z, 0-9, '_', '.' and '-'")
		return
	}
	for i, r := range t.Name {
		if !mcpName.allowed(r) {
			l.warnf(WarnProviderName, t.Name, ptr, "tool name %q has %q at byte %d; %s", t.Name, r, i, rule)
			return
		}
	}
	if n := utf8.RuneCountInString(t.Name); n > mcpName.max {
		l.warnf(WarnProviderName, t.Name, ptr, "tool name %q is %d characters long; %s", t.Name, n, rule)
	}
}

// describeJSON renders a decoded JSON value compactly for a message,
// shortened when long.
func describeJSON(v any) string {
	s := compactJSON(v)
	if utf8.RuneCountInString(s) > 60 {
		s = string([]rune(s)[:57]) + "..."
	}
	return s
}

// compactJSON renders a decoded JSON value.
func compactJSON(v any) string {
	b, err := marshalJSON(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// FirstOfEachName returns a catalog holding the first tool of each name,
// for the stages that run after Lint. A duplicate name is one error, which
// Lint (or LoadFolder) reports; a generator given both tools would report
// the same cause again in its own terms (a Go name taken, a schema URI
// given twice). It returns c itself when the names are unique.
func (c *Catalog) FirstOfEachName() *Catalog {
	seen := make(map[string]bool, len(c.Tools))
	tools := make([]Tool, 0, len(c.Tools))
	for _, t := range c.Tools {
		if !seen[t.Name] {
			seen[t.Name] = true
			tools = append(tools, t)
		}
	}
	if len(tools) == len(c.Tools) {
		return c
	}
	unique := *c
	unique.Tools = tools
	unique.schemas = &indexOnce{} // an index of its own tools
	return &unique
}

// Without returns the catalog less the tools whose names leave says, for a
// generation that leaves them out; diagnostics keep pointing into the file.
// Its index holds the schemas of the tools kept, and no other: a reference
// to a schema of a tool left out does not resolve. It returns c itself when
// no tool is left out.
func (c *Catalog) Without(leave func(name string) bool) *Catalog {
	var tools []Tool
	for _, t := range c.Tools {
		if !leave(t.Name) {
			tools = append(tools, t)
		}
	}
	if len(tools) == len(c.Tools) {
		return c
	}
	kept := *c
	kept.Tools = tools
	kept.schemas = &indexOnce{}
	return &kept
}
