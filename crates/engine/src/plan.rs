//! A plan over months and what each compared option costs under it (docs/cost-model.md,
//! "Workloads" and "Outputs"): fleet and job workloads, portfolio shares (reserved first, then
//! spot, then on-demand), interruptions, storage, egress, allowances, contingency, and the
//! per-month series of cost by component. Amounts are in the option's native currency until
//! [`OptionResult::in_currency`].
//!
//! The day is resolved hour by hour (a 24-slot occupancy profile priced by hour-of-day
//! schedules); months are whole convention months (730 h by default) or calendar months, so a
//! month × 12 = a year holds exactly and the series has one point per month.

use super::billing::{
    billed_hours_per_run, cheapest_start, daily_occupancy, Allowance, Payment, ReservedTerm,
    Schedule, SpotMarket,
};
use super::risk::{expected_run_hours, young_interval, Checkpointing};
use super::tco::{crossover_month, OwnedServer};
use super::{ceil_tolerant, in_range, non_negative, positive, EngineError, MonthLength};
use crate::{Billing, Currency, ExchangeRate};
use serde::Serialize;

/// Longest plan the engine evaluates, in months (100 years): beyond it a job run until
/// finished "never finishes".
pub const MAX_PLAN_MONTHS: u32 = 1_200;
/// Longest horizon, and longest job deadline, in months (10 years): the one limit of the
/// scenario file, the engine and the editor.
pub const MAX_HORIZON_MONTHS: u32 = 120;
/// Largest GPU count of a fleet or job: the one limit of the scenario file, the engine and the
/// editor.
pub const MAX_GPUS: u32 = 100_000;
/// Hours in a day: the most hours a day a fleet runs.
pub const HOURS_IN_DAY: f64 = 24.0;
/// Largest contingency budget, % of every other cost.
pub const MAX_CONTINGENCY_PCT: f64 = 100.0;

/// Reference accelerator of job-mode work units: W is measured in GPU-hours of this GPU at this
/// precision (docs/cost-model.md, "Workloads", job).
pub const REFERENCE_GPU: &str = "A100 80GB, dense BF16";

/// Fleet mode: `gpus` GPUs used `hours_per_day` hours a day (starting at `start_hour`),
/// `days_per_week` days a week, for the plan's horizon.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FleetLoad {
    /// GPUs wanted, ≥ 1 (instances are whole, so more may be billed).
    pub gpus: u32,
    /// Hours each GPU runs per day, 0–24; each day's run is one billed run.
    pub hours_per_day: f64,
    /// Days per week with a run, 0–7 (the week is averaged: a month has month-days × d/7 runs).
    pub days_per_week: f64,
    /// O'clock the daily run starts (0–23); ignored when the option's work is shiftable.
    pub start_hour: u32,
}

impl FleetLoad {
    /// Days in a week: the most days a week a fleet runs, and how many it runs unless a
    /// scenario says otherwise.
    pub const DAYS_IN_WEEK: f64 = 7.0;
    /// O'clock the daily run starts unless a scenario says otherwise.
    pub const DEFAULT_START_HOUR: u32 = 0;
}

/// How big a job's GPU pool is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum JobSize {
    /// A fixed number of GPUs; the wall-clock follows.
    Gpus(u32),
    /// Finish within this many months (of the plan's convention); the (average, possibly
    /// fractional) GPU count follows: N = W / (T · f · η).
    WithinMonths(f64),
}

/// Job mode: `gpu_hours` reference GPU-hours of work ([`REFERENCE_GPU`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct JobLoad {
    /// Work W in reference GPU-hours, > 0.
    pub gpu_hours: f64,
    /// GPU count or deadline.
    pub size: JobSize,
    /// Multi-GPU scaling efficiency η, (0, 1] (the founding article's example: 0.92).
    pub scaling_efficiency: f64,
}

impl JobLoad {
    /// Perfect scaling: the highest scaling efficiency, and a job's unless a scenario says
    /// otherwise.
    pub const PERFECT_SCALING: f64 = 1.0;
}

/// The workload of a plan.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Workload {
    /// N GPUs, h hours/day, d days/week, for the horizon.
    Fleet(FleetLoad),
    /// W reference GPU-hours on N GPUs (or within a deadline).
    Job(JobLoad),
}

/// What every option is compared under.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// Month length (730 h by default).
    pub months: MonthLength,
    /// Horizon in months. Required in fleet mode; in job mode `None` means "until the job
    /// finishes" (whole months, the last one partly used).
    pub horizon_months: Option<u32>,
    /// The work.
    pub workload: Workload,
    /// Checkpoints and restarts, used wherever an interruption or failure rate is set.
    pub checkpointing: Checkpointing,
    /// Data kept in storage, GB (for the horizon in fleet mode, while the job runs in job mode).
    pub storage_gb: f64,
    /// Data sent out per month, GB.
    pub egress_gb_per_month: f64,
    /// Contingency budget as a percentage of every other component, 0–100, shown as its own
    /// line (the founding articles advise 10–15 % for third-party platforms).
    pub contingency_pct: f64,
    /// An owned server to compare against (amounts in the display currency), if any.
    pub buy: Option<OwnedServer>,
}

/// Portfolio shares of the concurrent GPU demand: reserved first, then spot, then on-demand
/// takes the rest. Each 0–1; `reserved + spot ≤ 1`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Shares {
    /// Share asked of reserved capacity (rounded up to whole reserved instances).
    pub reserved: f64,
    /// Share asked of spot capacity.
    pub spot: f64,
}

/// One compared option: prices of one offer (catalog or inline) and how it is used.
/// All prices are per **instance-hour** in `currency` unless the name says otherwise.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionSpec {
    /// Label shown in results.
    pub name: String,
    /// Catalog offer id the prices came from, if any.
    pub offer_id: Option<String>,
    /// As-of date of the prices (the catalog source's date, or the user's), shown with results.
    pub prices_as_of: Option<String>,
    /// Native currency of every price below.
    pub currency: Currency,
    /// GPUs per instance, ≥ 1.
    pub gpus_per_instance: u32,
    /// On-demand price by hour of day (flat or peak/off-peak); `None` if not sold on demand.
    pub on_demand: Option<Schedule>,
    /// Whether work can be moved into the cheapest hours (fleet: the daily run starts at the
    /// cheapest hour; job: it runs only in the cheapest hours, lengthening the wall-clock).
    pub shiftable: bool,
    /// Billing granularity and minimum of on-demand time.
    pub billing: Billing,
    /// Throughput relative to the reference GPU (dense BF16 TFLOPS ratio, user-overridable).
    pub throughput_factor: f64,
    /// Reserved term, if offered.
    pub reserved: Option<ReservedTerm>,
    /// Spot market, if offered.
    pub spot: Option<SpotMarket>,
    /// Monthly package price per instance: replaces hourly on-demand billing for the on-demand
    /// share (charged for every month with use).
    pub package_per_instance_month: Option<f64>,
    /// Host failure rate per instance-hour (marketplace hosts), applies to all capacity.
    pub failures_per_hour: f64,
    /// Free GPU-hours (applied to on-demand use).
    pub free_gpu_hours: Allowance,
    /// Free storage in GB-months.
    pub free_storage_gb: Allowance,
    /// Free egress in GB.
    pub free_egress_gb: Allowance,
    /// Storage price per GB-month.
    pub storage_per_gb_month: f64,
    /// Egress price per GB.
    pub egress_per_gb: f64,
    /// Portfolio shares.
    pub shares: Shares,
}

