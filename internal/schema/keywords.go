package schema

import (
	"slices"
	"sort"
)

// Vocabulary is a set of JSON Schema vocabularies, as a resource's
// meta-schema enables them with "$vocabulary".
type Vocabulary uint16

const (
	VocabCore Vocabulary = 1 << iota
	VocabApplicator
	VocabUnevaluated
	VocabValidation
	VocabFormat // format-annotation, and format-assertion with VocabFormatAssertion
	VocabContent
	VocabMetaData
	// VocabFormatAssertion is set when the meta-schema asks for formats to
	// be asserted, whatever the caller chose.
	VocabFormatAssertion

	// AllVocabularies are what a resource uses when its meta-schema does
	// not say: every vocabulary but format assertion.
	AllVocabularies = VocabCore | VocabApplicator | VocabUnevaluated | VocabValidation | VocabFormat | VocabContent | VocabMetaData
)

// Shape is what a keyword's value is.
type Shape uint8

const (
	Data        Shape = iota // a value the keyword reads: a number, a list of names, a pattern ...
	Subschema                // one schema
	SchemaMap                // an object whose member values are schemas
	SchemaArray              // an array of schemas
	// SchemaOrArray is one schema or an array of schemas: "items" of
	// draft-07 and 2019-09, whose array form is a tuple.
	SchemaOrArray
)

// Role is what a keyword does to an instance.
type Role uint8

const (
	// Identifier keywords name and connect schemas ($id, $anchor, $defs ...)
	// and never validate by themselves.
	Identifier Role = iota
	// Applicator keywords apply subschemas (or, for $ref, other schemas).
	Applicator
	// Assertion keywords pass or fail an instance by themselves.
	Assertion
	// Annotation keywords never affect validity.
	Annotation
)

// Applies says to what a keyword's subschemas (or, for a reference, the
// schema it names) apply.
type Applies uint8

const (
	AppliesNowhere Applies = iota // not applied: definitions, annotations, data
	AppliesInPlace                // to the instance itself (allOf, not, if, $ref ...)
	AppliesToParts                // to the instance's members or items (properties, items ...)
	AppliesToNames                // to the instance's member names (propertyNames)
)

// Typed says what the generated typed reader does with a keyword. A schema
// using a keyword the typed reader does not handle is checked whole by a
// generated schema function instead.
type Typed uint8

const (
	NotTyped   Typed = iota // the typed reader cannot express it
	TypedCheck              // the typed reader checks or applies it
	TypedInert              // the typed reader knows it changes nothing it checks
)

// Instance is the type of instance an assertion tests or an applicator
// applies to, as the specification groups its keywords ("validation
// keywords for numeric instances" ...); any other instance passes.
type Instance uint8

const (
	AnyInstance    Instance = iota // every type, or not an assertion or applicator
	NumberInstance                 // numbers, integers among them
	StringInstance
	ArrayInstance
	ObjectInstance
)

// String is the JSON type name of the instance type, "" for AnyInstance.
func (i Instance) String() string {
	return [...]string{"", "number", "string", "array", "object"}[i]
}

// Keyword is one row of a dialect's keyword table.
type Keyword struct {
	Name       string
	Vocabulary Vocabulary // 0 for legacy words that no vocabulary gates
	Shape      Shape
	Role       Role
	Applies    Applies
	Instance   Instance
	Typed      Typed
	// Legacy marks words of earlier drafts that the dialect's meta-schema
	// still describes ("definitions", "dependencies").
	Legacy bool
}

// Dialect is one draft of JSON Schema, told by its meta-schema URI: its
// keyword table and its vocabularies. A dialect is data; code that reads
// schemas asks the dialect of the resource it reads rather than naming
// keywords itself.
type Dialect struct {
	Name         string // "2020-12"
	URI          string // the meta-schema's URI, without "#"
	Vocabularies map[string]Vocabulary
	// RefAlone says that "$ref" overrides every keyword beside it, which
	// is then ignored, "$id" included (draft-07).
	RefAlone bool
	// FragmentIDs says that "$id" may be a plain-name fragment ("#foo"),
	// which names its schema as "$anchor" does in later drafts (draft-07).
	FragmentIDs bool
	keywords    []Keyword
	byName      map[string]*Keyword
	sorted      []string
}

