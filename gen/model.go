package gen

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/big"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/atombender/go-jsonschema/pkg/schemas"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/ecma"
	"github.com/toolgen/toolgen/runtime/format"
)

// Model is the intermediate Go model of a catalog: every type, name and check
// that will be emitted, decided, with no code in it yet.
type Model struct {
	// NullAsAbsent makes readers take null for an absent optional member
	// when runtime.Options.NullAsAbsent asks (generated with -openai-strict).
	NullAsAbsent bool
	Tools        []*Tool
	Types        []*NamedType // in the order they are emitted
	Patterns     []*Pattern
	Divisors     []*Divisor
	Sealed       []*Sealed
	Unions       []*Union // the unions kept as checked JSON text
	// Imports name the packages of goJSONSchema types: by path, the name
	// the file uses, claimed from the file's namespace.
	Imports map[string]string
	// Schemas are the schema functions behind Value.Check and
	// NamedType.Check, compiled by the schema compiler (validator.go).
	Schemas *checker
	// names allocates every package-level identifier of the file: the
	// builder's, then the emitter's.
	names *namespace
}

// Tool is one tool and the Go names generated for it.
type Tool struct {
	Name        string
	Title       string
	Description string
	// InputSchema and OutputSchema are the catalog's bytes, embedded as they are.
	InputSchema  []byte
	OutputSchema []byte
	// StrictInputSchema is the OpenAI strict-mode variant (-openai-strict).
	StrictInputSchema []byte
	Annotations       catalog.Annotations
	Timeout           time.Duration // from x-toolgen "timeout"; 0 means the dispatcher's default
	GoName            string        // the Handler method
	Const             string        // the ToolName constant
	Args              *NamedType    // the arguments struct
	Result            *NamedType    // the result struct, when the tool has an output schema
	Valid             string        // the branded type holding validated arguments
	Parse             string        // the function that mints Valid

	// The unexported declarations of the tool: the constants holding its
	// schemas and the functions runtime.Dispatcher calls.
	InputSchemaConst, OutputSchemaConst, StrictSchemaConst string
	ParseFunc, CallFunc, CheckResultFunc                   string
}

// typeKind is how a schema's values are held in Go.
type typeKind int

const (
	kindString typeKind = iota
	kindInt             // int64
	kindNumber          // float64
	kindBool
	kindStruct // a named struct type
	kindEnum   // a named string type with constants
	kindSlice
	kindMap
	kindRaw // json.RawMessage: any JSON the schema allows, validated in place
	// kindSealed is a union whose alternatives can be told apart: a sealed
	// interface with one type per alternative.
	kindSealed
)

// Value is a schema node's Go type and the checks its values get.
type Value struct {
	Ptr      string // the node's JSON Pointer in the tool's input schema
	Name     string // the Go name of the value's type, or the name it would have
	Kind     typeKind
	Named    *NamedType // kindStruct, kindEnum
	Elem     *Value     // kindSlice items, kindMap values
	Nullable bool       // null is allowed besides the values of Kind
	Doc      string

	// Kinds lists the JSON kinds a kindRaw value may have, in the reader's
	// terms ("string", "integer", "number", "boolean", "null", "object",
	// "array"); nil means any.
	Kinds []string

	Checks
	Union  *Union
	Sealed *Sealed // kindSealed
	// Check, when set, is the generated schema function that checks the
	// whole value (a kindRaw held as its JSON text): for schemas that use
	// keywords the typed reader does not express (allOf, not, if/then/else,
	// unevaluatedProperties, ...).
	Check string
	// Custom is the Go type the catalog chose for the values (goJSONSchema),
	// converted from what the schema's own reading yields.
	Custom *Custom
	// Sensitive values are read between BeginSensitive and EndSensitive:
	// some schema that applies to them is writeOnly or x-toolgen
	// "sensitive", so no violation may echo them or anything inside them.
	Sensitive bool
}

// Checks are the assertions on a value, by JSON kind.
type Checks struct {
	Enum  []jsontext.Value // allowed values (enum), as JSON texts
	Const jsontext.Value   // the one allowed value (const)

	Minimum, Maximum                   *Bound
	ExclusiveMinimum, ExclusiveMaximum *Bound
	MultipleOf                         string // JSON number text

	MinLength, MaxLength *int
	Pattern              *Pattern
	Format               string

	MinItems, MaxItems *int
	UniqueItems        bool
}

// Bound is a numeric limit as written in the schema.
type Bound struct{ Text string }

// Union is an anyOf or oneOf whose alternatives are checked one by one on the
// value's JSON text.
type Union struct {
	Keyword      string // "anyOf" or "oneOf"
	Alternatives []*Alternative
	// Type names the Go type holding the value's JSON text, with a typed
	// accessor per alternative.
	Type string
	Ptr  string
}

// Sealed is a union whose alternatives can be told apart without trying
// each: by the JSON kind of the value, or by the string constant one member
// of the object holds (a discriminator). It becomes a sealed interface,
// implemented by one Go type per alternative.
type Sealed struct {
	Interface string
	Doc       string
	Keyword   string // "anyOf" or "oneOf", for the violation
	// Property is the discriminator's name; "" when the kind decides.
	Property string
	TagsVar  string // the package variable listing the discriminator's values
	Variants []*Variant
}

// Variant is one alternative of a sealed union.
type Variant struct {
	Type  string // the Go type that implements the interface
	Value *Value
	// Wrap is set when Type is declared for the variant (a named string,
	// number or slice), rather than being the alternative's own named type.
	Wrap bool
	Kind string // the JSON kind, when the kind decides
	Tag  string // the discriminator's value
}

// Alternative is one branch of a union, checked by its own function.
type Alternative struct {
	Func  string
	Value *Value
}

// NamedType is a declared Go type: a struct for an object, or a string type
// with constants for a string enum.
type NamedType struct {
	Name   string
	Doc    string
	Ptr    string
	Tool   string // the tool whose schema declares it
	Schema string // which of the tool's schemas: "input" or "output"
	// Root is set for a tool's arguments and result, whose Ptr is that of
	// the object schema the root's $ref reaches, if it has one.
	Root bool

	// Check, when set, is the generated schema function that checks the
	// whole object before it is decoded: a root schema with keywords the
	// struct reader does not express.
	Check string

	// Struct.
	Fields            []*Field
	Closed            bool   // additionalProperties: false
	Additional        *Value // additionalProperties as a schema: a map field
	AdditionalField   string
	DependentRequired []Dependency

	// Sensitive is set on a tool's arguments or result when some schema
	// that applies to the whole object marks it sensitive.
	Sensitive bool

	// Enum.
	Base   *Value // the checks an enum value gets besides membership
	Values []EnumValue
}

