//! Deadline-safe spot for a job (docs/cost-model.md, "Deadline-safe spot"): run on spot while
//! the deadline allows and move to on-demand, for the rest of the job, when the time left can no
//! longer absorb one more interruption. The policy is the Safety Net rule of "Can't Be Late"
//! (Wu et al., NSDI 2024; data/billing-rules/can-t-be-late.md) with the margin stated below, and
//! a budget rule of the same form; a seeded Monte Carlo gives P10/P50/P90 of cost and finish time
//! beside the all-spot and all-on-demand figures.
//!
//! The job is `work_hours` of useful wall-clock time on its instances, checkpointed every
//! `interval_hours` of work (each checkpoint taking `write_hours` on spot; on-demand is not
//! interrupted and writes none). Every new instance (the first spot one, a spot one after an
//! interruption, the on-demand one) spends `restart_hours` d before it makes progress (the
//! paper's changeover delay). Spot capacity is taken as available again right after an
//! interruption (the planner's model of spot, docs/cost-model.md), so the paper's idle periods
//! do not arise and its Uniform Progress rules 1-3 reduce to "spot whenever possible": only the
//! Safety Net decides.
//!
//! Decisions are taken at each checkpoint and after each interruption. With t the hours
//! elapsed, C the work left after the last checkpoint, w = min(τ, C) the next segment, and
//! s = w + c (+ d if no spot instance is running), the next segment goes on spot only if
//!
//! * deadline rule: t + s + d + C ≤ D, i.e. even if spot is interrupted at the last instant
//!   of the segment (all of s lost), on-demand started then (d + C) finishes by the deadline D;
//! * budget rule: spent + p_od·(d + C) ≤ A, where A = p_od·(d + W) is the all-on-demand cost:
//!   what was paid so far plus finishing on on-demand never exceeds all-on-demand before the
//!   segment's risk is taken.
//!
//! Otherwise the job moves to on-demand and stays there (the paper's Safety Net: "switch to
//! on-demand and stay on it until the end"). Margin: a cold spot start is covered by 2d (its
//! own restart and the on-demand one: the docstring's R(t) < C(t) + 2d) and a running spot
//! instance by d (the code's final check), each plus the segment at risk, which the paper's
//! tick model does not lose. With the code's d alone a spot instance interrupted during its own
//! cold start could miss the deadline; with these margins no trial can (shown by the property
//! tests below). Consequences, each a test: every trial finishes by D; with no interruption the
//! cost is all-spot's; the cost exceeds all-on-demand by at most one spot segment's loss
//! p_spot·(d + τ + c) (no policy that ever uses spot can promise less: an interruption at the
//! end of the first spot segment is pure extra cost).

use super::montecarlo::{band, Band, MAX_TRIALS};
use super::plan::{evaluate_option, OptionSpec, Plan, Workload};
use super::risk::Checkpointing;
use super::{in_range, non_negative, positive, whole_in_range, Count, EngineError, Field};
use super::{FieldPath, Problem};
use rand::Rng;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Serialize;

/// Most spot attempts in one trial; beyond this the trial finishes on on-demand (the deadline
/// rule held at that decision, so the deadline still holds). Reached only with interruption
/// rates near the 10/h limit on long jobs.
pub const MAX_ATTEMPTS: u32 = 100_000;

/// One job under the deadline-safe policy; prices are for the whole job (all its instances)
/// per hour, in the option's native currency.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DeadlineJob {
    /// Useful wall-clock hours W the job needs on its instances, > 0.
    pub work_hours: f64,
    /// Deadline D in hours from the start, > 0.
    pub deadline_hours: f64,
    /// Spot price of the job's instances per hour.
    pub spot_per_hour: f64,
    /// On-demand price of the job's instances per hour.
    pub on_demand_per_hour: f64,
    /// Interruptions per hour of the job on spot (per-instance rate × instances).
    pub interruptions_per_hour: f64,
    /// Checkpoint interval τ (work hours; `None` = Young's τ*, else the whole job),
    /// write time c and restart (changeover) time d, hours.
    pub checkpointing: Checkpointing,
}

