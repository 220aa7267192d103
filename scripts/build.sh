#!/usr/bin/env bash
# The release bundle: `trunk build --release` with the release wasm's compiler settings
# (scripts/env.sh `release_wasm_env`: std rebuilt with panic=immediate-abort). Arguments go to
# Trunk, e.g. `scripts/build.sh --dist target/some-dist`; without them the bundle goes to dist/.
# Run scripts/setup.sh once first (serve.sh and test.sh do).
set -euo pipefail
source "$(dirname "$0")/env.sh"
release_wasm_env
cd "$ROOT"
exec trunk build --release "$@"
