//! Price-list import refusals as the page shows them: a whole file refused ([`ImportError`],
//! with its [`Structure`] problem) and a row rejected ([`RowError`], [`RowProblem`]), each turned
//! into a message of `locales/*.ftl` like the rest of [`super`].

use crate::i18n::{Arg, Translator};
use planner_core::catalog::import::{
    ImportError, RowError, RowProblem, Structure, MAX_FILE_BYTES, MAX_PRICE_PER_HOUR, MAX_ROWS,
};

impl Translator {
    /// Why a price list was refused as a whole.
    #[must_use]
    pub fn import_error(&self, e: &ImportError) -> String {
        match e {
            ImportError::TooLarge { bytes } => self.text_with(
                msg!("prices-too-large"),
                &[
                    ("bytes", Arg::Exact(*bytes as f64)),
                    ("max", Arg::Exact(MAX_FILE_BYTES as f64)),
                ],
            ),
            ImportError::Empty => self.text(msg!("prices-empty")),
            ImportError::NotText => self.text(msg!("prices-not-text")),
            ImportError::TooManyRows => self.text_with(
                msg!("prices-too-many-rows"),
                &[("max", Arg::Exact(MAX_ROWS as f64))],
            ),
            ImportError::MissingColumns(c) => {
                let names: Vec<&str> = c.iter().map(|c| c.name()).collect();
                self.text_one(msg!("prices-missing-columns"), "columns", &names.join(", "))
            }
            ImportError::Malformed { line, problem } => self.text_with(
                msg!("prices-malformed"),
                &[
                    ("line", Arg::Exact(*line as f64)),
                    ("detail", Arg::Text(self.structure(problem))),
                ],
            ),
            ImportError::Unreadable(refusal) => self.browser_refusal(refusal),
        }
    }

    /// How a price list's structure is broken.
    fn structure(&self, s: &Structure) -> String {
        match s {
            Structure::Header => self.text(msg!("prices-header")),
            Structure::NotAnArray => self.text(msg!("prices-not-an-array")),
            Structure::Item { item, syntax } => self.text_with(
                msg!("prices-item-syntax"),
                &[
                    ("item", Arg::Exact(*item as f64)),
                    ("detail", Arg::Text(self.json_syntax(syntax))),
                ],
            ),
            Structure::Unclosed => self.text(msg!("prices-unclosed")),
            Structure::NoSeparator => self.text(msg!("prices-no-separator")),
            Structure::TextAfterEnd => self.text(msg!("prices-text-after-end")),
        }
    }

    /// A rejected price-list row: where it is and why.
    #[must_use]
    pub fn row_error(&self, e: &RowError) -> String {
        let detail = Arg::Text(self.row_problem(&e.problem));
        let line = Arg::Exact(e.line as f64);
        match e.item {
            Some(item) => self.text_with(
                msg!("ui-import-item"),
                &[
                    ("item", Arg::Exact(item as f64)),
                    ("line", line),
                    ("detail", detail),
                ],
            ),
            None => self.text_with(
                msg!("ui-import-line"),
                &[("line", line), ("detail", detail)],
            ),
        }
    }

    /// Why a price-list row was rejected (the column by its header, the cell as written).
    fn row_problem(&self, p: &RowProblem) -> String {
        match p {
            RowProblem::Empty(c) => self.text_one(msg!("row-empty"), "column", c.name()),
            RowProblem::NotTextOrNumber(c) => {
                self.text_one(msg!("row-not-text-or-number"), "column", c.name())
            }
            RowProblem::Comma(c, t) => self.text_with(
                msg!("row-comma"),
                &[
                    ("column", Arg::Text(c.name().to_string())),
                    ("value", Arg::Text(t.clone())),
                ],
            ),
            RowProblem::NotANumber(c, t) => self.text_with(
                msg!("row-not-a-number"),
                &[
                    ("column", Arg::Text(c.name().to_string())),
                    ("value", Arg::Text(t.clone())),
                ],
            ),
            RowProblem::NotFinite(c, t) => self.text_with(
                msg!("row-not-finite"),
                &[
                    ("column", Arg::Text(c.name().to_string())),
                    ("value", Arg::Text(t.clone())),
                ],
            ),
            RowProblem::NotPositive(c, t) => self.text_with(
                msg!("row-not-positive"),
                &[
                    ("column", Arg::Text(c.name().to_string())),
                    ("value", Arg::Text(t.clone())),
                ],
            ),
            RowProblem::Implausible(c, x) => self.text_with(
                msg!("row-implausible"),
                &[
                    ("column", Arg::Text(c.name().to_string())),
                    ("value", self.value(*x)),
                    ("max", Arg::Exact(MAX_PRICE_PER_HOUR)),
                ],
            ),
            RowProblem::GpuCount(t) => self.text_one(msg!("row-gpu-count"), "value", t),
            RowProblem::Currency(t) => self.text_one(msg!("row-currency"), "value", t),
            RowProblem::ProviderKind(t) => self.text_one(msg!("row-provider-kind"), "value", t),
            RowProblem::Date(t) => self.text_one(msg!("row-date"), "value", t),
            RowProblem::Future { date, today } => self.text_with(
                msg!("row-future"),
                &[
                    ("value", Arg::Text(date.clone())),
                    (
                        "today",
                        Arg::Text(format!("{:04}-{:02}-{:02}", today.0, today.1, today.2)),
                    ),
                ],
            ),
            RowProblem::NotAnObject => self.text(msg!("row-not-an-object")),
            RowProblem::Unreadable => self.text(msg!("row-unreadable")),
        }
    }
}
