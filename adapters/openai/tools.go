// Package openaitools connects the tools toolgen generates to
// github.com/openai/openai-go/v3: it turns the generated Definitions into the
// function tools of the Chat Completions and Responses APIs, and turns what
// the generated Dispatch returns into the tool messages those APIs expect.
//
// The schema a tool carries is the catalog's own JSON text, sent as it is
// rather than decoded into a map and encoded again, so the model sees the
// schema the generated validator enforces: same keys in the same order, same
// number literals.
//
// A typical Chat Completions round:
//
//	params.Tools = openaitools.ChatTools(tools.Definitions())
//	completion, err := client.Chat.Completions.New(ctx, params)
//	...
//	msg := completion.Choices[0].Message
//	params.Messages = append(params.Messages, msg.ToParam())
//	params.Messages = append(params.Messages, openaitools.ChatDispatch(ctx, msg.ToolCalls,
//		func(ctx context.Context, name string, raw []byte) (any, error) {
//			return tools.Dispatch(ctx, handler, name, raw)
//		})...)
package openaitools

import (
	"encoding/json"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/packages/param"
	"github.com/openai/openai-go/v3/responses"
	"github.com/openai/openai-go/v3/shared"
	"github.com/toolgen/toolgen/runtime"
)

// An Option changes how definitions are converted.
type Option func(*config)

type config struct {
	strict       bool
	outputSchema bool
}

// WithStrict marks every function tool strict, so that the model's arguments
// are constrained to the schema by OpenAI's structured outputs. Strict mode
// accepts only a subset of JSON Schema (every property required,
// additionalProperties false everywhere, some keywords unsupported); a
// catalog that is not written for it is rejected by the API, so this is off
// by default. Without it, Chat Completions tools omit "strict" (the API's
// default is false) and Responses tools send "strict": false, as the
// Responses API requires the field.
func WithStrict() Option { return func(c *config) { c.strict = true } }

// WithOutputSchema sends a tool's output schema, when the catalog declares
// one, as the Responses API's "output_schema". Chat Completions has no such
// field and ignores this option. It is off by default: an error output is
// text (see [ToolOutput]) and does not match the tool's output schema.
func WithOutputSchema() Option { return func(c *config) { c.outputSchema = true } }

func newConfig(opts []Option) config {
	var c config
	for _, o := range opts {
		o(&c)
	}
	return c
}

// ChatTools converts definitions to Chat Completions function tools, in
// order.
func ChatTools(defs []runtime.ToolDefinition, opts ...Option) []openai.ChatCompletionToolUnionParam {
	c := newConfig(opts)
	tools := make([]openai.ChatCompletionToolUnionParam, len(defs))
	for i, def := range defs {
		tools[i] = openai.ChatCompletionFunctionTool(functionDefinition(def, c))
	}
	return tools
}

func functionDefinition(def runtime.ToolDefinition, c config) shared.FunctionDefinitionParam {
	f := shared.FunctionDefinitionParam{Name: def.Name}
	if d := description(def); d != "" {
		f.Description = param.NewOpt(d)
	}
	if c.strict {
		f.Strict = param.NewOpt(true)
	}
	if len(def.InputSchema) > 0 {
		f.SetExtraFields(map[string]any{"parameters": def.InputSchema})
	}
	return f
}

// ResponseTools converts definitions to Responses API function tools, in
// order.
func ResponseTools(defs []runtime.ToolDefinition, opts ...Option) []responses.ToolUnionParam {
	c := newConfig(opts)
	tools := make([]responses.ToolUnionParam, len(defs))
	for i, def := range defs {
		f := responseFunction(def, c)
		tools[i] = responses.ToolUnionParam{OfFunction: &f}
	}
	return tools
}

func responseFunction(def runtime.ToolDefinition, c config) responses.FunctionToolParam {
	f := responses.FunctionToolParam{Name: def.Name, Strict: param.NewOpt(c.strict)}
	if d := description(def); d != "" {
		f.Description = param.NewOpt(d)
	}
	raw := map[string]any{}
	if len(def.InputSchema) > 0 {
		raw["parameters"] = def.InputSchema
	} else {
		// The Responses API requires parameters; a tool without a schema
		// takes an object with nothing in it.
		raw["parameters"] = json.RawMessage(`{"type":"object","properties":{}}`)
	}
	if c.outputSchema && len(def.OutputSchema) > 0 {
		raw["output_schema"] = def.OutputSchema
	}
	f.SetExtraFields(raw)
	return f
}

// description is what OpenAI shows the model about a tool: its description,
// or its title when the catalog gives no description.
func description(def runtime.ToolDefinition) string {
	if def.Description != "" {
		return def.Description
	}
	if def.Title != "" {
		return def.Title
	}
	return def.Annotations.Title
}
