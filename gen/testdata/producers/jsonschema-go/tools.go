package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"math/big"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The tools' argument types: one Go type per tool, as mcp.AddTool infers
// a schema from it with jsonschema.For.

type Address struct {
	Street   string `json:"street" jsonschema:"Street and number."`
	City     string `json:"city"`
	Postcode string `json:"postcode"`
	Country  string `json:"country,omitempty"`
}

type StringsArgs struct {
	Email    string     `json:"email" jsonschema:"Where to write."`
	At       time.Time  `json:"at"`
	Since    *time.Time `json:"since,omitempty"`
	Level    slog.Level `json:"level"`
	Amount   big.Int    `json:"amount"`
	Ratio    big.Rat    `json:"ratio"`
	Note     string     `json:"note,omitzero"`
	Renamed  string     `json:"renamed_field"`
	Skipped  string     `json:"-"`
	Unexport string     // no json tag: the Go name is the member's name
}

type NumbersArgs struct {
	Count   int     `json:"count"`
	Count64 int64   `json:"count64"`
	Tiny    int8    `json:"tiny"`
	Short   int16   `json:"short"`
	Int32   int32   `json:"int32"`
	Byte    uint8   `json:"byte"`
	Port    uint16  `json:"port"`
	Uint32  uint32  `json:"uint32"`
	Uint    uint    `json:"uint"`
	Uint64  uint64  `json:"uint64"`
	Ratio   float64 `json:"ratio"`
	Ratio32 float32 `json:"ratio32"`
}

type OptionalityArgs struct {
	Required    string   `json:"required"`
	Optional    string   `json:"optional,omitempty"`
	Nullable    *string  `json:"nullable"`
	NullableOpt *int     `json:"nullable_opt,omitempty"`
	Flag        bool     `json:"flag"`
	FlagPtr     *bool    `json:"flag_ptr,omitempty"`
	Address     Address  `json:"address"`
	Billing     *Address `json:"billing,omitempty"`
	Shipping    *Address `json:"shipping"`
	Tags        []string `json:"tags"`
	TagsOpt     []string `json:"tags_opt,omitempty"`
}

type CollectionsArgs struct {
	Names   []string            `json:"names"`
	Point   [3]float64          `json:"point"`
	Counts  map[string]int      `json:"counts"`
	ByName  map[string]Address  `json:"by_name"`
	Matrix  [][]float64         `json:"matrix"`
	Data    []byte              `json:"data"`
	Raw     json.RawMessage     `json:"raw"`
	Any     any                 `json:"any"`
	Set     map[string]struct{} `json:"set"`
	People  []Address           `json:"people"`
	Pointed []*Address          `json:"pointed"`
	Nested  map[string][]int    `json:"nested"`
}

type Named struct {
	Name string `json:"name"`
}

type Aged struct {
	Age int `json:"age"`
}

type EmbeddedArgs struct {
	Named
	*Aged
	Nickname string `json:"nickname,omitempty"`
}

type Receipt struct {
	ID      string    `json:"id"`
	Created time.Time `json:"created"`
	Lines   []string  `json:"lines"`
}

type Nothing struct{}

