package toolgenimpl

import (
	"errors"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// maxExponent bounds the decimal exponents that are computed with exactly.
// Beyond it a number is far outside anything a tool argument means, and
// expanding 1e999999999 into a big.Rat would let one argument exhaust memory.
const maxExponent = 1000

// saturatedExponent stands for an exponent beyond int; what splitNumber
// adds to it (the digits of the text) cannot overflow.
const saturatedExponent = math.MaxInt / 4

// splitNumber splits a JSON number into its sign, its significant digits with
// leading and trailing zeros removed, and the decimal exponent of the last of
// those digits, so that text = sign digits × 10^exp. Zero has no digits.
func splitNumber(text string) (negative bool, digits string, exp int, ok bool) {
	if strings.HasPrefix(text, "-") {
		negative, text = true, text[1:]
	}
	mantissa, expText, hasExp := strings.Cut(strings.ToLower(text), "e")
	if hasExp {
		e, err := strconv.Atoi(strings.TrimPrefix(expText, "+"))
		switch {
		case errors.Is(err, strconv.ErrRange):
			// An exponent beyond int saturates, so that the number still
			// orders above (or below, or nearer zero than) every number a
			// schema holds, whose exponents are bounded far below it:
			// 1e99999999999999999999 is no zero. Two such numbers whose
			// exponents differ only past it compare equal.
			e = saturatedExponent
			if strings.HasPrefix(expText, "-") {
				e = -saturatedExponent
			}
		case err != nil:
			return false, "", 0, false
		}
		exp = e
	}
	intPart, frac, _ := strings.Cut(mantissa, ".")
	digits = intPart + frac
	exp -= len(frac)
	trimmed := strings.TrimRight(digits, "0")
	exp += len(digits) - len(trimmed)
	digits = strings.TrimLeft(trimmed, "0")
	if digits == "" {
		return false, "", 0, true
	}
	return negative, digits, exp, true
}

// canonicalNumber renders a JSON number so that two numbers are equal exactly
// when their renderings are: 1, 1.0 and 10e-1 all become "1e0".
func canonicalNumber(text string) string {
	negative, digits, exp, ok := splitNumber(text)
	if !ok {
		return text
	}
	if digits == "" {
		return "0"
	}
	sign := ""
	if negative {
		sign = "-"
	}
	return sign + digits + "e" + strconv.Itoa(exp)
}

// parseRat converts a JSON number to an exact rational, refusing exponents
// beyond maxExponent (zero excepted).
func parseRat(text string) (*big.Rat, bool) {
	_, digits, exp, ok := splitNumber(text)
	if !ok {
		return nil, false
	}
	if digits == "" {
		return new(big.Rat), true
	}
	if exp+len(digits) > maxExponent || exp < -maxExponent {
		return nil, false
	}
	return new(big.Rat).SetString(text)
}

// multipleOf reports whether the JSON number text is an integer multiple of
// divisor, which is greater than zero, exactly and in time linear in the
// number's digits, however large or small its exponent: 1e1000 is a multiple
// of 2, 1e-1000 is not, and neither costs more than a few words of memory.
//
// With text = ±digits × 10^exp and divisor = p/q in lowest terms, the
// quotient is digits × q × 10^exp / p. The powers of ten are bounded first:
//
//   - exp ≥ 0: the quotient is an integer when p divides digits × 10^exp
//     (p and q have no common factor). Powers of ten add only the factors 2
//     and 5, and p has fewer of each than its bit length, B; so 10^exp may
//     be replaced by 10^min(exp, B).
//   - exp < 0: it is an integer when p × 10^-exp divides digits × q. The
//     digits end in a digit other than zero, so they lack the factor 2 or
//     the factor 5, and q must supply -exp of it: impossible past q's bit
//     length.
//
// What remains is a remainder of the digits by a number the schema sets,
// taken a few digits at a time.
func multipleOf(text string, divisor *big.Rat) bool {
	p, q := divisor.Num(), divisor.Denom()
	_, digits, exp, ok := splitNumber(text)
	if !ok {
		// An exponent beyond int: one that large acts as any other past
		// p's bit length, one that small leaves a fraction of a fraction.
		mantissa, expText, _ := strings.Cut(strings.ToLower(text), "e")
		_, digits, _, _ = splitNumber(mantissa) // no exponent to fail on
		exp = p.BitLen()
		if strings.HasPrefix(expText, "-") {
			exp = -q.BitLen() - 1
		}
	}
	if digits == "" {
		return true // zero is a multiple of every number
	}
	if exp >= 0 {
		m := decimalMod(digits, p)
		m.Mul(m, pow10(min(exp, p.BitLen())))
		return m.Mod(m, p).Sign() == 0
	}
	if -exp > q.BitLen() {
		return false
	}
	modulus := pow10(-exp)
	modulus.Mul(modulus, p)
	m := decimalMod(digits, modulus)
	m.Mul(m, q)
	return m.Mod(m, modulus).Sign() == 0
}

// decimalMod returns the decimal digits modulo m, reading them eighteen at a
// time, so that the remainder never grows past m times 10^18: linear in the
// digits, where making one big.Int of them all takes time quadratic in
// their number (a second for a million digits).
func decimalMod(digits string, m *big.Int) *big.Int {
	rest, chunk := new(big.Int), new(big.Int)
	for digits != "" {
		n := min(len(digits), 18)
		v, _ := strconv.ParseUint(digits[:n], 10, 64)
		if n == 18 {
			rest.Mul(rest, tenTo18)
		} else {
			rest.Mul(rest, pow10(n))
		}
		rest.Add(rest, chunk.SetUint64(v))
		rest.Mod(rest, m)
		digits = digits[n:]
	}
	return rest
}

// tenTo18 is 10^18, the most digits a uint64 always holds; only ever read.
var tenTo18 = pow10(18)

// pow10 returns 10^n.
func pow10(n int) *big.Int {
	return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil)
}
