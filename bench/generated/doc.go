// Package generated is toolgen's output for the benchmark catalog
// (../testdata/bench.tools.json: refund_payment, search_issues and
// create_order). The benchmarks in the bench module compare its Parse…Args
// functions with encoding/json and with JSON Schema validators.
package generated

//go:generate go run github.com/toolgen/toolgen/cmd/toolgen -pkg generated -o tools_gen.go ../testdata/bench.tools.json
