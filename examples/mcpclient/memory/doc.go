// Package memory calls the tools of the MCP reference memory server
// (@modelcontextprotocol/server-memory), a knowledge graph of entities,
// relations and observations, through a typed Client.
//
// catalog.json is what the server lists, as toolgen pull wrote it; CI
// checks it against the server at the version server/package.json pins
// with toolgen pull -check (see ../ci.sh). tools_gen.go is generated from
// it by the go:generate line below, which needs no network.
package memory

//go:generate go tool toolgen -client -o tools_gen.go catalog.json
