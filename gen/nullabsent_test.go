package gen_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/gen"
)

// nullAbsentCatalog has optional members whose absence matters beyond their
// own value: defaults, dependentRequired on both sides, and an object with
// a defaulted member of its own.
const nullAbsentCatalog = `{"tools":[{"name":"t","description":"Optional members.","inputSchema":{
	"type":"object",
	"properties":{
		"a":{"type":"string","default":"dflt","minLength":3},
		"b":{"type":"integer"},
		"c":{"type":"string"},
		"d":{"type":"object","properties":{"x":{"type":"integer","default":7},"y":{"type":"string"}},"dependentRequired":{"y":["x"]},"additionalProperties":false},
		"e":{"enum":["p","q"]}
	},
	"dependentRequired":{"a":["b"],"c":["b","d"]},
	"additionalProperties":false}}]}`

// TestNullAsAbsentIsAbsence checks the promise of runtime.Options.NullAsAbsent
// over every combination of absent, null and a value for each member (and
// for the members of d): arguments with null for some optional members read
// exactly as the same arguments without those members, with the same
// verdict and the same decoded arguments, defaults included. A null that is
// read as absent and then counted as present lets dependentRequired pass
// for a member the handler never gets, and keeps a default from applying.
func TestNullAsAbsentIsAbsence(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated code with the go command; skipped in -short mode")
	}
	cat := loadCatalog(t, "nullabsent.json", []byte(nullAbsentCatalog))
	src, diags := gen.Generate(cat, gen.Options{Package: "tools", Source: "nullabsent.json", OpenAIStrict: true})
	if diags.HasErrors() {
		t.Fatalf("generating: %v", diags)
	}
	values := map[string][]string{
		"a": {`"abc"`, `"ab"`}, "b": {`1`}, "c": {`"s"`}, "e": {`"p"`},
		"d": {`{}`, `{"y":"s"}`, `{"x":null,"y":"s"}`, `{"x":null}`, `{"x":1,"y":null}`},
	}
	members := []string{"a", "b", "c", "d", "e"}
	type pair struct{ withNulls, without string }
	var pairs []pair
	var build func(i int, with, without []string)
	build = func(i int, with, without []string) {
		if i == len(members) {
			pairs = append(pairs, pair{"{" + strings.Join(with, ",") + "}", "{" + strings.Join(without, ",") + "}"})
			return
		}
		m := members[i]
		build(i+1, with, without)
		build(i+1, append(with, `"`+m+`":null`), without)
		for _, v := range values[m] {
			w := v
			if m == "d" {
				w = stripNulls(t, v)
			}
			build(i+1, append(with, `"`+m+`":`+v), append(without, `"`+m+`":`+w))
		}
	}
	build(0, nil, nil)

	dir := tempModule(t, "nullabsent")
	writeFile(t, filepath.Join(dir, "tools", "tools_gen.go"), src)
	writeFile(t, filepath.Join(dir, "driver", "main.go"), []byte(nullAbsentDriver))
	var input bytes.Buffer
	for _, p := range pairs {
		input.WriteString(p.withNulls + "\n" + p.without + "\n")
	}
	out := runDriverIn(t, dir, &input, "building or running the generated code failed")
	lines := bufio.NewScanner(bytes.NewReader(out))
	for _, p := range pairs {
		lines.Scan()
		withNulls := lines.Text()
		lines.Scan()
		without := lines.Text()
		if withNulls != without {
			t.Errorf("%s under NullAsAbsent reads as\n\t%s\nbut %s reads as\n\t%s", p.withNulls, withNulls, p.without, without)
		}
	}

	// A null is still a member: sent twice, the member is a duplicate.
	for _, dup := range []string{`{"a":null,"a":"abc","b":1}`, `{"a":"abc","a":null,"b":1}`} {
		if !strings.Contains(runNullAbsentOne(t, dir, dup), "invalid") {
			t.Errorf("%s is accepted under NullAsAbsent", dup)
		}
	}
}

// stripNulls removes the members that are null from an object's JSON text.
func stripNulls(t *testing.T, object string) string {
	t.Helper()
	var members map[string]json.RawMessage
	if err := json.Unmarshal([]byte(object), &members); err != nil {
		t.Fatal(err)
	}
	var kept []string
	for _, name := range []string{"x", "y"} {
		if v, ok := members[name]; ok && string(v) != "null" {
			kept = append(kept, `"`+name+`":`+string(v))
		}
	}
	return "{" + strings.Join(kept, ",") + "}"
}

func runNullAbsentOne(t *testing.T, dir, args string) string {
	t.Helper()
	cmd := exec.Command(goCommand(), "run", "-mod=mod", "./driver")
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(args + "\n")
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("running the driver: %v", err)
	}
	return string(out)
}

// nullAbsentDriver reads argument texts, one a line, alternately with and
// without NullAsAbsent, and prints for each the decoded arguments or
// "invalid" and the violations' pointers and keywords.
const nullAbsentDriver = `package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/toolgen/toolgen/runtime"

	"nullabsent/tools"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	for i := 0; in.Scan(); i++ {
		v, err := tools.ParseTArgs(in.Bytes(), runtime.Options{NullAsAbsent: i%2 == 0})
		var invalid *runtime.ValidationError
		switch {
		case errors.As(err, &invalid):
			fmt.Print("invalid")
			for _, v := range invalid.Violations {
				fmt.Printf(" %s:%s", v.Pointer, v.Keyword)
			}
			fmt.Println()
		case err != nil:
			panic(err)
		default:
			out, err := json.Marshal(v.Args())
			if err != nil {
				panic(err)
			}
			fmt.Println(string(out))
		}
	}
}
`
