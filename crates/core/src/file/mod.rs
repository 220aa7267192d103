//! The scenario file: a versioned JSON document (`"version": 2`) that the `gpurent` command line
//! reads and the app will export and import (format documented in `docs/scenario-format.md`).
//! Unknown fields are rejected, and every error is a [`FileError`]: a typed path and a typed
//! problem (`options[1].reserved.term_months: must be 1–120 months (got 0)` on the command
//! line). [`read`] reads the JSON value field by field.
//!
//! Options may refer to a catalog offer by id (`"offer": "skypilot-aws/p4d.24xlarge"`); the
//! adapter [`offer_spec`] takes its on-demand price, GPUs per instance, currency, billing rule
//! and spot price, and any inline field overrides it.

use crate::catalog::query::Catalog;
use crate::catalog::{Offer, Source};
use crate::error::{FileError, FileProblem, JsonSyntax};
use crate::option::OptionInput;
use planner_engine::billing::{Schedule, SpotMarket};
use planner_engine::deadline_spot::{deadline_spot, job_of, DeadlineSpot};
use planner_engine::montecarlo::{monte_carlo, MonteCarlo};
use planner_engine::plan::{
    evaluate, FleetLoad, JobLoad, JobSize, OptionResult, OptionSpec, Plan, Shares, Workload,
};
use planner_engine::risk::Checkpointing;
use planner_engine::tco::OwnedServer;
use planner_engine::{
    Count, Currency, ExchangeRate, Field, FieldPath, MonthConvention, MonthLength, Problem,
};
use serde::Serialize;

mod read;
mod write;
pub(crate) use read::Reader;
pub use read::{read, OPTION_FIELDS, SCENARIO_FIELDS};
pub(crate) use write::{compact_value, Pretty, WriteJson};

/// The version this build writes. It also reads [`OLDEST_VERSION`] to this one.
pub const VERSION: u32 = 2;

/// The oldest version this build reads. Version 1 migrates to version 2 unchanged: every
/// version-1 field means the same in version 2, and the fields version 2 adds (an option's
/// `savings_plan`) are absent, i.e. off, so a version-1 file evaluates to the same totals
/// (docs/scenario-format.md, "Versions").
pub const OLDEST_VERSION: u32 = 1;

/// Whether this build reads files of `version` ([`OLDEST_VERSION`] to [`VERSION`]).
#[must_use]
pub fn readable_version(version: u64) -> bool {
    (u64::from(OLDEST_VERSION)..=u64::from(VERSION)).contains(&version)
}

/// A scenario file as written on disk (see `docs/scenario-format.md` for every field).
#[derive(Debug, Serialize)]
pub struct ScenarioFile {
    /// Format version; must be [`VERSION`].
    pub version: u32,
    /// Free-text title.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Month convention: `"730h"` (default), `"720h"`, `"744h"` or `"calendar"`.
    pub month: String,
    /// First month for `"calendar"`: `"YYYY-MM"` (or `"YYYY-MM-DD"`, day ignored).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// Horizon in months (required in fleet mode; job mode defaults to "until finished").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub horizon_months: Option<u32>,
    /// Display currency code, `"USD"` (default) or `"CNY"`.
    pub currency: String,
    /// Exchange rate in USD per CNY (default 0.138, the catalog's source rate).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub usd_per_cny: Option<f64>,
    /// Date the rate was read, shown with results (free text, e.g. `"2026-11-30"`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rate_as_of: Option<String>,
    /// The work.
    pub workload: WorkloadFile,
    /// Default portfolio shares for every option (an option's own `portfolio` wins).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub portfolio: Option<SharesFile>,
    /// Checkpoint and restart settings.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checkpoint: Option<CheckpointFile>,
    /// GB kept in storage.
    pub storage_gb: f64,
    /// GB of egress per month.
    pub egress_gb_per_month: f64,
    /// Contingency budget, % of every other component.
    pub contingency_pct: f64,
    /// Monte-Carlo settings; absent = no Monte Carlo.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub montecarlo: Option<MonteCarloFile>,
    /// Deadline-safe spot (job mode, format version 2); absent = not evaluated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deadline_spot: Option<DeadlineSpotFile>,
    /// An owned server to compare against (amounts in the display currency).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub buy: Option<BuyFile>,
    /// Compared options (at least one).
    pub options: Vec<OptionFile>,
}

