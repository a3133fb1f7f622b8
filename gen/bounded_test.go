package gen_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen"
)

// TestBoundedWork checks that the work of one validation grows at most
// linearly with the schema, however schemas that apply several subschemas
// to one value nest. Each fan-out shape is a chain of $defs, two distinct
// definitions per level, each applying both of the next level's to the same
// value by one applicator (allOf, anyOf, oneOf, not, if, $ref, $dynamicRef,
// dependentSchemas, or a union the typed reader tries alternative by
// alternative); evaluated naively, the checks double at every level. The
// generated code is instrumented: every function that reads or checks a
// value counts a step, and past a budget it panics, so that code that does
// exponential work fails fast instead of hanging. As the depth doubles, the
// steps of a call may at most double, give or take a constant.
func TestBoundedWork(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated code with the go command; skipped in -short mode")
	}
	var tools []boundedTool
	for _, shape := range fanOutShapes() {
		for _, depth := range shape.depths() {
			tools = append(tools, shape.tool(depth))
		}
	}
	verdicts := runBounded(t, tools, func(bt boundedTool) bool { return bt.depth == bt.shape.depths()[0] })
	byShape := map[string][]int{} // shape and instance -> steps by depth
	for i, bt := range tools {
		if bt.depth == bt.shape.depths()[0] {
			// The shallowest chain is small enough for santhosh v6, which
			// has no memo, to judge.
			o := matrixOracle(t, bt.schema)
			for j, inst := range bt.instances {
				want := o.Validate(mustUnmarshal(t, inst)) == nil
				if got := verdicts[i][j]; got.Exceeded == "" && got.Valid != want {
					t.Errorf("%s, depth %d, %s: ValidateArgs says valid=%v, santhosh v6 %v (%s)", bt.shape.name, bt.depth, inst, got.Valid, want, got.Violations)
				}
			}
		}
		for j, inst := range bt.instances {
			v := verdicts[i][j]
			if v.Exceeded != "" {
				t.Errorf("%s, depth %d (%d schema objects), %s: more than %d steps: %s", bt.shape.name, bt.depth, bt.objects, inst, boundedBudget, v.Exceeded)
				continue
			}
			checkMemoOff(t, fmt.Sprintf("%s, depth %d, %s", bt.shape.name, bt.depth, inst), v)
			if limit := 8*bt.objects + 40; v.Steps > limit {
				t.Errorf("%s, depth %d (%d schema objects), %s: %d steps, want at most %d", bt.shape.name, bt.depth, bt.objects, inst, v.Steps, limit)
			}
			key := bt.shape.name + " " + inst
			byShape[key] = append(byShape[key], v.Steps)
		}
	}
	for key, steps := range byShape {
		for k := 1; k < len(steps); k++ {
			if steps[k] > 3*steps[k-1]+10 {
				t.Errorf("%s: %v steps as the depth doubles: more than linear growth", key, steps)
				break
			}
		}
		t.Logf("%s: steps %v", key, steps)
	}
}

// boundedBudget is the steps a call may take before the instrumented code
// gives up on it: far more than any chain here needs when the work is
// linear, far fewer than 2^32.
const boundedBudget = 1_000_000

// fanOut is a shape of chained definitions: def writes the definition
// D<level><x> (x is "a" or "b"), applying the next level's two, whose
// references next gives; the last level holds two leaves.
type fanOut struct {
	name string
	def  func(level int, x string, next func(y string) string) string
	// checked wraps the property in allOf, so that everything below it is
	// checked whole by schema functions rather than by the typed reader.
	checked   bool
	instances []string
	// anchored leaves carry a $dynamicAnchor, for $dynamicRef to reach.
	anchored bool
	// resources are chains whose definitions are schema resources of their
	// own, each with the dynamic anchor that a $dynamicRef in the leaves
	// follows.
	resources bool
	leafNot   bool // the leaves use not, which the typed reader checks whole
}

// depths are the depths of each chain. A chain the typed reader reads is
// as deep as the others: its readers are shared however many paths reach
// them.
func (f fanOut) depths() []int { return []int{8, 16, 32} }

type boundedTool struct {
	shape     fanOut
	depth     int
	name      string
	schema    json.RawMessage
	objects   int // the schema objects of the input schema
	instances []string
}

