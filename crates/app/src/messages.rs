//! Errors and notices as the page shows them: the one place that turns each variant of every
//! error and notice (the engine's [`Problem`]s, the documents' [`FileError`]s and load
//! [`Notice`]s, typed-number [`InputError`]s, the reducer's [`ScenarioError`]s, price-list
//! [`ImportError`]s and [`RowError`]s, catalog [`Warning`]s, decision-helper [`Reason`]s) into a
//! message id of `locales/*.ftl` and its arguments, rendered in the translator's language
//! (numbers by [`crate::i18n`]'s locale rules). Nothing here reads English text: every match is
//! on a variant, every argument a number or the data a variant carries (a field's path, a
//! value the user or a file gave). The command line uses the errors' English `Display`.

use crate::advisor::Reason;
use crate::i18n::{Arg, Msg, Translator};
use crate::state::file::FromFileError;
use crate::validation::{Input, ScenarioError, MAX_COMPARED};
use planner_core::catalog::support::SupportAsOf;
use planner_core::catalog::validation::Warning;
use planner_core::catalog::STALE_AFTER_MONTHS;
use planner_core::catalog::{BillingMode, Gap, GapKind};
use planner_core::error::{
    BrowserAction, BrowserRefusal, Expected, FileError, FileProblem, Found, JsonSyntax,
};
use planner_core::file::VERSION;
use planner_core::input::InputError;
use planner_core::share::{
    ImportRefusal, LinkDamage, Notice, NoticeKind, StorageDamage, WriteError, MAX_INFLATED_BYTES,
};
use planner_core::storage::StorageError;
use planner_engine::{Capacity, Count, EngineError, Field, FieldPath, Mode, Problem, Step};

/// What a chart panel could not do (the web app reports it under the chart).
#[derive(Clone, Debug, PartialEq)]
pub enum BrowserFailure {
    /// The chart could not be drawn (plotters' SVG backend refused).
    Drawing,
    /// The browser refused a download or the PNG export.
    Browser(BrowserRefusal),
}

/// The label of an editor field (the same words as the field's own label on the page).
fn input_label(input: Input) -> Msg {
    match input {
        Input::Gpus => msg!("ui-gpus"),
        Input::HoursPerDay => msg!("ui-hours-per-day"),
        Input::Months => msg!("ui-months"),
        Input::ExchangeRate => msg!("ui-exchange-rate"),
        Input::DaysPerWeek => msg!("ui-days-per-week"),
        Input::Contingency => msg!("ui-contingency"),
        Input::SpotShare => msg!("ui-spot-share"),
        Input::ReservedShare => msg!("ui-reserved-share"),
        Input::Interruptions => msg!("ui-interruptions"),
        Input::CheckpointInterval => msg!("ui-checkpoint-every"),
        Input::CheckpointWrite => msg!("ui-checkpoint-write"),
        Input::Restart => msg!("ui-restart-time"),
        Input::Storage => msg!("ui-storage-kept"),
        Input::Egress => msg!("ui-egress"),
        Input::StoragePrice => msg!("ui-storage-price"),
        Input::EgressPrice => msg!("ui-egress-price"),
        Input::Work => msg!("ui-work"),
        Input::Deadline => msg!("ui-finish-within"),
        Input::ScalingEfficiency => msg!("ui-scaling-efficiency"),
        Input::Throughput => msg!("ui-throughput-yours"),
        Input::ReservedTerm => msg!("ui-reserved-term"),
        Input::ReservedUpfront => msg!("ui-reserved-upfront"),
        Input::ReservedPrice => msg!("ui-reserved-price"),
        Input::ServerGpus => msg!("field-server-gpus"),
        Input::Purchase => msg!("ui-buy-purchase"),
        Input::Life => msg!("ui-buy-life"),
        Input::Residual => msg!("ui-buy-residual"),
        Input::Power => msg!("ui-buy-power"),
        Input::Pue => msg!("field-pue"),
        Input::ElectricityPrice => msg!("ui-buy-electricity"),
        Input::Operations => msg!("ui-buy-operations"),
        Input::SavingsPlanCommitment => msg!("ui-savings-plan-commitment"),
        Input::SavingsPlanRate => msg!("ui-savings-plan-rate"),
        Input::SavingsPlanTerm => msg!("ui-savings-plan-term"),
        Input::SupportMinimum => msg!("ui-support-minimum"),
        Input::SupportPct => msg!("ui-support-pct"),
        Input::PackageDay => msg!("ui-package-day"),
        Input::PackageWeek => msg!("ui-package-week"),
        Input::PackageMonth => msg!("ui-package-month"),
        Input::PackageYear => msg!("ui-package-year"),
        Input::SettlementUnit => msg!("ui-settlement-unit"),
        Input::HostFailures => msg!("ui-host-failures"),
        Input::OffPeakPrice => msg!("ui-off-peak-price"),
        Input::PeakFrom => msg!("ui-peak-from"),
        Input::PeakTo => msg!("ui-peak-to"),
        Input::Trials => msg!("ui-mc-trials"),
        Input::Seed => msg!("ui-mc-seed"),
        Input::FreeMonthly => msg!("ui-free-monthly"),
        Input::FreeOnce => msg!("ui-free-once"),
        Input::BidCap => msg!("ui-bid-cap"),
        Input::DeadlineSpotHours => msg!("ui-deadline-spot"),
    }
}

