//! The user's scenario as the reducer holds it ([`Scenario`]): typed values (the workload, the
//! compared options with their offers resolved, the conventions), not the scenario file's text,
//! and what the editor reads from them. Derived figures (costs, series) are never stored here.
//! The actions that change a scenario are in [`crate::action`], their limits in
//! [`crate::validation`]; [`file`] converts a scenario to and from the scenario file at the
//! edges (links, storage, import, export), and [`evaluate`] runs the engine on it. Imports
//! neither views nor drawing.

pub mod evaluate;
pub mod file;

use planner_core::catalog::query::ResolvedOffer;
use planner_core::catalog::{self, Offer};
use planner_core::error::{FileError, FileProblem};
use planner_core::option::OptionInput;
use planner_engine::plan::{FleetLoad, JobLoad, JobSize, Shares, Workload};
use planner_engine::risk::Checkpointing;
use planner_engine::tco::OwnedServer;
use planner_engine::{Currency, ExchangeRate, Field, FieldPath, MonthConvention, MonthLength};

/// The fleet-mode workload as the editor shows it: `gpus` GPUs running `hours_per_day` hours
/// every day for `months` months of the chosen [`MonthConvention`] (see [`Scenario::fleet`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fleet {
    /// GPUs wanted (≥ 1). Instances are rented whole, so the billed GPU count may be higher.
    pub gpus: u32,
    /// Hours each GPU runs per day, 0–24. Each day's run is one billed run.
    pub hours_per_day: f64,
    /// Planning horizon in months (≥ 1).
    pub months: u32,
    /// Month length used to turn days and months into hours.
    pub month: MonthConvention,
}

/// The job-mode workload as the editor shows it (see [`Scenario::job`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Job {
    /// Work in reference GPU-hours (A100 80GB, dense BF16).
    pub gpu_hours: f64,
    /// GPUs the job runs on, when sized by a GPU count.
    pub gpus: Option<u32>,
    /// Months the job must finish within, when sized by a deadline.
    pub within_months: Option<f64>,
    /// Multi-GPU scaling efficiency η, (0, 1].
    pub scaling_efficiency: f64,
}

/// How months are counted and money shown: the month convention (fixed hours, or calendar
/// months from a start month), the display currency and the USD/CNY rate.
#[derive(Clone, Debug, PartialEq)]
pub struct Conventions {
    /// Month length.
    pub month: MonthLength,
    /// Currency totals are shown in.
    pub currency: Currency,
    /// The user's USD/CNY rate; `None` = the catalog's source rate
    /// ([`ExchangeRate::CATALOG_DEFAULT`]).
    pub rate: Option<ExchangeRate>,
    /// Date the rate was read (free text), shown with results.
    pub rate_as_of: Option<String>,
}

/// Monte-Carlo settings of the risk bands (the page's, and `gpurent eval`'s): trials per
/// option and seed; a scenario without them uses [`evaluate::BAND_TRIALS`] trials, seed 1
/// ([`Scenario::monte_carlo`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MonteCarlo {
    /// Trials per option.
    pub trials: u32,
    /// Seed of the random stream.
    pub seed: u64,
}

/// Everything the user has chosen, as typed values: the workload (the engine's
/// [`Workload`]), the horizon, the conventions, checkpoints, storage, egress and contingency,
/// the owned server, and the compared options ([`OptionInput`]: each a resolved offer, bundled
/// or imported, and/or inline prices, with its strategy). Built from a scenario file at the
/// edges and written back to one there ([`Scenario::from_file`], [`Scenario::to_file`]:
/// lossless); checked by the engine when built and by the reducer on every change
/// ([`crate::action`]). Unlike a file, the app's scenario may hold no option at all.
#[derive(Debug)]
pub struct Scenario {
    pub(crate) name: Option<String>,
    pub(crate) conventions: Conventions,
    pub(crate) workload: Workload,
    /// `None`: a job runs until finished.
    pub(crate) horizon_months: Option<u32>,
    /// `None`: the engine's default (hourly checkpoints that take no time); the editor shows
    /// Young's interval until one is set ([`Scenario::checkpoint`]).
    pub(crate) checkpoint: Option<Checkpointing>,
    pub(crate) storage_gb: f64,
    pub(crate) egress_gb_per_month: f64,
    pub(crate) contingency_pct: f64,
    /// Shares of every option that has none of its own; `None` = all on demand.
    pub(crate) portfolio: Option<Shares>,
    pub(crate) montecarlo: Option<MonteCarlo>,
    /// Deadline-safe spot settings (job mode); `None` = not evaluated.
    pub(crate) deadline_spot: Option<planner_core::file::DeadlineSpotFile>,
    pub(crate) buy: Option<OwnedServer>,
    pub(crate) options: Vec<OptionInput>,
}

