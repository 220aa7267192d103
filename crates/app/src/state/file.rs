//! The scenario file at the edges: a share link, the stored state, an imported or exported
//! file become the app's [`Scenario`] through [`Scenario::from_file`] (checked by the engine,
//! lossless) and are written back with [`Scenario::to_file`] and [`Scenario::portable_file`].

use super::Scenario;
use crate::validation::MAX_COMPARED;
use planner_core::file::{OptionFile, ScenarioFile};
use planner_engine::EngineError;
use thiserror::Error;

/// Why a scenario file cannot become the app's scenario.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum FromFileError {
    /// The file is invalid for the engine (the message names the field's path).
    #[error("{0}")]
    Invalid(#[from] EngineError),
    /// More options than the app compares at once.
    #[error("the file compares {0} options; the app compares at most {MAX_COMPARED}")]
    TooManyOptions(usize),
}

impl Scenario {
    /// The scenario as an engine scenario file (lossless: [`Scenario::from_file`] of it gives
    /// this scenario back). With no option picked, `options` is empty, which
    /// [`ScenarioFile::load`] refuses: evaluate only a scenario with options.
    #[must_use]
    pub fn to_file(&self) -> ScenarioFile {
        self.file.clone()
    }

    /// [`Scenario::to_file`] with every option that refers to an imported offer ("your price",
    /// ids `user/…`, registered only in this page by [`planner_core::catalog::user`]) written out
    /// inline: name, as-of date, currency, GPUs per instance, on-demand price per
    /// instance-hour, billing rule and the spot price, where the option does not already set
    /// them, and no offer id. A share link or exported file made from it opens the same
    /// totals in a browser that never imported that price list. Catalog offers stay referenced
    /// by id (every build bundles them).
    #[must_use]
    pub fn portable_file(&self) -> ScenarioFile {
        let mut file = self.to_file();
        for o in &mut file.options {
            let Some(offer) = o
                .offer
                .as_deref()
                .and_then(planner_core::catalog::offer_by_id_ignore_case)
            else {
                continue;
            };
            if !planner_core::catalog::user::is_user_offer(offer) {
                continue;
            }
            o.name.get_or_insert_with(|| offer.label());
            o.prices_as_of
                .get_or_insert_with(|| offer.source().as_of.to_string());
            o.currency
                .get_or_insert_with(|| offer.currency.code().to_string());
            o.gpus_per_instance.get_or_insert(offer.gpu_count);
            if o.on_demand_per_hour.is_none() && o.schedule.is_none() {
                o.on_demand_per_hour = Some(offer.on_demand_per_hour);
            }
            if o.billing.is_none() {
                o.billing = Some(planner_core::file::BillingFile {
                    granularity_seconds: offer.billing.granularity_seconds,
                    minimum_seconds: offer.billing.minimum_seconds,
                });
            }
            if let (Some(spot), Some(p)) = (o.spot.as_mut(), offer.spot_per_hour) {
                if spot.per_hour.is_none() && spot.hourly.is_none() {
                    spot.per_hour = Some(p);
                }
            }
            o.offer = None;
        }
        file
    }

    /// The app's scenario from an engine scenario file, unchanged (so
    /// `Scenario::from_file(f)?.to_file() == f`). Errors: the file is invalid for the engine
    /// ([`ScenarioFile::load`]; an empty `options` list is allowed here), or it compares more
    /// than [`MAX_COMPARED`] options.
    pub fn from_file(file: ScenarioFile) -> Result<Scenario, FromFileError> {
        if file.options.len() > MAX_COMPARED {
            return Err(FromFileError::TooManyOptions(file.options.len()));
        }
        if file.options.is_empty() {
            // Validate everything but the options with a placeholder option.
            let mut probe = file.clone();
            probe.options.push(OptionFile {
                on_demand_per_hour: Some(1.0),
                ..OptionFile::default()
            });
            probe.load()?;
        } else {
            file.load()?;
        }
        Ok(Scenario { file })
    }
}
