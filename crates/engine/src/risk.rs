//! Interruptions, checkpoints and restarts (docs/cost-model.md, "Interruptions, checkpoints and
//! failures"): the expected time to finish a segment, Young's checkpoint interval, the expected
//! time of a whole run of useful work, and a seeded Monte-Carlo draw of the same run.

use super::{in_range, non_negative, positive, EngineError, Field, FieldPath};
use rand::Rng;

/// Checkpoint and restart settings of a plan.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Checkpointing {
    /// Useful work between checkpoints τ, hours; `None` = use Young's τ* (needs `write_hours` > 0).
    pub interval_hours: Option<f64>,
    /// Time to write one checkpoint c, hours (billed).
    pub write_hours: f64,
    /// Restart time R after an interruption (re-provision, reload data and checkpoint), hours
    /// (billed).
    pub restart_hours: f64,
}

impl Default for Checkpointing {
    /// Hourly checkpoints that take no time, instant restarts.
    fn default() -> Self {
        Checkpointing {
            interval_hours: Some(1.0),
            write_hours: 0.0,
            restart_hours: 0.0,
        }
    }
}

impl Checkpointing {
    /// Validates the settings (τ > 0 if given, c and R finite ≥ 0 and ≤ 1,000 h). Errors name
    /// `field.*`.
    pub fn validate(&self, field: FieldPath) -> Result<(), EngineError> {
        if let Some(t) = self.interval_hours {
            positive(field.field(Field::IntervalHours), t)?;
            in_range(field.field(Field::IntervalHours), t, 0.0, 1e6)?;
        }
        non_negative(field.field(Field::WriteHours), self.write_hours)?;
        in_range(field.field(Field::WriteHours), self.write_hours, 0.0, 1e3)?;
        non_negative(field.field(Field::RestartHours), self.restart_hours)?;
        in_range(
            field.field(Field::RestartHours),
            self.restart_hours,
            0.0,
            1e3,
        )?;
        Ok(())
    }

    /// The useful-work interval τ used under interruption rate `rate`: the given interval, else
    /// Young's τ* = √(2c/λ); with neither (c = 0 or λ = 0 and no interval) the whole run is one
    /// segment (`None`).
    #[must_use]
    pub fn interval(&self, rate: f64) -> Option<f64> {
        self.interval_hours
            .or_else(|| young_interval(self.write_hours, rate))
    }
}

/// Expected wall-clock hours to finish one segment of `s` hours (useful work plus checkpoint
/// write) under Poisson interruptions at `rate` per hour, each costing a restart of `restart`
/// hours: `E[T] = (e^{λs} − 1)(1/λ + R)` (docs/cost-model.md; Daly 2006 with no downtime term),
/// computed with `expm1` so small λs keep full precision; λ = 0 gives exactly `s`.
///
/// Examples: λ = 0.01, s = 1, R = 0.1 → 1.006022; λ = 0.05, s = 2, R = 0.25 → 2.129711.
#[must_use]
pub fn expected_segment_hours(s: f64, rate: f64, restart: f64) -> f64 {
    if rate <= 0.0 || s <= 0.0 {
        return s.max(0.0);
    }
    (rate * s).exp_m1() * (1.0 / rate + restart)
}

/// Young's first-order optimal checkpoint interval τ* = √(2c/λ) in hours, for checkpoint write
/// time `write_hours` and interruption rate `rate` per hour. `None` when either is not positive
/// (no finite optimum). Example: c = 0.1 h, λ = 0.02/h → 3.162 h.
#[must_use]
pub fn young_interval(write_hours: f64, rate: f64) -> Option<f64> {
    (write_hours > 0.0 && rate > 0.0 && write_hours.is_finite() && rate.is_finite())
        .then(|| (2.0 * write_hours / rate).sqrt())
}

/// Expected wall-clock hours to complete `useful` hours of work checkpointed every `tau` hours
/// (each checkpoint taking `write` hours) under interruptions at `rate`, restarts `restart`:
/// ⌊useful/τ⌋ full segments of τ + c plus a last partial segment of (remainder + c). With
/// `tau = None` the whole run is one segment. Zero work takes zero time.
#[must_use]
pub fn expected_run_hours(
    useful: f64,
    tau: Option<f64>,
    write: f64,
    rate: f64,
    restart: f64,
) -> f64 {
    if useful <= 0.0 {
        return 0.0;
    }
    let (full, rem, tau) = split_segments(useful, tau);
    if rate <= 0.0 {
        // No interruptions: the work plus one checkpoint write per segment, exactly.
        let segments = full + if rem > 0.0 { 1.0 } else { 0.0 };
        return useful + segments * write;
    }
    let mut total = full * expected_segment_hours(tau + write, rate, restart);
    if rem > 0.0 {
        total += expected_segment_hours(rem + write, rate, restart);
    }
    total
}

