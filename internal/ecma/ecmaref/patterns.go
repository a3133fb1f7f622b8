package ecmaref

import (
	"math/rand/v2"
	"strings"
)

// Patterns are what the reference matcher is checked on, and ecma with it: the patterns schema
// producers write, lookaheads in every place, and the constructs whose
// meaning ECMA-262 fixes differently from other dialects. Annex B marks a
// pattern that only ECMAScript without the u flag reads; a JavaScript
// engine checks it without the flag, so it must mean there what it means
// with it.
var Patterns = []struct {
	Pattern string
	AnnexB  bool
}{
	{Pattern: `^(?!^[-+.]*$)[+-]?0*\d*\.?\d*$`},                                                                                         // pydantic's Decimal
	{Pattern: `^(?!^[-+.]*$)[+-]?0*(?:\d{0,6}|(?=[\d.]{1,9}0*$)\d{0,6}\.\d{0,2}0*$)`},                                                   // pydantic's condecimal(max_digits=8, decimal_places=2)
	{Pattern: `^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-\.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$`},                       // zod's email
	{Pattern: `^(?=.{1,253}\.?$)[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[-0-9a-zA-Z]{0,61}[0-9a-zA-Z])?)*\.?$`}, // zod's hostname
	{Pattern: `^P(?:(\d+W)|(?!.*W)(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+([.,]\d+)?S)?)?)$`},                          // zod's ISO duration
	{Pattern: `^(?!.*[Ll][Ii][Nn][Ee][Aa][Rr])[a-zA-Z0-9_-]{1,64}$`},
	{Pattern: `^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,}$`}, // a password rule
	{Pattern: `^tok\_`, AnnexB: true},
	{Pattern: `^https\:\/\/`, AnnexB: true},
	{Pattern: `\"[^\"]*\"`, AnnexB: true},
	{Pattern: `^a\-b\ c\#\%\&\'\,\;\<\=\>\@\~\` + "`" + `$`, AnnexB: true},
	{Pattern: `^[\_\:\"]+$`, AnnexB: true},
	{Pattern: `(?:^(?=a)ab|b(?!c))`},
	{Pattern: `^(?:(?=a)|b)c`},
	{Pattern: `^(?=(?!ab)a)a.`},
	{Pattern: `^a(?=b$|c)`},
	{Pattern: `^(?:a(?!b)|b)?c$`},
	{Pattern: `(?=a)`},
	{Pattern: `a(?=b)`},
	{Pattern: `^a*(?=b)`},
	{Pattern: `^(?:a|(?=b))*b`},
	{Pattern: `^(?:a??|b)*?c`},
	{Pattern: `^(a*)*$`},
	{Pattern: `\bab\B`},
	{Pattern: `^.$`},
	{Pattern: `^\s\S$`},
	{Pattern: `^[^\d\W]+$`},
	{Pattern: `^\u{1F432}\uD83D\uDC32$`},
	{Pattern: `^[\b\-]\cJ\x41\0$`},
	{Pattern: `^(?<year>\d{4})-(?<month>\d{2})$`},
	{Pattern: `^a{2,3}?b{0}c{1,}$`},
	// Lookarounds no condition on RE2 matches decides.
	{Pattern: `(?<=a)b`},
	{Pattern: `(?<!a)b`},
	{Pattern: `(?<=^a*)b`},
	{Pattern: `(?<=ab|b)c`},
	{Pattern: `(?<=a{2}|^)b+$`},
	{Pattern: `(?<=(?<!b)a)c`},
	{Pattern: `(?<=a(?=b))b`},
	{Pattern: `(?<=\b)a\B`},
	{Pattern: `^(?:(?=a)[ab])+$`},
	{Pattern: `^(?:(?!ab).)*$`},
	{Pattern: `^(?=(a+)+$)`},
	{Pattern: `^a*(?=b)(?!bc)`},
	{Pattern: `(?:^|,)(?=a)(?<!b)`},
	{Pattern: `^(?:a|ab)(?!c)`},
	{Pattern: `^(?=[\s\S]*[a\u20E3])[ab\u20E3]+$`}, // zod's emoji, without its properties
}

// Inputs returns strings to try pattern on: short ones over the characters
// it names, and some others.
func Inputs(pattern string, rng *rand.Rand) []string {
	alphabet := []rune("aAbcT.-+W1@_:/\"\n\r\u2028 \u00a0🐲é")
	for _, r := range pattern {
		if r != '\\' && r != '(' && r != ')' && r != '[' && r != ']' {
			alphabet = append(alphabet, r)
		}
	}
	out := []string{"", "a", "ab", "abc", "P1Y2M3DT4H5M6.5S", "P1W", "PT1H", "P1YT", "a.b@example.com", "a..b@example.com",
		".a@example.com", "example.com", "-1.50", "+", "-.", "1e5", "Aa1!aaaa", "tok_x", "https://x", "\"q\"",
		"linear_tool", "Linear", "a-b c#%&',;<=>@~`", "🐲🐲", "\b-\nA\x00", "2024-05", "aabccc", "ab ab", "ac\n"}
	for range 300 {
		n := rng.IntN(9)
		var b strings.Builder
		for range n {
			b.WriteRune(alphabet[rng.IntN(len(alphabet))])
		}
		out = append(out, b.String())
	}
	return out
}
