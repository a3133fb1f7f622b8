package main

import (
	"bytes"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSchemaCommand(t *testing.T) {
	dir := t.TempDir()
	address := filepath.Join(dir, "address.json")
	order := filepath.Join(dir, "order.json")
	must(t, os.WriteFile(address, []byte(`{"$id": "https://example.com/address", "type": "object", "required": ["city"]}`), 0o644))
	must(t, os.WriteFile(order, []byte(`{
		"type": "array",
		"prefixItems": [{"$ref": "https://example.com/address"}],
		"items": {"type": "integer"},
		"contains": {"const": 1}
	}`), 0o644))

	var stdout, stderr bytes.Buffer
	code := run([]string{"schema", "-pkg", "orders", "-name", "ValidateOrder", "-ref", "https://example.com/address=" + address, order}, &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	src := stdout.String()
	if _, err := parser.ParseFile(token.NewFileSet(), "order_gen.go", src, 0); err != nil {
		t.Fatalf("generated code does not parse: %v", err)
	}
	for _, want := range []string{"package orders", "func ValidateOrder(data []byte) error", "c.Required(x, \"city\")", "c.Contains(matched, 1, -1)"} {
		if !strings.Contains(src, want) {
			t.Errorf("generated code lacks %q", want)
		}
	}

	// Without the referenced document the schema cannot be compiled.
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"schema", order}, &stdout, &stderr); code != exitInvalid {
		t.Fatalf("exit %d without -ref, want %d", code, exitInvalid)
	}
	if !strings.Contains(stderr.String(), "https://example.com/address") || stdout.Len() > 0 {
		t.Errorf("stderr = %q, stdout = %q; want the missing URI named and nothing written", stderr.String(), stdout.String())
	}

	// A pattern construct toolgen cannot run (a backreference) is refused
	// with the reason.
	backreference := filepath.Join(dir, "backreference.json")
	must(t, os.WriteFile(backreference, []byte(`{"pattern": "(a)\\1"}`), 0o644))
	stderr.Reset()
	if code := run([]string{"schema", backreference}, &stdout, &stderr); code != exitInvalid || !strings.Contains(stderr.String(), "backreference") {
		t.Errorf("exit %d, stderr %q; want exit 1 naming the backreference", code, stderr.String())
	}

	stderr.Reset()
	if code := run([]string{"schema", "-ref", "nofile", order}, &stdout, &stderr); code != exitUsage {
		t.Errorf("exit %d for a bad -ref, want %d", code, exitUsage)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestSchemaNameFlag checks that -name is checked as an exported Go
// identifier before anything is generated: it is written into the file as an
// identifier, so text that is not one could add declarations of its own.
func TestSchemaNameFlag(t *testing.T) {
	schema := filepath.Join(t.TempDir(), "s.json")
	must(t, os.WriteFile(schema, []byte(`{"type":"integer"}`), 0o644))
	for _, name := range []string{`Foo(){}; func init(){panic("PWNED")}; func X`, "A-B", "lower", "", "A B"} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"schema", "-name", name, schema}, &stdout, &stderr)
		if code != exitUsage || stdout.Len() > 0 || !strings.HasPrefix(stderr.String(), "toolgen schema: -name: ") || strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("-name %q: exit %d, stdout %d bytes, stderr %q; want exit %d and one line naming -name", name, code, stdout.Len(), stderr.String(), exitUsage)
		}
	}
}