impl OptionSpec {
    /// A plain on-demand option: flat `price_per_instance_hour`, no other mode.
    #[must_use]
    pub fn on_demand(
        name: impl Into<String>,
        currency: Currency,
        price_per_instance_hour: f64,
        gpus_per_instance: u32,
        billing: Billing,
    ) -> Self {
        OptionSpec {
            name: name.into(),
            offer_id: None,
            prices_as_of: None,
            currency,
            gpus_per_instance,
            on_demand: Some(Schedule::flat(price_per_instance_hour)),
            shiftable: false,
            billing,
            throughput_factor: 1.0,
            reserved: None,
            spot: None,
            package_per_instance_month: None,
            failures_per_hour: 0.0,
            free_gpu_hours: Allowance::default(),
            free_storage_gb: Allowance::default(),
            free_egress_gb: Allowance::default(),
            storage_per_gb_month: 0.0,
            egress_per_gb: 0.0,
            shares: Shares::default(),
        }
    }

    /// Validates every field; `field` (e.g. `options[2]`) prefixes error paths.
    pub fn validate(&self, field: &str) -> Result<(), EngineError> {
        let f = |name: &str| format!("{field}.{name}");
        if self.gpus_per_instance == 0 {
            return Err(EngineError::invalid(
                f("gpus_per_instance"),
                "must be at least 1 (per-GPU figures are undefined for 0 GPUs)",
            ));
        }
        if let Some(s) = &self.on_demand {
            s.validate(&f("on_demand_per_hour"))?;
        }
        in_range(
            &f("throughput_factor"),
            self.throughput_factor,
            1e-6,
            1_000.0,
        )?;
        if let Some(r) = &self.reserved {
            r.validate(&f("reserved"))?;
        }
        if let Some(s) = &self.spot {
            s.validate(&f("spot"))?;
        }
        if let Some(p) = self.package_per_instance_month {
            positive(&f("package_per_instance_month"), p)?;
        }
        in_range(&f("failures_per_hour"), self.failures_per_hour, 0.0, 10.0)?;
        self.free_gpu_hours.validate(&f("free.gpu_hours"))?;
        self.free_storage_gb.validate(&f("free.storage_gb"))?;
        self.free_egress_gb.validate(&f("free.egress_gb"))?;
        non_negative(&f("storage_per_gb_month"), self.storage_per_gb_month)?;
        non_negative(&f("egress_per_gb"), self.egress_per_gb)?;
        in_range(&f("portfolio.reserved"), self.shares.reserved, 0.0, 1.0)?;
        in_range(&f("portfolio.spot"), self.shares.spot, 0.0, 1.0)?;
        if self.shares.reserved + self.shares.spot > 1.0 + 1e-12 {
            return Err(EngineError::invalid(
                f("portfolio"),
                format!(
                    "reserved + spot shares sum to {} %, above 100 %",
                    (self.shares.reserved + self.shares.spot) * 100.0
                ),
            ));
        }
        if self.shares.reserved > 0.0 && self.reserved.is_none() {
            return Err(EngineError::invalid(
                f("portfolio.reserved"),
                "a reserved share needs reserved prices (options[].reserved)",
            ));
        }
        if self.shares.spot > 0.0 && self.spot.is_none() {
            return Err(EngineError::invalid(
                f("portfolio.spot"),
                "a spot share needs spot prices (options[].spot)",
            ));
        }
        if self.shares.reserved + self.shares.spot < 1.0 - 1e-12
            && self.on_demand.is_none()
            && self.package_per_instance_month.is_none()
        {
            return Err(EngineError::invalid(
                f("on_demand_per_hour"),
                "the on-demand share (what reserved and spot do not cover) needs an on-demand price or a monthly package",
            ));
        }
        Ok(())
    }
}

impl Plan {
    /// Validates the plan; error paths are the scenario file's field names.
    pub fn validate(&self) -> Result<(), EngineError> {
        if let MonthLength::Calendar { month, .. } = self.months {
            if !(1..=12).contains(&month) {
                return Err(EngineError::invalid("start", "month must be 1–12"));
            }
        }
        match self.horizon_months {
            Some(m) if m == 0 || m > MAX_HORIZON_MONTHS => {
                return Err(EngineError::invalid(
                    "horizon_months",
                    format!("must be 1–{MAX_HORIZON_MONTHS} (got {m})"),
                ))
            }
            None if matches!(self.workload, Workload::Fleet(_)) => {
                return Err(EngineError::invalid(
                    "horizon_months",
                    "is required in fleet mode",
                ))
            }
            _ => {}
        }
        match self.workload {
            Workload::Fleet(fl) => {
                if fl.gpus == 0 || fl.gpus > MAX_GPUS {
                    return Err(EngineError::invalid(
                        "workload.gpus",
                        format!("must be 1–{MAX_GPUS} (got {})", fl.gpus),
                    ));
                }
                in_range(
                    "workload.hours_per_day",
                    fl.hours_per_day,
                    0.0,
                    HOURS_IN_DAY,
                )?;
                // Below a second a day the run is not billable time, and dividing by it
                // overflowed into a NaN total (1e-322 h, found by fuzzing).
                if fl.hours_per_day > 0.0 && fl.hours_per_day < 1.0 / 3600.0 {
                    return Err(EngineError::invalid(
                        "workload.hours_per_day",
                        "must be 0 or at least one second a day (1/3600 h)",
                    ));
                }
                in_range(
                    "workload.days_per_week",
                    fl.days_per_week,
                    0.0,
                    FleetLoad::DAYS_IN_WEEK,
                )?;
                if fl.start_hour > 23 {
                    return Err(EngineError::invalid(
                        "workload.start_hour",
                        format!("must be 0–23 (got {})", fl.start_hour),
                    ));
                }
            }
            Workload::Job(j) => {
                positive("workload.gpu_hours", j.gpu_hours)?;
                in_range("workload.gpu_hours", j.gpu_hours, 0.0, 1e12)?;
                in_range(
                    "workload.scaling_efficiency",
                    j.scaling_efficiency,
                    1e-6,
                    JobLoad::PERFECT_SCALING,
                )?;
                match j.size {
                    JobSize::Gpus(n) if n == 0 || n > MAX_GPUS => {
                        return Err(EngineError::invalid(
                            "workload.gpus",
                            format!("must be 1–{MAX_GPUS} (got {n})"),
                        ))
                    }
                    JobSize::WithinMonths(m) => {
                        // At least one hour (1/730 month): a deadline of 2e-308 months
                        // implied infinitely many GPUs (found by fuzzing).
                        in_range(
                            "workload.within_months",
                            m,
                            1.0 / 730.0,
                            f64::from(MAX_HORIZON_MONTHS),
                        )?;
                    }
                    JobSize::Gpus(_) => {}
                }
            }
        }
        self.checkpointing.validate("checkpoint")?;
        non_negative("storage_gb", self.storage_gb)?;
        in_range("storage_gb", self.storage_gb, 0.0, 1e12)?;
        non_negative("egress_gb_per_month", self.egress_gb_per_month)?;
        in_range("egress_gb_per_month", self.egress_gb_per_month, 0.0, 1e12)?;
        in_range(
            "contingency_pct",
            self.contingency_pct,
            0.0,
            MAX_CONTINGENCY_PCT,
        )?;
        if let Some(b) = &self.buy {
            b.validate("buy")?;
        }
        Ok(())
    }

    /// Hours of the first `months` months (whole months), summed.
    #[must_use]
    pub fn hours_of_months(&self, months: u32) -> f64 {
        (0..months).map(|i| self.months.hours(i)).sum()
    }
}

/// Cost components of one month, or summed over months (docs/cost-model.md, "Outputs").
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Components {
    /// Amortised upfront of reserved capacity that served work (upfront / term months per month).
    pub reserved_upfront: f64,
    /// Recurring charge of reserved capacity that served work.
    pub reserved_recurring: f64,
    /// Reserved capacity paid for but idle (upfront and recurring), never hidden.
    pub reserved_idle: f64,
    /// On-demand hourly billing, including spot hours that fell back to on-demand.
    pub on_demand: f64,
    /// Monthly packages.
    pub package: f64,
    /// Spot, billed at the market price paid.
    pub spot: f64,
    /// Extra billed time from interruptions and failures: lost work, restarts and checkpoint
    /// writes (on-demand and spot capacity; reserved capacity absorbs it in its idle hours).
    pub rework: f64,
    /// Storage (GB-months beyond the free allowance).
    pub storage: f64,
    /// Egress (GB beyond the month's free allowance).
    pub egress: f64,
    /// Contingency budget: `contingency_pct` % of every other component.
    pub contingency: f64,
}

