package runtime_test

import (
	"github.com/toolgen/toolgen/runtime/toolgenimpl"

	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/runtime"
	"github.com/toolgen/toolgen/runtime/internal/message"
)

// nested returns a value that nests depth objects and arrays of the given
// kind around the number 1: "arrays" ([[1]]), "objects" ({"a":{"a":1}}) or
// "mixed" (arrays and objects alternating).
func nested(kind string, depth int) string {
	text := make([]byte, 0, depth*6+1)
	closers := make([]byte, depth)
	for i := range depth {
		if kind == "arrays" || kind == "mixed" && i%2 == 0 {
			text, closers[depth-1-i] = append(text, '['), ']'
		} else {
			text, closers[depth-1-i] = append(text, `{"a":`...), '}'
		}
	}
	text = append(text, '1')
	return string(append(text, closers...))
}

// depthPosition reads a value that nests depth levels in all (its
// container in the arguments included) at one place a reader can meet it,
// and returns the violations.
type depthPosition struct {
	name string
	read func(kind string, depth int, opts runtime.Options) []runtime.Violation
	// samePointer is false where a value too deep to be encoded is
	// reported at its root, since nothing of it can be read.
	samePointer bool
}

// brief shows a violation with its pointer and message cut short: deep
// values have pointers of megabytes.
func brief(vs ...runtime.Violation) string {
	var b strings.Builder
	for _, v := range vs {
		fmt.Fprintf(&b, "{%s %s %q %q}", message.Truncate(v.Pointer, 40), v.Keyword, message.Truncate(v.Message, 80), message.Truncate(v.Hint, 80))
	}
	return b.String()
}

func violationsOf(err error) []runtime.Violation {
	if ve, ok := err.(*runtime.ValidationError); ok {
		return ve.Violations
	}
	if err != nil {
		return []runtime.Violation{{Keyword: "error", Message: err.Error()}}
	}
	return nil
}

var depthPositions = []depthPosition{
	{"arguments", func(kind string, depth int, opts runtime.Options) []runtime.Violation {
		// The root of the arguments: the tool expects an object with "n".
		_, err := parseEcho([]byte(nested(kind, depth)), opts)
		return violationsOf(err)
	}, true},
	{"member", func(kind string, depth int, opts runtime.Options) []runtime.Violation {
		// A member whose schema wants an integer, read and reported whole.
		_, err := parseEcho([]byte(`{"n":`+nested(kind, depth-1)+`}`), opts)
		return violationsOf(err)
	}, true},
	{"raw", func(kind string, depth int, opts runtime.Options) []runtime.Violation {
		// A member kept as JSON text, then read again by a sub-reader, as
		// a union's alternatives are.
		r := toolgenimpl.NewReader([]byte(`{"v":`+nested(kind, depth-1)+`}`), opts)
		if r.BeginObject() {
			for r.More() {
				r.Name()
				if raw, ok := r.Raw(); ok {
					s := r.Sub(raw)
					s.Value()
					r.Adopt(s)
				}
			}
			r.EndObject()
		}
		return violationsOf(r.Finish("t"))
	}, true},
	{"unread", func(kind string, depth int, opts runtime.Options) []runtime.Violation {
		// A member the caller leaves unread, passed over by EndObject.
		r := toolgenimpl.NewReader([]byte(`{"v":`+nested(kind, depth-1)+`}`), opts)
		if r.BeginObject() {
			r.EndObject()
		}
		return violationsOf(r.Finish("t"))
	}, true},
	{"schema function", func(kind string, depth int, opts runtime.Options) []runtime.Violation {
		accept := func(*toolgenimpl.Check, *toolgenimpl.Value, *toolgenimpl.Evaluated) bool { return true }
		return violationsOf(toolgenimpl.ValidateJSON("t", []byte(nested(kind, depth)), accept, opts))
	}, true},
	{"output", func(kind string, depth int, opts runtime.Options) []runtime.Violation {
		return toolgenimpl.CheckOutput(json.RawMessage(nested(kind, depth)), func(r *toolgenimpl.Reader) { r.Value() })
	}, false},
}