// Field is one property of a struct.
type Field struct {
	JSONName string
	GoName   string
	Doc      string
	Value    *Value
	Required bool
	Default  jsontext.Value // applied when the member is absent
	Holder   holder
	Tags     map[string]string // struct tags besides json (goJSONSchema extraTags)
}

// holder is how a field holds its value, so that absent, null and a value
// stay apart where the schema tells them apart.
type holder int

const (
	holdValue    holder = iota // T: required, defaulted, or nil means absent (slices, maps, raw)
	holdPointer                // *T: optional, or nullable and required
	holdNullable               // runtime.Nullable[T]: optional and nullable
)

// Dependency is one dependentRequired rule.
type Dependency struct {
	Property string
	Requires []string
}

// EnumValue is one constant of an enum type.
type EnumValue struct {
	GoName string
	Value  string
}

// Pattern is a regular expression: matched by a generated byte loop when it
// is simple enough (Loop), else compiled once into a package variable.
type Pattern struct {
	Var  string // the regexp variable, or the loop function
	Expr string // the ECMA-262 pattern, as written
	RE2  string // the same pattern in Go's regexp syntax
	Loop *loop
}

// Divisor is a multipleOf divisor kept as an exact rational in a package variable.
type Divisor struct {
	Var  string
	Text string
}

// Keywords emitted as generated code.
var supported = map[string]bool{
	"type": true, "properties": true, "required": true, "additionalProperties": true,
	"enum": true, "const": true, "minimum": true, "maximum": true,
	"exclusiveMinimum": true, "exclusiveMaximum": true, "multipleOf": true,
	"minLength": true, "maxLength": true, "pattern": true, "items": true,
	"minItems": true, "maxItems": true, "uniqueItems": true, "format": true,
	"default": true, "$ref": true, "$defs": true, "definitions": true,
	"anyOf": true, "oneOf": true, "dependentRequired": true,
}

// Keywords that are understood and change nothing about validation.
var understood = map[string]bool{
	"$schema": true, "$comment": true, "$id": true,
	"title": true, "description": true, "examples": true, "deprecated": true,
	"readOnly": true, "writeOnly": true,
	"contentMediaType": true, "contentEncoding": true, "contentSchema": true,
	"x-toolgen": true, "goJSONSchema": true,
}

// Formats asserted by generated code, and the function of runtime/format
// that checks each: the format package's table, the whole 2020-12 registry.
var formats = func() map[string]string {
	m := map[string]string{}
	for _, c := range format.All() {
		m[c.Name] = c.Func
	}
	return m
}()

// builder turns a linted catalog into a Model, collecting every problem.
type builder struct {
	cat   *catalog.Catalog
	opts  Options
	diags catalog.Diagnostics
	model *Model

	names    *namespace
	patterns map[string]*Pattern
	divisors map[string]*Divisor
	shared   map[string]*Value // $defs shared between tools, by name and bytes

	// The catalog's schemas as documents of one registry, so that $id
	// references between tools resolve, and the compiler of schema functions.
	registry *registry
	schemas  *checker
	docs     map[string]*document    // by tool name and "input"/"output"
	docTools map[string]schemaOrigin // document URI -> where it is in the catalog

	// Per schema: the tool, the schema document ($refs resolve in it), where
	// it stands in the file, and which of the tool's schemas it is.
	tool     *catalog.Tool
	doc      *document // the schema being built, as the schema compiler sees it
	root     jsontext.Value
	base     string            // the schema's JSON Pointer in the catalog file
	stem     string            // the Go name the schema's nested type names start from
	schema   string            // "input" or "output"
	built    map[string]*Value // by node pointer: $ref targets and recursion
	building map[string]bool
	reported map[string]bool // nodes whose x-toolgen settings were checked

	// Per schema, by node pointer: goJSONSchema extensions read, and those
	// honoured, as a value's type or as a field's settings.
	goExts                    map[string]*schemas.GoJSONSchemaExtension
	goApplied, goFieldApplied map[string]bool
}

// Build runs the model stage: it maps every tool of a linted catalog to Go
// types and checks, or reports, located in the catalog, why it cannot.
func Build(cat *catalog.Catalog, opts Options) (*Model, catalog.Diagnostics) {
	b := &builder{
		opts:     opts,
		cat:      cat,
		model:    &Model{NullAsAbsent: opts.OpenAIStrict},
		names:    newNamespace(),
		patterns: map[string]*Pattern{},
		divisors: map[string]*Divisor{},
		shared:   map[string]*Value{},
	}
	b.model.names = b.names
	originals := make([]string, len(cat.Tools))
	for i, t := range cat.Tools {
		originals[i] = t.Name
	}
	names, renamed := assignNames(originals, func(s string) string {
		for _, t := range cat.Tools {
			if t.Name == s && t.Settings.GoName != "" {
				return t.Settings.GoName
			}
		}
		return goName(s)
	}, nil)
	for _, rn := range renamed {
		t := cat.Tools[slices.Index(originals, rn.Original)]
		b.warn(t.Pointer, t.Name, "Go name %s is taken by tool %q; using %s (set \"x-toolgen\": {\"goName\": ...} to choose another)", rn.Wanted, rn.Rival, rn.Got)
	}
	b.registerSchemas()
	for i := range cat.Tools {
		b.buildTool(&cat.Tools[i], names[i])
	}
	for _, err := range b.schemas.finish() {
		b.schemaError(err)
	}
	b.model.Schemas = b.schemas
	return b.model, b.diags
}

// schemaOrigin is where one of a tool's schemas stands in the catalog.
type schemaOrigin struct {
	tool  *catalog.Tool
	which string // "input" or "output"
	base  string // the schema's JSON Pointer in the catalog file
}