/// The name of the field at `path` in words, where the page has one (the last field on the
/// path, read with the one before it: `portfolio.reserved` is a share, `reserved` a term).
fn field_label(path: &FieldPath) -> Option<Msg> {
    let steps = path.steps();
    let field = path.named_field()?;
    let at = steps.iter().rposition(|s| *s == Step::Field(field))?;
    let parent = steps[..at].iter().rev().find_map(|s| match s {
        Step::Field(f) => Some(*f),
        Step::Index(_) => None,
    });
    Some(match (parent, field) {
        (Some(Field::Portfolio), Field::Reserved) => msg!("field-reserved-share"),
        (Some(Field::Portfolio), Field::Spot) => msg!("field-spot-share"),
        (_, Field::Portfolio) => msg!("field-portfolio"),
        (_, Field::Reserved) => msg!("field-reserved-term"),
        (_, Field::Spot) => msg!("field-spot"),
        (Some(Field::Spot), Field::PerHour | Field::Hourly) => msg!("field-spot-per-hour"),
        (Some(Field::Buy), Field::Gpus) => msg!("field-server-gpus"),
        (_, Field::Gpus) => msg!("ui-gpus"),
        (_, Field::HoursPerDay) => msg!("ui-hours-per-day"),
        (_, Field::DaysPerWeek) => msg!("ui-days-per-week"),
        (_, Field::HorizonMonths) => msg!("ui-months"),
        (_, Field::GpuHours) => msg!("ui-work"),
        (_, Field::WithinMonths) => msg!("ui-finish-within"),
        (_, Field::ScalingEfficiency) => msg!("ui-scaling-efficiency"),
        (_, Field::UsdPerCny) => msg!("ui-exchange-rate"),
        (_, Field::ContingencyPct) => msg!("ui-contingency"),
        (_, Field::StorageGb) => msg!("ui-storage-kept"),
        (_, Field::EgressGbPerMonth) => msg!("ui-egress"),
        (_, Field::StoragePerGbMonth) => msg!("ui-storage-price"),
        (_, Field::StorageBilledWhileStopped) => msg!("ui-storage-while-stopped"),
        (_, Field::EgressPerGb) => msg!("ui-egress-price"),
        (_, Field::IntervalHours) => msg!("ui-checkpoint-every"),
        (_, Field::WriteHours) => msg!("ui-checkpoint-write"),
        (_, Field::RestartHours) => msg!("ui-restart-time"),
        (_, Field::SavingsPlan) => msg!("ui-savings-plan"),
        (_, Field::Support) => msg!("ui-support-plan"),
        (_, Field::Packages) => msg!("ui-packages"),
        (_, Field::Settlement | Field::PeriodSeconds | Field::RoundUp) => msg!("ui-settlement"),
        (_, Field::Unit) => msg!("ui-settlement-unit"),
        (_, Field::DeadlineSpot | Field::DeadlineHours) => msg!("ui-deadline-spot"),
        (_, Field::PerDay) => msg!("ui-package-day"),
        (_, Field::PerWeek) => msg!("ui-package-week"),
        (_, Field::PerMonth) => msg!("ui-package-month"),
        (_, Field::PerYear) => msg!("ui-package-year"),
        (Some(Field::Support), Field::SupportPlanId) => msg!("ui-support-plan"),
        (_, Field::MinimumPerMonth) => msg!("ui-support-minimum"),
        (_, Field::Tiers | Field::UpTo | Field::Pct) => msg!("ui-support-tiers"),
        (_, Field::CommitmentPerHour) => msg!("ui-savings-plan-commitment"),
        (_, Field::PlanPerHour) => msg!("ui-savings-plan-rate"),
        (Some(Field::SavingsPlan), Field::TermMonths) => msg!("ui-savings-plan-term"),
        (_, Field::TermMonths) => msg!("ui-reserved-term"),
        (_, Field::Upfront) => msg!("ui-reserved-upfront"),
        (_, Field::RecurringPerHour) => msg!("ui-reserved-price"),
        (_, Field::OnDemandPerHour | Field::Schedule) => msg!("field-on-demand-price"),
        (_, Field::BidCapPerHour) => msg!("field-bid-cap"),
        (_, Field::InterruptionsPerHour) => msg!("ui-interruptions"),
        (_, Field::ThroughputFactor) => msg!("ui-throughput-yours"),
        (_, Field::GpusPerInstance) => msg!("ui-gpus-per-instance"),
        (_, Field::Purchase) => msg!("ui-buy-purchase"),
        (_, Field::LifeYears) => msg!("ui-buy-life"),
        (_, Field::Residual) => msg!("ui-buy-residual"),
        (_, Field::Kw) => msg!("ui-buy-power"),
        (_, Field::Pue) => msg!("field-pue"),
        (_, Field::PricePerKwh) => msg!("ui-buy-electricity"),
        (_, Field::OpsPerMonth) => msg!("ui-buy-operations"),
        (_, Field::Month) => msg!("ui-month-length"),
        (_, Field::Start) => msg!("ui-first-month"),
        (_, Field::Currency) => msg!("ui-currency"),
        (_, Field::Offer) => msg!("field-offer"),
        (_, Field::Workload) => msg!("ui-workload"),
        (_, Field::Options) => msg!("field-options"),
        (_, Field::Version | Field::V) => msg!("field-version"),
        _ => return None,
    })
}

impl Translator {
    /// A catalog source's reference or note as the page shows it: each `idx:NNN` (a file the
    /// catalog's gatherers found through a search index that gives its record number, not its
    /// repository or path; `data/catalog-sources/PROVENANCE.md`) is said in words, in the
    /// page's language, with its record number; the rest is as written.
    #[must_use]
    pub fn source_text(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(at) = rest.find("idx:") {
            let after = &rest[at + 4..];
            let digits = after.bytes().take_while(u8::is_ascii_digit).count();
            out.push_str(&rest[..at]);
            if digits == 0 {
                out.push_str("idx:");
            } else {
                out.push_str(&self.text_one(msg!("ui-index-record"), "id", &after[..digits]));
            }
            rest = &after[digits..];
        }
        out.push_str(rest);
        out
    }

    /// How a committed-use term is paid, as the page names it ("no upfront" / "无预付").
    #[must_use]
    pub fn payment(&self, p: planner_core::catalog::Payment) -> String {
        use planner_core::catalog::Payment;
        self.text(match p {
            Payment::AllUpfront => msg!("ui-payment-all-upfront"),
            Payment::PartialUpfront => msg!("ui-payment-partial-upfront"),
            Payment::NoUpfront => msg!("ui-payment-no-upfront"),
        })
    }

