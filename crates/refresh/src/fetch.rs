//! Requests as data, the [`Fetch`] seam the command line fills (HTTP client or saved files), and
//! the record of what each response was (URL, size, SHA-256) for the provenance file.

use crate::error::FetchError;
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::time::{Duration, SystemTime};

/// HTTP method of a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Method {
    /// GET.
    #[serde(rename = "GET")]
    Get,
    /// POST with a JSON body.
    #[serde(rename = "POST")]
    Post,
}

/// One request a provider needs answered.
///
/// Building it is pure (tested here); sending it is the command line's job. It holds no secret:
/// a request that needs an API key names the environment variable the sender reads it from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Request {
    /// GET or POST.
    pub method: Method,
    /// The full URL, query included.
    pub url: String,
    /// JSON body of a POST.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub body: Option<String>,
    /// Environment variable holding a bearer token the request must carry.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bearer_env: Option<&'static str>,
    /// File name of this response under `<dir>/<provider>/` for `--from-dir` (and the name a
    /// maintainer saves it under when fetching by hand).
    pub save_as: String,
}

impl Request {
    /// A GET of `url`, saved as `save_as`.
    #[must_use]
    pub fn get(url: impl Into<String>, save_as: impl Into<String>) -> Self {
        Self {
            method: Method::Get,
            url: url.into(),
            body: None,
            bearer_env: None,
            save_as: save_as.into(),
        }
    }

    /// A POST of the JSON `body` to `url`, saved as `save_as`.
    #[must_use]
    pub fn post_json(
        url: impl Into<String>,
        body: impl Into<String>,
        save_as: impl Into<String>,
    ) -> Self {
        Self {
            method: Method::Post,
            url: url.into(),
            body: Some(body.into()),
            bearer_env: None,
            save_as: save_as.into(),
        }
    }
}

/// Answers requests: the HTTP client of the command line, saved files (`--from-dir`), or a
/// test's recorded pages.
pub trait Fetch {
    /// The response body of `request`.
    ///
    /// # Errors
    /// [`FetchError`]: unreachable, an error status, a missing credential or saved file.
    fn fetch(&mut self, request: &Request) -> Result<Vec<u8>, FetchError>;
}

/// What one response was, for the provenance file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResponseRecord {
    /// The request (method, URL, body, saved file name).
    #[serde(flatten)]
    pub request: Request,
    /// Size of the body, bytes.
    pub bytes: usize,
    /// SHA-256 of the body, lowercase hex.
    pub sha256: String,
}

/// Fetches through `fetch` and records every response: the one way a provider asks for data.
pub struct Recorder<'a> {
    fetch: &'a mut dyn Fetch,
    /// Responses in the order they were fetched.
    pub records: Vec<ResponseRecord>,
}

impl<'a> Recorder<'a> {
    /// A recorder over `fetch`, with nothing fetched yet.
    pub fn new(fetch: &'a mut dyn Fetch) -> Self {
        Self {
            fetch,
            records: Vec::new(),
        }
    }

    /// The body of `request`, recorded with its size and digest.
    ///
    /// # Errors
    /// The fetcher's [`FetchError`].
    pub fn get(&mut self, request: &Request) -> Result<Vec<u8>, FetchError> {
        let body = self.fetch.fetch(request)?;
        self.records.push(ResponseRecord {
            request: request.clone(),
            bytes: body.len(),
            sha256: sha256_hex(&body),
        });
        Ok(body)
    }
}

/// SHA-256 of `bytes`, lowercase hex.
#[must_use]
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// `time` as `YYYY-MM-DDTHH:MM:SSZ` (UTC, whole seconds).
#[must_use]
pub fn utc_seconds(time: SystemTime) -> String {
    humantime::format_rfc3339_seconds(time).to_string()
}

/// Seconds since 1970-01-01 UTC as `YYYY-MM-DDTHH:MM:SSZ`, if the number is a time.
#[must_use]
pub fn utc_from_unix(seconds: u64) -> String {
    utc_seconds(SystemTime::UNIX_EPOCH + Duration::from_secs(seconds))
}

/// `text` if it is a UTC time `YYYY-MM-DDTHH:MM:SSZ` or a date `YYYY-MM-DD`, normalised to the
/// former for a date (midnight UTC); `None` otherwise.
#[must_use]
pub fn parse_utc(text: &str) -> Option<String> {
    let t = text.trim();
    let full = if t.len() == 10 {
        format!("{t}T00:00:00Z")
    } else {
        t.to_owned()
    };
    let time = humantime::parse_rfc3339(&full).ok()?;
    Some(utc_seconds(time))
}

/// Recorded answers by request URL, for tests of the request and paging logic.
#[derive(Debug, Default)]
pub struct Recorded {
    /// Bodies by URL.
    pub by_url: BTreeMap<String, Vec<u8>>,
    /// Requests asked for, in order.
    pub asked: Vec<Request>,
}

impl Fetch for Recorded {
    fn fetch(&mut self, request: &Request) -> Result<Vec<u8>, FetchError> {
        self.asked.push(request.clone());
        self.by_url
            .get(&request.url)
            .cloned()
            .ok_or_else(|| FetchError::Saved {
                path: request.url.clone(),
                reason: "no recorded response".into(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digests_and_times() {
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(utc_from_unix(1_785_391_997), "2026-07-30T06:13:17Z");
        assert_eq!(
            parse_utc("2026-12-01").as_deref(),
            Some("2026-12-01T00:00:00Z")
        );
        assert_eq!(
            parse_utc("2026-12-01T14:58:07Z").as_deref(),
            Some("2026-12-01T14:58:07Z")
        );
        assert_eq!(parse_utc("yesterday"), None);
    }

    #[test]
    fn recorder_keeps_size_and_digest_of_each_response() {
        let mut recorded = Recorded::default();
        recorded
            .by_url
            .insert("https://example.invalid/a".into(), b"abc".to_vec());
        let mut recorder = Recorder::new(&mut recorded);
        let body = recorder
            .get(&Request::get("https://example.invalid/a", "a.json"))
            .unwrap();
        assert_eq!(body, b"abc");
        assert_eq!(recorder.records[0].bytes, 3);
        assert!(recorder.records[0].sha256.starts_with("ba7816bf"));
        let missing = recorder.get(&Request::get("https://example.invalid/b", "b.json"));
        assert!(matches!(missing, Err(FetchError::Saved { .. })));
        assert_eq!(recorder.records.len(), 1);
    }
}
