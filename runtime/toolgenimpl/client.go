package toolgenimpl

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"runtime/debug"
	"strings"

	"github.com/toolgen/toolgen/runtime"
	"github.com/toolgen/toolgen/runtime/internal/message"
)

// CallTool is the body of a generated Client method for a tool without an
// output schema. It encodes args, checks the text with parse (the tool's
// generated parser) and only if it passed sends that same text through c.
// Invalid arguments come back as parse's *runtime.ValidationError and
// nothing is sent; an answer marked isError comes back as a
// *runtime.RemoteError; an error of c comes back as it is, and a panic of
// c as a *runtime.PanicError.
func CallTool[A any](ctx context.Context, c runtime.Caller, tool string, args A, parse func(raw []byte, opts runtime.Options) (any, error)) (runtime.ToolResult, error) {
	// Encoded through a pointer, so that a field's MarshalText or
	// MarshalJSON declared on the pointer is called.
	raw, err := encodeArgs(tool, &args)
	if err != nil {
		return runtime.ToolResult{}, err
	}
	if _, err := parse(raw, runtime.Options{}); err != nil {
		return runtime.ToolResult{}, err
	}
	result, err := callContained(ctx, c, tool, raw)
	if err != nil {
		return runtime.ToolResult{}, err
	}
	if result.IsError {
		return runtime.ToolResult{}, &runtime.RemoteError{Tool: tool, Text: contentText(result.Content), Result: result}
	}
	return result, nil
}

// CallToolResult is the body of a generated Client method for a tool with
// an output schema: CallTool, then read (the generated reader of the output
// schema) decodes and checks the structured content into a result.
// Structured content that is missing or does not match the schema is a
// *runtime.OutputError, and the zero result.
func CallToolResult[A, R any](ctx context.Context, c runtime.Caller, tool string, args A, parse func(raw []byte, opts runtime.Options) (any, error), read func(r *Reader, result *R)) (R, error) {
	var zero R
	answer, err := CallTool(ctx, c, tool, args, parse)
	if err != nil {
		return zero, err
	}
	// JSON's whitespace only: bytes.TrimSpace would also take a form
	// feed or U+00A0 and accept the text around them.
	structured := bytes.Trim(answer.StructuredContent, " \t\r\n")
	if len(structured) == 0 {
		return zero, &runtime.OutputError{Tool: tool, Violations: []runtime.Violation{{
			Keyword: "required", Message: message.NoStructuredContentMessage, Hint: message.NoStructuredContentHint,
		}}}
	}
	var result R
	r := NewReader(structured, runtime.Options{MaxBytes: len(structured)})
	read(r, &result)
	var invalid *runtime.ValidationError
	if errors.As(r.Finish(""), &invalid) {
		return zero, &runtime.OutputError{Tool: tool, Violations: invalid.Violations}
	}
	return result, nil
}

// callContained calls c, and returns a panic of c as a *runtime.PanicError
// (Hook runtime.HookCaller), as the dispatcher returns a handler's: a
// Caller is a service's code, or an SDK's, that the Client's caller did
// not write. It runs on the caller's goroutine, so a runtime.Goexit of c
// ends that goroutine as any function's would.
func callContained(ctx context.Context, c runtime.Caller, tool string, raw []byte) (result runtime.ToolResult, err error) {
	defer func() {
		// Since Go 1.21 panic(nil) panics with a *runtime.PanicNilError,
		// so a nil recover means no panic.
		if v := recover(); v != nil {
			result, err = runtime.ToolResult{}, &runtime.PanicError{Tool: tool, Hook: runtime.HookCaller, Value: v, Stack: debug.Stack()}
		}
	}()
	return c.CallTool(ctx, tool, raw)
}

// encodeArgs encodes a tool's arguments as the generated Client sends them:
// as encoding/json writes them, without HTML escaping. Arguments that
// cannot be encoded are invalid arguments, as the dispatcher reports a
// result that cannot be encoded.
func encodeArgs(tool string, args any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	err := enc.Encode(args)
	var v runtime.Violation
	switch {
	case err == nil:
		return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
	case isEncodingMaxDepth(err):
		v = tooDeepViolation("", runtime.DefaultMaxDepth)
	default:
		v = runtime.Violation{Keyword: "json", Message: message.UnencodableArgsMessage(err.Error()), Hint: message.UnencodableArgsHint}
	}
	return nil, &runtime.ValidationError{Tool: tool, Violations: []runtime.Violation{v}}
}

// contentText joins the text of the text blocks of a result's content, one
// per line; blocks of other types, and content that is not an array of
// objects, give nothing.
func contentText(content json.RawMessage) string {
	var blocks []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if json.Unmarshal(content, &blocks) != nil {
		return ""
	}
	var texts []string
	for _, b := range blocks {
		if b.Type == "text" {
			texts = append(texts, b.Text)
		}
	}
	return strings.Join(texts, "\n")
}
