//! A compared option as typed values ([`OptionInput`]): the offer it refers to, resolved with
//! its source ([`ResolvedOffer`], bundled or imported), and the inline prices and strategy that
//! override or complete it. [`OptionInput::spec`] makes the engine's [`OptionSpec`] from it; the
//! scenario file's options ([`OptionFile`]) are read into it ([`OptionInput::from_file`], every
//! check of `docs/scenario-format.md` with its field path) and written back from it
//! ([`OptionInput::to_file`]). The app's state holds these, not the file's text.

use crate::catalog::query::{Catalog, ResolvedOffer};
use crate::catalog::support::SupportPlanInfo;
use crate::error::{FileError, FileProblem};
use crate::file::{
    AllowanceFile, BillingFile, FreeFile, OptionFile, PackagesFile, ReservedFile, SavingsPlanFile,
    ScheduleFile, SettlementFile, SharesFile, SpotFile, SupportFile, TierFile,
};
use planner_engine::billing::{Allowance, ReservedTerm, Schedule, SpotMarket};
use planner_engine::packages::Packages;
use planner_engine::plan::{OptionSpec, Shares};
use planner_engine::savings_plan::SavingsPlan;
use planner_engine::settlement::Settlement;
use planner_engine::support::{SupportPlan, SupportTier};
use planner_engine::{Billing, Currency, Field, FieldPath};

/// Peak hours of a peak/off-peak schedule when the file gives none: 8:00 to 22:00.
pub const DEFAULT_PEAK_HOURS: (u32, u32) = (8, 22);

/// On-demand prices given inline, per instance-hour in the option's currency.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum OnDemandPrices {
    /// The same price all day.
    Flat(f64),
    /// `peak` from `from_hour` (inclusive) to `to_hour` (exclusive) o'clock, `off_peak` the
    /// other hours (wrapping past midnight when `from_hour > to_hour`): `schedule`, built and
    /// checked by [`Schedule::peak_off_peak`] when read.
    PeakOffPeak {
        /// Peak price per instance-hour.
        peak: f64,
        /// Off-peak price per instance-hour.
        off_peak: f64,
        /// First peak hour, 0–23.
        from_hour: u32,
        /// First hour after the peak, 0–23.
        to_hour: u32,
        /// The prices by hour of the day.
        schedule: Schedule,
    },
    /// One price per hour of the day.
    Hourly(Schedule),
}

impl OnDemandPrices {
    /// The engine's hour-of-day schedule.
    #[must_use]
    pub fn schedule(&self) -> Schedule {
        match *self {
            OnDemandPrices::Flat(p) => Schedule::flat(p),
            OnDemandPrices::PeakOffPeak { schedule, .. } | OnDemandPrices::Hourly(schedule) => {
                schedule
            }
        }
    }
}

/// Spot market prices of an option, per instance-hour in the option's currency.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SpotPrices {
    /// The offer's listed spot price (an option without an offer, or whose offer lists none,
    /// cannot use it: [`OptionInput::spec`] refuses, naming `spot.per_hour`).
    Offer,
    /// The same market price all day.
    Flat(f64),
    /// One market price per hour of the day.
    Hourly(Schedule),
}

/// How an option uses spot capacity.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpotInput {
    /// Market prices.
    pub prices: SpotPrices,
    /// Highest price paid per instance-hour; `None` = no cap.
    pub bid_cap_per_hour: Option<f64>,
    /// Interruptions (pre-emptions) per instance-hour while running, 0–10.
    pub interruptions_per_hour: f64,
}

/// Free allowances of an option (GPU-hours, storage GB-months, egress GB), each monthly and/or
/// once; all zero by default.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FreeAllowances {
    /// Free GPU-hours.
    pub gpu_hours: Allowance,
    /// Free storage, GB-months.
    pub storage_gb: Allowance,
    /// Free egress, GB.
    pub egress_gb: Allowance,
}

