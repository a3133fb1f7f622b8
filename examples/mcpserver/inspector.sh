#!/usr/bin/env bash
# Drives example MCP servers with the MCP Inspector's CLI, a client that is
# neither the Go SDK nor mcp-go: lists the tools, makes a valid and an
# invalid call, and checks what comes back. Exits non-zero on any mismatch.
#
#   inspector.sh [SERVER_DIR...]
#
# Each SERVER_DIR (relative to this folder; "." when none is given) is a Go
# main package serving catalog.json's order tools as this folder's server
# does: examples/mcpgoserver serves the same tools on mcp-go, so one script
# checks both adapters.
#
# Needs go, node and npm. The Inspector is installed once, at a pinned
# version, into a temporary folder that is removed afterwards; nothing is
# installed globally.
set -euo pipefail
cd "$(dirname "$0")"
here=$PWD
servers=("$@")
[ ${#servers[@]} -gt 0 ] || servers=(.)

INSPECTOR_VERSION=2.12.0

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== installing @modelcontextprotocol/inspector@$INSPECTOR_VERSION"
# The package declares node >= 22.19; its CLI runs the commands below on the
# machine's Node 20, so the engines field must not stop the install.
npm install --prefix "$work" --no-audit --no-fund --loglevel=error --engine-strict=false \
  "@modelcontextprotocol/inspector@$INSPECTOR_VERSION" >/dev/null
inspector="$work/node_modules/.bin/mcp-inspector"

failures=0
checks=0

# inspect NAME WANT_EXIT ARGS...: runs the Inspector CLI against the server
# with a home of its own (it may keep state there), expects exit code
# WANT_EXIT and leaves its stdout in $out.
inspect() {
  local name=$1 want=$2
  shift 2
  local code=0
  out=$(HOME="$work/home" "$inspector" --cli "$server" --format json "$@" 2>"$work/stderr") || code=$?
  checks=$((checks + 1))
  if [ "$code" != "$want" ]; then
    echo "FAIL $label $name: the Inspector exited $code, want $want"
    echo "  stdout: $out"
    echo "  stderr: $(cat "$work/stderr")"
    failures=$((failures + 1))
  fi
}

# expect NAME TEXT: the last output holds TEXT.
expect() {
  checks=$((checks + 1))
  if ! grep -qF -- "$2" <<<"$out"; then
    echo "FAIL $label $1: the output lacks: $2"
    echo "  output: $out"
    failures=$((failures + 1))
  fi
}

# refuse NAME TEXT: the last output does not hold TEXT.
refuse() {
  checks=$((checks + 1))
  if grep -qF -- "$2" <<<"$out"; then
    echo "FAIL $label $1: the output holds: $2"
    failures=$((failures + 1))
  fi
}

for dir in "${servers[@]}"; do
  dir=$(cd "$here/$dir" && pwd)
  label=$(basename "$dir")
  server="$work/$label"
  echo "== building $label"
  (cd "$dir" && go build -o "$server" .)

  echo "== $label: tools/list"
  inspect "tools/list" 0 --method tools/list
  for tool in cancel_order get_order search_orders; do
    expect "tools/list" "\"name\":\"$tool\""
    # The listed input schema is the catalog's, member for member and in the
    # catalog's order: both sides are compacted by the same JSON printer.
    schema=$(node -e '
      const tools = JSON.parse(require("fs").readFileSync(process.argv[2], "utf8")).tools;
      process.stdout.write(JSON.stringify(tools.find(t => t.name === process.argv[1]).inputSchema));
    ' "$tool" "$dir/catalog.json")
    expect "tools/list $tool" "\"inputSchema\":$schema"
  done

  echo "== $label: tools/call, valid"
  inspect "valid call" 0 --method tools/call --tool-name get_order --tool-arg orderId=ord_100001
  expect "valid call" '"structuredContent":{"orderId":"ord_100001","status":"shipped","totalCents":4599}'
  refuse "valid call" '"isError":true'

  echo "== $label: tools/call, invalid"
  # The Inspector reads 123 as a number; the catalog wants a string, and does
  # not coerce. The Inspector exits 5 when a tool returns isError.
  inspect "invalid call" 5 --method tools/call --tool-name cancel_order \
    --tool-arg orderId=123 reason=oops extra=1
  expect "invalid call" '"isError":true'
  expect "invalid call" '"error":"invalid_arguments"'
  expect "invalid call" '"pointer":"/orderId","keyword":"type"'
  expect "invalid call" '"pointer":"/reason","keyword":"enum"'
  expect "invalid call" '"pointer":"/extra","keyword":"additionalProperties"'
  # The text carries every hint, once; the structured report locates each
  # violation (pointer and keyword) without repeating the text.
  checks=$((checks + 1))
  if ! node -e '
    const r = JSON.parse(process.argv[1]).result;
    const text = r.content[0].text, report = r.structuredContent;
    const ok = !("message" in report) && report.violations.length === 3 &&
      report.violations.every(v => Object.keys(v).join() === "pointer,keyword") &&
      text.split("\n- ").length === 4;
    process.exit(ok ? 0 : 1);
  ' "$out"; then
    echo "FAIL $label invalid call: the text does not carry three hints, or the report repeats them"
    echo "  output: $out"
    failures=$((failures + 1))
  fi
done

# An unknown tool is not tried here: the Inspector looks the name up in
# tools/list and refuses it before calling. main_test.go calls one with the
# Go SDK's client.

if [ "$failures" -ne 0 ]; then
  echo "inspector.sh: $failures of $checks checks failed"
  exit 1
fi
echo "inspector.sh: all $checks checks passed"
