//! Errors and notices as the page shows them: each refusal, engine error, load notice, typed
//! number error and decision-helper reason turned into a translated sentence (methods of
//! [`Translator`]). The one place that makes page text from an error (the CLI uses the
//! errors' English `Display`).

use crate::advisor::Reason;
use crate::i18n::{Arg, Msg, Translator};
use crate::validation::MAX_COMPARED;
use planner_core::share::{Notice, NoticeKind};

/// The message of a load notice of kind `kind` in `locales/*.ftl` (arguments `$field`,
/// `$detail`, the notice's fields).
#[must_use]
pub fn notice_message(kind: NoticeKind) -> Msg {
    match kind {
        NoticeKind::UnknownField => msg!("notice-unknown-field"),
        NoticeKind::Rejected => msg!("notice-rejected"),
        NoticeKind::OptionDropped => msg!("notice-option-dropped"),
        NoticeKind::NoOptions => msg!("notice-no-options"),
        NoticeKind::OlderVersion => msg!("notice-older-version"),
        NoticeKind::NewerVersion => msg!("notice-newer-version"),
        NoticeKind::LinkTooLong => msg!("notice-link-too-long"),
        NoticeKind::LinkTruncated => msg!("notice-link-truncated"),
        NoticeKind::LinkCorrupt => msg!("notice-link-corrupt"),
        NoticeKind::LinkTooLarge => msg!("notice-link-too-large"),
        NoticeKind::NotJson => msg!("notice-not-json"),
        NoticeKind::UnknownLanguage => msg!("notice-unknown-language"),
        NoticeKind::StorageCorrupt => msg!("notice-storage-corrupt"),
        NoticeKind::DuplicateName => msg!("notice-duplicate-name"),
        NoticeKind::StorageNewer => msg!("notice-storage-newer"),
        NoticeKind::ImportRefused => msg!("notice-import-refused"),
    }
}

impl Translator {
    /// A load notice as a sentence (`$field`, `$detail`).
    #[must_use]
    pub fn notice(&self, n: &Notice) -> String {
        self.text_with(
            notice_message(n.kind),
            &[
                ("field", Arg::Text(n.field.clone())),
                ("detail", Arg::Text(n.detail.clone())),
            ],
        )
    }

    /// Why a typed number was rejected, as shown beside the field.
    #[must_use]
    pub fn input_error(&self, e: &planner_core::input::InputError) -> String {
        use planner_core::input::InputError as E;
        let text = |v: &String| [("value", Arg::Text(v.clone()))];
        match e {
            E::Empty => self.text(msg!("input-empty")),
            E::DecimalComma(v) => self.text_with(msg!("input-decimal-comma"), &text(v)),
            E::NotANumber(v) => self.text_with(msg!("input-not-a-number"), &text(v)),
            E::NotFinite => self.text(msg!("input-not-finite")),
            E::NotInteger => self.text(msg!("input-not-integer")),
            E::TooSmall(v) => self.text_with(msg!("input-too-small"), &text(v)),
            E::TooLarge(v) => self.text_with(msg!("input-too-large"), &text(v)),
            E::ZeroOrAtLeast(v) => self.text_with(msg!("input-zero-or-at-least"), &text(v)),
        }
    }

    /// An engine error as shown in the UI: its kind, the field in words where the UI has a
    /// name for it (the path stays in parentheses), and the reason translated where it is one
    /// of the engine's common forms (range checks, required values); other reasons are shown
    /// as the engine wrote them. The CLI keeps the engine's English `Display`.
    #[must_use]
    pub fn engine_error(&self, e: &planner_engine::EngineError) -> String {
        use planner_engine::EngineError as E;
        match e {
            E::Invalid { field, reason } => self.text_with(
                msg!("engine-invalid"),
                &[
                    ("field", Arg::Text(self.field_name(field))),
                    ("reason", Arg::Text(self.engine_reason(reason))),
                ],
            ),
            E::UnknownOffer { field, id } => self.text_with(
                msg!("engine-unknown-offer"),
                &[
                    ("field", Arg::Text(self.field_name(field))),
                    ("id", Arg::Text(id.clone())),
                ],
            ),
            E::Parse(detail) => self.text_with(
                msg!("engine-parse"),
                &[("detail", Arg::Text(detail.clone()))],
            ),
        }
    }

    /// A field path in words: `workload.gpus` → `GPUs (workload.gpus)` when the last segment
    /// has a `field-…` message, else the path itself.
    fn field_name(&self, path: &str) -> String {
        let last = path.rsplit('.').next().unwrap_or(path);
        let last = last.split('[').next().unwrap_or(last);
        let id = format!("field-{}", last.replace('_', "-"));
        if let Some(id) = Msg::named(&id) {
            self.text_with(
                msg!("engine-field"),
                &[
                    ("name", Arg::Text(self.text(id))),
                    ("path", Arg::Text(path.to_string())),
                ],
            )
        } else {
            path.to_string()
        }
    }

