//! Errors as data: why the engine refuses an input ([`Problem`], with its numbers) and where
//! ([`FieldPath`], typed steps of [`Field`]s and list positions, e.g.
//! `options[1].portfolio.reserved`). The English `Display` serves the command line; the page
//! turns each variant into a translated message (planner-app's `messages` module). No error
//! carries English text to be read back.

use std::fmt;

/// A field of the planner's JSON documents: the scenario file (`docs/scenario-format.md`),
/// the share link's envelope and the stored state. [`Field::name`] is its spelling there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)] // each variant is the field named by `Field::name`
pub enum Field {
    Version,
    Name,
    Month,
    Start,
    HorizonMonths,
    Currency,
    UsdPerCny,
    RateAsOf,
    Workload,
    Mode,
    Gpus,
    HoursPerDay,
    DaysPerWeek,
    StartHour,
    GpuHours,
    WithinMonths,
    ScalingEfficiency,
    Portfolio,
    Reserved,
    Spot,
    Checkpoint,
    IntervalHours,
    WriteHours,
    RestartHours,
    StorageGb,
    EgressGbPerMonth,
    ContingencyPct,
    Montecarlo,
    Trials,
    Seed,
    Buy,
    Purchase,
    LifeYears,
    Residual,
    Kw,
    Pue,
    PricePerKwh,
    OpsPerMonth,
    Options,
    Offer,
    PricesAsOf,
    GpusPerInstance,
    OnDemandPerHour,
    Billing,
    GranularitySeconds,
    MinimumSeconds,
    Schedule,
    PeakPerHour,
    OffPeakPerHour,
    PeakFromHour,
    PeakToHour,
    Hourly,
    Shiftable,
    ThroughputFactor,
    TermMonths,
    Upfront,
    RecurringPerHour,
    PerHour,
    BidCapPerHour,
    InterruptionsPerHour,
    MonthlyPackagePerInstance,
    FailuresPerHour,
    Free,
    EgressGb,
    Monthly,
    Once,
    StoragePerGbMonth,
    EgressPerGb,
    SavingsPlan,
    CommitmentPerHour,
    PlanPerHour,
    Support,
    SupportPlanId,
    MinimumPerMonth,
    Tiers,
    UpTo,
    Pct,
    Packages,
    PerDay,
    PerWeek,
    PerMonth,
    PerYear,
    Settlement,
    PeriodSeconds,
    Unit,
    RoundUp,
    StorageBilledWhileStopped,
    DeadlineSpot,
    DeadlineHours,
    // The share link's envelope.
    V,
    Lang,
    Scenario,
    // The stored state.
    Language,
    Current,
    Saved,
}

impl Field {
    /// Every field, in declaration order (for the translation completeness tests).
    pub const ALL: [Field; 95] = {
        use Field::*;
        [
            Version,
            Name,
            Month,
            Start,
            HorizonMonths,
            Currency,
            UsdPerCny,
            RateAsOf,
            Workload,
            Mode,
            Gpus,
            HoursPerDay,
            DaysPerWeek,
            StartHour,
            GpuHours,
            WithinMonths,
            ScalingEfficiency,
            Portfolio,
            Reserved,
            Spot,
            Checkpoint,
            IntervalHours,
            WriteHours,
            RestartHours,
            StorageGb,
            EgressGbPerMonth,
            ContingencyPct,
            Montecarlo,
            Trials,
            Seed,
            Buy,
            Purchase,
            LifeYears,
            Residual,
            Kw,
            Pue,
            PricePerKwh,
            OpsPerMonth,
            Options,
            Offer,
            PricesAsOf,
            GpusPerInstance,
            OnDemandPerHour,
            Billing,
            GranularitySeconds,
            MinimumSeconds,
            Schedule,
            PeakPerHour,
            OffPeakPerHour,
            PeakFromHour,
            PeakToHour,
            Hourly,
            Shiftable,
            ThroughputFactor,
            TermMonths,
            Upfront,
            RecurringPerHour,
            PerHour,
            BidCapPerHour,
            InterruptionsPerHour,
            MonthlyPackagePerInstance,
            FailuresPerHour,
            Free,
            EgressGb,
            Monthly,
            Once,
            StoragePerGbMonth,
            EgressPerGb,
            SavingsPlan,
            CommitmentPerHour,
            PlanPerHour,
            Support,
            SupportPlanId,
            MinimumPerMonth,
            Tiers,
            UpTo,
            Pct,
            Packages,
            PerDay,
            PerWeek,
            PerMonth,
            PerYear,
            Settlement,
            PeriodSeconds,
            Unit,
            RoundUp,
            StorageBilledWhileStopped,
            DeadlineSpot,
            DeadlineHours,
            V,
            Lang,
            Scenario,
            Language,
            Current,
            Saved,
        ]
    };

