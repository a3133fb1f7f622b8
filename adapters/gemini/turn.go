package geminitools

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/toolgen/toolgen/runtime"
	"google.golang.org/genai"
)

// Dispatcher runs the tool calls of one model turn and returns one result
// per call, in call order, honouring runtime.BatchOptions.
// *runtime.Dispatcher, which a generated NewDispatcher returns, is one; its
// runtime.Config is where calls are authorized, timed out, retried and
// logged (Observer).
type Dispatcher interface {
	DispatchBatch(ctx context.Context, calls []runtime.Call, opts runtime.BatchOptions) []runtime.CallResult
}

// A TurnOption changes how the calls of a model turn are run and answered.
type TurnOption func(*turn)

type turn struct {
	batch      runtime.BatchOptions
	oneByOne   bool
	fullReport bool
}

func newTurn(opts []TurnOption) turn {
	var t turn
	for _, o := range opts {
		o(&t)
	}
	return t
}

// WithBatchOptions runs a turn's calls with opts: a Transaction that the
// calls run in and that is rolled back if one fails, or a Concurrency.
func WithBatchOptions(opts runtime.BatchOptions) TurnOption {
	return func(t *turn) { t.batch = opts }
}

// OneByOne runs each call of a turn as a batch of its own, in order: a call
// runs even if another of the turn is invalid, denied or failed, and each
// gets its own transaction, if [WithBatchOptions] gives one. This is the
// opt-out from the batch semantics, for tools that are independent of each
// other (runtime.BatchOptions.OneByOne).
func OneByOne() TurnOption { return func(t *turn) { t.oneByOne = true } }

// WithFullReport sends runtime.Report as a failed call's "report" instead
// of runtime.ErrorReport.Compact: the message and every hint again, for a
// program that reads the report alone.
func WithFullReport() TurnOption { return func(t *turn) { t.fullReport = true } }

// runTurn runs calls through d as t says, and returns exactly one result
// per call, in call order, each encoded (runtime.CallResult.Encode): the
// results' MarshalJSON and the errors' methods are the service's code,
// which the runtime calls on goroutines of its own.
func runTurn(ctx context.Context, d Dispatcher, calls []runtime.Call, t turn) []runtime.CallResult {
	opts := t.batch
	opts.OneByOne = opts.OneByOne || t.oneByOne
	opts.Encode = true
	got := d.DispatchBatch(ctx, calls, opts)
	results := make([]runtime.CallResult, len(calls))
	for i, c := range calls {
		if i < len(got) {
			results[i] = got[i]
		} else {
			results[i].Err = errNoResult
		}
		results[i].ID, results[i].Tool = c.ID, c.Tool
		// A Dispatcher of the caller's own may not have encoded it.
		results[i].Encode()
	}
	return results
}

// errNoResult answers a call its Dispatcher returned no result for.
var errNoResult = errors.New("geminitools: the dispatcher returned no result for the call")

// FunctionResponse shapes one outcome of a generated dispatcher as the part
// that answers call: {"output": RESULT} on success, {"error": MESSAGE,
// "report": REPORT} on failure (see the package documentation). Of opts,
// only [WithFullReport] applies. A result that encoding/json cannot encode
// is reported as a failed tool (tool_failed).
func FunctionResponse(call *genai.FunctionCall, result any, err error, opts ...TurnOption) *genai.Part {
	r := runtime.CallResult{ID: call.ID, Tool: call.Name, Result: result, Err: err}
	r.Encode()
	return functionResponse(r, newTurn(opts).fullReport)
}

// functionResponse answers the call r.ID of r.Tool with r, encoded
// (runtime.CallResult.Encode): it reads only r's JSON and Report, so that
// it calls none of the service's code.
func functionResponse(r runtime.CallResult, fullReport bool) *genai.Part {
	response := map[string]any{"output": json.RawMessage(r.JSON)}
	if r.Report != nil {
		var report any = r.Report.Compact()
		if fullReport {
			report = r.Report
		}
		response = map[string]any{"error": r.Report.Message, "report": report}
	}
	return &genai.Part{FunctionResponse: &genai.FunctionResponse{ID: r.ID, Name: r.Tool, Response: response}}
}

// Dispatch runs every function call among parts as one batch through d and
// returns the user content that answers them: one FunctionResponse part per
// call, in the same order, each with the call's ID and name. ok is false
// when parts hold no function call, and there is nothing to send.
//
// By default every call is validated and authorized before any runs, and if
// one fails none runs (runtime.Dispatcher.DispatchBatch); [OneByOne] runs
// them independently. Once ctx is done no call starts, and each is still
// answered (class canceled). Parts of other kinds are skipped.
func Dispatch(ctx context.Context, parts []*genai.Part, d Dispatcher, opts ...TurnOption) (reply *genai.Content, ok bool) {
	var calls []runtime.Call
	for _, p := range parts {
		if p == nil || p.FunctionCall == nil {
			continue
		}
		calls = append(calls, runtime.Call{ID: p.FunctionCall.ID, Tool: p.FunctionCall.Name, Arguments: arguments(p.FunctionCall.Args)})
	}
	if len(calls) == 0 {
		return nil, false
	}
	t := newTurn(opts)
	answers := make([]*genai.Part, len(calls))
	for i, r := range runTurn(ctx, d, calls, t) {
		answers[i] = functionResponse(r, t.fullReport)
	}
	return genai.NewContentFromParts(answers, genai.RoleUser), true
}

// arguments encodes a call's arguments, which the SDK decoded into a map,
// back as JSON: the map's keys sorted, a call without arguments as {}.
func arguments(args map[string]any) []byte {
	if args == nil {
		return []byte("{}")
	}
	raw, err := json.Marshal(args)
	if err != nil {
		// A map decoded from JSON always encodes; should the caller have
		// built one that does not, the validator rejects this instead.
		return []byte("not JSON: " + err.Error())
	}
	return raw
}
