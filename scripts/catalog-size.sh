#!/usr/bin/env bash
# The bundled catalog's share of the download (docs/catalog.md, "Size"): builds the release
# bundle twice with Trunk, once as it is and once with an emptied catalog
# (GPURENT_EMPTY_CATALOG=1, read by crates/core/build.rs), and prints the size of each build's
# packed wasm (the xz stream scripts/pack-wasm.mjs writes, as downloaded) and their difference.
# Each build takes a few minutes (fat LTO).
#   scripts/catalog-size.sh [OUT_DIR]   (default target/catalog-size)
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"
OUT="${1:-$ROOT/target/catalog-size}"
mkdir -p "$OUT"
size() { wc -c <"$1"; }
for variant in full empty; do
  log "building the release bundle ($variant catalog)"
  if [ "$variant" = empty ]; then export GPURENT_EMPTY_CATALOG=1; else unset GPURENT_EMPTY_CATALOG; fi
  "$ROOT/scripts/build.sh" --dist "$OUT/$variant" >"$OUT/$variant.log" 2>&1 || { tail -30 "$OUT/$variant.log"; exit 1; }
done
unset GPURENT_EMPTY_CATALOG
full=$(size "$(ls "$OUT"/full/*_bg.wasmxz)")
empty=$(size "$(ls "$OUT"/empty/*_bg.wasmxz)")
echo "packed wasm (xz): full catalog $full B, emptied catalog $empty B, catalog share $((full - empty)) B"
