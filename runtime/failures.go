package runtime

import (
	"fmt"
	"strings"
	"time"

	"github.com/toolgen/toolgen/internal/jsonpointer"
	"github.com/toolgen/toolgen/runtime/internal/errtree"
	"github.com/toolgen/toolgen/runtime/internal/message"
)

// The failure classes of a dispatched call besides ValidationError,
// UnknownToolError and HandlerError. Each is a distinct type for errors.As,
// and each renders a message for the model that says what to do next and
// never carries internal detail, which stays on the error for the service's
// logs.

// RejectionError is a handler's semantic rejection of well-formed arguments
// ("record 123 does not exist"). It goes back to the model like a schema
// violation, so the model can fix the arguments. Handlers return one with
// Reject.
type RejectionError struct {
	Tool       string
	Violations []Violation
}

// Reject returns the error a handler gives to reject its arguments with its
// own violations; each Hint is shown to the model.
func Reject(violations ...Violation) error {
	for i := range violations {
		if violations[i].Keyword == "" {
			violations[i].Keyword = "semantic"
		}
		if violations[i].Message == "" {
			violations[i].Message = violations[i].Hint
		}
	}
	return &RejectionError{Violations: violations}
}

// Rejectf rejects the value at pointer with a hint for the model.
func Rejectf(pointer, format string, args ...any) error {
	return Reject(Violation{Pointer: pointer, Hint: fmt.Sprintf(format, args...)})
}

func (e *RejectionError) Error() string {
	var parts []string
	for _, v := range e.Violations {
		parts = append(parts, jsonpointer.Display(v.Pointer)+": "+v.Message)
	}
	return fmt.Sprintf("tool %q rejected its arguments: %s", e.Tool, strings.Join(parts, "; "))
}

// ModelMessage lists the handler's hints so the model can fix the arguments.
func (e *RejectionError) ModelMessage() string {
	var b strings.Builder
	b.WriteString(message.Rejected(e.Tool))
	for _, v := range e.Violations {
		b.WriteString("\n- ")
		b.WriteString(v.Hint)
	}
	return b.String()
}

// PanicError reports a handler that panicked, or another hook of the
// service's that Hook names. The dispatcher recovered and goes on serving;
// Value and Stack are for logs only.
type PanicError struct {
	Tool  string
	Hook  string // HookHandler, or the hook that panicked (HookAuthorizer, ...)
	Value any
	Stack []byte
}

func (e *PanicError) Error() string {
	switch {
	case e.Hook == HookHandler:
		return fmt.Sprintf("tool %q panicked: %v", e.Tool, e.Value)
	case e.Tool == "": // a batch's transaction
		return fmt.Sprintf("the %s panicked: %v", e.Hook, e.Value)
	}
	return fmt.Sprintf("tool %q: the %s panicked: %v", e.Tool, e.Hook, e.Value)
}

// ModelMessage says the tool failed, without the panic's detail.
func (e *PanicError) ModelMessage() string {
	return message.Crashed(e.Tool)
}

// TimeoutError reports a call that ran out of time, or whose context was
// cancelled, before its handler returned.
type TimeoutError struct {
	Tool    string
	Timeout time.Duration // the tool's limit; 0 when the caller's context ended the call
	Cause   error         // context.DeadlineExceeded or context.Canceled
}

func (e *TimeoutError) Error() string {
	if e.Timeout > 0 {
		return fmt.Sprintf("tool %q timed out after %v", e.Tool, e.Timeout)
	}
	return fmt.Sprintf("tool %q stopped: %v", e.Tool, e.Cause)
}

func (e *TimeoutError) Unwrap() error { return e.Cause }

// ModelMessage says the call did not finish; whether its effects happened is
// unknown, so the model should check before retrying.
func (e *TimeoutError) ModelMessage() string {
	return message.TimedOut(e.Tool)
}

// DeniedError reports a call the authorization policy refused. Reason is
// written by the policy for the model.
type DeniedError struct {
	Tool   string
	Reason string
	// Err is why a policy that did not decide with Deny refused: its own
	// error, or its panic (*PanicError) or exit (*ExitError). It is for
	// logs only; it is not wrapped, so nothing of it reaches the model or
	// changes the failure class.
	Err error
}

// Deny returns the error an Authorizer gives to refuse a call; reason is
// shown to the model.
func Deny(reason string) error { return &DeniedError{Reason: reason} }

func (e *DeniedError) Error() string {
	if e.Err != nil && e.Reason == "" {
		return fmt.Sprintf("tool %q denied: the policy did not decide: %v", e.Tool, e.Err)
	}
	return fmt.Sprintf("tool %q denied: %s", e.Tool, e.Reason)
}

// ModelMessage tells the model the call is not allowed and not to retry it.
func (e *DeniedError) ModelMessage() string {
	return message.Denied(e.Tool, e.Reason)
}

// OutputError reports a handler result that does not match the tool's output
// schema: a fault of the server, not of the model's arguments.
type OutputError struct {
	Tool       string
	Violations []Violation
}

func (e *OutputError) Error() string {
	var parts []string
	for _, v := range e.Violations {
		parts = append(parts, jsonpointer.Display(v.Pointer)+": "+v.Keyword+": "+v.Message)
	}
	return fmt.Sprintf("tool %q returned an invalid result: %s", e.Tool, strings.Join(parts, "; "))
}

// ModelMessage tells the model the fault is on the server's side.
func (e *OutputError) ModelMessage() string {
	return message.InvalidOutput(e.Tool)
}

