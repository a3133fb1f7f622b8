package gen_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestTupleMarshalRoundTrip holds a tuple's struct to the JSON it was read
// from. For every instance of the tuple shapes (and their mutations) that
// santhosh v6 takes for valid, as a property, a required property, array
// items and behind a $ref: the arguments the parser returns, encoded with
// encoding/json (the tuple's MarshalJSON), are accepted by ValidateArgs,
// by the tool's result check and by santhosh v6, and hold the same JSON
// value as the instance. Then a value with a gap (a position set past an
// absent one, or Rest past an absent position) fails to encode, naming the
// gap, rather than lose an item.
func TestTupleMarshalRoundTrip(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated code with the go command; skipped in -short mode")
	}
	positions := []shapePosition{shapePositions[0], shapePositions[1], shapePositions[3], shapePositions[4]}
	type instance struct{ tool, args string }
	var tools []matrixTool
	var instances []instance
	add := func(cases []shapeCase, at []shapePosition, prefix string) {
		for i, c := range mutated(t, cases) {
			for j, p := range at {
				mt := matrixTool{name: fmt.Sprintf("%s%d_%d", prefix, i, j), label: fmt.Sprintf("%s at %s", c.name, p.name), schema: []byte(p.place(c.schema))}
				o := matrixOracle(t, mt.schema)
				for _, inst := range append(c.valid, c.invalid...) {
					if args := p.wrap(inst); o.Validate(mustUnmarshal(t, args)) == nil {
						mt.instances = append(mt.instances, args)
						instances = append(instances, instance{mt.name, args})
					}
				}
				tools = append(tools, mt)
			}
		}
	}
	add(tupleStructCases, positions, "m")
	var legacy []shapePosition
	for _, p := range inDialect("http://json-schema.org/draft-07/schema#") {
		if p.name != "an alternative of a union" && p.name != "a nested object" {
			legacy = append(legacy, p)
		}
	}
	add(legacyTupleStructCases, legacy, "l")
	gaps := matrixTool{name: "gaps", schema: []byte(shapeTool(`"v":{"type":"array","prefixItems":[{"type":"string"},{"type":"integer"},{"type":"boolean"}],"items":{"type":"number"},"minItems":1}`))}
	tools = append(tools, gaps)

	src, m := generateMatrix(t, tools)
	gapType := ""
	for _, nt := range m.Types {
		if nt.Tool == "gaps" && nt.Ptr == "/properties/v" {
			gapType = nt.Name
		}
	}
	if gapType == "" {
		t.Fatal("no type for the tuple of tool gaps")
	}
	var cases strings.Builder
	for _, tool := range m.Tools {
		if tool.Name != "gaps" {
			fmt.Fprintf(&cases, "\tcase %q:\n\t\treturn roundTrip(%q, raw, matrix.%s, matrix.ValidateArgs, matrix.Check%sResult)\n", tool.Name, tool.Name, tool.Parse, tool.GoName)
		}
	}
	dir := tempModule(t, "marshal")
	writeFile(t, filepath.Join(dir, "matrix", "tools_gen.go"), src)
	var checks strings.Builder
	checks.WriteString("package matrix\n\nimport \"github.com/toolgen/toolgen/runtime\"\n\n")
	for _, tool := range m.Tools {
		fmt.Fprintf(&checks, "// Check%sResult is the generated result check.\nfunc Check%sResult(v any) []runtime.Violation { return check%sResult(v) }\n\n", tool.GoName, tool.GoName, tool.GoName)
	}
	writeFile(t, filepath.Join(dir, "matrix", "checks.go"), []byte(checks.String()))
	driver := strings.NewReplacer("CASES", cases.String(), "GapType", gapType).Replace(marshalDriverSource)
	writeFile(t, filepath.Join(dir, "driver", "main.go"), []byte(driver))

	var input bytes.Buffer
	for _, in := range instances {
		fmt.Fprintf(&input, "%s\t%s\n", in.tool, in.args)
	}
	out := runDriverIn(t, dir, &input, "building or running the marshal driver failed")
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(instances)+1 {
		t.Fatalf("the driver wrote %d lines for %d instances:\n%s", len(lines), len(instances), out)
	}
	oracles := map[string]func(string) error{}
	for _, mt := range tools {
		o := matrixOracle(t, mt.schema)
		oracles[mt.name] = func(s string) error { return o.Validate(mustUnmarshal(t, s)) }
	}
	for i, in := range instances {
		sent, problem, _ := strings.Cut(lines[i], "\t")
		if problem != "" {
			t.Errorf("%s %s: %s", in.tool, in.args, problem)
			continue
		}
		if err := oracles[in.tool](sent); err != nil {
			t.Errorf("%s %s encodes to %s, which santhosh v6 refuses: %v", in.tool, in.args, sent, err)
		}
		if want, got := member(t, in.args, "v"), member(t, sent, "v"); want != nil && !sameJSON(want, got) {
			t.Errorf("%s %s encodes to %s: v is %v, want %v", in.tool, in.args, sent, got, want)
		}
	}
	if last := lines[len(lines)-1]; last != "gaps refused" {
		t.Errorf("encoding tuples with gaps: %s", last)
	}
	t.Logf("%d tools, %d valid instances encoded back", len(tools), len(instances))
}

