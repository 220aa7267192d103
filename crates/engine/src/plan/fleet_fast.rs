//! The fleet fast path of the Monte Carlo ([`Prepared::fleet_day`],
//! [`Prepared::fleet_cumulative`]: a trial's cost from its overheads without a full evaluation)
//! and the settlement-rounding factor both it and [`super::evaluate_prepared`] apply.

use super::*;

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
        if o.package_per_instance_month.is_none() && o.packages.is_none() {
            // A savings plan covers this share of the on-demand instances; its commitment is a
            // fixed monthly amount (used + unused = commitment × hours).
            let uncovered = 1.0
                - o.savings_plan
                    .map_or(0.0, |sp| sp.covered_share(inst.on_demand));
            let settle = settlement_factor(plan, o, self.job_hours, k.on_demand);
            f.on_demand +=
                inst.on_demand * day.on_demand_cost * k.on_demand * gran_k * uncovered * settle;
            f.on_demand_hours += inst.on_demand * day.run_hours * k.on_demand * gran_k * uncovered;
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
                + m.egress
                + m.savings_plan
                + m.savings_plan_unused
                + base.packages.as_ref().map_or(0.0, |p| p.hourly_monthly[i]);
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
            let mut month = fixed + od + d * day.spot;
            if let Some(s) = &o.support {
                month += s.monthly(month);
            }
            acc += month + month * plan.contingency_pct / 100.0;
            out.push(acc);
        }
    }
}

/// What settlement rounding multiplies the on-demand class's hourly billing by under on-demand
/// overhead `k` (1 without a settlement rule): the daily run (fleet: from its start hour, its
/// billed length; job: one continuous run of the job's billed hours from midnight) settled and
/// rounded, over the same run billed exactly (docs/cost-model.md, "Settlement rounding").
pub(super) fn settlement_factor(
    plan: &Plan,
    o: &OptionSpec,
    job_hours: Option<f64>,
    k: f64,
) -> f64 {
    let (Some(s), Some(sched)) = (&o.settlement, &o.on_demand) else {
        return 1.0;
    };
    let (start, hours) = match plan.workload {
        Workload::Fleet(fl) => {
            let start = if o.shiftable {
                cheapest_start(sched, fl.hours_per_day)
            } else {
                fl.start_hour
            };
            (
                f64::from(start) * 3600.0,
                billed_hours_per_run(fl.hours_per_day * k, o.billing),
            )
        }
        Workload::Job(_) => (0.0, job_hours.unwrap_or(0.0) * k),
    };
    s.factor(sched, start, start + hours * 3600.0)
}