/// Written out rather than derived: a derived `clone` or `eq` is `#[inline]`, so every crate
/// that clones or compares a scenario file (planner-core, planner-app, the web app) compiled
/// and inlined its own copy into the wasm. Out of line here, there is one copy (with the
/// written-out impls of [`OptionFile`] and `planner_engine::plan::OptionResult`, 1.8 KB less
/// gzipped bundle). The struct literal names every field, so none can be forgotten.
impl Clone for ScenarioFile {
    fn clone(&self) -> Self {
        ScenarioFile {
            version: self.version,
            name: self.name.clone(),
            month: self.month.clone(),
            start: self.start.clone(),
            horizon_months: self.horizon_months,
            currency: self.currency.clone(),
            usd_per_cny: self.usd_per_cny,
            rate_as_of: self.rate_as_of.clone(),
            workload: self.workload,
            portfolio: self.portfolio,
            checkpoint: self.checkpoint,
            storage_gb: self.storage_gb,
            egress_gb_per_month: self.egress_gb_per_month,
            contingency_pct: self.contingency_pct,
            montecarlo: self.montecarlo,
            deadline_spot: self.deadline_spot,
            buy: self.buy,
            options: self.options.clone(),
        }
    }
}

/// Written out rather than derived, for the reason given on its `Clone` impl; the pattern
/// names every field, so none can be forgotten.
impl PartialEq for ScenarioFile {
    fn eq(&self, other: &Self) -> bool {
        let ScenarioFile {
            version,
            name,
            month,
            start,
            horizon_months,
            currency,
            usd_per_cny,
            rate_as_of,
            workload,
            portfolio,
            checkpoint,
            storage_gb,
            egress_gb_per_month,
            contingency_pct,
            montecarlo,
            deadline_spot,
            buy,
            options,
        } = self;
        *version == other.version
            && *name == other.name
            && *month == other.month
            && *start == other.start
            && *horizon_months == other.horizon_months
            && *currency == other.currency
            && *usd_per_cny == other.usd_per_cny
            && *rate_as_of == other.rate_as_of
            && *workload == other.workload
            && *portfolio == other.portfolio
            && *checkpoint == other.checkpoint
            && *storage_gb == other.storage_gb
            && *egress_gb_per_month == other.egress_gb_per_month
            && *contingency_pct == other.contingency_pct
            && *montecarlo == other.montecarlo
            && *deadline_spot == other.deadline_spot
            && *buy == other.buy
            && *options == other.options
    }
}

fn default_month() -> String {
    "730h".into()
}
fn default_currency() -> String {
    "USD".into()
}

/// Workload mode (`"fleet"` or `"job"`).
pub use planner_engine::Mode;

/// The workload. Fleet mode uses `gpus`, `hours_per_day`, `days_per_week` (default 7) and
/// `start_hour` (default 0); job mode uses `gpu_hours`, one of `gpus` and `within_months`, and
/// `scaling_efficiency` (default 1). A field of the other mode is an error.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct WorkloadFile {
    /// `"fleet"` or `"job"`.
    pub mode: Mode,
    /// GPUs used (fleet: required; job: give this or `within_months`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gpus: Option<u32>,
    /// Fleet: hours per day, 0–24.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hours_per_day: Option<f64>,
    /// Fleet: days per week, 0–7 (default 7).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub days_per_week: Option<f64>,
    /// Fleet: o'clock the daily run starts (default 0).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start_hour: Option<u32>,
    /// Job: work in reference GPU-hours (A100 80GB, dense BF16).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gpu_hours: Option<f64>,
    /// Job: finish within this many months (instead of `gpus`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub within_months: Option<f64>,
    /// Job: scaling efficiency η, (0, 1] (default 1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scaling_efficiency: Option<f64>,
}

impl WorkloadFile {
    /// The engine's [`Workload`]; errors name a missing field or one of the other mode.
    pub fn to_workload(self) -> Result<Workload, FileError> {
        let mode = self.mode;
        let at = |name: Field| FieldPath::of(Field::Workload).field(name);
        let required = |name: Field, v: Option<f64>| {
            v.ok_or_else(|| FileError::engine(at(name), Problem::RequiredInMode(mode)))
        };
        let unused = |name: Field, present: bool| {
            if present {
                Err(FileError::new(at(name), FileProblem::NotUsedInMode(mode)))
            } else {
                Ok(())
            }
        };
        Ok(match self.mode {
            Mode::Fleet => {
                unused(Field::GpuHours, self.gpu_hours.is_some())?;
                unused(Field::WithinMonths, self.within_months.is_some())?;
                unused(Field::ScalingEfficiency, self.scaling_efficiency.is_some())?;
                let gpus = self.gpus.ok_or_else(|| {
                    FileError::engine(at(Field::Gpus), Problem::RequiredInMode(mode))
                })?;
                Workload::Fleet(FleetLoad {
                    gpus,
                    hours_per_day: required(Field::HoursPerDay, self.hours_per_day)?,
                    days_per_week: self.days_per_week.unwrap_or(FleetLoad::DAYS_IN_WEEK),
                    start_hour: self.start_hour.unwrap_or(FleetLoad::DEFAULT_START_HOUR),
                })
            }
            Mode::Job => {
                unused(Field::HoursPerDay, self.hours_per_day.is_some())?;
                unused(Field::DaysPerWeek, self.days_per_week.is_some())?;
                unused(Field::StartHour, self.start_hour.is_some())?;
                Workload::Job(JobLoad {
                    gpu_hours: required(Field::GpuHours, self.gpu_hours)?,
                    size: match (self.gpus, self.within_months) {
                        (Some(n), None) => JobSize::Gpus(n),
                        (None, Some(m)) => JobSize::WithinMonths(m),
                        _ => {
                            return Err(FileError::new(
                                FieldPath::of(Field::Workload),
                                FileProblem::JobSize,
                            ))
                        }
                    },
                    scaling_efficiency: self.scaling_efficiency.unwrap_or(JobLoad::PERFECT_SCALING),
                })
            }
        })
    }
}

