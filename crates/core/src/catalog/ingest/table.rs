//! CSV reading for the ingest: a file read into records with its header map, cell access by
//! header name, and the number rules shared by every parser (empty, non-finite, non-positive).

use super::*;

/// A CSV file read into records, with its header map.
pub(super) struct Table {
    pub(super) file: String,
    pub(super) headers: HashMap<String, usize>,
    pub(super) records: Vec<(usize, csv::StringRecord)>,
}

impl Table {
    pub(super) fn read(file: &str, text: &str) -> Result<Table, IngestError> {
        let csv_err = |e: &csv::Error| IngestError::Csv {
            file: file.to_string(),
            line: e
                .position()
                .map_or(0, |p| usize::try_from(p.line()).unwrap_or(usize::MAX)),
            message: e.to_string(),
        };
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(true)
            .from_reader(text.as_bytes());
        let headers = reader
            .headers()
            .map_err(|e| csv_err(&e))?
            .iter()
            .enumerate()
            .map(|(i, h)| (h.trim().trim_start_matches('\u{feff}').to_string(), i))
            .collect();
        let mut records = Vec::new();
        for result in reader.records() {
            let rec = result.map_err(|e| csv_err(&e))?;
            let line = rec
                .position()
                .map_or(0, |p| usize::try_from(p.line()).unwrap_or(usize::MAX));
            records.push((line, rec));
        }
        Ok(Table {
            file: file.to_string(),
            headers,
            records,
        })
    }

    pub(super) fn col(&self, name: &str) -> Result<usize, IngestError> {
        self.opt_col(name)
            .ok_or_else(|| IngestError::MissingColumn {
                file: self.file.clone(),
                column: name.to_string(),
            })
    }

    pub(super) fn opt_col(&self, name: &str) -> Option<usize> {
        self.headers.get(name).copied()
    }
}

pub(super) fn cell(rec: &csv::StringRecord, idx: usize) -> &str {
    rec.get(idx).unwrap_or("").trim()
}

pub(super) fn opt_cell(rec: &csv::StringRecord, idx: Option<usize>) -> &str {
    idx.map_or("", |i| cell(rec, i))
}

/// Position of a row, for errors and skip records.
pub(super) struct At<'a> {
    pub(super) file: &'a str,
    pub(super) line: usize,
}

impl At<'_> {
    pub(super) fn bad(&self, column: &str, value: &str, expected: &str) -> IngestError {
        IngestError::BadValue {
            file: self.file.to_string(),
            line: self.line,
            column: column.to_string(),
            value: value.to_string(),
            expected: expected.to_string(),
        }
    }

    pub(super) fn skip(&self, reason: String) -> SkippedRow {
        (self.file.to_string(), self.line, reason)
    }
}

/// `Ok(None)` for an empty cell, `Ok(Some(x))` for any `f64` (possibly non-finite), an error
/// for text that is not a number.
pub(super) fn number(at: &At<'_>, column: &str, raw: &str) -> Result<Option<f64>, IngestError> {
    if raw.is_empty() {
        return Ok(None);
    }
    raw.parse::<f64>()
        .map(Some)
        .map_err(|_| at.bad(column, raw, "a decimal number"))
}

/// Outer `Err`: the cell is not a number. Inner `Err`: the skip reason.
pub(super) fn on_demand_price(
    at: &At<'_>,
    column: &str,
    raw: &str,
) -> Result<Result<f64, String>, IngestError> {
    Ok(match number(at, column, raw)? {
        None => Err("no on-demand price: empty".to_string()),
        Some(p) if !p.is_finite() => Err(format!("non-finite on-demand price: {raw}")),
        Some(p) if p <= 0.0 => Err(format!("non-positive on-demand price: {raw}")),
        Some(p) => Ok(p),
    })
}

/// `None` when empty, non-finite or not positive.
pub(super) fn spot_price(at: &At<'_>, column: &str, raw: &str) -> Result<Option<f64>, IngestError> {
    Ok(number(at, column, raw)?.filter(|p| p.is_finite() && *p > 0.0))
}

/// A quantity such as vCPUs or GiB: `None` when empty, non-finite or not positive.
pub(super) fn optional_quantity(
    at: &At<'_>,
    column: &str,
    raw: &str,
) -> Result<Option<f64>, IngestError> {
    Ok(number(at, column, raw)?.filter(|x| x.is_finite() && *x > 0.0))
}

/// Outer `Err`: the cell is not a number. Inner `Err`: the skip reason (empty, fractional, < 1).
/// Integral floats such as `8.0` are accepted.
pub(super) fn gpu_count(
    at: &At<'_>,
    column: &str,
    raw: &str,
) -> Result<Result<u32, String>, IngestError> {
    Ok(match number(at, column, raw)? {
        None => Err("empty accelerator count".to_string()),
        Some(x) if x.is_finite() && x >= 1.0 && x.fract() == 0.0 && x <= f64::from(u32::MAX) => {
            // Exact: x is a whole number within u32's range.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let n = x as u32;
            Ok(n)
        }
        Some(_) => Err(format!("fractional or zero GPU count: {raw}")),
    })
}
