//! The user's own price list: a CSV or JSON file in the catalog's export schema
//! ([`super::export::CSV_COLUMNS`]), parsed in pure Rust so the same code runs in the browser
//! and in native tests.
//!
//! Rules:
//! - Files above [`MAX_FILE_BYTES`] are rejected whole, as are files that are not UTF-8 text
//!   and files with more than [`MAX_ROWS`] rows.
//! - A leading byte-order mark is ignored; CRLF, LF and CR-only line ends all work; columns are found by
//!   header name (in any order, case-insensitive) and unknown columns are ignored.
//! - Required per row: `provider`, `instance_type`, `gpu_model`, `gpu_count` (a whole number
//!   1–1024), `currency` (`USD` or `CNY`) and `on_demand_per_hour` (a positive price per
//!   instance-hour, dot decimal: `1,5` is refused, never read as 15). Optional: `provider_kind`,
//!   `gpu_memory_gib`, `vcpus`, `ram_gib`, `region`, `spot_per_hour`, `as_of` (`YYYY-MM-DD`,
//!   `YYYY-MM`, or `unknown`: date unknown, shown as stale, as the catalog export writes it),
//!   `note`. (The catalog's offers not sold on demand have no `on_demand_per_hour`, so an
//!   exported catalog imports back without them.)
//! - A row that breaks a rule is reported with its 1-based line and the reason, and the valid
//!   rows still load. JSON must be an array of objects (the export's form); a JSON syntax error
//!   stops the import with its line, since no later element can be trusted.
//! - Text is kept as text: nothing in the file is interpreted as markup or code (the UI renders
//!   it through Yew's escaping text nodes).
//! - A GPU spelling found in the spec table ([`super::gpus::resolve`]) gets its canonical name
//!   (and memory, when the row gives none and the model has one size); any other spelling is
//!   kept as written.

use super::gpus;
use super::user::NewOffer;
use super::{Currency, ProviderKind};
use std::fmt;

/// Largest accepted file, in bytes (1 MiB: tens of thousands of rows, far more than any quote).
pub const MAX_FILE_BYTES: usize = 1024 * 1024;

/// Most rows (CSV records or JSON array elements) read from one file.
pub const MAX_ROWS: usize = 5_000;

/// A column of the price-list schema this importer reads (the catalog's export columns,
/// [`super::export::CSV_COLUMNS`]; a JSON element's keys).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)] // each variant is the column named by `Column::name`
pub enum Column {
    Provider,
    ProviderKind,
    InstanceType,
    GpuModel,
    GpuCount,
    GpuMemoryGib,
    Vcpus,
    RamGib,
    Region,
    Currency,
    OnDemandPerHour,
    SpotPerHour,
    AsOf,
    Note,
}

impl Column {
    /// The column's header (`"gpu_count"`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Column::Provider => "provider",
            Column::ProviderKind => "provider_kind",
            Column::InstanceType => "instance_type",
            Column::GpuModel => "gpu_model",
            Column::GpuCount => "gpu_count",
            Column::GpuMemoryGib => "gpu_memory_gib",
            Column::Vcpus => "vcpus",
            Column::RamGib => "ram_gib",
            Column::Region => "region",
            Column::Currency => "currency",
            Column::OnDemandPerHour => "on_demand_per_hour",
            Column::SpotPerHour => "spot_per_hour",
            Column::AsOf => "as_of",
            Column::Note => "note",
        }
    }
}

/// Columns every row must have.
pub const REQUIRED_COLUMNS: [Column; 6] = [
    Column::Provider,
    Column::InstanceType,
    Column::GpuModel,
    Column::GpuCount,
    Column::Currency,
    Column::OnDemandPerHour,
];

/// Highest on-demand or spot price accepted per instance-hour, in any currency: 10,000 (an
/// 8-GPU H100 instance lists at about 100 USD or 700 CNY per hour, so a larger figure is a typo,
/// a monthly price or a price in cents). Rows above it are rejected with the reason.
pub const MAX_PRICE_PER_HOUR: f64 = 10_000.0;