/// Written out rather than derived: a derived `clone` or `eq` is `#[inline]`, so every crate
/// and every memo that clones or compares the scenario (the web app does, on each render)
/// compiled and inlined its own copy into the wasm. The struct literal names every field, so
/// none can be forgotten.
impl Clone for Scenario {
    fn clone(&self) -> Self {
        Scenario {
            name: self.name.clone(),
            conventions: self.conventions.clone(),
            workload: self.workload,
            horizon_months: self.horizon_months,
            checkpoint: self.checkpoint,
            storage_gb: self.storage_gb,
            egress_gb_per_month: self.egress_gb_per_month,
            contingency_pct: self.contingency_pct,
            portfolio: self.portfolio,
            montecarlo: self.montecarlo,
            deadline_spot: self.deadline_spot,
            buy: self.buy,
            options: self.options.clone(),
        }
    }
}

/// Written out rather than derived, for the reason given on its `Clone` impl; the pattern
/// names every field, so none can be forgotten.
impl PartialEq for Scenario {
    fn eq(&self, other: &Self) -> bool {
        let Scenario {
            name,
            conventions,
            workload,
            horizon_months,
            checkpoint,
            storage_gb,
            egress_gb_per_month,
            contingency_pct,
            portfolio,
            montecarlo,
            deadline_spot,
            buy,
            options,
        } = self;
        *name == other.name
            && *conventions == other.conventions
            && *workload == other.workload
            && *horizon_months == other.horizon_months
            && *checkpoint == other.checkpoint
            && *storage_gb == other.storage_gb
            && *egress_gb_per_month == other.egress_gb_per_month
            && *contingency_pct == other.contingency_pct
            && *portfolio == other.portfolio
            && *montecarlo == other.montecarlo
            && *deadline_spot == other.deadline_spot
            && *buy == other.buy
            && *options == other.options
    }
}

/// The instance types compared when the app opens: 8× A100 machines of four clouds, so the first
/// chart already answers a real question.
pub const DEFAULT_PICKS: [(&str, &str); 4] = [
    ("AWS", "p4d.24xlarge"),
    ("Azure", "Standard_ND96asr_v4"),
    ("Google Cloud", "a2-highgpu-8g"),
    ("Lambda", "gpu_8x_a100_80gb_sxm4"),
];

/// The offers compared when the page opens in Chinese with nothing stored (issue 16,
/// "Chinese first"): mainland offers priced in CNY, a marketplace and two clouds: AutoDL's
/// RTX 4090 and A800 80GB (single-GPU instances), Alibaba Cloud's 8× A100 80GB
/// (ecs.sccgn7ex.32xlarge, cn-beijing) and Tencent Cloud's 8× V100 32GB (gn10xp.20xlarge320,
/// ap-nanjing), by catalog id.
pub const MAINLAND_PICKS: [&str; 4] = [
    "cn-offers-2026-10-04/autodl/rtx 4090",
    "cn-offers-2026-09-29/autodl/a800 80gb",
    "skypilot-alicloud-003c56a/ecs.sccgn7ex.32xlarge",
    "skypilot-tencentcloud/gn10xp.20xlarge320",
];

/// Date of the catalog's default USD/CNY rate ([`ExchangeRate::CATALOG_DEFAULT`], 0.138): the
/// Alibaba source's CNY prices converted at it match the provider's own quotes of this day
/// (data/catalog-sources/PROVENANCE.md, "Currency").
pub const CATALOG_RATE_AS_OF: &str = "2026-09-24";

/// A user's rate this far from the catalog's (as a fraction of it) is warned beside the field:
/// a year's USD/CNY moves rarely exceed a few per cent, so 15 % is more likely a typing or
/// direction mistake (CNY per USD typed as USD per CNY is a factor of about 50).
pub const RATE_WARN_FRACTION: f64 = 0.15;

/// GPUs of the default fleet (and of a fleet made from a job sized by a deadline).
pub const DEFAULT_GPUS: u32 = 8;
/// Hours per day of the default fleet.
pub const DEFAULT_HOURS_PER_DAY: f64 = 24.0;
/// Horizon of the default fleet, months.
pub const DEFAULT_MONTHS: u32 = 12;
/// Work of a job when job mode is first chosen: 10,000 reference GPU-hours.
pub const DEFAULT_JOB_GPU_HOURS: f64 = 10_000.0;
/// Interruption rate of new spot variants when no option has one yet: one every 50 hours.
pub const DEFAULT_SPOT_INTERRUPTIONS: f64 = 0.02;