// tweaked is the schema a server builds for what a Go type cannot say:
// For's output with enums, bounds, formats, patterns and defaults set, a
// union of tagged objects, and a recursive type (For refuses cycles) in $defs.
func tweaked() (*jsonschema.Schema, error) {
	type TweakedArgs struct {
		Color   string  `json:"color"`
		Level   int     `json:"level"`
		Percent int     `json:"percent"`
		Email   string  `json:"email"`
		Site    string  `json:"site"`
		When    string  `json:"when"`
		ID      string  `json:"id"`
		Slug    string  `json:"slug"`
		Limit   int     `json:"limit,omitempty"`
		Step    float64 `json:"step,omitempty"`
		Pet     any     `json:"pet"`
		Tree    any     `json:"tree,omitempty"`
	}
	s, err := jsonschema.For[TweakedArgs](nil)
	if err != nil {
		return nil, err
	}
	p := s.Properties
	p["color"].Enum = []any{"red", "green", "blue"}
	p["level"].Enum = []any{1, 2, 3}
	p["percent"].Minimum, p["percent"].Maximum = jsonschema.Ptr(0.0), jsonschema.Ptr(100.0)
	p["email"].Format = "email"
	p["site"].Format = "uri"
	p["when"].Format = "date-time"
	p["id"].Format = "uuid"
	p["slug"].Pattern = "^[a-z0-9]+(?:-[a-z0-9]+)*$"
	p["slug"].MinLength, p["slug"].MaxLength = jsonschema.Ptr(3), jsonschema.Ptr(40)
	p["limit"].Default = json.RawMessage(`20`)
	p["limit"].ExclusiveMinimum = jsonschema.Ptr(0.0)
	p["step"].MultipleOf = jsonschema.Ptr(0.5)
	object := func(tag string, props map[string]*jsonschema.Schema) *jsonschema.Schema {
		props["kind"] = &jsonschema.Schema{Type: "string", Const: jsonschema.Ptr[any](tag)}
		return &jsonschema.Schema{Type: "object", Properties: props, Required: []string{"kind"}, AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}}}
	}
	p["pet"] = &jsonschema.Schema{OneOf: []*jsonschema.Schema{
		object("cat", map[string]*jsonschema.Schema{"lives": {Type: "integer"}}),
		object("dog", map[string]*jsonschema.Schema{"good": {Type: "boolean"}}),
	}}
	s.Defs = map[string]*jsonschema.Schema{"Node": {
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"label":    {Type: "string"},
			"children": {Type: "array", Items: &jsonschema.Schema{Ref: "#/$defs/Node"}},
		},
		Required: []string{"label"},
	}}
	p["tree"] = &jsonschema.Schema{Ref: "#/$defs/Node"}
	return s, nil
}

func addTools(server *mcp.Server) error {
	add := func(name, description string) *mcp.Tool { return &mcp.Tool{Name: name, Description: description} }
	none := func(context.Context, *mcp.CallToolRequest, any) (*mcp.CallToolResult, any, error) {
		return nil, nil, nil
	}
	mcp.AddTool(server, add("check_strings", "Strings, times and the standard library's text types."),
		func(context.Context, *mcp.CallToolRequest, StringsArgs) (*mcp.CallToolResult, any, error) {
			return nil, nil, nil
		})
	mcp.AddTool(server, add("check_numbers", "Integers of every size and floats."),
		func(context.Context, *mcp.CallToolRequest, NumbersArgs) (*mcp.CallToolResult, any, error) {
			return nil, nil, nil
		})
	mcp.AddTool(server, add("check_optionality", "Required, omitempty, pointer and nested fields."),
		func(context.Context, *mcp.CallToolRequest, OptionalityArgs) (*mcp.CallToolResult, Receipt, error) {
			return nil, Receipt{}, nil
		})
	mcp.AddTool(server, add("check_collections", "Slices, arrays, maps, bytes and untyped values."),
		func(context.Context, *mcp.CallToolRequest, CollectionsArgs) (*mcp.CallToolResult, any, error) {
			return nil, nil, nil
		})
	mcp.AddTool(server, add("check_embedded", "Embedded structs, one through a pointer."),
		func(context.Context, *mcp.CallToolRequest, EmbeddedArgs) (*mcp.CallToolResult, any, error) {
			return nil, nil, nil
		})
	mcp.AddTool(server, add("check_empty", "No arguments."),
		func(context.Context, *mcp.CallToolRequest, Nothing) (*mcp.CallToolResult, any, error) {
			return nil, nil, nil
		})
	s, err := tweaked()
	if err != nil {
		return err
	}
	tool := add("check_tweaked", "A schema from jsonschema.For, adjusted by hand.")
	tool.InputSchema = s
	mcp.AddTool(server, tool, none)
	return nil
}
