package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/cmd/internal/replay"
)

func init() {
	commands["validate"] = command{"replay a log of tool calls (JSON Lines) through the catalog's generated code", validate}
}

// validate replays a log of tool calls, one JSON object per line:
//
//	{"tool": "refund_payment", "arguments": {"paymentId": "pay_1", ...}}
//
// "arguments" may also be a JSON string holding the arguments' JSON text, as
// OpenAI logs them. Each call gets a verdict (valid, invalid with every
// violation, or unknown tool) and the run ends with a summary. It exits 1
// when any call is not valid.
//
// The calls are judged by the code toolgen generates for the catalog,
// built with the go command into a throwaway program (cmd/internal/replay), so
// that the verdicts and the words are the ones the model gets.
func validate(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("toolgen validate", "usage: toolgen validate [-quiet CLASS,...] CATALOG CALLS.jsonl\n"+
		"CALLS.jsonl holds one {\"tool\": NAME, \"arguments\": {...}} per line; - reads standard input.\n"+
		"The calls are judged by the catalog's generated code, built offline with the go command.", printWarningClasses)
	quiet := quietFlag(flags)
	if code, done := parseFlags(flags, args, []string{"CATALOG", "CALLS.jsonl"}, stdout, stderr); done {
		return code
	}
	catPath, logPath := flags.Arg(0), flags.Arg(1)
	const name = "toolgen validate"

	cat, diags, ok := loadAndLint(name, catPath, catalog.LintOptions{}, stderr)
	if !ok || !reportDiagnostics(stderr, diags.Quiet(*quiet)) || cat == nil {
		return exitInvalid
	}
	var log io.Reader = os.Stdin
	if logPath != "-" {
		f, err := os.Open(logPath)
		if err != nil {
			fmt.Fprintf(stderr, "%s: %s\n", name, readError(logPath, err))
			return exitInvalid
		}
		defer f.Close()
		log = f
	}
	prog, ok := buildJudge(name, cat, *quiet, stderr)
	if !ok {
		return exitInvalid
	}
	defer prog.Close()
	sum, err := prog.ReplayLog(context.Background(), 0, log, stdout)
	if err != nil {
		printError(stderr, name, err)
		return exitInvalid
	}
	if sum.Failed() {
		return exitInvalid
	}
	return exitOK
}

// buildJudge builds the program that judges calls with the catalog's
// generated code; a problem is reported on stderr.
func buildJudge(name string, cat *catalog.Catalog, quiet []catalog.WarningClass, stderr io.Writer) (*replay.Program, bool) {
	wd, err := os.Getwd()
	if err != nil {
		wd = "."
	}
	src, err := replay.FindSource(wd)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return nil, false
	}
	prog, _, err := replay.Build(context.Background(), src, []replay.Package{{Catalog: cat.FirstOfEachName()}})
	var genErr *replay.GenerateError
	if errors.As(err, &genErr) {
		printDiagnostics(stderr, genErr.Diagnostics.Quiet(quiet))
		return nil, false
	}
	if err != nil {
		printError(stderr, name, err)
		return nil, false
	}
	return prog, true
}
