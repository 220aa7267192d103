//! Seeded, reproducible Monte Carlo of interruptions (docs/cost-model.md,
//! "Interruptions, checkpoints and failures": P10/P50/P90 of cost and finish time, so the
//! charts can show a band). Each trial
//! draws the billed time of every interrupted capacity class (a [`RunDraw`], as
//! [`super::risk::draw_run_hours`]: set up once per class, drawn once per trial), turns it
//! into an overhead factor, and prices the option with it; the bands are per-month
//! percentiles (nearest rank) of the trials' cumulative totals.
//!
//! Random numbers: xoshiro256++ (Blackman and Vigna, "Scrambled linear pseudorandom number
//! generators", ACM TOMS 2021; `rand_xoshiro::Xoshiro256PlusPlus` from rust-random), its
//! 256-bit state filled from the seed by SplitMix64 (`seed_from_u64`); each uniform in [0, 1)
//! is the top 53 bits of one 64-bit output (`rand`'s `StandardUniform` for `f64`). It uses
//! 64-bit integer arithmetic only, so a seed gives the same trials natively and in the browser
//! (`tests/web.rs` checks the Monte-Carlo golden scenarios to the cent). It replaced ChaCha8
//! (about a third of one option's time in wasm, and 2.5 KB more wasm gzip); the bands are not
//! used for anything cryptographic.
//!
//! Fleet mode simulates each class's useful instance-hours over the horizon as one checkpointed
//! stream (the closed form restarts segments each day, so the two differ slightly when the daily
//! run is not a multiple of the interval). A trial's overheads change only the cost of a fleet
//! day (`FleetDay`); without a free GPU-hour allowance every month's cumulative cost is a
//! non-decreasing function of that one number, so the per-month percentiles are the months at
//! the day cost's percentiles (see `FleetSeries`), and the work is one draw and one day cost
//! per trial, three selections and four series. With an allowance each trial's months are
//! priced (`Prepared::fleet_cumulative`) and selected month by month. Job mode simulates the
//! job itself, which matches the closed form exactly in expectation, and needs only three
//! evaluations (see `job_bands`). Draws cost time in proportion to the interruptions drawn.
//! [`MonteCarloRun`] does the same work in steps, so a page can yield to input between them;
//! with an allowance it keeps every trial's months (trials × months × 8 bytes: 96 MB at
//! 100,000 trials over 120 months).

use super::plan::{
    evaluate_option, evaluate_prepared, prepare, FleetDay, FleetLoad, OptionResult, OptionSpec,
    Overheads, Plan, Prepared, Workload, HOURS_IN_DAY,
};
use super::risk::RunDraw;
#[cfg(doc)]
use super::risk::EXACT_DRAW_LIMIT;
use super::{whole_in_range, Count, EngineError, Field, FieldPath, Problem};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Serialize;

/// Most trials in one run.
pub const MAX_TRIALS: u32 = 100_000;

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

/// Percentile `p` (0–1) of sorted values by nearest rank; 0 for no values.
fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted.get(rank(sorted.len(), p)).copied().unwrap_or(0.0)
}

/// Index of percentile `p` (0–1) among `n` sorted values by nearest rank (0 for none).
fn rank(n: usize, p: f64) -> usize {
    let last = n.saturating_sub(1);
    ((last as f64 * p).round() as usize).min(last)
}

