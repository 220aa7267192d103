//! The LocalStorage format (pure part): the current scenario, the language and named saved
//! scenarios under one versioned key, the migration from older shapes, and what to do with
//! corrupt or foreign data (defaults, a notice, and the raw value kept under a backup key).
//! The browser side that reads and writes the keys is the web app's `src/web_storage.rs`.
//!
//! Stored shape, version [`STORAGE_VERSION`] (key [`STATE_KEY`]):
//! `{"version": 1, "language": "en" | "zh-CN", "current": <ScenarioFile>,
//!   "saved": [{"name": "…", "scenario": <ScenarioFile>}, …]}`.
//!
//! Version 0 (the pre-engine app state, no `version` field):
//! `{"selected": ["<offer id>", …], "gpus": 8, "hours_per_day": 24, "months": 12,
//!   "currency": "USD" | "CNY", "usd_per_cny": 0.138, "month": "730h" | "720h" | "744h"}`.

use crate::error::{Expected, FileError, FileProblem, Found, JsonSyntax};
use crate::file::{Pretty, ScenarioFile, WriteJson, VERSION};
use crate::language::Language;
use crate::share::{default_scenario, load_lenient, Notice, NoticeKind, Opened, StorageDamage};
use planner_engine::{Field, FieldPath};
use serde::Serialize;
use serde_json::Value;

/// Version of the stored shape this build writes.
pub const STORAGE_VERSION: u32 = 1;
/// The LocalStorage key of the app's state.
pub const STATE_KEY: &str = "gpurent.state";
/// The first backup key for corrupt data; later ones are `gpurent.state.backup.2`, `.3`, …
pub const BACKUP_KEY: &str = "gpurent.state.backup";
/// Backups kept at most (after that the oldest slot, [`BACKUP_KEY`], is never overwritten and
/// the newest corrupt value is lost only after this many corruptions).
pub const MAX_BACKUPS: u32 = 20;

/// Why the browser's LocalStorage could not be used (the web app's `src/web_storage.rs`
/// reports these; the page translates them).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum StorageError {
    /// No `localStorage` (blocked by the browser's settings or not in a window).
    #[error("local storage is not available in this browser")]
    Unavailable,
    /// The browser's storage quota is full; the previous save is unchanged.
    #[error("local storage is full; the previous save was kept")]
    QuotaExceeded,
    /// The state could not be written (a non-finite number: [`save`]'s error).
    #[error("the state cannot be saved: {0}")]
    Unsaveable(FileError),
    /// Any other browser error: the name of the exception the browser threw (its own text).
    #[error("local storage error: {0}")]
    Browser(String),
}

/// A named saved scenario.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Saved {
    /// Name shown in the list; unique within [`Stored::saved`].
    pub name: String,
    /// The scenario.
    pub scenario: ScenarioFile,
}

impl WriteJson for Saved {
    fn write(&self, w: &mut Pretty) {
        w.fields(&mut |w| {
            w.str("name", &self.name);
            w.object("scenario", &self.scenario);
        });
    }
}

/// Everything the app keeps between visits.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stored {
    /// Always [`STORAGE_VERSION`] when written.
    pub version: u32,
    /// The language the user chose; `None` = follow the browser.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language: Option<Language>,
    /// The scenario on screen.
    pub current: ScenarioFile,
    /// Saved scenarios, in the user's order.
    pub saved: Vec<Saved>,
}

impl Default for Stored {
    fn default() -> Self {
        Stored::new(None, default_scenario(), Vec::new())
    }
}

impl Stored {
    /// The state to write now ([`STORAGE_VERSION`]): the chosen language (`None` = follow the
    /// browser), the scenario on screen and the saved list.
    #[must_use]
    pub fn new(language: Option<Language>, current: ScenarioFile, saved: Vec<Saved>) -> Self {
        Stored {
            version: STORAGE_VERSION,
            language,
            current,
            saved,
        }
    }
}

/// One LocalStorage write the caller must perform.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Write {
    /// The key.
    pub key: String,
    /// The value (text).
    pub value: String,
}

