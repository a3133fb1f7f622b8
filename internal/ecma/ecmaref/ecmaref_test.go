package ecmaref

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"
)

// TestAgainstV8 compares the reference matcher with V8, the JavaScript
// engine of Node.js, on Patterns.
func TestAgainstV8(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the reference matcher is not compared with V8")
	}
	type job struct {
		Pattern string   `json:"pattern"`
		Flags   string   `json:"flags"`
		Inputs  []string `json:"inputs"`
	}
	rng := rand.New(rand.NewPCG(3, 4))
	var jobs []job
	for _, p := range Patterns {
		flags := "u"
		if p.AnnexB {
			flags = ""
		}
		jobs = append(jobs, job{p.Pattern, flags, Inputs(p.Pattern, rng)})
	}
	in, err := json.Marshal(jobs)
	if err != nil {
		t.Fatal(err)
	}
	const script = `
const jobs = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(jobs.map(j => {
  const re = new RegExp(j.pattern, j.flags);
  return j.inputs.map(s => re.test(s));
})));`
	cmd := exec.Command(node, "-e", script)
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var verdicts [][]bool
	if err := json.Unmarshal(out, &verdicts); err != nil {
		t.Fatal(err)
	}
	compared := 0
	for i, j := range jobs {
		re, err := Compile(j.Pattern)
		if err != nil {
			t.Errorf("Compile(%q): %v", j.Pattern, err)
			continue
		}
		for k, s := range j.Inputs {
			got, err := re.Match(s)
			if err != nil {
				t.Errorf("%q on %+q: %v", j.Pattern, s, err)
				continue
			}
			if got != verdicts[i][k] {
				t.Errorf("%q on %+q: the reference matcher says %v, V8 %v", j.Pattern, s, got, verdicts[i][k])
			}
			compared++
		}
	}
	t.Logf("%d verdicts compared with V8", compared)
}

func TestRefuses(t *testing.T) {
	for _, p := range []string{`(a)\1`, `\p{L}`, `(?i:a)`, `\a`, `\_(`, `a{2,1}`, `[z-a]`} {
		if _, err := Compile(p); err == nil {
			t.Errorf("Compile(%q) succeeds; it reads what it cannot match or what is not valid", p)
		}
	}
}

func TestBudget(t *testing.T) {
	re, err := Compile(`^(a*)*b$`)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := re.Match(strings.Repeat("a", 40)); err != ErrBudget {
		t.Errorf("an exponential match ended with %v, want ErrBudget", err)
	}
}
