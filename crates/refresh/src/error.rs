//! Errors of the refresh as data: each variant carries the file or URL, the place in it and
//! the value at fault; `Display` is the command line's English text (the only audience).

use thiserror::Error;

/// A response that does not have the format its parser expects.
#[derive(Debug, Error, PartialEq)]
pub enum ParseError {
    /// Not valid JSON (serde_json's reason, with its line and column).
    #[error("{file}: not the expected JSON at line {line}, column {column}: {reason}")]
    Json {
        /// The response (saved file name or URL).
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// serde_json's description.
        reason: String,
    },
    /// Not valid YAML, or not the expected YAML structure.
    #[error("{file}: not the expected YAML: {reason}")]
    Yaml {
        /// The response.
        file: String,
        /// serde_yaml_ng's description (with its position).
        reason: String,
    },
    /// A CSV record could not be read.
    #[error("{file}: CSV record {record}: {reason}")]
    Csv {
        /// The response.
        file: String,
        /// 1-based record number (preamble lines count).
        record: u64,
        /// The csv crate's description.
        reason: String,
    },
    /// A preamble line of an AWS price list is missing or has another name.
    #[error("{file}: line {line} should be the preamble line {expected:?}, found {found:?}")]
    Preamble {
        /// The response.
        file: String,
        /// 1-based line.
        line: usize,
        /// The expected first cell.
        expected: &'static str,
        /// The first cell found.
        found: String,
    },
    /// A column the parser needs is not in the header.
    #[error("{file}: the header has no column {column:?}")]
    MissingColumn {
        /// The response.
        file: String,
        /// The column name.
        column: &'static str,
    },
    /// A field has a value the parser does not know how to read.
    #[error("{file}: {at}: {field} is {value:?}, expected {expected}")]
    BadValue {
        /// The response.
        file: String,
        /// Where in the response (record number, JSON path, HTML row).
        at: String,
        /// The field.
        field: &'static str,
        /// The value found.
        value: String,
        /// What was expected.
        expected: &'static str,
    },
    /// The service answered with an error document instead of data.
    #[error("{file}: the service answered with an error: {message}")]
    Service {
        /// The response.
        file: String,
        /// The service's own message.
        message: String,
    },
}

/// A request that could not be answered.
#[derive(Debug, Error, PartialEq)]
pub enum FetchError {
    /// No connection (DNS, refused, timeout, TLS): the machine is probably offline.
    #[error("network unreachable: {url}: {reason}")]
    Unreachable {
        /// The URL requested.
        url: String,
        /// The HTTP client's description.
        reason: String,
    },
    /// The server answered with an error status.
    #[error("{url}: HTTP status {status}")]
    Status {
        /// The URL requested.
        url: String,
        /// The HTTP status code.
        status: u16,
    },
    /// A request needs a credential that is not set.
    #[error("{url} needs the environment variable {variable} (an API key); it is not set")]
    MissingCredential {
        /// The URL requested.
        url: String,
        /// The environment variable that must hold it.
        variable: &'static str,
    },
    /// `--from-dir`: the saved response is not there or cannot be read.
    #[error("cannot read the saved response {path}: {reason}")]
    Saved {
        /// The file looked for.
        path: String,
        /// The I/O error's description.
        reason: String,
    },
    /// Azure kept handing out another page past the limit (a paging loop).
    #[error("{url}: more than {limit} pages; stopped (a NextPageLink loop?)")]
    TooManyPages {
        /// The last URL requested.
        url: String,
        /// The page limit.
        limit: usize,
    },
}

/// Why one provider's refresh produced nothing.
#[derive(Debug, Error, PartialEq)]
pub enum RefreshError {
    /// A request failed.
    #[error(transparent)]
    Fetch(#[from] FetchError),
    /// A response did not parse.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The provider's terms forbid automated collection unless the maintainer has permission.
    #[error(
        "{provider}: its terms of use forbid automated collection of its prices without permission \
         ({terms}); pass --accept-terms {id} only if you have that permission"
    )]
    TermsNotAccepted {
        /// Provider name.
        provider: &'static str,
        /// Provider id for the flag.
        id: &'static str,
        /// What the terms say and where.
        terms: &'static str,
    },
    /// Every response parsed but none held a GPU price: the format has probably changed.
    #[error("{provider}: no GPU price found in {responses} response(s); the format may have changed, nothing written")]
    NoRows {
        /// Provider name.
        provider: &'static str,
        /// How many responses were read.
        responses: usize,
    },
}

/// A JSON parse error of `file` as data.
pub(crate) fn json_error(file: &str, e: &serde_json::Error) -> ParseError {
    ParseError::Json {
        file: file.to_owned(),
        line: e.line(),
        column: e.column(),
        reason: e.to_string(),
    }
}

/// A CSV read error of `file` as data.
pub(crate) fn csv_error(file: &str, e: &csv::Error) -> ParseError {
    ParseError::Csv {
        file: file.to_owned(),
        record: e.position().map_or(0, |p| p.record() + 1),
        reason: e.to_string(),
    }
}