/// Portfolio shares (fractions 0–1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct SharesFile {
    /// Reserved share.
    pub reserved: f64,
    /// Spot share.
    pub spot: f64,
}

/// Checkpoint settings (hours).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct CheckpointFile {
    /// Useful work between checkpoints; absent = Young's interval.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interval_hours: Option<f64>,
    /// Time to write a checkpoint.
    pub write_hours: f64,
    /// Restart time after an interruption.
    pub restart_hours: f64,
}

/// Monte-Carlo settings.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct MonteCarloFile {
    /// Trials per option.
    pub trials: u32,
    /// RNG seed (default 1).
    pub seed: u64,
}

/// Deadline-safe spot settings (job mode; docs/cost-model.md, "Deadline-safe spot"). Each
/// option with both a spot and an on-demand price is simulated under the policy of
/// `planner_engine::deadline_spot`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct DeadlineSpotFile {
    /// Deadline in hours from the job's start, > 0 and at least restart + run hours.
    pub deadline_hours: f64,
    /// Trials per option (default 1,000; 1 to 100,000).
    pub trials: u32,
    /// RNG seed (default 1).
    pub seed: u64,
}

impl DeadlineSpotFile {
    /// Trials when the file gives none.
    pub const DEFAULT_TRIALS: u32 = 1000;
}

/// Owned server (see [`OwnedServer`]).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct BuyFile {
    /// GPUs per server.
    pub gpus: u32,
    /// Purchase price.
    pub purchase: f64,
    /// Life in years.
    pub life_years: f64,
    /// Residual value fraction.
    pub residual: f64,
    /// Power in kW.
    pub kw: f64,
    /// PUE (default 1).
    pub pue: f64,
    /// Electricity price per kWh.
    pub price_per_kwh: f64,
    /// Operations per month.
    pub ops_per_month: f64,
}

/// On-demand billing rule.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct BillingFile {
    /// Rounding unit in seconds; absent = exact time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub granularity_seconds: Option<u32>,
    /// Minimum billed seconds per run.
    pub minimum_seconds: u32,
}

/// Hour-of-day on-demand prices: peak/off-peak, or 24 hourly prices.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScheduleFile {
    /// Peak price per instance-hour.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peak_per_hour: Option<f64>,
    /// Off-peak price per instance-hour.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub off_peak_per_hour: Option<f64>,
    /// Peak starts at this hour (inclusive).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peak_from_hour: Option<u32>,
    /// Peak ends at this hour (exclusive).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peak_to_hour: Option<u32>,
    /// Or: 24 prices, one per hour of the day.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hourly: Option<Vec<f64>>,
}

/// Reserved term.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ReservedFile {
    /// Term in months.
    pub term_months: u32,
    /// Upfront per instance.
    pub upfront: f64,
    /// Recurring per instance-hour.
    pub recurring_per_hour: f64,
}

/// A savings plan (version 2): an hourly commitment covering the option's on-demand use at the
/// plan's rate (docs/cost-model.md, "Savings plans").
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SavingsPlanFile {
    /// Commitment per hour, option currency (for the whole option, not per instance).
    pub commitment_per_hour: f64,
    /// Price under the plan per instance-hour, option currency.
    pub plan_per_hour: f64,
    /// Term in months (default 12).
    pub term_months: u32,
}

/// Day/week/month/year packages per instance (version 2), option currency; at least one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct PackagesFile {
    /// 包日 price.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_day: Option<f64>,
    /// 包周 price.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_week: Option<f64>,
    /// 包月 price (a month of the plan in whole days).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_month: Option<f64>,
    /// 包年 price (365 days).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_year: Option<f64>,
}

/// A settlement rule (version 2): settle at each period boundary of the clock and at shutdown,
/// round each settlement to `unit`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SettlementFile {
    /// Settlement period, seconds (default 3600: every whole hour).
    pub period_seconds: u32,
    /// Money unit of each settlement (default 0.01).
    pub unit: f64,
    /// Round up (default true) or to the nearest unit.
    pub round_up: bool,
}

