package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen/toolgen/catalog"
)

// runPull runs toolgen pull with args and returns its exit code and
// output. A pull that has not returned after a minute is a hang, whatever
// the server does: the test fails rather than wait.
func runPull(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- run(append([]string{"pull"}, args...), &out, &errOut) }()
	select {
	case code = <-done:
	case <-time.After(time.Minute):
		t.Fatalf("toolgen pull %q did not return", args)
	}
	return code, out.String(), errOut.String()
}

// pullCommand is the args that pull from the fake server of mode.
func pullCommand(mode string, flags ...string) []string {
	return append(append(flags, "--"), fakeCommand(mode)...)
}

// TestPullSDKServer pulls from a real MCP server of the Go SDK, which lists
// its tools two to a page: every tool, in order, each schema as the server
// sent it (member order, 1.0, 1e2, escapes), the server named, the same
// bytes on every run, and a catalog every command reads.
func TestPullSDKServer(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "catalog.json")
	code, _, stderr := runPull(t, pullCommand("sdk", "-o", out)...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	cat, diags := catalog.Parse(out, data)
	if diags.HasErrors() {
		t.Fatalf("the pulled catalog does not load: %v", diags)
	}
	if cat.Server == nil || *cat.Server != (catalog.ServerInfo{Name: "fixture", Version: "1.2.3"}) {
		t.Errorf("server %+v, want fixture 1.2.3", cat.Server)
	}
	if len(cat.Tools) != len(fixtureTools) {
		t.Fatalf("pulled %d tools over the pages, want %d", len(cat.Tools), len(fixtureTools))
	}
	// The SDK lists its tools sorted by name.
	want := slices.Clone(fixtureTools)
	slices.SortFunc(want, func(a, b fixtureTool) int { return strings.Compare(a.name, b.name) })
	for i, want := range want {
		got := cat.Tools[i]
		// The one change is the layout, and an escape of a visible
		// character written as the character.
		if got.Name != want.name || compactJSON(t, got.InputSchema) != strings.ReplaceAll(want.schema, `\u00e9`, "é") {
			t.Errorf("tool %d: %s %s, want %s %s", i, got.Name, compactJSON(t, got.InputSchema), want.name, want.schema)
		}
	}
	// The same bytes again, and -check agrees with its own output.
	if code, again, stderr := runPull(t, pullCommand("sdk")...); code != exitOK || again != string(data) {
		t.Errorf("a second pull (exit %d, %s) wrote other bytes", code, stderr)
	}
	if code, stdout, stderr := runPull(t, pullCommand("sdk", "-check", "-o", out)...); code != exitOK || stdout != "" {
		t.Errorf("-check on a fresh pull: exit %d\n%s%s", code, stdout, stderr)
	}
	// The pulled catalog generates, with a client.
	var gen bytes.Buffer
	if code := run([]string{"-pkg", "fixture", "-client", out}, &gen, new(bytes.Buffer)); code != exitOK || !bytes.Contains(gen.Bytes(), []byte("func (c *Client) SearchNodes(")) {
		t.Errorf("generating from the pulled catalog: exit %d", code)
	}
}