/// Why a row was not loaded. The cell's text is quoted back as the file wrote it (data).
#[derive(Clone, Debug, PartialEq)]
pub enum RowProblem {
    /// A required cell is empty.
    Empty(Column),
    /// A JSON value that is neither a string nor a number.
    NotTextOrNumber(Column),
    /// A number written with a comma (`1,5`): refused, never read as 15.
    Comma(Column, String),
    /// Not a number.
    NotANumber(Column, String),
    /// A number too large to be finite (`1e400`).
    NotFinite(Column, String),
    /// Zero or negative where a positive number is needed.
    NotPositive(Column, String),
    /// A price per instance-hour above [`MAX_PRICE_PER_HOUR`] (a monthly price, or cents?).
    Implausible(Column, f64),
    /// A GPU count that is not a whole number from 1 to 1024.
    GpuCount(String),
    /// A currency other than USD and CNY.
    Currency(String),
    /// A provider kind other than hyperscaler, gpu-cloud, marketplace.
    ProviderKind(String),
    /// Not a date `YYYY-MM-DD` or `YYYY-MM`.
    Date(String),
    /// A date after `today` (`(year, month, day)`).
    Future {
        /// The row's `as_of`.
        date: String,
        /// The caller's date.
        today: (i32, u32, u32),
    },
    /// A JSON element that is not an object.
    NotAnObject,
    /// A CSV record the reader could not read.
    Unreadable,
}

impl fmt::Display for RowProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RowProblem::Empty(c) => write!(f, "`{}` is empty", c.name()),
            RowProblem::NotTextOrNumber(c) => {
                write!(f, "`{}` must be a string or a number", c.name())
            }
            RowProblem::Comma(c, t) => write!(
                f,
                "`{}`: {t:?} has a comma; write numbers with a dot decimal and no separators (1.5, 1500)",
                c.name()
            ),
            RowProblem::NotANumber(c, t) => write!(f, "`{}`: {t:?} is not a number", c.name()),
            RowProblem::NotFinite(c, t) => {
                write!(f, "`{}`: {t:?} is not a finite number", c.name())
            }
            RowProblem::NotPositive(c, t) => {
                write!(f, "`{}`: {t:?} must be greater than 0", c.name())
            }
            RowProblem::Implausible(c, p) => write!(
                f,
                "`{}`: {p} per instance-hour is above the plausible maximum of 10,000 (a monthly price, or cents?)",
                c.name()
            ),
            RowProblem::GpuCount(t) => {
                write!(f, "`gpu_count`: {t:?} is not a whole number from 1 to 1024")
            }
            RowProblem::Currency(t) => write!(f, "`currency`: {t:?} is not USD or CNY"),
            RowProblem::ProviderKind(t) => write!(
                f,
                "`provider_kind`: {t:?} is not hyperscaler, gpu-cloud or marketplace"
            ),
            RowProblem::Date(t) => {
                write!(f, "`as_of`: {t:?} is not a date YYYY-MM-DD or YYYY-MM")
            }
            RowProblem::Future { date, today } => write!(
                f,
                "`as_of`: {date:?} is in the future (today is {:04}-{:02}-{:02})",
                today.0, today.1, today.2
            ),
            RowProblem::NotAnObject => f.write_str("an element is not an object"),
            RowProblem::Unreadable => f.write_str("unreadable row"),
        }
    }
}

/// A row that was not loaded: its 1-based line in the file and why.
#[derive(Clone, Debug, PartialEq)]
pub struct RowError {
    /// 1-based line of the row (CSV) or of the object's first character (JSON).
    pub line: usize,
    /// 1-based position of the element in a JSON array (`None` for CSV rows), so that errors in
    /// compact one-line JSON can be told apart.
    pub item: Option<usize>,
    /// What is wrong.
    pub problem: RowProblem,
}

impl fmt::Display for RowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.item {
            Some(item) => write!(f, "item {item} (line {})", self.line)?,
            None => write!(f, "line {}", self.line)?,
        }
        write!(f, ": {}", self.problem)
    }
}

/// The outcome of reading a file whose structure was sound: the offers that loaded and the rows
/// that did not.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PriceList {
    /// Valid rows, in file order.
    pub offers: Vec<NewOffer>,
    /// Rejected rows, in file order.
    pub errors: Vec<RowError>,
}