/// The result of reading the stored state: always something to show.
#[derive(Clone, Debug, PartialEq)]
pub struct Restored {
    /// The state to start from.
    pub stored: Stored,
    /// What was dropped, replaced or migrated.
    pub notices: Vec<Notice>,
    /// Writes to perform now: the raw corrupt value under a free backup key, if any. Backups
    /// are only ever written here, never by [`save`], so good data never overwrites them.
    pub writes: Vec<Write>,
    /// The stored state was written by a newer app version (a `version` above
    /// [`STORAGE_VERSION`]): the caller must not overwrite [`STATE_KEY`] until the user saves
    /// explicitly, so going back to the newer version finds its data as it left it.
    pub hold: bool,
}

impl Stored {
    /// Adds a saved scenario. A name already in use gets a suffix (`"plan (2)"`, `"plan (3)"`…)
    /// and a [`NoticeKind::DuplicateName`] notice with the new name.
    pub fn add_saved(&mut self, name: &str, scenario: ScenarioFile) -> Option<Notice> {
        let name = name.trim();
        let name = if name.is_empty() { "scenario" } else { name };
        let mut unique = name.to_string();
        let mut n = 1;
        while self.saved.iter().any(|s| s.name == unique) {
            n += 1;
            unique = format!("{name} ({n})");
        }
        let notice = (unique != name).then(|| {
            Notice::whole(NoticeKind::DuplicateName {
                name: name.to_string(),
                saved_as: unique.clone(),
            })
        });
        self.saved.push(Saved {
            name: unique,
            scenario,
        });
        notice
    }
}

/// The write that saves `stored` under [`STATE_KEY`] (version [`STORAGE_VERSION`]). If the
/// browser refuses it (quota), nothing changed in storage: the previous save is still there.
/// Errors only for a non-finite number in a scenario ([`FileProblem::NotFinite`]).
pub fn save(stored: &Stored) -> Result<Write, FileError> {
    // Compact text by the scenario file's own writer (`file::write`): the same text as
    // `serde_json::to_string` of the state with `STORAGE_VERSION`. A non-finite number (written as `null`, as serde_json writes it)
    // would not read back: refused.
    let mut w = Pretty::compact();
    w.fields(&mut |w| {
        w.u64("version", u64::from(STORAGE_VERSION));
        if let Some(language) = stored.language {
            w.str("language", language.tag());
        }
        w.object("current", &stored.current);
        w.objects(
            "saved",
            &mut stored.saved.iter().map(|s| s as &dyn WriteJson),
        );
    });
    let text = w.finite().ok_or_else(crate::share::not_finite)?;
    Ok(Write {
        key: STATE_KEY.into(),
        value: text,
    })
}

/// The backup key number `n` (1 = [`BACKUP_KEY`]).
#[must_use]
pub fn backup_key(n: u32) -> String {
    if n <= 1 {
        BACKUP_KEY.to_string()
    } else {
        format!("{BACKUP_KEY}.{n}")
    }
}

