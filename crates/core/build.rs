//! Build script: ingests the dated public price files in `data/catalog-sources/` at the
//! repository root (rules in `src/catalog/ingest/mod.rs`) and writes them as Rust statics to
//! `$OUT_DIR/catalog_data.rs`, which `src/catalog/mod.rs` includes. The browser bundle
//! therefore carries no CSV parser.
//!
//! Generated items (see `ingest::render_rust`): `SOURCES`, `OFFERS` (sorted by provider, then
//! on-demand price per GPU-hour), `OFFER_DETAILS` (same order), `DROPPED` and
//! `SKIPPED_ROWS`. An ingest error fails the build with the error's file and line. The output
//! depends only on the source files, so it is byte-identical across runs (tested in
//! `catalog::validation`).
//!
//! `GPURENT_EMPTY_CATALOG=1` builds an empty catalog instead (no source, no offer; the GPU spec
//! table is kept): used only to measure the catalog's share of the wasm bundle (docs/catalog.md,
//! "Size"); the app built that way has nothing to show.

#[allow(dead_code)]
#[path = "src/decimal.rs"]
mod decimal;
#[allow(dead_code)]
#[path = "src/catalog/gpus/table.rs"]
mod gpus;
#[allow(dead_code, unused_imports)]
#[path = "src/catalog/ingest/mod.rs"]
mod ingest;

use std::env;
use std::fs;
use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=../../data/catalog-sources");
    println!("cargo:rerun-if-changed=src/catalog/ingest");
    println!("cargo:rerun-if-changed=src/catalog/gpus/table.rs");
    println!("cargo:rerun-if-changed=src/decimal.rs");
    println!("cargo:rerun-if-changed=../../data/gpu-specs.csv");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=GPURENT_EMPTY_CATALOG");

    let manifest_dir = PathBuf::from(
        env::var_os("CARGO_MANIFEST_DIR")
            .unwrap_or_else(|| panic!("CARGO_MANIFEST_DIR is not set")),
    );
    let out_dir =
        PathBuf::from(env::var_os("OUT_DIR").unwrap_or_else(|| panic!("OUT_DIR is not set")));

    let dir = manifest_dir.join("../../data/catalog-sources");
    let catalog = if env::var_os("GPURENT_EMPTY_CATALOG").is_some_and(|v| v == "1") {
        ingest::spec_table_only(&dir)
    } else {
        ingest::ingest_all(&dir)
    }
    .unwrap_or_else(|e| panic!("catalog ingest failed: {e}"));
    let code = ingest::render_rust(&catalog);
    let out = out_dir.join("catalog_data.rs");
    fs::write(&out, code).unwrap_or_else(|e| panic!("cannot write {}: {e}", out.display()));
}
