// Package runtime is the API of the code toolgen generates: the Dispatcher
// that validates a tool call, runs its handler and reports the outcome; its
// Config, hooks (Authorizer, Observer, RetryPolicy) and batches; the errors a
// call can end with, each with the ModelMessage to send back to the model;
// Reject for a handler's own refusals; and the tool definitions to give a
// provider.
//
// What only generated code calls (the JSON reader, the schema checks, the
// tools table) lives in runtime/toolgenimpl; the format checkers live in
// runtime/format.
//
// The names ValidationError, Violation and ErrUnknownTool are a stable
// contract: they are extended, never renamed.
package runtime

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/toolgen/toolgen/internal/jsonpointer"
	"github.com/toolgen/toolgen/runtime/internal/message"
)

// Violation is one problem with a tool call's arguments.
type Violation struct {
	// Pointer is the RFC 6901 JSON Pointer of the offending value in the
	// arguments; "" is the arguments object itself. Problems inside a
	// sensitive value (writeOnly, or marked sensitive) are one violation at
	// that value, since a pointer into it would name what it holds; its
	// Message counts them and lists their keywords.
	Pointer string `json:"pointer"`
	// Keyword is the JSON Schema keyword that failed ("type", "required",
	// "maximum", ...), or "json" for a problem with the JSON text itself;
	// for problems inside a sensitive value, the first one's.
	Keyword string `json:"keyword"`
	// Message is a technical description, for logs and tests.
	Message string `json:"message"`
	// Hint is one English sentence for the model: which field, what was
	// expected and what came.
	Hint string `json:"hint"`
}

// ValidationError reports that a tool call's arguments were rejected. It lists
// every violation found in the single pass over the arguments, up to
// MaxViolations.
type ValidationError struct {
	Tool       string
	Violations []Violation
	// Omitted counts the violations found beyond MaxViolations and not listed.
	Omitted int
}

func (e *ValidationError) Error() string {
	// n is about the length of the result, so that it is built in one go.
	n := len(`tool "": invalid arguments: ; and  more`) + len(e.Tool) + 20
	for _, v := range e.Violations {
		n += len(v.Pointer) + len(v.Keyword) + len(v.Message) + len("; /: : ")
	}
	b := make([]byte, 0, n)
	b = strconv.AppendQuote(append(b, "tool "...), e.Tool)
	b = append(b, ": invalid arguments: "...)
	for i, v := range e.Violations {
		if i > 0 {
			b = append(b, "; "...)
		}
		b = append(b, jsonpointer.Display(v.Pointer)...)
		b = append(append(b, ": "...), v.Keyword...)
		b = append(append(b, ": "...), v.Message...)
	}
	if e.Omitted > 0 {
		b = strconv.AppendInt(append(b, "; and "...), int64(e.Omitted), 10)
		b = append(b, " more"...)
	}
	return string(b)
}

// ModelMessage renders the whole error as one message a model can act on: what
// failed and every hint, so that all problems are fixed in the next call.
func (e *ValidationError) ModelMessage() string {
	// n is about the length of the result, so that it is built in one go.
	n := message.InvalidArgumentsLen + len(e.Tool)
	for _, v := range e.Violations {
		n += len("\n- ") + len(v.Hint)
	}
	if e.Omitted > 0 {
		n += len("\n- ") + 20 + len(message.MoreProblems)
	}
	b := message.AppendInvalidArguments(make([]byte, 0, n), e.Tool, len(e.Violations)+e.Omitted)
	for _, v := range e.Violations {
		b = append(append(b, "\n- "...), v.Hint...)
	}
	if e.Omitted > 0 {
		b = strconv.AppendInt(append(b, "\n- "...), int64(e.Omitted), 10)
		b = append(b, message.MoreProblems...)
	}
	return string(b)
}

// ErrUnknownTool is matched, with errors.Is, by the error a dispatcher returns
// for a tool name that is not in its catalog.
var ErrUnknownTool = errors.New("unknown tool")

// UnknownToolError reports a call to a tool that is not in the catalog.
type UnknownToolError struct {
	Name  string
	Known []string // the catalog's tool names, in catalog order
}

func (e *UnknownToolError) Error() string {
	return fmt.Sprintf("unknown tool %q", e.Name)
}

// Is makes errors.Is(err, ErrUnknownTool) true.
func (e *UnknownToolError) Is(target error) bool { return target == ErrUnknownTool }

// ModelMessage tells the model the tool does not exist and which ones do.
func (e *UnknownToolError) ModelMessage() string {
	return message.UnknownTool(e.Name, e.Known)
}

// HandlerError wraps an error returned by a tool's handler after its arguments
// were validated. It is distinct from ValidationError: the model's arguments
// were fine, running the tool failed.
type HandlerError struct {
	Tool string
	Err  error

	// returned says that Err is the service's error, which Outcome and
	// Report do not look into: what the handler returned, or the error of
	// encoding its result.
	returned bool
}

func (e *HandlerError) Error() string { return fmt.Sprintf("tool %q failed: %v", e.Tool, e.Err) }

func (e *HandlerError) Unwrap() error { return e.Err }

// ModelMessage tells the model the tool failed without exposing the internal
// error text, which goes to the service's logs instead.
func (e *HandlerError) ModelMessage() string {
	return message.HandlerFailed(e.Tool)
}

// ModelMessage returns the message for the model for any error a generated
// dispatcher returns, and a generic one for anything else, so that no internal
// error text ever reaches the model.
// A wrapped error whose own methods panic gets the generic message too.
func ModelMessage(err error) (msg string) {
	defer func() {
		if recover() != nil {
			msg = message.Internal
		}
	}()
	var m interface{ ModelMessage() string }
	if errors.As(err, &m) {
		return m.ModelMessage()
	}
	return message.Internal
}