/// One marginal tier of a support plan (version 2).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct TierFile {
    /// Upper bound of the band, option currency per month; absent for the last band.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub up_to: Option<f64>,
    /// Percentage of the band's charges, 0–100.
    pub pct: f64,
}

/// A support plan (version 2): a published plan by id
/// ([`crate::catalog::support::SUPPORT_PLANS`]), or a minimum and tiers of one's own (not
/// both).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SupportFile {
    /// Id of a published plan, e.g. `"aws-business-legacy"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plan: Option<String>,
    /// Monthly minimum (the whole fee of a flat plan), option currency.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimum_per_month: Option<f64>,
    /// Marginal tiers of the month's other charges.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tiers: Option<Vec<TierFile>>,
}

/// Spot market.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SpotFile {
    /// Flat market price per instance-hour (default: the catalog offer's spot price).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_hour: Option<f64>,
    /// Or: 24 market prices by hour of day.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hourly: Option<Vec<f64>>,
    /// Bid cap per instance-hour.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bid_cap_per_hour: Option<f64>,
    /// Interruptions per instance-hour.
    pub interruptions_per_hour: f64,
}

/// A free allowance.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct AllowanceFile {
    /// Resets every month.
    pub monthly: f64,
    /// Used once.
    pub once: f64,
}

/// Free allowances of an option.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct FreeFile {
    /// GPU-hours.
    pub gpu_hours: AllowanceFile,
    /// Storage GB-months.
    pub storage_gb: AllowanceFile,
    /// Egress GB.
    pub egress_gb: AllowanceFile,
}

/// One compared option: a catalog offer id and/or inline prices (inline wins).
#[derive(Debug, Default, Serialize)]
pub struct OptionFile {
    /// Label (default: the offer's label, or `option N`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Catalog offer id, e.g. `"skypilot-aws/p4d.24xlarge"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offer: Option<String>,
    /// As-of date of the inline prices (default: the offer source's date).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prices_as_of: Option<String>,
    /// Currency of the inline prices (default: the offer's, else USD).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub currency: Option<String>,
    /// GPUs per instance (default: the offer's, else 1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gpus_per_instance: Option<u32>,
    /// Flat on-demand price per instance-hour.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on_demand_per_hour: Option<f64>,
    /// On-demand billing rule.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub billing: Option<BillingFile>,
    /// Hour-of-day on-demand prices (instead of `on_demand_per_hour`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub schedule: Option<ScheduleFile>,
    /// Work may move into the cheapest hours.
    pub shiftable: bool,
    /// Throughput relative to the reference GPU (default 1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub throughput_factor: Option<f64>,
    /// Reserved term.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reserved: Option<ReservedFile>,
    /// Spot market.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spot: Option<SpotFile>,
    /// Monthly package per instance (replaces hourly on-demand billing).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub monthly_package_per_instance: Option<f64>,
    /// Savings plan over the on-demand use (version 2).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub savings_plan: Option<SavingsPlanFile>,
    /// Support plan on the option's monthly charges (version 2).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub support: Option<SupportFile>,
    /// Day/week/month/year packages beside hourly billing (version 2).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub packages: Option<PackagesFile>,
    /// Settlement rounding of hourly billing (version 2).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub settlement: Option<SettlementFile>,
    /// Storage billed while nothing runs (version 2; default false: storage follows the running
    /// time in job mode).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub storage_billed_while_stopped: bool,
    /// Host failures per instance-hour.
    pub failures_per_hour: f64,
    /// Free allowances.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub free: Option<FreeFile>,
    /// Storage price per GB-month.
    pub storage_per_gb_month: f64,
    /// Egress price per GB.
    pub egress_per_gb: f64,
    /// Portfolio shares of this option.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub portfolio: Option<SharesFile>,
}

/// Written out rather than derived, for the reason given on [`ScenarioFile`]'s `Clone`; the
/// struct literal names every field, so none can be forgotten.
impl Clone for OptionFile {
    fn clone(&self) -> Self {
        OptionFile {
            name: self.name.clone(),
            offer: self.offer.clone(),
            prices_as_of: self.prices_as_of.clone(),
            currency: self.currency.clone(),
            gpus_per_instance: self.gpus_per_instance,
            on_demand_per_hour: self.on_demand_per_hour,
            billing: self.billing,
            schedule: self.schedule.clone(),
            shiftable: self.shiftable,
            throughput_factor: self.throughput_factor,
            reserved: self.reserved,
            spot: self.spot.clone(),
            monthly_package_per_instance: self.monthly_package_per_instance,
            savings_plan: self.savings_plan,
            support: self.support.clone(),
            packages: self.packages,
            settlement: self.settlement,
            storage_billed_while_stopped: self.storage_billed_while_stopped,
            failures_per_hour: self.failures_per_hour,
            free: self.free,
            storage_per_gb_month: self.storage_per_gb_month,
            egress_per_gb: self.egress_per_gb,
            portfolio: self.portfolio,
        }
    }
}