// TestDepthLimitOneViolation checks that a value nested beyond the limit
// gets the same violation however far beyond it goes: deeper than the
// tokenizer's own limit (10,000) included, which once came back as "not
// valid JSON". A million levels must also pass without a stack overflow.
func TestDepthLimitOneViolation(t *testing.T) {
	const limit = runtime.DefaultMaxDepth
	opts := runtime.Options{MaxBytes: 8 << 20}
	depths := []int{limit - 1, limit, limit + 1, 300, tokenizerMaxDepth, tokenizerMaxDepth + 1, 1_000_000}
	for _, pos := range depthPositions {
		for _, kind := range []string{"arrays", "objects", "mixed"} {
			var want *runtime.Violation
			for _, depth := range depths {
				vs := pos.read(kind, depth, opts)
				name := fmt.Sprintf("%s/%s/%d", pos.name, kind, depth)
				deep := limitViolations(vs)
				if depth <= limit {
					if len(deep) > 0 {
						t.Errorf("%s: within the limit, got %s", name, brief(deep...))
					}
					continue
				}
				if len(deep) != 1 {
					t.Errorf("%s: want one nesting violation, got %s", name, brief(vs...))
					continue
				}
				v := deep[0]
				if !strings.Contains(v.Message, fmt.Sprintf("nesting deeper than %d levels", limit)) ||
					!strings.Contains(v.Hint, fmt.Sprintf("deeper than %d levels; flatten them", limit)) {
					t.Errorf("%s: the nesting violation lacks the limit: %s", name, brief(v))
				}
				if want == nil {
					want = &v
				} else if !pos.samePointer && depth > tokenizerMaxDepth {
					v.Pointer = want.Pointer
				}
				if v != *want {
					t.Errorf("%s: %s, want the violation of depth %d: %s", name, brief(v), limit+1, brief(*want))
				}
			}
		}
	}
}

// limitViolations returns the nesting violations of vs, and fails on any
// that says the text is not JSON: a deep text is JSON, only too deep.
func limitViolations(vs []runtime.Violation) []runtime.Violation {
	var deep []runtime.Violation
	for _, v := range vs {
		if v.Keyword == "limit" || v.Keyword == "json" || v.Keyword == "error" {
			deep = append(deep, v)
		}
	}
	return deep
}

// TestDepthLimitAboveTheTokenizers checks that a MaxDepth above the
// tokenizer's limit means the tokenizer's limit, reported as the limit.
func TestDepthLimitAboveTheTokenizers(t *testing.T) {
	opts := runtime.Options{MaxBytes: 8 << 20, MaxDepth: 50_000}
	for _, kind := range []string{"arrays", "objects"} {
		for _, depth := range []int{tokenizerMaxDepth, tokenizerMaxDepth + 1, 20_000} {
			_, err := parseEcho([]byte(`{"n":`+nested(kind, depth-1)+`}`), opts)
			vs := violationsOf(err)
			if len(vs) != 1 {
				t.Errorf("%s/%d: want one violation, got %s", kind, depth, brief(vs...))
				continue
			}
			want := "type"
			if depth > tokenizerMaxDepth {
				want = "limit"
			}
			if vs[0].Keyword != want || want == "limit" && !strings.Contains(vs[0].Message, fmt.Sprintf("deeper than %d levels", tokenizerMaxDepth)) {
				t.Errorf("%s/%d: want a %s violation, got %s", kind, depth, want, brief(vs[0]))
			}
		}
	}
}

// tokenizerMaxDepth is how deeply the JSON tokenizer lets values nest, the
// most a reader's MaxDepth can mean (toolgenimpl's limit of the same name).
const tokenizerMaxDepth = 10_000