func newDialect(name, uri string, vocabs map[string]Vocabulary, rows []Keyword) *Dialect {
	d := &Dialect{Name: name, URI: uri, Vocabularies: vocabs, keywords: rows, byName: make(map[string]*Keyword, len(rows))}
	for i := range d.keywords {
		d.byName[d.keywords[i].Name] = &d.keywords[i]
		d.sorted = append(d.sorted, d.keywords[i].Name)
	}
	sort.Strings(d.sorted)
	return d
}

// Keyword returns the row of the keyword name, or nil if name is not a
// keyword of the dialect.
func (d *Dialect) Keyword(name string) *Keyword { return d.byName[name] }

// Keywords returns the table's rows in table order.
func (d *Dialect) Keywords() []Keyword { return slices.Clone(d.keywords) }

// Names returns every keyword's name, sorted.
func (d *Dialect) Names() []string { return slices.Clone(d.sorted) }

// Is reports whether name is a keyword of the dialect with the role.
func (d *Dialect) Is(name string, role Role) bool {
	k := d.byName[name]
	return k != nil && k.Role == role
}

// Draft202012 is JSON Schema draft 2020-12, the dialect toolgen compiles.
var Draft202012 = newDialect("2020-12", "https://json-schema.org/draft/2020-12/schema", map[string]Vocabulary{
	"https://json-schema.org/draft/2020-12/vocab/core":              VocabCore,
	"https://json-schema.org/draft/2020-12/vocab/applicator":        VocabApplicator,
	"https://json-schema.org/draft/2020-12/vocab/unevaluated":       VocabUnevaluated,
	"https://json-schema.org/draft/2020-12/vocab/validation":        VocabValidation,
	"https://json-schema.org/draft/2020-12/vocab/format-annotation": VocabFormat,
	"https://json-schema.org/draft/2020-12/vocab/format-assertion":  VocabFormat | VocabFormatAssertion,
	"https://json-schema.org/draft/2020-12/vocab/content":           VocabContent,
	"https://json-schema.org/draft/2020-12/vocab/meta-data":         VocabMetaData,
}, []Keyword{
	// Core.
	{Name: "$schema", Vocabulary: VocabCore, Role: Identifier, Typed: TypedInert},
	{Name: "$id", Vocabulary: VocabCore, Role: Identifier, Typed: TypedInert},
	{Name: "$ref", Vocabulary: VocabCore, Role: Applicator, Applies: AppliesInPlace, Typed: TypedCheck},
	{Name: "$anchor", Vocabulary: VocabCore, Role: Identifier, Typed: TypedInert},
	{Name: "$dynamicRef", Vocabulary: VocabCore, Role: Applicator, Applies: AppliesInPlace},
	{Name: "$dynamicAnchor", Vocabulary: VocabCore, Role: Identifier},
	{Name: "$vocabulary", Vocabulary: VocabCore, Role: Identifier},
	{Name: "$comment", Vocabulary: VocabCore, Role: Annotation, Typed: TypedInert},
	{Name: "$defs", Vocabulary: VocabCore, Shape: SchemaMap, Role: Identifier, Typed: TypedCheck},

	// Applicator.
	{Name: "prefixItems", Vocabulary: VocabApplicator, Shape: SchemaArray, Role: Applicator, Applies: AppliesToParts, Instance: ArrayInstance},
	{Name: "items", Vocabulary: VocabApplicator, Shape: Subschema, Role: Applicator, Applies: AppliesToParts, Instance: ArrayInstance, Typed: TypedCheck},
	{Name: "contains", Vocabulary: VocabApplicator, Shape: Subschema, Role: Applicator, Applies: AppliesToParts, Instance: ArrayInstance},
	{Name: "additionalProperties", Vocabulary: VocabApplicator, Shape: Subschema, Role: Applicator, Applies: AppliesToParts, Instance: ObjectInstance, Typed: TypedCheck},
	{Name: "properties", Vocabulary: VocabApplicator, Shape: SchemaMap, Role: Applicator, Applies: AppliesToParts, Instance: ObjectInstance, Typed: TypedCheck},
	{Name: "patternProperties", Vocabulary: VocabApplicator, Shape: SchemaMap, Role: Applicator, Applies: AppliesToParts, Instance: ObjectInstance},
	{Name: "dependentSchemas", Vocabulary: VocabApplicator, Shape: SchemaMap, Role: Applicator, Applies: AppliesInPlace, Instance: ObjectInstance},
	{Name: "propertyNames", Vocabulary: VocabApplicator, Shape: Subschema, Role: Applicator, Applies: AppliesToNames, Instance: ObjectInstance},
	{Name: "if", Vocabulary: VocabApplicator, Shape: Subschema, Role: Applicator, Applies: AppliesInPlace},
	{Name: "then", Vocabulary: VocabApplicator, Shape: Subschema, Role: Applicator, Applies: AppliesInPlace},
	{Name: "else", Vocabulary: VocabApplicator, Shape: Subschema, Role: Applicator, Applies: AppliesInPlace},
	{Name: "allOf", Vocabulary: VocabApplicator, Shape: SchemaArray, Role: Applicator, Applies: AppliesInPlace},
	{Name: "anyOf", Vocabulary: VocabApplicator, Shape: SchemaArray, Role: Applicator, Applies: AppliesInPlace, Typed: TypedCheck},
	{Name: "oneOf", Vocabulary: VocabApplicator, Shape: SchemaArray, Role: Applicator, Applies: AppliesInPlace, Typed: TypedCheck},
	{Name: "not", Vocabulary: VocabApplicator, Shape: Subschema, Role: Applicator, Applies: AppliesInPlace},

	// Unevaluated.
	{Name: "unevaluatedItems", Vocabulary: VocabUnevaluated, Shape: Subschema, Role: Applicator, Applies: AppliesToParts, Instance: ArrayInstance},
	{Name: "unevaluatedProperties", Vocabulary: VocabUnevaluated, Shape: Subschema, Role: Applicator, Applies: AppliesToParts, Instance: ObjectInstance},

	// Validation.
	{Name: "type", Vocabulary: VocabValidation, Role: Assertion, Typed: TypedCheck},
	{Name: "const", Vocabulary: VocabValidation, Role: Assertion, Typed: TypedCheck},
	{Name: "enum", Vocabulary: VocabValidation, Role: Assertion, Typed: TypedCheck},
	{Name: "multipleOf", Vocabulary: VocabValidation, Role: Assertion, Instance: NumberInstance, Typed: TypedCheck},
	{Name: "maximum", Vocabulary: VocabValidation, Role: Assertion, Instance: NumberInstance, Typed: TypedCheck},
	{Name: "exclusiveMaximum", Vocabulary: VocabValidation, Role: Assertion, Instance: NumberInstance, Typed: TypedCheck},
	{Name: "minimum", Vocabulary: VocabValidation, Role: Assertion, Instance: NumberInstance, Typed: TypedCheck},
	{Name: "exclusiveMinimum", Vocabulary: VocabValidation, Role: Assertion, Instance: NumberInstance, Typed: TypedCheck},
	{Name: "maxLength", Vocabulary: VocabValidation, Role: Assertion, Instance: StringInstance, Typed: TypedCheck},
	{Name: "minLength", Vocabulary: VocabValidation, Role: Assertion, Instance: StringInstance, Typed: TypedCheck},
	{Name: "pattern", Vocabulary: VocabValidation, Role: Assertion, Instance: StringInstance, Typed: TypedCheck},
	{Name: "maxItems", Vocabulary: VocabValidation, Role: Assertion, Instance: ArrayInstance, Typed: TypedCheck},
	{Name: "minItems", Vocabulary: VocabValidation, Role: Assertion, Instance: ArrayInstance, Typed: TypedCheck},
	{Name: "uniqueItems", Vocabulary: VocabValidation, Role: Assertion, Instance: ArrayInstance, Typed: TypedCheck},
	{Name: "maxContains", Vocabulary: VocabValidation, Role: Assertion, Instance: ArrayInstance},
	{Name: "minContains", Vocabulary: VocabValidation, Role: Assertion, Instance: ArrayInstance},
	{Name: "maxProperties", Vocabulary: VocabValidation, Role: Assertion, Instance: ObjectInstance},
	{Name: "minProperties", Vocabulary: VocabValidation, Role: Assertion, Instance: ObjectInstance},
	{Name: "required", Vocabulary: VocabValidation, Role: Assertion, Instance: ObjectInstance, Typed: TypedCheck},
	{Name: "dependentRequired", Vocabulary: VocabValidation, Role: Assertion, Instance: ObjectInstance, Typed: TypedCheck},

	// Format: toolgen asserts formats, so "format" is an assertion.
	{Name: "format", Vocabulary: VocabFormat, Role: Assertion, Typed: TypedCheck},

	// Content: annotations, which toolgen does not opt in to assert.
	{Name: "contentEncoding", Vocabulary: VocabContent, Role: Annotation, Typed: TypedInert},
	{Name: "contentMediaType", Vocabulary: VocabContent, Role: Annotation, Typed: TypedInert},
	{Name: "contentSchema", Vocabulary: VocabContent, Shape: Subschema, Role: Annotation, Typed: TypedInert},

	// Meta-data. The typed reader applies "default".
	{Name: "title", Vocabulary: VocabMetaData, Role: Annotation, Typed: TypedInert},
	{Name: "description", Vocabulary: VocabMetaData, Role: Annotation, Typed: TypedInert},
	{Name: "default", Vocabulary: VocabMetaData, Role: Annotation, Typed: TypedCheck},
	{Name: "deprecated", Vocabulary: VocabMetaData, Role: Annotation, Typed: TypedInert},
	{Name: "readOnly", Vocabulary: VocabMetaData, Role: Annotation, Typed: TypedInert},
	{Name: "writeOnly", Vocabulary: VocabMetaData, Role: Annotation, Typed: TypedInert},
	{Name: "examples", Vocabulary: VocabMetaData, Role: Annotation, Typed: TypedInert},

	// Legacy words the 2020-12 meta-schema still describes. "dependencies"
	// maps a name to a schema or to a list of names; only the schemas are
	// subschemas.
	{Name: "definitions", Shape: SchemaMap, Role: Identifier, Typed: TypedCheck, Legacy: true},
	{Name: "dependencies", Shape: SchemaMap, Role: Applicator, Applies: AppliesInPlace, Instance: ObjectInstance, Legacy: true},
})

