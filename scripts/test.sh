#!/usr/bin/env bash
# Quick start, command 2: installs what is missing, then runs every test and exits non-zero on
# any failure:
#   1. the crates' dependency directions (scripts/check-deps.sh), formatting (cargo fmt --check)
#      and lints (clippy of the whole workspace, native and wasm32, warnings are errors)
#   2. native unit and integration tests of every crate (engine, catalog, cost model, scenario
#      file, charts, scenario state, translations, the gpurent binary)
#   3. browser tests: wasm-bindgen-test in headless Chromium (tests/web.rs, tests/virtual_list.rs)
#   4. end-to-end: release bundle built by Trunk, served locally, driven in headless Chromium
#      (tests/e2e/*.test.mjs)
set -euo pipefail
source "$(dirname "$0")/env.sh"
"$ROOT/scripts/setup.sh" --browser
cd "$ROOT"

log "1/4 dependency directions, formatting and lints"
"$ROOT/scripts/check-deps.sh"
cargo fmt --all -- --check
cargo clippy --locked --workspace --all-targets -- -D warnings
cargo clippy --locked --workspace --target wasm32-unknown-unknown --lib --bins --tests -- -D warnings

log "2/4 native tests"
cargo test --locked --workspace

log "3/4 browser tests (wasm-bindgen-test in headless Chromium)"
CHROMEDRIVER=/usr/bin/chromedriver cargo test --locked --target wasm32-unknown-unknown --test web --test virtual_list

log "4/4 end-to-end (Trunk release build, headless Chromium)"
DIST="$ROOT/target/e2e-dist"
"$ROOT/scripts/build.sh" --dist "$DIST"
# The download, file by file (gzip level 9, as the budget test in app.test.mjs measures it).
DIST_DIR="$DIST" node --input-type=module -e '
  const { bundleSizes, BUNDLE_BUDGET_GZIP_BYTES: budget } = await import(process.argv[1]);
  const s = await bundleSizes(process.env.DIST_DIR);
  for (const f of s.files) console.error(`  ${f.name.padEnd(48)} ${String(f.raw).padStart(9)} B raw ${String(f.gzip).padStart(8)} B gzip`);
  console.error(`  ${"total".padEnd(48)} ${String(s.raw).padStart(9)} B raw ${String(s.gzip).padStart(8)} B gzip (budget ${budget} B: ${s.gzip <= budget ? "within, headroom " + (budget - s.gzip) + " B" : "OVER by " + (s.gzip - budget) + " B"}; CI fails above it)`);
' "$ROOT/tests/e2e/harness.mjs"
DIST_DIR="$DIST" node --test "$ROOT/tests/e2e/"

log "all tests passed"