    /// A number as an error quotes it back: in full with grouping; in scientific notation
    /// when huge or tiny (`1e300`, not 301 digits); in words when not a number or infinite
    /// (never "NaN" or "inf" on screen).
    fn value(&self, x: f64) -> Arg {
        if x.is_nan() {
            Arg::Text(self.text(msg!("value-not-a-number")))
        } else if x.is_infinite() {
            Arg::Text(self.text(msg!("value-beyond-largest")))
        } else if x != 0.0 && !(1e-6..1e16).contains(&x.abs()) {
            Arg::Text(planner_core::float_text::scientific(x))
        } else {
            Arg::Exact(x)
        }
    }

    /// A path as the page shows it: as the file writes it, or "the whole document".
    fn path(&self, path: &FieldPath) -> String {
        if path.is_root() {
            self.text(msg!("field-top-level"))
        } else {
            path.to_string()
        }
    }

    /// A field in words, as the page labels it (`GPUs`; never its path, which is no page
    /// text), or its path when the page has no name for it.
    #[must_use]
    pub fn field(&self, path: &FieldPath) -> String {
        match field_label(path) {
            Some(name) => self.text(name),
            None => self.path(path),
        }
    }

    /// Why the engine refused a value.
    #[must_use]
    pub fn problem(&self, p: &Problem) -> String {
        match *p {
            Problem::NonNegative { value } => {
                self.text_with(msg!("engine-non-negative"), &[("value", self.value(value))])
            }
            Problem::Positive { value } => {
                self.text_with(msg!("engine-positive"), &[("value", self.value(value))])
            }
            Problem::Between { value, min, max } => self.text_with(
                msg!("engine-between"),
                &[
                    ("min", self.value(min)),
                    ("max", self.value(max)),
                    ("value", self.value(value)),
                ],
            ),
            Problem::WholeBetween {
                value,
                min,
                max,
                count,
            } => {
                let (min, max, value) = (
                    Arg::Exact(min as f64),
                    Arg::Exact(max as f64),
                    Arg::Exact(value as f64),
                );
                match count {
                    Count::Plain => self.text_with(
                        msg!("engine-whole-between"),
                        &[("min", min), ("max", max), ("value", value)],
                    ),
                    Count::Months => self.text_with(
                        msg!("engine-months-between"),
                        &[("min", min), ("max", max), ("value", value)],
                    ),
                    Count::Hour => self.text_with(
                        msg!("engine-hour-between"),
                        &[("min", min), ("max", max), ("value", value)],
                    ),
                }
            }
            Problem::ZeroGpus => self.text(msg!("engine-zero-gpus")),
            Problem::UnderOneSecond => self.text(msg!("engine-under-one-second")),
            Problem::SharesAbove100 { pct } => {
                self.text_with(msg!("engine-shares-above-100"), &[("pct", self.value(pct))])
            }
            Problem::ReservedShareWithoutPrices => {
                self.text(msg!("engine-reserved-share-without-prices"))
            }
            Problem::SpotShareWithoutPrices => self.text(msg!("engine-spot-share-without-prices")),
            Problem::OnDemandShareWithoutPrice => self.text(msg!("engine-on-demand-share")),
            Problem::RequiredInMode(Mode::Fleet) => self.text(msg!("engine-required-fleet")),
            Problem::RequiredInMode(Mode::Job) => self.text(msg!("engine-required-job")),
            Problem::NoSpotHour => self.text(msg!("engine-no-spot-hour")),
            Problem::NoOnDemandFallback => self.text(msg!("engine-no-on-demand-fallback")),
            Problem::NoGpuCount => self.text(msg!("engine-no-gpu-count")),
            Problem::Overhead {
                capacity,
                value,
                gpus,
            } => {
                let capacity = self.text(match capacity {
                    Capacity::Reserved => msg!("capacity-reserved"),
                    Capacity::Spot => msg!("capacity-spot"),
                    Capacity::OnDemand => msg!("capacity-on-demand"),
                });
                self.text_with(
                    msg!("engine-overhead"),
                    &[
                        ("capacity", Arg::Text(capacity)),
                        ("value", self.value(value)),
                        ("gpus", Arg::Number(gpus.round())),
                    ],
                )
            }
            Problem::NeverFinishes {
                months,
                gpus,
                overhead,
            } => self.text_with(
                msg!("engine-never-finishes"),
                &[
                    ("months", Arg::Exact(f64::from(months))),
                    ("gpus", Arg::Number(gpus.round())),
                    // Grouped to 2 decimals; a factor of a million or more in 3
                    // significant figures ("7.79e17").
                    (
                        "overhead",
                        if overhead < 1e6 {
                            Arg::Number(overhead)
                        } else {
                            // By hand: std's `{:e}` with a precision links its exact float
                            // formatting into the wasm (about 5.7 KB gzip, measured).
                            #[allow(clippy::cast_possible_truncation)]
                            let exp = overhead.log10().floor() as i32;
                            let mantissa = overhead / 10f64.powi(exp);
                            Arg::Text(format!(
                                "{}e{exp}",
                                planner_core::format::number(mantissa, 2)
                            ))
                        },
                    ),
                ],
            ),
            Problem::FreeTerm => self.text(msg!("engine-free-term")),
            Problem::NoRate => self.text(msg!("engine-no-rate")),
            Problem::TierBound { value, above } => self.text_with(
                msg!("engine-tier-bound"),
                &[("above", self.value(above)), ("value", self.value(value))],
            ),
            Problem::UnboundedTierNotLast => self.text(msg!("engine-unbounded-tier")),
            Problem::NoPackagePrice => self.text(msg!("engine-no-package-price")),
            Problem::OnlyInJobMode => self.text(msg!("engine-only-job")),
            Problem::DeadlineTooShort {
                value,
                on_demand_hours,
            } => self.text_with(
                msg!("engine-deadline-too-short"),
                &[
                    ("need", self.value(on_demand_hours)),
                    ("value", self.value(value)),
                ],
            ),
            Problem::PeriodNotDividingDay { value } => self.text_with(
                msg!("engine-period-not-dividing-day"),
                &[("value", Arg::Exact(f64::from(value)))],
            ),
        }
    }

