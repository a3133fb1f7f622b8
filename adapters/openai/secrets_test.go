package openaitools

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/sensitivecases/secrettools"
	"github.com/toolgen/toolgen/runtime"
)

// TestSecretsStayInside answers a turn of calls that break sensitive
// values inside them, through the dispatcher generated for their catalog,
// with the compact and the full report: no tool message shows a member or
// an item inside a sensitive value, and each names the plain member.
func TestSecretsStayInside(t *testing.T) {
	calls := secrettools.Calls()
	var turn [][2]string
	for _, c := range calls {
		turn = append(turn, [2]string{c.Tool, string(c.Arguments)})
	}
	d := secrettools.NewDispatcher(nil, runtime.Config{})
	for _, opts := range [][]TurnOption{nil, {WithFullReport()}, {OneByOne()}} {
		messages := ChatDispatch(context.Background(), chatTurn(t, turn...), d, opts...)
		if len(messages) != len(calls) {
			t.Fatalf("%d messages for %d calls", len(messages), len(calls))
		}
		for i, m := range messages {
			sent, err := json.Marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			text := m.OfTool.Content.OfString.Value
			if class(text) != runtime.FailureInvalidArguments {
				t.Errorf("call %d: %s", i, text)
			}
			if problems := secrettools.Problems(string(sent), calls[i].Sealed); problems != nil {
				t.Errorf("call %d: the tool message shows %v:\n%s", i, problems, sent)
			}
			if calls[i].Shown != "" && !strings.Contains(text, calls[i].Shown) {
				t.Errorf("call %d: the plain member is not named:\n%s", i, text)
			}
		}
	}
}
