package lookaround_test

import (
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/toolgen/toolgen/internal/ecma"
	"github.com/toolgen/toolgen/internal/ecma/lookaround"
)

// adversarial are patterns that take a backtracking engine exponential or
// quadratic time on inputs that almost match, each with the input that
// repeats and the one that ends it.
var adversarial = []struct{ pattern, unit, end string }{
	{`(?=(a+)+$)`, "a", "b"},
	{`^a*(?=(a|aa)*c)`, "a", ""},
	{`(?=(a*)*b)`, "a", ""},
	{`^(?:(?=a*b)a)*c`, "a", "b"},
	{`^(?:(?!(?:a|a)*c).)*$`, "a", "c"},
	{`(?<=(a+)+b)c`, "a", "c"},
	{`(?<!^(?:a|aa)*)b`, "a", "b"},
	{`(?=a(?=a(?=a(?=a*$))))(?:a+)+$`, "a", "!"},
	{`^(?!^[-+.]*$)[+-]?0*(?:\d{0,6}|(?=[\d.]{1,9}0*$)\d{0,6}\.\d{0,2}0*$)`, "0", "."},
	{`^(?!^[-+.]*$)[+-]?0*(?:\d{0,6}|(?=[\d.]{1,9}0*$)\d{0,6}\.\d{0,2}0*$)`, "0", "1.5"},
	{`(?=.*[a-z])(?=.*\d)(?<!x)`, "_", ""},
}

// TestLinearWork checks that a match's work grows linearly with the input
// on inputs that make backtracking explode: doubling the input at most
// doubles the states visited, and they never exceed two per instruction
// per position.
func TestLinearWork(t *testing.T) {
	for _, tc := range adversarial {
		c, err := ecma.Compile(tc.pattern)
		if err != nil {
			t.Errorf("Compile(%q): %v", tc.pattern, err)
			continue
		}
		if c.Cond.Op != ecma.OpLookaround {
			t.Errorf("%q is not decided by the automaton: %+v", tc.pattern, c.Cond)
			continue
		}
		l := c.Cond.Lookaround
		re := lookaround.MustCompile(l.RE2, l.Assertions...)
		prev := 0
		for n := 256; n <= 8192; n *= 2 {
			s := strings.Repeat(tc.unit, n) + tc.end
			steps := re.Steps(s)
			if limit := 2 * re.Size() * (len(s) + 1); steps > limit {
				t.Errorf("%q on %d characters: %d steps, above %d", tc.pattern, len(s), steps, limit)
			}
			if prev > 0 && steps > 2*prev {
				t.Errorf("%q: %d steps for %d characters, %d for half as many", tc.pattern, steps, len(s), prev)
			}
			prev = steps
		}
	}
}

// TestConcurrentMatches runs one Regexp from several goroutines, as
// generated code shares its package variables; go test -race watches.
func TestConcurrentMatches(t *testing.T) {
	re := lookaround.MustCompile(`(?P<L1>)[0-9]{3}(?P<L2>)`,
		lookaround.Assertion{Behind: true, Negated: true, RE2: `[.0-9]`},
		lookaround.Assertion{Negated: true, RE2: `[.0-9]`})
	inputs := map[string]bool{"x123y": true, "1234": false, "1.123": false, strings.Repeat("9", 300) + " 123": true}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 200 {
				for s, want := range inputs {
					if got := re.MatchString(s); got != want {
						t.Errorf("%q: %v, want %v", s, got, want)
						return
					}
				}
			}
		})
	}
	wg.Wait()
}

// BenchmarkLookaround measures the automaton on patterns producers write
// and on adversarial ones, with Go's regexp on a pattern of the same shape
// without lookarounds for scale.
func BenchmarkLookaround(b *testing.B) {
	for _, bc := range []struct{ name, pattern, input string }{
		{"condecimal/valid", `^(?!^[-+.]*$)[+-]?0*(?:\d{0,6}|(?=[\d.]{1,9}0*$)\d{0,6}\.\d{0,2}0*$)`, "1234.50"},
		{"condecimal/invalid", `^(?!^[-+.]*$)[+-]?0*(?:\d{0,6}|(?=[\d.]{1,9}0*$)\d{0,6}\.\d{0,2}0*$)`, "-."},
		{"lookbehind/64B", `(?<![\d.])\d{3}(?![\d.])`, strings.Repeat("x1.5 ", 12) + "1234"},
		{"nested/1KiB", `(?=(a+)+$)`, strings.Repeat("a", 1024) + "b"},
	} {
		c, err := ecma.Compile(bc.pattern)
		if err != nil || c.Cond.Op != ecma.OpLookaround {
			b.Fatalf("Compile(%q): %v, %+v", bc.pattern, err, c)
		}
		re := lookaround.MustCompile(c.Cond.Lookaround.RE2, c.Cond.Lookaround.Assertions...)
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(bc.input)))
			b.ReportAllocs()
			for b.Loop() {
				re.MatchString(bc.input)
			}
		})
	}
	// pydantic's Decimal, which the conjunction of two regexps decides,
	// run both ways.
	decimal, err := ecma.Compile(`^(?!^[-+.]*$)[+-]?0*\d*\.?\d*$`)
	if err != nil || decimal.Cond.Op == ecma.OpLookaround {
		b.Fatalf("pydantic's Decimal: %v, %+v", err, decimal)
	}
	conjunction := decimal.Matcher()
	automaton := lookaround.MustCompile(`\A(?P<L1>)[+\-]?0*[0-9]*\.?[0-9]*\z`, lookaround.Assertion{Negated: true, RE2: `\A[+\-.]*\z`})
	for name, match := range map[string]func(string) bool{"conjunction": conjunction, "automaton": automaton.MatchString} {
		b.Run("decimal/"+name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if !match("-1234.50") {
					b.Fatal("no match")
				}
			}
		})
	}
	plain := regexp.MustCompile(`\A[+\-]?0*(?:\d{0,6}|\d{0,6}\.\d{0,2}0*\z)`)
	b.Run("condecimal/valid/regexp-without-lookaheads", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			plain.MatchString("1234.50")
		}
	})
}
