//! Share links (`#s=` + base64url of deflate-compressed JSON, no server) and lenient loading of
//! links and scenario files: the valid parts load, every rejected field is named in a
//! [`Notice`], defaults fill the rest.
//!
//! Link payload, version [`LINK_VERSION`]: the JSON object
//! `{"v": 1, "lang": "en" | "zh-CN", "scenario": <ScenarioFile>}`, compressed with raw deflate
//! (RFC 1951; `miniz_oxide` level 9 in native builds, the browser's `CompressionStream` in the
//! page: either inflater opens either's links) and written in the URL-safe base64 alphabet without padding
//! (RFC 4648 §5). Version 0 is a bare scenario file (no envelope, no language).

use crate::catalog::query::Catalog;
use crate::file::{ScenarioFile, VERSION};
use crate::language::Language;
use base64::alphabet::URL_SAFE;
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig};
use base64::engine::DecodePaddingMode;
use base64::Engine as _;
use planner_engine::EngineError;
use serde_json::{json, Value};

/// Version of the link envelope this build writes (it reads 0 and 1).
pub const LINK_VERSION: u32 = 1;
/// Links (the fragment text) longer than this many bytes are rejected before decoding.
pub const MAX_LINK_BYTES: usize = 100 * 1024;
/// Inflated payloads larger than this many bytes are rejected (a deflate bomb stops here).
pub const MAX_INFLATED_BYTES: usize = 1024 * 1024;
/// The fragment parameter that carries the scenario: `#s=<payload>`.
pub const FRAGMENT_PARAM: &str = "s";

/// Maximum repairs [`load_lenient`] tries before it gives up and uses the default scenario.
const MAX_REPAIRS: usize = 200;

const B64: GeneralPurpose = GeneralPurpose::new(
    &URL_SAFE,
    GeneralPurposeConfig::new()
        .with_encode_padding(false)
        .with_decode_padding_mode(DecodePaddingMode::Indifferent),
);

/// What a share link carries: the language and the whole scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct Shared {
    /// Language the link was made in (the receiver's stored choice does not override it).
    pub language: Language,
    /// The scenario, exactly as the app holds it.
    pub scenario: ScenarioFile,
}

/// Why something in a link, file or stored value was not loaded as is. The page shows each
/// kind with its own message (planner-app's `i18n::notice_message`), whose arguments are the
/// notice's `field` and `detail`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoticeKind {
    /// A field this version does not know; dropped.
    UnknownField,
    /// A field with a wrong type or an invalid value; dropped (its default applies) or, if
    /// required, replaced by the default.
    Rejected,
    /// A compared option that could not be repaired; dropped, the other options kept.
    OptionDropped,
    /// No usable option was left; the default option was added.
    NoOptions,
    /// The document was made by an older version and was upgraded (`detail`: that version).
    OlderVersion,
    /// The document was made by a newer version; what this version understands was loaded
    /// (`detail`: that version).
    NewerVersion,
    /// The link is longer than [`MAX_LINK_BYTES`] (`detail`: its length in bytes); not decoded.
    LinkTooLong,
    /// The link's data is cut short; whatever complete part it had was loaded.
    LinkTruncated,
    /// The link's data is not valid base64url/deflate (`detail`: the decoder's message).
    LinkCorrupt,
    /// The inflated link data is larger than [`MAX_INFLATED_BYTES`].
    LinkTooLarge,
    /// The text is not JSON (`detail`: the parser's message).
    NotJson,
    /// The language is not one of `en`, `zh-CN` (`detail`: the value); the current one is kept.
    UnknownLanguage,
    /// Stored data could not be read (`detail`: why); its raw text was kept under the backup key.
    StorageCorrupt,
    /// A saved scenario's name was already used; it was renamed (`detail`: the new name).
    DuplicateName,
    /// The stored state was written by a newer app version (`detail`: that version): what this
    /// version understands was loaded, the stored value is left as it is (and a copy kept
    /// under the backup key) until the user saves explicitly.
    StorageNewer,
    /// An imported scenario file was refused as a whole (`field`: the file name, `detail`:
    /// why); the current scenario is unchanged.
    ImportRefused,
}

