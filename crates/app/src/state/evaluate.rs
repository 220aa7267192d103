//! The engine run on the app's typed scenario: its plan and options as the engine's types,
//! every option's closed-form results, the inputs and results of the risk bands' Monte Carlo,
//! and the offer table's scenario totals.

use super::Scenario;
use planner_core::catalog::query::OfferTotals;
use planner_core::catalog::Offer;
use planner_core::error::FileError;
use planner_core::file;
use planner_core::option::OptionInput;
use planner_engine::deadline_spot::{deadline_spot, job_of, DeadlineJob, DeadlineSpot};
use planner_engine::montecarlo::{Band as MonteBand, MonteCarloRun};
use planner_engine::plan::{OptionResult, OptionSpec, Plan, Shares};
use planner_engine::{Currency, ExchangeRate, Field, FieldPath};

impl Scenario {
    /// The engine's plan: month length, horizon, workload, checkpoints (the engine's default
    /// when the scenario sets none), storage, egress, contingency and the owned server.
    #[must_use]
    pub fn plan(&self) -> Plan {
        Plan {
            months: self.conventions.month,
            horizon_months: self.horizon_months,
            workload: self.workload,
            checkpointing: self.checkpoint.unwrap_or_default(),
            storage_gb: self.storage_gb,
            egress_gb_per_month: self.egress_gb_per_month,
            contingency_pct: self.contingency_pct,
            buy: self.buy,
        }
    }

    /// Option `index` as the engine's option ([`option_spec`]).
    fn spec(&self, index: usize) -> Result<OptionSpec, FileError> {
        option_spec(
            &self.options[index],
            index,
            self.portfolio.unwrap_or_default(),
            self.job_throughput(index),
        )
    }

    /// In job mode, option `index`'s throughput when the user set none: the catalog GPU's
    /// ratio (a job's length depends on it; fleet figures do not).
    fn job_throughput(&self, index: usize) -> Option<f64> {
        let unset = self
            .options
            .get(index)
            .is_some_and(|o| o.throughput_factor.is_none());
        (self.is_job() && unset).then(|| self.option_throughput(index).0)
    }

    /// Deadline-safe spot per compared option, in the display currency and pick order
    /// (docs/cost-model.md, "Deadline-safe spot"): `None` for an option without both spot and
    /// on-demand prices, and for every option when the scenario sets no deadline or is not a
    /// job; an option with no spot strategy of its own runs at its offer's spot price with
    /// [`Scenario::spot_interruptions`]. Each result's `series()` gives the chart's three policies (all-spot,
    /// deadline-safe bands, all-on-demand). Runs the Monte Carlo of every input of
    /// [`Scenario::deadline_inputs`] (which the page memoises on). Errors: those of
    /// [`Scenario::deadline_inputs`].
    pub fn deadline_spot(&self) -> Result<Vec<Option<DeadlineSpot>>, FileError> {
        self.deadline_inputs()?
            .iter()
            .map(|i| i.as_ref().map(DeadlineInput::run).transpose())
            .collect()
    }

    /// What the deadline-safe Monte Carlo of each compared option depends on (its job, trials,
    /// seed and currencies), validated but not run: cheap (one closed-form evaluation per
    /// option), so the page compares these to decide whether to run the trials again, and the
    /// reducer checks a new deadline with it. `None` as in [`Scenario::deadline_spot`].
    /// Errors: those of [`Scenario::evaluate`], then a deadline under restart + run hours
    /// (`deadline_spot.deadline_hours`, [`planner_engine::Problem::DeadlineTooShort`]), trials
    /// out of range, or no usable exchange rate.
    pub fn deadline_inputs(&self) -> Result<Vec<Option<DeadlineInput>>, FileError> {
        let Some(ds) = self.deadline_spot.filter(|_| self.is_job()) else {
            return Ok(vec![None; self.options.len()]);
        };
        self.missing_throughput()?;
        let plan = self.plan();
        plan.validate()?;
        let at = FieldPath::of(Field::DeadlineSpot);
        let mut out = Vec::with_capacity(self.options.len());
        for i in 0..self.options.len() {
            let mut spec = self.spec(i)?;
            // An option without a spot strategy of its own still has its offer's spot price,
            // but the catalog gives no interruption rate (0): the policy runs the whole job on
            // spot whatever the option's shares, so it takes the scenario's rate, the one the
            // page's interruption field shows (docs/cost-model.md, "Deadline-safe spot").
            if self.options[i].spot.is_none() {
                if let Some(sp) = spec.spot.as_mut() {
                    sp.interruptions_per_hour = self.spot_interruptions();
                }
            }
            let input = match job_of(&plan, &spec, ds.deadline_hours)? {
                Some(job) => {
                    job.validate(at)?;
                    let input = DeadlineInput {
                        job,
                        trials: ds.trials,
                        seed: ds.seed,
                        from: spec.currency,
                        to: self.display_currency(),
                        rate: self.rate(),
                    };
                    // Trials and the rate are checked on one trial, not the full run.
                    DeadlineInput { trials: 1, ..input }.run()?;
                    Some(input)
                }
                None => None,
            };
            out.push(input);
        }
        Ok(out)
    }

