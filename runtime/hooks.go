package runtime

import (
	"fmt"
	"runtime/debug"

	"github.com/toolgen/toolgen/runtime/internal/message"
)

// The dispatcher calls the service's code at several points: the handler,
// the authorizer, the observer, a batch's transaction, a result's
// MarshalJSON (through an output check) and the methods of a handler's
// error. Every such call goes through goHook, so that a panic or a
// runtime.Goexit ends a goroutine of the dispatcher's, never the caller's,
// and comes back as a value the dispatcher turns into a failure class.

// Hook names, as PanicError.Hook and ExitError.Hook give them.
const (
	HookHandler    = ""                // the tool's handler, and its error's methods
	HookAuthorizer = "authorizer"      // Config.Authorizer
	HookObserver   = "observer"        // Config.Observer
	HookOutput     = "result encoding" // encoding and checking a result (its MarshalJSON)
	HookBegin      = "transaction Begin"
	HookCommit     = "transaction Commit"
	HookRollback   = "transaction Rollback"
)

// hookEnd says how a call into the service's code ended, if not by
// returning: by a panic (with its value and stack) or by runtime.Goexit.
type hookEnd struct {
	hook     string // the hook that was running
	panicked bool
	value    any
	stack    []byte
	exited   bool
}

// err returns the error of tool's call for a hook that did not return: a
// *PanicError or an *ExitError; nil if it returned.
func (e hookEnd) err(tool string) error {
	switch {
	case e.panicked:
		return &PanicError{Tool: tool, Hook: e.hook, Value: e.value, Stack: e.stack}
	case e.exited:
		return &ExitError{Tool: tool, Hook: e.hook}
	}
	return nil
}

// hookResult is what a hook returned, or how it ended otherwise.
type hookResult[T any] struct {
	value T
	end   hookEnd
}

// goHook calls fn on a goroutine of its own and delivers what it returns on
// the channel, or how it ended if it did not return. The channel holds one
// value, so the goroutine ends when fn does, whether or not anyone still
// waits for it. fn may name the hook it is in by setting *hook (a handler
// goes on to its error's methods and its result's encoding), so that a panic
// is blamed on the right one.
func goHook[T any](hook string, fn func(hook *string) T) <-chan hookResult[T] {
	done := make(chan hookResult[T], 1)
	go func() {
		out := hookResult[T]{end: hookEnd{hook: hook}}
		returned := false
		defer func() {
			if !returned {
				// Since Go 1.21 panic(nil) panics with a *runtime.PanicNilError,
				// so recover returns nil here only for runtime.Goexit.
				if v := recover(); v != nil {
					out.end.panicked, out.end.value, out.end.stack = true, v, debug.Stack()
				} else {
					out.end.exited = true
				}
			}
			done <- out
		}()
		out.value = fn(&out.end.hook)
		returned = true
	}()
	return done
}

// callHook calls fn through goHook and waits until it ends.
func callHook[T any](hook string, fn func() T) hookResult[T] {
	return <-goHook(hook, func(*string) T { return fn() })
}

// ExitError reports service code that ended its goroutine with
// runtime.Goexit (as testing's t.FailNow does) instead of returning: the
// handler, or the hook Hook names. The dispatcher ran the code on a goroutine
// of its own, so only that goroutine ended.
type ExitError struct {
	Tool string
	Hook string // HookHandler, or the hook that exited
}

func (e *ExitError) Error() string {
	msg := fmt.Sprintf("the %s ended its goroutine (runtime.Goexit) without returning", hookName(e.Hook))
	if e.Tool == "" { // a batch's transaction
		return msg
	}
	return fmt.Sprintf("tool %q: %s", e.Tool, msg)
}

// ModelMessage says the tool failed, without internal detail.
func (e *ExitError) ModelMessage() string {
	return message.Crashed(e.Tool)
}

// CanceledError reports a call whose context was done before its handler
// started: nothing of the tool ran, unlike a TimeoutError, after which its
// effects are unknown.
type CanceledError struct {
	Tool  string
	Cause error // context.Canceled or context.DeadlineExceeded
}

func (e *CanceledError) Error() string {
	return fmt.Sprintf("tool %q not started: %v", e.Tool, e.Cause)
}

func (e *CanceledError) Unwrap() error { return e.Cause }

// ModelMessage says the call never ran, so it had no effect.
func (e *CanceledError) ModelMessage() string {
	return message.Canceled(e.Tool)
}

func hookName(hook string) string {
	if hook == HookHandler {
		return "handler"
	}
	return hook
}
