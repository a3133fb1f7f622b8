package gen_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen"
)

// The producer corpus (testdata/producers, see its README.md) holds tool
// catalogs rendered by the libraries real servers write their schemas
// with: pydantic, zod 3 with zod-to-json-schema, zod 4, TypeBox,
// google/jsonschema-go and invopop/jsonschema, each over a matrix of types.
// TestProducers generates every tool of every catalog on its own, lists
// what does not come out as the producer meant it (a refusal, a value held
// as json.RawMessage where a Go type could hold it, a verdict that differs
// from santhosh v6's) and the warnings a plain run prints, and compares that
// list with producerRatchet, line for line: a fix must remove its lines, and
// nothing may add one unnoticed.

// producerCatalogs are the corpus's catalogs, as producer/file without
// ".tools.json".
var producerCatalogs = []string{
	"pydantic/fastmcp",
	"zod3/sdk", "zod3/2019-09",
	"zod4/sdk", "zod4/output", "zod4/input",
	"typebox/typebox", "typebox/sinclair",
	"jsonschema-go/sdk",
	"invopop/reflector", "invopop/inline",
}

// producerCalls reads each producer's valid-calls.json: one valid call per
// tool (the builder of instances_test.go makes few valid instances of these
// schemas), keyed "tool" for every catalog of the producer or "file/tool"
// for one; it returns them keyed "producer/file/tool".
func producerCalls(t *testing.T) map[string]string {
	t.Helper()
	calls := map[string]string{}
	for _, name := range producerCatalogs {
		producer := strings.SplitN(name, "/", 2)[0]
		data, err := os.ReadFile(filepath.Join("testdata", "producers", producer, "valid-calls.json"))
		if err != nil {
			t.Fatal(err)
		}
		var byTool map[string]json.RawMessage
		if err := json.Unmarshal(data, &byTool); err != nil {
			t.Fatalf("%s/valid-calls.json: %v", producer, err)
		}
		// "tool" serves every catalog of the producer, "file/tool" one.
		stem := strings.SplitN(name, "/", 2)[1]
		for key, args := range byTool {
			if !strings.Contains(key, "/") {
				calls[name+"/"+key] = string(args)
			}
		}
		for key, args := range byTool {
			if tool, ok := strings.CutPrefix(key, stem+"/"); ok {
				calls[name+"/"+tool] = string(args)
			}
		}
	}
	return calls
}

// TestEveryProducerCatalogTested checks that every catalog of the corpus is
// among producerCatalogs and that every name there has its file.
func TestEveryProducerCatalogTested(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "producers", "*", "*.tools.json"))
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, f := range files {
		found = append(found, filepath.Base(filepath.Dir(f))+"/"+strings.TrimSuffix(filepath.Base(f), ".tools.json"))
	}
	for _, name := range found {
		if !slices.Contains(producerCatalogs, name) {
			t.Errorf("the producer catalog %s is not among producerCatalogs", name)
		}
	}
	for _, name := range producerCatalogs {
		if !slices.Contains(found, name) {
			t.Errorf("producerCatalogs names %s, which has no file testdata/producers/%s.tools.json", name, name)
		}
	}
}

func TestProducers(t *testing.T) {
	var lines []string
	var pkgs []*e2ePackage
	hand := producerCalls(t)
	for _, name := range producerCatalogs {
		audit := auditProducerCatalog(t, name)
		lines = append(lines, audit.lines...)
		if len(audit.generating.Tools) > 0 && !testing.Short() {
			pkg := &e2ePackage{name: "p" + regexp.MustCompile(`[^a-z0-9]`).ReplaceAllString(name, ""), cat: audit.generating}
			pkg.opts = gen.Options{Package: pkg.name, Source: name + ".tools.json"}
			pkg.calls = realCatalogCalls(t, name, pkg.cat, hand)
			pkgs = append(pkgs, pkg)
			checkHandCalls(t, name, pkg, hand)
		}
	}
	if len(pkgs) > 0 {
		verdicts := runDriver(t, pkgs)
		for _, pkg := range pkgs {
			for i, c := range pkg.calls {
				got := verdicts[pkg.name][i]
				if got.Valid != c.Valid {
					// c.Valid is santhosh v6's verdict.
					lines = append(lines, fmt.Sprintf("%s %s disagrees %s: santhosh says valid=%v", pkg.cat.File, c.Tool, c.raw(), c.Valid))
					continue
				}
				t.Run(fmt.Sprintf("%s/%d/%s", pkg.name, i+1, c.Tool), func(t *testing.T) { checkVerdict(t, c, got) })
			}
		}
	} else if !testing.Short() {
		t.Error("no producer catalog has a tool that generates")
	}
	compareRatchet(t, lines, testing.Short())
}

