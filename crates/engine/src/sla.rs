//! Service-level agreements beside the expected cost of downtime (docs/cost-model.md, "SLA and
//! service credits"): the monthly availability a provider commits to for a single instance,
//! the service credit its tiers pay at the option's expected availability, and what the
//! expected downtime costs the user (restart time and lost work, at the option's prices).
//!
//! Expected availability: with host failures at λ per instance-hour, each leaving the instance
//! unavailable for the restart time d (the planner's failure model, docs/cost-model.md,
//! "Interruptions, checkpoints and failures"), an instance alternates up periods of mean 1/λ
//! and down periods of d, so its long-run availability is A = 1 / (1 + λ·d) (renewal-reward).
//! The same A holds every month (a constant rate), so the credit is the tier's percentage of
//! every month's compute charges. SLAs are catalog data (crates/core/src/catalog/sla.rs, whose
//! tests check every commitment and tier lies in 0–100 %), never user input, so they carry no
//! validation of their own.

use crate::plan::{OptionResult, OptionSpec, Plan};
use crate::{EngineError, FieldPath};
use serde::Serialize;

/// One credit tier: availability below `below_pct` (exclusive) earns `credit_pct` of the
/// month's charges for the service. Tiers overlap downward (AWS: below 99.5 → 10 %, below 99.0
/// → 30 %, below 95.0 → 100 %); the highest credit whose bound is above the availability
/// applies.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct CreditTier {
    /// Monthly availability, %, below which this tier applies (0–100].
    pub below_pct: f64,
    /// Credit, % of the month's charges for the service (0–100).
    pub credit_pct: f64,
}

/// A provider's SLA for one instance: the committed monthly availability and its credit tiers
/// (empty when the tiers could not be sourced: the commitment is then shown without a credit).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Sla {
    /// Committed monthly availability, % (0–100].
    pub committed_pct: f64,
    /// Credit tiers, any order.
    pub tiers: &'static [CreditTier],
}

impl Sla {
    /// The credit, % of the month's charges, at monthly availability `availability_pct`: the
    /// highest credit of the tiers whose bound is above it; 0 when none is (or there are no
    /// tiers).
    #[must_use]
    pub fn credit_pct(&self, availability_pct: f64) -> f64 {
        self.tiers
            .iter()
            .filter(|t| availability_pct < t.below_pct)
            .map(|t| t.credit_pct)
            .fold(0.0, f64::max)
    }
}

/// Expected long-run availability (0–1) of an instance failing at `failures_per_hour`, each
/// failure down for `restart_hours`: 1 / (1 + λ·d) (module docs). 1 without failures.
#[must_use]
pub fn expected_availability(failures_per_hour: f64, restart_hours: f64) -> f64 {
    1.0 / (1.0 + failures_per_hour.max(0.0) * restart_hours.max(0.0))
}

/// An option's SLA view over the horizon, in the result's currency.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SlaSummary {
    /// Committed monthly availability, %.
    pub committed_pct: f64,
    /// Expected monthly availability at the option's host failure rate, %.
    pub expected_availability_pct: f64,
    /// Whether the provider's credit tiers are known (when not, `credit` is 0 and unknown).
    pub credit_known: bool,
    /// Credit at the expected availability, % of the month's compute charges.
    pub credit_pct: f64,
    /// Credit over the horizon: `credit_pct` × compute charges (every component but storage,
    /// egress, support and contingency).
    pub credit: f64,
    /// Expected instance-hours of downtime over the horizon: λ·d per useful instance-hour.
    pub downtime_hours: f64,
    /// Expected cost of failures over the horizon: the option's cost (without contingency)
    /// with its host failure rate minus the same without failures, i.e. restart hours and
    /// lost work at the option's prices.
    pub downtime_cost: f64,
}

impl SlaSummary {
    /// From the option's SLA, failure rate λ (per instance-hour), restart time d (hours),
    /// useful instance-hours over the horizon, compute charges over the horizon and the
    /// cost of failures (see the fields).
    #[must_use]
    pub fn new(
        sla: &Sla,
        failures_per_hour: f64,
        restart_hours: f64,
        useful_instance_hours: f64,
        compute_charges: f64,
        cost_of_failures: f64,
    ) -> Self {
        let a = expected_availability(failures_per_hour, restart_hours) * 100.0;
        let pct = sla.credit_pct(a);
        SlaSummary {
            committed_pct: sla.committed_pct,
            expected_availability_pct: a,
            credit_known: !sla.tiers.is_empty(),
            credit_pct: pct,
            credit: compute_charges.max(0.0) * pct / 100.0,
            downtime_hours: useful_instance_hours.max(0.0)
                * failures_per_hour.max(0.0)
                * restart_hours.max(0.0),
            downtime_cost: cost_of_failures.max(0.0),
        }
    }
}

