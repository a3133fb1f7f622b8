package gen_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen"
)

// inPlaceWraps are the ways a schema applies a subschema to its own value,
// as members of the applying schema around the members of the applied one.
var inPlaceWraps = map[string]func(members string) string{
	"direct":           func(m string) string { return m },
	"allOf":            func(m string) string { return `"allOf":[{` + m + `}]` },
	"anyOf":            func(m string) string { return `"anyOf":[{` + m + `},{"type":"null"}]` },
	"oneOf":            func(m string) string { return `"oneOf":[{` + m + `},false]` },
	"not":              func(m string) string { return `"not":{` + m + `}` },
	"if":               func(m string) string { return `"if":{` + m + `}` },
	"then":             func(m string) string { return `"if":true,"then":{` + m + `}` },
	"else":             func(m string) string { return `"if":false,"else":{` + m + `}` },
	"dependentSchemas": func(m string) string { return `"dependentSchemas":{"a":{` + m + `}}` },
}

// dynamicCycle is a catalog whose $dynamicRef (or $recursiveRef) resolves,
// when the check starts at the root, to the root's own anchor: the root
// applies l.json in place (wrapOuter), which applies the reference in place
// (wrapSite). Statically the reference lands on an anchor of its own
// resource that applies nothing, so only the run-time choice of anchor
// closes the cycle. With moved, the reference sits under a property, so
// that every turn of the cycle moves into the value.
func dynamicCycle(keyword, wrapOuter, wrapSite string, moved bool) []byte {
	site := `"$dynamicRef":"#node"`
	anchor := `"$dynamicAnchor":"node"`
	draft := ""
	if keyword == "$recursiveRef" {
		site, anchor = `"$recursiveRef":"#"`, `"$recursiveAnchor":true`
		draft = `"$schema":"https://json-schema.org/draft/2019-09/schema",`
	}
	site = inPlaceWraps[wrapSite](site)
	if moved {
		site = `"properties":{"p":{` + site + `}}`
	}
	// The reference sits in $defs of its own resource s.json, whose root
	// holds the anchor, so that it does not land on the schema that holds
	// it; l.json applies it in place.
	s := `{"$id":"s.json",` + anchor + `,"type":["object","null","string"],"$defs":{"site":{` + site + `}}}`
	l := `{"$id":"l.json",` + inPlaceWraps[wrapOuter](`"$ref":"s.json#/$defs/site"`) + `}`
	root := `{` + draft + `"$id":"https://example.com/r.json",` + anchor + `,` + inPlaceWraps[wrapOuter](`"$ref":"l.json"`) + `,"$defs":{"l":` + l + `,"s":` + s + `}}`
	return []byte(`{"tools":[{"name":"t","description":"x","inputSchema":` + root + `}]}`)
}

// TestDynamicCycleRefused: a $dynamicRef or $recursiveRef whose run-time
// choice of anchor leads back to a schema that applies it to the same
// value would recurse without end, and a Go stack overflow kills the
// process. Generation refuses it at the reference, in the catalog's form,
// whatever applies the schemas in place around the cycle; the same cycle
// through a property generates.
func TestDynamicCycleRefused(t *testing.T) {
	for _, keyword := range []string{"$dynamicRef", "$recursiveRef"} {
		for outer := range inPlaceWraps {
			for site := range inPlaceWraps {
				name := fmt.Sprintf("%s/%s/%s", keyword, outer, site)
				t.Run(name, func(t *testing.T) {
					_, diags := gen.Generate(loadCatalog(t, "cycle.json", dynamicCycle(keyword, outer, site, false)), gen.Options{Package: "p"})
					var errs []string
					for _, d := range diags {
						if d.Severity == catalog.Error {
							errs = append(errs, d.String())
						}
					}
					want := regexp.MustCompile(`^cycle\.json:\d+:\d+: tool "t" /tools/0/inputSchema/\$defs/s/\$defs/site/\S*` + regexp.QuoteMeta(keyword) +
						`: the ` + regexp.QuoteMeta(keyword) + ` may resolve, depending on the dynamic scope, to .*"https://example\.com/r\.json".*, which applies this schema to the same value again, so checking it could never end; .*$`)
					if len(errs) != 1 || !want.MatchString(errs[0]) {
						t.Fatalf("errors %q, want one matching %s", errs, want)
					}
					moved := dynamicCycle(keyword, outer, site, true)
					if _, diags := gen.Generate(loadCatalog(t, "moved.json", moved), gen.Options{Package: "p"}); diags.HasErrors() {
						t.Errorf("the same cycle through a property is refused: %v", diags)
					}
				})
			}
		}
	}
}
