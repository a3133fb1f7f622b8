package runtimetest_test

import (
	"context"
	"errors"
	"testing"

	"github.com/toolgen/toolgen/runtime"
	"github.com/toolgen/toolgen/runtime/runtimetest"
)

// TestNewDispatcher: the dispatcher finds each tool by name (the first of
// two with one name), hands Parse's value and its own handler to Call, and
// refuses a name it does not serve.
func TestNewDispatcher(t *testing.T) {
	tool := func(name, answer string) runtimetest.Tool {
		return runtimetest.Tool{
			Name:  name,
			Parse: func(raw []byte, _ runtime.Options) (any, error) { return string(raw), nil },
			Call: func(_ context.Context, h any, args any) (any, error) {
				return h.(string) + " " + answer + " " + args.(string), nil
			},
		}
	}
	d := runtimetest.NewDispatcher("handler", []runtimetest.Tool{tool("a", "first"), tool("b", "second"), tool("a", "third")}, runtime.Config{})
	for name, want := range map[string]string{"a": "handler first {}", "b": "handler second {}"} {
		got, err := d.Dispatch(context.Background(), name, []byte("{}"))
		if err != nil || got != want {
			t.Errorf("Dispatch(%q) = %v, %v; want %q", name, got, err, want)
		}
	}
	if _, err := d.Dispatch(context.Background(), "c", []byte("{}")); !errors.Is(err, runtime.ErrUnknownTool) {
		t.Errorf("Dispatch of an unknown tool: %v", err)
	}
}

// TestCheckOutput: a tool's CheckOutput judges its result as a generated
// output check does.
func TestCheckOutput(t *testing.T) {
	d := runtimetest.NewDispatcher(nil, []runtimetest.Tool{{
		Name:        "t",
		Parse:       func([]byte, runtime.Options) (any, error) { return nil, nil },
		Call:        func(context.Context, any, any) (any, error) { return 1, nil },
		CheckOutput: func(any) []runtime.Violation { return []runtime.Violation{{Keyword: "type"}} },
	}}, runtime.Config{})
	var out *runtime.OutputError
	if _, err := d.Dispatch(context.Background(), "t", []byte("{}")); !errors.As(err, &out) {
		t.Errorf("Dispatch: %v, want an *OutputError", err)
	}
}
