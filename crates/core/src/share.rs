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
use crate::error::{Expected, FileError, FileProblem, Found, JsonSyntax};
use crate::file::{Reader, ScenarioFile, VERSION};
use crate::language::Language;
use base64::alphabet::URL_SAFE;
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig};
use base64::engine::DecodePaddingMode;
use base64::Engine as _;
use planner_engine::{Field, FieldPath, Step};
use serde_json::Value;

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

/// What in a link, file or stored value was not loaded as given, with its data (numbers,
/// versions, the document's own text where it is quoted back). The page shows each kind with
/// its own translated message (planner-app's `messages` module).
#[derive(Clone, Debug, PartialEq)]
pub enum NoticeKind {
    /// A field this version does not know (`key`, as written); dropped.
    UnknownField {
        /// The unknown key, as the document wrote it.
        key: String,
    },
    /// A field with a wrong type or an invalid value; dropped (its default applies) or, if
    /// required, replaced by the default.
    Rejected(FileProblem),
    /// A compared option that could not be repaired (why: the error, with its own path); dropped,
    /// the other options kept.
    OptionDropped(FileError),
    /// No usable option was left; the default option was added.
    NoOptions,
    /// The document was made by an older version (this one) and was upgraded.
    OlderVersion(u64),
    /// The document was made by a newer version (this one); what this version understands was
    /// loaded.
    NewerVersion(u64),
    /// The link is longer than [`MAX_LINK_BYTES`] (its length in bytes); not decoded.
    LinkTooLong {
        /// The link's length, bytes.
        bytes: usize,
    },
    /// The link's data is cut short; whatever complete part it had was loaded.
    LinkTruncated,
    /// The link's data is damaged.
    LinkCorrupt(LinkDamage),
    /// The inflated link data is larger than [`MAX_INFLATED_BYTES`].
    LinkTooLarge,
    /// The text is not JSON (where it stops being JSON).
    NotJson(JsonSyntax),
    /// Nothing could be repaired; the default scenario is used.
    Unrepairable,
    /// The language is not one of `en`, `zh-CN` (the value as written); the current one is
    /// kept.
    UnknownLanguage(String),
    /// Stored data could not be read; its raw text was kept under the backup key.
    StorageCorrupt(StorageDamage),
    /// A saved scenario's name was already used; it was saved under another.
    DuplicateName {
        /// The name asked for.
        name: String,
        /// The name it was saved under.
        saved_as: String,
    },
    /// The stored state was written by a newer app version (this one): what this version
    /// understands was loaded, the stored value is left as it is (and a copy kept under the
    /// backup key) until the user saves explicitly.
    StorageNewer(u64),
    /// A share link replaced the scenario on screen or autosaved, which differed from it: that
    /// scenario was kept first in the saved list under `saved_as` (so opening a link never loses
    /// work, also when another tab opened it).
    KeptBeforeLink {
        /// The saved scenario's name.
        saved_as: String,
    },
    /// An imported scenario file (its name) replaced the scenario on screen, which differed from
    /// it: that scenario was kept first in the saved list under `saved_as`.
    KeptBeforeImport {
        /// The imported file's name as the browser gives it.
        file: String,
        /// The saved scenario's name.
        saved_as: String,
    },
    /// An imported scenario file (its name) was refused as a whole; the current scenario is
    /// unchanged.
    ImportRefused {
        /// The file's name as the browser gives it.
        file: String,
        /// Why.
        why: ImportRefusal,
    },
}

