package gen

import (
	"bytes"
	"errors"
	"fmt"
	"go/token"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/toolgen/toolgen/internal/ecma"
	"github.com/toolgen/toolgen/internal/jsonpointer"
	"github.com/toolgen/toolgen/internal/schema"
)

// Schema is one root schema to compile into a validator with
// GenerateValidators.
type Schema struct {
	// Name is the exported name of the generated function.
	Name string
	// JSON is the schema: an object or a boolean.
	JSON []byte
	// URI is where the schema was retrieved from, the base of its relative
	// references; empty means DefaultBaseURI.
	URI string
	// AnnotateFormats makes format an annotation, as the 2020-12 default
	// dialect has it, unless the meta-schema asks for the format-assertion
	// vocabulary. By default toolgen asserts every format it knows: a tool
	// that asks for a date should not receive "tomorrow".
	AnnotateFormats bool
	// Draft is the meta-schema URI of the dialect of a schema (and of the
	// documents it reaches) that does not name one with "$schema":
	// "http://json-schema.org/draft-07/schema#",
	// "https://json-schema.org/draft/2019-09/schema" or, when empty, 2020-12.
	Draft string
}

// DefaultBaseURI is the base URI of a schema that has neither an $id nor a
// retrieval URI.
const DefaultBaseURI = "https://toolgen.invalid/schema.json"

// ValidatorOptions configure GenerateValidators.
type ValidatorOptions struct {
	// Package is the Go package name of the generated file.
	Package string
	// Resources are further schema documents that references may reach
	// (meta-schemas, shared definitions), by absolute URI.
	Resources map[string][]byte
}

// SchemaError is a schema that cannot be compiled: the place, the keyword and
// what to do about it.
type SchemaError struct {
	Schema string // the Schema.Name
	// Document is the URI of the document at fault when it is not the
	// schema itself but one it refers to.
	Document string
	Pointer  string // JSON Pointer of the offending schema within its document
	Keyword  string
	Reason   string
}

func (e *SchemaError) Error() string {
	where := jsonpointer.Display(e.Pointer)
	if e.Document != "" {
		where = e.Document + "#" + e.Pointer
	}
	return fmt.Sprintf("schema %s: %s: %s: %s", e.Schema, where, e.Keyword, e.Reason)
}

// GenerateValidators compiles each schema into a function
//
//	func Name(data []byte) error
//
// that reads data as one JSON value and returns nil or a
// *runtime.ValidationError listing every violation. Every keyword of JSON
// Schema 2020-12, 2019-09 and draft-07 is compiled to Go, each resource by
// the draft its "$schema" names; a schema that cannot be (an unsupported
// dialect, a pattern RE2 cannot run, a reference to nothing) is left out of
// the file, and its *SchemaError is returned in refused under its name.
func GenerateValidators(schemas []Schema, opts ValidatorOptions) (src []byte, refused map[string]error, err error) {
	if err := CheckPackageName(opts.Package); err != nil {
		return nil, nil, err
	}
	f := jen.NewFile(opts.Package)
	importRuntime(f)
	enforceVersion(f)
	f.NoFormat = true // assemble formats it
	refused = map[string]error{}
	// The entry functions keep their names; everything else of the file
	// is named around them.
	names := newNamespace()
	for _, s := range schemas {
		if err := checkSchemaName(s.Name); err != nil {
			return nil, nil, err
		}
		if names.taken[s.Name] {
			return nil, nil, &SchemaNameError{Name: s.Name, Reason: "two schemas have this name; give each its own"}
		}
		names.taken[s.Name] = true
	}
	for _, s := range schemas {
		code, err := compileSchema(s, opts, names)
		if err != nil {
			refused[s.Name] = err
			continue
		}
		f.Add(code...)
	}
	src, err = assemble(generatedBy("", nil), opts.Package, []*jen.File{f})
	if err != nil {
		return nil, nil, err
	}
	return src, refused, nil
}