impl NoticeKind {
    /// Every kind (for the translation completeness test).
    pub const ALL: [NoticeKind; 16] = [
        NoticeKind::UnknownField,
        NoticeKind::Rejected,
        NoticeKind::OptionDropped,
        NoticeKind::NoOptions,
        NoticeKind::OlderVersion,
        NoticeKind::NewerVersion,
        NoticeKind::LinkTooLong,
        NoticeKind::LinkTruncated,
        NoticeKind::LinkCorrupt,
        NoticeKind::LinkTooLarge,
        NoticeKind::NotJson,
        NoticeKind::UnknownLanguage,
        NoticeKind::StorageCorrupt,
        NoticeKind::DuplicateName,
        NoticeKind::StorageNewer,
        NoticeKind::ImportRefused,
    ];
}

/// One thing that was not loaded as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// What happened.
    pub kind: NoticeKind,
    /// Path of the field in the scenario file (`options[1].reserved.term_months`), or `""` when
    /// the notice is about the whole link or document.
    pub field: String,
    /// Reason or value (the engine's or parser's message, in English; a number or name for the
    /// kinds that say so).
    pub detail: String,
}

impl Notice {
    fn new(kind: NoticeKind, field: impl Into<String>, detail: impl Into<String>) -> Notice {
        Notice {
            kind,
            field: field.into(),
            detail: detail.into(),
        }
    }
}

/// A decoded share link: the language it names (if valid), the scenario, and notices.
#[derive(Clone, Debug, PartialEq)]
pub struct Opened {
    /// Language of the link; `None` if absent or unknown (keep the current one).
    pub language: Option<Language>,
    /// The scenario to show (the link's, repaired; the default one if nothing was usable).
    pub scenario: ScenarioFile,
    /// What was dropped or replaced, empty for a clean link.
    pub notices: Vec<Notice>,
}

/// The scenario used when nothing usable was given: 1 GPU, 8 hours a day for 12 months on an
/// inline 1-GPU option at 2.00 USD per hour (a neutral example, not a catalog offer, so it
/// never goes stale).
#[must_use]
pub fn default_scenario() -> ScenarioFile {
    ScenarioFile {
        version: VERSION,
        name: None,
        month: "730h".into(),
        start: None,
        horizon_months: Some(12),
        currency: "USD".into(),
        usd_per_cny: None,
        rate_as_of: None,
        workload: crate::file::WorkloadFile {
            mode: crate::file::Mode::Fleet,
            gpus: Some(1),
            hours_per_day: Some(8.0),
            days_per_week: None,
            start_hour: None,
            gpu_hours: None,
            within_months: None,
            scaling_efficiency: None,
        },
        portfolio: None,
        checkpoint: None,
        storage_gb: 0.0,
        egress_gb_per_month: 0.0,
        contingency_pct: 0.0,
        montecarlo: None,
        buy: None,
        options: vec![default_option()],
    }
}

fn default_option() -> crate::file::OptionFile {
    crate::file::OptionFile {
        name: Some("example GPU".into()),
        gpus_per_instance: Some(1),
        on_demand_per_hour: Some(2.0),
        ..Default::default()
    }
}

/// The JSON text a share link carries (the envelope of the module docs, before compression).
///
/// Errors only if the scenario cannot be written as JSON (a non-finite number such as NaN).
pub fn link_json(shared: &Shared) -> Result<String, EngineError> {
    // Field order matters: "v" and "lang" come first, so a truncated link still has them.
    #[derive(serde::Serialize)]
    struct Envelope<'a> {
        v: u32,
        lang: &'a str,
        scenario: &'a ScenarioFile,
    }
    let text = serde_json::to_string_pretty(&Envelope {
        v: LINK_VERSION,
        lang: shared.language.tag(),
        scenario: &shared.scenario,
    })
    .map(|pretty| compact_json(&pretty))
    .map_err(|e| EngineError::Parse(format!("scenario cannot be written: {e}")))?;
    if writes_null(&text) {
        return Err(EngineError::Parse(
            "scenario cannot be written: a number is not finite".into(),
        ));
    }
    Ok(text)
}

/// The URL fragment `#s=<payload>` of `deflated`, the raw-deflate compressed [`link_json`].
#[must_use]
pub fn fragment(deflated: &[u8]) -> String {
    format!("#{FRAGMENT_PARAM}={}", B64.encode(deflated))
}