// Native only, as the tests that use it.
#[cfg(all(test, not(target_arch = "wasm32")))]
impl NoticeKind {
    /// The variant's name (tests compare kinds without their data).
    pub(crate) fn tag(&self) -> &'static str {
        match self {
            NoticeKind::UnknownField { .. } => "UnknownField",
            NoticeKind::Rejected(_) => "Rejected",
            NoticeKind::OptionDropped(_) => "OptionDropped",
            NoticeKind::NoOptions => "NoOptions",
            NoticeKind::OlderVersion(_) => "OlderVersion",
            NoticeKind::NewerVersion(_) => "NewerVersion",
            NoticeKind::LinkTooLong { .. } => "LinkTooLong",
            NoticeKind::LinkTruncated => "LinkTruncated",
            NoticeKind::LinkCorrupt(_) => "LinkCorrupt",
            NoticeKind::LinkTooLarge => "LinkTooLarge",
            NoticeKind::NotJson(_) => "NotJson",
            NoticeKind::Unrepairable => "Unrepairable",
            NoticeKind::UnknownLanguage(_) => "UnknownLanguage",
            NoticeKind::StorageCorrupt(_) => "StorageCorrupt",
            NoticeKind::DuplicateName { .. } => "DuplicateName",
            NoticeKind::StorageNewer(_) => "StorageNewer",
            NoticeKind::KeptBeforeLink { .. } => "KeptBeforeLink",
            NoticeKind::KeptBeforeImport { .. } => "KeptBeforeImport",
            NoticeKind::ImportRefused { .. } => "ImportRefused",
        }
    }
}

/// How a share link's data is damaged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkDamage {
    /// Not base64url text.
    NotBase64,
    /// Not a raw deflate stream.
    NotDeflate,
    /// Unpacked, but not a scenario: not JSON (a link damaged in its middle unpacks to broken
    /// text), or nothing of a scenario could be repaired.
    NotAScenario,
}

/// Why the stored state could not be read.
#[derive(Clone, Debug, PartialEq)]
pub enum StorageDamage {
    /// Not JSON.
    NotJson(JsonSyntax),
    /// JSON, but not an object.
    NotAnObject,
    /// An object without a known `version` (what it had, if anything).
    UnknownVersion(Option<Found>),
}

/// Why an imported scenario file was refused as a whole.
#[derive(Clone, Debug, PartialEq)]
pub enum ImportRefusal {
    /// Larger than the page reads (the limit, bytes).
    TooLarge {
        /// The largest file read, bytes.
        max_bytes: u64,
    },
    /// The browser could not read the file.
    Unreadable(crate::error::BrowserRefusal),
    /// Not JSON.
    NotJson(JsonSyntax),
    /// Not a JSON object.
    NotAnObject,
    /// Nothing of it could be repaired.
    Unrepairable,
    /// No option could be loaded (why each was dropped).
    NoUsableOption(Vec<FileError>),
}

/// One thing that was not loaded as given: where (`at`, a path in the document; the whole
/// document for notices about a link or file as a whole) and what ([`NoticeKind`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    /// Path of the field (`options[1].reserved.term_months`; in the stored state prefixed
    /// with `current.` or `saved[i].scenario.`), or the whole document.
    pub at: FieldPath,
    /// What happened.
    pub kind: NoticeKind,
}

impl Notice {
    /// The notice `kind` at `at`.
    #[must_use]
    pub fn new(at: FieldPath, kind: NoticeKind) -> Notice {
        Notice { at, kind }
    }

