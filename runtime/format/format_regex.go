package format

import "github.com/toolgen/toolgen/internal/ecma"

// IsRegex reports whether s is a valid ECMA-262 regular expression, as the
// "regex" format asks: the pattern is read as ECMAScript reads it with the
// u flag, so that lookaround, backreferences and named groups are valid,
// while the syntax of other dialects, such as (?i) or (?P<name>...), and
// escapes ECMA-262 does not define, such as \a, are not.
func IsRegex(s string) bool { return ecma.Check(s) == nil }
