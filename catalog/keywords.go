package catalog

import (
	"strings"

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
