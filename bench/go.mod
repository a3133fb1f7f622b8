module github.com/toolgen/toolgen/bench

go 1.26.8

require (
	github.com/go-faster/jx v1.2.0
	github.com/go-json-experiment/json v0.0.0-20260820222146-c27c302e5fc3
)

require (
	github.com/go-faster/errors v0.7.1 // indirect
	github.com/segmentio/asm v1.2.1 // indirect
	golang.org/x/sys v0.1.0 // indirect
)
