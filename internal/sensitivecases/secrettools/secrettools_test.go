package secrettools_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/sensitivecases/secrettools"
	"github.com/toolgen/toolgen/runtime"
)

type observer struct{ events []runtime.CallInfo }

func (o *observer) Observe(_ context.Context, call runtime.CallInfo) {
	o.events = append(o.events, call)
}

// failure is everything a failed call gives out: the texts by where they
// go, and the violations.
type failure struct {
	texts      map[string]string
	violations []runtime.Violation
	observed   []runtime.ViolationRef
}

// withoutNoise returns events with the figures that say nothing of the
// arguments masked: the duration, and the digest, a keyed hash checked
// here to be one. Digits in them are chance (a digest holds 314159 about
// once in 300,000 calls), not a secret shown.
func withoutNoise(t *testing.T, events []runtime.CallInfo) []runtime.CallInfo {
	t.Helper()
	out := slices.Clone(events)
	for i := range out {
		if d := out[i].ArgumentSHA256; len(d) != 64 || strings.Trim(d, "0123456789abcdef") != "" {
			t.Errorf("ArgumentSHA256 is %q, not a SHA-256 in hex", d)
		}
		out[i].ArgumentSHA256, out[i].Duration = "(digest)", 0
	}
	return out
}

// dispatch dispatches call through the generated dispatcher, with an
// observer, and returns its failure.
func dispatch(t *testing.T, call secrettools.Call) failure {
	t.Helper()
	obs := &observer{}
	d := secrettools.NewDispatcher(nil, runtime.Config{Observer: obs})
	_, err := d.Dispatch(context.Background(), call.Tool, call.Arguments)
	var invalid *runtime.ValidationError
	if !errors.As(err, &invalid) {
		t.Fatalf("%s %s: not a validation error: %v", call.Tool, call.Arguments, err)
	}
	report, _ := json.Marshal(runtime.Report(err))
	compact, _ := json.Marshal(runtime.Report(err).Compact())
	observed, _ := json.Marshal(withoutNoise(t, obs.events))
	f := failure{texts: map[string]string{
		"Error()": err.Error(), "ModelMessage": runtime.ModelMessage(err),
		"Report": string(report), "Report(err).Compact()": string(compact), "the observer's CallInfo": string(observed),
	}, violations: invalid.Violations}
	for _, e := range obs.events {
		f.observed = append(f.observed, e.Violations...)
	}
	return f
}

// TestSecretsStayInside dispatches each call: no text it gives out shows a
// member or an item inside a sensitive value, each sensitive value is
// reported at its own pointer, and the plain object's member is named.
func TestSecretsStayInside(t *testing.T) {
	for _, call := range secrettools.Calls() {
		f := dispatch(t, call)
		for where, text := range f.texts {
			if problems := secrettools.Problems(text, call.Sealed); problems != nil {
				t.Errorf("%s: %s shows %v:\n%s", call.Tool, where, problems, text)
			}
		}
		for _, sealed := range call.Sealed {
			if !slices.ContainsFunc(f.violations, func(v runtime.Violation) bool { return v.Pointer == sealed }) {
				t.Errorf("%s: nothing reported at %q: %+v", call.Tool, sealed, f.violations)
			}
		}
		if call.Shown != "" && !strings.Contains(f.texts["ModelMessage"], call.Shown) {
			t.Errorf("%s: the plain member %s is not named:\n%s", call.Tool, call.Shown, f.texts["ModelMessage"])
		}
	}
}

// FuzzSecretsStayInside sends any name for the members inside the sensitive
// values, and any JSON value for their values: no text shows the name, and
// what is said about the sensitive values is, word for word, what is said
// when the name is another.
func FuzzSecretsStayInside(f *testing.F) {
	f.Add("", "")
	f.Add("/~0\"\\u0000", `"x"`)
	f.Add("é\u2028", `{"a":[1,{"b":null}],"a":2}`)
	f.Add(strings.Repeat("long", 40), `[[[[[[true]]]]]]`)
	f.Fuzz(func(t *testing.T, name, value string) {
		var v json.RawMessage
		if value != "" {
			if !json.Valid([]byte(value)) {
				return
			}
			v = json.RawMessage(value)
		}
		calls := secrettools.CallsWith("tok"+secrettools.Secret+name, v)
		others := secrettools.CallsWith("tok"+secrettools.Secret+"other", v)
		for i, call := range calls {
			got, other := dispatch(t, call), dispatch(t, others[i])
			for where, text := range got.texts {
				if problems := secrettools.Problems(text, call.Sealed); problems != nil {
					t.Errorf("%s: %s shows %v:\n%s", call.Tool, where, problems, text)
				}
			}
			if a, b := atSealed(got, call.Sealed), atSealed(other, call.Sealed); a != b {
				t.Errorf("%s: what is said of the sensitive values depends on the names inside:\n%s\n%s", call.Tool, a, b)
			}
		}
	})
}

// atSealed renders what f says at and below the sensitive values'
// pointers (Problems finds any pointer below them in the texts).
func atSealed(f failure, sealed []string) string {
	var b strings.Builder
	for _, s := range sealed {
		for _, v := range f.violations {
			if v.Pointer == s || strings.HasPrefix(v.Pointer, s+"/") {
				b.WriteString(v.Pointer + " " + v.Keyword + " " + v.Message + " " + v.Hint + "\n")
			}
		}
		for _, r := range f.observed {
			if r.Pointer == s || strings.HasPrefix(r.Pointer, s+"/") {
				b.WriteString("observed " + r.Pointer + " " + r.Keyword + "\n")
			}
		}
	}
	return b.String()
}
