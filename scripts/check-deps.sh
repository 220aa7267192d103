#!/usr/bin/env bash
# Fails (exit 1) if a crate of the workspace depends, directly or through another crate, on a
# crate it must not have (README "Layout"), and prints the dependency path that brings it in.
# Normal dependencies only, on every target (`cargo tree -e normal --target all`), so a web crate
# declared for wasm32 only is caught as well. Run by scripts/test.sh before the slow steps.
#
#   planner-engine  no web crate, plotters, clap, JSON, CSV or Fluent crate, no other workspace crate
#   planner-core    no web crate, plotters, clap or planner-app
#   planner-app     no yew, web-sys, wasm-bindgen, js-sys, gloo or clap (plotters, its chart
#                   library, is allowed: the tree is checked without plotters' own dependencies,
#                   which on wasm32 include web-sys and wasm-bindgen for its text measurement)
#   gpurent         no plotters, yew, web-sys, gloo or planner-app
#   planner-refresh no web crate, plotters, clap, HTTP client or workspace crate (its parsers are
#                   pure; gpurent sends the requests)
set -euo pipefail
cd "$(dirname "$0")/.."

WEB='yew|web-sys|wasm-bindgen|js-sys|gloo(-.*)?'
failed=0

# check CRATE REGEX [cargo tree options...]: every package in CRATE's tree whose name matches
# REGEX (whole name) is reported with the path that brings it in.
check() {
  local crate=$1 forbidden=$2
  shift 2
  local names
  names=$(cargo tree --locked -p "$crate" -e normal --target all "$@" --prefix none --format '{p}' |
    awk '{print $1}' | sort -u | grep -Ex "$forbidden" || true)
  for name in $names; do
    failed=1
    echo "check-deps: $crate must not depend on $name; it comes in through:" >&2
    cargo tree --locked -p "$crate" -e normal --target all "$@" -i "$name" >&2
  done
}

check planner-engine "$WEB|plotters(-.*)?|clap(_.*)?|serde_json|csv(-core)?|fluent(-.*)?|planner-(core|app)"
check planner-core "$WEB|plotters(-.*)?|clap(_.*)?|planner-app"
check planner-app "$WEB|clap(_.*)?" --prune plotters
check gpurent "plotters(-.*)?|yew|web-sys|gloo(-.*)?|planner-app"
check planner-refresh "$WEB|plotters(-.*)?|clap(_.*)?|ureq(-.*)?|planner-(engine|core|app)"

if [ "$failed" -ne 0 ]; then
  echo "check-deps: FAILED (see the paths above; README \"Layout\" lists what each crate may use)" >&2
  exit 1
fi
echo "check-deps: engine, core, app, cli and refresh depend only on what they may" >&2
