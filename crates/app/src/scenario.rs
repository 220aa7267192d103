//! The user's scenario (compared offers, fleet, display currency and rate), the actions that
//! change it, offer filtering/sorting, and the derived chart description. Pure: the UI's
//! reducer delegates here, so every state transition is tested natively.

use crate::chart::breakdown::BreakdownChart;
use crate::chart::lines::{LinesChart, Marker, XyLine};
use crate::chart::ranking::{Bar, RankingChart};
use crate::chart::{BandArea, CumulativeChart, Line};
use crate::i18n::{self, Arg, Translator};
use planner_core::catalog::{self, query, Offer};
use planner_core::file::{self, Mode, OptionFile, ScenarioFile, WorkloadFile};
use planner_core::input::NumberSpec;
use planner_core::language::Language;
use planner_engine::montecarlo::Band as MonteBand;
use planner_engine::plan::OptionResult;
use planner_engine::{Currency, EngineError, ExchangeRate, MonthConvention};
use std::collections::HashMap;
use thiserror::Error;

/// Most options compared at once (issue #5: ten options, e.g. several offers or one offer under
/// several strategies).
pub const MAX_COMPARED: usize = 10;

/// Limits on fleet inputs. Values outside are refused with a message beside the field
/// (docs/cost-model.md, "Bad input").
pub mod limits {
    /// Largest number of GPUs a fleet may have.
    pub const MAX_GPUS: f64 = 100_000.0;
    /// Longest horizon in months (10 years).
    pub const MAX_MONTHS: f64 = 120.0;
    /// Hours in a day.
    pub const MAX_HOURS_PER_DAY: f64 = 24.0;
}

/// The fleet-mode workload as the editor shows it: `gpus` GPUs running `hours_per_day` hours
/// every day for `months` months of the chosen [`MonthConvention`] (see [`Scenario::fleet`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fleet {
    /// GPUs wanted (≥ 1). Instances are rented whole, so the billed GPU count may be higher.
    pub gpus: u32,
    /// Hours each GPU runs per day, 0–24. Each day's run is one billed run.
    pub hours_per_day: f64,
    /// Planning horizon in months (≥ 1).
    pub months: u32,
    /// Month length used to turn days and months into hours.
    pub month: MonthConvention,
}

/// Accepted GPU counts: whole numbers from 1 to [`limits::MAX_GPUS`].
pub const GPUS_SPEC: NumberSpec = NumberSpec {
    min: 1.0,
    max: limits::MAX_GPUS,
    integer: true,
    min_positive: 0.0,
};
/// Accepted hours per day: 0–24, fractions allowed.
pub const HOURS_PER_DAY_SPEC: NumberSpec = NumberSpec {
    min: 0.0,
    max: limits::MAX_HOURS_PER_DAY,
    integer: false,
    // The engine refuses a run of under one second a day (not billable time; `Plan::validate`);
    // the field asks for at least 0.001 h (3.6 s), a figure its message can show exactly.
    min_positive: 0.001,
};
/// Accepted horizons: whole months from 1 to [`limits::MAX_MONTHS`].
pub const MONTHS_SPEC: NumberSpec = NumberSpec {
    min: 1.0,
    max: limits::MAX_MONTHS,
    integer: true,
    min_positive: 0.0,
};
/// Accepted exchange rates in USD per CNY (a wide band around any real rate).
pub const RATE_SPEC: NumberSpec = NumberSpec {
    min: 0.001,
    max: 10.0,
    integer: false,
    min_positive: 0.0,
};

/// Accepted days per week: 0–7, fractions allowed.
pub const DAYS_PER_WEEK_SPEC: NumberSpec = NumberSpec {
    min: 0.0,
    max: 7.0,
    integer: false,
    min_positive: 0.0,
};
/// Accepted contingency budgets in % of every other cost: 0–100.
pub const CONTINGENCY_SPEC: NumberSpec = NumberSpec {
    min: 0.0,
    max: 100.0,
    integer: false,
    min_positive: 0.0,
};
/// Accepted spot interruption rates per instance-hour: 0–1.
pub const INTERRUPTIONS_SPEC: NumberSpec = NumberSpec {
    min: 0.0,
    max: 1.0,
    integer: false,
    min_positive: 0.0,
};
/// Accepted checkpoint intervals in hours: 0.05–1,000.
pub const CHECKPOINT_INTERVAL_SPEC: NumberSpec = NumberSpec {
    min: 0.05,
    max: 1000.0,
    integer: false,
    min_positive: 0.0,
};
/// Accepted checkpoint write and restart times in hours: 0–48.
pub const HOURS_SPEC: NumberSpec = NumberSpec {
    min: 0.0,
    max: 48.0,
    integer: false,
    min_positive: 0.0,
};
/// Accepted spot shares of a strategy variant in %: 1–100.
pub const SPOT_PCT_SPEC: NumberSpec = NumberSpec {
    min: 1.0,
    max: 100.0,
    integer: false,
    min_positive: 0.0,
};

/// Accepted storage volumes in GB and egress volumes in GB per month: 0–1,000,000,000.
pub const VOLUME_GB_SPEC: NumberSpec = NumberSpec {
    min: 0.0,
    max: 1e9,
    integer: false,
    min_positive: 0.0,
};
/// Accepted per-GB prices (storage per GB-month, egress per GB), in the option's currency: 0–10.
pub const PER_GB_PRICE_SPEC: NumberSpec = NumberSpec {
    min: 0.0,
    max: 10.0,
    integer: false,
    min_positive: 0.0,
};
/// Accepted portfolio shares in %: 0–100.
pub const SHARE_PCT_SPEC: NumberSpec = NumberSpec {
    min: 0.0,
    max: 100.0,
    integer: false,
    min_positive: 0.0,
};

/// Accepted job sizes in reference GPU-hours: 1–1,000,000,000.
pub const JOB_GPU_HOURS_SPEC: NumberSpec = NumberSpec {
    min: 1.0,
    max: 1e9,
    integer: false,
    min_positive: 0.0,
};
/// Accepted job deadlines in months: 0.1–120.
pub const JOB_WITHIN_SPEC: NumberSpec = NumberSpec {
    min: 0.1,
    max: limits::MAX_MONTHS,
    integer: false,
    min_positive: 0.0,
};
/// Accepted multi-GPU scaling efficiencies: 0.05–1.
pub const SCALING_SPEC: NumberSpec = NumberSpec {
    min: 0.05,
    max: 1.0,
    integer: false,
    min_positive: 0.0,
};
/// Accepted throughput factors relative to the reference GPU: 0.01–20.
pub const THROUGHPUT_SPEC: NumberSpec = NumberSpec {
    min: 0.01,
    max: 20.0,
    integer: false,
    min_positive: 0.0,
};
/// Work of a job when job mode is first chosen: 10,000 reference GPU-hours.
pub const DEFAULT_JOB_GPU_HOURS: f64 = 10_000.0;

/// Everything the user has chosen. Derived figures (costs, series) are never stored here.
///
/// The state *is* an engine scenario file ([`ScenarioFile`], `docs/scenario-format.md`), so it
/// converts losslessly both ways ([`Scenario::to_file`], [`Scenario::from_file`]): share links and
/// saved scenarios serialise exactly that. Each compared option is an [`OptionFile`] (a catalog
/// offer id and/or inline prices plus its strategy). Unlike a file, the app's scenario may hold
/// no option at all (nothing picked yet).
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    file: ScenarioFile,
}

/// The instance types compared when the app opens: 8× A100 machines of four clouds, so the first
/// chart already answers a real question.
const DEFAULT_PICKS: [(&str, &str); 4] = [
    ("AWS", "p4d.24xlarge"),
    ("Azure", "Standard_ND96asr_v4"),
    ("Google Cloud", "a2-highgpu-8g"),
    ("Lambda", "gpu_8x_a100_80gb_sxm4"),
];

/// GPUs of the default fleet (and of a fleet read from a file that names none).
const DEFAULT_GPUS: u32 = 8;
/// Hours per day of the default fleet.
const DEFAULT_HOURS_PER_DAY: f64 = 24.0;
/// Horizon of the default fleet, months.
const DEFAULT_MONTHS: u32 = 12;

impl Default for Scenario {
    fn default() -> Self {
        let options = DEFAULT_PICKS
            .iter()
            .filter_map(|(p, t)| {
                catalog::OFFERS
                    .iter()
                    .find(|o| o.provider == *p && o.instance_type == *t)
            })
            .map(|o| offer_option(o.id))
            .collect();
        Scenario {
            file: ScenarioFile {
                version: file::VERSION,
                name: None,
                month: month_code(MonthConvention::Hours730).into(),
                start: None,
                horizon_months: Some(DEFAULT_MONTHS),
                currency: Currency::Usd.code().into(),
                usd_per_cny: None,
                rate_as_of: None,
                workload: WorkloadFile {
                    mode: Mode::Fleet,
                    gpus: Some(DEFAULT_GPUS),
                    hours_per_day: Some(DEFAULT_HOURS_PER_DAY),
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
                options,
            },
        }
    }
}

/// An all-on-demand option on catalog offer `id` (no inline prices, no strategy).
#[must_use]
pub fn offer_option(id: &str) -> OptionFile {
    OptionFile {
        offer: Some(id.to_string()),
        ..OptionFile::default()
    }
}

/// The scenario file's month code of a convention: `"730h"`, `"720h"` or `"744h"`.
#[must_use]
pub fn month_code(m: MonthConvention) -> &'static str {
    match m {
        MonthConvention::Hours730 => "730h",
        MonthConvention::Hours720 => "720h",
        MonthConvention::Hours744 => "744h",
    }
}

/// Why a scenario file cannot become the app's scenario.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum FromFileError {
    /// The file is invalid for the engine (the message names the field's path).
    #[error("{0}")]
    Invalid(#[from] EngineError),
    /// More options than the app compares at once.
    #[error("the file compares {0} options; the app compares at most {MAX_COMPARED}")]
    TooManyOptions(usize),
}

/// A change the user asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Add the catalog offer to the comparison (all on-demand), or remove every option on it
    /// if it is already there.
    ToggleOffer(String),
    /// Remove every compared offer.
    ClearSelection,
    /// Set the number of GPUs (validated against [`GPUS_SPEC`]).
    SetGpus(f64),
    /// Set hours per day (validated against [`HOURS_PER_DAY_SPEC`]).
    SetHoursPerDay(f64),
    /// Set the horizon in months (validated against [`MONTHS_SPEC`]).
    SetMonths(f64),
    /// Set the month convention.
    SetMonthConvention(MonthConvention),
    /// Set the display currency.
    SetCurrency(Currency),
    /// Set the exchange rate in USD per CNY (validated against [`RATE_SPEC`]).
    SetUsdPerCny(f64),
    /// Set days per week the fleet runs (validated against [`DAYS_PER_WEEK_SPEC`]).
    SetDaysPerWeek(f64),
    /// Set the contingency budget in % (validated against [`CONTINGENCY_SPEC`]).
    SetContingencyPct(f64),
    /// Add a copy of option `index` run on spot capacity for `spot_pct` % of its GPUs (the rest
    /// on demand), named after it; refused if the offer lists no spot price or the comparison
    /// is full.
    AddSpotVariant {
        /// Position of the option to copy.
        index: usize,
        /// Spot share in %, 1–100.
        spot_pct: f64,
    },
    /// Remove the option at this position.
    RemoveOption(usize),
    /// Set the interruption rate (per instance-hour) of every option's spot capacity
    /// (validated against [`INTERRUPTIONS_SPEC`]).
    SetSpotInterruptions(f64),
    /// Set the hours between checkpoints (validated against [`CHECKPOINT_INTERVAL_SPEC`]).
    SetCheckpointInterval(f64),
    /// Use Young's optimal checkpoint interval √(2c/λ) (the engine's default).
    UseSuggestedCheckpointInterval,
    /// Set the hours one checkpoint takes to write (validated against [`HOURS_SPEC`]).
    SetCheckpointWrite(f64),
    /// Set the hours a restart after an interruption takes (validated against [`HOURS_SPEC`]).
    SetRestart(f64),
    /// Set the GB kept in storage (validated against [`VOLUME_GB_SPEC`]).
    SetStorageGb(f64),
    /// Set the GB of egress per month (validated against [`VOLUME_GB_SPEC`]).
    SetEgressGb(f64),
    /// Set every option's storage price per GB-month (validated against [`PER_GB_PRICE_SPEC`]).
    SetStoragePrice(f64),
    /// Set every option's egress price per GB (validated against [`PER_GB_PRICE_SPEC`]).
    SetEgressPrice(f64),
    /// Count months as calendar months from `start` (`"YYYY-MM"`); the fixed conventions are
    /// chosen with [`Action::SetMonthConvention`].
    SetCalendarStart(String),
    /// Add a copy of option `index` with `reserved_pct` % of its GPUs on the catalog offer's
    /// committed-use price number `commitment` (`catalog::OFFER_DETAILS[..].commitments`) and the
    /// rest on demand, named after it; refused when the offer lists no such commitment.
    AddReservedVariant {
        /// Position of the option to copy.
        index: usize,
        /// Reserved share in %, 1–100.
        reserved_pct: f64,
        /// Which of the offer's commitments (term and payment option).
        commitment: usize,
    },
    /// Set option `index`'s reserved and spot shares in %; on-demand takes the rest, so the
    /// three always sum to 100 % (refused when reserved + spot exceeds 100 or the option lacks
    /// the reserved or spot prices a non-zero share needs).
    SetOptionShares {
        /// Position of the option.
        index: usize,
        /// Reserved share, %.
        reserved_pct: f64,
        /// Spot share, %.
        spot_pct: f64,
    },
    /// Switch between fleet mode and job mode (the GPU count is kept; a job runs until
    /// finished, [`DEFAULT_JOB_GPU_HOURS`] of work at first; back in fleet mode the fleet
    /// defaults return for the fields a job does not have).
    SetMode(Mode),
    /// Set the job's work in reference GPU-hours (validated against [`JOB_GPU_HOURS_SPEC`]).
    SetJobGpuHours(f64),
    /// Size the job by a deadline in months instead of a GPU count (validated against
    /// [`JOB_WITHIN_SPEC`]); [`Action::SetGpus`] sizes it by GPUs again.
    SetJobWithinMonths(f64),
    /// Set the multi-GPU scaling efficiency (validated against [`SCALING_SPEC`]).
    SetScalingEfficiency(f64),
    /// Override option `index`'s throughput relative to the reference GPU (validated against
    /// [`THROUGHPUT_SPEC`]).
    SetThroughput {
        /// Position of the option.
        index: usize,
        /// Work per GPU-hour relative to an A100 80GB SXM.
        factor: f64,
    },
    /// Give option `index` reserved prices typed by the user (for offers whose catalog entry
    /// lists no committed-use price): term in whole months 1–120, upfront per instance 0–100
    /// million and recurring price per instance-hour 0–10,000, in the option's currency.
    SetInlineReserved {
        /// Position of the option.
        index: usize,
        /// Term, months.
        term_months: f64,
        /// Paid at the start of each term, per instance.
        upfront: f64,
        /// Recurring price per instance-hour.
        per_hour: f64,
    },
    /// Compare with owning servers (the example server of docs/cost-model.md, "Buy vs rent", when first switched on),
    /// or stop comparing.
    EnableBuy(bool),
    /// Set the owned server (every field validated, see [`check_buy`]).
    SetBuy(file::BuyFile),
    /// Use the catalog offer's commitment number `commitment` (term and payment option) as
    /// option `index`'s reserved prices.
    SetOptionCommitment {
        /// Position of the option.
        index: usize,
        /// Which of the offer's commitments.
        commitment: usize,
    },
}