impl Components {
    /// Names of the components, in output order (CSV columns, JSON keys).
    pub const NAMES: [&'static str; 10] = [
        "reserved_upfront",
        "reserved_recurring",
        "reserved_idle",
        "on_demand",
        "package",
        "spot",
        "rework",
        "storage",
        "egress",
        "contingency",
    ];

    /// The components as an array in [`Self::NAMES`] order.
    #[must_use]
    pub fn values(&self) -> [f64; 10] {
        [
            self.reserved_upfront,
            self.reserved_recurring,
            self.reserved_idle,
            self.on_demand,
            self.package,
            self.spot,
            self.rework,
            self.storage,
            self.egress,
            self.contingency,
        ]
    }

    fn from_values(v: [f64; 10]) -> Self {
        Components {
            reserved_upfront: v[0],
            reserved_recurring: v[1],
            reserved_idle: v[2],
            on_demand: v[3],
            package: v[4],
            spot: v[5],
            rework: v[6],
            storage: v[7],
            egress: v[8],
            contingency: v[9],
        }
    }

    /// Sum of every component.
    #[must_use]
    pub fn total(&self) -> f64 {
        self.values().iter().sum()
    }

    /// Component-wise sum.
    #[must_use]
    pub fn plus(&self, other: &Components) -> Components {
        let (a, b) = (self.values(), other.values());
        Components::from_values(std::array::from_fn(|i| a[i] + b[i]))
    }

    /// Every component mapped through `f` (used for currency conversion).
    pub fn map<E>(&self, f: impl Fn(f64) -> Result<f64, E>) -> Result<Components, E> {
        let v = self.values();
        let mut out = [0.0; 10];
        for (o, x) in out.iter_mut().zip(v) {
            *o = f(x)?;
        }
        Ok(Components::from_values(out))
    }
}

/// Billed hours per useful hour for each capacity class (1 = no interruption overhead).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Overheads {
    /// Reserved capacity.
    pub reserved: f64,
    /// Spot capacity.
    pub spot: f64,
    /// On-demand capacity.
    pub on_demand: f64,
}

/// Instances per capacity class (fractional in job mode, where billing is pro rata).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Instances {
    /// Whole reserved instances, running the whole term.
    pub reserved: f64,
    /// Spot instances.
    pub spot: f64,
    /// On-demand instances.
    pub on_demand: f64,
}

/// Reserved-term figures of an option.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ReservedSummary {
    /// Payment option implied by the amounts.
    pub payment: Payment,
    /// Effective hourly = recurring + upfront / term hours, per instance-hour.
    pub effective_per_hour: f64,
    /// The option's average on-demand price per instance-hour, if sold on demand.
    pub on_demand_per_hour: Option<f64>,
    /// Utilisation at which reserved costs the same as on-demand (effective / on-demand).
    pub break_even_utilisation: Option<f64>,
    /// Months of full use for the upfront to pay back against on-demand.
    pub break_even_months: Option<f64>,
    /// Flag: the effective reserved rate is above on-demand (never pays off).
    pub above_on_demand: bool,
    /// Upfront paid in cash within the horizon (every term started in it).
    pub upfront_paid: f64,
    /// Reserved cost owed for months after the horizon (committed remainder of the last term).
    pub committed_after_horizon: f64,
    /// Whole reserved commitment: within the horizon plus after it.
    pub commitment: f64,
}

/// Buy-vs-rent figures of an option against the plan's owned server.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BuySummary {
    /// Owned servers needed for the same concurrent GPUs.
    pub servers: f64,
    /// Owned cost per server-hour.
    pub per_server_hour: f64,
    /// Owned cost per used GPU-hour at this plan's utilisation of the servers.
    pub per_used_gpu_hour: Option<f64>,
    /// First month renting has cost at least as much as buying (cash view), if within horizon.
    pub crossover_month: Option<u32>,
    /// Cumulative cash cost of buying at each month end.
    pub cumulative: Vec<f64>,
}

/// What one option costs under a plan. Money is in `currency`.
#[derive(Debug, PartialEq, Serialize)]
pub struct OptionResult {
    /// Option label.
    pub name: String,
    /// Catalog offer id, if any.
    pub offer_id: Option<String>,
    /// As-of date of the option's prices, if known ("prices as of …").
    pub prices_as_of: Option<String>,
    /// Currency of every amount in this result (serialised as its ISO code).
    #[serde(serialize_with = "currency_code")]
    pub currency: Currency,
    /// Hours of each month of the horizon.
    pub month_hours: Vec<f64>,
    /// Cost of each month by component (not cumulative).
    pub monthly: Vec<Components>,
    /// Cumulative cost by component at each month end (month 1..=horizon); never decreases.
    pub cumulative: Vec<Components>,
    /// Sum over the horizon by component.
    pub totals: Components,
    /// Total within the horizon.
    pub total: f64,
    /// Total within the horizon plus reserved commitment owed after it.
    pub total_with_commitment: f64,
    /// Instances per class.
    pub instances: Instances,
    /// Concurrent GPUs the workload needs on this option (fractional for a job with a deadline).
    pub gpus: f64,
    /// Useful GPU-hours delivered within the horizon (on this GPU).
    pub used_gpu_hours: f64,
    /// Total / used GPU-hours; `None` if no GPU-hour is used (or so few that the ratio is not
    /// a finite number).
    pub per_used_gpu_hour: Option<f64>,
    /// Cost of the job (job mode, if it finishes within the horizon).
    pub per_job: Option<f64>,
    /// Useful running hours of the job T0 = W / (N · f · η), before interruptions (job mode).
    pub job_run_hours: Option<f64>,
    /// Wall-clock hours to finish the job (job mode): T0 × overhead × 24 / running hours a day.
    pub finish_hours: Option<f64>,
    /// Same in months of the plan (fractional).
    pub finish_months: Option<f64>,
    /// Billed hours per useful hour, per class.
    pub overheads: Overheads,
    /// Young's checkpoint interval for the highest interruption rate in use, hours.
    pub suggested_checkpoint_hours: Option<f64>,
    /// Reserved figures, if the option has a reserved term.
    pub reserved: Option<ReservedSummary>,
    /// Buy vs rent, if the plan has an owned server (filled in by [`evaluate`]).
    pub buy: Option<BuySummary>,
}

/// Written out rather than derived: a derived `clone` is `#[inline]`, so each crate that clones
/// a result (planner-app's chart view-models, the web app) compiled and inlined its own copy
/// into the wasm; out of line here there is one (with planner-core's written-out impls of
/// `ScenarioFile` and `OptionFile`, 1.8 KB less gzipped bundle). The struct literal names
/// every field, so none can be forgotten.
impl Clone for OptionResult {
    fn clone(&self) -> Self {
        OptionResult {
            name: self.name.clone(),
            offer_id: self.offer_id.clone(),
            prices_as_of: self.prices_as_of.clone(),
            currency: self.currency,
            month_hours: self.month_hours.clone(),
            monthly: self.monthly.clone(),
            cumulative: self.cumulative.clone(),
            totals: self.totals,
            total: self.total,
            total_with_commitment: self.total_with_commitment,
            instances: self.instances,
            gpus: self.gpus,
            used_gpu_hours: self.used_gpu_hours,
            per_used_gpu_hour: self.per_used_gpu_hour,
            per_job: self.per_job,
            job_run_hours: self.job_run_hours,
            finish_hours: self.finish_hours,
            finish_months: self.finish_months,
            overheads: self.overheads,
            suggested_checkpoint_hours: self.suggested_checkpoint_hours,
            reserved: self.reserved,
            buy: self.buy.clone(),
        }
    }
}

