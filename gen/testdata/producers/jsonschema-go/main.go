// Command render writes sdk.tools.json: tools/list as a server of the MCP Go
// SDK (the version go.mod pins) sends it, the input and output schemas
// inferred by google/jsonschema-go's jsonschema.For (mcp.AddTool) or built
// from it and adjusted by hand, as servers do for what a Go type cannot say.
//
// Run it with go generate in this folder.
package main

//go:generate go run . -o sdk.tools.json

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	out := flag.String("o", "", "output file")
	flag.Parse()
	data, err := render()
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, data, 0o644); err != nil {
		log.Fatal(err)
	}
}

// render registers the tools on a server, lists them through a client over
// the in-memory transport and returns the catalog in the tools/list shape.
func render() ([]byte, error) {
	ctx := context.Background()
	server := mcp.NewServer(&mcp.Implementation{Name: "jsonschema-go-corpus", Version: "1.0.0"}, nil)
	if err := addTools(server); err != nil {
		return nil, err
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "render", Version: "1.0.0"}, nil)
	ct, st := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		return nil, err
	}
	defer ss.Close()
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		return nil, err
	}
	defer cs.Close()
	listed, err := cs.ListTools(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("listing the tools: %w", err)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(struct {
		Tools []*mcp.Tool `json:"tools"`
	}{listed.Tools}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
