package runtime

import (
	"math/big"
	"strconv"
	"strings"
)

// maxExponent bounds the decimal exponents that are computed with exactly.
// Beyond it a number is far outside anything a tool argument means, and
// expanding 1e999999999 into a big.Rat would let one argument exhaust memory.
const maxExponent = 1000

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
		if err != nil {
			return false, "", 0, false // an exponent beyond int: out of any range
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