// checkSchemaName checks that a validator's name can be the name of its
// entry function.
func checkSchemaName(name string) error {
	if !token.IsIdentifier(name) || !token.IsExported(name) {
		return &SchemaNameError{Name: name, Reason: "it is not an exported Go identifier; use one such as ValidateOrder"}
	}
	return nil
}

// compileSchema compiles one root schema into the entry function and the
// check functions behind it.
func compileSchema(s Schema, opts ValidatorOptions, names *namespace) ([]jen.Code, error) {
	uri := s.URI
	if uri == "" {
		uri = DefaultBaseURI
	}
	k := newChecker(schema.NewRegistry(opts.Resources), lowerFirst(s.Name), names)
	k.annotateFormats = s.AnnotateFormats
	if s.Draft != "" {
		d := schema.Dialects[schema.WithoutFragment(s.Draft)]
		if d == nil {
			return nil, &SchemaError{Schema: s.Name, Keyword: "$schema", Reason: fmt.Sprintf("the draft %q is not one toolgen compiles; use %q, %q or %q", s.Draft, schema.Draft202012.URI, schema.Draft201909.URI, schema.Draft07.URI)}
		}
		k.reg.DefaultDialect = d
	}
	located := func(err error) error {
		var re *schema.RefError
		if errors.As(err, &re) {
			e := &SchemaError{Schema: s.Name, Pointer: re.Ptr, Keyword: re.Keyword, Reason: re.Reason}
			if re.Doc != schema.WithoutFragment(uri) {
				e.Document = re.Doc
			}
			return e
		}
		return &SchemaError{Schema: s.Name, Reason: err.Error()}
	}
	doc, err := k.reg.AddDocument(schema.WithoutFragment(uri), s.JSON)
	if err != nil {
		return nil, located(err)
	}
	root := k.function(doc.Root)
	if errs := k.finish(); len(errs) > 0 {
		return nil, located(errs[0])
	}
	entry := lineComment(fmt.Sprintf("%s checks that data is one JSON value valid against its schema, and returns nil or a *runtime.ValidationError listing every violation.", s.Name)).Line().
		Func().Id(s.Name).Params(jen.Id("data").Index().Byte()).Error().Block(
		jen.Return(rt(validateJSON(k.holdsSecrets(doc.Root))).Call(jen.Lit(s.Name), jen.Id("data"), jen.Id(root))),
	)
	return append([]jen.Code{entry, jen.Line()}, k.code...), nil
}

// checker compiles schemas into check functions of the toolgenimpl.SchemaFunc
// shape, one per schema reached, and the package variables they use.
type checker struct {
	reg             *schema.Registry
	prefix          string
	idents          *namespace // the file's, which every function and variable is named in
	annotateFormats bool

	names   map[*schema.Node]string
	queue   []*schema.Node
	code    []jen.Code // everything, once finish has run
	vars    []jen.Code // package variables: patterns, values, divisors
	nvars   int
	consts  map[string]string     // JSON text of a const or enum -> variable
	regexps map[string]patternRef // pattern -> its variables

	// inPlace are the schemas each schema applies to the same value
	// ($ref, allOf, not, ...): a cycle among them would never end.
	inPlace map[*schema.Node][]*schema.Node
	// dynamics are the $dynamicRef dispatchers, one per anchor name
	// (dispatchers), and dynamicRefs the references that call them.
	dynamics    []*dynamicSite
	dispatchers map[string]*dynamicSite
	dynamicRefs []dynamicRef
	entering    []entering // calls into other resources, written by enterCalls
	funcs       []*schemaFunc
	// appliedInPlace and anchored cache what the sensitivity analysis asks
	// again and again: the schemas each schema applies to its own value,
	// and the dynamic anchors of each name. Without them, a catalog of many
	// $dynamicAnchor resources took time cubic in their number.
	appliedInPlace map[*schema.Node][]*schema.Node
	anchored       map[string][]*schema.Node
	anchorGroups   map[string]*schema.Node
	// placed and marked answer, for every schema at once, what the
	// sensitivity analysis asks of the schemas it reaches (sensitive.go,
	// reach.go).
	placed *reach[inPlaceSummary]
	marked *reach[bool]
	// whole answers judgesWhole.
	whole *reach[bool]
	// describe names a document in doc comments; nil means by its URI.
	describe func(doc *schema.Document) string
	// calls is the call graph of the check functions (see callee and
	// memoPlan).
	calls callGraph
	// anchorNumbers numbers the names of dynamic anchors for PushAnchors.
	anchorNumbers map[string]int
}

