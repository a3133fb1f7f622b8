package bench

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/go-faster/jx"
	"github.com/go-json-experiment/json/jsontext"
	googlejs "github.com/google/jsonschema-go/jsonschema"
	kaptinlin "github.com/kaptinlin/jsonschema"
	santhosh "github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/xeipuuv/gojsonschema"

	"github.com/toolgen/toolgen/bench/generated"
	"github.com/toolgen/toolgen/bench/generated/github5"
	"github.com/toolgen/toolgen/runtime"
)

// tool is one tool whose calls are benchmarked: where its payloads are,
// its schema, and the generated code that reads its arguments.
type tool struct {
	name   string
	prefix string // payload files are testdata/<prefix><name>.valid.json and .invalid.json
	schema []byte // the input schema, as the generated code embeds it
	// parse is the generated Parse…Args; value is the same returning the
	// validated arguments, for inspection outside the timed loop.
	parse func([]byte) error
	value func([]byte) (any, error)
	// decode is json.Unmarshal into the generated argument struct.
	decode func([]byte) error
}

// tools lists the benchmarked tools: the three of bench.tools.json, then
// the five of github5.tools.json.
func tools() []tool {
	bench, gh := generated.Definitions(), github5.Definitions()
	return []tool{
		newTool[generated.RefundPaymentArgs]("refund_payment", "", bench, generated.ParseRefundPaymentArgs),
		newTool[generated.SearchIssuesArgs]("search_issues", "", bench, generated.ParseSearchIssuesArgs),
		newTool[generated.CreateOrderArgs]("create_order", "", bench, generated.ParseCreateOrderArgs),
		newTool[github5.CreatePullRequestArgs]("create_pull_request", "github5.", gh, github5.ParseCreatePullRequestArgs),
		newTool[github5.IssueWriteArgs]("issue_write", "github5.", gh, github5.ParseIssueWriteArgs),
		newTool[github5.ListIssuesArgs]("list_issues", "github5.", gh, github5.ParseListIssuesArgs),
		newTool[github5.PushFilesArgs]("push_files", "github5.", gh, github5.ParsePushFilesArgs),
		newTool[github5.SearchCodeArgs]("search_code", "github5.", gh, github5.ParseSearchCodeArgs),
	}
}

// newTool describes the tool called name among defs, whose generated
// argument struct is A and whose generated Parse…Args is parse.
func newTool[A, V any](name, prefix string, defs []runtime.ToolDefinition, parse func([]byte, ...runtime.Options) (V, error)) tool {
	return tool{
		name:   name,
		prefix: prefix,
		schema: inputSchema(defs, name),
		parse: func(raw []byte) error {
			_, err := parse(raw)
			return err
		},
		value: func(raw []byte) (any, error) {
			v, err := parse(raw)
			return v, err
		},
		decode: func(raw []byte) error {
			var args A
			return json.Unmarshal(raw, &args)
		},
	}
}

// inputSchema returns the input schema of the tool called name in defs; it
// panics when there is none, since tools is a fixed list.
func inputSchema(defs []runtime.ToolDefinition, name string) []byte {
	for _, d := range defs {
		if d.Name == name {
			return d.InputSchema
		}
	}
	panic("bench: no generated tool " + name)
}

