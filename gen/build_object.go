package gen

import (
	"maps"
	"slices"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/jsonpointer"
	"github.com/toolgen/toolgen/internal/schema"
)

// Mapping object schemas to structs and maps, and the per-schema settings
// (x-toolgen, goJSONSchema identifiers) that shape their fields.

// objectOrMap maps an object schema: a struct when it declares properties or
// is closed, a map otherwise.
func (b *builder) objectOrMap(n *node, name string) *Value {
	if s := b.mapShape(n); s != nil {
		return b.mapValue(n, s, name)
	}
	ap, hasAP := n.val("additionalProperties")
	if !n.has("properties") && !n.has("required") && !n.has("dependentRequired") && string(ap) != "false" {
		v := &Value{Ptr: n.ptr, Kind: kindMap}
		b.built[n.ptr] = v
		if hasAP && ap.Kind() == '{' {
			c, err := n.child("additionalProperties")
			if err != nil {
				b.errorf(n.ptr, "%v", err)
				return nil
			}
			v.Elem = b.value(c, b.nestedName(name, "Value"))
		} else {
			v.Elem = &Value{Ptr: n.ptr + "/additionalProperties", Kind: kindRaw}
		}
		if v.Elem == nil {
			return nil
		}
		return v
	}
	return b.object(n, name, "", false)
}

// object maps an object schema to a named struct called name; the types of
// its members are named prefix+member, or after the struct's own name when
// prefix is empty. A loose struct only decodes what its properties declare
// and keeps every other member: it is read after a schema function checked
// the whole value, so it must reject nothing that schema accepts (a member
// that patternProperties allows, say).
func (b *builder) object(n *node, name, prefix string, loose bool) *Value {
	return b.objectOf(n, []*node{n}, name, prefix, loose)
}

