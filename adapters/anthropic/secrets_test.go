package anthropictools_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	anthropictools "github.com/toolgen/toolgen/adapters/anthropic"
	"github.com/toolgen/toolgen/internal/sensitivecases/secrettools"
	"github.com/toolgen/toolgen/runtime"
)

// TestSecretsStayInside answers a turn of calls that break sensitive
// values inside them, through the dispatcher generated for their catalog,
// with the compact and the full report: no tool result shows a member or
// an item inside a sensitive value, and each names the plain member.
func TestSecretsStayInside(t *testing.T) {
	calls := secrettools.Calls()
	var uses [][2]string
	for _, c := range calls {
		uses = append(uses, [2]string{c.Tool, string(c.Arguments)})
	}
	d := secrettools.NewDispatcher(nil, runtime.Config{})
	for _, opts := range [][]anthropictools.TurnOption{nil, {anthropictools.WithFullReport()}, {anthropictools.OneByOne()}} {
		reply, _ := anthropictools.Dispatch(context.Background(), turn(t, uses...), d, opts...)
		if len(reply.Content) != len(calls) {
			t.Fatalf("%d results for %d calls", len(reply.Content), len(calls))
		}
		for i, block := range reply.Content {
			sent, err := json.Marshal(block)
			if err != nil {
				t.Fatal(err)
			}
			r := decodeResult(t, block)
			if c := class(t, r); c != runtime.FailureInvalidArguments {
				t.Errorf("call %d: class %s", i, c)
			}
			if problems := secrettools.Problems(string(sent), calls[i].Sealed); problems != nil {
				t.Errorf("call %d: the tool result shows %v:\n%s", i, problems, sent)
			}
			if calls[i].Shown != "" && !strings.Contains(strings.Join(texts(r), "\n"), calls[i].Shown) {
				t.Errorf("call %d: the plain member is not named:\n%s", i, sent)
			}
		}
	}
}
