package gen_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen"
	"github.com/toolgen/toolgen/internal/sensitivecases"
)

// sensitiveVerdict is what the sensitivity driver reports of one call:
// every text of the error a model, a log or an observer can see.
type sensitiveVerdict struct {
	Error        string
	ModelMessage string
	Report       json.RawMessage
	Violations   []struct{ Pointer, Keyword, Message, Hint string }
	Observed     []json.RawMessage
}

// TestSensitiveMatrix generates one package for the sensitivity matrix
// (every marker at every position, with every keyword that may quote the
// value, and inside every holder: a keyword that judges whole a value that
// holds the marked one), dispatches one invalid call per tool and checks
// that no secret reaches the error text, the model message, the JSON
// report, any violation or the observer, while every violation is still
// reported at its pointer, a holder's without the value, and the
// non-sensitive siblings' values are still quoted, a holder's too. The same
// calls cut off in the middle of each secret (sensitivecases.CutOff) show
// no secret and locate nothing inside a sensitive value either.
func TestSensitiveMatrix(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated code with the go command; skipped in -short mode")
	}
	data, calls := sensitivecases.Matrix()
	cat, diags := catalog.Parse("sensitive.json", data)
	if diags.HasErrors() {
		t.Fatalf("the matrix catalog does not load: %v", diags)
	}
	if diags := catalog.Lint(cat, catalog.LintOptions{}); diags.HasErrors() {
		t.Fatalf("the matrix catalog does not lint: %v", diags)
	}
	src, diags := gen.Generate(cat, gen.Options{Package: "sensitive", Source: "sensitive.json"})
	if diags.HasErrors() {
		t.Fatalf("generating the matrix: %v", diags)
	}
	var cut []sensitivecases.Call
	for _, call := range calls {
		cut = append(cut, sensitivecases.CutOff(call)...)
	}
	verdicts := runSensitiveDriver(t, src, append(calls, cut...))
	for i, call := range calls {
		t.Run(call.Tool, func(t *testing.T) {
			checkSensitiveVerdict(t, call, verdicts[i])
		})
	}
	for i, call := range cut {
		t.Run(call.Tool+"/cut", func(t *testing.T) {
			checkSealed(t, call, verdicts[len(calls)+i])
		})
	}
}

func checkSensitiveVerdict(t *testing.T, call sensitivecases.Call, got sensitiveVerdict) {
	t.Helper()
	checkSealed(t, call, got)
	for _, want := range call.Expected {
		found := slices.ContainsFunc(got.Violations, func(v struct{ Pointer, Keyword, Message, Hint string }) bool {
			return slices.ContainsFunc(want, func(p sensitivecases.Place) bool {
				return sensitivecases.Reports(p, v.Pointer, v.Keyword, v.Message)
			})
		})
		if !found {
			t.Errorf("no violation at any of %v; got %+v", want, got.Violations)
		}
	}
	var listed []sensitivecases.Listed
	for _, v := range got.Violations {
		listed = append(listed, sensitivecases.Listed{Pointer: v.Pointer, Keyword: v.Keyword, Message: v.Message})
	}
	for _, problem := range sensitivecases.WholeProblems(call, listed) {
		t.Error(problem)
	}
	if call.AllHidden || call.Unbroken {
		return
	}
	// Redaction is only for sensitive values: the siblings' are quoted.
	for _, plain := range []string{sensitivecases.Plain, sensitivecases.PlainNumber} {
		if !strings.Contains(got.ModelMessage, plain) || !strings.Contains(string(got.Report), plain) {
			t.Errorf("the non-sensitive value %q is not quoted:\n%s\n%s", plain, got.ModelMessage, got.Report)
		}
	}
	if !strings.Contains(got.Error, sensitivecases.PlainNumber) {
		t.Errorf("the non-sensitive number %q is not quoted:\n%s", sensitivecases.PlainNumber, got.Error)
	}
}