/// Reads the raw value of [`STATE_KEY`] (`None` = nothing stored: defaults, no notice).
/// `key_taken` says whether a backup key already holds a value, so a new backup goes to the
/// first free one. Corrupt or foreign data gives defaults (or what could be repaired), a
/// [`NoticeKind::StorageCorrupt`] notice, and a write of the raw text to a free backup key;
/// partly repaired data is backed up too, so nothing is silently lost. Version 0 is migrated.
/// A newer version is read as far as this version understands it, with a
/// [`NoticeKind::StorageNewer`] notice, a backup write and [`Restored::hold`] set.
pub fn restore(raw: Option<&str>, key_taken: impl Fn(&str) -> bool) -> Restored {
    let Some(raw) = raw else {
        return Restored {
            stored: Stored::default(),
            notices: Vec::new(),
            writes: Vec::new(),
            hold: false,
        };
    };
    let mut notices = Vec::new();
    let mut hold = false;
    let stored = match serde_json::from_str::<Value>(raw) {
        Err(e) => {
            notices.push(corrupt(StorageDamage::NotJson(JsonSyntax::of(&e, raw))));
            Stored::default()
        }
        Ok(Value::Object(obj)) => match obj.get("version").map(Value::as_u64) {
            Some(Some(1)) => read_v1(&obj, &mut notices),
            // A newer version: read what this version understands (its later fields are
            // reported as unknown), keep the raw value aside and leave the key alone.
            Some(Some(v)) if v > u64::from(STORAGE_VERSION) => {
                hold = true;
                notices.push(Notice::whole(NoticeKind::StorageNewer(v)));
                read_v1(&obj, &mut notices)
            }
            None if obj.contains_key("selected") => {
                let v0 = migrate_v0(&Value::Object(obj.clone()), &mut notices);
                notices.insert(
                    0,
                    Notice::new(FieldPath::of(Field::Version), NoticeKind::OlderVersion(0)),
                );
                v0
            }
            _ => {
                let version = obj.get("version").map(Found::of);
                notices.push(corrupt(StorageDamage::UnknownVersion(version)));
                Stored::default()
            }
        },
        Ok(_) => {
            notices.push(corrupt(StorageDamage::NotAnObject));
            Stored::default()
        }
    };
    let lossy = notices
        .iter()
        .any(|n| !matches!(n.kind, NoticeKind::OlderVersion(_)));
    let mut writes = Vec::new();
    if lossy {
        if let Some(key) = (1..=MAX_BACKUPS).map(backup_key).find(|k| !key_taken(k)) {
            writes.push(Write {
                key,
                value: raw.to_string(),
            });
        }
    }
    Restored {
        stored,
        notices,
        writes,
        hold,
    }
}

fn corrupt(damage: StorageDamage) -> Notice {
    Notice::whole(NoticeKind::StorageCorrupt(damage))
}

/// `notices` of a scenario stored at `prefix` (`current`, `saved[i].scenario`), their paths
/// prefixed with it.
fn prefixed(prefix: FieldPath, notices: Vec<Notice>) -> impl Iterator<Item = Notice> {
    notices.into_iter().map(move |mut n| {
        n.at = prefix.join(&n.at);
        n
    })
}

fn read_v1(obj: &serde_json::Map<String, Value>, notices: &mut Vec<Notice>) -> Stored {
    let mut stored = Stored::default();
    for key in obj.keys() {
        if !matches!(key.as_str(), "version" | "language" | "current" | "saved") {
            notices.push(Notice::whole(NoticeKind::UnknownField {
                key: crate::error::quoted(key),
            }));
        }
    }
    match obj.get("language") {
        None => {}
        Some(Value::String(t)) if Language::from_tag(t).is_some() => {
            stored.language = Language::from_tag(t);
        }
        Some(other) => notices.push(Notice::new(
            FieldPath::of(Field::Language),
            NoticeKind::UnknownLanguage(crate::error::quoted(
                other
                    .as_str()
                    .map_or(&crate::share::json_text(other), |s| s),
            )),
        )),
    }
    if let Some(current) = obj.get("current") {
        let (file, n) = load_lenient(current);
        stored.current = file;
        notices.extend(prefixed(FieldPath::of(Field::Current), n));
    }
    match obj.get("saved") {
        None => {}
        Some(Value::Array(list)) => {
            for (i, item) in list.iter().enumerate() {
                let field = FieldPath::of(Field::Saved).index(i);
                let name = item.get("name").and_then(Value::as_str);
                let scenario = item.get("scenario");
                let (Some(name), Some(scenario)) = (name, scenario) else {
                    let missing = if name.is_none() {
                        Field::Name
                    } else {
                        Field::Scenario
                    };
                    notices.push(Notice::new(
                        field.field(missing),
                        NoticeKind::Rejected(FileProblem::Missing),
                    ));
                    continue;
                };
                let (file, n) = load_lenient(scenario);
                notices.extend(prefixed(field.field(Field::Scenario), n));
                if let Some(n) = stored.add_saved(name, file) {
                    notices.push(Notice {
                        at: field.field(Field::Name),
                        ..n
                    });
                }
            }
        }
        Some(other) => notices.push(Notice::new(
            FieldPath::of(Field::Saved),
            NoticeKind::Rejected(FileProblem::WrongType {
                expected: Expected::List,
                found: Found::of(other),
            }),
        )),
    }
    stored
}