impl OptionResult {
    /// The result with every amount converted from its currency to `to` at `rate` (once, on
    /// final amounts; an amount already in `to` is unchanged). Errors if no rate is known.
    pub fn in_currency(
        &self,
        to: Currency,
        rate: ExchangeRate,
    ) -> Result<OptionResult, EngineError> {
        let from = self.currency;
        let c = |x: f64| {
            rate.convert(x, from, to)
                .map_err(|e| EngineError::invalid("usd_per_cny", e.to_string()))
        };
        let opt = |x: Option<f64>| x.map(c).transpose();
        let mut out = self.clone();
        out.currency = to;
        out.monthly = self
            .monthly
            .iter()
            .map(|m| m.map(c))
            .collect::<Result<_, _>>()?;
        out.cumulative = self
            .cumulative
            .iter()
            .map(|m| m.map(c))
            .collect::<Result<_, _>>()?;
        out.totals = self.totals.map(c)?;
        out.total = c(self.total)?;
        out.total_with_commitment = c(self.total_with_commitment)?;
        // A finite per-hour figure near f64::MAX can overflow on conversion (1e300 × a rate of
        // 1e15, found by fuzzing): it is then not shown, like one with no GPU-hour used.
        out.per_used_gpu_hour = opt(self.per_used_gpu_hour)?.filter(|x| x.is_finite());
        out.per_job = opt(self.per_job)?;
        if let Some(r) = &self.reserved {
            out.reserved = Some(ReservedSummary {
                effective_per_hour: c(r.effective_per_hour)?,
                on_demand_per_hour: opt(r.on_demand_per_hour)?,
                upfront_paid: c(r.upfront_paid)?,
                committed_after_horizon: c(r.committed_after_horizon)?,
                commitment: c(r.commitment)?,
                ..*r
            });
        }
        Ok(out)
    }
}

/// Evaluates every option under `plan`, converting results to `display` at `rate` and adding
/// the buy-vs-rent comparison. Stops at the first invalid option (its path is in the error).
pub fn evaluate(
    plan: &Plan,
    options: &[OptionSpec],
    display: Currency,
    rate: ExchangeRate,
) -> Result<Vec<OptionResult>, EngineError> {
    plan.validate()?;
    options
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let field = format!("options[{i}]");
            o.validate(&field)?;
            let r = evaluate_option_at(plan, o, None, &field)?.in_currency(display, rate)?;
            Ok(with_buy(plan, r))
        })
        .collect()
}

fn with_buy(plan: &Plan, mut r: OptionResult) -> OptionResult {
    if let Some(b) = &plan.buy {
        let servers = ceil_tolerant(r.gpus / f64::from(b.gpus));
        let cumulative = b.cumulative_cash(servers, &r.month_hours);
        let rent: Vec<f64> = r.cumulative.iter().map(Components::total).collect();
        let hours: f64 = r.month_hours.iter().sum();
        let capacity = servers * f64::from(b.gpus) * hours;
        r.buy = Some(BuySummary {
            servers,
            per_server_hour: b.per_server_hour(),
            per_used_gpu_hour: (capacity > 0.0)
                .then(|| b.per_used_gpu_hour(r.used_gpu_hours / capacity))
                .flatten()
                .filter(|x| x.is_finite()),
            crossover_month: crossover_month(&rent, &cumulative),
            cumulative,
        });
    }
    r
}

/// Hour-of-day profile of one option under the plan: which slots run, and what a day costs per
/// instance in each class (useful time only, before overheads).
struct DayProfile {
    run_hours: f64,
    on_demand_cost: f64,
    spot_cost: f64,
    spot_fallback_cost: f64,
    spot_fallback_hours: f64,
}

fn day_profile(plan: &Plan, o: &OptionSpec, field: &str) -> Result<DayProfile, EngineError> {
    let od = o.on_demand;
    let occupancy = match plan.workload {
        Workload::Fleet(fl) => {
            let start = match (&od, o.shiftable) {
                (Some(s), true) => cheapest_start(s, fl.hours_per_day),
                _ => fl.start_hour,
            };
            daily_occupancy(start, fl.hours_per_day)
        }
        Workload::Job(_) => {
            let mut occ = [1.0; 24];
            if let (Some(s), true) = (&od, o.shiftable) {
                let min = s.min();
                for (j, p) in s.per_hour.iter().enumerate() {
                    if *p > min {
                        occ[j] = 0.0;
                    }
                }
            }
            if let (Some(m), true) = (&o.spot, o.shares.spot > 0.0) {
                for (j, x) in occ.iter_mut().enumerate() {
                    if !m.available(j) {
                        *x = 0.0;
                    }
                }
            }
            if occ.iter().all(|x| *x == 0.0) {
                return Err(EngineError::invalid(
                    format!("{field}.spot.bid_cap_per_hour"),
                    "no hour of the day has spot capacity under the bid cap (and in the shiftable hours): the job would never run",
                ));
            }
            occ
        }
    };
    let price = |j: usize| od.map_or(0.0, |s| s.per_hour[j]);
    let mut p = DayProfile {
        run_hours: occupancy.iter().sum(),
        on_demand_cost: 0.0,
        spot_cost: 0.0,
        spot_fallback_cost: 0.0,
        spot_fallback_hours: 0.0,
    };
    for (j, occ) in occupancy.iter().enumerate() {
        p.on_demand_cost += occ * price(j);
        if let Some(m) = &o.spot {
            if m.available(j) {
                p.spot_cost += occ * m.prices.per_hour[j];
            } else {
                p.spot_fallback_cost += occ * price(j);
                p.spot_fallback_hours += occ;
            }
        }
    }
    if p.spot_fallback_hours > 0.0 && o.shares.spot > 0.0 && od.is_none() {
        return Err(EngineError::invalid(
            format!("{field}.spot.bid_cap_per_hour"),
            "spot is above the bid cap in some working hours and there is no on-demand price to fall back to",
        ));
    }
    Ok(p)
}

/// Evaluates one option under `plan` in its native currency, without buy-vs-rent. `overheads`
/// replaces the closed-form interruption overheads (the Monte-Carlo mode passes drawn ones).
/// The plan and option should be validated first ([`Plan::validate`], [`OptionSpec::validate`]);
/// invalid values still give errors or finite numbers, never a panic.
pub fn evaluate_option(
    plan: &Plan,
    o: &OptionSpec,
    overheads: Option<Overheads>,
) -> Result<OptionResult, EngineError> {
    evaluate_option_at(plan, o, overheads, "option")
}

/// [`evaluate_option`] with `field` (e.g. `options[2]`) prefixing option error paths.
fn evaluate_option_at(
    plan: &Plan,
    o: &OptionSpec,
    overheads: Option<Overheads>,
    field: &str,
) -> Result<OptionResult, EngineError> {
    let p = prepare(plan, o, field)?;
    evaluate_prepared(plan, o, &p, overheads, field)
}

/// What an option's evaluation needs that does not depend on the interruption overheads:
/// computed once per option (the Monte Carlo re-evaluates only the rest per trial).
pub(crate) struct Prepared {
    g: f64,
    day: DayProfile,
    gpus: f64,
    job_hours: Option<f64>,
    n_r: f64,
    c_r: f64,
    c_s: f64,
    fleet: bool,
    instances: Instances,
    lam_f: f64,
    lam_s: f64,
    closed: Overheads,
}