    /// The field's name in the documents (`"term_months"`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        use Field::*;
        match self {
            Version => "version",
            Name => "name",
            Month => "month",
            Start => "start",
            HorizonMonths => "horizon_months",
            Currency => "currency",
            UsdPerCny => "usd_per_cny",
            RateAsOf => "rate_as_of",
            Workload => "workload",
            Mode => "mode",
            Gpus => "gpus",
            HoursPerDay => "hours_per_day",
            DaysPerWeek => "days_per_week",
            StartHour => "start_hour",
            GpuHours => "gpu_hours",
            WithinMonths => "within_months",
            ScalingEfficiency => "scaling_efficiency",
            Portfolio => "portfolio",
            Reserved => "reserved",
            Spot => "spot",
            Checkpoint => "checkpoint",
            IntervalHours => "interval_hours",
            WriteHours => "write_hours",
            RestartHours => "restart_hours",
            StorageGb => "storage_gb",
            EgressGbPerMonth => "egress_gb_per_month",
            ContingencyPct => "contingency_pct",
            Montecarlo => "montecarlo",
            Trials => "trials",
            Seed => "seed",
            Buy => "buy",
            Purchase => "purchase",
            LifeYears => "life_years",
            Residual => "residual",
            Kw => "kw",
            Pue => "pue",
            PricePerKwh => "price_per_kwh",
            OpsPerMonth => "ops_per_month",
            Options => "options",
            Offer => "offer",
            PricesAsOf => "prices_as_of",
            GpusPerInstance => "gpus_per_instance",
            OnDemandPerHour => "on_demand_per_hour",
            Billing => "billing",
            GranularitySeconds => "granularity_seconds",
            MinimumSeconds => "minimum_seconds",
            Schedule => "schedule",
            PeakPerHour => "peak_per_hour",
            OffPeakPerHour => "off_peak_per_hour",
            PeakFromHour => "peak_from_hour",
            PeakToHour => "peak_to_hour",
            Hourly => "hourly",
            Shiftable => "shiftable",
            ThroughputFactor => "throughput_factor",
            TermMonths => "term_months",
            Upfront => "upfront",
            RecurringPerHour => "recurring_per_hour",
            PerHour => "per_hour",
            BidCapPerHour => "bid_cap_per_hour",
            InterruptionsPerHour => "interruptions_per_hour",
            MonthlyPackagePerInstance => "monthly_package_per_instance",
            FailuresPerHour => "failures_per_hour",
            Free => "free",
            EgressGb => "egress_gb",
            Monthly => "monthly",
            Once => "once",
            StoragePerGbMonth => "storage_per_gb_month",
            EgressPerGb => "egress_per_gb",
            SavingsPlan => "savings_plan",
            CommitmentPerHour => "commitment_per_hour",
            PlanPerHour => "plan_per_hour",
            Support => "support",
            SupportPlanId => "plan",
            MinimumPerMonth => "minimum_per_month",
            Tiers => "tiers",
            UpTo => "up_to",
            Pct => "pct",
            Packages => "packages",
            PerDay => "per_day",
            PerWeek => "per_week",
            PerMonth => "per_month",
            PerYear => "per_year",
            Settlement => "settlement",
            PeriodSeconds => "period_seconds",
            Unit => "unit",
            RoundUp => "round_up",
            StorageBilledWhileStopped => "storage_billed_while_stopped",
            DeadlineSpot => "deadline_spot",
            DeadlineHours => "deadline_hours",
            V => "v",
            Lang => "lang",
            Scenario => "scenario",
            Language => "language",
            Current => "current",
            Saved => "saved",
        }
    }
}

