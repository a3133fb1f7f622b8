package goemit

import (
	"math"

	"github.com/dave/jennifer/jen"
)

// Count writes a length or count bound from a schema (minLength,
// maxItems, ...) as an int constant that compiles on every platform: one
// past 32 bits is min(math.MaxInt, n), which is n where int has 64 bits
// and, where it has 32, the largest length a value there can have.
func Count(n int) *jen.Statement {
	if n <= math.MaxInt32 {
		return jen.Lit(n)
	}
	return jen.Min(jen.Qual("math", "MaxInt"), jen.Lit(n))
}