/// Overhead factor of interrupted, checkpointed work in steady state: billed hours per useful
/// hour = E[T(τ + c)] / τ. 1 with no interruptions and free checkpoints.
#[must_use]
pub fn overhead_factor(tau: f64, write: f64, rate: f64, restart: f64) -> f64 {
    if tau <= 0.0 {
        return 1.0;
    }
    expected_segment_hours(tau + write, rate, restart) / tau
}

fn split_segments(useful: f64, tau: Option<f64>) -> (f64, f64, f64) {
    match tau {
        Some(t) if t > 0.0 && t < useful => {
            let full = (useful / t).floor();
            (full, (useful - full * t).max(0.0), t)
        }
        _ => (0.0, useful, useful),
    }
}

/// Expected number of interruptions while completing the run (used to bound Monte-Carlo work):
/// per segment e^{λs} − 1.
#[must_use]
pub fn expected_interruptions(useful: f64, tau: Option<f64>, write: f64, rate: f64) -> f64 {
    if useful <= 0.0 || rate <= 0.0 {
        return 0.0;
    }
    let (full, rem, tau) = split_segments(useful, tau);
    let mut n = full * (rate * (tau + write)).exp_m1();
    if rem > 0.0 {
        n += (rate * (rem + write)).exp_m1();
    }
    n
}

/// One random draw of the wall-clock hours [`expected_run_hours`] averages: interruptions are
/// exponential inter-arrival times with rate `rate` (memoryless, so one draw can cover several
/// completed segments); each costs the work since the last checkpoint plus `restart` hours,
/// during which no interruption happens (the same assumption as the closed form). Cost is
/// proportional to the number of interruptions, not to the length of the run.
pub fn simulate_run_hours<R: Rng + ?Sized>(
    rng: &mut R,
    useful: f64,
    tau: Option<f64>,
    write: f64,
    rate: f64,
    restart: f64,
) -> f64 {
    if useful <= 0.0 {
        return 0.0;
    }
    let (full, rem, tau) = split_segments(useful, tau);
    let seg = tau + write;
    let last = if rem > 0.0 { rem + write } else { 0.0 };
    let exact = full * seg + last;
    if rate <= 0.0 {
        return exact;
    }
    let mut total = 0.0;
    let mut done = 0.0_f64; // full segments completed
    loop {
        // Exponential draw by inversion; 1 − U is in (0, 1], so ln never sees 0.
        let u: f64 = rng.random();
        let x = -(1.0 - u).ln() / rate;
        let left_full = full - done;
        let full_time = left_full * seg;
        if x >= full_time {
            // Every remaining full segment completes; then the last (partial) segment.
            total += full_time;
            if last <= 0.0 {
                return total;
            }
            let into_last = x - full_time;
            if into_last >= last {
                return total + last;
            }
            total += into_last + restart;
            // The last segment restarts from scratch: draw again for it alone.
            loop {
                let u: f64 = rng.random();
                let y = -(1.0 - u).ln() / rate;
                if y >= last {
                    return total + last;
                }
                total += y + restart;
            }
        }
        let completed = (x / seg).floor();
        total += completed * seg + (x - completed * seg) + restart;
        done += completed;
    }
}