/// What one trial did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Trial {
    /// Cost of the trial.
    pub cost: f64,
    /// Hours from the start to the job's end.
    pub finish_hours: f64,
    /// Spot interruptions suffered.
    pub interruptions: u32,
    /// Hours elapsed when the job moved to on-demand (`None`: it finished on spot).
    pub switched_at_hours: Option<f64>,
}

/// Monte-Carlo result of the deadline-safe policy, with the two plain policies to compare
/// against (the chart's three series: [`DeadlineSpot::series`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DeadlineSpot {
    /// Trials drawn.
    pub trials: u32,
    /// Seed used.
    pub seed: u64,
    /// Deadline D, hours.
    pub deadline_hours: f64,
    /// P10/P50/P90 of the cost, native currency.
    pub cost: Band,
    /// Mean cost over the trials.
    pub mean_cost: f64,
    /// P10/P50/P90 of the finish time, hours (every one ≤ the deadline).
    pub finish_hours: Band,
    /// Share (0–1) of trials that moved to on-demand.
    pub switched_share: f64,
    /// All-spot with no interruption: p_spot·(d + W + segments·c); the policy's cost in a
    /// trial with no interruption.
    pub all_spot_cost: f64,
    /// All-spot's finish time with no interruption, hours.
    pub all_spot_finish_hours: f64,
    /// All-on-demand: p_od·(d + W).
    pub all_on_demand_cost: f64,
    /// All-on-demand's finish time d + W, hours.
    pub all_on_demand_finish_hours: f64,
}

/// One bar of the comparison chart: a policy's cost band and finish band (a plain policy's
/// bands are one value).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PolicyPoint {
    /// Which policy: `"all_spot"`, `"deadline_safe"` or `"all_on_demand"`.
    pub policy: &'static str,
    /// Cost, native currency.
    pub cost: Band,
    /// Finish time, hours.
    pub finish_hours: Band,
}

impl DeadlineSpot {
    /// The three policies in chart order (all-spot, deadline-safe, all-on-demand).
    #[must_use]
    pub fn series(&self) -> [PolicyPoint; 3] {
        let one = |v: f64| Band {
            p10: v,
            p50: v,
            p90: v,
        };
        [
            PolicyPoint {
                policy: "all_spot",
                cost: one(self.all_spot_cost),
                finish_hours: one(self.all_spot_finish_hours),
            },
            PolicyPoint {
                policy: "deadline_safe",
                cost: self.cost,
                finish_hours: self.finish_hours,
            },
            PolicyPoint {
                policy: "all_on_demand",
                cost: one(self.all_on_demand_cost),
                finish_hours: one(self.all_on_demand_finish_hours),
            },
        ]
    }
}

impl DeadlineJob {
    /// Validates the job; errors name `field.*` (`field.deadline_hours` when on-demand from
    /// the start, d + W hours, cannot finish by the deadline: [`Problem::DeadlineTooShort`]).
    pub fn validate(&self, field: FieldPath) -> Result<(), EngineError> {
        positive(field.field(Field::GpuHours), self.work_hours)?;
        positive(field.field(Field::DeadlineHours), self.deadline_hours)?;
        non_negative(field.field(Field::Spot), self.spot_per_hour)?;
        positive(field.field(Field::OnDemandPerHour), self.on_demand_per_hour)?;
        in_range(
            field.field(Field::InterruptionsPerHour),
            self.interruptions_per_hour,
            0.0,
            1e3,
        )?;
        self.checkpointing
            .validate(field.field(Field::Checkpoint))?;
        let need = self.checkpointing.restart_hours + self.work_hours;
        if need > self.deadline_hours {
            return Err(EngineError::new(
                field.field(Field::DeadlineHours),
                Problem::DeadlineTooShort {
                    value: self.deadline_hours,
                    on_demand_hours: need,
                },
            ));
        }
        Ok(())
    }