    /// Where a text stops being JSON.
    fn json_syntax(&self, s: &JsonSyntax) -> String {
        let line = Arg::Exact(s.line as f64);
        let column = Arg::Exact(s.column as f64);
        match s.found {
            _ if s.eof => self.text_with(
                msg!("json-ends-early"),
                &[("line", line), ("column", column)],
            ),
            Some(c) => self.text_with(
                msg!("json-unexpected"),
                &[
                    ("found", Arg::Text(c.to_string())),
                    ("line", line),
                    ("column", column),
                ],
            ),
            None => self.text_with(msg!("json-line-end"), &[("line", line)]),
        }
    }

    /// What a JSON value was.
    fn found(&self, f: &Found) -> String {
        match f {
            Found::Null => self.text(msg!("found-null")),
            Found::Bool(b) => self.text_one(msg!("found-bool"), "value", &b.to_string()),
            Found::Number(n) => self.text_one(msg!("found-number"), "value", n),
            Found::Text(t) => self.text_one(msg!("found-text"), "value", t),
            Found::List => self.text(msg!("found-list")),
            Found::Object => self.text(msg!("found-object")),
        }
    }

    /// The kind of value a field takes.
    fn expected(&self, e: Expected) -> String {
        match e {
            Expected::Number => self.text(msg!("expected-number")),
            Expected::Whole { max } => {
                self.text_with(msg!("expected-whole"), &[("max", Arg::Exact(max as f64))])
            }
            Expected::Text => self.text(msg!("expected-text")),
            Expected::Bool => self.text(msg!("expected-bool")),
            Expected::Object => self.text(msg!("expected-object")),
            Expected::List => self.text(msg!("expected-list")),
            Expected::Mode => self.text(msg!("expected-mode")),
        }
    }

    /// Why a document or a field of it was refused (without the field).
    #[must_use]
    pub fn file_problem(&self, p: &FileProblem) -> String {
        let version = Arg::Exact(f64::from(VERSION));
        match p {
            FileProblem::Engine(p) => self.problem(p),
            FileProblem::NotJson(s) => {
                self.text_one(msg!("file-not-json"), "detail", &self.json_syntax(s))
            }
            FileProblem::NotAnObject => self.text(msg!("file-not-an-object")),
            FileProblem::MissingVersion => {
                self.text_with(msg!("file-missing-version"), &[("version", version)])
            }
            FileProblem::WrongVersion(Found::Number(n)) => self.text_with(
                msg!("file-unsupported-version"),
                &[("found", Arg::Text(n.clone())), ("version", version)],
            ),
            FileProblem::WrongVersion(f) => self.text_with(
                msg!("file-version-not-a-number"),
                &[("found", Arg::Text(self.found(f))), ("version", version)],
            ),
            FileProblem::UnknownField { key, .. } => {
                self.text_one(msg!("file-unknown-field"), "key", key)
            }
            FileProblem::WrongType { expected, found } => self.text_with(
                msg!("file-wrong-type"),
                &[
                    ("expected", Arg::Text(self.expected(*expected))),
                    ("found", Arg::Text(self.found(found))),
                ],
            ),
            FileProblem::Missing => self.text(msg!("file-missing")),
            FileProblem::NotUsedInMode(Mode::Fleet) => self.text(msg!("file-not-used-fleet")),
            FileProblem::NotUsedInMode(Mode::Job) => self.text(msg!("file-not-used-job")),
            FileProblem::JobSize => self.text(msg!("file-job-size")),
            FileProblem::NoOptions => self.text(msg!("file-no-options")),
            FileProblem::UnknownMonth(t) => self.text_one(msg!("file-unknown-month"), "value", t),
            FileProblem::StartRequired => self.text(msg!("file-start-required")),
            FileProblem::BadStart(t) => self.text_one(msg!("file-bad-start"), "value", t),
            FileProblem::UnknownCurrency(t) => {
                self.text_one(msg!("file-unknown-currency"), "value", t)
            }
            FileProblem::OfferCurrency(c) => {
                self.text_one(msg!("file-offer-currency"), "currency", c.code())
            }
            FileProblem::Exclusive(a, b) => self.text_with(
                msg!("file-exclusive"),
                &[
                    ("first", Arg::Text(a.name().to_string())),
                    ("second", Arg::Text(b.name().to_string())),
                ],
            ),
            FileProblem::ScheduleForm => self.text(msg!("file-schedule-form")),
            FileProblem::HourlyCount(n) => self.text_with(
                msg!("file-hourly-count"),
                &[("count", Arg::Exact(*n as f64))],
            ),
            FileProblem::NoSpotPrice => self.text(msg!("file-no-spot-price")),
            FileProblem::UnknownOffer(id) => self.text_one(msg!("file-unknown-offer"), "id", id),
            FileProblem::NoThroughputFigure(gpu) => {
                self.text_one(msg!("file-no-throughput"), "gpu", gpu)
            }
            FileProblem::NotFinite => self.text(msg!("file-not-finite")),
            FileProblem::UnknownSupportPlan(id) => {
                self.text_one(msg!("file-unknown-support-plan"), "id", id)
            }
            FileProblem::SupportCurrency(c) => {
                self.text_one(msg!("file-support-currency"), "currency", c.code())
            }
        }
    }

    /// A document's error: the field in words and the reason (`GPUs (workload.gpus): …`).
    #[must_use]
    pub fn file_error(&self, e: &FileError) -> String {
        let field = match &e.problem {
            FileProblem::NotJson(_) => return self.file_problem(&e.problem),
            FileProblem::UnknownField { key, .. } if e.field.is_root() => key.clone(),
            FileProblem::UnknownField { key, .. } => format!("{}.{key}", e.field),
            _ => self.field(&e.field),
        };
        self.text_with(
            msg!("error-at"),
            &[
                ("field", Arg::Text(field)),
                ("reason", Arg::Text(self.file_problem(&e.problem))),
            ],
        )
    }