/// Migrates the version-0 app state (see the module docs) to a version-1 [`Stored`]: a fleet
/// scenario of `gpus` GPUs × `hours_per_day` for `months` months, one option per selected
/// offer id; every value goes through [`load_lenient`], so a bad value is dropped with a notice.
fn migrate_v0(v0: &Value, notices: &mut Vec<Notice>) -> Stored {
    let get = |k: &str| v0.get(k).cloned().unwrap_or(Value::Null);
    let options: Vec<Value> = match v0.get("selected") {
        Some(Value::Array(ids)) => ids
            .iter()
            .map(|id| crate::share::object(vec![("offer", id.clone())]))
            .collect(),
        _ => Vec::new(),
    };
    // Absent version-0 fields are left out (their defaults apply), not reported as rejected:
    // the objects are built without their null values (no B-tree removal code in the wasm).
    let object = |fields: Vec<(&'static str, Value)>| {
        crate::share::object(fields.into_iter().filter(|(_, v)| !v.is_null()).collect())
    };
    let file = object(vec![
        ("version", Value::from(VERSION)),
        (
            "workload",
            object(vec![
                ("mode", Value::from("fleet")),
                ("gpus", get("gpus")),
                ("hours_per_day", get("hours_per_day")),
            ]),
        ),
        ("horizon_months", get("months")),
        ("currency", get("currency")),
        ("usd_per_cny", get("usd_per_cny")),
        ("month", get("month")),
        ("options", Value::Array(options)),
    ]);
    let (current, n) = load_lenient(&file);
    notices.extend(n);
    Stored {
        current,
        ..Stored::default()
    }
}

/// What the app starts with: the scenario to show, the language, and the notices to display.
#[derive(Clone, Debug, PartialEq)]
pub struct Startup {
    /// The state to keep (its `current` is the scenario to show).
    pub stored: Stored,
    /// The language to show.
    pub language: Language,
    /// Notices from the link (if any) and from the stored state.
    pub notices: Vec<Notice>,
    /// Whether the scenario came from a share link.
    pub from_link: bool,
}

