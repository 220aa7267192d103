//! The user's scenario as the reducer holds it ([`Scenario`]): the compared options, the
//! workload, the month convention, the display currency and the rate, and what the editor reads
//! from them. Derived figures (costs, series) are never stored here. The actions that change a
//! scenario are in [`crate::action`], their limits in [`crate::validation`]; [`file`] converts
//! a scenario to and from the scenario file at the edges (links, storage, import, export), and
//! [`evaluate`] runs the engine on it. Imports neither views nor drawing.

pub mod evaluate;
pub mod file;

use planner_core::catalog::{self, Offer};
use planner_core::file::{self as scenario_file, Mode, OptionFile, ScenarioFile, WorkloadFile};
use planner_engine::{Currency, ExchangeRate, MonthConvention};

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

/// Work of a job when job mode is first chosen: 10,000 reference GPU-hours.
pub const DEFAULT_JOB_GPU_HOURS: f64 = 10_000.0;

/// Everything the user has chosen. Derived figures (costs, series) are never stored here.
///
/// The state *is* an engine scenario file ([`ScenarioFile`], `docs/scenario-format.md`), so it
/// converts losslessly both ways ([`Scenario::to_file`], [`Scenario::from_file`]): share links and
/// saved scenarios serialise exactly that. Each compared option is an [`OptionFile`] (a catalog
/// offer id and/or inline prices plus its strategy). Unlike a file, the app's scenario may hold
/// no option at all (nothing picked yet).
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    pub(crate) file: ScenarioFile,
}

/// The instance types compared when the app opens: 8× A100 machines of four clouds, so the first
/// chart already answers a real question.
pub const DEFAULT_PICKS: [(&str, &str); 4] = [
    ("AWS", "p4d.24xlarge"),
    ("Azure", "Standard_ND96asr_v4"),
    ("Google Cloud", "a2-highgpu-8g"),
    ("Lambda", "gpu_8x_a100_80gb_sxm4"),
];

/// GPUs of the default fleet (and of a fleet read from a file that names none).
pub const DEFAULT_GPUS: u32 = 8;
/// Hours per day of the default fleet.
pub const DEFAULT_HOURS_PER_DAY: f64 = 24.0;
/// Horizon of the default fleet, months.
pub const DEFAULT_MONTHS: u32 = 12;

impl Default for Scenario {
    fn default() -> Self {
        let options = DEFAULT_PICKS
            .iter()
            .filter_map(|(p, t)| {
                catalog::OFFERS
                    .iter()
                    .find(|o| o.provider == *p && o.instance_type == *t)
            })
            .map(|o| offer_option(o.id))
            .collect();
        Scenario {
            file: ScenarioFile {
                version: scenario_file::VERSION,
                name: None,
                month: month_code(MonthConvention::Hours730).into(),
                start: None,
                horizon_months: Some(DEFAULT_MONTHS),
                currency: Currency::Usd.code().into(),
                usd_per_cny: None,
                rate_as_of: None,
                workload: WorkloadFile {
                    mode: Mode::Fleet,
                    gpus: Some(DEFAULT_GPUS),
                    hours_per_day: Some(DEFAULT_HOURS_PER_DAY),
                    days_per_week: None,
                    start_hour: None,
                    gpu_hours: None,
                    within_months: None,
                    scaling_efficiency: None,
                },
                portfolio: None,
                checkpoint: None,
                storage_gb: 0.0,
                egress_gb_per_month: 0.0,
                contingency_pct: 0.0,
                montecarlo: None,
                buy: None,
                options,
            },
        }
    }
}

/// An all-on-demand option on catalog offer `id` (no inline prices, no strategy).
#[must_use]
pub fn offer_option(id: &str) -> OptionFile {
    OptionFile {
        offer: Some(id.to_string()),
        ..OptionFile::default()
    }
}

/// The scenario file's month code of a convention: `"730h"`, `"720h"` or `"744h"`.
#[must_use]
pub fn month_code(m: MonthConvention) -> &'static str {
    match m {
        MonthConvention::Hours730 => "730h",
        MonthConvention::Hours720 => "720h",
        MonthConvention::Hours744 => "744h",
    }
}

/// Interruption rate of new spot variants when no option has one yet: one every 50 hours.
pub const DEFAULT_SPOT_INTERRUPTIONS: f64 = 0.02;

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

