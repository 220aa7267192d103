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
use super::packages::{cheapest_mix, Packages, PackagesSummary};
use super::risk::{expected_run_hours, young_interval, Checkpointing};
use super::savings_plan::{SavingsPlan, SavingsPlanSummary};
use super::settlement::Settlement;
use super::support::SupportPlan;
use super::tco::{crossover_month, OwnedServer};
use super::{
    ceil_tolerant, in_range, non_negative, positive, whole_in_range, Capacity, Count, EngineError,
    Field, FieldPath, Mode, MonthLength, Problem,
};
use crate::{Billing, Currency, ExchangeRate};
use serde::Serialize;

mod fleet_fast;
use fleet_fast::settlement_factor;
mod portfolio;
pub use portfolio::{split, Split};
mod result;
pub use result::{BuySummary, Components, Instances, OptionResult, Overheads, ReservedSummary};

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
    /// Share asked of spot capacity (in a fleet, the nearest whole number of instances:
    /// [`split`]).
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
    /// Savings plan over the on-demand share's hourly use, if any (a monthly package leaves no
    /// hourly use to cover: the whole commitment is then unused).
    pub savings_plan: Option<SavingsPlan>,
    /// Support plan charged on each month's other charges, if any.
    pub support: Option<SupportPlan>,
    /// Whether the provider bills storage while nothing runs (RunPod volumes, Vast.ai storage,
    /// AutoDL paid data disks): in job mode storage is then billed for every month of the
    /// horizon, not only for the part of it the job runs (docs/cost-model.md, "What is billed
    /// while nothing runs"). Fleet mode already bills storage for the whole horizon.
    pub storage_billed_while_stopped: bool,
    /// Settlement rounding of hourly on-demand billing, if the provider settles at period
    /// boundaries and rounds each settlement.
    pub settlement: Option<Settlement>,
    /// Day/week/month/year packages beside hourly billing of the on-demand share, if any (the
    /// cheapest mix is chosen; ignored when `package_per_instance_month` is set).
    pub packages: Option<Packages>,
    /// Host failure rate per instance-hour (marketplace hosts), applies to all capacity.
    pub failures_per_hour: f64,
    /// The provider's single-instance SLA, if known (from the catalog by the offer's
    /// provider): the result then carries its SLA view ([`crate::sla`]).
    pub sla: Option<crate::sla::Sla>,
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
            savings_plan: None,
            support: None,
            packages: None,
            settlement: None,
            storage_billed_while_stopped: false,
            failures_per_hour: 0.0,
            sla: None,
            free_gpu_hours: Allowance::default(),
            free_storage_gb: Allowance::default(),
            free_egress_gb: Allowance::default(),
            storage_per_gb_month: 0.0,
            egress_per_gb: 0.0,
            shares: Shares::default(),
        }
    }

    /// Validates every field; `field` (e.g. `options[2]`) prefixes error paths.
    pub fn validate(&self, field: FieldPath) -> Result<(), EngineError> {
        let f = |name: Field| field.field(name);
        if self.gpus_per_instance == 0 {
            return Err(EngineError::new(
                f(Field::GpusPerInstance),
                Problem::ZeroGpus,
            ));
        }
        if let Some(s) = &self.on_demand {
            s.validate(f(Field::OnDemandPerHour))?;
        }
        in_range(
            f(Field::ThroughputFactor),
            self.throughput_factor,
            1e-6,
            1_000.0,
        )?;
        if let Some(r) = &self.reserved {
            r.validate(f(Field::Reserved))?;
        }
        if let Some(s) = &self.spot {
            s.validate(f(Field::Spot))?;
        }
        if let Some(p) = self.package_per_instance_month {
            positive(f(Field::MonthlyPackagePerInstance), p)?;
        }
        if let Some(sp) = &self.savings_plan {
            sp.validate(f(Field::SavingsPlan))?;
        }
        if let Some(s) = &self.support {
            s.validate(f(Field::Support))?;
        }
        if let Some(p) = &self.packages {
            p.validate(f(Field::Packages))?;
        }
        if let Some(s) = &self.settlement {
            s.validate(f(Field::Settlement))?;
        }
        in_range(f(Field::FailuresPerHour), self.failures_per_hour, 0.0, 10.0)?;
        let free = f(Field::Free);
        self.free_gpu_hours.validate(free.field(Field::GpuHours))?;
        self.free_storage_gb
            .validate(free.field(Field::StorageGb))?;
        self.free_egress_gb.validate(free.field(Field::EgressGb))?;
        non_negative(f(Field::StoragePerGbMonth), self.storage_per_gb_month)?;
        non_negative(f(Field::EgressPerGb), self.egress_per_gb)?;
        let portfolio = f(Field::Portfolio);
        in_range(
            portfolio.field(Field::Reserved),
            self.shares.reserved,
            0.0,
            1.0,
        )?;
        in_range(portfolio.field(Field::Spot), self.shares.spot, 0.0, 1.0)?;
        if self.shares.reserved + self.shares.spot > 1.0 + 1e-12 {
            return Err(EngineError::new(
                portfolio,
                Problem::SharesAbove100 {
                    pct: (self.shares.reserved + self.shares.spot) * 100.0,
                },
            ));
        }
        if self.shares.reserved > 0.0 && self.reserved.is_none() {
            return Err(EngineError::new(
                portfolio.field(Field::Reserved),
                Problem::ReservedShareWithoutPrices,
            ));
        }
        if self.shares.spot > 0.0 && self.spot.is_none() {
            return Err(EngineError::new(
                portfolio.field(Field::Spot),
                Problem::SpotShareWithoutPrices,
            ));
        }
        if self.shares.reserved + self.shares.spot < 1.0 - 1e-12
            && self.on_demand.is_none()
            && self.package_per_instance_month.is_none()
        {
            return Err(EngineError::new(
                f(Field::OnDemandPerHour),
                Problem::OnDemandShareWithoutPrice,
            ));
        }
        Ok(())
    }
}