/// Interruption rate of new spot variants when no option has one yet: one every 50 hours.
pub const DEFAULT_SPOT_INTERRUPTIONS: f64 = 0.02;

/// Why an action was refused; the scenario is left unchanged and the message is shown.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum ScenarioError {
    /// The comparison already holds [`MAX_COMPARED`] options.
    #[error("at most {MAX_COMPARED} options can be compared; remove one first")]
    TooManyOffers,
    /// The offer id is not in the catalog.
    #[error("unknown offer \"{0}\"")]
    UnknownOffer(String),
    /// A strategy variant needs prices the option does not have (the engine's reason).
    #[error("{0}")]
    Strategy(String),
    /// A value is outside its accepted range (which field is named).
    #[error("{0} is out of range")]
    OutOfRange(&'static str),
}

fn check(value: f64, spec: NumberSpec, field: &'static str) -> Result<f64, ScenarioError> {
    let ok = value.is_finite()
        && value >= spec.min
        && value <= spec.max
        && (!spec.integer || value.fract() == 0.0)
        && !(value > 0.0 && value < spec.min_positive);
    ok.then_some(value).ok_or(ScenarioError::OutOfRange(field))
}

impl Scenario {
    /// Returns the scenario with `action` applied, or why it was refused (then `self` is still
    /// the state in force). Values are re-validated here even though the UI validates first, so
    /// no path can store an invalid scenario.
    pub fn apply(&self, action: Action) -> Result<Scenario, ScenarioError> {
        let mut next = self.clone();
        match action {
            Action::ToggleOffer(id) => {
                let options = &mut next.file.options;
                if options
                    .iter()
                    .any(|o| o.offer.as_deref() == Some(id.as_str()))
                {
                    options.retain(|o| o.offer.as_deref() != Some(id.as_str()));
                } else if catalog::offer_by_id(&id).is_none() {
                    return Err(ScenarioError::UnknownOffer(id));
                } else if options.len() >= MAX_COMPARED {
                    return Err(ScenarioError::TooManyOffers);
                } else {
                    let (storage, egress) = (self.storage_price(), self.egress_price());
                    options.push(OptionFile {
                        storage_per_gb_month: storage,
                        egress_per_gb: egress,
                        ..offer_option(&id)
                    });
                }
            }
            Action::ClearSelection => next.file.options.clear(),
            Action::SetGpus(v) => {
                next.file.workload.gpus = Some(check(v, GPUS_SPEC, "GPUs")? as u32);
                next.file.workload.within_months = None;
            }
            Action::SetMode(mode) => {
                let gpus = Some(self.fleet().gpus);
                next.file.workload = match mode {
                    Mode::Fleet => WorkloadFile {
                        mode,
                        gpus,
                        hours_per_day: Some(DEFAULT_HOURS_PER_DAY),
                        days_per_week: None,
                        start_hour: None,
                        gpu_hours: None,
                        within_months: None,
                        scaling_efficiency: None,
                    },
                    Mode::Job => WorkloadFile {
                        mode,
                        gpus,
                        hours_per_day: None,
                        days_per_week: None,
                        start_hour: None,
                        gpu_hours: Some(DEFAULT_JOB_GPU_HOURS),
                        within_months: None,
                        scaling_efficiency: Some(1.0),
                    },
                };
                next.file.horizon_months = match mode {
                    Mode::Fleet => Some(self.fleet().months),
                    Mode::Job => None,
                };
            }
            Action::SetJobGpuHours(v) => {
                next.job_mode()?.gpu_hours = Some(check(v, JOB_GPU_HOURS_SPEC, "work")?);
            }
            Action::SetJobWithinMonths(v) => {
                let v = check(v, JOB_WITHIN_SPEC, "deadline")?;
                let w = next.job_mode()?;
                w.within_months = Some(v);
                w.gpus = None;
            }
            Action::SetScalingEfficiency(v) => {
                next.job_mode()?.scaling_efficiency =
                    Some(check(v, SCALING_SPEC, "scaling efficiency")?);
            }
            Action::SetThroughput { index, factor } => {
                let factor = check(factor, THROUGHPUT_SPEC, "throughput")?;
                let Some(o) = next.file.options.get_mut(index) else {
                    return Err(ScenarioError::OutOfRange("option"));
                };
                o.throughput_factor = Some(factor);
            }
            Action::SetHoursPerDay(v) => {
                let v = check(v, HOURS_PER_DAY_SPEC, "hours per day")?;
                next.file.workload.hours_per_day = Some(v);
            }
            Action::SetMonths(v) => {
                next.file.horizon_months = Some(check(v, MONTHS_SPEC, "months")? as u32);
            }
            Action::SetMonthConvention(m) => {
                next.file.month = month_code(m).into();
                next.file.start = None;
            }
            Action::SetCurrency(c) => {
                // The owned server's amounts are in the display currency (scenario format):
                // convert them at the scenario's rate, so switching the currency never
                // changes the rent-vs-buy answer (found by a new user: it used to relabel).
                let from = self.display_currency();
                let rate = self.rate();
                if let Some(buy) = next.file.buy.as_mut() {
                    let convert = |v: f64| rate.convert(v, from, c).unwrap_or(v);
                    buy.purchase = convert(buy.purchase);
                    buy.price_per_kwh = convert(buy.price_per_kwh);
                    buy.ops_per_month = convert(buy.ops_per_month);
                }
                next.file.currency = c.code().into();
            }
            Action::SetUsdPerCny(v) => {
                next.file.usd_per_cny = Some(check(v, RATE_SPEC, "exchange rate")?);
            }
            Action::SetDaysPerWeek(v) => {
                next.file.workload.days_per_week =
                    Some(check(v, DAYS_PER_WEEK_SPEC, "days per week")?);
            }
            Action::SetContingencyPct(v) => {
                next.file.contingency_pct = check(v, CONTINGENCY_SPEC, "contingency")?;
            }
            Action::AddSpotVariant { index, spot_pct } => {
                let spot = check(spot_pct, SPOT_PCT_SPEC, "spot share")? / 100.0;
                if next.file.options.len() >= MAX_COMPARED {
                    return Err(ScenarioError::TooManyOffers);
                }
                let Some(base) = next.file.options.get(index) else {
                    return Err(ScenarioError::OutOfRange("option"));
                };
                let mut variant = base.clone();
                let base_name = match (
                    &base.name,
                    base.offer.as_deref().and_then(catalog::offer_by_id),
                ) {
                    (Some(n), _) => n.clone(),
                    (None, Some(o)) => o.label(),
                    (None, None) => format!("option {}", index + 1),
                };
                let reserved = base.portfolio.map_or(0.0, |p| p.reserved);
                let interruptions = self.spot_interruptions();
                variant.spot = Some(match variant.spot.take() {
                    Some(sp) => file::SpotFile {
                        interruptions_per_hour: interruptions,
                        ..sp
                    },
                    None => file::SpotFile {
                        per_hour: None,
                        hourly: None,
                        bid_cap_per_hour: None,
                        interruptions_per_hour: interruptions,
                    },
                });
                variant.portfolio = Some(file::SharesFile {
                    reserved: reserved.min(1.0 - spot),
                    spot,
                });
                variant.name = Some(if spot >= 1.0 {
                    format!("{base_name}, spot")
                } else {
                    format!(
                        "{base_name}, {} % spot",
                        planner_core::format::input_value(spot_pct)
                    )
                });
                next.file.options.insert(index + 1, variant);
                // The engine decides whether the prices allow it (e.g. no spot price listed).
                if let Err(e) = next.evaluate() {
                    return Err(ScenarioError::Strategy(e.to_string()));
                }
            }
            Action::SetSpotInterruptions(v) => {
                let v = check(v, INTERRUPTIONS_SPEC, "interruption rate")?;
                // Without spot capacity the rate has nowhere to go: say so rather than let the
                // field snap back silently (found by a new user).
                if !next.file.options.iter().any(|o| o.spot.is_some()) {
                    return Err(ScenarioError::Strategy(
                        "the interruption rate applies to spot capacity: add a spot variant (\"+ spot variant\") first".into(),
                    ));
                }
                for o in &mut next.file.options {
                    if let Some(sp) = &mut o.spot {
                        sp.interruptions_per_hour = v;
                    }
                }
            }
            Action::SetCheckpointInterval(v) => {
                let v = check(v, CHECKPOINT_INTERVAL_SPEC, "checkpoint interval")?;
                next.checkpoint_mut().interval_hours = Some(v);
            }
            Action::UseSuggestedCheckpointInterval => next.checkpoint_mut().interval_hours = None,
            Action::SetCheckpointWrite(v) => {
                next.checkpoint_mut().write_hours = check(v, HOURS_SPEC, "checkpoint write time")?;
            }
            Action::SetRestart(v) => {
                next.checkpoint_mut().restart_hours = check(v, HOURS_SPEC, "restart time")?;
            }
            Action::SetStorageGb(v) => {
                next.file.storage_gb = check(v, VOLUME_GB_SPEC, "storage")?;
            }
            Action::SetEgressGb(v) => {
                next.file.egress_gb_per_month = check(v, VOLUME_GB_SPEC, "egress")?;
            }
            Action::SetStoragePrice(v) => {
                let v = check(v, PER_GB_PRICE_SPEC, "storage price")?;
                for o in &mut next.file.options {
                    o.storage_per_gb_month = v;
                }
            }
            Action::SetEgressPrice(v) => {
                let v = check(v, PER_GB_PRICE_SPEC, "egress price")?;
                for o in &mut next.file.options {
                    o.egress_per_gb = v;
                }
            }
            Action::SetCalendarStart(start) => {
                let ok = start.len() == 7
                    && start.as_bytes().get(4) == Some(&b'-')
                    && start[..4]
                        .parse::<i32>()
                        .is_ok_and(|y| (1900..=2200).contains(&y))
                    && start[5..]
                        .parse::<u32>()
                        .is_ok_and(|m| (1..=12).contains(&m));
                if !ok {
                    return Err(ScenarioError::OutOfRange("start month"));
                }
                next.file.month = CALENDAR.into();
                next.file.start = Some(start);
            }
            Action::AddReservedVariant {
                index,
                reserved_pct,
                commitment,
            } => {
                let reserved = check(reserved_pct, SPOT_PCT_SPEC, "reserved share")? / 100.0;
                if next.file.options.len() >= MAX_COMPARED {
                    return Err(ScenarioError::TooManyOffers);
                }
                let Some(base) = next.file.options.get(index) else {
                    return Err(ScenarioError::OutOfRange("option"));
                };
                let mut variant = base.clone();
                let c = option_commitment(base, commitment)?;
                variant.reserved = Some(reserved_file(c));
                variant.portfolio = Some(file::SharesFile {
                    reserved,
                    spot: 0.0,
                });
                let base_name = self.option_name(index);
                variant.name = Some(format!(
                    "{base_name}, {}/{} reserved {} mo {}/on-demand",
                    planner_core::format::input_value(reserved * 100.0),
                    planner_core::format::input_value(100.0 - reserved * 100.0),
                    c.term_months,
                    c.payment.label(),
                ));
                next.file.options.insert(index + 1, variant);
                if let Err(e) = next.evaluate() {
                    return Err(ScenarioError::Strategy(e.to_string()));
                }
            }
            Action::SetOptionShares {
                index,
                reserved_pct,
                spot_pct,
            } => {
                let reserved = check(reserved_pct, SHARE_PCT_SPEC, "reserved share")? / 100.0;
                let spot = check(spot_pct, SHARE_PCT_SPEC, "spot share")? / 100.0;
                if reserved + spot > 1.0 + 1e-9 {
                    return Err(ScenarioError::Strategy(
                        "reserved and spot shares add up to more than 100 %".into(),
                    ));
                }
                let interruptions = self.spot_interruptions();
                let Some(o) = next.file.options.get_mut(index) else {
                    return Err(ScenarioError::OutOfRange("option"));
                };
                if reserved > 0.0 && o.reserved.is_none() {
                    let c = option_commitment(o, 0)?;
                    o.reserved = Some(reserved_file(c));
                }
                if spot > 0.0 && o.spot.is_none() {
                    o.spot = Some(file::SpotFile {
                        per_hour: None,
                        hourly: None,
                        bid_cap_per_hour: None,
                        interruptions_per_hour: interruptions,
                    });
                }
                o.portfolio =
                    (reserved > 0.0 || spot > 0.0).then_some(file::SharesFile { reserved, spot });
                if let Err(e) = next.evaluate() {
                    return Err(ScenarioError::Strategy(e.to_string()));
                }
            }
            Action::SetInlineReserved {
                index,
                term_months,
                upfront,
                per_hour,
            } => {
                let term = check(term_months, RESERVED_TERM_SPEC, "reserved term")? as u32;
                let upfront = check(upfront, PURCHASE_SPEC, "reserved upfront")?;
                let per_hour = check(per_hour, RESERVED_PER_HOUR_SPEC, "reserved price")?;
                let Some(o) = next.file.options.get_mut(index) else {
                    return Err(ScenarioError::OutOfRange("option"));
                };
                o.reserved = Some(file::ReservedFile {
                    term_months: term,
                    upfront,
                    recurring_per_hour: per_hour,
                });
                if let Err(e) = next.evaluate() {
                    return Err(ScenarioError::Strategy(e.to_string()));
                }
            }
            Action::EnableBuy(on) => {
                next.file.buy = on.then(|| self.file.buy.unwrap_or(DEFAULT_BUY));
            }
            Action::SetBuy(b) => next.file.buy = Some(check_buy(b)?),
            Action::SetOptionCommitment { index, commitment } => {
                let Some(o) = next.file.options.get_mut(index) else {
                    return Err(ScenarioError::OutOfRange("option"));
                };
                let c = option_commitment(o, commitment)?;
                o.reserved = Some(reserved_file(c));
            }
            Action::RemoveOption(i) => {
                if i >= next.file.options.len() {
                    return Err(ScenarioError::OutOfRange("option"));
                }
                next.file.options.remove(i);
            }
        }
        Ok(next)
    }