    /// The notice `kind` about the whole link or document.
    #[must_use]
    pub fn whole(kind: NoticeKind) -> Notice {
        Notice::new(FieldPath::ROOT, kind)
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
        deadline_spot: None,
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
/// Errors only if the scenario cannot be written as JSON (a non-finite number such as NaN:
/// [`FileProblem::NotFinite`]).
pub fn link_json(shared: &Shared) -> Result<String, FileError> {
    // Field order matters: "v" and "lang" come first, so a truncated link still has them.
    // Compact text by the scenario file's own writer (`file::write`); a non-finite number
    // (written as `null`) would not read back: refused.
    let mut w = crate::file::Pretty::compact();
    w.fields(&mut |w| {
        w.u64("v", u64::from(LINK_VERSION));
        w.str("lang", shared.language.tag());
        w.object("scenario", &shared.scenario);
    });
    w.finite().ok_or_else(not_finite)
}

/// Why a share link or an exported scenario file could not be made.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum WriteError {
    /// The scenario cannot be written as JSON ([`link_json`]'s error).
    #[error("{0}")]
    Scenario(FileError),
    /// The browser refused (compressing, downloading).
    #[error("{0}")]
    Browser(crate::error::BrowserRefusal),
}

/// A scenario that cannot be written: serde_json refuses nothing else in a scenario file than
/// a non-finite number (written as `null`, or refused by the pretty printer).
#[must_use]
pub fn not_finite() -> FileError {
    FileError::new(FieldPath::ROOT, FileProblem::NotFinite)
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
pub fn encode(shared: &Shared) -> Result<String, FileError> {
    let text = link_json(shared)?;
    Ok(fragment(&miniz_oxide::deflate::compress_to_vec(
        text.as_bytes(),
        9,
    )))
}

/// `value` as compact JSON text, the same text as `value.to_string()`, written by the scenario
/// file's own writer (`file::write`): `Value`'s `Display` or serde_json's pretty printer would
/// bring a serde serializer into the bundle for the rare notice that quotes a non-text value.
#[must_use]
pub fn json_text(value: &Value) -> String {
    let mut out = String::new();
    crate::file::compact_value(&mut out, value);
    out
}

/// Reads JSON text one character at a time and tells which characters belong to a string
/// literal (its quotes and escapes included): the one piece of JSON lexing that the
/// truncated-link repair needs.
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
        return Some(Err(nothing_usable(Notice::whole(
            NoticeKind::LinkTooLong { bytes: link.len() },
        ))));
    }
    let payload = link_payload(link)?;
    Some(decode_base64(payload.trim()).ok_or_else(|| {
        nothing_usable(Notice::whole(NoticeKind::LinkCorrupt(
            LinkDamage::NotBase64,
        )))
    }))
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
/// last characters are dropped; the inflater then reports the truncation). `None`: not
/// base64url.
fn decode_base64(payload: &str) -> Option<Vec<u8>> {
    for drop in 0..4.min(payload.len() + 1) {
        match B64.decode(&payload[..payload.len() - drop]) {
            Ok(b) => return Some(b),
            Err(
                base64::DecodeError::InvalidLength(_) | base64::DecodeError::InvalidLastSymbol(..),
            ) => {}
            Err(_) => return None,
        }
    }
    None
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
    /// Not a deflate stream.
    Corrupt,
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
        Err(_) => Inflated::Corrupt,
    }
}

/// Second half of [`decode`]: the scenario (and notices) of a link's inflated bytes.
#[must_use]
pub fn open_inflated(inflated: Inflated) -> Opened {
    let mut notices = Vec::new();
    let text = match inflated {
        Inflated::Complete(t) => String::from_utf8_lossy(&t).into_owned(),
        Inflated::TooLarge => return nothing_usable(Notice::whole(NoticeKind::LinkTooLarge)),
        Inflated::Truncated(partial) => {
            let partial = String::from_utf8_lossy(&partial).into_owned();
            match close_truncated_json(&partial) {
                Some(t) => {
                    notices.push(Notice::whole(NoticeKind::LinkTruncated));
                    t
                }
                // Not even the start of a scenario came out (e.g. `#s=garbage`, whose base64
                // inflates a few stray bytes): nothing of it was loaded, so the link is
                // damaged, not cut short with its complete part loaded.
                None => {
                    return nothing_usable(Notice::whole(NoticeKind::LinkCorrupt(
                        LinkDamage::NotDeflate,
                    )))
                }
            }
        }
        Inflated::Corrupt => {
            return nothing_usable(Notice::whole(NoticeKind::LinkCorrupt(
                LinkDamage::NotDeflate,
            )))
        }
    };
    // A link is not a file the user can mend: what is wrong inside its data is not said, only
    // that the link was not opened (the page then keeps the work on screen).
    let Ok(value) = serde_json::from_str::<Value>(&text) else {
        return nothing_usable(Notice::whole(NoticeKind::LinkCorrupt(
            LinkDamage::NotAScenario,
        )));
    };
    let (language, scenario_value) = open_envelope(value, &mut notices);
    let (scenario, more) = load_lenient(&scenario_value);
    if more.iter().any(|n| n.kind == NoticeKind::Unrepairable) {
        return nothing_usable(Notice::whole(NoticeKind::LinkCorrupt(
            LinkDamage::NotAScenario,
        )));
    }
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
    let at = FieldPath::of(Field::V);
    let Some(v) = obj.get("v").cloned() else {
        if obj.contains_key("scenario") {
            // An envelope whose "v" was lost (a damaged link): read it as the current version.
            notices.push(Notice::new(at, NoticeKind::Rejected(FileProblem::Missing)));
            return open_current(obj, notices);
        }
        notices.push(Notice::new(at, NoticeKind::OlderVersion(0)));
        return (None, Value::Object(obj));
    };
    match v.as_u64() {
        Some(n) if n == u64::from(LINK_VERSION) => {}
        Some(n) if n > u64::from(LINK_VERSION) => {
            notices.push(Notice::new(at, NoticeKind::NewerVersion(n)));
        }
        _ => notices.push(Notice::new(
            at,
            NoticeKind::Rejected(FileProblem::WrongVersion(Found::of(&v))),
        )),
    }
    open_current(obj, notices)
}

