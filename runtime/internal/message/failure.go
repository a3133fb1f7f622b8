package message

import (
	"strconv"
	"strings"
)

// The words below are what the model reads of a call that failed, one
// function or text per failure class of package runtime: what happened and
// what to do next, never the internal detail, which stays on the error for
// the service's logs. Each names the tool as the catalog does, quoted.

// Internal is what the model reads of an error that is none of the
// runtime's: nothing of its text.
const Internal = "The tool call failed for an internal reason. Report the failure; do not retry it unchanged."

// AppendInvalidArguments appends the first line of the message of
// arguments with problems, problems of them, each of whose hints follows
// on a line of its own after "\n- ".
func AppendInvalidArguments(b []byte, tool string, problems int) []byte {
	b = AppendQuoted(append(b, "The arguments for tool "...), tool)
	if problems == 1 {
		return append(b, " have 1 problem. Fix it and call the tool again:"...)
	}
	b = strconv.AppendInt(append(b, " have "...), int64(problems), 10)
	return append(b, " problems. Fix all of them and call the tool again:"...)
}

// InvalidArgumentsLen bounds the length of the first line of
// AppendInvalidArguments besides the tool's name, for a caller that sizes
// its buffer.
const InvalidArgumentsLen = len(`The arguments for tool "" have  problems. Fix all of them and call the tool again:`) + 20

// MoreProblems follows the number of problems found and not listed, as
// the last line of the message of invalid arguments.
const MoreProblems = " more problems were found and are not listed; fix the ones above, then check the rest of the arguments against the tool's schema."

// UnknownTool tells the model that no tool is named name and which are.
func UnknownTool(name string, known []string) string {
	b := AppendQuoted([]byte("There is no tool named "), Truncate(name, maxToolName))
	b = append(b, ". Call one of these tools instead: "...)
	for i, k := range known {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = AppendQuoted(b, k)
	}
	return string(append(b, '.'))
}

// Rejected is the first line of a handler's rejection, each of whose hints
// follows on a line of its own after "\n- ".
func Rejected(tool string) string {
	return "The tool " + strconv.Quote(tool) + " rejected the arguments. Fix them and call the tool again:"
}

// HandlerFailed says the tool ran on valid arguments and failed.
func HandlerFailed(tool string) string {
	return "The tool " + strconv.Quote(tool) + " accepted the arguments but failed while running. Do not retry with the same arguments unless the user asks; report the failure or try another approach."
}

// Crashed says the tool failed with an internal error: a panic, or code
// that ended its goroutine.
func Crashed(tool string) string {
	return "The tool " + strconv.Quote(tool) + " failed with an internal error. Do not retry it with the same arguments; report the failure or try another approach."
}

// TimedOut says the call did not finish; whether its effects happened is
// unknown, so the model should check before retrying.
func TimedOut(tool string) string {
	return "The tool " + strconv.Quote(tool) + " did not finish in time and was stopped; it may or may not have taken effect. Check the current state before calling it again."
}

// Canceled says the call never started, so it had no effect.
func Canceled(tool string) string {
	return "The call to tool " + strconv.Quote(tool) + " was cancelled before it started, so it had no effect. Call it again only if it is still needed."
}

// Denied says the call is not allowed, with the policy's reason for the
// model when it gave one.
func Denied(tool, reason string) string {
	msg := "The call to tool " + strconv.Quote(tool) + " is not allowed"
	if reason != "" {
		msg += ": " + strings.TrimSuffix(reason, ".")
	}
	return msg + ". Do not retry it; ask the user or use another tool."
}

// InvalidOutput says the tool's result was malformed: the server's fault,
// not the arguments'.
func InvalidOutput(tool string) string {
	return "The tool " + strconv.Quote(tool) + " failed on the server's side (its result was malformed); the arguments were fine. Report the failure; do not retry with changed arguments."
}

// RemoteFailed says the server that runs the tool answered that it failed,
// without the server's own text, which is a third party's.
func RemoteFailed(tool string) string {
	return "The tool " + strconv.Quote(tool) + " failed on the server that runs it; the arguments were valid. Report the failure or try another approach; do not retry it unchanged."
}