// compactJSON is data without insignificant white space.
func compactJSON(t *testing.T, data []byte) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, data); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestPullCheckReportsDrift edits a pulled catalog as a server's next
// release might have and checks what -check says: exit 1, each change
// under its tool with its verdict, the count, and a diff.
func TestPullCheckReportsDrift(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "catalog.json")
	if code, _, stderr := runPull(t, pullCommand("sdk", "-o", out)...); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, _ := os.ReadFile(out)
	edited := strings.NewReplacer(
		`"maximum": 1e2`, `"maximum": 50`, // the server now allows more than the file says: compatible
		`"required": ["names"]`, `"required": []`, // the server now requires names: breaks
		`"enum": ["a", "b"]`, `"enum": ["a", "b", "c"]`, // the server dropped c: breaks
		`"description": "Tool read_graph."`, `"description": "Old words."`,
	).Replace(string(data))
	var doc map[string]any
	json.Unmarshal([]byte(edited), &doc)
	tools := slices.DeleteFunc(doc["tools"].([]any), func(tool any) bool { return tool.(map[string]any)["name"] == "delete_nodes" })
	doc["tools"] = append(tools, map[string]any{"name": "gone", "inputSchema": map[string]any{"type": "object"}}) // delete_nodes added, gone removed
	edited2, _ := json.MarshalIndent(doc, "", " ")
	if err := os.WriteFile(out, edited2, 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runPull(t, pullCommand("sdk", "-check", "-o", out)...)
	if code != exitInvalid {
		t.Fatalf("exit %d, want %d\n%s%s", code, exitInvalid, stdout, stderr)
	}
	for _, want := range []string{
		`differs from what server "fixture" "1.2.3" lists`,
		`+ tool "delete_nodes" added`,
		`- tool "gone" removed: breaks its callers`,
		`~ tool "search_nodes" changed:`,
		`compatible:     /inputSchema/properties/limit/maximum: maximum raised from 50 to 1e2`,
		`~ tool "open_nodes" changed:`,
		`breaks callers: /inputSchema/required: now requires "names"`,
		`breaks callers: /inputSchema/properties/tags/items/enum: enum lost "c"`,
		`compatible:     /description: description changed`,
		`6 changes, 3 breaking existing callers`,
		"+++ " + out,
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the report lacks %q:\n%s", want, stdout)
		}
	}
	if !strings.Contains(stderr, "3 of the changes break existing callers") {
		t.Errorf("stderr: %s", stderr)
	}
	if after, _ := os.ReadFile(out); !bytes.Equal(after, edited2) {
		t.Error("-check wrote the file")
	}
	// A file that is not there is all new.
	code, stdout, _ = runPull(t, pullCommand("sdk", "-check", "-o", filepath.Join(dir, "none.json"))...)
	if code != exitInvalid || strings.Count(stdout, " added\n") != len(fixtureTools) {
		t.Errorf("-check against no file: exit %d\n%s", code, stdout)
	}
}

// TestPullHostileServers runs pull against servers that misbehave in every
// way listed: each ends, with exit 1, a message that says what happened,
// no file written, and the server's own text escaped.
func TestPullHostileServers(t *testing.T) {
	cases := []struct {
		mode, timeout string
		want          []string
	}{
		{"exit", "", []string{"the server exited (exit status 3) before it answered initialize", `its standard error ends: "boom: no configuration\x1b[31m\u202e"`}},
		{"silent", "300ms", []string{"did not answer initialize within 300ms (-timeout)"}},
		{"hang-after-initialize", "500ms", []string{"did not answer tools/list (page 1) within 500ms (-timeout)"}},
		{"close-on-tools-list", "", []string{"the server closed its output before it answered tools/list (page 1), and is still running"}},
		{"infinite-cursors", "", []string{"more than 100 pages of tools"}},
		{"repeated-cursor", "", []string{`tools/list (page 2): the server sent the cursor "again" a second time`}},
		{"huge-page", "", []string{"the server sent more than 16 MiB"}},
		{"invalid-json", "", []string{"tools/list (page 1)"}},
		{"deep-nesting", "", []string{"the catalog written out would be larger than 64 MiB by tool 1"}},
		{"rpc-error", "", []string{`the server answered tools/list (page 1) with error -32603: "database down\x1b]0;pwned\a\u202e"`}},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "catalog.json")
			flags := []string{"-o", out}
			if c.timeout != "" {
				flags = append(flags, "-timeout", c.timeout)
			}
			code, stdout, stderr := runPull(t, pullCommand(c.mode, flags...)...)
			if code != exitInvalid {
				t.Fatalf("exit %d, want %d\n%s%s", code, exitInvalid, stdout, stderr)
			}
			for _, want := range c.want {
				if !strings.Contains(stderr, want) {
					t.Errorf("stderr lacks %q:\n%s", want, stderr)
				}
			}
			assertVisible(t, stderr)
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Error("a file was written")
			}
		})
	}
	t.Run("not-started", func(t *testing.T) {
		code, _, stderr := runPull(t, "--", filepath.Join(t.TempDir(), "no-such-server"))
		if code != exitInvalid || !strings.Contains(stderr, "cannot start the server") {
			t.Errorf("exit %d: %s", code, stderr)
		}
	})
}

