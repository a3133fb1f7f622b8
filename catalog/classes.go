package catalog

import (
	"fmt"
	"slices"
	"strings"
)

// WarningClass names a kind of warning, so that a run can leave that kind
// out (toolgen -quiet). The names are stable: go:generate lines and CI
// scripts spell them. An error has no class and is never left out.
type WarningClass string

// The warning classes; WarningClasses says what each covers.
const (
	WarnUnknownFormat    WarningClass = "unknown-format"
	WarnUnknownKeyword   WarningClass = "unknown-keyword"
	WarnForeignKeyword   WarningClass = "foreign-keyword"
	WarnDiscriminator    WarningClass = "discriminator"
	WarnUnappliedDefault WarningClass = "unapplied-default"
	WarnUnsatisfiable    WarningClass = "unsatisfiable"
	WarnUnreadMember     WarningClass = "unread-member"
	WarnEmptyCatalog     WarningClass = "empty-catalog"
	WarnGoName           WarningClass = "go-name"
	WarnOpenAIStrict     WarningClass = "openai-strict"
	WarnProviderName     WarningClass = "provider-name"
	WarnProvider         WarningClass = "provider"
	WarnPatternSpelling  WarningClass = "pattern-spelling"
	WarnSkippedTool      WarningClass = "skipped-tool"
)

type classInfo struct {
	class   WarningClass
	summary string
}

// warningClasses lists every class with what it covers, in the order help
// shows them.
var warningClasses = []classInfo{
	{WarnUnknownFormat, `a "format" toolgen does not know, kept as an annotation`},
	{WarnUnknownKeyword, "a word that is no keyword and no likely misspelling, ignored as an annotation"},
	{WarnForeignKeyword, `a keyword of OpenAPI or of another draft ("nullable", "example", "additionalItems", ...), ignored`},
	{WarnDiscriminator, `an OpenAPI "discriminator" that disagrees with its alternatives`},
	{WarnUnappliedDefault, `a "default" that is not applied (invalid, or of a Go type of the catalog's choosing)`},
	{WarnUnsatisfiable, "a schema no call can pass"},
	{WarnUnreadMember, "a member of a tool that toolgen does not read"},
	{WarnEmptyCatalog, "a catalog with no tools"},
	{WarnGoName, "a Go name taken by another, replaced by a numbered one"},
	{WarnOpenAIStrict, "a tool without an OpenAI strict-mode variant (-openai-strict)"},
	{WarnProviderName, "a tool name some provider refuses"},
	{WarnProvider, "what a provider may reject or ignore (toolgen lint)"},
	{WarnPatternSpelling, "a pattern spelled as another engine spells it (Python's (?P<name>...)), read as ECMA-262 reads the same"},
	{WarnSkippedTool, "a tool left out by -skip-uncompilable, with the problems that left it out"},
}

// WarningClasses returns every warning class and what it covers, one
// "class: summary" line each.
func WarningClasses() []string {
	out := make([]string, len(warningClasses))
	for i, c := range warningClasses {
		out[i] = fmt.Sprintf("%s: %s", c.class, c.summary)
	}
	return out
}

// ParseWarningClasses reads a comma-separated list of warning classes, as
// -quiet takes it; an unknown name is an error that lists the known ones.
func ParseWarningClasses(list string) ([]WarningClass, error) {
	var out []WarningClass
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		i := slices.IndexFunc(warningClasses, func(c classInfo) bool { return string(c.class) == name })
		if i < 0 {
			names := make([]string, len(warningClasses))
			for j, c := range warningClasses {
				names[j] = string(c.class)
			}
			return nil, fmt.Errorf("unknown warning class %q; the classes are %s", name, strings.Join(names, ", "))
		}
		out = append(out, warningClasses[i].class)
	}
	return out, nil
}

// Quiet returns ds without the warnings of the given classes. Errors are
// always kept.
func (ds Diagnostics) Quiet(classes []WarningClass) Diagnostics {
	if len(classes) == 0 {
		return ds
	}
	return slices.DeleteFunc(slices.Clone(ds), func(d Diagnostic) bool {
		return d.Severity == Warning && slices.Contains(classes, d.Class)
	})
}

// Warning builds a warning of the given class about the named tool, as
// Diagnostic builds a diagnostic.
func (c *Catalog) Warning(class WarningClass, tool, pointer, format string, args ...any) Diagnostic {
	d := c.Diagnostic(Warning, tool, pointer, format, args...)
	d.Class = class
	return d
}

// Warning builds a warning of the given class about the tool, as
// Diagnostic builds a diagnostic.
func (t *Tool) Warning(class WarningClass, pointer, format string, args ...any) Diagnostic {
	d := t.Diagnostic(Warning, pointer, format, args...)
	d.Class = class
	return d
}