// registerSchemas makes every tool's schemas documents of one registry, for
// the schema compiler: references by $id may cross from one tool to another.
func (b *builder) registerSchemas() {
	b.registry = newRegistry(nil)
	b.schemas = newChecker(b.registry, "schema", b.names)
	b.docs, b.docTools = map[string]*document{}, map[string]schemaOrigin{}
	b.schemas.describe = func(doc *document) string {
		if origin, ok := b.docTools[doc.uri]; ok {
			return fmt.Sprintf("the %s schema of tool %q", origin.which, origin.tool.Name)
		}
		return doc.uri
	}
	for i := range b.cat.Tools {
		t := &b.cat.Tools[i]
		for _, s := range []struct {
			which, base string
			schema      []byte
		}{{"input", t.SchemaPointer, t.InputSchema}, {"output", t.OutputSchemaPointer, t.OutputSchema}} {
			if s.schema == nil {
				continue
			}
			uri := toolSchemaURI(t.Name, s.which)
			b.docTools[uri] = schemaOrigin{t, s.which, s.base}
			doc, err := b.registry.addDocument(uri, s.schema)
			if err != nil {
				b.schemaError(err)
				continue
			}
			b.docs[t.Name+"\x00"+s.which] = doc
		}
	}
}

// toolSchemaURI is the retrieval URI of a tool's schema, the base of its
// references unless it has an $id. A tool's input and output schemas are two
// documents, and each is a folder of its own, so that a relative $id or $ref
// in one ("address.json") resolves within it, not to the other's.
func toolSchemaURI(tool, which string) string {
	return "https://toolgen.invalid/tools/" + url.PathEscape(tool) + "/" + which + "/schema.json"
}

// schemaError reports an error of the schema compiler at its place in the catalog.
func (b *builder) schemaError(err error) {
	var re *refError
	if !errors.As(err, &re) {
		b.diags = append(b.diags, b.cat.Diagnostic(catalog.Error, "", "", "%v", err))
		return
	}
	origin, ok := b.docTools[re.doc]
	if !ok {
		b.diags = append(b.diags, b.cat.Diagnostic(catalog.Error, "", "", "%s#%s: %s", re.doc, re.ptr, re.reason))
		return
	}
	b.diags = append(b.diags, b.cat.Diagnostic(catalog.Error, origin.tool.Name, origin.base+re.ptr, "%s", re.reason))
}

// checked maps a schema the typed reader cannot express exactly to its JSON
// text, checked whole by a generated schema function.
func (b *builder) checked(n *node, name string) *Value {
	jn, err := b.schemaNode(n.ptr)
	if err != nil {
		b.errorf(n.ptr, "%v", err)
		return nil
	}
	v := &Value{Ptr: n.ptr, Name: name, Kind: kindRaw, Check: b.schemas.function(jn)}
	v.Doc, _ = n.str("description")
	b.built[n.ptr] = v
	return v
}

// schemaNode finds the schema at ptr of the schema being built in the registry.
func (b *builder) schemaNode(ptr string) (*jnode, error) {
	if b.doc == nil {
		return nil, fmt.Errorf("the schema could not be read")
	}
	if ptr == "" {
		return b.doc.root, nil
	}
	return b.registry.pointer(b.doc.root.schema.resource, ptr)
}

// typedReason says why the typed reader cannot express schema n exactly, or
// returns "" when it can. Such a schema is checked whole by a generated schema
// function instead.
func (b *builder) typedReason(n *node) string {
	if n.boolean != nil {
		if *n.boolean {
			return ""
		}
		return "the schema false"
	}
	for _, k := range n.keys {
		if !supported[k] && !understood[k] && (catalog.IsKeyword(k) || k == "dependencies") {
			return "keyword " + k
		}
	}
	if n.has("$id") && n.ptr != "" {
		return "$id below the root"
	}
	if ref, ok := n.str("$ref"); ok {
		if ref != "#" && !strings.HasPrefix(ref, "#/") {
			return "a $ref that is not a JSON Pointer into the same schema"
		}
		for _, k := range n.keys {
			if k != "$ref" && supported[k] && k != "$defs" && k != "definitions" && k != "default" {
				return "keyword " + k + " beside $ref"
			}
		}
	}
	if types := n.strings("type"); len(types) == 1 && types[0] == "null" {
		return "a schema that allows only null"
	}
	if n.has("anyOf") && n.has("oneOf") {
		return "anyOf beside oneOf"
	}
	for _, union := range []string{"anyOf", "oneOf"} {
		if !n.has(union) {
			continue
		}
		for _, k := range n.keys {
			if k != union && !understood[k] && k != "type" && k != "$defs" && k != "definitions" && k != "default" {
				return "keyword " + k + " beside " + union
			}
		}
	}
	types := n.strings("type")
	multi := !n.has("type") || len(slices.DeleteFunc(slices.Clone(types), func(t string) bool { return t == "null" })) > 1
	if multi && !n.has("$ref") && !n.has("anyOf") && !n.has("oneOf") && !n.has("enum") && !n.has("const") {
		for _, k := range []string{"properties", "required", "additionalProperties", "items", "minItems", "maxItems", "uniqueItems", "dependentRequired"} {
			if n.has(k) {
				return "keyword " + k + " on a schema of several types"
			}
		}
	}
	if (n.has("enum") || n.has("const")) && holdsStructured(n) {
		// Structs, maps and slices are read member by member; equality with
		// a whole object or array is the schema function's.
		return "enum or const on an object or array"
	}
	if raw, ok := n.vals["dependentRequired"]; ok {
		declared := map[string]bool{}
		_ = forEachMember(n.vals["properties"], func(p string, _ jsontext.Value) { declared[p] = true })
		for _, r := range n.strings("required") {
			declared[r] = true
		}
		undeclared := false
		_ = forEachMember(raw, func(p string, list jsontext.Value) {
			undeclared = undeclared || !declared[p]
			_ = forEachItem(list, func(_ int, item jsontext.Value) {
				s, _ := strconv.Unquote(string(item))
				undeclared = undeclared || !declared[s]
			})
		})
		if undeclared {
			return "dependentRequired on an undeclared property"
		}
	}
	return ""
}

