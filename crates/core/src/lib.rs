//! The planner's data and formats, without any UI: the bundled, dated [`catalog`] of GPU rental
//! offers (ingested at build time from `data/catalog-sources/`) with its query, export, import
//! and the user's imported prices; the versioned scenario [`file`](mod@file) the engine
//! evaluates and its JSON/CSV [`report`]s; a compared [`option`] as typed values (its offer
//! resolved, bundled or imported) between the file and the engine; [`share`] links and the LocalStorage format
//! ([`storage`]); typed-number parsing ([`input`]), display rounding ([`format`](mod@format)),
//! CSV formula neutralisation ([`csv_safe`]), download file names ([`file_name`]) and the
//! page's [`language`] tags.
//!
//! Errors are data ([`error`]: a typed field path and a problem with its numbers; load notices,
//! import and storage errors likewise): their English text is `Display` for the command line,
//! never a message id.
//!
//! Depends on `planner-engine` (the cost engine) and on no web, plotting, CLI or translation
//! crate.

/// The engine's currencies, re-exported for the crates that build on this one (the page's
/// translations format money with them and import nothing else).
pub use planner_engine::Currency;

pub mod catalog;
pub mod csv_safe;
pub mod decimal;
pub mod error;
pub mod file;
pub mod file_name;
pub mod float_text;
pub mod format;
pub mod input;
pub mod language;
pub mod option;
pub mod report;
pub mod share;
pub mod storage;