/// One compared option as typed values: a resolved offer and/or inline prices, and how it is
/// used. `None` in an `Option` field means "the offer's value" (or the engine's default without
/// an offer); prices are per instance-hour in the option's currency (the offer's, else
/// [`OptionInput::currency`], else USD).
#[derive(Debug, Default)]
pub struct OptionInput {
    /// Name in legends and tables (default: the offer's label, or `option N`).
    pub name: Option<String>,
    /// The offer whose prices, GPUs per instance, currency and billing rule it starts from.
    pub offer: Option<ResolvedOffer>,
    /// As-of date of the inline prices (default: the offer source's date).
    pub prices_as_of: Option<String>,
    /// Currency of the inline prices (must be the offer's, when there is one).
    pub currency: Option<Currency>,
    /// GPUs per instance (default: the offer's, else 1).
    pub gpus_per_instance: Option<u32>,
    /// On-demand prices (default: the offer's flat price).
    pub on_demand: Option<OnDemandPrices>,
    /// On-demand billing rule (default: the offer's, else exact time).
    pub billing: Option<Billing>,
    /// Whether work may move into the cheapest hours of a schedule.
    pub shiftable: bool,
    /// Work per GPU-hour relative to the reference GPU (default 1; job mode fills in the
    /// catalog GPU's ratio).
    pub throughput_factor: Option<f64>,
    /// Reserved term and its prices.
    pub reserved: Option<ReservedTerm>,
    /// Spot capacity.
    pub spot: Option<SpotInput>,
    /// Monthly package per instance (replaces hourly on-demand billing).
    pub monthly_package_per_instance: Option<f64>,
    /// Savings plan over the on-demand use (scenario format version 2).
    pub savings_plan: Option<SavingsPlan>,
    /// Support plan on the option's monthly charges (scenario format version 2).
    pub support: Option<SupportChoice>,
    /// Day/week/month/year packages beside hourly billing (scenario format version 2).
    pub packages: Option<Packages>,
    /// Settlement rounding of hourly billing (scenario format version 2).
    pub settlement: Option<Settlement>,
    /// Storage billed while nothing runs (scenario format version 2).
    pub storage_billed_while_stopped: bool,
    /// Host failures per instance-hour.
    pub failures_per_hour: f64,
    /// Free allowances.
    pub free: FreeAllowances,
    /// Storage price per GB-month.
    pub storage_per_gb_month: f64,
    /// Egress price per GB.
    pub egress_per_gb: f64,
    /// Reserved and spot shares (on-demand takes the rest); `None` = the scenario's default.
    pub portfolio: Option<Shares>,
}

/// Written out rather than derived: a derived `clone` or `eq` is `#[inline]`, so each crate
/// that clones or compares a scenario's options compiled its own copy into the wasm. The
/// struct literal names every field, so none can be forgotten.
impl Clone for OptionInput {
    fn clone(&self) -> Self {
        OptionInput {
            name: self.name.clone(),
            offer: self.offer,
            prices_as_of: self.prices_as_of.clone(),
            currency: self.currency,
            gpus_per_instance: self.gpus_per_instance,
            on_demand: self.on_demand,
            billing: self.billing,
            shiftable: self.shiftable,
            throughput_factor: self.throughput_factor,
            reserved: self.reserved,
            spot: self.spot,
            monthly_package_per_instance: self.monthly_package_per_instance,
            savings_plan: self.savings_plan,
            support: self.support.clone(),
            packages: self.packages,
            settlement: self.settlement,
            storage_billed_while_stopped: self.storage_billed_while_stopped,
            failures_per_hour: self.failures_per_hour,
            free: self.free,
            storage_per_gb_month: self.storage_per_gb_month,
            egress_per_gb: self.egress_per_gb,
            portfolio: self.portfolio,
        }
    }
}

/// Written out rather than derived, for the reason given on its `Clone` impl; the pattern
/// names every field, so none can be forgotten.
impl PartialEq for OptionInput {
    fn eq(&self, other: &Self) -> bool {
        let OptionInput {
            name,
            offer,
            prices_as_of,
            currency,
            gpus_per_instance,
            on_demand,
            billing,
            shiftable,
            throughput_factor,
            reserved,
            spot,
            monthly_package_per_instance,
            savings_plan,
            support,
            packages,
            settlement,
            storage_billed_while_stopped,
            failures_per_hour,
            free,
            storage_per_gb_month,
            egress_per_gb,
            portfolio,
        } = self;
        *name == other.name
            && *offer == other.offer
            && *prices_as_of == other.prices_as_of
            && *currency == other.currency
            && *gpus_per_instance == other.gpus_per_instance
            && *on_demand == other.on_demand
            && *billing == other.billing
            && *shiftable == other.shiftable
            && *throughput_factor == other.throughput_factor
            && *reserved == other.reserved
            && *spot == other.spot
            && *monthly_package_per_instance == other.monthly_package_per_instance
            && *savings_plan == other.savings_plan
            && *support == other.support
            && *packages == other.packages
            && *settlement == other.settlement
            && *storage_billed_while_stopped == other.storage_billed_while_stopped
            && *failures_per_hour == other.failures_per_hour
            && *free == other.free
            && *storage_per_gb_month == other.storage_per_gb_month
            && *egress_per_gb == other.egress_per_gb
            && *portfolio == other.portfolio
    }
}