/// One step of a [`FieldPath`]: a field of an object or a position in a list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// The field of an object.
    Field(Field),
    /// The position in a list, from 0.
    Index(u32),
}

/// Most steps a [`FieldPath`] holds (the deepest path of the documents,
/// `saved[3].scenario.options[1].spot.hourly[5]`, has 8).
pub const MAX_DEPTH: usize = 8;

/// Where a value sits in a document: steps from the top (`options[1].reserved.term_months`),
/// typed, so code compares and edits paths without reading text. Empty = the whole document.
/// Fixed capacity ([`MAX_DEPTH`] steps) so a path is `Copy`; a step beyond it is not recorded
/// (no document is that deep). Slots past the last step always hold `Step::Index(0)`, so the
/// derived equality compares the steps alone.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct FieldPath {
    steps: [Step; MAX_DEPTH],
    len: u8,
}

impl FieldPath {
    /// The whole document (no step).
    pub const ROOT: FieldPath = FieldPath {
        steps: [Step::Index(0); MAX_DEPTH],
        len: 0,
    };

    /// The top-level field `field`.
    #[must_use]
    pub const fn of(field: Field) -> FieldPath {
        FieldPath::ROOT.then(Step::Field(field))
    }

    /// Option `index` of a scenario file: `options[index]`.
    #[must_use]
    pub fn option(index: usize) -> FieldPath {
        FieldPath::of(Field::Options).index(index)
    }

    /// This path followed by `step`. Not inlined: error paths are built at hundreds of places,
    /// each of which carried its own copy of the bounds check and store.
    #[must_use]
    #[inline(never)]
    pub const fn then(mut self, step: Step) -> FieldPath {
        if (self.len as usize) < MAX_DEPTH {
            self.steps[self.len as usize] = step;
            self.len += 1;
        }
        self
    }

    /// This path followed by the field `field`.
    #[must_use]
    pub const fn field(self, field: Field) -> FieldPath {
        self.then(Step::Field(field))
    }

    /// This path followed by list position `index`.
    #[must_use]
    pub fn index(self, index: usize) -> FieldPath {
        self.then(Step::Index(u32::try_from(index).unwrap_or(u32::MAX)))
    }

    /// This path followed by every step of `rest`.
    #[must_use]
    pub fn join(self, rest: &FieldPath) -> FieldPath {
        rest.steps().iter().fold(self, |p, s| p.then(*s))
    }

    /// The steps, from the top.
    #[must_use]
    pub fn steps(&self) -> &[Step] {
        &self.steps[..usize::from(self.len)]
    }

    /// Whether this is the whole document.
    #[must_use]
    pub fn is_root(&self) -> bool {
        self.len == 0
    }

    /// The last step's field, if the last step is a field.
    #[must_use]
    pub fn last_field(&self) -> Option<Field> {
        match self.steps().last() {
            Some(Step::Field(f)) => Some(*f),
            _ => None,
        }
    }

    /// The last field named on the path (`options[0].spot.hourly[3]` → `hourly`).
    #[must_use]
    pub fn named_field(&self) -> Option<Field> {
        self.steps().iter().rev().find_map(|s| match s {
            Step::Field(f) => Some(*f),
            Step::Index(_) => None,
        })
    }

    /// The path without its last step; `None` for the whole document.
    #[must_use]
    pub fn parent(&self) -> Option<FieldPath> {
        let len = self.len.checked_sub(1)?;
        let mut parent = *self;
        // Unused slots hold the root's filler, so equal paths compare equal.
        parent.steps[usize::from(len)] = Step::Index(0);
        parent.len = len;
        Some(parent)
    }

    /// Whether `prefix`'s steps start this path.
    #[must_use]
    pub fn starts_with(&self, prefix: &FieldPath) -> bool {
        self.steps().starts_with(prefix.steps())
    }

    /// This path with its leading `from` replaced by `to`; unchanged when it does not start
    /// with `from`.
    #[must_use]
    pub fn rebase(&self, from: &FieldPath, to: &FieldPath) -> FieldPath {
        if self.starts_with(from) {
            self.steps()[from.steps().len()..]
                .iter()
                .fold(*to, |p, s| p.then(*s))
        } else {
            *self
        }
    }