// allocBudget is what the generated code may allocate for the validated
// value v: one allocation per non-empty string, slice or map reachable from
// it, where strings of a named type (the generated enums, set from
// constants) cost nothing, and one per value boxed in a sealed union. It also returns the number of non-nil
// pointers (optional members), which the budget does not cover.
func allocBudget(v reflect.Value) (budget, pointers int) {
	switch v.Kind() {
	case reflect.String:
		if v.Len() > 0 && v.Type().Name() == "string" {
			budget++
		}
	case reflect.Slice:
		if v.IsNil() {
			break
		}
		budget++
		if v.Type().Elem().Kind() == reflect.Uint8 { // json.RawMessage and such: one block of bytes
			break
		}
		for i := range v.Len() {
			b, p := allocBudget(v.Index(i))
			budget, pointers = budget+b, pointers+p
		}
	case reflect.Pointer:
		if !v.IsNil() {
			b, p := allocBudget(v.Elem())
			budget, pointers = b, p+1
		}
	case reflect.Struct:
		for i := range v.NumField() {
			b, p := allocBudget(v.Field(i))
			budget, pointers = budget+b, pointers+p
		}
	case reflect.Interface: // a sealed union: the boxed variant, and a string's bytes
		if v.IsNil() {
			break
		}
		e := v.Elem()
		b, p := allocBudget(e)
		budget, pointers = budget+b+1, pointers+p
		if e.Kind() == reflect.String && e.Len() > 0 && e.Type().Name() != "string" {
			budget++ // a variant's named string holds decoded text, not a constant
		}
	case reflect.Map:
		if v.IsNil() {
			break
		}
		budget++
		for it := v.MapRange(); it.Next(); {
			bk, pk := allocBudget(it.Key())
			bv, pv := allocBudget(it.Value())
			budget, pointers = budget+bk+bv, pointers+pk+pv
		}
	}
	return budget, pointers
}

// payload is one benchmarked call: a tool's arguments and whether they
// satisfy its schema.
type payload struct {
	tool
	valid bool
	data  []byte
}

// label names the payload in benchmark names: "<tool>.valid" or
// "<tool>.invalid".
func (p payload) label() string {
	if p.valid {
		return p.tool.name + ".valid"
	}
	return p.tool.name + ".invalid"
}

// loadPayloads reads every payload from testdata, tool by tool, the valid
// call before the invalid one.
func loadPayloads(tb testing.TB) []payload {
	tb.Helper()
	var ps []payload
	for _, t := range tools() {
		for _, valid := range []bool{true, false} {
			p := payload{tool: t, valid: valid}
			data, err := os.ReadFile(filepath.Join("testdata", t.prefix+p.label()+".json"))
			if err != nil {
				tb.Fatal(err)
			}
			p.data = data
			ps = append(ps, p)
		}
	}
	return ps
}

// role says what an implementation's error means, and so how its verdict
// on a payload is checked.
type role int

const (
	validator role = iota // an error means the payload violates the schema
	decoder               // decodes without validating: no error on a valid payload
	syntax                // checks JSON syntax only: no error on any payload
)

// impl is one way of turning argument bytes into a verdict.
type impl struct {
	name string
	role role
	// prepare does, once and outside the timed loop, whatever the
	// implementation needs for p (compiling the schema) and returns the
	// function that is timed.
	prepare func(p payload) (func([]byte) error, error)
}

// impls lists the implementations in the order they are benchmarked.
var impls = []impl{
	{"toolgen", validator, func(p payload) (func([]byte) error, error) { return p.parse, nil }},
	{"encoding-json", decoder, func(p payload) (func([]byte) error, error) { return p.decode, nil }},
	{"json-valid", syntax, func(payload) (func([]byte) error, error) { return checkSyntax, nil }},
	// The floors of the two maintained tokenizers toolgen may build on:
	// checking the bytes, handing out no token. A decoder built on one
	// costs more than its floor on the same bytes.
	{"jsontext-valid", syntax, func(payload) (func([]byte) error, error) { return checkJSONText, nil }},
	{"jx-valid", syntax, func(payload) (func([]byte) error, error) { return checkJX, nil }},
	{"santhosh", validator, prepareSanthosh},
	{"google", validator, prepareGoogle},
	{"kaptinlin", validator, prepareKaptinlin},
	{"xeipuuv", validator, prepareXeipuuv},
}

// errSyntax and errInvalid are what the json-valid implementation and the
// peers that report a verdict rather than an error return.
var (
	errSyntax  = errors.New("not valid JSON")
	errInvalid = errors.New("the arguments violate the schema")
)

func checkSyntax(raw []byte) error {
	if !json.Valid(raw) {
		return errSyntax
	}
	return nil
}

// checkJSONText checks the bytes as toolgen's reader has jsontext read them
// (duplicate names allowed; UTF-8 and surrogates checked).
func checkJSONText(raw []byte) error {
	if !jsontext.Value(raw).IsValid(jsontext.AllowDuplicateNames(true)) {
		return errSyntax
	}
	return nil
}