impl Scenario {
    /// The job-mode workload: work in reference GPU-hours ([`DEFAULT_JOB_GPU_HOURS`] when the
    /// scenario is a fleet), its size (GPUs or deadline) and scaling efficiency (default 1).
    #[must_use]
    pub fn job(&self) -> Job {
        let w = &self.file.workload;
        Job {
            gpu_hours: w.gpu_hours.unwrap_or(DEFAULT_JOB_GPU_HOURS),
            gpus: w.gpus,
            within_months: w.within_months,
            scaling_efficiency: w.scaling_efficiency.unwrap_or(1.0),
        }
    }

    /// Days per week the fleet runs, 0–7 (7 unless set).
    #[must_use]
    pub fn days_per_week(&self) -> f64 {
        self.file.workload.days_per_week.unwrap_or(7.0)
    }

    /// The horizon in months; `None` for a job run until finished.
    #[must_use]
    pub fn horizon_months(&self) -> Option<u32> {
        self.file.horizon_months
    }

    /// GB kept in storage.
    #[must_use]
    pub fn storage_gb(&self) -> f64 {
        self.file.storage_gb
    }

    /// GB of egress per month.
    #[must_use]
    pub fn egress_gb_per_month(&self) -> f64 {
        self.file.egress_gb_per_month
    }

    /// Contingency budget in % of every other cost.
    #[must_use]
    pub fn contingency_pct(&self) -> f64 {
        self.file.contingency_pct
    }

    /// The owned server compared against (amounts in the display currency), when buying is
    /// switched on.
    #[must_use]
    pub fn buy(&self) -> Option<scenario_file::BuyFile> {
        self.file.buy
    }

    /// Whether the workload is a job (else a fleet).
    #[must_use]
    pub fn is_job(&self) -> bool {
        self.file.workload.mode == Mode::Job
    }

    /// Option `index`'s throughput relative to the reference GPU (A100 80GB SXM, dense BF16):
    /// the user's override, else the catalog GPU's ratio, else 1; and whether it is overridden.
    #[must_use]
    pub fn option_throughput(&self, index: usize) -> (f64, bool) {
        let Some(o) = self.file.options.get(index) else {
            return (1.0, false);
        };
        if let Some(t) = o.throughput_factor {
            return (t, true);
        }
        (
            o.offer
                .as_deref()
                .and_then(catalog::offer_by_id)
                .and_then(catalog_throughput)
                .unwrap_or(1.0),
            false,
        )
    }

    /// Name of option `index` as legends show it: its own name, else its offer's label, else
    /// `option N`.
    #[must_use]
    pub fn option_name(&self, index: usize) -> String {
        let o = self.file.options.get(index);
        match (
            o.and_then(|o| o.name.clone()),
            o.and_then(|o| o.offer.as_deref())
                .and_then(catalog::offer_by_id),
        ) {
            (Some(n), _) => n,
            (None, Some(offer)) => offer.label(),
            (None, None) => format!("option {}", index + 1),
        }
    }

    /// Storage price per GB-month of the options (the first option's; 0 with none).
    #[must_use]
    pub fn storage_price(&self) -> f64 {
        self.file
            .options
            .first()
            .map_or(0.0, |o| o.storage_per_gb_month)
    }

    /// Egress price per GB of the options (the first option's; 0 with none).
    #[must_use]
    pub fn egress_price(&self) -> f64 {
        self.file.options.first().map_or(0.0, |o| o.egress_per_gb)
    }

    /// First month (`"YYYY-MM"`) when months are calendar months, else `None`.
    #[must_use]
    pub fn calendar_start(&self) -> Option<&str> {
        (self.file.month == CALENDAR)
            .then_some(self.file.start.as_deref())
            .flatten()
    }

    /// The month convention's code as files and CSV headers write it: `"730h"`, `"720h"`,
    /// `"744h"` or `"calendar"`.
    #[must_use]
    pub fn month_code(&self) -> &str {
        &self.file.month
    }

