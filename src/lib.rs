//! GPU rental cost planner: a bundled, dated catalog of GPU rental offers and a cost model,
//! with a Yew user interface compiled to WebAssembly.
//!
//! The pure core ([`catalog`], [`engine`], [`model`], [`scenario`], [`chart`], [`format`](mod@format),
//! [`input`], [`csv_safe`], [`file_name`], [`sort`]) has no web dependency and is tested natively; [`engine`] is the cost engine the
//! app and the `gpurent` command line share. The browser layer ([`ui`], [`web`]) exists only on
//! `wasm32`, where its crates are declared, so the compiler enforces the boundary.
#![warn(missing_docs)]

/// The [`i18n::Msg`] of a literal message id, looked up at compile time: `msg!("ui-save")`.
#[macro_export]
macro_rules! msg {
    ($id:literal) => {{
        const M: $crate::i18n::Msg = $crate::i18n::Msg::of($id);
        M
    }};
}

pub mod advisor;
pub mod catalog;
pub mod chart;
pub mod comparison;
pub mod csv_safe;
pub mod engine;
pub mod file_name;
pub mod format;
// Build-time Fluent reading (build.rs includes it); compiled here only to run its tests.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod ftl_table;
pub mod i18n;
pub mod input;
pub mod model;
pub mod presets;
pub mod scenario;
pub mod share;
pub mod sort;
pub mod storage;

#[cfg(target_arch = "wasm32")]
pub mod ui;
#[cfg(target_arch = "wasm32")]
pub mod web;
#[cfg(target_arch = "wasm32")]
pub mod web_storage;
