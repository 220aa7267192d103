//! Seeded, reproducible Monte Carlo of interruptions (COST-MODEL.md: "draws interruptions and
//! reports P10/P50/P90 of cost and finish time, so the charts can show a band"). Each trial
//! draws the billed time of every interrupted capacity class with [`simulate_run_hours`], turns
//! it into an overhead factor, and evaluates the option with it; the bands are per-month
//! percentiles of the trials' cumulative totals.
//!
//! Fleet mode simulates each class's useful instance-hours over the horizon as one checkpointed
//! stream (the closed form restarts segments each day, so the two differ slightly when the daily
//! run is not a multiple of the interval); job mode simulates the job itself, which matches the
//! closed form exactly in expectation.

use super::plan::{evaluate_option, OptionSpec, Overheads, Plan, Workload};
use super::risk::{expected_interruptions, simulate_run_hours};
use super::EngineError;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

/// Most trials in one run.
pub const MAX_TRIALS: u32 = 100_000;
/// Most interruptions drawn in one run (expected, over all trials): bounds the run time.
pub const MAX_DRAWS: f64 = 5e7;

/// P10 / P50 / P90 of one quantity.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Band {
    /// 10th percentile.
    pub p10: f64,
    /// Median.
    pub p50: f64,
    /// 90th percentile.
    pub p90: f64,
}

/// Monte-Carlo result of one option, in the option's native currency.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MonteCarlo {
    /// Trials drawn.
    pub trials: u32,
    /// Seed used (same seed, same result).
    pub seed: u64,
    /// Cumulative total cost at each month end (months 1..=horizon of the longest trial).
    pub cumulative: Vec<Band>,
    /// Total cost.
    pub total: Band,
    /// Mean total cost over trials (converges to the closed form).
    pub mean_total: f64,
    /// Finish time in hours (job mode).
    pub finish_hours: Option<Band>,
}

/// Percentile `p` (0–1) of `v` by nearest rank on a sorted copy; `v` must not be empty.
fn percentile(sorted: &[f64], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn band(mut v: Vec<f64>) -> Band {
    v.sort_by(f64::total_cmp);
    Band {
        p10: percentile(&v, 0.1),
        p50: percentile(&v, 0.5),
        p90: percentile(&v, 0.9),
    }
}

/// Runs `trials` seeded trials of option `o` under `plan` (both validated). Errors if `trials`
/// is 0 or above [`MAX_TRIALS`], or the run would draw more than [`MAX_DRAWS`] interruptions.
pub fn monte_carlo(
    plan: &Plan,
    o: &OptionSpec,
    trials: u32,
    seed: u64,
) -> Result<MonteCarlo, EngineError> {
    if trials == 0 || trials > MAX_TRIALS {
        return Err(EngineError::invalid(
            "montecarlo.trials",
            format!("must be 1–{MAX_TRIALS} (got {trials})"),
        ));
    }
    let base = evaluate_option(plan, o, None)?;
    let ck = plan.checkpointing;
    let g = f64::from(o.gpus_per_instance);
    let lam_f = o.failures_per_hour;
    let spot_rate = o.spot.map_or(0.0, |s| s.interruptions_per_hour);
    let inst = base.instances;
    // (useful hours of the stream, rate) per class; job mode has one stream for the whole job.
    let streams: Vec<(f64, f64)> = match plan.workload {
        Workload::Fleet(fl) => {
            let days: f64 = base
                .month_hours
                .iter()
                .map(|h| h / 24.0 * fl.days_per_week / 7.0)
                .sum();
            let hours = days * fl.hours_per_day;
            vec![
                (inst.reserved.min(base.gpus / g) * hours, lam_f),
                (inst.spot * hours, lam_f + spot_rate),
                (inst.on_demand * hours, lam_f),
            ]
        }
        Workload::Job(_) => {
            let lam = lam_f * base.gpus / g + spot_rate * inst.spot;
            vec![(base.job_run_hours.unwrap_or(0.0), lam)]
        }
    };
    let expected: f64 = streams
        .iter()
        .map(|(l, r)| expected_interruptions(*l, ck.interval(*r), ck.write_hours, *r))
        .sum::<f64>()
        * f64::from(trials);
    if !(expected.is_finite() && expected <= MAX_DRAWS) {
        return Err(EngineError::TooLarge {
            field: "montecarlo.trials".into(),
            reason: format!(
                "about {expected:.3e} interruptions to draw (limit {MAX_DRAWS:e}); use fewer trials or a shorter plan"
            ),
        });
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut draw = |(l, r): (f64, f64)| -> f64 {
        if l <= 0.0 || r <= 0.0 {
            return 1.0;
        }
        simulate_run_hours(
            &mut rng,
            l,
            ck.interval(r),
            ck.write_hours,
            r,
            ck.restart_hours,
        ) / l
    };
    // Job mode: the horizon must hold the slowest trial, so draw all factors first.
    let ks: Vec<Overheads> = (0..trials)
        .map(|_| match plan.workload {
            Workload::Fleet(_) => Overheads {
                reserved: draw(streams[0]),
                spot: draw(streams[1]),
                on_demand: draw(streams[2]),
            },
            Workload::Job(_) => {
                let k = draw(streams[0]);
                Overheads {
                    reserved: k,
                    spot: k,
                    on_demand: k,
                }
            }
        })
        .collect();
    let mut plan_t = plan.clone();
    if plan.horizon_months.is_none() {
        let slowest = ks
            .iter()
            .copied()
            .max_by(|a, b| a.on_demand.total_cmp(&b.on_demand));
        let r = evaluate_option(plan, o, slowest)?;
        plan_t.horizon_months = Some(r.month_hours.len() as u32);
    }
    let mut totals = Vec::with_capacity(ks.len());
    let mut finish = Vec::with_capacity(ks.len());
    let mut months: Vec<Vec<f64>> = Vec::new();
    for k in ks {
        let r = evaluate_option(&plan_t, o, Some(k))?;
        if months.is_empty() {
            months = vec![Vec::with_capacity(trials as usize); r.cumulative.len()];
        }
        for (m, c) in months.iter_mut().zip(&r.cumulative) {
            m.push(c.total());
        }
        totals.push(r.total);
        if let Some(f) = r.finish_hours {
            finish.push(f);
        }
    }
    let mean_total = totals.iter().sum::<f64>() / totals.len() as f64;
    Ok(MonteCarlo {
        trials,
        seed,
        cumulative: months.into_iter().map(band).collect(),
        total: band(totals),
        mean_total,
        finish_hours: (!finish.is_empty()).then(|| band(finish)),
    })
}

impl Band {
    fn map(self, f: impl Fn(f64) -> Result<f64, EngineError>) -> Result<Band, EngineError> {
        Ok(Band {
            p10: f(self.p10)?,
            p50: f(self.p50)?,
            p90: f(self.p90)?,
        })
    }
}

impl MonteCarlo {
    /// The bands converted from `from` to `to` at `rate` (finish times unchanged).
    pub fn in_currency(
        &self,
        from: crate::catalog::Currency,
        to: crate::catalog::Currency,
        rate: crate::model::ExchangeRate,
    ) -> Result<MonteCarlo, EngineError> {
        let c = |x: f64| {
            rate.convert(x, from, to)
                .map_err(|e| EngineError::invalid("usd_per_cny", e.to_string()))
        };
        Ok(MonteCarlo {
            cumulative: self
                .cumulative
                .iter()
                .map(|b| b.map(c))
                .collect::<Result<_, _>>()?,
            total: self.total.map(c)?,
            mean_total: c(self.mean_total)?,
            ..self.clone()
        })
    }
}
