package toolgenimpl

import (
	"context"
	"encoding/json"
	"errors"
	"math/big"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/toolgen/toolgen/runtime"
)

// callerFunc is a runtime.Caller of a function.
type callerFunc func(ctx context.Context, name string, arguments json.RawMessage) (runtime.ToolResult, error)

func (f callerFunc) CallTool(ctx context.Context, name string, arguments json.RawMessage) (runtime.ToolResult, error) {
	return f(ctx, name, arguments)
}

// acceptAll is a tool's parser that accepts every argument.
func acceptAll(raw []byte, _ runtime.Options) (any, error) { return nil, nil }

// readInt is the reader of the output schema {"type": "integer"}.
func readInt(r *Reader, result *int64) {
	if v, ok := r.Int(); ok {
		*result = v
	}
}

// TestClientContainsCallerPanics: a Caller that panics, with any value,
// gives a *runtime.PanicError naming the tool and the Caller, whose model
// message holds nothing of the panic, from both client bodies; the panic
// does not reach the Client's caller.
func TestClientContainsCallerPanics(t *testing.T) {
	var nilMap map[string]int
	panics := map[string]func(){
		"string":        func() { panic("secret detail") },
		"error":         func() { panic(errors.New("secret detail")) },
		"nil":           func() { panic(nil) },
		"runtime error": func() { nilMap["secret detail"] = 1 },
	}
	bodies := map[string]func(runtime.Caller) error{
		"CallTool": func(c runtime.Caller) error {
			_, err := CallTool(context.Background(), c, "search", struct{}{}, acceptAll)
			return err
		},
		"CallToolResult": func(c runtime.Caller) error {
			_, err := CallToolResult(context.Background(), c, "search", struct{}{}, acceptAll, readInt)
			return err
		},
	}
	for pname, p := range panics {
		for bname, body := range bodies {
			t.Run(pname+"/"+bname, func(t *testing.T) {
				caller := callerFunc(func(context.Context, string, json.RawMessage) (runtime.ToolResult, error) {
					p()
					return runtime.ToolResult{StructuredContent: json.RawMessage("1")}, nil
				})
				var err error
				func() {
					defer func() {
						if v := recover(); v != nil {
							t.Fatalf("the Caller's panic reached the caller: %v", v)
						}
					}()
					err = body(caller)
				}()
				var panicked *runtime.PanicError
				if !errors.As(err, &panicked) {
					t.Fatalf("got %T %v, want a *runtime.PanicError", err, err)
				}
				if panicked.Tool != "search" || panicked.Hook != runtime.HookCaller || len(panicked.Stack) == 0 {
					t.Errorf("got %+v", panicked)
				}
				if msg := runtime.ModelMessage(err); strings.Contains(msg, "secret") || strings.Contains(msg, "goroutine") {
					t.Errorf("the model message tells the panic: %q", msg)
				}
			})
		}
	}
}

// FuzzClientReply feeds CallToolResult every reply a server could send:
// any structured content and content, marked as an error or not. The
// invariants: no panic; either a result and no error, or the zero result
// and one of the typed errors (*OutputError, *RemoteError); a result only
// when the structured content is an integer (1.0 is one), and that
// integer; an error message that is valid UTF-8 and bounded whatever the
// server sent.
func FuzzClientReply(f *testing.F) {
	for _, seed := range []struct {
		structured, content string
		isError             bool
	}{
		{"42", `[{"type":"text","text":"ok"}]`, false},
		{"", `[{"type":"text","text":"down"}]`, true},
		{`{"a":1}`, `not json`, false},
		{"1e400", "", false},
		{"[[[[[[[[[[[[[[[[[[[[", "", false},
		{"42 43", "", false},
		{"\"\xff\"", `[{"type":"text","text":"\u0000\u202e` + strings.Repeat("x", 600) + `"}]`, true},
		{"-0", "null", false},
		{"9223372036854775808", "", false},
	} {
		f.Add([]byte(seed.structured), []byte(seed.content), seed.isError)
	}
	f.Fuzz(func(t *testing.T, structured, content []byte, isError bool) {
		caller := callerFunc(func(context.Context, string, json.RawMessage) (runtime.ToolResult, error) {
			return runtime.ToolResult{StructuredContent: structured, Content: content, IsError: isError}, nil
		})
		got, err := CallToolResult(context.Background(), caller, "count", struct{}{}, acceptAll, readInt)
		var output *runtime.OutputError
		var remote *runtime.RemoteError
		switch {
		case err == nil:
			var number json.Number
			exact, ok := new(big.Rat), false
			if json.Unmarshal(structured, &number) == nil {
				_, ok = exact.SetString(string(number))
			}
			if isError || !ok || !exact.IsInt() || exact.Num().Cmp(big.NewInt(got)) != 0 {
				t.Fatalf("accepted %q (isError %v) as %d", structured, isError, got)
			}
		case got != 0:
			t.Fatalf("an error (%v) and a result %d", err, got)
		case errors.As(err, &output):
			if isError {
				t.Fatalf("a failed call read as output: %v", err)
			}
		case errors.As(err, &remote):
			if !isError {
				t.Fatalf("a remote error for a call not marked failed: %v", err)
			}
		default:
			t.Fatalf("an error of type %T: %v", err, err)
		}
		if err != nil {
			msg := err.Error()
			if !utf8.ValidString(msg) {
				t.Errorf("the error is not UTF-8: %q", msg)
			}
			if len(msg) > 4096 {
				t.Errorf("an error of %d bytes", len(msg))
			}
			runtime.ModelMessage(err)
		}
	})
}
