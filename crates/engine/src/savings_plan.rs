//! Savings plans (AWS Compute / EC2 Instance Savings Plans, Azure savings plan for compute,
//! Alibaba 节省计划): an hourly commitment in currency for a term; each hour the eligible usage,
//! priced at the plan's rate, is covered up to the commitment, usage above it is billed on
//! demand, and commitment not used in the hour is billed anyway (docs/cost-model.md, "Savings
//! plans"; rules and sources in data/billing-rules/savings-plans-rules.csv).

use super::{positive, whole_in_range, Count, EngineError, Field, FieldPath};

/// Longest savings-plan term accepted, months (the providers sell 12 and 36).
pub const MAX_TERM_MONTHS: u32 = 120;

/// A savings plan on one option's hourly on-demand use. Amounts are in the option's currency.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SavingsPlan {
    /// Commitment per hour of the term (currency per hour, for the whole option, not per
    /// instance), billed every hour whether used or not.
    pub commitment_per_hour: f64,
    /// The option's price under the plan, per instance-hour (the plan's discounted rate).
    pub plan_per_hour: f64,
    /// Term in months (12 or 36 at AWS and Azure); terms renew until the horizon is covered and
    /// the rest of the last term is owed after it.
    pub term_months: u32,
}

/// One hour of a savings plan with some instances running (currency of the plan).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlanHour {
    /// Commitment consumed by usage at the plan's rate.
    pub used: f64,
    /// Commitment not consumed, billed anyway.
    pub unused: f64,
    /// Usage above the commitment, billed on demand.
    pub on_demand: f64,
}

impl PlanHour {
    /// Everything the hour costs.
    #[must_use]
    pub fn total(&self) -> f64 {
        self.used + self.unused + self.on_demand
    }
}

impl SavingsPlan {
    /// Checks the commitment and plan rate (positive, at most 1e15) and the term (1–120
    /// months); errors name `field.commitment_per_hour`, `field.plan_per_hour` or
    /// `field.term_months`.
    pub fn validate(&self, field: FieldPath) -> Result<(), EngineError> {
        positive(
            field.field(Field::CommitmentPerHour),
            self.commitment_per_hour,
        )?;
        positive(field.field(Field::PlanPerHour), self.plan_per_hour)?;
        whole_in_range(
            field.field(Field::TermMonths),
            self.term_months,
            1,
            MAX_TERM_MONTHS,
            Count::Months,
        )?;
        Ok(())
    }

    /// Share (0–1) of `instances` concurrently running instances that the commitment covers in
    /// an hour: `min(1, commitment / (instances × plan rate))`; 0 with no instance running.
    #[must_use]
    pub fn covered_share(&self, instances: f64) -> f64 {
        let at_plan = instances * self.plan_per_hour;
        if at_plan > 0.0 {
            (self.commitment_per_hour / at_plan).min(1.0)
        } else {
            0.0
        }
    }

    /// One hour with `instances` running at `on_demand_per_hour` per instance: the covered
    /// instances at the plan rate (up to the commitment), the rest on demand, the unused
    /// commitment billed anyway. Issue 18's example: commitment 20.00, plan 21.30, one instance
    /// at 32.77 costs 20.00 + (1 − 20.00/21.30) × 32.77 = 22.00005.
    #[must_use]
    pub fn hour(&self, instances: f64, on_demand_per_hour: f64) -> PlanHour {
        let f = self.covered_share(instances);
        let used = f * instances * self.plan_per_hour;
        PlanHour {
            used,
            unused: (self.commitment_per_hour - used).max(0.0),
            on_demand: (1.0 - f) * instances * on_demand_per_hour,
        }
    }

