package runtime_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/runtime"
)

// failureMatrix holds one error of every failure class a dispatcher returns,
// some wrapped, with hints and messages that must not reach a compact report.
func failureMatrix() []error {
	invalid := &runtime.ValidationError{Tool: "refund", Violations: []runtime.Violation{
		{Pointer: "/amount", Keyword: "type", Message: "got string", Hint: "HINT-amount must be an integer."},
		{Pointer: "/note", Keyword: "maxLength", Message: "too long", Hint: "HINT-note is too long."},
	}, Omitted: 2}
	return []error{
		invalid,
		fmt.Errorf("wrapped: %w", invalid),
		&runtime.UnknownToolError{Name: "nope", Known: []string{"refund", "lookup"}},
		&runtime.RejectionError{Tool: "refund", Violations: []runtime.Violation{{Pointer: "/order", Keyword: "semantic", Message: "HINT-no such order", Hint: "HINT-no such order"}}},
		&runtime.DeniedError{Tool: "refund", Reason: "HINT-only managers refund"},
		&runtime.HandlerError{Tool: "refund", Err: errors.New("db down")},
		&runtime.PanicError{Tool: "refund", Hook: runtime.HookHandler, Value: "boom"},
		&runtime.ExitError{Tool: "refund", Hook: runtime.HookHandler},
		&runtime.CanceledError{Tool: "refund", Cause: context.Canceled},
		&runtime.TimeoutError{Tool: "refund", Cause: context.DeadlineExceeded},
		&runtime.OutputError{Tool: "refund", Violations: []runtime.Violation{{Pointer: "/x", Keyword: "type", Message: "m", Hint: "HINT-output"}}},
		&runtime.NotRunError{Tool: "refund", Call: 2, Reason: "had invalid arguments"},
		&runtime.NotRunError{Tool: "refund", Call: 2, RolledBack: true},
		errors.New("internal"),
	}
}

// TestCompactIsTheReportWithoutProse checks, for every failure class,
// that the compact report keeps the class, tool, omitted count and every
// violation's pointer and keyword of the full report in order, and that its
// JSON holds none of the prose the model message already carries.
func TestCompactIsTheReportWithoutProse(t *testing.T) {
	for _, err := range failureMatrix() {
		full, compact := runtime.Report(err), runtime.Report(err).Compact()
		if compact.Error != full.Error || compact.Tool != full.Tool || compact.Omitted != full.Omitted {
			t.Errorf("%v: compact %+v does not match full %+v", err, compact, full)
		}
		if len(compact.Violations) != len(full.Violations) {
			t.Fatalf("%v: %d compact violations, want %d", err, len(compact.Violations), len(full.Violations))
		}
		for i, v := range full.Violations {
			if want := (runtime.ViolationRef{Pointer: v.Pointer, Keyword: v.Keyword}); compact.Violations[i] != want {
				t.Errorf("%v: violation %d is %+v, want %+v", err, i, compact.Violations[i], want)
			}
		}
		text, jsonErr := json.Marshal(compact)
		if jsonErr != nil {
			t.Fatal(jsonErr)
		}
		if strings.Contains(string(text), "HINT-") || strings.Contains(string(text), full.Message) {
			t.Errorf("%v: the compact report repeats the model's text: %s", err, text)
		}
		var fields map[string]any
		if err := json.Unmarshal(text, &fields); err != nil {
			t.Fatal(err)
		}
		if _, ok := fields["message"]; ok {
			t.Errorf("%v: the compact report has a message: %s", err, text)
		}
	}
}

func TestCompactOfNoViolationsHasNone(t *testing.T) {
	got := runtime.Report(&runtime.HandlerError{Tool: "t", Err: errors.New("x")}).Compact()
	want := runtime.CompactErrorReport{Error: runtime.FailureToolFailed}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Compact() = %+v, want %+v", got, want)
	}
}
