// Command render writes the invopop/jsonschema catalogs (the version go.mod
// pins), one schema reflected per tool from its Go argument type:
//
//	reflector.tools.json  jsonschema.Reflector{} as it comes: the root a
//	                      $ref into $defs, "$schema" 2020-12, "$id" from the
//	                      Go package path
//	inline.tools.json     jsonschema.Reflector{DoNotReference: true}: every
//	                      type written in place, as servers that send one
//	                      self-contained schema per tool set it; it recurses
//	                      without end on a recursive type, so the tools with
//	                      one are left out
//
// Run it with go generate in this folder.
package main

//go:generate go run . -reflector reflector.tools.json -inline inline.tools.json

import (
	"bytes"
	"encoding/json"
	"flag"
	"log"
	"os"

	"github.com/invopop/jsonschema"
)

type tool struct {
	Name         string             `json:"name"`
	Description  string             `json:"description"`
	InputSchema  *jsonschema.Schema `json:"inputSchema"`
	OutputSchema *jsonschema.Schema `json:"outputSchema,omitempty"`
}

func main() {
	referenced := flag.String("reflector", "", "output file for the default reflector")
	inline := flag.String("inline", "", "output file for DoNotReference")
	flag.Parse()
	for file, r := range map[string]*jsonschema.Reflector{
		*referenced: {},
		*inline:     {DoNotReference: true},
	} {
		if err := os.WriteFile(file, render(r), 0o644); err != nil {
			log.Fatal(err)
		}
	}
}

func render(r *jsonschema.Reflector) []byte {
	var tools []tool
	for _, d := range definitions {
		if d.recursive && r.DoNotReference {
			continue
		}
		t := tool{Name: d.name, Description: d.description, InputSchema: r.Reflect(d.input)}
		if d.output != nil {
			t.OutputSchema = r.Reflect(d.output)
		}
		tools = append(tools, t)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(struct {
		Tools []tool `json:"tools"`
	}{tools}); err != nil {
		log.Fatal(err)
	}
	return buf.Bytes()
}