/// Written out rather than derived, for the reason given on its `Clone` impl; the pattern
/// names every field, so none can be forgotten.
impl PartialEq for OptionFile {
    fn eq(&self, other: &Self) -> bool {
        let OptionFile {
            name,
            offer,
            prices_as_of,
            currency,
            gpus_per_instance,
            on_demand_per_hour,
            billing,
            schedule,
            shiftable,
            throughput_factor,
            reserved,
            spot,
            monthly_package_per_instance,
            savings_plan,
            support,
            packages,
            settlement,
            storage_billed_while_stopped,
            failures_per_hour,
            free,
            storage_per_gb_month,
            egress_per_gb,
            portfolio,
        } = self;
        *name == other.name
            && *offer == other.offer
            && *prices_as_of == other.prices_as_of
            && *currency == other.currency
            && *gpus_per_instance == other.gpus_per_instance
            && *on_demand_per_hour == other.on_demand_per_hour
            && *billing == other.billing
            && *schedule == other.schedule
            && *shiftable == other.shiftable
            && *throughput_factor == other.throughput_factor
            && *reserved == other.reserved
            && *spot == other.spot
            && *monthly_package_per_instance == other.monthly_package_per_instance
            && *savings_plan == other.savings_plan
            && *support == other.support
            && *packages == other.packages
            && *settlement == other.settlement
            && *storage_billed_while_stopped == other.storage_billed_while_stopped
            && *failures_per_hour == other.failures_per_hour
            && *free == other.free
            && *storage_per_gb_month == other.storage_per_gb_month
            && *egress_per_gb == other.egress_per_gb
            && *portfolio == other.portfolio
    }
}

/// A scenario ready to evaluate.
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded {
    /// Title, if any.
    pub name: Option<String>,
    /// The plan.
    pub plan: Plan,
    /// The options, in file order.
    pub options: Vec<OptionSpec>,
    /// Display currency.
    pub currency: Currency,
    /// Exchange rate.
    pub rate: ExchangeRate,
    /// Date of the rate, if given.
    pub rate_as_of: Option<String>,
    /// Monte-Carlo settings.
    pub montecarlo: Option<MonteCarloFile>,
    /// Deadline-safe spot settings.
    pub deadline_spot: Option<DeadlineSpotFile>,
}

/// Parses a scenario file ([`read`] of its JSON text). Errors: not JSON (where it stops
/// being JSON), not an object, a missing or wrong version, an unknown field, a value of the
/// wrong kind or a required field missing, each with its path
/// (`workload.gpus: expected a whole number from 0 to 4294967295, found the string "eight"`).
pub fn parse(json: &str) -> Result<ScenarioFile, FileError> {
    // A byte-order mark (as some Windows editors write) is not part of the JSON.
    let json = json.strip_prefix('\u{feff}').unwrap_or(json);
    let value: serde_json::Value = serde_json::from_str(json).map_err(|e| {
        FileError::new(
            FieldPath::ROOT,
            FileProblem::NotJson(JsonSyntax::of(&e, json)),
        )
    })?;
    read(&value)
}

/// The adapter from a bundled catalog [`Offer`] to an option: [`offer_spec_from`] with the
/// offer's own source.
#[must_use]
pub fn offer_spec(offer: &Offer) -> OptionSpec {
    offer_spec_from(offer, offer.source())
}

/// The adapter from a catalog or imported [`Offer`] whose prices come from `source` to an
/// option: label, id, as-of date of its source, on-demand price (none for an offer not sold on
/// demand), GPUs per instance, currency, billing rule, and the spot price if the offer lists
/// one (no interruption rate or bid cap: those come from the scenario), and the provider's
/// single-instance SLA ([`crate::catalog::sla`]). Reserved terms,
/// schedules and allowances are not in the catalog yet, so they come from inline fields only.
#[must_use]
pub fn offer_spec_from(offer: &Offer, source: &Source) -> OptionSpec {
    let mut o = OptionSpec::on_demand(
        offer.label(),
        offer.currency,
        offer.on_demand_per_hour.unwrap_or(1.0),
        offer.gpu_count,
        offer.billing,
    );
    // An offer not sold on demand has no on-demand price: the engine then refuses an
    // on-demand share for it (the option needs a spot or reserved strategy).
    o.on_demand = offer.on_demand_per_hour.map(Schedule::flat);
    o.offer_id = Some(offer.id.to_string());
    o.prices_as_of = Some(source.as_of.to_string());
    o.spot = offer.spot_per_hour.map(|p| SpotMarket {
        prices: Schedule::flat(p),
        bid_cap: None,
        interruptions_per_hour: 0.0,
    });
    o.sla = crate::catalog::sla::sla_for(offer.provider).map(|s| s.sla);
    o
}