impl OptionInput {
    /// An all-on-demand option on `offer` (no inline prices, no strategy), with the catalog's
    /// defaults for its provider and offer: storage billed while stopped as the provider's
    /// sourced rule says ([`crate::catalog::stopped`]), and the offer's day/week/month/year
    /// package prices beside hourly billing ([`crate::catalog::package_prices`]). Both are
    /// ordinary fields the user may change; a file or link states them, so reading one never
    /// applies these defaults (saved scenarios keep their totals).
    #[must_use]
    pub fn on(offer: ResolvedOffer) -> OptionInput {
        OptionInput {
            offer: Some(offer),
            // The provider's rule for storage while stopped, where one is sourced.
            storage_billed_while_stopped: crate::catalog::stopped::stopped_billing(
                offer.offer.provider,
            )
            .is_some_and(|r| r.storage_billed),
            // The catalog's 包日/包周/包月/包年 prices, beside hourly billing.
            packages: crate::catalog::package_prices(offer.offer),
            ..OptionInput::default()
        }
    }

    /// Option `f` of a scenario file at position `index`, its offer resolved in `catalog`.
    /// Errors name the field (`options[1].spot.per_hour: …`), in the order the file's options
    /// have always been checked: the offer id, the currency (and that it is the offer's), the
    /// on-demand prices or schedule, the spot prices (and that there are some).
    pub fn from_file(
        index: usize,
        f: &OptionFile,
        catalog: &Catalog<'_>,
    ) -> Result<OptionInput, FileError> {
        let field = FieldPath::option(index);
        let p = |name: Field| field.field(name);
        let offer = match &f.offer {
            Some(id) => Some(catalog.resolve(id).ok_or_else(|| {
                FileError::new(
                    p(Field::Offer),
                    FileProblem::UnknownOffer(crate::error::quoted(id)),
                )
            })?),
            None => None,
        };
        let currency = match &f.currency {
            Some(code) => {
                let c = crate::file::currency(p(Field::Currency), code)?;
                if let Some(o) = offer.filter(|o| o.offer.currency != c) {
                    return Err(FileError::new(
                        p(Field::Currency),
                        FileProblem::OfferCurrency(o.offer.currency),
                    ));
                }
                Some(c)
            }
            None => None,
        };
        let on_demand = match (f.on_demand_per_hour, &f.schedule) {
            (Some(_), Some(_)) => {
                return Err(FileError::new(
                    p(Field::Schedule),
                    FileProblem::Exclusive(Field::OnDemandPerHour, Field::Schedule),
                ))
            }
            (Some(price), None) => {
                planner_engine::positive(p(Field::OnDemandPerHour), price)?;
                Some(OnDemandPrices::Flat(price))
            }
            (None, Some(s)) => {
                let sf = p(Field::Schedule);
                Some(match (&s.hourly, s.peak_per_hour, s.off_peak_per_hour) {
                    (Some(h), None, None) => {
                        OnDemandPrices::Hourly(crate::file::hourly(sf.field(Field::Hourly), h)?)
                    }
                    (None, Some(peak), Some(off_peak)) => {
                        let (from_hour, to_hour) = (
                            s.peak_from_hour.unwrap_or(DEFAULT_PEAK_HOURS.0),
                            s.peak_to_hour.unwrap_or(DEFAULT_PEAK_HOURS.1),
                        );
                        OnDemandPrices::PeakOffPeak {
                            peak,
                            off_peak,
                            from_hour,
                            to_hour,
                            schedule: Schedule::peak_off_peak(
                                sf, peak, off_peak, from_hour, to_hour,
                            )?,
                        }
                    }
                    _ => return Err(FileError::new(sf, FileProblem::ScheduleForm)),
                })
            }
            (None, None) => None,
        };
        let spot = match &f.spot {
            Some(s) => {
                let sf = p(Field::Spot);
                let prices = match (s.per_hour, &s.hourly) {
                    (Some(_), Some(_)) => {
                        return Err(FileError::new(
                            sf,
                            FileProblem::Exclusive(Field::PerHour, Field::Hourly),
                        ))
                    }
                    (Some(x), None) => {
                        planner_engine::positive(sf.field(Field::PerHour), x)?;
                        SpotPrices::Flat(x)
                    }
                    (None, Some(h)) => {
                        SpotPrices::Hourly(crate::file::hourly(sf.field(Field::Hourly), h)?)
                    }
                    (None, None) => {
                        offer_spot(offer, sf)?;
                        SpotPrices::Offer
                    }
                };
                Some(SpotInput {
                    prices,
                    bid_cap_per_hour: s.bid_cap_per_hour,
                    interruptions_per_hour: s.interruptions_per_hour,
                })
            }
            None => None,
        };
        let support = match &f.support {
            Some(s) => Some(support_choice(p(Field::Support), s)?),
            None => None,
        };
        if f.packages.is_some() && f.monthly_package_per_instance.is_some() {
            return Err(FileError::new(
                p(Field::Packages),
                FileProblem::Exclusive(Field::MonthlyPackagePerInstance, Field::Packages),
            ));
        }
        let packages = f.packages.map(|k| Packages {
            per_day: k.per_day,
            per_week: k.per_week,
            per_month: k.per_month,
            per_year: k.per_year,
        });
        let allowance = |a: AllowanceFile| Allowance {
            monthly: a.monthly,
            once: a.once,
        };
        Ok(OptionInput {
            name: f.name.clone(),
            offer,
            prices_as_of: f.prices_as_of.clone(),
            currency,
            gpus_per_instance: f.gpus_per_instance,
            on_demand,
            billing: f.billing.map(|b| Billing {
                granularity_seconds: b.granularity_seconds,
                minimum_seconds: b.minimum_seconds,
            }),
            shiftable: f.shiftable,
            throughput_factor: f.throughput_factor,
            reserved: f.reserved.map(|r| ReservedTerm {
                term_months: r.term_months,
                upfront: r.upfront,
                recurring_per_hour: r.recurring_per_hour,
            }),
            spot,
            monthly_package_per_instance: f.monthly_package_per_instance,
            savings_plan: f.savings_plan.map(|p| SavingsPlan {
                commitment_per_hour: p.commitment_per_hour,
                plan_per_hour: p.plan_per_hour,
                term_months: p.term_months,
            }),
            support,
            packages,
            settlement: f.settlement.map(|s| Settlement {
                period_seconds: s.period_seconds,
                unit: s.unit,
                round_up: s.round_up,
            }),
            storage_billed_while_stopped: f.storage_billed_while_stopped,
            failures_per_hour: f.failures_per_hour,
            free: f
                .free
                .map_or_else(FreeAllowances::default, |fr| FreeAllowances {
                    gpu_hours: allowance(fr.gpu_hours),
                    storage_gb: allowance(fr.storage_gb),
                    egress_gb: allowance(fr.egress_gb),
                }),
            storage_per_gb_month: f.storage_per_gb_month,
            egress_per_gb: f.egress_per_gb,
            portfolio: f.portfolio.map(|s| Shares {
                reserved: s.reserved,
                spot: s.spot,
            }),
        })
    }

