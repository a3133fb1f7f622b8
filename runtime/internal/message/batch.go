package message

import "strconv"

// FailedCall is a call of a batch that failed before any call ran.
type FailedCall struct {
	Call   int    // 1-based position in the batch
	Tool   string // the tool name the call gave, as the model wrote it
	Reason string // what went wrong, after the call: "had invalid arguments"
}

// What went wrong with a call that failed before the batch ran, as the
// model is told it after "call N".
const (
	ReasonInvalidArguments = "had invalid arguments"
	ReasonUnknownTool      = "named an unknown tool"
	ReasonDenied           = "was not allowed"
	ReasonCanceled         = "was cancelled before it ran"
	ReasonFailed           = "failed" // a call of a transaction, which ran
)

// MaxNamedCalls is how many failed calls a not-run message names; the
// others are counted, so that a batch of thousands of bad calls does not
// give each of its calls a message of thousands of lines.
const MaxNamedCalls = 10

// maxToolName is how much of a tool name a message shows: the name is the
// model's text, and an unknown one may be anything.
const maxToolName = 64

// NotRunMessage tells the model that its call to tool was not run because
// the calls failed did, and which to fix: each by position, tool name and
// reason, at most MaxNamedCalls of them.
func NotRunMessage(tool string, failed []FailedCall) string {
	b := AppendQuoted([]byte("This call to "), Truncate(tool, maxToolName))
	b = append(b, " was not run because "...)
	if len(failed) == 1 {
		b = appendFailedCall(append(b, "call "...), failed[0], " of the batch")
		b = strconv.AppendInt(append(b, "; nothing in the batch was run. Fix call "...), int64(failed[0].Call), 10)
		return string(append(b, " and send the batch again."...))
	}
	b = append(AppendPlural(b, len(failed), "call"), " of the batch failed: "...)
	b = AppendFailedCalls(b, failed)
	return string(append(b, ". Nothing in the batch was run. Fix every one of them and send the batch again."...))
}

// AppendFailedCalls appends the failed calls as a list, "call 2 (to
// "refund") had invalid arguments; call 4 ...", at most MaxNamedCalls of
// them and a count of the rest.
func AppendFailedCalls(b []byte, failed []FailedCall) []byte {
	for i, f := range failed[:min(len(failed), MaxNamedCalls)] {
		if i > 0 {
			b = append(b, "; "...)
		}
		b = appendFailedCall(append(b, "call "...), f, "")
	}
	if rest := len(failed) - MaxNamedCalls; rest > 0 {
		b = append(AppendPlural(append(b, "; and "...), rest, "more call"), " after those"...)
	}
	return b
}

// appendFailedCall appends "2 (to "refund") had invalid arguments" after
// "call ", with where after the number (" of the batch").
func appendFailedCall(b []byte, f FailedCall, where string) []byte {
	b = append(strconv.AppendInt(b, int64(f.Call), 10), where...)
	if f.Tool != "" {
		b = append(AppendQuoted(append(b, " (to "...), Truncate(f.Tool, maxToolName)), ')')
	}
	return append(append(b, ' '), f.Reason...)
}

// RolledBackMessage tells the model that its call to tool ran but was
// rolled back because call failed.
func RolledBackMessage(tool string, call int) string {
	b := AppendQuoted([]byte("This call to "), Truncate(tool, maxToolName))
	b = strconv.AppendInt(append(b, " ran, but call "...), int64(call), 10)
	b = strconv.AppendInt(append(b, " of the batch failed, so the whole batch was rolled back and nothing was kept. Fix call "...), int64(call), 10)
	return string(append(b, " and send the batch again."...))
}
