package ecma

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/ecma/ecmaref"
)

// agree compares Compile's verdicts on inputs with the reference matcher's,
// which follows the specification's algorithm (ecmaref, itself compared
// with V8).
func agree(t *testing.T, c *Pattern, inputs []string) {
	t.Helper()
	ref, err := ecmaref.Compile(c.Source)
	if err != nil {
		t.Fatalf("the reference matcher cannot read %q: %v", c.Source, err)
	}
	match := c.Matcher()
	for _, s := range inputs {
		want, err := ref.Match(s)
		if err != nil {
			continue // the reference ran out of steps
		}
		if got := match(s); got != want {
			t.Fatalf("%q on %+q: %v (as %+v), the specification says %v", c.Source, s, got, c.Cond, want)
		}
	}
}

// TestProducerPatterns compiles the patterns pydantic, zod and
// zod-to-json-schema write, and the other patterns the reference matcher
// is checked with, and compares them with it.
func TestProducerPatterns(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, p := range ecmaref.Patterns {
		c, err := Compile(p.Pattern)
		if err != nil {
			// Each refusal is a place no conjunction decides.
			switch p.Pattern {
			case `(?=a)`, `a(?=b)`, `^a*(?=b)`, `^(?:a|(?=b))*b`, `(?:^(?=a)ab|b(?!c))`:
				var u *UnsupportedError
				if !errors.As(err, &u) || u.Where == "" {
					t.Errorf("Compile(%q): %v, want an *UnsupportedError saying where", p.Pattern, err)
				}
			default:
				t.Errorf("Compile(%q): %v", p.Pattern, err)
			}
			continue
		}
		agree(t, c, ecmaref.Inputs(p.Pattern, rng))
	}
}