fn open_current(
    mut obj: serde_json::Map<String, Value>,
    notices: &mut Vec<Notice>,
) -> (Option<Language>, Value) {
    let at = FieldPath::of(Field::Lang);
    // Values taken out in place (not removed: no B-tree removal code in the wasm); the unknown
    // keys are those other than "v", "lang" and "scenario".
    let language = match obj.get_mut("lang").map(Value::take) {
        None => None,
        Some(Value::String(tag)) => {
            let l = Language::from_tag(&tag);
            if l.is_none() {
                notices.push(Notice::new(
                    at,
                    NoticeKind::UnknownLanguage(crate::error::quoted(&tag)),
                ));
            }
            l
        }
        Some(other) => {
            notices.push(Notice::new(
                at,
                NoticeKind::UnknownLanguage(crate::error::quoted(&json_text(&other))),
            ));
            None
        }
    };
    let scenario = obj.get_mut("scenario").map_or(Value::Null, Value::take);
    for k in obj
        .keys()
        .filter(|k| !matches!(k.as_str(), "v" | "lang" | "scenario"))
    {
        notices.push(Notice::whole(NoticeKind::UnknownField {
            key: crate::error::quoted(k),
        }));
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
            vec![Notice::whole(NoticeKind::NotJson(JsonSyntax::of(&e, text)))],
        ),
    }
}

/// Loads a scenario from a JSON value field by field, never failing:
///
/// - a valid scenario file comes back exactly as given (no notice);
/// - an unknown field is dropped ([`NoticeKind::UnknownField`]);
/// - a field of the wrong type or with a value the engine rejects (out of range, absurd) is
///   dropped so its default applies, or set to the default when it is required
///   ([`NoticeKind::Rejected`], with the typed reason);
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
        notices.push(Notice::whole(NoticeKind::Rejected(
            FileProblem::NotAnObject,
        )));
        return (default_scenario(), notices);
    };
    let mut top = obj.clone();
    let at = FieldPath::of(Field::Version);
    match top.get("version") {
        None => notices.push(Notice::new(at, NoticeKind::OlderVersion(0))),
        Some(v) => match v.as_u64() {
            // Version 1 migrates to version 2 unchanged (crate::file::OLDEST_VERSION): no notice.
            Some(n) if crate::file::readable_version(n) => {}
            Some(n) if n > u64::from(VERSION) => {
                notices.push(Notice::new(at, NoticeKind::NewerVersion(n)));
            }
            Some(n) => notices.push(Notice::new(at, NoticeKind::OlderVersion(n))),
            None => notices.push(Notice::new(
                at,
                NoticeKind::Rejected(FileProblem::WrongVersion(Found::of(v))),
            )),
        },
    }
    top.insert("version".into(), Value::from(VERSION));
    // Taken out in place (the placeholder below replaces it).
    let options = match top.get_mut("options").map(Value::take) {
        Some(Value::Array(a)) => a,
        None => Vec::new(),
        Some(other) => {
            notices.push(Notice::new(
                FieldPath::of(Field::Options),
                NoticeKind::Rejected(FileProblem::WrongType {
                    expected: Expected::List,
                    found: Found::of(&other),
                }),
            ));
            Vec::new()
        }
    };
    // The top level, with a placeholder option the engine accepts.
    top.insert("options".into(), Value::Array(vec![placeholder_option()]));
    let mut top = Value::Object(top);
    let Ok(mut file) = repair(&mut top, None, &mut notices, catalog) else {
        notices.push(Notice::whole(NoticeKind::Unrepairable));
        return (default_scenario(), notices);
    };
    let mut kept = Vec::new();
    for (i, opt) in options.into_iter().enumerate() {
        let mut candidate = top.clone();
        if let Some(o) = candidate.get_mut("options") {
            *o = Value::Array(vec![opt]);
        }
        match repair(&mut candidate, Some(i), &mut notices, catalog) {
            Ok(f) => kept.extend(f.options),
            Err(why) => notices.push(Notice::new(
                FieldPath::option(i),
                NoticeKind::OptionDropped(why),
            )),
        }
    }
    if kept.is_empty() {
        notices.push(Notice::new(
            FieldPath::of(Field::Options),
            NoticeKind::NoOptions,
        ));
        kept.push(default_option());
    }
    file.options = kept;
    if file.load_in(catalog).is_err() {
        // Options only interact with the top level through Monte Carlo limits and currency,
        // both checked per option above; this is a last guard.
        notices.push(Notice::whole(NoticeKind::Unrepairable));
        return (default_scenario(), notices);
    }
    (file, notices)
}