func newChecker(reg *schema.Registry, prefix string, idents *namespace) *checker {
	return &checker{reg: reg, prefix: prefix, idents: idents, names: map[*schema.Node]string{}, consts: map[string]string{}, regexps: map[string]patternRef{}, inPlace: map[*schema.Node][]*schema.Node{}}
}

// function returns the name of the check function for schema n, queueing
// it for compilation.
func (k *checker) function(n *schema.Node) string {
	if name, ok := k.names[n]; ok {
		return name
	}
	name := k.idents.claim(fmt.Sprintf("%s%d", k.prefix, len(k.names)))
	k.names[n] = name
	k.queue = append(k.queue, n)
	return name
}

func (k *checker) newVar(kind string) string {
	k.nvars++
	return k.idents.claim(fmt.Sprintf("%s%s%d", k.prefix, kind, k.nvars))
}

// finish compiles every queued schema, then the $dynamicRef dispatchers, and
// checks that no schema applies itself to the same value without end. It
// returns every problem found.
func (k *checker) finish() []error {
	var errs []error
	for {
		for len(k.queue) > 0 {
			n := k.queue[0]
			k.queue = k.queue[1:]
			if err := k.compile(n); err != nil {
				errs = append(errs, err)
			}
		}
		// A dispatcher can reach resources not compiled yet, and those can
		// hold further dynamic anchors: repeat until nothing new comes.
		anchors := k.dynamicAnchors()
		for _, d := range k.dynamics {
			for _, c := range anchors[d.anchor] {
				k.function(c.node)
			}
		}
		if len(k.queue) == 0 {
			break
		}
	}
	errs = append(errs, k.checkCycles()...)
	if len(errs) > 0 {
		return errs
	}
	plan := k.memoPlan()
	if errs := k.checkScopes(); len(errs) > 0 {
		return errs
	}
	k.enterCalls()
	k.code = append(k.code, k.vars...)
	for _, f := range k.funcs {
		k.code = append(k.code, k.render(f, plan), jen.Line())
	}
	anchors := k.dynamicAnchors()
	for _, d := range k.dynamics {
		k.emitDispatcher(d, anchors[d.anchor])
	}
	return nil
}

func schemaParams() []jen.Code {
	return []jen.Code{
		jen.Id("c").Op("*").Add(rt("Check")),
		jen.Id("x").Op("*").Add(rt("Value")),
		jen.Id("ev").Op("*").Add(rt("Evaluated")),
	}
}

// and is `ok = call && ok`: every keyword is checked, so that all
// violations are reported.
func and(call jen.Code) jen.Code {
	return jen.Id("ok").Op("=").Add(call).Op("&&").Id("ok")
}

// enabled returns the value of keyword in schema n, or nil when n lacks it
// or its vocabulary is off for n's resource.
func (k *checker) enabled(n *schema.Node, keyword string) *schema.Node {
	return schema.Enabled(n, keyword)
}