    /// Checkpoint interval used: the given one, else Young's, else the whole job.
    fn interval(&self) -> f64 {
        self.checkpointing
            .interval(self.interruptions_per_hour)
            .unwrap_or(self.work_hours)
    }

    /// All-on-demand cost p_od·(d + W).
    #[must_use]
    pub fn all_on_demand_cost(&self) -> f64 {
        self.on_demand_per_hour * (self.checkpointing.restart_hours + self.work_hours)
    }

    /// All-spot hours with no interruption: d + W + (number of segments)·c.
    #[must_use]
    pub fn all_spot_hours(&self) -> f64 {
        let segments = (self.work_hours / self.interval()).ceil().max(1.0);
        self.checkpointing.restart_hours
            + self.work_hours
            + segments * self.checkpointing.write_hours
    }

    /// One trial of the policy, drawing interruption times (exponential at the job's rate)
    /// from `rng`. The job must be valid ([`DeadlineJob::validate`]).
    pub fn trial<R: Rng>(&self, rng: &mut R) -> Trial {
        let ck = self.checkpointing;
        let (d, c, tau) = (ck.restart_hours, ck.write_hours, self.interval());
        let (ps, pod, lam) = (
            self.spot_per_hour,
            self.on_demand_per_hour,
            self.interruptions_per_hour,
        );
        let budget = self.all_on_demand_cost();
        // Relative slack for rounding in the sums (the rules compare equal quantities
        // computed in different orders; a nanosecond of a 1,000-hour job).
        let eps = 1e-12;
        let (mut t, mut spent, mut left) = (0.0_f64, 0.0_f64, self.work_hours);
        let mut warm = false;
        let mut interruptions = 0_u32;
        let mut attempts = 0_u32;
        while left > 0.0 {
            let w = tau.min(left);
            let s = if warm { 0.0 } else { d } + w + c;
            let in_time = t + s + d + left <= self.deadline_hours * (1.0 + eps);
            let in_budget = spent + pod * (d + left) <= budget * (1.0 + eps);
            if !(in_time && in_budget) || attempts >= MAX_ATTEMPTS {
                let od = d + left;
                return Trial {
                    cost: spent + pod * od,
                    finish_hours: t + od,
                    interruptions,
                    switched_at_hours: Some(t),
                };
            }
            attempts += 1;
            // Time to the next interruption: exponential, by inversion of 1 − U (U in [0, 1)).
            let x = if lam > 0.0 {
                -(1.0 - rng.random::<f64>()).ln() / lam
            } else {
                f64::INFINITY
            };
            if x >= s {
                t += s;
                spent += ps * s;
                left = if w >= left { 0.0 } else { left - w };
                warm = true;
            } else {
                t += x;
                spent += ps * x;
                warm = false;
                interruptions += 1;
            }
        }
        Trial {
            cost: spent,
            finish_hours: t,
            interruptions,
            switched_at_hours: None,
        }
    }
}

/// Runs `trials` seeded trials of `job` (xoshiro256++ seeded by SplitMix64, as
/// [`super::montecarlo`]); bands by nearest rank (by selection, as the Monte Carlo's). Errors: the job's ([`DeadlineJob::validate`],
/// under `field`), `trials` outside 1..=[`MAX_TRIALS`] (`field.trials`).
pub fn deadline_spot(
    job: &DeadlineJob,
    trials: u32,
    seed: u64,
    field: FieldPath,
) -> Result<DeadlineSpot, EngineError> {
    job.validate(field)?;
    whole_in_range(
        field.field(Field::Trials),
        trials,
        1,
        MAX_TRIALS,
        Count::Plain,
    )?;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let runs: Vec<Trial> = (0..trials).map(|_| job.trial(&mut rng)).collect();
    let costs: Vec<f64> = runs.iter().map(|r| r.cost).collect();
    let finish: Vec<f64> = runs.iter().map(|r| r.finish_hours).collect();
    let n = f64::from(trials);
    let mean_cost = costs.iter().sum::<f64>() / n;
    let switched = runs
        .iter()
        .filter(|r| r.switched_at_hours.is_some())
        .count();
    let spot_hours = job.all_spot_hours();
    Ok(DeadlineSpot {
        trials,
        seed,
        deadline_hours: job.deadline_hours,
        cost: band(&costs),
        mean_cost,
        finish_hours: band(&finish),
        switched_share: switched as f64 / n,
        all_spot_cost: job.spot_per_hour * spot_hours,
        all_spot_finish_hours: spot_hours,
        all_on_demand_cost: job.all_on_demand_cost(),
        all_on_demand_finish_hours: job.checkpointing.restart_hours + job.work_hours,
    })
}