// Extensions are the members of a schema object that toolgen reads although
// they are not JSON Schema keywords: its own settings, and go-jsonschema's
// Go types.
var Extensions = []string{"x-toolgen", "goJSONSchema"}

// IsExtension reports whether name is one of Extensions.
func IsExtension(name string) bool { return slices.Contains(Extensions, name) }

// rowsOf returns the rows of d, less those named in drop, with the rows of
// add put in place of (or after) the rest.
func rowsOf(d *Dialect, drop []string, add ...Keyword) []Keyword {
	var rows []Keyword
	for _, k := range d.keywords {
		if slices.Contains(drop, k.Name) || slices.ContainsFunc(add, func(a Keyword) bool { return a.Name == k.Name }) {
			continue
		}
		rows = append(rows, k)
	}
	return append(rows, add...)
}

// Words of draft-07 and 2019-09 whose meaning changed in 2020-12, as those
// drafts define them. The typed reader handles "items" only as one schema;
// the schema function handles the rest.
var (
	legacyItems     = Keyword{Name: "items", Vocabulary: VocabApplicator, Shape: SchemaOrArray, Role: Applicator, Applies: AppliesToParts, Instance: ArrayInstance, Typed: TypedCheck}
	additionalItems = Keyword{Name: "additionalItems", Vocabulary: VocabApplicator, Shape: Subschema, Role: Applicator, Applies: AppliesToParts, Instance: ArrayInstance}
)

