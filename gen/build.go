package gen

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/atombender/go-jsonschema/pkg/schemas"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen/internal/schemafunc"
	"github.com/toolgen/toolgen/internal/jsonpointer"
	"github.com/toolgen/toolgen/internal/schema"
)

// This file and the other build*.go files are the model stage's builder:
// it maps each tool's schemas to the types of model.go.

// supported reports whether the typed reader checks or applies keyword k.
func supported(k string) bool {
	kw := schema.Draft202012.Keyword(k)
	return kw != nil && kw.Typed == schema.TypedCheck
}

// understood reports whether k is a keyword that changes nothing the typed
// reader checks, or one of toolgen's extensions.
func understood(k string) bool {
	kw := schema.Draft202012.Keyword(k)
	return kw != nil && kw.Typed == schema.TypedInert || schema.IsExtension(k)
}

// isKeyword reports whether k is a keyword of the dialect.
func isKeyword(k string) bool { return schema.Draft202012.Keyword(k) != nil }

// builder turns a linted catalog into a Model, collecting every problem.
type builder struct {
	cat   *catalog.Catalog
	opts  Options
	diags catalog.Diagnostics
	model *Model

	names    *namespace
	patterns map[string]*Pattern
	divisors map[string]*Divisor
	shared   map[string]*Value       // $defs shared between tools, by name and bytes
	enums    map[string]*NamedType   // string enums, by canonical schema text
	inputs   map[string]*sharedInput // tools' arguments, by canonical input schema text

	// The catalog's index (its schemas as documents of one registry, so
	// that $id references between tools resolve), what of the registry's
	// problems has been reported, and the compiler of schema functions.
	index    *catalog.Index
	registry *schema.Registry
	problems int
	schemas  *schemafunc.Compiler

	// Per schema: the tool (and its index in the catalog), the schema
	// document ($refs resolve in it), where it stands in the file, and which
	// of the tool's schemas it is.
	tool     *catalog.Tool
	toolAt   int
	doc      *schema.Document // the schema being built, as the schema compiler sees it
	tree     *schema.Node     // its root; nil when the schema could not be read
	root     jsontext.Value
	base     string            // the schema's JSON Pointer in the catalog file
	stem     string            // the Go name the schema's nested type names start from
	schema   string            // "input" or "output"
	built    map[string]*Value // by node pointer: $ref targets and recursion
	building map[string]bool
	reported map[string]bool // nodes whose x-toolgen settings were checked
	goNamed  map[string]bool // nodes whose x-toolgen goName was honoured
	// docStates are the documents a $ref led into while building the
	// schema, with the one being built (refs.go).
	docStates map[*schema.Document]*docState

	// Per schema, by node pointer: goJSONSchema extensions read, and those
	// honoured, as a value's type or as a field's settings.
	goExts                    map[string]*schemas.GoJSONSchemaExtension
	goApplied, goFieldApplied map[string]bool
	// localTypes are the goJSONSchema types of the generated package that
	// the catalog names, checked once every name of the file is claimed.
	localTypes []localTypeUse
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
		enums:    map[string]*NamedType{},
		inputs:   map[string]*sharedInput{},
	}
	b.model.names = b.names
	b.model.divisors = b.divisors
	reserveClientNames(b.names, opts)
	originals := make([]string, len(cat.Tools))
	first := map[string]int{} // tool name -> index of its first tool
	chosen := map[string]string{}
	for i, t := range cat.Tools {
		originals[i] = t.Name
		if _, ok := first[t.Name]; !ok {
			first[t.Name] = i
		}
		if _, ok := chosen[t.Name]; !ok && t.Settings.GoName != "" {
			chosen[t.Name] = t.Settings.GoName
		}
	}
	names, renamed := assignNames(originals, func(s string) string {
		if gn, ok := chosen[s]; ok {
			return gn
		}
		return goName(s)
	}, nil)
	for _, rn := range renamed {
		t := cat.Tools[first[rn.Original]]
		b.warn(catalog.WarnGoName, t.Pointer, t.Name, "Go name %s is taken by tool %q; using %s (set \"x-toolgen\": {\"goName\": ...} to choose another)", rn.Wanted, rn.Rival, rn.Got)
	}
	b.registerSchemas()
	for i := range cat.Tools {
		b.toolAt = i
		b.buildTool(&cat.Tools[i], names[i])
	}
	b.refuseValueCycles()
	// Shared values claim their names before the goJSONSchema types of
	// the package are checked against every name the file declares.
	b.share()
	b.checkLocalTypes()
	for _, err := range b.schemas.Finish() {
		b.schemaError(err)
	}
	b.reportProblems() // of schemas indexed on the way
	b.model.Schemas = b.schemas
	return b.model, distinct(b.diags)
}

