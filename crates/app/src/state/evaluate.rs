//! The engine run on the app's scenario: every option's results, the inputs and results of the
//! risk bands' Monte Carlo, and the offer table's scenario totals.

use super::Scenario;
use planner_core::catalog::Offer;
use planner_core::file::{self, OptionFile, ScenarioFile};
use planner_engine::montecarlo::Band as MonteBand;
use planner_engine::plan::OptionResult;
use planner_engine::EngineError;
use std::collections::HashMap;

impl Scenario {
    /// Every compared option's results from the engine (all cost components, commitment,
    /// per-GPU-hour and per-job figures), in the display currency and pick order; empty when
    /// nothing is picked. Errors: the first invalid option or plan field, named by its path
    /// (e.g. `options[2].portfolio.spot: a spot share needs spot prices`).
    pub fn evaluate(&self) -> Result<Vec<OptionResult>, EngineError> {
        if self.file.options.is_empty() {
            return Ok(Vec::new());
        }
        // A job's length depends on each GPU's speed: options without an override take the
        // catalog GPU's throughput (fleet figures do not depend on it).
        let mut file = self.file.clone();
        if self.is_job() {
            for (i, o) in file.options.iter_mut().enumerate() {
                if o.throughput_factor.is_none() {
                    o.throughput_factor = Some(self.option_throughput(i).0);
                }
            }
        }
        // The closed form only: a file's `montecarlo` section is for `gpurent eval`; the page's
        // bands are computed apart, per option, after the lines are drawn (`risk_bands`).
        let loaded = file.load()?;
        planner_engine::plan::evaluate(&loaded.plan, &loaded.options, loaded.currency, loaded.rate)
    }

    /// Per option (in order): what its risk band's Monte Carlo needs, for options with
    /// interruption risk (a spot share with interruptions, or host failures); `None` for the
    /// others, which have no spread. Empty when nothing is picked. Equal inputs give equal
    /// bands, so the app recomputes only the bands whose inputs changed.
    #[must_use]
    pub fn band_inputs(&self) -> Vec<Option<BandInput>> {
        self.file
            .options
            .iter()
            .map(|o| {
                let spot_risk = o.portfolio.is_some_and(|p| p.spot > 0.0)
                    && o.spot
                        .as_ref()
                        .is_some_and(|s| s.interruptions_per_hour > 0.0);
                (spot_risk || o.failures_per_hour > 0.0).then(|| BandInput {
                    key: ScenarioFile {
                        options: vec![o.clone()],
                        ..self.file.clone()
                    },
                })
            })
            .collect()
    }

    /// Per option (in order): the P10/P50/P90 of its cumulative cost at each month end over
    /// [`BAND_TRIALS`] seeded Monte-Carlo trials, in the display currency, for options with
    /// interruption risk (see [`Scenario::band_inputs`]); `None` for the others, which have no
    /// spread. Empty when nothing is picked or the scenario is invalid.
    #[must_use]
    pub fn risk_bands(&self) -> Vec<Option<Vec<MonteBand>>> {
        if self.file.options.is_empty() {
            return Vec::new();
        }
        let mut file = self.file.clone();
        if self.is_job() {
            for (i, o) in file.options.iter_mut().enumerate() {
                if o.throughput_factor.is_none() {
                    o.throughput_factor = Some(self.option_throughput(i).0);
                }
            }
        }
        let Ok(loaded) = file.load() else {
            return Vec::new();
        };
        self.band_inputs()
            .iter()
            .zip(&loaded.options)
            .map(|(input, spec)| {
                input.as_ref()?;
                let m = planner_engine::montecarlo::monte_carlo(&loaded.plan, spec, BAND_TRIALS, 1)
                    .ok()?;
                let m = m
                    .in_currency(spec.currency, loaded.currency, loaded.rate)
                    .ok()?;
                Some(m.cumulative)
            })
            .collect()
    }

    /// What each of `offers` would cost all on demand under this scenario's plan (workload,
    /// horizon, month convention, storage, egress, contingency), converted to the display
    /// currency: the offer table's "scenario total" column. Keyed by offer id; offers the
    /// engine cannot cost (or convert) are left out. About 1.3 ms for the whole catalog.
    #[must_use]
    pub fn offer_totals(&self, offers: &[&'static Offer]) -> HashMap<String, f64> {
        let mut probe = self.file.clone();
        probe.options = vec![OptionFile {
            on_demand_per_hour: Some(1.0),
            ..OptionFile::default()
        }];
        let Ok(loaded) = probe.load() else {
            return HashMap::new();
        };
        let (display, rate) = (self.display_currency(), self.rate());
        offers
            .iter()
            .filter_map(|o| {
                let r =
                    planner_engine::plan::evaluate_option(&loaded.plan, &file::offer_spec(o), None)
                        .ok()?;
                let total = rate.convert(r.total, o.currency, display).ok()?;
                total.is_finite().then(|| (o.id.to_string(), total))
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

/// One option's risk band input (from [`Scenario::band_inputs`]): the scenario file with that
/// option only, which determines the plan, the option and the display currency. Two inputs are
/// equal exactly when those files are.
#[derive(Clone, Debug, PartialEq)]
pub struct BandInput {
    key: ScenarioFile,
}

impl BandInput {
    /// P10/P50/P90 of the option's cumulative cost at each month end (one entry per month)
    /// over [`BAND_TRIALS`] Monte-Carlo trials with seed 1, in the display currency; `None`
    /// when the scenario is invalid or the engine refuses.
    #[must_use]
    pub fn run(&self) -> Option<Vec<MonteBand>> {
        Scenario {
            file: self.key.clone(),
        }
        .risk_bands()
        .pop()
        .flatten()
    }
}
