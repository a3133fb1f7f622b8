package catalog

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/toolgen/toolgen/internal/jsonpointer"
	"github.com/toolgen/toolgen/internal/schema"
)

// Every shape of tool may carry what toolgen uses beyond the name,
// description and schemas: MCP's "annotations", the same hints written as
// members of the tool ("idempotent": true, "idempotentHint": true), a
// "title" and a "timeout", and MCP's "execution", "icons" and "_meta",
// which go into the definitions for the MCP adapters. MCP defines them;
// OpenAI and Anthropic have no place for them, so catalogs in those shapes
// put them beside the tool's name. Whatever else a tool object holds is
// recorded, and Lint reports it: nothing a catalog says is dropped without
// a word.

// formatMembers are the members each format's tool object has that the
// loader reads itself: for OpenAI chat, those of "function" and of the
// object around it.
var formatMembers = map[Format][]string{
	FormatMCP:             {"name", "description", "inputSchema", "outputSchema", "x-toolgen"},
	FormatMCPArray:        {"name", "description", "inputSchema", "outputSchema", "x-toolgen"},
	FormatOpenAIChat:      {"type", "function", "name", "description", "parameters", "strict", "x-toolgen"},
	FormatOpenAIResponses: {"type", "name", "description", "parameters", "strict", "x-toolgen"},
	FormatAnthropic:       {"type", "name", "description", "input_schema", "x-toolgen"},
}

// hintMembers name each hint as MCP's annotations spell it, and as a
// member of the tool may: with or without "Hint".
var hintMembers = map[string]string{
	"readOnlyHint": "readOnlyHint", "readOnly": "readOnlyHint",
	"destructiveHint": "destructiveHint", "destructive": "destructiveHint",
	"idempotentHint": "idempotentHint", "idempotent": "idempotentHint",
	"openWorldHint": "openWorldHint", "openWorld": "openWorldHint",
}

// unreadMember is a member of a tool the loader did not read.
type unreadMember struct {
	name    string // as the message shows it: "cache_control", "annotations.foo"
	pointer string
	why     string // what to do, when there is more to say than that it is unused
}

// members reads the annotations, hints, title and timeout of tool t from
// objs (the tool object; for OpenAI chat "function" and the object around
// it) and records every member that is neither these nor f's own.
func (l *loader) members(t *Tool, f Format, objs ...*schema.Node) {
	hints := map[string]*schema.Node{}   // MCP's name -> the member that set it
	objects := map[string]*schema.Node{} // "annotations", "execution", ... -> where it was read
	once := func(m schema.Member) bool {
		if prev := objects[m.Name]; prev != nil {
			l.errorf(t.Name, m.Value.Pointer, "the tool has %q twice, here and at %s; keep one", m.Name, prev.Pointer)
			return false
		}
		objects[m.Name] = m.Value
		return true
	}
	for _, obj := range objs {
		for _, m := range obj.Members {
			switch name := m.Name; {
			case name == "annotations":
				if once(m) {
					l.annotations(t, m.Value, hints)
				}
			case name == "execution":
				if once(m) {
					l.execution(t, m.Value)
				}
			case name == "icons":
				if once(m) {
					l.icons(t, m.Value)
				}
			case name == "_meta":
				if once(m) {
					l.meta(t, m.Value)
				}
			case hintMembers[name] != "":
				l.hint(t, hintMembers[name], m.Value, hints)
			case name == "title":
				t.Title = l.optString(t.Name, obj, "title")
			case name == "timeout":
				l.timeout(t, m.Value)
			case slices.Contains(formatMembers[f], name):
			default:
				t.unread = append(t.unread, unreadMember{name: name, pointer: m.Value.Pointer})
			}
		}
	}
}

