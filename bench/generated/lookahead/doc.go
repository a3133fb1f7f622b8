// Package lookahead holds the code toolgen generates for
// ../../testdata/lookahead.tools.json: the same card payment read as a plain
// object, as a sealed union told apart by kind or by a discriminator, as a
// union checked against each alternative, and through schema functions.
// BenchmarkLookAhead measures what each costs.
package lookahead

//go:generate go run github.com/toolgen/toolgen/cmd/toolgen -pkg lookahead -o tools_gen.go ../../testdata/lookahead.tools.json