/// The JSON object of `pairs`: what the `json!` macro builds for an object, without its round
/// trip through serde_json's `Value` serializer (which the wasm then need not carry).
pub(crate) fn object(pairs: Vec<(&str, Value)>) -> Value {
    // Inserted one by one, as `json!` does (collecting would sort the pairs first).
    let mut map = serde_json::Map::new();
    for (k, v) in pairs {
        map.insert(k.to_string(), v);
    }
    Value::Object(map)
}

fn placeholder_option() -> Value {
    object(vec![
        ("gpus_per_instance", Value::from(1)),
        ("on_demand_per_hour", Value::from(1.0)),
    ])
}

/// Why an imported scenario file, loaded leniently with `notices`, is refused as a whole:
/// not JSON, not a JSON object, nothing repairable, or no usable option (the loader would fall
/// back on its example scenario). `None` when the file loads, possibly with fields dropped.
#[must_use]
pub fn import_refusal(notices: &[Notice]) -> Option<ImportRefusal> {
    let dropped = || {
        notices
            .iter()
            .filter_map(|n| match &n.kind {
                NoticeKind::OptionDropped(why) => Some(why.clone()),
                _ => None,
            })
            .collect()
    };
    notices.iter().find_map(|n| match &n.kind {
        NoticeKind::NotJson(s) => Some(ImportRefusal::NotJson(*s)),
        NoticeKind::Rejected(FileProblem::NotAnObject) if n.at.is_root() => {
            Some(ImportRefusal::NotAnObject)
        }
        NoticeKind::Unrepairable => Some(ImportRefusal::Unrepairable),
        NoticeKind::NoOptions => Some(ImportRefusal::NoUsableOption(dropped())),
        _ => None,
    })
}