    /// The option position when the path is in `options[i]` of a scenario file.
    #[must_use]
    pub fn option_index(&self) -> Option<usize> {
        match self.steps() {
            [Step::Field(Field::Options), Step::Index(i), ..] => usize::try_from(*i).ok(),
            _ => None,
        }
    }
}

impl Default for FieldPath {
    fn default() -> Self {
        FieldPath::ROOT
    }
}

/// `options[1].reserved.term_months`; `(top level)` for the whole document.
impl fmt::Display for FieldPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_root() {
            return f.write_str("(top level)");
        }
        for (i, s) in self.steps().iter().enumerate() {
            match s {
                Step::Field(x) if i == 0 => f.write_str(x.name())?,
                Step::Field(x) => write!(f, ".{}", x.name())?,
                Step::Index(n) => write!(f, "[{n}]")?,
            }
        }
        Ok(())
    }
}

impl fmt::Debug for FieldPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FieldPath({self})")
    }
}

/// A workload mode, as the scenario file writes it (`"fleet"`, `"job"`) and the errors that
/// depend on it name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// GPUs for some hours a day, over a horizon.
    Fleet,
    /// A fixed amount of work, run until done.
    Job,
}

impl Mode {
    /// `"fleet"` or `"job"`, as the scenario file writes the mode.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Mode::Fleet => "fleet",
            Mode::Job => "job",
        }
    }
}

/// A kind of capacity in an option's portfolio.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Capacity {
    /// Reserved (committed-use) instances.
    Reserved,
    /// Spot instances.
    Spot,
    /// On-demand instances.
    OnDemand,
}

impl Capacity {
    /// `"reserved"`, `"spot"` or `"on_demand"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Capacity::Reserved => "reserved",
            Capacity::Spot => "spot",
            Capacity::OnDemand => "on_demand",
        }
    }
}

/// What a whole number counts, for its range message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// A plain count (GPUs, trials, a calendar month number).
    Plain,
    /// Months.
    Months,
    /// An hour of the day (o'clock).
    Hour,
}