impl Plan {
    /// Validates the plan; error paths are the scenario file's field names.
    pub fn validate(&self) -> Result<(), EngineError> {
        if let MonthLength::Calendar { month, .. } = self.months {
            whole_in_range(FieldPath::of(Field::Start), month, 1, 12, Count::Plain)?;
        }
        let horizon = FieldPath::of(Field::HorizonMonths);
        match self.horizon_months {
            Some(m) => {
                whole_in_range(horizon, m, 1, MAX_HORIZON_MONTHS, Count::Plain)?;
            }
            None if matches!(self.workload, Workload::Fleet(_)) => {
                return Err(EngineError::new(
                    horizon,
                    Problem::RequiredInMode(Mode::Fleet),
                ))
            }
            None => {}
        }
        let w = |name: Field| FieldPath::of(Field::Workload).field(name);
        match self.workload {
            Workload::Fleet(fl) => {
                whole_in_range(w(Field::Gpus), fl.gpus, 1, MAX_GPUS, Count::Plain)?;
                in_range(w(Field::HoursPerDay), fl.hours_per_day, 0.0, HOURS_IN_DAY)?;
                // Below a second a day the run is not billable time, and dividing by it
                // overflowed into a NaN total (1e-322 h, found by fuzzing).
                if fl.hours_per_day > 0.0 && fl.hours_per_day < 1.0 / 3600.0 {
                    return Err(EngineError::new(
                        w(Field::HoursPerDay),
                        Problem::UnderOneSecond,
                    ));
                }
                in_range(
                    w(Field::DaysPerWeek),
                    fl.days_per_week,
                    0.0,
                    FleetLoad::DAYS_IN_WEEK,
                )?;
                whole_in_range(w(Field::StartHour), fl.start_hour, 0, 23, Count::Hour)?;
            }
            Workload::Job(j) => {
                positive(w(Field::GpuHours), j.gpu_hours)?;
                in_range(w(Field::GpuHours), j.gpu_hours, 0.0, 1e12)?;
                in_range(
                    w(Field::ScalingEfficiency),
                    j.scaling_efficiency,
                    1e-6,
                    JobLoad::PERFECT_SCALING,
                )?;
                match j.size {
                    JobSize::Gpus(n) => {
                        whole_in_range(w(Field::Gpus), n, 1, MAX_GPUS, Count::Plain)?;
                    }
                    JobSize::WithinMonths(m) => {
                        // At least one hour (1/730 month): a deadline of 2e-308 months
                        // implied infinitely many GPUs (found by fuzzing).
                        in_range(
                            w(Field::WithinMonths),
                            m,
                            1.0 / 730.0,
                            f64::from(MAX_HORIZON_MONTHS),
                        )?;
                    }
                }
            }
        }
        self.checkpointing
            .validate(FieldPath::of(Field::Checkpoint))?;
        let storage = FieldPath::of(Field::StorageGb);
        non_negative(storage, self.storage_gb)?;
        in_range(storage, self.storage_gb, 0.0, 1e12)?;
        let egress = FieldPath::of(Field::EgressGbPerMonth);
        non_negative(egress, self.egress_gb_per_month)?;
        in_range(egress, self.egress_gb_per_month, 0.0, 1e12)?;
        in_range(
            FieldPath::of(Field::ContingencyPct),
            self.contingency_pct,
            0.0,
            MAX_CONTINGENCY_PCT,
        )?;
        if let Some(b) = &self.buy {
            b.validate(FieldPath::of(Field::Buy))?;
        }
        Ok(())
    }