    /// The option as a scenario file writes it (the offer by its id; no `free` section when
    /// every allowance is zero; a peak/off-peak schedule with its hours). [`OptionInput::from_file`]
    /// of it gives this option back.
    #[must_use]
    pub fn to_file(&self) -> OptionFile {
        let allowance = |a: Allowance| AllowanceFile {
            monthly: a.monthly,
            once: a.once,
        };
        let hourly = |s: &Schedule| Some(s.per_hour.to_vec());
        let (on_demand_per_hour, schedule) = match &self.on_demand {
            None => (None, None),
            Some(OnDemandPrices::Flat(p)) => (Some(*p), None),
            Some(OnDemandPrices::PeakOffPeak {
                peak,
                off_peak,
                from_hour,
                to_hour,
                ..
            }) => (
                None,
                Some(ScheduleFile {
                    peak_per_hour: Some(*peak),
                    off_peak_per_hour: Some(*off_peak),
                    // The peak hours are written even at their defaults (8-22): they are part of
                    // what the schedule says, and files and presets give them.
                    peak_from_hour: Some(*from_hour),
                    peak_to_hour: Some(*to_hour),
                    hourly: None,
                }),
            ),
            Some(OnDemandPrices::Hourly(s)) => (
                None,
                Some(ScheduleFile {
                    peak_per_hour: None,
                    off_peak_per_hour: None,
                    peak_from_hour: None,
                    peak_to_hour: None,
                    hourly: hourly(s),
                }),
            ),
        };
        OptionFile {
            name: self.name.clone(),
            offer: self.offer.map(|o| o.offer.id.to_string()),
            prices_as_of: self.prices_as_of.clone(),
            currency: self.currency.map(|c| c.code().to_string()),
            gpus_per_instance: self.gpus_per_instance,
            on_demand_per_hour,
            billing: self.billing.map(|b| BillingFile {
                granularity_seconds: b.granularity_seconds,
                minimum_seconds: b.minimum_seconds,
            }),
            schedule,
            shiftable: self.shiftable,
            throughput_factor: self.throughput_factor,
            reserved: self.reserved.map(|r| ReservedFile {
                term_months: r.term_months,
                upfront: r.upfront,
                recurring_per_hour: r.recurring_per_hour,
            }),
            spot: self.spot.map(|s| {
                let (per_hour, hourly) = match &s.prices {
                    SpotPrices::Offer => (None, None),
                    SpotPrices::Flat(p) => (Some(*p), None),
                    SpotPrices::Hourly(h) => (None, hourly(h)),
                };
                SpotFile {
                    per_hour,
                    hourly,
                    bid_cap_per_hour: s.bid_cap_per_hour,
                    interruptions_per_hour: s.interruptions_per_hour,
                }
            }),
            monthly_package_per_instance: self.monthly_package_per_instance,
            savings_plan: self.savings_plan.map(|p| SavingsPlanFile {
                commitment_per_hour: p.commitment_per_hour,
                plan_per_hour: p.plan_per_hour,
                term_months: p.term_months,
            }),
            support: self.support.as_ref().map(SupportChoice::to_file),
            packages: self.packages.map(|k| PackagesFile {
                per_day: k.per_day,
                per_week: k.per_week,
                per_month: k.per_month,
                per_year: k.per_year,
            }),
            settlement: self.settlement.map(|s| SettlementFile {
                period_seconds: s.period_seconds,
                unit: s.unit,
                round_up: s.round_up,
            }),
            storage_billed_while_stopped: self.storage_billed_while_stopped,
            failures_per_hour: self.failures_per_hour,
            free: (self.free != FreeAllowances::default()).then(|| FreeFile {
                gpu_hours: allowance(self.free.gpu_hours),
                storage_gb: allowance(self.free.storage_gb),
                egress_gb: allowance(self.free.egress_gb),
            }),
            storage_per_gb_month: self.storage_per_gb_month,
            egress_per_gb: self.egress_per_gb,
            portfolio: self.portfolio.map(|s| SharesFile {
                reserved: s.reserved,
                spot: s.spot,
            }),
        }
    }

