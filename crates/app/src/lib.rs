//! The page's logic without a UI toolkit, tested natively: the user's [`scenario`] (state,
//! actions, validation and the chart view-models built from the engine's results), chart
//! drawing over any plotters backend ([`chart`]), the [`comparison`] table's figures and CSVs,
//! the decision helper ([`advisor`]), the founding articles' [`presets`], and the translations
//! ([`i18n`]: Fluent tables generated at build time from `locales/`).
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

pub mod advisor;
pub mod chart;
pub mod comparison;
// Build-time Fluent reading (build.rs includes it); compiled here only to run its tests.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod ftl_table;
pub mod i18n;
pub mod presets;
pub mod scenario;
