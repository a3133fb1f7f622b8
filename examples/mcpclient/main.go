// Command mcpclient calls tools of a published MCP server, the reference
// memory server (@modelcontextprotocol/server-memory), through the typed
// Client toolgen generated from the server's pulled catalog
// (memory/catalog.json, memory/tools_gen.go). The server is the command
// after --, run over stdio:
//
//	go run . -- npx -y @modelcontextprotocol/server-memory@2026.8.31
//
// It makes one call the generated validator refuses before anything is
// sent, then creates two entities and searches for one of them.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	mcptools "github.com/toolgen/toolgen/adapters/mcp"
	"github.com/toolgen/toolgen/examples/mcpclient/memory"
	"github.com/toolgen/toolgen/runtime"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("mcpclient: ")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: mcpclient -- COMMAND [ARG...]   (the memory server, run over stdio)")
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	transport := &mcp.CommandTransport{Command: exec.Command(flag.Arg(0), flag.Args()[1:]...)}
	session, err := mcp.NewClient(&mcp.Implementation{Name: "mcpclient", Version: "v0.1.0"}, nil).Connect(ctx, transport, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer session.Close()
	if err := run(ctx, memory.NewClient(mcptools.Caller(session)), os.Stdout); err != nil {
		log.Fatal(err)
	}
}

// run makes the example's calls through tools and reports on w.
func run(ctx context.Context, tools *memory.Client, w io.Writer) error {
	// A required array left nil is encoded as null, which the schema
	// refuses: the generated validator says so, and nothing is sent.
	_, err := tools.CreateEntities(ctx, memory.CreateEntitiesArgs{
		Entities: []memory.CreateEntitiesEntitiesItem{{Name: "Ada Lovelace", EntityType: "person"}},
	})
	var invalid *runtime.ValidationError
	if !errors.As(err, &invalid) {
		return fmt.Errorf("an entity without observations: got %v, want a validation error", err)
	}
	fmt.Fprintf(w, "refused before sending:\n%s\n\n", runtime.ModelMessage(err))

	created, err := tools.CreateEntities(ctx, memory.CreateEntitiesArgs{
		Entities: []memory.CreateEntitiesEntitiesItem{
			{Name: "Ada Lovelace", EntityType: "person", Observations: []string{"wrote the first program"}},
			{Name: "Analytical Engine", EntityType: "machine", Observations: []string{"designed by Charles Babbage"}},
		},
	})
	if err != nil {
		return fmt.Errorf("create_entities: %w", err)
	}
	fmt.Fprintf(w, "create_entities: %d new entities\n", len(created.Entities))

	found, err := tools.SearchNodes(ctx, memory.SearchNodesArgs{Query: "Ada"})
	if err != nil {
		return fmt.Errorf("search_nodes: %w", err)
	}
	for _, e := range found.Entities {
		fmt.Fprintf(w, "search_nodes: %s (%s): %v\n", e.Name, e.EntityType, e.Observations)
	}
	if len(found.Entities) == 0 {
		return errors.New("search_nodes found nothing")
	}
	return nil
}
