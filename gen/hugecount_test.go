package gen_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/gen"
)

// hugeCounts are lengths and counts past any int, at every matrix
// position: a minimum no value meets, a maximum every value does. Each is
// judged as santhosh v6 judges the same keyword at 10^9, which no instance
// reaches (santhosh itself overflows on these: it lets every array through
// "minItems": 2^64 and no string through "maxLength": 1e300).
var hugeCounts = []matrixCase{
	{"minLength", `{"type":"string","minLength":1e300}`, false, []string{`""`, `"abc"`}},
	{"minLength", `{"minLength":1e400}`, false, []string{`"abc"`}},
	{"maxLength", `{"type":"string","maxLength":1e300}`, false, []string{`"abc"`}},
	{"minItems", `{"type":"array","minItems":18446744073709551616}`, false, []string{`[1]`}},
	{"maxItems", `{"type":"array","maxItems":1e300}`, false, []string{`[1]`}},
	// Past 32 bits, within 64: exact where int has 64 bits.
	{"minLength", `{"type":"string","minLength":3000000000}`, false, []string{`"abc"`}},
	{"maxLength", `{"type":"string","maxLength":4294967296}`, false, []string{`"abc"`}},
	{"minItems", `{"type":"array","minItems":3000000000}`, false, []string{`[1]`}},
	{"maxItems", `{"type":"array","maxItems":3000000000}`, false, []string{`[1]`}},
	{"minProperties", `{"type":"object","minProperties":3000000000}`, false, []string{`{"a":1}`}},
	{"maxProperties", `{"maxProperties":3000000000}`, false, []string{`{"a":1}`}},
	{"minContains", `{"contains":{"type":"integer"},"minContains":3000000000}`, false, []string{`[1]`}},
	{"maxContains", `{"contains":{"type":"integer"},"maxContains":3000000000}`, false, []string{`[1]`}},
}

// TestHugeCountsAreKept checks that such a keyword is compiled as that
// minimum or maximum rather than dropped, which let every value through a
// minimum on the typed reader's path.
func TestHugeCountsAreKept(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated code with the go command; skipped in -short mode")
	}
	tools := matrixTools(hugeCounts, nil)
	src, m := generateMatrix(t, tools)
	verdicts := runMatrix(t, src, m, tools)
	checkRoundTrips(t, tools, verdicts)
	mismatches := 0
	for i, mt := range tools {
		in := string(mt.schema)
		for _, huge := range []string{"18446744073709551616", "1e300", "1e400"} {
			in = strings.ReplaceAll(in, huge, "1000000000")
		}
		o := matrixOracle(t, json.RawMessage(in))
		for j, inst := range mt.instances {
			want := o.Validate(mustUnmarshal(t, inst)) == nil
			if got := verdicts[i][j]; got.Other != "" || got.In != want {
				mismatches++
				t.Errorf("%s, instance %s: ValidateArgs says %v (%s), want %v", mt.label, inst, got.In, got.Other, want)
			}
		}
	}
	if mismatches > 0 {
		t.Logf("%d tools, %d mismatches", len(tools), mismatches)
	}
}

// TestHugeCountsCompileOn32Bits type-checks the code generated for those
// counts where int has 32 bits: a count is a constant of type int, and one
// past 32 bits written as it is does not compile there.
func TestHugeCountsCompileOn32Bits(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command; skipped in -short mode")
	}
	cat := matrixCatalog(t, matrixTools(hugeCounts, nil))
	src, diags := gen.Generate(cat, gen.Options{Package: "matrix", Source: "matrix.json"})
	if diags.HasErrors() {
		t.Fatalf("generating: %.1000v", diags)
	}
	dir := tempModule(t, "huge")
	writeFile(t, filepath.Join(dir, "matrix", "tools_gen.go"), src)
	for _, arch := range []string{"386", "arm", "amd64"} {
		cmd := exec.Command(goCommand(), "vet", "./matrix")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOARCH="+arch, "GOFLAGS=-mod=mod", "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("GOARCH=%s go vet of the generated code: %v\n%s", arch, err, firstLines(string(out), 20))
		}
	}
}