// compile emits the check function of schema n.
func (k *checker) compile(n *schema.Node) error {
	name := k.names[n]
	// The place is shortened as in every other comment: written whole,
	// pointers that grow with the depth of nesting would grow the file with
	// its square.
	ptr := n.Place.Ptr
	if ptr != "" {
		ptr = displayPtr(ptr)
	}
	where := "the schema at " + shortText(n.Place.Doc.URI) + "#" + ptr
	if k.describe != nil {
		where = k.describe(n.Place.Doc) + " at " + jsonpointer.Display(ptr)
	}
	doc := fmt.Sprintf("%s checks a value against %s.", name, where)
	switch n.Kind {
	case 't':
		k.funcs = append(k.funcs, &schemaFunc{node: n, doc: doc, stmts: []jen.Code{jen.Return(jen.True())}})
		return nil
	case 'f':
		k.funcs = append(k.funcs, &schemaFunc{node: n, doc: doc, stmts: []jen.Code{jen.Return(jen.Id("c").Dot("False").Call())}})
		return nil
	}
	b := &body{k: k, n: n, ev: "ev"}
	switch {
	case k.sensitive(n):
		b.add(sensitiveBracket()...)
	case k.holdsSecrets(n) && k.judgesWhole(n):
		b.add(holdingBracket())
	}
	if k.enabled(n, "unevaluatedProperties") != nil || k.enabled(n, "unevaluatedItems") != nil {
		// The keyword needs to know what every other keyword here, and the
		// schemas they apply in place, evaluated.
		b.ev = "seen"
		b.add(jen.Id("seen").Op(":=").Add(rt("NewEvaluated")).Call(jen.Id("x")))
	}
	b.add(jen.Id("ok").Op(":=").True())
	steps := []func() error{b.refs, b.generic, b.numbers, b.strings, b.arrays, b.objects, b.inPlace, b.unevaluated}
	for _, step := range steps {
		if err := step(); err != nil {
			return err
		}
	}
	if b.ev == "seen" {
		b.add(jen.Id("ev").Dot("Merge").Call(jen.Id("seen")))
	}
	b.add(jen.Return(jen.Id("ok")))
	k.funcs = append(k.funcs, &schemaFunc{node: n, doc: doc, stmts: b.stmts})
	return nil
}

// holdingBracket opens a check function whose value holds sensitive values
// inside it: keywords that judge the value whole do not show it until the
// function returns (see toolgenimpl.Check.BeginHoldingSecrets).
func holdingBracket() jen.Code {
	return jen.Defer().Id("c").Dot("EndHoldingSecrets").Call(jen.Id("c").Dot("BeginHoldingSecrets").Call())
}

// judgesWhole reports whether a keyword of schema n, or of a schema n
// applies to its value, judges the value whole in words that would show
// it: const, enum, uniqueItems. Only such a function of a schema that holds
// secrets needs holdingBracket.
func (k *checker) judgesWhole(n *schema.Node) bool {
	if k.whole == nil {
		k.whole = newReach(func(s *schema.Node) bool {
			return k.enabled(s, "const") != nil || k.enabled(s, "enum") != nil || k.enabled(s, "uniqueItems") != nil
		}, k.inPlaceOf, func(a, b bool) bool { return a || b })
	}
	return k.whole.of(n)
}

// schemaFunc is a compiled check function, rendered once it is known whether
// any $dynamicRef needs the dynamic scope tracked.
type schemaFunc struct {
	node  *schema.Node
	doc   string
	stmts []jen.Code
}

func (k *checker) render(f *schemaFunc, plan memoPlan) jen.Code {
	stmts := f.stmts
	if res := f.node.Place.Resource; res.Root == f.node && k.inDynamicScope(res) {
		// Entering a schema resource puts it in the dynamic scope.
		stmts = append([]jen.Code{k.push(res), jen.Defer().Id("c").Dot("Pop").Call()}, stmts...)
	}
	name := k.names[f.node]
	once, ok := plan[f.node]
	if !ok {
		return lineComment(f.doc).Line().Func().Id(name).Params(schemaParams()...).Bool().Block(stmts...)
	}
	return k.renderOnce(f, name, once, stmts)
}

// body collects the statements of one check function.
type body struct {
	k     *checker
	n     *schema.Node
	ev    string // the variable that records what was evaluated
	stmts []jen.Code
}

func (b *body) add(s ...jen.Code) { b.stmts = append(b.stmts, s...) }

func (b *body) kw(keyword string) *schema.Node { return b.k.enabled(b.n, keyword) }

