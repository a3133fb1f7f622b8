package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen"
)

// TestGoVet runs the built command under go vet -vettool on a module of
// three packages: two generated (from the payments catalog, and from one
// with a sealed union and an enum), and one importing them that makes a
// branded value, receives another and switches over the union and enum. go vet checks each package in
// its own process, so the report proves the branded mark crossed the import
// as a fact.
func TestGoVet(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a vet tool and runs go vet; skipped in -short mode")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	cat, diags := catalog.Load(filepath.Join(root, "examples", "payments", "catalog.json"))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	src, diags := gen.Generate(cat, gen.Options{Package: "tools", Source: "catalog.json"})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	unions, diags := catalog.Parse("unions.json", []byte(unionsCatalog))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	unionsSrc, diags := gen.Generate(unions, gen.Options{Package: "unions", Source: "unions.json"})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	dir := t.TempDir()
	goSum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"go.mod":             fmt.Sprintf("module vetprobe\n\ngo 1.26\n\nrequire github.com/toolgen/toolgen v0.0.0\n\nreplace github.com/toolgen/toolgen => %s\n", root),
		"go.sum":             string(goSum),
		"tools/tools_gen.go": string(src),
		"app/app.go": `package app

import "vetprobe/tools"

func handle(v tools.ValidRefundPaymentArgs) tools.ValidRefundPaymentArgs { return v }

var _ = handle(tools.ValidRefundPaymentArgs{})
`,
		"unions/tools_gen.go": string(unionsSrc),
		"app/switch.go": `package app

import "vetprobe/unions"

func route(a unions.PayArgs) string {
	switch a.Method.(type) {
	case unions.PayMethodCard:
		return "card"
	}
	switch a.Speed {
	case unions.PaySpeedFast:
		return "fast"
	}
	switch a.Speed {
	case unions.PaySpeedFast, unions.PaySpeedSlow:
	}
	return ""
}
`,
	}
	for name, text := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tool := filepath.Join(t.TempDir(), "toolgen-vet")
	if out, err := exec.Command("go", "build", "-o", tool, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	vet := exec.Command("go", "vet", "-vettool="+tool, "./...")
	vet.Dir = dir
	vet.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	out, err := vet.CombinedOutput()
	want := "app/app.go:7:16: composite literal tools.ValidRefundPaymentArgs{…} makes a tools.ValidRefundPaymentArgs that never passed validation; get one from tools.ParseRefundPaymentArgs"
	if err == nil || !strings.Contains(string(out), want) || strings.Count(string(out), "never passed validation") != 1 {
		t.Errorf("go vet -vettool: %v\n%s\nwant it to fail with the one report\n%s", err, out, want)
	}
	// The generator marked the union and the enum, and the marks crossed
	// the import: the switches that miss a case are reported, each once.
	for _, want := range []string{
		"app/switch.go:6:2: type switch on unions.PayMethod misses unions.PayMethodTransfer and has no default",
		"app/switch.go:10:2: switch on unions.PaySpeed misses unions.PaySpeedSlow and has no default",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("go vet -vettool does not report\n%s\nin\n%s", want, out)
		}
	}
	if n := strings.Count(string(out), "has no default"); n != 2 {
		t.Errorf("go vet -vettool reports %d switches, want 2:\n%s", n, out)
	}
}

// unionsCatalog has a oneOf told apart by a const member, a sealed union,
// and an enum.
const unionsCatalog = `{"tools": [{"name": "pay", "inputSchema": {"type": "object", "properties": {
	"method": {"oneOf": [
		{"type": "object", "properties": {"kind": {"const": "card"}, "last4": {"type": "string"}}, "required": ["kind", "last4"]},
		{"type": "object", "properties": {"kind": {"const": "transfer"}, "iban": {"type": "string"}}, "required": ["kind", "iban"]}]},
	"speed": {"type": "string", "enum": ["slow", "fast"]}},
	"required": ["method", "speed"]}}]}`
