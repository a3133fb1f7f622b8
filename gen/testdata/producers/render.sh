#!/usr/bin/env bash
# Rebuilds every catalog of the producer corpus from scratch with the pinned
# versions, then fails if a committed file changed. Needs node and npm (the
# npm registry), python3 with the pydantic that pydantic/requirements.txt
# pins, and go (the Go module proxy). Run from anywhere.
set -euo pipefail
cd "$(dirname "$0")"

for d in zod3 zod4 typebox; do
  echo "== $d: npm ci, node render.mjs"
  (cd "$d" && rm -rf node_modules && npm ci --no-audit --no-fund --silent && node render.mjs)
done

echo "== pydantic: python3 render.py"
(cd pydantic && python3 render.py > fastmcp.tools.json.new && mv fastmcp.tools.json.new fastmcp.tools.json)

for d in jsonschema-go invopop; do
  echo "== $d: go generate"
  (cd "$d" && go generate ./...)
done

if ! git diff --exit-code --stat -- . || [ -n "$(git ls-files --others --exclude-standard -- .)" ]; then
  echo "rendering changed the committed corpus:"; git status --short -- .
  exit 1
fi
echo "the corpus is as committed"