// checkJX checks the bytes with jx, which lets invalid UTF-8 through.
func checkJX(raw []byte) error {
	if !jx.Valid(raw) {
		return errSyntax
	}
	return nil
}

// prepareSanthosh compiles the schema with formats asserted; each call
// reads the bytes with santhosh.UnmarshalJSON and validates the result.
func prepareSanthosh(p payload) (func([]byte) error, error) {
	doc, err := santhosh.UnmarshalJSON(bytes.NewReader(p.schema))
	if err != nil {
		return nil, err
	}
	c := santhosh.NewCompiler()
	c.AssertFormat()
	url := "mem:///" + p.tool.name + ".json"
	if err := c.AddResource(url, doc); err != nil {
		return nil, err
	}
	schema, err := c.Compile(url)
	if err != nil {
		return nil, err
	}
	return func(raw []byte) error {
		v, err := santhosh.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			return err
		}
		return schema.Validate(v)
	}, nil
}

// prepareGoogle resolves the schema; each call decodes the bytes into any
// with encoding/json (the input Resolved.Validate takes) and validates
// that. The library ignores "format" by design.
func prepareGoogle(p payload) (func([]byte) error, error) {
	var s googlejs.Schema
	if err := json.Unmarshal(p.schema, &s); err != nil {
		return nil, err
	}
	resolved, err := s.Resolve(nil)
	if err != nil {
		return nil, err
	}
	return func(raw []byte) error {
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			return err
		}
		return resolved.Validate(v)
	}, nil
}

// prepareKaptinlin compiles the schema with formats asserted; each call
// hands the bytes to Schema.ValidateJSON, which decodes and evaluates them.
func prepareKaptinlin(p payload) (func([]byte) error, error) {
	c := kaptinlin.NewCompiler()
	c.SetAssertFormat(true)
	schema, err := c.Compile(p.schema)
	if err != nil {
		return nil, err
	}
	return func(raw []byte) error {
		if !schema.ValidateJSON(raw).IsValid() {
			return errInvalid
		}
		return nil
	}, nil
}

// prepareXeipuuv compiles the schema (the library asserts formats by
// default); each call validates a bytes loader over the payload.
func prepareXeipuuv(p payload) (func([]byte) error, error) {
	schema, err := gojsonschema.NewSchema(gojsonschema.NewBytesLoader(p.schema))
	if err != nil {
		return nil, err
	}
	return func(raw []byte) error {
		res, err := schema.Validate(gojsonschema.NewBytesLoader(raw))
		if err != nil {
			return err
		}
		if !res.Valid() {
			return errInvalid
		}
		return nil
	}, nil
}

// checkVerdict runs fn once on p and reports an error when the outcome
// contradicts what p is: a validator must accept exactly the valid payloads,
// a decoder must accept every valid one, a syntax check every one. For
// toolgen an invalid payload must also yield a *runtime.ValidationError.

func checkVerdict(im impl, p payload, fn func([]byte) error) error {
	err := fn(p.data)
	switch {
	case im.role == syntax && err != nil:
		return fmt.Errorf("%s rejects the syntax of %s: %v", im.name, p.label(), err)
	case im.role == decoder && p.valid && err != nil:
		return fmt.Errorf("%s cannot decode %s: %v", im.name, p.label(), err)
	case im.role == validator && p.valid && err != nil:
		return fmt.Errorf("%s rejects %s: %v", im.name, p.label(), err)
	case im.role == validator && !p.valid && err == nil:
		return fmt.Errorf("%s accepts %s", im.name, p.label())
	}
	if im.name == "toolgen" && !p.valid {
		if _, ok := errors.AsType[*runtime.ValidationError](err); !ok {
			return fmt.Errorf("toolgen on %s: got %T (%v), want a *runtime.ValidationError", p.label(), err, err)
		}
	}
	return nil
}

