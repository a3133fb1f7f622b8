package gen_test

import "testing"

// TestRecursiveContainerShapes places arrays and maps that hold
// themselves (type A []A, through an anchor), alone, with item checks,
// through a map or a union, and nullable, at every position of
// shapePositions: generation must end, the Go must build, and every
// verdict must be santhosh v6's. A slice or map of itself once made the
// generator loop for ever over its items' type.
func TestRecursiveContainerShapes(t *testing.T) {
	runShapeCases(t, recursiveContainerCases)
}

var recursiveContainerCases = []shapeCase{
	{
		name:    "an array of itself",
		schema:  `{"$anchor":"rec","type":"array","items":{"$ref":"#rec"}}`,
		goType:  `T`,
		valid:   []string{`[]`, `[[]]`, `[[],[[]]]`},
		invalid: []string{`[1]`, `[[1]]`, `{}`},
	},
	{
		name:    "an array of itself, unique items",
		schema:  `{"$anchor":"rec","type":"array","uniqueItems":true,"items":{"$ref":"#rec"}}`,
		goType:  `T`,
		valid:   []string{`[]`, `[[],[[]]]`, `[[[]],[[[]]]]`},
		invalid: []string{`[[],[]]`, `[[[],[]]]`, `[[[]],[[]]]`},
	},
	{
		name:    "an array of itself, at most two items",
		schema:  `{"$anchor":"rec","type":"array","maxItems":2,"items":{"$ref":"#rec"}}`,
		goType:  `T`,
		valid:   []string{`[[],[]]`, `[[[],[]]]`},
		invalid: []string{`[[],[],[]]`, `[[[],[],[]]]`},
	},
	{
		name:    "a map of itself",
		schema:  `{"$anchor":"rec","type":"object","additionalProperties":{"$ref":"#rec"}}`,
		goType:  `T`,
		valid:   []string{`{}`, `{"a":{}}`, `{"a":{"b":{}},"c":{}}`},
		invalid: []string{`{"a":1}`, `{"a":{"b":[]}}`},
	},
	{
		name:    "an array of maps of itself",
		schema:  `{"$anchor":"rec","type":"array","items":{"type":"object","additionalProperties":{"$ref":"#rec"}}}`,
		goType:  `\[\]T`, // the map is the type that holds itself
		valid:   []string{`[]`, `[{}]`, `[{"a":[{"b":[]}]}]`},
		invalid: []string{`[{"a":{}}]`, `[[]]`},
	},
	{
		name:    "a nullable array of itself",
		schema:  `{"$anchor":"rec","type":["array","null"],"items":{"$ref":"#rec"}}`,
		goType:  `T`,
		valid:   []string{`null`, `[null,[]]`, `[[null]]`},
		invalid: []string{`[1]`, `[[true]]`},
	},
	{
		name:    "a string or an array of itself",
		schema:  `{"$anchor":"rec","anyOf":[{"type":"string"},{"type":"array","items":{"$ref":"#rec"}}]}`,
		goType:  `T`,
		valid:   []string{`"a"`, `["a",[]]`, `[["b"]]`},
		invalid: []string{`[1]`, `1`, `[[null]]`},
	},
}
