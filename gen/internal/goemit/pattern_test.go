package goemit

import (
	"math/rand/v2"
	"regexp"
	"testing"
)

// match runs a loop the way the emitted function does.
func (l *Loop) match(s string) bool {
	i := 0
	for _, step := range l.steps {
		n := 0
		for i < len(s) && (step.max < 0 || n < step.max) && inRanges(step.ranges, s[i]) {
			i++
			n++
		}
		if n < step.min {
			return false
		}
	}
	return i == len(s)
}

func inRanges(rs []byteRange, c byte) bool {
	for _, r := range rs {
		if r.lo <= c && c <= r.hi {
			return true
		}
	}
	return false
}

var loopPatterns = []string{
	`^[A-Za-z0-9_.-]+$`, `^[A-Z]{3}-[0-9]{4}$`, `^pay_[A-Za-z0-9]{4,60}$`, `^[0-9]{16}$`,
	`^[a-z]*$`, `^a?b+c{2,}$`, `^(?i)abc$`, `^v[0-9]+\.[0-9]+$`, `^[a-f0-9]{8}$`,
}

var regexpPatterns = []string{
	`[a-z]+`,           // not anchored: a search, not a match
	`^[a-z]+[a-z0-9]$`, // a greedy step could take the next step's byte
	`^é+$`,             // beyond ASCII
	`^(ab)+$`,          // a group repeated
	`^a|b$`,            // alternation
	`^[a-z]+?x$`,       // non-greedy
	`^(?i)k$`,          // k folds to the Kelvin sign
	`^[^a-z]{1,3}$`,    // a negated class holds every rune beyond ASCII
}

func TestCompileLoop(t *testing.T) {
	for _, expr := range regexpPatterns {
		if _, ok := CompileLoop(expr); ok {
			t.Errorf("%s compiled to a loop; it needs regexp", expr)
		}
	}
	alphabet := []byte("aAbBcCzZ09_.-vxé\x00\n pay")
	rng := rand.New(rand.NewPCG(1, 2))
	for _, expr := range loopPatterns {
		l, ok := CompileLoop(expr)
		if !ok {
			t.Errorf("%s did not compile to a loop", expr)
			continue
		}
		re := regexp.MustCompile(expr)
		for range 20000 {
			b := make([]byte, rng.IntN(12))
			for i := range b {
				b[i] = alphabet[rng.IntN(len(alphabet))]
			}
			if s := string(b); l.match(s) != re.MatchString(s) {
				t.Fatalf("%s on %q: loop %v, regexp %v", expr, s, l.match(s), re.MatchString(s))
			}
		}
	}
}

// FuzzLoop compares each loop with regexp on arbitrary strings.
func FuzzLoop(f *testing.F) {
	f.Add("pay_1234", uint8(2))
	f.Add("ABC-1234", uint8(1))
	f.Fuzz(func(t *testing.T, s string, which uint8) {
		expr := loopPatterns[int(which)%len(loopPatterns)]
		l, _ := CompileLoop(expr)
		if l.match(s) != regexp.MustCompile(expr).MatchString(s) {
			t.Fatalf("%s on %q: loop %v", expr, s, l.match(s))
		}
	})
}