func (b *body) fail(keyword, format string, args ...any) error {
	return &schema.RefError{Ptr: b.n.Place.Ptr + "/" + jsonpointer.Escape(keyword), Keyword: keyword, Reason: fmt.Sprintf(format, args...), Doc: b.n.Place.Doc.URI}
}

// sub returns the subschema under keyword (and a further member or item
// token), which must be a schema.
func (b *body) sub(v *schema.Node, keyword string) (*schema.Node, error) {
	if v == nil || !v.IsSchema() {
		return nil, b.fail(keyword, "the value of %s must be a schema (an object or a boolean)", keyword)
	}
	if v.Place == nil {
		return nil, b.fail(keyword, "internal: subschema of %s was not indexed", keyword)
	}
	return v, nil
}

func (b *body) evArg() jen.Code { return jen.Id(b.ev) }

// generic compiles type, const and enum.
func (b *body) generic() error {
	if t := b.kw("type"); t != nil {
		names := b.n.Strings("type")
		if t.Kind == '[' && len(names) != len(t.Items) {
			return b.fail("type", "type must be a type name or a non-empty array of them")
		}
		var set []jen.Code
		for _, name := range names {
			c, ok := typeConstants[name]
			if !ok {
				return b.fail("type", "unknown type %q; use null, boolean, object, array, number, string or integer", name)
			}
			set = append(set, rt(c))
		}
		if len(set) == 0 {
			return b.fail("type", "type must be a type name or a non-empty array of them")
		}
		b.add(and(jen.Id("c").Dot("Type").Call(jen.Id("x"), jen.Add(orTypes(set)))))
	}
	if v := b.kw("const"); v != nil {
		b.add(and(jen.Id("c").Dot("Const").Call(jen.Id("x"), jen.Op("&").Id(b.k.value(v)), jen.Lit(allowedText(v.Raw)))))
	}
	if v := b.kw("enum"); v != nil {
		if v.Kind != '[' {
			return b.fail("enum", "enum must be an array of values")
		}
		var texts []string
		for _, item := range v.Items {
			texts = append(texts, allowedText(item.Raw))
		}
		b.add(and(jen.Id("c").Dot("Enum").Call(jen.Id("x"), jen.Id(b.k.values(v)), jen.Lit(strings.Join(texts, ", ")))))
	}
	return nil
}

var typeConstants = map[string]string{
	"null": "TypeNull", "boolean": "TypeBoolean", "object": "TypeObject", "array": "TypeArray",
	"number": "TypeNumber", "string": "TypeString", "integer": "TypeInteger",
}

func orTypes(codes []jen.Code) *jen.Statement {
	s := jen.Add(codes[0])
	for _, c := range codes[1:] {
		s = s.Op("|").Add(c)
	}
	return s
}

// allowedText is how an allowed value (const, an enum's item) is written for
// the model: compact JSON, as the catalog wrote it otherwise. The typed
// reader and the schema functions both take it from here, so that one
// value reads the same whichever checks it.
func allowedText(raw jsontext.Value) string {
	v := jsontext.Value(bytes.Clone(raw))
	if err := v.Compact(); err != nil {
		return string(raw)
	}
	return string(v)
}

// value returns the package variable holding the JSON value v.
func (k *checker) value(v *schema.Node) string {
	key := "v" + string(v.Raw)
	if name, ok := k.consts[key]; ok {
		return name
	}
	name := k.newVar("Value")
	k.consts[key] = name
	k.vars = append(k.vars, jen.Var().Id(name).Op("=").Add(rt("MustParseValue")).Call(jen.Lit(string(v.Raw))), jen.Line())
	return name
}

// values returns the package variable holding the items of the array v.
func (k *checker) values(v *schema.Node) string {
	key := "a" + string(v.Raw)
	if name, ok := k.consts[key]; ok {
		return name
	}
	name := k.newVar("Values")
	k.consts[key] = name
	items := make([]jen.Code, len(v.Items))
	for i, item := range v.Items {
		items[i] = rt("MustParseValue").Call(jen.Lit(string(item.Raw)))
	}
	k.vars = append(k.vars, jen.Var().Id(name).Op("=").Index().Add(rt("Value")).ValuesFunc(func(g *jen.Group) {
		for _, item := range items {
			g.Line().Add(item)
		}
		g.Line()
	}), jen.Line())
	return name
}

