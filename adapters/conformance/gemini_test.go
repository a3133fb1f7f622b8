package conformance

import (
	"encoding/json"
	"testing"

	"github.com/toolgen/toolgen/runtime"
	"google.golang.org/genai"
)

// geminiAnswer reads a FunctionResponse part as the request carries it:
// {"error": MESSAGE, "report": REPORT} for a failure, {"output": ...} for
// a success.
func geminiAnswer(t *testing.T, p *genai.Part) answer {
	t.Helper()
	if p == nil || p.FunctionResponse == nil {
		t.Fatalf("not a function response: %+v", p)
	}
	b, err := json.Marshal(p.FunctionResponse.Response)
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Output json.RawMessage            `json:"output"`
		Error  *string                    `json:"error"`
		Report runtime.CompactErrorReport `json:"report"`
	}
	decode(t, string(b), &r)
	if r.Error == nil {
		return answer{text: string(r.Output)}
	}
	return answer{failed: true, class: r.Report.Error, text: *r.Error}
}
