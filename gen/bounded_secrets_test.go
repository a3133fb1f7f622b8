package gen_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/sensitivecases"
)

// TestBoundedWorkHidesSecrets puts sensitive values into the chains of
// TestBoundedWork, where the memo replays what shared definitions and
// unions tried within unions found: around the whole chain (two chains
// side by side in one sensitive object, which a memo keyed on the place
// violations name, the object's, would mix up), on a definition halfway
// down (its bracket inside a function that runs once) and inside the
// leaves, reached along every path, at each position of sensitivecases
// by turns. For every call, cut off inside a secret too: nothing inside a
// sensitive value is located or named, or its secret shown; each has at
// most one violation standing for the problems inside it; the work stays
// within TestBoundedWork's bounds; and the shallowest chains report, word
// for word, what the same code without memo reports, and agree with
// santhosh v6.
func TestBoundedWorkHidesSecrets(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated code with the go command; skipped in -short mode")
	}
	var tools []boundedTool
	var cases []secretCase
	keywords := sensitivecases.LeafKeywords()
	positions := len(sensitivecases.Placements(sensitivecases.Markers[0], keywords[0], "d"))
	for i, shape := range fanOutShapes() {
		marker := sensitivecases.Markers[i%len(sensitivecases.Markers)]
		variants := []secretVariant{{where: "top", marker: marker}, {where: "middle", marker: marker}}
		if !shape.resources { // a leaf's own definitions would resolve inside its resource
			for k := range 2 {
				variants = append(variants, secretVariant{where: "leaves", marker: marker,
					position: (2*i + k) % positions, keyword: keywords[(2*i+k)%len(keywords)]})
			}
		}
		for _, v := range variants {
			for _, depth := range secretDepths(shape) {
				bt, sc := shape.secretTool(depth, v)
				tools, cases = append(tools, bt), append(cases, sc)
			}
		}
	}
	verdicts := runBounded(t, tools, func(bt boundedTool) bool { return bt.depth == secretDepths(bt.shape)[0] })
	steps := map[string][]int{}
	for i, bt := range tools {
		sc := cases[i]
		var oracle interface{ Validate(any) error }
		if bt.depth == secretDepths(bt.shape)[0] {
			oracle = matrixOracle(t, bt.schema)
		}
		for j, inst := range bt.instances {
			v := verdicts[i][j]
			where := fmt.Sprintf("%s, %s, depth %d, %s", bt.shape.name, sc.variant, bt.depth, inst)
			if v.Exceeded != "" {
				t.Errorf("%s: more than %d steps: %s", where, boundedBudget, v.Exceeded)
				continue
			}
			if limit := sc.chains*8*bt.objects + 40; v.Steps > limit {
				t.Errorf("%s: %d steps, want at most %d (%d schema objects, %d chains)", where, v.Steps, limit, bt.objects, sc.chains)
			}
			key := bt.shape.name + " " + sc.variant + " " + fmt.Sprint(j)
			steps[key] = append(steps[key], v.Steps)
			checkSecretsKept(t, where, sc.sealed, v)
			checkMemoOff(t, where, v)
			switch {
			case sc.cut[j]:
				if v.Valid {
					t.Errorf("%s: text cut off is valid", where)
				}
			case oracle != nil:
				if want := oracle.Validate(mustUnmarshal(t, inst)) == nil; v.Valid != want {
					t.Errorf("%s: ValidateArgs says valid=%v, santhosh v6 %v (%s)", where, v.Valid, want, v.Violations)
				}
			}
		}
	}
	for key, s := range steps {
		for k := 1; k < len(s); k++ {
			if s[k] > 3*s[k-1]+10 {
				t.Errorf("%s: %v steps as the depth doubles: more than linear growth", key, s)
				break
			}
		}
	}
}

// secretDepths are the depths of the chains with secrets: two, so that the
// growth shows, and shallower than TestBoundedWork's for the build's sake.
func secretDepths(fanOut) []int { return []int{8, 16} }

// A secretVariant is where a chain holds a sensitive value: "top", "middle"
// or "leaves", at the position numbered position of sensitivecases, whose
// leaf breaks keyword.
type secretVariant struct {
	where    string
	marker   sensitivecases.Marker
	position int
	keyword  string
}

// secretCase is what the test knows of a tool with secrets: the pointers
// of its sensitive values, which instances are cut off, and how many
// chains a call checks.
type secretCase struct {
	variant string
	sealed  []string
	cut     []bool
	chains  int
}

// hiddenInside is the message of the violation that stands for the
// problems inside a sensitive value.
var hiddenInside = regexp.MustCompile(`^[0-9]+ problems? inside a value that is not shown: `)