/// 24 hourly prices read from a file, each checked (finite, > 0). Errors name `field`.
pub(crate) fn hourly(field: FieldPath, v: &[f64]) -> Result<Schedule, FileError> {
    let per_hour: [f64; 24] = v
        .try_into()
        .map_err(|_| FileError::new(field, FileProblem::HourlyCount(v.len())))?;
    let s = Schedule { per_hour };
    s.validate(field)?;
    Ok(s)
}

fn parse_month(f: &ScenarioFile) -> Result<MonthLength, FileError> {
    let start = FieldPath::of(Field::Start);
    Ok(match f.month.as_str() {
        "730h" => MonthLength::Fixed(MonthConvention::Hours730),
        "720h" => MonthLength::Fixed(MonthConvention::Hours720),
        "744h" => MonthLength::Fixed(MonthConvention::Hours744),
        "calendar" => {
            let text = f
                .start
                .as_deref()
                .ok_or_else(|| FileError::new(start, FileProblem::StartRequired))?;
            let mut parts = text.split('-');
            let year = parts.next().and_then(|y| y.parse::<i32>().ok());
            let month = parts.next().and_then(|m| m.parse::<u32>().ok());
            match (year, month) {
                (Some(y), Some(m)) if (1..=12).contains(&m) && (1900..=2200).contains(&y) => {
                    MonthLength::Calendar { year: y, month: m }
                }
                _ => {
                    return Err(FileError::new(
                        start,
                        FileProblem::BadStart(crate::error::quoted(text)),
                    ))
                }
            }
        }
        other => {
            return Err(FileError::new(
                FieldPath::of(Field::Month),
                FileProblem::UnknownMonth(crate::error::quoted(other)),
            ))
        }
    })
}

/// The currency of `code` (`USD`, `CNY`). Errors name `field`.
pub(crate) fn currency(field: FieldPath, code: &str) -> Result<Currency, FileError> {
    Currency::from_code(code).ok_or_else(|| {
        FileError::new(
            field,
            FileProblem::UnknownCurrency(crate::error::quoted(code)),
        )
    })
}

impl ScenarioFile {
    /// Resolves offers in the bundled catalog and defaults, and validates everything, giving a
    /// [`Loaded`] scenario ([`ScenarioFile::load_in`] with [`Catalog::BUNDLED`]).
    pub fn load(&self) -> Result<Loaded, FileError> {
        self.load_in(&Catalog::BUNDLED)
    }

    /// Resolves offers in `catalog` (bundled and the user's imported ones) and defaults, and
    /// validates everything, giving a [`Loaded`] scenario. Errors name the first invalid
    /// field's path, plan fields before options, options in order.
    pub fn load_in(&self, catalog: &Catalog<'_>) -> Result<Loaded, FileError> {
        let months = parse_month(self)?;
        let display = currency(FieldPath::of(Field::Currency), &self.currency)?;
        let rate = ExchangeRate {
            usd_per_cny: self
                .usd_per_cny
                .unwrap_or(ExchangeRate::CATALOG_DEFAULT.usd_per_cny),
        };
        planner_engine::positive(FieldPath::of(Field::UsdPerCny), rate.usd_per_cny)?;
        let workload = self.workload.to_workload()?;
        let checkpointing =
            self.checkpoint
                .map_or_else(Checkpointing::default, |c| Checkpointing {
                    interval_hours: c.interval_hours,
                    write_hours: c.write_hours,
                    restart_hours: c.restart_hours,
                });
        let buy = self.buy.map(|b| OwnedServer {
            gpus: b.gpus,
            purchase: b.purchase,
            life_years: b.life_years,
            residual: b.residual,
            kw: b.kw,
            pue: b.pue,
            price_per_kwh: b.price_per_kwh,
            ops_per_month: b.ops_per_month,
        });
        let plan = Plan {
            months,
            horizon_months: self.horizon_months,
            workload,
            checkpointing,
            storage_gb: self.storage_gb,
            egress_gb_per_month: self.egress_gb_per_month,
            contingency_pct: self.contingency_pct,
            buy,
        };
        plan.validate()?;
        if self.options.is_empty() {
            return Err(FileError::new(
                FieldPath::of(Field::Options),
                FileProblem::NoOptions,
            ));
        }
        let options = self
            .options
            .iter()
            .enumerate()
            .map(|(i, o)| self.option(i, o, catalog))
            .collect::<Result<Vec<_>, _>>()?;
        if let Some(ds) = &self.deadline_spot {
            let at = FieldPath::of(Field::DeadlineSpot);
            if !matches!(plan.workload, Workload::Job(_)) {
                return Err(planner_engine::EngineError::new(
                    at,
                    planner_engine::Problem::OnlyInJobMode,
                )
                .into());
            }
            planner_engine::positive(at.field(Field::DeadlineHours), ds.deadline_hours)?;
            planner_engine::whole_in_range(
                at.field(Field::Trials),
                ds.trials,
                1,
                planner_engine::montecarlo::MAX_TRIALS,
                Count::Plain,
            )?;
        }
        if let Some(mc) = &self.montecarlo {
            planner_engine::whole_in_range(
                FieldPath::of(Field::Montecarlo).field(Field::Trials),
                mc.trials,
                1,
                planner_engine::montecarlo::MAX_TRIALS,
                Count::Plain,
            )?;
        }
        Ok(Loaded {
            name: self.name.clone(),
            plan,
            options,
            currency: display,
            rate,
            rate_as_of: self.rate_as_of.clone(),
            montecarlo: self.montecarlo,
            deadline_spot: self.deadline_spot,
        })
    }