    /// Hours of the first `months` months (whole months), summed.
    #[must_use]
    pub fn hours_of_months(&self, months: u32) -> f64 {
        (0..months).map(|i| self.months.hours(i)).sum()
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
            let field = FieldPath::option(i);
            o.validate(field)?;
            let mut r = evaluate_option_at(plan, o, None, field)?;
            r.sla = crate::sla::view(plan, o, &r, field)?;
            let r = r.in_currency(display, rate)?;
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

fn day_profile(plan: &Plan, o: &OptionSpec, field: FieldPath) -> Result<DayProfile, EngineError> {
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
                return Err(EngineError::new(
                    field.field(Field::Spot).field(Field::BidCapPerHour),
                    Problem::NoSpotHour,
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
        return Err(EngineError::new(
            field.field(Field::Spot).field(Field::BidCapPerHour),
            Problem::NoOnDemandFallback,
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
    evaluate_option_at(plan, o, overheads, FieldPath::option(0))
}

/// [`evaluate_option`] with `field` (e.g. `options[2]`) prefixing option error paths.
pub(crate) fn evaluate_option_at(
    plan: &Plan,
    o: &OptionSpec,
    overheads: Option<Overheads>,
    field: FieldPath,
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
    /// The interruption rate (per hour) of the runs the interval applies to, at which Young's
    /// suggested interval is given: a job's whole-job rate (it restarts whole when any instance
    /// is interrupted), a fleet's most interrupted class it uses (per instance).
    young_rate: f64,
    closed: Overheads,
}

/// Builds [`Prepared`] for option `o` under `plan`.
pub(crate) fn prepare(
    plan: &Plan,
    o: &OptionSpec,
    field: FieldPath,
) -> Result<Prepared, EngineError> {
    if o.gpus_per_instance == 0 {
        return Err(EngineError::new(
            field.field(Field::GpusPerInstance),
            Problem::ZeroGpus,
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
        return Err(EngineError::new(
            FieldPath::of(Field::Workload),
            Problem::NoGpuCount,
        ));
    }

    let fleet = matches!(plan.workload, Workload::Fleet(_));
    let Split {
        instances,
        reserved_gpus: c_r,
        spot_gpus: c_s,
        ..
    } = split(
        o.shares,
        o.reserved.is_some(),
        gpus,
        o.gpus_per_instance,
        fleet,
    );
    let n_r = instances.reserved;

    // Interruption overheads (billed hours per useful hour).
    let lam_f = o.failures_per_hour;
    let lam_s = lam_f + spot_rate;
    // A synchronous job restarts whole when any instance fails.
    let lam_job = lam_f * gpus / g + spot_rate * c_s / g;
    let young_rate = match (plan.workload, job_hours) {
        (Workload::Job(_), Some(_)) => lam_job,
        _ if c_s > 0.0 => lam_s,
        _ => lam_f,
    };
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
            let lam = lam_job;
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
        young_rate,
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

/// The rest of [`evaluate_option`], from a [`Prepared`] option and optional overheads.
pub(crate) fn evaluate_prepared(
    plan: &Plan,
    o: &OptionSpec,
    p: &Prepared,
    overheads: Option<Overheads>,
    field: FieldPath,
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
        young_rate,
        closed,
        ..
    } = *p;
    let ck = plan.checkpointing;
    let k = overheads.unwrap_or(closed);
    // Every class's factor must be finite (an unused class's too: 0 instances × ∞ is NaN),
    // and a refusal names a class the option uses first (a job's classes share one factor).
    let classes = [
        (Capacity::Reserved, k.reserved, n_r > 0.0),
        (Capacity::Spot, k.spot, c_s > 0.0),
        (Capacity::OnDemand, k.on_demand, instances.on_demand > 0.0),
    ];
    let used = classes.iter().filter(|c| c.2);
    for &(capacity, value, _) in used.chain(classes.iter().filter(|c| !c.2)) {
        if !(value.is_finite() && value >= 1.0 - 1e-12) {
            return Err(EngineError::new(
                field,
                Problem::Overhead {
                    capacity,
                    value,
                    gpus,
                },
            ));
        }
    }
    let suggested_checkpoint_hours = young_interval(ck.write_hours, young_rate);

    // Horizon and, for a job, its wall-clock finish.
    let finish_hours = job_hours.map(|t0| t0 * k.on_demand * 24.0 / day.run_hours);
    let horizon = match (plan.horizon_months, finish_hours) {
        (Some(m), _) => m,
        (None, Some(f)) => {
            let mut acc = 0.0;
            let mut m = 0;
            while acc < f * (1.0 - 1e-12) {
                if m >= MAX_PLAN_MONTHS {
                    return Err(EngineError::new(
                        FieldPath::of(Field::Workload),
                        Problem::NeverFinishes {
                            months: MAX_PLAN_MONTHS,
                            gpus,
                            overhead: k.on_demand,
                        },
                    ));
                }
                acc += plan.months.hours(m);
                m += 1;
            }
            m.max(1)
        }
        (None, None) => {
            return Err(EngineError::new(
                FieldPath::of(Field::HorizonMonths),
                Problem::RequiredInMode(Mode::Fleet),
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
                                      // The on-demand class's own hourly billing (not spot's fallback), which a savings plan covers.
    let mut odc_base = vec![0.0; n];
    let mut odc_rework = vec![0.0; n];
    let mut odc_hours = vec![0.0; n];
    let settle = settlement_factor(plan, o, job_hours, k.on_demand);
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
            let full = instances.on_demand * d * day.on_demand_cost * k.on_demand * gran_k * settle;
            let base = instances.on_demand * d * day.on_demand_cost * gran_1 * settle;
            m.on_demand += base;
            m.rework += full - base;
            od_rework[i] += full - base;
            let hours = instances.on_demand * d * day.run_hours * k.on_demand * gran_k;
            od_hours[i] += hours;
            odc_base[i] += base;
            odc_rework[i] += full - base;
            odc_hours[i] += hours;
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
                    odc_base[last] += instances.on_demand * extra * od_avg;
                    odc_hours[last] += instances.on_demand * extra;
                }
            }
        }
    }
    // Packages: the on-demand instances' hours, day by day, are paid by the cheapest mix of
    // packages and hourly billing (chosen at the expected overhead, so interruptions do not
    // change the packages bought); docs/cost-model.md, "Packages".
    let packages = match (&o.packages, o.package_per_instance_month) {
        (Some(pk), None) if instances.on_demand > 0.0 => {
            let total_hours: f64 = month_hours.iter().sum();
            let n_days = ceil_tolerant(total_hours / 24.0).max(1.0) as usize;
            let kc = closed.on_demand;
            let hours: Vec<f64> = (0..n_days)
                .map(|d| {
                    let start = d as f64 * 24.0;
                    let span = (total_hours - start).clamp(0.0, 24.0);
                    match (plan.workload, finish_hours) {
                        (Workload::Fleet(fl), _) => {
                            let weekday = (fl.days_per_week - (d % 7) as f64).clamp(0.0, 1.0);
                            let run = fl.hours_per_day * kc;
                            let gran = if run > 0.0 {
                                billed_hours_per_run(run, o.billing) / run
                            } else {
                                0.0
                            };
                            run * gran * weekday * span / 24.0
                        }
                        (_, f) => {
                            let f = f.unwrap_or(0.0) * kc / k.on_demand;
                            let w = (f.min(start + 24.0) - start).max(0.0);
                            day.run_hours * w / 24.0
                        }
                    }
                })
                .collect();
            let month_days = (plan.months.hours(0) / 24.0).round() as usize;
            let mix = cheapest_mix(&hours, od_avg, pk, month_days);
            let mut by_month = vec![0.0; n];
            let (mut month, mut end) = (0, month_hours[0]);
            let days = hours.iter().zip(&mix.charged).zip(&mix.is_package);
            for (d, ((h, charged), is_package)) in days.enumerate() {
                while d as f64 * 24.0 >= end - 1e-9 && month + 1 < n {
                    month += 1;
                    end += month_hours[month];
                }
                let m = &mut monthly[month];
                let charge = instances.on_demand * charged;
                if *is_package {
                    m.package += charge;
                } else {
                    by_month[month] += charge;
                    m.on_demand += charge;
                    od_hours[month] += instances.on_demand * h;
                }
            }
            // The hourly on-demand of the class computed above is replaced by the mix.
            for i in 0..n {
                monthly[i].on_demand -= odc_base[i];
                monthly[i].rework -= odc_rework[i];
                od_rework[i] -= odc_rework[i];
                od_hours[i] -= odc_hours[i];
                odc_base[i] = 0.0;
                odc_rework[i] = 0.0;
                odc_hours[i] = 0.0;
            }
            Some(PackagesSummary {
                day: mix.counts[0],
                week: mix.counts[1],
                month: mix.counts[2],
                year: mix.counts[3],
                hourly_hours: mix.hourly_hours,
                total: instances.on_demand * mix.total,
                all_hourly: instances.on_demand * mix.all_hourly,
                hourly_is_cheapest: mix.counts == [0; 4],
                hourly_monthly: by_month,
            })
        }
        _ => None,
    };
    // Savings plan: each running hour covers `f` of the on-demand instances at the plan's rate
    // (up to the commitment), the rest stays on demand, and the commitment not used in an hour
    // is billed anyway (docs/cost-model.md, "Savings plans").
    let mut sp_totals = (0.0, 0.0); // (on-demand equivalent, with the plan), before contingency
    let sp_share = match (&o.savings_plan, o.package_per_instance_month) {
        (Some(sp), None) => sp.covered_share(instances.on_demand),
        _ => 0.0,
    };
    if let Some(sp) = &o.savings_plan {
        for i in 0..n {
            let m = &mut monthly[i];
            m.on_demand -= sp_share * odc_base[i];
            m.rework -= sp_share * odc_rework[i];
            od_rework[i] -= sp_share * odc_rework[i];
            od_hours[i] -= sp_share * odc_hours[i];
            m.savings_plan = sp_share * sp.plan_per_hour * odc_hours[i];
            m.savings_plan_unused =
                (sp.commitment_per_hour * month_hours[i] - m.savings_plan).max(0.0);
            let full = odc_base[i] + odc_rework[i];
            sp_totals.0 += full;
            sp_totals.1 += (1.0 - sp_share) * full + m.savings_plan + m.savings_plan_unused;
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
    let storage: Vec<f64> = in_use
        .iter()
        .map(|u| {
            let held = if o.storage_billed_while_stopped {
                1.0
            } else {
                *u
            };
            plan.storage_gb * held
        })
        .collect();
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
        // Support on the month's other charges (contingency is added after, on everything).
        if let Some(s) = &o.support {
            monthly[i].support = s.monthly(monthly[i].total());
        }
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
    let savings_plan = o.savings_plan.map(|sp| {
        let terms = horizon.div_ceil(sp.term_months);
        let after: f64 = (horizon..terms * sp.term_months)
            .map(|i| sp.commitment_per_hour * plan.months.hours(i))
            .sum();
        let od_avg = o.on_demand.map_or(0.0, |s| s.mean());
        SavingsPlanSummary {
            commitment_per_hour: sp.commitment_per_hour,
            covered_share: sp_share,
            break_even_utilisation: sp.break_even_utilisation(instances.on_demand, od_avg),
            on_demand_equivalent: sp_totals.0,
            with_plan: sp_totals.1,
            above_on_demand: sp_totals.1 > sp_totals.0 * (1.0 + 1e-12),
            committed_after_horizon: after,
        }
    });
    let after = reserved.map_or(0.0, |r| r.committed_after_horizon)
        + savings_plan.map_or(0.0, |s| s.committed_after_horizon);

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
        savings_plan,
        packages,
        sla: None,
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
mod tests;
