# Sourced by the other scripts: paths and pinned tool versions. Not meant to be run directly.
# shellcheck shell=bash
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/.tools"
TRUNK_VERSION="0.21.14"
BINARYEN_VERSION="123"
# Minify the wasm-bindgen glue and the stylesheet in release builds (scripts/minify.mjs).
TERSER_VERSION="5.51.4"
LIGHTNINGCSS_VERSION="1.33.0"
# Decodes the xz-compressed wasm of release builds in the page (scripts/pack-wasm.mjs).
XZ_DECOMPRESS_VERSION="0.2.3"
# Lighthouse for scripts/bench-browser.sh (issue 19's table); 13.x needs Node 22.
LIGHTHOUSE_VERSION="12.2.3"
LIGHTHOUSE_BIN="$TOOLS/lighthouse/node_modules/.bin/lighthouse"
export PATH="$TOOLS/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
# The wasm-bindgen CLI must equal the wasm-bindgen crate in Cargo.lock exactly, or Trunk tries
# to download its own (and fails without internet access).
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$ROOT/Cargo.lock"
}
# The release wasm's compiler settings (scripts/build.sh; README "Performance"): the standard
# library is rebuilt from source (the rust-src component, scripts/setup.sh) with the release
# profile's opt-level "z", std's `optimize_for_size` feature and the `immediate-abort` panic
# strategy, so no panic message, formatting or location text is linked in (about 36 KB gzip
# less). A panic in the page is still a bug and still stops the app: the WebAssembly trap is
# caught by index.html's inline script, which shows the reload notice. These are unstable
# compiler and Cargo options; RUSTC_BOOTSTRAP lets the pinned stable toolchain (1.95) accept
# them, for this build only: debug builds, the browser tests and the CLI use the ordinary
# standard library.
release_wasm_env() {
  export RUSTC_BOOTSTRAP=1
  export CARGO_UNSTABLE_BUILD_STD=std,panic_abort
  # std's own `optimize_for_size` feature: its smaller algorithms where it has two (sorting,
  # integer formatting and a few more), about 3.6 KB gzip less. It replaces the default std
  # features, which the wasm does not use (panic-unwind: the panic strategy aborts; backtrace).
  # Its `select_nth_unstable` is a median of medians that takes quadratic time on equal keys:
  # the page's code must not select among values that can repeat
  # (planner_engine::montecarlo::band breaks ties by position).
  export CARGO_UNSTABLE_BUILD_STD_FEATURES=optimize_for_size
  export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-Zunstable-options -Cpanic=immediate-abort"
}
log() { printf '\033[1m[%s]\033[0m %s\n' "$(basename "$0")" "$*" >&2; }
