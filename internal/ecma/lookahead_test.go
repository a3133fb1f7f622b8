package ecma

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"reflect"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/ecma/ecmaref"
	"github.com/toolgen/toolgen/internal/ecma/lookaround"
)

// agree compares Compile's verdicts on inputs with the reference matcher's,
// which follows the specification's algorithm (ecmaref, itself compared
// with V8). It returns how many inputs were compared (the reference may run
// out of steps) and how many of them match.
func agree(t *testing.T, c *Pattern, inputs []string) (compared, matched int) {
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
			how := fmt.Sprintf("%+v", c.Cond)
			if c.Cond.Lookaround != nil {
				how = fmt.Sprintf("the automaton %+v", *c.Cond.Lookaround)
			}
			t.Fatalf("%q on %+q: %v (as %s), the specification says %v", c.Source, s, got, how, want)
		}
		compared++
		if want {
			matched++
		}
	}
	return compared, matched
}

// TestProducerPatterns compiles the patterns pydantic, zod and
// zod-to-json-schema write, and the other patterns the reference matcher
// is checked with, and compares them with it.
func TestProducerPatterns(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, p := range ecmaref.Patterns {
		c, err := Compile(p.Pattern)
		if err != nil {
			t.Errorf("Compile(%q): %v", p.Pattern, err)
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
	return p.condition()
}

// undecidedByRegexps are lookarounds that no condition on RE2 matches
// decides, and the automaton does.
var undecidedByRegexps = []string{
	`(?!admin).*`,
	`a(?=b)`,
	`(?:^|,)(?=a)`,
	`x^(?=a)`,
	`^a*(?=b)`,
	`^(?:a|ab)(?!c)`,
	`^(?:(?=a)b)+`,
	`^(?:(?!a)b){2}`,
	`^(?:(?=a)|(?=b))(?:(?=a)|(?=b))(?:(?=a)|(?=b))(?:(?=a)|(?=b))(?:(?=a)|(?=b))(?:(?=a)|(?=b))`, // more than 32 regexps
	`^(?<=a)`,
	`(?<!a)b`,
	`^(?=(?<=^)a)`,
	`^(?!^[-+.]*$)[+-]?0*(?:\d{0,6}|(?=[\d.]{1,9}0*$)\d{0,6}\.\d{0,2}0*$)`,
}

func TestUndecidedByRegexps(t *testing.T) {
	for _, pattern := range undecidedByRegexps {
		c, err := Compile(pattern)
		if err != nil {
			t.Errorf("Compile(%q): %v", pattern, err)
			continue
		}
		if c.Cond.Op != OpLookaround {
			t.Errorf("Compile(%q) = %+v, want the automaton", pattern, c.Cond)
		}
		agree(t, c, shortStrings)
	}
}

// TestAutomatonText checks the form the automaton reads: groups made
// non-capturing, each lookaround an empty group numbered as it opens.
func TestAutomatonText(t *testing.T) {
	c, err := Compile(`(?<y>a)(?=b(?<!c(?=d))|(e))f(?!g)`)
	if err != nil {
		t.Fatal(err)
	}
	want := &Lookaround{RE2: `(?:a)(?P<L1>)f(?P<L4>)`, Assertions: []lookaround.Assertion{
		{RE2: `b(?P<L2>)|(?:e)`},
		{Behind: true, Negated: true, RE2: `c(?P<L3>)`},
		{RE2: `d`},
		{Negated: true, RE2: `g`},
	}}
	if !reflect.DeepEqual(c.Cond.Lookaround, want) {
		t.Errorf("got %+v, want %+v", c.Cond.Lookaround, want)
	}
}

// grammar writes a random pattern over a, b and c from a stream of
// choices, with lookaheads, lookbehinds, groups, quantifiers and anchors
// anywhere the u flag allows them.
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
	choice := g.next(13)
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
	case 12:
		b.WriteString([]string{"(?<=", "(?<!"}[g.next(2)])
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
// the reference on every short string. It returns how the pattern is
// decided.
func checkGrammarPattern(t *testing.T, pattern string) Op {
	c, err := Compile(pattern)
	if err != nil {
		t.Fatalf("Compile(%q): %v", pattern, err)
	}
	agree(t, c, shortStrings)
	return c.Cond.Op
}

// TestLookaroundsAgainstReference runs patterns of the grammar through
// checkGrammarPattern; enough of them must be decided by several regexps,
// and enough by the automaton, for the comparison to mean something.
func TestLookaroundsAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const patterns = 3000
	by := map[bool]int{} // by the automaton or not
	for range patterns {
		choices := make([]byte, 64)
		for i := range choices {
			choices[i] = byte(rng.Uint32())
		}
		g := &grammar{choices: choices}
		switch checkGrammarPattern(t, g.pattern()) {
		case OpMatch:
		case OpLookaround:
			by[true]++
		default:
			by[false]++
		}
	}
	if by[false] < patterns/10 || by[true] < patterns/10 {
		t.Errorf("of %d patterns, %d were decided by several regexps and %d by the automaton", patterns, by[false], by[true])
	}
	t.Logf("of %d patterns, %d were decided by several regexps and %d by the automaton", patterns, by[false], by[true])
}

// lookaroundPlaces are the places a lookaround stands in patterns, X
// standing for it: alone, after prefixes that end at one place or at
// several, inside groups, alternatives and repeated groups, and inside
// another lookaround.
var lookaroundPlaces = []string{
	`X`, `^X`, `X$`, `aX`, `Xa`, `^a*X`, `^(?:a|ab)X`, `a*Xb`, `^Xa*$`, `X^`, `$X`,
	`(?:aX)b`, `(aX|b)c`, `a|X`, `^(?:X|b)c`, `(?:X)?a`,
	`^(?:Xa)*$`, `^(?:aX)+b`, `(?:Xb){2}`, `^(?:a|X)*c`, `^(?:[ab]X)*$`,
	`(?=aX)`, `(?<=Xa)`, `(?!X)b`, `(?<!bX)c`,
}

// lookaroundBodies are what the lookarounds of lookaroundPlaces hold.
var lookaroundBodies = []string{
	`a`, `b*`, `a|bc`, `$`, `^`, `\b`, `ab*c?`, `(?=b)b`, `(?<!a)b`, `[^a]+`, `.`, `(?:ab)+`,
}

// stringsUpTo returns every string over alphabet up to n characters long.
func stringsUpTo(alphabet string, n int) []string {
	out, last := []string{""}, []string{""}
	for range n {
		var next []string
		for _, s := range last {
			for _, c := range alphabet {
				next = append(next, s+string(c))
			}
		}
		out = append(out, next...)
		last = next
	}
	return out
}

// TestLookaroundPlaces holds every kind of lookaround, with each body, in
// each place to the reference on every string over a, b and c up to five
// characters long.
func TestLookaroundPlaces(t *testing.T) {
	inputs := stringsUpTo("abc", 5)
	if testing.Short() {
		inputs = shortStrings
	}
	patterns, split := 0, 0 // split: some inputs match, some do not
	for _, place := range lookaroundPlaces {
		for _, kind := range []string{"(?=", "(?!", "(?<=", "(?<!"} {
			for _, body := range lookaroundBodies {
				pattern := strings.Replace(place, "X", kind+body+")", 1)
				c, err := Compile(pattern)
				if err != nil {
					t.Errorf("Compile(%q): %v", pattern, err)
					continue
				}
				compared, matched := agree(t, c, inputs)
				if compared < len(inputs) {
					t.Errorf("%q: the reference judged %d of %d inputs", pattern, compared, len(inputs))
				}
				patterns++
				if 0 < matched && matched < compared {
					split++
				}
			}
		}
	}
	if split < patterns*2/3 {
		t.Errorf("only %d of %d patterns match some inputs and not others", split, patterns)
	}
}

// TestLookaroundPlacesAgainstV8 holds the patterns of TestLookaroundPlaces
// to V8 itself, the JavaScript engine of Node.js, on every string over a, b
// and c up to four characters long.
func TestLookaroundPlacesAgainstV8(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the lookarounds are not compared with V8")
	}
	var patterns []string
	for _, place := range lookaroundPlaces {
		for _, kind := range []string{"(?=", "(?!", "(?<=", "(?<!"} {
			for _, body := range lookaroundBodies {
				patterns = append(patterns, strings.Replace(place, "X", kind+body+")", 1))
			}
		}
	}
	in, err := json.Marshal(map[string]any{"patterns": patterns, "inputs": shortStrings})
	if err != nil {
		t.Fatal(err)
	}
	const script = `
const job = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(job.patterns.map(p => {
  const re = new RegExp(p, "u");
  return job.inputs.map(s => re.test(s));
})));`
	cmd := exec.Command(node, "-e", script)
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var verdicts [][]bool
	if err := json.Unmarshal(out, &verdicts); err != nil {
		t.Fatal(err)
	}
	for i, pattern := range patterns {
		c, err := Compile(pattern)
		if err != nil {
			t.Errorf("Compile(%q): %v", pattern, err)
			continue
		}
		match := c.Matcher()
		for j, s := range shortStrings {
			if got := match(s); got != verdicts[i][j] {
				t.Errorf("%q on %q: %v, V8 %v", pattern, s, got, verdicts[i][j])
			}
		}
	}
	t.Logf("%d verdicts compared with V8", len(patterns)*len(shortStrings))
}

// FuzzLookaround is TestLookaroundsAgainstReference on the fuzzer's
// choices.
func FuzzLookaround(f *testing.F) {
	f.Add([]byte{1, 4, 0, 0, 0, 1, 7, 1})
	f.Add([]byte{2, 3, 4, 1, 5, 0, 2, 9, 9, 1})
	f.Add([]byte{1, 6, 6, 1, 0, 2, 3, 3, 0, 0, 4, 1, 0})
	f.Fuzz(func(t *testing.T, choices []byte) {
		g := &grammar{choices: choices}
		checkGrammarPattern(t, g.pattern())
	})
}