/// Why the engine refused a value. The numbers are the value and its bounds; amounts are in
/// the option's currency per the field's unit. Source of each rule: `docs/cost-model.md` and
/// the engine's validators ([`crate::non_negative`], [`crate::positive`], [`crate::in_range`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Problem {
    /// Not a finite number from 0 to [`crate::MAX_INPUT`].
    NonNegative {
        /// The value given.
        value: f64,
    },
    /// Not a finite number above 0 and at most [`crate::MAX_INPUT`].
    Positive {
        /// The value given.
        value: f64,
    },
    /// Not a finite number from `min` to `max`.
    Between {
        /// The value given.
        value: f64,
        /// Smallest accepted.
        min: f64,
        /// Largest accepted.
        max: f64,
    },
    /// A whole number outside `min..=max`.
    WholeBetween {
        /// The value given.
        value: u64,
        /// Smallest accepted.
        min: u64,
        /// Largest accepted.
        max: u64,
        /// What it counts.
        count: Count,
    },
    /// No GPU per instance or server: per-GPU figures are undefined for 0 GPUs.
    ZeroGpus,
    /// Above 0 but under one second a day (1/3600 h), which is not billable time.
    UnderOneSecond,
    /// Reserved and spot shares sum to `pct` %, above 100 %.
    SharesAbove100 {
        /// The sum, in %.
        pct: f64,
    },
    /// A reserved share on an option with no reserved prices.
    ReservedShareWithoutPrices,
    /// A spot share on an option with no spot prices.
    SpotShareWithoutPrices,
    /// The on-demand share (what reserved and spot leave) on an option with neither an
    /// on-demand price nor a monthly package.
    OnDemandShareWithoutPrice,
    /// Required in this workload mode.
    RequiredInMode(Mode),
    /// No hour of the day has spot capacity under the bid cap (in the shiftable hours): the
    /// job would never run.
    NoSpotHour,
    /// Spot is above the bid cap in some working hours and there is no on-demand price to fall
    /// back to.
    NoOnDemandFallback,
    /// The workload does not come to a positive, finite GPU count.
    NoGpuCount,
    /// An interruption overhead is not a finite factor ≥ 1 (the rates, interval or restart
    /// time are too large for the capacity).
    Overhead {
        /// The capacity whose overhead it is.
        capacity: Capacity,
        /// The factor computed.
        value: f64,
        /// GPUs running at once (for a job, any of their instances failing restarts the whole
        /// job, so its interruption rate grows with them).
        gpus: f64,
    },
    /// A job that does not finish within `months` months (the longest plan).
    NeverFinishes {
        /// The longest plan, months.
        months: u32,
        /// GPUs running at once (for a job sized by a deadline, what the deadline needs).
        gpus: f64,
        /// Running hours per useful hour from interruptions, restarts and checkpoint writes
        /// (1 without them).
        overhead: f64,
    },
    /// A reserved term with neither an upfront nor a recurring charge.
    FreeTerm,
    /// No exchange rate to convert an amount (the rate is not a positive finite number).
    NoRate,
    /// A support tier's upper bound is not a finite number above `above` (the previous
    /// tier's bound, 0 for the first) and at most 1e15.
    TierBound {
        /// The value given.
        value: f64,
        /// The bound it must exceed.
        above: f64,
    },
    /// A support tier other than the last has no upper bound.
    UnboundedTierNotLast,
    /// A `packages` object without any package price.
    NoPackagePrice,
    /// Allowed only in job mode (deadline-safe spot).
    OnlyInJobMode,
    /// A deadline shorter than on-demand needs from the start (restart + work): no policy can
    /// finish by it.
    DeadlineTooShort {
        /// The deadline given, hours.
        value: f64,
        /// Restart + work, hours.
        on_demand_hours: f64,
    },
    /// A settlement period (seconds) that does not divide a day into whole periods.
    PeriodNotDividingDay {
        /// The period given.
        value: u32,
    },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::shown;
        match *self {
            Problem::NonNegative { value } => write!(
                f,
                "must be a finite number from 0 to 1e15 (got {})",
                shown(value)
            ),
            Problem::Positive { value } => write!(
                f,
                "must be a finite number above 0, at most 1e15 (got {})",
                shown(value)
            ),
            Problem::Between { value, min, max } => write!(
                f,
                "must be between {} and {} (got {})",
                shown(min),
                shown(max),
                shown(value)
            ),
            Problem::WholeBetween {
                value,
                min,
                max,
                count,
            } => match count {
                Count::Plain => write!(f, "must be {min}–{max} (got {value})"),
                Count::Months => write!(f, "must be {min}–{max} months (got {value})"),
                Count::Hour => write!(f, "must be an hour {min}–{max} (got {value})"),
            },
            Problem::ZeroGpus => {
                f.write_str("must be at least 1 (per-GPU figures are undefined for 0 GPUs)")
            }
            Problem::UnderOneSecond => {
                f.write_str("must be 0 or at least one second a day (1/3600 h)")
            }
            Problem::SharesAbove100 { pct } => write!(
                f,
                "reserved + spot shares sum to {} %, above 100 %",
                shown(pct)
            ),
            Problem::ReservedShareWithoutPrices => {
                f.write_str("a reserved share needs reserved prices (options[].reserved)")
            }
            Problem::SpotShareWithoutPrices => {
                f.write_str("a spot share needs spot prices (options[].spot)")
            }
            Problem::OnDemandShareWithoutPrice => f.write_str(
                "the on-demand share (what reserved and spot do not cover) needs an on-demand price or a monthly package",
            ),
            Problem::RequiredInMode(m) => write!(f, "is required in {} mode", m.name()),
            Problem::NoSpotHour => f.write_str(
                "no hour of the day has spot capacity under the bid cap (and in the shiftable hours): the job would never run",
            ),
            Problem::NoOnDemandFallback => f.write_str(
                "spot is above the bid cap in some working hours and there is no on-demand price to fall back to",
            ),
            Problem::NoGpuCount => f.write_str("needs a positive, finite GPU count"),
            Problem::Overhead {
                capacity,
                value,
                gpus,
            } => write!(
                f,
                "with {} GPUs running at once, the {} interruption overhead is not a finite factor ≥ 1 (got {}); lower the interruption or failure rate, the checkpoint interval or the restart time, or (for a job) give it less work or a later deadline so that fewer GPUs run at once",
                shown((gpus * 10.0).round() / 10.0),
                capacity.name(),
                shown(value)
            ),
            Problem::NeverFinishes {
                months,
                gpus,
                overhead,
            } => write!(
                f,
                "the job does not finish within {months} months: {} GPUs run at once and interruptions, restarts and checkpoint writes make it run {} times its useful hours; give it less work or a later deadline, or lower the failure or interruption rate",
                shown((gpus * 10.0).round() / 10.0),
                shown((overhead * 100.0).round() / 100.0)
            ),
            Problem::FreeTerm => f.write_str(
                "a term with no upfront and no recurring charge is free; give at least one",
            ),
            Problem::NoRate => f.write_str(
                "no exchange rate between USD and CNY (the rate must be a positive number)",
            ),
            Problem::TierBound { value, above } => write!(
                f,
                "must be a finite number above {} (the previous tier's bound), at most 1e15 (got {})",
                shown(above),
                shown(value)
            ),
            Problem::UnboundedTierNotLast => {
                f.write_str("only the last tier may have no upper bound")
            }
            Problem::PeriodNotDividingDay { value } => write!(
                f,
                "must divide a day (86400 s) into whole periods, e.g. 3600 (got {value})"
            ),
            Problem::OnlyInJobMode => f.write_str("applies only in job mode"),
            Problem::DeadlineTooShort {
                value,
                on_demand_hours,
            } => write!(
                f,
                "must be at least {} hours, the time on-demand needs from the start (restart + work) (got {})",
                shown(on_demand_hours),
                shown(value)
            ),
            Problem::NoPackagePrice => {
                f.write_str("give at least one of per_day, per_week, per_month, per_year")
            }
        }
    }
}

