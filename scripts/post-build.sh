#!/usr/bin/env bash
# Trunk post_build hook (Trunk.toml). Trunk starts all hooks of a stage at once, so the steps,
# each reading what the one before wrote, run here in order on the staging directory:
#   0. scripts/minify.mjs    release builds only: the wasm-bindgen glue (terser) and the
#                            stylesheet (lightningcss) minified, their new integrity hashes in
#                            index.html, index.html's comments dropped
#   0b. scripts/pack-wasm.mjs release builds only: the wasm xz-compressed (`<stem>_bg.wasmxz`),
#                            decoded and compiled in a worker that index.html's start-up
#                            script starts
#   1. scripts/csp.py        the Content-Security-Policy into index.html (it pins Trunk's inline
#                            start-up script by its hash)
#   2. scripts/precache.mjs  this build's files, their SHA-256 and the build id into sw.js
#   3. scripts/compress.mjs  .gz and .br copies next to every file; release builds only (brotli
#                            at quality 11 takes seconds per megabyte, and a debug build's wasm
#                            is many megabytes that no host serves)
# DIR defaults to $TRUNK_STAGING_DIR.
set -euo pipefail
DIR="${1:-${TRUNK_STAGING_DIR:?post-build.sh: give the build directory or run it from Trunk}}"
cd "$(dirname "$0")/.."
if [ "${TRUNK_PROFILE:-release}" = "release" ]; then
  node scripts/minify.mjs "$DIR"
  node scripts/pack-wasm.mjs "$DIR"
fi
python3 scripts/csp.py "$DIR/index.html"
node scripts/precache.mjs "$DIR"
if [ "${TRUNK_PROFILE:-release}" = "release" ]; then
  node scripts/compress.mjs "$DIR"
fi