/// The URL fragment of a share link, `#s=<payload>` (append it to the page URL), compressed
/// with `miniz_oxide` at level 9. Native builds only: the page compresses with the browser's
/// `CompressionStream` (the web app's `web_share::encode`), to the same format.
///
/// Errors only if the scenario cannot be written as JSON (a non-finite number such as NaN).
#[cfg(not(target_arch = "wasm32"))]
pub fn encode(shared: &Shared) -> Result<String, EngineError> {
    let text = link_json(shared)?;
    Ok(fragment(&miniz_oxide::deflate::compress_to_vec(
        text.as_bytes(),
        9,
    )))
}

/// `serde_json::to_string`'s output, from `serde_json::to_string_pretty`'s: the whitespace
/// between tokens dropped, strings kept as they are. Every scenario write (share links, stored
/// state, the exported file) goes through the pretty printer, so the wasm carries one
/// serializer of the scenario types instead of a pretty and a compact one (about 2.6 KB gzip).
#[must_use]
pub fn compact_json(pretty: &str) -> String {
    let mut out = String::with_capacity(pretty.len());
    let mut scan = StringScan::default();
    for c in pretty.chars() {
        if !scan.in_string(c) && matches!(c, ' ' | '\n' | '\t' | '\r') {
            continue;
        }
        out.push(c);
    }
    out
}

/// Reads JSON text one character at a time and tells which characters belong to a string
/// literal (its quotes and escapes included): the one piece of JSON lexing that
/// [`compact_json`] and the truncated-link repair need.
#[derive(Default)]
struct StringScan {
    inside: bool,
    escaped: bool,
}

impl StringScan {
    /// Feeds the next character `c`; true when it is part of a string literal.
    fn in_string(&mut self, c: char) -> bool {
        if self.inside {
            match (self.escaped, c) {
                (true, _) => self.escaped = false,
                (false, '\\') => self.escaped = true,
                (false, '"') => self.inside = false,
                _ => {}
            }
            true
        } else {
            self.inside = c == '"';
            self.inside
        }
    }
}

/// Whether JSON text written by serde_json holds a `null`: serde_json writes NaN and the
/// infinities so, and they would not read back (a scenario file has no other `null`). The text
/// is read back rather than the scenario serialized into a `Value`, so the wasm carries one
/// `ScenarioFile` serializer.
fn writes_null(text: &str) -> bool {
    let v = serde_json::from_str::<Value>(text).unwrap_or(Value::Null);
    fn walk(v: &Value) -> bool {
        match v {
            Value::Null => true,
            Value::Array(a) => a.iter().any(walk),
            Value::Object(o) => o.values().any(walk),
            _ => false,
        }
    }
    walk(&v)
}

/// Decodes a share link: the page URL, its fragment (`#s=…`, with or without `#`), or the
/// fragment percent-encoded once or twice. `None` if the text carries no `s=` parameter (not a
/// share link: keep the stored scenario). Otherwise always a scenario to show:
///
/// - a link over [`MAX_LINK_BYTES`] is not decoded ([`NoticeKind::LinkTooLong`], default
///   scenario);
/// - a truncated link loads its complete leading part ([`NoticeKind::LinkTruncated`]);
/// - corrupt data gives the default scenario with [`NoticeKind::LinkCorrupt`];
/// - the scenario goes through [`load_lenient`].
///
/// Native builds only (inflates with `miniz_oxide`); the page uses the web app's `web_share::decode`, which
/// differs only in the inflater.
#[cfg(not(target_arch = "wasm32"))]
#[must_use]
pub fn decode(link: &str) -> Option<Opened> {
    Some(match link_bytes(link)? {
        Ok(deflated) => open_inflated(inflate(&deflated)),
        Err(opened) => opened,
    })
}

