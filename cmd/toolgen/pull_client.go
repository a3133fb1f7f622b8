package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen/toolgen/gen"
)

// toolgen pull is an MCP client: the SDK's (github.com/modelcontextprotocol/
// go-sdk) does the protocol (initialize, version negotiation, framing,
// sessions, streamable HTTP), and a tap on its connection keeps the raw
// result of each tools/list call, since the SDK's typed result holds
// schemas as Go maps (member order and number text lost). What a server
// can make pull do is bounded: time by -timeout, bytes by maxPullBytes,
// pages by maxPullPages.

const (
	// maxPullPages bounds the pages of tools/list a pull follows.
	maxPullPages = 100
	// maxPullBytes bounds what the server may send in all, which also
	// bounds one message.
	maxPullBytes = 16 << 20
	// defaultPullTimeout bounds a whole pull, from start to the last page.
	defaultPullTimeout = 30 * time.Second
	// serverStopGrace is how long a server has to exit once its input is
	// closed, before it is killed; and how long its exit is awaited when
	// its output ends, to say why.
	serverStopGrace = 2 * time.Second
	// stderrTail is how much of a server's standard error an error quotes.
	stderrTail = 2048
)

// pullTarget is the server to pull from: a command run with stdio, or a
// URL spoken to with streamable HTTP.
type pullTarget struct {
	command []string
	url     string
	headers http.Header
}

// pulledCatalog is what a server listed: its name and version, and each
// tool object as it sent it.
type pulledCatalog struct {
	serverName, serverVersion string
	tools                     []jsontext.Value
}

// pullError is a pull that failed, said in one line (server text in it
// already quoted).
type pullError struct{ msg string }

func (e *pullError) Error() string { return e.msg }

func pullErrorf(format string, args ...any) error {
	return &pullError{fmt.Sprintf(format, args...)}
}

// pullTools connects to target, initialises and pages through tools/list,
// within timeout.
func pullTools(target pullTarget, timeout time.Duration) (*pulledCatalog, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	budget := &byteBudget{left: maxPullBytes}
	tap := &listTap{}
	var transport mcp.Transport
	var proc *serverProcess
	if target.url != "" {
		transport = httpTransport(target, budget, timeout)
	} else {
		var err error
		if proc, err = startServer(target.command, budget); err != nil {
			return nil, err
		}
		defer proc.stop()
		transport = &mcp.IOTransport{Reader: proc.stdout, Writer: proc.stdin, MaxLineLength: maxPullBytes}
	}
	tap.Transport = transport
	p := &puller{ctx: ctx, timeout: timeout, budget: budget, proc: proc}

	client := mcp.NewClient(&mcp.Implementation{Name: "toolgen", Version: gen.Version}, &mcp.ClientOptions{Capabilities: &mcp.ClientCapabilities{}})
	session, err := client.Connect(ctx, tap, nil)
	if err != nil {
		return nil, p.failed("initialize", err)
	}
	defer session.Close()
	out := &pulledCatalog{}
	if info := session.InitializeResult(); info != nil && info.ServerInfo != nil {
		out.serverName, out.serverVersion = info.ServerInfo.Name, info.ServerInfo.Version
	}
	seen := map[string]bool{}
	cursor := ""
	for page := 1; ; page++ {
		if page > maxPullPages {
			return nil, pullErrorf("the server has more than %d pages of tools (it sent a next cursor on each): toolgen pull stops there", maxPullPages)
		}
		stage := fmt.Sprintf("tools/list (page %d)", page)
		res, err := session.ListTools(ctx, &mcp.ListToolsParams{Cursor: cursor})
		if err != nil {
			return nil, p.failed(stage, err)
		}
		raw := tap.take()
		if raw == nil {
			return nil, pullErrorf("%s: the answer was not seen on the connection", stage)
		}
		tools, err := rawTools(raw)
		if err != nil {
			return nil, pullErrorf("%s: the result is not a list of tools: %s", stage, serverText(err.Error()))
		}
		out.tools = append(out.tools, tools...)
		if res.NextCursor == "" {
			return out, nil
		}
		if seen[res.NextCursor] {
			return nil, pullErrorf("%s: the server sent the cursor %s a second time: it would page forever", stage, serverText(res.NextCursor))
		}
		seen[res.NextCursor] = true
		cursor = res.NextCursor
	}
}

// puller holds what a failure is explained with.
type puller struct {
	ctx     context.Context
	timeout time.Duration
	budget  *byteBudget
	proc    *serverProcess
}