    /// Every compared option's results from the engine's closed form (all cost components,
    /// commitment, per-GPU-hour and per-job figures), in the display currency and pick order;
    /// empty when nothing is picked. The Monte Carlo is run apart, for the page's risk bands
    /// ([`Scenario::band_inputs`]). Errors:
    /// in job mode, the first option on an offer whose GPU has no throughput figure and that
    /// has none of its own ([`FileProblem::NoThroughputFigure`] at
    /// `options[i].throughput_factor`); then the first invalid plan field, then option, named
    /// by its path (e.g. `options[2].portfolio.spot: a spot share needs spot prices`).
    ///
    /// [`FileProblem::NoThroughputFigure`]: planner_core::error::FileProblem::NoThroughputFigure
    pub fn evaluate(&self) -> Result<Vec<OptionResult>, FileError> {
        if self.options.is_empty() {
            return Ok(Vec::new());
        }
        // A job's length depends on each GPU's speed: an offer's GPU without a figure needs
        // the option's own (fleet figures do not depend on it).
        self.missing_throughput()?;
        let plan = self.plan();
        plan.validate()?;
        let specs = (0..self.options.len())
            .map(|i| self.spec(i))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(planner_engine::plan::evaluate(
            &plan,
            &specs,
            self.display_currency(),
            self.rate(),
        )?)
    }

    /// Trials per option and seed of the risk bands' Monte Carlo: the scenario's `montecarlo`
    /// settings, else [`BAND_TRIALS`] trials with seed 1.
    #[must_use]
    pub fn monte_carlo(&self) -> super::MonteCarlo {
        self.montecarlo.unwrap_or(super::MonteCarlo {
            trials: BAND_TRIALS,
            seed: 1,
        })
    }

    /// Per option (in order): what its risk band's Monte Carlo needs, for options with
    /// interruption risk (a spot share with interruptions, or host failures) under a plan the
    /// engine accepts (and, in job mode, with every option's throughput known:
    /// [`Scenario::option_lacks_throughput`]); `None` for the others, which have no spread.
    /// Empty when nothing is picked. Equal inputs give equal bands, so the app recomputes only
    /// the bands whose inputs changed.
    #[must_use]
    pub fn band_inputs(&self) -> Vec<Option<BandInput>> {
        let plan = self.plan();
        let plan_ok = plan.validate().is_ok() && self.missing_throughput().is_ok();
        let mc = self.monte_carlo();
        self.options
            .iter()
            .enumerate()
            .map(|(i, o)| {
                let spot_risk = o.portfolio.is_some_and(|p| p.spot > 0.0)
                    && o.spot.is_some_and(|s| s.interruptions_per_hour > 0.0);
                if !(plan_ok && (spot_risk || o.failures_per_hour > 0.0)) {
                    return None;
                }
                Some(BandInput {
                    trials: mc.trials,
                    seed: mc.seed,
                    plan: plan.clone(),
                    option: o.clone(),
                    index: i,
                    shares: self.portfolio.unwrap_or_default(),
                    throughput: self.job_throughput(i),
                    currency: self.display_currency(),
                    rate: self.rate(),
                })
            })
            .collect()
    }

    /// Per option (in order): the P10/P50/P90 of its cumulative cost at each month end over
    /// the scenario's seeded Monte-Carlo trials ([`Scenario::monte_carlo`]), in the display currency, for options with
    /// interruption risk (see [`Scenario::band_inputs`]); `None` for the others, which have no
    /// spread. Empty when nothing is picked.
    #[must_use]
    pub fn risk_bands(&self) -> Vec<Option<Vec<MonteBand>>> {
        self.band_inputs()
            .iter()
            .map(|input| input.as_ref()?.run())
            .collect()
    }

