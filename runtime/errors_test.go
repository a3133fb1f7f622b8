package runtime_test

import (
	"strings"
	"testing"

	"github.com/toolgen/toolgen/runtime"
)

func TestValidationErrorTexts(t *testing.T) {
	one := &runtime.ValidationError{Tool: "refund", Violations: []runtime.Violation{
		{Pointer: "", Keyword: "required", Message: `missing required property "id"`, Hint: `Field "id" is required but missing.`},
	}}
	if got, want := one.Error(), `tool "refund": invalid arguments: /: required: missing required property "id"`; got != want {
		t.Errorf("Error() = %s\nwant %s", got, want)
	}
	if got, want := one.ModelMessage(), "The arguments for tool \"refund\" have 1 problem. Fix it and call the tool again:\n- Field \"id\" is required but missing."; got != want {
		t.Errorf("ModelMessage() = %s\nwant %s", got, want)
	}

	many := &runtime.ValidationError{Tool: `odd"name`, Omitted: 3, Violations: []runtime.Violation{
		{Pointer: "/a", Keyword: "minimum", Message: "0 is less than minimum 1", Hint: `Field "a" must be at least 1; got 0.`},
		{Pointer: "/b/0", Keyword: "type", Message: "expected string, got number", Hint: `Field "b[0]" must be a string, got the number 7.`},
	}}
	if got, want := many.Error(), `tool "odd\"name": invalid arguments: /a: minimum: 0 is less than minimum 1; /b/0: type: expected string, got number; and 3 more`; got != want {
		t.Errorf("Error() = %s\nwant %s", got, want)
	}
	want := strings.Join([]string{
		`The arguments for tool "odd\"name" have 5 problems. Fix all of them and call the tool again:`,
		`- Field "a" must be at least 1; got 0.`,
		`- Field "b[0]" must be a string, got the number 7.`,
		`- 3 more problems were found and are not listed; fix the ones above, then check the rest of the arguments against the tool's schema.`,
	}, "\n")
	if got := many.ModelMessage(); got != want {
		t.Errorf("ModelMessage() = %s\nwant %s", got, want)
	}
}