// objectOf is object for the members that parts, object schemas that all
// apply to the value (n itself, or the members of an intersection n), declare
// and require. A member declared by several parts is held as JSON text
// unless they agree on its schema (intersection.go).
func (b *builder) objectOf(n *node, parts []*node, name, prefix string, loose bool) *Value {
	t := &NamedType{Name: b.typeName(name), Ptr: n.ptr, Tool: b.tool.Name, Schema: b.schema}
	if prefix == "" {
		prefix = t.Name
	}
	v := &Value{Ptr: n.ptr, Kind: kindStruct, Named: t}
	b.built[n.ptr] = v
	b.model.Types = append(b.model.Types, t)
	if d, ok := n.str("description"); ok && n.ptr != "" {
		t.Doc = d
	}

	// Sets rather than lists: an object may have very many members.
	required := map[string]bool{}
	declared := map[string]*schema.Node{}
	declaredIn := map[string]*node{}
	disagree := map[string]bool{}
	var props []string
	for _, part := range parts {
		for _, r := range part.strings("required") {
			required[r] = true
		}
		var members []schema.Member
		if ps := part.tree.Member("properties"); ps != nil {
			members = ps.Members
		}
		seen := map[string]bool{}
		for _, m := range members {
			if seen[m.Name] {
				continue
			}
			seen[m.Name] = true
			j, dup := declared[m.Name]
			if !dup {
				declared[m.Name], declaredIn[m.Name] = m.Value, part
				props = append(props, m.Name)
				continue
			}
			switch agreed := agreedSchema(j, m.Value); {
			case agreed == nil:
				disagree[m.Name] = true
			case agreed != j:
				declared[m.Name], declaredIn[m.Name] = agreed, part
			}
		}
	}
	// Required members that have no schema still have to be present.
	listed := maps.Clone(declared)
	for _, part := range parts {
		for _, r := range part.strings("required") {
			if _, ok := listed[r]; !ok {
				listed[r] = nil
				props = append(props, r)
			}
		}
	}

	var fieldNodes []*node
	goNames := make([]string, len(props))
	for i, p := range props {
		var c *node
		if j := declared[p]; j != nil {
			var err error
			at := declaredIn[p].ptr
			if c, err = nodeOf(j, at+"/properties/"+jsonpointer.Escape(p)); err != nil {
				b.errorf(at+"/properties", "%v", err)
				return nil
			}
		} else if c = b.undeclaredMember(n, p, loose); c == nil {
			return nil
		}
		fieldNodes = append(fieldNodes, c)
		goNames[i] = b.fieldGoName(c, p)
	}
	taken := map[string]bool{}
	ap, hasAP := n.val("additionalProperties")
	// additionalProperties means "not in properties and matching no
	// patternProperties": a loose struct cannot apply it alone, and one that
	// declares nothing keeps everything, so that the handler sees the members.
	keepOthers := loose && (n.has("patternProperties") || !hasAP && len(props) == 0)
	if keepOthers || hasAP && (ap.Kind() == '{' || string(ap) == "true") {
		t.AdditionalField = "AdditionalProperties"
		if slices.Contains(goNames, t.AdditionalField) {
			t.AdditionalField = "AdditionalProperties_"
		}
		taken[t.AdditionalField] = true
	}
	if t.AdditionalField != "" || slices.ContainsFunc(props, func(p string) bool { return !tagCarries(p) }) {
		taken["MarshalJSON"] = true // the struct gets the method
	}
	overrides := map[string]string{}
	for i, p := range props {
		if o := b.override(fieldNodes[i]); o != "" {
			overrides[p] = o
		}
	}
	names, renamed := assignNames(props, func(s string) string {
		if o := overrides[s]; o != "" {
			return o
		}
		return goName(s)
	}, taken)
	for _, rn := range renamed {
		if taken[rn.Wanted] {
			b.warn(catalog.WarnGoName, b.base+n.ptr+"/properties/"+jsonpointer.Escape(rn.Original), b.tool.Name,
				"property %q maps to Go field %s, a name the struct needs for itself; using %s (set \"x-toolgen\": {\"goName\": ...} on the property to choose another)",
				rn.Original, rn.Wanted, rn.Got)
			continue
		}
		b.warn(catalog.WarnGoName, b.base+n.ptr+"/properties/"+jsonpointer.Escape(rn.Original), b.tool.Name,
			"property %q and property %q both map to Go field %s; using %s for %q (set \"x-toolgen\": {\"goName\": ...} on the property to choose another)",
			rn.Original, rn.Rival, rn.Wanted, rn.Got, rn.Original)
	}

	for i, p := range props {
		c := fieldNodes[i]
		f := &Field{JSONName: p, GoName: names[i], Required: required[p]}
		if disagree[p] {
			// The parts' schemas both apply; the schema function of the
			// whole has checked the value against each.
			f.Value = &Value{Ptr: c.ptr, Kind: kindRaw}
		} else {
			f.Value = b.value(c, b.nestedName(prefix, names[i]))
		}
		if f.Value == nil {
			continue
		}
		f.Doc, _ = c.str("description")
		if d, ok := c.val("default"); ok && !f.Required && !b.tool.RejectedDefaults[c.ptr] {
			f.Default = d
		}
		f.Holder = holderFor(f)
		b.fieldGoType(c, f)
		t.Fields = append(t.Fields, f)
	}

	switch {
	case keepOthers && b.mapValues(n) != nil:
		// A map checked whole (a tool's root): every member's value is of
		// the map's values' schema.
		if t.Additional = b.value(b.mapValues(n), b.nestedName(prefix, "Value")); t.Additional == nil {
			return nil
		}
	case keepOthers:
		t.Additional = &Value{Ptr: n.ptr, Kind: kindRaw, Why: "members whose schema patternProperties or a schema checked whole decides"}
	case !hasAP:
	case string(ap) == "false":
		t.Closed = true
	case ap.Kind() == '{':
		c, err := n.child("additionalProperties")
		if err != nil {
			b.errorf(n.ptr, "%v", err)
			return nil
		}
		t.Additional = b.value(c, b.nestedName(prefix, "Value"))
		if t.Additional == nil {
			return nil
		}
	case string(ap) == "true":
		t.Additional = &Value{Ptr: n.ptr + "/additionalProperties", Kind: kindRaw}
	}

	// A draft without dependentRequired ignores it (the root's schema
	// function has checked the rest).
	if deps := n.tree.Member("dependentRequired"); deps != nil && b.dialectOf(n).Keyword("dependentRequired") != nil {
	members:
		for _, m := range deps.Members {
			d := Dependency{Property: m.Name}
			for _, item := range m.Value.Items {
				d.Requires = append(d.Requires, item.Str)
			}
			for _, name := range append([]string{m.Name}, d.Requires...) {
				if _, ok := listed[name]; !ok {
					if !loose { // else the schema function checks it
						b.errorf(n.ptr+"/dependentRequired/"+jsonpointer.Escape(m.Name), "dependentRequired on %q, which is not a declared property, is not supported yet; declare it under properties", name)
					}
					continue members
				}
			}
			t.DependentRequired = append(t.DependentRequired, d)
		}
	}
	return v
}

// undeclaredMember is the schema of a required member that properties does
// not declare: what additionalProperties says of it, as of any member
// properties leaves, or any value where nothing does. A loose struct is read
// after a schema function judged the whole object, so any value will do.
func (b *builder) undeclaredMember(n *node, name string, loose bool) *node {
	anyValue := &node{ptr: n.ptr + "/required", tree: &schema.Node{Kind: '{', Raw: jsontext.Value("{}")}}
	if loose || !n.has("additionalProperties") {
		return anyValue
	}
	if n.has("patternProperties") {
		b.errorf(n.ptr+"/required", "required member %q is not under properties, and patternProperties beside additionalProperties decide its schema; this is not supported yet: declare it under properties", name)
		return nil
	}
	c, err := n.child("additionalProperties")
	if err != nil {
		b.errorf(n.ptr+"/additionalProperties", "%v", err)
		return nil
	}
	if c.tree.Kind == 'f' {
		b.warn(catalog.WarnUnsatisfiable, b.base+n.ptr+"/required", b.tool.Name,
			"required member %q is not under properties and additionalProperties is false, so no value of it is allowed and no call can pass; declare it under properties", name)
	}
	return c
}