    /// What each of `offers` would cost all on demand under this scenario's plan (workload,
    /// horizon, month convention, storage, egress, contingency), converted to the display
    /// currency: the offer table's "scenario total" column. Keyed by offer id; offers the
    /// engine refuses ([`OptionSpec::validate`](planner_engine::plan::OptionSpec::validate):
    /// e.g. no on-demand price) or cannot cost (or convert) are left out, none when the plan is
    /// invalid, and in job
    /// mode the offers whose GPU has no throughput figure (a job's cost depends on the GPU's
    /// speed; the others run at their GPU's [`catalog_throughput`]). About 1.3 ms for the
    /// whole catalog.
    ///
    /// [`catalog_throughput`]: super::catalog_throughput
    #[must_use]
    pub fn offer_totals(&self, offers: &[&'static Offer]) -> OfferTotals {
        let plan = self.plan();
        if plan.validate().is_err() {
            return OfferTotals::default();
        }
        let (display, rate, job) = (self.display_currency(), self.rate(), self.is_job());
        offers
            .iter()
            .filter_map(|o| {
                let mut spec = file::offer_spec(o);
                if job {
                    spec.throughput_factor = super::catalog_throughput(o)?;
                }
                // The engine evaluates validated options only: an offer it refuses (one without
                // an on-demand price, which it would otherwise cost at 0) has no total.
                spec.validate(planner_engine::FieldPath::ROOT).ok()?;
                let r = planner_engine::plan::evaluate_option(&plan, &spec, None).ok()?;
                let total = rate.convert(r.total, o.currency, display).ok()?;
                total.is_finite().then_some((o.id, total))
            })
            .collect()
    }
}

/// Trials of the Monte Carlo behind the cumulative chart's P10–P90 bands: the count issue 7's
/// budget names. The nearest-rank P10 of 10,000 trials has a standard error of about 0.3
/// percentile points (about 0.95 with 1,000), so bands barely jitter between slider positions.
/// The app computes them after the lines are painted, several options per task (up to 8 ms),
/// and only for options whose inputs changed (`ui::bands`).
pub const BAND_TRIALS: u32 = 10_000;

/// One option's risk band input (from [`Scenario::band_inputs`]): the trials and seed
/// ([`Scenario::monte_carlo`]), the engine's plan (workload,
/// months, costs), the typed option with its position, the scenario's default shares and the
/// job's throughput for it, and the display currency and rate. Two inputs are equal exactly
/// when all of these are, so an unchanged option keeps its band.
#[derive(Clone, Debug, PartialEq)]
pub struct BandInput {
    trials: u32,
    seed: u64,
    plan: Plan,
    option: OptionInput,
    index: usize,
    shares: Shares,
    throughput: Option<f64>,
    currency: Currency,
    rate: ExchangeRate,
}

impl BandInput {
    /// P10/P50/P90 of the option's cumulative cost at each month end (one entry per month)
    /// over the input's Monte-Carlo trials and seed, in the display currency; `None` when the
    /// engine refuses. The same in steps: [`BandInput::start`].
    #[must_use]
    pub fn run(&self) -> Option<Vec<MonteBand>> {
        let mut run = self.start();
        loop {
            if let Some(band) = run.step(&mut || true) {
                return band;
            }
        }
    }

    /// [`BandInput::run`] in steps ([`BandRun::step`]), so the page can yield between them.
    #[must_use]
    pub fn start(&self) -> BandRun {
        let Ok(spec) = option_spec(&self.option, self.index, self.shares, self.throughput) else {
            return BandRun(None);
        };
        let from = spec.currency;
        BandRun(
            MonteCarloRun::new(&self.plan, &spec, self.trials, self.seed)
                .ok()
                .map(|run| (run, from, self.currency, self.rate)),
        )
    }
}

/// A band being computed ([`BandInput::start`]): the engine's run and the currencies and rate
/// its result is converted with, or `None` when the engine refused it at the start.
pub struct BandRun(Option<(MonteCarloRun, Currency, Currency, ExchangeRate)>);

impl BandRun {
    /// Works on the band while `keep_going` says so (asked every few hundred trials and
    /// after each month, [`MonteCarloRun::step`]); `None` when it stopped before the end, once
    /// done [`BandInput::run`]'s result (and `Some(None)` again after that).
    pub fn step(&mut self, keep_going: &mut dyn FnMut() -> bool) -> Option<Option<Vec<MonteBand>>> {
        let Some((run, from, to, rate)) = &mut self.0 else {
            return Some(None);
        };
        let result = run.step(keep_going)?;
        let band = result
            .and_then(|m| m.in_currency(*from, *to, *rate))
            .ok()
            .map(|m| m.cumulative);
        self.0 = None;
        Some(band)
    }
}

/// Option `o` at position `index` as the engine's option: its offer's prices with the inline
/// ones over them, its shares or `shares`, and `throughput` (a job's, when the user set none)
/// as its throughput factor. Errors name `options[index].…`.
fn option_spec(
    o: &OptionInput,
    index: usize,
    shares: Shares,
    throughput: Option<f64>,
) -> Result<OptionSpec, FileError> {
    let mut spec = o.spec(index, shares)?;
    if let Some(t) = throughput {
        spec.throughput_factor = t;
    }
    Ok(spec)
}

/// One option's deadline-safe Monte Carlo before it runs ([`Scenario::deadline_inputs`]):
/// equal inputs give equal results.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DeadlineInput {
    /// The job (whole-job prices per hour in `from`, hours, interruption rate).
    pub job: DeadlineJob,
    /// Trials to draw.
    pub trials: u32,
    /// Seed of the draws.
    pub seed: u64,
    /// The option's currency.
    pub from: Currency,
    /// The display currency.
    pub to: Currency,
    /// USD per CNY used to convert.
    pub rate: ExchangeRate,
}

impl DeadlineInput {
    /// Runs the trials ([`deadline_spot`]) and converts the amounts to the display currency.
    /// Errors: the job's or the trials' ([`deadline_spot`]), no usable rate.
    pub fn run(&self) -> Result<DeadlineSpot, FileError> {
        Ok(deadline_spot(
            &self.job,
            self.trials,
            self.seed,
            FieldPath::of(Field::DeadlineSpot),
        )?
        .in_currency(self.from, self.to, self.rate)?)
    }
}
