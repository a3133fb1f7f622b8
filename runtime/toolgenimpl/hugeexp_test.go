package toolgenimpl

import "testing"

// hugeExponents are argument numbers whose exponent is beyond int. They are
// astronomically far from zero, or nearer to it than any number a schema
// holds, and never zero: a bound, const or uniqueItems that took them for
// zero would let 1e99999999999999999999 through "maximum": 5.
var hugeExponents = []struct {
	text  string
	sign  int  // of the number
	big   bool // far from zero, rather than near it
	value int  // numbers with the same value are equal
}{
	{"1e99999999999999999999", 1, true, 1},
	{"-1e99999999999999999999", -1, true, 2},
	{"1E+99999999999999999999", 1, true, 1},
	{"0.5e99999999999999999999", 1, true, 3},
	{"1e-99999999999999999999", 1, false, 4},
	{"-1e-99999999999999999999", -1, false, 5},
}

// TestHugeExponentsAreNotZero checks the numbers against bounds a schema
// can hold, on both sides of them, with every bound keyword as the checked
// path applies it, and for equality and integers.
func TestHugeExponentsAreNotZero(t *testing.T) {
	for _, n := range hugeExponents {
		x := MustParseValue(n.text)
		// Bounds within a schema's exponents (±10,000) on each side.
		for _, limit := range []string{"0", "5", "-5", "1e10000", "-1e10000", "1e-10000", "-1e-10000"} {
			l := MustParseValue(limit)
			var want int
			switch {
			case n.big:
				want = n.sign
			case l.Text == "0" || (limit[0] == '-') != (n.sign < 0):
				want = n.sign // the other side of zero, or zero itself
			default:
				want = -n.sign // nearer zero than the limit, on its side
			}
			if got := compareNumbers(n.text, limit); got != want {
				t.Errorf("compareNumbers(%s, %s) = %d, want %d", n.text, limit, got, want)
			}
			if got := compareNumbers(limit, n.text); got != -want {
				t.Errorf("compareNumbers(%s, %s) = %d, want %d", limit, n.text, got, -want)
			}
			for keyword, passes := range map[string]bool{"minimum": want >= 0, "maximum": want <= 0, "exclusiveMinimum": want > 0, "exclusiveMaximum": want < 0} {
				var c Check
				if got := c.Bound(&x, keyword, limit); got != passes {
					t.Errorf("%s %s against %s: Bound reported %v, want %v", keyword, limit, n.text, got, passes)
				}
			}
			if x.Equal(&l) {
				t.Errorf("%s equals %s", n.text, limit)
			}
		}
		if got := x.IsInteger(); got != n.big {
			t.Errorf("IsInteger(%s) = %v, want %v", n.text, got, n.big)
		}
		for _, other := range hugeExponents {
			y := MustParseValue(other.text)
			if eq := x.Equal(&y); eq != (n.value == other.value) {
				t.Errorf("%s equal to %s: %v, want %v", n.text, other.text, eq, !eq)
			}
		}
	}
}