/// Repairs `value` (a scenario object) until it reads and loads: problems the reader finds
/// (unknown fields, wrong kinds, missing required fields) and then the engine's, one at a
/// time, each dropping the field (its default applies) or setting a required field's default,
/// with a notice. With `option = Some(i)` the value holds the single option `i` of the original
/// file: notices name `options[i]`, and `Err` (why) means "drop this option".
fn repair(
    value: &mut Value,
    option: Option<usize>,
    notices: &mut Vec<Notice>,
    catalog: &Catalog<'_>,
) -> Result<ScenarioFile, FileError> {
    let first = FieldPath::option(0);
    let rename = |p: FieldPath| match option {
        Some(i) => p.rebase(&first, &FieldPath::option(i)),
        None => p,
    };
    let renamed = |e: FileError| FileError::new(rename(e.field), e.problem);
    let mut last: Option<FieldPath> = None;
    let mut last_error = FileError::new(FieldPath::ROOT, FileProblem::NotAnObject);
    let mut noticed: Vec<FieldPath> = Vec::new();
    for _ in 0..MAX_REPAIRS {
        // What the reader finds, all at once.
        let mut found = Vec::new();
        let file = read_lenient(value, &mut found);
        if !found.is_empty() {
            for n in found {
                let fixed = match &n.kind {
                    NoticeKind::UnknownField { key } => {
                        remove(value, &n.at, Some(key.as_str()));
                        true
                    }
                    NoticeKind::Rejected(problem) => {
                        let e = FileError::new(n.at, problem.clone());
                        match fix(value, &e, option, false) {
                            Ok(()) => true,
                            Err(()) => return Err(renamed(e)),
                        }
                    }
                    _ => true,
                };
                if fixed && !noticed.contains(&n.at) {
                    noticed.push(n.at);
                    notices.push(Notice::new(rename(n.at), n.kind));
                }
            }
            continue;
        }
        let Some(file) = file else {
            return Err(FileError::new(FieldPath::ROOT, FileProblem::NotAnObject));
        };
        let e = match file.load_in(catalog) {
            Ok(_) => return Ok(file),
            Err(e) => e,
        };
        let in_option = e.field.starts_with(&first);
        // The placeholder option fails only through the scenario's default shares, which it
        // has no prices for: those go.
        let shares = first.field(Field::Portfolio);
        if option.is_none() && e.field.starts_with(&shares) {
            remove(value, &FieldPath::ROOT, Some(Field::Portfolio.name()));
            notices.push(Notice::new(
                FieldPath::of(Field::Portfolio),
                NoticeKind::Rejected(e.problem),
            ));
            continue;
        }
        // An option's problem outside it (other than the Monte Carlo's trials) cannot be
        // repaired in the option.
        let trials = FieldPath::of(Field::Montecarlo).field(Field::Trials);
        if in_option != option.is_some() && e.field != trials {
            return Err(renamed(e));
        }
        // The same field failing again: removing it did not help, so it is required.
        let again = last == Some(e.field);
        last = Some(e.field);
        if fix(value, &e, option, again).is_err() {
            return Err(renamed(e));
        }
        if !noticed.contains(&e.field) {
            noticed.push(e.field);
            notices.push(Notice::new(
                rename(e.field),
                NoticeKind::Rejected(e.problem.clone()),
            ));
        }
        last_error = e;
    }
    Err(renamed(last_error))
}

/// Reads `value` leniently: the file read so far (`None` if its top level is unusable) and every
/// problem found in `notices`.
fn read_lenient(value: &Value, notices: &mut Vec<Notice>) -> Option<ScenarioFile> {
    let mut r = Reader::lenient(notices);
    let file = r.scenario(value);
    let options: Vec<_> = r
        .options_list(value)
        .unwrap_or_default()
        .iter()
        .enumerate()
        .filter_map(|(i, o)| r.option(o, FieldPath::option(i)))
        .collect();
    file.map(|mut f| {
        f.options = options;
        f
    })
}

/// Repairs `value` for error `e`: sets a required field's default, or removes the field (and,
/// when it is required, `required` or absent, the object holding it). `Err` when the repair
/// would remove the option (`options[0]` with `option` set) or the whole document, or the
/// problem cannot be repaired inside an option (an unknown offer, a currency).
fn fix(value: &mut Value, e: &FileError, option: Option<usize>, required: bool) -> Result<(), ()> {
    let at = e.field;
    let first = FieldPath::option(0);
    if option.is_some() && at == first {
        return Err(());
    }
    match &e.problem {
        // An option's prices are in its currency and come from its offer: without them the
        // option is not what the file meant.
        FileProblem::UnknownOffer(_)
        | FileProblem::UnknownCurrency(_)
        | FileProblem::OfferCurrency(_)
            if at.starts_with(&first) =>
        {
            return Err(())
        }
        // A job sized twice keeps its GPU count; sized not at all, runs on one GPU.
        FileProblem::JobSize => {
            let w = FieldPath::of(Field::Workload);
            if value.get("workload").and_then(|w| w.get("gpus")).is_some() {
                remove(value, &w, Some(Field::WithinMonths.name()));
            } else {
                set(value, &w.field(Field::Gpus), Value::from(1));
            }
            return Ok(());
        }
        // A field of the other workload mode goes (a fleet's hours in a job, ...).
        FileProblem::NotUsedInMode(_) => {
            return if remove(value, &at, None) {
                Ok(())
            } else {
                Err(())
            };
        }
        // Calendar months need a valid first month: without one, the default month length.
        FileProblem::BadStart(_) | FileProblem::StartRequired => {
            remove(value, &FieldPath::ROOT, Some(Field::Start.name()));
            remove(value, &FieldPath::ROOT, Some(Field::Month.name()));
            return Ok(());
        }
        _ => {}
    }
    if let Some(d) = required_default(value, &at) {
        set(value, &at, d);
        return Ok(());
    }
    let missing = e.problem == FileProblem::Missing;
    if !required && !missing && remove(value, &at, None) {
        return Ok(());
    }
    // Removing did not help, or the field is required: set the enclosing object's default, or
    // drop the enclosing object.
    let Some(parent) = at.parent() else {
        return Err(());
    };
    if parent.is_root() || (option.is_some() && parent == first) {
        return Err(());
    }
    if let Some(d) = required_default(value, &parent) {
        set(value, &parent, d);
        Ok(())
    } else if remove(value, &parent, None) {
        Ok(())
    } else {
        Err(())
    }
}

