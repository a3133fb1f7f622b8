package runtime

import "errors"

// Failure classes, as ErrorReport.Error names them.
const (
	FailureInvalidArguments = "invalid_arguments"
	FailureUnknownTool      = "unknown_tool"
	FailureToolFailed       = "tool_failed"
	FailureInternal         = "internal_error"
)

// ErrorReport is a dispatcher error in the structured form sent back to a
// model (MCP's structuredContent, or JSON in a tool message). It holds only
// what the model may see: never a handler's internal error text.
type ErrorReport struct {
	Error      string      `json:"error"`   // the failure class, one of the Failure… constants
	Message    string      `json:"message"` // ModelMessage(err)
	Tool       string      `json:"tool,omitempty"`
	Violations []Violation `json:"violations,omitempty"`
	Omitted    int         `json:"omitted,omitempty"` // violations found but not listed
	KnownTools []string    `json:"knownTools,omitempty"`
}

// Report builds the ErrorReport of an error returned by a generated
// dispatcher. Errors of other kinds are reported as internal errors with a
// generic message.
func Report(err error) ErrorReport {
	r := ErrorReport{Error: FailureInternal, Message: ModelMessage(err)}
	var invalid *ValidationError
	var unknown *UnknownToolError
	var failed *HandlerError
	switch {
	case errors.As(err, &invalid):
		r.Error, r.Tool, r.Violations, r.Omitted = FailureInvalidArguments, invalid.Tool, invalid.Violations, invalid.Omitted
	case errors.As(err, &unknown):
		r.Error, r.KnownTools = FailureUnknownTool, unknown.Known
	case errors.As(err, &failed):
		r.Error, r.Tool = FailureToolFailed, failed.Tool
	}
	return r
}