    fn job_mode(&mut self) -> Result<&mut WorkloadFile, ScenarioError> {
        if self.file.workload.mode == Mode::Job {
            Ok(&mut self.file.workload)
        } else {
            Err(ScenarioError::Strategy("switch to job mode first".into()))
        }
    }

    /// Whether the workload is a job (else a fleet).
    #[must_use]
    pub fn is_job(&self) -> bool {
        self.file.workload.mode == Mode::Job
    }

    /// Whether option `index` is a catalog offer whose GPU has no throughput figure
    /// ([`catalog::throughput_tflops`] is `None`) and has no override: job mode then refuses to
    /// evaluate it ([`NO_THROUGHPUT_FIGURE`]) rather than assume the reference GPU's speed.
    #[must_use]
    pub fn option_lacks_throughput(&self, index: usize) -> bool {
        self.file.options.get(index).is_some_and(|o| {
            o.throughput_factor.is_none()
                && o.offer
                    .as_deref()
                    .and_then(catalog::offer_by_id)
                    .is_some_and(|offer| catalog_throughput(offer).is_none())
        })
    }

    /// In job mode, the first option that needs a throughput it does not have
    /// ([`Scenario::option_lacks_throughput`]), as the error that asks for it.
    fn missing_throughput(&self) -> Result<(), EngineError> {
        if !self.is_job() {
            return Ok(());
        }
        match (0..self.file.options.len()).find(|&i| self.option_lacks_throughput(i)) {
            Some(i) => Err(EngineError::invalid(
                format!("options[{i}].throughput_factor"),
                NO_THROUGHPUT_FIGURE,
            )),
            None => Ok(()),
        }
    }

    /// Option `index`'s throughput relative to the reference GPU (A100 80GB SXM, dense BF16):
    /// the user's override, else the catalog GPU's ratio, else 1 (an option with inline prices;
    /// a catalog offer without a figure is refused in job mode, see
    /// [`Scenario::option_lacks_throughput`]); and whether it is overridden.
    #[must_use]
    pub fn option_throughput(&self, index: usize) -> (f64, bool) {
        let Some(o) = self.file.options.get(index) else {
            return (1.0, false);
        };
        if let Some(t) = o.throughput_factor {
            return (t, true);
        }
        (
            o.offer
                .as_deref()
                .and_then(catalog::offer_by_id)
                .and_then(catalog_throughput)
                .unwrap_or(1.0),
            false,
        )
    }

    /// Name of option `index` as legends show it: its own name, else its offer's label, else
    /// `option N`.
    #[must_use]
    pub fn option_name(&self, index: usize) -> String {
        let o = self.file.options.get(index);
        match (
            o.and_then(|o| o.name.clone()),
            o.and_then(|o| o.offer.as_deref())
                .and_then(catalog::offer_by_id),
        ) {
            (Some(n), _) => n,
            (None, Some(offer)) => offer.label(),
            (None, None) => format!("option {}", index + 1),
        }
    }

    /// Storage price per GB-month of the options (the first option's; 0 with none).
    #[must_use]
    pub fn storage_price(&self) -> f64 {
        self.file
            .options
            .first()
            .map_or(0.0, |o| o.storage_per_gb_month)
    }

    /// Egress price per GB of the options (the first option's; 0 with none).
    #[must_use]
    pub fn egress_price(&self) -> f64 {
        self.file.options.first().map_or(0.0, |o| o.egress_per_gb)
    }

    /// First month (`"YYYY-MM"`) when months are calendar months, else `None`.
    #[must_use]
    pub fn calendar_start(&self) -> Option<&str> {
        (self.file.month == CALENDAR)
            .then_some(self.file.start.as_deref())
            .flatten()
    }

    /// The month convention's code as files and CSV headers write it: `"730h"`, `"720h"`,
    /// `"744h"` or `"calendar"`.
    #[must_use]
    pub fn month_code(&self) -> &str {
        &self.file.month
    }

    /// The month convention in words for chart axes and footers: `"730 h"`, or
    /// `"calendar month from 2026-12"`.
    #[must_use]
    pub fn month_label(&self) -> String {
        match self.calendar_start() {
            Some(start) => format!("calendar month from {start}"),
            None => self.fleet().month.label().to_string(),
        }
    }

    /// The catalog commitments (term and payment option) option `index`'s offer lists, in
    /// catalog order; empty for inline options and offers without committed-use prices.
    #[must_use]
    pub fn option_commitments(&self, index: usize) -> &'static [catalog::Commitment] {
        self.file
            .options
            .get(index)
            .and_then(|o| o.offer.as_deref())
            .and_then(catalog::offer_index)
            .and_then(|i| catalog::OFFER_DETAILS.get(i))
            .map_or(&[], |d| d.commitments)
    }

    /// The scenario as an engine scenario file (lossless: [`Scenario::from_file`] of it gives
    /// this scenario back). With no option picked, `options` is empty, which
    /// [`ScenarioFile::load`] refuses: evaluate only a scenario with options.
    #[must_use]
    pub fn to_file(&self) -> ScenarioFile {
        self.file.clone()
    }

    /// [`Scenario::to_file`] with every option that refers to an imported offer ("your price",
    /// ids `user/…`, registered only in this page by [`planner_core::catalog::user`]) written out
    /// inline: name, as-of date, currency, GPUs per instance, on-demand price per
    /// instance-hour, billing rule and the spot price, where the option does not already set
    /// them, and no offer id. A share link or exported file made from it opens the same
    /// totals in a browser that never imported that price list. Catalog offers stay referenced
    /// by id (every build bundles them).
    #[must_use]
    pub fn portable_file(&self) -> ScenarioFile {
        let mut file = self.to_file();
        for o in &mut file.options {
            let Some(offer) = o
                .offer
                .as_deref()
                .and_then(planner_core::catalog::offer_by_id_ignore_case)
            else {
                continue;
            };
            if !planner_core::catalog::user::is_user_offer(offer) {
                continue;
            }
            o.name.get_or_insert_with(|| offer.label());
            o.prices_as_of
                .get_or_insert_with(|| offer.source().as_of.to_string());
            o.currency
                .get_or_insert_with(|| offer.currency.code().to_string());
            o.gpus_per_instance.get_or_insert(offer.gpu_count);
            if o.on_demand_per_hour.is_none() && o.schedule.is_none() {
                o.on_demand_per_hour = offer.on_demand_per_hour;
            }
            if o.billing.is_none() {
                o.billing = Some(planner_core::file::BillingFile {
                    granularity_seconds: offer.billing.granularity_seconds,
                    minimum_seconds: offer.billing.minimum_seconds,
                });
            }
            if let (Some(spot), Some(p)) = (o.spot.as_mut(), offer.spot_per_hour) {
                if spot.per_hour.is_none() && spot.hourly.is_none() {
                    spot.per_hour = Some(p);
                }
            }
            o.offer = None;
        }
        file
    }

    /// The app's scenario from an engine scenario file, unchanged (so
    /// `Scenario::from_file(f)?.to_file() == f`). Errors: the file is invalid for the engine
    /// ([`ScenarioFile::load`]; an empty `options` list is allowed here), or it compares more
    /// than [`MAX_COMPARED`] options.
    pub fn from_file(file: ScenarioFile) -> Result<Scenario, FromFileError> {
        if file.options.len() > MAX_COMPARED {
            return Err(FromFileError::TooManyOptions(file.options.len()));
        }
        if file.options.is_empty() {
            // Validate everything but the options with a placeholder option.
            let mut probe = file.clone();
            probe.options.push(OptionFile {
                on_demand_per_hour: Some(1.0),
                ..OptionFile::default()
            });
            probe.load()?;
        } else {
            file.load()?;
        }
        Ok(Scenario { file })
    }

    /// Every compared option's results from the engine (all cost components, commitment,
    /// per-GPU-hour and per-job figures), in the display currency and pick order; empty when
    /// nothing is picked. Errors: the first invalid option or plan field, named by its path
    /// (e.g. `options[2].portfolio.spot: a spot share needs spot prices`).
    pub fn evaluate(&self) -> Result<Vec<OptionResult>, EngineError> {
        if self.file.options.is_empty() {
            return Ok(Vec::new());
        }
        // A job's length depends on each GPU's speed: options without an override take the
        // catalog GPU's throughput (fleet figures do not depend on it); a catalog GPU without
        // a figure needs the option's own.
        self.missing_throughput()?;
        let mut file = self.file.clone();
        if self.is_job() {
            for (i, o) in file.options.iter_mut().enumerate() {
                if o.throughput_factor.is_none() {
                    o.throughput_factor = Some(self.option_throughput(i).0);
                }
            }
        }
        Ok(file
            .load()?
            .evaluate()?
            .options
            .into_iter()
            .map(|o| o.result)
            .collect())
    }

    /// Per option (in order): what its risk band's Monte Carlo needs, for options with
    /// interruption risk (a spot share with interruptions, or host failures); `None` for the
    /// others, which have no spread. Empty when nothing is picked. Equal inputs give equal
    /// bands, so the app recomputes only the bands whose inputs changed.
    #[must_use]
    pub fn band_inputs(&self) -> Vec<Option<BandInput>> {
        self.file
            .options
            .iter()
            .map(|o| {
                let spot_risk = o.portfolio.is_some_and(|p| p.spot > 0.0)
                    && o.spot
                        .as_ref()
                        .is_some_and(|s| s.interruptions_per_hour > 0.0);
                (spot_risk || o.failures_per_hour > 0.0).then(|| BandInput {
                    key: ScenarioFile {
                        options: vec![o.clone()],
                        ..self.file.clone()
                    },
                })
            })
            .collect()
    }

    /// Per option (in order): the P10/P50/P90 of its cumulative cost at each month end over
    /// [`BAND_TRIALS`] seeded Monte-Carlo trials, in the display currency, for options with
    /// interruption risk (see [`Scenario::band_inputs`]); `None` for the others, which have no
    /// spread. Empty when nothing is picked or the scenario is invalid.
    #[must_use]
    pub fn risk_bands(&self) -> Vec<Option<Vec<MonteBand>>> {
        if self.file.options.is_empty() {
            return Vec::new();
        }
        if self.missing_throughput().is_err() {
            return Vec::new();
        }
        let mut file = self.file.clone();
        if self.is_job() {
            for (i, o) in file.options.iter_mut().enumerate() {
                if o.throughput_factor.is_none() {
                    o.throughput_factor = Some(self.option_throughput(i).0);
                }
            }
        }
        let Ok(loaded) = file.load() else {
            return Vec::new();
        };
        self.band_inputs()
            .iter()
            .zip(&loaded.options)
            .map(|(input, spec)| {
                input.as_ref()?;
                let m = planner_engine::montecarlo::monte_carlo(&loaded.plan, spec, BAND_TRIALS, 1)
                    .ok()?;
                let m = m
                    .in_currency(spec.currency, loaded.currency, loaded.rate)
                    .ok()?;
                Some(m.cumulative)
            })
            .collect()
    }

    /// What each of `offers` would cost all on demand under this scenario's plan (workload,
    /// horizon, month convention, storage, egress, contingency), converted to the display
    /// currency: the offer table's "scenario total" column. Keyed by offer id; offers the
    /// engine cannot cost (or convert) are left out, and in job mode the offers whose GPU has
    /// no throughput figure (a job's cost depends on the GPU's speed). About 1.3 ms for the
    /// whole catalog.
    #[must_use]
    pub fn offer_totals(&self, offers: &[&'static Offer]) -> HashMap<String, f64> {
        let mut probe = self.file.clone();
        probe.options = vec![OptionFile {
            on_demand_per_hour: Some(1.0),
            ..OptionFile::default()
        }];
        let Ok(loaded) = probe.load() else {
            return HashMap::new();
        };
        let (display, rate) = (self.display_currency(), self.rate());
        offers
            .iter()
            .filter_map(|o| {
                let mut spec = file::offer_spec(o);
                if self.is_job() {
                    spec.throughput_factor = catalog_throughput(o)?;
                }
                let r = planner_engine::plan::evaluate_option(&loaded.plan, &spec, None).ok()?;
                let total = rate.convert(r.total, o.currency, display).ok()?;
                total.is_finite().then(|| (o.id.to_string(), total))
            })
            .collect()
    }

    /// Interruption rate per instance-hour of the options' spot capacity: the first option with
    /// spot prices set inline, else [`DEFAULT_SPOT_INTERRUPTIONS`].
    #[must_use]
    pub fn spot_interruptions(&self) -> f64 {
        self.file
            .options
            .iter()
            .find_map(|o| o.spot.as_ref().map(|s| s.interruptions_per_hour))
            .unwrap_or(DEFAULT_SPOT_INTERRUPTIONS)
    }

    /// Checkpoint settings in force (all zero with Young's interval when the file has none).
    #[must_use]
    pub fn checkpoint(&self) -> file::CheckpointFile {
        self.file.checkpoint.unwrap_or(file::CheckpointFile {
            interval_hours: None,
            write_hours: 0.0,
            restart_hours: 0.0,
        })
    }

    fn checkpoint_mut(&mut self) -> &mut file::CheckpointFile {
        let c = self.checkpoint();
        self.file.checkpoint.get_or_insert(c)
    }

    /// The compared options, in pick order.
    #[must_use]
    pub fn options(&self) -> &[OptionFile] {
        &self.file.options
    }

    /// Ids of the catalog offers the compared options use, in pick order, each once.
    #[must_use]
    pub fn selected(&self) -> Vec<String> {
        let mut ids: Vec<String> = Vec::new();
        for id in self.file.options.iter().filter_map(|o| o.offer.as_ref()) {
            if !ids.contains(id) {
                ids.push(id.clone());
            }
        }
        ids
    }

    /// The fleet-mode workload as the editor shows it: GPUs, hours per day, horizon and month
    /// convention (a calendar month, which [`MonthConvention`] does not name, counts as 730 h;
    /// fields a job-mode file leaves out take the defaults 8 GPUs, 24 h/day, 12 months).
    #[must_use]
    pub fn fleet(&self) -> Fleet {
        let w = &self.file.workload;
        Fleet {
            gpus: w.gpus.unwrap_or(DEFAULT_GPUS),
            hours_per_day: w.hours_per_day.unwrap_or(DEFAULT_HOURS_PER_DAY),
            months: self.file.horizon_months.unwrap_or(DEFAULT_MONTHS),
            month: MonthConvention::ALL
                .into_iter()
                .find(|m| month_code(*m) == self.file.month)
                .unwrap_or_default(),
        }
    }

    /// Currency totals are shown in (USD if the file's code is unknown, which
    /// [`Scenario::from_file`] never lets in).
    #[must_use]
    pub fn display_currency(&self) -> Currency {
        Currency::from_code(&self.file.currency).unwrap_or(Currency::Usd)
    }

    /// USD/CNY rate used to convert offers quoted in the other currency (the catalog's source
    /// rate unless the user set one).
    #[must_use]
    pub fn rate(&self) -> ExchangeRate {
        self.file
            .usd_per_cny
            .map_or(ExchangeRate::CATALOG_DEFAULT, |usd_per_cny| ExchangeRate {
                usd_per_cny,
            })
    }

    /// The catalog offers of the compared options, in pick order, each once (options with
    /// inline prices only, and ids not in the catalog, are skipped).
    #[must_use]
    pub fn selected_offers(&self) -> Vec<&'static Offer> {
        self.selected()
            .iter()
            .filter_map(|id| catalog::offer_by_id(id))
            .collect()
    }

    /// One-line statement of the exchange rate in the direction that matters, e.g.
    /// `"1 CNY = 0.138 USD; 1 USD = 7.2464 CNY"`.
    #[must_use]
    pub fn rate_statement(&self) -> String {
        format!(
            "1 CNY = {} USD; 1 USD = {} CNY",
            planner_core::format::input_value(self.rate().usd_per_cny),
            planner_core::format::number(1.0 / self.rate().usd_per_cny, 4)
        )
    }
}

