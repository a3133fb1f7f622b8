package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/templates"
)

func TestDocs(t *testing.T) {
	// The command writes what the templates package renders.
	cat, diags := catalog.Load(paymentsCatalog)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var want bytes.Buffer
	if err := templates.WriteToolsMarkdown(&want, cat, paymentsCatalog); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"docs", paymentsCatalog}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !bytes.Equal(stdout.Bytes(), want.Bytes()) {
		t.Errorf("stdout is not the rendered reference:\n%s", stdout.String())
	}
	for _, s := range []string{"## refund_payment\n", "| `/amountCents` | integer | yes |"} {
		if !strings.Contains(stdout.String(), s) {
			t.Errorf("the reference lacks %q", s)
		}
	}

	// -o writes the file; -check compares with it.
	out := filepath.Join(t.TempDir(), "TOOLS.md")
	if code := run([]string{"docs", "-o", out, paymentsCatalog}, new(bytes.Buffer), &stderr); code != exitOK {
		t.Fatalf("-o: exit %d: %s", code, stderr.String())
	}
	if got, err := os.ReadFile(out); err != nil || !bytes.Equal(got, want.Bytes()) {
		t.Errorf("-o wrote something else (err %v)", err)
	}
	if code := run([]string{"docs", "-check", "-o", out, paymentsCatalog}, new(bytes.Buffer), new(bytes.Buffer)); code != exitOK {
		t.Errorf("-check of a fresh file: exit %d", code)
	}
	if err := os.WriteFile(out, []byte("# old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	if code := run([]string{"docs", "-check", "-o", out, paymentsCatalog}, &stdout, new(bytes.Buffer)); code != exitInvalid || !strings.Contains(stdout.String(), "-# old\n") {
		t.Errorf("-check of a stale file: exit %d, diff:\n%s", code, stdout.String())
	}
}

func TestDocsErrors(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte(`{"tools": [{"name": "", "inputSchema": {"type": "object"}}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"docs"}, exitUsage, "usage: toolgen docs"},
		{[]string{"docs", "a", "b"}, exitUsage, "usage: toolgen docs"},
		{[]string{"docs", "-check", paymentsCatalog}, exitUsage, "-check needs -o"},
		{[]string{"docs", bad}, exitInvalid, bad + `:1:13: /tools/0/name: the tool name is empty`},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		if code := run(tt.args, &stdout, &stderr); code != tt.code || !strings.Contains(stderr.String(), tt.stderr) || stdout.Len() != 0 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", tt.args, code, stdout.String(), stderr.String())
		}
	}
}
