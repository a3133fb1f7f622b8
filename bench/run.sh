#!/usr/bin/env bash
# Reproduces the figures of docs/BENCHMARKS.md: ten rounds of every
# benchmark of the bench module and AJV on the same payloads, then the
# tables and CPU profiles of toolgen on create_order.valid,
# search_issues.valid and search_code.invalid.
#
# Usage: bench/run.sh [OUTDIR]   (default: a new temporary directory)
#
# Needs Go, Node.js 18 or later and npm (the AJV run installs ajv and
# ajv-formats from the npm registry with npm ci). Takes about half an hour
# on two cores; the machine should be otherwise idle.
set -euo pipefail
cd "$(dirname "$0")"
out=${1:-$(mktemp -d -t toolgen-bench.XXXXXX)}
mkdir -p "$out"
echo "== writing to $out" >&2

{
  echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ) $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD -- .. 2>/dev/null || echo ' (uncommitted changes)')"
  echo "# nproc $(nproc), $(go version), node $(node --version)"
} > "$out/bench.txt"

# Rounds, each running every benchmark once and then AJV once, rather than
# each benchmark ten times in a row: on a shared machine a slow stretch
# then lands on every implementation, not on one, and the ratios between
# medians stay comparable. Ten runs of half a second rather than five of
# a second: slow stretches last seconds, so a median of more, shorter runs
# is less often one of them, and benchstat needs six runs or more to give
# a confidence interval.
rounds=${ROUNDS:-10}
(cd ajv && npm ci --no-audit --no-fund >&2)
for round in $(seq "$rounds"); do
  echo "== round $round of $rounds: go benchmarks, then AJV (about 3 minutes)" >&2
  go test ./... -run '^$' -bench . -benchmem -benchtime 0.5s -count 1 | tee -a "$out/bench.txt"
  (cd .. && go test ./runtime -run '^$' -bench '^BenchmarkDispatch$' -benchmem -benchtime 0.5s -count 1) | tee -a "$out/bench.txt"
  (cd ajv && node bench.mjs -count 1 -benchtime 0.5) | tee -a "$out/bench.txt"
done

echo "== tables" >&2
go run ./cmd/benchtable "$out/bench.txt" > "$out/tables.md"
cat "$out/tables.md"

# asyncpreemptoff: otherwise a sixth of the samples land in
# runtime.asyncPreempt instead of the function that was running.
echo "== CPU profiles of toolgen" >&2
: > "$out/profiles.txt"
for p in create_order.valid search_issues.valid search_code.invalid; do
  GODEBUG=asyncpreemptoff=1 go test . -run '^$' -bench "DecodeValidate/$p/toolgen\$" -benchtime 3s \
    -cpuprofile "$out/$p.cpu.prof" -o "$out/bench.test" > /dev/null
  echo "-- $p, top 15 by flat time" >> "$out/profiles.txt"
  go tool pprof -top -nodecount 15 "$out/bench.test" "$out/$p.cpu.prof" >> "$out/profiles.txt" 2>/dev/null
  echo "-- $p, top 15 by cumulative time" >> "$out/profiles.txt"
  go tool pprof -top -cum -nodecount 15 -hide '^testing\.|^github\.com/toolgen/toolgen/bench\.' \
    "$out/bench.test" "$out/$p.cpu.prof" >> "$out/profiles.txt" 2>/dev/null
done
echo "results in $out: bench.txt (raw, for benchstat), tables.md, profiles.txt" >&2
