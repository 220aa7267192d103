#!/usr/bin/env bash
# Measures two source trees the same way, interleaved (before, after, before, ...), as issue
# 14's closing measures were taken (docs/performance.md, "Issue 14"). One phase per call:
#   bundle       touch src/main.rs; the side's scripts/build.sh (else trunk build --release);
#                gzip -9 size of every dist file
#   clean        cargo build --workspace --locked from an empty target dir (wall clock)
#   incremental  toggle one line of src/ui/offer_table.rs (opt_num's "—"/"–" placeholder), then
#                trunk build (dev profile: what `trunk serve` rebuilds), warm target dir
#   bench        tests/e2e/bench.mjs on each tree's last release dist (run `bundle` first)
# Usage: BEFORE_SRC=/tmp/before AFTER_SRC=. scripts/compare-builds.sh PHASE
# Optional: BEFORE_TARGET, AFTER_TARGET (target dirs; default: each tree's own), RUNS (3),
# ORDER ("before after"), OUT (results file, default target/compare-builds.tsv). Each result
# line gives the 1-minute load average at the run's start (the machine is shared).
# The incremental phase leaves the line toggled an odd number of times: `git checkout
# src/ui/offer_table.rs` in both trees afterwards.
set -uo pipefail
source "$(dirname "$0")/env.sh"
PHASE="${1:?phase: bundle | clean | incremental | bench}"
RUNS="${RUNS:-3}"
declare -A SRC=([before]="${BEFORE_SRC:?BEFORE_SRC}" [after]="$(cd "${AFTER_SRC:-$ROOT}" && pwd)")
declare -A TGT=([before]="${BEFORE_TARGET:-${SRC[before]}/target}" [after]="${AFTER_TARGET:-${SRC[after]}/target}")
WORK="${WORK:-$ROOT/target/compare-builds}"
OUT="${OUT:-$WORK/results.tsv}"
mkdir -p "$WORK"
load() { cut -d' ' -f1 /proc/loadavg; }
now() { date +%s.%N; }
rec() { printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%H:%M:%S)" "$PHASE" "$1" "$2" "$3" "$4" | tee -a "$OUT"; }
for run in $(seq 1 "$RUNS"); do
  for side in ${ORDER:-before after}; do
    cd "${SRC[$side]}" || exit 1
    export CARGO_TARGET_DIR="${TGT[$side]}"
    case "$PHASE" in
      bundle)
        touch src/main.rs
        l=$(load)
        # Each side's own release build (scripts/build.sh where the side has one).
        if [ -x scripts/build.sh ]; then rb=(scripts/build.sh); else rb=(trunk build --release); fi
        "${rb[@]}" --dist "$WORK/dist-$side" > "$WORK/log-bundle-$side-$run" 2>&1 || { rec "$side" "$run" FAILED "load=$l"; continue; }
        gz=$(DIST_DIR="$WORK/dist-$side" node --input-type=module -e 'const {bundleSizes}=await import(process.argv[1]); const s=await bundleSizes(process.env.DIST_DIR); console.log(s.gzip)' "$ROOT/tests/e2e/harness.mjs")
        rec "$side" "$run" "gzip_bytes=$gz" "load=$l"
        ;;
      incremental)
        f=src/ui/offer_table.rs
        if grep -q '^        .unwrap_or_else(|| "—".into())$' "$f"; then
          sed -i 's/^        .unwrap_or_else(|| "—".into())$/        .unwrap_or_else(|| "–".into())/' "$f"
        else
          sed -i 's/^        .unwrap_or_else(|| "–".into())$/        .unwrap_or_else(|| "—".into())/' "$f"
        fi
        l=$(load); t0=$(now)
        trunk build --dist "$WORK/dist-$side-dev" > "$WORK/log-incremental-$side-$run" 2>&1 || { rec "$side" "$run" FAILED "load=$l"; continue; }
        t1=$(now)
        rec "$side" "$run" "seconds=$(echo "$t1 - $t0" | bc)" "load=$l"
        ;;
      bench)
        l=$(load)
        DIST_DIR="$WORK/dist-$side" node "$ROOT/tests/e2e/bench.mjs" > "$WORK/bench-$side-$run.tsv" 2>&1
        sl=$(grep -P '^slider_input_to_rendered\t' "$WORK/bench-$side-$run.tsv" | cut -f3,4 | tr '\t' '/')
        rec "$side" "$run" "slider_median/p95_ms=$sl" "load=$l"
        ;;
      clean)
        rm -rf "$WORK/clean" && mkdir -p "$WORK/clean"
        export CARGO_TARGET_DIR="$WORK/clean"
        l=$(load); t0=$(now)
        cargo build --workspace --locked > "$WORK/log-clean-$side-$run" 2>&1 || { rec "$side" "$run" FAILED "load=$l"; continue; }
        t1=$(now)
        rec "$side" "$run" "seconds=$(echo "$t1 - $t0" | bc)" "load=$l"
        ;;
      *) echo "unknown phase $PHASE" >&2; exit 2 ;;
    esac
  done
done
