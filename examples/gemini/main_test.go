package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/runtime"
	"google.golang.org/genai"
)

// request is the part of a generateContent request body the tests read;
// schemas and responses stay as sent.
type request struct {
	Contents []struct {
		Role  string `json:"role"`
		Parts []struct {
			Text             string `json:"text"`
			FunctionResponse *struct {
				ID       string `json:"id"`
				Name     string `json:"name"`
				Response struct {
					Output json.RawMessage `json:"output"`
					Error  *string         `json:"error"`
					Report json.RawMessage `json:"report"`
				} `json:"response"`
			} `json:"functionResponse"`
		} `json:"parts"`
	} `json:"contents"`
	Tools []map[string][]map[string]json.RawMessage `json:"tools"`
}

// replayed runs the example's loop against the recorded responses and
// returns what it printed, the requests the server received and the
// library it ran on.
func replayed(t *testing.T) (stdout string, requests []request, bodies []string, lib *library) {
	t.Helper()
	recording, err := newReplayServer()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(recording)
	defer srv.Close()
	client, err := genai.NewClient(context.Background(), offlineConfig(srv.URL))
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	lib = newLibrary()
	if err := run(context.Background(), client, "gemini-2.5-flash", lib, &out, &errOut); err != nil {
		t.Fatalf("run: %v\nstdout:\n%s", err, out.String())
	}
	for _, body := range recording.Requests() {
		var req request
		if err := json.Unmarshal(body, &req); err != nil {
			t.Fatalf("request body %s: %v", body, err)
		}
		requests = append(requests, req)
		bodies = append(bodies, string(body))
	}
	if len(requests) != len(recording.responses) {
		t.Fatalf("%d requests for %d recorded responses", len(requests), len(recording.responses))
	}
	return out.String(), requests, bodies, lib
}

// wire is JSON as encoding/json writes a json.RawMessage: compacted, with
// <, > and & escaped.
func wire(t *testing.T, s []byte) string {
	t.Helper()
	var b, escaped bytes.Buffer
	if err := json.Compact(&b, s); err != nil {
		t.Fatal(err)
	}
	json.HTMLEscape(&escaped, b.Bytes())
	return escaped.String()
}

// TestDeclarationsAreTheCatalogBytes: every request declares the
// catalog's tools, in order, with the generated definitions' schema bytes
// as parametersJsonSchema.
func TestDeclarationsAreTheCatalogBytes(t *testing.T) {
	_, requests, _, _ := replayed(t)
	defs := Definitions()
	for i, req := range requests {
		if len(req.Tools) != 1 || len(req.Tools[0]["functionDeclarations"]) != len(defs) {
			t.Fatalf("request %d declares %v", i+1, req.Tools)
		}
		for j, decl := range req.Tools[0]["functionDeclarations"] {
			var name string
			json.Unmarshal(decl["name"], &name)
			if name != defs[j].Name {
				t.Errorf("request %d: declaration %d is %q, want %q", i+1, j, name, defs[j].Name)
			}
			if got, want := string(decl["parametersJsonSchema"]), wire(t, defs[j].InputSchema); got != want {
				t.Errorf("request %d, %s: parameters\n%s\nwant the catalog's bytes\n%s", i+1, name, got, want)
			}
			if _, ok := decl["parameters"]; ok {
				t.Errorf("request %d, %s: sends the OpenAPI parameters too", i+1, name)
			}
		}
	}
}