// Draft201909 is JSON Schema draft 2019-09: "items" may be a tuple, with
// "additionalItems" for the items past it, and "$recursiveRef" with
// "$recursiveAnchor" do what "$dynamicRef" does in 2020-12.
var Draft201909 = newDialect("2019-09", "https://json-schema.org/draft/2019-09/schema", map[string]Vocabulary{
	"https://json-schema.org/draft/2019-09/vocab/core":       VocabCore,
	"https://json-schema.org/draft/2019-09/vocab/applicator": VocabApplicator | VocabUnevaluated,
	"https://json-schema.org/draft/2019-09/vocab/validation": VocabValidation,
	"https://json-schema.org/draft/2019-09/vocab/format":     VocabFormat,
	"https://json-schema.org/draft/2019-09/vocab/content":    VocabContent,
	"https://json-schema.org/draft/2019-09/vocab/meta-data":  VocabMetaData,
}, rowsOf(Draft202012, []string{"prefixItems", "$dynamicRef", "$dynamicAnchor"},
	legacyItems, additionalItems,
	Keyword{Name: "$recursiveRef", Vocabulary: VocabCore, Role: Applicator, Applies: AppliesInPlace},
	Keyword{Name: "$recursiveAnchor", Vocabulary: VocabCore, Role: Identifier},
))