/// How a file's structure is broken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Structure {
    /// The CSV header cannot be read.
    Header,
    /// JSON that is not an array of objects.
    NotAnArray,
    /// Element `item` (from 1) is not JSON (where it stops being JSON, within the element).
    Item {
        /// Position of the element, from 1.
        item: usize,
        /// Where the element stops being JSON.
        syntax: crate::error::JsonSyntax,
    },
    /// The array is not closed with `]`.
    Unclosed,
    /// Something other than `,` or `]` after an element.
    NoSeparator,
    /// Text after the closing `]`.
    TextAfterEnd,
}

impl fmt::Display for Structure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Structure::Header => f.write_str("the header cannot be read"),
            Structure::NotAnArray => {
                f.write_str("a JSON price list must be an array of objects: [{\"provider\": …}, …]")
            }
            Structure::Item { item, syntax } => write!(f, "item {item}: JSON syntax: {syntax}"),
            Structure::Unclosed => f.write_str("the array is not closed with ]"),
            Structure::NoSeparator => f.write_str("expected , or ] after an element"),
            Structure::TextAfterEnd => f.write_str("text after the closing ]"),
        }
    }
}

/// Why a whole file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportError {
    /// The file is larger than [`MAX_FILE_BYTES`].
    TooLarge {
        /// The file's size in bytes.
        bytes: usize,
    },
    /// The file is empty or holds only white space.
    Empty,
    /// The file is not UTF-8 text.
    NotText,
    /// The file has more than [`MAX_ROWS`] rows.
    TooManyRows,
    /// The header lacks required columns.
    MissingColumns(Vec<Column>),
    /// The file's structure is broken, at a 1-based line.
    Malformed {
        /// 1-based line.
        line: usize,
        /// What is wrong.
        problem: Structure,
    },
    /// The browser could not read the file.
    Unreadable(crate::error::BrowserRefusal),
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::TooLarge { bytes } => write!(
                f,
                "the file is {bytes} bytes; the limit is {MAX_FILE_BYTES} bytes (1 MiB)"
            ),
            ImportError::Empty => f.write_str("the file is empty"),
            ImportError::NotText => f.write_str("the file is not UTF-8 text (CSV or JSON)"),
            ImportError::TooManyRows => write!(f, "the file has more than {MAX_ROWS} rows"),
            ImportError::MissingColumns(c) => {
                f.write_str("missing required columns: ")?;
                for (i, c) in c.iter().enumerate() {
                    let sep = if i == 0 { "" } else { ", " };
                    write!(f, "{sep}{}", c.name())?;
                }
                Ok(())
            }
            ImportError::Malformed { line, problem } => write!(f, "line {line}: {problem}"),
            ImportError::Unreadable(refusal) => write!(f, "{refusal}"),
        }
    }
}

impl std::error::Error for ImportError {}

/// [`parse_price_list`], then [`reject_future_dates`] with `today` (`(year, month, day)`, from
/// the caller's clock: this module reads none).
///
/// # Errors
/// As [`parse_price_list`].
pub fn parse_price_list_on(
    file_name: &str,
    bytes: &[u8],
    today: (i32, u32, u32),
) -> Result<PriceList, ImportError> {
    let mut list = parse_price_list(file_name, bytes)?;
    reject_future_dates(&mut list, today);
    Ok(list)
}

/// Moves rows whose `as_of` is after `today` (`(year, month, day)`) from the offers to the
/// errors: a price cannot be dated in the future, so the date (and likely the row) is a typo.
/// A `YYYY-MM` date is in the future when its month is after today's month.
pub fn reject_future_dates(list: &mut PriceList, today: (i32, u32, u32)) {
    let offers = std::mem::take(&mut list.offers);
    for o in offers {
        let mut parts = o.as_of.split('-').map(|p| p.parse::<i64>().unwrap_or(0));
        let (y, m, d) = (parts.next(), parts.next(), parts.next());
        let future = match (y, m) {
            (Some(y), Some(m)) => {
                let t = (i64::from(today.0), i64::from(today.1), i64::from(today.2));
                (y, m) > (t.0, t.1) || (d.is_some_and(|d| (y, m, d) > t))
            }
            _ => false,
        };
        if future {
            list.errors.push(RowError {
                line: o.line,
                item: None,
                problem: RowProblem::Future {
                    date: o.as_of,
                    today,
                },
            });
        } else {
            list.offers.push(o);
        }
    }
    planner_engine::sort::sort_by(&mut list.errors, &|a, b| a.line.cmp(&b.line));
}

