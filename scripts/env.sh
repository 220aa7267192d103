# Sourced by the other scripts: paths and pinned tool versions. Not meant to be run directly.
# shellcheck shell=bash
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/.tools"
TRUNK_VERSION="0.21.14"
BINARYEN_VERSION="123"
# Minify the wasm-bindgen glue and the stylesheet in release builds (scripts/minify.mjs).
TERSER_VERSION="5.51.4"
LIGHTNINGCSS_VERSION="1.33.0"
# Lighthouse for scripts/bench-browser.sh (issue 19's table); 13.x needs Node 22.
LIGHTHOUSE_VERSION="12.2.3"
LIGHTHOUSE_BIN="$TOOLS/lighthouse/node_modules/.bin/lighthouse"
export PATH="$TOOLS/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
# The wasm-bindgen CLI must equal the wasm-bindgen crate in Cargo.lock exactly, or Trunk tries
# to download its own (and fails without internet access).
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$ROOT/Cargo.lock"
}
log() { printf '\033[1m[%s]\033[0m %s\n' "$(basename "$0")" "$*" >&2; }