/// The deadline-safe job of option `o` under job-mode `plan` (both validated): W = the
/// option's useful run hours (`OptionResult::job_run_hours`, work / (GPUs · throughput · η)),
/// prices = mean spot and mean on-demand price per instance-hour × instances (GPUs / GPUs per
/// instance), interruption rate = the spot rate × instances (any instance's interruption stops
/// the job, as [`super::montecarlo`]), the plan's checkpointing. Hardware failures
/// (`failures_per_hour`) are not part of this policy's model. `None` in fleet mode or when the
/// option has no spot or no on-demand price (the policy needs both).
pub fn job_of(
    plan: &Plan,
    o: &OptionSpec,
    deadline_hours: f64,
) -> Result<Option<DeadlineJob>, EngineError> {
    let (Workload::Job(_), Some(spot), Some(od)) = (plan.workload, o.spot, o.on_demand) else {
        return Ok(None);
    };
    let base = evaluate_option(plan, o, None)?;
    let instances = base.gpus / f64::from(o.gpus_per_instance);
    Ok(Some(DeadlineJob {
        work_hours: base.job_run_hours.unwrap_or(0.0),
        deadline_hours,
        spot_per_hour: spot.prices.mean() * instances,
        on_demand_per_hour: od.mean() * instances,
        interruptions_per_hour: spot.interruptions_per_hour * instances,
        checkpointing: plan.checkpointing,
    }))
}

