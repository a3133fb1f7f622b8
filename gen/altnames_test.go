package gen_test

import (
	"encoding/json"
	"fmt"
	"go/types"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/gen"
)

// Union alternatives are named by the catalog (goName, discriminator value,
// title) before they fall back to AltN. These tests generate unions whose
// names collide with one another and with the file's own declarations, are
// empty, non-ASCII or Go keywords, and check that the file type-checks, is
// the same each time, and declares each alternative under the name it wanted
// whenever no earlier alternative wanted it.

// altWord is a discriminator value or title and the label it gives an
// alternative ("" when it has nothing to name it by).
type altWord struct{ text, label string }

var altWords = []altWord{
	{"sms", "SMS"}, {"SMS", "SMS"}, {"e-mail", "EMail"}, {"email", "Email"},
	{"", ""}, {" ", ""}, {"-", ""}, {"日本", "X日本"}, {"type", "Type"}, {"func", "Func"},
	{"Alt2", "Alt2"}, {"alt_1", "Alt1"}, {"a_b", "AB"}, {"a-b", "AB"}, {"é", "É"},
	{"+1", "Plus1"}, {"id", "ID"}, {"2xx", "X2xx"}, {"string", "String"}, {"Kind", "Kind"},
}

// altGoNames are goNames for alternatives: fresh, repeated, reserved by the
// file (Handler, the tool's arguments) or the name another alternative wants.
var altGoNames = []string{"PushChannel", "PushChannel", "Handler", "NotifyArgs", "NotifyChannelSMS", "X日本", "Dup"}

// reservedNames are taken before any alternative is named.
var reservedNames = map[string]bool{"Handler": true, "NotifyArgs": true}

// altCase is one random union: the catalog and what each alternative wants.
type altCase struct {
	catalog []byte
	tagged  bool     // a discriminator tells the alternatives apart
	want    []string // the Go type each alternative wants
	label   []string // the label each alternative wants
	chosen  []bool   // the catalog named the alternative
	goName  []bool   // by an x-toolgen goName
}

func randomAltCase(rng *rand.Rand) altCase {
	n := 2 + rng.IntN(4)
	var c altCase
	alts := make([]any, n)
	tags := make([]altWord, n)
	titles := make([]altWord, n)
	distinct := map[string]bool{}
	for i := range n {
		tags[i], titles[i] = altWords[rng.IntN(len(altWords))], altWords[rng.IntN(len(altWords))]
		distinct[tags[i].text] = true
	}
	c.tagged = len(distinct) == n
	for i := range n {
		alt := map[string]any{
			"type":       "object",
			"properties": map[string]any{"kind": map[string]any{"const": tags[i].text}, "note": map[string]any{"type": "string"}},
			"required":   []string{"kind"},
		}
		label, want, chosen := fmt.Sprintf("Alt%d", i+1), "", true
		if rng.IntN(2) == 0 {
			alt["title"] = titles[i].text
		}
		gn := ""
		if rng.IntN(4) == 0 {
			gn = altGoNames[rng.IntN(len(altGoNames))]
			alt["x-toolgen"] = map[string]any{"goName": gn}
		}
		switch {
		case gn != "":
			want = gn
			if label = strings.TrimPrefix(gn, "NotifyChannel"); label == "" {
				label = gn
			}
		case c.tagged && tags[i].label != "":
			label = tags[i].label
		case alt["title"] != nil && titles[i].label != "":
			label = titles[i].label
		default:
			chosen = false
		}
		c.goName = append(c.goName, gn != "")
		if want == "" {
			want = "NotifyChannel" + label
		}
		alts[i] = alt
		c.want, c.label, c.chosen = append(c.want, want), append(c.label, label), append(c.chosen, chosen)
	}
	input := map[string]any{"type": "object", "properties": map[string]any{"channel": map[string]any{"anyOf": alts}}}
	data, err := json.Marshal(map[string]any{"tools": []any{map[string]any{"name": "notify", "inputSchema": input}}})
	if err != nil {
		panic(err)
	}
	c.catalog = data
	return c
}

func TestAlternativeNames(t *testing.T) {
	trials := 60
	if testing.Short() {
		trials = 15
	}
	for seed := range trials {
		c := randomAltCase(rand.New(rand.NewPCG(uint64(seed), 26)))
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			src, diags := generate("catalog.json", c.catalog, gen.Options{Package: "tools"})
			if diags.HasErrors() || src == nil {
				t.Fatalf("generation failed:\n%v\ncatalog: %s", diags, c.catalog)
			}
			pkg := typeCheck(t, src)
			if again, _ := generate("catalog.json", c.catalog, gen.Options{Package: "tools"}); string(again) != string(src) {
				t.Fatal("the same catalog generated two different files")
			}
			union := pkg.Scope().Lookup("NotifyChannel")
			if union == nil {
				t.Fatalf("NotifyChannel is not declared\ncatalog: %s", c.catalog)
			}
			report := fmt.Sprint(diags)
			firstWant, firstLabel := map[string]bool{}, map[string]bool{}
			for i, want := range c.want {
				// A label another alternative took first renames the
				// alternative's type too, unless a goName chose it.
				first := !firstWant[want] && !reservedNames[want] && (c.goName[i] || !firstLabel[c.label[i]])
				firstWant[want] = true
				switch {
				case first && pkg.Scope().Lookup(want) == nil:
					t.Errorf("alternative %d is not declared as %s\ncatalog: %s", i+1, want, c.catalog)
				case !first && c.chosen[i] && !strings.Contains(report, "the Go name "+want+", which the alternative takes from") &&
					!strings.Contains(report, fmt.Sprintf("alternative %d of the anyOf is named %s after", i+1, c.label[i])):
					t.Errorf("alternative %d lost %s without a warning: %v\ncatalog: %s", i+1, want, report, c.catalog)
				}
				firstLabel[c.label[i]] = true
			}
			// Told apart by the tag or by trying each, the alternatives,
			// objects, seal.
			iface, ok := union.Type().Underlying().(*types.Interface)
			if !ok {
				t.Fatalf("NotifyChannel is %s, not a sealed interface", union.Type().Underlying())
			}
			implementations := 0
			for _, name := range pkg.Scope().Names() {
				if tn, ok := pkg.Scope().Lookup(name).(*types.TypeName); ok && !types.IsInterface(tn.Type()) && types.Implements(tn.Type(), iface) {
					implementations++
				}
			}
			if implementations != len(c.want) {
				t.Errorf("%d types implement NotifyChannel for %d alternatives", implementations, len(c.want))
			}
		})
	}
}