/// The owned server first offered for rent vs buy (the example of docs/cost-model.md, "Buy vs
/// rent"): 8 GPUs, 250,000 purchase, 3 years, 10 % residual, 6.5 kW at PUE 1.3 and 0.12 per
/// kWh, 1,500 ops per month, in the display currency.
pub const DEFAULT_BUY: OwnedServer = OwnedServer {
    gpus: 8,
    purchase: 250_000.0,
    life_years: 3.0,
    residual: 0.1,
    kw: 6.5,
    pue: 1.3,
    price_per_kwh: 0.12,
    ops_per_month: 1500.0,
};

impl Default for Scenario {
    fn default() -> Self {
        let options = DEFAULT_PICKS
            .iter()
            .filter_map(|(p, t)| {
                catalog::OFFERS
                    .iter()
                    .find(|o| o.provider == *p && o.instance_type == *t)
            })
            .map(|o| OptionInput::on(ResolvedOffer::bundled(o)))
            .collect();
        Scenario {
            name: None,
            conventions: Conventions {
                month: MonthLength::Fixed(MonthConvention::Hours730),
                currency: Currency::Usd,
                rate: None,
                rate_as_of: None,
            },
            workload: Workload::Fleet(FleetLoad {
                gpus: DEFAULT_GPUS,
                hours_per_day: DEFAULT_HOURS_PER_DAY,
                days_per_week: FleetLoad::DAYS_IN_WEEK,
                start_hour: FleetLoad::DEFAULT_START_HOUR,
            }),
            horizon_months: Some(DEFAULT_MONTHS),
            checkpoint: None,
            storage_gb: 0.0,
            egress_gb_per_month: 0.0,
            contingency_pct: 0.0,
            portfolio: None,
            montecarlo: None,
            deadline_spot: None,
            buy: None,
            options,
        }
    }
}

impl Scenario {
    /// The comparison the page opens with in Chinese: [`Scenario::default`]'s fleet with the
    /// [`MAINLAND_PICKS`] offers, totals in CNY.
    #[must_use]
    pub fn mainland() -> Scenario {
        let d = Scenario::default();
        Scenario {
            options: MAINLAND_PICKS
                .iter()
                .filter_map(|id| catalog::offer_index(id).and_then(|i| catalog::OFFERS.get(i)))
                .map(offer_option)
                .collect(),
            conventions: Conventions {
                currency: Currency::Cny,
                ..d.conventions.clone()
            },
            ..d
        }
    }

    /// How far the user's rate is from the catalog's dated default, as a fraction of the
    /// default, when it is more than [`RATE_WARN_FRACTION`]; `None` otherwise.
    #[must_use]
    pub fn rate_far_from_default(&self) -> Option<f64> {
        let d = ExchangeRate::CATALOG_DEFAULT.usd_per_cny;
        let off = (self.rate().usd_per_cny - d).abs() / d;
        (off > RATE_WARN_FRACTION).then_some(off)
    }
}

/// An all-on-demand option on the bundled catalog offer `offer` (no inline prices, no
/// strategy).
#[must_use]
pub fn offer_option(offer: &'static Offer) -> OptionInput {
    OptionInput::on(ResolvedOffer::bundled(offer))
}

impl Scenario {
    /// The deadline of deadline-safe spot in hours from the job's start, if set (job mode;
    /// [`crate::action::Action::SetDeadlineSpot`]).
    #[must_use]
    pub fn deadline_spot_hours(&self) -> Option<f64> {
        self.deadline_spot
            .filter(|_| self.is_job())
            .map(|d| d.deadline_hours)
    }

    /// Whether the workload is a job (else a fleet).
    #[must_use]
    pub fn is_job(&self) -> bool {
        matches!(self.workload, Workload::Job(_))
    }

    /// The workload (the engine's).
    #[must_use]
    pub fn workload(&self) -> Workload {
        self.workload
    }