/// First half of [`decode`]: the compressed bytes of a share link. `None` if the text carries
/// no `s=` parameter; `Some(Err(opened))` when the link is already decided without inflating
/// (too long: [`NoticeKind::LinkTooLong`]; not base64url: [`NoticeKind::LinkCorrupt`]).
#[must_use]
pub fn link_bytes(link: &str) -> Option<Result<Vec<u8>, Opened>> {
    if link.len() > MAX_LINK_BYTES {
        return Some(Err(nothing_usable(Notice::new(
            NoticeKind::LinkTooLong,
            "",
            link.len().to_string(),
        ))));
    }
    let payload = link_payload(link)?;
    Some(
        decode_base64(payload.trim())
            .map_err(|e| nothing_usable(Notice::new(NoticeKind::LinkCorrupt, "", e))),
    )
}

/// Whether `link` (a page URL, a fragment with or without `#`, percent-encoded up to three
/// times) carries a share link's `s=` parameter: what [`link_bytes`] and `decode` treat as a
/// link, damaged or not.
#[must_use]
pub fn is_link(link: &str) -> bool {
    link_payload(link).is_some()
}

/// The `s=` parameter's value of `link`, percent-decoded (up to three times, as chat tools
/// encode links once or twice); `None` if there is none.
fn link_payload(link: &str) -> Option<String> {
    let mut text = link.trim().to_string();
    for _ in 0..3 {
        if !text.contains('%') {
            break;
        }
        match percent_encoding::percent_decode_str(&text).decode_utf8() {
            Ok(t) => text = t.into_owned(),
            Err(_) => break,
        }
    }
    let fragment = text.split_once('#').map_or(text.as_str(), |(_, f)| f);
    fragment
        .split('&')
        .find_map(|p| p.strip_prefix(FRAGMENT_PARAM)?.strip_prefix('='))
        .map(str::to_string)
}

/// Base64url, tolerating a link cut in the middle of a 4-character quantum (the incomplete
/// last characters are dropped; the inflater then reports the truncation).
fn decode_base64(payload: &str) -> Result<Vec<u8>, String> {
    let mut first_error = None;
    for drop in 0..4.min(payload.len() + 1) {
        match B64.decode(&payload[..payload.len() - drop]) {
            Ok(b) => return Ok(b),
            Err(
                e @ (base64::DecodeError::InvalidLength(_)
                | base64::DecodeError::InvalidLastSymbol(..)),
            ) => {
                first_error.get_or_insert(e);
            }
            Err(e) => return Err(e.to_string()),
        }
    }
    Err(first_error.map_or_else(|| "empty".into(), |e| e.to_string()))
}

impl Opened {
    /// Whether nothing of the link was usable (too long, damaged, not JSON, no scenario): the
    /// scenario is then the default one and the notices say why. A link pasted into an open
    /// page shows only the notices then, keeping the scenario on screen.
    #[must_use]
    pub fn nothing_usable(&self) -> bool {
        !self.notices.is_empty() && self.scenario == default_scenario()
    }
}

fn nothing_usable(notice: Notice) -> Opened {
    Opened {
        language: None,
        scenario: default_scenario(),
        notices: vec![notice],
    }
}

/// What inflating a link's bytes (raw deflate, RFC 1951) gave, whichever inflater ran.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Inflated {
    /// The whole deflate stream: the inflated bytes (at most [`MAX_INFLATED_BYTES`]).
    Complete(Vec<u8>),
    /// The stream ends before its last block: the bytes inflated up to the cut.
    Truncated(Vec<u8>),
    /// The stream inflates to more than [`MAX_INFLATED_BYTES`] (inflating stopped there).
    TooLarge,
    /// Not a deflate stream (the inflater's message).
    Corrupt(String),
}

/// Inflates with `miniz_oxide`, stopping at [`MAX_INFLATED_BYTES`] (native builds).
#[cfg(not(target_arch = "wasm32"))]
#[must_use]
pub fn inflate(deflated: &[u8]) -> Inflated {
    use miniz_oxide::inflate::TINFLStatus;
    match miniz_oxide::inflate::decompress_to_vec_with_limit(deflated, MAX_INFLATED_BYTES) {
        Ok(t) => Inflated::Complete(t),
        Err(e) if e.status == TINFLStatus::HasMoreOutput => Inflated::TooLarge,
        Err(e) if e.status == TINFLStatus::FailedCannotMakeProgress => {
            Inflated::Truncated(e.output)
        }
        Err(e) => Inflated::Corrupt(format!("{:?}", e.status)),
    }
}