    /// An engine error (the field in words and the reason).
    #[must_use]
    pub fn engine_error(&self, e: &EngineError) -> String {
        self.file_error(&FileError::from(*e))
    }

    /// A load notice as a sentence; `$field` is the path as the document writes it.
    #[must_use]
    pub fn notice(&self, n: &Notice) -> String {
        let field = Arg::Text(self.path(&n.at));
        match &n.kind {
            NoticeKind::UnknownField { key } => {
                let at = if n.at.is_root() {
                    key.clone()
                } else {
                    format!("{}.{key}", n.at)
                };
                self.text_one(msg!("notice-unknown-field"), "field", &at)
            }
            NoticeKind::Rejected(p) => self.text_with(
                msg!("notice-rejected"),
                &[
                    ("field", field),
                    ("detail", Arg::Text(self.file_problem(p))),
                ],
            ),
            NoticeKind::OptionDropped(why) => self.text_with(
                msg!("notice-option-dropped"),
                &[
                    ("field", field),
                    ("detail", Arg::Text(self.file_error(why))),
                ],
            ),
            NoticeKind::NoOptions => self.text_with(msg!("notice-no-options"), &[("field", field)]),
            NoticeKind::OlderVersion(v) => self.text_with(
                msg!("notice-older-version"),
                &[("field", field), ("version", Arg::Exact(*v as f64))],
            ),
            NoticeKind::NewerVersion(v) => self.text_with(
                msg!("notice-newer-version"),
                &[("field", field), ("version", Arg::Exact(*v as f64))],
            ),
            NoticeKind::LinkTooLong { bytes } => self.text_with(
                msg!("notice-link-too-long"),
                &[("bytes", Arg::Exact(*bytes as f64))],
            ),
            NoticeKind::LinkTruncated => self.text(msg!("notice-link-truncated")),
            NoticeKind::LinkCorrupt(LinkDamage::NotBase64) => {
                self.text(msg!("notice-link-not-base64"))
            }
            NoticeKind::LinkCorrupt(LinkDamage::NotDeflate) => {
                self.text(msg!("notice-link-not-deflate"))
            }
            NoticeKind::LinkCorrupt(LinkDamage::NotAScenario) => {
                self.text(msg!("notice-link-not-a-scenario"))
            }
            NoticeKind::LinkTooLarge => self.text_with(
                msg!("notice-link-too-large"),
                &[("bytes", Arg::Exact(MAX_INFLATED_BYTES as f64))],
            ),
            NoticeKind::NotJson(s) => {
                self.text_one(msg!("notice-not-json"), "detail", &self.json_syntax(s))
            }
            NoticeKind::Unrepairable => self.text(msg!("notice-unrepairable")),
            NoticeKind::UnknownLanguage(v) => self.text_with(
                msg!("notice-unknown-language"),
                &[("field", field), ("value", Arg::Text(v.clone()))],
            ),
            NoticeKind::StorageCorrupt(d) => self.text_one(
                msg!("notice-storage-corrupt"),
                "detail",
                &self.storage_damage(d),
            ),
            NoticeKind::DuplicateName { name, saved_as } => self.text_with(
                msg!("notice-duplicate-name"),
                &[
                    ("name", Arg::Text(name.clone())),
                    ("saved_as", Arg::Text(saved_as.clone())),
                ],
            ),
            NoticeKind::StorageNewer(v) => self.text_with(
                msg!("notice-storage-newer"),
                &[("version", Arg::Exact(*v as f64))],
            ),
            NoticeKind::KeptBeforeLink { saved_as } => {
                self.text_one(msg!("notice-kept-before-link"), "saved_as", saved_as)
            }
            NoticeKind::KeptBeforeImport { file, saved_as } => self.text_with(
                msg!("notice-kept-before-import"),
                &[
                    ("file", Arg::Text(file.clone())),
                    ("saved_as", Arg::Text(saved_as.clone())),
                ],
            ),
            NoticeKind::ImportRefused { file, why } => self.text_with(
                msg!("notice-import-refused"),
                &[
                    ("file", Arg::Text(file.clone())),
                    ("detail", Arg::Text(self.import_refusal(why))),
                ],
            ),
        }
    }

    /// Why the stored state could not be read.
    fn storage_damage(&self, d: &StorageDamage) -> String {
        match d {
            StorageDamage::NotJson(s) => {
                self.text_one(msg!("storage-not-json"), "detail", &self.json_syntax(s))
            }
            StorageDamage::NotAnObject => self.text(msg!("storage-not-an-object")),
            StorageDamage::UnknownVersion(Some(f)) => {
                self.text_one(msg!("storage-unknown-version"), "found", &self.found(f))
            }
            StorageDamage::UnknownVersion(None) => self.text(msg!("storage-no-version")),
        }
    }

    /// Why an imported scenario file was refused as a whole.
    #[must_use]
    pub fn import_refusal(&self, r: &ImportRefusal) -> String {
        match r {
            ImportRefusal::TooLarge { max_bytes } => self.text_with(
                msg!("import-too-large"),
                &[("bytes", Arg::Exact(*max_bytes as f64))],
            ),
            ImportRefusal::Unreadable(refusal) => self.browser_refusal(refusal),
            ImportRefusal::NotJson(s) => {
                self.text_one(msg!("file-not-json"), "detail", &self.json_syntax(s))
            }
            ImportRefusal::NotAnObject => self.text(msg!("file-not-an-object")),
            ImportRefusal::Unrepairable => self.text(msg!("import-unrepairable")),
            ImportRefusal::NoUsableOption(why) if why.is_empty() => {
                self.text(msg!("import-no-option"))
            }
            ImportRefusal::NoUsableOption(why) => {
                let reasons: Vec<String> = why.iter().map(|e| self.file_error(e)).collect();
                self.text_with(
                    msg!("import-no-option-because"),
                    &[(
                        "reasons",
                        Arg::Text(crate::i18n::list(self.language(), &reasons)),
                    )],
                )
            }
        }
    }