// assertVisible fails when s holds a control character other than a line
// break, or a format character (bidirectional marks among them).
func assertVisible(t *testing.T, s string) {
	t.Helper()
	for _, r := range s {
		if r != '\n' && (unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029') {
			t.Errorf("the output holds %U raw:\n%q", r, s)
			return
		}
	}
}

// TestPullEscapesInvisibleText pulls descriptions full of controls,
// bidirectional marks and line separators: the file shows each as an
// escape, and reads back as the very strings the server sent.
func TestPullEscapesInvisibleText(t *testing.T) {
	code, stdout, stderr := runPull(t, pullCommand("control-characters")...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	assertVisible(t, stdout)
	for _, want := range []string{`\u0000`, `\u001b[31m`, `\u202eevil`, `\u2066`, `\u2028end`, `\ufeff`, `line one\nline two`, "caf\u00e9 \U0001F642 \u00a0 tab\\there", `"name": "fake\u202e"`} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the catalog lacks %q:\n%s", want, stdout)
		}
	}
	cat, diags := catalog.Parse("c.json", []byte(stdout))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if got := cat.Tools[0].Description; got != "line one\nline two\u0000\x1b[31mred\u202eevil\u2066\u2028end\ufeff" {
		t.Errorf("the description reads back as %q", got)
	}
}

// TestPullRefusesAnInvalidCatalog: a catalog toolgen would refuse from a
// file is refused from a server, by the same checks, with lines of the
// catalog as it would have been written and nothing written.
func TestPullRefusesAnInvalidCatalog(t *testing.T) {
	out := filepath.Join(t.TempDir(), "catalog.json")
	code, _, stderr := runPull(t, pullCommand("invalid-catalog", "-o", out)...)
	if code != exitInvalid {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{`unknown keyword "maxLenght"`, "nothing was written"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if !regexp.MustCompile(`(?m)^tools/list:\d+:\d+: tool "bad name\\u202e" `).MatchString(stderr) {
		t.Errorf("no diagnostic placed in the pulled catalog names the tool escaped:\n%s", stderr)
	}
	assertVisible(t, stderr)
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Error("a file was written")
	}
}

// TestPullStreamableHTTP pulls from an SDK server over streamable HTTP,
// with the headers given; without them the server refuses, and pull says
// so.
func TestPullStreamableHTTP(t *testing.T) {
	server := sdkServer()
	handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, nil)
	var seen []string
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen = append(seen, r.Header.Get("X-Team"))
		if r.Header.Get("Authorization") != "Bearer s3cret" {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		handler.ServeHTTP(w, r)
	}))
	defer ts.Close()

	code, stdout, stderr := runPull(t, "-header", "Authorization: Bearer s3cret", "-header", "X-Team: tools", ts.URL)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	cat, diags := catalog.Parse("c.json", []byte(stdout))
	if diags.HasErrors() || len(cat.Tools) != len(fixtureTools) || cat.Server.Name != "fixture" {
		t.Errorf("pulled %v, %v", cat, diags)
	}
	for _, h := range seen {
		if h != "tools" {
			t.Errorf("a request came without the X-Team header: %q", seen)
			break
		}
	}
	code, _, stderr = runPull(t, ts.URL)
	t.Logf("without the header: %s", stderr)
	if code != exitInvalid || !strings.Contains(stderr, "no answer to initialize could be read") || strings.Contains(stderr, "s3cret") {
		t.Errorf("without the header: exit %d: %s", code, stderr)
	}
}