// registerSchemas takes the catalog's index, whose registry holds every
// tool's schemas as documents, for the schema compiler: references by $id
// may cross from one tool to another. What the registry could not index
// is reported here, at its place.
func (b *builder) registerSchemas() {
	b.index = b.cat.Index()
	b.registry = b.index.Registry()
	b.schemas = schemafunc.New(b.registry, schemafunc.Options{Prefix: "schema", Claim: b.names.claim, Describe: func(doc *schema.Document) string {
		if origin, ok := b.index.Origin(doc.URI); ok {
			return fmt.Sprintf("the %s schema of tool %q", origin.Which(), b.cat.Tools[origin.Tool].Name)
		}
		return doc.URI
	}})
	b.reportProblems()
}

// reportProblems reports the problems the registry met since it was last
// asked: what a schema says that its index could not use (a malformed or
// repeated $id or anchor, an unknown meta-schema) is a schema the
// generator refuses.
func (b *builder) reportProblems() {
	for _, p := range b.registry.Problems[b.problems:] {
		b.schemaError(p)
	}
	b.problems = len(b.registry.Problems)
}

// document returns the current tool's input or output schema (which says),
// from the catalog's index; nil when the tool has none or it cannot be read.
func (b *builder) document(which string) *schema.Document {
	return b.index.Document(b.toolAt, which == "output")
}

// schemaError reports an error of the schema compiler at its place in the catalog.
func (b *builder) schemaError(err error) {
	var re *schema.RefError
	if !errors.As(err, &re) {
		b.diags = append(b.diags, b.cat.Diagnostic(catalog.Error, "", "", "%v", err))
		return
	}
	origin, ok := b.index.Origin(re.Doc)
	if !ok {
		b.diags = append(b.diags, b.cat.Diagnostic(catalog.Error, "", "", "%s#%s: %s", re.Doc, re.Ptr, re.Reason))
		return
	}
	t := &b.cat.Tools[origin.Tool]
	base := t.SchemaPointer
	if origin.Output {
		base = t.OutputSchemaPointer
	}
	b.diags = append(b.diags, b.cat.Diagnostic(catalog.Error, t.Name, base+re.Ptr, "%s", re.Reason))
}

// checked maps a schema the typed reader cannot express exactly to its JSON
// text, checked whole by a generated schema function.
func (b *builder) checked(n *node, name string) *Value {
	jn, err := b.indexed(n)
	if err != nil {
		b.errorf(n.ptr, "%v", err)
		return nil
	}
	v := &Value{Ptr: n.ptr, Name: name, Kind: kindRaw, Check: b.schemas.Function(jn), HoldsSecrets: b.schemas.HoldsSecrets(jn)}
	v.Doc, _ = n.str("description")
	if v.Why = b.typedReason(n); v.Why == "" {
		v.Why = "a schema that contains itself other than through an object"
	}
	b.built[n.ptr] = v
	return v
}

// indexed returns the schema n as the registry knows it, with its place
// (base URI, resource): a schema no keyword puts where it stands (under an
// unknown word, reached by a $ref) is indexed when first asked for.
func (b *builder) indexed(n *node) (*schema.Node, error) {
	switch {
	case n.tree.Place != nil:
		return n.tree, nil
	case b.doc == nil:
		return nil, fmt.Errorf("the schema could not be read")
	}
	return b.registry.Pointer(b.doc.Root.Place.Resource, n.ptr)
}

func (b *builder) errorf(ptr, format string, args ...any) {
	b.diags = append(b.diags, b.cat.Diagnostic(catalog.Error, b.tool.Name, b.base+ptr, format, args...))
}

