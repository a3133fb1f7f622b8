package toolgenimpl

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/runtime"
)

// A sensitiveCheck calls one check of a schema function that fails on x.
type sensitiveCheck struct {
	name string
	call func(c *Check, x *Value) bool
}

var fixedValue = MustParseValue(`"fixed"`)

var sensitiveChecks = []sensitiveCheck{
	{"type", func(c *Check, x *Value) bool { return c.Type(x, TypeBoolean) }},
	{"const", func(c *Check, x *Value) bool { return c.Const(x, &fixedValue, `"fixed"`) }},
	{"enum", func(c *Check, x *Value) bool { return c.Enum(x, []Value{fixedValue}, `"fixed"`) }},
	{"pattern", func(c *Check, x *Value) bool {
		return x.Kind != KindString || c.Pattern(x, regexp.MustCompile(`^$`), "^$")
	}},
	{"format", func(c *Check, x *Value) bool {
		return x.Kind != KindString || c.Format(x, "email", func(string) bool { return false })
	}},
	{"minimum", func(c *Check, x *Value) bool { return x.Kind != KindNumber || c.Bound(x, "minimum", "1e400") }},
	{"exclusiveMaximum", func(c *Check, x *Value) bool { return x.Kind != KindNumber || c.Bound(x, "exclusiveMaximum", "-1e400") }},
	{"multipleOf", func(c *Check, x *Value) bool {
		return x.Kind != KindNumber || c.MultipleOf(x, big.NewRat(1, 1<<62), "2^-62")
	}},
	{"anyOf", func(c *Check, x *Value) bool {
		return c.AnyOf(x, func(c *Check, x *Value, _ *Evaluated) bool { return c.Const(x, &fixedValue, `"fixed"`) })
	}},
}

// sensitiveValues returns values that hold secret: strings with it among
// random text, numbers made of its digits, and each inside an array (a
// value's description must not show the items either).
func sensitiveValues(rng *rand.Rand, secret string) []Value {
	var out []Value
	for range 20 {
		pre := strings.Repeat("a", rng.IntN(30))
		post := strings.Repeat("9", rng.IntN(30))
		out = append(out,
			MustParseValue(fmt.Sprintf("%q", pre+secret+post)),
			MustParseValue(fmt.Sprintf("%d%s.%d", rng.IntN(9)+1, "314159", rng.IntN(1000)+1)),
		)
	}
	return out
}

// TestCheckHidesSensitive runs every check of a schema function that may
// quote a value on generated values holding a secret: inside BeginSensitive
// neither message nor hint may quote it, while outside each check that
// quotes values does, so that the test can fail.
func TestCheckHidesSensitive(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, secret := range []string{"S3CR3T"} {
		for _, x := range sensitiveValues(rng, secret) {
			quoted := "314159"
			if x.Kind == KindString {
				quoted = secret
			}
			for _, check := range sensitiveChecks {
				var plain, hidden Check
				plain.Enter("p")
				hidden.Enter("p")
				hidden.BeginSensitive()
				if check.call(&plain, &x) || check.call(&hidden, &x) {
					continue // this check does not apply to this kind
				}
				for _, v := range hidden.Violations() {
					if strings.Contains(v.Message+v.Hint, quoted) {
						t.Errorf("%s on %s echoes the sensitive value: %+v", check.name, x.Text, v)
					}
				}
				echoed := false
				for _, v := range plain.Violations() {
					echoed = echoed || strings.Contains(v.Message+v.Hint, quoted)
				}
				if !echoed {
					t.Errorf("%s on %s does not quote a value that is not sensitive: %+v", check.name, x.Text, plain.Violations())
				}
			}
		}
	}
}

