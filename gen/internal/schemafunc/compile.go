package schemafunc

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen/toolgen/gen/internal/goemit"
	"github.com/toolgen/toolgen/internal/ecma"
	"github.com/toolgen/toolgen/internal/jsonpointer"
	"github.com/toolgen/toolgen/internal/schema"
)

// checker compiles schemas into check functions of the toolgenimpl.SchemaFunc
// shape, one per schema reached, and the package variables they use.
type checker struct {
	reg             *schema.Registry
	prefix          string
	claim           func(want string) string // names every function and variable in the file's namespace
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

func newChecker(reg *schema.Registry, prefix string, claim func(string) string) *checker {
	return &checker{reg: reg, prefix: prefix, claim: claim, names: map[*schema.Node]string{}, consts: map[string]string{}, regexps: map[string]patternRef{}, inPlace: map[*schema.Node][]*schema.Node{}}
}

// function returns the name of the check function for schema n, queueing
// it for compilation.
func (k *checker) function(n *schema.Node) string {
	if name, ok := k.names[n]; ok {
		return name
	}
	name := k.claim(fmt.Sprintf("%s%d", k.prefix, len(k.names)))
	k.names[n] = name
	k.queue = append(k.queue, n)
	return name
}

func (k *checker) newVar(kind string) string {
	k.nvars++
	return k.claim(fmt.Sprintf("%s%s%d", k.prefix, kind, k.nvars))
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
		jen.Id("c").Op("*").Add(goemit.Runtime("Check")),
		jen.Id("x").Op("*").Add(goemit.Runtime("Value")),
		jen.Id("ev").Op("*").Add(goemit.Runtime("Evaluated")),
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
		ptr = goemit.DisplayPtr(ptr)
	}
	where := "the schema at " + goemit.ShortText(n.Place.Doc.URI) + "#" + ptr
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
		b.add(jen.Id("seen").Op(":=").Add(goemit.Runtime("NewEvaluated")).Call(jen.Id("x")))
	}
	b.add(jen.Id("ok").Op(":=").True())
	// One step per family of keywords (keywords_*.go, refs.go), in order.
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
		return goemit.LineComment(f.doc).Line().Func().Id(name).Params(schemaParams()...).Bool().Block(stmts...)
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

func (b *body) kindBlock(kind string, checks []jen.Code) {
	if len(checks) > 0 {
		b.add(jen.If(jen.Id("x").Dot("Kind").Op("==").Add(goemit.Runtime(kind))).Block(checks...))
	}
}

// count reads a keyword whose value is a non-negative integer; -1 if absent.
func (b *body) count(keyword string) (int, error) {
	v := b.kw(keyword)
	if v == nil {
		return -1, nil
	}
	n, err := strconv.ParseFloat(string(v.Raw), 64)
	switch {
	case v.Kind == '0' && n >= math.MaxInt:
		return math.MaxInt, nil // past any length or count, as node.count reads it
	case v.Kind != '0' || err != nil || n < 0 || n != math.Trunc(n):
		return 0, b.fail(keyword, "%s must be a non-negative integer", keyword)
	}
	return int(n), nil
}

// value returns the package variable holding the JSON value v.
func (k *checker) value(v *schema.Node) string {
	key := "v" + string(v.Raw)
	if name, ok := k.consts[key]; ok {
		return name
	}
	name := k.newVar("Value")
	k.consts[key] = name
	k.vars = append(k.vars, jen.Var().Id(name).Op("=").Add(goemit.Runtime("MustParseValue")).Call(jen.Lit(string(v.Raw))), jen.Line())
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
		items[i] = goemit.Runtime("MustParseValue").Call(jen.Lit(string(item.Raw)))
	}
	k.vars = append(k.vars, jen.Var().Id(name).Op("=").Index().Add(goemit.Runtime("Value")).ValuesFunc(func(g *jen.Group) {
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
		goemit.LineComment(fmt.Sprintf("%s lists the members an object allows, for the hint about one it does not.", name)).Line().
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
		return goemit.Runtime("MatchFunc").Call(jen.Id(r.name))
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
		doc, def := goemit.LookaroundVar(name, pattern.Str, c.Cond.Lookaround)
		b.k.vars = append(b.k.vars, jen.Add(doc).Line().Var().Add(def), jen.Line())
		return b.k.regexps[pattern.Str], nil
	}
	if c.Cond.Op == ecma.OpMatch {
		name := b.k.newVar("Pattern")
		b.k.regexps[pattern.Str] = patternRef{name: name}
		b.k.vars = append(b.k.vars,
			goemit.LineComment(fmt.Sprintf("%s is the ECMA-262 pattern %s in RE2 syntax.", name, strconv.Quote(pattern.Str))).Line().
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
		goemit.LineComment(fmt.Sprintf("The regexps that decide the ECMA-262 pattern %s, in RE2 syntax.", strconv.Quote(pattern.Str))).Line().
			Var().Defs(defs...), jen.Line(),
		goemit.CondMatcher(ref.name, pattern.Str, c.Cond, vars), jen.Line())
	return ref, nil
}
