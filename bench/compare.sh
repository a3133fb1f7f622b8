#!/usr/bin/env bash
# Compares toolgen's benchmarks between two builds, the way bench/README.md
# ("Instruction counts as the yardstick") weighs a change to the reading
# path: by time, as the minimum and the median of alternating runs of the
# two builds, and, with -instructions, by the instructions one call
# executes, which the noise of a shared machine does not move.
#
# Usage: bench/compare.sh [-rounds N] [-bench REGEX] [-instructions] OLD [NEW]
#
#   OLD, NEW       git revisions; NEW defaults to the working tree as it is
#   -rounds N      alternating rounds of timed runs (default 8)
#   -bench REGEX   the benchmarks to compare (default: toolgen on every
#                  payload, 'DecodeValidate/.*/toolgen$')
#   -instructions  instructions per call instead of time, by cachegrind
#                  (valgrind must be installed: apt-get install valgrind)
#
# Each build is one test binary of this module; the revisions are checked
# out into temporary worktrees, so the working tree is left alone.
set -euo pipefail
cd "$(dirname "$0")"

rounds=8
pattern='DecodeValidate/.*/toolgen$'
instructions=false
while [ $# -gt 0 ]; do
  case $1 in
    -rounds) rounds=$2; shift 2 ;;
    -bench) pattern=$2; shift 2 ;;
    -instructions) instructions=true; shift ;;
    -*) echo "compare.sh: unknown flag $1 (see the usage at the top of $0)" >&2; exit 2 ;;
    *) break ;;
  esac
done
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: bench/compare.sh [-rounds N] [-bench REGEX] [-instructions] OLD [NEW]" >&2
  exit 2
fi
if $instructions && ! command -v valgrind > /dev/null; then
  echo "compare.sh: -instructions needs valgrind, which is not installed (apt-get install valgrind)" >&2
  exit 1
fi

work=$(mktemp -d -t toolgen-compare.XXXXXX)
worktrees=()
cleanup() {
  for w in "${worktrees[@]}"; do git worktree remove --force "$w" > /dev/null 2>&1 || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# build NAME REV writes the test binary of REV (or of the working tree, if
# REV is empty) to $work/NAME.test.
build() {
  local name=$1 rev=$2 dir
  if [ -z "$rev" ]; then
    dir=$PWD
  else
    git rev-parse --verify --quiet "$rev^{commit}" > /dev/null ||
      { echo "compare.sh: $rev is not a revision of this repository" >&2; exit 1; }
    git worktree add --detach --quiet "$work/$name" "$rev"
    worktrees+=("$work/$name")
    dir=$work/$name/bench
  fi
  echo "== building $name (${rev:-working tree})" >&2
  (cd "$dir" && go test -c -o "$work/$name.test" .)
}
build old "$1"
build new "${2:-}"
names=(old new)

if $instructions; then
  # Loops of 2,000 and 12,000 calls, subtracted, so that what a run costs
  # besides the calls (start-up, the benchmark's first call) drops out;
  # shorter loops leave a few percent of noise. GOGC=off keeps a collection
  # from landing in one run and not the other.
  benchmarks=$(GOMAXPROCS=1 "$work/old.test" -test.run '^$' -test.bench "$pattern" -test.benchtime 1x |
    awk '/^Benchmark/ { print $1 }')
  [ -n "$benchmarks" ] || { echo "compare.sh: no benchmark matches $pattern" >&2; exit 1; }
  printf '%-64s %12s %12s %8s\n' "instructions per call" old new new/old
  for b in $benchmarks; do
    row=()
    anchored="^${b//\//\$/^}\$" # each level of the name matched whole
    for name in "${names[@]}"; do
      counts=()
      for n in 2000 12000; do
        GOGC=off GOMAXPROCS=1 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
          "$work/$name.test" -test.run '^$' -test.bench "$anchored" -test.benchtime "${n}x" \
          > "$work/valgrind.out" 2>&1
        counts+=("$(awk '/I *refs:/ { gsub(/,/, "", $NF); print $NF }' "$work/valgrind.out")")
      done
      row+=($(( (counts[1] - counts[0]) / 10000 )))
    done
    printf '%-64s %12d %12d %8.3f\n' "${b#Benchmark}" "${row[0]}" "${row[1]}" \
      "$(awk -v a="${row[0]}" -v b="${row[1]}" 'BEGIN { print b / a }')"
  done
  exit 0
fi

# Alternating rounds: a slow stretch of the machine lands on both builds.
for round in $(seq "$rounds"); do
  echo "== round $round of $rounds" >&2
  for name in "${names[@]}"; do
    "$work/$name.test" -test.run '^$' -test.bench "$pattern" -test.benchtime 0.3s -test.count 1 |
      awk -v build="$name" '/^Benchmark/ { sub(/^Benchmark/, "", $1); sub(/-[0-9]+$/, "", $1); print build, $1, $3 }'
  done
done > "$work/times.txt"
[ -s "$work/times.txt" ] || { echo "compare.sh: no benchmark matches $pattern" >&2; exit 1; }

# min and median ns/op per build and benchmark, and the ratios new/old.
printf '%-52s %10s %10s %10s %10s %8s %8s\n' "ns/op (new/old: min, median)" "old min" "new min" "old med" "new med" "min" "med"
sort -k2,2 -k1,1 -k3,3g "$work/times.txt" | awk '
  function median(v, n) { return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2 }
  function flush() {
    if (bench == "") return
    printf "%-52s %10.1f %10.1f %10.1f %10.1f %8.3f %8.3f\n", bench,
      o[1], nw[1], median(o, no), median(nw, nn), nw[1] / o[1], median(nw, nn) / median(o, no)
  }
  $2 != bench { flush(); bench = $2; no = nn = 0; delete o; delete nw }
  $1 == "old" { o[++no] = $3 }
  $1 == "new" { nw[++nn] = $3 }
  END { flush() }'
