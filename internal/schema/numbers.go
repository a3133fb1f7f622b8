package schema

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// Checking a schema reads its numbers as exact rationals (math/big.Rat),
// the meta-schema check and toolgen's own bounds alike, at a cost that
// grows with a number's digits and faster than its exponent: 1e-999999,
// nine bytes, takes 50 ms and megabytes, so a small catalog of them would
// take minutes; past a million, big.Rat gives up and returns nil. A number
// in a schema therefore has at most MaxNumberDigits digits and an exponent
// within ±MaxNumberExponent: far past any bound, length or value a tool
// argument can mean (arguments are compared exactly only to exponents of
// ±1,000), and cheap to read exactly.
const (
	MaxNumberDigits   = 10_000
	MaxNumberExponent = 10_000
)

// NumberReadable reports whether the JSON number text is within those bounds.
func NumberReadable(text string) bool {
	mantissa, exp, hasExp := strings.Cut(strings.ToLower(strings.TrimPrefix(text, "-")), "e")
	if len(mantissa)-strings.Count(mantissa, ".") > MaxNumberDigits {
		return false
	}
	if !hasExp {
		return true
	}
	e, err := strconv.Atoi(strings.TrimPrefix(exp, "+"))
	return err == nil && -MaxNumberExponent <= e && e <= MaxNumberExponent
}

// UnreadableNumber returns the first number in the JSON text past the
// bounds, with its pointer; "" when there is none (or the text is broken,
// which whoever reads it reports). It reads every value, data (enum,
// const, default) as well as keywords, token by token: no tree, and a
// pointer only for the number it returns.
func UnreadableNumber(text []byte) (number, ptr string) {
	dec := jsontext.NewDecoder(bytes.NewReader(text), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	for {
		tok, err := dec.ReadToken()
		if err != nil {
			return "", ""
		}
		if tok.Kind() == '0' {
			if n := tok.String(); !NumberReadable(n) {
				return n, string(dec.StackPointer())
			}
		}
	}
}

// UnreadableNumberMessage says what is wrong with the number text that
// UnreadableNumber found in the input or output schema (which), and what
// to do.
func UnreadableNumberMessage(which, text string) string {
	if len(text) > 40 {
		text = fmt.Sprintf("%s… (%d characters)", text[:24], len(text))
	}
	return fmt.Sprintf("the %s schema has the number %s, past what toolgen reads exactly: a number in a schema has at most %d digits and an exponent between -%d and %d; write a bound or value that a tool argument can have",
		which, text, MaxNumberDigits, MaxNumberExponent, MaxNumberExponent)
}
