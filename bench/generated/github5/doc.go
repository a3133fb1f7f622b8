// Package github5 is toolgen's output for five tools of GitHub's MCP server
// (../../testdata/github5.tools.json: create_pull_request, issue_write,
// list_issues, push_files and search_code), benchmarked beside the
// payloads of package generated.
package github5

//go:generate go run github.com/toolgen/toolgen/cmd/toolgen -pkg github5 -o tools_gen.go ../../testdata/github5.tools.json
