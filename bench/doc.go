// Package bench measures what toolgen's generated code costs on the hot path
// of a tool call, decoding and validating the argument bytes, against
// encoding/json and against the JSON Schema validators a Go service would
// otherwise use.
//
// Everything lives in the _test.go files. BenchmarkDecodeValidate runs every
// payload of testdata (the three tools of bench.tools.json and five tools of
// GitHub's MCP server, one valid and one invalid call each) through every
// implementation, as sub-benchmarks named payload/implementation:
//
//   - toolgen: the generated Parse…Args, from raw bytes to a validated
//     struct, or to a *runtime.ValidationError holding every violation
//     with its hint;
//   - encoding-json: json.Unmarshal of the same bytes into the same
//     generated argument struct, with no validation at all;
//   - json-valid: json.Valid, which only checks the syntax;
//   - jsontext-valid, jx-valid: jsontext.Value.IsValid (duplicate names
//     allowed, as toolgen reads) and jx.Valid, the two maintained tokenizers
//     toolgen may build on merely checking the bytes: what any decoder built
//     on one of them costs at least;
//   - santhosh: github.com/santhosh-tekuri/jsonschema/v6, UnmarshalJSON then
//     Validate, formats asserted;
//   - google: github.com/google/jsonschema-go, json.Unmarshal into any then
//     Resolved.Validate (it never asserts formats);
//   - kaptinlin: github.com/kaptinlin/jsonschema, Schema.ValidateJSON,
//     formats asserted;
//   - xeipuuv: github.com/xeipuuv/gojsonschema, Schema.Validate of a bytes
//     loader, formats asserted (its default).
//
// Every schema is compiled once, outside the timed loop, from the bytes the
// generated code embeds (Definitions), so that every implementation checks
// the same schema. Before timing, each validator's verdict on the payload
// is checked: a peer that calls a valid payload invalid, or the reverse,
// fails the benchmark. TestVerdicts runs the same checks without timing,
// so that go test ./... keeps them honest.
//
// From the bench module root:
//
//	go test -run '^$' -bench DecodeValidate -benchmem -count 10 .
//
// See ../docs/BENCHMARKS.md for the results and run.sh for the command
// that reproduces all of them.
package bench