    /// Why a typed number was rejected, as shown beside the field.
    #[must_use]
    pub fn input_error(&self, e: &InputError) -> String {
        match e {
            InputError::Empty => self.text(msg!("input-empty")),
            InputError::DecimalComma(v) => self.text_one(msg!("input-decimal-comma"), "value", v),
            InputError::GroupedDigits { plain, dotted } => match dotted {
                Some(d) => self.text_with(
                    msg!("input-grouped-or-decimal"),
                    &[
                        ("value", Arg::Text(plain.clone())),
                        ("decimal", Arg::Text(d.clone())),
                    ],
                ),
                None => self.text_one(msg!("input-grouped"), "value", plain),
            },
            InputError::NotANumber(v) => self.text_one(msg!("input-not-a-number"), "value", v),
            InputError::NotFinite => self.text(msg!("input-not-finite")),
            InputError::NotInteger => self.text(msg!("input-not-integer")),
            InputError::TooSmall(x) => {
                self.text_with(msg!("input-too-small"), &[("value", Arg::Exact(*x))])
            }
            InputError::TooLarge(x) => {
                self.text_with(msg!("input-too-large"), &[("value", Arg::Exact(*x))])
            }
            InputError::ZeroOrAtLeast(x) => {
                self.text_with(msg!("input-zero-or-at-least"), &[("value", Arg::Exact(*x))])
            }
        }
    }

    /// A refused typed number as said beside its field: why ([`Translator::input_error`]),
    /// then "— still using `in_force`" when a value stays in force (`None`: nothing does).
    #[must_use]
    pub fn input_refusal(&self, e: &InputError, in_force: Option<f64>) -> String {
        let why = self.input_error(e);
        match in_force {
            Some(v) => self.still_using(why, v),
            None => why,
        }
    }

    /// `why` a value was refused, followed by the value still in force, as its field writes it
    /// ("must be at most 1,024 — still using 80").
    #[must_use]
    pub fn still_using(&self, why: String, in_force: f64) -> String {
        self.text_with(
            msg!("input-still-using"),
            &[
                ("error", Arg::Text(why)),
                (
                    "value",
                    Arg::Text(planner_core::format::input_value(in_force)),
                ),
            ],
        )
    }

    /// Why an action on the scenario was refused, as shown in the notice.
    #[must_use]
    pub fn scenario_error(&self, e: &ScenarioError) -> String {
        match e {
            ScenarioError::TooManyOffers => self.text_with(
                msg!("scenario-too-many"),
                &[("max", Arg::Exact(MAX_COMPARED as f64))],
            ),
            ScenarioError::OutOfRange { input, value, spec } => self.text_with(
                msg!("scenario-out-of-range"),
                &[
                    ("field", Arg::Text(self.text(input_label(*input)))),
                    ("value", self.value(*value)),
                    ("min", Arg::Exact(spec.min)),
                    ("max", Arg::Exact(spec.max)),
                ],
            ),
            ScenarioError::NoSuchOption(i) => self.text_with(
                msg!("scenario-no-such-option"),
                &[("n", Arg::Exact((*i + 1) as f64))],
            ),
            ScenarioError::StartMonth(t) => self.text_one(msg!("scenario-start-month"), "value", t),
            // The button is named by its own message, so the refusal and the button agree.
            ScenarioError::NoSpotOption => self.text_one(
                msg!("scenario-no-spot-option"),
                "button",
                &self.text(msg!("ui-spot-variant")),
            ),
            ScenarioError::SharesAbove100 {
                reserved_pct,
                spot_pct,
            } => self.text_with(
                msg!("scenario-shares-above-100"),
                &[("pct", self.value(reserved_pct + spot_pct))],
            ),
            ScenarioError::NoCommitment => self.text(msg!("scenario-no-commitment")),
            ScenarioError::NoOnDemandPrice => self.text(msg!("scenario-no-on-demand")),
            ScenarioError::AlreadyVariant => self.text(msg!("scenario-already-variant")),
            ScenarioError::NeedsFirst { input, needs } => self.text_with(
                msg!("scenario-needs-first"),
                &[
                    ("field", Arg::Text(self.text(input_label(*input)))),
                    ("needs", Arg::Text(self.text(input_label(*needs)))),
                ],
            ),
            ScenarioError::JobModeFirst => self.text(msg!("scenario-job-mode-first")),
            ScenarioError::FleetModeFirst => self.text(msg!("scenario-fleet-mode-first")),
            ScenarioError::EmptyName => self.text(msg!("scenario-empty-name")),
            ScenarioError::NameTooLong { len, max } => self.text_with(
                msg!("scenario-name-too-long"),
                &[
                    ("len", Arg::Number(*len as f64)),
                    ("max", Arg::Number(*max as f64)),
                ],
            ),
            ScenarioError::Engine(e) => self.file_error(e),
        }
    }

    /// Why an action was refused, as shown beside the field it came from: like
    /// [`Translator::scenario_error`], but an engine refusal names its field in words only
    /// (`Deadline (hours) …: must be at least …`), never by its path, or gives the reason alone
    /// when the page has no name for the field.
    #[must_use]
    pub fn field_refusal(&self, e: &ScenarioError) -> String {
        match e {
            ScenarioError::Engine(f) if !matches!(f.problem, FileProblem::NotJson(_)) => {
                let reason = self.file_problem(&f.problem);
                match field_label(&f.field) {
                    Some(name) => self.text_with(
                        msg!("error-at"),
                        &[
                            ("field", Arg::Text(self.text(name))),
                            ("reason", Arg::Text(reason)),
                        ],
                    ),
                    None => reason,
                }
            }
            _ => self.scenario_error(e),
        }
    }