/// Why the engine refused an input: the field at fault ([`FieldPath`], the scenario file's
/// names, e.g. `options[1].reserved.term_months`) and the [`Problem`] with its numbers. The
/// UI shows it next to the field in its language; the CLI prints `path: problem`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EngineError {
    /// Path of the offending field.
    pub field: FieldPath,
    /// What is wrong with it.
    pub problem: Problem,
}

impl EngineError {
    /// The error `problem` at `field`.
    #[must_use]
    pub const fn new(field: FieldPath, problem: Problem) -> Self {
        EngineError { field, problem }
    }
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.problem)
    }
}

impl std::error::Error for EngineError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_print_as_the_file_names_them() {
        let p = FieldPath::option(1)
            .field(Field::Reserved)
            .field(Field::TermMonths);
        assert_eq!(p.to_string(), "options[1].reserved.term_months");
        assert_eq!(p.option_index(), Some(1));
        assert_eq!(p.last_field(), Some(Field::TermMonths));
        assert_eq!(FieldPath::ROOT.to_string(), "(top level)");
        let h = FieldPath::of(Field::Spot).field(Field::Hourly).index(3);
        assert_eq!(h.to_string(), "spot.hourly[3]");
        assert_eq!(h.named_field(), Some(Field::Hourly));
        assert_eq!(h.last_field(), None);
        assert_eq!(
            p.rebase(&FieldPath::option(1), &FieldPath::option(4))
                .to_string(),
            "options[4].reserved.term_months"
        );
        let stored = FieldPath::of(Field::Saved)
            .index(3)
            .field(Field::Scenario)
            .join(&h);
        assert_eq!(stored.to_string(), "saved[3].scenario.spot.hourly[3]");
        assert_eq!(
            stored.parent().map(|p| p.to_string()).as_deref(),
            Some("saved[3].scenario.spot.hourly")
        );
        // A parent equals the same path built directly.
        assert_eq!(
            p.parent(),
            Some(FieldPath::option(1).field(Field::Reserved))
        );
        // Every field has its own name.
        let mut names: Vec<&str> = Field::ALL.iter().map(|f| f.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Field::ALL.len(), "two fields share a name");
    }
}
