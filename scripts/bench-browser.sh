#!/usr/bin/env bash
# Browser benchmark (not a test; nothing is asserted): builds the release bundle with Trunk,
# serves it locally and drives headless Chromium through a fixed sequence (tests/e2e/bench.mjs),
# printing median and p95 of load-to-first-chart, slider-to-render and the app's User Timing
# measures, plus the gzip size of each file. Installs what is missing first (scripts/setup.sh).
#   BENCH_LOADS=10 BENCH_MOVES=60 BENCH_DPR=2 scripts/bench-browser.sh
set -euo pipefail
source "$(dirname "$0")/env.sh"
"$ROOT/scripts/setup.sh" --browser
cd "$ROOT"
DIST="$ROOT/target/bench-dist"
trunk build --release --dist "$DIST" >&2
DIST_DIR="$DIST" node "$ROOT/tests/e2e/bench.mjs"
