package schemafunc

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/schema"
)

// TestSensitiveRule checks which schemas make their whole value sensitive:
// a marker on the schema or on one it applies in place, or a member marked
// by one of two schemas that share the value's members; and which do not: a
// marker only on a member of a single set of members.
func TestSensitiveRule(t *testing.T) {
	for _, c := range []struct {
		schema string
		want   bool
	}{
		{`{"type":"string","writeOnly":true}`, true},
		{`{"type":"string","writeOnly":false}`, false},
		{`{"type":"string","x-toolgen":{"sensitive":true}}`, true},
		{`{"type":"string","x-toolgen":{"sensitive":false}}`, false},
		{`{"type":"string","x-toolgen":{"sensitive":"yes"}}`, true}, // misspelt: fail closed
		{`{"type":"string","x-toolgen":{"goName":"X"}}`, false},
		{`{"$ref":"#/$defs/s","$defs":{"s":{"writeOnly":true}}}`, true},
		{`{"$ref":"#/$defs/a","$defs":{"a":{"$ref":"#/$defs/b"},"b":{"writeOnly":true}}}`, true},
		{`{"anyOf":[{"type":"string","writeOnly":true},{"type":"integer"}]}`, true},
		{`{"oneOf":[{"type":"string"},{"type":"integer"}]}`, false},
		{`{"allOf":[{"writeOnly":true}],"pattern":"^a$"}`, true},
		{`{"if":true,"then":{"writeOnly":true}}`, true},
		{`{"if":false,"else":{"x-toolgen":{"sensitive":true}}}`, true},
		{`{"not":{"writeOnly":true}}`, true},
		// A marked member of the only set of members hides that member alone.
		{`{"type":"object","properties":{"a":{"writeOnly":true},"b":{"type":"string"}}}`, false},
		{`{"type":"array","items":{"writeOnly":true}}`, false},
		{`{"$ref":"#/$defs/o","$defs":{"o":{"properties":{"a":{"writeOnly":true}}}}}`, false},
		{`{"properties":{"a":{"writeOnly":true}},"allOf":[{"required":["a"]}]}`, false},
		// Two schemas share the members and one marks a member.
		{`{"properties":{"a":{"writeOnly":true}},"allOf":[{"properties":{"a":{"pattern":"^x$"}}}]}`, true},
		{`{"properties":{"a":{"pattern":"^x$"}},"allOf":[{"properties":{"a":{"writeOnly":true}}}]}`, true},
		{`{"properties":{"a":{}},"dependentSchemas":{"a":{"properties":{"a":{"writeOnly":true}}}}}`, true},
		{`{"anyOf":[{"properties":{"a":{"type":"string"}}},{"properties":{"a":{"$ref":"#/$defs/s"}}}],"$defs":{"s":{"writeOnly":true}}}`, true},
		{`{"anyOf":[{"properties":{"a":{"type":"string"}}},{"properties":{"b":{"type":"string"}}}]}`, false},
		// A $dynamicRef may land on the anchor of the name in any resource.
		{`{"anyOf":[{"$dynamicRef":"#a"}],"$defs":{"s":{"$dynamicAnchor":"a","type":"string"},"o":{"$id":"o.json","$dynamicAnchor":"a","writeOnly":true}}}`, true},
		{`{"anyOf":[{"$dynamicRef":"#a"}],"$defs":{"s":{"$dynamicAnchor":"a","type":"string"},"o":{"$id":"o.json","$dynamicAnchor":"a","type":"string"}}}`, false},
	} {
		reg := schema.NewRegistry(nil)
		doc, err := reg.AddDocument("https://toolgen.invalid/schema.json", []byte(c.schema))
		if err != nil {
			t.Fatalf("%s: %v", c.schema, err)
		}
		if got := newChecker(reg, "s", asWanted).sensitive(doc.Root); got != c.want {
			t.Errorf("sensitive(%s) = %v, want %v", c.schema, got, c.want)
		}
	}
}

// TestHoldsSecrets checks which schemas hold a marker anywhere inside, so
// that a value checked whole against them is read with
// CheckedHoldingSecrets: through members, items, references and cycles of
// them, where a schema's answer depends on one whose answer is still open.
func TestHoldsSecrets(t *testing.T) {
	// A ring of n definitions, each reaching the next and the first, only
	// the last marking a member: every one holds a secret. A walk that
	// forgets what it found inside a cycle visits such a ring an
	// exponential number of times.
	ring := func(n int, marked bool) string {
		defs := make([]string, n)
		for i := range defs {
			last := `{"type":"string"}`
			if i == n-1 && marked {
				last = `{"writeOnly":true}`
			}
			defs[i] = fmt.Sprintf(`"d%d":{"properties":{"a":{"$ref":"#/$defs/d%d"},"b":{"$ref":"#/$defs/d0"},"c":%s}}`, i, (i+1)%n, last)
		}
		return `{"$ref":"#/$defs/d0","$defs":{` + strings.Join(defs, ",") + `}}`
	}
	for _, c := range []struct {
		schema string
		want   bool
	}{
		{`{"type":"string","writeOnly":true}`, true},
		{`{"type":"object","properties":{"a":{"type":"array","items":{"x-toolgen":{"sensitive":true}}}}}`, true},
		{`{"type":"object","properties":{"a":{"type":"array","items":{"type":"string"}}}}`, false},
		{`{"$ref":"#/$defs/a","$defs":{"a":{"properties":{"x":{"$ref":"#/$defs/b"}}},"b":{"properties":{"y":{"$ref":"#/$defs/a"},"z":{"writeOnly":true}}}}}`, true},
		{`{"$ref":"#/$defs/a","$defs":{"a":{"properties":{"x":{"$ref":"#/$defs/b"}}},"b":{"properties":{"y":{"$ref":"#/$defs/a"}}}}}`, false},
		{`{"properties":{"p":{"$ref":"#"}},"anyOf":[{"required":["p"]},{"properties":{"q":{"writeOnly":true}}}]}`, true},
		{ring(40, true), true},
		{ring(40, false), false},
	} {
		reg := schema.NewRegistry(nil)
		doc, err := reg.AddDocument("https://toolgen.invalid/schema.json", []byte(c.schema))
		if err != nil {
			t.Fatalf("%.80s: %v", c.schema, err)
		}
		k := newChecker(reg, "s", asWanted)
		if got := k.holdsSecrets(doc.Root); got != c.want {
			t.Errorf("holdsSecrets(%.80s) = %v, want %v", c.schema, got, c.want)
		}
		// Every schema the analysis met got the answer of its own group.
		for n, got := range k.marked.settled {
			if want := walkHolds(k, n); got != want {
				t.Errorf("%.80s: a schema it reaches holds %v, a plain walk says %v", c.schema, got, want)
			}
		}
	}
}

// asWanted names every identifier as wanted: the checkers of these tests
// answer questions about schemas and declare nothing.
func asWanted(want string) string { return want }
