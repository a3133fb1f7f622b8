package toolgenimpl

import (
	"strings"
	"testing"
)

func TestCompareNumbers(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"1", "1.0", 0},
		{"10e-1", "1", 0},
		{"-0", "0", 0},
		{"2", "10", -1},
		{"-2", "-10", 1},
		{"18446744073709551615", "18446744073709551600", 1},
		{"972783798187987123879878123.188781371", "972783798187987123879878123.18878137", 1},
		{"1e308", "1e309", -1},
		{"-1e-400", "0", -1},
		{"0.1", "1e-1", 0},
	} {
		if got := compareNumbers(c.a, c.b); got != c.want {
			t.Errorf("compareNumbers(%s, %s) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := compareNumbers(c.b, c.a); got != -c.want {
			t.Errorf("compareNumbers(%s, %s) = %d, want %d", c.b, c.a, got, -c.want)
		}
	}
}

func TestValueEqualAndInteger(t *testing.T) {
	a := MustParseValue(`{"a":[1,{"b":null}],"c":"x"}`)
	b := MustParseValue(`{"c":"x","a":[1.0,{"b":null}]}`)
	c := MustParseValue(`{"c":"x","a":[1,{"b":false}]}`)
	if !a.Equal(&b) || a.Equal(&c) {
		t.Errorf("Equal: a=b %v (want true), a=c %v (want false)", a.Equal(&b), a.Equal(&c))
	}
	for text, want := range map[string]bool{"1": true, "1.0": true, "1e2": true, "1.5": false, "12345678901234567890123": true, `"1"`: false} {
		v := MustParseValue(text)
		if got := v.IsInteger(); got != want {
			t.Errorf("IsInteger(%s) = %v, want %v", text, got, want)
		}
	}
	if _, err := parseConst(`{"a":1,"a":2}`); err == nil {
		t.Error("parseConst accepted a name sent twice")
	}
}

// twoForms checks a string (form 1) or an integer (form 2).
func stringForm(c *Check, x *Value, _ *Evaluated) bool  { return c.Type(x, TypeString) }
func integerForm(c *Check, x *Value, _ *Evaluated) bool { return c.Type(x, TypeInteger) }

func TestCheckUnionHints(t *testing.T) {
	x := MustParseValue(`{"v":true}`)
	var c Check
	c.Enter("v")
	if c.AnyOf(x.Member("v"), stringForm, integerForm) {
		t.Fatal("AnyOf reported true")
	}
	c.Leave()
	vs := c.Violations()
	if len(vs) != 1 || vs[0].Pointer != "/v" || vs[0].Keyword != "anyOf" {
		t.Fatalf("violations %+v, want one anyOf at /v", vs)
	}
	for _, want := range []string{`form 1: Field "v" must be a string`, `form 2: Field "v" must be an integer`} {
		if !strings.Contains(vs[0].Hint, want) {
			t.Errorf("hint %q lacks %q", vs[0].Hint, want)
		}
	}
	// Quiet checks record nothing, hints included.
	if c.Try(func(c *Check, x *Value, ev *Evaluated) bool { return c.AnyOf(x, stringForm) }, x.Member("v"), nil) || len(c.Violations()) != 1 {
		t.Errorf("Try recorded %d violations, want the 1 from before", len(c.Violations()))
	}
}

func TestEvaluated(t *testing.T) {
	x := MustParseValue(`[1,2,3,4]`)
	ev := NewEvaluated(&x)
	fork := ev.Fork()
	fork.Mark(1)
	ev.MarkFrom(3)
	if ev.Has(1) {
		t.Error("a fork's marks leaked before Merge")
	}
	ev.Merge(fork)
	for i, want := range []bool{false, true, false, true} {
		if ev.Has(i) != want {
			t.Errorf("Has(%d) = %v, want %v", i, ev.Has(i), want)
		}
	}
	var none *Evaluated
	none.Mark(0) // a nil record records nothing, without panicking
	if none.Has(0) || none.Fork() != nil {
		t.Error("a nil record reported something")
	}
}

func TestCheckDynamicScope(t *testing.T) {
	var c Check
	c.Push(4)
	c.Push(7)
	if got := c.Dynamic([]int{7, 4}); got != 1 {
		t.Errorf("Dynamic = %d, want 1: the outermost resource in scope wins", got)
	}
	c.Pop()
	c.Pop()
	if got := c.Dynamic([]int{7}); got != -1 {
		t.Errorf("Dynamic = %d on an empty scope, want -1", got)
	}
}

// A member name in a hint is cut as the typed reader cuts it; the pointer
// keeps it whole.
func TestCheckHintsCutLongNames(t *testing.T) {
	long := strings.Repeat("n", 100)
	var c Check
	c.Enter("a")
	c.PropertyName(long)
	c.Leave()
	vs := c.Violations()
	want := `Field "a.` + strings.Repeat("n", 64) + `…" has a name that is not allowed here; rename or remove it.`
	if len(vs) != 1 || vs[0].Pointer != "/a/"+long || vs[0].Hint != want {
		t.Fatalf("violations %+v,\nwant one at /a/%s with hint %q", vs, long, want)
	}
}
