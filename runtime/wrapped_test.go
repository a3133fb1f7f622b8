package runtime_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/toolgen/toolgen/runtime"
	"github.com/toolgen/toolgen/runtime/toolgenimpl"
)

// A handler's error is the service's: whatever it wraps (the error of a
// call the handler made to another dispatcher, an error of the runtime's
// own types, errors whose Unwrap leads back to themselves or whose As lies)
// the call is a failed tool call, its report carries no violations or tool
// names from inside, and classifying it ends.

// inner are errors of the runtime's types a handler might return, as a
// nested dispatcher or its own code made them; each holds leakText.
const leakText = "internal-value-7731"

func innerErrors() map[string]error {
	return map[string]error{
		"validation": &runtime.ValidationError{Tool: "inner_" + leakText, Violations: []runtime.Violation{{Pointer: "/" + leakText, Keyword: "pattern", Message: leakText, Hint: leakText}}},
		"unknown":    &runtime.UnknownToolError{Name: leakText, Known: []string{leakText}},
		"output":     &runtime.OutputError{Tool: leakText, Violations: []runtime.Violation{{Pointer: "/" + leakText, Keyword: "type", Message: leakText}}},
		"denied":     &runtime.DeniedError{Tool: leakText, Reason: leakText},
		"timeout":    &runtime.TimeoutError{Tool: leakText, Cause: context.DeadlineExceeded},
		"canceled":   &runtime.CanceledError{Tool: leakText, Cause: context.Canceled},
		"notrun":     &runtime.NotRunError{Tool: leakText, Call: 1, Reason: leakText},
		"handler":    &runtime.HandlerError{Tool: leakText, Err: errors.New(leakText)},
	}
}

// selfWrapping is an error whose Unwrap returns itself.
type selfWrapping struct{ inner error }

func (e *selfWrapping) Error() string { return "self-wrapping" }
func (e *selfWrapping) Unwrap() []error {
	return []error{e, e.inner}
}

// cycleA and cycleB unwrap to each other.
type cycleA struct{ b *cycleB }
type cycleB struct{ a *cycleA }

func (e *cycleA) Error() string { return "a" }
func (e *cycleA) Unwrap() error { return e.b }
func (e *cycleB) Error() string { return "b" }
func (e *cycleB) Unwrap() error { return e.a }

// lyingAs says it is every type without setting the target.
type lyingAs struct{}

func (lyingAs) Error() string { return "lying" }
func (lyingAs) As(any) bool   { return true }
func (lyingAs) Is(error) bool { return true }
func (lyingAs) Unwrap() error { return nil }

func wrappings(inner error) map[string]error {
	a := &cycleA{}
	a.b = &cycleB{a: a}
	return map[string]error{
		"as is":         inner,
		"fmt %w":        fmt.Errorf("lookup: %w", inner),
		"twice":         fmt.Errorf("outer: %w", fmt.Errorf("inner: %w", inner)),
		"joined":        errors.Join(errors.New("first"), inner),
		"transient":     runtime.Transient(fmt.Errorf("retry: %w", inner)),
		"self-wrapping": &selfWrapping{inner: inner},
		"cycle":         errors.Join(a, inner),
		"lying As":      errors.Join(lyingAs{}, inner),
	}
}

func TestHandlerErrorsAreTheServices(t *testing.T) {
	for innerName, inner := range innerErrors() {
		for wrapName, returned := range wrappings(inner) {
			name := innerName + "/" + wrapName
			var mu sync.Mutex
			var observed []runtime.CallInfo
			obs := observerFunc(func(_ context.Context, info runtime.CallInfo) {
				mu.Lock()
				defer mu.Unlock()
				observed = append(observed, info)
			})
			d := newDispatcher(func(context.Context, int64) (any, error) { return nil, returned }, runtime.Config{Observer: obs}, false, 0)
			var err error
			if !mustReturn(t, name, func() { _, err = d.Dispatch(context.Background(), "echo", []byte(`{"n":1}`)) }) {
				continue
			}
			var outcome string
			var report runtime.ErrorReport
			if !mustReturn(t, name+" classified", func() { outcome, report = runtime.Outcome(err), runtime.Report(err) }) {
				continue
			}
			if outcome != runtime.FailureToolFailed {
				t.Errorf("%s: outcome %s, want %s (%v)", name, outcome, runtime.FailureToolFailed, err)
			}
			if report.Error != outcome || report.Tool != "" || report.Violations != nil || report.KnownTools != nil || strings.Contains(report.Message, leakText) {
				t.Errorf("%s: the report carries what the handler's error wraps: %+v", name, report)
			}
			mu.Lock()
			for _, info := range observed {
				if info.Outcome != runtime.FailureToolFailed || info.Violations != nil {
					t.Errorf("%s: the observer saw %s with violations %v", name, info.Outcome, info.Violations)
				}
			}
			mu.Unlock()
		}
	}
}

type observerFunc func(context.Context, runtime.CallInfo)

func (f observerFunc) Observe(ctx context.Context, info runtime.CallInfo) { f(ctx, info) }

// selfWrappingResult fails to encode with an error whose Unwrap leads back
// to itself.
type selfWrappingResult struct{}

func (selfWrappingResult) MarshalJSON() ([]byte, error) {
	return nil, &selfWrapping{inner: errors.New("encoding")}
}

// TestResultEncodingErrorCycle: a result whose MarshalJSON returns such an
// error is an invalid output, and the call returns.
func TestResultEncodingErrorCycle(t *testing.T) {
	s := specs(false, 0)
	s[0].CheckOutput = func(result any) []runtime.Violation {
		return toolgenimpl.CheckOutput(result, func(r *toolgenimpl.Reader) { r.Skip() })
	}
	d := toolgenimpl.NewDispatcher(behaviour(func(context.Context, int64) (any, error) { return selfWrappingResult{}, nil }), s, index, runtime.Config{})
	var err error
	if mustReturn(t, "dispatch", func() { _, err = d.Dispatch(context.Background(), "echo", []byte(`{"n":1}`)) }) && runtime.Outcome(err) != runtime.FailureInvalidOutput {
		t.Errorf("outcome %s, want %s (%v)", runtime.Outcome(err), runtime.FailureInvalidOutput, err)
	}
}

// TestArgumentDigestHidesShortSecrets: the digest an observer logs of
// arguments such as a four-digit code is not the plain SHA-256 that anyone
// could compute for each of the 10,000 guesses, yet equal arguments have
// equal digests and different ones different digests.
func TestArgumentDigestHidesShortSecrets(t *testing.T) {
	var digests []string
	obs := observerFunc(func(_ context.Context, info runtime.CallInfo) { digests = append(digests, info.ArgumentSHA256) })
	d := newDispatcher(echo, runtime.Config{Observer: obs}, false, 0)
	seen := map[string]string{}
	for n := range 1000 {
		raw := fmt.Appendf(nil, `{"n":%d}`, n)
		digests = digests[:0]
		for range 2 {
			if _, err := d.Dispatch(context.Background(), "echo", raw); err != nil {
				t.Fatal(err)
			}
		}
		plain := sha256.Sum256(raw)
		if len(digests) != 2 || digests[0] != digests[1] || len(digests[0]) != 64 {
			t.Fatalf("%s: digests %q, want two equal ones of 64 hex digits", raw, digests)
		}
		if digests[0] == hex.EncodeToString(plain[:]) {
			t.Fatalf("%s: the logged digest is the plain SHA-256 of the arguments", raw)
		}
		if other, ok := seen[digests[0]]; ok {
			t.Fatalf("%s and %s have the same digest", raw, other)
		}
		seen[digests[0]] = string(raw)
	}
}
