package toolgenimpl

import (
	"regexp"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/runtime"
)

const heldSecret = "S3CR3T"

// wholeChecks are the checks of a schema function that judge a value whole,
// each with the value that fails it: an object or an array holding
// heldSecret.
var wholeChecks = []struct {
	name string
	x    string
	call func(c *Check, x *Value) bool
}{
	{"const object", `{"s":"S3CR3T"}`, func(c *Check, x *Value) bool { return c.Const(x, &fixedValue, `"fixed"`) }},
	{"const array", `[["S3CR3T"]]`, func(c *Check, x *Value) bool { return c.Const(x, &fixedValue, `"fixed"`) }},
	{"enum object", `{"a":{"s":"S3CR3T"}}`, func(c *Check, x *Value) bool { return c.Enum(x, []Value{fixedValue}, `"fixed"`) }},
	{"enum array", `[1,"S3CR3T"]`, func(c *Check, x *Value) bool { return c.Enum(x, []Value{fixedValue}, `"fixed"`) }},
	{"uniqueItems", `[{"s":"S3CR3T"},{"s":"S3CR3T"}]`, func(c *Check, x *Value) bool { return c.UniqueItems(x) }},
}

// itemsNamed finds words that say which items are equal.
var itemsNamed = regexp.MustCompile(`items [0-9]+ and [0-9]+`)

// shows reports whether v shows anything of the value held: the secret,
// or which of its items are equal.
func shows(v runtime.Violation) bool {
	text := v.Message + v.Hint
	return strings.Contains(text, heldSecret) || itemsNamed.MatchString(text)
}

// TestCheckHidesHeldSecrets runs each check that judges a value whole on
// an object or an array holding a secret: between BeginHoldingSecrets and
// EndHoldingSecrets, at the value's own position, no word shows the value
// and the violation keeps its place and keyword; outside the bracket, and
// at a member below it, the same check shows it, so that the test can fail.
func TestCheckHidesHeldSecrets(t *testing.T) {
	for _, check := range wholeChecks {
		x := MustParseValue(check.x)
		report := func(holding bool, depth int) runtime.Violation {
			var c Check
			c.Enter("p")
			if holding {
				defer c.EndHoldingSecrets(c.BeginHoldingSecrets())
			}
			for range depth {
				c.Enter("m")
			}
			if check.call(&c, &x) {
				t.Fatalf("%s passed %s", check.name, check.x)
			}
			return c.Violations()[0]
		}
		if v := report(true, 0); shows(v) || v.Pointer != "/p" {
			t.Errorf("%s, holding secrets: %+v", check.name, v)
		}
		if v := report(false, 0); !shows(v) {
			t.Errorf("%s, holding none: the value is not shown: %+v", check.name, v)
		}
		if v := report(true, 1); !shows(v) || v.Pointer != "/p/m" {
			t.Errorf("%s, a member of a value holding secrets: the member is not shown: %+v", check.name, v)
		}
	}
}

// TestCheckHoldingShowsScalars checks that a scalar judged where a value
// may hold secrets is shown: it holds nothing (a union whose object form
// holds a secret also takes strings).
func TestCheckHoldingShowsScalars(t *testing.T) {
	x := MustParseValue(`"plain S3CR3T"`)
	var c Check
	defer c.EndHoldingSecrets(c.BeginHoldingSecrets())
	c.Const(&x, &fixedValue, `"fixed"`)
	if v := c.Violations()[0]; !strings.Contains(v.Message, heldSecret) || !strings.Contains(v.Hint, heldSecret) {
		t.Errorf("a string is not shown: %+v", v)
	}
}

// TestCheckHoldingNests checks that brackets at two depths each cover their
// own position, and that ending the inner one leaves the outer in force.
func TestCheckHoldingNests(t *testing.T) {
	x := MustParseValue(`{"s":"S3CR3T"}`)
	var c Check
	outer := c.BeginHoldingSecrets()
	c.Enter("m")
	inner := c.BeginHoldingSecrets()
	c.Const(&x, &fixedValue, `"fixed"`) // at /m, holding
	c.EndHoldingSecrets(inner)
	c.Const(&x, &fixedValue, `"fixed"`) // at /m, no longer
	c.Leave()
	c.Const(&x, &fixedValue, `"fixed"`) // at the root, holding
	c.EndHoldingSecrets(outer)
	c.Const(&x, &fixedValue, `"fixed"`) // at the root, no longer
	vs := c.Violations()
	for i, hidden := range []bool{true, false, true, false} {
		if shows(vs[i]) == hidden {
			t.Errorf("violation %d (%s) should be hidden: %v: %+v", i, vs[i].Pointer, hidden, vs[i])
		}
	}
}

// TestOnceKeepsHoldingApart runs one memoized schema function on one value
// at a position holding secrets and then outside the bracket: the replay
// of the first run must not stand for the second, nor the second's for a
// third run inside the bracket.
func TestOnceKeepsHoldingApart(t *testing.T) {
	x := MustParseValue(`{"s":"S3CR3T"}`)
	fn := func(c *Check, x *Value, _ *Evaluated) bool { return c.Const(x, &fixedValue, `"fixed"`) }
	var c Check
	end := c.BeginHoldingSecrets()
	c.Once(1, fn, &x, nil)
	c.EndHoldingSecrets(end)
	c.Once(1, fn, &x, nil)
	end = c.BeginHoldingSecrets()
	c.Once(1, fn, &x, nil)
	c.EndHoldingSecrets(end)
	vs := c.Violations()
	if len(vs) != 3 || shows(vs[0]) || !shows(vs[1]) || shows(vs[2]) {
		t.Errorf("want hidden, shown, hidden; got %+v", vs)
	}
}

// TestReaderHidesHeldDuplicates checks that the typed reader's uniqueItems
// of items holding secrets says two items are equal, at the array, and not
// which.
func TestReaderHidesHeldDuplicates(t *testing.T) {
	for _, holding := range []bool{false, true} {
		r := NewReader([]byte(`{"p":[1,1]}`))
		r.BeginObject()
		r.Name()
		r.Raw()
		if holding {
			r.UniqueItemsHoldingSecrets()
		} else {
			r.UniqueItems(0, 1)
		}
		vs := r.Violations()
		if len(vs) != 1 || vs[0].Keyword != "uniqueItems" || vs[0].Pointer != "/p" || shows(vs[0]) == holding {
			t.Errorf("holding %v: %+v", holding, vs)
		}
	}
}

// TestUnconvertedHidesHeldSecrets checks that what a Go type says of a
// value holding secrets, which may quote it, is not shown, and is shown of
// one that holds none.
func TestUnconvertedHidesHeldSecrets(t *testing.T) {
	for _, holding := range []bool{false, true} {
		r := NewReader([]byte(`{"m":{"s":"S3CR3T"}}`))
		r.BeginObject()
		r.Name()
		mark := r.Mark()
		text, _ := r.Raw()
		if _, ok := DecodeJSON[word](r, mark, text, Conversion{Keyword: "goJSONSchema", HoldsSecrets: holding}); ok {
			t.Fatal("a refused value converted")
		}
		vs := r.Violations()
		if len(vs) != 1 || vs[0].Pointer != "/m" || shows(vs[0]) == holding {
			t.Errorf("holding %v: %+v", holding, vs)
		}
	}
}