    fn option(
        &self,
        i: usize,
        f: &OptionFile,
        catalog: &Catalog<'_>,
    ) -> Result<OptionSpec, FileError> {
        let shares = self.portfolio.unwrap_or_default();
        OptionInput::from_file(i, f, catalog)?.spec(
            i,
            Shares {
                reserved: shares.reserved,
                spot: shares.spot,
            },
        )
    }
}

/// Everything `gpurent eval` prints: the scenario's conventions and every option's results in
/// the display currency, with Monte-Carlo bands when asked for.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Evaluation {
    /// Format version of this output (this build's [`VERSION`]; a version-1 input is migrated).
    pub version: u32,
    /// Scenario title.
    pub name: Option<String>,
    /// Display currency code.
    pub currency: &'static str,
    /// Month convention label (`"730h"`, `"calendar"`, …).
    pub month: &'static str,
    /// USD per CNY used for conversion.
    pub usd_per_cny: f64,
    /// Date of the rate, if given.
    pub rate_as_of: Option<String>,
    /// `"fleet"` or `"job"`.
    pub workload: &'static str,
    /// Reference GPU of job-mode work units.
    pub reference_gpu: &'static str,
    /// Per-option results.
    pub options: Vec<OptionEvaluation>,
}

/// One option's results plus its Monte-Carlo bands (display currency).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OptionEvaluation {
    /// Closed-form results.
    #[serde(flatten)]
    pub result: OptionResult,
    /// Monte-Carlo bands, if the scenario asks for them.
    pub montecarlo: Option<MonteCarlo>,
    /// Deadline-safe spot bands beside all-spot and all-on-demand, if the scenario asks for
    /// them and the option has spot and on-demand prices.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deadline_spot: Option<DeadlineSpot>,
}

impl Loaded {
    /// Evaluates every option (and Monte Carlo if asked), in the display currency.
    pub fn evaluate(&self) -> Result<Evaluation, FileError> {
        let results = evaluate(&self.plan, &self.options, self.currency, self.rate)?;
        let mut options = Vec::with_capacity(results.len());
        for (i, (result, spec)) in results.into_iter().zip(&self.options).enumerate() {
            let montecarlo = match self.montecarlo {
                Some(mc) => {
                    // The engine names the option `options[0]`; this is option `i`.
                    let m = monte_carlo(&self.plan, spec, mc.trials, mc.seed).map_err(|e| {
                        planner_engine::EngineError::new(
                            e.field.rebase(&FieldPath::option(0), &FieldPath::option(i)),
                            e.problem,
                        )
                    })?;
                    Some(m.in_currency(spec.currency, self.currency, self.rate)?)
                }
                None => None,
            };
            let deadline_spot = match self.deadline_spot {
                Some(ds) => {
                    let at = FieldPath::of(Field::DeadlineSpot);
                    let rebase = |e: planner_engine::EngineError| {
                        planner_engine::EngineError::new(
                            e.field.rebase(&FieldPath::option(0), &FieldPath::option(i)),
                            e.problem,
                        )
                    };
                    match job_of(&self.plan, spec, ds.deadline_hours).map_err(rebase)? {
                        Some(job) => {
                            Some(deadline_spot(&job, ds.trials, ds.seed, at)?.in_currency(
                                spec.currency,
                                self.currency,
                                self.rate,
                            )?)
                        }
                        None => None,
                    }
                }
                None => None,
            };
            options.push(OptionEvaluation {
                result,
                montecarlo,
                deadline_spot,
            });
        }
        Ok(Evaluation {
            version: VERSION,
            name: self.name.clone(),
            currency: self.currency.code(),
            month: self.plan.months.unit_label(),
            usd_per_cny: self.rate.usd_per_cny,
            rate_as_of: self.rate_as_of.clone(),
            workload: match self.plan.workload {
                Workload::Fleet(_) => "fleet",
                Workload::Job(_) => "job",
            },
            reference_gpu: planner_engine::plan::REFERENCE_GPU,
            options,
        })
    }
}

