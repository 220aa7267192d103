//! Translations (English and Simplified Chinese) in Project Fluent files: the language enum,
//! the initial language from the browser's list, message lookup with arguments
//! ([`Translator`]), and locale-aware numbers, money and dates. Messages live in
//! `locales/en.ftl` and `locales/zh-CN.ftl` (bundled). They use only the subset of Fluent
//! this module formats itself (one-line messages, `{ $variable }` placeables, `#` comments),
//! which keeps `fluent-bundle` out of the bundle; tests check the files are valid Fluent in
//! that subset and that every message formats exactly as `fluent-bundle` would
//! (`docs/i18n.md`).

use crate::advisor::Reason;
use crate::catalog::Currency;
use crate::share::Notice;
use serde::{Deserialize, Serialize};

/// The English messages (`locales/en.ftl`).
pub const EN_FTL: &str = include_str!("../locales/en.ftl");
/// The Simplified Chinese messages (`locales/zh-CN.ftl`).
pub const ZH_CN_FTL: &str = include_str!("../locales/zh-CN.ftl");

/// A language the app is translated into.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize, Serialize)]
pub enum Language {
    /// English (`"en"`), the default.
    #[default]
    #[serde(rename = "en")]
    En,
    /// Simplified Chinese as used in mainland China (`"zh-CN"`).
    #[serde(rename = "zh-CN")]
    ZhCn,
}

impl Language {
    /// Every language, in menu order.
    pub const ALL: [Language; 2] = [Language::En, Language::ZhCn];

    /// The BCP 47 tag written to links and storage: `"en"` or `"zh-CN"`.
    #[must_use]
    pub fn tag(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::ZhCn => "zh-CN",
        }
    }

    /// The language of a BCP 47 tag, case-insensitive: `en`, `en-*` → English; `zh`, `zh-CN`,
    /// `zh-Hans`, `zh-SG`, `zh-Hans-*` → Chinese. Traditional Chinese (`zh-TW`, `zh-HK`,
    /// `zh-MO`, `zh-Hant*`) gives `None`: the app has no Traditional translation, and readers of
    /// Traditional script are better served by the next language in their list (often English)
    /// than by Simplified text chosen for them (see `docs/i18n.md`). Anything else is `None`.
    #[must_use]
    pub fn from_tag(tag: &str) -> Option<Language> {
        let t = tag.trim().replace('_', "-").to_ascii_lowercase();
        let mut parts = t.split('-');
        match parts.next() {
            Some("en") => Some(Language::En),
            Some("zh") => {
                let rest: Vec<&str> = parts.collect();
                let traditional = rest
                    .iter()
                    .any(|p| matches!(*p, "hant" | "tw" | "hk" | "mo"));
                let simplified = rest.contains(&"hans");
                if traditional && !simplified {
                    None
                } else {
                    Some(Language::ZhCn)
                }
            }
            _ => None,
        }
    }

    /// The initial language from the browser's preferred languages (`navigator.languages`, most
    /// preferred first): the first tag this app has a translation for, else English.
    /// `["zh-CN", "en"]` → Chinese; `["zh-TW", "en-US"]` → English; `["fr"]` → English.
    #[must_use]
    pub fn from_browser<S: AsRef<str>>(preferred: &[S]) -> Language {
        preferred
            .iter()
            .find_map(|t| Language::from_tag(t.as_ref()))
            .unwrap_or_default()
    }

    /// The Fluent source of this language's messages.
    #[must_use]
    pub fn ftl(self) -> &'static str {
        match self {
            Language::En => EN_FTL,
            Language::ZhCn => ZH_CN_FTL,
        }
    }
}

/// A message argument.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// A plain number, shown with grouping and up to 2 decimals (the unit is in the message).
    Number(f64),
    /// An amount in US dollars, shown as money for the locale (`$0.40`, `US$0.40`).
    Usd(f64),
    /// Text shown as is (a GPU model, a field path).
    Text(String),
}

