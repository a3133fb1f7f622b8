package gen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/token"
	"go/types"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/atombender/go-jsonschema/pkg/schemas"
	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/jsonpointer"
	"github.com/toolgen/toolgen/internal/schema"
	"golang.org/x/mod/module"
)

// A schema may choose the Go type of its values with go-jsonschema's
// "goJSONSchema" extension, read with that project's own
// schemas.GoJSONSchemaExtension so that a schema written for go-jsonschema
// means the same here:
//
//	"goJSONSchema": {"type": "decimal.Decimal", "imports": ["github.com/shopspring/decimal"]}
//
// The value is read and checked by its schema as before, then converted: a
// string with the type's UnmarshalText, any other value with its
// UnmarshalJSON. The generated file asserts that the type has that method,
// so a type that cannot take the value fails go build at the assertion.

// goTypeKey is the extension's member in a schema.
const goTypeKey = "goJSONSchema"

// goTypeKeys are the extension's settings, as schemas.GoJSONSchemaExtension
// spells them; encoding/json would also match other cases of them.
var goTypeKeys = []string{"type", "imports", "identifier", "nillable", "pointer", "extraTags"}

// Custom is a Go type chosen for a schema's values by the catalog (its
// goJSONSchema "type") or by an option (-time for date-time).
type Custom struct {
	Path string // the import path; "" for a type of the generated package
	Name string // the type's name in its package
	// Text is set when the values are strings, converted with UnmarshalText;
	// others are converted from their JSON text with UnmarshalJSON.
	Text bool
	// Nillable types have a nil of their own: an optional member holds the
	// type itself, not a pointer to it.
	Nillable bool
	// Keyword names the violation when a value cannot be converted:
	// "goJSONSchema", or "format" for a type the format chose.
	Keyword string
	Ptr     string // where the type was chosen, for the assertion's comment
	// Builtin is set for a predeclared integer type smaller than int64,
	// which the schema's bounds keep every value within: the value is read
	// as an integer and converted, which cannot fail.
	Builtin bool
}

// goTypeExt returns the goJSONSchema extension of node n, or nil, reporting
// once per node what is malformed.
func (b *builder) goTypeExt(n *node) *schemas.GoJSONSchemaExtension {
	raw, ok := n.val(goTypeKey)
	if !ok {
		return nil
	}
	if ext, ok := b.goExts[n.ptr]; ok {
		return ext
	}
	b.goExts[n.ptr] = nil
	at := n.ptr + "/" + goTypeKey
	if raw.Kind() != '{' {
		b.errorf(at, "goJSONSchema must be an object such as {\"type\": \"time.Time\", \"imports\": [\"time\"]}")
		return nil
	}
	bad := false
	for _, m := range n.tree.Member(goTypeKey).Members {
		if k := m.Name; !slices.Contains(goTypeKeys, k) {
			b.errorf(at+"/"+jsonpointer.Escape(k), "unknown goJSONSchema setting %q; the settings are %s", k, strings.Join(goTypeKeys, ", "))
			bad = true
		}
	}
	var ext schemas.GoJSONSchemaExtension
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&ext); err != nil {
		b.errorf(at, "goJSONSchema cannot be read: %v", err)
		return nil
	}
	if bad {
		return nil
	}
	if ext.Identifier != nil && !isExportedIdent(*ext.Identifier) {
		b.errorf(at+"/identifier", "identifier %q is not an exported Go identifier", *ext.Identifier)
		return nil
	}
	for k := range ext.ExtraTags {
		if !tagKey.MatchString(k) || k == "json" {
			b.errorf(at+"/extraTags/"+jsonpointer.Escape(k), "extraTags key %q cannot be a struct tag key beside json; use letters, digits, '_', '-' and '.'", k)
			return nil
		}
	}
	for i, imp := range ext.Imports {
		if problem := importProblem(imp); problem != "" {
			b.errorf(at+"/imports/"+strconv.Itoa(i), "import %q %s", imp, problem)
			bad = true
		}
	}
	if bad {
		return nil
	}
	if ext.Type == nil && (ext.Nillable || len(ext.Imports) > 0) {
		b.errorf(at, "nillable and imports describe a Go type; set \"type\" too, or remove them")
		return nil
	}
	b.goExts[n.ptr] = &ext
	return &ext
}

