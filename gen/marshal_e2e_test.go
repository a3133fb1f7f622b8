package gen_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/toolgen/toolgen/gen"
)

// exactNames are member names for which a json struct tag does not give the
// name back (a comma, a quote, a backslash, a symbol, "-", ""), names that
// map to the same Go name as one of those, and ordinary ones beside them.
func exactNames() []string {
	names := []string{"a,b", `a"b`, `a\b`, "a`b", "🙂", "-", "", " ", "a b", "A_B", "a_b", "é", "日本", "x", "MarshalJSON", "marshal_json", "Empty", "a\u2028b", "<&>", "\t", "a\nb", "\x00", "\x7f", "\u00a0"}
	for c := 0x21; c < 0x7f; c++ {
		if r := rune(c); !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			names = append(names, string(r))
		}
	}
	return names
}

// exactSchema is a flat object with a member of each name, cycling through
// the ways a field is held: a required string, an optional string (pointer),
// an optional nullable string (runtime.Nullable), an optional array (nil when
// absent) and a required integer.
func exactSchema(names []string) (schema map[string]any, kinds []int) {
	props := map[string]any{}
	required := []string{}
	for i, name := range names {
		kinds = append(kinds, i%5)
		switch i % 5 {
		case 0:
			props[name] = map[string]any{"type": "string"}
			required = append(required, name)
		case 1:
			props[name] = map[string]any{"type": "string"}
		case 2:
			props[name] = map[string]any{"type": []string{"string", "null"}}
		case 3:
			props[name] = map[string]any{"type": "array", "items": map[string]any{"type": "string"}}
		case 4:
			props[name] = map[string]any{"type": "integer"}
			required = append(required, name)
		}
	}
	return map[string]any{"type": "object", "properties": props, "required": required, "additionalProperties": false}, kinds
}

// exactCalls are argument objects for exactSchema: every member present, only
// the required ones, and the nullable ones null.
func exactCalls(names []string, kinds []int) []map[string]any {
	full, minimal, nulls := map[string]any{}, map[string]any{}, map[string]any{}
	for i, name := range names {
		var v any
		switch kinds[i] {
		case 0, 1:
			v = "v" + name
		case 2:
			v = "n" + name
			nulls[name] = nil
		case 3:
			v = []any{name, "z"}
		case 4:
			v = float64(i)
		}
		full[name] = v
		if kinds[i] == 0 || kinds[i] == 4 {
			minimal[name], nulls[name] = v, v
		}
	}
	return []map[string]any{full, minimal, nulls}
}

// TestExactMemberNames builds a tool whose arguments and result have members
// named as no struct tag can spell, with a handler that returns its arguments
// as its result. Each result must pass the tool's own output check (it failed
// with invalid_output when the names were taken from tags), and both the
// arguments and the result must encode as the very object that was sent. A
// second tool holds members its schema does not declare, which encoding
// dropped.
func TestExactMemberNames(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated code with the go command")
	}
	names := exactNames()
	schema, kinds := exactSchema(names)
	more := map[string]any{"type": "object", "properties": map[string]any{"ab": map[string]any{"type": "string"}, "x": map[string]any{"type": "integer"}}, "additionalProperties": map[string]any{"type": "string"}}
	cat, err := json.Marshal(map[string]any{"tools": []any{
		map[string]any{"name": "echo", "inputSchema": schema, "outputSchema": schema},
		map[string]any{"name": "more", "inputSchema": more, "outputSchema": more},
	}})
	if err != nil {
		t.Fatal(err)
	}
	src := mustGenerate(t, cat, gen.Options{Package: "tools"})

	dir := tempModule(t, "exact")
	writeFile(t, filepath.Join(dir, "tools", "tools_gen.go"), src)
	writeFile(t, filepath.Join(dir, "driver", "main.go"), []byte(exactDriver))
	var input bytes.Buffer
	type call struct {
		Tool string
		Args map[string]any
	}
	var calls []call
	for _, args := range exactCalls(names, kinds) {
		calls = append(calls, call{"echo", args})
	}
	calls = append(calls,
		call{"more", map[string]any{"ab": "v", "x": float64(1), "extra": "e", "": "empty", "z,z": "zz"}},
		call{"more", map[string]any{"y": "only undeclared"}})
	for _, c := range calls {
		line, _ := json.Marshal(c)
		input.Write(append(line, '\n'))
	}
	out := runDriverIn(t, dir, &input, "building or running the generated code failed")
	dec := json.NewDecoder(bytes.NewReader(out))
	for i, c := range calls {
		var got struct {
			Args, Result map[string]any
			Err          string
		}
		if err := dec.Decode(&got); err != nil {
			t.Fatalf("reading the driver's output: %v", err)
		}
		if got.Err != "" {
			t.Errorf("call %d: %s", i, got.Err)
			continue
		}
		if !reflect.DeepEqual(got.Args, c.Args) {
			t.Errorf("call %d: the arguments of %s encode as\n%v\nwant\n%v", i, c.Tool, got.Args, c.Args)
		}
		if !reflect.DeepEqual(got.Result, c.Args) {
			t.Errorf("call %d: the result of %s encodes as\n%v\nwant\n%v", i, c.Tool, got.Result, c.Args)
		}
	}
}

const exactDriver = `// Command driver echoes arguments as results through the generated dispatcher.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"os"

	"exact/tools"
)

type handler struct{}

func (handler) Echo(_ context.Context, args tools.ValidEchoArgs) (tools.EchoResult, error) {
	return tools.EchoResult(args.Args()), nil
}

func (handler) More(_ context.Context, args tools.ValidMoreArgs) (tools.MoreResult, error) {
	return tools.MoreResult(args.Args()), nil
}

type call struct {
	Tool string
	Args json.RawMessage
}

type report struct {
	Args   json.RawMessage
	Result json.RawMessage
	Err    string
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<24)
	out := json.NewEncoder(os.Stdout)
	for in.Scan() {
		var c call
		if err := json.Unmarshal(in.Bytes(), &c); err != nil {
			panic(err)
		}
		var r report
		var err error
		switch c.Tool {
		case "echo":
			var args tools.ValidEchoArgs
			if args, err = tools.ParseEchoArgs(c.Args); err == nil {
				r.Args, err = json.Marshal(args.Args())
			}
		case "more":
			var args tools.ValidMoreArgs
			if args, err = tools.ParseMoreArgs(c.Args); err == nil {
				r.Args, err = json.Marshal(args.Args())
			}
		}
		if err == nil {
			var result any
			result, err = tools.Dispatch(context.Background(), handler{}, c.Tool, c.Args)
			if err == nil {
				r.Result, err = json.Marshal(result)
			}
		}
		if err != nil {
			r.Err = err.Error()
		}
		if err := out.Encode(r); err != nil {
			panic(err)
		}
	}
}
`