/// Variance of the wall-clock hours to finish one segment of `s` hours under interruptions at
/// `rate` with restarts of `restart` hours. The number of failed attempts F is geometric with
/// success probability p = e^{−λs}; each failure costs Y = X + R with X exponential truncated
/// to [0, s). The compound sum gives `Var = E[F]·Var(Y) + Var(F)·E[Y]²`, with
/// `E[F] = (1 − p)/p` and `Var(F) = (1 − p)/p²`. 0 when λ or s is not positive.
#[must_use]
pub fn segment_variance(s: f64, rate: f64, restart: f64) -> f64 {
    if rate <= 0.0 || s <= 0.0 {
        return 0.0;
    }
    let q = -(-rate * s).exp_m1(); // 1 − p = P(interrupted before s)
    let p = 1.0 - q;
    if q <= 0.0 || p <= 0.0 {
        return 0.0;
    }
    let e = (-rate * s).exp(); // p, kept separately for the truncated moments
    let l = rate;
    // Moments of X | X < s for X ~ Exp(λ).
    let ex = 1.0 / l - s * e / q;
    let ex2 = (2.0 / (l * l) - e * (s * s + 2.0 * s / l + 2.0 / (l * l))) / q;
    let var_x = (ex2 - ex * ex).max(0.0);
    let ey = ex + restart;
    let ef = q / p;
    let vf = q / (p * p);
    ef * var_x + vf * ey * ey
}

/// Variance of [`expected_run_hours`]'s run time: the segments are independent, so their
/// variances add.
#[must_use]
pub fn run_variance(useful: f64, tau: Option<f64>, write: f64, rate: f64, restart: f64) -> f64 {
    if useful <= 0.0 || rate <= 0.0 {
        return 0.0;
    }
    let (full, rem, tau) = split_segments(useful, tau);
    let mut v = full * segment_variance(tau + write, rate, restart);
    if rem > 0.0 {
        v += segment_variance(rem + write, rate, restart);
    }
    v
}

/// Expected interruptions per run above which [`draw_run_hours`] uses the normal approximation.
pub const EXACT_DRAW_LIMIT: f64 = 100.0;

/// One random draw of a run's wall-clock hours: the exact event simulation
/// ([`simulate_run_hours`]) when at most [`EXACT_DRAW_LIMIT`] interruptions are expected;
/// beyond, the sum of many independent segment times is drawn from its normal (central limit)
/// approximation with the exact mean ([`expected_run_hours`]) and variance ([`run_variance`]),
/// never below the uninterrupted time. Keeps a draw's cost bounded whatever the run length.
/// For many draws of the same run, [`RunDraw`] does the set-up once (same draws).
pub fn draw_run_hours<R: Rng + ?Sized>(
    rng: &mut R,
    useful: f64,
    tau: Option<f64>,
    write: f64,
    rate: f64,
    restart: f64,
) -> f64 {
    RunDraw::new(useful, tau, write, rate, restart).draw(rng)
}

/// [`draw_run_hours`] for one run, prepared for many draws: the choice between the exact
/// simulation and the normal approximation, and the approximation's mean, standard deviation
/// and floor, are computed once (they are the same in every Monte-Carlo trial). Each
/// [`RunDraw::draw`] consumes the same random numbers and returns the same hours as
/// [`draw_run_hours`] with the same arguments.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunDraw(Draw);

#[derive(Clone, Copy, Debug, PartialEq)]
enum Draw {
    /// Event simulation ([`simulate_run_hours`]) with these arguments.
    Exact {
        useful: f64,
        tau: Option<f64>,
        write: f64,
        rate: f64,
        restart: f64,
    },
    /// Normal approximation: mean and standard deviation in hours, and the uninterrupted time.
    Normal { mean: f64, sd: f64, floor: f64 },
}

impl RunDraw {
    /// Prepares draws of `useful` hours of work checkpointed every `tau` hours (writes of
    /// `write` hours) under interruptions at `rate` per hour with restarts of `restart` hours.
    #[must_use]
    pub fn new(useful: f64, tau: Option<f64>, write: f64, rate: f64, restart: f64) -> Self {
        if expected_interruptions(useful, tau, write, rate) <= EXACT_DRAW_LIMIT {
            return RunDraw(Draw::Exact {
                useful,
                tau,
                write,
                rate,
                restart,
            });
        }
        RunDraw(Draw::Normal {
            mean: expected_run_hours(useful, tau, write, rate, restart),
            sd: run_variance(useful, tau, write, rate, restart).sqrt(),
            floor: expected_run_hours(useful, tau, write, 0.0, 0.0),
        })
    }

    /// One draw of the run's wall-clock hours (see [`draw_run_hours`]).
    pub fn draw<R: Rng + ?Sized>(&self, rng: &mut R) -> f64 {
        match self.0 {
            Draw::Exact {
                useful,
                tau,
                write,
                rate,
                restart,
            } => simulate_run_hours(rng, useful, tau, write, rate, restart),
            Draw::Normal { mean, sd, floor } => (mean + sd * standard_normal(rng)).max(floor),
        }
    }
}