    /// The job-mode workload: work in reference GPU-hours, its size (GPUs or deadline) and
    /// scaling efficiency; for a fleet, what job mode would start from ([`DEFAULT_JOB_GPU_HOURS`]
    /// on the fleet's GPUs, efficiency 1).
    #[must_use]
    pub fn job(&self) -> Job {
        match self.workload {
            Workload::Job(j) => Job {
                gpu_hours: j.gpu_hours,
                gpus: match j.size {
                    JobSize::Gpus(n) => Some(n),
                    JobSize::WithinMonths(_) => None,
                },
                within_months: match j.size {
                    JobSize::WithinMonths(m) => Some(m),
                    JobSize::Gpus(_) => None,
                },
                scaling_efficiency: j.scaling_efficiency,
            },
            Workload::Fleet(f) => Job {
                gpu_hours: DEFAULT_JOB_GPU_HOURS,
                gpus: Some(f.gpus),
                within_months: None,
                scaling_efficiency: JobLoad::PERFECT_SCALING,
            },
        }
    }

    /// Days per week the fleet runs, 0–7 (a job: every day).
    #[must_use]
    pub fn days_per_week(&self) -> f64 {
        match self.workload {
            Workload::Fleet(f) => f.days_per_week,
            Workload::Job(_) => FleetLoad::DAYS_IN_WEEK,
        }
    }

    /// The horizon in months; `None` for a job run until finished.
    #[must_use]
    pub fn horizon_months(&self) -> Option<u32> {
        self.horizon_months
    }

    /// GB kept in storage.
    #[must_use]
    pub fn storage_gb(&self) -> f64 {
        self.storage_gb
    }

    /// GB of egress per month.
    #[must_use]
    pub fn egress_gb_per_month(&self) -> f64 {
        self.egress_gb_per_month
    }

    /// Contingency budget in % of every other cost.
    #[must_use]
    pub fn contingency_pct(&self) -> f64 {
        self.contingency_pct
    }

    /// The owned server compared against (amounts in the display currency), when buying is
    /// switched on.
    #[must_use]
    pub fn buy(&self) -> Option<OwnedServer> {
        self.buy
    }

    /// Whether option `index` is on an offer (bundled or imported) whose GPU has no throughput
    /// figure ([`catalog_throughput`] is `None`) and has no throughput of its own: job mode then
    /// refuses to evaluate it ([`Scenario::evaluate`], [`FileProblem::NoThroughputFigure`])
    /// rather than assume the reference GPU's speed.
    #[must_use]
    pub fn option_lacks_throughput(&self, index: usize) -> bool {
        self.options.get(index).is_some_and(|o| {
            o.throughput_factor.is_none()
                && o.offer
                    .is_some_and(|r| catalog_throughput(r.offer).is_none())
        })
    }

    /// In job mode, the first option that needs a throughput it does not have
    /// ([`Scenario::option_lacks_throughput`]), as the error that asks for it at
    /// `options[i].throughput_factor`; `Ok` in fleet mode (fleet figures do not depend on it).
    pub(crate) fn missing_throughput(&self) -> Result<(), FileError> {
        if !self.is_job() {
            return Ok(());
        }
        match (0..self.options.len()).find(|&i| self.option_lacks_throughput(i)) {
            Some(i) => Err(FileError::new(
                FieldPath::option(i).field(Field::ThroughputFactor),
                FileProblem::NoThroughputFigure(
                    self.options[i]
                        .offer
                        .map_or_else(String::new, |r| r.offer.gpu_model.to_string()),
                ),
            )),
            None => Ok(()),
        }
    }

    /// Option `index`'s throughput relative to the reference GPU (A100 80GB SXM, dense BF16):
    /// the user's override, else the catalog GPU's ratio, else 1 (an option with inline prices
    /// only; an offer without a figure is refused in job mode, see
    /// [`Scenario::option_lacks_throughput`]); and whether it is overridden.
    #[must_use]
    pub fn option_throughput(&self, index: usize) -> (f64, bool) {
        let Some(o) = self.options.get(index) else {
            return (1.0, false);
        };
        if let Some(t) = o.throughput_factor {
            return (t, true);
        }
        (
            o.offer
                .and_then(|r| catalog_throughput(r.offer))
                .unwrap_or(1.0),
            false,
        )
    }

    /// Name of option `index` as legends show it: its own name, else its offer's label, else
    /// `option N`.
    #[must_use]
    pub fn option_name(&self, index: usize) -> String {
        let o = self.options.get(index);
        match (o.and_then(|o| o.name.clone()), o.and_then(|o| o.offer)) {
            (Some(n), _) => n,
            (None, Some(offer)) => offer.offer.label(),
            (None, None) => format!("option {}", index + 1),
        }
    }