/// P10/P50/P90 of `v` by nearest rank, by selection (O(n), no full sort); zeros for no values.
///
/// Selects among keys that are the value's bits in [`f64::total_cmp`]'s order followed by the
/// value's position, so no two keys are equal: the page's standard library is built
/// size-optimised (`optimize_for_size`, docs/performance.md), and its selection is then a
/// median of medians that takes quadratic time on equal keys, as every trial's cost of a month
/// is when a free allowance covers that month (20,000 trials: seconds on the page's main
/// thread). The median is selected first and the other two within its sides.
pub(crate) fn band(v: &[f64]) -> Band {
    let n = v.len();
    if n == 0 {
        return Band {
            p10: 0.0,
            p50: 0.0,
            p90: 0.0,
        };
    }
    // Positions fit in 32 bits: at most `MAX_TRIALS` values.
    let mut keys: Vec<u128> = v
        .iter()
        .zip(0u32..)
        .map(|(&x, i)| u128::from(ordered_bits(x)) << 32 | u128::from(i))
        .collect();
    let value = |k: &u128| from_ordered_bits((*k >> 32) as u64);
    let (r10, r50, r90) = (rank(n, 0.1), rank(n, 0.5), rank(n, 0.9));
    let (below, median, above) = keys.select_nth_unstable(r50);
    let p50 = value(median);
    // Ranks below the median's are in `below` (0..r50), above it in `above`.
    let p10 = if r10 < r50 {
        value(below.select_nth_unstable(r10).1)
    } else {
        p50
    };
    let p90 = if r90 > r50 {
        value(above.select_nth_unstable(r90 - r50 - 1).1)
    } else {
        p50
    };
    Band { p10, p50, p90 }
}

/// `x`'s bits as an unsigned number in [`f64::total_cmp`]'s order: negative values' bits
/// inverted, the sign bit of the others set.
fn ordered_bits(x: f64) -> u64 {
    let b = x.to_bits();
    if b >> 63 == 1 {
        !b
    } else {
        b | 1 << 63
    }
}

/// The value of [`ordered_bits`]'s result.
fn from_ordered_bits(k: u64) -> f64 {
    f64::from_bits(if k >> 63 == 1 { k & !(1 << 63) } else { !k })
}

/// Runs `trials` seeded trials of option `o` under `plan` (both validated). Errors if `trials`
/// is 0 or above [`MAX_TRIALS`]. A draw costs time per interruption up to
/// [`EXACT_DRAW_LIMIT`] expected interruptions and constant time beyond, so a run is bounded by
/// about trials × streams × 100 interruption draws. The same run in steps:
/// [`MonteCarloRun`].
pub fn monte_carlo(
    plan: &Plan,
    o: &OptionSpec,
    trials: u32,
    seed: u64,
) -> Result<MonteCarlo, EngineError> {
    let mut run = MonteCarloRun::new(plan, o, trials, seed)?;
    loop {
        if let Some(result) = run.step(&mut || true) {
            return result;
        }
    }
}

/// Trials drawn between two calls of a step's `keep_going`.
const UNITS_PER_CHECK: usize = 256;

/// Months priced (a trial's series is one per month of the horizon) between two calls of a
/// step's `keep_going`; a month's percentiles are a step of their own.
const MONTHS_PER_CHECK: usize = 4096;

/// A [`monte_carlo`] run done in steps, so that a caller on a user interface's thread can
/// yield between them: [`MonteCarloRun::step`] works until its `keep_going` says stop, and
/// gives the result once done, the same result as [`monte_carlo`] for the same inputs.
pub struct MonteCarloRun {
    plan: Plan,
    o: OptionSpec,
    trials: u32,
    seed: u64,
    rng: Xoshiro256PlusPlus,
    /// (useful hours, draw set-up) per stream: the three capacity classes in fleet mode, the
    /// whole job in job mode.
    runs: Vec<(f64, RunDraw)>,
    /// Each drawn trial's overhead factors.
    ks: Vec<Overheads>,
    stage: Stage,
}

/// Where a [`MonteCarloRun`] is.
enum Stage {
    /// Drawing the trials' overheads (`MonteCarloRun::ks`).
    Draw,
    /// Pricing each series' months (fleet mode; see `FleetSeries`).
    Series(Box<FleetSeries>),
    /// Done (the result was given).
    Done,
}

/// The state of fleet mode's pricing and percentiles.
struct FleetSeries {
    /// The plan with the horizon of the slowest trial.
    plan: Plan,
    prepared: Prepared,
    base: OptionResult,
    /// The day costs to price: every trial's, or the P10/P50/P90 and mean day costs when
    /// `by_day_cost`.
    days: Vec<FleetDay>,
    by_day_cost: bool,
    /// Month-major cumulative costs (`months[m * days.len() + t]`): the values of one month
    /// are contiguous, for its selection.
    months: Vec<f64>,
    /// Days priced so far.
    priced: usize,
    /// One series' scratch space.
    series: Vec<f64>,
    /// Months' percentiles so far.
    cumulative: Vec<Band>,
}

