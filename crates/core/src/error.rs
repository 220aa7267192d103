//! Errors as data for the planner's documents (scenario files, share links, the stored state):
//! a [`FileError`] is a typed [`FieldPath`] and a [`FileProblem`] carrying its numbers and, where
//! the document itself is quoted back, that text as data ([`Found`], an unknown key, an offer
//! id). The English `Display` serves the command line (`gpurent eval`); the page turns each
//! variant into a translated message (planner-app's `messages` module). Nothing here is English
//! text meant to be read back.

use planner_engine::{Currency, EngineError, Field, FieldPath, Mode, Problem};
use serde_json::Value;
use std::fmt;

/// What a JSON value was, as an error quotes it back: its kind and, for text and numbers, the
/// document's own text (source-provided data, shown as written).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as the document wrote it.
    Number(String),
    /// A string, as the document wrote it.
    Text(String),
    /// A list (JSON array).
    List,
    /// An object.
    Object,
}

impl Found {
    /// What `value` is.
    #[must_use]
    pub fn of(value: &Value) -> Found {
        match value {
            Value::Null => Found::Null,
            Value::Bool(b) => Found::Bool(*b),
            Value::Number(n) => Found::Number(n.to_string()),
            Value::String(s) => Found::Text(quoted(s)),
            Value::Array(_) => Found::List,
            Value::Object(_) => Found::Object,
        }
    }
}

/// Longest piece of a document's text quoted back in an error, in characters.
const QUOTE_CHARS: usize = 40;

/// `text` cut to 40 characters with an ellipsis, so a pasted essay cannot stretch
/// a message.
#[must_use]
#[inline(never)]
pub fn quoted(text: &str) -> String {
    if text.chars().count() > QUOTE_CHARS {
        let mut s: String = text.chars().take(QUOTE_CHARS).collect();
        s.push('…');
        s
    } else {
        text.to_string()
    }
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Null => f.write_str("null"),
            Found::Bool(b) => write!(f, "{b}"),
            Found::Number(n) => write!(f, "the number {n}"),
            Found::Text(t) => write!(f, "the string \"{t}\""),
            Found::List => f.write_str("a list"),
            Found::Object => f.write_str("an object"),
        }
    }
}

/// The kind of value a field takes (`docs/scenario-format.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// A number.
    Number,
    /// A whole number from 0 to `max`.
    Whole {
        /// Largest accepted.
        max: u64,
    },
    /// A string.
    Text,
    /// `true` or `false`.
    Bool,
    /// An object.
    Object,
    /// A list.
    List,
    /// A workload mode: `"fleet"` or `"job"`.
    Mode,
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::Number => f.write_str("a number"),
            Expected::Whole { max } => write!(f, "a whole number from 0 to {max}"),
            Expected::Text => f.write_str("a string"),
            Expected::Bool => f.write_str("true or false"),
            Expected::Object => f.write_str("an object"),
            Expected::List => f.write_str("a list"),
            Expected::Mode => f.write_str("\"fleet\" or \"job\""),
        }
    }
}

/// Where a text stops being JSON: the line and column serde_json reports (from 1; column 0 is
/// the end of the line before), whether the text ended before the JSON did, and the character
/// found there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JsonSyntax {
    /// Line, from 1.
    pub line: usize,
    /// Column (characters), from 1.
    pub column: usize,
    /// The text ended before the JSON value was complete.
    pub eof: bool,
    /// The character at that place, if there is one.
    pub found: Option<char>,
}

impl JsonSyntax {
    /// Where `text` failed to parse, from serde_json's `error` (its line and column, and
    /// whether the text ended early; its English message is not kept).
    #[must_use]
    pub fn of(error: &serde_json::Error, text: &str) -> JsonSyntax {
        let (line, column) = (error.line(), error.column());
        let eof = error.is_eof();
        let found = if eof || column == 0 {
            None
        } else {
            text.lines()
                .nth(line.saturating_sub(1))
                .and_then(|l| l.chars().nth(column - 1))
        };
        JsonSyntax {
            line,
            column,
            eof,
            found,
        }
    }
}

impl fmt::Display for JsonSyntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (line, column) = (self.line, self.column);
        match self.found {
            _ if self.eof => write!(
                f,
                "the text ends before the JSON value is complete (line {line}, column {column})"
            ),
            Some(c) => write!(f, "unexpected {c:?} at line {line}, column {column}"),
            None => write!(f, "unexpected end of line {line}"),
        }
    }
}

/// What the page asked the browser for, when the browser refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BrowserAction {
    /// Start a download (a CSV, SVG, PNG or JSON file).
    Download,
    /// Turn a chart into a PNG (decode the SVG, draw it on a canvas, export it).
    ExportPng,
    /// Read a file the user chose.
    ReadFile,
    /// Compress a share link (`CompressionStream`).
    Compress,
}

/// The browser refused something the page asked for (the web app's glue reports it): what, and
/// the browser's own message when it gave one (its text, shown as it is).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BrowserRefusal {
    /// What the page asked for.
    pub action: BrowserAction,
    /// The browser's message, if it gave one.
    pub message: Option<String>,
}

