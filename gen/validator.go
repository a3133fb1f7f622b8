package gen

import (
	"bytes"
	"errors"
	"fmt"
	"go/token"
	"sort"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/toolgen/toolgen/internal/ecma"
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
	where := displayPointer(e.Pointer)
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
// Schema 2020-12 is compiled to Go; a schema that cannot be (an unsupported
// dialect, a pattern RE2 cannot run, a reference to nothing) is left out of
// the file, and its *SchemaError is returned in refused under its name.
func GenerateValidators(schemas []Schema, opts ValidatorOptions) (src []byte, refused map[string]error, err error) {
	if err := CheckPackageName(opts.Package); err != nil {
		return nil, nil, err
	}
	f := jen.NewFile(opts.Package)
	headerComment(f, generatedBy(""))
	importRuntime(f)
	enforceVersion(f)
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
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return nil, nil, fmt.Errorf("rendering generated code: %w", err)
	}
	return buf.Bytes(), refused, nil
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
	k := newChecker(newRegistry(opts.Resources), lowerFirst(s.Name), names)
	k.annotateFormats = s.AnnotateFormats
	located := func(err error) error {
		var re *refError
		if errors.As(err, &re) {
			e := &SchemaError{Schema: s.Name, Pointer: re.ptr, Keyword: re.keyword, Reason: re.reason}
			if re.doc != withoutFragment(uri) {
				e.Document = re.doc
			}
			return e
		}
		return &SchemaError{Schema: s.Name, Reason: err.Error()}
	}
	doc, err := k.reg.addDocument(withoutFragment(uri), s.JSON)
	if err != nil {
		return nil, located(err)
	}
	root := k.function(doc.root)
	if errs := k.finish(); len(errs) > 0 {
		return nil, located(errs[0])
	}
	entry := lineComment(fmt.Sprintf("%s checks that data is one JSON value valid against its schema, and returns nil or a *runtime.ValidationError listing every violation.", s.Name)).Line().
		Func().Id(s.Name).Params(jen.Id("data").Index().Byte()).Error().Block(
		jen.Return(rt("ValidateJSON").Call(jen.Lit(s.Name), jen.Id("data"), jen.Id(root))),
	)
	return append([]jen.Code{entry, jen.Line()}, k.code...), nil
}

// checker compiles schemas into check functions of the runtime.SchemaFunc
// shape, one per schema reached, and the package variables they use.
type checker struct {
	reg             *registry
	prefix          string
	idents          *namespace // the file's, which every function and variable is named in
	annotateFormats bool

	names   map[*jnode]string
	queue   []*jnode
	code    []jen.Code // everything, once finish has run
	vars    []jen.Code // package variables: patterns, values, divisors
	nvars   int
	consts  map[string]string // JSON text of a const or enum -> variable
	regexps map[string]string // pattern -> variable

	// inPlace are the schemas each schema applies to the same value
	// ($ref, allOf, not, ...): a cycle among them would never end.
	inPlace  map[*jnode][]*jnode
	dynamics []*dynamicSite
	funcs    []*schemaFunc
	// sensitivity caches whether a schema makes its value sensitive.
	sensitivity map[*jnode]bool
	// describe names a document in doc comments; nil means by its URI.
	describe func(doc *document) string
}

// dynamicSite is a $dynamicRef whose target depends on the dynamic scope; its
// dispatch function is emitted once every resource is known.
type dynamicSite struct {
	name    string // the dispatch function
	from    *jnode
	anchor  string
	initial *jnode
}

func newChecker(reg *registry, prefix string, idents *namespace) *checker {
	return &checker{reg: reg, prefix: prefix, idents: idents, names: map[*jnode]string{}, consts: map[string]string{}, regexps: map[string]string{}, inPlace: map[*jnode][]*jnode{}, sensitivity: map[*jnode]bool{}}
}

