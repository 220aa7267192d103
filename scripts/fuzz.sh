#!/usr/bin/env bash
# Runs every fuzz target (fuzz/fuzz_targets/*.rs, cargo-fuzz + libFuzzer on the nightly
# toolchain) one after another for SECONDS each (default 60), so two cores shared with other
# work are not oversubscribed. Installs cargo-fuzz if missing (idempotent). Not part of
# scripts/test.sh: fuzzing is open-ended, run it on purpose.
#   scripts/fuzz.sh            # 60 s per target
#   scripts/fuzz.sh 300        # 5 min per target
#   scripts/fuzz.sh 60 price_list   # one target
# Corpora grow in fuzz/corpus/<target> (git-ignored; seeded from fuzz/seeds/<target>); a crash
# is saved in fuzz/artifacts/<target>/ and stops the run with a non-zero exit. Copy a crash to
# crates/core/tests/regressions/<target>/ so crates/core/tests/regressions.rs replays it on
# every `cargo test --workspace`.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"
SECONDS_PER_TARGET="${1:-60}"
shift || true
if ! rustup toolchain list | grep -q '^nightly'; then
  log "installing the nightly toolchain (cargo-fuzz needs -Z sanitizer flags)"
  rustup toolchain install nightly --profile minimal
fi
if ! command -v cargo-fuzz >/dev/null 2>&1; then
  log "installing cargo-fuzz"
  cargo install cargo-fuzz --locked
fi
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(cargo +nightly fuzz list)
fi
cargo +nightly fuzz build -O
for t in "${targets[@]}"; do
  mkdir -p "fuzz/corpus/$t"
  seeds=()
  [ -d "fuzz/seeds/$t" ] && seeds=("fuzz/seeds/$t")
  log "fuzzing $t for ${SECONDS_PER_TARGET}s"
  rc=0
  cargo +nightly fuzz run -O "$t" "fuzz/corpus/$t" "${seeds[@]}" -- \
    -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 >"fuzz/last-run-$t.log" 2>&1 || rc=$?
  grep -E '^(#[0-9]+ +DONE|stat::number_of_executed_units|==[0-9]+==|SUMMARY|Done)' \
    "fuzz/last-run-$t.log" || true
  if [ "$rc" -ne 0 ]; then
    log "$t failed: see fuzz/last-run-$t.log and fuzz/artifacts/$t/"
    exit 1
  fi
  log "$t: corpus $(find "fuzz/corpus/$t" -type f | wc -l) inputs"
done
log "fuzzing done"
