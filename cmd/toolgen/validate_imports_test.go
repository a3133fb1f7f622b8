package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestValidateWithATypeOfTheModule runs toolgen validate, as a user would,
// in the folder of a service's module that requires the module of a Go
// type its catalog names (goJSONSchema): the calls are judged with that
// type. Run from a folder of no module, the same catalog is refused with a
// message that says where to run it.
func TestValidateWithATypeOfTheModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated code with the go command; skipped in -short mode")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"percent/go.mod": "module example.com/percent\n\ngo 1.26\n",
		"percent/percent.go": `package percent

import (
	"errors"
	"strconv"
	"strings"
)

// Rate is a percentage written as "12%".
type Rate float64

// UnmarshalText reads "12%".
func (r *Rate) UnmarshalText(b []byte) error {
	n, ok := strings.CutSuffix(string(b), "%")
	v, err := strconv.ParseFloat(n, 64)
	if !ok || err != nil || v < 0 || v > 100 {
		return errors.New("a rate is 0% to 100%")
	}
	*r = Rate(v)
	return nil
}
`,
		"svc/go.mod": "module example.com/svc\n\ngo 1.26\n\nrequire (\n\tgithub.com/toolgen/toolgen v0.0.0-00010101000000-000000000000\n\texample.com/percent v0.0.0-00010101000000-000000000000\n)\n\n" +
			"replace github.com/toolgen/toolgen => " + root + "\n\nreplace example.com/percent => ../percent\n",
		"svc/go.sum": string(sum),
		"svc/catalog.json": `{"tools":[{"name":"discount","inputSchema":{"type":"object","properties":{
	"rate":{"type":"string","goJSONSchema":{"type":"percent.Rate","imports":["example.com/percent"]}}},"required":["rate"]}}]}`,
		"svc/calls.jsonl": `{"tool":"discount","arguments":{"rate":"15%"}}` + "\n" + `{"tool":"discount","arguments":{"rate":"150%"}}` + "\n",
	})
	svc := filepath.Join(dir, "svc")
	t.Chdir(svc)
	var stdout, stderr bytes.Buffer
	code := run([]string{"validate", "catalog.json", "calls.jsonl"}, &stdout, &stderr)
	if code != exitInvalid || stderr.Len() != 0 || !strings.Contains(stdout.String(), "a rate is 0% to 100%") || !strings.Contains(stdout.String(), "1 valid") {
		t.Errorf("in the module: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
	}

	t.Chdir(t.TempDir())
	stdout.Reset()
	stderr.Reset()
	code = run([]string{"validate", filepath.Join(svc, "catalog.json"), filepath.Join(svc, "calls.jsonl")}, &stdout, &stderr)
	if code != exitInvalid || stdout.Len() != 0 || !strings.Contains(stderr.String(), "toolgen validate: ") || !strings.Contains(stderr.String(), "module that") {
		t.Errorf("outside the module: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
	}
}
