//! The scenario file at the edges: a share link, the stored state, an imported or exported
//! file become the app's typed [`Scenario`] through [`Scenario::from_file`] (checked by the
//! engine with the offers of a [`Catalog`]) and are written back with [`Scenario::to_file`]
//! and [`Scenario::portable_file`]. Lossless: `from_file(to_file(s)) == s`, and a file read and
//! written back keeps every field the app understands (its defaults may be left out).

use super::{Conventions, MonteCarlo, Scenario};
use crate::validation::MAX_COMPARED;
use planner_core::catalog::query::Catalog;
use planner_core::error::FileError;
use planner_core::file::{
    BuyFile, CheckpointFile, Mode, MonteCarloFile, OptionFile, ScenarioFile, SharesFile,
    WorkloadFile, VERSION,
};
use planner_core::option::{OnDemandPrices, OptionInput, SpotPrices};
use planner_engine::plan::{FleetLoad, JobLoad, JobSize, Shares, Workload};
use planner_engine::risk::Checkpointing;
use planner_engine::tco::OwnedServer;
use planner_engine::{Billing, ExchangeRate};
use thiserror::Error;

/// Why a scenario file cannot become the app's scenario.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum FromFileError {
    /// The file is invalid for the engine (the error names the field's path).
    #[error("{0}")]
    Invalid(#[from] FileError),
    /// More options than the app compares at once.
    #[error("the file compares {0} options; the app compares at most {MAX_COMPARED}")]
    TooManyOptions(usize),
}