impl BrowserRefusal {
    /// The browser refused `action`, saying `message` if anything.
    #[must_use]
    pub fn new(action: BrowserAction, message: Option<String>) -> BrowserRefusal {
        BrowserRefusal { action, message }
    }
}

impl fmt::Display for BrowserRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.action {
            BrowserAction::Download => "the browser did not start the download",
            BrowserAction::ExportPng => "the browser refused to export the chart as PNG",
            BrowserAction::ReadFile => "the browser cannot read the file",
            BrowserAction::Compress => "the browser cannot compress the link",
        })?;
        match &self.message {
            Some(m) => write!(f, " ({m})"),
            None => Ok(()),
        }
    }
}

/// Why a document, or one of its fields, was refused. Numbers and quoted text are data.
#[derive(Clone, Debug, PartialEq)]
pub enum FileProblem {
    /// The engine refused the value ([`Problem`], with its numbers).
    Engine(Problem),
    /// The text is not JSON.
    NotJson(JsonSyntax),
    /// The document is not a JSON object.
    NotAnObject,
    /// No `version` field.
    MissingVersion,
    /// A `version` other than the numbers this build reads ([`crate::file::OLDEST_VERSION`] to
    /// [`crate::file::VERSION`]).
    WrongVersion(Found),
    /// A field this version does not know (`key`, as written); `expected` are the fields the
    /// object may have.
    UnknownField {
        /// The unknown key, as the document wrote it.
        key: String,
        /// The fields the object may have.
        expected: &'static [Field],
    },
    /// A value of the wrong kind.
    WrongType {
        /// What the field takes.
        expected: Expected,
        /// What the document gave.
        found: Found,
    },
    /// A required field is absent.
    Missing,
    /// A workload field of the other mode.
    NotUsedInMode(Mode),
    /// A job gives both or neither of `gpus` and `within_months`.
    JobSize,
    /// The `options` list is empty.
    NoOptions,
    /// A month convention other than `730h`, `720h`, `744h`, `calendar` (as written).
    UnknownMonth(String),
    /// `"month": "calendar"` without a `start`.
    StartRequired,
    /// A `start` that is not a `YYYY-MM` month from 1900 to 2200 (as written).
    BadStart(String),
    /// A currency code other than `USD` and `CNY` (as written).
    UnknownCurrency(String),
    /// Inline prices in a currency other than the offer's (which is given).
    OfferCurrency(Currency),
    /// Both of two fields that exclude each other.
    Exclusive(Field, Field),
    /// A schedule that is neither 24 hourly prices nor a peak and an off-peak price.
    ScheduleForm,
    /// A list of hourly prices that does not have 24 (the count given).
    HourlyCount(usize),
    /// Spot prices taken from an offer that lists none.
    NoSpotPrice,
    /// No offer with this id (as written) in the catalog or the imported prices.
    UnknownOffer(String),
    /// In job mode, an option on an offer whose GPU (the canonical model given) has no
    /// throughput figure in the spec table (data/gpu-specs.csv) and no throughput of its own:
    /// a job's length depends on the GPU's speed, which is not assumed to be the reference
    /// GPU's. The page refuses it; `gpurent eval` reads a missing `throughput_factor` as 1.
    NoThroughputFigure(String),
    /// A number that is not finite cannot be written to a document.
    NotFinite,
    /// No published support plan with this id (as written).
    UnknownSupportPlan(String),
    /// A published support plan (priced in USD) on an option in another currency (given).
    SupportCurrency(Currency),
}