/// Second half of [`decode`]: the scenario (and notices) of a link's inflated bytes.
#[must_use]
pub fn open_inflated(inflated: Inflated) -> Opened {
    let mut notices = Vec::new();
    let text = match inflated {
        Inflated::Complete(t) => String::from_utf8_lossy(&t).into_owned(),
        Inflated::TooLarge => {
            return nothing_usable(Notice::new(
                NoticeKind::LinkTooLarge,
                "",
                MAX_INFLATED_BYTES.to_string(),
            ))
        }
        Inflated::Truncated(partial) => {
            notices.push(Notice::new(NoticeKind::LinkTruncated, "", ""));
            let partial = String::from_utf8_lossy(&partial).into_owned();
            match close_truncated_json(&partial) {
                Some(t) => t,
                None => {
                    return Opened {
                        language: None,
                        scenario: default_scenario(),
                        notices,
                    }
                }
            }
        }
        Inflated::Corrupt(detail) => {
            return nothing_usable(Notice::new(NoticeKind::LinkCorrupt, "", detail))
        }
    };
    let value: Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => {
            notices.push(Notice::new(NoticeKind::NotJson, "", e.to_string()));
            return Opened {
                language: None,
                scenario: default_scenario(),
                notices,
            };
        }
    };
    let (language, scenario_value) = open_envelope(value, &mut notices);
    let (scenario, more) = load_lenient(&scenario_value);
    notices.extend(more);
    Opened {
        language,
        scenario,
        notices,
    }
}

/// Splits a link envelope into its language and scenario value, upgrading version 0 (a bare
/// scenario object).
fn open_envelope(value: Value, notices: &mut Vec<Notice>) -> (Option<Language>, Value) {
    let Value::Object(obj) = value else {
        return (None, value);
    };
    let Some(v) = obj.get("v").cloned() else {
        if obj.contains_key("scenario") {
            // An envelope whose "v" was lost (a damaged link): read it as the current version.
            notices.push(Notice::new(NoticeKind::Rejected, "v", "is missing"));
            return open_current(obj, notices);
        }
        notices.push(Notice::new(NoticeKind::OlderVersion, "v", "0"));
        return (None, Value::Object(obj));
    };
    match v.as_u64() {
        Some(n) if n == u64::from(LINK_VERSION) => {}
        Some(n) if n > u64::from(LINK_VERSION) => {
            notices.push(Notice::new(NoticeKind::NewerVersion, "v", n.to_string()));
        }
        _ => notices.push(Notice::new(NoticeKind::Rejected, "v", v.to_string())),
    }
    open_current(obj, notices)
}

fn open_current(
    mut obj: serde_json::Map<String, Value>,
    notices: &mut Vec<Notice>,
) -> (Option<Language>, Value) {
    let language = match obj.remove("lang") {
        None => None,
        Some(Value::String(tag)) => {
            let l = Language::from_tag(&tag);
            if l.is_none() {
                notices.push(Notice::new(NoticeKind::UnknownLanguage, "lang", tag));
            }
            l
        }
        Some(other) => {
            notices.push(Notice::new(
                NoticeKind::UnknownLanguage,
                "lang",
                other.to_string(),
            ));
            None
        }
    };
    let scenario = obj.remove("scenario").unwrap_or(Value::Null);
    for k in obj.keys().filter(|k| *k != "v") {
        notices.push(Notice::new(NoticeKind::UnknownField, k.clone(), ""));
    }
    (language, scenario)
}

/// Closes a JSON text cut short: keeps everything up to the last complete member or element
/// and appends the missing `]`/`}`. `None` if not even the outer object was opened.
fn close_truncated_json(text: &str) -> Option<String> {
    let mut stack: Vec<char> = Vec::new();
    let mut scan = StringScan::default();
    // (byte position to cut at, closers needed there)
    let mut cut: Option<(usize, Vec<char>)> = None;
    for (i, c) in text.char_indices() {
        if scan.in_string(c) {
            continue;
        }
        match c {
            '{' | '[' => {
                stack.push(if c == '{' { '}' } else { ']' });
                cut = Some((i + 1, stack.clone()));
            }
            '}' | ']' => {
                stack.pop();
                cut = Some((i + 1, stack.clone()));
            }
            ',' => cut = Some((i, stack.clone())),
            _ => {}
        }
    }
    let (at, closers) = cut?;
    let mut out = text[..at].to_string();
    out.extend(closers.iter().rev());
    Some(out)
}