/// Parses a price list. JSON when `file_name` ends in `.json` or the text starts with `[` or
/// `{`; CSV otherwise.
///
/// # Errors
/// [`ImportError`] when the whole file is refused; row problems are in [`PriceList::errors`].
pub fn parse_price_list(file_name: &str, bytes: &[u8]) -> Result<PriceList, ImportError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(ImportError::TooLarge { bytes: bytes.len() });
    }
    let text = std::str::from_utf8(bytes).map_err(|_| ImportError::NotText)?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let start = text.trim_start();
    if start.is_empty() {
        return Err(ImportError::Empty);
    }
    if file_name.to_ascii_lowercase().ends_with(".json") || start.starts_with(['[', '{']) {
        parse_json(text)
    } else {
        parse_csv(text)
    }
}

/// 1-based line of byte offset `pos` in `text`.
fn line_of(text: &str, pos: usize) -> usize {
    text.as_bytes()[..pos.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// 1-based line numbers of increasing byte offsets, counting each byte once, so numbering every
/// element of a 1 MiB JSON list is one pass over it (recounting from the start took 36 s for
/// 5,000 elements in a debug build: a frozen page).
struct LineCounter<'a> {
    bytes: &'a [u8],
    pos: usize,
    line: usize,
}

impl<'a> LineCounter<'a> {
    fn new(text: &'a str) -> Self {
        LineCounter {
            bytes: text.as_bytes(),
            pos: 0,
            line: 1,
        }
    }

    /// Line of byte offset `pos` (offsets before the last one asked restart the count).
    fn at(&mut self, pos: usize) -> usize {
        let pos = pos.min(self.bytes.len());
        if pos < self.pos {
            self.pos = 0;
            self.line = 1;
        }
        self.line += self.bytes[self.pos..pos]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        self.pos = pos;
        self.line
    }
}

fn parse_csv(text: &str) -> Result<PriceList, ImportError> {
    // The csv crate counts a CRLF or a lone CR (old Mac) record end as no new line (its
    // `position().line()` lags by one per record), so line ends are normalised to LF first to
    // keep reported lines right (a CR inside a quoted note becomes a LF).
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let headers: Vec<String> = reader
        .headers()
        .map_err(|_| ImportError::Malformed {
            line: 1,
            problem: Structure::Header,
        })?
        .iter()
        .map(|h| h.trim().to_ascii_lowercase())
        .collect();
    let missing: Vec<Column> = REQUIRED_COLUMNS
        .into_iter()
        .filter(|c| !headers.iter().any(|h| h == c.name()))
        .collect();
    if !missing.is_empty() {
        return Err(ImportError::MissingColumns(missing));
    }
    let mut list = PriceList::default();
    for (n, result) in reader.records().enumerate() {
        if n >= MAX_ROWS {
            return Err(ImportError::TooManyRows);
        }
        match result {
            Ok(rec) => {
                let line = rec
                    .position()
                    .map_or(n + 2, |p| usize::try_from(p.line()).unwrap_or(usize::MAX));
                if rec.iter().all(str::is_empty) {
                    continue;
                }
                let get = |key: Column| -> Result<Option<String>, RowProblem> {
                    Ok(headers
                        .iter()
                        .position(|h| h == key.name())
                        .and_then(|i| rec.get(i))
                        .map(str::to_string)
                        .filter(|v| !v.is_empty()))
                };
                push_row(&mut list, line, None, get);
            }
            Err(e) => list.errors.push(RowError {
                line: e
                    .position()
                    .map_or(n + 2, |p| usize::try_from(p.line()).unwrap_or(usize::MAX)),
                item: None,
                problem: RowProblem::Unreadable,
            }),
        }
    }
    Ok(list)
}

fn parse_json(text: &str) -> Result<PriceList, ImportError> {
    let bytes = text.as_bytes();
    let skip_ws = |mut p: usize| {
        while bytes.get(p).is_some_and(u8::is_ascii_whitespace) {
            p += 1;
        }
        p
    };
    let malformed = |pos: usize, problem: Structure| ImportError::Malformed {
        line: line_of(text, pos),
        problem,
    };
    let mut pos = skip_ws(0);
    if bytes.get(pos) != Some(&b'[') {
        return Err(malformed(pos, Structure::NotAnArray));
    }
    pos = skip_ws(pos + 1);
    let mut list = PriceList::default();
    let mut lines = LineCounter::new(text);
    let mut n = 0;
    if bytes.get(pos) == Some(&b']') {
        pos += 1;
    } else {
        loop {
            if n >= MAX_ROWS {
                return Err(ImportError::TooManyRows);
            }
            n += 1;
            let line = lines.at(pos);
            let mut stream =
                serde_json::Deserializer::from_str(&text[pos..]).into_iter::<serde_json::Value>();
            match stream.next() {
                Some(Ok(value)) => {
                    pos += stream.byte_offset();
                    json_row(&mut list, line, n, &value);
                }
                Some(Err(e)) => {
                    return Err(ImportError::Malformed {
                        line: line + e.line().saturating_sub(1),
                        problem: Structure::Item {
                            item: n,
                            syntax: crate::error::JsonSyntax::of(&e, &text[pos..]),
                        },
                    })
                }
                None => return Err(malformed(pos, Structure::Unclosed)),
            }
            pos = skip_ws(pos);
            match bytes.get(pos) {
                Some(b',') => pos = skip_ws(pos + 1),
                Some(b']') => {
                    pos += 1;
                    break;
                }
                _ => return Err(malformed(pos, Structure::NoSeparator)),
            }
        }
    }
    if skip_ws(pos) < bytes.len() {
        return Err(malformed(skip_ws(pos), Structure::TextAfterEnd));
    }
    Ok(list)
}

fn json_row(list: &mut PriceList, line: usize, item: usize, value: &serde_json::Value) {
    let Some(object) = value.as_object() else {
        list.errors.push(RowError {
            line,
            item: Some(item),
            problem: RowProblem::NotAnObject,
        });
        return;
    };
    let get = |key: Column| -> Result<Option<String>, RowProblem> {
        let found = object
            .iter()
            .find(|(k, _)| k.trim().eq_ignore_ascii_case(key.name()))
            .map(|(_, v)| v);
        match found {
            None | Some(serde_json::Value::Null) => Ok(None),
            Some(serde_json::Value::String(s)) => {
                Ok(Some(s.trim().to_string()).filter(|s| !s.is_empty()))
            }
            Some(serde_json::Value::Number(n)) => Ok(Some(n.to_string())),
            Some(_) => Err(RowProblem::NotTextOrNumber(key)),
        }
    };
    push_row(list, line, Some(item), get);
}

/// Validates one row given a cell getter (`Ok(None)` for an absent or empty cell).
fn push_row(
    list: &mut PriceList,
    line: usize,
    item: Option<usize>,
    get: impl Fn(Column) -> Result<Option<String>, RowProblem>,
) {
    match build_row(line, &get) {
        Ok(offer) => list.offers.push(offer),
        Err(problem) => list.errors.push(RowError {
            line,
            item,
            problem,
        }),
    }
}

fn number(key: Column, raw: &str) -> Result<f64, RowProblem> {
    let quoted = || crate::error::quoted(raw);
    if raw.contains(',') {
        return Err(RowProblem::Comma(key, quoted()));
    }
    let x = crate::decimal::parse_f64(raw).ok_or_else(|| RowProblem::NotANumber(key, quoted()))?;
    if x.is_finite() {
        Ok(x)
    } else {
        Err(RowProblem::NotFinite(key, quoted()))
    }
}

/// A price per instance-hour: positive and at most [`MAX_PRICE_PER_HOUR`].
fn price(key: Column, raw: Option<String>) -> Result<Option<f64>, RowProblem> {
    match positive(key, raw)? {
        Some(p) if p > MAX_PRICE_PER_HOUR => Err(RowProblem::Implausible(key, p)),
        p => Ok(p),
    }
}

fn positive(key: Column, raw: Option<String>) -> Result<Option<f64>, RowProblem> {
    match raw {
        None => Ok(None),
        Some(raw) => {
            let x = number(key, &raw)?;
            if x > 0.0 {
                Ok(Some(x))
            } else {
                Err(RowProblem::NotPositive(key, crate::error::quoted(&raw)))
            }
        }
    }
}

fn valid_date(s: &str) -> bool {
    let parts: Vec<&str> = s.split('-').collect();
    let num = |p: &str, n: usize| p.len() == n && p.bytes().all(|b| b.is_ascii_digit());
    let month = |p: &str| num(p, 2) && (1..=12).contains(&p.parse::<u32>().unwrap_or(0));
    match parts.as_slice() {
        [y, m] => num(y, 4) && month(m),
        [y, m, d] => {
            num(y, 4) && month(m) && num(d, 2) && (1..=31).contains(&d.parse::<u32>().unwrap_or(0))
        }
        _ => false,
    }
}

/// One row's offer from its cells, or its first problem. The getter is a `dyn` so the CSV and
/// JSON readers share one copy of this function.
#[inline(never)]
fn build_row(
    line: usize,
    get: &dyn Fn(Column) -> Result<Option<String>, RowProblem>,
) -> Result<NewOffer, RowProblem> {
    let required =
        |key: Column| -> Result<String, RowProblem> { get(key)?.ok_or(RowProblem::Empty(key)) };
    let provider = required(Column::Provider)?;
    let instance_type = required(Column::InstanceType)?;
    let source_gpu_name = required(Column::GpuModel)?;
    let count_raw = required(Column::GpuCount)?;
    let count = number(Column::GpuCount, &count_raw)?;
    if !(1.0..=1024.0).contains(&count) || count.fract() != 0.0 {
        return Err(RowProblem::GpuCount(crate::error::quoted(&count_raw)));
    }
    // Exact: a whole number from 1 to 1024.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let gpu_count = count as u32;
    let currency_raw = required(Column::Currency)?;
    let currency = Currency::from_code(&currency_raw)
        .ok_or_else(|| RowProblem::Currency(crate::error::quoted(&currency_raw)))?;
    let on_demand_per_hour = price(
        Column::OnDemandPerHour,
        Some(required(Column::OnDemandPerHour)?),
    )?
    .ok_or(RowProblem::Empty(Column::OnDemandPerHour))?;
    let provider_kind = match get(Column::ProviderKind)? {
        None => None,
        Some(k) => Some(
            ProviderKind::from_label(&k)
                .ok_or_else(|| RowProblem::ProviderKind(crate::error::quoted(&k)))?,
        ),
    };
    let mut gpu_memory_gib = positive(Column::GpuMemoryGib, get(Column::GpuMemoryGib)?)?;
    let vcpus = positive(Column::Vcpus, get(Column::Vcpus)?)?;
    let ram_gib = positive(Column::RamGib, get(Column::RamGib)?)?;
    let spot_per_hour = price(Column::SpotPerHour, get(Column::SpotPerHour)?)?;
    let as_of = get(Column::AsOf)?.unwrap_or_default();
    if !as_of.is_empty() && as_of != super::DATE_UNKNOWN && !valid_date(&as_of) {
        return Err(RowProblem::Date(crate::error::quoted(&as_of)));
    }
    let gpu_model = match gpus::resolve(&source_gpu_name, gpu_memory_gib, "") {
        Some(spec) => {
            gpu_memory_gib = gpu_memory_gib.or(Some(spec.memory_gib));
            spec.model.to_string()
        }
        None => source_gpu_name.clone(),
    };
    Ok(NewOffer {
        provider,
        provider_kind,
        instance_type,
        gpu_model,
        source_gpu_name,
        gpu_count,
        gpu_memory_gib,
        vcpus,
        ram_gib,
        region: get(Column::Region)?.unwrap_or_default(),
        currency,
        on_demand_per_hour,
        spot_per_hour,
        as_of,
        note: get(Column::Note)?.unwrap_or_default(),
        line,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "provider,instance_type,gpu_model,gpu_count,currency,on_demand_per_hour";

    #[test]
    fn csv_loads_valid_rows_and_reports_bad_ones_by_line() {
        let text = format!(
            "\u{feff}{HEADER},extra,as_of\r\n\
             Acme,quote-8x,A100-80GB,8,USD,14.4,ignored,2026-10-01\r\n\
             Acme,bad-count,H100,0,USD,20,,\r\n\
             Acme,comma,H100,1,USD,\"1,5\",,\r\n\
             Acme,eur,H100,1,EUR,2,,\r\n\
             Acme,<b>x</b>,RTX 4090,1,CNY,2.5,,2026-13\r\n\
             Acme,ok-cny,RTX 4090,1,cny,1.9,,\r\n"
        );
        let list = parse_price_list("prices.csv", text.as_bytes()).expect("parses");
        assert_eq!(list.offers.len(), 2, "{:?} {:?}", list.errors, list.offers);
        let first = &list.offers[0];
        assert_eq!(first.line, 2);
        assert_eq!(first.gpu_model, "A100 80GB", "canonical name");
        assert_eq!(first.gpu_memory_gib, Some(80.0));
        assert_eq!(first.on_demand_per_hour, 14.4);
        assert_eq!(first.as_of, "2026-10-01");
        assert_eq!(list.offers[1].currency, Currency::Cny);
        let lines: Vec<usize> = list.errors.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![3, 4, 5, 6]);
        let messages: Vec<String> = list.errors.iter().map(|e| e.problem.to_string()).collect();
        assert!(messages[0].contains("gpu_count"));
        assert!(messages[1].contains("comma"));
        assert!(messages[2].contains("EUR"));
        assert!(messages[3].contains("as_of"));
    }

    #[test]
    fn user_text_stays_text_and_short_rows_are_reported() {
        let text =
            format!("{HEADER},note\n<script>x</script>,t,L4,1,USD,0.8,<i>hi</i>\nAcme,short\n");
        let list = parse_price_list("p.csv", text.as_bytes()).expect("parses");
        assert_eq!(list.offers[0].provider, "<script>x</script>");
        assert_eq!(list.offers[0].note, "<i>hi</i>");
        assert_eq!(list.errors.len(), 1);
        assert_eq!(list.errors[0].line, 3);
    }

    #[test]
    fn whole_file_refusals() {
        assert_eq!(
            parse_price_list("p.csv", &vec![b'a'; MAX_FILE_BYTES + 1]),
            Err(ImportError::TooLarge {
                bytes: MAX_FILE_BYTES + 1
            })
        );
        assert_eq!(parse_price_list("p.csv", b" \n"), Err(ImportError::Empty));
        assert_eq!(
            parse_price_list("p.csv", &[0xff, 0xfe, 0x00]),
            Err(ImportError::NotText)
        );
        assert!(matches!(
            parse_price_list("p.csv", b"provider,price\nA,1\n"),
            Err(ImportError::MissingColumns(c)) if c.contains(&Column::GpuModel)
        ));
    }

    #[test]
    fn compact_json_errors_name_the_item() {
        let good = r#"{"provider": "A", "instance_type": "a", "gpu_model": "T4", "gpu_count": 1, "currency": "USD", "on_demand_per_hour": 1}"#;
        let bad = r#"{"provider": "A", "instance_type": "b", "gpu_model": "T4", "gpu_count": 0, "currency": "USD", "on_demand_per_hour": 1}"#;
        let text = format!("[{good},{good},{bad}]");
        let list = parse_price_list("p.json", text.as_bytes()).expect("parses");
        assert_eq!(list.errors.len(), 1);
        let shown = list.errors[0].to_string();
        assert!(shown.starts_with("item 3 (line 1): `gpu_count`"), "{shown}");
        let broken = format!("[{good},{{\"x\": }}]");
        let e = parse_price_list("p.json", broken.as_bytes())
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("item 2"), "{e}");
        // CSV rows keep the plain line.
        let csv = format!("{HEADER}\nA,a,T4,0,USD,1\n");
        let list = parse_price_list("p.csv", csv.as_bytes()).expect("parses");
        assert_eq!(list.errors[0].to_string().split(':').next(), Some("line 2"));
    }

    #[test]
    fn absurd_prices_and_future_dates_are_rejected() {
        let csv = format!(
            "{HEADER},spot_per_hour,as_of\n\
             A,ok,T4,1,USD,10000,,2026-11\n\
             A,big,T4,1,CNY,10000.5,,\n\
             A,spot,T4,1,USD,1,20000,\n\
             A,future,T4,1,USD,1,,2026-12-01\n\
             A,future-month,T4,1,USD,1,,2027-01\n\
             A,today,T4,1,USD,1,,2026-11-30\n"
        );
        let list = parse_price_list_on("p.csv", csv.as_bytes(), (2026, 11, 30)).expect("parses");
        let kept: Vec<&str> = list
            .offers
            .iter()
            .map(|o| o.instance_type.as_str())
            .collect();
        assert_eq!(kept, ["ok", "today"]);
        let lines: Vec<usize> = list.errors.iter().map(|e| e.line).collect();
        assert_eq!(lines, [3, 4, 5, 6]);
        let messages: Vec<String> = list.errors.iter().map(|e| e.problem.to_string()).collect();
        assert!(messages[0].contains("plausible maximum of 10,000"));
        assert!(messages[1].contains("spot_per_hour"));
        assert!(messages[2].contains("in the future"));
    }

    #[test]
    fn json_array_with_line_numbers() {
        let text = "[\n  {\"provider\": \"Acme\", \"instance_type\": \"a\", \"gpu_model\": \"H100 SXM\", \"gpu_count\": 8, \"currency\": \"USD\", \"on_demand_per_hour\": 24.0, \"regions\": [\"x\"]},\n  {\"provider\": \"Acme\", \"instance_type\": \"b\", \"gpu_model\": \"H100\", \"gpu_count\": 8, \"currency\": \"USD\", \"on_demand_per_hour\": -1},\n  3\n]\n";
        let list = parse_price_list("p.json", text.as_bytes()).expect("parses");
        assert_eq!(list.offers.len(), 1);
        assert_eq!(list.offers[0].gpu_model, "H100 80GB SXM");
        assert_eq!(list.offers[0].line, 2);
        assert_eq!(
            list.errors.iter().map(|e| e.line).collect::<Vec<_>>(),
            vec![3, 4]
        );
        let broken = "[\n {\"provider\": \"A\",\n  \"x\": }\n]";
        assert!(matches!(
            parse_price_list("p.json", broken.as_bytes()),
            Err(ImportError::Malformed { line: 3, .. })
        ));
        assert!(matches!(
            parse_price_list("p.json", b"{\"provider\": 1}"),
            Err(ImportError::Malformed { line: 1, .. })
        ));
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn the_catalog_export_imports_back() {
        use crate::catalog::{export, OFFERS};
        // Imported prices are on-demand prices: the offers not sold on demand are refused,
        // each with its line.
        let offers: Vec<&crate::catalog::Offer> = OFFERS.iter().collect();
        let on_demand: Vec<&crate::catalog::Offer> =
            OFFERS.iter().filter(|o| o.sold_on_demand()).collect();
        let csv = export::to_csv(&offers).expect("csv");
        let list = parse_price_list("catalog.csv", csv.as_bytes()).expect("csv parses");
        assert_eq!(
            list.offers.len(),
            on_demand.len(),
            "{:?}",
            list.errors.first()
        );
        assert_eq!(list.errors.len(), OFFERS.len() - on_demand.len());
        assert!(list
            .errors
            .iter()
            .all(|e| e.problem == RowProblem::Empty(Column::OnDemandPerHour)));
        // The JSON export of the whole catalog is above the import's file limit: import it in
        // chunks, each a file a user could save.
        for chunk in on_demand.chunks(300) {
            let json = export::to_json(chunk);
            assert!(json.len() <= MAX_FILE_BYTES, "{} bytes", json.len());
            let list = parse_price_list("catalog.json", json.as_bytes()).expect("json parses");
            assert_eq!(list.offers.len(), chunk.len(), "{:?}", list.errors.first());
            for (a, b) in list.offers.iter().zip(chunk) {
                assert_eq!(Some(a.on_demand_per_hour), b.on_demand_per_hour);
                assert_eq!(a.gpu_model, b.gpu_model, "{}", b.id);
            }
        }
    }
}