/// A standard normal draw (Box–Muller transform of two uniforms).
pub fn standard_normal<R: Rng + ?Sized>(rng: &mut R) -> f64 {
    let u1: f64 = 1.0 - rng.random::<f64>(); // (0, 1]
    let u2: f64 = rng.random();
    (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn cost_model_interruption_examples() {
        let a = expected_segment_hours(1.0, 0.01, 0.1);
        assert_eq!(format!("{a:.6}"), "1.006022");
        let b = expected_segment_hours(2.0, 0.05, 0.25);
        assert_eq!(format!("{b:.6}"), "2.129711");
    }

    #[test]
    fn lambda_to_zero_tends_to_s() {
        assert_eq!(expected_segment_hours(2.0, 0.0, 0.5), 2.0);
        let tiny = expected_segment_hours(2.0, 1e-15, 0.5);
        assert!((tiny - 2.0).abs() < 1e-12, "{tiny}");
    }

    #[test]
    fn cost_model_young_example() {
        let t = young_interval(0.1, 0.02).unwrap();
        assert_eq!(format!("{t:.3}"), "3.162");
        assert_eq!(young_interval(0.0, 0.02), None);
        assert_eq!(young_interval(0.1, 0.0), None);
    }

    #[test]
    fn run_is_full_segments_plus_a_partial_one() {
        let e = expected_run_hours(10.5, Some(2.0), 0.1, 0.05, 0.25);
        let want =
            5.0 * expected_segment_hours(2.1, 0.05, 0.25) + expected_segment_hours(0.6, 0.05, 0.25);
        assert!((e - want).abs() < 1e-12);
        assert_eq!(expected_run_hours(10.0, Some(2.0), 0.0, 0.0, 0.0), 10.0);
        assert_eq!(expected_run_hours(0.0, Some(2.0), 0.1, 0.1, 0.1), 0.0);
    }

    #[test]
    fn monte_carlo_is_seeded_and_near_the_mean() {
        let draw = |seed| {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            (0..20_000)
                .map(|_| simulate_run_hours(&mut rng, 100.0, Some(2.0), 0.1, 0.05, 0.25))
                .sum::<f64>()
                / 20_000.0
        };
        assert_eq!(draw(7), draw(7));
        let want = expected_run_hours(100.0, Some(2.0), 0.1, 0.05, 0.25);
        let got = draw(7);
        assert!((got / want - 1.0).abs() < 0.005, "{got} vs {want}");
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        assert_eq!(
            simulate_run_hours(&mut rng, 10.0, Some(3.0), 0.5, 0.0, 1.0),
            10.0 + 4.0 * 0.5
        );
    }

    #[test]
    fn variance_formula_matches_simulation() {
        let (useful, tau, c, lam, r) = (40.0, Some(2.0), 0.1, 0.08, 0.5);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        let n = 40_000;
        let draws: Vec<f64> = (0..n)
            .map(|_| simulate_run_hours(&mut rng, useful, tau, c, lam, r))
            .collect();
        let mean = draws.iter().sum::<f64>() / f64::from(n);
        let var = draws.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / f64::from(n - 1);
        let want = run_variance(useful, tau, c, lam, r);
        assert!((var / want - 1.0).abs() < 0.05, "{var} vs {want}");
        assert_eq!(run_variance(useful, tau, c, 0.0, r), 0.0);
    }

    #[test]
    fn long_runs_draw_from_the_normal_approximation() {
        let (useful, tau, c, lam, r) = (20_000.0, Some(1.0), 0.05, 0.02, 0.25);
        assert!(expected_interruptions(useful, tau, c, lam) > EXACT_DRAW_LIMIT);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let n = 20_000;
        let draws: Vec<f64> = (0..n)
            .map(|_| draw_run_hours(&mut rng, useful, tau, c, lam, r))
            .collect();
        let mean = draws.iter().sum::<f64>() / f64::from(n);
        let want = expected_run_hours(useful, tau, c, lam, r);
        let sd = run_variance(useful, tau, c, lam, r).sqrt();
        assert!(
            (mean - want).abs() < 5.0 * sd / f64::from(n).sqrt(),
            "{mean} vs {want}"
        );
        assert!(draws.iter().all(|d| *d >= useful + 20_000.0 * c - 1e-6));
    }
}