// checkHandCalls checks that every tool of the catalog has its call in
// valid-calls.json and that santhosh v6 finds it valid: a call the oracle
// refuses tests nothing the instances do not.
func checkHandCalls(t *testing.T, name string, pkg *e2ePackage, hand map[string]string) {
	t.Helper()
	for _, tool := range pkg.cat.Tools {
		args, ok := hand[name+"/"+tool.Name]
		if !ok {
			t.Errorf("%s: tool %s has no call in valid-calls.json", name, tool.Name)
			continue
		}
		i := slices.IndexFunc(pkg.calls, func(c e2eCall) bool { return c.Tool == tool.Name && string(c.Args) == args })
		if i < 0 || !pkg.calls[i].Valid {
			t.Errorf("%s: the call of tool %s in valid-calls.json is not valid for santhosh v6: %s", name, tool.Name, args)
		}
	}
}

// compareRatchet reports every line of the audit that producerRatchet lacks
// and every line of producerRatchet the audit no longer gives; in short mode
// the verdict lines ("disagrees"), which need the generated code built, are
// not compared.
func compareRatchet(t *testing.T, got []string, short bool) {
	t.Helper()
	want := slices.Clone(producerRatchet)
	if short {
		want = slices.DeleteFunc(want, func(l string) bool { return strings.Contains(l, " disagrees ") })
	}
	slices.Sort(got)
	got = slices.Compact(got)
	var added, removed []string
	for _, l := range got {
		if !slices.Contains(want, l) {
			added = append(added, l)
		}
	}
	for _, l := range want {
		if !slices.Contains(got, l) {
			removed = append(removed, l)
		}
	}
	if len(added) > 0 {
		t.Errorf("%d lines of the producer audit are not in producerRatchet (a new refusal, json.RawMessage, disagreement or warning: fix it, or add the line with its class):\n\t%q", len(added), added)
	}
	if len(removed) > 0 {
		t.Errorf("%d lines of producerRatchet no longer hold (fixed: remove them):\n\t%q", len(removed), removed)
	}
	if len(added)+len(removed) > 0 {
		var b strings.Builder
		for _, l := range got {
			fmt.Fprintf(&b, "\t%q,\n", l)
		}
		t.Logf("the audit as it stands:\n%s", b.String())
	}
}

// producerAudit is what one catalog gives.
type producerAudit struct {
	lines      []string
	generating *catalog.Catalog // the catalog's tools that generate
}