/// Looks up messages of one language. Built once per language switch (parsing both files takes
/// well under a millisecond); a missing message gives its id, never a panic.
pub struct Translator {
    language: Language,
    /// `(id, pattern)` of every message, in file order.
    messages: Vec<(&'static str, &'static str)>,
}

/// The messages of a Fluent file in this module's subset: `id = pattern` lines; comments,
/// blank lines and anything else are skipped. A repeated id keeps its first definition.
fn parse_ftl(ftl: &'static str) -> Vec<(&'static str, &'static str)> {
    let mut out: Vec<(&'static str, &'static str)> = Vec::new();
    for line in ftl.lines() {
        if line.starts_with('#') || line.starts_with(' ') {
            continue;
        }
        let Some((id, pattern)) = line.split_once('=') else {
            continue;
        };
        let id = id.trim_end();
        let pattern = pattern.trim();
        if !id.is_empty() && !pattern.is_empty() && !out.iter().any(|(i, _)| *i == id) {
            out.push((id, pattern));
        }
    }
    out
}

impl std::fmt::Debug for Translator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Translator")
            .field("language", &self.language)
            .finish_non_exhaustive()
    }
}

impl Translator {
    /// The translator for `language`. Syntax errors in a bundled file (guarded by tests) would
    /// drop only the faulty messages.
    #[must_use]
    pub fn new(language: Language) -> Translator {
        Translator {
            language,
            messages: parse_ftl(language.ftl()),
        }
    }

    /// The language of this translator.
    #[must_use]
    pub fn language(&self) -> Language {
        self.language
    }

    /// Whether the message exists.
    #[must_use]
    pub fn has(&self, id: &str) -> bool {
        self.pattern(id).is_some()
    }

    /// The message `id` without arguments; the id itself if it is missing.
    #[must_use]
    pub fn text(&self, id: &str) -> String {
        self.text_with(id, &[])
    }

    /// The message `id` with arguments (numbers and money formatted for the language); the id
    /// itself if the message is missing. A missing argument shows as `{$name}`.
    #[must_use]
    pub fn text_with(&self, id: &str, args: &[(&str, Arg)]) -> String {
        let Some(mut rest) = self.pattern(id) else {
            return id.to_string();
        };
        // Plain text for the DOM and CSV: no Unicode bidi isolation marks around arguments.
        let mut out = String::with_capacity(rest.len());
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let Some(close) = rest[open..].find('}') else {
                out.push_str(&rest[open..]);
                return out;
            };
            let inner = rest[open + 1..open + close].trim();
            let name = inner.strip_prefix('$').unwrap_or(inner);
            match args.iter().find(|(n, _)| *n == name) {
                Some((_, Arg::Number(x))) => out.push_str(&number(self.language, *x)),
                Some((_, Arg::Usd(x))) => out.push_str(&money(self.language, *x, Currency::Usd)),
                Some((_, Arg::Text(t))) => out.push_str(t),
                None => {
                    out.push_str("{$");
                    out.push_str(name);
                    out.push('}');
                }
            }
            rest = &rest[open + close + 1..];
        }
        out.push_str(rest);
        out
    }

    fn pattern(&self, id: &str) -> Option<&'static str> {
        self.messages
            .iter()
            .find(|(i, _)| *i == id)
            .map(|(_, p)| *p)
    }

    /// A load notice as a sentence (`$field`, `$detail`).
    #[must_use]
    pub fn notice(&self, n: &Notice) -> String {
        self.text_with(
            n.kind.message_id(),
            &[
                ("field", Arg::Text(n.field.clone())),
                ("detail", Arg::Text(n.detail.clone())),
            ],
        )
    }

    /// A decision-helper reason as a sentence.
    #[must_use]
    pub fn reason(&self, r: &Reason) -> String {
        self.text_with(r.message_id(), &r.args())
    }
}