// nameList returns the package variable holding the member names, in
// order: the members an object allows, for a hint.
func (k *checker) nameList(names []string) string {
	key := "n" + strings.Join(names, "\x00")
	if name, ok := k.consts[key]; ok {
		return name
	}
	name := k.newVar("Fields")
	k.consts[key] = name
	k.vars = append(k.vars,
		lineComment(fmt.Sprintf("%s lists the members an object allows, for the hint about one it does not.", name)).Line().
			Var().Id(name).Op("=").Index().String().ValuesFunc(func(g *jen.Group) {
			for _, n := range names {
				g.Lit(n)
			}
		}), jen.Line())
	return name
}

// patternRef is a compiled pattern in generated code: a regexp variable, or
// the function that decides a pattern with lookaheads.
type patternRef struct {
	name string
	fn   bool
}

// match renders the test that s matches.
func (r patternRef) match(s jen.Code) jen.Code {
	if r.fn {
		return jen.Id(r.name).Call(s)
	}
	return jen.Id(r.name).Dot("MatchString").Call(s)
}

// matcher renders the pattern as a toolgenimpl.Matcher.
func (r patternRef) matcher() jen.Code {
	if r.fn {
		return rt("MatchFunc").Call(jen.Id(r.name))
	}
	return jen.Id(r.name)
}

// regexp returns the pattern compiled into package variables.
func (b *body) regexp(pattern *schema.Node, keyword string) (patternRef, error) {
	if pattern.Kind != '"' {
		return patternRef{}, b.fail(keyword, "a pattern must be a string")
	}
	if ref, ok := b.k.regexps[pattern.Str]; ok {
		return ref, nil
	}
	c, err := ecma.Compile(pattern.Str)
	if err != nil {
		return patternRef{}, b.fail(keyword, "%v", err)
	}
	if c.Cond.Op == ecma.OpLookaround {
		name := b.k.newVar("Pattern")
		b.k.regexps[pattern.Str] = patternRef{name: name}
		doc, def := lookaroundVar(name, pattern.Str, c.Cond.Lookaround)
		b.k.vars = append(b.k.vars, jen.Add(doc).Line().Var().Add(def), jen.Line())
		return b.k.regexps[pattern.Str], nil
	}
	if c.Cond.Op == ecma.OpMatch {
		name := b.k.newVar("Pattern")
		b.k.regexps[pattern.Str] = patternRef{name: name}
		b.k.vars = append(b.k.vars,
			lineComment(fmt.Sprintf("%s is the ECMA-262 pattern %s in RE2 syntax.", name, strconv.Quote(pattern.Str))).Line().
				Var().Id(name).Op("=").Qual("regexp", "MustCompile").Call(jen.Lit(c.Cond.RE2)), jen.Line())
		return b.k.regexps[pattern.Str], nil
	}
	vars := map[string]string{}
	var defs []jen.Code
	for _, re := range c.Cond.Regexps() {
		vars[re] = b.k.newVar("Pattern")
		defs = append(defs, jen.Id(vars[re]).Op("=").Qual("regexp", "MustCompile").Call(jen.Lit(re)))
	}
	ref := patternRef{name: b.k.newVar("MatchPattern"), fn: true}
	b.k.regexps[pattern.Str] = ref
	b.k.vars = append(b.k.vars,
		lineComment(fmt.Sprintf("The regexps that decide the ECMA-262 pattern %s, in RE2 syntax.", strconv.Quote(pattern.Str))).Line().
			Var().Defs(defs...), jen.Line(),
		condMatcher(ref.name, pattern.Str, c.Cond, vars), jen.Line())
	return ref, nil
}