/// Loads a scenario file's text leniently (see [`load_lenient`]); text that is not JSON gives
/// the default scenario and a [`NoticeKind::NotJson`] notice. Offers are looked up in the
/// bundled catalog ([`load_json_lenient_in`] with [`Catalog::BUNDLED`]).
#[must_use]
pub fn load_json_lenient(text: &str) -> (ScenarioFile, Vec<Notice>) {
    load_json_lenient_in(text, &Catalog::BUNDLED)
}

/// [`load_json_lenient`] with offers looked up in `catalog` (the bundled offers and the user's
/// imported ones), so an option on an imported offer is kept.
#[must_use]
pub fn load_json_lenient_in(text: &str, catalog: &Catalog<'_>) -> (ScenarioFile, Vec<Notice>) {
    match serde_json::from_str::<Value>(text) {
        Ok(v) => load_lenient_in(&v, catalog),
        Err(e) => (
            default_scenario(),
            vec![Notice::new(NoticeKind::NotJson, "", e.to_string())],
        ),
    }
}

/// Loads a scenario from a JSON value field by field, never failing:
///
/// - a valid scenario file comes back exactly as given (no notice);
/// - an unknown field is dropped ([`NoticeKind::UnknownField`]);
/// - a field of the wrong type or with a value the engine rejects (out of range, absurd) is
///   dropped so its default applies, or set to the default when it is required
///   ([`NoticeKind::Rejected`], with the engine's reason);
/// - an option that cannot be repaired is dropped ([`NoticeKind::OptionDropped`]), the others
///   are kept, and if none is left the default option is added ([`NoticeKind::NoOptions`]);
/// - a missing or other `version` is upgraded to the current one ([`NoticeKind::OlderVersion`]
///   or [`NoticeKind::NewerVersion`]).
///
/// Validity is the engine's: the result always passes [`ScenarioFile::load`]. Offers are looked
/// up in the bundled catalog ([`load_lenient_in`]).
#[must_use]
pub fn load_lenient(value: &Value) -> (ScenarioFile, Vec<Notice>) {
    load_lenient_in(value, &Catalog::BUNDLED)
}

/// [`load_lenient`] with offers looked up in `catalog`: the result always passes
/// [`ScenarioFile::load_in`] with it.
#[must_use]
pub fn load_lenient_in(value: &Value, catalog: &Catalog<'_>) -> (ScenarioFile, Vec<Notice>) {
    let mut notices = Vec::new();
    let Value::Object(obj) = value else {
        notices.push(Notice::new(
            NoticeKind::Rejected,
            "",
            "is not a JSON object".to_string(),
        ));
        return (default_scenario(), notices);
    };
    let mut top = obj.clone();
    match top.get("version").map(Value::as_u64) {
        Some(Some(v)) if v == u64::from(VERSION) => {}
        Some(Some(v)) if v > u64::from(VERSION) => {
            notices.push(Notice::new(
                NoticeKind::NewerVersion,
                "version",
                v.to_string(),
            ));
        }
        Some(Some(v)) => notices.push(Notice::new(
            NoticeKind::OlderVersion,
            "version",
            v.to_string(),
        )),
        Some(None) => notices.push(Notice::new(
            NoticeKind::Rejected,
            "version",
            "is not a version number",
        )),
        None => notices.push(Notice::new(NoticeKind::OlderVersion, "version", "0")),
    }
    top.insert("version".into(), json!(VERSION));
    let options = match top.remove("options") {
        Some(Value::Array(a)) => a,
        None => Vec::new(),
        Some(other) => {
            notices.push(Notice::new(
                NoticeKind::Rejected,
                "options",
                format!("is not a list ({other})"),
            ));
            Vec::new()
        }
    };
    // The top level, with a placeholder option the engine accepts.
    top.insert("options".into(), json!([placeholder_option()]));
    let mut top = Value::Object(top);
    if repair(&mut top, None, &mut notices, catalog).is_err() {
        notices.push(Notice::new(
            NoticeKind::Rejected,
            "",
            "could not be repaired; the default scenario is used",
        ));
        return (default_scenario(), notices);
    }
    let mut kept = Vec::new();
    for (i, opt) in options.into_iter().enumerate() {
        let mut candidate = top.clone();
        if let Some(o) = candidate.get_mut("options") {
            *o = Value::Array(vec![opt]);
        }
        match repair(&mut candidate, Some(i), &mut notices, catalog) {
            Ok(file) => kept.extend(file.options),
            Err(reason) => notices.push(Notice::new(
                NoticeKind::OptionDropped,
                format!("options[{i}]"),
                reason,
            )),
        }
    }
    // The same path-tracking instantiation as `repair` and `file::parse` (one copy of the
    // ScenarioFile deserializer in the wasm instead of two).
    let mut file: ScenarioFile = match serde_path_to_error::deserialize(top) {
        Ok(f) => f,
        Err(_) => return (default_scenario(), notices),
    };
    if kept.is_empty() {
        notices.push(Notice::new(NoticeKind::NoOptions, "options", ""));
        kept.push(default_option());
    }
    file.options = kept;
    if file.load_in(catalog).is_err() {
        // Options only interact with the top level through Monte Carlo limits and currency,
        // both checked per option above; this is a last guard.
        notices.push(Notice::new(
            NoticeKind::Rejected,
            "",
            "could not be repaired; the default scenario is used",
        ));
        return (default_scenario(), notices);
    }
    (file, notices)
}