/// Parses, loads and evaluates a scenario file in one step.
pub fn evaluate_json(json: &str) -> Result<Evaluation, FileError> {
    parse(json)?.load()?.evaluate()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog;

    /// Numbers are kept as text (`arbitrary_precision`); one that does not fit an integer field
    /// is still explained: a whole number is expected, and the number given is quoted back.
    #[test]
    fn a_number_that_does_not_fit_an_integer_field_is_explained() {
        use crate::error::{Expected, Found};
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/golden/fleet-portfolio.json"
        ))
        .unwrap();
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let at = FieldPath::option(0).field(Field::GpusPerInstance);
        for given in ["1.5", "2.0", "-1", "5000000000"] {
            v["options"][0]["gpus_per_instance"] = serde_json::from_str(given).unwrap();
            let want = FileProblem::WrongType {
                expected: Expected::Whole {
                    max: u64::from(u32::MAX),
                },
                found: Found::Number(given.into()),
            };
            let err = parse(&v.to_string()).unwrap_err();
            assert_eq!(err, FileError::new(at, want.clone()), "{given}");
            assert_eq!(
                err.to_string(),
                format!(
                    "options[0].gpus_per_instance: expected a whole number from 0 to 4294967295, found the number {given}"
                )
            );
            // The lenient loading of links, imports and stored state says the same.
            let (_, notices) = crate::share::load_json_lenient(&v.to_string());
            assert!(
                notices
                    .iter()
                    .any(|n| n.at == at
                        && n.kind == crate::share::NoticeKind::Rejected(want.clone())),
                "{given}: {notices:?}"
            );
        }
    }

    const SMALL: &str = r#"{ "version": 1, "horizon_months": 12,
        "workload": { "mode": "fleet", "gpus": 8, "hours_per_day": 24 },
        "options": [ { "offer": "OFFER" } ] }"#;

    #[test]
    fn version_as_a_string_says_it_must_be_the_number() {
        let e = parse(r#"{ "version": "1", "options": [] }"#)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("must be the number 2"), "{e}");
        assert!(!e.contains("this build reads version"), "{e}");
    }

    /// Version 1 migrates to version 2 unchanged: the same document read as either version
    /// evaluates to the same totals, and is written back as version 2.
    #[test]
    fn version_1_reads_as_version_2_with_the_same_totals() {
        let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden");
        for name in [
            "case-study-job",
            "fleet-portfolio",
            "job-spot",
            "offpeak-render",
            "free-tier-prototype",
            "marketplace-failures",
        ] {
            let v1 = std::fs::read_to_string(dir.join(format!("{name}.json"))).unwrap();
            assert!(v1.contains("\"version\": 1"), "{name} is a version-1 file");
            let v2 = v1.replacen("\"version\": 1", "\"version\": 2", 1);
            let (a, b) = (evaluate_json(&v1).unwrap(), evaluate_json(&v2).unwrap());
            assert_eq!(a.version, VERSION);
            for (x, y) in a.options.iter().zip(&b.options) {
                assert_eq!(x.result.total, y.result.total, "{name}");
                assert_eq!(x.result.totals, y.result.totals, "{name}");
            }
            let file = parse(&v1).unwrap();
            assert_eq!(file.version, VERSION, "migrated on read");
        }
        assert!(!readable_version(0) && readable_version(1) && readable_version(2));
        assert!(!readable_version(3));
    }

    #[test]
    fn a_top_level_array_or_scalar_is_not_a_scenario() {
        for text in ["[]", "[{\"version\": 1}]", "1", "\"x\"", "null"] {
            let e = parse(text).err().map(|e| e.to_string()).unwrap_or_default();
            assert!(e.contains("must be a JSON object"), "{text}: {e}");
        }
    }

    #[test]
    fn a_byte_order_mark_is_accepted() {
        let id = catalog::OFFERS[0].id;
        let text = format!("\u{feff}{}", SMALL.replace("OFFER", id));
        assert!(parse(&text).is_ok(), "{:?}", parse(&text).err());
    }

    #[test]
    fn offer_ids_are_found_ignoring_case() {
        let id = catalog::OFFERS[0].id.to_uppercase();
        let text = SMALL.replace("OFFER", &id);
        let loaded = parse(&text).and_then(|f| f.load());
        assert!(loaded.is_ok(), "{id}: {:?}", loaded.err());
    }
}