/// The SLA view of option `o` with result `r` (native currency), when `o` has an SLA
/// (docs/cost-model.md, "SLA and service credits"): compute charges are every component but
/// storage, egress, support and contingency; the cost of failures is the total without
/// contingency less the same evaluated without host failures (a second evaluation, only when
/// the option has a failure rate).
pub(crate) fn view(
    plan: &Plan,
    o: &OptionSpec,
    r: &OptionResult,
    field: FieldPath,
) -> Result<Option<SlaSummary>, EngineError> {
    let Some(sla) = &o.sla else {
        return Ok(None);
    };
    let t = &r.totals;
    let compute = t.total() - t.storage - t.egress - t.support - t.contingency;
    let cost_of_failures = if o.failures_per_hour > 0.0 {
        let without = OptionSpec {
            failures_per_hour: 0.0,
            ..o.clone()
        };
        let w = crate::plan::evaluate_option_at(plan, &without, None, field)?.totals;
        (t.total() - t.contingency) - (w.total() - w.contingency)
    } else {
        0.0
    };
    Ok(Some(SlaSummary::new(
        sla,
        o.failures_per_hour,
        plan.checkpointing.restart_hours,
        r.used_gpu_hours / f64::from(o.gpus_per_instance.max(1)),
        compute,
        cost_of_failures,
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// AWS's single-instance tiers (data/billing-rules/sla.csv).
    const AWS: Sla = Sla {
        committed_pct: 99.5,
        tiers: &[
            CreditTier {
                below_pct: 99.5,
                credit_pct: 10.0,
            },
            CreditTier {
                below_pct: 99.0,
                credit_pct: 30.0,
            },
            CreditTier {
                below_pct: 95.0,
                credit_pct: 100.0,
            },
        ],
    };

    #[test]
    fn credit_tiers_by_hand() {
        assert_eq!(AWS.credit_pct(100.0), 0.0);
        assert_eq!(AWS.credit_pct(99.5), 0.0, "at the commitment: no credit");
        assert_eq!(AWS.credit_pct(99.49), 10.0);
        assert_eq!(AWS.credit_pct(99.0), 10.0, "99.0 is in the 99.0–99.5 tier");
        assert_eq!(AWS.credit_pct(98.99), 30.0);
        assert_eq!(AWS.credit_pct(94.0), 100.0);
    }

    #[test]
    fn summary_by_hand() {
        // λ = 0.01 failures per instance-hour, d = 0.5 h: A = 1 / 1.005 = 99.5025 % → above
        // 99.5: no credit. d = 1 h: A = 1 / 1.01 = 99.0099 % → 10 % of 10,000.00 = 1,000.00.
        // Downtime: 2,000 useful instance-hours × 0.01 × 1 = 20 h.
        let s = SlaSummary::new(&AWS, 0.01, 0.5, 2_000.0, 10_000.0, 0.0);
        assert!((s.expected_availability_pct - 99.502_487_562).abs() < 1e-6);
        assert_eq!(s.credit, 0.0);
        let s = SlaSummary::new(&AWS, 0.01, 1.0, 2_000.0, 10_000.0, 250.0);
        assert!((s.expected_availability_pct - 99.009_900_990).abs() < 1e-6);
        assert_eq!(s.credit_pct, 10.0);
        assert!((s.credit - 1_000.0).abs() < 1e-9);
        assert!((s.downtime_hours - 20.0).abs() < 1e-9);
        assert_eq!(s.downtime_cost, 250.0);
        assert!(s.credit_known);
        // No failures: full availability, nothing credited or lost.
        let s = SlaSummary::new(&AWS, 0.0, 1.0, 2_000.0, 10_000.0, 0.0);
        assert_eq!(s.expected_availability_pct, 100.0);
        assert_eq!((s.credit, s.downtime_hours), (0.0, 0.0));
    }
}