// tagKey is what a struct tag key may be, kept to what reflect.StructTag
// parses and gofmt leaves alone.
var tagKey = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.-]*$`)

// goType applies the type a node's goJSONSchema names (or that an option
// chooses for its format) to its value v. A value shared with other schemas
// (a $ref target) is copied first, so the type stays with this position.
func (b *builder) goType(n *node, v *Value) *Value {
	if v == nil || v.Custom != nil {
		return v
	}
	if ext := b.goTypeExt(n); ext != nil && ext.Type != nil {
		b.goApplied[n.ptr] = true // honoured, or refused by customType
	}
	custom := b.customType(n, v)
	if custom == nil {
		return v
	}
	if v.Kind == kindRaw || v.Kind == kindSealed {
		b.errorf(n.ptr+"/"+goTypeKey, "a goJSONSchema type on a schema whose values are kept as JSON text (a union, several types or keywords checked whole) is not supported; put it on a schema of one type")
		return v
	}
	custom.Text = v.Kind == kindString
	if v.Ptr != n.ptr {
		v = v.copyFor()
	}
	v.Custom = custom
	return v
}

// customType is the Go type chosen for node n's values, or nil: when none
// is chosen, when the one chosen is the type the values are read as
// already (string for a string), and when it cannot be honoured, which is
// reported.
func (b *builder) customType(n *node, v *Value) *Custom {
	ext := b.goTypeExt(n)
	if ext == nil || ext.Type == nil {
		if b.opts.Time && v.Kind == kindString && v.Format == "date-time" {
			return &Custom{Path: "time", Name: "Time", Keyword: "format", Ptr: b.base + n.ptr}
		}
		return nil
	}
	at := n.ptr + "/" + goTypeKey + "/type"
	typ := *ext.Type
	qual, name, qualified := strings.Cut(typ, ".")
	if !qualified {
		qual, name = "", qual
	}
	if !token.IsIdentifier(name) || qualified && (!token.IsIdentifier(qual) || qual == "_" || qual == "init") {
		b.errorf(at, "type %q is not a Go type name such as Money or decimal.Decimal; write a named type (pointer makes the field a pointer)", typ)
		return nil
	}
	if !qualified {
		c, ok := b.localType(at, name, v)
		if ok && c != nil && !c.Builtin {
			c.Nillable = ext.Nillable
		} else if ok && ext.Nillable {
			b.errorf(n.ptr+"/"+goTypeKey+"/nillable", "type %q has no nil of its own; remove nillable", typ)
			return nil
		}
		if c != nil {
			c.Keyword, c.Ptr = goTypeKey, b.base+n.ptr
		}
		return c
	}
	if why := forbiddenPackage(qual); why != "" && len(ext.Imports) == 0 {
		b.errorf(at, "type %q names %s", typ, why)
		return nil
	}
	if !token.IsExported(name) {
		b.errorf(at, "type %q is not exported by package %s, so the generated file cannot name it; write an exported type%s", typ, qual, exportedHint(qual, name))
		return nil
	}
	path, used := b.typePackage(at, typ, qual, ext.Imports)
	if path == "" {
		return nil
	}
	for i, imp := range ext.Imports {
		if i != used {
			b.errorf(n.ptr+"/"+goTypeKey+"/imports/"+strconv.Itoa(i), "import %q is not the package of type %q, and only that package is imported; remove it", imp, typ)
			return nil
		}
	}
	if !isModulePath(path) {
		std, ok := lookupStd(path, name)
		need, method := takesJSON, "UnmarshalJSON"
		if v.Kind == kindString {
			need, method = takesText, "UnmarshalText"
		}
		switch {
		case !ok:
			b.errorf(at, "type %q is not a standard library type that can take a value: the ones whose pointer has UnmarshalText or UnmarshalJSON are %s; name one of them, or a type of a module's package", typ, stdTypeList())
			return nil
		case std.takes&need == 0:
			b.errorf(at, "type %q has no %s, which converts the values of this schema (a string with UnmarshalText, any other value with UnmarshalJSON); name a type that has it", typ, method)
			return nil
		}
	}
	b.importPackage(path, qual)
	return &Custom{Path: path, Name: name, Nillable: ext.Nillable, Keyword: goTypeKey, Ptr: b.base + n.ptr}
}

// typePackage returns the import path of package qual, which type typ
// names, and the index among imports of the path, or -1 when no import
// is listed: the import whose name is qual; else, with no imports, the
// standard package of that name; else the one import listed, whose
// package name need not be its path's last element
// (github.com/hashicorp/go-uuid is package uuid), as go-jsonschema takes it.
func (b *builder) typePackage(at, typ, qual string, imports []string) (string, int) {
	for i, imp := range imports {
		if importName(imp) == qual {
			return imp, i
		}
	}
	if p, ok := stdPackage(qual); ok && len(imports) == 0 {
		return p, -1
	}
	if len(imports) == 1 {
		return imports[0], 0
	}
	b.errorf(at, "type %q names package %s, which no import provides; list its path in \"imports\", e.g. [\"example.com/%s\"]", typ, qual, qual)
	return "", -1
}

// localType resolves a goJSONSchema type without a package: a predeclared
// type (see predeclaredType) or an exported type of the generated package,
// which the user declares and the generated file must not. Whether the file
// declares it is known once every tool is built (checkLocalTypes).
func (b *builder) localType(at, name string, v *Value) (*Custom, bool) {
	if types.Universe.Lookup(name) != nil {
		c, problem := predeclaredType(name, v)
		if problem != "" {
			b.errorf(at, "type %q %s", name, problem)
			return nil, false
		}
		return c, true
	}
	if !token.IsExported(name) {
		b.errorf(at, "type %q is not exported: a type of the generated package that the catalog names must be exported, since the generated code declares unexported names of its own; write an exported type%s", name, exportedHint("", name))
		return nil, false
	}
	b.localTypes = append(b.localTypes, localTypeUse{name: name, tool: b.tool.Name, ptr: b.base + at})
	return &Custom{Name: name}, true
}

// localTypeUse is a catalog's use of a type of the generated package.
type localTypeUse struct{ name, tool, ptr string }

// checkLocalTypes reports every type of the generated package the catalog
// names that the generated file declares itself (a tool's ToolName
// constant, arguments, branded type, Handler, ...): the package would
// declare it twice.
func (b *builder) checkLocalTypes() {
	for _, use := range b.localTypes {
		if b.names.taken[use.name] {
			b.diags = append(b.diags, b.cat.Diagnostic(catalog.Error, use.tool, use.ptr, "type %q is a name the generated file declares itself (Handler, ToolName, a tool's arguments, result or branded type, a nested type, ...), so the package would declare it twice; name a type of your own that the generated code does not declare", use.name))
		}
	}
}

// importPackage records the name the file imports path by: qual, which
// the catalog wrote, or, when a declaration of the file has that name, a
// numbered alias. The packages generated code imports itself keep their
// own names, which the namespace holds.
func (b *builder) importPackage(path, qual string) {
	if b.model.Imports == nil {
		b.model.Imports = map[string]string{}
	}
	if _, ok := b.model.Imports[path]; ok || ownImports[path] {
		return
	}
	b.model.Imports[path] = b.names.claim(qual)
}

// ownImports are the packages that generated code imports under their own
// names whatever the catalog says.
var ownImports = map[string]bool{"encoding/json": true, "time": true, "regexp": true}

// importName is the name a package is usually imported by: the path's last
// element without a major version suffix (/v2) or a gopkg.in version (.v3).
func importName(p string) string {
	base := path.Base(p)
	if prefix, _, ok := module.SplitPathVersion(p); ok && prefix != p && !strings.HasPrefix(p, "gopkg.in/") {
		base = path.Base(prefix)
	}
	if i := strings.Index(base, ".v"); i > 0 && strings.HasPrefix(p, "gopkg.in/") {
		base = base[:i]
	}
	return strings.ReplaceAll(base, "-", "_")
}

// fieldGoType applies a property's goJSONSchema settings that concern its
// field (identifier is applied with the other names): pointer and
// extraTags. A default the field could only convert unseen is kept as
// documentation instead of applied.
func (b *builder) fieldGoType(c *node, f *Field) {
	if f.Default != nil && holdsCustom(f.Value, map[*Value]bool{}) {
		// A default is converted only when the member is absent, where a
		// failure could be reported to nobody. A default is an annotation:
		// it is kept in the field's comment, and the generator says so.
		b.warn(catalog.WarnUnappliedDefault, b.base+c.ptr+"/default", b.tool.Name,
			"default %s is not applied: the member is held as a Go type of the catalog's choosing (goJSONSchema, or time.Time under -time), which the default could only be converted to unseen; it is kept in the field's doc comment, so the handler sees the member absent (remove the default, or the Go type, to silence this)",
			describeDefault(f.Default))
		f.Unapplied, f.Default = f.Default, nil
		f.Holder = holderFor(f)
	}
	ext := b.goTypeExt(c)
	if ext == nil {
		return
	}
	b.goFieldApplied[c.ptr] = true
	f.Tags = ext.ExtraTags
	switch {
	case f.Value.Kind == kindRaw || f.Value.Kind == kindSealed:
		if ext.Pointer != nil {
			b.errorf(c.ptr+"/"+goTypeKey+"/pointer", "pointer on a value kept as JSON text is not supported; its field is json.RawMessage, whose nil stands for absent")
		}
	case ext.Pointer != nil && *ext.Pointer:
		f.Holder = holdPointer
		if f.Value.Nullable && !f.Required && f.Default == nil {
			f.Holder = holdNullable // a pointer cannot tell absent from null
		}
	case ext.Pointer != nil && f.Holder == holdPointer:
		f.Holder = holdValue // the zero value stands for absent
	}
}

// holdsCustom reports whether a value of v holds a catalog-chosen type,
// itself or inside, that a conversion could refuse: a predeclared integer
// type takes every value its schema allows.
func holdsCustom(v *Value, seen map[*Value]bool) bool {
	if v == nil || seen[v] {
		return false
	}
	seen[v] = true
	if v.Custom != nil && !v.Custom.Builtin || holdsCustom(v.Elem, seen) {
		return true
	}
	if v.Named != nil {
		for _, m := range v.Named.members() {
			if holdsCustom(m, seen) {
				return true
			}
		}
		for _, f := range v.Named.Fields {
			if holdsCustom(f.Value, seen) {
				return true
			}
		}
	}
	return false
}

// unusedGoTypes reports every goJSONSchema the model did not honour: on a
// schema that no Go field or element holds (the root, a union's alternative,
// a schema checked whole as JSON text), or with field settings on a schema
// that is not a property's.
func (b *builder) unusedGoTypes(j *schema.Node) {
	if j == nil {
		return
	}
	if j.Place != nil && j.Kind == '{' && j.Member(goTypeKey) != nil {
		ptr := j.Place.Ptr
		ext := b.goTypeExt(&node{ptr: ptr, tree: j})
		switch {
		case ext == nil:
		case ext.Type != nil && !b.goApplied[ptr]:
			b.errorf(ptr+"/"+goTypeKey, "goJSONSchema type %q is not supported here: no Go field or element holds this schema's values as they are (the arguments' root, a union's alternative, or a schema checked whole as JSON text); put it on a property, items or additionalProperties schema of one type", *ext.Type)
		case (ext.Identifier != nil || ext.Pointer != nil || ext.ExtraTags != nil) && !b.goFieldApplied[ptr]:
			b.errorf(ptr+"/"+goTypeKey, "goJSONSchema identifier, pointer and extraTags apply to a property's schema only; move them there")
		}
	}
	for _, m := range j.Members {
		b.unusedGoTypes(m.Value)
	}
	for _, it := range j.Items {
		b.unusedGoTypes(it)
	}
}

// goTypeAlternative reports a union alternative that chose its own Go type:
// a union's value is one Go type, of the union's own choosing.
func (b *builder) goTypeAlternative(alt *Value, ptr string) bool {
	if alt.Custom == nil {
		return false
	}
	b.errorf(ptr+"/"+goTypeKey, "a goJSONSchema type on a union's alternative is not supported; put it on a property of the alternative, or on the union's own member")
	return true
}

// describeCustom is the type's Go spelling, for comments and messages.
func describeCustom(c *Custom) string {
	if c.Path == "" || c.Builtin {
		return c.Name
	}
	return fmt.Sprintf("%s.%s", importName(c.Path), c.Name)
}
