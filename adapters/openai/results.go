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
//	<runtime.ErrorReport as one line of JSON>
//
// where <class> is the report's failure class (runtime.FailureInvalidArguments
// and the others), the message is runtime.ModelMessage of the error, and the
// last line is runtime.Report of the error. [ParseError] reads it back.
const ErrorPrefix = "ERROR "

// ToolOutput is the text sent back to the model for one dispatched call: the
// JSON of result when err is nil, else the failure form described at
// [ErrorPrefix]. A handler's internal error text never appears in it:
// failures are described by runtime.ModelMessage and runtime.Report. A
// result that cannot be encoded as JSON is reported as an internal error.
func ToolOutput(result any, err error) string {
	if err == nil {
		text, encErr := encode(result)
		if encErr == nil {
			return text
		}
		err = encErr
	}
	report := runtime.Report(err)
	text, encErr := encode(report)
	if encErr != nil {
		// An ErrorReport holds only strings, ints and slices of them.
		panic("openaitools: encoding an ErrorReport: " + encErr.Error())
	}
	return ErrorPrefix + report.Error + ": " + report.Message + "\n" + text
}

// encode returns v as compact JSON without HTML escaping, so that "<" in a
// hint reaches the model as "<".
func encode(v any) (string, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "", err
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// ParseError reads back the report of a failure output made by [ToolOutput].
// It returns false for a successful output and for text not in the failure
// form.
func ParseError(output string) (runtime.ErrorReport, bool) {
	if !strings.HasPrefix(output, ErrorPrefix) {
		return runtime.ErrorReport{}, false
	}
	nl := strings.LastIndexByte(output, '\n')
	if nl < 0 {
		return runtime.ErrorReport{}, false
	}
	var report runtime.ErrorReport
	if err := json.Unmarshal([]byte(output[nl+1:]), &report); err != nil {
		return runtime.ErrorReport{}, false
	}
	if output[:nl] != ErrorPrefix+report.Error+": "+report.Message {
		return runtime.ErrorReport{}, false
	}
	return report, true
}

// ChatToolMessage is the Chat Completions tool message that answers the tool
// call callID with result or err, as [ToolOutput] renders them.
func ChatToolMessage(callID string, result any, err error) openai.ChatCompletionMessageParamUnion {
	return openai.ToolMessage(ToolOutput(result, err), callID)
}

// ResponseOutput is the Responses API function_call_output item that answers
// the function call callID with result or err, as [ToolOutput] renders them.
func ResponseOutput(callID string, result any, err error) responses.ResponseInputItemUnionParam {
	item := responses.ResponseInputItemParamOfFunctionCallOutput(ToolOutput(result, err))
	item.OfFunctionCallOutput.CallID = openai.String(callID)
	return item
}

// DispatchFunc runs one tool call: the tool's name and its raw JSON
// arguments, as the model sent them. A generated Dispatch fits it once its
// handler is bound:
//
//	func(ctx context.Context, name string, raw []byte) (any, error) {
//		return tools.Dispatch(ctx, handler, name, raw)
//	}
//
// Wrap it to log the errors it returns: a *runtime.HandlerError carries the
// handler's own error text, which is kept from the model.
type DispatchFunc func(ctx context.Context, name string, raw []byte) (any, error)

// ChatDispatch runs the function calls of an assistant message one after the
// other, in the order the model listed them, and returns one tool message
// per function call, to append after the assistant message. Calls of other
// kinds (custom tools) are not toolgen's and are skipped: the caller answers
// them.
//
// Dispatch stops early if ctx is done: each call not yet run is answered with
// an internal-error output, so that every call still gets its answer.
func ChatDispatch(ctx context.Context, calls []openai.ChatCompletionMessageToolCallUnion, dispatch DispatchFunc) []openai.ChatCompletionMessageParamUnion {
	var messages []openai.ChatCompletionMessageParamUnion
	for _, call := range calls {
		if call.Type != "function" {
			continue
		}
		f := call.AsFunction()
		result, err := run(ctx, dispatch, f.Function.Name, f.Function.Arguments)
		messages = append(messages, ChatToolMessage(f.ID, result, err))
	}
	return messages
}

// ResponseDispatch runs the function calls among a response's output items
// one after the other, in order, and returns one function_call_output item
// per function call. Send them as the next request's input, with
// previous_response_id set to the response, or after the response's output
// items when the conversation is kept by the caller. Items of other kinds are
// skipped. As with [ChatDispatch], calls not yet run when ctx is done are
// answered with an internal-error output.
func ResponseDispatch(ctx context.Context, output []responses.ResponseOutputItemUnion, dispatch DispatchFunc) []responses.ResponseInputItemUnionParam {
	var items []responses.ResponseInputItemUnionParam
	for _, item := range output {
		if item.Type != "function_call" {
			continue
		}
		call := item.AsFunctionCall()
		result, err := run(ctx, dispatch, call.Name, call.Arguments)
		items = append(items, ResponseOutput(call.CallID, result, err))
	}
	return items
}

// run dispatches one call unless ctx is done: a tool with side effects is not
// started after its caller gave up. runtime.Report classes the context's
// error as an internal error.
func run(ctx context.Context, dispatch DispatchFunc, name, arguments string) (any, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return dispatch(ctx, name, []byte(arguments))
}