func ref(level int, x string) string { return fmt.Sprintf(`{"$ref":"#/$defs/D%d%s"}`, level, x) }

func fanOutShapes() []fanOut {
	objects := []string{`{}`, `{"x":"s","y":"t"}`, `[]`, `{"x":1,"y":2}`, `{"x":1,"k":{"x":"s"}}`}
	shapes := []fanOut{
		{name: "allOf", checked: true, def: func(i int, _ string, next func(string) string) string {
			return fmt.Sprintf(`{"allOf":[%s,%s]}`, next("a"), next("b"))
		}},
		{name: "anyOf", checked: true, def: func(i int, _ string, next func(string) string) string {
			return fmt.Sprintf(`{"anyOf":[%s,%s]}`, next("a"), next("b"))
		}},
		{name: "oneOf", checked: true, def: func(i int, _ string, next func(string) string) string {
			return fmt.Sprintf(`{"oneOf":[%s,%s]}`, next("a"), next("b"))
		}},
		{name: "not", checked: true, def: func(i int, _ string, next func(string) string) string {
			return fmt.Sprintf(`{"not":{"not":%s},"allOf":[{"not":%s}]}`, next("a"), next("b"))
		}},
		{name: "if", checked: true, def: func(i int, _ string, next func(string) string) string {
			return fmt.Sprintf(`{"if":%s,"then":%s,"else":%s}`, next("a"), next("b"), next("b"))
		}},
		{name: "$ref", checked: true, def: func(i int, _ string, next func(string) string) string {
			return fmt.Sprintf(`{"$ref":%s,"allOf":[{"$ref":%s}]}`, refTarget(next("a")), refTarget(next("b")))
		}},
		{name: "$dynamicRef", checked: true, anchored: true, def: func(i int, x string, next func(string) string) string {
			return fmt.Sprintf(`{"$dynamicAnchor":"%s%d","$dynamicRef":"#a%d","allOf":[{"$dynamicRef":"#b%d"}]}`, x, i, i+1, i+1)
		}},
		{name: "$dynamicRef across resources", checked: true, resources: true, def: func(i int, x string, next func(string) string) string {
			return fmt.Sprintf(`{"$id":"d%d%s","$dynamicAnchor":"node","allOf":[{"$ref":"d%da"},{"$ref":"d%db"}]}`, i, x, i+1, i+1)
		}},
		// Anchors no $dynamicRef follows do not change where one leads,
		// so the memo must not tell scopes apart by them.
		{name: "$dynamicRef across resources with anchors of their own", checked: true, resources: true, def: func(i int, x string, next func(string) string) string {
			return fmt.Sprintf(`{"$id":"d%d%s","$dynamicAnchor":"own%d","allOf":[{"$ref":"d%da"},{"$ref":"d%db"}]}`, i, x, i, i+1, i+1)
		}},
		{name: "dependentSchemas", checked: true, def: func(i int, _ string, next func(string) string) string {
			return fmt.Sprintf(`{"dependentSchemas":{"x":%s,"y":%s}}`, next("a"), next("b"))
		}},
		{name: "unevaluatedProperties", checked: true, def: func(i int, _ string, next func(string) string) string {
			return fmt.Sprintf(`{"anyOf":[%s,%s],"unevaluatedProperties":false}`, next("a"), next("b"))
		}},
		{name: "typed anyOf", def: func(i int, _ string, next func(string) string) string {
			return fmt.Sprintf(`{"anyOf":[%s,%s]}`, next("a"), next("b"))
		}},
		{name: "typed oneOf", def: func(i int, _ string, next func(string) string) string {
			return fmt.Sprintf(`{"oneOf":[%s,%s]}`, next("a"), next("b"))
		}},
		{name: "typed anyOf, leaves checked whole", leafNot: true, def: func(i int, _ string, next func(string) string) string {
			return fmt.Sprintf(`{"anyOf":[%s,%s]}`, next("a"), next("b"))
		}},
	}
	// Mixed chains: each level picks its applicator from the others.
	rng := rand.New(rand.NewPCG(1, 2))
	var pure []fanOut
	for _, s := range shapes {
		if s.checked && !s.anchored && !s.resources {
			pure = append(pure, s)
		}
	}
	for k := range 3 {
		picks := make([]fanOut, 64)
		var names []string
		for i := range picks {
			picks[i] = pure[rng.IntN(len(pure))]
			if i < 4 {
				names = append(names, picks[i].name)
			}
		}
		shapes = append(shapes, fanOut{name: fmt.Sprintf("mixed %d (%s, ...)", k+1, strings.Join(names, ", ")), checked: true,
			def: func(i int, x string, next func(string) string) string { return picks[i].def(i, x, next) }})
	}
	for i := range shapes {
		shapes[i].instances = objects
	}
	return shapes
}