// Draft07 is JSON Schema draft-07: no vocabularies; "$ref" stands alone;
// "$id" may be a fragment; "definitions" and "dependencies" are its own
// words; "items" may be a tuple, with "additionalItems".
var Draft07 = func() *Dialect {
	d := newDialect("draft-07", "http://json-schema.org/draft-07/schema", nil, rowsOf(Draft202012,
		[]string{"prefixItems", "$dynamicRef", "$dynamicAnchor", "$anchor", "$vocabulary", "$defs",
			"dependentSchemas", "dependentRequired", "unevaluatedItems", "unevaluatedProperties",
			"maxContains", "minContains", "deprecated", "contentSchema"},
		legacyItems, additionalItems,
		Keyword{Name: "definitions", Shape: SchemaMap, Role: Identifier, Typed: TypedCheck},
		Keyword{Name: "dependencies", Shape: SchemaMap, Role: Applicator, Applies: AppliesInPlace, Instance: ObjectInstance},
	))
	d.RefAlone, d.FragmentIDs = true, true
	return d
}()

// Dialects are the dialects toolgen compiles, by meta-schema URI.
var Dialects = map[string]*Dialect{
	Draft202012.URI: Draft202012,
	Draft201909.URI: Draft201909,
	Draft07.URI:     Draft07,
}

// RecursiveAnchor is the key under which a 2019-09 resource whose root
// says "$recursiveAnchor": true is listed among Resource.DynamicAnchors:
// "$recursiveRef" is a "$dynamicRef" to it. No "$dynamicAnchor" can have
// the name, which is not a plain name.
const RecursiveAnchor = "$recursiveAnchor"

// DialectOf returns the dialect of the resource the indexed schema n
// belongs to, or Draft202012 for a schema not indexed.
func DialectOf(n *Node) *Dialect {
	if n == nil || n.Place == nil {
		return Draft202012
	}
	return n.Place.Resource.Dialect
}
