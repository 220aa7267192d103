#!/usr/bin/env bash
# Browser benchmark (not a test; nothing is asserted): builds the release bundle with Trunk,
# serves it locally and drives headless Chromium through a fixed sequence (tests/e2e/bench.mjs),
# printing median and p95 of load-to-first-chart, slider-to-render and the app's User Timing
# measures, plus the gzip size of each file. Then Lighthouse 12.2.3 (mobile preset) against the
# same bundle served compressed (tests/e2e/server.mjs), LH_RUNS times, printing the medians of
# issue 19's rows: performance, accessibility and best-practices scores, Total Blocking Time,
# Largest Contentful Paint, DOM elements, total transfer (tests/e2e/lighthouse.mjs).
# Installs what is missing first (scripts/setup.sh).
#   BENCH_LOADS=10 BENCH_MOVES=60 BENCH_DPR=2 LH_RUNS=3 scripts/bench-browser.sh
#   LH_RUNS=0 scripts/bench-browser.sh      (skips Lighthouse)
set -euo pipefail
source "$(dirname "$0")/env.sh"
"$ROOT/scripts/setup.sh" --browser --lighthouse
cd "$ROOT"
DIST="$ROOT/target/bench-dist"
"$ROOT/scripts/build.sh" --dist "$DIST" >&2
DIST_DIR="$DIST" node "$ROOT/tests/e2e/bench.mjs"
if [ "${LH_RUNS:-3}" != 0 ]; then
  DIST_DIR="$DIST" LIGHTHOUSE="$LIGHTHOUSE_BIN" CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}" \
    node "$ROOT/tests/e2e/lighthouse.mjs"
fi