    /// An engine reason translated where it has one of the engine's common forms.
    fn engine_reason(&self, reason: &str) -> String {
        let got = |rest: &str| {
            rest.strip_suffix(')')
                .and_then(|r| r.rsplit_once("(got "))
                .map(|(_, v)| v.to_string())
        };
        if let Some(v) = reason
            .strip_prefix("must be a finite number from 0 to 1e15 ")
            .and_then(got)
        {
            return self.text_with(msg!("engine-non-negative"), &[("value", Arg::Text(v))]);
        }
        if let Some(v) = reason
            .strip_prefix("must be a finite number above 0, at most 1e15 ")
            .and_then(got)
        {
            return self.text_with(msg!("engine-positive"), &[("value", Arg::Text(v))]);
        }
        if let Some(rest) = reason.strip_prefix("must be between ") {
            if let (Some((min, tail)), Some(v)) = (rest.split_once(" and "), got(rest)) {
                if let Some((max, _)) = tail.split_once(" (got ") {
                    return self.text_with(
                        msg!("engine-between"),
                        &[
                            ("min", Arg::Text(min.to_string())),
                            ("max", Arg::Text(max.to_string())),
                            ("value", Arg::Text(v)),
                        ],
                    );
                }
            }
        }
        let fixed = [
            ("needs at least one option", msg!("engine-needs-option")),
            ("is required in fleet mode", msg!("engine-required-fleet")),
            ("is required in job mode", msg!("engine-required-job")),
            ("is required: the offer lists no spot price", msg!("engine-no-spot-price")),
            (
                "the on-demand share (what reserved and spot do not cover) needs an on-demand price or a monthly package",
                msg!("engine-on-demand-share"),
            ),
            ("switch to job mode first", msg!("engine-job-mode-first")),
            ("switch to fleet mode first", msg!("engine-fleet-mode-first")),
        ];
        match fixed.iter().find(|(r, _)| *r == reason) {
            Some((_, id)) => self.text(*id),
            None => reason.to_string(),
        }
    }

    /// Why an action on the scenario was refused, as shown in the notice.
    #[must_use]
    pub fn scenario_error(&self, e: &crate::validation::ScenarioError) -> String {
        use crate::validation::ScenarioError as E;
        match e {
            E::TooManyOffers => self.text_with(
                msg!("scenario-too-many"),
                &[("max", Arg::Number(MAX_COMPARED as f64))],
            ),
            E::Strategy(reason) => self.text_with(
                msg!("scenario-strategy"),
                &[("reason", Arg::Text(self.strategy_reason(reason)))],
            ),
            E::OutOfRange(field) => self.text_with(
                msg!("scenario-out-of-range"),
                &[("field", Arg::Text(self.field_name(field)))],
            ),
        }
    }

    /// A strategy refusal: the engine's `field: reason` text with both parts translated.
    fn strategy_reason(&self, text: &str) -> String {
        match text.split_once(": ") {
            Some((field, reason)) if !field.contains(' ') => self.text_with(
                msg!("engine-invalid"),
                &[
                    ("field", Arg::Text(self.field_name(field))),
                    ("reason", Arg::Text(self.engine_reason(reason))),
                ],
            ),
            _ => self.engine_reason(text),
        }
    }

    /// Why a scenario file could not be shown.
    #[must_use]
    pub fn from_file_error(&self, e: &crate::state::file::FromFileError) -> String {
        use crate::state::file::FromFileError as E;
        match e {
            E::Invalid(e) => self.engine_error(e),
            E::TooManyOptions(n) => self.text_with(
                msg!("scenario-file-too-many"),
                &[
                    ("count", Arg::Number(*n as f64)),
                    ("max", Arg::Number(MAX_COMPARED as f64)),
                ],
            ),
        }
    }

    /// A decision-helper reason as a sentence.
    #[must_use]
    pub fn reason(&self, r: &Reason) -> String {
        self.text_with(r.message_id(), &r.args())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use planner_core::language::Language;

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
            kind: planner_core::share::NoticeKind::DuplicateName,
            field: "plan".into(),
            detail: "plan (2)".into(),
        };
        assert_eq!(
            en.notice(&n),
            "The name “plan” is already used; saved as “plan (2)”"
        );
        assert_eq!(en.text_named("no-such-message", &[]), "no-such-message");
        // Input errors read as the engine-independent `Display` text in English.
        for e in [
            planner_core::input::InputError::Empty,
            planner_core::input::InputError::DecimalComma("1.5".into()),
            planner_core::input::InputError::NotANumber("abc".into()),
            planner_core::input::InputError::NotFinite,
            planner_core::input::InputError::NotInteger,
            planner_core::input::InputError::TooSmall("1".into()),
            planner_core::input::InputError::TooLarge("24".into()),
            planner_core::input::InputError::ZeroOrAtLeast("0.0003".into()),
        ] {
            assert_eq!(en.input_error(&e), e.to_string());
            assert!(!zh.input_error(&e).is_ascii(), "{e}");
        }
        // Engine errors: English reads as the engine's text; Chinese translates the common forms.
        let e = planner_engine::positive("workload.gpus", -1.0).unwrap_err();
        assert_eq!(
            en.engine_error(&e),
            "GPUs (workload.gpus): must be a finite number above 0, at most 1e15 (got -1)"
        );
        assert_eq!(
            zh.engine_error(&e),
            "GPU 数（workload.gpus）：必须是大于 0、不超过 1e15 的有限数（当前为 -1）"
        );
        let e = planner_engine::in_range("options[0].portfolio.spot", 2.0, 0.0, 1.0).unwrap_err();
        assert_eq!(
            zh.engine_error(&e),
            "竞价比例（options[0].portfolio.spot）：必须在 0 到 1 之间（当前为 2）"
        );
        let s = crate::validation::ScenarioError::TooManyOffers;
        assert_eq!(en.scenario_error(&s), s.to_string());
        assert!(!zh.scenario_error(&s).is_ascii());
        assert_eq!(zh.text(msg!("language-name")), "简体中文");
    }
}
