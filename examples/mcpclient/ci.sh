#!/usr/bin/env bash
# Checks the example against the published server it was pulled from: the
# memory server at the version server/package.json pins, every dependency
# pinned by server/package-lock.json, installed into a temporary folder
# (nothing is installed globally). Then:
#
#   - toolgen pull -check: memory/catalog.json is still what the server lists
#     (the drift line of the README, as a project would run it in CI);
#   - go run .: the example calls two of the server's tools through the
#     generated Client.
#
# Needs go, node and npm.
set -euo pipefail
cd "$(dirname "$0")"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== installing the memory server (server/package-lock.json)"
cp server/package.json server/package-lock.json "$work/"
npm ci --prefix "$work" --no-audit --no-fund --loglevel=error >/dev/null
server="$work/node_modules/.bin/mcp-server-memory"
# The server keeps its graph in a file; a fresh one for each run.
export MEMORY_FILE_PATH="$work/memory.jsonl"

echo "== toolgen pull -check"
(cd memory && go tool toolgen pull -check -o catalog.json -- "$server")

echo "== go run . (two calls to the server)"
go run . -- "$server"