// refTarget is the reference of a {"$ref": ...} object, as a JSON string.
func refTarget(refObject string) string {
	var v struct{ Ref string }
	if err := json.Unmarshal([]byte(strings.Replace(refObject, "$ref", "Ref", 1)), &v); err != nil {
		panic(err)
	}
	b, _ := json.Marshal(v.Ref)
	return string(b)
}

func (f fanOut) tool(depth int) boundedTool {
	var defs []string
	for i := range depth {
		for _, x := range []string{"a", "b"} {
			def := f.def(i, x, func(y string) string { return ref(i+1, y) })
			defs = append(defs, fmt.Sprintf(`"D%d%s":%s`, i, x, def))
		}
	}
	for _, leaf := range []struct{ x, member string }{{"a", "x"}, {"b", "y"}} {
		def := fmt.Sprintf(`{"type":"object","properties":{%q:{"type":"integer"}}`, leaf.member)
		if f.leafNot {
			def += `,"not":{"required":["z"]}`
		}
		if f.anchored {
			def += fmt.Sprintf(`,"$dynamicAnchor":"%s%d"`, leaf.x, depth)
		}
		if f.resources {
			def = fmt.Sprintf(`{"$id":"d%d%s","$dynamicAnchor":"node","type":"object","properties":{%q:{"type":"integer"},"k":{"$dynamicRef":"#node"}}`, depth, leaf.x, leaf.member)
		}
		defs = append(defs, fmt.Sprintf(`"D%d%s":%s}`, depth, leaf.x, def))
	}
	property := ref(0, "a")
	if f.checked {
		property = `{"allOf":[` + property + `]}`
	}
	schema := fmt.Sprintf(`{"type":"object","properties":{"n":%s},"$defs":{%s}}`, property, strings.Join(defs, ","))
	bt := boundedTool{shape: f, depth: depth, schema: json.RawMessage(schema), objects: strings.Count(schema, "{")}
	bt.name = fmt.Sprintf("b%d_%s", depth, strings.NewReplacer(" ", "_", "$", "", ",", "", "(", "", ")", "", ".", "").Replace(f.name))
	for _, inst := range f.instances {
		bt.instances = append(bt.instances, `{"n":`+inst+`}`)
	}
	return bt
}

// boundedVerdict is the driver's answer for one call.
type boundedVerdict struct {
	Valid      bool
	Steps      int
	Exceeded   string
	Violations string
	List       []boundedViolation // every violation listed
	Off        *boundedVerdict    // the verdict of the code without memo, if asked for
}

type boundedViolation struct{ Pointer, Keyword, Message, Hint string }

