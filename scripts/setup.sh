#!/usr/bin/env bash
# Installs what building and testing need, skipping whatever is already there at the right
# version, so a re-used machine is ready in seconds and a fresh one still works.
#   scripts/setup.sh            build tools: wasm target, rust-src, Trunk, wasm-bindgen CLI, wasm-opt, terser, lightningcss,
#                               xz-decompress
#   scripts/setup.sh --serve    also the npm packages of tests/e2e (the static server of serve.sh)
#   scripts/setup.sh --browser  also Debian's chromium + chromedriver and those npm packages
#   scripts/setup.sh --browser --lighthouse
#                               also Lighthouse 12.2.3 (npm, exact version) into .tools/lighthouse,
#                               for scripts/bench-browser.sh (Lighthouse 13 needs Node 22)
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"
SERVE=0 BROWSER=0 LIGHTHOUSE=0
for arg in "$@"; do
  case "$arg" in
    --serve) SERVE=1 ;;
    --browser) BROWSER=1 ;;
    --lighthouse) LIGHTHOUSE=1 ;;
    *) log "unknown option $arg"; exit 2 ;;
  esac
done

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  log "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# The release build rebuilds the standard library from its source (scripts/env.sh
# `release_wasm_env`).
if ! [ -f "$(rustc --print sysroot)/lib/rustlib/src/rust/library/Cargo.lock" ]; then
  log "adding the rust-src component (the release build compiles std for the wasm)"
  rustup component add rust-src
fi

if ! trunk --version 2>/dev/null | grep -q "$TRUNK_VERSION"; then
  log "installing Trunk $TRUNK_VERSION (about 12 minutes on 2 cores)"
  cargo install trunk --version "=$TRUNK_VERSION" --locked
fi

WB="$(wasm_bindgen_version)"
[ -n "$WB" ] || { log "Cargo.lock names no wasm-bindgen version"; exit 1; }
if ! wasm-bindgen --version 2>/dev/null | grep -q "wasm-bindgen $WB\$"; then
  log "installing wasm-bindgen-cli $WB (matches Cargo.lock; about 4 minutes)"
  # No --locked: the registry mirror lacks one transitive version the CLI's lock file pins.
  cargo install wasm-bindgen-cli --version "=$WB"
fi

if ! wasm-opt --version 2>/dev/null | grep -q "version $BINARYEN_VERSION"; then
  log "installing wasm-opt (binaryen@$BINARYEN_VERSION from npm) into .tools"
  mkdir -p "$TOOLS"
  npm install --prefix "$TOOLS" --no-audit --no-fund --loglevel=error "binaryen@$BINARYEN_VERSION"
fi

# Release builds minify the JS glue and the stylesheet (scripts/minify.mjs) and ship the wasm
# xz-compressed with its decoder (scripts/pack-wasm.mjs).
for pkg in "terser@$TERSER_VERSION" "lightningcss@$LIGHTNINGCSS_VERSION" "xz-decompress@$XZ_DECOMPRESS_VERSION"; do
  name="${pkg%@*}" version="${pkg##*@}"
  if ! [ -f "$TOOLS/$name/node_modules/$name/package.json" ] \
    || ! grep -q "\"version\": \"$version\"" "$TOOLS/$name/node_modules/$name/package.json"; then
    log "installing $pkg (npm) into .tools/$name"
    mkdir -p "$TOOLS/$name"
    npm install --prefix "$TOOLS/$name" --save-exact --no-audit --no-fund --loglevel=error "$pkg"
  fi
done

if [ "$BROWSER" = 1 ]; then
  if ! [ -x /usr/bin/chromium ] || ! [ -x /usr/bin/chromedriver ]; then
    log "installing Debian's chromium and chromium-driver"
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver >/dev/null
  fi
fi
if [ "$BROWSER" = 1 ] || [ "$SERVE" = 1 ]; then
  if ! [ -d "$ROOT/tests/e2e/node_modules/playwright-core" ] || ! [ -d "$ROOT/tests/e2e/node_modules/sirv" ] \
    || ! [ -d "$ROOT/tests/e2e/node_modules/fast-png" ] || ! [ -d "$ROOT/tests/e2e/node_modules/image-q" ]; then
    log "installing the end-to-end test's npm packages (playwright-core, sirv; fast-png, image-q for scripts/icons.mjs)"
    npm ci --prefix "$ROOT/tests/e2e" --no-audit --no-fund --loglevel=error
  fi
fi
if [ "$LIGHTHOUSE" = 1 ] && ! "$LIGHTHOUSE_BIN" --version 2>/dev/null | grep -qx "$LIGHTHOUSE_VERSION"; then
  log "installing lighthouse@$LIGHTHOUSE_VERSION (npm) into .tools/lighthouse"
  mkdir -p "$TOOLS/lighthouse"
  npm install --prefix "$TOOLS/lighthouse" --save-exact --no-audit --no-fund --loglevel=error "lighthouse@$LIGHTHOUSE_VERSION"
fi
log "tools ready: $(trunk --version), $(wasm-bindgen --version), $(wasm-opt --version)"
