package catalog

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/toolgen/toolgen/internal/schema"
)

// allKeywords are the dialect's keywords, sorted, for suggestions.
var allKeywords = schema.Draft202012.Names()

// IsKeyword reports whether name is a JSON Schema draft 2020-12 keyword of
// any vocabulary (core, applicator, unevaluated, validation, meta-data,
// format-annotation, content), or one of the legacy words "definitions" and
// "dependencies" that the 2020-12 meta-schema still describes. Any other
// member of a schema object is an unknown word, which JSON Schema treats as
// an annotation with no effect on validation.
func IsKeyword(name string) bool { return schema.Draft202012.Keyword(name) != nil }

// IsCoreKeyword reports whether name belongs to the 2020-12 core vocabulary:
// $schema, $id, $ref, $anchor, $dynamicRef, $dynamicAnchor, $vocabulary,
// $comment and $defs. These identify and connect schemas; they never
// validate by themselves ($ref and $dynamicRef apply another schema).
func IsCoreKeyword(name string) bool {
	k := schema.Draft202012.Keyword(name)
	return k != nil && k.Vocabulary == schema.VocabCore
}

// IsAnnotationKeyword reports whether name is a keyword that never affects
// validation: title, description, default, examples, deprecated, readOnly,
// writeOnly, $comment, contentMediaType, contentEncoding and contentSchema
// (content keywords are annotations unless a validator opts in, and toolgen
// does not). "format" is not among them: toolgen asserts formats.
func IsAnnotationKeyword(name string) bool { return schema.Draft202012.Is(name, schema.Annotation) }

// suggest returns the candidate that name most likely misspells, or "".
// A candidate qualifies when it equals name but for case, or is within
// edit distance 2 of it (1 for names of up to four bytes, so that short
// vendor words are not taken for typos: "min" is not "$id"). Adjacent
// transpositions count as one edit. Ties go to the alphabetically first.
func suggest(name string, candidates []string) string {
	best, bestDist := "", 3
	limit := 2
	if len(name) <= 4 {
		limit = 1
	}
	for _, c := range candidates {
		d := editDistance(name, c)
		if strings.EqualFold(name, c) {
			d = 0
		}
		if d <= limit && d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// editDistance is the optimal string alignment distance between a and b:
// insertions, deletions, substitutions and adjacent transpositions of bytes.
func editDistance(a, b string) int {
	// d[i][j] is the distance between a[:i] and b[:j].
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// foreignWord is a word that is a keyword of OpenAPI's Schema Object or of
// another JSON Schema draft but not of 2020-12. Such a word is no typo, so
// it is never answered with a suggestion; it is an annotation in 2020-12,
// and the warning says what the writer most likely meant.
type foreignWord struct {
	where string // whose keyword it is
	fix   string // what 2020-12 has instead, or why nothing is lost
}

// foreignWords are the words of other vocabularies that catalogs carry:
// OpenAPI 3.0/3.1 and Swagger 2.0 schemas (and Gemini's, a subset of
// OpenAPI 3.0), and the drafts before 2020-12. "nullable" has advice of
// its own (nullableAdvice), which depends on the schema around it.
var foreignWords = map[string]foreignWord{
	"example":          {"OpenAPI", `JSON Schema's word is "examples", a list`},
	"nullable":         {"OpenAPI 3.0", ""},
	"discriminator":    {"OpenAPI", `toolgen tells "oneOf" and "anyOf" alternatives apart by a required member with a different "const" in each; give each alternative one`},
	"xml":              {"OpenAPI", "it only describes an XML form of the value"},
	"externalDocs":     {"OpenAPI", `move the link into "description" if readers need it`},
	"additionalItems":  {"drafts 4 to 2019-09", `in 2020-12 a tuple is "prefixItems", and "items" is the schema of the items after it`},
	"$recursiveRef":    {"draft 2019-09", `in 2020-12 it is "$dynamicRef"`},
	"$recursiveAnchor": {"draft 2019-09", `in 2020-12 it is "$dynamicAnchor"`},
	"id":               {"drafts 3 and 4", `in 2020-12 it is "$id"`},
	"divisibleBy":      {"draft 3", `in 2020-12 it is "multipleOf"`},
	"disallow":         {"draft 3", `in 2020-12 write "not": {"type": ...}`},
	"extends":          {"draft 3", `in 2020-12 write "allOf"`},
}

// IsForeignKeyword reports whether name is a keyword of OpenAPI's Schema
// Object or of an earlier JSON Schema draft that 2020-12 does not have,
// such as "example", "nullable" or "$recursiveRef". Lint warns about such
// words, and never takes them for misspellings.
func IsForeignKeyword(name string) bool {
	_, ok := foreignWords[name]
	return ok
}

// foreignAdvice says what member key of schema object n is and what to
// write instead, or returns "" when key is not a foreign word.
func foreignAdvice(n *schema.Node, key string) string {
	w, ok := foreignWords[key]
	if !ok {
		return ""
	}
	msg := fmt.Sprintf("%q is a keyword of %s, not of JSON Schema 2020-12, and is ignored here as an annotation", key, w.where)
	switch key {
	case "nullable":
		return msg + "; " + nullableAdvice(n)
	case "example":
		if v := n.Member(key); v != nil {
			return fmt.Sprintf("%s; %s: \"examples\": [%s]", msg, w.fix, describeNode(v))
		}
	}
	return msg + "; " + w.fix
}

// nullableAdvice says how to write what "nullable" means in OpenAPI 3.0 in
// the schema n it stands in, from n's actual "type", "enum" and
// alternatives.
func nullableAdvice(n *schema.Node) string {
	if v := n.Member("nullable"); v == nil || v.Kind != jsontext.KindTrue {
		return "it changes nothing in either reading unless true; remove it"
	}
	const ignored = "null is not allowed here"
	typ := n.Member("type")
	var types []string
	switch {
	case typ == nil:
	case typ.Kind == jsontext.KindString:
		types = []string{typ.Str}
	case typ.Kind == jsontext.KindBeginArray:
		for _, t := range typ.Items {
			if t.Kind == jsontext.KindString {
				types = append(types, t.Str)
			}
		}
	}
	var fix string
	switch {
	case slices.Contains(types, "null"):
		return `"type" allows null already; remove "nullable"`
	case len(types) > 0:
		quoted := make([]string, 0, len(types)+1)
		for _, t := range append(types, "null") {
			quoted = append(quoted, strconv.Quote(t))
		}
		fix = fmt.Sprintf(`write "type": [%s]`, strings.Join(quoted, ", "))
	case n.Member("anyOf") != nil:
		fix = `add {"type": "null"} to "anyOf"`
	case n.Member("oneOf") != nil:
		fix = `add {"type": "null"} to "oneOf"`
	case n.Member("$ref") != nil:
		fix = fmt.Sprintf(`write "anyOf": [{"$ref": %s}, {"type": "null"}] in place of the "$ref"`, describeNode(n.Member("$ref")))
	case n.Member("enum") == nil && n.Member("const") == nil:
		return `without "type" null is allowed already; remove "nullable"`
	}
	if e := n.Member("enum"); e != nil && !slices.ContainsFunc(e.Items, func(v *schema.Node) bool { return v.Kind == jsontext.KindNull }) {
		if fix != "" {
			fix += ` and add null to "enum"`
		} else {
			fix = `add null to "enum"`
		}
	}
	if fix == "" {
		return ignored + `; "const" allows one value only, so write "enum" with that value and null`
	}
	return ignored + "; to allow it, " + fix
}
