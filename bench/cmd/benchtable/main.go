// Command benchtable turns the output of the bench module's benchmarks
// (go test -bench, plus the AJV script's lines) into the Markdown tables of
// docs/BENCHMARKS.md: every implementation's ns/op, MB/s, B/op and
// allocs/op per payload, and each target with its ratio and whether it is
// met. A target whose figures are not in the input is not judged; the
// figures it lacks are listed under its table.
//
// Usage:
//
//	benchtable FILE...
//
// Each benchmark's figure is the median of its runs (go test -count N
// prints N lines per benchmark), as benchstat reports it.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: benchtable FILE...")
		os.Exit(2)
	}
	r := results{}
	for _, name := range os.Args[1:] {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, "benchtable:", err)
			os.Exit(1)
		}
		err = r.read(f)
		f.Close()
		if err != nil {
			fmt.Fprintf(os.Stderr, "benchtable: %s: %v\n", name, err)
			os.Exit(1)
		}
	}
	if err := write(os.Stdout, r); err != nil {
		fmt.Fprintln(os.Stderr, "benchtable:", err)
		os.Exit(1)
	}
}

// results holds every value read: benchmark name (without the -GOMAXPROCS
// suffix) -> unit -> one value per run.
type results map[string]map[string][]float64

// procsSuffix is the -N that go test appends to benchmark names.
var procsSuffix = regexp.MustCompile(`-[0-9]+$`)

// read adds the benchmark lines of the Go benchmark format from in:
// "BenchmarkName-N  iterations  value unit  value unit ...". Other lines
// are skipped.
func (r results) read(in io.Reader) error {
	sc := bufio.NewScanner(in)
	for line := 1; sc.Scan(); line++ {
		fields := strings.Fields(sc.Text())
		if len(fields) < 4 || !strings.HasPrefix(fields[0], "Benchmark") || len(fields)%2 != 0 {
			continue
		}
		if _, err := strconv.Atoi(fields[1]); err != nil {
			continue // not a result line: "BenchmarkX  --- FAIL" and such
		}
		name := procsSuffix.ReplaceAllString(fields[0], "")
		if r[name] == nil {
			r[name] = map[string][]float64{}
		}
		for i := 2; i < len(fields); i += 2 {
			v, err := strconv.ParseFloat(fields[i], 64)
			if err != nil {
				return fmt.Errorf("line %d: %q is not a number", line, fields[i])
			}
			r[name][fields[i+1]] = append(r[name][fields[i+1]], v)
		}
	}
	return sc.Err()
}

// median returns the median of name's values in unit, and whether there
// are any.
func (r results) median(name, unit string) (float64, bool) {
	vs := slices.Clone(r[name][unit])
	if len(vs) == 0 {
		return 0, false
	}
	slices.Sort(vs)
	if n := len(vs); n%2 == 0 {
		return (vs[n/2-1] + vs[n/2]) / 2, true
	}
	return vs[len(vs)/2], true
}

// decodeValidate is the name of the decode+validate benchmark of payload
// by implementation impl.
func decodeValidate(payload, impl string) string {
	return "BenchmarkDecodeValidate/" + payload + "/" + impl
}

// impls are the implementations, in table order; goImpls those that
// report B/op and allocs/op (all but AJV).
var (
	impls   = []string{"toolgen", "encoding-json", "json-valid", "jsontext-valid", "jx-valid", "santhosh", "google", "kaptinlin", "xeipuuv", "ajv"}
	goImpls = impls[:len(impls)-1]
)

// payloads returns the payloads that have results: those of tools in
// that order, each valid call before the invalid one, then any others
// sorted.
func (r results) payloads() []string {
	seen := map[string]bool{}
	for name := range r {
		rest, ok := strings.CutPrefix(name, "BenchmarkDecodeValidate/")
		if !ok {
			continue
		}
		if payload, _, ok := strings.Cut(rest, "/"); ok {
			seen[payload] = true
		}
	}
	var out []string
	for _, t := range tools {
		for _, suffix := range []string{".valid", ".invalid"} {
			if seen[t+suffix] {
				out = append(out, t+suffix)
				delete(seen, t+suffix)
			}
		}
	}
	var rest []string
	for p := range seen {
		rest = append(rest, p)
	}
	slices.Sort(rest)
	return append(out, rest...)
}

// tools are the benchmarked tools in the order of ../../peers_test.go.
var tools = []string{"refund_payment", "search_issues", "create_order",
	"create_pull_request", "issue_write", "list_issues", "push_files", "search_code"}

// tally counts targets met and missed.
type tally struct{ met, missed int }

// verdict renders a ratio or value with whether it meets its target, and
// counts it.
func (t *tally) verdict(text string, ok bool) string {
	if ok {
		t.met++
		return text + " ✓"
	}
	t.missed++
	return "**" + text + " ✗**"
}