    /// The engine's option at position `index` (errors name `options[index].…`), its shares
    /// `default_shares` unless it has its own. Errors: spot capacity on the offer's spot price
    /// when it lists none, or any rule of [`OptionSpec::validate`].
    pub fn spec(&self, index: usize, default_shares: Shares) -> Result<OptionSpec, FileError> {
        let field = FieldPath::option(index);
        let mut o = match self.offer {
            Some(offer) => crate::file::offer_spec_from(offer.offer, offer.source),
            None => {
                let mut o = OptionSpec::on_demand(
                    format!("option {}", index + 1),
                    Currency::Usd,
                    1.0,
                    1,
                    Billing::UNSTATED,
                );
                o.on_demand = None;
                o
            }
        };
        if let Some(n) = &self.name {
            o.name.clone_from(n);
        }
        if let Some(d) = &self.prices_as_of {
            o.prices_as_of = Some(d.clone());
        }
        if let Some(c) = self.currency {
            o.currency = c;
        }
        if let Some(g) = self.gpus_per_instance {
            o.gpus_per_instance = g;
        }
        if let Some(p) = &self.on_demand {
            o.on_demand = Some(p.schedule());
        }
        o.shiftable = self.shiftable;
        if let Some(b) = self.billing {
            o.billing = b;
        }
        if let Some(t) = self.throughput_factor {
            o.throughput_factor = t;
        }
        o.reserved = self.reserved;
        if let Some(s) = &self.spot {
            let prices = match s.prices {
                SpotPrices::Offer => offer_spot(self.offer, field.field(Field::Spot))?,
                SpotPrices::Flat(p) => Schedule::flat(p),
                SpotPrices::Hourly(h) => h,
            };
            o.spot = Some(SpotMarket {
                prices,
                bid_cap: s.bid_cap_per_hour,
                interruptions_per_hour: s.interruptions_per_hour,
            });
        }
        o.package_per_instance_month = self.monthly_package_per_instance;
        o.savings_plan = self.savings_plan;
        o.packages = self.packages;
        o.settlement = self.settlement;
        o.storage_billed_while_stopped = self.storage_billed_while_stopped;
        o.support = match &self.support {
            // Published plans are priced in USD.
            Some(SupportChoice::Published(_)) if o.currency != Currency::Usd => {
                return Err(FileError::new(
                    field.field(Field::Support).field(Field::SupportPlanId),
                    FileProblem::SupportCurrency(o.currency),
                ))
            }
            Some(s) => Some(s.plan()),
            None => None,
        };
        o.failures_per_hour = self.failures_per_hour;
        o.free_gpu_hours = self.free.gpu_hours;
        o.free_storage_gb = self.free.storage_gb;
        o.free_egress_gb = self.free.egress_gb;
        o.storage_per_gb_month = self.storage_per_gb_month;
        o.egress_per_gb = self.egress_per_gb;
        o.shares = self.portfolio.unwrap_or(default_shares);
        o.validate(field)?;
        Ok(o)
    }
}