func (b *builder) warn(class catalog.WarningClass, filePtr, tool, format string, args ...any) {
	b.diags = append(b.diags, b.cat.Warning(class, tool, filePtr, format, args...))
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
		Icons:        t.Icons,
		TaskSupport:  t.Execution.TaskSupport,
		Meta:         t.Meta,
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
	if t.Meta != nil {
		tool.MetaConst = b.names.claim(stem + "Meta")
	}
	b.tool = t
	if b.opts.OpenAIStrict {
		variant, err := t.StrictVariant()
		var refused *catalog.StrictError
		switch {
		case errors.As(err, &refused):
			var reasons []string
			for _, p := range refused.Problems {
				reasons = append(reasons, jsonpointer.Display(p.Pointer)+": "+p.Message)
			}
			b.warn(catalog.WarnOpenAIStrict, t.SchemaPointer, t.Name, "no OpenAI strict-mode variant, so the tool goes without strict mode: %s", strings.Join(reasons, "; "))
		case err != nil:
			b.warn(catalog.WarnOpenAIStrict, t.SchemaPointer, t.Name, "no OpenAI strict-mode variant: %v", err)
		}
		tool.StrictInputSchema = variant
		if variant != nil {
			tool.StrictSchemaConst = b.names.claim(stem + "StrictInputSchema")
		}
	}
	args := b.sharedArgs(tool, t)
	if args == nil {
		start := len(b.diags)
		if args = b.schemaRoot(t.SchemaPointer, "input", goName+"Args", goName); args == nil {
			return
		}
		args.Doc = fmt.Sprintf("%sArgs are the arguments of tool %q.", goName, t.Name)
		args.Sensitive = b.rootSensitive("input")
		b.shareArgs(t, args, start)
	}
	tool.Args = args
	if t.OutputSchema != nil {
		result := b.schemaRoot(t.OutputSchemaPointer, "output", goName+"Result", goName+"Result")
		if result == nil {
			return
		}
		result.Doc = fmt.Sprintf("%sResult is the result of tool %q, as its output schema describes it. The dispatcher checks every result against that schema before it leaves.", goName, t.Name)
		result.Sensitive = b.rootSensitive("output")
		tool.Result = result
	}
	b.model.Tools = append(b.model.Tools, tool)
}

// ref resolves a $ref through the catalog's index and maps its target,
// sharing the target's type with every other reference to it.
func (b *builder) ref(n *node) *Value {
	ref, _ := n.str("$ref")
	j, err := b.refOf(n)
	if j == nil {
		if err == nil {
			err = errors.New("it is not a string")
		}
		b.errorf(n.ptr+"/$ref", "$ref %q does not resolve to a schema: %v", ref, err)
		return nil
	}
	target, there := j.Place.Ptr, b.saveDoc()
	if j.Place.Doc != b.doc {
		there = b.docStates[j.Place.Doc] // nil when not entered yet
	}
	if there != nil {
		if v, ok := there.built[target]; ok {
			return v
		}
		if there.building[target] {
			// Recursion that the typed reader cannot follow (not through a
			// named struct): the schema function follows it instead.
			return b.checked(n, b.refName(target))
		}
	}
	tn, err := nodeOf(j, target)
	if err != nil {
		b.errorf(n.ptr+"/$ref", "$ref %q: %v", ref, err)
		return nil
	}
	var v *Value
	b.inDocument(j.Place.Doc, func() { v = b.refTarget(target, tn) })
	return v
}

// refTarget maps tn, the target of a $ref at target in the document being
// built.
func (b *builder) refTarget(target string, tn *node) *Value {
	if v, ok := b.built[target]; ok {
		return v
	}
	raw := tn.tree.Raw
	name := b.refTypeName(target, tn)
	key := name + "\x00" + string(raw)
	if v, ok := b.shared[key]; ok && !bytes.Contains(raw, []byte(`"$ref"`)) {
		b.built[target] = v
		return v
	}
	b.building[target] = true
	v := b.value(tn, name)
	delete(b.building, target)
	if v != nil {
		// Every other reference to the target shares this value: one type
		// and one reader per schema, however many paths reach it.
		b.built[target] = v
		if target != "" {
			b.shared[key] = v
		}
	}
	return v
}

// refTypeName is the name wanted for the type of the $ref target tn, at
// target: the goName of its x-toolgen, else refName.
func (b *builder) refTypeName(target string, tn *node) string {
	if gn := b.settings(tn).goName; gn != "" {
		b.goNamed[target] = true
		return gn
	}
	return b.refName(target)
}

// refName names the type of a $ref target: its $defs name, or the path to it.
func (b *builder) refName(target string) string {
	toks := strings.Split(strings.TrimPrefix(target, "/"), "/")
	if len(toks) == 2 && (toks[0] == "$defs" || toks[0] == "definitions") {
		return goName(jsonpointer.Unescape(toks[1]))
	}
	var sb strings.Builder
	sb.WriteString(goName(b.tool.Name))
	last := ""
	for _, t := range toks {
		if t != "properties" && t != "$defs" && t != "definitions" {
			last = goName(jsonpointer.Unescape(t))
			sb.WriteString(last)
		}
	}
	if sb.Len() > maxNestedName {
		// A deep target: its name would grow with its depth.
		return goName(b.tool.Name) + last
	}
	return sb.String()
}
