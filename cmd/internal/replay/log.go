package replay

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/toolgen/toolgen/internal/jsonpointer"
)

// Summary counts the verdicts of a log.
type Summary struct{ Calls, Valid, Invalid, Unknown int }

// String renders the summary line; a record that is not a call counts as
// an invalid call.
func (s Summary) String() string {
	return fmt.Sprintf("%d %s: %d valid, %d invalid, %d unknown tool", s.Calls, plural(s.Calls, "call"), s.Valid, s.Invalid, s.Unknown)
}

// Failed reports whether any call was not valid: a dispatcher would have
// rejected it.
func (s Summary) Failed() bool { return s.Invalid > 0 || s.Unknown > 0 }

// logEntry is one non-empty line of a log, in order: a call that went to
// the program, or a line that is not a call record.
type logEntry struct {
	line    int
	tool    string
	problem string // when the line is not a call record
}

// ReplayLog judges each call of a log of tool calls with package pkg of the
// program and writes one verdict per non-empty line to w, then the summary
// line. A log line is one JSON object
//
//	{"tool": "refund_payment", "arguments": {"paymentId": "pay_1", ...}}
//
// whose "arguments" may also be a JSON string holding the arguments' text,
// as OpenAI logs them. The error is about reading the log or running the
// program, not about the calls.
func (p *Program) ReplayLog(ctx context.Context, pkg int, log io.Reader, w io.Writer) (Summary, error) {
	var sum Summary
	r, err := p.start(ctx)
	if err != nil {
		return sum, err
	}
	entries := make(chan logEntry, 64)
	readErr := make(chan error, 1)
	go func() {
		defer close(entries)
		readErr <- readLog(log, pkg, r, entries)
	}()
	var failure error
	for e := range entries {
		if failure != nil {
			continue // drain, so that the reader ends
		}
		if e.problem != "" {
			sum.Calls++
			sum.Invalid++
			fmt.Fprintf(w, "line %d: invalid record: %s\n", e.line, e.problem)
			continue
		}
		v, err := r.receive()
		if err != nil {
			failure = err
			r.cmd.Process.Kill()
			continue
		}
		sum.add(v)
		io.WriteString(w, render(e.line, e.tool, v))
	}
	if failure != nil {
		r.cmd.Wait()
		return sum, failure
	}
	if err := errors.Join(<-readErr, r.wait()); err != nil {
		return sum, err
	}
	fmt.Fprintln(w, sum)
	return sum, nil
}

// readLog reads the log's records, sends each call to the program and each
// non-empty line to entries, in order.
func readLog(log io.Reader, pkg int, r *run, entries chan<- logEntry) error {
	scanner := bufio.NewScanner(log)
	scanner.Buffer(nil, maxLogLine)
	for n := 1; scanner.Scan(); n++ {
		line := bytes.TrimSpace(scanner.Bytes())
		if len(line) == 0 {
			continue
		}
		tool, args, problem := readRecord(line)
		if problem == "" {
			if err := r.send(Call{Package: pkg, Tool: tool, Args: args}); err != nil {
				return err
			}
		}
		entries <- logEntry{line: n, tool: tool, problem: problem}
	}
	if err := scanner.Err(); err != nil {
		return fmt.Errorf("reading the log: %v", err)
	}
	return r.stdin.Close()
}

func (s *Summary) add(v Verdict) {
	s.Calls++
	switch {
	case v.Valid:
		s.Valid++
	case v.UnknownTool:
		s.Unknown++
	default:
		s.Invalid++
	}
}

// render writes the verdict for log line n: one line, followed for an
// invalid call by two indented lines per violation, the technical message
// and the hint the model reads.
func render(n int, tool string, v Verdict) string {
	var b strings.Builder
	fmt.Fprintf(&b, "line %d: tool %q: ", n, tool)
	switch {
	case v.Valid:
		b.WriteString("valid\n")
		return b.String()
	case v.UnknownTool:
		fmt.Fprintf(&b, "unknown tool (the catalog has %s)\n", strings.Join(v.Known, ", "))
		return b.String()
	case v.Other != "":
		fmt.Fprintf(&b, "invalid: %s\n", v.Other)
		return b.String()
	}
	count := len(v.Violations) + v.Omitted
	fmt.Fprintf(&b, "invalid: %d %s\n", count, plural(count, "violation"))
	for _, vi := range v.Violations {
		fmt.Fprintf(&b, "    %s: %s: %s\n        hint: %s\n", jsonpointer.Display(vi.Pointer), vi.Keyword, vi.Message, vi.Hint)
	}
	if v.Omitted > 0 {
		fmt.Fprintf(&b, "    and %d more %s, not listed\n", v.Omitted, plural(v.Omitted, "violation"))
	}
	return b.String()
}

func plural(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}

// readRecord reads a log line {"tool": NAME, "arguments": ARGS}. ARGS is
// returned as JSON text: the value itself, or the text a JSON string holds.
// problem says why the line is not such a record. A name twice inside ARGS
// is for the generated code to judge, as it is in a call; the record's own
// members must each be there once.
func readRecord(line []byte) (tool string, args []byte, problem string) {
	if err := checkJSONText(line); err != nil {
		return "", nil, "the line is not valid JSON: " + strings.TrimPrefix(err.Error(), "jsontext: ")
	}
	dec := jsontext.NewDecoder(bytes.NewReader(line), jsontext.AllowDuplicateNames(true))
	if dec.PeekKind() != '{' {
		return "", nil, `the line is not a JSON object {"tool": ..., "arguments": ...}`
	}
	dec.ReadToken()
	var haveTool bool
	seen := map[string]bool{}
	for dec.PeekKind() != '}' {
		name, _ := dec.ReadToken()
		key := name.String()
		value, _ := dec.ReadValue()
		if (key == "tool" || key == "arguments") && seen[key] {
			return "", nil, fmt.Sprintf("the record has %q twice", key)
		}
		seen[key] = true
		switch key {
		case "tool":
			if value.Kind() != '"' {
				return "", nil, fmt.Sprintf(`"tool" must be a string, found %s`, value)
			}
			s, _ := jsontext.AppendUnquote(nil, value)
			tool, haveTool = string(s), true
		case "arguments":
			if value.Kind() == '"' {
				s, _ := jsontext.AppendUnquote(nil, value)
				args = s
			} else {
				args = bytes.Clone(value)
			}
		}
	}
	switch {
	case !haveTool:
		return "", nil, `the record has no "tool"`
	case args == nil:
		return "", nil, fmt.Sprintf(`the call of %q has no "arguments"`, tool)
	}
	return tool, args, ""
}

// checkJSONText reads one JSON value strictly, with jsontext's default
// options (RFC 8259 grammar, valid UTF-8, nothing after the value), but for
// duplicate member names, which readRecord looks for where they matter.
func checkJSONText(text []byte) error {
	dec := jsontext.NewDecoder(bytes.NewReader(text), jsontext.AllowDuplicateNames(true))
	if _, err := dec.ReadValue(); err != nil {
		return err
	}
	if _, err := dec.ReadToken(); err != io.EOF {
		if err == nil {
			return errors.New("unexpected data after the JSON value")
		}
		return err
	}
	return nil
}