impl DeadlineSpot {
    /// The same result with amounts converted from `from` to `to` at `rate` (hours unchanged).
    /// Errors: no usable rate ([`Problem::NoRate`], field `usd_per_cny`).
    pub fn in_currency(
        &self,
        from: crate::Currency,
        to: crate::Currency,
        rate: crate::ExchangeRate,
    ) -> Result<DeadlineSpot, EngineError> {
        let conv = rate
            .conversion(from, to)
            .map_err(|_| EngineError::new(FieldPath::of(Field::UsdPerCny), Problem::NoRate))?;
        let c = |x: f64| conv.apply(x);
        Ok(DeadlineSpot {
            cost: Band {
                p10: c(self.cost.p10),
                p50: c(self.cost.p50),
                p90: c(self.cost.p90),
            },
            mean_cost: c(self.mean_cost),
            all_spot_cost: c(self.all_spot_cost),
            all_on_demand_cost: c(self.all_on_demand_cost),
            ..self.clone()
        })
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    // One argument per quantity of the job, in the order the doc comment names them.
    #[allow(clippy::too_many_arguments)]
    fn job(w: f64, dl: f64, ps: f64, pod: f64, lam: f64, tau: f64, c: f64, d: f64) -> DeadlineJob {
        DeadlineJob {
            work_hours: w,
            deadline_hours: dl,
            spot_per_hour: ps,
            on_demand_per_hour: pod,
            interruptions_per_hour: lam,
            checkpointing: Checkpointing {
                interval_hours: Some(tau),
                write_hours: c,
                restart_hours: d,
            },
        }
    }

    #[test]
    fn no_interruptions_is_all_spot() {
        // W = 100 h, τ = 10 h, c = 0.1 h, d = 0.5 h: 0.5 + 100 + 10 × 0.1 = 101.5 h at 1.20/h
        // = 121.80; all-on-demand 100.5 h at 4.00/h = 402.00.
        let j = job(100.0, 130.0, 1.2, 4.0, 0.0, 10.0, 0.1, 0.5);
        let r = deadline_spot(&j, 10, 7, FieldPath::of(Field::DeadlineSpot)).unwrap();
        assert!((r.all_spot_cost - 121.8).abs() < 1e-9);
        assert!((r.all_on_demand_cost - 402.0).abs() < 1e-9);
        // Summed segment by segment: equal to the product up to rounding.
        assert!((r.cost.p10 - r.all_spot_cost).abs() < 1e-9);
        assert!((r.cost.p90 - r.all_spot_cost).abs() < 1e-9);
        assert!((r.finish_hours.p50 - 101.5).abs() < 1e-9);
        assert_eq!(r.switched_share, 0.0);
    }

    #[test]
    fn tight_deadline_goes_on_demand_at_once() {
        // D = 101 h < 0.5 + 10.1 + 0.5 + 100 = 111.1 h: the first segment is not safe.
        let j = job(100.0, 101.0, 1.2, 4.0, 0.0, 10.0, 0.1, 0.5);
        let t = j.trial(&mut Xoshiro256PlusPlus::seed_from_u64(1));
        assert_eq!(t.switched_at_hours, Some(0.0));
        assert!((t.cost - 402.0).abs() < 1e-9);
        assert!((t.finish_hours - 100.5).abs() < 1e-9);
    }

    #[test]
    fn deadline_before_on_demand_finish_is_refused() {
        let j = job(100.0, 100.4, 1.2, 4.0, 0.0, 10.0, 0.1, 0.5);
        let e = deadline_spot(&j, 10, 7, FieldPath::of(Field::DeadlineSpot)).unwrap_err();
        assert_eq!(e.to_string(), "deadline_spot.deadline_hours: must be at least 100.5 hours, the time on-demand needs from the start (restart + work) (got 100.4)");
    }

    #[test]
    fn hand_checked_rule_boundary() {
        // W = 4 h, τ = 2 h, c = 0, d = 1 h, D = 9 h, spot 1/h, on-demand 3/h, all-on-demand
        // 3 × 5 = 15. The deadline rule at the boundary: 0 + (1 + 2) + 1 + 4 = 8 ≤ 9, so spot
        // starts; with no interruption it finishes at 1 + 4 = 5 h for 5.00.
        let j = job(4.0, 9.0, 1.0, 3.0, 0.0, 2.0, 0.0, 1.0);
        let t = j.trial(&mut Xoshiro256PlusPlus::seed_from_u64(1));
        assert_eq!(t.switched_at_hours, None);
        assert!((t.cost - 5.0).abs() < 1e-12);
        // D = 7.9 h < 8 h: on-demand from the start, 15.00 at 5 h.
        let j = job(4.0, 7.9, 1.0, 3.0, 0.0, 2.0, 0.0, 1.0);
        let t = j.trial(&mut Xoshiro256PlusPlus::seed_from_u64(1));
        assert_eq!(t.switched_at_hours, Some(0.0));
        assert!((t.cost - 15.0).abs() < 1e-12);
    }

    /// Gives the same 64-bit output every call: a uniform `u` of our choosing.
    struct Fixed(u64);
    impl rand::RngCore for Fixed {
        fn next_u32(&mut self) -> u32 {
            (self.0 >> 32) as u32
        }
        fn next_u64(&mut self) -> u64 {
            self.0
        }
        fn fill_bytes(&mut self, dst: &mut [u8]) {
            dst.fill(0);
        }
    }
    fn uniform(u: f64) -> Fixed {
        // `StandardUniform` for f64 takes the top 53 bits.
        Fixed(((u * (1u64 << 53) as f64) as u64) << 11)
    }

    #[test]
    fn hand_checked_interrupted_trial() {
        // W = 4 h, τ = 2 h, c = 0, d = 1 h, D = 9 h, λ = 1/h, spot 1/h, on-demand 3/h.
        // Start: 0 + 3 + 1 + 4 = 8 ≤ 9 and 0 + 3 × 5 = 15 ≤ A = 15: spot. The draw
        // u = 1 − e^(−1.5) interrupts it at 1.5 h (cost 1.50), during its cold start. Next:
        // 1.5 + 3 + 1 + 4 = 9.5 > 9: on-demand for 1 + 4 h, finishing at 6.5 h for
        // 1.50 + 15.00 = 16.50: above all-on-demand (15.00) by less than one segment's loss
        // 1 × (1 + 2) = 3.00, the most the policy can exceed it.
        let j = job(4.0, 9.0, 1.0, 3.0, 1.0, 2.0, 0.0, 1.0);
        let t = j.trial(&mut uniform(1.0 - (-1.5_f64).exp()));
        assert_eq!(t.interruptions, 1);
        assert!((t.switched_at_hours.unwrap() - 1.5).abs() < 1e-9);
        assert!((t.finish_hours - 6.5).abs() < 1e-9);
        assert!((t.cost - 16.5).abs() < 1e-9);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Every trial finishes by the deadline, and costs at most all-on-demand plus one spot
        /// segment's loss p_spot·(d + τ + c); when spot is at most on-demand × τ/(d + τ + c)
        /// the budget rule's first decision already bounds it by all-on-demand plus that loss.
        #[test]
        fn every_trial_meets_deadline_and_budget(
            w in 0.5_f64..500.0,
            slack in 0.0_f64..3.0,
            ps_share in 0.05_f64..1.0,
            pod in 0.1_f64..50.0,
            lam in 0.0_f64..2.0,
            tau in 0.1_f64..20.0,
            c in 0.0_f64..0.5,
            d in 0.0_f64..2.0,
            seed in any::<u64>(),
        ) {
            let dl = (d + w) * (1.0 + slack);
            let j = job(w, dl, ps_share * pod, pod, lam, tau, c, d);
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let bound = j.all_on_demand_cost() + ps_share * pod * (d + tau + c);
            for _ in 0..50 {
                let t = j.trial(&mut rng);
                prop_assert!(t.finish_hours <= dl * (1.0 + 1e-9), "{t:?} past {dl}");
                prop_assert!(t.cost <= bound * (1.0 + 1e-9), "{t:?} above {bound}");
                if t.interruptions == 0 && t.switched_at_hours.is_none() {
                    let spot = j.spot_per_hour * j.all_spot_hours();
                    prop_assert!((t.cost - spot).abs() <= 1e-9 * spot.max(1.0));
                }
            }
        }

        /// With no interruption, a deadline that leaves the margin (d + τ beyond all-spot's
        /// time is enough; 2d + τ + c is used) and spot cheap enough that the budget rule never
        /// binds (p_spot ≤ p_od·τ/(d + τ + c): after k segments p_spot·(d + k(τ + c)) ≤
        /// p_od·kτ), the policy runs all on spot and costs exactly all-spot's figure.
        #[test]
        fn no_interruption_equals_all_spot(
            w in 0.5_f64..500.0,
            extra in 0.0_f64..100.0,
            pod in 0.1_f64..50.0,
            share in 0.0_f64..1.0,
            tau in 0.1_f64..20.0,
            c in 0.0_f64..0.5,
            d in 0.0_f64..2.0,
            seed in any::<u64>(),
        ) {
            let ps = share * pod * tau.min(w) / (d + tau.min(w) + c) ;
            let base = job(w, 1.0, ps, pod, 0.0, tau, c, d);
            let dl = base.all_spot_hours() + 2.0 * d + tau + c + extra;
            let j = DeadlineJob { deadline_hours: dl, ..base };
            let t = j.trial(&mut Xoshiro256PlusPlus::seed_from_u64(seed));
            let spot = ps * j.all_spot_hours();
            prop_assert_eq!(t.switched_at_hours, None);
            prop_assert!((t.cost - spot).abs() <= 1e-9 * spot.max(1.0));
        }
    }
}