/// Builds [`Prepared`] for option `o` under `plan`.
pub(crate) fn prepare(plan: &Plan, o: &OptionSpec, field: &str) -> Result<Prepared, EngineError> {
    if o.gpus_per_instance == 0 {
        return Err(EngineError::invalid(
            format!("{field}.gpus_per_instance"),
            "must be at least 1",
        ));
    }
    let g = f64::from(o.gpus_per_instance);
    let day = day_profile(plan, o, field)?;
    let ck = plan.checkpointing;
    let spot_rate = o.spot.map_or(0.0, |s| s.interruptions_per_hour);

    // Concurrent GPUs needed and, for a job, its useful running hours T0.
    let (gpus, job_hours) = match plan.workload {
        Workload::Fleet(fl) => (f64::from(fl.gpus), None),
        Workload::Job(j) => {
            let work = j.gpu_hours / (o.throughput_factor * j.scaling_efficiency);
            match j.size {
                JobSize::Gpus(n) => (f64::from(n), Some(work / f64::from(n))),
                JobSize::WithinMonths(m) => {
                    let whole = m.floor() as u32;
                    let wall =
                        plan.hours_of_months(whole) + (m - m.floor()) * plan.months.hours(whole);
                    let t0 = wall * day.run_hours / 24.0;
                    (work / t0, Some(t0))
                }
            }
        }
    };
    if !(gpus.is_finite() && gpus > 0.0) {
        return Err(EngineError::invalid(
            "workload",
            "needs a positive, finite GPU count",
        ));
    }

    // Portfolio: reserved whole instances first, then spot, then on-demand.
    let n_r = if o.reserved.is_some() && o.shares.reserved > 0.0 {
        ceil_tolerant(o.shares.reserved * gpus / g)
    } else {
        0.0
    };
    let c_r = (n_r * g).min(gpus);
    let c_s = (o.shares.spot * gpus).min(gpus - c_r).max(0.0);
    let c_o = (gpus - c_r - c_s).max(0.0);
    let fleet = matches!(plan.workload, Workload::Fleet(_));
    let whole = |c: f64| if fleet { ceil_tolerant(c / g) } else { c / g };
    let instances = Instances {
        reserved: n_r,
        spot: whole(c_s),
        on_demand: whole(c_o),
    };

    // Interruption overheads (billed hours per useful hour).
    let lam_f = o.failures_per_hour;
    let lam_s = lam_f + spot_rate;
    let closed = match (plan.workload, job_hours) {
        (Workload::Fleet(fl), _) => {
            let h = fl.hours_per_day;
            let k = |lam: f64| {
                if h > 0.0 {
                    expected_run_hours(h, ck.interval(lam), ck.write_hours, lam, ck.restart_hours)
                        / h
                } else {
                    1.0
                }
            };
            Overheads {
                reserved: k(lam_f),
                spot: k(lam_s),
                on_demand: k(lam_f),
            }
        }
        (Workload::Job(_), Some(t0)) => {
            // A synchronous job restarts whole when any instance fails.
            let lam = lam_f * gpus / g + spot_rate * c_s / g;
            let k = if t0 > 0.0 {
                expected_run_hours(t0, ck.interval(lam), ck.write_hours, lam, ck.restart_hours) / t0
            } else {
                1.0
            };
            Overheads {
                reserved: k,
                spot: k,
                on_demand: k,
            }
        }
        (Workload::Job(_), None) => Overheads {
            reserved: 1.0,
            spot: 1.0,
            on_demand: 1.0,
        },
    };
    Ok(Prepared {
        g,
        day,
        gpus,
        job_hours,
        n_r,
        c_r,
        c_s,
        fleet,
        instances,
        lam_f,
        lam_s,
        closed,
    })
}

/// Fleet mode: the costs of one working day of the fleet that depend on the interruption
/// overheads, in the option's currency (before contingency). A month with `d` working days
/// costs its fixed part (reserved, package, storage, egress) plus `d ×` these, less what a free
/// GPU-hour allowance covers. From [`Prepared::fleet_day`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct FleetDay {
    /// On-demand cost (on-demand instances and spot's on-demand fallback, rework included).
    pub on_demand: f64,
    /// On-demand instance-hours billed (what a free allowance applies to, per instance).
    pub on_demand_hours: f64,
    /// Spot cost (rework included).
    pub spot: f64,
}

impl FleetDay {
    /// The day's cost whatever the allowance: on-demand plus spot.
    pub fn cost(&self) -> f64 {
        self.on_demand + self.spot
    }
}

impl Prepared {
    /// Fleet mode only: the day costs under overheads `k` (see [`FleetDay`]), computed with the
    /// same arithmetic as [`evaluate_prepared`] (on-demand runs rounded up to the billing
    /// granularity). All zero for a job.
    pub(crate) fn fleet_day(&self, plan: &Plan, o: &OptionSpec, k: Overheads) -> FleetDay {
        let Workload::Fleet(fl) = plan.workload else {
            return FleetDay::default();
        };
        let h = fl.hours_per_day;
        let gran_k = if h * k.on_demand > 0.0 {
            billed_hours_per_run(h * k.on_demand, o.billing) / (h * k.on_demand)
        } else {
            0.0
        };
        let inst = self.instances;
        let day = &self.day;
        let mut f = FleetDay::default();
        if o.package_per_instance_month.is_none() {
            f.on_demand += inst.on_demand * day.on_demand_cost * k.on_demand * gran_k;
            f.on_demand_hours += inst.on_demand * day.run_hours * k.on_demand * gran_k;
        }
        if inst.spot > 0.0 {
            f.spot = inst.spot * day.spot_cost * k.spot;
            f.on_demand += inst.spot * day.spot_fallback_cost * k.on_demand;
            f.on_demand_hours += inst.spot * day.spot_fallback_hours * k.on_demand;
        }
        f
    }

    /// Whether every month's cumulative cost is a non-decreasing function of the day's cost
    /// alone ([`FleetDay::cost`]): true unless a free GPU-hour allowance applies (its cover
    /// depends on the billed hours, not on the cost). Then the percentiles of each month's
    /// cumulative cost over trials are the cumulative costs at the percentiles of the day cost.
    pub(crate) fn fleet_monotone_in_day_cost(o: &OptionSpec) -> bool {
        o.free_gpu_hours == Allowance::default()
    }

    /// Fleet mode only: the cumulative total cost at each month end with day costs `day` (from
    /// [`Prepared::fleet_day`], or a mean of them: the months are linear in them without a free
    /// allowance), written into `out` (cleared first), for the Monte Carlo. `base` is a full
    /// evaluation of the same option and plan; the costs that do not depend on overheads
    /// (reserved, package, storage, egress) are taken from it, and the rest with the same
    /// arithmetic as [`evaluate_prepared`] (a test checks that both agree), without allocating.
    pub(crate) fn fleet_cumulative(
        &self,
        plan: &Plan,
        o: &OptionSpec,
        base: &OptionResult,
        day: FleetDay,
        out: &mut Vec<f64>,
    ) {
        out.clear();
        let Workload::Fleet(fl) = plan.workload else {
            return;
        };
        let free = o.free_gpu_hours;
        let has_free = free != Allowance::default();
        let mut once_left = free.once;
        let mut acc = 0.0;
        for (i, m) in base.monthly.iter().enumerate() {
            let d = base.month_hours[i] / HOURS_IN_DAY * fl.days_per_week / FleetLoad::DAYS_IN_WEEK;
            let fixed = m.reserved_upfront
                + m.reserved_recurring
                + m.reserved_idle
                + m.package
                + m.storage
                + m.egress;
            let mut od = d * day.on_demand;
            if has_free {
                let usage = d * day.on_demand_hours * self.g;
                let after_monthly = (usage - free.monthly).max(0.0);
                let from_once = after_monthly.min(once_left);
                once_left -= from_once;
                if usage > 0.0 {
                    od *= (after_monthly - from_once) / usage;
                }
            }
            let month = fixed + od + d * day.spot;
            acc += month + month * plan.contingency_pct / 100.0;
            out.push(acc);
        }
    }
}