    /// The catalog commitments (term and payment option) option `index`'s offer lists, in
    /// catalog order; empty for inline options and offers without committed-use prices.
    #[must_use]
    pub fn option_commitments(&self, index: usize) -> &'static [catalog::Commitment] {
        self.file
            .options
            .get(index)
            .and_then(|o| o.offer.as_deref())
            .and_then(catalog::offer_index)
            .and_then(|i| catalog::OFFER_DETAILS.get(i))
            .map_or(&[], |d| d.commitments)
    }

    /// Interruption rate per instance-hour of the options' spot capacity: the first option with
    /// spot prices set inline, else [`DEFAULT_SPOT_INTERRUPTIONS`].
    #[must_use]
    pub fn spot_interruptions(&self) -> f64 {
        self.file
            .options
            .iter()
            .find_map(|o| o.spot.as_ref().map(|s| s.interruptions_per_hour))
            .unwrap_or(DEFAULT_SPOT_INTERRUPTIONS)
    }

    /// Checkpoint settings in force (all zero with Young's interval when the file has none).
    #[must_use]
    pub fn checkpoint(&self) -> scenario_file::CheckpointFile {
        self.file
            .checkpoint
            .unwrap_or(scenario_file::CheckpointFile {
                interval_hours: None,
                write_hours: 0.0,
                restart_hours: 0.0,
            })
    }

    /// The compared options, in pick order.
    #[must_use]
    pub fn options(&self) -> &[OptionFile] {
        &self.file.options
    }

    /// Ids of the catalog offers the compared options use, in pick order, each once.
    #[must_use]
    pub fn selected(&self) -> Vec<String> {
        let mut ids: Vec<String> = Vec::new();
        for id in self.file.options.iter().filter_map(|o| o.offer.as_ref()) {
            if !ids.contains(id) {
                ids.push(id.clone());
            }
        }
        ids
    }

    /// The fleet-mode workload as the editor shows it: GPUs, hours per day, horizon and month
    /// convention (a calendar month, which [`MonthConvention`] does not name, counts as 730 h;
    /// fields a job-mode file leaves out take the defaults 8 GPUs, 24 h/day, 12 months).
    #[must_use]
    pub fn fleet(&self) -> Fleet {
        let w = &self.file.workload;
        Fleet {
            gpus: w.gpus.unwrap_or(DEFAULT_GPUS),
            hours_per_day: w.hours_per_day.unwrap_or(DEFAULT_HOURS_PER_DAY),
            months: self.file.horizon_months.unwrap_or(DEFAULT_MONTHS),
            month: MonthConvention::ALL
                .into_iter()
                .find(|m| month_code(*m) == self.file.month)
                .unwrap_or_default(),
        }
    }

    /// Currency totals are shown in (USD if the file's code is unknown, which
    /// [`Scenario::from_file`] never lets in).
    #[must_use]
    pub fn display_currency(&self) -> Currency {
        Currency::from_code(&self.file.currency).unwrap_or(Currency::Usd)
    }

    /// USD/CNY rate used to convert offers quoted in the other currency (the catalog's source
    /// rate unless the user set one).
    #[must_use]
    pub fn rate(&self) -> ExchangeRate {
        self.file
            .usd_per_cny
            .map_or(ExchangeRate::CATALOG_DEFAULT, |usd_per_cny| ExchangeRate {
                usd_per_cny,
            })
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

/// The owned server first offered for rent vs buy (the example of docs/cost-model.md, "Buy vs rent"): 8 GPUs, 250,000
/// purchase, 3 years, 10 % residual, 6.5 kW at PUE 1.3 and 0.12 per kWh, 1,500 ops per month.
pub const DEFAULT_BUY: scenario_file::BuyFile = scenario_file::BuyFile {
    gpus: 8,
    purchase: 250_000.0,
    life_years: 3.0,
    residual: 0.1,
    kw: 6.5,
    pue: 1.3,
    price_per_kwh: 0.12,
    ops_per_month: 1500.0,
};

/// Work per GPU-hour of `offer`'s GPU relative to the reference GPU (dense BF16 TFLOPS ratio),
/// when the catalog knows both figures.
#[must_use]
pub fn catalog_throughput(offer: &Offer) -> Option<f64> {
    let own = catalog::spec(offer)?.work_tflops()?;
    let reference = catalog::gpus::spec_by_model(catalog::gpus::REFERENCE_MODEL)?.work_tflops()?;
    (own > 0.0 && reference > 0.0).then(|| own / reference)
}

/// The month code of calendar months.
pub const CALENDAR: &str = "calendar";
