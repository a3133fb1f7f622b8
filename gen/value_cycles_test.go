package gen_test

import (
	"strings"
	"testing"

	"github.com/toolgen/toolgen/gen"
)

// valueCycle is a schema of members that refer back to their own object.
type valueCycle struct {
	name string
	defs string // the $defs object; the tool's member "n" refers to "#/$defs/N"
	// refused lists the texts the refusal names, the cycle's members; nil:
	// the schema generates Go that type-checks.
	refused []string
}

var valueCycles = []valueCycle{
	// Refused: each member held by value, so the Go type would hold itself.
	{"required self", `{"N":{"type":"object","properties":{"next":{"$ref":"#/$defs/N"}},"required":["next"]}}`,
		[]string{`N.Next (member "next") is of type N`, "no finite value"}},
	{"required pair", `{"N":{"type":"object","properties":{"b":{"$ref":"#/$defs/B"}},"required":["b"]},
		"B":{"type":"object","properties":{"back":{"$ref":"#/$defs/N"}},"required":["back"]}}`,
		[]string{`(member "b") is of type B`, `(member "back") is of type N`, "no finite value"}},
	{"required triple", `{"N":{"type":"object","properties":{"b":{"$ref":"#/$defs/B"}},"required":["b"]},
		"B":{"type":"object","properties":{"c":{"$ref":"#/$defs/C"}},"required":["c"]},
		"C":{"type":"object","properties":{"n":{"$ref":"#/$defs/N"}},"required":["n"]}}`,
		[]string{`(member "b") is of type B`, `(member "c") is of type C`, `(member "n") is of type N`}},
	{"required through allOf of one $ref", `{"N":{"type":"object","properties":{"next":{"allOf":[{"$ref":"#/$defs/N"}]}},"required":["next"]}}`,
		[]string{`(member "next") is of type N`}},
	{"required with a description beside", `{"N":{"type":"object","properties":{"next":{"$ref":"#/$defs/N","description":"the next"}},"required":["next"]}}`,
		[]string{`(member "next") is of type N`}},
	{"required tuple item", `{"N":{"type":"array","prefixItems":[{"$ref":"#/$defs/N"},{"type":"string"}],"items":false,"minItems":2}}`,
		[]string{`(item 0) is of type N`, "no finite value"}},
	{"defaulted self", `{"N":{"type":"object","properties":{"next":{"$ref":"#/$defs/N","default":{}}}}}`,
		[]string{`(member "next") is of type N`, "take the default or the null"}},
	{"optional nullable self", `{"N":{"type":"object","properties":{"next":{"anyOf":[{"$ref":"#/$defs/N"},{"type":"null"}]}}}}`,
		[]string{`(member "next") is of type N`, "take the default or the null"}},

	// Generated: a pointer, slice, map or interface ends the chain.
	{"optional self", `{"N":{"type":"object","properties":{"next":{"$ref":"#/$defs/N"}}}}`, nil},
	{"required nullable self", `{"N":{"type":"object","properties":{"next":{"anyOf":[{"$ref":"#/$defs/N"},{"type":"null"}]}},"required":["next"]}}`, nil},
	{"required array of self", `{"N":{"type":"object","properties":{"kids":{"type":"array","items":{"$ref":"#/$defs/N"},"minItems":1}},"required":["kids"]}}`, nil},
	{"required map of self", `{"N":{"type":"object","properties":{"kids":{"type":"object","additionalProperties":{"$ref":"#/$defs/N"}}},"required":["kids"]}}`, nil},
	{"required union holding self", `{"N":{"type":"object","properties":{"next":{"anyOf":[{"$ref":"#/$defs/N"},{"type":"string"}]}},"required":["next"]}}`, nil},
	{"optional tuple item", `{"N":{"type":"array","prefixItems":[{"type":"string"},{"$ref":"#/$defs/N"}],"items":false,"minItems":1}}`, nil},
	{"required chain without a cycle", `{"N":{"type":"object","properties":{"b":{"$ref":"#/$defs/B"}},"required":["b"]},
		"B":{"type":"object","properties":{"c":{"$ref":"#/$defs/C"}},"required":["c"]},
		"C":{"type":"object","properties":{"n":{"$ref":"#/$defs/N"}}}}`, nil},
}

