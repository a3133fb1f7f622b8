package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/sensitivecases"
)

// TestValidateHidesSensitive replays the sensitivity matrix (every marker at
// every position, with every keyword that may quote the value, and inside
// every holder that judges the value holding it whole): no secret may
// appear in the output, while every violation is still listed at its
// pointer, a holder's without the value, and the non-sensitive siblings'
// values are still quoted, a holder's too.
func TestValidateHidesSensitive(t *testing.T) {
	data, calls := sensitivecases.Matrix()
	dir := t.TempDir()
	catPath := filepath.Join(dir, "catalog.json")
	if err := os.WriteFile(catPath, data, 0o644); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	for _, c := range calls {
		line, _ := json.Marshal(map[string]any{"tool": c.Tool, "arguments": c.Arguments})
		log.Write(append(line, '\n'))
	}
	logPath := filepath.Join(dir, "calls.jsonl")
	if err := os.WriteFile(logPath, log.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"validate", catPath, logPath}, &stdout, &stderr); code != exitInvalid {
		t.Fatalf("exit %d, want %d; stderr:\n%s", code, exitInvalid, stderr.String())
	}
	blocks := verdictBlocks(stdout.String())
	if len(blocks) != len(calls) {
		t.Fatalf("%d verdicts for %d calls:\n%s", len(blocks), len(calls), stdout.String())
	}
	for i, call := range calls {
		t.Run(call.Tool, func(t *testing.T) {
			block := blocks[i]
			if leaks := sensitivecases.Leaks(block); leaks != nil {
				t.Errorf("the output echoes the sensitive %q:\n%s", leaks, block)
			}
			listed := listedViolations(block)
			for _, want := range call.Expected {
				found := slices.ContainsFunc(want, func(p sensitivecases.Place) bool {
					return slices.ContainsFunc(listed, func(v [4]string) bool {
						return sensitivecases.Reports(p, v[0], v[1], v[2])
					})
				})
				if !found {
					t.Errorf("no violation at any of %v:\n%s", want, block)
				}
			}
			for _, sealed := range call.Sealed {
				for _, v := range listed {
					if sensitivecases.Below(sealed, v[0]) || sensitivecases.NamesInside(sealed, v[3]) {
						t.Errorf("a violation locates something inside the sensitive %q: %q\n%s", sealed, v, block)
					}
				}
			}
			var whole []sensitivecases.Listed
			for _, v := range listed {
				whole = append(whole, sensitivecases.Listed{Pointer: v[0], Keyword: v[1], Message: v[2]})
			}
			for _, problem := range sensitivecases.WholeProblems(call, whole) {
				t.Errorf("%s:\n%s", problem, block)
			}
			for _, plain := range []string{sensitivecases.Plain, sensitivecases.PlainNumber} {
				if !call.AllHidden && !call.Unbroken && !strings.Contains(block, plain) {
					t.Errorf("the non-sensitive value %q is not quoted:\n%s", plain, block)
				}
			}
		})
	}
}

// listedViolations reads the violations a verdict lists: pointer (with
// "/" for the arguments as a whole read back as ""), keyword, message and
// hint of each.
func listedViolations(block string) [][4]string {
	var out [][4]string
	for _, m := range regexp.MustCompile(`(?m)^    (/\S*): ([^:]+): (.*)\n        hint: (.*)$`).FindAllStringSubmatch(block, -1) {
		pointer := m[1]
		if pointer == "/" {
			pointer = ""
		}
		out = append(out, [4]string{pointer, m[2], m[3], m[4]})
	}
	return out
}

// verdictBlocks splits validate's output into one text per call: its
// verdict line and the violation lines below it.
func verdictBlocks(out string) []string {
	starts := regexp.MustCompile(`(?m)^line \d+: `).FindAllStringIndex(out, -1)
	var blocks []string
	for i, s := range starts {
		end := len(out)
		if i+1 < len(starts) {
			end = starts[i+1][0]
		}
		blocks = append(blocks, out[s[0]:end])
	}
	return blocks
}

// TestValidateHidesSensitiveBehindID checks a marker in a schema resource of
// its own ($id), whose location santhosh v6 gives in the document's terms.
func TestValidateHidesSensitiveBehindID(t *testing.T) {
	dir := t.TempDir()
	catPath, logPath := filepath.Join(dir, "catalog.json"), filepath.Join(dir, "calls.jsonl")
	catalog := `{"tools":[{"name":"t","inputSchema":{"type":"object",
		"properties":{"p":{"$ref":"https://example.com/x"},"q":{"type":"string","pattern":"^a$"}},
		"$defs":{"x":{"$id":"https://example.com/x","type":"string","pattern":"^a$","x-toolgen":{"sensitive":true}}}}}]}`
	if err := os.WriteFile(catPath, []byte(catalog), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(logPath, []byte(`{"tool":"t","arguments":{"p":"S3CR3T","q":"PLAINVALUE"}}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	run([]string{"validate", catPath, logPath}, &stdout, &stderr)
	out := stdout.String()
	if strings.Contains(out, "S3CR3T") || !strings.Contains(out, "/p: pattern: ") || !strings.Contains(out, "PLAINVALUE") {
		t.Errorf("want /p reported without its value and /q with it:\n%s%s", out, stderr.String())
	}
}

// TestValidateHidesSensitiveNamesAmongSiblings checks sensitive member names
// next to objects whose names fail propertyNames too: each sensitive name
// (a writeOnly propertyNames, a sensitive object) must be hidden, the plain
// ones quoted, and every failure still reported under its keyword.
func TestValidateHidesSensitiveNamesAmongSiblings(t *testing.T) {
	dir := t.TempDir()
	catPath, logPath := filepath.Join(dir, "catalog.json"), filepath.Join(dir, "calls.jsonl")
	catalog := `{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{
		"a":{"type":"object","propertyNames":{"maxLength":2}},
		"b":{"type":"object","propertyNames":{"maxLength":2,"writeOnly":true}},
		"c":{"type":"object","propertyNames":{"maxLength":2},"x-toolgen":{"sensitive":true}},
		"d":{"type":"object","propertyNames":{"maxLength":2}},
		"e":{"type":"string","pattern":"^a$"}}}}]}`
	if err := os.WriteFile(catPath, []byte(catalog), 0o644); err != nil {
		t.Fatal(err)
	}
	args := `{"a":{"PLAINVALUE":1},"b":{"S3CR3T":1},"c":{"S3CR3T":1},"d":{"PLAINNAME":1},"e":"x"}`
	if err := os.WriteFile(logPath, []byte(`{"tool":"t","arguments":`+args+"}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	run([]string{"validate", catPath, logPath}, &stdout, &stderr)
	out := stdout.String()
	if strings.Contains(out, "S3CR3T") {
		t.Errorf("a sensitive name is quoted:\n%s%s", out, stderr.String())
	}
	if !strings.Contains(out, "PLAINVALUE") || !strings.Contains(out, "PLAINNAME") {
		t.Errorf("a plain name is not quoted:\n%s%s", out, stderr.String())
	}
	if n := strings.Count(out, ": propertyNames: "); n != 4 {
		t.Errorf("%d propertyNames violations, want 4:\n%s", n, out)
	}
}