// runBounded generates one catalog of the tools, instruments the generated
// code to count its steps, and runs every instance through ValidateArgs;
// those of the tools off picks also through the same code with every memo
// taken out (see memoOff), whose verdict is then the verdict's Off.
func runBounded(t *testing.T, tools []boundedTool, off func(boundedTool) bool) [][]boundedVerdict {
	t.Helper()
	var doc struct {
		Tools []map[string]any `json:"tools"`
	}
	for _, bt := range tools {
		doc.Tools = append(doc.Tools, map[string]any{"name": bt.name, "inputSchema": bt.schema})
	}
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	cat := loadCatalog(t, "bounded.json", data)
	src, diags := gen.Generate(cat, gen.Options{Package: "bounded", Source: "bounded.json"})
	if diags.HasErrors() {
		t.Fatalf("generating: %v", diags)
	}
	dir := tempModule(t, "bounded")
	counted := countSteps(t, src)
	writeFile(t, filepath.Join(dir, "bounded", "tools_gen.go"), counted)
	writeFile(t, filepath.Join(dir, "bounded", "steps.go"), []byte(fmt.Sprintf(boundedSteps, "bounded", boundedBudget)))
	writeFile(t, filepath.Join(dir, "boundedoff", "tools_gen.go"), memoOff(t, counted))
	writeFile(t, filepath.Join(dir, "boundedoff", "steps.go"), []byte(fmt.Sprintf(boundedSteps, "boundedoff", boundedBudget)))
	writeFile(t, filepath.Join(dir, "boundedoff", "trial.go"), []byte(plainTrial))
	writeFile(t, filepath.Join(dir, "driver", "main.go"), []byte(boundedDriver))
	var input bytes.Buffer
	enc := json.NewEncoder(&input)
	for _, bt := range tools {
		for _, inst := range bt.instances {
			_ = enc.Encode(map[string]any{"tool": bt.name, "args": inst, "off": off != nil && off(bt)})
		}
	}
	out := runDriverIn(t, dir, &input, "building or running the generated code failed")
	dec := json.NewDecoder(bytes.NewReader(out))
	verdicts := make([][]boundedVerdict, len(tools))
	for i, bt := range tools {
		for range bt.instances {
			var v boundedVerdict
			if err := dec.Decode(&v); err != nil {
				t.Fatalf("reading the driver's verdicts: %v", err)
			}
			verdicts[i] = append(verdicts[i], v)
		}
	}
	return verdicts
}

// countSteps makes every function of the generated file that reads or
// checks a value (one with a *toolgenimpl.Reader or *toolgenimpl.Check
// parameter) count a step when it is called.
func countSteps(t *testing.T, src []byte) []byte {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "tools_gen.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	counted := 0
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Body == nil || !readsOrChecks(fn) {
			continue
		}
		step := &ast.ExprStmt{X: &ast.CallExpr{Fun: ast.NewIdent("step")}}
		fn.Body.List = append([]ast.Stmt{step}, fn.Body.List...)
		counted++
	}
	if counted == 0 {
		t.Fatal("no function of the generated code reads or checks a value")
	}
	var out bytes.Buffer
	if err := format.Node(&out, fset, f); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func readsOrChecks(fn *ast.FuncDecl) bool {
	params := fn.Type.Params.List
	if fn.Recv != nil {
		params = append(params, fn.Recv.List...)
	}
	for _, p := range params {
		star, ok := p.Type.(*ast.StarExpr)
		if !ok {
			continue
		}
		if sel, ok := star.X.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Reader" || sel.Sel.Name == "Check") {
			return true
		}
	}
	return false
}

const boundedSteps = `package %s

import "fmt"

// Steps counts the calls of the generated functions that read or check a
// value, since the last Reset.
var Steps int

// step counts one, and gives up past the budget.
func step() {
	Steps++
	if Steps > %d {
		panic(fmt.Sprintf("still going after %%d steps", Steps))
	}
}
`

const boundedDriver = `// Command driver validates each call and counts the steps it took.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"bounded/bounded"
	"bounded/boundedoff"

	"github.com/toolgen/toolgen/runtime"
)

type verdict struct {
	Valid      bool
	Steps      int
	Exceeded   string
	Violations string
	List       []runtime.Violation
	Off        *verdict
}

func validate(validateArgs func(string, []byte) error, tool string, args []byte) (v verdict) {
	defer func() {
		if p := recover(); p != nil {
			v.Exceeded = fmt.Sprint(p)
		}
	}()
	err := validateArgs(tool, args)
	var invalid *runtime.ValidationError
	switch {
	case err == nil:
		v.Valid = true
	case errors.As(err, &invalid):
		v.Violations = fmt.Sprintf("%d violations, %d omitted; first %+v", len(invalid.Violations), invalid.Omitted, invalid.Violations[0])
		v.List = invalid.Violations
	default:
		v.Violations = err.Error()
	}
	return v
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<26)
	out := json.NewEncoder(os.Stdout)
	for in.Scan() {
		var req struct {
			Tool, Args string
			Off        bool
		}
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			panic(err)
		}
		bounded.Steps = 0
		v := validate(bounded.ValidateArgs, req.Tool, []byte(req.Args))
		v.Steps = bounded.Steps
		if req.Off {
			boundedoff.Steps = 0
			off := validate(boundedoff.ValidateArgs, req.Tool, []byte(req.Args))
			off.Steps = boundedoff.Steps
			v.Off = &off
		}
		if err := out.Encode(v); err != nil {
			panic(err)
		}
	}
}
`