// holdsStructured reports whether a schema with enum or const may be held
// as a struct, map or slice: its type names object or array, or, without a
// type, one of its literals is an object or an array.
func holdsStructured(n *node) bool {
	if n.has("type") {
		types := n.strings("type")
		return slices.Contains(types, "object") || slices.Contains(types, "array")
	}
	structured := false
	check := func(v jsontext.Value) { structured = structured || v.Kind() == '{' || v.Kind() == '[' }
	if c, ok := n.vals["const"]; ok {
		check(c)
	}
	_ = forEachItem(n.vals["enum"], func(_ int, v jsontext.Value) { check(v) })
	return structured
}

func (b *builder) errorf(ptr, format string, args ...any) {
	b.diags = append(b.diags, b.cat.Diagnostic(catalog.Error, b.tool.Name, b.base+ptr, format, args...))
}

func (b *builder) warn(filePtr, tool, format string, args ...any) {
	b.diags = append(b.diags, b.cat.Diagnostic(catalog.Warning, tool, filePtr, format, args...))
}

// maxNestedName bounds the length of the names nestedName makes. Names of
// nested types extend their parent's, so without a bound they would grow
// with the depth of nesting, and the generated file with its square.
const maxNestedName = 64

// nestedName is the name wanted for a schema nested in the one named parent:
// parent+suffix (the parent's name extended by the member's name, Item,
// Value or Alt1), or, when that would pass maxNestedName, the schema's stem
// (the tool's Go name, or its Result) extended by suffix, which the
// namespace numbers to keep it unique.
func (b *builder) nestedName(parent, suffix string) string {
	if len(parent)+len(suffix) <= maxNestedName || len(b.stem) >= len(parent) {
		return parent + suffix
	}
	return b.stem + suffix
}

// typeName claims a package-level name, numbering it on a clash.
func (b *builder) typeName(want string) string { return b.names.claim(want) }

func (b *builder) buildTool(t *catalog.Tool, goName string) {
	tool := &Tool{
		Name:         t.Name,
		Title:        t.Title,
		Description:  t.Description,
		InputSchema:  t.InputSchema,
		OutputSchema: t.OutputSchema,
		Annotations:  t.Annotations,
		Timeout:      t.Settings.Timeout,
		GoName:       goName,
		Const:        b.typeName("Tool" + goName),
		Valid:        b.typeName("Valid" + goName + "Args"),
		Parse:        b.typeName("Parse" + goName + "Args"),
	}
	stem := lowerFirst(goName)
	tool.InputSchemaConst = b.names.claim(stem + "InputSchema")
	if t.OutputSchema != nil {
		tool.OutputSchemaConst = b.names.claim(stem + "OutputSchema")
		tool.CheckResultFunc = b.names.claim("check" + goName + "Result")
	}
	tool.ParseFunc = b.names.claim("parse" + goName)
	tool.CallFunc = b.names.claim("call" + goName)
	b.tool = t
	if b.opts.OpenAIStrict {
		variant, err := catalog.StrictVariant(t.InputSchema)
		var refused *catalog.StrictError
		switch {
		case errors.As(err, &refused):
			var reasons []string
			for _, p := range refused.Problems {
				reasons = append(reasons, displayPointer(p.Pointer)+": "+p.Message)
			}
			b.warn(t.SchemaPointer, t.Name, "no OpenAI strict-mode variant, so the tool goes without strict mode: %s", strings.Join(reasons, "; "))
		case err != nil:
			b.warn(t.SchemaPointer, t.Name, "no OpenAI strict-mode variant: %v", err)
		}
		tool.StrictInputSchema = variant
		if variant != nil {
			tool.StrictSchemaConst = b.names.claim(stem + "StrictInputSchema")
		}
	}
	args := b.schemaRoot(t.InputSchema, t.SchemaPointer, "input", goName+"Args", goName)
	if args == nil {
		return
	}
	args.Doc = fmt.Sprintf("%sArgs are the arguments of tool %q.", goName, t.Name)
	if t.Description != "" {
		args.Doc += "\n\n" + t.Description
	}
	args.Sensitive = b.rootSensitive("input")
	tool.Args = args
	if t.OutputSchema != nil {
		result := b.schemaRoot(t.OutputSchema, t.OutputSchemaPointer, "output", goName+"Result", goName+"Result")
		if result == nil {
			return
		}
		result.Doc = fmt.Sprintf("%sResult is the result of tool %q, as its output schema describes it. The dispatcher checks every result against that schema before it leaves.", goName, t.Name)
		result.Sensitive = b.rootSensitive("output")
		tool.Result = result
	}
	b.model.Tools = append(b.model.Tools, tool)
}

// value maps a schema node to its Go type and checks, marked sensitive when
// some schema that applies at the node says so. name is the type name to use
// if the node needs a named type.
func (b *builder) value(n *node, name string) *Value {
	return b.markSensitive(n, b.goType(n, b.typedValue(n, name)))
}

// typedValue is value without the sensitivity, which depends on the node
// rather than on the type.
func (b *builder) typedValue(n *node, name string) *Value {
	if v, ok := b.built[n.ptr]; ok {
		return v
	}
	if b.typedReason(n) != "" {
		return b.checked(n, name)
	}
	if n.boolean != nil {
		return &Value{Ptr: n.ptr, Kind: kindRaw}
	}
	if n.has("$ref") {
		return b.ref(n)
	}
	if v := b.nullableUnion(n, name); v != nil {
		return v
	}
	if n.has("anyOf") || n.has("oneOf") {
		return b.union(n, name)
	}

	kinds, ok := b.kinds(n)
	if !ok {
		return nil
	}
	doc, _ := n.str("description")
	nullable := slices.Contains(kinds, "null") && len(kinds) > 1
	base := slices.DeleteFunc(slices.Clone(kinds), func(k string) bool { return k == "null" && nullable })
	var v *Value
	switch {
	case len(base) == 1 && base[0] == "object":
		v = b.objectOrMap(n, name)
	case len(base) == 1 && base[0] == "array":
		v = b.array(n, name)
	case len(base) == 1 && base[0] == "string" && len(n.strings("enum")) > 0 && !n.has("const"):
		v = b.enum(n, name)
	case len(base) == 1 && base[0] != "null":
		v = &Value{Ptr: n.ptr, Kind: scalarKinds[base[0]]}
		b.checks(n, v)
	default:
		v = b.raw(n, kinds)
	}
	if v == nil {
		return nil
	}
	if v.Name == "" {
		v.Name = name
	}
	v.Nullable = v.Nullable || nullable
	if v.Doc == "" {
		v.Doc = doc
	}
	return v
}

