package openaitools

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
	"github.com/toolgen/toolgen/runtime"
)

// ErrorPrefix starts every tool output that reports a failure. OpenAI's tool
// messages have no error flag, so the text itself says so. A successful
// output is JSON, which never starts with a letter, so the prefix cannot be
// mistaken for a result.
//
// A failure output has this form, and this form is stable:
//
//	ERROR <class>: <message for the model, one or more lines>
//	<report as one line of JSON>
//
// where <class> is the failure class (runtime.FailureInvalidArguments and
// the others), the message is runtime.ModelMessage of the error, and the last
// line is runtime.ErrorReport.Compact of the error (class, tool, and the pointer
// and keyword of each violation), or runtime.Report with [WithFullReport].
// [ParseError] reads either back.
const ErrorPrefix = "ERROR "

// ToolOutput is the text sent back to the model for one dispatched call: the
// JSON of result when err is nil, else the failure form described at
// [ErrorPrefix]. A handler's internal error text never appears in it:
// failures are described by runtime.ModelMessage and the report. Of opts,
// only [WithFullReport] applies. A result that cannot be encoded as JSON is
// reported as a *runtime.HandlerError, class tool_failed; the per-turn
// helpers, which know the tool's name, name it in the message. The result
// is encoded, and err read, by runtime.CallResult.Encode, which calls their
// methods on a goroutine of its own: one that panics or exits is reported
// as the runtime's panic or exited class.
func ToolOutput(result any, err error, opts ...TurnOption) string {
	r := runtime.CallResult{Result: result, Err: err}
	r.Encode()
	return output(r, newTurn(opts).fullReport)
}

// output renders the outcome of one call, encoded (runtime.CallResult.Encode):
// it reads only r's JSON and Report, so that it calls none of the service's
// code.
func output(r runtime.CallResult, fullReport bool) string {
	if r.Report == nil {
		return string(r.JSON)
	}
	var report any = r.Report.Compact()
	if fullReport {
		report = r.Report
	}
	text, err := encode(report)
	if err != nil {
		// A report holds only strings, ints and slices of them.
		panic("openaitools: encoding an error report: " + err.Error())
	}
	return ErrorPrefix + r.Report.Error + ": " + r.Report.Message + "\n" + text
}

// encode returns a report as compact JSON without HTML escaping, so that
// "<" in a hint reaches the model as "<".
func encode(v any) (string, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "", err
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// ParseError reads back the report of a failure output made by [ToolOutput],
// compact or full. The message is the output's first lines; the violations
// of a compact report have a pointer and a keyword only. It returns false for
// a successful output and for text not in the failure form.
func ParseError(output string) (runtime.ErrorReport, bool) {
	if !strings.HasPrefix(output, ErrorPrefix) {
		return runtime.ErrorReport{}, false
	}
	nl := strings.LastIndexByte(output, '\n')
	if nl < 0 {
		return runtime.ErrorReport{}, false
	}
	var report runtime.ErrorReport
	if err := json.Unmarshal([]byte(output[nl+1:]), &report); err != nil || report.Error == "" {
		return runtime.ErrorReport{}, false
	}
	header := ErrorPrefix + report.Error + ": "
	if !strings.HasPrefix(output[:nl], header) {
		return runtime.ErrorReport{}, false
	}
	message := output[len(header):nl]
	if report.Message != "" && report.Message != message {
		return runtime.ErrorReport{}, false
	}
	report.Message = message
	return report, true
}

// ChatToolMessage is the Chat Completions tool message that answers the tool
// call callID with result or err, as [ToolOutput] renders them.
func ChatToolMessage(callID string, result any, err error, opts ...TurnOption) openai.ChatCompletionMessageParamUnion {
	return openai.ToolMessage(ToolOutput(result, err, opts...), callID)
}

// ResponseOutput is the Responses API function_call_output item that answers
// the function call callID with result or err, as [ToolOutput] renders them.
func ResponseOutput(callID string, result any, err error, opts ...TurnOption) responses.ResponseInputItemUnionParam {
	return responseOutput(callID, ToolOutput(result, err, opts...))
}

func responseOutput(callID, text string) responses.ResponseInputItemUnionParam {
	item := responses.ResponseInputItemParamOfFunctionCallOutput(text)
	item.OfFunctionCallOutput.CallID = openai.String(callID)
	return item
}

// ChatDispatch runs the function calls of an assistant message as one batch
// through d and returns one tool message per function call, in the order the
// model listed them, to append after the assistant message. Calls of other
// kinds (custom tools) are not toolgen's and are skipped: the caller answers
// them.
//
// By default every call is validated and authorized before any runs, and if
// one fails none runs (see runtime.Dispatcher.DispatchBatch and
// [WithBatchOptions] for a transaction); [OneByOne] runs them independently
// instead. Once ctx is done no call starts, and every call still gets its
// answer (class canceled), as the API requires.
func ChatDispatch(ctx context.Context, calls []openai.ChatCompletionMessageToolCallUnion, d Dispatcher, opts ...TurnOption) []openai.ChatCompletionMessageParamUnion {
	var batch []runtime.Call
	for _, call := range calls {
		if call.Type != "function" {
			continue
		}
		f := call.AsFunction()
		batch = append(batch, runtime.Call{ID: f.ID, Tool: f.Function.Name, Arguments: []byte(f.Function.Arguments)})
	}
	t := newTurn(opts)
	messages := make([]openai.ChatCompletionMessageParamUnion, len(batch))
	for i, r := range runTurn(ctx, d, batch, t) {
		messages[i] = openai.ToolMessage(output(r, t.fullReport), r.ID)
	}
	return messages
}

// ResponseDispatch runs the function calls among a response's output items
// as one batch through d, as [ChatDispatch] does, and returns one
// function_call_output item per function call, in order. Send them as the
// next request's input, with previous_response_id set to the response, or
// after the response's output items when the conversation is kept by the
// caller. Items of other kinds are skipped.
func ResponseDispatch(ctx context.Context, items []responses.ResponseOutputItemUnion, d Dispatcher, opts ...TurnOption) []responses.ResponseInputItemUnionParam {
	var batch []runtime.Call
	for _, item := range items {
		if item.Type != "function_call" {
			continue
		}
		call := item.AsFunctionCall()
		batch = append(batch, runtime.Call{ID: call.CallID, Tool: call.Name, Arguments: []byte(call.Arguments)})
	}
	t := newTurn(opts)
	answers := make([]responses.ResponseInputItemUnionParam, len(batch))
	for i, r := range runTurn(ctx, d, batch, t) {
		answers[i] = responseOutput(r.ID, output(r, t.fullReport))
	}
	return answers
}
