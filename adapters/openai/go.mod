module github.com/toolgen/toolgen/adapters/openai

go 1.26.0

require (
	github.com/openai/openai-go/v3 v3.96.0
	github.com/toolgen/toolgen v0.0.0
)

require (
	github.com/coder/websocket v1.8.15 // indirect
	github.com/go-json-experiment/json v0.0.0-20260820222146-c27c302e5fc3 // indirect
	github.com/tidwall/gjson v1.20.0 // indirect
	github.com/tidwall/match v1.1.1 // indirect
	github.com/tidwall/pretty v1.2.1 // indirect
	github.com/tidwall/sjson v1.2.5 // indirect
)

replace github.com/toolgen/toolgen => ../..
