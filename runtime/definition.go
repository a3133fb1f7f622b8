package runtime

import "encoding/json"

// ToolDefinition is one tool as the model sees it. The schemas are the
// catalog's own bytes, embedded in the generated code, so the schema sent to
// the model is byte for byte the schema the generated validator enforces.
type ToolDefinition struct {
	Name        string
	Title       string
	Description string
	// InputSchema is the JSON Schema of the arguments; OutputSchema that of
	// the result, nil when the tool declares none.
	InputSchema  json.RawMessage
	OutputSchema json.RawMessage
	// StrictInputSchema is InputSchema rewritten for OpenAI's strict mode:
	// every property required, the optional ones nullable, every object
	// closed. Generated only with toolgen -openai-strict, and nil for a
	// schema strict mode cannot express. Validate calls made against it with
	// Options.NullAsAbsent, so that null stands for an absent member.
	StrictInputSchema json.RawMessage
	Annotations       Annotations

	// Icons, TaskSupport and Meta are the catalog's MCP members "icons",
	// "execution"."taskSupport" and "_meta", which the MCP adapters list
	// with the tool where their SDK has a place for them; the model never
	// sees them. Icons is a JSON array of MCP icon objects ("src",
	// "mimeType", "sizes", "theme"), which each SDK's icon type decodes;
	// Meta is the "_meta" object as the catalog's bytes; each is nil when
	// the catalog has none. TaskSupport is "forbidden", "optional" or
	// "required", "" when the catalog does not say (MCP reads that as
	// "forbidden").
	Icons       json.RawMessage
	TaskSupport string
	Meta        json.RawMessage
}

// Annotations are MCP's hints about a tool's behaviour; nil means the
// catalog did not say.
type Annotations struct {
	Title           string
	ReadOnlyHint    *bool
	DestructiveHint *bool
	IdempotentHint  *bool
	OpenWorldHint   *bool
}
