package main

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// TestNoCommandFetchesAnything points every way a catalog can name a
// document ($ref, $dynamicRef, $schema, $id, a meta-schema) at a server on
// loopback that counts requests, and runs every command on it. A catalog is
// untrusted: generation must never reach out to what it names, and a reference
// to a document the catalog does not hold is an error that names it.
func TestNoCommandFetchesAnything(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "application/schema+json")
		fmt.Fprint(w, `{"type":"object"}`)
	}))
	defer srv.Close()
	remote := srv.URL + "/schemas/remote.json"

	// Each schema, and what the refusal must name.
	refs := map[string]struct{ schema, named string }{
		"ref":             {`{"type":"object","properties":{"a":{"$ref":"` + remote + `"}}}`, remote},
		"ref pointer":     {`{"type":"object","properties":{"a":{"$ref":"` + remote + `#/$defs/x"}}}`, remote},
		"dynamicRef":      {`{"type":"object","properties":{"a":{"$dynamicRef":"` + remote + `#node"}}}`, remote},
		"relative to $id": {`{"$id":"` + srv.URL + `/schemas/base.json","type":"object","properties":{"a":{"$ref":"other.json"}}}`, `"other.json"`},
		"meta-schema":     {`{"$schema":"` + srv.URL + `/meta.json","type":"object"}`, srv.URL + "/meta.json"},
	}
	dir := t.TempDir()
	for name, c := range refs {
		schema := c.schema
		t.Run(name, func(t *testing.T) {
			hits.Store(0)
			catalog := filepath.Join(dir, strings.ReplaceAll(name, " ", "_")+".json")
			doc := `{"tools":[{"name":"t","description":"d","inputSchema":` + schema + `}]}`
			if err := os.WriteFile(catalog, []byte(doc), 0o644); err != nil {
				t.Fatal(err)
			}
			calls := filepath.Join(dir, "calls.jsonl")
			if err := os.WriteFile(calls, []byte(`{"tool":"t","arguments":{"a":1}}`+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			schemaFile := filepath.Join(dir, "schema.json")
			if err := os.WriteFile(schemaFile, []byte(schema), 0o644); err != nil {
				t.Fatal(err)
			}
			commands := [][]string{
				{"-pkg", "tools", catalog},
				{"lint", "-provider", "openai", catalog},
				{"lint", "-provider", "anthropic", catalog},
				{"lint", "-provider", "mcp", catalog},
				{"docs", catalog},
				{"validate", catalog, calls},
				{"schema", "-pkg", "tools", schemaFile},
			}
			for _, args := range commands {
				var stdout, stderr bytes.Buffer
				code := run(args, &stdout, &stderr)
				if n := hits.Load(); n != 0 {
					t.Fatalf("toolgen %s made %d requests to the server the catalog names", strings.Join(args, " "), n)
				}
				if args[0] == "-pkg" || args[0] == "schema" {
					if code == exitOK {
						t.Errorf("toolgen %s generated code for a schema that names a document it does not hold", strings.Join(args, " "))
					} else if !strings.Contains(stderr.String(), c.named) {
						t.Errorf("toolgen %s: the error does not name %s:\n%s", strings.Join(args, " "), c.named, stderr.String())
					}
				}
			}
		})
	}
}

// TestValidateBuildsOffline runs toolgen validate, which builds the
// catalog's generated code with the go command, in an environment that
// would send that command to a server on loopback: a module proxy there,
// a toolchain to download from it and flags that would run a program of
// the environment's choosing at each compile. The build must ignore all
// of it: no request, and the verdicts as usual.
func TestValidateBuildsOffline(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated code with the go command; skipped in -short mode")
	}
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		http.NotFound(w, r)
	}))
	defer srv.Close()
	t.Setenv("GOPROXY", srv.URL)
	t.Setenv("GOSUMDB", "sum.golang.org "+srv.URL)
	t.Setenv("GOTOOLCHAIN", "go1.999.0")
	t.Setenv("GOFLAGS", "-toolexec=/bin/false")
	dir := t.TempDir()
	calls := filepath.Join(dir, "calls.jsonl")
	if err := os.WriteFile(calls, []byte(`{"tool": "refund", "arguments": {"paymentId": "pay_abcd", "amount": 1}}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"validate", filepath.Join("testdata", "validate", "catalog.yaml"), calls}, &stdout, &stderr)
	if n := hits.Load(); n != 0 {
		t.Errorf("toolgen validate made %d requests to the proxy of the environment", n)
	}
	if code != exitOK || !strings.Contains(stdout.String(), `line 1: tool "refund": valid`) {
		t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
	}
}
