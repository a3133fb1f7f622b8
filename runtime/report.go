package runtime

// Failure classes, as ErrorReport.Error names them.
const (
	FailureInvalidArguments = "invalid_arguments"
	FailureUnknownTool      = "unknown_tool"
	FailureRejected         = "rejected"       // the handler rejected well-formed arguments
	FailureDenied           = "denied"         // the authorization policy refused the call
	FailureToolFailed       = "tool_failed"    // the handler returned an error
	FailurePanic            = "panic"          // the handler panicked
	FailureExited           = "exited"         // the handler or a hook ended its goroutine (runtime.Goexit)
	FailureCanceled         = "canceled"       // the context was done before the handler started: nothing ran
	FailureTimeout          = "timeout"        // the call ran out of time or was cancelled while running
	FailureInvalidOutput    = "invalid_output" // the handler's result broke the output schema
	FailureNotRun           = "not_run"        // another call of the batch failed
	FailureRemote           = "remote_failed"  // the server that runs the tool answered that it failed
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
func Report(err error) (r ErrorReport) {
	r = ErrorReport{Error: Outcome(err), Message: ModelMessage(err)}
	defer func() {
		// A wrapped error's own methods panicked: report the class and the
		// message, which never depend on them, and no detail.
		if recover() != nil {
			r = ErrorReport{Error: r.Error, Message: r.Message}
		}
	}()
	if invalid, ok := own[*ValidationError](err); ok {
		r.Tool, r.Violations, r.Omitted = invalid.Tool, invalid.Violations, invalid.Omitted
	} else if unknown, ok := own[*UnknownToolError](err); ok {
		r.KnownTools = unknown.Known
	} else if rejected, ok := own[*RejectionError](err); ok {
		r.Tool, r.Violations = rejected.Tool, rejected.Violations
	}
	return r
}