// TestProducerVerdicts states what the producers' patterns are for.
func TestProducerVerdicts(t *testing.T) {
	for _, tc := range []struct {
		pattern     string
		yes, no     []string
		conjunction bool // decided by more than one regexp
	}{
		{`^(?!^[-+.]*$)[+-]?0*\d*\.?\d*$`, []string{"1", "-1.50", ".5", "+0", "12."}, []string{"", "+", "-.", ".", "1e5", "1.2.3", "abc"}, true},
		{`^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-\.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$`,
			[]string{"a.b@example.com", "o'neil+x@mail.co"}, []string{".a@example.com", "a..b@example.com", "a@b", "a@example.c"}, true},
		{`^(?=.{1,253}\.?$)[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[-0-9a-zA-Z]{0,61}[0-9a-zA-Z])?)*\.?$`,
			[]string{"example.com", "a", "example.com."}, []string{"", "-a.com", strings.Repeat("a.", 127) + "a"}, true},
		{`^P(?:(\d+W)|(?!.*W)(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+([.,]\d+)?S)?)?)$`,
			[]string{"P1W", "P1Y2M3DT4H5M6.5S", "PT1H", "P3D"}, []string{"P", "PT", "P1YT", "P1Y1W", "P1WT1H", "1Y"}, true},
		{`^(?!.*[Ll][Ii][Nn][Ee][Aa][Rr])[a-zA-Z0-9_-]{1,64}$`, []string{"search", "lin_ear"}, []string{"linear_search", "get-LINEAR", ""}, true},
		{`^tok\_`, []string{"tok_123"}, []string{"tok123", `tok\_`}, false},
		{`^https\:\/\/`, []string{"https://x"}, []string{"http://x", `https\:`}, false},
		{`^\"[^\"]*\"$`, []string{`"a"`}, []string{`\"a\"`, `a`}, false},
		{`(?P<year>\d{4})-\d\d`, []string{"on 2024-05"}, []string{"24-05"}, false},
		{`^a\-b$`, []string{"a-b"}, []string{`a\-b`, "ab"}, false},
		{`^[\_\:]+$`, []string{"_:_"}, []string{`\`}, false},
	} {
		c, err := Compile(tc.pattern)
		if err != nil {
			t.Errorf("Compile(%q): %v", tc.pattern, err)
			continue
		}
		if got := c.Cond.Op != OpMatch; got != tc.conjunction {
			t.Errorf("%q: decided by several regexps = %v, want %v (%+v)", tc.pattern, got, tc.conjunction, c.Cond)
		}
		match := c.Matcher()
		for _, s := range tc.yes {
			if !match(s) {
				t.Errorf("%q does not match %q", tc.pattern, s)
			}
		}
		for _, s := range tc.no {
			if match(s) {
				t.Errorf("%q matches %q", tc.pattern, s)
			}
		}
	}
}

// TestOrdinaryPatternsStayOneRegexp checks that a pattern without
// lookaheads compiles to the one regexp it always had.
func TestOrdinaryPatternsStayOneRegexp(t *testing.T) {
	for _, tc := range translations {
		c, err := Compile(tc.pattern)
		if err != nil {
			t.Errorf("Compile(%q): %v", tc.pattern, err)
			continue
		}
		if c.Cond.Op != OpMatch || len(c.Cond.Regexps()) != 1 {
			t.Errorf("%q compiles to %+v, not one regexp", tc.pattern, c.Cond)
		}
		if strict := strictCondition(t, tc.pattern); strict.RE2 != c.Cond.RE2 {
			t.Errorf("%q: %q, but with the u flag alone %q", tc.pattern, c.Cond.RE2, strict.RE2)
		}
	}
}

// strictCondition is the condition of a pattern read with the u flag
// alone.
func strictCondition(t *testing.T, pattern string) Cond {
	t.Helper()
	p, err := parse(pattern, true, false)
	if err != nil {
		t.Fatalf("%q with the u flag alone: %v", pattern, err)
	}
	p.nameGroups()
	c, err := p.condition()
	if err != nil {
		t.Fatalf("%q with the u flag alone: %v", pattern, err)
	}
	return c
}

// lookaheadRefusals are lookaheads where no conjunction decides them, and
// the offset of the one reported.
var lookaheadRefusals = []struct {
	pattern string
	offset  int
	where   string
}{
	{`(?!admin).*`, 0, "not anchored"},
	{`a(?=b)`, 1, "not anchored"},
	{`(?:^|,)(?=a)`, 7, "not anchored"},
	{`x^(?=a)`, 2, "not anchored"},
	{`^a*(?=b)`, 3, "more than one place"},
	{`^(?:a|ab)(?!c)`, 9, "more than one place"},
	{`^(?:(?=a)b)+`, 4, "repeated group"},
	{`^(?:(?!a)b){2}`, 4, "repeated group"},
	{`^(?:(?=a)|(?=b))(?:(?=a)|(?=b))(?:(?=a)|(?=b))(?:(?=a)|(?=b))(?:(?=a)|(?=b))(?:(?=a)|(?=b))`, 4, "more than 32"},
}

func TestLookaheadRefusals(t *testing.T) {
	for _, tc := range lookaheadRefusals {
		_, err := Compile(tc.pattern)
		var u *UnsupportedError
		if !errors.As(err, &u) {
			t.Errorf("Compile(%q) = %v, want an *UnsupportedError", tc.pattern, err)
			continue
		}
		if u.Offset != tc.offset || !strings.Contains(u.Where, tc.where) || !strings.HasPrefix(tc.pattern[u.Offset:], "(?") {
			t.Errorf("Compile(%q): %+v, want offset %d and %q", tc.pattern, *u, tc.offset, tc.where)
		}
		if msg := u.Error(); !strings.Contains(msg, tc.pattern) || !strings.Contains(msg, u.Where) {
			t.Errorf("Compile(%q): unhelpful message %q", tc.pattern, msg)
		}
	}
}

// grammar writes a random pattern over a, b and c from a stream of
// choices, with lookaheads, groups, quantifiers and anchors anywhere the
// u flag allows them.
type grammar struct {
	choices []byte
	depth   int
}

func (g *grammar) next(n int) int {
	if len(g.choices) == 0 {
		return 0
	}
	c := g.choices[0]
	g.choices = g.choices[1:]
	return int(c) % n
}

func (g *grammar) pattern() string {
	var b strings.Builder
	if g.next(3) > 0 {
		b.WriteString("^")
	}
	g.sequence(&b, 1+g.next(4))
	if g.next(4) == 0 {
		b.WriteString("|")
		g.sequence(&b, 1+g.next(3))
	}
	return b.String()
}

func (g *grammar) sequence(b *strings.Builder, n int) {
	for range n {
		g.term(b)
	}
}

func (g *grammar) term(b *strings.Builder) {
	g.depth++
	defer func() { g.depth-- }()
	choice := g.next(12)
	if g.depth > 3 {
		choice %= 4
	}
	switch choice {
	case 0, 1:
		b.WriteString([]string{"a", "b", "c", ".", "[ab]", "[^a]", "$", "\\b"}[g.next(8)])
	case 2:
		b.WriteString("^")
	case 3:
		b.WriteString([]string{"a*", "b+", "c?", "a{1,2}", "b??", "[bc]*"}[g.next(6)])
	case 4, 5, 6:
		b.WriteString([]string{"(?=", "(?!"}[g.next(2)])
		g.alternatives(b)
		b.WriteString(")")
	default:
		b.WriteString([]string{"(", "(?:"}[g.next(2)])
		g.alternatives(b)
		b.WriteString(")")
		b.WriteString([]string{"", "", "?", "??", "*", "{1}", "{0,1}", "+"}[g.next(8)])
	}
}

func (g *grammar) alternatives(b *strings.Builder) {
	g.sequence(b, 1+g.next(2))
	if g.next(3) == 0 {
		b.WriteString("|")
		g.sequence(b, g.next(2))
	}
}

// shortStrings are every string over a, b and c up to four characters long.
var shortStrings = func() []string {
	out := []string{""}
	for n, last := 0, []string{""}; n < 4; n++ {
		var next []string
		for _, s := range last {
			for _, c := range "abc" {
				next = append(next, s+string(c))
			}
		}
		out = append(out, next...)
		last = next
	}
	return out
}()

// checkGrammarPattern compiles a pattern of the grammar and holds Compile to
// the reference on every short string; a refusal must name a lookahead. It
// reports whether the pattern compiled to more than one regexp.
func checkGrammarPattern(t *testing.T, pattern string) bool {
	c, err := Compile(pattern)
	var u *UnsupportedError
	switch {
	case err == nil:
		agree(t, c, shortStrings)
		return c.Cond.Op != OpMatch
	case errors.As(err, &u):
		if !strings.HasPrefix(pattern[u.Offset:], "(?=") && !strings.HasPrefix(pattern[u.Offset:], "(?!") {
			t.Fatalf("Compile(%q): %v, at no lookahead", pattern, err)
		}
	default:
		t.Fatalf("Compile(%q): %v", pattern, err)
	}
	return false
}

// TestLookaheadsAgainstReference runs patterns of the grammar through
// checkGrammarPattern; enough of them must be decided by several regexps
// for the comparison to mean something.
func TestLookaheadsAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	decided := 0
	for range 3000 {
		choices := make([]byte, 64)
		for i := range choices {
			choices[i] = byte(rng.Uint32())
		}
		g := &grammar{choices: choices}
		if checkGrammarPattern(t, g.pattern()) {
			decided++
		}
	}
	if decided < 300 {
		t.Errorf("only %d of 3000 patterns were decided by several regexps", decided)
	}
	t.Logf("%d of 3000 patterns decided by several regexps", decided)
}

// FuzzLookaheads is TestLookaheadsAgainstReference on the fuzzer's choices.
func FuzzLookaheads(f *testing.F) {
	f.Add([]byte{1, 4, 0, 0, 0, 1, 7, 1})
	f.Add([]byte{2, 3, 4, 1, 5, 0, 2, 9, 9, 1})
	f.Fuzz(func(t *testing.T, choices []byte) {
		g := &grammar{choices: choices}
		checkGrammarPattern(t, g.pattern())
	})
}