/// A number with grouping and up to 2 decimals, trailing zeros dropped: `1,234.5`, `12`.
/// English and Chinese (CLDR `en`, `zh`) both group by thousands with `,` and use `.`.
#[must_use]
pub fn number(_language: Language, value: f64) -> String {
    let s = crate::format::number(value, 2);
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// Money to cents with the locale's currency symbol (CLDR): English `$1,234.50` and
/// `CN¥1,234.50`; Chinese `US$1,234.50` and `¥1,234.50`. Non-finite amounts give `n/a`.
#[must_use]
pub fn money(language: Language, amount: f64, currency: Currency) -> String {
    let digits = crate::format::number(amount.abs(), 2);
    if !amount.is_finite() {
        return digits;
    }
    let symbol = match (language, currency) {
        (Language::En, Currency::Usd) => "$",
        (Language::En, Currency::Cny) => "CN¥",
        (Language::ZhCn, Currency::Usd) => "US$",
        (Language::ZhCn, Currency::Cny) => "¥",
    };
    let sign = if amount < 0.0 && digits.chars().any(|c| ('1'..='9').contains(&c)) {
        "-"
    } else {
        ""
    };
    format!("{sign}{symbol}{digits}")
}

/// A date `YYYY-MM-DD` or month `YYYY-MM` for the locale: English `Nov 30, 2026` / `Nov 2026`,
/// Chinese `2026年11月30日` / `2026年11月`. Anything else (free text such as an as-of note) is
/// returned unchanged.
#[must_use]
pub fn date(language: Language, iso: &str) -> String {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let parts: Vec<&str> = iso.trim().split('-').collect();
    let num = |s: &str, len: usize| {
        (s.len() == len && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<u32>().ok())
            .flatten()
    };
    let (year, month, day) = match parts.as_slice() {
        [y, m] => (num(y, 4), num(m, 2), Some(None)),
        [y, m, d] => (num(y, 4), num(m, 2), num(d, 2).map(Some)),
        _ => (None, None, None),
    };
    match (year, month, day) {
        (Some(y), Some(m @ 1..=12), Some(d)) if d.is_none_or(|d| (1..=31).contains(&d)) => {
            let name = MONTHS[(m - 1) as usize];
            match (language, d) {
                (Language::En, Some(d)) => format!("{name} {d}, {y}"),
                (Language::En, None) => format!("{name} {y}"),
                (Language::ZhCn, Some(d)) => format!("{y}年{m}月{d}日"),
                (Language::ZhCn, None) => format!("{y}年{m}月"),
            }
        }
        _ => iso.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initial_language_follows_the_first_supported_browser_language() {
        assert_eq!(Language::from_browser(&["zh-CN", "en"]), Language::ZhCn);
        assert_eq!(Language::from_browser(&["en-GB", "zh-CN"]), Language::En);
        assert_eq!(Language::from_browser(&["fr-FR", "zh"]), Language::ZhCn);
        assert_eq!(Language::from_browser(&["zh-TW", "en-US"]), Language::En);
        assert_eq!(Language::from_browser(&["zh-Hant-HK"]), Language::En);
        assert_eq!(Language::from_browser(&["zh_Hans_SG"]), Language::ZhCn);
        assert_eq!(Language::from_browser(&["de"]), Language::En);
        assert_eq!(Language::from_browser::<&str>(&[]), Language::En);
    }

    #[test]
    fn tags_round_trip() {
        for l in Language::ALL {
            assert_eq!(Language::from_tag(l.tag()), Some(l));
        }
    }

    #[test]
    fn numbers_money_and_dates_follow_the_locale() {
        assert_eq!(number(Language::En, 1234.5), "1,234.5");
        assert_eq!(number(Language::ZhCn, 12.0), "12");
        assert_eq!(money(Language::En, 1234.5, Currency::Usd), "$1,234.50");
        assert_eq!(money(Language::En, 3.0, Currency::Cny), "CN¥3.00");
        assert_eq!(money(Language::ZhCn, -3.0, Currency::Usd), "-US$3.00");
        assert_eq!(money(Language::ZhCn, 1e6, Currency::Cny), "¥1,000,000.00");
        assert_eq!(money(Language::En, -0.001, Currency::Usd), "$0.00");
        assert_eq!(date(Language::En, "2026-11-30"), "Nov 30, 2026");
        assert_eq!(date(Language::ZhCn, "2026-11-30"), "2026年11月30日");
        assert_eq!(date(Language::ZhCn, "2026-06"), "2026年6月");
        assert_eq!(date(Language::En, "2026-06"), "Jun 2026");
        assert_eq!(date(Language::En, "2026-13-01"), "2026-13-01");
        assert_eq!(date(Language::En, "founding article"), "founding article");
    }

    #[test]
    fn messages_take_their_arguments() {
        let en = Translator::new(Language::En);
        let zh = Translator::new(Language::ZhCn);
        let r = Reason::OnDemandPrice {
            usd_per_gpu_hour: 0.4,
        };
        assert_eq!(
            en.reason(&r),
            "Ranked on its on-demand price, $0.40 per GPU-hour"
        );
        assert_eq!(zh.reason(&r), "按按需价格排序：每 GPU 小时 US$0.40");
        let n = Notice {
            kind: crate::share::NoticeKind::DuplicateName,
            field: "plan".into(),
            detail: "plan (2)".into(),
        };
        assert_eq!(
            en.notice(&n),
            "The name “plan” is already used; saved as “plan (2)”"
        );
        assert_eq!(en.text("no-such-message"), "no-such-message");
        assert_eq!(zh.text("language-name"), "简体中文");
    }
}

/// Translation completeness: both files parse, define the same messages with the same
/// variables, and contain every message id the code uses with the arguments it passes.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod completeness {
    use super::*;
    use fluent_syntax::ast;
    use std::collections::{BTreeMap, BTreeSet};

    fn inline_vars(e: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
        match e {
            ast::InlineExpression::VariableReference { id } => {
                out.insert(id.name.to_string());
            }
            ast::InlineExpression::FunctionReference { arguments, .. } => {
                args_vars(arguments, out);
            }
            ast::InlineExpression::TermReference {
                arguments: Some(a), ..
            } => args_vars(a, out),
            ast::InlineExpression::Placeable { expression } => expr_vars(expression, out),
            _ => {}
        }
    }

    fn args_vars(a: &ast::CallArguments<&str>, out: &mut BTreeSet<String>) {
        for p in &a.positional {
            inline_vars(p, out);
        }
        for n in &a.named {
            inline_vars(&n.value, out);
        }
    }

    fn expr_vars(e: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
        match e {
            ast::Expression::Inline(i) => inline_vars(i, out),
            ast::Expression::Select { selector, variants } => {
                inline_vars(selector, out);
                for v in variants {
                    pattern_vars(&v.value, out);
                }
            }
        }
    }

    fn pattern_vars(p: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
        for el in &p.elements {
            if let ast::PatternElement::Placeable { expression } = el {
                expr_vars(expression, out);
            }
        }
    }

    /// Message id → variables, for one file; panics on a syntax error or a duplicate id.
    fn messages(lang: Language) -> BTreeMap<String, BTreeSet<String>> {
        let res = fluent_syntax::parser::parse(lang.ftl())
            .unwrap_or_else(|(_, errs)| panic!("{}: {errs:?}", lang.tag()));
        let mut out = BTreeMap::new();
        for entry in res.body {
            if let ast::Entry::Message(m) = entry {
                let mut vars = BTreeSet::new();
                let value = m
                    .value
                    .unwrap_or_else(|| panic!("{} has no value", m.id.name));
                pattern_vars(&value, &mut vars);
                assert!(
                    out.insert(m.id.name.to_string(), vars).is_none(),
                    "{}: duplicate {}",
                    lang.tag(),
                    m.id.name
                );
            }
        }
        out
    }

    /// The files stay in the subset `Translator` formats: every message is one line, every
    /// placeable a variable reference, no terms, attributes or selectors.
    #[test]
    fn messages_use_only_the_subset_the_translator_formats() {
        for lang in Language::ALL {
            let res = fluent_syntax::parser::parse(lang.ftl()).expect("valid Fluent");
            for entry in &res.body {
                match entry {
                    ast::Entry::Message(m) => {
                        assert!(m.attributes.is_empty(), "{}: attributes", m.id.name);
                        for el in &m.value.as_ref().expect("value").elements {
                            match el {
                                ast::PatternElement::TextElement { value } => {
                                    assert!(!value.contains('\n'), "{}: several lines", m.id.name);
                                }
                                ast::PatternElement::Placeable { expression } => assert!(
                                    matches!(
                                        expression,
                                        ast::Expression::Inline(
                                            ast::InlineExpression::VariableReference { .. }
                                        )
                                    ),
                                    "{}: only {{ $variable }} placeables",
                                    m.id.name
                                ),
                            }
                        }
                    }
                    ast::Entry::Comment(_)
                    | ast::Entry::GroupComment(_)
                    | ast::Entry::ResourceComment(_) => {}
                    other => panic!("{}: unsupported entry {other:?}", lang.tag()),
                }
            }
        }
    }

    /// Every message formats exactly as `fluent-bundle` formats it (isolation marks off), with
    /// all its arguments, with none, and the lookup of a missing id.
    #[test]
    fn messages_format_as_fluent_bundle_formats_them() {
        use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
        for lang in Language::ALL {
            let t = Translator::new(lang);
            let resource = FluentResource::try_new(lang.ftl().to_string()).expect("valid");
            let id: unic_langid::LanguageIdentifier = lang.tag().parse().expect("tag");
            let mut bundle = FluentBundle::new(vec![id]);
            bundle.set_use_isolating(false);
            bundle.add_resource(resource).expect("no duplicates");
            let all = messages(lang);
            assert_eq!(t.messages.len(), all.len());
            for (id, vars) in &all {
                assert!(t.has(id));
                let pattern = bundle.get_message(id).and_then(|m| m.value()).expect(id);
                let mut fargs = FluentArgs::new();
                let mut args = Vec::new();
                for (i, v) in vars.iter().enumerate() {
                    let text = format!("«{v} {i} {{$x}}»");
                    fargs.set(v.clone(), FluentValue::from(text.clone()));
                    args.push((v.as_str(), Arg::Text(text)));
                }
                let mut errors = Vec::new();
                let expected = bundle.format_pattern(pattern, Some(&fargs), &mut errors);
                assert_eq!(t.text_with(id, &args), expected, "{id}");
                let expected = bundle.format_pattern(pattern, None, &mut errors);
                assert_eq!(t.text(id), expected, "{id} without arguments");
            }
            assert!(!t.has("no-such-message"));
        }
    }

    #[test]
    fn both_languages_have_the_same_messages_and_variables() {
        let en = messages(Language::En);
        let zh = messages(Language::ZhCn);
        let en_ids: BTreeSet<_> = en.keys().collect();
        let zh_ids: BTreeSet<_> = zh.keys().collect();
        assert_eq!(
            en_ids.symmetric_difference(&zh_ids).collect::<Vec<_>>(),
            Vec::<&&String>::new(),
            "messages missing in one language"
        );
        for (id, vars) in &en {
            assert_eq!(Some(vars), zh.get(id), "variables of {id} differ");
        }
    }

    fn check_used(all: &BTreeMap<String, BTreeSet<String>>, id: &str, passed: &[&str]) {
        let vars = all
            .get(id)
            .unwrap_or_else(|| panic!("message {id} is used by the code but missing"));
        for v in vars {
            assert!(passed.contains(&v.as_str()), "{id} uses ${v}, not passed");
        }
    }

    /// The message ids the UI sources use, with the argument names passed: every string
    /// literal that looks like an interface id (`"ui-…"`, `"language-…"`), and for each
    /// `text_with("id", &[("name", …), …])` call the names in its argument list (up to the
    /// first `]`).
    fn ui_message_uses() -> Vec<(String, Vec<String>)> {
        let dir = format!("{}/src/ui", env!("CARGO_MANIFEST_DIR"));
        let mut uses = Vec::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let src = std::fs::read_to_string(entry.unwrap().path()).unwrap();
            let starts = src
                .match_indices("\"ui-")
                .chain(src.match_indices("\"language-"))
                .map(|(at, _)| at);
            for at in starts {
                let Some(len) = src[at + 1..].find('"') else {
                    continue;
                };
                let lit = &src[at + 1..at + 1 + len];
                let is_id = lit
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
                if !is_id {
                    continue;
                }
                let before = src[..at].trim_end();
                let mut args = Vec::new();
                if before.ends_with("text_with(") {
                    let rest = &src[at..];
                    let end = rest.find(']').unwrap_or(rest.len());
                    for part in rest[..end].split("(\"").skip(1) {
                        if let Some(name) = part.split('"').next() {
                            args.push(name.to_string());
                        }
                    }
                }
                uses.push((lit.to_string(), args));
            }
        }
        uses
    }

    #[test]
    fn every_message_the_ui_uses_exists_in_both_languages_with_its_arguments() {
        let uses = ui_message_uses();
        assert!(
            uses.iter()
                .any(|(id, a)| id == "ui-save-failed" && a == &["detail"]),
            "the scan finds the UI's messages and their arguments: {uses:?}"
        );
        for lang in Language::ALL {
            let all = messages(lang);
            for (id, args) in &uses {
                let passed: Vec<&str> = args.iter().map(String::as_str).collect();
                check_used(&all, id, &passed);
                for n in &passed {
                    assert!(all[id.as_str()].contains(*n), "{id}: ${n} unused");
                }
            }
        }
    }

    #[test]
    fn every_message_the_code_uses_exists_with_its_arguments() {
        for lang in Language::ALL {
            let all = messages(lang);
            for k in crate::share::NoticeKind::ALL {
                check_used(&all, k.message_id(), &["field", "detail"]);
            }
            let samples = [
                Reason::MatchesGpu { gpu: "A100" },
                Reason::EnoughMemory { gib: 80.0 },
                Reason::NvLink,
                Reason::InChinaMainland,
                Reason::OutsideChinaMainland,
                Reason::SpotPrice {
                    usd_per_gpu_hour: 1.0,
                },
                Reason::CommittedPrice {
                    usd_per_gpu_hour: 1.0,
                    term_months: 12,
                },
                Reason::OnDemandPrice {
                    usd_per_gpu_hour: 1.0,
                },
                Reason::FailureBudget { pct: 12.0 },
                Reason::SlaFirst,
                Reason::ManagedToolchain,
                Reason::SelfManaged,
            ];
            assert_eq!(samples.len(), Reason::MESSAGE_IDS.len());
            for r in &samples {
                let args = r.args();
                let names: Vec<&str> = args.iter().map(|(n, _)| *n).collect();
                check_used(&all, r.message_id(), &names);
                // Every argument passed is used, so no reason silently loses its number.
                for n in &names {
                    assert!(
                        all[r.message_id()].contains(*n),
                        "{}: ${n} unused",
                        r.message_id()
                    );
                }
            }
            for p in crate::presets::PRESETS {
                check_used(&all, &p.name_id(), &[]);
                check_used(&all, &p.description_id(), &[]);
            }
            check_used(&all, "language-name", &[]);
            let t = Translator::new(lang);
            assert!(t.has("language-name"));
        }
    }
}
