module github.com/toolgen/toolgen/templates/markdowncheck

go 1.26.0

replace github.com/toolgen/toolgen => ../..

require (
	github.com/toolgen/toolgen v0.0.0
	github.com/yuin/goldmark v1.8.7
)

require (
	github.com/go-json-experiment/json v0.0.0-20260820222146-c27c302e5fc3 // indirect
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3 // indirect
	golang.org/x/text v0.14.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)