// valueCyclePositions are where the tool reaches N: the refusal must not
// depend on it, and what generates must type-check from each.
var valueCyclePositions = []struct{ name, member string }{
	{"member", `{"$ref":"#/$defs/N"}`},
	{"required member", `{"$ref":"#/$defs/N"}`},
	{"array item", `{"type":"array","items":{"$ref":"#/$defs/N"}}`},
	{"union alternative", `{"anyOf":[{"$ref":"#/$defs/N"},{"type":"integer"}]}`},
}

func valueCycleSchema(c valueCycle, pos int) string {
	required := ""
	if valueCyclePositions[pos].name == "required member" {
		required = `,"required":["n"]`
	}
	return `{"type":"object","properties":{"n":` + valueCyclePositions[pos].member + `}` + required + `,"$defs":` + c.defs + `}`
}

// TestValueCyclesRefused checks that a cycle of members held by value is
// refused with an error at the cycle's schema naming each member, wherever
// the tool reaches it, and that the shapes that end such a chain generate
// Go that type-checks (without the refusal, the first list generated
// `type N struct { Next N }`, which does not).
func TestValueCyclesRefused(t *testing.T) {
	for _, c := range valueCycles {
		for pos := range valueCyclePositions {
			t.Run(c.name+"/"+valueCyclePositions[pos].name, func(t *testing.T) {
				data := `{"tools":[{"name":"cyc","inputSchema":` + valueCycleSchema(c, pos) + `}]}`
				cat := loadCatalog(t, "cyc.json", []byte(data))
				src, diags := gen.Generate(cat, gen.Options{Package: "cyc", Source: "cyc.json"})
				if c.refused == nil {
					if diags.HasErrors() {
						t.Fatalf("refused: %v", diags)
					}
					typeCheck(t, src)
					return
				}
				if !diags.HasErrors() {
					t.Fatalf("generated; want the cycle refused")
				}
				msg := diags.Error()
				for _, want := range append([]string{"holds itself by value", `tool "cyc" /tools/0/inputSchema/$defs/`}, c.refused...) {
					if !strings.Contains(msg, want) {
						t.Errorf("the error does not say %q:\n%s", want, msg)
					}
				}
				checkErrorsPoint(t, diags)
			})
		}
	}
}

// TestValueCycleAtTheRoots checks the refusal where the cycle runs through
// a tool's own arguments or result, each at its own schema.
func TestValueCycleAtTheRoots(t *testing.T) {
	self := `{"type":"object","properties":{"me":{"$ref":"#"}},"required":["me"]}`
	for _, c := range []struct{ name, tool, at, member string }{
		{"arguments", `"inputSchema":` + self, `/tools/0/inputSchema: `, `CycArgs.Me (member "me") is of type CycArgs`},
		{"result", `"inputSchema":{"type":"object"},"outputSchema":` + self, `/tools/0/outputSchema: `, `CycResult.Me (member "me") is of type CycResult`},
	} {
		t.Run(c.name, func(t *testing.T) {
			cat := loadCatalog(t, "cyc.json", []byte(`{"tools":[{"name":"cyc",`+c.tool+`}]}`))
			_, diags := gen.Generate(cat, gen.Options{Package: "cyc", Source: "cyc.json"})
			msg := diags.Error()
			if !diags.HasErrors() || !strings.Contains(msg, c.at) || !strings.Contains(msg, c.member) {
				t.Fatalf("want an error at %q naming %q; got:\n%s", c.at, c.member, msg)
			}
		})
	}
}
