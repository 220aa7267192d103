//! GPU rental cost planner, the web app: Yew components ([`ui`]) and browser glue ([`web`],
//! [`web_storage`], [`web_share`]) over the pure crates of the workspace: `planner-app`
//! (scenario state, charts, comparison, translations), `planner-core` (catalog, scenario file,
//! links, storage format) and `planner-engine` (cost engine). Everything here exists only on
//! `wasm32`, where the web crates are declared, so the compiler keeps the pure crates free of
//! them; natively this library is empty and the pure crates are tested on their own.

#[cfg(target_arch = "wasm32")]
pub mod ui;
#[cfg(target_arch = "wasm32")]
pub mod web;
#[cfg(target_arch = "wasm32")]
pub mod web_share;
#[cfg(target_arch = "wasm32")]
pub mod web_storage;
