package gen_test

// producerRatchet is what the producer corpus does not yet get right, one
// line per finding, as TestProducers prints it:
//
//	catalog tool kind pointer: class
//
// kind is "refused" (the tool does not generate; the pointer and class are
// the diagnostic's), "raw" (a value held as json.RawMessage although its
// schema does not admit any JSON; the pointer is the value's, with where it
// sits), "disagrees" (a verdict of the generated code that santhosh v6 does
// not share) or "warning" (what a plain toolgen run prints). The list must
// match the audit exactly: a fix removes its lines, and a line that appears
// is a regression or a new finding to classify.
var producerRatchet = []string{
	"typebox/sinclair check_tuples refused /inputSchema/properties/pair/items: tuple as items array under 2020-12 (invalid schema; the $schema TypeBox needs named)",
	"typebox/sinclair check_tuples refused /inputSchema/properties/point/items: tuple as items array under 2020-12 (invalid schema; the $schema TypeBox needs named)",
	"typebox/typebox check_tuples refused /inputSchema/properties/pair/items: tuple as items array under 2020-12 (invalid schema; the $schema TypeBox needs named)",
	"typebox/typebox check_tuples refused /inputSchema/properties/point/items: tuple as items array under 2020-12 (invalid schema; the $schema TypeBox needs named)",
	"zod3/2019-09 check_numbers refused /inputSchema/properties/exclusive/exclusiveMaximum: boolean exclusiveMaximum under 2019-09 (invalid schema; the zod-to-json-schema target named)",
	"zod3/2019-09 check_numbers refused /inputSchema/properties/exclusive/exclusiveMinimum: boolean exclusiveMinimum under 2019-09 (invalid schema; the zod-to-json-schema target named)",
	"zod3/2019-09 check_numbers refused /inputSchema/properties/positive/exclusiveMinimum: boolean exclusiveMinimum under 2019-09 (invalid schema; the zod-to-json-schema target named)",
	"zod3/2019-09 check_unions refused /inputSchema/properties/shape/anyOf/0/properties/radius/exclusiveMinimum: boolean exclusiveMinimum under 2019-09 (invalid schema; the zod-to-json-schema target named)",
	"zod3/2019-09 check_unions refused /inputSchema/properties/shape/anyOf/1/properties/side/exclusiveMinimum: boolean exclusiveMinimum under 2019-09 (invalid schema; the zod-to-json-schema target named)",
}