var scalarKinds = map[string]typeKind{"string": kindString, "integer": kindInt, "number": kindNumber, "boolean": kindBool}

// kinds returns the JSON kinds the node allows, from type or, without type,
// from the values of enum and const; nil means any kind.
func (b *builder) kinds(n *node) ([]string, bool) {
	if n.has("type") {
		types := n.strings("type")
		if len(types) == 0 {
			b.errorf(n.ptr+"/type", "type must name at least one type")
			return nil, false
		}
		if slices.Contains(types, "number") {
			types = slices.DeleteFunc(types, func(t string) bool { return t == "integer" })
		}
		if len(types) == 1 && types[0] == "null" {
			b.errorf(n.ptr+"/type", "a schema that allows only null is not supported yet")
			return nil, false
		}
		return types, true
	}
	var literals []jsontext.Value
	if c, ok := n.vals["const"]; ok {
		literals = append(literals, c)
	} else if e, ok := n.vals["enum"]; ok {
		_ = forEachItem(e, func(_ int, v jsontext.Value) { literals = append(literals, v) })
	}
	if len(literals) == 0 {
		return nil, true
	}
	var kinds []string
	for _, l := range literals {
		k := jsonKind(l)
		if k == "integer" {
			k = "number"
		}
		if !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	sort.Strings(kinds)
	return kinds, true
}

func jsonKind(v jsontext.Value) string {
	switch v.Kind() {
	case 'n':
		return "null"
	case 't', 'f':
		return "boolean"
	case '"':
		return "string"
	case '0':
		return "number"
	case '{':
		return "object"
	}
	return "array"
}

// checks records the assertions of n that apply to scalar values.
func (b *builder) checks(n *node, v *Value) {
	if c, ok := n.vals["const"]; ok {
		v.Const = c
	}
	if e, ok := n.vals["enum"]; ok {
		_ = forEachItem(e, func(_ int, item jsontext.Value) { v.Enum = append(v.Enum, item) })
	}
	for keyword, bound := range map[string]**Bound{
		"minimum": &v.Minimum, "maximum": &v.Maximum,
		"exclusiveMinimum": &v.ExclusiveMinimum, "exclusiveMaximum": &v.ExclusiveMaximum,
	} {
		if t, ok := n.vals[keyword]; ok && t.Kind() == '0' {
			*bound = &Bound{Text: string(t)}
		}
	}
	if t, ok := n.vals["multipleOf"]; ok {
		v.MultipleOf = string(t)
		if v.Kind != kindInt || !isInteger(string(t)) {
			b.divisor(string(t))
		}
	}
	if c, ok := n.count("minLength"); ok {
		v.MinLength = &c
	}
	if c, ok := n.count("maxLength"); ok {
		v.MaxLength = &c
	}
	if p, ok := n.str("pattern"); ok {
		v.Pattern = b.pattern(n, p)
	}
	if f, ok := n.str("format"); ok {
		if formats[f] != "" {
			v.Format = f
		} else {
			b.warn(b.base+n.ptr+"/format", b.tool.Name, "format %q is not a JSON Schema format; it is kept as an annotation and not checked", f)
		}
	}
	if c, ok := n.count("minItems"); ok {
		v.MinItems = &c
	}
	if c, ok := n.count("maxItems"); ok {
		v.MaxItems = &c
	}
	if u, ok := n.vals["uniqueItems"]; ok && string(u) == "true" {
		v.UniqueItems = true
	}
}

func (b *builder) pattern(n *node, expr string) *Pattern {
	if p, ok := b.patterns[expr]; ok {
		return p
	}
	re2, err := ecma.Translate(expr)
	if err != nil {
		b.errorf(n.ptr+"/pattern", "%v", err)
		return nil
	}
	p := &Pattern{Expr: expr, RE2: re2}
	if l, ok := compileLoop(re2); ok {
		p.Var, p.Loop = b.names.claim(fmt.Sprintf("matchPattern%d", len(b.model.Patterns))), l
	} else {
		p.Var = b.names.claim(fmt.Sprintf("pattern%d", len(b.model.Patterns)))
	}
	b.patterns[expr] = p
	b.model.Patterns = append(b.model.Patterns, p)
	return p
}

func (b *builder) divisor(text string) {
	if _, ok := b.divisors[text]; ok {
		return
	}
	d := &Divisor{Var: b.names.claim(fmt.Sprintf("divisor%d", len(b.model.Divisors))), Text: text}
	b.divisors[text] = d
	b.model.Divisors = append(b.model.Divisors, d)
}

// DivisorVar returns the package variable holding a multipleOf divisor.
func (m *Model) divisorVar(text string) string {
	for _, d := range m.Divisors {
		if d.Text == text {
			return d.Var
		}
	}
	return ""
}

func isInteger(text string) bool {
	r, ok := new(big.Rat).SetString(text)
	return ok && r.IsInt() && r.Num().IsInt64()
}

// objectOrMap maps an object schema: a struct when it declares properties or
// is closed, a map otherwise.
func (b *builder) objectOrMap(n *node, name string) *Value {
	ap, hasAP := n.vals["additionalProperties"]
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

	required := n.strings("required")
	var props []string
	for _, p := range n.memberNames("properties") {
		if !slices.Contains(props, p) {
			props = append(props, p)
		}
	}
	// Required members that have no schema still have to be present.
	for _, r := range required {
		if !slices.Contains(props, r) {
			props = append(props, r)
		}
	}

	var fieldNodes []*node
	goNames := make([]string, len(props))
	for i, p := range props {
		var c *node
		if n.declares("properties", p) {
			var err error
			if c, err = n.child("properties", p); err != nil {
				b.errorf(n.ptr+"/properties", "%v", err)
				return nil
			}
		} else {
			c = &node{ptr: n.ptr + "/required", vals: map[string]jsontext.Value{}}
		}
		fieldNodes = append(fieldNodes, c)
		goNames[i] = b.fieldGoName(c, p)
	}
	taken := map[string]bool{}
	ap, hasAP := n.vals["additionalProperties"]
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
			b.warn(b.base+n.ptr+"/properties/"+escapeToken(rn.Original), b.tool.Name,
				"property %q maps to Go field %s, a name the struct needs for itself; using %s (set \"x-toolgen\": {\"goName\": ...} on the property to choose another)",
				rn.Original, rn.Wanted, rn.Got)
			continue
		}
		b.warn(b.base+n.ptr+"/properties/"+escapeToken(rn.Original), b.tool.Name,
			"property %q and property %q both map to Go field %s; using %s for %q (set \"x-toolgen\": {\"goName\": ...} on the property to choose another)",
			rn.Original, rn.Rival, rn.Wanted, rn.Got, rn.Original)
	}

	for i, p := range props {
		c := fieldNodes[i]
		f := &Field{JSONName: p, GoName: names[i], Required: slices.Contains(required, p)}
		f.Value = b.value(c, b.nestedName(prefix, names[i]))
		if f.Value == nil {
			continue
		}
		f.Doc, _ = c.str("description")
		if d, ok := c.vals["default"]; ok && !f.Required && !b.tool.RejectedDefaults[c.ptr] {
			f.Default = d
		}
		f.Holder = holderFor(f)
		b.fieldGoType(c, f)
		t.Fields = append(t.Fields, f)
	}

	switch {
	case keepOthers:
		t.Additional = &Value{Ptr: n.ptr, Kind: kindRaw}
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

	if raw, ok := n.vals["dependentRequired"]; ok {
		_ = forEachMember(raw, func(p string, list jsontext.Value) {
			d := Dependency{Property: p}
			_ = forEachItem(list, func(_ int, item jsontext.Value) {
				s, _ := strconv.Unquote(string(item))
				d.Requires = append(d.Requires, s)
			})
			for _, name := range append([]string{p}, d.Requires...) {
				if !slices.Contains(props, name) {
					if !loose { // else the schema function checks it
						b.errorf(n.ptr+"/dependentRequired/"+escapeToken(p), "dependentRequired on %q, which is not a declared property, is not supported yet; declare it under properties", name)
					}
					return
				}
			}
			t.DependentRequired = append(t.DependentRequired, d)
		})
	}
	return v
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
	raw, ok := c.vals["x-toolgen"]
	if !ok {
		return s
	}
	report := !b.reported[c.ptr]
	b.reported[c.ptr] = true
	if raw.Kind() != '{' {
		if report {
			b.errorf(c.ptr+"/x-toolgen", "x-toolgen must be an object such as {\"goName\": \"Name\", \"sensitive\": true}")
		}
		return s
	}
	_ = forEachMember(raw, func(k string, v jsontext.Value) {
		switch k {
		case "goName":
			name, _ := strconv.Unquote(string(v))
			if isExportedIdent(name) {
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
				b.errorf(c.ptr+"/x-toolgen/"+escapeToken(k), "unknown x-toolgen setting %q; the settings on a schema are goName and sensitive", k)
			}
		}
	})
	return s
}