/// The rest of [`evaluate_option`], from a [`Prepared`] option and optional overheads.
pub(crate) fn evaluate_prepared(
    plan: &Plan,
    o: &OptionSpec,
    p: &Prepared,
    overheads: Option<Overheads>,
    field: &str,
) -> Result<OptionResult, EngineError> {
    let Prepared {
        g,
        ref day,
        gpus,
        job_hours,
        n_r,
        c_r,
        c_s,
        fleet,
        instances,
        lam_f,
        lam_s,
        closed,
    } = *p;
    let ck = plan.checkpointing;
    let k = overheads.unwrap_or(closed);
    for (name, v) in [
        ("reserved", k.reserved),
        ("spot", k.spot),
        ("on_demand", k.on_demand),
    ] {
        if !(v.is_finite() && v >= 1.0 - 1e-12) {
            return Err(EngineError::invalid(
                field,
                format!("the {name} interruption overhead is not a finite factor ≥ 1 (got {}); lower the interruption or failure rate, the checkpoint interval or the restart time", super::shown(v)),
            ));
        }
    }
    let max_rate = if c_s > 0.0 { lam_s } else { lam_f };
    let suggested_checkpoint_hours = young_interval(ck.write_hours, max_rate);

    // Horizon and, for a job, its wall-clock finish.
    let finish_hours = job_hours.map(|t0| t0 * k.on_demand * 24.0 / day.run_hours);
    let horizon = match (plan.horizon_months, finish_hours) {
        (Some(m), _) => m,
        (None, Some(f)) => {
            let mut acc = 0.0;
            let mut m = 0;
            while acc < f * (1.0 - 1e-12) {
                if m >= MAX_PLAN_MONTHS {
                    return Err(EngineError::invalid(
                        "workload",
                        format!("the job does not finish within {MAX_PLAN_MONTHS} months"),
                    ));
                }
                acc += plan.months.hours(m);
                m += 1;
            }
            m.max(1)
        }
        (None, None) => {
            return Err(EngineError::invalid(
                "horizon_months",
                "is required in fleet mode",
            ))
        }
    };
    let month_hours: Vec<f64> = (0..horizon).map(|i| plan.months.hours(i)).collect();

    // Per month: running days (days with the daily profile) and the fraction of the month in use.
    let mut start = 0.0;
    let mut days = Vec::with_capacity(month_hours.len());
    let mut in_use = Vec::with_capacity(month_hours.len());
    for &h in &month_hours {
        match (plan.workload, finish_hours) {
            (Workload::Fleet(fl), _) => {
                days.push(h / HOURS_IN_DAY * fl.days_per_week / FleetLoad::DAYS_IN_WEEK);
                in_use.push(1.0);
            }
            (_, f) => {
                let f = f.unwrap_or(0.0);
                let w = (f.min(start + h) - start).max(0.0);
                days.push(w / 24.0);
                in_use.push(w / h);
            }
        }
        start += h;
    }

    // Billing granularity: per daily run in fleet mode, once per job in job mode.
    let (gran_k, gran_1) = match plan.workload {
        Workload::Fleet(fl) => {
            let h = fl.hours_per_day;
            let f = |x: f64| {
                if x > 0.0 {
                    billed_hours_per_run(x, o.billing) / x
                } else {
                    0.0
                }
            };
            (f(h * k.on_demand), f(h))
        }
        Workload::Job(_) => (1.0, 1.0),
    };

    let n = month_hours.len();
    let mut monthly = vec![Components::default(); n];
    let mut od_hours = vec![0.0; n]; // on-demand instance-hours billed, for free GPU-hours
    let mut od_rework = vec![0.0; n]; // the on-demand part of rework, which free hours also cover
    let od_avg = if day.run_hours > 0.0 {
        day.on_demand_cost / day.run_hours
    } else {
        o.on_demand.map_or(0.0, |s| s.mean())
    };
    for i in 0..n {
        let m = &mut monthly[i];
        // Running days of useful work: in job mode `days` already include the overhead.
        let d = if fleet {
            days[i]
        } else {
            days[i] / k.on_demand
        };
        // On-demand class (hourly, or a monthly package).
        if let Some(pkg) = o.package_per_instance_month {
            if days[i] > 0.0 {
                m.package += instances.on_demand * pkg;
            }
        } else {
            let full = instances.on_demand * d * day.on_demand_cost * k.on_demand * gran_k;
            let base = instances.on_demand * d * day.on_demand_cost * gran_1;
            m.on_demand += base;
            m.rework += full - base;
            od_rework[i] += full - base;
            od_hours[i] += instances.on_demand * d * day.run_hours * k.on_demand * gran_k;
        }
        // Spot class, and its fallback to on-demand in hours above the bid cap.
        if instances.spot > 0.0 {
            let full = instances.spot * d * day.spot_cost * k.spot;
            let base = instances.spot * d * day.spot_cost;
            m.spot += base;
            m.rework += full - base;
            let full = instances.spot * d * day.spot_fallback_cost * k.on_demand;
            let base = instances.spot * d * day.spot_fallback_cost;
            m.on_demand += base;
            m.rework += full - base;
            od_rework[i] += full - base;
            od_hours[i] += instances.spot * d * day.spot_fallback_hours * k.on_demand;
        }
        // Reserved class: owed every hour of the term, split into used and idle.
        if let (Some(r), true) = (&o.reserved, n_r > 0.0) {
            let amort = n_r * r.upfront / f64::from(r.term_months);
            let recurring = n_r * month_hours[i] * r.recurring_per_hour;
            let capacity = n_r * g * month_hours[i];
            let used = (c_r * d * day.run_hours * k.reserved / capacity).clamp(0.0, 1.0);
            m.reserved_upfront += amort * used;
            m.reserved_recurring += recurring * used;
            m.reserved_idle += (amort + recurring) * (1.0 - used);
        }
    }
    // Job mode: granularity rounds the whole job's on-demand run once (last month of use).
    if let (Workload::Job(_), Some(t0)) = (plan.workload, job_hours) {
        if o.package_per_instance_month.is_none() && instances.on_demand > 0.0 {
            let run = t0 * k.on_demand;
            let extra = billed_hours_per_run(run, o.billing) - run;
            if extra > 0.0 {
                if let Some(last) = days.iter().rposition(|d| *d > 0.0) {
                    monthly[last].on_demand += instances.on_demand * extra * od_avg;
                    od_hours[last] += instances.on_demand * extra;
                }
            }
        }
    }
    // Free GPU-hours come off on-demand billing, in the month they belong to.
    if o.free_gpu_hours != Allowance::default() {
        let usage_gpu_h: Vec<f64> = od_hours.iter().map(|h| h * g).collect();
        let billable = o.free_gpu_hours.billable(&usage_gpu_h);
        for i in 0..n {
            if usage_gpu_h[i] > 0.0 {
                let keep = billable[i] / usage_gpu_h[i];
                monthly[i].on_demand *= keep;
                // Clamped: rounding could leave -2e-16 when the allowance covers it all (found
                // by fuzzing); a cost is never negative.
                monthly[i].rework = (monthly[i].rework - od_rework[i] * (1.0 - keep)).max(0.0);
            }
        }
    }
    // Storage (GB-months, prorated by the part of the month in use) and egress.
    let storage: Vec<f64> = in_use.iter().map(|u| plan.storage_gb * u).collect();
    let egress: Vec<f64> = in_use
        .iter()
        .map(|u| plan.egress_gb_per_month * u)
        .collect();
    let storage = o.free_storage_gb.billable(&storage);
    let egress = o.free_egress_gb.billable(&egress);
    for i in 0..n {
        monthly[i].storage = storage[i] * o.storage_per_gb_month;
        monthly[i].egress = egress[i] * o.egress_per_gb;
        // Every component is a cost, never negative: differences of nearly equal terms (the
        // spot fallback's rework, a reserved share of 1e-319) can round to -1e-11 (found by
        // fuzzing, tests/regressions.rs). Such rounding is clamped to 0; NaN is left to fail.
        monthly[i] =
            Components::from_values(monthly[i].values().map(|v| if v < 0.0 { 0.0 } else { v }));
        monthly[i].contingency = monthly[i].total() * plan.contingency_pct / 100.0;
    }

    let mut cumulative = Vec::with_capacity(n);
    let mut acc = Components::default();
    for m in &monthly {
        acc = acc.plus(m);
        cumulative.push(acc);
    }
    let totals = acc;
    let total = totals.total();

    // Reserved commitment beyond the horizon: terms renew until the horizon is covered.
    let reserved = o.reserved.filter(|_| n_r > 0.0).map(|r| {
        let term = r.term_months;
        let terms = horizon.div_ceil(term);
        let term_hours = plan.hours_of_months(term);
        let after: f64 = (horizon..terms * term)
            .map(|i| {
                n_r * (r.upfront / f64::from(term) + plan.months.hours(i) * r.recurring_per_hour)
            })
            .sum();
        let on_demand_per_hour = o.on_demand.map(|s| s.mean());
        let effective = r.effective_per_hour(term_hours);
        let reserved_in =
            totals.reserved_upfront + totals.reserved_recurring + totals.reserved_idle;
        ReservedSummary {
            payment: r.payment(),
            effective_per_hour: effective,
            on_demand_per_hour,
            break_even_utilisation: on_demand_per_hour
                .and_then(|p| r.break_even_utilisation(term_hours, p)),
            break_even_months: on_demand_per_hour
                .and_then(|p| r.break_even_months(p, plan.months.hours(0))),
            above_on_demand: on_demand_per_hour.is_some_and(|p| effective > p),
            upfront_paid: n_r * r.upfront * f64::from(terms),
            committed_after_horizon: after,
            commitment: reserved_in + after,
        }
    });
    let after = reserved.map_or(0.0, |r| r.committed_after_horizon);

    let used_gpu_hours: f64 = match plan.workload {
        Workload::Fleet(fl) => days.iter().map(|d| gpus * d * fl.hours_per_day).sum(),
        Workload::Job(_) => days
            .iter()
            .map(|d| gpus * d * day.run_hours / k.on_demand)
            .sum(),
    };
    let finished = finish_hours.filter(|f| *f <= month_hours.iter().sum::<f64>() * (1.0 + 1e-12));
    Ok(OptionResult {
        name: o.name.clone(),
        offer_id: o.offer_id.clone(),
        prices_as_of: o.prices_as_of.clone(),
        currency: o.currency,
        month_hours,
        monthly,
        cumulative,
        totals,
        total,
        total_with_commitment: total + after,
        instances,
        gpus,
        used_gpu_hours,
        // A subnormal amount of work (1e-311 GPU-hours) would give an infinite cost per hour:
        // such a figure is not shown (found by fuzzing).
        per_used_gpu_hour: (used_gpu_hours > 0.0)
            .then(|| total / used_gpu_hours)
            .filter(|x| x.is_finite()),
        per_job: finished.map(|_| total),
        job_run_hours: job_hours,
        finish_hours,
        finish_months: finish_hours.map(|f| months_of(plan.months, f)),
        overheads: k,
        suggested_checkpoint_hours,
        reserved,
        buy: None,
    })
}