// auditProducerCatalog loads one catalog of the corpus, lints it whole, and
// generates each tool on its own so that one tool's refusal hides nothing of
// another's. Each line is "catalog tool kind pointer: class", the pointer
// relative to the tool ("/inputSchema/properties/x").
func auditProducerCatalog(t *testing.T, name string) producerAudit {
	t.Helper()
	path := filepath.Join("testdata", "producers", name+".tools.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cat, diags := catalog.Parse(name, data)
	if diags.HasErrors() {
		t.Fatalf("%s: %v", path, diags)
	}
	lintDiags := catalog.Lint(cat, catalog.LintOptions{})
	audit := producerAudit{generating: &catalog.Catalog{File: cat.File, Format: cat.Format}}
	toolPointer := map[string]string{}
	for _, tool := range cat.Tools {
		toolPointer[tool.Name] = tool.Pointer
	}
	line := func(tool, kind, ptr, class string) {
		if tool == "" {
			tool = "-"
		}
		audit.lines = append(audit.lines, fmt.Sprintf("%s %s %s %s: %s", name, tool, kind, ptr, class))
	}
	diagLine := func(d catalog.Diagnostic) {
		kind, class := "warning", classifyDiagnostic(d.Message)
		if d.Severity == catalog.Error {
			kind = "refused"
		}
		line(d.Tool, kind, strings.TrimPrefix(d.Pointer, toolPointer[d.Tool]), class)
	}
	for _, d := range lintDiags {
		diagLine(d)
	}
	for _, tool := range cat.Tools {
		if slices.ContainsFunc(lintDiags, func(d catalog.Diagnostic) bool { return d.Tool == tool.Name && d.Severity == catalog.Error }) {
			continue
		}
		one := &catalog.Catalog{File: cat.File, Format: cat.Format, Tools: []catalog.Tool{tool}}
		opts := gen.Options{Package: "p", Source: name}
		_, diags := gen.Generate(one, opts)
		for _, d := range diags {
			diagLine(d)
		}
		if diags.HasErrors() {
			continue
		}
		audit.generating.Tools = append(audit.generating.Tools, tool)
		raws, _ := gen.RawHeldValues(one, opts)
		for _, r := range raws {
			schema := tool.InputSchema
			if r.Schema == "output" {
				schema = tool.OutputSchema
			}
			class, anyJSON := classifyRaw(schema, r.Ptr, r.Role)
			if !anyJSON {
				line(tool.Name, "raw", "/"+r.Schema+"Schema"+r.Ptr+" ("+r.Role+")", class)
			}
		}
	}
	return audit
}

// diagnosticClasses name the refusals and warnings the corpus gives, by the
// diagnostic's message; a message none matches is its own class, word for
// word.
var diagnosticClasses = []struct {
	re    *regexp.Regexp
	class string // $1 stands for the first group
}{
	{regexp.MustCompile(`uses the property (\w+), which Go's unicode package has no data for`), "Unicode property Go lacks: $1"},
	{regexp.MustCompile(`invalid escape (\\.): with the u flag`), "identity escape $1 invalid in u-mode pattern"},
	{regexp.MustCompile(`invalid "(exclusiveM..imum)" \(draft 2019-09 meta-schema\): .* is the draft-04 form.* zod-to-json-schema writes this form with target "jsonSchema2019-09"`), "boolean $1 under 2019-09 (invalid schema; the zod-to-json-schema target named)"},
	{regexp.MustCompile(`invalid "items" \(draft 2020-12 meta-schema\): "items" is an array, the draft-07 form of a tuple.*TypeBox`), "tuple as items array under 2020-12 (invalid schema; the $$schema TypeBox needs named)"},
	{regexp.MustCompile(`format "([^"]+)" is not a format toolgen knows`), "unknown format $1"},
	{regexp.MustCompile(`OpenAPI "discriminator" disagrees`), "OpenAPI discriminator disagrees"},
	{regexp.MustCompile(`^"(\w+)" is not read: toolgen has no use for it`), "tool member $1 not read"},
	{regexp.MustCompile(`^"(\w+)" is not a keyword of JSON Schema (draft-07|draft 2019-09)`), "$1 not a keyword of $2"},
	{regexp.MustCompile(`"additionalItems" is a keyword of drafts 4 to 2019-09`), "additionalItems under 2020-12"},
	{regexp.MustCompile(`\$ref "[^"]*" cannot be resolved`), "unresolvable $ref"},
}

func classifyDiagnostic(message string) string {
	for _, c := range diagnosticClasses {
		if m := c.re.FindStringSubmatchIndex(message); m != nil {
			return string(c.re.ExpandString(nil, c.class, message, m))
		}
	}
	return message
}

// classifyRaw names the construct behind a value held as JSON text: the
// schema node at ptr in doc (for role "others", the object whose other
// members are kept). anyJSON reports a node that admits any JSON value,
// where json.RawMessage is the right Go type.
func classifyRaw(doc []byte, ptr, role string) (class string, anyJSON bool) {
	var root any
	if err := json.Unmarshal(doc, &root); err != nil {
		return "schema does not parse: " + err.Error(), false
	}
	node, ok := resolvePointer(root, ptr)
	if !ok && role == "others" && strings.HasSuffix(ptr, "/additionalProperties") {
		// A record's others, where the schema has no additionalProperties.
		node, ok = map[string]any{}, true
	}
	if !ok {
		return "pointer " + ptr + " not found", false
	}
	if role == "others" {
		obj, _ := node.(map[string]any)
		switch {
		case obj["patternProperties"] != nil:
			return "patternProperties map", false
		case hasAny(obj, "anyOf", "oneOf", "allOf", "not", "if", "dependentSchemas", "unevaluatedProperties"):
			return "members a schema checked whole decides", false
		case obj["additionalProperties"] == nil || obj["additionalProperties"] == true:
			return "free-form object", true
		}
	}
	return classifyNode(root, node, 0)
}

// annotations are the keywords that assert nothing.
var annotations = map[string]bool{
	"title": true, "description": true, "default": true, "examples": true, "deprecated": true,
	"readOnly": true, "writeOnly": true, "$comment": true, "$schema": true, "$id": true,
}

func classifyNode(root, node any, depth int) (string, bool) {
	if node == true {
		return "true schema", true
	}
	obj, ok := node.(map[string]any)
	if !ok {
		return fmt.Sprintf("schema %v", node), false
	}
	if len(keys(obj)) == 0 {
		return "empty schema", true
	}
	if ref, ok := obj["$ref"].(string); ok && !hasAny(obj, "anyOf", "oneOf", "allOf") {
		return classifyRef(root, ref, depth)
	}
	if id, ok := obj["$id"].(string); ok {
		return "schema with $id " + id + " (referred to by $id)", false
	}
	if types, ok := obj["type"].([]any); ok && len(types) > 1 {
		return "type array " + compact(types), false
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if alts, ok := obj[k].([]any); ok {
			return k + " " + classifyAlternatives(root, obj, alts), false
		}
	}
	if all, ok := obj["allOf"].([]any); ok {
		first, _ := all[0].(map[string]any)
		switch {
		case len(all) == 1 && first["$ref"] != nil:
			siblings := slices.DeleteFunc(slices.Sorted(mapKeys(obj)), func(k string) bool { return k == "allOf" })
			if len(siblings) == 0 {
				return "allOf [$ref] alone", false
			}
			return "allOf [$ref] with siblings " + strings.Join(siblings, ","), false
		case len(all) == 1:
			return "allOf of one with siblings", false
		}
		kinds, _, _ := strings.Cut(classifyAlternatives(root, obj, all), " (")
		return "allOf intersection of " + kinds, false
	}
	_, itemsArray := obj["items"].([]any)
	switch {
	case obj["prefixItems"] != nil:
		return "tuple (prefixItems)", false
	case itemsArray:
		return "tuple (items array, draft-07 form)", false
	case obj["propertyNames"] != nil:
		return "propertyNames map, keys " + compact(obj["propertyNames"]), false
	case obj["patternProperties"] != nil:
		return "patternProperties map " + strings.Join(slices.Sorted(mapKeys(obj["patternProperties"])), " "), false
	case obj["type"] == "null":
		return "null only", false
	case obj["enum"] != nil && obj["type"] == nil:
		return "enum without type " + compact(obj["enum"]), false
	case obj["type"] != nil:
		return "typed " + compact(obj["type"]) + " with " + strings.Join(keys(obj), ","), false
	case obj["type"] == nil:
		return "no type, asserting " + strings.Join(keys(obj), ","), false
	}
	return "unclassified " + strings.Join(keys(obj), ","), false
}

// classifyRef names a $ref by the place it refers to and what is there.
func classifyRef(root any, ref string, depth int) (string, bool) {
	where := "#"
	switch {
	case !strings.HasPrefix(ref, "#"):
		return "$ref by $id " + ref, false
	case strings.HasPrefix(ref, "#/$defs/"):
		where = "#/$defs"
	case strings.HasPrefix(ref, "#/definitions/"):
		where = "#/definitions"
	case strings.HasPrefix(ref, "#/properties/"):
		where = "#/properties/… (another property)"
	}
	if depth < 8 {
		if target, ok := resolvePointer(root, ref[1:]); ok {
			class, anyJSON := classifyNode(root, target, depth+1)
			return "$ref into " + where + " to " + class, anyJSON
		}
	}
	return "$ref into " + where, false
}

func compact(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func mapKeys(v any) func(func(string) bool) {
	m, _ := v.(map[string]any)
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// classifyAlternatives names a union by what its alternatives are.
func classifyAlternatives(root any, parent map[string]any, alts []any) string {
	var kinds []string
	nullable := false
	for _, a := range alts {
		obj, _ := a.(map[string]any)
		if ref, ok := obj["$ref"].(string); ok {
			if target, ok := resolvePointer(root, strings.TrimPrefix(ref, "#")); ok && strings.HasPrefix(ref, "#") {
				obj, _ = target.(map[string]any)
			}
		}
		switch {
		case obj["type"] == "null" && len(obj) == 1:
			nullable = true
			continue
		case obj["const"] != nil || obj["enum"] != nil:
			kinds = append(kinds, "const")
		case obj["type"] != nil:
			kinds = append(kinds, fmt.Sprint(obj["type"]))
		case obj["anyOf"] != nil || obj["oneOf"] != nil:
			kinds = append(kinds, "union")
		case obj["allOf"] != nil:
			kinds = append(kinds, "allOf")
		case obj["format"] != nil:
			kinds = append(kinds, "format "+fmt.Sprint(obj["format"]))
		default:
			kinds = append(kinds, "untyped")
		}
	}
	slices.Sort(kinds)
	kinds = slices.Compact(kinds)
	desc := "[" + strings.Join(kinds, ", ")
	if nullable {
		desc += ", null"
	}
	desc += "]"
	if len(kinds) == 1 && kinds[0] == "object" {
		desc += " " + objectUnionTag(root, alts)
	}
	if parent["discriminator"] != nil {
		desc += " with discriminator"
	}
	return desc
}

// objectUnionTag says how alternatives that are all objects could be told
// apart: by a member that is const in each (required or not, or a one-value
// enum), or by nothing but their required members.
func objectUnionTag(root any, alts []any) string {
	var tagged []string
	for _, a := range alts {
		obj, _ := a.(map[string]any)
		if ref, ok := obj["$ref"].(string); ok && strings.HasPrefix(ref, "#") {
			if target, ok := resolvePointer(root, ref[1:]); ok {
				obj, _ = target.(map[string]any)
			}
		}
		if obj["type"] == "null" {
			continue
		}
		props, _ := obj["properties"].(map[string]any)
		req, _ := obj["required"].([]any)
		tag := "untagged"
		for name, p := range props {
			ps, _ := p.(map[string]any)
			enum, _ := ps["enum"].([]any)
			switch {
			case ps["const"] != nil && slices.Contains(req, any(name)):
				tag = "const tag"
			case ps["const"] != nil:
				tag = "optional const tag (default)"
			case len(enum) == 1:
				tag = "one-value enum tag"
			}
			if tag != "untagged" {
				break
			}
		}
		tagged = append(tagged, tag)
	}
	slices.Sort(tagged)
	return "(" + strings.Join(slices.Compact(tagged), "; ") + ")"
}

func hasAny(obj map[string]any, keys ...string) bool {
	for _, k := range keys {
		if obj[k] != nil {
			return true
		}
	}
	return false
}

func keys(obj map[string]any) []string {
	var out []string
	for k := range obj {
		if !annotations[k] {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// resolvePointer follows a JSON Pointer ("" for the root) through decoded JSON.
func resolvePointer(root any, ptr string) (any, bool) {
	if ptr == "" {
		return root, true
	}
	node := root
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch n := node.(type) {
		case map[string]any:
			v, ok := n[tok]
			if !ok {
				return nil, false
			}
			node = v
		case []any:
			var i int
			if _, err := fmt.Sscan(tok, &i); err != nil || i < 0 || i >= len(n) {
				return nil, false
			}
			node = n[i]
		default:
			return nil, false
		}
	}
	return node, true
}
