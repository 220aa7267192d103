#!/usr/bin/env bash
# Quick start, command 1: installs what is missing, builds the release bundle into dist/ and
# serves it the way a production host should (tests/e2e/server.mjs): the precompressed .br/.gz
# copies with Content-Encoding, hashed files cached for a year as immutable, index.html, the
# service worker and the manifest revalidated on every visit. Open the address it prints
# (default http://127.0.0.1:8080/).
#   PORT=9000 scripts/serve.sh                   another port
#   BASE_PATH=/some/nested/path/ scripts/serve.sh  under a sub-path, as GitHub Pages serves it
set -euo pipefail
source "$(dirname "$0")/env.sh"
"$ROOT/scripts/setup.sh" --serve
cd "$ROOT"
PORT="${PORT:-8080}"
log "building the release bundle into dist/"
"$ROOT/scripts/build.sh"
exec node "$ROOT/tests/e2e/server.mjs" "$ROOT/dist" --port "$PORT" --base "${BASE_PATH:-/}"
