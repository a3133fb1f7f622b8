package main

import (
	"fmt"
	"strconv"
	"strings"
)

// gib is a gibibyte in the megabytes (10⁶ bytes) the scale benchmark
// reports.
const gib = float64(1<<30) / 1e6

// writeScale renders the generator's targets on the scale corpus: time,
// the size of what it writes per tool and the peak memory of the build.
func writeScale(b *strings.Builder, r results, t *tally) {
	const name = "BenchmarkGenerateScale"
	gen, ok := r.median(name, "generate-s/op")
	if !ok {
		return
	}
	n, _ := r.median(name, "tools")
	mb, _ := r.median(name, "MB-generated")
	runs := len(r[name]["generate-s/op"])
	fmt.Fprintf(b, "### Target: generator scale (%.0f tools, %.1f MB of Go; median of %d runs)\n\n| measure | value | target |\n|---|---:|---:|\n", n, mb, runs)
	fmt.Fprintf(b, "| catalog.Parse + catalog.Lint + gen.Generate, seconds | %s | < 5 |\n", t.verdict(strconv.FormatFloat(gen, 'f', 1, 64), gen < 5))
	if v, ok := r.median(name, "generate-MB/op"); ok {
		fmt.Fprintf(b, "| memory allocated while generating, MB | %.0f | — |\n", v)
	}
	if v, ok := r.median(name, "generate-peak-MB"); ok {
		fmt.Fprintf(b, "| peak heap while generating, MB | %.0f | — |\n", v)
	}
	if v, ok := r.median(name, "B-per-tool"); ok {
		fmt.Fprintf(b, "| generated Go per tool, bytes | %s | ≤ 2,600 |\n", t.verdict(fmtNs(v), v <= 2600))
	}
	if v, ok := r.median(name, "build-s/op"); ok {
		fmt.Fprintf(b, "| go build of the generated package, seconds | %s | < 30 |\n", t.verdict(strconv.FormatFloat(v, 'f', 1, 64), v < 30))
	}
	if v, ok := r.median(name, "build-peak-MB"); ok {
		fmt.Fprintf(b, "| peak memory of that build, MB | %s | < %.0f (1 GiB) |\n", t.verdict(fmtNs(v), v < gib), gib)
	}
	b.WriteString("\n")
}

// writeDispatch renders the dispatcher's overhead on a valid call, from
// the runtime module's BenchmarkDispatch: the plain path (no timeout, no
// hooks) against its target, the others for reference.
func writeDispatch(b *strings.Builder, r results, t *tally) {
	const prefix = "BenchmarkDispatch/"
	cases := []string{"plain", "timeout", "authorizer", "observer", "hooks"}
	if _, ok := r.median(prefix+"plain", "ns/op"); !ok {
		return
	}
	b.WriteString("### Target: the dispatcher's overhead (a valid call to a handler that returns at once)\n\n" +
		"| configuration | ns/op | allocs/op | target |\n|---|---:|---:|---:|\n")
	for _, c := range cases {
		ns, ok := r.median(prefix+c, "ns/op")
		if !ok {
			continue
		}
		allocs, _ := r.median(prefix+c, "allocs/op")
		cell, target := fmtNs(ns), "—"
		if c == "plain" {
			cell, target = t.verdict(cell, ns < 1000), "< 1,000"
		}
		fmt.Fprintf(b, "| %s | %s | %.0f | %s |\n", c, cell, allocs, target)
	}
	b.WriteString("\n")
}