// TestVerdicts checks, without timing anything, that every implementation
// agrees with each payload's label, so that the benchmarks compare work
// that reaches the same answer.
func TestVerdicts(t *testing.T) {
	for _, p := range loadPayloads(t) {
		for _, im := range impls {
			t.Run(p.label()+"/"+im.name, func(t *testing.T) {
				fn, err := im.prepare(p)
				if err != nil {
					t.Fatalf("preparing %s: %v", im.name, err)
				}
				if err := checkVerdict(im, p, fn); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}

// TestInvalidPayloadsCollectSeveralViolations checks that every invalid
// payload breaks the schema in several places (testdata/README.md lists
// them), so that the invalid benchmarks measure collecting all violations
// and rendering their hints, not stopping at the first.
func TestInvalidPayloadsCollectSeveralViolations(t *testing.T) {
	for _, p := range loadPayloads(t) {
		if p.valid {
			continue
		}
		err := p.parse(p.data)
		verr, ok := errors.AsType[*runtime.ValidationError](err)
		if !ok {
			t.Errorf("%s: got %v, want a *runtime.ValidationError", p.label(), err)
			continue
		}
		for _, v := range verr.Violations {
			t.Logf("%s: %s %s: %s", p.label(), v.Pointer, v.Keyword, v.Message)
		}
		if len(verr.Violations) < 3 {
			t.Errorf("%s: %d violations, want at least 3", p.label(), len(verr.Violations))
		}
	}
}

// TestAllocBudget checks the budget on the two smallest valid payloads,
// counted by hand: refund_payment holds one free-form string (paymentId)
// and an enum; search_issues holds three strings, a slice and its three
// strings, and a date-time string (8), and sets six optional members
// (state, sort, order, perPage, page, since).
func TestAllocBudget(t *testing.T) {
	want := map[string][2]int{
		"refund_payment.valid": {1, 0},
		"search_issues.valid":  {8, 6},
	}
	for _, p := range loadPayloads(t) {
		if !p.valid {
			continue
		}
		v, err := p.value(p.data)
		if err != nil {
			t.Fatal(err)
		}
		budget, pointers := allocBudget(reflect.ValueOf(v)) // every payload: the benchmark calls it on each
		if w, ok := want[p.label()]; ok && (budget != w[0] || pointers != w[1]) {
			t.Errorf("%s: budget %d, %d pointers; want %d, %d", p.label(), budget, pointers, w[0], w[1])
		}
	}
}

// TestAllocBudgetUnionsAndMaps checks the budget of the forms no payload
// holds yet, by hand: a union boxing decoded text (the box and the bytes),
// one boxing a number (the box), and a map of two strings per entry.
func TestAllocBudgetUnionsAndMaps(t *testing.T) {
	type text string
	type number float64
	type union interface{}
	type args struct {
		A, B union
		C    union
		M    map[string]string
	}
	v := args{A: text("x"), B: number(1), M: map[string]string{"k": "v", "l": ""}}
	if budget, pointers := allocBudget(reflect.ValueOf(v)); budget != 2+1+(1+3) || pointers != 0 {
		t.Errorf("budget %d, %d pointers; want 7, 0", budget, pointers)
	}
}

// BenchmarkDecodeValidate times every implementation on every payload, as
// BenchmarkDecodeValidate/<payload>/<implementation>. Throughput (MB/s) is
// of the payload's bytes. On valid payloads toolgen also reports its
// allocation budget (budget-allocs/op, see allocBudget) and the optional
// members the value holds through pointers (optional-ptrs/op), to set
// beside its allocs/op.
func BenchmarkDecodeValidate(b *testing.B) {
	for _, p := range loadPayloads(b) {
		b.Run(p.label(), func(b *testing.B) {
			for _, im := range impls {
				b.Run(im.name, func(b *testing.B) {
					fn, err := im.prepare(p)
					if err != nil {
						b.Fatalf("preparing %s: %v", im.name, err)
					}
					if err := checkVerdict(im, p, fn); err != nil {
						b.Fatal(err)
					}
					b.SetBytes(int64(len(p.data)))
					b.ReportAllocs()
					for b.Loop() {
						fn(p.data)
					}
					if im.name == "toolgen" && p.valid {
						v, _ := p.value(p.data) // checkVerdict saw it succeed
						budget, pointers := allocBudget(reflect.ValueOf(v))
						b.ReportMetric(float64(budget), "budget-allocs/op")
						b.ReportMetric(float64(pointers), "optional-ptrs/op")
					}
				})
			}
		})
	}
}
