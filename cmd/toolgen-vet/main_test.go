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

// TestGoVet runs the built command under go vet -vettool on a module of two
// packages: one generated from the payments catalog, one importing it that
// makes a branded value and receives another. go vet checks each package in
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
}
