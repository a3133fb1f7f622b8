package runtime_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/runtime"
)

func TestErrorTypes(t *testing.T) {
	var err error = &runtime.UnknownToolError{Name: "nope", Known: []string{"a", "b"}}
	if !errors.Is(err, runtime.ErrUnknownTool) {
		t.Error("UnknownToolError does not match ErrUnknownTool")
	}
	if got := runtime.ModelMessage(err); got != `There is no tool named "nope". Call one of these tools instead: "a", "b".` {
		t.Errorf("unknown tool message: %s", got)
	}
	cause := errors.New("database password rejected for user admin")
	err = &runtime.HandlerError{Tool: "t", Err: cause}
	var he *runtime.HandlerError
	if !errors.As(err, &he) || !errors.Is(err, cause) {
		t.Fatalf("HandlerError does not wrap the cause: %v", err)
	}
	if strings.Contains(runtime.ModelMessage(err), "password") {
		t.Error("the model message leaks the handler's internal error")
	}
	var ve *runtime.ValidationError
	if errors.As(err, &ve) {
		t.Error("a handler error is not a validation error")
	}
	if strings.Contains(runtime.ModelMessage(errors.New("secret")), "secret") {
		t.Error("an unknown error's text reaches the model")
	}
}