// TestCheckSensitiveNests checks that sensitivity brackets nest: what is
// inside two sensitive values stays hidden until both end.
func TestCheckSensitiveNests(t *testing.T) {
	x := MustParseValue(`"S3CR3T"`)
	var c Check
	c.BeginSensitive()
	c.BeginSensitive()
	c.EndSensitive()
	c.Const(&x, &fixedValue, `"fixed"`)
	c.EndSensitive()
	c.Const(&x, &fixedValue, `"fixed"`)
	vs := c.Violations()
	if len(vs) != 2 || strings.Contains(vs[0].Hint, "S3CR3T") || !strings.Contains(vs[1].Hint, "S3CR3T") {
		t.Errorf("want the first hidden and the second shown, got %+v", vs)
	}
}

// TestReaderCheckInheritsSensitive checks that a schema function run on a
// value the reader reads sensitively hides it, as does a sub-reader.
func TestReaderCheckInheritsSensitive(t *testing.T) {
	r := NewReader([]byte(`"S3CR3T"`))
	r.BeginSensitive()
	r.Checked(func(c *Check, x *Value, _ *Evaluated) bool { return c.Const(x, &fixedValue, `"fixed"`) })
	r.EndSensitive()
	err := r.Finish("t")
	if err == nil || strings.Contains(err.Error()+runtime.ModelMessage(err), "S3CR3T") {
		t.Errorf("want a violation that does not quote the value, got %v", err)
	}
}

// TestDiscriminateHidesSensitive checks that an unknown discriminator of a
// sensitive union is quoted in neither message nor hint, and is quoted when
// the union is not sensitive.
func TestDiscriminateHidesSensitive(t *testing.T) {
	for _, sensitive := range []bool{true, false} {
		r := NewReader([]byte(`{"m":{"kind":"S3CR3T"}}`))
		r.BeginObject()
		r.More()
		r.Name()
		if sensitive {
			r.BeginSensitive()
		}
		text, _ := r.Raw()
		if r.Discriminate(text, "kind", []string{"card"}) != -1 {
			t.Fatal("an unknown discriminator was accepted")
		}
		vs := r.Violations()
		if len(vs) != 1 {
			t.Fatalf("want one violation, got %+v", vs)
		}
		if echoed := strings.Contains(vs[0].Message, "S3CR3T") || strings.Contains(vs[0].Hint, "S3CR3T"); echoed == sensitive {
			t.Errorf("sensitive=%v: the violation %+v", sensitive, vs[0])
		}
	}
}

// FuzzCheckHidesSensitive checks that inside BeginSensitive what a check
// reports depends on the value's kind alone: two values of the same kind
// give the same violations, word for word, so nothing of either can show.
func FuzzCheckHidesSensitive(f *testing.F) {
	f.Add(`"12a4S3CR3T"`, `"other"`, uint8(0))
	f.Add(`314159.25`, `-1e400`, uint8(5))
	f.Add(`[1,"S3CR3T"]`, `[]`, uint8(8))
	f.Add(`{"k":"S3CR3T"}`, `{}`, uint8(1))
	f.Fuzz(func(t *testing.T, a, b string, which uint8) {
		x, errX := parseConst(a)
		y, errY := parseConst(b)
		if errX != nil || errY != nil || x.Kind != y.Kind {
			return
		}
		check := sensitiveChecks[int(which)%len(sensitiveChecks)]
		report := func(v *Value) []runtime.Violation {
			var c Check
			c.Enter("p")
			c.BeginSensitive()
			check.call(&c, v)
			return c.Violations()
		}
		vx, vy := report(&x), report(&y)
		if len(vx) == 0 || len(vy) == 0 {
			return // one of them passed
		}
		if fmt.Sprint(vx) != fmt.Sprint(vy) {
			t.Errorf("%s reports differ between %s and %s:\n%v\n%v", check.name, a, b, vx, vy)
		}
	})
}