// TestPullHTTPTooMuch: a server that answers with an endless body is cut
// off at the byte bound.
func TestPullHTTPTooMuch(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		chunk := bytes.Repeat([]byte(" "), 1<<20)
		for range 40 {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	}))
	defer ts.Close()
	code, _, stderr := runPull(t, ts.URL)
	if code != exitInvalid || !strings.Contains(stderr, "more than 16 MiB") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

// TestPullRealExampleServer pulls from examples/mcpserver, built from the
// repository: the tools it lists are those of its catalog.
func TestPullRealExampleServer(t *testing.T) {
	if testing.Short() {
		t.Skip("builds examples/mcpserver with the go command")
	}
	bin := filepath.Join(t.TempDir(), "mcpserver")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = filepath.Join("..", "..", "examples", "mcpserver")
	build.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building examples/mcpserver: %v\n%s", err, out)
	}
	code, stdout, stderr := runPull(t, "--", bin)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	pulled, diags := catalog.Parse("pulled.json", []byte(stdout))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	want, diags := catalog.Load(filepath.Join("..", "..", "examples", "mcpserver", "catalog.json"))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	// The SDK lists tools sorted by name; the catalog may order them otherwise.
	byName := map[string]catalog.Tool{}
	for _, tool := range pulled.Tools {
		byName[tool.Name] = tool
	}
	for _, tool := range want.Tools {
		got, ok := byName[tool.Name]
		if !ok || compactJSON(t, got.InputSchema) != compactJSON(t, tool.InputSchema) || got.Description != tool.Description {
			t.Errorf("tool %s: pulled %s, want %s", tool.Name, got.InputSchema, tool.InputSchema)
		}
	}
	if len(pulled.Tools) != len(want.Tools) || pulled.Server == nil || pulled.Server.Name != "orders" {
		t.Errorf("pulled %d tools from %+v, want %d from orders", len(pulled.Tools), pulled.Server, len(want.Tools))
	}
}

// TestPullUsage: every way to call pull wrongly is a usage error naming
// the problem; help lists the flags.
func TestPullUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "missing the server"},
		{[]string{"--"}, "missing the server's COMMAND after --"},
		{[]string{"server.js"}, `"server.js" is not an http or https URL`},
		{[]string{"node", "server.js"}, "a command goes after --"},
		{[]string{"https://example.com/mcp", "-check"}, "flags must come before the server"},
		{[]string{"-check", "https://example.com/mcp"}, "-check needs -o FILE"},
		{[]string{"-header", "Authorization: x", "--", "node"}, "-header applies to a URL"},
		{[]string{"-header", "no colon", "https://example.com/mcp"}, "want 'NAME: VALUE'"},
		{[]string{"-header", "X: a\r\nInjected: b", "https://example.com/mcp"}, "line break"},
		{[]string{"-timeout", "0s", "https://example.com/mcp"}, "-timeout must be positive"},
	} {
		code, _, stderr := runPull(t, c.args...)
		if code != exitUsage || !strings.Contains(stderr, c.want) || !strings.Contains(stderr, "usage: toolgen pull") {
			t.Errorf("pull %q: exit %d, stderr:\n%s\nwant exit %d and %q", c.args, code, stderr, exitUsage, c.want)
		}
	}
	var out bytes.Buffer
	if code := run([]string{"help", "pull"}, &out, new(bytes.Buffer)); code != exitOK {
		t.Fatalf("help pull: exit %d", code)
	}
	for _, flag := range []string{"-o", "-check", "-header", "-timeout", "-- COMMAND"} {
		if !strings.Contains(out.String(), flag) {
			t.Errorf("help pull does not mention %s:\n%s", flag, out.String())
		}
	}
}

// TestSDKOnlyInTheCommand: the MCP SDK is a dependency of toolgen pull
// alone; the runtime, the generator and the catalog never import it.
func TestSDKOnlyInTheCommand(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/toolgen/toolgen/runtime/...", "github.com/toolgen/toolgen/gen", "github.com/toolgen/toolgen/catalog").Output()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), "modelcontextprotocol") {
		t.Error("the runtime, gen or catalog depends on the MCP SDK")
	}
}
