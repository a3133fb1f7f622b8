// Package tokenizer holds micro-benchmarks and a strictness table comparing
// the JSON tokenizers toolgen could build its generated decoders on:
// github.com/go-json-experiment/json/jsontext (the one toolgen uses),
// github.com/go-faster/jx and the standard library's encoding/json.
//
// Everything lives in the _test.go files; run
//
//	go test ./tokenizer -run '^$' -bench . -benchmem -count 6
//
// from the bench module root.
package tokenizer