impl MonteCarloRun {
    /// Sets up the run of `trials` seeded trials of option `o` under `plan` (both validated).
    ///
    /// # Errors
    /// `trials` is 0 or above [`MAX_TRIALS`], or the engine refuses the option.
    pub fn new(
        plan: &Plan,
        o: &OptionSpec,
        trials: u32,
        seed: u64,
    ) -> Result<MonteCarloRun, EngineError> {
        whole_in_range(
            FieldPath::of(Field::Montecarlo).field(Field::Trials),
            trials,
            1,
            MAX_TRIALS,
            Count::Plain,
        )?;
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
                    .map(|h| h / HOURS_IN_DAY * fl.days_per_week / FleetLoad::DAYS_IN_WEEK)
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
        // The draw set-up (exact simulation or normal approximation, its mean and spread) is
        // the same in every trial: done once per stream.
        let runs = streams
            .iter()
            .map(|&(l, r)| {
                let run = RunDraw::new(l, ck.interval(r), ck.write_hours, r, ck.restart_hours);
                (l, run)
            })
            .collect();
        Ok(MonteCarloRun {
            plan: plan.clone(),
            o: o.clone(),
            trials,
            seed,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            runs,
            ks: Vec::with_capacity(trials as usize),
            stage: Stage::Draw,
        })
    }

