#!/usr/bin/env bash
# Quick start, command 1: installs what is missing, builds the release bundle and serves it.
# Open the address it prints (default http://127.0.0.1:8080/). PORT=9000 picks another port.
set -euo pipefail
source "$(dirname "$0")/env.sh"
"$ROOT/scripts/setup.sh"
cd "$ROOT"
PORT="${PORT:-8080}"
log "building and serving at http://127.0.0.1:$PORT/ (Ctrl-C stops)"
exec trunk serve --release --no-autoreload --address 127.0.0.1 --port "$PORT"