// checkSealed fails if any text of got shows a secret, or locates or names
// something inside one of the call's sensitive values.
func checkSealed(t *testing.T, call sensitivecases.Call, got sensitiveVerdict) {
	t.Helper()
	texts := map[string]string{"Error()": got.Error, "ModelMessage": got.ModelMessage, "the JSON report": string(got.Report)}
	for i, o := range got.Observed {
		texts[fmt.Sprintf("observer event %d", i+1)] = string(o)
	}
	for i, v := range got.Violations {
		texts[fmt.Sprintf("violation %d (%s %s) message", i+1, v.Keyword, v.Pointer)] = v.Message
		texts[fmt.Sprintf("violation %d (%s %s) hint", i+1, v.Keyword, v.Pointer)] = v.Hint
	}
	for where, text := range texts {
		if leaks := sensitivecases.Leaks(text); leaks != nil {
			t.Errorf("%s echoes the sensitive %q:\n%s", where, leaks, text)
		}
	}
	if len(got.Observed) == 0 {
		t.Errorf("the observer saw nothing")
	}
	// Nothing inside a sensitive value is located or named: no pointer
	// below it, in the error or the observer's events, and no path into it
	// in a hint.
	for _, sealed := range call.Sealed {
		for _, v := range got.Violations {
			if sensitivecases.Below(sealed, v.Pointer) || sensitivecases.NamesInside(sealed, v.Hint) {
				t.Errorf("a violation locates something inside the sensitive %q: %+v", sealed, v)
			}
		}
		for i, o := range got.Observed {
			if strings.Contains(string(o), `"Pointer":"`+sealed+`/`) {
				t.Errorf("observer event %d locates something inside the sensitive %q: %s", i+1, sealed, o)
			}
		}
		if sensitivecases.NamesInside(sealed, got.ModelMessage) {
			t.Errorf("the model message names something inside the sensitive %q:\n%s", sealed, got.ModelMessage)
		}
	}
}

// runSensitiveDriver builds src, the generated package, with a driver that
// dispatches each call and returns what it reports, in call order.
func runSensitiveDriver(t *testing.T, src []byte, calls []sensitivecases.Call) []sensitiveVerdict {
	t.Helper()
	dir := tempModule(t, "sensitivee2e")
	writeFile(t, filepath.Join(dir, "sensitive", "tools_gen.go"), src)
	writeFile(t, filepath.Join(dir, "driver", "main.go"), []byte(sensitiveDriver))
	var input bytes.Buffer
	enc := json.NewEncoder(&input)
	for _, c := range calls {
		_ = enc.Encode(map[string]any{"tool": c.Tool, "args": []byte(c.Arguments)})
	}
	out := runDriverIn(t, dir, &input, "building or running the generated code failed")
	var verdicts []sensitiveVerdict
	dec := json.NewDecoder(bytes.NewReader(out))
	for range calls {
		var v sensitiveVerdict
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("reading the driver's verdicts: %v", err)
		}
		verdicts = append(verdicts, v)
	}
	return verdicts
}

const sensitiveDriver = `// Command driver dispatches tool calls read from stdin and prints every
// text their errors produce.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"os"

	"github.com/toolgen/toolgen/runtime"

	"sensitivee2e/sensitive"
)

type observer struct{ events []json.RawMessage }

func (o *observer) Observe(_ context.Context, call runtime.CallInfo) {
	b, err := json.Marshal(call)
	if err != nil {
		panic(err)
	}
	o.events = append(o.events, b)
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<26)
	out := json.NewEncoder(os.Stdout)
	for in.Scan() {
		var req struct {
			Tool string
			Args []byte
		}
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			panic(err)
		}
		obs := &observer{}
		d := sensitive.NewDispatcher(nil, runtime.Config{Observer: obs})
		_, err := d.Dispatch(context.Background(), req.Tool, req.Args)
		var invalid *runtime.ValidationError
		if !errors.As(err, &invalid) {
			panic("not a validation error: " + req.Tool)
		}
		report, err2 := json.Marshal(runtime.Report(err))
		if err2 != nil {
			panic(err2)
		}
		v := map[string]any{
			"Error":        err.Error(),
			"ModelMessage": runtime.ModelMessage(err),
			"Report":       json.RawMessage(report),
			"Violations":   invalid.Violations,
			"Observed":     obs.events,
		}
		if err := out.Encode(v); err != nil {
			panic(err)
		}
	}
}
`
