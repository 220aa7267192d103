//! What the editor accepts: the range of every field ([`NumberSpec`]s, shown beside the field
//! and re-checked by the reducer, docs/cost-model.md "Bad input"), the checks themselves, and
//! why an action was refused ([`ScenarioError`]). Where a field's bound is the engine's (GPUs,
//! horizon, hours in a day, days in a week, contingency, scaling, reserved term), the spec
//! uses the engine's constant, defined once next to the type it bounds; the other ranges are
//! the editor's own, narrower than what a scenario file may hold. Pure: no view, no drawing.

use planner_core::input::NumberSpec;
use planner_engine::billing::ReservedTerm;
use planner_engine::plan::{
    FleetLoad, JobLoad, HOURS_IN_DAY, MAX_CONTINGENCY_PCT, MAX_GPUS, MAX_HORIZON_MONTHS,
};
use planner_engine::tco::OwnedServer;
use thiserror::Error;

/// Most options compared at once (issue #5: ten options, e.g. several offers or one offer under
/// several strategies).
pub const MAX_COMPARED: usize = 10;

/// Accepted GPU counts: whole numbers from 1 to the engine's [`MAX_GPUS`] (100,000).
pub const GPUS_SPEC: NumberSpec = NumberSpec {
    min: 1.0,
    max: MAX_GPUS as f64,
    integer: true,
    min_positive: 0.0,
};
/// Accepted hours per day: 0–24 ([`HOURS_IN_DAY`]), fractions allowed.
pub const HOURS_PER_DAY_SPEC: NumberSpec = NumberSpec {
    min: 0.0,
    max: HOURS_IN_DAY,
    integer: false,
    // The engine refuses a run of under one second a day (not billable time; `Plan::validate`);
    // the field asks for at least 0.001 h (3.6 s), a figure its message can show exactly.
    min_positive: 0.001,
};
/// Accepted horizons: whole months from 1 to the engine's [`MAX_HORIZON_MONTHS`] (120).
pub const MONTHS_SPEC: NumberSpec = NumberSpec {
    min: 1.0,
    max: MAX_HORIZON_MONTHS as f64,
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

/// Accepted exchange rates typed as CNY per USD: 0.1–1,000 (the inverse of [`RATE_SPEC`]).
pub const CNY_PER_USD_SPEC: NumberSpec = NumberSpec {
    min: 0.1,
    max: 1_000.0,
    integer: false,
    min_positive: 0.0,
};

/// Accepted days per week: 0–7 ([`FleetLoad::DAYS_IN_WEEK`]), fractions allowed.
pub const DAYS_PER_WEEK_SPEC: NumberSpec = NumberSpec {
    min: 0.0,
    max: FleetLoad::DAYS_IN_WEEK,
    integer: false,
    min_positive: 0.0,
};
/// Accepted contingency budgets in % of every other cost: 0–100 ([`MAX_CONTINGENCY_PCT`]).
pub const CONTINGENCY_SPEC: NumberSpec = NumberSpec {
    min: 0.0,
    max: MAX_CONTINGENCY_PCT,
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
/// Accepted job deadlines in months: 0.1–120 ([`MAX_HORIZON_MONTHS`]).
pub const JOB_WITHIN_SPEC: NumberSpec = NumberSpec {
    min: 0.1,
    max: MAX_HORIZON_MONTHS as f64,
    integer: false,
    min_positive: 0.0,
};
/// Accepted multi-GPU scaling efficiencies: 0.05–1 ([`JobLoad::PERFECT_SCALING`]).
pub const SCALING_SPEC: NumberSpec = NumberSpec {
    min: 0.05,
    max: JobLoad::PERFECT_SCALING,
    integer: false,
    min_positive: 0.0,
};
/// Accepted host failure rates, failures per instance-hour: 0–10 (the engine's range,
/// `planner_engine::plan::OptionSpec::validate`).
pub const HOST_FAILURES_SPEC: NumberSpec = NumberSpec {
    min: 0.0,
    max: 10.0,
    integer: false,
    min_positive: 0.0,
};

/// Accepted off-peak prices per instance-hour in the option's currency: 0–10,000, where 0
/// means "no off-peak price" (one price all day); the engine needs a positive price otherwise.
pub const OFF_PEAK_PRICE_SPEC: NumberSpec = NumberSpec {
    min: 0.0,
    max: 10_000.0,
    integer: false,
    min_positive: 0.0,
};

/// Accepted peak hours: whole o'clock hours 0–23 (the engine's `peak_from_hour` and
/// `peak_to_hour` range, docs/scenario-format.md).
pub const PEAK_HOUR_SPEC: NumberSpec = NumberSpec {
    min: 0.0,
    max: 23.0,
    integer: true,
    min_positive: 0.0,
};

/// Accepted free allowances, monthly or once: 0–1,000,000,000 units (GPU-hours, GB-months of
/// storage or GB of egress).
pub const ALLOWANCE_SPEC: NumberSpec = NumberSpec {
    min: 0.0,
    max: 1_000_000_000.0,
    integer: false,
    min_positive: 0.0,
};

/// Accepted spot bid caps per instance-hour in the option's currency: 0–10,000, where 0 means
/// no cap.
pub const BID_CAP_SPEC: NumberSpec = NumberSpec {
    min: 0.0,
    max: 10_000.0,
    integer: false,
    min_positive: 0.0,
};

/// Accepted Monte-Carlo trial counts for the risk bands: 100 to the engine's
/// `planner_engine::montecarlo::MAX_TRIALS` (100,000), whole.
pub const TRIALS_SPEC: NumberSpec = NumberSpec {
    min: 100.0,
    max: 100_000.0,
    integer: true,
    min_positive: 0.0,
};

/// Accepted Monte-Carlo seeds: whole numbers 0 to 2^53 (every one a page number field can hold
/// exactly).
pub const SEED_SPEC: NumberSpec = NumberSpec {
    min: 0.0,
    max: 9_007_199_254_740_992.0,
    integer: true,
    min_positive: 0.0,
};

/// Accepted throughput factors relative to the reference GPU: 0.01–20.
pub const THROUGHPUT_SPEC: NumberSpec = NumberSpec {
    min: 0.01,
    max: 20.0,
    integer: false,
    min_positive: 0.0,
};

/// Accepted reserved terms typed by the user: whole months 1–120
/// ([`ReservedTerm::MAX_TERM_MONTHS`]).
pub const RESERVED_TERM_SPEC: NumberSpec = NumberSpec {
    min: 1.0,
    max: ReservedTerm::MAX_TERM_MONTHS as f64,
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

/// Accepted savings-plan commitments per hour, option currency: 0–100,000 (0 = no plan; the
/// engine's own bound is above 0, `SavingsPlan::validate`).
pub const SAVINGS_PLAN_COMMITMENT_SPEC: NumberSpec = NumberSpec {
    min: 0.0,
    max: 100_000.0,
    integer: false,
    min_positive: 0.0,
};
/// Accepted prices under a savings plan per instance-hour: 0.0001–10,000 (a plan rate of 0
/// would cover unlimited use).
pub const SAVINGS_PLAN_RATE_SPEC: NumberSpec = NumberSpec {
    min: 0.0001,
    max: 10_000.0,
    integer: false,
    min_positive: 0.0,
};
/// Accepted savings-plan terms: whole months 1–120 (`savings_plan::MAX_TERM_MONTHS`; AWS
/// and Azure sell 12 and 36).
pub const SAVINGS_PLAN_TERM_SPEC: NumberSpec = NumberSpec {
    min: 1.0,
    max: planner_engine::savings_plan::MAX_TERM_MONTHS as f64,
    integer: true,
    min_positive: 0.0,
};

/// Accepted support minimums per month typed by the user, option currency: 0–1,000,000.
pub const SUPPORT_MINIMUM_SPEC: NumberSpec = NumberSpec {
    min: 0.0,
    max: 1e6,
    integer: false,
    min_positive: 0.0,
};
/// Accepted support percentages of the month's other charges: 0–100.
pub const SUPPORT_PCT_SPEC: NumberSpec = NumberSpec {
    min: 0.0,
    max: 100.0,
    integer: false,
    min_positive: 0.0,
};

/// Accepted package prices per instance typed by the user (包日/包周/包月/包年), option
/// currency: 0–10,000,000 (0 = not offered).
pub const PACKAGE_PRICE_SPEC: NumberSpec = NumberSpec {
    min: 0.0,
    max: 1e7,
    integer: false,
    min_positive: 0.0,
};

/// Accepted settlement units (the money unit each hourly settlement is rounded up to), option
/// currency: 0–1 (0 = billed exactly, no settlement rounding).
pub const SETTLEMENT_UNIT_SPEC: NumberSpec = NumberSpec {
    min: 0.0,
    max: 1.0,
    integer: false,
    min_positive: 1e-4,
};

/// Accepted deadlines for deadline-safe spot, hours from the job's start: 0–1,000,000 (0 = no
/// deadline-safe spot; a deadline under restart + run hours is refused by the engine).
pub const DEADLINE_SPOT_SPEC: NumberSpec = NumberSpec {
    min: 0.0,
    max: 1e6,
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

/// A numeric field of the editor, the strategy panel or the owned-server form: what an
/// out-of-range refusal names. The page shows the field's own label (planner-app's `messages`);
/// [`Input::label`] is its English name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)] // each variant is the field named by `Input::label`
pub enum Input {
    Gpus,
    HoursPerDay,
    Months,
    ExchangeRate,
    DaysPerWeek,
    Contingency,
    SpotShare,
    ReservedShare,
    Interruptions,
    CheckpointInterval,
    CheckpointWrite,
    Restart,
    Storage,
    Egress,
    StoragePrice,
    EgressPrice,
    Work,
    Deadline,
    ScalingEfficiency,
    Throughput,
    ReservedTerm,
    ReservedUpfront,
    ReservedPrice,
    ServerGpus,
    Purchase,
    Life,
    Residual,
    Power,
    Pue,
    ElectricityPrice,
    Operations,
    SavingsPlanCommitment,
    SavingsPlanRate,
    SavingsPlanTerm,
    SupportMinimum,
    SupportPct,
    PackageDay,
    PackageWeek,
    PackageMonth,
    PackageYear,
    SettlementUnit,
    HostFailures,
    OffPeakPrice,
    PeakFrom,
    PeakTo,
    Trials,
    Seed,
    FreeMonthly,
    FreeOnce,
    BidCap,
    DeadlineSpotHours,
}

impl Input {
    /// Every field (for the translation completeness test).
    pub const ALL: [Input; 51] = {
        use Input::*;
        [
            Gpus,
            HoursPerDay,
            Months,
            ExchangeRate,
            DaysPerWeek,
            Contingency,
            SpotShare,
            ReservedShare,
            Interruptions,
            CheckpointInterval,
            CheckpointWrite,
            Restart,
            Storage,
            Egress,
            StoragePrice,
            EgressPrice,
            Work,
            Deadline,
            ScalingEfficiency,
            Throughput,
            ReservedTerm,
            ReservedUpfront,
            ReservedPrice,
            ServerGpus,
            Purchase,
            Life,
            Residual,
            Power,
            Pue,
            ElectricityPrice,
            Operations,
            SavingsPlanCommitment,
            SavingsPlanRate,
            SavingsPlanTerm,
            SupportMinimum,
            SupportPct,
            PackageDay,
            PackageWeek,
            PackageMonth,
            PackageYear,
            SettlementUnit,
            HostFailures,
            OffPeakPrice,
            PeakFrom,
            PeakTo,
            Trials,
            Seed,
            FreeMonthly,
            FreeOnce,
            BidCap,
            DeadlineSpotHours,
        ]
    };

    /// The field's English name.
    #[must_use]
    pub const fn label(self) -> &'static str {
        use Input::*;
        match self {
            Gpus => "GPUs",
            HoursPerDay => "hours per day",
            Months => "months",
            ExchangeRate => "exchange rate",
            DaysPerWeek => "days per week",
            Contingency => "contingency",
            SpotShare => "spot share",
            ReservedShare => "reserved share",
            Interruptions => "interruption rate",
            CheckpointInterval => "checkpoint interval",
            CheckpointWrite => "checkpoint write time",
            Restart => "restart time",
            Storage => "storage",
            Egress => "egress",
            StoragePrice => "storage price",
            EgressPrice => "egress price",
            Work => "work",
            Deadline => "deadline",
            ScalingEfficiency => "scaling efficiency",
            Throughput => "throughput",
            ReservedTerm => "reserved term",
            ReservedUpfront => "reserved upfront",
            ReservedPrice => "reserved price",
            ServerGpus => "GPUs per server",
            Purchase => "purchase price",
            Life => "life",
            Residual => "residual value",
            Power => "power",
            Pue => "PUE",
            ElectricityPrice => "electricity price",
            Operations => "operations cost",
            SavingsPlanCommitment => "savings-plan commitment",
            SavingsPlanRate => "price under the savings plan",
            SavingsPlanTerm => "savings-plan term",
            SupportMinimum => "support minimum",
            SupportPct => "support percentage",
            PackageDay => "day package price",
            PackageWeek => "week package price",
            PackageMonth => "month package price",
            PackageYear => "year package price",
            SettlementUnit => "settlement unit",
            HostFailures => "host failure rate",
            OffPeakPrice => "off-peak price",
            PeakFrom => "peak from",
            PeakTo => "peak until",
            Trials => "Monte-Carlo trials",
            Seed => "Monte-Carlo seed",
            FreeMonthly => "free allowance per month",
            FreeOnce => "free allowance once",
            BidCap => "spot bid cap",
            DeadlineSpotHours => "deadline for deadline-safe spot",
        }
    }
}

/// Why an action was refused; the scenario is left unchanged and the message is shown. Each
/// variant carries its numbers; `Display` is English (tests), the page translates it
/// (planner-app's `messages`).
#[derive(Clone, Debug, PartialEq, Error)]
pub enum ScenarioError {
    /// The comparison already holds [`MAX_COMPARED`] options.
    #[error("at most {MAX_COMPARED} options can be compared; remove one first")]
    TooManyOffers,
    /// A value is outside its field's accepted range.
    #[error(
        "{} is out of range: {} is not from {} to {}",
        input.label(),
        planner_core::format::input_value(*value),
        planner_core::format::input_value(spec.min),
        planner_core::format::input_value(spec.max)
    )]
    OutOfRange {
        /// The field.
        input: Input,
        /// The value given.
        value: f64,
        /// What the field accepts.
        spec: NumberSpec,
    },
    /// No option at this position (a stale control).
    #[error("there is no option {}", .0 + 1)]
    NoSuchOption(usize),
    /// A calendar first month that is not `YYYY-MM` from 1900 to 2200 (the text given).
    #[error("the first month {0:?} is not a month from 1900-01 to 2200-12")]
    StartMonth(String),
    /// An interruption rate while no option uses spot capacity.
    #[error(
        "the interruption rate applies to spot capacity: add a spot variant (\"+ spot variant\") first"
    )]
    NoSpotOption,
    /// Reserved and spot shares (in %) that add up to more than 100 %.
    #[error(
        "reserved and spot shares add up to {} %, more than 100 %",
        planner_core::format::input_value(reserved_pct + spot_pct)
    )]
    SharesAbove100 {
        /// Reserved share, %.
        reserved_pct: f64,
        /// Spot share, %.
        spot_pct: f64,
    },
    /// A reserved share or variant on an offer whose catalog entry lists no committed-use price.
    #[error("this offer lists no committed-use (reserved) price in the catalog")]
    NoCommitment,
    /// A spot variant of an option that already has a spot share, or a reserved variant of
    /// one that already has a reserved share: variants do not stack (change the option's
    /// shares in the strategy panel instead).
    #[error(
        "this option already uses that strategy: change its shares in the strategy panel instead"
    )]
    AlreadyVariant,
    /// An off-peak price for an option with no on-demand price (its offer lists none and none
    /// was typed): there is no peak price to pair it with.
    #[error("this option has no on-demand price to use as the peak price")]
    NoOnDemandPrice,
    /// A field that has no effect while another is 0, changed while it is: peak hours
    /// without an off-peak price, a savings plan's price or term without a commitment.
    #[error("{} has no effect while {} is 0", input.label(), needs.label())]
    NeedsFirst {
        /// The field changed.
        input: Input,
        /// The field it needs above 0.
        needs: Input,
    },
    /// A job field while the scenario is a fleet.
    #[error("switch to job mode first")]
    JobModeFirst,
    /// A fleet field while the scenario is a job.
    #[error("switch to fleet mode first")]
    FleetModeFirst,
    /// An option name that is empty once trimmed.
    #[error("an option needs a name")]
    EmptyName,
    /// An option name longer than [`MAX_NAME_CHARS`] characters (`len` given).
    #[error("an option name has at most {max} characters, not {len}")]
    NameTooLong {
        /// Characters given (trimmed).
        len: usize,
        /// Most accepted.
        max: usize,
    },
    /// The engine refused the scenario the change would make (its error, with the field's
    /// path).
    #[error("{0}")]
    Engine(planner_core::error::FileError),
}