    /// Why a scenario file could not be shown.
    #[must_use]
    pub fn from_file_error(&self, e: &FromFileError) -> String {
        match e {
            FromFileError::Invalid(e) => self.file_error(e),
            FromFileError::TooManyOptions(n) => self.text_with(
                msg!("scenario-file-too-many"),
                &[
                    ("count", Arg::Exact(*n as f64)),
                    ("max", Arg::Exact(MAX_COMPARED as f64)),
                ],
            ),
        }
    }

    /// Why the browser's storage could not be written (or read).
    #[must_use]
    pub fn storage_error(&self, e: &StorageError) -> String {
        match e {
            StorageError::QuotaExceeded => self.text(msg!("ui-storage-full")),
            StorageError::Unavailable => self.text(msg!("ui-save-unavailable")),
            StorageError::Unsaveable(e) => {
                self.text_one(msg!("ui-storage-error"), "detail", &self.file_error(e))
            }
            StorageError::Browser(name) => self.text_one(msg!("ui-storage-error"), "detail", name),
        }
    }

    /// Why saving to the browser's storage failed, as shown by the save controls.
    #[must_use]
    pub fn save_error(&self, e: &StorageError) -> String {
        match e {
            StorageError::QuotaExceeded => self.text(msg!("ui-save-quota")),
            StorageError::Unavailable => self.text(msg!("ui-save-unavailable")),
            StorageError::Unsaveable(e) => {
                self.text_one(msg!("ui-save-failed"), "detail", &self.file_error(e))
            }
            StorageError::Browser(name) => self.text_one(msg!("ui-save-failed"), "detail", name),
        }
    }

    /// Why a share link or the exported file could not be made (the detail of
    /// `ui-link-failed` and `ui-export-failed`).
    #[must_use]
    pub fn write_error(&self, e: &WriteError) -> String {
        match e {
            WriteError::Scenario(e) => self.file_error(e),
            WriteError::Browser(refusal) => self.browser_refusal(refusal),
        }
    }

    /// What a chart panel could not do, shown under the chart.
    #[must_use]
    pub fn browser_failure(&self, e: &BrowserFailure) -> String {
        match e {
            BrowserFailure::Drawing => self.text(msg!("ui-chart-failed")),
            BrowserFailure::Browser(refusal) => self.browser_refusal(refusal),
        }
    }

    /// What the browser refused, with its own message (as it wrote it) when it gave one.
    #[must_use]
    pub fn browser_refusal(&self, r: &BrowserRefusal) -> String {
        let what = self.text(match r.action {
            BrowserAction::Download => msg!("browser-download"),
            BrowserAction::ExportPng => msg!("browser-export-png"),
            BrowserAction::ReadFile => msg!("browser-read-file"),
            BrowserAction::Compress => msg!("browser-compress"),
        });
        match &r.message {
            Some(m) => self.text_with(
                msg!("browser-said"),
                &[("what", Arg::Text(what)), ("detail", Arg::Text(m.clone()))],
            ),
            None => what,
        }
    }

    /// A catalog warning's short label, as shown in the offer table.
    #[must_use]
    pub fn warning_label(&self, w: &Warning) -> String {
        match w {
            Warning::SpotAboveOnDemand { .. } => self.text(msg!("ui-warn-spot-above")),
            Warning::ReservedAboveOnDemand { term_months, .. } => self.text_with(
                msg!("ui-warn-commit-above"),
                &[("months", Arg::Number(f64::from(*term_months)))],
            ),
            Warning::Stale { .. } => self.text(msg!("ui-warn-stale")),
            Warning::Outlier { ratio } => {
                self.text_with(msg!("ui-warn-outlier"), &[("ratio", Arg::Number(*ratio))])
            }
        }
    }

    /// A catalog warning in full, with its figures (the label's tooltip).
    #[must_use]
    pub fn warning(&self, w: &Warning) -> String {
        match *w {
            Warning::SpotAboveOnDemand { spot, on_demand } => self.text_with(
                msg!("warning-spot-above"),
                &[
                    ("spot", Arg::Text(planner_core::format::number(spot, 4))),
                    (
                        "on_demand",
                        Arg::Text(planner_core::format::number(on_demand, 4)),
                    ),
                ],
            ),
            Warning::ReservedAboveOnDemand {
                term_months,
                effective,
                on_demand,
            } => self.text_with(
                msg!("warning-commit-above"),
                &[
                    ("months", Arg::Exact(f64::from(term_months))),
                    (
                        "effective",
                        Arg::Text(planner_core::format::number(effective, 4)),
                    ),
                    (
                        "on_demand",
                        Arg::Text(planner_core::format::number(on_demand, 4)),
                    ),
                ],
            ),
            Warning::Stale { as_of } => {
                // A date the locale can show is a date; anything else is kept as written.
                let date = crate::i18n::date(self.language(), as_of);
                if date == as_of {
                    self.text_one(msg!("warning-undated"), "date", &date)
                } else {
                    self.text_with(
                        msg!("warning-stale"),
                        &[
                            ("date", Arg::Text(date)),
                            ("months", Arg::Exact(f64::from(STALE_AFTER_MONTHS))),
                        ],
                    )
                }
            }
            Warning::Outlier { ratio } => {
                let factor = Arg::Exact(planner_core::catalog::validation::OUTLIER_FACTOR);
                if ratio < 1.0 && ratio > 0.0 {
                    self.text_with(
                        msg!("warning-outlier-low"),
                        &[("ratio", Arg::Number(1.0 / ratio)), ("factor", factor)],
                    )
                } else {
                    self.text_with(
                        msg!("warning-outlier-high"),
                        &[("ratio", Arg::Number(ratio)), ("factor", factor)],
                    )
                }
            }
        }
    }