// TestBoundedWorkRefused: where the dynamic scope alone can take more forms
// than a memo can bound (schema resources two per level, each level's with
// a dynamic anchor name of its own that a $dynamicRef follows: 3^levels
// combinations of outermost holders, each checked apart), generation stops
// with a diagnostic at the $dynamicRef, in the catalog's form; a shallow
// chain of the same shape still generates. The forms counted are those the
// memo's key tells apart: every anchor name that a $dynamicRef follows,
// here or in another tool, and no other.
func TestBoundedWorkRefused(t *testing.T) {
	// chain's levels hold the anchors n<level>, which the levels' own
	// $dynamicRef follow, or, with leaves, only a leaf's, to an anchor
	// "node" of the last level.
	chain := func(depth int, leaves bool) string {
		var defs []string
		for i := range depth {
			for _, x := range []string{"a", "b"} {
				next := fmt.Sprintf(`"allOf":[{"$ref":"d%da"},{"$ref":"d%db"}],`, i+1, i+1)
				follow := fmt.Sprintf(`"$dynamicRef":"#n%d"`, i)
				if i == depth-1 {
					next = ""
					if leaves {
						next = `"$defs":{"leaf":{"$dynamicAnchor":"node"}},`
						follow = `"$dynamicRef":"#node"`
					}
				} else if leaves {
					follow = `"type":"string"`
				}
				defs = append(defs, fmt.Sprintf(`"D%d%s":{"$id":"d%d%s","$dynamicAnchor":"n%d",%s"properties":{"k":{%s}}}`, i, x, i, x, i, next, follow))
			}
		}
		schema := fmt.Sprintf(`{"type":"object","properties":{"n":{"$ref":"d0a"}},"$defs":{%s}}`, strings.Join(defs, ","))
		return fmt.Sprintf(`{"name":"chain","inputSchema":%s}`, schema)
	}
	// follower is a tool of its own whose $dynamicRef follow n0 ... n9.
	var follows []string
	for i := range 10 {
		follows = append(follows, fmt.Sprintf(`"p%d":{"$dynamicRef":"#n%d"},"q%d":{"$defs":{"a":{"$dynamicAnchor":"n%d"}}}`, i, i, i, i))
	}
	follower := `{"name":"follower","inputSchema":{"$id":"https://example.com/follower.json","type":"object","properties":{` + strings.Join(follows, ",") + `}}}`
	catalogOf := func(tools ...string) []byte { return []byte(`{"tools":[` + strings.Join(tools, ",") + `]}`) }
	for _, c := range []struct{ name, catalog string }{
		{"a chain of 4 levels (81 forms of the dynamic scope)", chain(4, false)},
		{"a chain of 10 levels whose anchors no $dynamicRef follows", chain(10, true)},
	} {
		if _, diags := gen.Generate(loadCatalog(t, "shallow.json", catalogOf(c.catalog)), gen.Options{Package: "p"}); diags.HasErrors() {
			t.Errorf("%s was refused: %v", c.name, diags)
		}
	}
	for _, c := range []struct{ name, catalog []byte }{
		{[]byte("a chain of 10 levels (59,049 forms)"), catalogOf(chain(10, false))},
		{[]byte("a chain of 10 levels whose anchors another tool's $dynamicRef follow"), catalogOf(chain(10, true), follower)},
	} {
		_, diags := gen.Generate(loadCatalog(t, "deep.json", c.catalog), gen.Options{Package: "p"})
		var errs []string
		for _, d := range diags {
			if d.Severity == catalog.Error {
				errs = append(errs, d.String())
			}
		}
		want := regexp.MustCompile(`^deep\.json:\d+:\d+: tool "chain" /tools/0/inputSchema/\$defs/D\d+[ab]/properties/k/\$dynamicRef: the schema resources with a \$dynamicAnchor that \$dynamicRef follows can be entered in more than 1024 combinations, .*; give the dynamic anchors fewer distinct names, or use \$ref where the target need not change$`)
		if len(errs) != 1 || !want.MatchString(errs[0]) {
			t.Errorf("%s: errors %q, want one matching %s", c.name, errs, want)
		}
	}
}