/// Combines the stored state, an opened share link and the browser's languages. A link wins:
/// its scenario replaces the current one entirely (no leftovers from earlier visits; the saved
/// list is kept) and its language wins over the stored choice, which wins over the browser's
/// list ([`Language::from_browser`]). A link of which nothing was usable
/// ([`Opened::nothing_usable`]: damaged, too long) replaces nothing: the stored scenario stays,
/// with the link's notices saying why it was not opened, and `from_link` is `false`.
#[must_use]
pub fn startup<S: AsRef<str>>(restored: Restored, link: Option<Opened>, browser: &[S]) -> Startup {
    let Restored {
        mut stored,
        mut notices,
        ..
    } = restored;
    let from_link = link.as_ref().is_some_and(|o| !o.nothing_usable());
    let mut language = stored.language;
    if let Some(o) = link {
        if from_link {
            stored.current = o.scenario;
        }
        language = o.language.or(language);
        let mut link_notices = o.notices;
        link_notices.append(&mut notices);
        notices = link_notices;
    }
    Startup {
        language: language.unwrap_or_else(|| Language::from_browser(browser)),
        stored,
        notices,
        from_link,
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::file::parse;
    use serde_json::json;

    fn golden(name: &str) -> ScenarioFile {
        let path = format!(
            "{}/../../tests/golden/{name}.json",
            env!("CARGO_MANIFEST_DIR")
        );
        parse(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    fn none_taken(_: &str) -> bool {
        false
    }

    #[test]
    fn nothing_stored_gives_defaults_silently() {
        let r = restore(None, none_taken);
        assert_eq!(r.stored, Stored::default());
        assert!(r.notices.is_empty() && r.writes.is_empty());
    }

    #[test]
    fn a_save_reads_back_exactly() {
        let mut s = Stored {
            language: Some(Language::ZhCn),
            current: golden("fleet-portfolio"),
            ..Stored::default()
        };
        assert_eq!(s.add_saved("job", golden("job-spot")), None);
        assert_eq!(s.add_saved("render", golden("offpeak-render")), None);
        let w = save(&s).unwrap();
        assert_eq!(w.key, STATE_KEY);
        let r = restore(Some(&w.value), none_taken);
        assert_eq!(r.notices, vec![]);
        assert_eq!(r.writes, vec![]);
        assert_eq!(r.stored, s);
    }

    #[test]
    fn duplicate_names_get_a_suffix_and_a_notice() {
        let mut s = Stored::default();
        assert_eq!(s.add_saved("plan", default_scenario()), None);
        let n = s.add_saved("plan", default_scenario()).unwrap();
        assert_eq!(
            n.kind,
            NoticeKind::DuplicateName {
                name: "plan".into(),
                saved_as: "plan (2)".into()
            }
        );
        let n = s.add_saved(" plan ", default_scenario()).unwrap();
        assert!(
            matches!(n.kind, NoticeKind::DuplicateName { saved_as, .. } if saved_as == "plan (3)")
        );
        let names: Vec<_> = s.saved.iter().map(|x| x.name.as_str()).collect();
        assert_eq!(names, ["plan", "plan (2)", "plan (3)"]);
    }

    #[test]
    fn version_0_state_is_migrated() {
        let v0 = r#"{"selected": ["skypilot-lambda/gpu_1x_a10", "no-such/offer"],
            "gpus": 3, "hours_per_day": 10, "months": 6, "currency": "CNY",
            "usd_per_cny": 0.14, "month": "720h"}"#;
        let r = restore(Some(v0), none_taken);
        let c = &r.stored.current;
        assert_eq!(c.workload.gpus, Some(3));
        assert_eq!(c.workload.hours_per_day, Some(10.0));
        assert_eq!(c.horizon_months, Some(6));
        assert_eq!(c.currency, "CNY");
        assert_eq!(c.usd_per_cny, Some(0.14));
        assert_eq!(c.month, "720h");
        assert_eq!(c.options.len(), 1);
        assert_eq!(
            c.options[0].offer.as_deref(),
            Some("skypilot-lambda/gpu_1x_a10")
        );
        assert_eq!(r.notices[0].kind, NoticeKind::OlderVersion(0));
        // The unknown offer was dropped with a notice, so the raw value is kept aside.
        assert!(r
            .notices
            .iter()
            .any(|n| n.kind.tag() == "OptionDropped" && n.at.to_string() == "options[1]"));
        assert_eq!(r.writes.len(), 1);
        assert_eq!(r.writes[0].key, BACKUP_KEY);
        // A clean version-0 state migrates without a backup.
        let clean = r#"{"selected": ["skypilot-lambda/gpu_1x_a10"], "gpus": 1,
            "hours_per_day": 8, "months": 2, "currency": "USD", "usd_per_cny": 0.138,
            "month": "730h"}"#;
        let r = restore(Some(clean), none_taken);
        assert_eq!(r.notices.len(), 1, "{:?}", r.notices);
        assert!(r.writes.is_empty());
        assert!(r.stored.current.load().is_ok());
    }

    #[test]
    fn corrupt_or_foreign_data_is_backed_up_and_defaults_used() {
        for raw in [
            "{not json",
            "[1,2]",
            "{\"version\": \"7\", \"x\": 1}",
            "{\"theme\": \"dark\"}",
        ] {
            let r = restore(Some(raw), none_taken);
            assert_eq!(r.stored, Stored::default(), "{raw}");
            assert_eq!(r.notices[0].kind.tag(), "StorageCorrupt", "{raw}");
            assert_eq!(
                r.writes,
                vec![Write {
                    key: BACKUP_KEY.into(),
                    value: raw.into()
                }]
            );
        }
    }

    #[test]
    fn a_newer_version_is_held_read_as_far_as_understood_and_backed_up() {
        let mut s = Stored::default();
        s.add_saved("from the future", golden("job-spot"));
        let mut v: Value = serde_json::from_str(&save(&s).unwrap().value).unwrap();
        v["version"] = json!(STORAGE_VERSION + 1);
        v["theme"] = json!("dark");
        let raw = v.to_string();
        let r = restore(Some(&raw), none_taken);
        assert!(r.hold);
        assert_eq!(
            r.notices[0].kind,
            NoticeKind::StorageNewer(u64::from(STORAGE_VERSION + 1))
        );
        assert!(r.notices.iter().any(|n| n.kind
            == NoticeKind::UnknownField {
                key: "theme".into()
            }
            && n.at.is_root()));
        assert_eq!(r.stored.saved, s.saved);
        assert_eq!(
            r.writes,
            vec![Write {
                key: BACKUP_KEY.into(),
                value: raw
            }]
        );
        // The current version and older ones are never held.
        assert!(!restore(Some(&save(&s).unwrap().value), none_taken).hold);
        assert!(!restore(Some("{\"version\": 0}"), none_taken).hold);
    }

    #[test]
    fn a_taken_backup_is_never_overwritten() {
        let taken = |k: &str| k == BACKUP_KEY || k == backup_key(2);
        let r = restore(Some("garbage"), taken);
        assert_eq!(r.writes[0].key, "gpurent.state.backup.3");
        // Good data is never written to a backup key.
        assert!(!save(&Stored::default())
            .unwrap()
            .key
            .starts_with(BACKUP_KEY));
    }

    #[test]
    fn partly_corrupt_state_keeps_the_valid_parts() {
        let mut s = Stored::default();
        s.add_saved("a", golden("job-spot"));
        let mut v: Value = serde_json::from_str(&save(&s).unwrap().value).unwrap();
        v["current"]["contingency_pct"] = json!("ten");
        v["saved"].as_array_mut().unwrap().push(json!({"oops": 1}));
        v["language"] = json!("fr");
        let raw = v.to_string();
        let r = restore(Some(&raw), none_taken);
        let fields: Vec<_> = r
            .notices
            .iter()
            .map(|n| (n.kind.tag(), n.at.to_string()))
            .collect();
        let has = |kind: &str, field: &str| fields.iter().any(|(k, f)| *k == kind && f == field);
        assert!(has("Rejected", "current.contingency_pct"), "{fields:?}");
        // The entry without a name is named, with what it lacks.
        assert!(has("Rejected", "saved[1].name"), "{fields:?}");
        assert!(has("UnknownLanguage", "language"), "{fields:?}");
        assert_eq!(r.stored.saved, s.saved);
        assert_eq!(r.writes[0].value, raw);
    }

    #[test]
    fn non_finite_numbers_are_not_saved() {
        let mut s = Stored::default();
        s.current.storage_gb = f64::INFINITY;
        assert!(save(&s).is_err());
    }

    #[test]
    fn a_share_link_wins_over_stored_state_and_language() {
        let mut s = Stored {
            language: Some(Language::En),
            current: golden("fleet-portfolio"),
            ..Stored::default()
        };
        s.add_saved("kept", golden("job-spot"));
        let raw = save(&s).unwrap().value;
        let link = crate::share::encode(&crate::share::Shared {
            language: Language::ZhCn,
            scenario: golden("offpeak-render"),
        })
        .unwrap();
        let start = startup(
            restore(Some(&raw), none_taken),
            crate::share::decode(&link),
            &["en-US"],
        );
        assert!(start.from_link);
        assert_eq!(start.stored.current, golden("offpeak-render"));
        assert_eq!(start.language, Language::ZhCn);
        assert_eq!(start.stored.saved, s.saved);
        assert!(start.notices.is_empty());
        // Without a link: the stored scenario and language; the browser's only when none stored.
        let start = startup(restore(Some(&raw), none_taken), None, &["zh-CN"]);
        assert!(!start.from_link);
        assert_eq!(start.stored.current, golden("fleet-portfolio"));
        assert_eq!(start.language, Language::En);
        let start = startup(restore(None, none_taken), None, &["zh-CN"]);
        assert_eq!(start.language, Language::ZhCn);
        // A link of which nothing is usable replaces nothing: the stored work stays, with the
        // link's notice.
        let damaged = crate::share::decode("#s=garbage").expect("a link, damaged");
        assert!(damaged.nothing_usable());
        let start = startup(restore(Some(&raw), none_taken), Some(damaged), &["zh-CN"]);
        assert!(!start.from_link);
        assert_eq!(start.stored.current, golden("fleet-portfolio"));
        assert_eq!(start.language, Language::En);
        assert_eq!(start.notices.len(), 1);
    }
}