// fieldGoName is the Go name a property wants before collisions are resolved.
func (b *builder) fieldGoName(c *node, jsonName string) string {
	if o := b.override(c); o != "" {
		return o
	}
	return goName(jsonName)
}

// nodeSettings are toolgen's settings on a schema node, from its "x-toolgen".
type nodeSettings struct {
	goName    string
	sensitive bool
}

// override returns the Go name a node's x-toolgen chooses, if any.
// Without one, go-jsonschema's goJSONSchema "identifier" chooses.
func (b *builder) override(c *node) string {
	if name := b.settings(c).goName; name != "" {
		b.goNamed[c.ptr] = true
		return name
	}
	if ext := b.goTypeExt(c); ext != nil && ext.Identifier != nil {
		b.goFieldApplied[c.ptr] = true
		return *ext.Identifier
	}
	return ""
}

// settings reads a node's "x-toolgen": {"goName": "...", "sensitive": true},
// reporting what is malformed. Each node's settings are reported once.
func (b *builder) settings(c *node) nodeSettings {
	var s nodeSettings
	settings := c.tree.Member("x-toolgen")
	if settings == nil {
		return s
	}
	report := !b.reported[c.ptr]
	b.reported[c.ptr] = true
	if settings.Kind != '{' {
		if report {
			b.errorf(c.ptr+"/x-toolgen", "x-toolgen must be an object such as {\"goName\": \"Name\", \"sensitive\": true}")
		}
		return s
	}
	for _, m := range settings.Members {
		k, v := m.Name, m.Value.Raw
		switch k {
		case "goName":
			if name := m.Value.Str; isExportedIdent(name) {
				s.goName = name
			} else if report {
				b.errorf(c.ptr+"/x-toolgen/goName", "goName %s is not an exported Go identifier", v)
			}
		case "sensitive":
			if v.Kind() == 't' || v.Kind() == 'f' {
				s.sensitive = v.Kind() == 't'
			} else if report {
				b.errorf(c.ptr+"/x-toolgen/sensitive", "sensitive must be true or false, not %s", v)
			}
		default:
			if report {
				b.errorf(c.ptr+"/x-toolgen/"+jsonpointer.Escape(k), "unknown x-toolgen setting %q; the settings on a schema are goName and sensitive", k)
			}
		}
	}
	return s
}

// unusedSettings reads the x-toolgen settings of every schema below j, so
// that a malformed one is reported wherever it stands, and warns of each
// goName nothing took: a goName names a property's field, a union
// alternative's type or a $defs schema's type, and is meaningless elsewhere.
func (b *builder) unusedSettings(j *schema.Node) {
	if j == nil {
		return
	}
	if j.Place != nil && j.Kind == '{' && j.Member("x-toolgen") != nil {
		ptr := j.Place.Ptr
		if s := b.settings(&node{ptr: ptr, tree: j}); s.goName != "" && !b.goNamed[ptr] {
			b.warn(catalog.WarnGoName, b.base+ptr+"/x-toolgen/goName", b.tool.Name, "goName %q is ignored here: %s", s.goName, goNameUse(ptr))
		}
	}
	for _, m := range j.Members {
		b.unusedSettings(m.Value)
	}
	for _, it := range j.Items {
		b.unusedSettings(it)
	}
}

// goNameUse says, for a goName nothing took at ptr, where one would count.
func goNameUse(ptr string) string {
	if ptr == "" {
		return "the root's Go name is the tool's; set \"x-toolgen\": {\"goName\": ...} beside the tool's name instead"
	}
	return "a goName names a property's Go field, or the Go type of a $defs schema or of a union alternative written in place; remove it or move it to one of those"
}

func holderFor(f *Field) holder {
	v := f.Value
	nilMeansSomething := hasNil(v)
	switch {
	case v.Kind == kindRaw, v.Kind == kindSealed && !v.Nullable:
		return holdValue // json.RawMessage: nil is absent, null is the text null
	case !v.Nullable && (f.Required || f.Default != nil):
		return holdValue
	case !v.Nullable && nilMeansSomething:
		return holdValue
	case !v.Nullable:
		return holdPointer
	case f.Required || f.Default != nil:
		if nilMeansSomething {
			return holdValue
		}
		return holdPointer
	}
	return holdNullable
}
