package toolgenimpl

import (
	"encoding/json"
	"errors"
	"strings"

	"github.com/toolgen/toolgen/runtime"
	"github.com/toolgen/toolgen/runtime/internal/errtree"
	"github.com/toolgen/toolgen/runtime/internal/message"
)

// CheckOutput encodes a handler's result as it will leave and checks it with
// read, the generated reader of the tool's output schema, returning the
// violations. Generated code calls it.
func CheckOutput(result any, read func(r *Reader)) []runtime.Violation {
	raw, err := json.Marshal(result)
	if isEncodingMaxDepth(err) {
		// encoding/json refuses to nest deeper than the tokenizer does; the
		// result is too deep, as one nested less deep but too deep is.
		return []runtime.Violation{tooDeepViolation("", runtime.DefaultMaxDepth)}
	}
	if err != nil {
		return []runtime.Violation{{Keyword: "json", Message: message.UnencodableMessage(err.Error()), Hint: message.UnencodableHint}}
	}
	r := NewReader(raw, runtime.Options{MaxBytes: len(raw)})
	read(r)
	var invalid *runtime.ValidationError
	if errors.As(r.Finish(""), &invalid) {
		return invalid.Violations
	}
	return nil
}

// isEncodingMaxDepth reports whether err is encoding/json's refusal of JSON
// text (a json.RawMessage or a MarshalJSON result) nested deeper than it
// reads. It has no exported error for it; TestDepthLimitOneViolation fails
// if its text changes. A MarshalJSON's error is the service's: errtree.Find,
// unlike errors.As, ends on one whose Unwrap leads back to itself.
func isEncodingMaxDepth(err error) bool {
	se, ok := errtree.Find(err, func(e error) bool { _, ok := e.(*json.SyntaxError); return ok }, nil).(*json.SyntaxError)
	return ok && strings.HasSuffix(se.Error(), "exceeded max depth")
}
