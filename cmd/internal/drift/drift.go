// Package drift compares two versions of a catalog, as toolgen pull -check
// does a committed catalog with what a server lists now: which tools were
// added, removed or changed, and which changes break existing callers.
//
// A caller of a tool sends arguments its input schema accepted and reads
// results its output schema described. A change breaks it when the new
// input schema refuses arguments the old one accepted (a new required
// member, a removed property, a narrower type, enum or bound) or when the
// new output schema admits results the old one did not (a wider type, a new
// enum value, a member no longer required). A change of a keyword whose
// effect is not worked out here (not, if, $ref, a combinator that gained a
// branch and lost another, ...) counts as breaking: a reader must look.
// Descriptions, titles, examples and other annotations never break.
package drift

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/catalog"
)

// Change is one difference in one tool.
type Change struct {
	Tool string
	// Pointer locates the change in the tool object ("/inputSchema/properties/q/maxLength");
	// "" is the tool itself, added or removed.
	Pointer  string
	What     string // what changed, its values shown as JSON
	Breaking bool
}

// Report is what changed between two catalogs.
type Report struct {
	Added, Removed []string // tool names, in catalog order
	Changes        []Change // by tool in the new catalog's order, then by pointer
}

// Breaking counts the changes that break existing callers, removed tools
// included.
func (r Report) Breaking() int {
	n := len(r.Removed)
	for _, c := range r.Changes {
		if c.Breaking {
			n++
		}
	}
	return n
}

// Compare reports what changed from the tools of old to those of new.
func Compare(old, new []catalog.Tool) Report {
	var r Report
	oldByName := map[string]*catalog.Tool{}
	for i := range old {
		oldByName[old[i].Name] = &old[i]
	}
	newNames := map[string]bool{}
	for i := range new {
		t := &new[i]
		newNames[t.Name] = true
		was, ok := oldByName[t.Name]
		if !ok {
			r.Added = append(r.Added, t.Name)
			continue
		}
		c := &comparer{tool: t.Name}
		c.tool2(was, t)
		r.Changes = append(r.Changes, c.changes...)
	}
	for _, t := range old {
		if !newNames[t.Name] {
			r.Removed = append(r.Removed, t.Name)
		}
	}
	return r
}

// Format renders the report, one line per tool added or removed and per
// change, with quote applied to tool names. Pointers and values are shown
// with every invisible character escaped.
func (r Report) Format(quote func(string) string) string {
	var b strings.Builder
	for _, name := range r.Added {
		fmt.Fprintf(&b, "  + tool %s added\n", quote(name))
	}
	for _, name := range r.Removed {
		fmt.Fprintf(&b, "  - tool %s removed: breaks its callers\n", quote(name))
	}
	last := ""
	for i, c := range r.Changes {
		if i == 0 || c.Tool != last {
			fmt.Fprintf(&b, "  ~ tool %s changed:\n", quote(c.Tool))
			last = c.Tool
		}
		verdict := "compatible:     "
		if c.Breaking {
			verdict = "breaks callers: "
		}
		fmt.Fprintf(&b, "      %s%s: %s\n", verdict, visible(c.Pointer), c.What)
	}
	total := len(r.Added) + len(r.Removed) + len(r.Changes)
	switch {
	case total == 0:
		b.WriteString("  no tool changed\n")
	default:
		fmt.Fprintf(&b, "%d %s, %d breaking existing callers\n", total, plural(total, "change"), r.Breaking())
	}
	return b.String()
}

func plural(n int, s string) string {
	if n == 1 {
		return s
	}
	return s + "s"
}

// comparer collects the changes of one tool.
type comparer struct {
	tool    string
	changes []Change
}

func (c *comparer) add(ptr string, breaking bool, format string, args ...any) {
	c.changes = append(c.changes, Change{Tool: c.tool, Pointer: ptr, What: fmt.Sprintf(format, args...), Breaking: breaking})
}

// tool2 compares two versions of a tool.
func (c *comparer) tool2(was, is *catalog.Tool) {
	if was.Title != is.Title {
		c.add("/title", false, "title changed from %s to %s", show(was.Title), show(is.Title))
	}
	if was.Description != is.Description {
		c.add("/description", false, "description changed")
	}
	hints := []struct {
		name    string
		was, is *bool
	}{
		{"readOnlyHint", was.Annotations.ReadOnlyHint, is.Annotations.ReadOnlyHint},
		{"destructiveHint", was.Annotations.DestructiveHint, is.Annotations.DestructiveHint},
		{"idempotentHint", was.Annotations.IdempotentHint, is.Annotations.IdempotentHint},
		{"openWorldHint", was.Annotations.OpenWorldHint, is.Annotations.OpenWorldHint},
	}
	// Hints are hints: a changed one is worth reading, but no call fails.
	for _, h := range hints {
		if showHint(h.was) != showHint(h.is) {
			c.add("/annotations/"+h.name, false, "%s changed from %s to %s", h.name, showHint(h.was), showHint(h.is))
		}
	}
	if was.Settings != is.Settings {
		c.add("/x-toolgen", false, "toolgen's settings changed")
	}
	c.schema("/inputSchema", decode(was.InputSchema), decode(is.InputSchema), input)
	switch {
	case was.OutputSchema == nil && is.OutputSchema == nil:
	case was.OutputSchema == nil:
		c.add("/outputSchema", false, "output schema added: a typed result once regenerated")
	case is.OutputSchema == nil:
		c.add("/outputSchema", true, "output schema removed: a caller reading the typed result gets none")
	default:
		c.schema("/outputSchema", decode(was.OutputSchema), decode(is.OutputSchema), output)
	}
}

func showHint(b *bool) string {
	if b == nil {
		return "unset"
	}
	return fmt.Sprint(*b)
}

// decode reads schema bytes as JSON values, numbers as their text.
func decode(data []byte) any {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return nil
	}
	return v
}

// sortedKeys returns the keys of both maps, sorted.
func sortedKeys(a, b map[string]any) []string {
	var keys []string
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}