// NotRunError is the result of a batch call that did not run because
// another call of the batch failed first.
type NotRunError struct {
	Tool   string
	Call   int // 1-based number of the call that failed (the first, when several did)
	Reason string
	// RolledBack is set when the call had run inside a transaction that was
	// rolled back, so its effects were not kept.
	RolledBack bool
	// Failed lists every call of the batch that failed before any ran
	// (validation, authorization), in call order; Call and Reason are its
	// first. The model is told of each, by position and tool name, at most
	// ten of them. Nil when only Call is known.
	Failed []FailedCall
}

// FailedCall is a call of a batch that failed, which a NotRunError names.
type FailedCall struct {
	Call   int    // 1-based position in the batch
	Tool   string // the tool name the call gave
	Reason string // "had invalid arguments", "named an unknown tool", ...
}

// failed returns the calls e names, Call and Reason when Failed is empty.
func (e *NotRunError) failed() []message.FailedCall {
	if len(e.Failed) == 0 {
		return []message.FailedCall{{Call: e.Call, Reason: e.Reason}}
	}
	out := make([]message.FailedCall, len(e.Failed))
	for i, f := range e.Failed {
		out[i] = message.FailedCall(f)
	}
	return out
}

func (e *NotRunError) Error() string {
	if e.RolledBack {
		return fmt.Sprintf("tool %q rolled back because call %d failed", e.Tool, e.Call)
	}
	if len(e.Failed) == 0 {
		return fmt.Sprintf("tool %q not run because call %d %s", e.Tool, e.Call, e.Reason)
	}
	return fmt.Sprintf("tool %q not run because %s", e.Tool, message.AppendFailedCalls(nil, e.failed()))
}

// ModelMessage tells the model which calls to fix and that nothing was kept.
func (e *NotRunError) ModelMessage() string {
	if e.RolledBack {
		return message.RolledBackMessage(e.Tool, e.Call)
	}
	return message.NotRunMessage(e.Tool, e.failed())
}

// transient marks a handler error as worth retrying.
type transient struct{ err error }

func (t transient) Error() string { return t.err.Error() }
func (t transient) Unwrap() error { return t.err }

// Transient marks a handler's error as transient: for a tool the catalog marks
// idempotent, a dispatcher with a retry policy calls the handler again.
func Transient(err error) error {
	if err == nil {
		return nil
	}
	return transient{err}
}

// isTransient reports whether err was marked with Transient.
func isTransient(err error) bool {
	return find(err, true, func(e error) bool { _, ok := e.(transient); return ok }) != nil
}

// find returns the first error in err's tree, in the order errors.As visits
// it, for which match holds, or nil (see errtree.Find); with inside false it
// does not look into what a handler returned (see own).
func find(err error, inside bool, match func(error) bool) error {
	if inside {
		return errtree.Find(err, match, nil)
	}
	return errtree.Find(err, match, func(e error) bool {
		h, ok := e.(*HandlerError)
		return ok && h.returned
	})
}

// own returns the first error in err's tree of the type of want that the
// runtime made, or nil. What a handler returned is not looked into: an
// error it wraps, such as the ValidationError of a call the handler made to
// another dispatcher, is the service's detail, not a failure of this call,
// and its violations are not this call's.
func own[T error](err error) (T, bool) {
	e, ok := find(err, false, func(e error) bool { _, ok := e.(T); return ok }).(T)
	return e, ok
}

// is reports whether own finds an error of type T in err's tree.
func is[T error](err error) bool {
	_, ok := own[T](err)
	return ok
}

// Outcome names the failure class of err for logs and metrics: "ok" for nil.
// It looks through what err wraps but not into what a handler returned (see
// own); if a wrapped error's own methods panic while it looks, err's own
// type names the class.
func Outcome(err error) (outcome string) {
	if err == nil {
		return "ok"
	}
	defer func() {
		if recover() != nil {
			outcome = ownClass(err)
		}
	}()
	switch {
	case is[*ValidationError](err):
		return FailureInvalidArguments
	case is[*UnknownToolError](err):
		return FailureUnknownTool
	case is[*RejectionError](err):
		return FailureRejected
	case is[*PanicError](err):
		return FailurePanic
	case is[*ExitError](err):
		return FailureExited
	case is[*CanceledError](err):
		return FailureCanceled
	case is[*TimeoutError](err):
		return FailureTimeout
	case is[*DeniedError](err):
		return FailureDenied
	case is[*OutputError](err):
		return FailureInvalidOutput
	case is[*NotRunError](err):
		return FailureNotRun
	case is[*RemoteError](err):
		return FailureRemote
	case is[*HandlerError](err):
		return FailureToolFailed
	}
	return FailureInternal
}

// ownClass names the failure class of err by its own type alone, calling
// none of its methods.
func ownClass(err error) string {
	switch err.(type) {
	case *ValidationError:
		return FailureInvalidArguments
	case *UnknownToolError:
		return FailureUnknownTool
	case *RejectionError:
		return FailureRejected
	case *PanicError:
		return FailurePanic
	case *ExitError:
		return FailureExited
	case *CanceledError:
		return FailureCanceled
	case *TimeoutError:
		return FailureTimeout
	case *DeniedError:
		return FailureDenied
	case *OutputError:
		return FailureInvalidOutput
	case *NotRunError:
		return FailureNotRun
	case *RemoteError:
		return FailureRemote
	case *HandlerError:
		return FailureToolFailed
	}
	return FailureInternal
}