fn placeholder_option() -> Value {
    json!({ "gpus_per_instance": 1, "on_demand_per_hour": 1.0 })
}

/// Repairs `value` (a scenario object) until it parses and loads. With `option = Some(i)` the
/// value holds the single option `i` of the original file: notices name `options[i]`, and a
/// failure means "drop this option" (Err = the last reason).
fn repair(
    value: &mut Value,
    option: Option<usize>,
    notices: &mut Vec<Notice>,
    catalog: &Catalog<'_>,
) -> Result<ScenarioFile, String> {
    let rename = |path: &str| match option {
        Some(i) => path.replacen("options[0]", &format!("options[{i}]"), 1),
        None => path.to_string(),
    };
    let mut last = String::new();
    for _ in 0..MAX_REPAIRS {
        let (path, reason, unknown) =
            match serde_path_to_error::deserialize::<_, ScenarioFile>(value.clone()) {
                Ok(file) => match file.load_in(catalog) {
                    Ok(_) => return Ok(file),
                    Err(e) => (e.field().to_string(), e.to_string(), None),
                },
                Err(e) => {
                    let path = e.path().to_string();
                    let at = e.path().clone();
                    let msg = crate::file::number_reason(value, &at, e.into_inner().to_string());
                    let unknown = backticked(&msg, "unknown field `");
                    let missing = backticked(&msg, "missing field `");
                    match (unknown, missing) {
                        (Some(u), _) => (path, msg, Some(u)),
                        (None, Some(m)) => {
                            let p = if path == "." {
                                m
                            } else {
                                format!("{path}.{m}")
                            };
                            (p, msg, None)
                        }
                        _ => (path, msg, None),
                    }
                }
            };
        let reason = reason
            .strip_prefix(&format!("{path}: "))
            .unwrap_or(&reason)
            .to_string();
        let in_option = path.starts_with("options[0]");
        if option.is_none() && in_option {
            return Err(reason); // the placeholder never fails; guard against loops
        }
        if option.is_some() && !in_option && path != "montecarlo.trials" {
            return Err(reason);
        }
        // An option's prices are in its currency: one the app has no rate for drops the option
        // rather than reading its prices as the default currency's.
        if path == "options[0].currency" {
            return Err(reason);
        }
        if let Some(name) = unknown {
            let parent = path
                .strip_suffix(name.as_str())
                .unwrap_or("")
                .trim_end_matches('.');
            if !remove_key(value, parent, &name) {
                return Err(reason);
            }
            notices.push(Notice::new(NoticeKind::UnknownField, rename(&path), ""));
            last.clear();
            continue;
        }
        let escalate = path == last;
        last.clone_from(&path);
        if escalate || reason.contains("is required") || reason.starts_with("missing field") {
            // Removing did not help: the field is required; set a default, else drop the
            // enclosing object.
            if let Some(d) = required_default(value, &path) {
                set_path(value, &path, d);
                if !escalate {
                    notices.push(Notice::new(NoticeKind::Rejected, rename(&path), reason));
                }
                continue;
            }
            let Some(parent) = parent_path(&path) else {
                return Err(reason);
            };
            if parent == "options[0]" || parent.is_empty() {
                return Err(reason);
            }
            if let Some(d) = required_default(value, &parent) {
                set_path(value, &parent, d);
            } else if !remove_path(value, &parent) {
                return Err(reason);
            }
            notices.push(Notice::new(NoticeKind::Rejected, rename(&parent), reason));
            last.clone_from(&parent);
            continue;
        }
        if path == "." || path.is_empty() || path == "options[0]" {
            return Err(reason);
        }
        if !remove_path(value, &path) {
            if let Some(d) = required_default(value, &path) {
                set_path(value, &path, d);
            } else {
                return Err(reason);
            }
        }
        notices.push(Notice::new(NoticeKind::Rejected, rename(&path), reason));
    }
    Err("too many invalid fields".into())
}

