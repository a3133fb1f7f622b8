package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	googlejs "github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	mcptools "github.com/toolgen/toolgen/adapters/mcp"
	"github.com/toolgen/toolgen/bench/generated"
	"github.com/toolgen/toolgen/runtime"
)

// The MCP round trip: one tools/call of refund_payment from a client of the
// MCP Go SDK to a server of it, over the SDK's in-memory transport, through
// each of two servers:
//
//   - toolgen: the tool registered by adapters/mcp (mcptools.Register), its
//     raw arguments validated by the generated dispatcher;
//   - sdk-typed: the same tool added with mcp.AddTool and a typed handler,
//     its input schema the catalog's, so that the SDK validates the same
//     schema and decodes the arguments into a struct.
//
// Both handlers do the same: return a small result. What differs is the
// validation and what an invalid call sends back: toolgen's text with every
// hint plus a compact structured report, the SDK's error text.

// refundArgs is what the SDK's typed path decodes the arguments into.
type refundArgs struct {
	PaymentID   string `json:"paymentId"`
	AmountCents int64  `json:"amountCents"`
	Reason      string `json:"reason"`
}

// refundResult is what both handlers return.
type refundResult struct {
	RefundID string `json:"refundId"`
	Status   string `json:"status"`
}

type refunds struct{}

func (refunds) RefundPayment(context.Context, generated.ValidRefundPaymentArgs) (any, error) {
	return refundResult{RefundID: "rf_1", Status: "queued"}, nil
}

func (refunds) SearchIssues(context.Context, generated.ValidSearchIssuesArgs) (any, error) {
	return nil, nil
}

func (refunds) CreateOrder(context.Context, generated.ValidCreateOrderArgs) (any, error) {
	return nil, nil
}

func toolgenServer(tb testing.TB) *mcp.Server {
	server := mcp.NewServer(&mcp.Implementation{Name: "toolgen", Version: "v0"}, nil)
	dispatcher := generated.NewDispatcher(refunds{}, runtime.Config{})
	if err := mcptools.Register(server, generated.Definitions(), dispatcher.Dispatch); err != nil {
		tb.Fatal(err)
	}
	return server
}

func sdkServer(tb testing.TB) *mcp.Server {
	var schema googlejs.Schema
	if err := json.Unmarshal(inputSchema(generated.Definitions(), "refund_payment"), &schema); err != nil {
		tb.Fatal(err)
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "sdk", Version: "v0"}, nil)
	mcp.AddTool(server, &mcp.Tool{Name: "refund_payment", InputSchema: &schema},
		func(context.Context, *mcp.CallToolRequest, refundArgs) (*mcp.CallToolResult, refundResult, error) {
			return nil, refundResult{RefundID: "rf_1", Status: "queued"}, nil
		})
	return server
}

// connect returns a client session to server over in-memory transports.
func connect(tb testing.TB, server *mcp.Server) *mcp.ClientSession {
	ctx := context.Background()
	serverTransport, clientTransport := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, serverTransport, nil)
	if err != nil {
		tb.Fatal(err)
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "v0"}, nil)
	cs, err := client.Connect(ctx, clientTransport, nil)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		cs.Close()
		ss.Wait()
	})
	return cs
}

var mcpServers = []struct {
	name string
	new  func(testing.TB) *mcp.Server
}{
	{"toolgen", toolgenServer},
	{"sdk-typed", sdkServer},
}

func refundPayload(tb testing.TB, kind string) json.RawMessage {
	raw, err := os.ReadFile(filepath.Join("testdata", "refund_payment."+kind+".json"))
	if err != nil {
		tb.Fatal(err)
	}
	return raw
}

// callRefund makes one tools/call and checks the verdict: an error result
// exactly for the invalid payload. It returns the result's size as JSON.
func callRefund(tb testing.TB, cs *mcp.ClientSession, params *mcp.CallToolParams, invalid bool) int {
	r, err := cs.CallTool(context.Background(), params)
	if err != nil {
		tb.Fatal(err)
	}
	if r.IsError != invalid {
		tb.Fatalf("isError %v for the %s payload: %+v", r.IsError, map[bool]string{true: "invalid", false: "valid"}[invalid], r.Content)
	}
	body, err := json.Marshal(r)
	if err != nil {
		tb.Fatal(err)
	}
	return len(body)
}

// TestMCPVerdicts checks, without timing, that both servers accept the
// valid payload and refuse the invalid one, and that toolgen's invalid
// result names every violation while staying small.
func TestMCPVerdicts(t *testing.T) {
	for _, s := range mcpServers {
		cs := connect(t, s.new(t))
		for _, kind := range []string{"valid", "invalid"} {
			params := &mcp.CallToolParams{Name: "refund_payment", Arguments: refundPayload(t, kind)}
			size := callRefund(t, cs, params, kind == "invalid")
			t.Logf("%s, %s call: %d bytes of result", s.name, kind, size)
		}
	}
}

// BenchmarkMCPCall times one tools/call round trip, client to server and
// back, for each server and payload. cpu-ns/op is the process's CPU time
// per call (client, server and garbage collector), steadier than ns/op on a
// loaded machine; result-bytes is the size of the result as JSON.
func BenchmarkMCPCall(b *testing.B) {
	for _, kind := range []string{"valid", "invalid"} {
		for _, s := range mcpServers {
			b.Run(fmt.Sprintf("refund_payment.%s/%s", kind, s.name), func(b *testing.B) {
				cs := connect(b, s.new(b))
				params := &mcp.CallToolParams{Name: "refund_payment", Arguments: refundPayload(b, kind)}
				size := callRefund(b, cs, params, kind == "invalid")
				ctx := context.Background()
				b.ReportAllocs()
				start := cpuTime()
				for b.Loop() {
					r, err := cs.CallTool(ctx, params)
					if err != nil || r.IsError != (kind == "invalid") {
						b.Fatalf("the call went otherwise than before the timing: %v", err)
					}
				}
				b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
				b.ReportMetric(float64(size), "result-bytes")
			})
		}
	}
}