// failed says why stage (a request) failed: the server exited, closed its
// output, sent too much, answered with an error, or did not answer in time.
func (p *puller) failed(stage string, err error) error {
	var rpcErr *jsonrpc.Error
	var urlErr *url.Error
	switch {
	case p.budget.exceeded():
		return pullErrorf("%s: the server sent more than %d MiB: toolgen pull stops there", stage, maxPullBytes>>20)
	case p.proc != nil && p.proc.outputEnded():
		// Looked at before the error: the SDK ends the calls in flight
		// with errors of its own when the connection goes.
		if exit, ok := p.proc.exitedWithin(serverStopGrace); ok {
			return pullErrorf("the server exited (%s) before it answered %s%s", exit, stage, p.proc.stderrNote())
		}
		return pullErrorf("the server closed its output before it answered %s, and is still running%s", stage, p.proc.stderrNote())
	case p.ctx.Err() == nil && errors.As(err, &urlErr):
		// The request did not reach the server, or no answer came back;
		// the SDK wraps this in a JSON-RPC error of its own. urlErr.URL,
		// which may hold a token, is not quoted.
		return pullErrorf("cannot reach the server for %s: %s", stage, serverText(urlErr.Err.Error()))
	case errors.As(err, &rpcErr):
		return pullErrorf("the server answered %s with error %d: %s", stage, rpcErr.Code, serverText(rpcErr.Message))
	case p.ctx.Err() != nil:
		return pullErrorf("the server did not answer %s within %v (-timeout)", stage, p.timeout)
	}
	return pullErrorf("no answer to %s could be read: %s", stage, serverText(err.Error()))
}

// rawTools returns the elements of the "tools" array of a tools/list
// result, each as the server wrote it.
func rawTools(result []byte) ([]jsontext.Value, error) {
	dec := jsontext.NewDecoder(bytes.NewReader(result))
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '{' {
		return nil, errors.New("the result is not a JSON object")
	}
	var tools []jsontext.Value
	found := false
	for dec.PeekKind() != '}' {
		name, err := dec.ReadToken()
		if err != nil {
			return nil, err
		}
		if name.String() != "tools" {
			if err := dec.SkipValue(); err != nil {
				return nil, err
			}
			continue
		}
		found = true
		if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '[' {
			return nil, errors.New(`"tools" is not an array`)
		}
		for dec.PeekKind() != ']' {
			if dec.PeekKind() != '{' {
				return nil, fmt.Errorf("tool %d is not an object", len(tools)+1)
			}
			v, err := dec.ReadValue()
			if err != nil {
				return nil, err
			}
			tools = append(tools, v.Clone())
		}
		if _, err := dec.ReadToken(); err != nil {
			return nil, err
		}
	}
	if !found {
		return nil, errors.New(`it has no "tools"`)
	}
	return tools, nil
}

// listTap is a transport whose connection keeps the raw result of the last
// tools/list request written on it.
type listTap struct {
	mcp.Transport
	mu     sync.Mutex
	lastID jsonrpc.ID
	result []byte
}

func (t *listTap) Connect(ctx context.Context) (mcp.Connection, error) {
	conn, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &tapConn{Connection: conn, tap: t}, nil
}

// take returns the result kept for the last tools/list request, and
// forgets it.
func (t *listTap) take() []byte {
	t.mu.Lock()
	defer t.mu.Unlock()
	r := t.result
	t.result = nil
	return r
}

type tapConn struct {
	mcp.Connection
	tap *listTap
}

func (c *tapConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if req, ok := msg.(*jsonrpc.Request); ok && req.Method == "tools/list" && req.ID.IsValid() {
		c.tap.mu.Lock()
		c.tap.lastID, c.tap.result = req.ID, nil
		c.tap.mu.Unlock()
	}
	return c.Connection.Write(ctx, msg)
}

func (c *tapConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if resp, ok := msg.(*jsonrpc.Response); ok && resp.Error == nil {
		c.tap.mu.Lock()
		if resp.ID.IsValid() && resp.ID == c.tap.lastID {
			c.tap.result = bytes.Clone(resp.Result)
		}
		c.tap.mu.Unlock()
	}
	return msg, err
}

// byteBudget counts what a server sends, across everything it sends.
type byteBudget struct {
	mu   sync.Mutex
	left int64
	over bool
}

var errTooMuch = errors.New("the server sent more than toolgen pull reads")

// take spends n bytes and reports whether they were within the budget.
func (b *byteBudget) take(n int) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.left -= int64(n)
	if b.left < 0 {
		b.over = true
	}
	return !b.over
}

func (b *byteBudget) exceeded() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.over
}