/// Serialises a [`Currency`] as its ISO 4217 code (`"USD"`).
pub fn currency_code<S: serde::Serializer>(c: &Currency, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(c.code())
}

/// `hours` expressed in months of `months` (fractional).
#[must_use]
pub fn months_of(months: MonthLength, hours: f64) -> f64 {
    let mut left = hours;
    let mut m = 0.0;
    let mut i = 0;
    while left > 0.0 && i < MAX_PLAN_MONTHS * 10 {
        let h = months.hours(i);
        if left <= h {
            return m + left / h;
        }
        left -= h;
        m += 1.0;
        i += 1;
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MonthConvention;

    fn fleet(gpus: u32, h: f64, d: f64, months: u32) -> Plan {
        Plan {
            months: MonthLength::Fixed(MonthConvention::Hours730),
            horizon_months: Some(months),
            workload: Workload::Fleet(FleetLoad {
                gpus,
                hours_per_day: h,
                days_per_week: d,
                start_hour: 0,
            }),
            checkpointing: Checkpointing::default(),
            storage_gb: 0.0,
            egress_gb_per_month: 0.0,
            contingency_pct: 0.0,
            buy: None,
        }
    }

    fn od(price: f64, gpi: u32) -> OptionSpec {
        OptionSpec::on_demand("t", Currency::Usd, price, gpi, Billing::UNSTATED)
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-9 * b.abs().max(1.0)
    }

    #[test]
    fn idle_reserved_capacity_is_shown_not_hidden() {
        let mut o = od(4.0, 1);
        o.reserved = Some(ReservedTerm {
            term_months: 12,
            upfront: 0.0,
            recurring_per_hour: 2.0,
        });
        o.shares.reserved = 1.0;
        // Used 12 h a day: half of the reservation is idle.
        let r = evaluate_option(&fleet(1, 12.0, 7.0, 12), &o, None).unwrap();
        assert!(close(r.totals.reserved_recurring, 2.0 * 4_380.0));
        assert!(close(r.totals.reserved_idle, 2.0 * 4_380.0));
        assert!(close(r.total, 2.0 * 8_760.0));
        let s = r.reserved.unwrap();
        assert!(close(s.break_even_utilisation.unwrap(), 0.5));
        assert_eq!(s.payment, Payment::NoUpfront);
        // A reserved rate above on-demand is flagged.
        o.reserved = Some(ReservedTerm {
            term_months: 12,
            upfront: 0.0,
            recurring_per_hour: 5.0,
        });
        let r = evaluate_option(&fleet(1, 24.0, 7.0, 12), &o, None).unwrap();
        assert!(r.reserved.unwrap().above_on_demand);
    }

    #[test]
    fn spot_hours_above_the_cap_fall_back_to_on_demand_in_a_fleet() {
        let mut o = od(3.0, 1);
        let mut prices = Schedule::flat(1.0);
        prices.per_hour[0] = 9.0;
        o.spot = Some(SpotMarket {
            prices,
            bid_cap: Some(2.0),
            interruptions_per_hour: 0.0,
        });
        o.shares.spot = 1.0;
        // 2 h a day from 00:00: hour 0 above the cap (on-demand 3.00), hour 1 spot at 1.00.
        let r = evaluate_option(&fleet(1, 2.0, 7.0, 1), &o, None).unwrap();
        let days = 730.0 / 24.0;
        assert!(close(r.totals.spot, days * 1.0));
        assert!(close(r.totals.on_demand, days * 3.0));
    }

    #[test]
    fn shiftable_job_runs_in_cheap_hours_and_takes_longer() {
        let plan = Plan {
            horizon_months: None,
            workload: Workload::Job(JobLoad {
                gpu_hours: 240.0,
                size: JobSize::Gpus(1),
                scaling_efficiency: 1.0,
            }),
            ..fleet(1, 24.0, 7.0, 1)
        };
        let mut o = od(1.0, 1);
        o.on_demand = Some(Schedule::peak_off_peak("s", 3.0, 1.0, 6, 18).unwrap());
        let now = evaluate_option(&plan, &o, None).unwrap();
        assert!(close(now.finish_hours.unwrap(), 240.0));
        assert!(close(now.total, 240.0 * 2.0));
        o.shiftable = true;
        let shifted = evaluate_option(&plan, &o, None).unwrap();
        assert!(close(shifted.finish_hours.unwrap(), 480.0));
        assert!(close(shifted.total, 240.0));
        assert_eq!(shifted.per_job, Some(shifted.total));
    }

    #[test]
    fn free_gpu_hours_leave_spot_rework_alone() {
        let mut o = od(2.0, 1);
        o.spot = Some(SpotMarket {
            prices: Schedule::flat(1.0),
            bid_cap: None,
            interruptions_per_hour: 0.1,
        });
        o.shares.spot = 0.5;
        o.free_gpu_hours = Allowance {
            monthly: 1e9,
            once: 0.0,
        };
        let mut plan = fleet(2, 24.0, 7.0, 1);
        plan.checkpointing = Checkpointing {
            interval_hours: Some(1.0),
            write_hours: 0.0,
            restart_hours: 0.1,
        };
        let r = evaluate_option(&plan, &o, None).unwrap();
        assert_eq!(r.totals.on_demand, 0.0, "all on-demand hours are free");
        assert!(r.totals.spot > 0.0);
        assert!(r.totals.rework > 0.0, "spot rework is still billed");
    }

    #[test]
    fn zero_hours_give_n_a_not_nan() {
        let r = evaluate_option(&fleet(8, 0.0, 7.0, 3), &od(10.0, 8), None).unwrap();
        assert_eq!(r.total, 0.0);
        assert_eq!(r.per_used_gpu_hour, None);
        assert_eq!(r.per_job, None);
    }

    #[test]
    fn job_without_horizon_runs_until_it_finishes_and_with_one_may_not() {
        let mut plan = Plan {
            horizon_months: None,
            workload: Workload::Job(JobLoad {
                gpu_hours: 1_000.0,
                size: JobSize::Gpus(1),
                scaling_efficiency: 1.0,
            }),
            ..fleet(1, 24.0, 7.0, 1)
        };
        let r = evaluate_option(&plan, &od(1.0, 1), None).unwrap();
        assert_eq!(r.month_hours.len(), 2);
        assert!(close(r.finish_months.unwrap(), 1_000.0 / 730.0));
        assert!(close(r.total, 1_000.0));
        plan.horizon_months = Some(1);
        let r = evaluate_option(&plan, &od(1.0, 1), None).unwrap();
        assert!(close(r.total, 730.0));
        assert_eq!(r.per_job, None, "not finished within the horizon");
    }

    #[test]
    fn validation_names_fields() {
        let mut o = od(1.0, 1);
        o.shares.spot = 0.5;
        assert_eq!(
            o.validate("options[3]").unwrap_err().field(),
            "options[3].portfolio.spot"
        );
        let mut p = fleet(1, 24.0, 7.0, 1);
        p.contingency_pct = f64::NAN;
        assert_eq!(p.validate().unwrap_err().field(), "contingency_pct");
        p = fleet(1, 24.0, 7.0, 1);
        p.horizon_months = None;
        assert_eq!(p.validate().unwrap_err().field(), "horizon_months");
    }

    #[test]
    fn fleet_fast_path_agrees_with_the_full_evaluation() {
        let mut plan = fleet(20, 10.0, 5.0, 14);
        plan.storage_gb = 100.0;
        plan.egress_gb_per_month = 30.0;
        plan.contingency_pct = 12.0;
        plan.checkpointing = Checkpointing {
            interval_hours: Some(1.5),
            write_hours: 0.1,
            restart_hours: 0.2,
        };
        let mut o = od(6.0, 4);
        o.billing = Billing {
            granularity_seconds: Some(3600),
            minimum_seconds: 0,
        };
        o.reserved = Some(ReservedTerm {
            term_months: 12,
            upfront: 1_000.0,
            recurring_per_hour: 2.0,
        });
        let mut spot = Schedule::flat(2.0);
        spot.per_hour[3] = 9.0;
        o.spot = Some(SpotMarket {
            prices: spot,
            bid_cap: Some(5.0),
            interruptions_per_hour: 0.05,
        });
        o.shares = Shares {
            reserved: 0.3,
            spot: 0.4,
        };
        o.failures_per_hour = 0.01;
        o.free_gpu_hours = Allowance {
            monthly: 50.0,
            once: 400.0,
        };
        o.storage_per_gb_month = 0.1;
        o.egress_per_gb = 0.05;
        let p = prepare(&plan, &o, "o").unwrap();
        let base = evaluate_prepared(&plan, &o, &p, None, "o").unwrap();
        let mut out = Vec::new();
        for k in [
            p.closed,
            Overheads {
                reserved: 1.0,
                spot: 1.3,
                on_demand: 1.07,
            },
            Overheads {
                reserved: 1.2,
                spot: 1.0,
                on_demand: 1.6,
            },
        ] {
            let full = evaluate_prepared(&plan, &o, &p, Some(k), "o").unwrap();
            p.fleet_cumulative(&plan, &o, &base, p.fleet_day(&plan, &o, k), &mut out);
            assert_eq!(out.len(), full.cumulative.len());
            for (a, b) in out.iter().zip(&full.cumulative) {
                assert!(close(*a, b.total()), "{a} vs {}", b.total());
            }
        }
    }
}

/// The Monte Carlo's fleet fast path against the full evaluation, on random options and
/// overheads (native only: proptest is not built for wasm32).
#[cfg(all(test, not(target_arch = "wasm32")))]
mod fast_path_properties {
    use super::*;
    use crate::MonthConvention;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        #[test]
        fn fleet_fast_path_equals_full_evaluation(
            (h, d, gpus, months) in (0.0f64..24.0, 0.0f64..7.0, 1u32..50, 1u32..40),
            (price, gpi, gran, min) in (0.1f64..50.0, 1u32..9, prop::option::of(prop::sample::select(vec![1u32, 60, 3600])), 0u32..120),
            (res, rs, spot_cap, ss) in (prop::option::of((1u32..25, 0.0f64..5_000.0, 0.1f64..20.0)), 0.0f64..0.7, prop::option::of(0.5f64..4.0), 0.0f64..0.3),
            (free_m, free_o, pkg, pct) in (0.0f64..200.0, 0.0f64..500.0, prop::option::of(100.0f64..5_000.0), 0.0f64..30.0),
            (ko, ks, kr) in (1.0f64..2.0, 1.0f64..2.0, 1.0f64..2.0),
        ) {
            let plan = Plan {
                months: MonthLength::Fixed(MonthConvention::Hours730),
                horizon_months: Some(months),
                workload: Workload::Fleet(FleetLoad { gpus, hours_per_day: h, days_per_week: d, start_hour: 5 }),
                checkpointing: Checkpointing::default(),
                storage_gb: 40.0,
                egress_gb_per_month: 10.0,
                contingency_pct: pct,
                buy: None,
            };
            let mut o = OptionSpec::on_demand("p", Currency::Usd, price, gpi, Billing { granularity_seconds: gran, minimum_seconds: min });
            o.reserved = res.map(|(t, u, r)| ReservedTerm { term_months: t, upfront: u, recurring_per_hour: r });
            let mut sp = Schedule::flat(1.0);
            sp.per_hour[7] = 3.0;
            o.spot = Some(SpotMarket { prices: sp, bid_cap: spot_cap, interruptions_per_hour: 0.01 });
            o.shares = Shares { reserved: if o.reserved.is_some() { rs } else { 0.0 }, spot: ss };
            o.free_gpu_hours = Allowance { monthly: free_m, once: free_o };
            o.package_per_instance_month = pkg;
            o.storage_per_gb_month = 0.02;
            o.egress_per_gb = 0.1;
            prop_assume!(o.validate("o").is_ok());
            let p = prepare(&plan, &o, "o").unwrap();
            let base = evaluate_prepared(&plan, &o, &p, None, "o").unwrap();
            let k = Overheads { reserved: kr, spot: ks, on_demand: ko };
            let full = evaluate_prepared(&plan, &o, &p, Some(k), "o").unwrap();
            let mut out = Vec::new();
            p.fleet_cumulative(&plan, &o, &base, p.fleet_day(&plan, &o, k), &mut out);
            prop_assert_eq!(out.len(), full.cumulative.len());
            for (a, b) in out.iter().zip(&full.cumulative) {
                prop_assert!((a - b.total()).abs() <= 1e-9 * b.total().abs().max(1.0), "{} vs {}", a, b.total());
            }
        }
    }
}