// member returns the value of member name of the JSON object text, decoded
// with numbers as json.Number, or nil.
func member(t *testing.T, text, name string) any {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var obj map[string]any
	if err := dec.Decode(&obj); err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return obj[name]
}

// sameJSON reports whether a and b, decoded with json.Number, are the same
// JSON value: numbers by their value (1.0 is 1), the rest as they are.
func sameJSON(a, b any) bool {
	switch x := a.(type) {
	case json.Number:
		y, ok := b.(json.Number)
		if !ok {
			return false
		}
		rx, okx := new(big.Rat).SetString(string(x))
		ry, oky := new(big.Rat).SetString(string(y))
		return okx && oky && rx.Cmp(ry) == 0
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !sameJSON(x[i], y[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			if w, ok := y[k]; !ok || !sameJSON(v, w) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a, b)
}

const marshalDriverSource = `// Command driver encodes the arguments parsed from each line back to JSON.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"marshal/matrix"

	"github.com/toolgen/toolgen/runtime"
)

// roundTrip parses raw, encodes the arguments through a pointer, as a
// Client does, and checks the text with ValidateArgs and the result check.
func roundTrip[V interface{ Args() A }, A any](tool, raw string,
	parse func([]byte, ...runtime.Options) (V, error),
	validate func(string, []byte) error,
	result func(any) []runtime.Violation) string {
	valid, err := parse([]byte(raw))
	if err != nil {
		return "\tthe parser refuses it: " + err.Error()
	}
	args := valid.Args()
	text, err := json.Marshal(&args)
	if err != nil {
		return "\tencoding the arguments fails: " + err.Error()
	}
	if err := validate(tool, text); err != nil {
		return string(text) + "\tValidateArgs refuses what the arguments encode to: " + err.Error()
	}
	if v := result(args); len(v) > 0 {
		return string(text) + fmt.Sprintf("\tthe result check refuses the arguments as a result: %+v", v)
	}
	return string(text)
}

func check(tool, raw string) string {
	switch tool {
CASES	}
	return "\tno case for " + tool
}

func ptr[T any](v T) *T { return &v }

// gaps encodes tuples whose optional positions leave a gap.
func gaps() string {
	for _, c := range []struct {
		v    matrix.GapType
		want string
	}{
		{matrix.GapType{V0: "a", V2: ptr(true)}, "V2 is set but the item at index 1, before it, is not"},
		{matrix.GapType{V0: "a", Rest: []float64{1}}, "Rest holds items but the item at index 1, before it, is not"},
		{matrix.GapType{V0: "a", V1: ptr(int64(1)), Rest: []float64{1}}, "Rest holds items but the item at index 2, before it, is not"},
	} {
		_, err := json.Marshal(c.v)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			return fmt.Sprintf("%+v: error %v, want one saying %q", c.v, err, c.want)
		}
	}
	full := matrix.GapType{V0: "a", V1: ptr(int64(1)), V2: ptr(false), Rest: []float64{1.5, -2}}
	if text, err := json.Marshal(full); err != nil || string(text) != ` + "`" + `["a",1,false,1.5,-2]` + "`" + ` {
		return fmt.Sprintf("%+v encodes to %s, %v", full, text, err)
	}
	return "gaps refused"
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<26)
	for in.Scan() {
		tool, raw, _ := strings.Cut(in.Text(), "\t")
		fmt.Println(check(tool, raw))
	}
	fmt.Println(gaps())
}
`