    /// Storage price per GB-month of the options (the first option's; 0 with none).
    #[must_use]
    pub fn storage_price(&self) -> f64 {
        self.options.first().map_or(0.0, |o| o.storage_per_gb_month)
    }

    /// Egress price per GB of the options (the first option's; 0 with none).
    #[must_use]
    pub fn egress_price(&self) -> f64 {
        self.options.first().map_or(0.0, |o| o.egress_per_gb)
    }

    /// First month (`"YYYY-MM"`) when months are calendar months, else `None`.
    #[must_use]
    pub fn calendar_start(&self) -> Option<String> {
        match self.conventions.month {
            MonthLength::Calendar { year, month } => Some(format!("{year:04}-{month:02}")),
            MonthLength::Fixed(_) => None,
        }
    }

    /// The month convention's code as files and CSV headers write it: `"730h"`, `"720h"`,
    /// `"744h"` or `"calendar"`.
    #[must_use]
    pub fn month_code(&self) -> &'static str {
        self.conventions.month.unit_label()
    }

    /// The catalog commitments (term and payment option) option `index`'s offer lists, in
    /// catalog order; empty for inline options, imported offers and offers without
    /// committed-use prices.
    #[must_use]
    pub fn option_commitments(&self, index: usize) -> &'static [catalog::Commitment] {
        self.options
            .get(index)
            .and_then(|o| o.offer)
            .and_then(|r| catalog::offer_index(r.offer.id))
            .and_then(|i| catalog::OFFER_DETAILS.get(i))
            .map_or(&[], |d| d.commitments)
    }

    /// Interruption rate per instance-hour of the options' spot capacity: the first option with
    /// spot capacity, else [`DEFAULT_SPOT_INTERRUPTIONS`].
    #[must_use]
    pub fn spot_interruptions(&self) -> f64 {
        self.options
            .iter()
            .find_map(|o| o.spot.map(|s| s.interruptions_per_hour))
            .unwrap_or(DEFAULT_SPOT_INTERRUPTIONS)
    }

    /// Checkpoint settings as the editor shows them: the scenario's, else no interval set
    /// (Young's interval is suggested) with no write or restart time.
    #[must_use]
    pub fn checkpoint(&self) -> Checkpointing {
        self.checkpoint.unwrap_or(Checkpointing {
            interval_hours: None,
            write_hours: 0.0,
            restart_hours: 0.0,
        })
    }

    /// The compared options, in pick order.
    #[must_use]
    pub fn options(&self) -> &[OptionInput] {
        &self.options
    }

    /// Ids of the offers the compared options use, in pick order, each once.
    #[must_use]
    pub fn selected(&self) -> Vec<String> {
        let mut ids: Vec<String> = Vec::new();
        for id in self
            .options
            .iter()
            .filter_map(|o| o.offer.map(|r| r.offer.id))
        {
            if !ids.iter().any(|i| i == id) {
                ids.push(id.to_string());
            }
        }
        ids
    }

    /// The fleet-mode workload as the editor shows it: GPUs, hours per day, horizon and month
    /// convention (a calendar month, which [`MonthConvention`] does not name, counts as 730 h;
    /// what a job does not have takes the defaults 8 GPUs, 24 h/day, 12 months).
    #[must_use]
    pub fn fleet(&self) -> Fleet {
        let (gpus, hours_per_day) = match self.workload {
            Workload::Fleet(f) => (f.gpus, f.hours_per_day),
            Workload::Job(JobLoad {
                size: JobSize::Gpus(n),
                ..
            }) => (n, DEFAULT_HOURS_PER_DAY),
            Workload::Job(_) => (DEFAULT_GPUS, DEFAULT_HOURS_PER_DAY),
        };
        Fleet {
            gpus,
            hours_per_day,
            months: self.horizon_months.unwrap_or(DEFAULT_MONTHS),
            month: match self.conventions.month {
                MonthLength::Fixed(m) => m,
                MonthLength::Calendar { .. } => MonthConvention::default(),
            },
        }
    }

    /// The conventions: month length, display currency, rate.
    #[must_use]
    pub fn conventions(&self) -> &Conventions {
        &self.conventions
    }

    /// Currency totals are shown in.
    #[must_use]
    pub fn display_currency(&self) -> Currency {
        self.conventions.currency
    }

    /// USD/CNY rate used to convert offers quoted in the other currency (the catalog's source
    /// rate unless the user set one).
    #[must_use]
    pub fn rate(&self) -> ExchangeRate {
        self.conventions
            .rate
            .unwrap_or(ExchangeRate::CATALOG_DEFAULT)
    }

    /// One-line statement of the exchange rate in the direction that matters, e.g.
    /// `"1 CNY = 0.138 USD; 1 USD = 7.2464 CNY"`.
    #[must_use]
    pub fn rate_statement(&self) -> String {
        format!(
            "1 CNY = {} USD; 1 USD = {} CNY",
            planner_core::format::input_value(self.rate().usd_per_cny),
            planner_core::format::number(1.0 / self.rate().usd_per_cny, 4)
        )
    }
}