// annotations reads MCP tool annotations. A member MCP does not define is
// recorded as unread.
func (l *loader) annotations(t *Tool, n *schema.Node, hints map[string]*schema.Node) {
	if !n.IsObject() {
		l.errorf(t.Name, n.Pointer, "\"annotations\" must be an object, found %s", n.KindName())
		return
	}
	for _, m := range n.Members {
		switch {
		case m.Name == "title":
			t.Annotations.Title = l.optString(t.Name, n, "title")
		case strings.HasSuffix(m.Name, "Hint") && hintMembers[m.Name] == m.Name:
			l.hint(t, m.Name, m.Value, hints)
		default:
			t.unread = append(t.unread, unreadMember{name: "annotations." + m.Name, pointer: m.Value.Pointer,
				why: "MCP defines title, readOnlyHint, destructiveHint, idempotentHint and openWorldHint"})
		}
	}
}

// taskSupports are the values of MCP's execution.taskSupport.
var taskSupports = []string{"forbidden", "optional", "required"}

// execution reads MCP's "execution" object. A member MCP does not define
// is recorded as unread.
func (l *loader) execution(t *Tool, n *schema.Node) {
	if !n.IsObject() {
		l.errorf(t.Name, n.Pointer, "\"execution\" must be an object such as {\"taskSupport\": \"optional\"}, found %s", n.KindName())
		return
	}
	for _, m := range n.Members {
		if m.Name != "taskSupport" {
			t.unread = append(t.unread, unreadMember{name: "execution." + m.Name, pointer: m.Value.Pointer,
				why: "MCP defines taskSupport"})
			continue
		}
		if v := m.Value; v.Kind != jsontext.KindString || !slices.Contains(taskSupports, v.Str) {
			l.errorf(t.Name, v.Pointer, "\"taskSupport\" must be \"forbidden\", \"optional\" or \"required\", found %s", describeValue(v))
			continue
		}
		t.Execution.TaskSupport = m.Value.Str
	}
}

// icons reads MCP's "icons" array. A member of an icon MCP does not
// define is recorded as unread.
func (l *loader) icons(t *Tool, n *schema.Node) {
	if n.Kind != jsontext.KindBeginArray {
		l.errorf(t.Name, n.Pointer, "\"icons\" must be an array of icons such as [{\"src\": \"https://example.com/icon.png\"}], found %s", n.KindName())
		return
	}
	t.Icons = make([]Icon, 0, len(n.Items))
	for _, item := range n.Items {
		if !item.IsObject() {
			l.errorf(t.Name, item.Pointer, "an icon must be an object such as {\"src\": \"https://example.com/icon.png\"}, found %s", item.KindName())
			continue
		}
		var icon Icon
		if src := item.Member("src"); src == nil {
			l.errorf(t.Name, item.Pointer, "the icon has no \"src\", the URL or data: URI of the image; add it")
		} else {
			icon.Src = l.optString(t.Name, item, "src")
		}
		for _, m := range item.Members {
			switch m.Name {
			case "src":
			case "mimeType":
				icon.MIMEType = l.optString(t.Name, item, "mimeType")
			case "sizes":
				icon.Sizes = l.strings(t.Name, m.Value, "\"sizes\" must be an array of strings such as [\"48x48\"]")
			case "theme":
				if v := m.Value; v.Kind != jsontext.KindString || v.Str != "light" && v.Str != "dark" {
					l.errorf(t.Name, v.Pointer, "\"theme\" must be \"light\" or \"dark\", found %s", describeValue(v))
				} else {
					icon.Theme = v.Str
				}
			default:
				t.unread = append(t.unread, unreadMember{name: "icons[]." + m.Name, pointer: m.Value.Pointer,
					why: "MCP defines src, mimeType, sizes and theme"})
			}
		}
		t.Icons = append(t.Icons, icon)
	}
}

// strings reads an array of strings; what says what it must be.
func (l *loader) strings(tool string, n *schema.Node, what string) []string {
	if n.Kind != jsontext.KindBeginArray {
		l.errorf(tool, n.Pointer, "%s, found %s", what, n.KindName())
		return nil
	}
	out := make([]string, 0, len(n.Items))
	for _, item := range n.Items {
		if item.Kind != jsontext.KindString {
			l.errorf(tool, item.Pointer, "%s, found %s", what, item.KindName())
			continue
		}
		out = append(out, item.Str)
	}
	return out
}