// checkSecretsKept fails if a violation of v shows a secret, locates or
// names what is inside one of sealed, or if more than one stands for the
// problems inside one.
func checkSecretsKept(t *testing.T, where string, sealed []string, v boundedVerdict) {
	t.Helper()
	standing := map[string]int{}
	for _, viol := range v.List {
		if leaks := sensitivecases.Leaks(viol.Pointer + " " + viol.Message + " " + viol.Hint); leaks != nil {
			t.Errorf("%s: %+v shows %q", where, viol, leaks)
		}
		for _, s := range sealed {
			if sensitivecases.Below(s, viol.Pointer) || sensitivecases.NamesInside(s, viol.Hint) {
				t.Errorf("%s: %+v locates something inside the sensitive %q", where, viol, s)
			}
		}
		if hiddenInside.MatchString(viol.Message) {
			standing[viol.Pointer]++
		}
	}
	for at, n := range standing {
		if n > 1 {
			t.Errorf("%s: %d violations stand for the problems inside %q: %+v", where, n, at, v.List)
		}
	}
}

// secretTool writes the chain of depth with the sensitive values of v.
func (f fanOut) secretTool(depth int, v secretVariant) (boundedTool, secretCase) {
	marker := jsonText(v.marker.Schema)
	marked := func(def string) string { return "{" + marker[1:len(marker)-1] + "," + def[1:] }
	var defs []string
	for i := range depth {
		for _, x := range []string{"a", "b"} {
			def := f.def(i, x, func(y string) string { return ref(i+1, y) })
			if v.where == "middle" && i == depth/2 && x == "a" {
				def = marked(def)
			}
			defs = append(defs, fmt.Sprintf(`"D%d%s":%s`, i, x, def))
		}
	}
	var placed sensitivecases.Placement
	if v.where == "leaves" {
		placed = sensitivecases.Placements(v.marker, v.keyword, "s")[v.position]
		for name, def := range placed.Defs {
			defs = append(defs, fmt.Sprintf(`%q:%s`, name, jsonText(def)))
		}
	}
	for _, leaf := range []struct{ x, member string }{{"a", "x"}, {"b", "y"}} {
		props := fmt.Sprintf(`%q:{"type":"integer"}`, leaf.member)
		if v.where == "leaves" {
			props += `,"s":` + jsonText(placed.Schema)
		}
		def := fmt.Sprintf(`{"type":"object","properties":{%s}`, props)
		if f.leafNot {
			def += `,"not":{"required":["z"]}`
		}
		if f.anchored {
			def += fmt.Sprintf(`,"$dynamicAnchor":"%s%d"`, leaf.x, depth)
		}
		if f.resources {
			def = fmt.Sprintf(`{"$id":"d%d%s","$dynamicAnchor":"node","type":"object","properties":{%s,"k":{"$dynamicRef":"#node"}}`, depth, leaf.x, props)
		}
		defs = append(defs, fmt.Sprintf(`"D%d%s":%s}`, depth, leaf.x, def))
	}
	chain := ref(0, "a")
	if f.checked {
		chain = `{"allOf":[` + chain + `]}`
	}
	property := chain
	if v.where == "top" {
		property = marked(fmt.Sprintf(`{"type":"object","properties":{"p":%s,"q":%s}}`, chain, chain))
	}
	schema := fmt.Sprintf(`{"type":"object","properties":{"n":%s},"$defs":{%s}}`, property, strings.Join(defs, ","))
	variant := v.where
	if v.where == "leaves" {
		variant = fmt.Sprintf("leaves at %s (%s, %s)", placed.Position, v.marker.Name, v.keyword)
	}
	bt := boundedTool{shape: f, depth: depth, schema: json.RawMessage(schema), objects: strings.Count(schema, "{")}
	bt.name = fmt.Sprintf("s%d_%s_%s", depth, strings.NewReplacer(" ", "_", "$", "", ",", "", "(", "", ")", "", ".", "").Replace(f.name), strings.Fields(variant)[0]+fmt.Sprint(v.position))
	sc := secretCase{variant: variant, chains: 1}
	secret := sensitivecases.Secret
	var values []string
	switch v.where {
	case "leaves":
		sc.sealed = []string{"/n/s" + placed.Sealed}
		s := jsonText(placed.Value)
		values = []string{`{"x":1,"y":2,"s":` + s + `}`, `{"x":"t","s":` + s + `}`, `{"y":2,"s":` + s + `}`, `{"x":1}`, `{}`}
	case "top":
		sc.sealed, sc.chains = []string{"/n"}, 2
		objects := []string{`{}`, `{"x":"` + secret + `","y":"t"}`, `[]`, `{"x":1,"y":2}`, `{"x":1,"k":{"x":"` + secret + `"}}`, `{"k` + secret + `":1}`}
		for i, o := range objects {
			values = append(values, `{"p":`+o+`,"q":`+objects[(i+1)%len(objects)]+`}`)
		}
	default:
		sc.sealed = []string{"/n"}
		values = []string{`{}`, `{"x":"` + secret + `","y":"t"}`, `{"x":1,"y":2}`, `{"x":1,"k":{"x":"` + secret + `"}}`, `{"k` + secret + `":1}`}
	}
	for _, value := range values {
		bt.instances = append(bt.instances, `{"n":`+value+`}`)
		sc.cut = append(sc.cut, false)
	}
	// The first call holding a secret, cut off in the middle of it.
	for _, inst := range bt.instances {
		if i := strings.Index(inst, secret); i >= 0 {
			bt.instances = append(bt.instances, inst[:i+3])
			sc.cut = append(sc.cut, true)
			break
		}
	}
	return bt, sc
}

// jsonText is v's JSON text.
func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}