    /// How old a published support plan's figures are, in words (`as of 2024-11-01`, `date
    /// unknown`, …; dates stay ISO).
    #[must_use]
    pub fn support_as_of(&self, a: SupportAsOf) -> String {
        let d = |v: &str| Arg::Text(v.to_string());
        match a {
            SupportAsOf::Date(date) => {
                self.text_with(msg!("support-as-of-date"), &[("date", d(date))])
            }
            SupportAsOf::Unknown => self.text(msg!("support-as-of-unknown")),
            SupportAsOf::AfterAnnouncement { announced, checked } => self.text_with(
                msg!("support-as-of-announced"),
                &[("announced", d(announced)), ("checked", d(checked))],
            ),
            SupportAsOf::MinimumOnly { minimum } => {
                self.text_with(msg!("support-as-of-minimum"), &[("date", d(minimum))])
            }
        }
    }

    /// A billing mode in words (`reserved`, `savings plan`, …).
    #[must_use]
    pub fn billing_mode(&self, m: BillingMode) -> String {
        use BillingMode as B;
        self.text(match m {
            B::OnDemand => msg!("ui-mode-on-demand"),
            B::Spot => msg!("ui-mode-spot"),
            B::Bid => msg!("ui-mode-bid"),
            B::Reserved => msg!("ui-mode-reserved"),
            B::SavingsPlan => msg!("ui-mode-savings-plan"),
            B::CommittedUse => msg!("ui-mode-committed-use"),
            B::Subscription => msg!("ui-mode-subscription"),
            B::Package => msg!("ui-mode-package"),
            B::CapacityBlock => msg!("ui-mode-capacity-block"),
            B::FlexStart => msg!("ui-mode-flex-start"),
        })
    }

    /// Why a provider's billing mode could not be priced here, without the identifiers the
    /// reason names ([`Gap::covers`], shown apart as data).
    #[must_use]
    pub fn gap_kind(&self, k: GapKind) -> String {
        self.text(match k {
            GapKind::NotFound => msg!("gap-not-found"),
            GapKind::NoPublicPrice => msg!("gap-no-public-price"),
            GapKind::SalesOnly => msg!("gap-sales-only"),
            GapKind::OnlyFor => msg!("gap-only-for"),
            GapKind::OneYearNoUpfrontOnly => msg!("gap-one-year-no-upfront-only"),
            GapKind::Unlabelled => msg!("gap-unlabelled"),
            GapKind::NotEligible => msg!("gap-not-eligible"),
            GapKind::FewQuotes => msg!("gap-few-quotes"),
            GapKind::Unverified => msg!("gap-unverified"),
            GapKind::LoginRequired => msg!("gap-login-required"),
        })
    }

    /// A gap as one line of text: the mode, why, and what it names (`reserved (prices only
    /// for: polandcentral, eastus)`); the page shows the same with the names marked as data.
    #[must_use]
    pub fn gap(&self, g: &Gap) -> String {
        let reason = self.gap_kind(g.kind);
        let reason = if g.covers.is_empty() {
            reason
        } else {
            self.text_with(
                msg!("gap-with-covers"),
                &[
                    ("reason", Arg::Text(reason)),
                    ("covers", Arg::Text(g.covers.to_string())),
                ],
            )
        };
        self.text_with(
            msg!("gap-line"),
            &[
                ("mode", Arg::Text(self.billing_mode(g.mode))),
                ("reason", Arg::Text(reason)),
            ],
        )
    }

    /// A decision-helper reason as a sentence.
    #[must_use]
    pub fn reason(&self, r: &Reason) -> String {
        match r {
            Reason::MatchesGpu { gpu } => self.text_one(msg!("reason-matches-gpu"), "gpu", gpu),
            Reason::EnoughMemory { gib } => {
                self.text_with(msg!("reason-enough-memory"), &[("gib", Arg::Number(*gib))])
            }
            Reason::NvLink => self.text(msg!("reason-nvlink")),
            Reason::InChinaMainland => self.text(msg!("reason-in-china-mainland")),
            Reason::OutsideChinaMainland => self.text(msg!("reason-outside-china-mainland")),
            Reason::SpotPrice {
                per_gpu_hour,
                currency,
            } => self.text_with(
                msg!("reason-spot-price"),
                &[("price", Arg::Money(*per_gpu_hour, *currency))],
            ),
            Reason::CommittedPrice {
                per_gpu_hour,
                currency,
                term_months,
            } => self.text_with(
                msg!("reason-committed-price"),
                &[
                    ("price", Arg::Money(*per_gpu_hour, *currency)),
                    ("months", Arg::Number(f64::from(*term_months))),
                ],
            ),
            Reason::OnDemandPrice {
                per_gpu_hour,
                currency,
            } => self.text_with(
                msg!("reason-on-demand-price"),
                &[("price", Arg::Money(*per_gpu_hour, *currency))],
            ),
            Reason::Nodes {
                nodes,
                gpus_per_node,
                needed,
            } => {
                let n = |x: u32| Arg::Number(f64::from(x));
                if nodes * gpus_per_node == *needed {
                    self.text_with(
                        msg!("reason-nodes"),
                        &[
                            ("nodes", n(*nodes)),
                            ("per", n(*gpus_per_node)),
                            ("need", n(*needed)),
                        ],
                    )
                } else {
                    self.text_with(
                        msg!("reason-nodes-over"),
                        &[
                            ("nodes", n(*nodes)),
                            ("per", n(*gpus_per_node)),
                            ("need", n(*needed)),
                            ("paid", n(nodes * gpus_per_node)),
                        ],
                    )
                }
            }
            Reason::BudgetFirst => self.text(msg!("reason-budget-first")),
            Reason::FailureBudget { pct } => {
                self.text_with(msg!("reason-failure-budget"), &[("pct", Arg::Number(*pct))])
            }
            Reason::SlaFirst => self.text(msg!("reason-sla-first")),
            Reason::CloudFirst { kind } => self.text(match kind {
                planner_core::catalog::ProviderKind::Hyperscaler => {
                    msg!("reason-cloud-first-hyperscaler")
                }
                _ => msg!("reason-cloud-first-gpu-cloud"),
            }),
            Reason::SelfManaged => self.text(msg!("reason-self-managed")),
        }
    }
}

mod import;

#[cfg(test)]
mod tests;
