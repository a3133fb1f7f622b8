module github.com/toolgen/toolgen/adapters/mcpgo

go 1.26.0

require (
	github.com/mark3labs/mcp-go v1.2.1
	github.com/toolgen/toolgen v0.0.0
)

require (
	github.com/google/jsonschema-go v0.4.3 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3 // indirect
	github.com/spf13/cast v1.7.1 // indirect
	github.com/yosida95/uritemplate/v3 v3.0.2 // indirect
	golang.org/x/text v0.14.0 // indirect
)

replace github.com/toolgen/toolgen => ../..
