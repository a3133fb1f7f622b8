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

	// Icons, Execution and Meta are the catalog's MCP members "icons",
	// "execution" and "_meta", which the MCP adapters list with the tool
	// where their SDK has a place for them; the model never sees them.
	// Meta is the "_meta" object as the catalog's bytes, nil when the
	// catalog has none.
	Icons     []Icon
	Execution Execution
	Meta      json.RawMessage
}

// Icon is an icon of a tool, as MCP describes one.
type Icon struct {
	Src      string   // a URL or a data: URI
	MIMEType string   // "" when not given
	Sizes    []string // such as "48x48" or "any"
	Theme    string   // "light" or "dark"; "" for any background
}

// Execution says how a client may run a tool, as MCP's "execution" does.
type Execution struct {
	// TaskSupport is "forbidden", "optional" or "required": whether a
	// client may, or must, call the tool as a task; "" when the catalog
	// does not say, which MCP reads as "forbidden".
	TaskSupport string
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