// TestCheckHidesSensitiveNames checks the violations about a member's name
// inside a sensitive object: each is at the object, keeps its keyword and
// does not quote the name, while outside one the name is in the pointer and
// the hint.
func TestCheckHidesSensitiveNames(t *testing.T) {
	const name = "S3CR3T"
	for _, report := range []struct {
		keyword string
		call    func(c *Check) bool
	}{
		{"propertyNames", func(c *Check) bool { return c.PropertyName(name) }},
		{"additionalProperties", func(c *Check) bool {
			c.Enter(name)
			defer c.Leave()
			return c.NotAllowed("additionalProperties", []string{"a"})
		}},
		{"unevaluatedProperties", func(c *Check) bool {
			c.Enter(name)
			defer c.Leave()
			return c.NotAllowed("unevaluatedProperties", nil)
		}},
	} {
		for _, sensitive := range []bool{false, true} {
			var c Check
			c.Enter("p")
			if sensitive {
				c.BeginSensitive()
			}
			if report.call(&c) {
				t.Fatalf("%s reported nothing", report.keyword)
			}
			if len(c.steps) != 1 {
				t.Errorf("%s left the location at %d steps, want 1", report.keyword, len(c.steps))
			}
			v := c.Violations()[0]
			text := v.Pointer + v.Message + v.Hint
			switch {
			case v.Keyword != report.keyword:
				t.Errorf("keyword %q, want %q", v.Keyword, report.keyword)
			case sensitive && (v.Pointer != "/p" || strings.Contains(text, name)):
				t.Errorf("%s in a sensitive object quotes the name or is not at the object: %+v", report.keyword, v)
			case !sensitive && (v.Pointer != "/p/"+name || !strings.Contains(v.Hint, name)):
				t.Errorf("%s in a plain object does not name the member: %+v", report.keyword, v)
			}
		}
	}
	var c Check
	c.Enter("p")
	if c.HiddenPropertyName() || c.Violations()[0].Pointer != "/p" {
		t.Errorf("HiddenPropertyName is not at the object: %+v", c.Violations())
	}
}

// TestReaderHidesSensitiveNames reads an object with a member that is not
// allowed and one given twice, plainly and inside a sensitive value: inside
// it, both are reported at the object with the name nowhere, and the
// members after them are still read.
func TestReaderHidesSensitiveNames(t *testing.T) {
	const secret = "S3CR3T"
	for _, sensitive := range []bool{false, true} {
		r := NewReader([]byte(`{"p":{"k":1,"`+secret+`":2,"k":3,"after":"x"}}`), runtime.Options{})
		var after string
		if r.BeginObject() {
			for r.More() {
				r.Name()
				if sensitive {
					r.BeginSensitive()
				}
				if r.BeginObject() {
					seen := false
					for r.More() {
						switch name := string(r.Name()); name {
						case "k":
							if seen {
								r.Duplicate("k")
								continue
							}
							seen = true
							r.Int()
						case "after":
							after, _ = r.String()
						default:
							r.NotAllowed(name, []string{"k", "after"})
						}
					}
					r.EndObject()
				}
				if sensitive {
					r.EndSensitive()
				}
			}
			r.EndObject()
		}
		vs := r.Violations()
		if len(vs) != 2 || vs[0].Keyword != "additionalProperties" || vs[1].Keyword != "json" || after != "x" {
			t.Fatalf("sensitive %v: %+v, after %q", sensitive, vs, after)
		}
		for _, v := range vs {
			text := v.Pointer + v.Message + v.Hint
			switch {
			case sensitive && (v.Pointer != "/p" || strings.Contains(text, secret) || strings.Contains(text, `"k"`)):
				t.Errorf("in a sensitive object, %s names the member or is not at the object: %+v", v.Keyword, v)
			case !sensitive && v.Pointer == "/p":
				t.Errorf("in a plain object, %s is not at the member: %+v", v.Keyword, v)
			}
		}
		if !sensitive && !strings.Contains(vs[0].Hint, secret) {
			t.Errorf("in a plain object, the hint does not name the member: %+v", vs[0])
		}
	}
}