impl fmt::Display for FileProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::file::{OLDEST_VERSION, VERSION};
        match self {
            FileProblem::Engine(p) => write!(f, "{p}"),
            FileProblem::NotJson(s) => write!(f, "not valid JSON: {s}"),
            FileProblem::NotAnObject => f.write_str(
                "the scenario must be a JSON object ({\"version\": 1, \"options\": [...], ...})",
            ),
            FileProblem::MissingVersion => {
                write!(
                    f,
                    "is missing (this build reads versions {OLDEST_VERSION} to {VERSION})"
                )
            }
            FileProblem::WrongVersion(Found::Number(n)) => {
                write!(
                    f,
                    "unsupported version {n} (this build reads versions {OLDEST_VERSION} to {VERSION})"
                )
            }
            FileProblem::WrongVersion(found) => {
                write!(f, "must be the number {VERSION}, not {found}")
            }
            FileProblem::UnknownField { key, expected } => {
                write!(f, "unknown field `{key}`, expected one of ")?;
                for (i, e) in expected.iter().enumerate() {
                    let sep = if i == 0 { "" } else { ", " };
                    write!(f, "{sep}`{}`", e.name())?;
                }
                Ok(())
            }
            FileProblem::WrongType { expected, found } => {
                write!(f, "expected {expected}, found {found}")
            }
            FileProblem::Missing => f.write_str("is required"),
            FileProblem::NotUsedInMode(m) => write!(f, "is not used in {} mode", m.name()),
            FileProblem::JobSize => {
                f.write_str("a job needs exactly one of \"gpus\" and \"within_months\"")
            }
            FileProblem::NoOptions => f.write_str("needs at least one option"),
            FileProblem::UnknownMonth(m) => write!(
                f,
                "\"{m}\" is not one of \"730h\", \"720h\", \"744h\", \"calendar\""
            ),
            FileProblem::StartRequired => {
                f.write_str("is required with \"month\": \"calendar\" (\"YYYY-MM\")")
            }
            FileProblem::BadStart(s) => {
                write!(f, "\"{s}\" is not a YYYY-MM month between 1900 and 2200")
            }
            FileProblem::UnknownCurrency(c) => {
                write!(f, "\"{c}\" is not a supported currency (USD, CNY)")
            }
            FileProblem::OfferCurrency(c) => write!(
                f,
                "the offer is priced in {c}; inline prices must use the same currency"
            ),
            FileProblem::Exclusive(a, b) => {
                write!(f, "give {} or {}, not both", a.name(), b.name())
            }
            FileProblem::ScheduleForm => f.write_str(
                "give either \"hourly\" (24 prices) or both \"peak_per_hour\" and \"off_peak_per_hour\"",
            ),
            FileProblem::HourlyCount(n) => write!(f, "needs exactly 24 prices (got {n})"),
            FileProblem::NoSpotPrice => f.write_str("is required: the offer lists no spot price"),
            FileProblem::UnknownOffer(id) => write!(f, "no catalog offer has the id \"{id}\""),
            FileProblem::NoThroughputFigure(gpu) => write!(
                f,
                "is required in job mode: the catalog has no throughput figure for {gpu}"
            ),
            FileProblem::NotFinite => f.write_str("a number is not finite"),
            FileProblem::UnknownSupportPlan(id) => {
                write!(f, "no published support plan has the id \"{id}\"")
            }
            FileProblem::SupportCurrency(c) => write!(
                f,
                "published support plans are priced in USD and this option is in {}: give the minimum and tiers in {} instead",
                c.code(),
                c.code()
            ),
        }
    }
}

/// Why a document or a field of it was refused: where ([`FieldPath`], the document's names) and
/// why ([`FileProblem`]). `Display` is the command line's text: `path: problem`
/// (`options[1].portfolio: reserved + spot shares sum to 120 %, above 100 %`); for an unknown
/// field the path ends with its key; a JSON syntax error has no path.
#[derive(Clone, Debug, PartialEq)]
pub struct FileError {
    /// Where: the field at fault, or the object holding an unknown key.
    pub field: FieldPath,
    /// Why.
    pub problem: FileProblem,
}

impl FileError {
    /// The error `problem` at `field`.
    #[must_use]
    pub fn new(field: FieldPath, problem: FileProblem) -> FileError {
        FileError { field, problem }
    }

    /// The engine's error `problem` at `field`.
    #[must_use]
    pub fn engine(field: FieldPath, problem: Problem) -> FileError {
        FileError::new(field, FileProblem::Engine(problem))
    }
}

impl From<EngineError> for FileError {
    // Not inlined: every `?` from an engine check into a file error carried its own copy.
    #[inline(never)]
    fn from(e: EngineError) -> FileError {
        FileError::engine(e.field, e.problem)
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.problem {
            FileProblem::NotJson(_) => write!(f, "{}", self.problem),
            FileProblem::UnknownField { key, .. } if self.field.is_root() => {
                write!(f, "{key}: {}", self.problem)
            }
            FileProblem::UnknownField { key, .. } => {
                write!(f, "{}.{key}: {}", self.field, self.problem)
            }
            _ => write!(f, "{}: {}", self.field, self.problem),
        }
    }
}

impl std::error::Error for FileError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syntax_errors_say_where_and_what() {
        let text = "{\n  \"a\": tru\n}";
        let e = serde_json::from_str::<Value>(text).unwrap_err();
        let s = JsonSyntax::of(&e, text);
        assert_eq!((s.line, s.column, s.eof, s.found), (3, 0, false, None));
        assert_eq!(s.to_string(), "unexpected end of line 3");
        let text = "{\"a\": x}";
        let e = serde_json::from_str::<Value>(text).unwrap_err();
        let s = JsonSyntax::of(&e, text);
        assert_eq!(s.found, Some('x'), "{s:?}");
        assert_eq!(s.to_string(), "unexpected 'x' at line 1, column 7");
        let cut = "{\"a\": [1, 2";
        let e = serde_json::from_str::<Value>(cut).unwrap_err();
        let s = JsonSyntax::of(&e, cut);
        assert!(s.eof);
        assert!(s.to_string().contains("ends before"), "{s}");
    }

    #[test]
    fn found_values_are_quoted_back_short() {
        assert_eq!(
            Found::of(&serde_json::json!("eight")).to_string(),
            "the string \"eight\""
        );
        let long = "x".repeat(100);
        assert!(
            matches!(Found::of(&Value::String(long)), Found::Text(t) if t.chars().count() == 41)
        );
    }
}
