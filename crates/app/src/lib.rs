//! The page's logic without a UI toolkit, tested natively: the user's scenario ([`state`]), the
//! actions that change it and their reducer ([`action`]), the fields' limits ([`validation`]),
//! the chart view-models built from the engine's results ([`view`]), chart drawing over any
//! plotters backend ([`chart`]), the [`comparison`] table's figures and CSVs, the decision
//! helper ([`advisor`]), the founding articles' [`presets`], the translations ([`i18n`]: Fluent
//! tables generated at build time from `locales/`) and the page's text of every error and
//! notice ([`messages`]: the one place that turns an error variant into a message id and
//! arguments).
//!
//! Inside the crate, dependencies point one way: [`i18n`] imports only `planner-core`, no
//! module of this crate; [`state`], [`action`] and [`validation`] import no view and no
//! drawing; [`view`] turns state and results into what [`chart`] draws, and [`chart`] imports
//! neither state nor views; [`messages`] imports the error types and [`i18n`], and no module
//! here imports it (`docs/architecture.md`).
//!
//! Depends on `planner-core` and `planner-engine`; no yew, web-sys, wasm-bindgen, js-sys or
//! gloo (the web app at the repository root holds the components and browser glue).

/// The [`i18n::Msg`] of a literal message id, looked up at compile time: `msg!("ui-save")`.
#[macro_export]
macro_rules! msg {
    ($id:literal) => {{
        const M: $crate::i18n::Msg = $crate::i18n::Msg::of($id);
        M
    }};
}

pub mod action;
pub mod advisor;
pub mod chart;
pub mod comparison;
// Translation completeness tests (they read the Fluent files and scan the sources).
#[cfg(all(test, not(target_arch = "wasm32")))]
mod completeness;
// Build-time Fluent reading (build.rs includes it); compiled here only to run its tests.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod ftl_table;
pub mod i18n;
pub mod messages;
pub mod presets;
pub mod state;
pub mod validation;
pub mod view;