/// The owned server first offered for rent vs buy (the example of docs/cost-model.md, "Buy vs rent"): 8 GPUs, 250,000
/// purchase, 3 years, 10 % residual, 6.5 kW at PUE 1.3 and 0.12 per kWh, 1,500 ops per month.
pub const DEFAULT_BUY: file::BuyFile = file::BuyFile {
    gpus: 8,
    purchase: 250_000.0,
    life_years: 3.0,
    residual: 0.1,
    kw: 6.5,
    pue: 1.3,
    price_per_kwh: 0.12,
    ops_per_month: 1500.0,
};

/// Accepted reserved terms typed by the user: whole months 1–120.
pub const RESERVED_TERM_SPEC: NumberSpec = NumberSpec {
    min: 1.0,
    max: 120.0,
    integer: true,
    min_positive: 0.0,
};
/// Accepted reserved recurring prices typed by the user, per instance-hour: 0–10,000.
pub const RESERVED_PER_HOUR_SPEC: NumberSpec = NumberSpec {
    min: 0.0,
    max: 10_000.0,
    integer: false,
    min_positive: 0.0,
};

/// Accepted owned-server purchase prices: 0–100,000,000.
pub const PURCHASE_SPEC: NumberSpec = NumberSpec {
    min: 0.0,
    max: 1e8,
    integer: false,
    min_positive: 0.0,
};
/// Accepted useful lives in years: 0.5–20.
pub const LIFE_YEARS_SPEC: NumberSpec = NumberSpec {
    min: 0.5,
    max: 20.0,
    integer: false,
    min_positive: 0.0,
};
/// Accepted power draws in kW: 0–1,000.
pub const KW_SPEC: NumberSpec = NumberSpec {
    min: 0.0,
    max: 1000.0,
    integer: false,
    min_positive: 0.0,
};
/// Accepted PUE: 1–3.
pub const PUE_SPEC: NumberSpec = NumberSpec {
    min: 1.0,
    max: 3.0,
    integer: false,
    min_positive: 0.0,
};
/// Accepted electricity prices per kWh: 0–10.
pub const KWH_PRICE_SPEC: NumberSpec = NumberSpec {
    min: 0.0,
    max: 10.0,
    integer: false,
    min_positive: 0.0,
};
/// Accepted operations costs per month: 0–10,000,000.
pub const OPS_SPEC: NumberSpec = NumberSpec {
    min: 0.0,
    max: 1e7,
    integer: false,
    min_positive: 0.0,
};

/// `b` if every field is in its accepted range (GPUs per server as [`GPUS_SPEC`], residual as
/// a fraction 0–1), else which field is not.
pub fn check_buy(b: file::BuyFile) -> Result<file::BuyFile, ScenarioError> {
    check(f64::from(b.gpus), GPUS_SPEC, "GPUs per server")?;
    check(b.purchase, PURCHASE_SPEC, "purchase price")?;
    check(b.life_years, LIFE_YEARS_SPEC, "life")?;
    check(b.residual * 100.0, SHARE_PCT_SPEC, "residual value")?;
    check(b.kw, KW_SPEC, "power")?;
    check(b.pue, PUE_SPEC, "PUE")?;
    check(b.price_per_kwh, KWH_PRICE_SPEC, "electricity price")?;
    check(b.ops_per_month, OPS_SPEC, "operations cost")?;
    Ok(b)
}

/// The reason job mode gives for a catalog offer whose GPU has no throughput figure (field
/// `options[i].throughput_factor`); the page translates it (`engine-no-throughput`).
pub const NO_THROUGHPUT_FIGURE: &str =
    "is required in job mode: the catalog has no throughput figure for this GPU";

/// Work per GPU-hour of `offer`'s GPU relative to the reference GPU (dense BF16 TFLOPS ratio),
/// when the catalog knows both figures.
#[must_use]
pub fn catalog_throughput(offer: &Offer) -> Option<f64> {
    let own = catalog::spec(offer)?.work_tflops()?;
    let reference = catalog::gpus::spec_by_model(catalog::gpus::REFERENCE_MODEL)?.work_tflops()?;
    (own > 0.0 && reference > 0.0).then(|| own / reference)
}

/// The month code of calendar months.
pub const CALENDAR: &str = "calendar";

/// Commitment number `commitment` of `option`'s catalog offer, or why there is none.
fn option_commitment(
    option: &OptionFile,
    commitment: usize,
) -> Result<catalog::Commitment, ScenarioError> {
    option
        .offer
        .as_deref()
        .and_then(catalog::offer_index)
        .and_then(|i| catalog::OFFER_DETAILS.get(i))
        .and_then(|d| d.commitments.get(commitment))
        .copied()
        .ok_or_else(|| {
            ScenarioError::Strategy(
                "this offer lists no committed-use (reserved) price in the catalog".into(),
            )
        })
}

fn reserved_file(c: catalog::Commitment) -> file::ReservedFile {
    file::ReservedFile {
        term_months: c.term_months,
        upfront: c.upfront,
        recurring_per_hour: c.per_hour,
    }
}

/// `"12 months, partial upfront: 105,120 upfront + 20.00/h (32.00/h effective)"`.
#[must_use]
pub fn commitment_label(c: &catalog::Commitment, currency: Currency) -> String {
    format!(
        "{} months, {}: {} upfront + {}/h ({}/h effective)",
        c.term_months,
        c.payment.label(),
        planner_core::format::money(c.upfront, currency),
        planner_core::format::number(c.per_hour, 2),
        planner_core::format::number(c.effective_per_hour(), 2),
    )
}

/// Reserved and spot shares (in %) after one of them is set to `value`: the other is lowered
/// when the two would exceed 100 %, so on-demand (the rest) is never negative.
#[must_use]
pub fn rebalance(reserved_pct: f64, spot_pct: f64, set_reserved: bool, value: f64) -> (f64, f64) {
    if set_reserved {
        (value, spot_pct.min(100.0 - value).max(0.0))
    } else {
        (reserved_pct.min(100.0 - value).max(0.0), value)
    }
}

/// Labels for offers shown together, made unique: where two [`Offer::label`]s coincide (the same
/// card from two dated snapshots, say), the as-of date is appended, then the region, then a
/// counter, so a legend never shows two identical names.
#[must_use]
pub fn option_labels(offers: &[&Offer]) -> Vec<String> {
    let mut labels: Vec<String> = offers.iter().map(|o| o.label()).collect();
    let suffixes: [&dyn Fn(&Offer) -> String; 2] = [
        &|o: &Offer| format!(", as of {}", o.source().as_of),
        &|o: &Offer| format!(", {}", o.region),
    ];
    for suffix in suffixes {
        let clashing: Vec<bool> = labels
            .iter()
            .map(|l| labels.iter().filter(|m| *m == l).count() > 1)
            .collect();
        for (i, clash) in clashing.into_iter().enumerate() {
            if clash {
                labels[i].push_str(&suffix(offers[i]));
            }
        }
    }
    let snapshot = labels.clone();
    for (i, label) in labels.iter_mut().enumerate() {
        if snapshot.iter().filter(|m| *m == label).count() > 1 {
            label.push_str(&format!(" #{}", i + 1));
        }
    }
    labels
}

/// How an offer's on-demand time is billed, in words: `"billed per second, 60 s minimum"`,
/// `"billed per minute"`, or that the rule is not stated (time then counts exactly).
#[must_use]
pub fn billing_label(billing: planner_engine::Billing) -> String {
    let unit = match billing.granularity_seconds {
        None => return "billing granularity not stated: exact time used".to_string(),
        Some(1) => "billed per second".to_string(),
        Some(60) => "billed per minute".to_string(),
        Some(3600) => "billed per hour".to_string(),
        Some(g) => format!("billed per {g} s"),
    };
    if billing.minimum_seconds > 0 {
        format!("{unit}, {} s minimum", billing.minimum_seconds)
    } else {
        unit
    }
}

/// `"1 month"`, `"3 months"`: a count with its noun, pluralised in English.
#[must_use]
pub fn count_of(n: u32, singular: &str, plural: &str) -> String {
    format!(
        "{} {}",
        planner_core::format::number(f64::from(n), 0),
        if n == 1 { singular } else { plural }
    )
}

/// `n` with its unit in `t`'s language: `unit` is `gpus`, `months`, `offers` or `rows`, whose
/// messages `count-{unit}-one` and `count-{unit}-other` take `$n` (Fluent's English plural
/// categories, chosen here because the translator formats no selectors; Chinese has one form).
#[must_use]
pub fn count_in(t: &Translator, n: u32, unit: &str) -> String {
    let form = if n == 1 { "one" } else { "other" };
    t.text_named(
        &format!("count-{unit}-{form}"),
        &[("n", Arg::Number(f64::from(n)))],
    )
}

/// The month convention in words in `t`'s language: `"730 h"` / `"730 小时"`, or
/// `"calendar month from 2026-12"` / `"自 2026-12 起的日历月"`.
#[must_use]
pub fn month_words(scenario: &Scenario, t: &Translator) -> String {
    match scenario.calendar_start() {
        Some(start) => t.text_with(
            msg!("chart-month-calendar"),
            &[("start", Arg::Text(start.to_string()))],
        ),
        None => {
            let label = scenario.fleet().month.label();
            t.text_with(
                msg!("ui-month-hours"),
                &[("hours", Arg::Text(label.trim_end_matches(" h").to_string()))],
            )
        }
    }
}

/// Builds the cumulative-cost chart from the engine's `results` for `scenario` (which must be
/// `scenario.evaluate()`) with every text in `t`'s language: one line per option (strategy
/// variants included) with every cost component, the plan and month convention in the footer,
/// and each option's prices as-of date.
#[must_use]
pub fn engine_cumulative_chart(
    scenario: &Scenario,
    results: &[OptionResult],
    t: &Translator,
) -> CumulativeChart {
    let l = t.language();
    let fleet = scenario.fleet();
    let file = &scenario.file;
    let currency = scenario.display_currency();
    let code = || Arg::Text(currency.code().to_string());
    let month = month_words(scenario, t);
    let lines = results
        .iter()
        .map(|r| Line {
            label: format!("{} — {}", r.name, i18n::money(l, r.total, currency)),
            points: std::iter::once((0.0, 0.0))
                .chain(
                    r.cumulative
                        .iter()
                        .enumerate()
                        .map(|(i, c)| ((i + 1) as f64, c.total())),
                )
                .collect(),
        })
        .collect();
    let mut as_of: Vec<String> = Vec::new();
    for r in results {
        let text = r
            .prices_as_of
            .as_deref()
            .map_or_else(|| t.text(msg!("chart-undated")), |d| i18n::date(l, d));
        if !as_of.contains(&text) {
            as_of.push(text);
        }
    }
    let days = file.workload.days_per_week.unwrap_or(7.0);
    let months = chart_months(scenario, results);
    let w = &file.workload;
    let txt = |s: String| Arg::Text(s);
    let mut plan = if scenario.is_job() {
        t.text_with(
            msg!("chart-plan-job"),
            &[
                (
                    "work",
                    txt(i18n::number(l, w.gpu_hours.unwrap_or(0.0).round())),
                ),
                (
                    "size",
                    txt(match (w.gpus, w.within_months) {
                        (_, Some(m)) => t.text_with(
                            msg!("chart-plan-within"),
                            &[("months", txt(planner_core::format::input_value(m)))],
                        ),
                        (g, None) => t.text_with(
                            msg!("chart-plan-on"),
                            &[("gpus", txt(count_in(t, g.unwrap_or(DEFAULT_GPUS), "gpus")))],
                        ),
                    }),
                ),
                (
                    "efficiency",
                    txt(planner_core::format::input_value(
                        w.scaling_efficiency.unwrap_or(1.0),
                    )),
                ),
                ("month", txt(month.clone())),
            ],
        )
    } else {
        t.text_with(
            msg!("chart-plan-fleet"),
            &[
                ("gpus", txt(count_in(t, fleet.gpus, "gpus"))),
                (
                    "hours",
                    txt(planner_core::format::input_value(fleet.hours_per_day)),
                ),
                ("days", txt(planner_core::format::input_value(days))),
                ("months", txt(count_in(t, fleet.months, "months"))),
                ("month", txt(month.clone())),
            ],
        )
    };
    if file.storage_gb > 0.0 || file.egress_gb_per_month > 0.0 {
        plan.push_str(&t.text_with(
            msg!("chart-plan-storage"),
            &[
                (
                    "storage",
                    txt(planner_core::format::number(file.storage_gb, 0)),
                ),
                (
                    "storage_price",
                    txt(planner_core::format::input_value(scenario.storage_price())),
                ),
                (
                    "egress",
                    txt(planner_core::format::number(file.egress_gb_per_month, 0)),
                ),
                (
                    "egress_price",
                    txt(planner_core::format::input_value(scenario.egress_price())),
                ),
            ],
        ));
    }
    if file.contingency_pct > 0.0 {
        plan.push_str(&t.text_with(
            msg!("chart-plan-contingency"),
            &[(
                "pct",
                txt(planner_core::format::input_value(file.contingency_pct)),
            )],
        ));
    }
    plan.push_str(&t.text(msg!("chart-plan-end")));
    let mut footer = vec![plan];
    if !as_of.is_empty() {
        footer.push(t.text_with(
            msg!("chart-prices-as-of"),
            &[(
                "dates",
                txt(as_of.join(match l {
                    Language::En => "; ",
                    Language::ZhCn => "；",
                })),
            )],
        ));
    }
    if results.iter().any(|r| {
        r.offer_id
            .as_deref()
            .and_then(catalog::offer_by_id)
            .is_some_and(|o| o.currency != currency)
    }) {
        footer.push(t.text_with(
            msg!("chart-converted"),
            &[
                ("currency", code()),
                ("rate", txt(scenario.rate_statement())),
            ],
        ));
    }
    CumulativeChart {
        title: t.text_with(msg!("chart-cumulative-title"), &[("currency", code())]),
        x_label: t.text_with(msg!("chart-month-axis"), &[("month", txt(month))]),
        y_label: t.text_with(msg!("chart-cumulative-title"), &[("currency", code())]),
        footer,
        lines,
        empty_message: empty_message(t),
        months,
        bands: Vec::new(),
        bands_pending: 0,
        currency,
    }
}

