// Package scale measures toolgen on a catalog far larger than any real one:
// a corpus of 3,717 tools built from the shared MCP catalogs
// (../shared/testdata/catalogs beside the repository) and the project's
// own, as corpus.go describes.
//
// BenchmarkGenerateScale times, per iteration, catalog.Parse, catalog.Lint
// and gen.Generate of that catalog, then go build of the generated package
// in a temporary module, and reports the two as the custom metrics
// generate-s/op and build-s/op (targets: under 5 s and under 30 s), with
// the bytes of Go per tool (≤ 2,600), the generator's allocation and peak
// heap and the build's peak memory (< 1 GiB). It is a
// benchmark rather than a timed test so that a slow or busy machine reports
// a number instead of failing. Run it from the bench module root:
//
//	go test ./scale -run '^$' -bench GenerateScale -benchtime 1x -count 3
//
// TestCorpus keeps the catalog builder honest in go test ./....
package scale