    /// Works on the run, asking `keep_going` every few hundred trials (and after each month's
    /// percentiles) whether to go on; `None` when it stopped before the end, the result once
    /// done (then again `None`). The work is the same however it is split.
    ///
    /// # Errors
    /// In the result: the engine refuses the option at the slowest trial's horizon.
    pub fn step(
        &mut self,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Option<Result<MonteCarlo, EngineError>> {
        loop {
            match &mut self.stage {
                Stage::Draw => {
                    if self.ks.len() < self.trials as usize {
                        self.draw_some();
                        if !keep_going() {
                            return None;
                        }
                        continue;
                    }
                    let drawn = self.drawn();
                    match drawn {
                        Ok(Drawn::Fleet(f)) => self.stage = Stage::Series(f),
                        Ok(Drawn::Job(m)) => {
                            self.stage = Stage::Done;
                            return Some(Ok(m));
                        }
                        Err(e) => {
                            self.stage = Stage::Done;
                            return Some(Err(e));
                        }
                    }
                }
                Stage::Series(f) => {
                    if !f.price_some(&self.o) {
                        if !keep_going() {
                            return None;
                        }
                        continue;
                    }
                    if let Stage::Series(f) = std::mem::replace(&mut self.stage, Stage::Done) {
                        return Some(Ok(f.finish(self.trials, self.seed)));
                    }
                }
                Stage::Done => return None,
            }
        }
    }

    /// Draws the next [`UNITS_PER_CHECK`] trials' overheads (fewer at the end).
    fn draw_some(&mut self) {
        let rng = &mut self.rng;
        let mut draw = |(l, run): (f64, RunDraw)| -> f64 {
            if l <= 0.0 {
                return 1.0;
            }
            run.draw(rng) / l
        };
        let left = self.trials as usize - self.ks.len();
        for _ in 0..left.min(UNITS_PER_CHECK) {
            let k = match self.plan.workload {
                Workload::Fleet(_) => Overheads {
                    reserved: draw(self.runs[0]),
                    spot: draw(self.runs[1]),
                    on_demand: draw(self.runs[2]),
                },
                Workload::Job(_) => {
                    let k = draw(self.runs[0]);
                    Overheads {
                        reserved: k,
                        spot: k,
                        on_demand: k,
                    }
                }
            };
            self.ks.push(k);
        }
    }

    /// With every trial drawn: job mode's result, or fleet mode's pricing set up.
    fn drawn(&mut self) -> Result<Drawn, EngineError> {
        let (plan, o) = (&self.plan, &self.o);
        // Job mode: the horizon must hold the slowest trial, so all factors are drawn first.
        let mut plan_t = plan.clone();
        if plan.horizon_months.is_none() {
            let slowest = self
                .ks
                .iter()
                .copied()
                .max_by(|a, b| a.on_demand.total_cmp(&b.on_demand));
            let r = evaluate_option(plan, o, slowest)?;
            plan_t.horizon_months = Some(r.month_hours.len() as u32);
        }
        if matches!(plan.workload, Workload::Job(_)) {
            let ks = std::mem::take(&mut self.ks);
            return job_bands(&plan_t, o, ks, self.trials, self.seed).map(Drawn::Job);
        }
        let prepared = prepare(&plan_t, o, FieldPath::option(0))?;
        let base = evaluate_prepared(&plan_t, o, &prepared, None, FieldPath::option(0))?;
        let by_day_cost = Prepared::fleet_monotone_in_day_cost(o);
        Ok(Drawn::Fleet(Box::new(FleetSeries::new(
            plan_t,
            o,
            prepared,
            base,
            &self.ks,
            by_day_cost,
        ))))
    }
}

/// What [`MonteCarloRun::drawn`] leads to.
enum Drawn {
    /// Job mode's result.
    Job(MonteCarlo),
    /// Fleet mode's pricing, to do.
    Fleet(Box<FleetSeries>),
}

/// Fleet bands (P10/P50/P90 of the cumulative cost at each month end) and mean total over the
/// trials' overheads.
///
/// `by_day_cost` (allowed when [`Prepared::fleet_monotone_in_day_cost`]): every month's
/// cumulative cost is a non-decreasing function of the trial's day cost, and such a function
/// maps the k-th smallest day cost to the k-th smallest month cost, so each month's P10/P50/P90
/// are that month's cumulative cost at the P10/P50/P90 day cost: three selections over the
/// trials and three series instead of every trial's series and three selections per month. The
/// months are linear in the day cost, so the mean total is the total at the mean day cost.
/// Otherwise (a free GPU-hour allowance) every trial's series is computed.
impl FleetSeries {
    /// The pricing of trials with overheads `ks` under `plan` (the horizon set), `prepared`
    /// and `base` being its preparation and result without overheads.
    fn new(
        plan: Plan,
        o: &OptionSpec,
        prepared: Prepared,
        base: OptionResult,
        ks: &[Overheads],
        by_day_cost: bool,
    ) -> FleetSeries {
        let mut days: Vec<FleetDay> = ks
            .iter()
            .map(|&k| prepared.fleet_day(&plan, o, k))
            .collect();
        if by_day_cost {
            let costs: Vec<f64> = days.iter().map(FleetDay::cost).collect();
            let mean = costs.iter().sum::<f64>() / costs.len() as f64;
            let at = band(&costs);
            // Without a free allowance only the day's total cost matters (see
            // `fleet_cumulative`).
            days = [at.p10, at.p50, at.p90, mean]
                .map(|cost| FleetDay {
                    on_demand: cost,
                    ..FleetDay::default()
                })
                .to_vec();
        }
        let months_n = base.cumulative.len();
        FleetSeries {
            plan,
            prepared,
            series: Vec::with_capacity(months_n),
            cumulative: Vec::with_capacity(months_n),
            months: vec![0.0; months_n * days.len().max(1)],
            base,
            days,
            by_day_cost,
            priced: 0,
        }
    }