// budgetReader reads from r within a budget, and notes the end of r.
type budgetReader struct {
	r      io.ReadCloser
	budget *byteBudget
	ended  atomic.Bool
}

func (r *budgetReader) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	if !r.budget.take(n) {
		return 0, errTooMuch
	}
	if err == io.EOF {
		r.ended.Store(true)
	}
	return n, err
}

func (r *budgetReader) Close() error { return r.r.Close() }

// httpTransport is streamable HTTP to target.url with target's headers on
// every request to its origin, response bodies read within budget, no
// reconnection and no standalone stream (pull asks, the server answers).
func httpTransport(target pullTarget, budget *byteBudget, timeout time.Duration) mcp.Transport {
	origin := ""
	if u, err := url.Parse(target.url); err == nil {
		origin = originOf(u)
	}
	return &mcp.StreamableClientTransport{
		Endpoint:             target.url,
		HTTPClient:           &http.Client{Timeout: timeout, Transport: headerTransport{headers: target.headers, origin: origin, budget: budget}},
		MaxRetries:           -1,
		DisableStandaloneSSE: true,
		MaxEventSize:         maxPullBytes,
	}
}

// headerTransport adds the -header headers to the requests for the
// origin of the URL pulled from, and to no other: a redirect elsewhere
// must not carry a token there, and net/http's own rule for redirects
// does not see headers added below the client.
type headerTransport struct {
	headers http.Header
	origin  string
	budget  *byteBudget
}

func (t headerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	if originOf(req.URL) == t.origin {
		for name, values := range t.headers {
			req.Header[name] = values
		}
	}
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err == nil {
		resp.Body = &budgetReader{r: resp.Body, budget: t.budget}
	}
	return resp, err
}

// originOf is u's scheme and host (with its port, if any), lower case.
func originOf(u *url.URL) string {
	return strings.ToLower(u.Scheme + "://" + u.Host)
}

// serverProcess is a server run as a command, spoken to on its standard
// input and output.
type serverProcess struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout *budgetReader
	stderr *tailWriter
	exited chan struct{}
	err    error // cmd.Wait's, once exited is closed
}

// startServer starts command with toolgen's environment. Its standard
// output is a pipe of its own rather than cmd.StdoutPipe, so that its exit
// never closes what is left to read.
func startServer(command []string, budget *byteBudget) (*serverProcess, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	p := &serverProcess{stdin: inW, stdout: &budgetReader{r: outR, budget: budget}, stderr: &tailWriter{max: stderrTail}, exited: make(chan struct{})}
	p.cmd = exec.Command(command[0], command[1:]...)
	p.cmd.Stdin, p.cmd.Stdout, p.cmd.Stderr = inR, outW, p.stderr
	// A server's children may hold its standard error open after it is
	// gone; Wait gives up on them after this.
	p.cmd.WaitDelay = serverStopGrace
	err = p.cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, pullErrorf("cannot start the server %q: %v", command[0], errors.Unwrap(err))
	}
	go func() {
		p.err = p.cmd.Wait()
		close(p.exited)
	}()
	return p, nil
}

// outputEnded reports whether the server's standard output has ended.
func (p *serverProcess) outputEnded() bool { return p.stdout.ended.Load() }

// exitedWithin reports how the server ended, if it ends within d.
func (p *serverProcess) exitedWithin(d time.Duration) (string, bool) {
	select {
	case <-p.exited:
	case <-time.After(d):
		return "", false
	}
	var exit *exec.ExitError
	switch {
	case p.err == nil:
		return "exit status 0", true
	case errors.As(p.err, &exit):
		return exit.String(), true
	}
	return p.err.Error(), true
}

// stderrNote quotes the end of what the server wrote on its standard
// error, for an error message; "" when it wrote nothing.
func (p *serverProcess) stderrNote() string {
	tail := strings.TrimSpace(p.stderr.String())
	if tail == "" {
		return ""
	}
	return "; its standard error ends: " + serverText(tail)
}

// stop ends the server: its input is closed, as the MCP specification asks
// of a client, and it is killed if it has not exited after a grace period.
func (p *serverProcess) stop() {
	p.stdin.Close()
	if _, ok := p.exitedWithin(serverStopGrace); !ok {
		p.cmd.Process.Kill()
		<-p.exited
	}
	p.stdout.Close()
}

// tailWriter keeps the last max bytes written to it.
type tailWriter struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (w *tailWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.b = append(w.b, p...)
	if len(w.b) > w.max {
		w.b = append(w.b[:0], w.b[len(w.b)-w.max:]...)
	}
	return len(p), nil
}

func (w *tailWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return string(w.b)
}
