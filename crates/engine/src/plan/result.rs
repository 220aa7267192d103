//! What an option costs under a plan ([`OptionResult`]): the cost components of each month
//! and in total ([`Components`]), instances, the reserved term's and the owned server's
//! figures, per-unit figures; in the option's native currency until
//! [`OptionResult::in_currency`] (docs/cost-model.md, "Outputs").

use super::*;
use crate::Conversion;

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
    /// Packages: day, week, month and year packages (packages.rs) and a monthly package price.
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
    /// Savings-plan commitment consumed by use at the plan's rate (docs/cost-model.md,
    /// "Savings plans"); the use above the commitment is in `on_demand`.
    pub savings_plan: f64,
    /// Savings-plan commitment not consumed in its hour, billed anyway.
    pub savings_plan_unused: f64,
    /// Support plan: tiers of the month's other charges, or its minimum (docs/cost-model.md,
    /// "Support plans").
    pub support: f64,
    /// Contingency budget: `contingency_pct` % of every other component.
    pub contingency: f64,
}

impl Components {
    /// Number of components.
    pub const COUNT: usize = 13;

    /// Names of the components, in output order (CSV columns, JSON keys).
    pub const NAMES: [&'static str; Self::COUNT] = [
        "reserved_upfront",
        "reserved_recurring",
        "reserved_idle",
        "on_demand",
        "package",
        "spot",
        "rework",
        "storage",
        "egress",
        "savings_plan",
        "savings_plan_unused",
        "support",
        "contingency",
    ];

    /// Index in [`Self::NAMES`] of the first component added by scenario format version 2
    /// (`savings_plan`, …); the CSV report writes those columns only when a scenario uses them,
    /// so version-1 scenarios keep their columns.
    pub const FIRST_V2: usize = 9;

    /// The components as an array in [`Self::NAMES`] order.
    #[must_use]
    pub fn values(&self) -> [f64; Self::COUNT] {
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
            self.savings_plan,
            self.savings_plan_unused,
            self.support,
            self.contingency,
        ]
    }

    pub(super) fn from_values(v: [f64; Self::COUNT]) -> Self {
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
            savings_plan: v[9],
            savings_plan_unused: v[10],
            support: v[11],
            contingency: v[12],
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

    /// Every component converted ([`Conversion::apply`]).
    #[must_use]
    pub fn converted(&self, conv: Conversion) -> Components {
        Components::from_values(self.values().map(|x| conv.apply(x)))
    }

    /// Every component mapped through `f`.
    pub fn map<E>(&self, f: impl Fn(f64) -> Result<f64, E>) -> Result<Components, E> {
        let v = self.values();
        let mut out = [0.0; Self::COUNT];
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
    /// Total within the horizon plus the commitment owed after it
    /// ([`OptionResult::committed_after_horizon`]).
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
    /// Young's checkpoint interval √(2c/λ), hours, at the rate the option's runs are
    /// interrupted: a job's whole-job rate (every instance's failure rate plus every spot
    /// instance's interruption rate: it restarts whole), a fleet's most interrupted class it
    /// uses (per instance). The interval used when none is given (docs/cost-model.md,
    /// "Interruptions, checkpoints and failures"); `None` without write time or interruptions.
    pub suggested_checkpoint_hours: Option<f64>,
    /// Reserved figures, if the option has a reserved term.
    pub reserved: Option<ReservedSummary>,
    /// Savings-plan figures, if the option has a savings plan.
    pub savings_plan: Option<SavingsPlanSummary>,
    /// Package mix chosen, if the option has day/week/month/year packages.
    pub packages: Option<PackagesSummary>,
    /// The provider's SLA beside the expected downtime cost, if the option has an SLA
    /// ([`crate::sla::SlaSummary`]; filled in by [`super::evaluate`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sla: Option<crate::sla::SlaSummary>,
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
            savings_plan: self.savings_plan,
            packages: self.packages.clone(),
            sla: self.sla,
            buy: self.buy.clone(),
        }
    }
}

impl OptionResult {
    /// Commitment owed for months after the horizon, in the result's currency (≥ 0): the rest
    /// of the last reserved term plus the rest of the last savings-plan term
    /// (docs/cost-model.md, "Reserved / committed" and "Savings plans"); what
    /// `total_with_commitment` adds to `total`. 0 when nothing is owed or the sum is not finite.
    #[must_use]
    pub fn committed_after_horizon(&self) -> f64 {
        let owed = self.reserved.map_or(0.0, |r| r.committed_after_horizon)
            + self.savings_plan.map_or(0.0, |s| s.committed_after_horizon);
        if owed.is_finite() && owed > 0.0 {
            owed
        } else {
            0.0
        }
    }

    /// The result with every amount converted from its currency to `to` at `rate` (once, on
    /// final amounts; an amount already in `to` is unchanged). Errors if no rate is known.
    pub fn in_currency(
        &self,
        to: Currency,
        rate: ExchangeRate,
    ) -> Result<OptionResult, EngineError> {
        // Whether a rate is usable does not depend on the amount: checked once, then every
        // amount goes through the same conversion.
        let conv = rate
            .conversion(self.currency, to)
            .map_err(|_| EngineError::new(FieldPath::of(Field::UsdPerCny), Problem::NoRate))?;
        let c = |x: f64| conv.apply(x);
        let opt = |x: Option<f64>| x.map(c);
        let mut out = self.clone();
        out.currency = to;
        for m in out.monthly.iter_mut().chain(out.cumulative.iter_mut()) {
            *m = m.converted(conv);
        }
        out.totals = self.totals.converted(conv);
        out.total = c(self.total);
        out.total_with_commitment = c(self.total_with_commitment);
        // A finite per-hour figure near f64::MAX can overflow on conversion (1e300 × a rate of
        // 1e15, found by fuzzing): it is then not shown, like one with no GPU-hour used.
        out.per_used_gpu_hour = opt(self.per_used_gpu_hour).filter(|x| x.is_finite());
        out.per_job = opt(self.per_job);
        if let Some(r) = &mut out.reserved {
            r.effective_per_hour = c(r.effective_per_hour);
            r.on_demand_per_hour = opt(r.on_demand_per_hour);
            r.upfront_paid = c(r.upfront_paid);
            r.committed_after_horizon = c(r.committed_after_horizon);
            r.commitment = c(r.commitment);
        }
        if let Some(p) = &mut out.packages {
            p.total = c(p.total);
            p.all_hourly = c(p.all_hourly);
            for x in &mut p.hourly_monthly {
                *x = c(*x);
            }
        }
        if let Some(sp) = &mut out.savings_plan {
            sp.commitment_per_hour = c(sp.commitment_per_hour);
            sp.on_demand_equivalent = c(sp.on_demand_equivalent);
            sp.with_plan = c(sp.with_plan);
            sp.committed_after_horizon = c(sp.committed_after_horizon);
        }
        if let Some(v) = &mut out.sla {
            v.credit = c(v.credit);
            v.downtime_cost = c(v.downtime_cost);
        }
        Ok(out)
    }
}