/// "Pick up to 4 offers in the table to compare them", in `t`'s language.
fn empty_message(t: &Translator) -> String {
    t.text_with(
        msg!("chart-empty-pick"),
        &[("max", Arg::Number(MAX_COMPARED as f64))],
    )
}

/// Trials of the Monte Carlo behind the cumulative chart's P10–P90 bands: the count issue 7's
/// budget names. The nearest-rank P10 of 10,000 trials has a standard error of about 0.3
/// percentile points (about 0.95 with 1,000), so bands barely jitter between slider positions.
/// The app computes them after the lines are painted, several options per task (up to 8 ms),
/// and only for options whose inputs changed (`ui::bands`).
pub const BAND_TRIALS: u32 = 10_000;

/// One option's risk band input (from [`Scenario::band_inputs`]): the scenario file with that
/// option only, which determines the plan, the option and the display currency. Two inputs are
/// equal exactly when those files are.
#[derive(Clone, Debug, PartialEq)]
pub struct BandInput {
    key: ScenarioFile,
}

impl BandInput {
    /// P10/P50/P90 of the option's cumulative cost at each month end (one entry per month)
    /// over [`BAND_TRIALS`] Monte-Carlo trials with seed 1, in the display currency; `None`
    /// when the scenario is invalid or the engine refuses.
    #[must_use]
    pub fn run(&self) -> Option<Vec<MonteBand>> {
        Scenario {
            file: self.key.clone(),
        }
        .risk_bands()
        .pop()
        .flatten()
    }
}

/// `chart` with the P10–P90 band of every option in `bands` (by option position; `None` for
/// options without interruption risk or whose band is not computed yet) drawn under its line,
/// and a footer line saying so; a further footer line says when `pending` options' bands are
/// still being computed. Footer lines in `t`'s language.
#[must_use]
pub fn with_bands(
    mut chart: CumulativeChart,
    bands: &[Option<Vec<MonteBand>>],
    pending: usize,
    t: &Translator,
) -> CumulativeChart {
    chart.bands = bands
        .iter()
        .enumerate()
        .filter_map(|(i, b)| {
            b.as_ref().map(|b| BandArea {
                series: i,
                points: std::iter::once((0.0, 0.0, 0.0))
                    .chain(
                        b.iter()
                            .enumerate()
                            .map(|(m, x)| ((m + 1) as f64, x.p10, x.p90)),
                    )
                    .collect(),
            })
        })
        .collect();
    if !chart.bands.is_empty() {
        chart.footer.push(t.text_with(
            msg!("chart-bands"),
            &[("trials", Arg::Number(f64::from(BAND_TRIALS)))],
        ));
    }
    chart.bands_pending = pending;
    if pending > 0 {
        chart.footer.push(t.text_with(
            msg!("chart-bands-pending"),
            &[("count", Arg::Number(pending as f64))],
        ));
    }
    chart
}

/// Months the charts span: the horizon, or for a job run until finished, the longest option's.
fn chart_months(scenario: &Scenario, results: &[OptionResult]) -> u32 {
    match scenario.file.horizon_months {
        Some(m) => m,
        None => results
            .iter()
            .map(|r| r.cumulative.len() as u32)
            .max()
            .unwrap_or(1)
            .max(1),
    }
}

/// Builds the ranking chart (total within the horizon per option, cheapest first) from the
/// engine's `results` for `scenario`, texts in `t`'s language; the footer repeats the
/// cumulative chart's.
#[must_use]
pub fn engine_ranking_chart(
    scenario: &Scenario,
    results: &[OptionResult],
    t: &Translator,
) -> RankingChart {
    let currency = scenario.display_currency();
    let code = || Arg::Text(currency.code().to_string());
    let fleet = scenario.fleet();
    RankingChart {
        title: if scenario.is_job() {
            t.text_with(msg!("chart-ranking-title-job"), &[("currency", code())])
        } else {
            t.text_with(
                msg!("chart-ranking-title"),
                &[
                    ("months", Arg::Text(count_in(t, fleet.months, "months"))),
                    ("currency", code()),
                ],
            )
        },
        x_label: t.text_with(msg!("chart-ranking-axis"), &[("currency", code())]),
        footer: engine_cumulative_chart(scenario, results, t).footer,
        bars: results
            .iter()
            .enumerate()
            .map(|(i, r)| Bar {
                label: r.name.clone(),
                value: r.total,
                series: i,
                value_text: i18n::money(t.language(), r.total, currency),
            })
            .collect(),
        empty_message: empty_message(t),
    }
}

/// Names of the cost components in `t`'s language, in [`planner_engine::plan::Components::NAMES`]
/// order (legend text and Chinese CSV headers).
#[must_use]
pub fn component_labels(t: &Translator) -> [String; 10] {
    planner_engine::plan::Components::NAMES
        .map(|n| t.text_named(&format!("component-{}", n.replace('_', "-")), &[]))
}

/// Builds the breakdown chart (cost of each month by component) of option `index` from the
/// engine's `results` for `scenario`, texts in `t`'s language; an index past the end shows
/// the first option, and no option gives an empty chart.
#[must_use]
pub fn engine_breakdown_chart(
    scenario: &Scenario,
    results: &[OptionResult],
    index: usize,
    t: &Translator,
) -> BreakdownChart {
    let currency = scenario.display_currency();
    let code = || Arg::Text(currency.code().to_string());
    let r = results.get(index).or_else(|| results.first());
    let option = r.map(|r| r.name.clone()).unwrap_or_default();
    BreakdownChart {
        title: t.text_with(msg!("chart-breakdown-title"), &[("currency", code())]),
        option_line: if option.is_empty() {
            String::new()
        } else {
            t.text_with(
                msg!("chart-option-line"),
                &[("name", Arg::Text(option.clone()))],
            )
        },
        option,
        component_labels: component_labels(t),
        x_label: t.text_with(
            msg!("chart-month-axis"),
            &[("month", Arg::Text(month_words(scenario, t)))],
        ),
        y_label: t.text_with(msg!("chart-breakdown-axis"), &[("currency", code())]),
        footer: engine_cumulative_chart(scenario, r.map(std::slice::from_ref).unwrap_or(&[]), t)
            .footer,
        monthly: r.map(|r| r.monthly.clone()).unwrap_or_default(),
        empty_message: empty_message(t),
    }
}

/// Builds the reserved-vs-on-demand chart from the engine's `results` for `scenario`, texts in
/// `t`'s language: for each option with a reserved term, what an instance-hour of the term
/// costs on demand as a function of the share of hours used (a dashed line through the origin)
/// and reserved (flat: owed whether used or not), with the break-even utilisation marked where
/// the lines cross.
#[must_use]
pub fn engine_reserved_chart(
    scenario: &Scenario,
    results: &[OptionResult],
    t: &Translator,
) -> LinesChart {
    let currency = scenario.display_currency();
    let code = || Arg::Text(currency.code().to_string());
    let txt = |s: String| Arg::Text(s);
    let mut lines = Vec::new();
    let mut markers = Vec::new();
    let mut priced = Vec::new();
    for (i, r) in results.iter().enumerate() {
        let Some(rs) = &r.reserved else { continue };
        let Some(od) = rs.on_demand_per_hour.filter(|p| p.is_finite()) else {
            continue;
        };
        priced.push(r.clone());
        let term = scenario
            .options()
            .get(i)
            .and_then(|o| o.reserved)
            .map(|term| term.term_months);
        lines.push(XyLine {
            label: t.text_with(
                msg!("chart-reserved-on-demand-line"),
                &[
                    ("name", txt(r.name.clone())),
                    ("price", txt(planner_core::format::number(od, 2))),
                ],
            ),
            series: i,
            dashed: true,
            points: vec![(0.0, 0.0), (100.0, od)],
        });
        lines.push(XyLine {
            label: {
                let price = txt(planner_core::format::number(rs.effective_per_hour, 2));
                match term {
                    Some(m) => t.text_with(
                        msg!("chart-reserved-line-term"),
                        &[
                            ("name", txt(r.name.clone())),
                            ("months", Arg::Number(f64::from(m))),
                            ("price", price),
                        ],
                    ),
                    None => t.text_with(
                        msg!("chart-reserved-line"),
                        &[("name", txt(r.name.clone())), ("price", price)],
                    ),
                }
            },
            series: i,
            dashed: false,
            points: vec![(0.0, rs.effective_per_hour), (100.0, rs.effective_per_hour)],
        });
        markers.push(match rs.break_even_utilisation.filter(|u| u.is_finite()) {
            Some(u) if u <= 1.0 => Marker {
                x: u * 100.0,
                y: rs.effective_per_hour,
                tag: format!("{} %", planner_core::format::number(u * 100.0, 1)),
                label: t.text_with(
                    msg!("chart-break-even-marker"),
                    &[
                        ("name", txt(r.name.clone())),
                        ("pct", txt(planner_core::format::number(u * 100.0, 1))),
                    ],
                ),
                series: i,
            },
            _ => Marker {
                x: 100.0,
                y: od,
                tag: t.text(msg!("chart-never")),
                label: t.text_with(
                    msg!("chart-never-pays-off"),
                    &[("name", txt(r.name.clone()))],
                ),
                series: i,
            },
        });
    }
    LinesChart {
        title: t.text_with(msg!("chart-reserved-title"), &[("currency", code())]),
        x_label: t.text(msg!("chart-reserved-x-axis")),
        y_label: t.text_with(msg!("chart-reserved-y-axis"), &[("currency", code())]),
        x_max: 100.0,
        footer: engine_cumulative_chart(scenario, &priced, t).footer,
        lines,
        markers,
        empty_message: t.text(msg!("chart-reserved-empty")),
    }
}

/// Builds the rent-vs-buy chart from the engine's `results` for `scenario`, texts in `t`'s
/// language: each option's cumulative rental cost, the cumulative cash cost of owning enough
/// servers for the first option's GPUs (dashed), and each option's crossover month (the first
/// month renting has cost at least as much as buying) marked.
#[must_use]
pub fn engine_buy_chart(
    scenario: &Scenario,
    results: &[OptionResult],
    t: &Translator,
) -> LinesChart {
    let currency = scenario.display_currency();
    let code = || Arg::Text(currency.code().to_string());
    let txt = |s: String| Arg::Text(s);
    let mut lines: Vec<XyLine> = results
        .iter()
        .enumerate()
        .map(|(i, r)| XyLine {
            label: t.text_with(msg!("chart-rent-line"), &[("name", txt(r.name.clone()))]),
            series: i,
            dashed: false,
            points: std::iter::once((0.0, 0.0))
                .chain(
                    r.cumulative
                        .iter()
                        .enumerate()
                        .map(|(m, c)| ((m + 1) as f64, c.total())),
                )
                .collect(),
        })
        .collect();
    let mut markers = Vec::new();
    let buy = scenario.file.buy;
    if let (Some(b), Some(first)) = (buy, results.first().and_then(|r| r.buy.as_ref())) {
        // The owned line is drawn in the colour after the options'.
        let own = results.len();
        let upfront = first.servers * b.purchase;
        lines.push(XyLine {
            label: t.text_with(
                msg!("chart-buy-line"),
                &[
                    (
                        "servers",
                        txt(planner_core::format::number(first.servers, 0)),
                    ),
                    ("gpus", Arg::Number(f64::from(b.gpus))),
                    (
                        "price",
                        txt(i18n::money(t.language(), b.purchase, currency)),
                    ),
                    (
                        "years",
                        txt(planner_core::format::input_value(b.life_years)),
                    ),
                    (
                        "residual",
                        txt(planner_core::format::input_value(b.residual * 100.0)),
                    ),
                    (
                        "per_hour",
                        txt(i18n::money(t.language(), first.per_server_hour, currency)),
                    ),
                ],
            ),
            series: own,
            dashed: true,
            points: std::iter::once((0.0, upfront))
                .chain(
                    first
                        .cumulative
                        .iter()
                        .enumerate()
                        .map(|(m, c)| ((m + 1) as f64, *c)),
                )
                .collect(),
        });
        for (i, r) in results.iter().enumerate() {
            if let Some(m) = r.buy.as_ref().and_then(|b| b.crossover_month) {
                let y = r
                    .cumulative
                    .get(m.saturating_sub(1) as usize)
                    .map_or(f64::NAN, |c| c.total());
                markers.push(Marker {
                    x: f64::from(m),
                    y,
                    tag: t.text_with(msg!("chart-month-n"), &[("n", Arg::Number(f64::from(m)))]),
                    label: t.text_with(
                        msg!("chart-buy-cheaper-from"),
                        &[
                            ("name", txt(r.name.clone())),
                            ("n", Arg::Number(f64::from(m))),
                        ],
                    ),
                    series: i,
                });
            }
        }
        if markers.is_empty() && !results.is_empty() {
            markers.push(Marker {
                x: f64::from(chart_months(scenario, results)),
                y: first.cumulative.last().copied().unwrap_or(f64::NAN),
                tag: t.text(msg!("chart-no-crossover")),
                label: t.text_with(
                    msg!("chart-renting-stays-cheaper"),
                    &[(
                        "months",
                        txt(count_in(t, chart_months(scenario, results), "months")),
                    )],
                ),
                series: own,
            });
        }
    }
    let mut footer = engine_cumulative_chart(scenario, results, t).footer;
    footer.push(t.text_with(msg!("chart-buy-footer"), &[("currency", code())]));
    let month = month_words(scenario, t);
    LinesChart {
        title: t.text_with(msg!("chart-buy-title"), &[("currency", code())]),
        x_label: t.text_with(msg!("chart-month-axis"), &[("month", txt(month))]),
        y_label: t.text_with(msg!("chart-cumulative-title"), &[("currency", code())]),
        x_max: f64::from(chart_months(scenario, results)),
        footer,
        lines: if buy.is_some() { lines } else { Vec::new() },
        markers,
        empty_message: t.text(msg!("chart-buy-empty")),
    }
}