func holderFor(f *Field) holder {
	v := f.Value
	nilMeansSomething := hasNil(v)
	switch {
	case v.Kind == kindRaw, v.Kind == kindSealed:
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

// array maps an array schema to a slice.
func (b *builder) array(n *node, name string) *Value {
	v := &Value{Ptr: n.ptr, Kind: kindSlice}
	b.built[n.ptr] = v
	b.checks(n, v)
	if n.has("items") {
		c, err := n.child("items")
		if err != nil {
			b.errorf(n.ptr+"/items", "%v", err)
			return nil
		}
		v.Elem = b.value(c, b.nestedName(name, "Item"))
	} else {
		v.Elem = &Value{Ptr: n.ptr + "/items", Kind: kindRaw}
	}
	if v.Elem == nil {
		return nil
	}
	return v
}

// enum maps a string enum to a named string type with one constant per value.
func (b *builder) enum(n *node, name string) *Value {
	t := &NamedType{Name: b.typeName(name), Ptr: n.ptr, Tool: b.tool.Name, Schema: b.schema}
	base := &Value{Ptr: n.ptr, Kind: kindString}
	b.checks(n, base)
	var values []string
	for _, e := range base.Enum {
		if e.Kind() == '"' {
			s, _ := jsontext.AppendUnquote(nil, e)
			values = append(values, string(s))
		}
	}
	base.Enum = nil
	t.Base = base
	suffixes, _ := assignNames(values, goName, nil)
	for i, s := range values {
		want := t.Name + suffixes[i]
		got := b.names.claim(want)
		if got != want {
			b.warn(b.base+n.ptr+"/enum", b.tool.Name, "the constant %s for enum value %q is taken by another generated name; using %s", want, s, got)
		}
		t.Values = append(t.Values, EnumValue{GoName: got, Value: s})
	}
	if len(t.Values) == 0 {
		b.errorf(n.ptr+"/enum", "no value of this string enum is a string, so no value can ever be valid")
		return nil
	}
	if d, ok := n.str("description"); ok {
		t.Doc = d
	}
	b.model.Types = append(b.model.Types, t)
	v := &Value{Ptr: n.ptr, Kind: kindEnum, Named: t}
	b.built[n.ptr] = v
	return v
}

// raw maps a schema that allows several JSON kinds to json.RawMessage checked
// in place.
func (b *builder) raw(n *node, kinds []string) *Value {
	v := &Value{Ptr: n.ptr, Kind: kindRaw, Kinds: kinds}
	b.checks(n, v)
	if kinds == nil || slices.Contains(kinds, "object") || slices.Contains(kinds, "array") {
		for _, k := range []string{"properties", "required", "additionalProperties", "items", "minItems", "maxItems", "uniqueItems", "dependentRequired"} {
			if n.has(k) {
				b.errorf(n.ptr+"/"+k, "keyword %q on a schema that allows several types is not supported yet; give the schema a single \"type\"", k)
				return nil
			}
		}
	}
	if kinds == nil && (v.hasStringChecks() || v.hasNumberChecks()) {
		v.Kinds = []string{"array", "boolean", "null", "number", "object", "string"}
	}
	return v
}

func (v *Value) hasStringChecks() bool {
	return v.MinLength != nil || v.MaxLength != nil || v.Pattern != nil || v.Format != ""
}

func (v *Value) hasNumberChecks() bool {
	return v.Minimum != nil || v.Maximum != nil || v.ExclusiveMinimum != nil || v.ExclusiveMaximum != nil || v.MultipleOf != ""
}

// nullableUnion recognises the common spelling of an optional-null value,
// anyOf or oneOf of one schema and {"type": "null"}, and maps it to a
// nullable value of that schema. It returns nil for any other node.
func (b *builder) nullableUnion(n *node, name string) *Value {
	keyword := "anyOf"
	if !n.has(keyword) {
		keyword = "oneOf"
	}
	raw, ok := n.vals[keyword]
	if !ok || n.has("anyOf") && n.has("oneOf") {
		return nil
	}
	for _, k := range n.keys {
		if k != keyword && !understood[k] {
			return nil
		}
	}
	var alts []jsontext.Value
	_ = forEachItem(raw, func(_ int, v jsontext.Value) { alts = append(alts, v) })
	if len(alts) != 2 {
		return nil
	}
	other := -1
	for i, a := range alts {
		if isNullSchema(a) {
			other = 1 - i
		}
	}
	if other < 0 || isNullSchema(alts[other]) {
		return nil
	}
	c, err := n.child(keyword, strconv.Itoa(other))
	if err != nil {
		return nil
	}
	if types := c.strings("type"); !c.has("type") || slices.Contains(types, "null") || c.has("$ref") {
		return nil // the other branch may allow null itself: a real union
	}
	if b.typedReason(c) != "" {
		// Its schema function would judge null too: keep the union, whose
		// other alternative takes null.
		return nil
	}
	v := b.value(c, name)
	if v == nil {
		return nil
	}
	v.Nullable = true
	if d, ok := n.str("description"); ok {
		v.Doc = d
	}
	return v
}

func isNullSchema(raw jsontext.Value) bool {
	n, err := parseNode(raw, "")
	if err != nil || n.boolean != nil {
		return false
	}
	for _, k := range n.keys {
		if k != "type" && !understood[k] {
			return false
		}
	}
	types := n.strings("type")
	return len(types) == 1 && types[0] == "null"
}

// union maps anyOf or oneOf to json.RawMessage whose text is checked against
// each alternative.
func (b *builder) union(n *node, name string) *Value {
	if n.has("anyOf") && n.has("oneOf") {
		b.errorf(n.ptr+"/oneOf", "anyOf and oneOf on the same schema are not supported yet; nest one inside an allOf-free wrapper")
		return nil
	}
	keyword := "anyOf"
	if n.has("oneOf") {
		keyword = "oneOf"
	}
	for _, k := range n.keys {
		if k != keyword && !understood[k] && k != "type" {
			b.errorf(n.ptr+"/"+escapeToken(k), "keyword %q beside %s is not supported yet; move it into each alternative", k, keyword)
			return nil
		}
	}
	v := &Value{Ptr: n.ptr, Kind: kindRaw, Union: &Union{Keyword: keyword}}
	if n.has("type") {
		kinds, _ := b.kinds(n)
		v.Kinds = kinds
	}
	var count int
	_ = forEachItem(n.vals[keyword], func(int, jsontext.Value) { count++ })
	for i := range count {
		c, err := n.child(keyword, strconv.Itoa(i))
		if err != nil {
			b.errorf(n.ptr+"/"+keyword, "%v", err)
			return nil
		}
		alt := b.value(c, b.nestedName(name, fmt.Sprintf("Alt%d", i+1)))
		if alt == nil || b.goTypeAlternative(alt, c.ptr) {
			return nil
		}
		fn := b.names.claim(fmt.Sprintf("read%sAlt%d", name, i+1))
		v.Union.Alternatives = append(v.Union.Alternatives, &Alternative{Func: fn, Value: alt})
	}
	v.Doc, _ = n.str("description")
	if sealed := b.seal(v, name); sealed != nil {
		v.Kind, v.Sealed, v.Union = kindSealed, sealed, nil
		b.model.Sealed = append(b.model.Sealed, sealed)
		return v
	}
	v.Union.Type, v.Union.Ptr = b.typeName(name), n.ptr
	b.model.Unions = append(b.model.Unions, v.Union)
	return v
}

// seal makes a sealed interface of a union whose alternatives can be told
// apart by JSON kind or by a discriminator, or returns nil. Only then does
// at most one alternative match any value, so anyOf and oneOf agree and the
// value is read once, as the one alternative it can be.
func (b *builder) seal(v *Value, name string) *Sealed {
	if v.Kinds != nil {
		return nil // a type beside the union: keep checking it whole
	}
	alts := v.Union.Alternatives
	for _, a := range alts {
		switch a.Value.Kind {
		case kindRaw, kindSealed:
			return nil
		}
		if a.Value.Nullable {
			return nil
		}
	}
	s := &Sealed{Keyword: v.Union.Keyword, Doc: v.Doc}
	if kinds := variantKinds(alts); kinds != nil {
		s.Interface = b.typeName(name)
		for i, a := range alts {
			variant := &Variant{Value: a.Value, Kind: kinds[i]}
			if a.Value.Kind == kindStruct || a.Value.Kind == kindEnum {
				variant.Type = a.Value.Named.Name
			} else {
				variant.Type, variant.Wrap = b.typeName(s.Interface+goName(kinds[i])), true
			}
			s.Variants = append(s.Variants, variant)
		}
		return s
	}
	property, tags := discriminator(alts)
	if property == "" {
		return nil
	}
	s.Interface, s.Property = b.typeName(name), property
	s.TagsVar = b.names.claim(lowerFirst(s.Interface) + "Tags")
	for i, a := range alts {
		s.Variants = append(s.Variants, &Variant{Type: a.Value.Named.Name, Value: a.Value, Tag: tags[i]})
	}
	return s
}

// variantKinds returns the JSON kind each alternative takes, if each takes
// one that no other does.
func variantKinds(alts []*Alternative) []string {
	kindOf := map[typeKind]string{
		kindString: "string", kindEnum: "string", kindInt: "integer", kindNumber: "number",
		kindBool: "boolean", kindStruct: "object", kindMap: "object", kindSlice: "array",
	}
	seen := map[string]bool{}
	var kinds []string
	for _, a := range alts {
		k := kindOf[a.Value.Kind]
		// Integers are numbers too: the two cannot be told apart by kind.
		jsonKind := strings.Replace(k, "integer", "number", 1)
		if seen[jsonKind] {
			return nil
		}
		seen[jsonKind] = true
		kinds = append(kinds, k)
	}
	return kinds
}

// discriminator finds a member that every alternative, an object, requires
// with a different string constant, and returns its name and the constants.
func discriminator(alts []*Alternative) (string, []string) {
	for _, a := range alts {
		if a.Value.Kind != kindStruct {
			return "", nil
		}
	}
	for _, candidate := range alts[0].Value.Named.Fields {
		tags := make([]string, 0, len(alts))
		seen := map[string]bool{}
		for _, a := range alts {
			tag, ok := constantOf(a.Value.Named, candidate.JSONName)
			if !ok || seen[tag] {
				break
			}
			seen[tag] = true
			tags = append(tags, tag)
		}
		if len(tags) == len(alts) {
			return candidate.JSONName, tags
		}
	}
	return "", nil
}

// constantOf returns the string a required member of t must hold, if its
// schema fixes one with const or a one-value enum.
func constantOf(t *NamedType, member string) (string, bool) {
	for _, f := range t.Fields {
		if f.JSONName != member || !f.Required {
			continue
		}
		v := f.Value
		text := v.Const
		switch {
		case text == nil && len(v.Enum) == 1:
			text = v.Enum[0]
		case text == nil && v.Kind == kindEnum && len(v.Named.Values) == 1:
			return v.Named.Values[0].Value, true
		}
		if text.Kind() != '"' {
			return "", false
		}
		b, err := jsontext.AppendUnquote(nil, text)
		return string(b), err == nil
	}
	return "", false
}

// ref resolves a local $ref and maps its target, sharing the target's type
// with every other reference to it.
func (b *builder) ref(n *node) *Value {
	ref, _ := n.str("$ref")
	if !strings.HasPrefix(ref, "#") {
		b.errorf(n.ptr+"/$ref", "$ref %q points outside this schema; only references within the same schema (#/$defs/...) are supported yet", ref)
		return nil
	}
	target := unescapeURIFragment(ref[1:])
	if v, ok := b.built[target]; ok {
		return v
	}
	raw, tn, err := b.refTarget(target)
	if raw == nil {
		b.errorf(n.ptr+"/$ref", "$ref %q does not resolve to a schema in this tool's input schema", ref)
		return nil
	}
	if b.building[target] {
		// Recursion that the typed reader cannot follow (not through a named
		// struct): the schema function follows it instead.
		return b.checked(n, b.refName(target))
	}
	if err != nil {
		b.errorf(n.ptr+"/$ref", "$ref %q: %v", ref, err)
		return nil
	}
	name := b.refName(target)
	key := name + "\x00" + string(raw)
	if v, ok := b.shared[key]; ok && !bytes.Contains(raw, []byte(`"$ref"`)) {
		b.built[target] = v
		return v
	}
	b.building[target] = true
	v := b.value(tn, name)
	delete(b.building, target)
	if v != nil && target != "" {
		b.shared[key] = v
	}
	return v
}

// refTarget finds the schema at the JSON Pointer target in the schema being
// built: its text (nil if there is none) and its node. It walks the
// document's tree when there is one, rather than reading the text again.
func (b *builder) refTarget(target string) (jsontext.Value, *node, error) {
	if b.doc != nil {
		j := treeAt(b.doc.root, target)
		if j == nil {
			return nil, nil, nil
		}
		n, err := nodeOf(j, target)
		return j.raw, n, err
	}
	raw, ok := resolvePointer(b.root, target)
	if !ok {
		return nil, nil, nil
	}
	n, err := parseNode(raw, target)
	return raw, n, err
}

// refName names the type of a $ref target: its $defs name, or the path to it.
func (b *builder) refName(target string) string {
	toks := strings.Split(strings.TrimPrefix(target, "/"), "/")
	if len(toks) == 2 && (toks[0] == "$defs" || toks[0] == "definitions") {
		return goName(unescapeToken(toks[1]))
	}
	var sb strings.Builder
	sb.WriteString(goName(b.tool.Name))
	last := ""
	for _, t := range toks {
		if t != "properties" && t != "$defs" && t != "definitions" {
			last = goName(unescapeToken(t))
			sb.WriteString(last)
		}
	}
	if sb.Len() > maxNestedName {
		// A deep target: its name would grow with its depth.
		return goName(b.tool.Name) + last
	}
	return sb.String()
}

func displayPointer(p string) string {
	if p == "" {
		return "/"
	}
	return p
}

func unescapeURIFragment(s string) string {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			if c, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
				sb.WriteByte(byte(c))
				i += 2
				continue
			}
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

// intLimit converts a schema bound to the int64 an integer is compared with,
// rounding a fractional bound up (roundUp) or down: x >= 1.5 holds for an
// integer x exactly when x >= 2. side is 0 when the limit is an int64, +1 when
// it lies above every int64 and -1 when below.
func intLimit(text string, roundUp bool) (n int64, side int) {
	r, _ := new(big.Rat).SetString(text)
	q := new(big.Int).Quo(r.Num(), r.Denom()) // truncated toward zero
	if !r.IsInt() {
		if roundUp && r.Sign() > 0 {
			q.Add(q, big.NewInt(1))
		} else if !roundUp && r.Sign() < 0 {
			q.Sub(q, big.NewInt(1))
		}
	}
	if q.IsInt64() {
		return q.Int64(), 0
	}
	return 0, q.Sign()
}

// floatBound converts a schema number to float64 for comparison with numbers.
// side is 0 when it is within float64's range, +1 when it lies above every
// finite float64 (1e400) and -1 when below: a reader never returns an
// infinity, so a number that far out compares the same with every value.
// text is a JSON number, which ParseFloat always reads; out of range, it
// returns an infinity of the number's sign.
func floatBound(text string) (f float64, side int) {
	f, _ = strconv.ParseFloat(text, 64)
	switch {
	case math.IsInf(f, 1):
		return 0, 1
	case math.IsInf(f, -1):
		return 0, -1
	}
	return f, 0
}