/// One capacity class's share before and after whole-instance rounding (part of
/// [`ShareRounding`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClassRounding {
    /// The typed share, %.
    pub share_pct: f64,
    /// Instances of the class rented.
    pub instances: f64,
    /// Share of the GPUs the class serves after rounding, %.
    pub effective_pct: f64,
    /// GPUs the class serves after rounding: fewer than `instances` × GPUs per instance when
    /// its last instance is only partly used (still rented whole).
    pub gpus_served: f64,
}

/// How whole instances change an option's typed shares ([`Scenario::share_rounding`]): the
/// engine's split ([`planner_engine::plan::split`], docs/cost-model.md, "Portfolio") reserves
/// ⌈share × GPUs ÷ GPUs per instance⌉ whole instances, and in fleet mode gives spot the whole
/// number of instances nearest to its share, so a class may serve more or less of the fleet
/// than typed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShareRounding {
    /// GPUs the workload runs on.
    pub gpus: u32,
    /// GPUs per instance.
    pub gpus_per_instance: u32,
    /// The reserved share, when rounding changes it.
    pub reserved: Option<ClassRounding>,
    /// The spot share, when rounding changes it.
    pub spot: Option<ClassRounding>,
    /// Share of the GPUs on demand after rounding, %.
    pub on_demand_pct: f64,
}

impl Scenario {
    /// Option `index`'s shares after whole-instance rounding, when it changes the reserved or
    /// the spot share (e.g. 60 % reserved of 8 GPUs on 8-GPU instances is 1 instance = 100 %;
    /// 50 % spot of them is that instance on spot = 100 %); `None` when it changes neither, for
    /// a job sized by a deadline (its GPU count is found by the engine) and without a share.
    /// A reserved share counts only with a reserved price (the engine's rule). In job mode
    /// spot is billed pro rata, so only the reserved share rounds.
    #[must_use]
    pub fn share_rounding(&self, index: usize) -> Option<ShareRounding> {
        let o = self.options.get(index)?;
        let shares = o.portfolio.or(self.portfolio)?;
        let (gpus, fleet) = match self.workload {
            Workload::Fleet(f) => (f.gpus, true),
            Workload::Job(JobLoad {
                size: JobSize::Gpus(n),
                ..
            }) => (n, false),
            Workload::Job(_) => return None,
        };
        let g = o
            .gpus_per_instance
            .or(o.offer.map(|r| r.offer.gpu_count))
            .unwrap_or(1)
            .max(1);
        let n = f64::from(gpus);
        let split = planner_engine::plan::split(shares, o.reserved.is_some(), n, g, fleet);
        let class = |share: f64, instances: f64, served: f64| {
            let effective = served / n;
            (share > 0.0 && (effective - share).abs() > 1e-9).then_some(ClassRounding {
                share_pct: share * 100.0,
                instances,
                effective_pct: effective * 100.0,
                gpus_served: served,
            })
        };
        let reserved = if o.reserved.is_some() {
            class(
                shares.reserved,
                split.instances.reserved,
                split.reserved_gpus,
            )
        } else {
            None
        };
        let spot = class(shares.spot, split.instances.spot, split.spot_gpus);
        (reserved.is_some() || spot.is_some()).then_some(ShareRounding {
            gpus,
            gpus_per_instance: g,
            reserved,
            spot,
            on_demand_pct: split.on_demand_gpus / n * 100.0,
        })
    }
}

/// Work per GPU-hour of `offer`'s GPU relative to the reference GPU (dense BF16 TFLOPS ratio),
/// when the catalog knows both figures.
#[must_use]
pub fn catalog_throughput(offer: &Offer) -> Option<f64> {
    let own = catalog::spec(offer)?.work_tflops()?;
    let reference = catalog::gpus::spec_by_model(catalog::gpus::REFERENCE_MODEL)?.work_tflops()?;
    (own > 0.0 && reference > 0.0).then(|| own / reference)
}

/// The month code of calendar months (the month-convention menu's value for them).
pub const CALENDAR: &str = "calendar";