/// Most characters of an option name (legends and table rows stay readable).
pub const MAX_NAME_CHARS: usize = 80;

/// `name` trimmed, if it is a usable option name: not empty, at most [`MAX_NAME_CHARS`]
/// characters; else [`ScenarioError::EmptyName`] or [`ScenarioError::NameTooLong`].
pub fn check_name(name: &str) -> Result<String, ScenarioError> {
    let name = name.trim();
    let len = name.chars().count();
    if len == 0 {
        Err(ScenarioError::EmptyName)
    } else if len > MAX_NAME_CHARS {
        Err(ScenarioError::NameTooLong {
            len,
            max: MAX_NAME_CHARS,
        })
    } else {
        Ok(name.to_string())
    }
}

/// `value` if `spec` accepts it, else [`ScenarioError::OutOfRange`] naming `input`.
// One copy for the reducer's ~40 calls: inlined, each call carried the whole range test and
// the error's construction.
#[inline(never)]
pub fn check(value: f64, spec: NumberSpec, input: Input) -> Result<f64, ScenarioError> {
    let ok = value.is_finite()
        && value >= spec.min
        && value <= spec.max
        && (!spec.integer || value.fract() == 0.0)
        && !(value > 0.0 && value < spec.smallest_positive());
    ok.then_some(value)
        .ok_or(ScenarioError::OutOfRange { input, value, spec })
}

/// `b` if every field is in its accepted range (GPUs per server as [`GPUS_SPEC`], residual as
/// a fraction 0–1), else which field is not.
pub fn check_buy(b: OwnedServer) -> Result<OwnedServer, ScenarioError> {
    check(f64::from(b.gpus), GPUS_SPEC, Input::ServerGpus)?;
    check(b.purchase, PURCHASE_SPEC, Input::Purchase)?;
    check(b.life_years, LIFE_YEARS_SPEC, Input::Life)?;
    check(b.residual * 100.0, SHARE_PCT_SPEC, Input::Residual)?;
    check(b.kw, KW_SPEC, Input::Power)?;
    check(b.pue, PUE_SPEC, Input::Pue)?;
    check(b.price_per_kwh, KWH_PRICE_SPEC, Input::ElectricityPrice)?;
    check(b.ops_per_month, OPS_SPEC, Input::Operations)?;
    Ok(b)
}
