// Command toolgen-vet reports branded Valid…Args values made anywhere but in
// toolgen's generated code, where only the Parse functions may mint them,
// and switches over generated sealed unions and enums that miss a case and
// have no default.
//
// It runs under go vet:
//
//	go build -o toolgen-vet github.com/toolgen/toolgen/cmd/toolgen-vet
//	go vet -vettool=$PWD/toolgen-vet ./...
//
// or on its own, as toolgen-vet ./... (toolgen vet does the same).
package main

import (
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/toolgen/toolgen/cmd/internal/brandcheck"
)

func main() { multichecker.Main(brandcheck.Analyzers...) }
