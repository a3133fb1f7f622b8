package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files of the command's output")

// TestValidateLog replays testdata/validate/calls.jsonl against its catalog
// and compares the verdicts with want.txt (go test -update rewrites it).
func TestValidateLog(t *testing.T) {
	dir := filepath.Join("testdata", "validate")
	var stdout, stderr bytes.Buffer
	code := run([]string{"validate", filepath.Join(dir, "catalog.yaml"), filepath.Join(dir, "calls.jsonl")}, &stdout, &stderr)
	if code != exitInvalid || stderr.Len() != 0 {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
	golden := filepath.Join(dir, "want.txt")
	if *update {
		if err := os.WriteFile(golden, stdout.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if stdout.String() != string(want) {
		t.Errorf("the verdicts differ from %s:\n%s", golden, stdout.String())
	}
}

func TestValidateVerdicts(t *testing.T) {
	cat := filepath.Join("testdata", "validate", "catalog.yaml")
	tests := []struct {
		name, calls string
		code        int
		stdout      []string // lines the output must have, in order
	}{
		{"all valid", `{"tool": "refund", "arguments": {"paymentId": "pay_abcd", "amount": 1}}` + "\n" +
			`{"tool": "send", "arguments": "{\"to\": \"a@example.com\"}"}`,
			exitOK, []string{`line 1: tool "refund": valid`, `line 2: tool "send": valid`, "2 calls: 2 valid, 0 invalid, 0 unknown tool"}},
		{"an unknown tool fails the run", `{"tool": "nope", "arguments": {}}`,
			exitInvalid, []string{`line 1: tool "nope": unknown tool (the catalog has refund, send)`, "1 call: 0 valid, 0 invalid, 1 unknown tool"}},
		{"an invalid call", "\n\n" + `{"tool": "refund", "arguments": {"paymentId": "pay_abcd"}}`,
			exitInvalid, []string{`line 3: tool "refund": invalid: 1 violation`,
				`    /: required: missing required property "amount"`,
				`        hint: Field "amount" is required but missing.`,
				"1 call: 0 valid, 1 invalid, 0 unknown tool"}},
		{"an empty log", "", exitOK, []string{"0 calls: 0 valid, 0 invalid, 0 unknown tool"}},
		{"a long made-up name is cut in the hint", `{"tool": "refund", "arguments": {"paymentId": "pay_abcd", "amount": 1, "` + strings.Repeat("n", 65) + `": 1}}`,
			exitInvalid, []string{`line 1: tool "refund": invalid: 1 violation`,
				`    /` + strings.Repeat("n", 65) + `: additionalProperties: property "` + strings.Repeat("n", 65) + `" is not allowed`,
				`        hint: Field "` + strings.Repeat("n", 64) + `…" is not allowed here; remove it. Allowed fields: paymentId, amount, reason, notify.`,
				"1 call: 0 valid, 1 invalid, 0 unknown tool"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			log := filepath.Join(t.TempDir(), "calls.jsonl")
			if err := os.WriteFile(log, []byte(tt.calls), 0o644); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			code := run([]string{"validate", cat, log}, &stdout, &stderr)
			got := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
			if code != tt.code || strings.Join(got, "\n") != strings.Join(tt.stdout, "\n") {
				t.Errorf("exit %d (want %d), stdout:\n%s\nwant:\n%s", code, tt.code, stdout.String(), strings.Join(tt.stdout, "\n"))
			}
		})
	}
}

func TestValidateErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte("tools:\n  - name: a\n    inputSchema: {type: object, minimum: x}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cat := filepath.Join("testdata", "validate", "catalog.yaml")
	tests := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"validate"}, exitUsage, "usage: toolgen validate [-quiet CLASS,...] CATALOG CALLS.jsonl"},
		{[]string{"validate", cat}, exitUsage, "usage: toolgen validate"},
		{[]string{"validate", bad, "calls.jsonl"}, exitInvalid, bad + `:3:33: tool "a" /tools/0/inputSchema/minimum: `},
		{[]string{"validate", cat, filepath.Join(dir, "missing.jsonl")}, exitInvalid, "missing.jsonl"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		if code := run(tt.args, &stdout, &stderr); code != tt.code || !strings.Contains(stderr.String(), tt.stderr) || stdout.Len() != 0 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", tt.args, code, stdout.String(), stderr.String())
		}
	}
}

// TestValidateSpeaksAsGeneratedCode replays a call whose discriminated union
// names a kind the catalog lacks: toolgen validate must say what the model
// is told, naming the discriminator and the kinds there are, not only that
// no shape matched.
func TestValidateSpeaksAsGeneratedCode(t *testing.T) {
	dir := t.TempDir()
	catPath, logPath := filepath.Join(dir, "catalog.json"), filepath.Join(dir, "calls.jsonl")
	channel := func(kind, field string) string {
		return `{"type":"object","properties":{"kind":{"const":"` + kind + `"},"` + field + `":{"type":"string"}},"required":["kind","` + field + `"],"additionalProperties":false}`
	}
	catalog := `{"tools":[{"name":"notify","description":"Send a notice.","inputSchema":{"type":"object",
		"properties":{"channel":{"oneOf":[` + channel("email", "address") + `,` + channel("sms", "number") + `,` + channel("slack", "room") + `]}},
		"required":["channel"],"additionalProperties":false}}]}`
	if err := os.WriteFile(catPath, []byte(catalog), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(logPath, []byte(`{"tool":"notify","arguments":{"channel":{"kind":"fax","number":"1"}}}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"validate", catPath, logPath}, &stdout, &stderr)
	want := `hint: Field "channel.kind" must be one of "email", "sms", "slack"; got "fax".`
	if code != exitInvalid || !strings.Contains(stdout.String(), want) {
		t.Errorf("exit %d, want %d and the hint %s; stdout:\n%s\nstderr:\n%s", code, exitInvalid, want, stdout.String(), stderr.String())
	}
}

// TestValidateCannotBuild covers what stops toolgen validate before any
// call is judged: no go command, and a catalog whose code is not generated.
// Each is one clear message and exit 1, with no verdicts.
func TestValidateCannotBuild(t *testing.T) {
	dir := t.TempDir()
	calls := filepath.Join(dir, "calls.jsonl")
	if err := os.WriteFile(calls, []byte(`{"tool": "t", "arguments": {}}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	refused := filepath.Join(dir, "refused.json")
	if err := os.WriteFile(refused, []byte(`{"tools":[{"name":"t","inputSchema":{"type":"object",
		"properties":{"a":{"type":"string","pattern":"(a)\\1"}}}}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Run("a catalog that does not generate", func(t *testing.T) {
		var stdout, stderr bytes.Buffer
		code := run([]string{"validate", refused, calls}, &stdout, &stderr)
		if code != exitInvalid || stdout.Len() != 0 || !strings.Contains(stderr.String(), refused+":2:38: ") {
			t.Errorf("exit %d, stdout %q, stderr:\n%s", code, stdout.String(), stderr.String())
		}
	})
	t.Run("no go command", func(t *testing.T) {
		t.Setenv("PATH", t.TempDir())
		t.Setenv("GOROOT", "")
		var stdout, stderr bytes.Buffer
		code := run([]string{"validate", filepath.Join("testdata", "validate", "catalog.yaml"), calls}, &stdout, &stderr)
		if code != exitInvalid || stdout.Len() != 0 || !strings.Contains(stderr.String(), "toolgen validate: no Go toolchain found") {
			t.Errorf("exit %d, stdout %q, stderr:\n%s", code, stdout.String(), stderr.String())
		}
	})
}