/// The default of a required field, given the rest of the scenario.
fn required_default(value: &Value, path: &str) -> Option<Value> {
    let job = value.pointer("/workload/mode") == Some(&json!("job"));
    Some(match path {
        // Through text, like every other write of scenario parts (one serializer in the wasm).
        "workload" => {
            serde_json::from_str(&serde_json::to_string_pretty(&default_scenario().workload).ok()?)
                .ok()?
        }
        "workload.mode" => json!("fleet"),
        "workload.gpus" => json!(1),
        "workload.hours_per_day" => json!(8.0),
        "workload.gpu_hours" => json!(1000.0),
        "horizon_months" if !job => json!(12),
        "month" => json!("730h"),
        "currency" => json!("USD"),
        "version" => json!(VERSION),
        _ => return None,
    })
}

fn backticked(msg: &str, prefix: &str) -> Option<String> {
    let rest = msg.strip_prefix(prefix)?;
    Some(rest.split('`').next()?.to_string())
}

fn parent_path(path: &str) -> Option<String> {
    let i = path.rfind(['.', '['])?;
    Some(path[..i].to_string())
}

/// JSON pointer of a scenario path (`options[0].reserved.term_months` →
/// `/options/0/reserved/term_months`).
fn pointer(path: &str) -> String {
    let mut out = String::new();
    for seg in path.split('.').filter(|s| !s.is_empty()) {
        let mut parts = seg.split('[');
        if let Some(key) = parts.next() {
            if !key.is_empty() {
                out.push('/');
                out.push_str(&key.replace('~', "~0").replace('/', "~1"));
            }
        }
        for idx in parts {
            out.push('/');
            out.push_str(idx.trim_end_matches(']'));
        }
    }
    out
}

fn split_last(path: &str) -> Option<(String, String)> {
    let p = pointer(path);
    let i = p.rfind('/')?;
    Some((p[..i].to_string(), p[i + 1..].to_string()))
}

fn remove_path(value: &mut Value, path: &str) -> bool {
    let Some((parent, last)) = split_last(path) else {
        return false;
    };
    match value.pointer_mut(&parent) {
        Some(Value::Object(o)) => o
            .remove(&last.replace("~1", "/").replace("~0", "~"))
            .is_some(),
        Some(Value::Array(a)) => match last.parse::<usize>() {
            Ok(i) if i < a.len() => {
                a.remove(i);
                true
            }
            _ => false,
        },
        _ => false,
    }
}

fn remove_key(value: &mut Value, parent: &str, key: &str) -> bool {
    match value.pointer_mut(&pointer(parent)) {
        Some(Value::Object(o)) => o.remove(key).is_some(),
        _ => false,
    }
}

fn set_path(value: &mut Value, path: &str, v: Value) {
    let Some((parent, last)) = split_last(path) else {
        return;
    };
    if let Some(Value::Object(o)) = value.pointer_mut(&parent) {
        o.insert(last, v);
    }
}

// Native only: proptest and the golden files on disk are not available in the browser.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