    /// Utilisation (share of the hours in which `instances` run) at which the plan costs the
    /// same as running them on demand at `on_demand_per_hour`: the commitment is owed every
    /// hour, and each hour of use saves on demand what the plan covers, so
    /// `u* = commitment / (on-demand × min(instances, commitment / plan rate))`. Above 1 the
    /// plan never pays off. `None` with no instance or no on-demand price.
    #[must_use]
    pub fn break_even_utilisation(&self, instances: f64, on_demand_per_hour: f64) -> Option<f64> {
        let covered = instances.min(self.commitment_per_hour / self.plan_per_hour);
        let saved_per_hour = on_demand_per_hour * covered;
        (saved_per_hour > 0.0)
            .then(|| self.commitment_per_hour / saved_per_hour)
            .filter(|u| u.is_finite())
    }
}

/// Savings-plan figures of an option's result (currency of the result).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct SavingsPlanSummary {
    /// Commitment per hour.
    pub commitment_per_hour: f64,
    /// Share (0–1) of the running on-demand instances the commitment covers each hour.
    pub covered_share: f64,
    /// Utilisation at which the plan costs the same as on-demand ([`SavingsPlan::break_even_utilisation`]).
    pub break_even_utilisation: Option<f64>,
    /// What the same use would have cost on demand within the horizon (before contingency).
    pub on_demand_equivalent: f64,
    /// What the plan and the on-demand use above it cost within the horizon (before contingency).
    pub with_plan: f64,
    /// Flag: within the horizon the plan costs more than running on demand.
    pub above_on_demand: bool,
    /// Commitment owed for months after the horizon (rest of the last term).
    pub committed_after_horizon: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: SavingsPlan = SavingsPlan {
        commitment_per_hour: 20.0,
        plan_per_hour: 21.30,
        term_months: 12,
    };

    /// Issue 18's example: all day 22.00005 an hour; 12 h a day 504.00 a day vs 393.24.
    #[test]
    fn issue_example() {
        let h = EXAMPLE.hour(1.0, 32.77);
        assert!((h.total() - 22.000_05).abs() < 1e-5, "{}", h.total());
        assert!((h.used - 20.0).abs() < 1e-12 && h.unused.abs() < 1e-12);
        let idle = EXAMPLE.hour(0.0, 32.77);
        assert_eq!(idle.total(), 20.0);
        let day = 12.0 * h.total() + 12.0 * idle.total();
        assert!((day - 504.00).abs() < 0.005, "{day}");
        assert!((12.0 * 32.77 - 393.24_f64).abs() < 1e-9);
        // 12 h a day is 50 % use, below the break-even 20 / (32.77 × 20/21.30) = 65.0 %.
        let u = EXAMPLE.break_even_utilisation(1.0, 32.77).unwrap();
        assert!((u - 21.30 / 32.77).abs() < 1e-12, "{u}");
        assert!(u > 0.5);
    }

    #[test]
    fn covered_share_and_unused() {
        // Commitment larger than the use: all covered, the rest unused.
        let h = EXAMPLE.hour(0.5, 32.77);
        assert_eq!(h.on_demand, 0.0);
        assert!((h.used - 10.65).abs() < 1e-12 && (h.unused - 9.35).abs() < 1e-12);
        // Two instances: 20/42.6 covered.
        assert!((EXAMPLE.covered_share(2.0) - 20.0 / 42.6).abs() < 1e-15);
        assert_eq!(EXAMPLE.break_even_utilisation(0.0, 32.77), None);
        // A plan rate above on-demand never pays off.
        let bad = SavingsPlan {
            plan_per_hour: 40.0,
            ..EXAMPLE
        };
        assert!(bad.break_even_utilisation(1.0, 32.77).unwrap() > 1.0);
    }

    #[test]
    fn validation_names_the_field() {
        let at = FieldPath::option(0).field(Field::SavingsPlan);
        let e = SavingsPlan {
            commitment_per_hour: 0.0,
            ..EXAMPLE
        }
        .validate(at)
        .unwrap_err();
        assert_eq!(
            e.field.to_string(),
            "options[0].savings_plan.commitment_per_hour"
        );
        let e = SavingsPlan {
            term_months: 0,
            ..EXAMPLE
        }
        .validate(at)
        .unwrap_err();
        assert_eq!(e.field.to_string(), "options[0].savings_plan.term_months");
        assert!(EXAMPLE.validate(at).is_ok());
    }
}