// write renders every table.
func write(w io.Writer, r results) error {
	var b strings.Builder
	payloads := r.payloads()
	var t tally

	matrix := func(title, unit string, cols []string, format func(float64) string) {
		fmt.Fprintf(&b, "### %s\n\n| payload | %s |\n|---|%s\n", title, strings.Join(cols, " | "), strings.Repeat("---:|", len(cols)))
		for _, p := range payloads {
			fmt.Fprintf(&b, "| %s |", p)
			for _, impl := range cols {
				if v, ok := r.median(decodeValidate(p, impl), unit); ok {
					fmt.Fprintf(&b, " %s |", format(v))
				} else {
					b.WriteString(" — |")
				}
			}
			b.WriteString("\n")
		}
		b.WriteString("\n")
	}
	matrix("Time (ns/op, lower is better)", "ns/op", impls, fmtNs)
	matrix("Throughput (MB/s of argument bytes, higher is better)", "MB/s", impls, func(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) })
	matrix("Memory (B/op)", "B/op", goImpls, func(v float64) string { return strconv.FormatFloat(v, 'f', 0, 64) })
	matrix("Allocations (allocs/op)", "allocs/op", goImpls, func(v float64) string { return strconv.FormatFloat(v, 'f', 0, 64) })

	// Speed targets, per valid call: toolgen against each implementation.
	var valid []string
	for _, p := range payloads {
		if strings.HasSuffix(p, ".valid") {
			valid = append(valid, p)
		}
	}
	type target struct {
		title string
		impl  string
		ok    func(ratio float64) bool
		// toolgenOver: the ratio is toolgen ÷ impl (else impl ÷ toolgen).
		toolgenOver bool
	}
	targets := []target{
		{"toolgen ÷ encoding-json (≤ 0.5)", "encoding-json", func(x float64) bool { return x <= 0.5 }, true},
		{"santhosh ÷ toolgen (≥ 10)", "santhosh", func(x float64) bool { return x >= 10 }, false},
		{"google ÷ toolgen (> 1)", "google", func(x float64) bool { return x > 1 }, false},
		{"kaptinlin ÷ toolgen (> 1)", "kaptinlin", func(x float64) bool { return x > 1 }, false},
		{"xeipuuv ÷ toolgen (> 1)", "xeipuuv", func(x float64) bool { return x > 1 }, false},
		{"ajv ÷ toolgen (> 1)", "ajv", func(x float64) bool { return x > 1 }, false},
	}
	b.WriteString("### Targets for valid calls: time ratios per payload (✓ met, ✗ missed)\n\n| payload |")
	for _, tg := range targets {
		fmt.Fprintf(&b, " %s |", tg.title)
	}
	fmt.Fprintf(&b, "\n|---|%s\n", strings.Repeat("---:|", len(targets)))
	for _, p := range valid {
		fmt.Fprintf(&b, "| %s |", p)
		own, ok := r.median(decodeValidate(p, "toolgen"), "ns/op")
		for _, tg := range targets {
			other, ok2 := r.median(decodeValidate(p, tg.impl), "ns/op")
			if !ok || !ok2 {
				b.WriteString(" — |")
				continue
			}
			ratio := other / own
			if tg.toolgenOver {
				ratio = own / other
			}
			fmt.Fprintf(&b, " %s |", t.verdict(strconv.FormatFloat(ratio, 'f', 2, 64), tg.ok(ratio)))
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")

	writeInvalid(&b, r, &t, payloads)

	// Throughput on the large payload.
	b.WriteString("### Target: on the large payload, toolgen's MB/s at least json.Valid's\n\n| payload | toolgen MB/s | json-valid MB/s | toolgen ÷ json-valid (≥ 1) |\n|---|---:|---:|---:|\n")
	if own, ok1 := r.median(decodeValidate("create_order.valid", "toolgen"), "MB/s"); ok1 {
		if valid, ok2 := r.median(decodeValidate("create_order.valid", "json-valid"), "MB/s"); ok2 {
			ratio := own / valid
			fmt.Fprintf(&b, "| create_order.valid | %.1f | %.1f | %s |\n", own, valid, t.verdict(strconv.FormatFloat(ratio, 'f', 2, 64), ratio >= 1))
		}
	}
	b.WriteString("\n")

	// Allocations against the budget.
	b.WriteString("### Target: at most one allocation per string or slice in the struct (toolgen, valid calls)\n\n" +
		"| payload | allocs/op | budget (strings + slices) | optional members held by pointer | allocs ≤ budget |\n|---|---:|---:|---:|---:|\n")
	for _, p := range payloads {
		name := decodeValidate(p, "toolgen")
		allocs, ok1 := r.median(name, "allocs/op")
		budget, ok2 := r.median(name, "budget-allocs/op")
		ptrs, _ := r.median(name, "optional-ptrs/op")
		if !ok1 || !ok2 {
			continue
		}
		fmt.Fprintf(&b, "| %s | %.0f | %.0f | %.0f | %s |\n", p, allocs, budget, ptrs, allocVerdict(&t, allocs, budget))
	}
	b.WriteString("\n")

	writeScale(&b, r, &t)
	writeDispatch(&b, r, &t)

	// The floors: what the tokenizers toolgen may build on cost merely to
	// check the bytes, against the time each speed target allows; toolgen's
	// own first check is below them (see docs/DESIGN.md, "Reading JSON").
	b.WriteString("### The tokenizers' floor (valid calls; ns/op)\n\n" +
		"A decoder that has a tokenizer check the bytes costs more than that check. " +
		"Where a target allows less time than that floor, no decoder built on jsontext or jx can meet it. " +
		"toolgen checks with its own `wellFormed` first, which costs about half of jsontext's check " +
		"(`BenchmarkWellFormed` in `runtime`), and has jsontext check only what that declines.\n\n" +
		"| payload | jsontext-valid | jx-valid | json-valid | AJV | santhosh ÷ 10 | AJV target above both floors | 10× santhosh target above both floors |\n|---|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, p := range payloads {
		if !strings.HasSuffix(p, ".valid") {
			continue
		}
		jt, ok1 := r.median(decodeValidate(p, "jsontext-valid"), "ns/op")
		jx, ok2 := r.median(decodeValidate(p, "jx-valid"), "ns/op")
		if !ok1 || !ok2 {
			continue
		}
		cell := func(impl string, divide float64) (string, string) {
			v, ok := r.median(decodeValidate(p, impl), "ns/op")
			if !ok {
				return "—", "—"
			}
			v /= divide
			if v > min(jt, jx) {
				return fmtNs(v), "yes"
			}
			return fmtNs(v), "**no**"
		}
		jsonValid, _ := cell("json-valid", 1)
		ajv, ajvAbove := cell("ajv", 1)
		santhosh, santhoshAbove := cell("santhosh", 10)
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", p, fmtNs(jt), fmtNs(jx), jsonValid, ajv, santhosh, ajvAbove, santhoshAbove)
	}
	b.WriteString("\n")

	fmt.Fprintf(&b, "**%d of %d targets met, %d missed.**\n", t.met, t.met+t.missed, t.missed)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeInvalid renders the target for invalid calls: toolgen reporting
// every violation with its hint costs no more than AJV's allErrors
// validation of the same payload, nor more than encoding/json's bare decode
// of it. Both ratios are shown; a payload without one of the three figures
// is listed as missing rather than judged.
func writeInvalid(b *strings.Builder, r results, t *tally, payloads []string) {
	b.WriteString("### Target for invalid calls: every violation and hint for no more than AJV (allErrors) or encoding/json's decode\n\n" +
		"| payload | toolgen ns/op | ajv ns/op | encoding-json ns/op | toolgen ÷ ajv (≤ 1) | toolgen ÷ encoding-json (≤ 1) |\n|---|---:|---:|---:|---:|---:|\n")
	var missing []string
	for _, p := range payloads {
		if !strings.HasSuffix(p, ".invalid") {
			continue
		}
		own, ok := r.median(decodeValidate(p, "toolgen"), "ns/op")
		cells := []string{p, "—", "—", "—", "—", "—"}
		if ok {
			cells[1] = fmtNs(own)
		} else {
			missing = append(missing, p+"/toolgen")
		}
		for i, impl := range []string{"ajv", "encoding-json"} {
			other, ok2 := r.median(decodeValidate(p, impl), "ns/op")
			if !ok2 {
				missing = append(missing, p+"/"+impl)
				continue
			}
			cells[2+i] = fmtNs(other)
			if ok {
				ratio := own / other
				cells[4+i] = t.verdict(strconv.FormatFloat(ratio, 'f', 2, 64), ratio <= 1)
			}
		}
		fmt.Fprintf(b, "| %s |\n", strings.Join(cells, " | "))
	}
	b.WriteString("\n")
	if len(missing) > 0 {
		fmt.Fprintf(b, "Not judged, no figure in the input: %s.\n\n", strings.Join(missing, ", "))
	}
}

// allocVerdict renders "allocs ≤ budget" or "allocs > budget" and counts it.
func allocVerdict(t *tally, allocs, budget float64) string {
	if allocs <= budget {
		return t.verdict(fmt.Sprintf("%.0f ≤ %.0f", allocs, budget), true)
	}
	return t.verdict(fmt.Sprintf("%.0f > %.0f", allocs, budget), false)
}

// fmtNs renders nanoseconds with a thousands separator and no decimals,
// or one decimal below 100.
func fmtNs(v float64) string {
	if v < 100 {
		return strconv.FormatFloat(v, 'f', 1, 64)
	}
	s := strconv.FormatFloat(v, 'f', 0, 64)
	var out []byte
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}