impl Scenario {
    /// The app's scenario from a scenario file, its offers looked up in `catalog` (the bundled
    /// offers and the user's imported ones). Errors: the file is invalid for the engine
    /// ([`ScenarioFile::load_in`], with its field path; an empty `options` list is allowed
    /// here), or it compares more than [`MAX_COMPARED`] options.
    pub fn from_file(file: ScenarioFile, catalog: &Catalog<'_>) -> Result<Scenario, FromFileError> {
        if file.options.len() > MAX_COMPARED {
            return Err(FromFileError::TooManyOptions(file.options.len()));
        }
        // Everything the engine checks, with its messages; then the typed values are taken
        // from what it loaded, and the options read once more into their typed form.
        let loaded = if file.options.is_empty() {
            // Check everything but the options, with a placeholder option.
            let mut probe = file.clone();
            probe.options.push(OptionFile {
                on_demand_per_hour: Some(1.0),
                ..OptionFile::default()
            });
            probe.load_in(catalog)?
        } else {
            file.load_in(catalog)?
        };
        let options = file
            .options
            .iter()
            .enumerate()
            .map(|(i, o)| OptionInput::from_file(i, o, catalog))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Scenario {
            name: file.name,
            conventions: Conventions {
                month: loaded.plan.months,
                currency: loaded.currency,
                rate: file
                    .usd_per_cny
                    .map(|usd_per_cny| ExchangeRate { usd_per_cny }),
                rate_as_of: file.rate_as_of,
            },
            workload: loaded.plan.workload,
            horizon_months: loaded.plan.horizon_months,
            checkpoint: file.checkpoint.map(|c| Checkpointing {
                interval_hours: c.interval_hours,
                write_hours: c.write_hours,
                restart_hours: c.restart_hours,
            }),
            storage_gb: loaded.plan.storage_gb,
            egress_gb_per_month: loaded.plan.egress_gb_per_month,
            contingency_pct: loaded.plan.contingency_pct,
            portfolio: file.portfolio.map(|p| Shares {
                reserved: p.reserved,
                spot: p.spot,
            }),
            montecarlo: file.montecarlo.map(|m| MonteCarlo {
                trials: m.trials,
                seed: m.seed,
            }),
            deadline_spot: file.deadline_spot,
            buy: loaded.plan.buy,
            options,
        })
    }

    /// The scenario as a scenario file (`docs/scenario-format.md`; the workload's defaults left
    /// out: 7 days a week, start at 0:00, scaling efficiency 1). [`Scenario::from_file`] of it gives this
    /// scenario back. With no option picked, `options` is empty, which [`ScenarioFile::load`]
    /// refuses.
    #[must_use]
    pub fn to_file(&self) -> ScenarioFile {
        let workload = match self.workload {
            Workload::Fleet(f) => WorkloadFile {
                mode: Mode::Fleet,
                gpus: Some(f.gpus),
                hours_per_day: Some(f.hours_per_day),
                days_per_week: (f.days_per_week != FleetLoad::DAYS_IN_WEEK)
                    .then_some(f.days_per_week),
                start_hour: (f.start_hour != FleetLoad::DEFAULT_START_HOUR).then_some(f.start_hour),
                gpu_hours: None,
                within_months: None,
                scaling_efficiency: None,
            },
            Workload::Job(j) => WorkloadFile {
                mode: Mode::Job,
                gpus: match j.size {
                    JobSize::Gpus(n) => Some(n),
                    JobSize::WithinMonths(_) => None,
                },
                hours_per_day: None,
                days_per_week: None,
                start_hour: None,
                gpu_hours: Some(j.gpu_hours),
                within_months: match j.size {
                    JobSize::WithinMonths(m) => Some(m),
                    JobSize::Gpus(_) => None,
                },
                scaling_efficiency: (j.scaling_efficiency != JobLoad::PERFECT_SCALING)
                    .then_some(j.scaling_efficiency),
            },
        };
        let c = &self.conventions;
        ScenarioFile {
            version: VERSION,
            name: self.name.clone(),
            month: c.month.unit_label().to_string(),
            start: self.calendar_start(),
            horizon_months: self.horizon_months,
            currency: c.currency.code().to_string(),
            usd_per_cny: c.rate.map(|r| r.usd_per_cny),
            rate_as_of: c.rate_as_of.clone(),
            workload,
            portfolio: self.portfolio.map(|p| SharesFile {
                reserved: p.reserved,
                spot: p.spot,
            }),
            checkpoint: self.checkpoint.map(|c| CheckpointFile {
                interval_hours: c.interval_hours,
                write_hours: c.write_hours,
                restart_hours: c.restart_hours,
            }),
            storage_gb: self.storage_gb,
            egress_gb_per_month: self.egress_gb_per_month,
            contingency_pct: self.contingency_pct,
            montecarlo: self.montecarlo.map(|m| MonteCarloFile {
                trials: m.trials,
                seed: m.seed,
            }),
            // Job mode only (the file refuses it in fleet mode); kept in the state so switching
            // back to job mode restores it.
            deadline_spot: self.deadline_spot.filter(|_| self.is_job()),
            buy: self.buy.map(buy_file),
            options: self.options.iter().map(OptionInput::to_file).collect(),
        }
    }

    /// [`Scenario::to_file`] with every option on an imported offer ("your price", ids
    /// `user/…`, known only to this page's state) written out inline: name, as-of date,
    /// currency, GPUs per instance, on-demand price per instance-hour, billing rule and the
    /// spot price, where the option does not already set them, and no offer id. A share link
    /// or exported file made from it opens the same totals in a browser that never imported
    /// that price list. Catalog offers stay referenced by id (every build bundles them).
    #[must_use]
    pub fn portable_file(&self) -> ScenarioFile {
        let mut portable = self.clone();
        for o in &mut portable.options {
            let Some(r) = o.offer.filter(|r| r.is_imported()) else {
                continue;
            };
            let offer = r.offer;
            o.name.get_or_insert_with(|| offer.label());
            o.prices_as_of
                .get_or_insert_with(|| r.source.as_of.to_string());
            o.currency.get_or_insert(offer.currency);
            o.gpus_per_instance.get_or_insert(offer.gpu_count);
            if o.on_demand.is_none() {
                o.on_demand = offer.on_demand_per_hour.map(OnDemandPrices::Flat);
            }
            o.billing.get_or_insert(Billing {
                granularity_seconds: offer.billing.granularity_seconds,
                minimum_seconds: offer.billing.minimum_seconds,
            });
            if let (Some(spot), Some(p)) = (o.spot.as_mut(), offer.spot_per_hour) {
                if spot.prices == SpotPrices::Offer {
                    spot.prices = SpotPrices::Flat(p);
                }
            }
            o.offer = None;
        }
        portable.to_file()
    }
}

/// The owned server as the file writes it.
fn buy_file(b: OwnedServer) -> BuyFile {
    BuyFile {
        gpus: b.gpus,
        purchase: b.purchase,
        life_years: b.life_years,
        residual: b.residual,
        kw: b.kw,
        pue: b.pue,
        price_per_kwh: b.price_per_kwh,
        ops_per_month: b.ops_per_month,
    }
}