/// Sorts `offers` by their scenario total (offer id → total in the display currency, the app's
/// [`Scenario::offer_totals`]), cheapest first; offers without a total go last, and ties keep
/// their order (stable).
pub fn sort_by_totals(offers: &mut [&'static Offer], totals: &HashMap<String, f64>) {
    query::sort_offers_by(offers, &|o| {
        totals.get(o.id).copied().unwrap_or(f64::INFINITY)
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn en() -> Translator {
        Translator::new(Language::En)
    }

    #[test]
    fn sorting_by_scenario_total_puts_uncosted_offers_last() {
        let mut offers: Vec<&'static Offer> = catalog::OFFERS.iter().take(3).collect();
        let totals = HashMap::from([
            (offers[2].id.to_string(), 1.0),
            (offers[0].id.to_string(), 2.0),
        ]);
        let ids = [offers[2].id, offers[0].id, offers[1].id];
        sort_by_totals(&mut offers, &totals);
        assert_eq!(offers.iter().map(|o| o.id).collect::<Vec<_>>(), ids);
    }

    #[test]
    fn default_scenario_picks_real_offers() {
        let s = Scenario::default();
        assert_eq!(
            s.selected().len(),
            DEFAULT_PICKS.len(),
            "{:?}",
            s.selected()
        );
        let results = s.evaluate().expect("every default offer is costed");
        assert_eq!(results.len(), s.selected().len());
    }

    #[test]
    fn at_most_ten_options() {
        let mut s = Scenario::default();
        s = s.apply(Action::ClearSelection).unwrap();
        for o in catalog::OFFERS.iter().take(MAX_COMPARED) {
            s = s.apply(Action::ToggleOffer(o.id.into())).unwrap();
        }
        let one_more = catalog::OFFERS[MAX_COMPARED].id.to_string();
        assert_eq!(
            s.apply(Action::ToggleOffer(one_more)),
            Err(ScenarioError::TooManyOffers)
        );
        let first = catalog::OFFERS[0].id.to_string();
        let s = s.apply(Action::ToggleOffer(first)).unwrap();
        assert_eq!(s.selected().len(), MAX_COMPARED - 1);
        assert!(matches!(
            s.apply(Action::ToggleOffer("nope/none".into())),
            Err(ScenarioError::UnknownOffer(_))
        ));
    }

    #[test]
    fn to_file_and_from_file_round_trip() {
        let s = Scenario::default()
            .apply(Action::SetGpus(16.0))
            .unwrap()
            .apply(Action::SetMonthConvention(MonthConvention::Hours720))
            .unwrap()
            .apply(Action::SetUsdPerCny(0.14))
            .unwrap();
        let f = s.to_file();
        assert_eq!(f.workload.gpus, Some(16));
        assert_eq!(f.month, "720h");
        assert_eq!(f.usd_per_cny, Some(0.14));
        assert_eq!(f.options.len(), DEFAULT_PICKS.len());
        assert_eq!(Scenario::from_file(f.clone()).unwrap(), s);
        // Through JSON, as share links and saved scenarios carry it.
        let json = serde_json::to_string(&f).unwrap();
        let back = file::parse(&json).unwrap();
        assert_eq!(Scenario::from_file(back).unwrap().to_file(), f);
        // With nothing picked, too.
        let empty = s.apply(Action::ClearSelection).unwrap();
        assert_eq!(Scenario::from_file(empty.to_file()).unwrap(), empty);
    }

    #[test]
    fn from_file_keeps_every_engine_field() {
        let json = r#"{"version": 1, "name": "job <test>", "month": "calendar", "start": "2027-02",
            "currency": "CNY", "usd_per_cny": 0.14, "rate_as_of": "2026-11-30",
            "workload": {"mode": "job", "gpu_hours": 5000, "within_months": 2, "scaling_efficiency": 0.9},
            "portfolio": {"reserved": 0, "spot": 0.5},
            "checkpoint": {"interval_hours": 2, "write_hours": 0.05, "restart_hours": 0.1},
            "storage_gb": 500, "egress_gb_per_month": 100, "contingency_pct": 10,
            "montecarlo": {"trials": 200, "seed": 7},
            "buy": {"gpus": 8, "purchase": 250000, "life_years": 4, "residual": 0.1, "kw": 6.5, "pue": 1.4, "price_per_kwh": 0.15, "ops_per_month": 1500},
            "options": [{"name": "inline", "on_demand_per_hour": 2.0, "spot": {"per_hour": 0.8, "interruptions_per_hour": 0.05}}]}"#;
        let f = file::parse(json).unwrap();
        let s = Scenario::from_file(f.clone()).unwrap();
        assert_eq!(s.to_file(), f);
        assert_eq!(s.display_currency(), Currency::Cny);
        assert_eq!(s.rate().usd_per_cny, 0.14);
        assert!(s.selected().is_empty(), "an inline option names no offer");
    }

    #[test]
    fn from_file_refuses_invalid_files_and_too_many_options() {
        let mut f = Scenario::default().to_file();
        f.workload.gpus = Some(0);
        assert!(matches!(
            Scenario::from_file(f),
            Err(FromFileError::Invalid(e)) if e.field() == "workload.gpus"
        ));
        let mut f = Scenario::default().to_file();
        f.options = catalog::OFFERS
            .iter()
            .take(MAX_COMPARED + 1)
            .map(|o| offer_option(o.id))
            .collect();
        assert_eq!(
            Scenario::from_file(f),
            Err(FromFileError::TooManyOptions(MAX_COMPARED + 1))
        );
    }

    #[test]
    fn engine_results_follow_contingency_and_days_per_week() {
        let s = Scenario::default();
        let base = s.evaluate().unwrap();
        assert_eq!(base.len(), s.options().len());
        let more = s
            .apply(Action::SetContingencyPct(10.0))
            .unwrap()
            .evaluate()
            .unwrap();
        assert!((more[0].total - base[0].total * 1.1).abs() < 1e-6 * base[0].total);
        let fewer = s
            .apply(Action::SetDaysPerWeek(3.5))
            .unwrap()
            .evaluate()
            .unwrap();
        assert!(fewer[0].total < base[0].total);
        assert!(s.apply(Action::SetDaysPerWeek(8.0)).is_err());
        assert!(Scenario::default()
            .apply(Action::ClearSelection)
            .unwrap()
            .evaluate()
            .unwrap()
            .is_empty());
    }

    #[test]
    fn spot_variants_need_a_spot_price() {
        let with_spot = catalog::OFFERS
            .iter()
            .find(|o| o.spot_per_hour.is_some())
            .unwrap();
        let without = catalog::OFFERS
            .iter()
            .find(|o| o.spot_per_hour.is_none())
            .unwrap();
        let s = Scenario::default()
            .apply(Action::ClearSelection)
            .unwrap()
            .apply(Action::ToggleOffer(with_spot.id.into()))
            .unwrap()
            .apply(Action::ToggleOffer(without.id.into()))
            .unwrap();
        let v = s
            .apply(Action::AddSpotVariant {
                index: 0,
                spot_pct: 100.0,
            })
            .unwrap();
        assert_eq!(v.options().len(), 3);
        assert_eq!(v.options()[1].offer.as_deref(), Some(with_spot.id));
        assert!(v.options()[1].name.as_deref().unwrap().ends_with(", spot"));
        let r = v.evaluate().unwrap();
        assert!(r[1].totals.spot > 0.0 && r[0].totals.spot == 0.0);
        assert!(matches!(
            s.apply(Action::AddSpotVariant {
                index: 1,
                spot_pct: 100.0
            }),
            Err(ScenarioError::Strategy(_))
        ));
        // Round trip keeps the variant, and removing it restores the comparison.
        assert_eq!(Scenario::from_file(v.to_file()).unwrap(), v);
        assert_eq!(v.apply(Action::RemoveOption(1)).unwrap(), s);
    }

    /// A catalog offer with committed-use prices, in USD, and the default scenario comparing
    /// only it.
    fn committed() -> (&'static Offer, Scenario) {
        let (i, o) = catalog::OFFERS
            .iter()
            .enumerate()
            .find(|(i, o)| {
                o.currency == Currency::Usd && !catalog::OFFER_DETAILS[*i].commitments.is_empty()
            })
            .unwrap();
        assert_eq!(catalog::offer_index(o.id), Some(i));
        let s = Scenario::default()
            .apply(Action::ClearSelection)
            .unwrap()
            .apply(Action::ToggleOffer(o.id.into()))
            .unwrap();
        (o, s)
    }

    #[test]
    fn storage_and_egress_cost_volume_times_price() {
        let s = Scenario::default()
            .apply(Action::SetStoragePrice(0.02))
            .unwrap()
            .apply(Action::SetEgressPrice(0.09))
            .unwrap();
        assert_eq!(s.storage_price(), 0.02);
        let none = s.evaluate().unwrap();
        assert_eq!(none[0].totals.storage, 0.0);
        let s = s
            .apply(Action::SetStorageGb(1000.0))
            .unwrap()
            .apply(Action::SetEgressGb(500.0))
            .unwrap();
        let r = s.evaluate().unwrap();
        // 12 months × 1,000 GB × 0.02 and 12 × 500 GB × 0.09 (the fleet runs every month).
        assert!(
            (r[0].totals.storage - 240.0).abs() < 1e-6,
            "{}",
            r[0].totals.storage
        );
        assert!(
            (r[0].totals.egress - 540.0).abs() < 1e-6,
            "{}",
            r[0].totals.egress
        );
        assert!((r[0].total - none[0].total - 780.0).abs() < 1e-6);
        // A newly compared offer takes the same per-GB prices.
        let extra = catalog::OFFERS
            .iter()
            .find(|o| !s.selected().iter().any(|id| id == o.id))
            .unwrap();
        let t = s.apply(Action::ToggleOffer(extra.id.into())).unwrap();
        assert_eq!(t.options().last().unwrap().egress_per_gb, 0.09);
        assert!(engine_cumulative_chart(&s, &r, &en()).footer[0]
            .contains("storage 1,000 GB at 0.02/GB-month"));
        for a in [
            Action::SetStorageGb(-1.0),
            Action::SetEgressGb(f64::NAN),
            Action::SetStoragePrice(11.0),
            Action::SetEgressPrice(-0.1),
        ] {
            assert!(s.apply(a.clone()).is_err(), "{a:?}");
        }
        assert_eq!(Scenario::from_file(s.to_file()).unwrap(), s);
    }

    #[test]
    fn calendar_months_start_at_the_chosen_month() {
        let s = Scenario::default()
            .apply(Action::SetCalendarStart("2027-02".into()))
            .unwrap();
        assert_eq!(s.month_code(), "calendar");
        assert_eq!(s.calendar_start(), Some("2027-02"));
        let r = s.evaluate().unwrap();
        let fixed = Scenario::default().evaluate().unwrap();
        // February 2027 has 672 hours, fewer than 730: the first month costs less.
        assert!(r[0].monthly[0].total() < fixed[0].monthly[0].total());
        let c = engine_cumulative_chart(&s, &r, &en());
        assert!(
            c.x_label.contains("calendar month from 2027-02"),
            "{}",
            c.x_label
        );
        for bad in ["2027-13", "27-02", "2027/02", "", "2027-1"] {
            assert!(
                s.apply(Action::SetCalendarStart(bad.into())).is_err(),
                "{bad}"
            );
        }
        let back = s
            .apply(Action::SetMonthConvention(MonthConvention::Hours720))
            .unwrap();
        assert_eq!((back.month_code(), back.calendar_start()), ("720h", None));
        assert_eq!(Scenario::from_file(s.to_file()).unwrap(), s);
    }

    #[test]
    fn reserved_variants_use_the_catalog_commitments() {
        let (offer, s) = committed();
        let commitments = s.option_commitments(0);
        assert!(!commitments.is_empty());
        let v = s
            .apply(Action::AddReservedVariant {
                index: 0,
                reserved_pct: 60.0,
                commitment: 0,
            })
            .unwrap();
        assert_eq!(v.options().len(), 2);
        let o = &v.options()[1];
        assert_eq!(o.offer.as_deref(), Some(offer.id));
        assert_eq!(o.portfolio.unwrap().reserved, 0.6);
        assert_eq!(o.reserved.unwrap().term_months, commitments[0].term_months);
        assert!(
            o.name.as_deref().unwrap().contains("60/40 reserved"),
            "{:?}",
            o.name
        );
        let r = v.evaluate().unwrap();
        assert!(r[1].totals.reserved_upfront + r[1].totals.reserved_recurring > 0.0);
        assert!(r[1].totals.on_demand > 0.0 && r[1].totals.on_demand < r[0].totals.on_demand);
        assert!(r[1]
            .reserved
            .as_ref()
            .unwrap()
            .break_even_utilisation
            .is_some());
        // An offer without commitments refuses, and the scenario stays as it was.
        let (_, plain) = catalog::OFFERS
            .iter()
            .enumerate()
            .find(|(i, _)| catalog::OFFER_DETAILS[*i].commitments.is_empty())
            .unwrap();
        let p = Scenario::default()
            .apply(Action::ClearSelection)
            .unwrap()
            .apply(Action::ToggleOffer(plain.id.into()))
            .unwrap();
        assert!(matches!(
            p.apply(Action::AddReservedVariant {
                index: 0,
                reserved_pct: 60.0,
                commitment: 0
            }),
            Err(ScenarioError::Strategy(_))
        ));
        assert!(v
            .apply(Action::AddReservedVariant {
                index: 0,
                reserved_pct: 60.0,
                commitment: commitments.len()
            })
            .is_err());
        assert_eq!(Scenario::from_file(v.to_file()).unwrap(), v);
    }

    #[test]
    fn option_shares_always_sum_to_one_hundred() {
        let (_, s) = committed();
        let v = s
            .apply(Action::SetOptionShares {
                index: 0,
                reserved_pct: 30.0,
                spot_pct: 0.0,
            })
            .unwrap();
        let p = v.options()[0].portfolio.unwrap();
        assert_eq!((p.reserved, p.spot), (0.3, 0.0));
        assert!(v.options()[0].reserved.is_some(), "commitment 0 filled in");
        assert!(s
            .apply(Action::SetOptionShares {
                index: 0,
                reserved_pct: 70.0,
                spot_pct: 40.0
            })
            .is_err());
        assert!(s
            .apply(Action::SetOptionShares {
                index: 5,
                reserved_pct: 10.0,
                spot_pct: 0.0
            })
            .is_err());
        // Back to all on demand: no portfolio at all.
        let back = v
            .apply(Action::SetOptionShares {
                index: 0,
                reserved_pct: 0.0,
                spot_pct: 0.0,
            })
            .unwrap();
        assert_eq!(back.options()[0].portfolio, None);
        let n = s.option_commitments(0).len();
        if n > 1 {
            let w = v
                .apply(Action::SetOptionCommitment {
                    index: 0,
                    commitment: n - 1,
                })
                .unwrap();
            let c = s.option_commitments(0)[n - 1];
            assert_eq!(w.options()[0].reserved.unwrap().upfront, c.upfront);
        }
        assert!(v
            .apply(Action::SetOptionCommitment {
                index: 0,
                commitment: n
            })
            .is_err());
    }

    #[test]
    fn rebalancing_keeps_the_shares_within_one_hundred() {
        assert_eq!(rebalance(30.0, 50.0, true, 70.0), (70.0, 30.0));
        assert_eq!(rebalance(30.0, 50.0, false, 90.0), (10.0, 90.0));
        assert_eq!(rebalance(30.0, 20.0, true, 40.0), (40.0, 20.0));
        assert_eq!(rebalance(0.0, 0.0, false, 100.0), (0.0, 100.0));
    }

    #[test]
    fn commitment_labels_state_term_payment_and_effective_price() {
        let c = catalog::Commitment {
            term_months: 12,
            payment: catalog::Payment::PartialUpfront,
            upfront: 105_120.0,
            per_hour: 20.0,
        };
        assert_eq!(
            commitment_label(&c, Currency::Usd),
            "12 months, partial upfront: $105,120.00 upfront + 20.00/h (32.00/h effective)"
        );
    }

    #[test]
    fn reserved_chart_marks_the_break_even_where_the_lines_cross() {
        let (_, s) = committed();
        let empty = engine_reserved_chart(&s, &s.evaluate().unwrap(), &en());
        assert!(empty.lines.is_empty() && empty.markers.is_empty());
        let v = s
            .apply(Action::AddReservedVariant {
                index: 0,
                reserved_pct: 60.0,
                commitment: 0,
            })
            .unwrap();
        let r = v.evaluate().unwrap();
        let c = engine_reserved_chart(&v, &r, &en());
        assert_eq!(
            c.lines.len(),
            2,
            "on-demand and reserved lines of the variant"
        );
        assert!(c
            .lines
            .iter()
            .all(|l| l.series == 1 && l.label.starts_with(&r[1].name)));
        let rs = r[1].reserved.unwrap();
        let u = rs.break_even_utilisation.unwrap();
        assert_eq!(c.markers.len(), 1);
        let m = &c.markers[0];
        assert!((m.x - u * 100.0).abs() < 1e-9, "{} vs {u}", m.x);
        // On the dashed on-demand line, x % utilisation costs od × x / 100: equal to reserved.
        let od = c.lines[0].points[1].1;
        assert!((od * m.x / 100.0 - m.y).abs() < 1e-9 * od.max(1.0));
        assert_eq!(m.y, rs.effective_per_hour);
        assert!(m
            .label
            .contains(&format!("{} %", planner_core::format::number(u * 100.0, 1))));
        assert!(c.y_label.contains("USD") && c.x_label.contains("(%)"));
        assert!(c.footer.iter().any(|f| f.starts_with("Prices as of")));
        let svg = crate::chart::lines::lines_svg(&c, &crate::chart::Theme::LIGHT, 900).unwrap();
        assert!(svg.contains("break-even at"), "marker text in the SVG");
    }

    #[test]
    fn buy_chart_marks_the_crossover_month() {
        let s = Scenario::default();
        let off = engine_buy_chart(&s, &s.evaluate().unwrap(), &en());
        assert!(
            off.lines.is_empty(),
            "nothing to draw until buying is switched on"
        );
        let short = engine_buy_chart(
            &s.apply(Action::EnableBuy(true)).unwrap(),
            &s.apply(Action::EnableBuy(true))
                .unwrap()
                .evaluate()
                .unwrap(),
            &en(),
        );
        // Over the default 12 months renting 8× A100 costs less than the 250,000 purchase.
        assert_eq!(short.markers.len(), 1);
        assert!(short.markers[0]
            .label
            .contains("renting stays cheaper for all 12 months"));
        let b = s
            .apply(Action::SetMonths(36.0))
            .unwrap()
            .apply(Action::EnableBuy(true))
            .unwrap();
        assert_eq!(b.to_file().buy, Some(DEFAULT_BUY));
        let r = b.evaluate().unwrap();
        let c = engine_buy_chart(&b, &r, &en());
        assert_eq!(
            c.lines.len(),
            r.len() + 1,
            "one rent line per option, one buy line"
        );
        let own = c.lines.last().unwrap();
        assert!(
            own.dashed && own.label.starts_with("Buy: 1 × 8-GPU server"),
            "{}",
            own.label
        );
        assert_eq!(
            own.points[0],
            (0.0, 250_000.0),
            "purchase paid at the start"
        );
        assert!(c.markers.len() >= 2, "{:?}", c.markers);
        for m in &c.markers {
            let i = c.lines.iter().position(|l| l.series == m.series).unwrap();
            let month = m.x as u32;
            assert_eq!(r[i].buy.as_ref().unwrap().crossover_month, Some(month));
            let rent = &c.lines[i].points;
            let bought = &own.points;
            let k = month as usize;
            assert_eq!(rent[k].1, m.y);
            assert!(rent[k].1 >= bought[k].1 && rent[k - 1].1 < bought[k - 1].1);
            assert!(m.label.ends_with(&format!("from month {month}")));
        }
        let svg = crate::chart::lines::lines_svg(&c, &crate::chart::Theme::DARK, 1200).unwrap();
        assert!(svg.contains("buying is cheaper from month"));
        // The server form validates every field; switching off keeps nothing.
        let bad = file::BuyFile {
            pue: 0.9,
            ..DEFAULT_BUY
        };
        assert!(b.apply(Action::SetBuy(bad)).is_err());
        let cheap = b
            .apply(Action::SetBuy(file::BuyFile {
                purchase: 1_000_000.0,
                ..DEFAULT_BUY
            }))
            .unwrap();
        let later = engine_buy_chart(&cheap, &cheap.evaluate().unwrap(), &en());
        assert!(later
            .markers
            .iter()
            .all(|m| m.label.contains("renting stays cheaper") || m.x > c.markers[0].x));
        assert_eq!(
            b.apply(Action::EnableBuy(false)).unwrap().to_file().buy,
            None
        );
        assert_eq!(Scenario::from_file(b.to_file()).unwrap(), b);
    }

    #[test]
    fn job_mode_runs_until_finished_on_each_gpus_throughput() {
        let s = Scenario::default();
        assert!(
            s.apply(Action::SetJobGpuHours(5000.0)).is_err(),
            "fleet mode first"
        );
        let j = s.apply(Action::SetMode(Mode::Job)).unwrap();
        assert!(j.is_job());
        assert_eq!(j.to_file().horizon_months, None);
        let j = j
            .apply(Action::SetJobGpuHours(50_000.0))
            .unwrap()
            .apply(Action::SetScalingEfficiency(0.9))
            .unwrap();
        let r = j.evaluate().unwrap();
        // AWS p4d (A100 40GB, same dense BF16 as the reference): 50,000 / 0.9 GPU-hours on
        // 8 GPUs is 6,944 h, about 9.5 months of 730 h: 10 monthly points.
        let (t, overridden) = j.option_throughput(0);
        assert!(!overridden && (t - 1.0).abs() < 1e-9, "{t}");
        let hours = 50_000.0 / 0.9 / 8.0;
        assert!(
            (r[0].finish_months.unwrap() - hours / 730.0).abs() < 1e-6,
            "{:?}",
            r[0].finish_months
        );
        assert_eq!(r[0].cumulative.len(), 10);
        let c = engine_cumulative_chart(&j, &r, &en());
        assert_eq!(c.months, 10, "the chart spans the longest job");
        assert!(
            c.footer[0].starts_with(
                "Job: 50,000 reference GPU-hours (A100 80GB) on 8 GPUs, scaling efficiency 0.9"
            ),
            "{}",
            c.footer[0]
        );
        // A faster GPU (override) finishes sooner and costs less.
        let fast = j
            .apply(Action::SetThroughput {
                index: 0,
                factor: 2.0,
            })
            .unwrap();
        assert_eq!(fast.option_throughput(0), (2.0, true));
        let rf = fast.evaluate().unwrap();
        assert!(rf[0].total < r[0].total && rf[0].finish_months < r[0].finish_months);
        // A deadline sizes the job instead of a GPU count; SetGpus switches back.
        let d = j.apply(Action::SetJobWithinMonths(3.0)).unwrap();
        assert_eq!(d.to_file().workload.gpus, None);
        let rd = d.evaluate().unwrap();
        assert!(
            rd[0].finish_months.unwrap() <= 3.0 + 1e-9,
            "{:?}",
            rd[0].finish_months
        );
        assert!(engine_cumulative_chart(&d, &rd, &en()).footer[0].contains("within 3 months"));
        assert_eq!(
            d.apply(Action::SetGpus(16.0))
                .unwrap()
                .to_file()
                .workload
                .within_months,
            None
        );
        for a in [
            Action::SetJobGpuHours(0.0),
            Action::SetJobWithinMonths(0.0),
            Action::SetScalingEfficiency(1.5),
            Action::SetThroughput {
                index: 0,
                factor: 0.0,
            },
            Action::SetThroughput {
                index: 9,
                factor: 1.0,
            },
        ] {
            assert!(j.apply(a.clone()).is_err(), "{a:?}");
        }
        assert_eq!(Scenario::from_file(j.to_file()).unwrap(), j);
        let back = j.apply(Action::SetMode(Mode::Fleet)).unwrap();
        assert!(!back.is_job() && back.evaluate().is_ok());
        // H100 offers run faster than the reference by the catalog's ratio.
        let h100 = catalog::OFFERS
            .iter()
            .find(|o| o.gpu_model == "H100 80GB SXM")
            .unwrap();
        assert!(catalog_throughput(h100).unwrap() > 2.0);
    }

    /// Job mode never uses the reference GPU's speed for a catalog offer: over the whole
    /// catalog, an offer with a throughput figure runs at it, and one without is refused with
    /// the reason until the option has its own (and has no job total in the offer table).
    #[test]
    fn job_mode_never_assumes_the_reference_speed_for_a_catalog_offer() {
        let job = Scenario::default()
            .apply(Action::SetMode(Mode::Job))
            .unwrap()
            .apply(Action::SetJobGpuHours(1000.0))
            .unwrap()
            .apply(Action::ClearSelection)
            .unwrap();
        let offers: Vec<&'static Offer> = catalog::OFFERS.iter().collect();
        let totals = job.offer_totals(&offers);
        let (mut with, mut without, mut evaluated) = (0, 0, 0);
        for o in catalog::OFFERS.iter() {
            let s = job.apply(Action::ToggleOffer(o.id.to_string())).unwrap();
            match catalog_throughput(o) {
                Some(t) => {
                    with += 1;
                    assert!(!s.option_lacks_throughput(0), "{}", o.id);
                    assert_eq!(s.option_throughput(0), (t, false), "{}", o.id);
                    if let Ok(r) = s.evaluate() {
                        evaluated += 1;
                        let own = s
                            .apply(Action::SetThroughput {
                                index: 0,
                                factor: t,
                            })
                            .unwrap()
                            .evaluate()
                            .unwrap();
                        assert_eq!(r[0].total, own[0].total, "{}", o.id);
                    }
                }
                None => {
                    without += 1;
                    assert!(s.option_lacks_throughput(0), "{}", o.id);
                    let e = s.evaluate().unwrap_err();
                    assert_eq!(
                        (e.field(), e.to_string().ends_with(NO_THROUGHPUT_FIGURE)),
                        ("options[0].throughput_factor", true),
                        "{}",
                        o.id
                    );
                    assert!(s.risk_bands().is_empty());
                    assert!(!totals.contains_key(o.id), "{}", o.id);
                    // With the option's own throughput it is evaluated.
                    let set = s
                        .apply(Action::SetThroughput {
                            index: 0,
                            factor: 0.5,
                        })
                        .unwrap();
                    assert!(!set.option_lacks_throughput(0));
                    if let Err(e) = set.evaluate() {
                        assert_ne!(e.field(), "options[0].throughput_factor", "{}", o.id);
                    }
                    // Fleet mode does not need it.
                    let fleet = s.apply(Action::SetMode(Mode::Fleet)).unwrap();
                    if let Err(e) = fleet.evaluate() {
                        assert_ne!(e.field(), "options[0].throughput_factor", "{}", o.id);
                    }
                }
            }
        }
        assert!(
            with > 500 && evaluated > 500 && without > 0,
            "{with} with a figure ({evaluated} evaluated), {without} without"
        );
        // The reason is translated.
        let e = EngineError::invalid("options[0].throughput_factor", NO_THROUGHPUT_FIGURE);
        let zh = Translator::new(Language::ZhCn).engine_error(&e);
        assert!(zh.contains("吞吐量"), "{zh}");
    }

    #[test]
    fn spot_options_get_a_p10_p90_band_on_the_cumulative_chart() {
        let with_spot = catalog::OFFERS
            .iter()
            .find(|o| o.spot_per_hour.is_some() && o.currency == Currency::Usd)
            .unwrap();
        let s = Scenario::default()
            .apply(Action::ClearSelection)
            .unwrap()
            .apply(Action::ToggleOffer(with_spot.id.into()))
            .unwrap()
            .apply(Action::AddSpotVariant {
                index: 0,
                spot_pct: 100.0,
            })
            .unwrap()
            .apply(Action::SetCheckpointWrite(0.1))
            .unwrap()
            .apply(Action::SetRestart(0.5))
            .unwrap()
            .apply(Action::SetSpotInterruptions(0.05))
            .unwrap();
        let started = std::time::Instant::now();
        let bands = s.risk_bands();
        let took = started.elapsed();
        assert_eq!(bands.len(), 2);
        assert!(bands[0].is_none(), "on demand carries no interruption risk");
        let b = bands[1].as_ref().unwrap();
        let r = s.evaluate().unwrap();
        assert_eq!(b.len(), r[1].cumulative.len());
        let last = b.last().unwrap();
        assert!(last.p10 <= last.p50 && last.p50 <= last.p90);
        assert!(
            last.p90 > last.p10,
            "interruptions spread the cost: {last:?}"
        );
        let closed = r[1].total;
        assert!(
            (last.p50 - closed).abs() < 0.05 * closed,
            "median {} near the closed form {closed}",
            last.p50
        );
        let c = with_bands(engine_cumulative_chart(&s, &r, &en()), &bands, 0, &en());
        assert_eq!(c.bands.len(), 1);
        assert_eq!(c.bands[0].series, 1);
        assert_eq!(c.bands[0].points.len(), r[1].cumulative.len() + 1);
        assert!(c.footer.last().unwrap().starts_with("Shaded: P10–P90"));
        let svg = crate::chart::cumulative_svg(&c, &crate::chart::Theme::LIGHT, 900).unwrap();
        assert!(svg.contains("<polygon"), "the band is drawn");
        assert!(svg.contains("Shaded: P10–P90"));
        // No risk, no band and no footer line.
        let calm = Scenario::default();
        let none = calm.risk_bands();
        assert!(none.iter().all(Option::is_none));
        let plain = with_bands(
            engine_cumulative_chart(&calm, &calm.evaluate().unwrap(), &en()),
            &none,
            0,
            &en(),
        );
        assert!(plain.bands.is_empty() && !plain.footer.iter().any(|f| f.starts_with("Shaded")));
        // Bands still being computed: none drawn yet, and the footer says so.
        let waiting = with_bands(
            engine_cumulative_chart(&s, &r, &en()),
            &[None, None],
            1,
            &en(),
        );
        assert!(waiting.bands.is_empty());
        assert_eq!(waiting.bands_pending, 1);
        assert!(waiting.footer.last().unwrap().contains("being computed"));
        // A band's inputs are equal exactly when its option and plan are: the app reuses it.
        let inputs = s.band_inputs();
        assert!(inputs[0].is_none() && inputs[1].is_some());
        assert_eq!(inputs, s.clone().band_inputs());
        assert_eq!(inputs[1].as_ref().unwrap().run().as_ref(), Some(b));
        let calmer = s.apply(Action::SetSpotInterruptions(0.01)).unwrap();
        assert_ne!(calmer.band_inputs()[1], inputs[1]);
        eprintln!(
            "risk_bands: {} trials x 1 risky option in {took:?} (debug build)",
            BAND_TRIALS
        );
    }

    #[test]
    fn typed_reserved_prices_serve_offers_without_commitments() {
        let (_, plain) = catalog::OFFERS
            .iter()
            .enumerate()
            .find(|(i, o)| {
                catalog::OFFER_DETAILS[*i].commitments.is_empty() && o.currency == Currency::Usd
            })
            .unwrap();
        let s = Scenario::default()
            .apply(Action::ClearSelection)
            .unwrap()
            .apply(Action::ToggleOffer(plain.id.into()))
            .unwrap();
        // Without prices a reserved share is refused.
        assert!(s
            .apply(Action::SetOptionShares {
                index: 0,
                reserved_pct: 50.0,
                spot_pct: 0.0
            })
            .is_err());
        let per_hour = plain.on_demand_per_hour.unwrap() * 0.5;
        let t = s
            .apply(Action::SetInlineReserved {
                index: 0,
                term_months: 12.0,
                upfront: 0.0,
                per_hour,
            })
            .unwrap()
            .apply(Action::SetOptionShares {
                index: 0,
                reserved_pct: 100.0,
                spot_pct: 0.0,
            })
            .unwrap();
        let r = t.evaluate().unwrap();
        let rs = r[0].reserved.unwrap();
        assert!((rs.effective_per_hour - per_hour).abs() < 1e-9);
        assert!((rs.break_even_utilisation.unwrap() - 0.5).abs() < 1e-9);
        for (term, up, ph) in [
            (0.0, 0.0, 1.0),
            (1.5, 0.0, 1.0),
            (12.0, -1.0, 1.0),
            (12.0, 0.0, f64::NAN),
        ] {
            assert!(s
                .apply(Action::SetInlineReserved {
                    index: 0,
                    term_months: term,
                    upfront: up,
                    per_hour: ph
                })
                .is_err());
        }
        assert_eq!(Scenario::from_file(t.to_file()).unwrap(), t);
    }

    #[test]
    fn engine_chart_has_a_line_per_option_and_dated_footer() {
        let s = Scenario::default()
            .apply(Action::SetContingencyPct(5.0))
            .unwrap();
        let r = s.evaluate().unwrap();
        let c = engine_cumulative_chart(&s, &r, &en());
        assert_eq!(c.lines.len(), s.options().len());
        assert_eq!(c.lines[0].points.len(), 13);
        assert_eq!(c.lines[0].points[12].1, r[0].total);
        assert!(c.lines[0].label.starts_with(&r[0].name));
        assert!(c.footer[0].contains("contingency 5 %"), "{:?}", c.footer);
        assert!(c.footer[1].starts_with("Prices as of: "), "{:?}", c.footer);
        assert!(c.x_label.contains("730 h"));
    }

    #[test]
    fn ranking_chart_has_every_option_and_ranks_cheapest_first() {
        let s = Scenario::default();
        let r = s.evaluate().unwrap();
        let c = engine_ranking_chart(&s, &r, &en());
        assert_eq!(c.bars.len(), r.len());
        let ranked = crate::chart::ranking::ranked(&c.bars);
        assert!(ranked.windows(2).all(|w| w[0].value <= w[1].value));
        let min = r.iter().map(|x| x.total).fold(f64::INFINITY, f64::min);
        assert_eq!(ranked[0].value, min);
    }

    #[test]
    fn breakdown_chart_shows_the_chosen_option_month_by_month() {
        let s = Scenario::default()
            .apply(Action::SetContingencyPct(10.0))
            .unwrap();
        let r = s.evaluate().unwrap();
        let c = engine_breakdown_chart(&s, &r, 1, &en());
        assert_eq!(c.option, r[1].name);
        assert_eq!(c.monthly, r[1].monthly);
        assert_eq!(
            crate::chart::breakdown::used_components(&c),
            vec![3, 9],
            "on-demand and contingency"
        );
        assert_eq!(
            engine_breakdown_chart(&s, &r, 99, &en()).monthly,
            r[0].monthly
        );
        assert!(engine_breakdown_chart(&s, &[], 0, &en()).monthly.is_empty());
    }

    #[test]
    fn offer_totals_match_the_engine_for_compared_offers() {
        let s = Scenario::default()
            .apply(Action::SetContingencyPct(5.0))
            .unwrap();
        let offers = s.selected_offers();
        let totals = s.offer_totals(&offers);
        let r = s.evaluate().unwrap();
        for (o, r) in offers.iter().zip(&r) {
            let t = totals[o.id];
            assert!(
                (t - r.total).abs() < 1e-6 * r.total,
                "{}: {t} vs {}",
                o.id,
                r.total
            );
        }
        let all: Vec<&'static Offer> = catalog::OFFERS.iter().collect();
        let every = s.offer_totals(&all);
        assert!(
            every.len() > all.len() / 2,
            "most offers are costed: {}",
            every.len()
        );
        assert!(every.values().all(|v| v.is_finite() && *v >= 0.0));
    }

    /// One offer the engine cannot cost (0 GPUs per instance) leaves the others costed, and an
    /// offer in another currency is converted once, at the scenario's rate.
    #[test]
    fn offer_totals_keep_failures_per_offer_and_convert_once() {
        let offer = |gpu_count, on_demand_per_hour, currency| -> &'static Offer {
            Box::leak(Box::new(Offer {
                gpu_count,
                on_demand_per_hour: Some(on_demand_per_hour),
                currency,
                id: Box::leak(format!("test/{gpu_count}-{currency}").into_boxed_str()),
                ..catalog::OFFERS[0]
            }))
        };
        let (good, bad) = (offer(1, 2.0, Currency::Usd), offer(0, 2.0, Currency::Usd));
        let cny = offer(1, 10.0, Currency::Cny);
        let s = Scenario::default()
            .apply(Action::SetGpus(1.0))
            .and_then(|s| s.apply(Action::SetMonths(2.0)))
            .and_then(|s| s.apply(Action::SetUsdPerCny(0.14)))
            .unwrap();
        let totals = s.offer_totals(&[good, bad, cny]);
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * b.abs().max(1.0);
        assert!(close(totals[good.id], 2.0 * 730.0 * 2.0), "{totals:?}");
        assert!(!totals.contains_key(bad.id));
        assert!(
            close(totals[cny.id], 10.0 * 730.0 * 2.0 * 0.14),
            "{totals:?}"
        );
    }

    #[test]
    fn spot_risk_settings_raise_the_spot_variant_cost() {
        let with_spot = catalog::OFFERS
            .iter()
            .find(|o| o.spot_per_hour.is_some() && o.currency == Currency::Usd)
            .unwrap();
        let s = Scenario::default()
            .apply(Action::ClearSelection)
            .unwrap()
            .apply(Action::ToggleOffer(with_spot.id.into()))
            .unwrap()
            .apply(Action::AddSpotVariant {
                index: 0,
                spot_pct: 100.0,
            })
            .unwrap()
            .apply(Action::SetCheckpointWrite(0.1))
            .unwrap()
            .apply(Action::SetRestart(0.25))
            .unwrap();
        assert_eq!(s.spot_interruptions(), DEFAULT_SPOT_INTERRUPTIONS);
        let calm = s.apply(Action::SetSpotInterruptions(0.0)).unwrap();
        let stormy = s.apply(Action::SetSpotInterruptions(0.2)).unwrap();
        let (c, st) = (calm.evaluate().unwrap(), stormy.evaluate().unwrap());
        assert_eq!(
            c[0].total, st[0].total,
            "the on-demand option is unaffected"
        );
        assert!(st[1].totals.rework > c[1].totals.rework);
        assert!(st[1].total > c[1].total);
        // Young's interval is suggested, and one action puts it back after a manual one.
        let young = st[1].suggested_checkpoint_hours.unwrap();
        assert!(
            (young - (2.0 * 0.1 / 0.2_f64).sqrt()).abs() < 1e-9,
            "{young}"
        );
        let manual = stormy.apply(Action::SetCheckpointInterval(5.0)).unwrap();
        assert_eq!(manual.checkpoint().interval_hours, Some(5.0));
        assert!(
            manual.evaluate().unwrap()[1].total > st[1].total,
            "Young's is cheaper"
        );
        let back = manual
            .apply(Action::UseSuggestedCheckpointInterval)
            .unwrap();
        assert_eq!(back.evaluate().unwrap()[1].total, st[1].total);
        assert!(s.apply(Action::SetSpotInterruptions(2.0)).is_err());
        assert_eq!(Scenario::from_file(manual.to_file()).unwrap(), manual);
    }

    #[test]
    fn invalid_values_leave_the_scenario_unchanged() {
        let s = Scenario::default();
        for a in [
            Action::SetGpus(0.0),
            Action::SetGpus(1.5),
            Action::SetGpus(f64::NAN),
            Action::SetHoursPerDay(24.5),
            Action::SetHoursPerDay(-1.0),
            Action::SetHoursPerDay(0.000_000_1),
            Action::SetMonths(f64::INFINITY),
            Action::SetUsdPerCny(0.0),
        ] {
            assert!(s.apply(a.clone()).is_err(), "{a:?}");
        }
        let s2 = s.apply(Action::SetGpus(16.0)).unwrap();
        assert_eq!(s2.fleet().gpus, 16);
    }

    #[test]
    fn chart_has_one_line_per_valid_option_with_units() {
        let s = Scenario::default();
        let results = s.evaluate().unwrap();
        let c = engine_cumulative_chart(&s, &results, &en());
        assert_eq!(c.lines.len(), s.selected().len());
        assert_eq!(c.x_label, "Month (1 month = 730 h)");
        assert!(c.y_label.contains("USD"));
        assert!(c.footer.iter().any(|f| f.starts_with("Prices as of")));
        assert!(c.lines.iter().all(|l| l.points.len() == 13));
        // Each line starts at 0 at month 0 and ends at its option's total.
        for (line, r) in c.lines.iter().zip(&results) {
            assert_eq!(line.points[0], (0.0, 0.0));
            assert_eq!(line.points[12], (12.0, r.total));
        }
    }

    #[test]
    fn labels_of_the_same_card_from_two_snapshots_differ() {
        // The catalog keeps one offer per provider and instance type (the newest source), so
        // the clash is built: the same AutoDL H800 offer dated by another snapshot.
        let h800 = catalog::OFFERS
            .iter()
            .find(|o| o.provider == "AutoDL" && o.instance_type == "H800")
            .expect("an AutoDL H800 offer");
        let older = catalog::SOURCES
            .iter()
            .position(|s| s.as_of != h800.source().as_of)
            .expect("another source");
        let mut other = *h800;
        other.source = older;
        let autodl_h800: Vec<&Offer> = vec![h800, &other];
        let labels = option_labels(&autodl_h800);
        assert!(labels[0].contains("as of"), "{labels:?}");
        assert_ne!(labels[0], labels[1]);
        let same: Vec<&Offer> = vec![autodl_h800[0], autodl_h800[0]];
        let labels = option_labels(&same);
        assert_ne!(labels[0], labels[1], "{labels:?}");
        let one = option_labels(&autodl_h800[..1]);
        assert_eq!(one[0], autodl_h800[0].label(), "no suffix without a clash");
    }

    #[test]
    fn billing_rules_in_words() {
        use planner_engine::Billing;
        assert_eq!(
            billing_label(Billing {
                granularity_seconds: Some(1),
                minimum_seconds: 60
            }),
            "billed per second, 60 s minimum"
        );
        assert_eq!(
            billing_label(Billing::UNSTATED),
            "billing granularity not stated: exact time used"
        );
    }

    #[test]
    fn counts_are_pluralised_and_grouped() {
        assert_eq!(count_of(1, "month", "months"), "1 month");
        assert_eq!(count_of(12_500, "GPU", "GPUs"), "12,500 GPUs");
    }

    #[test]
    fn switching_currency_converts_the_owned_server_not_relabels_it() {
        let mut s = Scenario::default();
        s.file.buy = Some(planner_core::file::BuyFile {
            gpus: 8,
            purchase: 250_000.0,
            life_years: 3.0,
            residual: 0.1,
            kw: 6.5,
            pue: 1.3,
            price_per_kwh: 0.12,
            ops_per_month: 1_500.0,
        });
        let cny = s.apply(Action::SetCurrency(Currency::Cny)).expect("valid");
        let buy = cny.file.buy.expect("kept");
        assert!((buy.purchase - 250_000.0 / 0.138).abs() < 1e-6);
        assert!((buy.price_per_kwh - 0.12 / 0.138).abs() < 1e-12);
        assert!((buy.ops_per_month - 1_500.0 / 0.138).abs() < 1e-9);
        let back = cny
            .apply(Action::SetCurrency(Currency::Usd))
            .expect("valid");
        let buy = back.file.buy.expect("kept");
        assert!((buy.purchase - 250_000.0).abs() < 1e-6);
        assert!((buy.ops_per_month - 1_500.0).abs() < 1e-9);
    }
}
