package bench

import (
	"bytes"
	"testing"

	santhosh "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/toolgen/toolgen/bench/generated/lookahead"
	"github.com/toolgen/toolgen/runtime"
)

// lookAheadCase is one way to read the same card payment.
type lookAheadCase struct {
	name  string // the sub-benchmark
	tool  string // the tool of lookahead.tools.json
	args  string
	parse func([]byte) error
}

const (
	cardFirst = `{"amount":1250,"method":{"kind":"card","number":"4111111111111111","holder":"Ana Lima","expiry":"12/29"}}`
	cardLast  = `{"amount":1250,"method":{"number":"4111111111111111","holder":"Ana Lima","expiry":"12/29","kind":"card"}}`
	cardBare  = `{"amount":1250,"method":{"number":"4111111111111111","holder":"Ana Lima","expiry":"12/29"}}`
	cardText  = `{"amount":"12.50","method":{"kind":"card","number":"4111111111111111","holder":"Ana Lima","expiry":"12/29"}}`
)

func parser[V any](parse func([]byte, ...runtime.Options) (V, error)) func([]byte) error {
	return func(raw []byte) error {
		_, err := parse(raw)
		return err
	}
}

// lookAheadCases read one payment whose method is a card, as plain typed
// code (the baseline) and as each form a union or schema function takes.
func lookAheadCases() []lookAheadCase {
	return []lookAheadCase{
		{"plain", "pay_plain", cardFirst, parser(lookahead.ParsePayPlainArgs)},
		{"sealed-by-kind", "pay_kind", cardText, parser(lookahead.ParsePayKindArgs)},
		{"sealed-by-tag", "pay_tagged", cardFirst, parser(lookahead.ParsePayTaggedArgs)},
		{"sealed-by-tag-last", "pay_tagged", cardLast, parser(lookahead.ParsePayTaggedArgs)},
		{"each-alternative", "pay_untagged", cardBare, parser(lookahead.ParsePayUntaggedArgs)},
		{"schema-functions", "pay_checked", cardFirst, parser(lookahead.ParsePayCheckedArgs)},
	}
}

func lookAheadSanthosh(tb testing.TB, tool string) func([]byte) error {
	tb.Helper()
	doc, err := santhosh.UnmarshalJSON(bytes.NewReader(inputSchema(lookahead.Definitions(), tool)))
	if err != nil {
		tb.Fatal(err)
	}
	c := santhosh.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("mem:///"+tool+".json", doc); err != nil {
		tb.Fatal(err)
	}
	schema, err := c.Compile("mem:///" + tool + ".json")
	if err != nil {
		tb.Fatal(err)
	}
	return func(raw []byte) error {
		v, err := santhosh.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			return err
		}
		return schema.Validate(v)
	}
}

// TestLookAheadPayloads checks that every payload of BenchmarkLookAhead is
// valid for both toolgen and santhosh v6, so that the benchmark measures
// the path of a valid call.
func TestLookAheadPayloads(t *testing.T) {
	for _, c := range lookAheadCases() {
		if err := c.parse([]byte(c.args)); err != nil {
			t.Errorf("%s: toolgen: %v", c.name, err)
		}
		if err := lookAheadSanthosh(t, c.tool)([]byte(c.args)); err != nil {
			t.Errorf("%s: santhosh: %v", c.name, err)
		}
	}
}

// BenchmarkLookAhead measures what reading a union or a schema checked by
// schema functions costs against reading the same payload as plain typed
// code: sealed-by-kind is read in the same pass; sealed-by-tag scans the
// object for its discriminator first (first or last member); each-alternative
// reads the text once per alternative; schema-functions reads the value
// whole and checks it before the typed read. santhosh v6 on the same payload
// and schema shows the scale.
func BenchmarkLookAhead(b *testing.B) {
	for _, c := range lookAheadCases() {
		raw := []byte(c.args)
		b.Run(c.name+"/toolgen", func(b *testing.B) {
			b.SetBytes(int64(len(raw)))
			b.ReportAllocs()
			for b.Loop() {
				if err := c.parse(raw); err != nil {
					b.Fatal(err)
				}
			}
		})
		validate := lookAheadSanthosh(b, c.tool)
		b.Run(c.name+"/santhosh", func(b *testing.B) {
			b.SetBytes(int64(len(raw)))
			b.ReportAllocs()
			for b.Loop() {
				if err := validate(raw); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