    /// Prices the next days' series (about [`MONTHS_PER_CHECK`] months, at least one series),
    /// or once all are priced the next month's percentiles; `true` when every month has its
    /// percentiles.
    fn price_some(&mut self, o: &OptionSpec) -> bool {
        let width = self.days.len().max(1);
        if self.priced < self.days.len() {
            let months_n = self.months.len() / width;
            let chunk = (MONTHS_PER_CHECK / months_n.max(1)).max(1);
            let end = (self.priced + chunk).min(self.days.len());
            for t in self.priced..end {
                let day = self.days[t];
                self.prepared
                    .fleet_cumulative(&self.plan, o, &self.base, day, &mut self.series);
                for (m, c) in self.series.iter().enumerate() {
                    self.months[m * width + t] = *c;
                }
            }
            self.priced = end;
            return false;
        }
        let m = self.cumulative.len();
        let Some(month) = self.months.get(m * width..(m + 1) * width) else {
            return true;
        };
        self.cumulative.push(match (self.by_day_cost, month) {
            (true, &[p10, p50, p90, _]) => Band { p10, p50, p90 },
            _ => band(month),
        });
        self.cumulative.len() * width >= self.months.len()
    }

    /// The result, once [`FleetSeries::price_some`] said so.
    fn finish(self, trials: u32, seed: u64) -> MonteCarlo {
        let width = self.days.len().max(1);
        let totals = &self.months[self.months.len().saturating_sub(width)..];
        let mean_total = match (self.by_day_cost, totals) {
            (true, [.., mean]) => *mean,
            _ => totals.iter().sum::<f64>() / f64::from(trials),
        };
        let total = self.cumulative.last().copied().unwrap_or(Band {
            p10: 0.0,
            p50: 0.0,
            p90: 0.0,
        });
        MonteCarlo {
            trials,
            seed,
            cumulative: self.cumulative,
            total,
            mean_total,
            finish_hours: None,
        }
    }
}

/// Job mode has one overhead factor per trial, and every month's cumulative cost, the total and
/// the finish time are non-decreasing in it (a longer run only adds billed hours; billing
/// rounding can shift at most one granule between adjacent months). So the percentiles of the
/// series are the series at the percentiles of the factor: three evaluations instead of one per
/// trial. The cost is linear in the factor apart from that rounding, so the mean cost is taken
/// at the mean factor.
fn job_bands(
    plan: &Plan,
    o: &OptionSpec,
    ks: Vec<Overheads>,
    trials: u32,
    seed: u64,
) -> Result<MonteCarlo, EngineError> {
    let mut k: Vec<f64> = ks.iter().map(|k| k.on_demand).collect();
    crate::sort::sort_by(&mut k, &f64::total_cmp);
    let at = |x: f64| {
        evaluate_option(
            plan,
            o,
            Some(Overheads {
                reserved: x,
                spot: x,
                on_demand: x,
            }),
        )
    };
    let [p10, p50, p90] = [0.1, 0.5, 0.9].map(|p| percentile(&k, p));
    let (r10, r50, r90) = (at(p10)?, at(p50)?, at(p90)?);
    let mean_k = k.iter().sum::<f64>() / k.len() as f64;
    let mean_total = at(mean_k)?.total;
    let cumulative = r10
        .cumulative
        .iter()
        .zip(&r50.cumulative)
        .zip(&r90.cumulative)
        .map(|((a, b), c)| Band {
            p10: a.total(),
            p50: b.total(),
            p90: c.total(),
        })
        .collect();
    let finish = match (r10.finish_hours, r50.finish_hours, r90.finish_hours) {
        (Some(p10), Some(p50), Some(p90)) => Some(Band { p10, p50, p90 }),
        _ => None,
    };
    Ok(MonteCarlo {
        trials,
        seed,
        cumulative,
        total: Band {
            p10: r10.total,
            p50: r50.total,
            p90: r90.total,
        },
        mean_total,
        finish_hours: finish,
    })
}

impl MonteCarlo {
    /// The bands converted from `from` to `to` at `rate` (finish times unchanged).
    pub fn in_currency(
        &self,
        from: crate::Currency,
        to: crate::Currency,
        rate: crate::ExchangeRate,
    ) -> Result<MonteCarlo, EngineError> {
        let conv = rate
            .conversion(from, to)
            .map_err(|_| EngineError::new(FieldPath::of(Field::UsdPerCny), Problem::NoRate))?;
        let c = |b: &Band| Band {
            p10: conv.apply(b.p10),
            p50: conv.apply(b.p50),
            p90: conv.apply(b.p90),
        };
        Ok(MonteCarlo {
            cumulative: self.cumulative.iter().map(c).collect(),
            total: c(&self.total),
            mean_total: conv.apply(self.mean_total),
            ..self.clone()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::billing::{Schedule, SpotMarket};
    use crate::plan::{FleetLoad, JobLoad, JobSize, Shares};
    use crate::risk::Checkpointing;
    use crate::{Billing, Currency};
    use crate::{MonthConvention, MonthLength};
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    fn job_plan() -> Plan {
        Plan {
            months: MonthLength::Fixed(MonthConvention::Hours730),
            horizon_months: None,
            workload: Workload::Job(JobLoad {
                gpu_hours: 5_000.0,
                size: JobSize::Gpus(16),
                scaling_efficiency: 0.9,
            }),
            checkpointing: Checkpointing {
                interval_hours: None,
                write_hours: 0.1,
                restart_hours: 0.3,
            },
            storage_gb: 0.0,
            egress_gb_per_month: 0.0,
            contingency_pct: 10.0,
            buy: None,
        }
    }

    fn spot_option(rate: f64) -> OptionSpec {
        let mut o = OptionSpec::on_demand("s", Currency::Usd, 30.0, 8, Billing::UNSTATED);
        o.spot = Some(SpotMarket {
            prices: Schedule::flat(10.0),
            bid_cap: None,
            interruptions_per_hour: rate,
        });
        o.shares = Shares {
            reserved: 0.0,
            spot: 1.0,
        };
        o
    }

    #[test]
    fn percentiles_by_nearest_rank() {
        let v: Vec<f64> = (0..=10).map(f64::from).collect();
        assert_eq!(percentile(&v, 0.1), 1.0);
        assert_eq!(percentile(&v, 0.5), 5.0);
        assert_eq!(percentile(&v, 0.9), 9.0);
        assert_eq!(percentile(&[], 0.5), 0.0);
    }

    /// The keys keep `f64::total_cmp`'s order and give back the value, bit for bit.
    #[test]
    fn ordered_bits_keep_total_order_and_round_trip() {
        let xs = [
            -f64::NAN,
            f64::NEG_INFINITY,
            -1e300,
            -1.5,
            -f64::MIN_POSITIVE,
            -0.0,
            0.0,
            5e-324,
            2.0,
            f64::MAX,
            f64::INFINITY,
            f64::NAN,
        ];
        for (i, a) in xs.iter().enumerate() {
            assert_eq!(from_ordered_bits(ordered_bits(*a)).to_bits(), a.to_bits());
            for b in &xs[i + 1..] {
                assert_eq!(a.total_cmp(b), std::cmp::Ordering::Less, "{a} {b}");
                assert!(ordered_bits(*a) < ordered_bits(*b), "{a} {b}");
            }
        }
    }

    /// `band` selects what a full sort would give, with equal values too: all equal (a month a
    /// free allowance covers in every trial), two values, few distinct values, all distinct,
    /// and sizes from none to 20,000 (the quadratic case of the size-optimised selection).
    #[test]
    fn band_equals_the_sorted_percentiles_with_equal_values() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut u = || rand::Rng::random::<f64>(&mut rng);
        for n in (0..40).chain([101, 1000, 20_000]) {
            let patterns: [Vec<f64>; 4] = [
                vec![12.5; n],
                (0..n).map(|i| if i % 3 == 0 { 1.0 } else { 2.0 }).collect(),
                (0..n).map(|_| (u() * 4.0).floor()).collect(),
                (0..n).map(|_| u() * 100.0 - 50.0).collect(),
            ];
            for v in patterns {
                let mut sorted = v.clone();
                sorted.sort_by(f64::total_cmp);
                let b = band(&v);
                let want = [0.1, 0.5, 0.9].map(|p| percentile(&sorted, p));
                assert_eq!([b.p10, b.p50, b.p90], want, "n = {n}, {:?}", &v[..n.min(8)]);
            }
        }
    }

    #[test]
    fn same_seed_same_bands_and_bands_are_ordered() {
        let plan = job_plan();
        let o = spot_option(0.05);
        let a = monte_carlo(&plan, &o, 2_000, 9).unwrap();
        assert_eq!(a, monte_carlo(&plan, &o, 2_000, 9).unwrap());
        assert_ne!(a, monte_carlo(&plan, &o, 2_000, 10).unwrap());
        assert!(a.total.p10 <= a.total.p50 && a.total.p50 <= a.total.p90);
        assert!(a.total.p10 < a.total.p90, "interruptions spread the cost");
        let f = a.finish_hours.unwrap();
        assert!(f.p10 <= f.p50 && f.p50 <= f.p90);
        for b in &a.cumulative {
            assert!(b.p10 <= b.p50 && b.p50 <= b.p90);
        }
        // The mean cost is near the closed form.
        let closed = evaluate_option(&plan, &o, None).unwrap().total;
        assert!(
            (a.mean_total / closed - 1.0).abs() < 0.01,
            "{} vs {closed}",
            a.mean_total
        );
    }

    #[test]
    fn fleet_bands_cover_the_closed_form() {
        let plan = Plan {
            horizon_months: Some(6),
            workload: Workload::Fleet(FleetLoad {
                gpus: 4,
                hours_per_day: 10.0,
                days_per_week: 5.0,
                start_hour: 8,
            }),
            ..job_plan()
        };
        let o = spot_option(0.02);
        let m = monte_carlo(&plan, &o, 3_000, 1).unwrap();
        assert_eq!(m.cumulative.len(), 6);
        assert_eq!(m.finish_hours, None);
        let closed = evaluate_option(&plan, &o, None).unwrap().total;
        assert!(
            (m.mean_total / closed - 1.0).abs() < 0.01,
            "{} vs {closed}",
            m.mean_total
        );
        assert!(m.total.p10 <= closed && closed <= m.total.p90);
    }

    /// A fleet plan whose option has every kind of capacity and interruption: reserved, spot
    /// (unavailable above the bid cap in one hour, so with an on-demand fallback), on demand
    /// with hourly billing, and failures.
    fn mixed_fleet() -> (Plan, OptionSpec) {
        let plan = Plan {
            horizon_months: Some(14),
            months: MonthLength::Calendar {
                year: 2026,
                month: 1,
            },
            workload: Workload::Fleet(FleetLoad {
                gpus: 40,
                hours_per_day: 9.5,
                days_per_week: 6.0,
                start_hour: 1,
            }),
            ..job_plan()
        };
        let mut o = spot_option(0.03);
        o.billing = Billing {
            granularity_seconds: Some(3600),
            minimum_seconds: 0,
        };
        o.reserved = Some(crate::billing::ReservedTerm {
            term_months: 6,
            upfront: 900.0,
            recurring_per_hour: 11.0,
        });
        if let Some(s) = o.spot.as_mut() {
            s.prices.per_hour[3] = 40.0;
            s.bid_cap = Some(20.0);
        }
        o.shares = Shares {
            reserved: 0.25,
            spot: 0.5,
        };
        o.failures_per_hour = 0.004;
        (plan, o)
    }

    /// Fleet bands and mean total of the trials `ks`, by day cost or from every trial.
    fn fleet_bands(
        plan: &Plan,
        o: &OptionSpec,
        base: &OptionResult,
        ks: &[Overheads],
        by_day_cost: bool,
    ) -> (Vec<Band>, f64) {
        let p = prepare(plan, o, FieldPath::option(0)).unwrap();
        let mut f = FleetSeries::new(plan.clone(), o, p, base.clone(), ks, by_day_cost);
        while !f.price_some(o) {}
        let m = f.finish(ks.len() as u32, 0);
        (m.cumulative, m.mean_total)
    }

    #[test]
    fn fleet_bands_by_day_cost_equal_the_per_month_percentiles_of_every_trial() {
        let (plan, o) = mixed_fleet();
        let p = prepare(&plan, &o, FieldPath::option(0)).unwrap();
        let base = evaluate_prepared(&plan, &o, &p, None, FieldPath::option(0)).unwrap();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let mut u = || rand::Rng::random::<f64>(&mut rng);
        let ks: Vec<Overheads> = (0..2_001)
            .map(|_| Overheads {
                reserved: 1.0 + 0.2 * u(),
                spot: 1.0 + 0.5 * u(),
                on_demand: 1.0 + 0.3 * u(),
            })
            .collect();
        assert!(Prepared::fleet_monotone_in_day_cost(&o));
        let (fast, fast_mean) = fleet_bands(&plan, &o, &base, &ks, true);
        let (all, all_mean) = fleet_bands(&plan, &o, &base, &ks, false);
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-12 * b.abs().max(1.0);
        assert_eq!(fast.len(), 14);
        assert_eq!(fast.len(), all.len());
        for (m, (a, b)) in fast.iter().zip(&all).enumerate() {
            assert!(
                close(a.p10, b.p10) && close(a.p50, b.p50) && close(a.p90, b.p90),
                "month {}: {a:?} vs {b:?}",
                m + 1
            );
            assert!(a.p10 < a.p50 && a.p50 < a.p90, "month {}: {a:?}", m + 1);
        }
        assert!(close(fast_mean, all_mean), "{fast_mean} vs {all_mean}");
    }

    #[test]
    fn fleet_bands_with_a_free_allowance_take_every_trial() {
        let (plan, mut o) = mixed_fleet();
        o.free_gpu_hours = crate::billing::Allowance {
            monthly: 500.0,
            once: 20_000.0,
        };
        assert!(!Prepared::fleet_monotone_in_day_cost(&o));
        let m = monte_carlo(&plan, &o, 2_000, 4).unwrap();
        assert_eq!(m, monte_carlo(&plan, &o, 2_000, 4).unwrap());
        assert_eq!(m.cumulative.len(), 14);
        for b in &m.cumulative {
            assert!(b.p10 <= b.p50 && b.p50 <= b.p90, "{b:?}");
        }
        assert_eq!(m.total, m.cumulative[13]);
        let closed = evaluate_option(&plan, &o, None).unwrap().total;
        assert!(
            (m.mean_total / closed - 1.0).abs() < 0.01,
            "{} vs {closed}",
            m.mean_total
        );
    }

    /// Run in the smallest steps (each stops at its first check), a run gives what one call
    /// gives, in fleet mode (by day cost and with a free allowance) and job mode. With 2,000
    /// trials over 14 months it stops after each 256 trials drawn (8 steps), each 292 trials'
    /// series priced (4,096 months: 7 steps; 1 for the 4 series by day cost) and each month's
    /// percentiles (14); job mode ends with the draws.
    #[test]
    fn a_run_in_steps_gives_the_same_result() {
        let (plan, o) = mixed_fleet();
        let mut with_allowance = o.clone();
        with_allowance.free_gpu_hours = crate::billing::Allowance {
            monthly: 500.0,
            once: 20_000.0,
        };
        let cases = [
            (plan.clone(), o, 8 + 1 + 14),
            (plan, with_allowance, 8 + 7 + 14),
            (job_plan(), spot_option(0.01), 8 + 1),
        ];
        for (plan, o, steps_needed) in cases {
            let whole = monte_carlo(&plan, &o, 2_000, 9).unwrap();
            let mut run = MonteCarloRun::new(&plan, &o, 2_000, 9).unwrap();
            let mut steps = 1;
            let stepped = loop {
                if let Some(r) = run.step(&mut || false) {
                    break r.unwrap();
                }
                steps += 1;
            };
            assert_eq!(stepped, whole);
            assert_eq!(steps, steps_needed);
            assert!(run.step(&mut || true).is_none(), "done once");
        }
    }

    #[test]
    fn trial_count_is_validated() {
        let e = monte_carlo(&job_plan(), &spot_option(0.01), 0, 1).unwrap_err();
        assert_eq!(e.field.to_string(), "montecarlo.trials");
        assert!(monte_carlo(&job_plan(), &spot_option(0.01), MAX_TRIALS + 1, 1).is_err());
    }
}