/// The default of a required field, given the rest of the scenario.
fn required_default(value: &Value, at: &FieldPath) -> Option<Value> {
    let job = value
        .get("workload")
        .and_then(|w| w.get("mode"))
        .and_then(Value::as_str)
        == Some("job");
    let w = |f: Field| FieldPath::of(Field::Workload).field(f);
    Some(match at {
        p if *p == FieldPath::of(Field::Workload) => object(vec![
            ("mode", Value::from("fleet")),
            ("gpus", Value::from(1)),
            ("hours_per_day", Value::from(8.0)),
        ]),
        p if *p == w(Field::Mode) => Value::from("fleet"),
        p if *p == w(Field::Gpus) => Value::from(1),
        p if *p == w(Field::HoursPerDay) => Value::from(8.0),
        p if *p == w(Field::GpuHours) => Value::from(1000.0),
        p if *p == FieldPath::of(Field::HorizonMonths) && !job => Value::from(12),
        p if *p == FieldPath::of(Field::Month) => Value::from("730h"),
        p if *p == FieldPath::of(Field::Currency) => Value::from("USD"),
        p if *p == FieldPath::of(Field::Version) => Value::from(VERSION),
        _ => return None,
    })
}

/// The value at `at`, mutably.
fn get_mut<'v>(value: &'v mut Value, at: &FieldPath) -> Option<&'v mut Value> {
    at.steps().iter().try_fold(value, |v, s| match s {
        Step::Field(f) => v.get_mut(f.name()),
        Step::Index(i) => v.get_mut(usize::try_from(*i).ok()?),
    })
}

/// Removes the value at `at` (with `key`: the key `key` of the object at `at`). Whether there
/// was one.
fn remove(value: &mut Value, at: &FieldPath, key: Option<&str>) -> bool {
    let (parent, last) = match key {
        Some(k) => (*at, k.to_string()),
        None => match (at.parent(), at.steps().last()) {
            (Some(p), Some(Step::Field(f))) => (p, f.name().to_string()),
            (Some(p), Some(Step::Index(i))) => {
                return match get_mut(value, &p) {
                    Some(Value::Array(a)) if (*i as usize) < a.len() => {
                        a.remove(*i as usize);
                        true
                    }
                    _ => false,
                }
            }
            _ => return false,
        },
    };
    match get_mut(value, &parent) {
        Some(Value::Object(o)) => without(o, &last),
        _ => false,
    }
}

/// Rebuilds `o` without its key `key` (inserting the others into a new map leaves the B-tree's
/// removal code out of the wasm). Whether it had one.
#[inline(never)]
fn without(o: &mut serde_json::Map<String, Value>, key: &str) -> bool {
    let mut had = false;
    let mut kept = serde_json::Map::new();
    for (k, v) in std::mem::take(o) {
        if k == key {
            had = true;
        } else {
            kept.insert(k, v);
        }
    }
    *o = kept;
    had
}

/// Sets the field at `at` (a field of an object that exists) to `v`.
fn set(value: &mut Value, at: &FieldPath, v: Value) {
    if let (Some(parent), Some(Step::Field(f))) = (at.parent(), at.steps().last()) {
        if let Some(Value::Object(o)) = get_mut(value, &parent) {
            o.insert(f.name().to_string(), v);
        }
    }
}

// Native only: proptest and the golden files on disk are not available in the browser.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
