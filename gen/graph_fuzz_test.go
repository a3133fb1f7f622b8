package gen_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/gen"
)

// graphShapes are the ways a definition of a random schema graph holds
// other definitions (%[1]s and %[2]s are references to two of them):
// containers, unions, objects, tuples and their checks, so that graphs
// of them hold themselves through every kind of value.
var graphShapes = []string{
	`{"type":"array","items":%[1]s}`,
	`{"type":"array","uniqueItems":true,"maxItems":3,"items":%[1]s}`,
	`{"type":["array","null"],"items":%[1]s}`,
	`{"type":"object","additionalProperties":%[1]s}`,
	`{"type":"object","patternProperties":{"^p":%[1]s},"additionalProperties":false}`,
	`{"type":"object","properties":{"a":%[1]s,"b":%[2]s}}`,
	`{"type":"object","properties":{"a":%[1]s},"required":["a"]}`,
	`{"type":"object","properties":{"a":{"type":["object","null"],"properties":{"x":%[1]s}}},"required":["a"]}`,
	`{"anyOf":[{"type":"string"},%[1]s]}`,
	`{"oneOf":[{"type":"integer"},{"type":"array","items":%[1]s}]}`,
	`{"anyOf":[%[1]s,%[2]s]}`,
	`{"allOf":[%[1]s]}`,
	`{"type":"array","prefixItems":[%[1]s,{"type":"integer"}],"items":false}`,
	`{"type":"array","prefixItems":[%[1]s],"items":%[2]s,"minItems":1}`,
	`{"not":%[1]s}`,
	`{"type":"string"}`,
	`{"type":"integer","minimum":0}`,
}

// graphCatalog is a catalog of one tool whose argument "v" is the first of
// a few definitions, each a random graphShape over the others and itself.
func graphCatalog(seed uint64) []byte {
	rng := rand.New(rand.NewPCG(seed, seed>>32))
	n := 1 + rng.IntN(4)
	ref := func() string {
		if rng.IntN(5) == 0 {
			return `{"type":"boolean"}`
		}
		return fmt.Sprintf(`{"$ref":"#/$defs/d%d"}`, rng.IntN(n))
	}
	defs := make([]string, n)
	for i := range defs {
		shape := graphShapes[rng.IntN(len(graphShapes))]
		shape = strings.Replace(strings.Replace(shape, "%[1]s", ref(), -1), "%[2]s", ref(), -1)
		defs[i] = fmt.Sprintf(`"d%d":%s`, i, shape)
	}
	return fmt.Appendf(nil, `{"tools":[{"name":"g","inputSchema":{"type":"object","properties":{"v":{"$ref":"#/$defs/d0"}},"$defs":{%s}}}]}`, strings.Join(defs, ","))
}

// TestSchemaGraphs generates code for random graphs of definitions that
// hold one another and themselves: every traversal of the generator must
// end (a slice of itself once looped for ever), and give Go that formats
// and type-checks, or errors that point into the catalog.
func TestSchemaGraphs(t *testing.T) {
	count := 300
	if testing.Short() {
		count = 30
	}
	for seed := range uint64(count) {
		checkGraph(t, seed)
	}
}

func FuzzSchemaGraphs(f *testing.F) {
	for seed := range uint64(20) {
		f.Add(seed)
	}
	if err := loadTypes(); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, seed uint64) { checkGraph(t, seed) })
}

func checkGraph(t *testing.T, seed uint64) {
	t.Helper()
	data := graphCatalog(seed)
	src, diags := generate("catalog.json", data, gen.Options{Package: "tools", Source: "catalog.json"})
	if diags.HasErrors() {
		checkErrorsPoint(t, diags)
		return
	}
	if src == nil {
		t.Fatalf("%s: no code and no error; diagnostics:\n%v", data, diags)
	}
	checkSource(t, src)
}