// meta reads MCP's "_meta" object: its bytes, which toolgen passes on as
// they are.
func (l *loader) meta(t *Tool, n *schema.Node) {
	if !n.IsObject() {
		l.errorf(t.Name, n.Pointer, "\"_meta\" must be an object, found %s", n.KindName())
		return
	}
	t.Meta = n.Raw
}

// hint sets MCP hint name from value v; a hint given twice must agree.
func (l *loader) hint(t *Tool, name string, v *schema.Node, hints map[string]*schema.Node) {
	if v.Kind != jsontext.KindTrue && v.Kind != jsontext.KindFalse {
		l.errorf(t.Name, v.Pointer, "%q must be true or false, found %s", jsonpointer.Last(v.Pointer), v.KindName())
		return
	}
	b := v.Kind == jsontext.KindTrue
	if prev := hints[name]; prev != nil {
		if prev.Kind != v.Kind {
			l.errorf(t.Name, v.Pointer, "%q says %t, but %s says %t; the tool can have one %s", jsonpointer.Last(v.Pointer), b, prev.Pointer, !b, name)
		}
		return
	}
	hints[name] = v
	dst := map[string]**bool{
		"readOnlyHint": &t.Annotations.ReadOnlyHint, "destructiveHint": &t.Annotations.DestructiveHint,
		"idempotentHint": &t.Annotations.IdempotentHint, "openWorldHint": &t.Annotations.OpenWorldHint,
	}[name]
	*dst = &b
}

// timeout reads a "timeout" beside the tool's name, as "x-toolgen" takes
// it. A number has no unit, so it is not guessed at: it is recorded as
// unread, with what to write.
func (l *loader) timeout(t *Tool, v *schema.Node) {
	if v.Kind != jsontext.KindString {
		t.unread = append(t.unread, unreadMember{name: "timeout", pointer: v.Pointer,
			why: fmt.Sprintf("toolgen reads a timeout as a duration string such as \"30s\" or \"1m30s\", and %s has no unit; write the duration", describeValue(v))})
		return
	}
	d, err := time.ParseDuration(v.Str)
	if err != nil || d <= 0 {
		l.errorf(t.Name, v.Pointer, "\"timeout\" %q is not a positive duration such as \"5s\" or \"1m30s\"", v.Str)
		return
	}
	if t.Settings.Timeout != 0 && t.Settings.Timeout != d {
		l.errorf(t.Name, v.Pointer, "\"timeout\" %q disagrees with the timeout %s of \"x-toolgen\"; keep one", v.Str, t.Settings.Timeout)
		return
	}
	t.Settings.Timeout = d
}

// reportUnread reports the members of the catalog's tools that the loader
// did not read: a warning (an error under Strict) per member name, at its
// first occurrence, counting the other tools that have it, so that a
// member every tool carries is one line rather than one per tool.
func (l *linter) reportUnread() {
	type group struct {
		first *Tool
		m     unreadMember
		tools int
	}
	groups := map[string]*group{}
	var order []string
	for i := range l.c.Tools {
		t := &l.c.Tools[i]
		for _, m := range t.unread {
			key := m.name + "\x00" + m.why
			if g := groups[key]; g != nil {
				g.tools++
				continue
			}
			groups[key] = &group{first: t, m: m, tools: 1}
			order = append(order, key)
		}
	}
	sort.Strings(order)
	for _, key := range order {
		g := groups[key]
		msg := fmt.Sprintf("%q is not read: toolgen has no use for it, and it is not in the generated definitions", g.m.name)
		if g.m.why != "" {
			msg = fmt.Sprintf("%q is not read: %s", g.m.name, g.m.why)
		}
		switch {
		case g.tools == 2:
			msg += " (1 other tool has it too)"
		case g.tools > 2:
			msg += fmt.Sprintf(" (%d other tools have it too)", g.tools-1)
		}
		if l.opts.Strict {
			l.diags = append(l.diags, g.first.Diagnostic(Error, g.m.pointer, "%s; strict mode allows only the members toolgen reads", msg))
		} else {
			l.diags = append(l.diags, g.first.Warning(WarnUnreadMember, g.m.pointer, "%s", msg))
		}
	}
}