// TestABatchWithAnInvalidCallRunsNothing follows the recording: the model
// holds two books in one response, the second call with three mistakes;
// nothing runs, call 1 is told why, call 2 gets every hint once and the
// compact report. The corrected batch then runs both.
func TestABatchWithAnInvalidCallRunsNothing(t *testing.T) {
	stdout, requests, _, lib := replayed(t)
	if got, want := lib.Holds(), []string{"bk_1042@central", "bk_1043@central"}; !slices.Equal(got, want) {
		t.Errorf("holds %v, want %v (nothing of the invalid batch)", got, want)
	}
	last := requests[2].Contents[len(requests[2].Contents)-1]
	if last.Role != "user" || len(last.Parts) != 2 {
		t.Fatalf("request 3 ends with %+v", last)
	}
	first, second := last.Parts[0].FunctionResponse, last.Parts[1].FunctionResponse
	notRun := &runtime.NotRunError{Tool: "reserve_book", Call: 2, Reason: "had invalid arguments",
		Failed: []runtime.FailedCall{{Call: 2, Tool: "reserve_book", Reason: "had invalid arguments"}}}
	if first.ID != "fc_hold_1" || first.Response.Error == nil || *first.Response.Error != notRun.ModelMessage() || string(first.Response.Report) != `{"error":"not_run"}` {
		t.Errorf("call 1 is answered %+v", first)
	}
	// The SDK decoded the call's arguments into a map; the adapter encoded
	// them back with sorted keys, and the generated validator judged those.
	invalid := ValidateArgs("reserve_book", []byte(`{"bookId":"1043","branch":"Central","holdUntil":"in two weeks"}`))
	var verr *runtime.ValidationError
	if second.ID != "fc_hold_2" || second.Response.Error == nil || !errors.As(invalid, &verr) || *second.Response.Error != runtime.ModelMessage(invalid) {
		t.Fatalf("call 2 is answered %+v", second)
	}
	if len(verr.Violations) != 3 || second.Response.Output != nil {
		t.Errorf("call 2: %d violations, output %s", len(verr.Violations), second.Response.Output)
	}
	for _, v := range verr.Violations {
		if strings.Count(*second.Response.Error, v.Hint) != 1 || strings.Contains(string(second.Response.Report), v.Hint) {
			t.Errorf("the hint %q is not sent exactly once", v.Hint)
		}
	}
	compact, _ := json.Marshal(runtime.Report(invalid).Compact())
	if got := decodeAny(t, second.Response.Report); !reflect.DeepEqual(got, decodeAny(t, compact)) {
		t.Errorf("report %s, want %s", second.Response.Report, compact)
	}
	for _, want := range []string{"have 3 problems", `"status":"held"`, "Done: The Left Hand of Darkness"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the transcript lacks %q:\n%s", want, stdout)
		}
	}
}

// TestResultsReachTheModel: a tool's result goes back as "output".
func TestResultsReachTheModel(t *testing.T) {
	_, requests, _, _ := replayed(t)
	last := requests[1].Contents[len(requests[1].Contents)-1]
	r := last.Parts[0].FunctionResponse
	if r == nil || r.ID != "fc_find" || r.Name != "find_books" || r.Response.Error != nil {
		t.Fatalf("find_books is answered %+v", r)
	}
	var output struct{ Books []book }
	if err := json.Unmarshal(r.Response.Output, &output); err != nil || len(output.Books) != 3 || output.Books[1].ID != "bk_1043" {
		t.Errorf("output %s", r.Response.Output)
	}
}

// TestReplayRefusesAnUnansweredCall: the stand-in refuses a request that
// does not answer every function call, as the API does, so the tests above
// would see an adapter that drops one.
func TestReplayRefusesAnUnansweredCall(t *testing.T) {
	recording, err := newReplayServer()
	if err != nil {
		t.Fatal(err)
	}
	text := `{"contents":[{"role":"user","parts":[{"text":"hi"}]}]}`
	for turn := range 2 {
		// Response 1 has one function call, response 2 two.
		if err := checkAnswers(recording.responses[turn], []byte(text)); err == nil {
			t.Errorf("a text answering the function calls of response %d was accepted", turn+1)
		}
	}
	wrongID := `{"contents":[{"role":"user","parts":[{"functionResponse":{"id":"fc_other","name":"find_books","response":{"output":{}}}}]}]}`
	if err := checkAnswers(recording.responses[0], []byte(wrongID)); err == nil {
		t.Error("an answer under another ID was accepted")
	}
	answered := `{"contents":[{"role":"user","parts":[{"functionResponse":{"id":"fc_find","name":"find_books","response":{"output":{}}}}]}]}`
	if err := checkAnswers(recording.responses[0], []byte(answered)); err != nil {
		t.Errorf("a proper answer was refused: %v", err)
	}
}

// TestCatalogPassesTheGeminiLint: the catalog is one Gemini takes as the
// adapter sends it (parametersJsonSchema), as `toolgen lint -provider
// gemini-jsonschema` checks it.
func TestCatalogPassesTheGeminiLint(t *testing.T) {
	c, diags := catalog.Load("catalog.json")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if ds := catalog.LintProvider(c, catalog.ProviderGeminiJSONSchema); len(ds) != 0 {
		t.Errorf("the Gemini lint reports:\n%v", ds)
	}
}

func TestCLIReplay(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := cli([]string{"-replay"}, &out, &errOut); code != 0 || errOut.Len() != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut.String())
	}
	if code := cli([]string{"-bogus"}, &out, &errOut); code != 2 {
		t.Errorf("a bad flag exits %d, want 2", code)
	}
}

func decodeAny(t *testing.T, b []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	return v
}