/// A support plan on an option: a published one (USD) or one's own, in the option's currency.
#[derive(Clone, Debug, PartialEq)]
pub enum SupportChoice {
    /// A plan of [`crate::catalog::support::SUPPORT_PLANS`].
    Published(&'static SupportPlanInfo),
    /// A minimum and tiers given inline.
    Own(SupportPlan),
}

impl SupportChoice {
    /// The engine's plan.
    #[must_use]
    pub fn plan(&self) -> SupportPlan {
        match self {
            SupportChoice::Published(p) => p.plan(),
            SupportChoice::Own(p) => p.clone(),
        }
    }

    /// The scenario file's form.
    #[must_use]
    pub fn to_file(&self) -> SupportFile {
        match self {
            SupportChoice::Published(p) => SupportFile {
                plan: Some(p.id.to_string()),
                minimum_per_month: None,
                tiers: None,
            },
            SupportChoice::Own(p) => SupportFile {
                plan: None,
                minimum_per_month: Some(p.minimum),
                tiers: Some(
                    p.tiers
                        .iter()
                        .map(|t| TierFile {
                            up_to: t.up_to,
                            pct: t.pct,
                        })
                        .collect(),
                ),
            },
        }
    }
}

/// The support plan `s` at `field` (`options[i].support`): a published plan by id (no minimum
/// or tiers beside it), or one's own minimum (default 0) and tiers (default none), checked by
/// the engine.
fn support_choice(field: FieldPath, s: &SupportFile) -> Result<SupportChoice, FileError> {
    match &s.plan {
        Some(id) => {
            if s.minimum_per_month.is_some() || s.tiers.is_some() {
                let other = if s.tiers.is_some() {
                    Field::Tiers
                } else {
                    Field::MinimumPerMonth
                };
                return Err(FileError::new(
                    field,
                    FileProblem::Exclusive(Field::SupportPlanId, other),
                ));
            }
            crate::catalog::support::support_plan(id)
                .map(SupportChoice::Published)
                .ok_or_else(|| {
                    FileError::new(
                        field.field(Field::SupportPlanId),
                        FileProblem::UnknownSupportPlan(crate::error::quoted(id)),
                    )
                })
        }
        None => {
            let plan = SupportPlan {
                minimum: s.minimum_per_month.unwrap_or(0.0),
                tiers: s
                    .tiers
                    .iter()
                    .flatten()
                    .map(|t| SupportTier {
                        up_to: t.up_to,
                        pct: t.pct,
                    })
                    .collect(),
            };
            plan.validate(field)?;
            Ok(SupportChoice::Own(plan))
        }
    }
}

/// The spot prices `offer` lists, or the error naming `{field}.per_hour` when it lists none.
fn offer_spot(offer: Option<ResolvedOffer>, field: FieldPath) -> Result<Schedule, FileError> {
    offer
        .and_then(|o| o.offer.spot_per_hour)
        .map(Schedule::flat)
        .ok_or_else(|| FileError::new(field.field(Field::PerHour), FileProblem::NoSpotPrice))
}
