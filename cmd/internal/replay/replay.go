package replay

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"

	"github.com/toolgen/toolgen/runtime"
)

// maxLogLine bounds one line of a call log.
const maxLogLine = 64 << 20

// Call is one tool call to judge.
type Call struct {
	Package int    // the index of the catalog, as given to Build
	Tool    string // the tool's name
	Args    []byte // the arguments' bytes, exactly as logged
}

// Verdict is what the generated code made of one call: its error taken
// apart, the texts untouched.
type Verdict struct {
	Valid        bool                `json:"valid"`
	UnknownTool  bool                `json:"unknownTool"`
	Known        []string            `json:"known"` // with UnknownTool: the catalog's tools
	Violations   []runtime.Violation `json:"violations"`
	Omitted      int                 `json:"omitted"`      // violations found beyond runtime.MaxViolations
	ModelMessage string              `json:"modelMessage"` // runtime.ModelMessage of the error
	Other        string              `json:"other"`        // an error of no expected type
}

// run is one running program.
type run struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	out    *json.Decoder
	stderr bytes.Buffer
}

// start starts the program.
func (p *Program) start(ctx context.Context) (*run, error) {
	r := &run{cmd: exec.CommandContext(ctx, p.bin)}
	r.cmd.Dir = p.dir
	r.cmd.Stderr = &r.stderr
	stdin, err := r.cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := r.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := r.cmd.Start(); err != nil {
		return nil, err
	}
	r.stdin, r.out = stdin, json.NewDecoder(bufio.NewReader(stdout))
	return r, nil
}

// send writes one request.
func (r *run) send(c Call) error {
	line, err := json.Marshal(struct {
		Pkg  int    `json:"pkg"`
		Tool string `json:"tool"`
		Args []byte `json:"args"`
	}{c.Package, c.Tool, c.Args})
	if err != nil {
		return err
	}
	_, err = r.stdin.Write(append(line, '\n'))
	return err
}

// receive reads the next verdict.
func (r *run) receive() (Verdict, error) {
	var v Verdict
	if err := r.out.Decode(&v); err != nil {
		return v, r.failed(err)
	}
	return v, nil
}

// failed explains an error of the conversation with what the program said.
func (r *run) failed(err error) error {
	if msg := strings.TrimSpace(r.stderr.String()); msg != "" {
		return fmt.Errorf("the generated code's judge failed: %v: %s", err, msg)
	}
	return fmt.Errorf("the generated code's judge failed: %v", err)
}

// wait closes the input and waits for the program to end.
func (r *run) wait() error {
	r.stdin.Close()
	if err := r.cmd.Wait(); err != nil {
		return r.failed(err)
	}
	return nil
}

// Judge runs the program on calls and returns their verdicts, in order.
func (p *Program) Judge(ctx context.Context, calls []Call) ([]Verdict, error) {
	r, err := p.start(ctx)
	if err != nil {
		return nil, err
	}
	sent := make(chan error, 1)
	go func() {
		for _, c := range calls {
			if err := r.send(c); err != nil {
				sent <- err
				return
			}
		}
		sent <- r.stdin.Close()
	}()
	verdicts := make([]Verdict, 0, len(calls))
	for range calls {
		v, err := r.receive()
		if err != nil {
			r.cmd.Process.Kill()
			r.cmd.Wait()
			return nil, err
		}
		verdicts = append(verdicts, v)
	}
	if err := errors.Join(<-sent, r.wait()); err != nil {
		return nil, err
	}
	return verdicts, nil
}