// function returns the name of the check function for schema n, queueing
// it for compilation.
func (k *checker) function(n *jnode) string {
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
		for _, d := range k.dynamics {
			for _, c := range k.candidates(d) {
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
	k.code = append(k.code, k.vars...)
	for _, f := range k.funcs {
		k.code = append(k.code, k.render(f), jen.Line())
	}
	for _, d := range k.dynamics {
		k.emitDispatcher(d)
	}
	return nil
}

type dynamicCandidate struct {
	resource int
	node     *jnode
}

// candidates are the schemas a $dynamicRef may land on: each compiled
// resource's $dynamicAnchor of the name, outermost choice made at run time.
func (k *checker) candidates(d *dynamicSite) []dynamicCandidate {
	var out []dynamicCandidate
	for _, res := range k.reg.resources {
		if a := res.dynamicAnchors[d.anchor]; a != nil {
			out = append(out, dynamicCandidate{res.id, a})
		}
	}
	return out
}

func (k *checker) emitDispatcher(d *dynamicSite) {
	cands := k.candidates(d)
	ids := make([]jen.Code, len(cands))
	cases := make([]jen.Code, 0, len(cands)+1)
	for i, c := range cands {
		ids[i] = jen.Lit(c.resource)
		k.inPlace[d.from] = append(k.inPlace[d.from], c.node)
		cases = append(cases, jen.Case(jen.Lit(i)).Block(jen.Return(jen.Id(k.names[c.node]).Call(jen.Id("c"), jen.Id("x"), jen.Id("ev")))))
	}
	cases = append(cases, jen.Default().Block(jen.Return(jen.Id(k.names[d.initial]).Call(jen.Id("c"), jen.Id("x"), jen.Id("ev")))))
	k.code = append(k.code,
		lineComment(fmt.Sprintf("%s follows $dynamicRef to #%s: the anchor of the outermost schema resource in the dynamic scope that has one.", d.name, d.anchor)).Line().
			Func().Id(d.name).Params(schemaParams()...).Bool().Block(
			jen.Switch(jen.Id("c").Dot("Dynamic").Call(jen.Index().Int().Values(ids...))).Block(cases...),
		), jen.Line())
}

// checkCycles refuses schemas that apply themselves to the same value
// through references, which would never end. Every cycle is reported, once,
// at the schema where it closes, so that one catalog's cycles do not hide
// another's.
func (k *checker) checkCycles() []error {
	const (
		unvisited = iota
		visiting
		done
	)
	state, reported := map[*jnode]int{}, map[*jnode]bool{}
	var errs []error
	var visit func(n *jnode)
	visit = func(n *jnode) {
		switch state[n] {
		case visiting:
			if reported[n] {
				return
			}
			reported[n] = true
			errs = append(errs, &refError{n.schema.ptr, "$ref", "the schema refers back to itself without moving into the value, so checking it would never end; remove the cycle", n.schema.doc.uri})
			return
		case done:
			return
		}
		state[n] = visiting
		for _, next := range k.inPlace[n] {
			visit(next)
		}
		state[n] = done
	}
	nodes := make([]*jnode, 0, len(k.names))
	for n := range k.names {
		nodes = append(nodes, n)
	}
	sort.Slice(nodes, func(i, j int) bool { return k.names[nodes[i]] < k.names[nodes[j]] })
	for _, n := range nodes {
		visit(n)
	}
	return errs
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

// call calls the check function of schema n on value, marking in ev.
func (k *checker) call(n *jnode, value, ev jen.Code) *jen.Statement {
	return jen.Id(k.function(n)).Call(jen.Id("c"), value, ev)
}

// enabled returns the value of keyword in schema n, or nil when n lacks it
// or its vocabulary is off for n's resource.
func (k *checker) enabled(n *jnode, keyword string) *jnode {
	v := n.member(keyword)
	if v == nil {
		return nil
	}
	if bit, ok := keywordVocabulary[keyword]; ok && n.schema.resource.vocab&bit == 0 {
		return nil
	}
	return v
}

// compile emits the check function of schema n.
func (k *checker) compile(n *jnode) error {
	name := k.names[n]
	where := "the schema at " + n.schema.doc.uri + "#" + n.schema.ptr
	if k.describe != nil {
		where = k.describe(n.schema.doc) + " at " + displayPointer(n.schema.ptr)
	}
	doc := lineComment(fmt.Sprintf("%s checks a value against %s.", name, where)).Line()
	switch n.kind {
	case 't':
		k.funcs = append(k.funcs, &schemaFunc{node: n, doc: doc, stmts: []jen.Code{jen.Return(jen.True())}})
		return nil
	case 'f':
		k.funcs = append(k.funcs, &schemaFunc{node: n, doc: doc, stmts: []jen.Code{jen.Return(jen.Id("c").Dot("False").Call())}})
		return nil
	}
	b := &body{k: k, n: n, ev: "ev"}
	if k.sensitive(n) {
		b.add(sensitiveBracket()...)
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

// schemaFunc is a compiled check function, rendered once it is known whether
// any $dynamicRef needs the dynamic scope tracked.
type schemaFunc struct {
	node  *jnode
	doc   *jen.Statement
	stmts []jen.Code
}

func (k *checker) render(f *schemaFunc) jen.Code {
	stmts := f.stmts
	if res := f.node.schema.resource; len(k.dynamics) > 0 && res.root == f.node {
		// Entering a schema resource puts it in the dynamic scope.
		stmts = append([]jen.Code{jen.Id("c").Dot("Push").Call(jen.Lit(res.id)), jen.Defer().Id("c").Dot("Pop").Call()}, stmts...)
	}
	return f.doc.Func().Id(k.names[f.node]).Params(schemaParams()...).Bool().Block(stmts...)
}

// body collects the statements of one check function.
type body struct {
	k     *checker
	n     *jnode
	ev    string // the variable that records what was evaluated
	stmts []jen.Code
}

func (b *body) add(s ...jen.Code) { b.stmts = append(b.stmts, s...) }

func (b *body) kw(keyword string) *jnode { return b.k.enabled(b.n, keyword) }

func (b *body) fail(keyword, format string, args ...any) error {
	return &refError{b.n.schema.ptr + "/" + escapeToken(keyword), keyword, fmt.Sprintf(format, args...), b.n.schema.doc.uri}
}

// sub returns the subschema under keyword (and a further member or item
// token), which must be a schema.
func (b *body) sub(v *jnode, keyword string) (*jnode, error) {
	if v == nil || !v.isSchema() {
		return nil, b.fail(keyword, "the value of %s must be a schema (an object or a boolean)", keyword)
	}
	if v.schema == nil {
		return nil, b.fail(keyword, "internal: subschema of %s was not indexed", keyword)
	}
	return v, nil
}

func (b *body) evArg() jen.Code { return jen.Id(b.ev) }

// refs compiles $ref and $dynamicRef, which apply another schema in place.
func (b *body) refs() error {
	if ref := b.n.member("$ref"); ref != nil {
		target, err := b.resolve(ref, "$ref")
		if err != nil {
			return err
		}
		b.k.inPlace[b.n] = append(b.k.inPlace[b.n], target)
		b.add(and(b.enter(target, b.k.call(target, jen.Id("x"), b.evArg()))))
	}
	if ref := b.n.member("$dynamicRef"); ref != nil {
		target, err := b.resolve(ref, "$dynamicRef")
		if err != nil {
			return err
		}
		b.k.inPlace[b.n] = append(b.k.inPlace[b.n], target)
		anchor := ""
		if i := strings.IndexByte(ref.str, '#'); i >= 0 {
			anchor = ref.str[i+1:]
		}
		// Only a reference to a $dynamicAnchor is dynamic; any other behaves
		// as $ref.
		if anchor == "" || target.member("$dynamicAnchor") == nil || target.member("$dynamicAnchor").str != anchor {
			b.add(and(b.enter(target, b.k.call(target, jen.Id("x"), b.evArg()))))
			return nil
		}
		b.k.function(target)
		d := &dynamicSite{name: b.k.newVar("Dynamic"), from: b.n, anchor: anchor, initial: target}
		b.k.dynamics = append(b.k.dynamics, d)
		b.add(and(jen.Id(d.name).Call(jen.Id("c"), jen.Id("x"), b.evArg())))
	}
	return nil
}

// enter wraps a call to a schema in another resource, which it does not
// enter itself, with that resource in the dynamic scope.
func (b *body) enter(target *jnode, call *jen.Statement) jen.Code {
	res := target.schema.resource
	if res == b.n.schema.resource || res.root == target {
		return call
	}
	return jen.Func().Params().Bool().Block(
		jen.Id("c").Dot("Push").Call(jen.Lit(res.id)),
		jen.Defer().Id("c").Dot("Pop").Call(),
		jen.Return(call),
	).Call()
}

func (b *body) resolve(ref *jnode, keyword string) (*jnode, error) {
	if ref.kind != '"' {
		return nil, b.fail(keyword, "%s must be a string", keyword)
	}
	uri, err := resolveURI(b.n.schema.base, ref.str)
	if err != nil {
		return nil, b.fail(keyword, "%s %q is not a URI reference: %v", keyword, ref.str, err)
	}
	target, err := b.k.reg.lookup(uri)
	if err != nil {
		var re *refError
		if errors.As(err, &re) {
			return nil, err
		}
		return nil, b.fail(keyword, "%s %q: %v", keyword, ref.str, err)
	}
	return target, nil
}

// generic compiles type, const and enum.
func (b *body) generic() error {
	if t := b.kw("type"); t != nil {
		var names []string
		switch t.kind {
		case '"':
			names = []string{t.str}
		case '[':
			for _, item := range t.items {
				names = append(names, item.str)
			}
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
		b.add(and(jen.Id("c").Dot("Const").Call(jen.Id("x"), jen.Op("&").Id(b.k.value(v)), jen.Lit(shortJSON(v.raw)))))
	}
	if v := b.kw("enum"); v != nil {
		if v.kind != '[' {
			return b.fail("enum", "enum must be an array of values")
		}
		var texts []string
		for _, item := range v.items {
			texts = append(texts, shortJSON(item.raw))
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

// shortJSON renders a JSON value compactly for a hint.
func shortJSON(raw jsontext.Value) string {
	v := jsontext.Value(bytes.Clone(raw))
	if err := v.Compact(); err != nil {
		return string(raw)
	}
	return truncateRunes(string(v), 80)
}

func truncateRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// value returns the package variable holding the JSON value v.
func (k *checker) value(v *jnode) string {
	key := "v" + string(v.raw)
	if name, ok := k.consts[key]; ok {
		return name
	}
	name := k.newVar("Value")
	k.consts[key] = name
	k.vars = append(k.vars, jen.Var().Id(name).Op("=").Add(rt("MustParseValue")).Call(jen.Lit(string(v.raw))), jen.Line())
	return name
}

// values returns the package variable holding the items of the array v.
func (k *checker) values(v *jnode) string {
	key := "a" + string(v.raw)
	if name, ok := k.consts[key]; ok {
		return name
	}
	name := k.newVar("Values")
	k.consts[key] = name
	items := make([]jen.Code, len(v.items))
	for i, item := range v.items {
		items[i] = rt("MustParseValue").Call(jen.Lit(string(item.raw)))
	}
	k.vars = append(k.vars, jen.Var().Id(name).Op("=").Index().Add(rt("Value")).ValuesFunc(func(g *jen.Group) {
		for _, item := range items {
			g.Line().Add(item)
		}
		g.Line()
	}), jen.Line())
	return name
}

// regexp returns the package variable holding the compiled ECMA-262 pattern.
func (b *body) regexp(pattern *jnode, keyword string) (string, error) {
	if pattern.kind != '"' {
		return "", b.fail(keyword, "a pattern must be a string")
	}
	if name, ok := b.k.regexps[pattern.str]; ok {
		return name, nil
	}
	re2, err := ecma.Translate(pattern.str)
	if err != nil {
		return "", b.fail(keyword, "%v", err)
	}
	name := b.k.newVar("Pattern")
	b.k.regexps[pattern.str] = name
	b.k.vars = append(b.k.vars,
		lineComment(fmt.Sprintf("%s is the ECMA-262 pattern %s in RE2 syntax.", name, strconv.Quote(pattern.str))).Line().
			Var().Id(name).Op("=").Qual("regexp", "MustCompile").Call(jen.Lit(re2)), jen.Line())
	return name, nil
}

// numbers compiles the keywords on numbers.
func (b *body) numbers() error {
	var checks []jen.Code
	for _, keyword := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"} {
		v := b.kw(keyword)
		if v == nil {
			continue
		}
		if v.kind != '0' {
			return b.fail(keyword, "%s must be a number", keyword)
		}
		checks = append(checks, and(jen.Id("c").Dot("Bound").Call(jen.Id("x"), jen.Lit(keyword), jen.Lit(string(v.raw)))))
	}
	if v := b.kw("multipleOf"); v != nil {
		if v.kind != '0' || strings.HasPrefix(string(v.raw), "-") || isZeroNumber(string(v.raw)) {
			return b.fail("multipleOf", "multipleOf must be a number greater than 0")
		}
		name := b.k.newVar("Divisor")
		b.k.vars = append(b.k.vars, jen.Var().Id(name).Op("=").Add(rt("Rat")).Call(jen.Lit(string(v.raw))), jen.Line())
		checks = append(checks, and(jen.Id("c").Dot("MultipleOf").Call(jen.Id("x"), jen.Id(name), jen.Lit(string(v.raw)))))
	}
	b.kindBlock("KindNumber", checks)
	return nil
}

func isZeroNumber(text string) bool {
	mantissa, _, _ := strings.Cut(strings.ToLower(text), "e")
	return strings.Trim(mantissa, "0.-+") == ""
}

func (b *body) kindBlock(kind string, checks []jen.Code) {
	if len(checks) > 0 {
		b.add(jen.If(jen.Id("x").Dot("Kind").Op("==").Add(rt(kind))).Block(checks...))
	}
}

// count reads a keyword whose value is a non-negative integer; -1 if absent.
func (b *body) count(keyword string) (int, error) {
	v := b.kw(keyword)
	if v == nil {
		return -1, nil
	}
	n, err := strconv.ParseFloat(string(v.raw), 64)
	if v.kind != '0' || err != nil || n < 0 || n != float64(int(n)) {
		return 0, b.fail(keyword, "%s must be a non-negative integer", keyword)
	}
	return int(n), nil
}

// strings compiles the keywords on strings.
func (b *body) strings() error {
	var checks []jen.Code
	minLength, err := b.count("minLength")
	if err != nil {
		return err
	}
	maxLength, err := b.count("maxLength")
	if err != nil {
		return err
	}
	if minLength >= 0 || maxLength >= 0 {
		checks = append(checks, and(jen.Id("c").Dot("Length").Call(jen.Id("x"), jen.Lit(minLength), jen.Lit(maxLength))))
	}
	if p := b.kw("pattern"); p != nil {
		name, err := b.regexp(p, "pattern")
		if err != nil {
			return err
		}
		checks = append(checks, and(jen.Id("c").Dot("Pattern").Call(jen.Id("x"), jen.Id(name), jen.Lit(p.str))))
	}
	if f := b.kw("format"); f != nil {
		if f.kind != '"' {
			return b.fail("format", "format must be a string")
		}
		// Unknown formats are annotations, as the specification says.
		assert := !b.k.annotateFormats || b.n.schema.resource.vocab&vocabFormatAssertion != 0
		if fn, ok := formats[f.str]; ok && assert {
			checks = append(checks, and(jen.Id("c").Dot("Format").Call(jen.Id("x"), jen.Lit(f.str), rt(fn))))
		}
	}
	b.kindBlock("KindString", checks)
	return nil
}

// arrays compiles the keywords on arrays.
func (b *body) arrays() error {
	var checks []jen.Code
	prefix := b.kw("prefixItems")
	items := b.kw("items")
	if prefix != nil && prefix.kind != '[' {
		return b.fail("prefixItems", "prefixItems must be an array of schemas")
	}
	if prefix != nil || items != nil {
		var cases, itemsBlock []jen.Code
		if prefix != nil {
			for i, p := range prefix.items {
				s, err := b.sub(p, "prefixItems")
				if err != nil {
					return err
				}
				cases = append(cases, jen.Case(jen.Lit(i)).Block(
					and(b.k.call(s, jen.Op("&").Id("x").Dot("Items").Index(jen.Id("i")), jen.Nil())),
					jen.Id(b.ev).Dot("Mark").Call(jen.Id("i")),
				))
			}
		}
		if items != nil {
			s, err := b.sub(items, "items")
			if err != nil {
				return err
			}
			var check jen.Code
			if s.kind == 'f' {
				check = and(jen.Id("c").Dot("ItemNotAllowed").Call(jen.Lit("items")))
			} else {
				check = and(b.k.call(s, jen.Op("&").Id("x").Dot("Items").Index(jen.Id("i")), jen.Nil()))
			}
			itemsBlock = []jen.Code{check, jen.Id(b.ev).Dot("Mark").Call(jen.Id("i"))}
			cases = append(cases, jen.Default().Block(itemsBlock...))
		}
		each := []jen.Code{jen.Id("c").Dot("EnterItem").Call(jen.Id("i"))}
		if prefix == nil || len(prefix.items) == 0 {
			each = append(each, itemsBlock...)
		} else {
			each = append(each, jen.Switch(jen.Id("i")).Block(cases...))
		}
		each = append(each, jen.Id("c").Dot("Leave").Call())
		checks = append(checks, jen.For(jen.Id("i").Op(":=").Range().Id("x").Dot("Items")).Block(each...))
	}
	if contains := b.kw("contains"); contains != nil {
		s, err := b.sub(contains, "contains")
		if err != nil {
			return err
		}
		minContains, err := b.count("minContains")
		if err != nil {
			return err
		}
		if minContains < 0 {
			minContains = 1
		}
		maxContains, err := b.count("maxContains")
		if err != nil {
			return err
		}
		checks = append(checks, jen.Block(
			jen.Id("matched").Op(":=").Lit(0),
			jen.For(jen.Id("i").Op(":=").Range().Id("x").Dot("Items")).Block(
				jen.If(jen.Id("c").Dot("Try").Call(jen.Id(b.k.function(s)), jen.Op("&").Id("x").Dot("Items").Index(jen.Id("i")), jen.Nil())).Block(
					jen.Id("matched").Op("++"),
					jen.Id(b.ev).Dot("Mark").Call(jen.Id("i")),
				),
			),
			and(jen.Id("c").Dot("Contains").Call(jen.Id("matched"), jen.Lit(minContains), jen.Lit(maxContains))),
		))
	}
	minItems, err := b.count("minItems")
	if err != nil {
		return err
	}
	maxItems, err := b.count("maxItems")
	if err != nil {
		return err
	}
	if minItems >= 0 || maxItems >= 0 {
		checks = append(checks, and(jen.Id("c").Dot("Count").Call(jen.Len(jen.Id("x").Dot("Items")), jen.Lit(minItems), jen.Lit(maxItems), jen.Lit("item"))))
	}
	if u := b.kw("uniqueItems"); u != nil {
		switch u.kind {
		case 't':
			checks = append(checks, and(jen.Id("c").Dot("UniqueItems").Call(jen.Id("x"))))
		case 'f':
		default:
			return b.fail("uniqueItems", "uniqueItems must be true or false")
		}
	}
	b.kindBlock("KindArray", checks)
	return nil
}

// objects compiles the keywords on objects.
func (b *body) objects() error {
	var checks []jen.Code
	member := jen.Op("&").Id("m").Dot("Value")
	properties := b.kw("properties")
	patterns := b.kw("patternProperties")
	additional := b.kw("additionalProperties")
	names := b.kw("propertyNames")
	if properties != nil || patterns != nil || additional != nil || names != nil {
		var loop []jen.Code
		loop = append(loop, jen.Id("m").Op(":=").Op("&").Id("x").Dot("Members").Index(jen.Id("i")))
		if additional != nil && (properties != nil || patterns != nil) {
			loop = append(loop, jen.Id("declared").Op(":=").False())
		}
		declared := func() []jen.Code {
			if additional == nil {
				return nil
			}
			return []jen.Code{jen.Id("declared").Op("=").True()}
		}
		loop = append(loop, jen.Id("c").Dot("Enter").Call(jen.Id("m").Dot("Name")))
		if properties != nil {
			var cases []jen.Code
			for _, p := range properties.members {
				s, err := b.sub(p.value, "properties")
				if err != nil {
					return err
				}
				block := append([]jen.Code{and(b.k.call(s, member, jen.Nil())), jen.Id(b.ev).Dot("Mark").Call(jen.Id("i"))}, declared()...)
				cases = append(cases, jen.Case(jen.Lit(p.name)).Block(block...))
			}
			if len(cases) > 0 {
				loop = append(loop, jen.Switch(jen.Id("m").Dot("Name")).Block(cases...))
			}
		}
		if patterns != nil {
			for _, p := range patterns.members {
				s, err := b.sub(p.value, "patternProperties")
				if err != nil {
					return err
				}
				re, err := b.regexp(&jnode{kind: '"', str: p.name}, "patternProperties")
				if err != nil {
					return err
				}
				block := append([]jen.Code{and(b.k.call(s, member, jen.Nil())), jen.Id(b.ev).Dot("Mark").Call(jen.Id("i"))}, declared()...)
				loop = append(loop, jen.If(jen.Id(re).Dot("MatchString").Call(jen.Id("m").Dot("Name"))).Block(block...))
			}
		}
		if additional != nil {
			s, err := b.sub(additional, "additionalProperties")
			if err != nil {
				return err
			}
			var check jen.Code
			if s.kind == 'f' {
				check = and(jen.Id("c").Dot("NotAllowed").Call(jen.Lit("additionalProperties")))
			} else {
				check = and(b.k.call(s, member, jen.Nil()))
			}
			block := []jen.Code{check, jen.Id(b.ev).Dot("Mark").Call(jen.Id("i"))}
			if properties != nil || patterns != nil {
				loop = append(loop, jen.If(jen.Op("!").Id("declared")).Block(block...))
			} else {
				loop = append(loop, block...)
			}
		}
		loop = append(loop, jen.Id("c").Dot("Leave").Call())
		if names != nil {
			s, err := b.sub(names, "propertyNames")
			if err != nil {
				return err
			}
			report := jen.Id("c").Dot("PropertyName").Call(jen.Id("m").Dot("Name"))
			if b.k.sensitive(names) {
				// A sensitive propertyNames schema makes each name a secret.
				report = jen.Id("c").Dot("HiddenPropertyName").Call()
			}
			loop = append(loop,
				jen.If(
					jen.Id("name").Op(":=").Parens(rt("Value").Values(jen.Dict{jen.Id("Kind"): rt("KindString"), jen.Id("Text"): jen.Id("m").Dot("Name")})),
					jen.Op("!").Id("c").Dot("Try").Call(jen.Id(b.k.function(s)), jen.Op("&").Id("name"), jen.Nil()),
				).Block(and(report)))
		}
		checks = append(checks, jen.For(jen.Id("i").Op(":=").Range().Id("x").Dot("Members")).Block(loop...))
	}
	if r := b.kw("required"); r != nil {
		list, err := b.stringList(r, "required")
		if err != nil {
			return err
		}
		if len(list) > 0 {
			checks = append(checks, and(jen.Id("c").Dot("Required").Call(append([]jen.Code{jen.Id("x")}, lits(list)...)...)))
		}
	}
	deps := b.kw("dependentRequired")
	legacy := b.kw("dependencies")
	for _, d := range []*jnode{deps, legacy} {
		if d == nil {
			continue
		}
		for _, m := range d.members {
			if m.value.kind != '[' {
				continue // a schema under dependencies: see inPlace
			}
			list, err := b.stringList(m.value, "dependentRequired")
			if err != nil {
				return err
			}
			if len(list) > 0 {
				checks = append(checks, and(jen.Id("c").Dot("DependentRequired").Call(append([]jen.Code{jen.Id("x"), jen.Lit(m.name)}, lits(list)...)...)))
			}
		}
	}
	minProperties, err := b.count("minProperties")
	if err != nil {
		return err
	}
	maxProperties, err := b.count("maxProperties")
	if err != nil {
		return err
	}
	if minProperties >= 0 || maxProperties >= 0 {
		checks = append(checks, and(jen.Id("c").Dot("Count").Call(jen.Len(jen.Id("x").Dot("Members")), jen.Lit(minProperties), jen.Lit(maxProperties), jen.Lit("property"))))
	}
	for _, keyword := range []string{"dependentSchemas", "dependencies"} {
		d := b.kw(keyword)
		if d == nil {
			continue
		}
		for _, m := range d.members {
			if m.value.kind == '[' && keyword == "dependencies" {
				continue
			}
			s, err := b.sub(m.value, keyword)
			if err != nil {
				return err
			}
			b.k.inPlace[b.n] = append(b.k.inPlace[b.n], s)
			checks = append(checks, jen.If(jen.Id("x").Dot("Has").Call(jen.Lit(m.name))).Block(and(b.k.call(s, jen.Id("x"), b.evArg()))))
		}
	}
	b.kindBlock("KindObject", checks)
	return nil
}

func lits(list []string) []jen.Code {
	out := make([]jen.Code, len(list))
	for i, s := range list {
		out[i] = jen.Lit(s)
	}
	return out
}

func (b *body) stringList(v *jnode, keyword string) ([]string, error) {
	if v.kind != '[' {
		return nil, b.fail(keyword, "%s must be an array of strings", keyword)
	}
	var out []string
	for _, item := range v.items {
		if item.kind != '"' {
			return nil, b.fail(keyword, "%s must be an array of strings", keyword)
		}
		out = append(out, item.str)
	}
	return out, nil
}

// inPlace compiles the applicators that apply subschemas to the same value.
func (b *body) inPlace() error {
	list := func(keyword string) ([]*jnode, error) {
		v := b.kw(keyword)
		if v == nil {
			return nil, nil
		}
		if v.kind != '[' || len(v.items) == 0 {
			return nil, b.fail(keyword, "%s must be a non-empty array of schemas", keyword)
		}
		out := make([]*jnode, len(v.items))
		for i, item := range v.items {
			s, err := b.sub(item, keyword)
			if err != nil {
				return nil, err
			}
			out[i] = s
			b.k.inPlace[b.n] = append(b.k.inPlace[b.n], s)
		}
		return out, nil
	}
	allOf, err := list("allOf")
	if err != nil {
		return err
	}
	for _, s := range allOf {
		b.add(and(b.k.call(s, jen.Id("x"), b.evArg())))
	}
	for _, keyword := range []string{"anyOf", "oneOf"} {
		alts, err := list(keyword)
		if err != nil {
			return err
		}
		if alts == nil {
			continue
		}
		// Every alternative is tried, even after one matched: each that
		// matches adds to what unevaluated* sees.
		block := []jen.Code{jen.Id("matched").Op(":=").Lit(0)}
		for _, s := range alts {
			block = append(block, jen.If(
				jen.Id("sub").Op(":=").Id(b.ev).Dot("Fork").Call(),
				jen.Id("c").Dot("Try").Call(jen.Id(b.k.function(s)), jen.Id("x"), jen.Id("sub")),
			).Block(jen.Id("matched").Op("++"), jen.Id(b.ev).Dot("Merge").Call(jen.Id("sub"))))
		}
		funcs := make([]jen.Code, len(alts))
		for i, s := range alts {
			funcs[i] = jen.Id(b.k.function(s))
		}
		if keyword == "anyOf" {
			block = append(block, jen.If(jen.Id("matched").Op("==").Lit(0)).Block(and(jen.Id("c").Dot("AnyOf").Call(append([]jen.Code{jen.Id("x")}, funcs...)...))))
		} else {
			block = append(block, jen.If(jen.Id("matched").Op("!=").Lit(1)).Block(and(jen.Id("c").Dot("OneOf").Call(append([]jen.Code{jen.Id("x"), jen.Id("matched")}, funcs...)...))))
		}
		b.add(jen.Block(block...))
	}
	if v := b.kw("not"); v != nil {
		s, err := b.sub(v, "not")
		if err != nil {
			return err
		}
		b.k.inPlace[b.n] = append(b.k.inPlace[b.n], s)
		b.add(jen.If(jen.Id("c").Dot("Try").Call(jen.Id(b.k.function(s)), jen.Id("x"), jen.Nil())).Block(and(jen.Id("c").Dot("Not").Call())))
	}
	if v := b.kw("if"); v != nil {
		cond, err := b.sub(v, "if")
		if err != nil {
			return err
		}
		b.k.inPlace[b.n] = append(b.k.inPlace[b.n], cond)
		var then, els []jen.Code
		for _, branch := range []struct {
			keyword string
			into    *[]jen.Code
		}{{"then", &then}, {"else", &els}} {
			v := b.kw(branch.keyword)
			if v == nil {
				continue
			}
			s, err := b.sub(v, branch.keyword)
			if err != nil {
				return err
			}
			b.k.inPlace[b.n] = append(b.k.inPlace[b.n], s)
			*branch.into = append(*branch.into, and(b.k.call(s, jen.Id("x"), b.evArg())))
		}
		then = append([]jen.Code{jen.Id(b.ev).Dot("Merge").Call(jen.Id("sub"))}, then...)
		stmt := jen.If(
			jen.Id("sub").Op(":=").Id(b.ev).Dot("Fork").Call(),
			jen.Id("c").Dot("Try").Call(jen.Id(b.k.function(cond)), jen.Id("x"), jen.Id("sub")),
		).Block(then...)
		if len(els) > 0 {
			stmt = stmt.Else().Block(els...)
		}
		b.add(stmt)
	}
	return nil
}

// unevaluated compiles unevaluatedItems and unevaluatedProperties, which
// apply to what nothing else here evaluated, and so come last.
func (b *body) unevaluated() error {
	if v := b.kw("unevaluatedItems"); v != nil {
		s, err := b.sub(v, "unevaluatedItems")
		if err != nil {
			return err
		}
		var check jen.Code
		if s.kind == 'f' {
			check = and(jen.Id("c").Dot("ItemNotAllowed").Call(jen.Lit("unevaluatedItems")))
		} else {
			check = and(b.k.call(s, jen.Op("&").Id("x").Dot("Items").Index(jen.Id("i")), jen.Nil()))
		}
		b.kindBlock("KindArray", []jen.Code{jen.For(jen.Id("i").Op(":=").Range().Id("x").Dot("Items")).Block(
			jen.If(jen.Id("seen").Dot("Has").Call(jen.Id("i"))).Block(jen.Continue()),
			jen.Id("c").Dot("EnterItem").Call(jen.Id("i")),
			check,
			jen.Id("c").Dot("Leave").Call(),
			jen.Id("seen").Dot("Mark").Call(jen.Id("i")),
		)})
	}
	if v := b.kw("unevaluatedProperties"); v != nil {
		s, err := b.sub(v, "unevaluatedProperties")
		if err != nil {
			return err
		}
		var check jen.Code
		if s.kind == 'f' {
			check = and(jen.Id("c").Dot("NotAllowed").Call(jen.Lit("unevaluatedProperties")))
		} else {
			check = and(b.k.call(s, jen.Op("&").Id("x").Dot("Members").Index(jen.Id("i")).Dot("Value"), jen.Nil()))
		}
		b.kindBlock("KindObject", []jen.Code{jen.For(jen.Id("i").Op(":=").Range().Id("x").Dot("Members")).Block(
			jen.If(jen.Id("seen").Dot("Has").Call(jen.Id("i"))).Block(jen.Continue()),
			jen.Id("c").Dot("Enter").Call(jen.Id("x").Dot("Members").Index(jen.Id("i")).Dot("Name")),
			check,
			jen.Id("c").Dot("Leave").Call(),
			jen.Id("seen").Dot("Mark").Call(jen.Id("i")),
		)})
	}
	return nil
}
