package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
	mcpgotools "github.com/toolgen/toolgen/adapters/mcpgo"
	"github.com/toolgen/toolgen/runtime"
)

// recorder passes an mcp-go client's requests on to the transport it
// wraps and records the tool of every tools/call: the client sends
// nothing past it, so a call missing here never left the process.
type recorder struct {
	transport.Interface
	mu    sync.Mutex
	tools []string
}

func (r *recorder) SendRequest(ctx context.Context, req transport.JSONRPCRequest) (*transport.JSONRPCResponse, error) {
	if req.Method == string(mcp.MethodToolsCall) {
		params, err := json.Marshal(req.Params)
		if err != nil {
			return nil, err
		}
		var call struct{ Name string }
		if err := json.Unmarshal(params, &call); err != nil {
			return nil, err
		}
		r.mu.Lock()
		r.tools = append(r.tools, call.Name)
		r.mu.Unlock()
	}
	return r.Interface.SendRequest(ctx, req)
}

func (r *recorder) called() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.tools)
}

// serverLog collects what a server logs: both servers log every failed
// call with the tool's name, so a call that reached one and failed shows.
type serverLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *serverLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *serverLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// waitFor waits until the log holds want, which a stdio server writes on
// a pipe of its own, apart from its answers; it fails the test after a
// generous wait.
func (l *serverLog) waitFor(t *testing.T, want string) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(l.String(), want); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the server never logged %q; its log:\n%s", want, l.String())
		}
	}
}

// connect starts and initializes an mcp-go client over t, recorded.
func connect(t *testing.T, tr transport.Interface) (*client.Client, *recorder) {
	t.Helper()
	rec := &recorder{Interface: tr}
	c := client.NewClient(rec)
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	init := mcp.InitializeRequest{}
	init.Params.ClientInfo = mcp.Implementation{Name: "orders-client", Version: "v0"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	return c, rec
}

// stdio starts the server binary bin over stdio, its log in logs.
func stdio(t *testing.T, bin string, logs *serverLog) transport.Interface {
	t.Helper()
	return transport.NewStdioWithOptions(bin, nil, nil, transport.WithCommandStderrWriter(logs))
}

// buildGoSDKServer builds examples/mcpserver, the same catalog and order
// book served by the MCP Go SDK, and returns the binary's path.
func buildGoSDKServer(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the test builds ../mcpserver and needs the go command: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "mcpserver")
	build := exec.Command(goTool, "build", "-o", bin, ".")
	build.Dir = filepath.Join("..", "mcpserver")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ../mcpserver: %v\n%s", err, out)
	}
	return bin
}

// TestGeneratedClientThroughMCPGo calls the catalog's tools through the
// generated Client, over mcp-go's client and mcpgotools.Caller, on three
// servers: this one in process and over stdio, and examples/mcpserver (on
// the MCP Go SDK) over stdio.
func TestGeneratedClientThroughMCPGo(t *testing.T) {
	t.Run("mcp-go in process", func(t *testing.T) {
		logs := &serverLog{}
		s, err := newServer(newShop(), log.New(logs, "", 0))
		if err != nil {
			t.Fatal(err)
		}
		c, rec := connect(t, transport.NewInProcessTransport(s))
		checkClient(t, c, rec, logs)
	})
	t.Run("mcp-go over stdio", func(t *testing.T) {
		logs := &serverLog{}
		c, rec := connect(t, stdio(t, buildServer(t), logs))
		checkClient(t, c, rec, logs)
	})
	t.Run("go-sdk over stdio", func(t *testing.T) {
		logs := &serverLog{}
		c, rec := connect(t, stdio(t, buildGoSDKServer(t), logs))
		checkClient(t, c, rec, logs)
	})
}

// checkClient makes the same calls on any of the servers, which start
// with the same order book: a valid call read through the output schema,
// invalid arguments that never leave the process, a failure the server
// reports (isError), and calls of tools without an output schema.
func checkClient(t *testing.T, c *client.Client, rec *recorder, logs *serverLog) {
	ctx := context.Background()
	orders := NewClient(mcpgotools.Caller(c))

	got, err := orders.GetOrder(ctx, GetOrderArgs{OrderID: "ord_100001"})
	if want := (GetOrderResult{OrderID: "ord_100001", Status: GetOrderResultStatusShipped, TotalCents: 4599}); err != nil || got != want {
		t.Errorf("GetOrder: %+v, %v; want %+v", got, err, want)
	}

	// Invalid arguments: the generated validator refuses them, with every
	// violation, and nothing is sent.
	_, err = orders.CancelOrder(ctx, CancelOrderArgs{OrderID: "123", Reason: "oops"})
	var invalid *runtime.ValidationError
	if !errors.As(err, &invalid) {
		t.Fatalf("CancelOrder with invalid arguments: %v, want a *runtime.ValidationError", err)
	}
	var pointers []string
	for _, v := range invalid.Violations {
		pointers = append(pointers, v.Pointer)
	}
	if want := []string{"/orderId", "/reason"}; !slices.Equal(pointers, want) {
		t.Errorf("violations at %q, want %q", pointers, want)
	}

	// A failure the server reports, as a *runtime.RemoteError.
	_, err = orders.GetOrder(ctx, GetOrderArgs{OrderID: "ord_999999"})
	var remote *runtime.RemoteError
	if !errors.As(err, &remote) || remote.Tool != "get_order" || !remote.Result.IsError ||
		!strings.Contains(remote.Text, "Order ord_999999 does not exist; find it with search_orders first.") {
		t.Fatalf("GetOrder of an unknown order: %v, want a *runtime.RemoteError with the server's hint", err)
	}

	if called := rec.called(); !slices.Equal(called, []string{"get_order", "get_order"}) {
		t.Errorf("the client sent calls of %q, want the two get_order calls alone", called)
	}
	// The server logs every failed call; the failed get_order shows that
	// the log is read, and the invalid cancel_order is not in it.
	logs.waitFor(t, "tool get_order:")
	if strings.Contains(logs.String(), "cancel_order") {
		t.Errorf("the invalid call reached the server:\n%s", logs)
	}

	// Tools without an output schema return what the server sent.
	res, err := orders.CancelOrder(ctx, CancelOrderArgs{OrderID: "ord_100002", Reason: CancelOrderReasonCustomerRequest, NotifyCustomer: true})
	var blocks []struct{ Type, Text string }
	if err != nil || json.Unmarshal(res.Content, &blocks) != nil || len(blocks) != 1 || !strings.Contains(blocks[0].Text, `"refundedCents":1250`) {
		t.Errorf("CancelOrder: %+v, %v", res, err)
	}
	got, err = orders.GetOrder(ctx, GetOrderArgs{OrderID: "ord_100002"})
	if err != nil || got.Status != GetOrderResultStatusCancelled {
		t.Errorf("GetOrder after cancelling: %+v, %v; want it cancelled", got, err)
	}
	res, err = orders.SearchOrders(ctx, SearchOrdersArgs{CustomerEmail: "ana@example.com", Status: []GetOrderResultStatus{GetOrderResultStatusShipped}, Limit: 5})
	if err != nil || res.IsError || !strings.Contains(string(res.Content), "ord_100001") || strings.Contains(string(res.Content), "ord_100002") {
		t.Errorf("SearchOrders: %s, %v; want the shipped order alone", res.Content, err)
	}
}
