//! Build-time ingest of the dated public GPU price files in `data/catalog-sources/` (described in
//! its `PROVENANCE.md`) into owned offer and source records, which `build.rs` writes out as the
//! catalog statics.
//!
//! `build.rs` includes this module with `#[path = "src/catalog/ingest/mod.rs"] mod ingest;`, so it uses
//! only `std` and the `csv` crate and never refers to `crate::` or `super::`.
//!
//! Rules shared by every source format:
//!
//! - Columns are read **by header name**; the column order differs between files.
//! - Prices are stored **per instance-hour in the offer's native currency**, at full precision
//!   (never rounded). Per GPU-hour figures are derived later as price ÷ GPU count.
//! - GPU memory is **per GPU, in GiB**. Vendor "GB" figures for GPU memory (80 GB HBM and the
//!   like) are taken as GiB, as the vendors mean them.
//! - **Aggregation**: one offer per (source, instance type). Among the rows the source lists for
//!   one instance type (regions, zones or hosts) the cheapest on-demand row is kept (the first one
//!   in file order on ties); the offer's region, spot price, vCPUs and other fields come from that
//!   same row, and `listings` counts the rows aggregated.
//! - **Skipped rows** (never an error; each is returned in [`Catalog::skipped`] with its file,
//!   line and a reason of the form `"<category>: <detail>"`): no on-demand price, a non-finite or
//!   non-positive on-demand price, an empty accelerator name or count, a GPU count that is not a
//!   whole number ≥ 1 (fractional vGPU slices), a vGPU slice named like `A10*1/3` or `T4/4` or
//!   sold in a shared-GPU family, and accelerators that are not GPUs of the kinds the catalog
//!   keeps (see [`non_gpu_accelerator`]).
//! - **Errors** ([`IngestError`], the build fails): a file that cannot be read, malformed CSV
//!   (bad quoting, a row with the wrong number of fields), a missing required column, a cell that
//!   must be a number and is not one (e.g. `"abc"` in `Price`), an unknown `.csv` file in the
//!   folder, or two offers with the same id. Bad numbers fail rather than skip because the files
//!   are curated snapshots: a cell that does not parse means the file itself is damaged.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt;
use std::fs;
use std::path::Path;

mod aggregate;
mod aws;
mod azure;
mod becloudready;
mod cn;
#[cfg(test)]
mod diagnostics;
mod gcp;
mod gpuclouds;
mod precedence;
mod refresh;
#[cfg(test)]
mod refresh_tests;
/// The columns of `refresh-<provider>.csv` as the ingest reads them; `gpurent`'s tests check
/// that `planner-refresh` writes the same header (the two crates do not depend on each other).
#[allow(unused_imports)] // unused where build.rs includes this module
pub use refresh::REFRESH_COLUMNS;
mod render;
mod rules;
mod skypilot;
mod table;
#[cfg(test)]
mod tests;

pub use aggregate::home_region;
use aggregate::Aggregator;
pub use aws::*;
pub use azure::*;
pub use becloudready::*;
pub use cn::*;
pub use gcp::*;
pub use gpuclouds::*;
use precedence::*;
pub use refresh::*;
pub use render::*;
pub use rules::*;
pub use skypilot::*;
use table::*;

/// USD per CNY used by the sugarlxn fork's Alibaba Cloud and Tencent Cloud fetchers
/// (`--cny-usd-rate 0.138`): their `Price` and `SpotPrice` are CNY × 0.138, so the native CNY
/// price is `USD ÷ 0.138`, computed at full `f64` precision and never rounded.
pub const FETCHER_USD_PER_CNY: f64 = 0.138;

/// The `as_of` of a source whose data date is not known ("date unknown"; counts as stale).
pub const DATE_UNKNOWN: &str = "unknown";

/// As-of date of the Cyclenerd Google Cloud file (`generated: Thu Jul 30 06:13:17 2026`).
pub const GCP_AS_OF: &str = "2026-07-30";

/// As-of date of the becloudready files (date of commit `64a1fca6`).
pub const BECLOUDREADY_AS_OF: &str = "2026-02-11";

/// Hours per month of the Cyclenerd `month*` columns (`month` = 730 × `hour`), used to turn its
/// committed-use monthly prices back into hourly rates.
pub const HOURS_PER_MONTH: f64 = 730.0;

/// File name of the Google Cloud (Cyclenerd) price file.
pub const GCP_FILE: &str = "gcp-cyclenerd-gpu-instances.csv";

/// File names of the hand-typed Chinese platform offers.
pub const CN_FILES: &[&str] = &["cn-platform-offers.csv", "cn-platform-offers-2.csv"];

/// CSV files in the folder that are not read as offers, with the reason: data kept for other
/// uses (the engine's interruption rates, history) or cited by the ingest's rule tables.
pub const IGNORED_FILES: &[(&str, &str)] = &[
    ("skypilot-common-accelerators.csv", "no prices: the SkyPilot map of accelerator names to clouds"),
    ("seed-figures.csv", "the founding articles' claims, not market data"),
    ("aws-billing-rules-aws.csv", "billing rules: cited by ingest/rules.rs (AWS per-second billing)"),
    ("aws-reserved-leanercloud-2023.csv", "historical 2023 prices (before the 2025 AWS price cuts), kept for comparison"),
    ("aws-spot-advisor-spotinfo.csv", "spot interruption-frequency bands (2025-06): data for the engine's interruption rates, not prices"),
    ("aws-spot-spotinfo.csv", "us-east-1 region-level spot prices of unknown date; the SkyPilot files give per-region spot"),
    // Committed as data before their parsers land (PROVENANCE.md describes them).
    ("vast-rawoffers-offers.csv", "single-host Vast.ai bid/ask samples of 2022 and 2026-01-21: too few to price interruptible (bid) capacity"),
    ("billing-rules-gpu-clouds.csv", "billing rules: cited by ingest/rules.rs"),
];

const SKYPILOT_LICENCE: &str = "not confirmed: the skypilot-catalog repository has no LICENSE file (the SkyPilot project itself is Apache-2.0); factual price data collected from cloud pricing APIs";
const SUGARLXN_LICENCE: &str = "not confirmed: the sugarlxn/skypilot-catalog fork states no licence of its own (treat as for the upstream SkyPilot catalog)";
const SKYPILOT_DATE_NOTE: &str = "USD per instance-hour; tax, storage, egress and discounts not included. Data date unknown (the commit date could not be read).";
const CNY_CONVERSION_NOTE: &str = "CNY = source USD ÷ 0.138 (the source fetcher's rate)";
/// What an Alibaba Cloud price from the sugarlxn fetcher includes (on every such offer).
const ALIBABA_INCLUDES_NOTE: &str =
    "includes a 40 GiB ESSD system disk (about ¥0.08/h); the fetcher account's trade price";

/// How an offer's on-demand time is billed (mirrors the runtime `Billing`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BillingRecord {
    /// Rounding unit in seconds (1 = per second, 60 = per minute); `None` when not stated.
    pub granularity_seconds: Option<u32>,
    /// Minimum billed seconds per run; 0 when none is stated.
    pub minimum_seconds: u32,
}

impl BillingRecord {
    /// Billing rule not stated by the source: exact time, no minimum.
    pub const UNSTATED: BillingRecord = BillingRecord {
        granularity_seconds: None,
        minimum_seconds: 0,
    };
    /// Per-second billing with no minimum time (AutoDL pay-as-you-go).
    pub const PER_SECOND: BillingRecord = BillingRecord {
        granularity_seconds: Some(1),
        minimum_seconds: 0,
    };
    /// Per-minute billing with no minimum time (Featurize).
    pub const PER_MINUTE: BillingRecord = BillingRecord {
        granularity_seconds: Some(60),
        minimum_seconds: 0,
    };
    /// Per-second billing with a 60-second minimum per run. AWS: EC2 Linux instances, On-Demand,
    /// Reserved and Spot ("Announcing Amazon EC2 per second billing", AWS What's New,
    /// 2017-10-02). Google Cloud: Compute Engine vCPUs, GPUs and memory are charged a 1-minute
    /// minimum, then per second (Compute Engine pricing, "Billing model"; per-second billing
    /// announced 2017-09-26).
    pub const PER_SECOND_MIN_60S: BillingRecord = BillingRecord {
        granularity_seconds: Some(1),
        minimum_seconds: 60,
    };
}

/// One dated source the catalog is built from (mirrors the runtime `Source`).
#[derive(Clone, Debug, PartialEq)]
pub struct SourceRecord {
    /// Short stable id, e.g. `"skypilot-aws"`, unique in the catalog.
    pub id: String,
    /// Where the data came from: repository, path and commit, or the page/note for hand-typed rows.
    pub reference: String,
    /// As-of date: `YYYY-MM-DD` when the source states it, else `YYYY-MM`.
    pub as_of: String,
    /// Whether `as_of` is the source's own exact date (`true`) or only a month (`false`).
    pub as_of_exact: bool,
    /// Licence of the data as stated in `PROVENANCE.md`.
    pub licence: String,
    /// Caveats that apply to every offer from this source (from `PROVENANCE.md`).
    pub note: String,
}

/// One price of an offer other than on-demand and spot (mirrors the runtime `PriceTerm`).
#[derive(Clone, Debug, PartialEq)]
pub struct TermRecord {
    /// Billing mode code (`"reserved"`, `"savings_plan"`, `"committed_use"`, `"subscription"`,
    /// `"package"`, `"capacity_block"`, `"flex_start"`, `"bid"`).
    pub mode: &'static str,
    /// Term length in months (0 when none or given in days).
    pub term_months: u32,
    /// Term length in days (0 when none or given in months).
    pub term_days: u32,
    /// Payment option: `"no upfront"`, `"partial upfront"`, `"all upfront"`, or `None`.
    pub payment: Option<&'static str>,
    /// What `price` is: `"recurring"` (per instance-hour, plus `upfront`), `"effective"` (an
    /// all-in effective rate per instance-hour) or `"per period"` (the whole term's price).
    pub basis: &'static str,
    /// Paid upfront per instance, in the offer's currency (0 when none).
    pub upfront: f64,
    /// The price, per instance (per hour, or per period), in the offer's currency.
    pub price: f64,
    /// Region of the price; empty when the source states none.
    pub region: String,
    /// Index into [`Catalog::sources`].
    pub source: usize,
    /// Caveat; empty when none.
    pub note: String,
}

impl TermRecord {
    /// Effective price per instance-hour: recurring + upfront ÷ term hours (730 h per month,
    /// 24 h per day), the stated effective rate, or the period price ÷ the period's hours.
    #[must_use]
    pub fn effective_per_hour(&self) -> f64 {
        let hours =
            f64::from(self.term_months) * HOURS_PER_MONTH + f64::from(self.term_days) * 24.0;
        match self.basis {
            "effective" => self.price,
            "per period" if hours > 0.0 => self.price / hours,
            _ if hours > 0.0 => self.price + self.upfront / hours,
            _ => self.price,
        }
    }
}

/// One rentable offer (mirrors the runtime `Offer`).
///
/// Prices are per instance-hour in `currency`; GPU memory is per GPU in GiB.
#[derive(Clone, Debug, PartialEq)]
pub struct OfferRecord {
    /// Stable unique id: lowercase `"<source id>/<instance type>"`; for the hand-typed Chinese
    /// platform rows `"<source id>/<provider slug>/<instance type>"`, whose source id carries the
    /// row's as-of date.
    pub id: String,
    /// Provider display name, e.g. `"AWS"`, `"Alibaba Cloud"`, `"AutoDL"`.
    pub provider: String,
    /// Provider's instance type or plan name (the card name for per-card marketplaces).
    pub instance_type: String,
    /// GPU model as the source names it.
    pub gpu_model: String,
    /// GPUs per instance, at least 1.
    pub gpu_count: u32,
    /// Memory per GPU in GiB, when known.
    pub gpu_memory_gib: Option<f64>,
    /// vCPUs per instance, when stated.
    pub vcpus: Option<f64>,
    /// Host RAM per instance in GiB (the source's "GB" figure), when stated.
    pub ram_gib: Option<f64>,
    /// Region of the listing the price comes from; empty when the source states none.
    pub region: String,
    /// Number of rows (regions, zones, hosts) aggregated into this offer, at least 1.
    pub listings: u32,
    /// On-demand price per instance-hour in `currency`; finite and positive; `None` when the
    /// offer is not sold on demand.
    pub on_demand_per_hour: Option<f64>,
    /// Spot price per instance-hour in `currency`; `None` when empty or not positive (the Vast
    /// file writes `0.00` for "no spot price").
    pub spot_per_hour: Option<f64>,
    /// ISO 4217 code of the native currency: `"USD"` or `"CNY"`.
    pub currency: &'static str,
    /// Billing granularity and minimum for on-demand time.
    pub billing: BillingRecord,
    /// Index into [`Catalog::sources`] of the source of the headline listing.
    pub source: usize,
    /// Offer-specific caveat (derived figures, corrections, ranges, anomalies); empty when none.
    pub note: String,
    /// Provider kind: `"hyperscaler"`, `"gpu-cloud"` or `"marketplace"` (see [`provider_kind`]).
    pub provider_kind: &'static str,
    /// The GPU name exactly as the source spells it (`gpu_model` becomes the canonical name).
    pub source_gpu_name: String,
    /// Interconnect where known (`"NVLink (SXM)"`, `"PCIe"`, `"NVLink bridge (NVL)"`), else `""`.
    pub interconnect: &'static str,
    /// Total GPU memory per instance in GiB as the source states it, kept only when it equals
    /// `gpu_count × gpu_memory_gib` (within 2 %); an inconsistent total is dropped with a note.
    pub gpu_memory_total_gib: Option<f64>,
    /// Memory per GPU in GiB as the source reports it, when it differs from the canonical
    /// model's nominal size that `gpu_memory_gib` then holds (e.g. 140.40 for an H200 141GB).
    pub source_gpu_memory_gib: Option<f64>,
    /// On-demand price per instance-hour across the aggregated listings: (min, median, max);
    /// `None` when no listing has one. The median of an even count is the mean of the middle two.
    pub on_demand_spread: Option<(f64, f64, f64)>,
    /// Spot price per instance-hour across the listings that have one: (min, median, max).
    pub spot_spread: Option<(f64, f64, f64)>,
    /// Number of listings with a spot price.
    pub spot_listings: u32,
    /// Every distinct region the aggregated listings name, sorted.
    pub regions: Vec<String>,
    /// Prices other than on-demand and spot, each with its own source.
    pub terms: Vec<TermRecord>,
    /// Source of the cheapest spot price when it is not `source`.
    pub spot_source: Option<usize>,
    /// For a headline chosen among mainland-China listings: the cheapest on-demand listing
    /// elsewhere (price per instance-hour, region).
    pub cheapest_elsewhere: Option<(f64, String)>,
    /// The marketplace the offer is bought through when it resells another cloud; empty when
    /// bought from the provider.
    pub sold_via: String,
    /// Tier of the same GPU model and count at one provider (RunPod `"secure"`/`"community"`),
    /// part of the offer's identity in `supersede_by_model`; empty when the provider has none.
    pub tier: String,
    /// Whether the GPU count is the source's own (an instance size, or a per-GPU price on a
    /// platform that rents single GPUs), rather than a per-GPU price turned into a 1-GPU
    /// instance: such offers are checked against the provider's real sizes (`check_per_gpu_sizes`).
    pub count_stated: bool,
}

impl OfferRecord {
    /// On-demand price per GPU-hour in `currency`: `on_demand_per_hour / gpu_count`
    /// (`gpu_count` is at least 1 for every ingested offer); `None` when not sold on demand.
    #[must_use]
    pub fn on_demand_per_gpu_hour(&self) -> Option<f64> {
        self.on_demand_per_hour
            .map(|p| p / f64::from(self.gpu_count.max(1)))
    }

    /// A blank offer of `provider` from source 0, for parsers to fill in.
    #[must_use]
    pub fn blank(provider: &str, currency: &'static str) -> OfferRecord {
        OfferRecord {
            id: String::new(),
            provider: provider.to_string(),
            instance_type: String::new(),
            gpu_model: String::new(),
            gpu_count: 1,
            gpu_memory_gib: None,
            vcpus: None,
            ram_gib: None,
            region: String::new(),
            listings: 1,
            on_demand_per_hour: None,
            spot_per_hour: None,
            currency,
            billing: BillingRecord::UNSTATED,
            source: 0,
            note: String::new(),
            provider_kind: "",
            source_gpu_name: String::new(),
            interconnect: "",
            gpu_memory_total_gib: None,
            source_gpu_memory_gib: None,
            on_demand_spread: None,
            spot_spread: None,
            spot_listings: 0,
            regions: Vec::new(),
            terms: Vec::new(),
            spot_source: None,
            cheapest_elsewhere: None,
            sold_via: String::new(),
            tier: String::new(),
            count_stated: true,
        }
    }
}

/// One skipped row: file name, 1-based line number in the file, reason `"<category>: <detail>"`.
pub type SkippedRow = (String, usize, String);

/// The ingested catalog, or a fragment of it returned by one parser.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Catalog {
    /// Every source, indexed by [`OfferRecord::source`].
    pub sources: Vec<SourceRecord>,
    /// Every offer. [`ingest_all`] sorts them by provider, then on-demand price per GPU-hour
    /// ascending (then id); a single parser returns them in first-seen order.
    pub offers: Vec<OfferRecord>,
    /// Rows that were read but not made into offers (see the module doc for the rules).
    pub skipped: Vec<SkippedRow>,
    /// Offers built from the rows but then dropped by validation: (offer id, reason).
    pub dropped: Vec<(String, String)>,
    /// Dropped offers replaced by another source's offer for the same thing: (old id, new id).
    pub superseded: Vec<(String, String)>,
    /// The GPU spec table (`data/gpu-specs.csv`) the offers' models were resolved against.
    pub specs: Vec<super::gpus::GpuSpec>,
    /// Instance types the provider's own size table lists as retired, whatever source prices
    /// them: (provider, instance type, reason).
    pub retired: Vec<(String, String, String)>,
}

impl Catalog {
    /// Appends `other`, shifting its offers' source indices (offer, spot and term sources) past
    /// this catalog's sources.
    pub fn append(&mut self, other: Catalog) {
        let base = self.sources.len();
        self.sources.extend(other.sources);
        self.offers.extend(other.offers.into_iter().map(|mut o| {
            o.source += base;
            o.spot_source = o.spot_source.map(|s| s + base);
            for t in &mut o.terms {
                t.source += base;
            }
            o
        }));
        self.skipped.extend(other.skipped);
        self.dropped.extend(other.dropped);
        self.superseded.extend(other.superseded);
        self.retired.extend(other.retired);
    }
}

/// Why ingest failed. Every variant names the file (and the line, where there is one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IngestError {
    /// A file or the folder could not be read.
    Io {
        /// File or folder path.
        file: String,
        /// The I/O error's message.
        message: String,
    },
    /// The CSV text is malformed (bad quoting, a row with the wrong number of fields, bad UTF-8).
    Csv {
        /// File name.
        file: String,
        /// 1-based line, 0 when the CSV reader gave none.
        line: usize,
        /// The CSV reader's message.
        message: String,
    },
    /// A column this format needs is not in the header.
    MissingColumn {
        /// File name.
        file: String,
        /// The missing header name.
        column: String,
    },
    /// A cell holds a value of the wrong kind (e.g. text where a number is required).
    BadValue {
        /// File name.
        file: String,
        /// 1-based line.
        line: usize,
        /// Header name of the cell.
        column: String,
        /// The cell as written.
        value: String,
        /// What was expected, e.g. `"a decimal number"`.
        expected: String,
    },
    /// A `.csv` file in the folder is neither ingested nor listed in [`IGNORED_FILES`].
    UnknownFile {
        /// File name.
        file: String,
    },
    /// Two offers (or two sources) got the same id.
    DuplicateId {
        /// The id.
        id: String,
        /// Source id of the first offer with it.
        first_source: String,
        /// Source id of the second offer with it.
        second_source: String,
    },
}

impl fmt::Display for IngestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IngestError::Io { file, message } => write!(f, "{file}: cannot read: {message}"),
            IngestError::Csv {
                file,
                line,
                message,
            } => write!(f, "{file}:{line}: malformed CSV: {message}"),
            IngestError::MissingColumn { file, column } => {
                write!(f, "{file}: required column `{column}` is not in the header")
            }
            IngestError::BadValue {
                file,
                line,
                column,
                value,
                expected,
            } => write!(
                f,
                "{file}:{line}: column `{column}`: {value:?} is not {expected}"
            ),
            IngestError::UnknownFile { file } => write!(
                f,
                "{file}: CSV file is not wired into the catalog ingest (add it to the ingest tables or to IGNORED_FILES)"
            ),
            IngestError::DuplicateId {
                id,
                first_source,
                second_source,
            } => write!(
                f,
                "duplicate id {id:?} (sources {first_source} and {second_source})"
            ),
        }
    }
}

impl std::error::Error for IngestError {}

// ---------------------------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------------------------

/// Reads every price file in `dir` (normally `data/catalog-sources`) and returns the catalog.
///
/// Files: AWS, Azure, the [`SKYPILOT_FILES`], the Google Cloud files, the [`BECLOUDREADY_FILES`]
/// and the [`CN_FILES`], in
/// that order (so source indices are stable). Any other `.csv` in `dir` that is not in
/// [`IGNORED_FILES`] is an error, as is a missing file. Offers are sorted by provider, then
/// on-demand price per GPU-hour ascending, then id; ids are checked to be unique.
///
/// # Errors
/// Any [`IngestError`]: unreadable or malformed file, missing column, unparseable number,
/// unknown CSV file, duplicate offer id.
pub fn ingest_all(dir: &Path) -> Result<Catalog, IngestError> {
    check_no_unknown_files(dir)?;
    let read = |file: &str| -> Result<String, IngestError> {
        let path = dir.join(file);
        fs::read_to_string(&path).map_err(|e| IngestError::Io {
            file: path.display().to_string(),
            message: e.to_string(),
        })
    };

    let mut catalog = spec_table_only(dir)?;
    catalog.append(parse_aws(&read)?);
    catalog.append(parse_azure(&read)?);
    for spec in SKYPILOT_FILES {
        catalog.append(parse_skypilot(spec, &read(spec.file)?)?);
    }
    catalog.append(parse_gcp_cyclenerd(&read(GCP_FILE)?)?);
    catalog.append(parse_gcp_n1(
        &read(GCP_N1_HOSTS_FILE)?,
        &read(GCP_ATTACHABLE_FILE)?,
    )?);
    catalog.append(parse_gcp_tpu(&read(GCP_TPU_FILE)?)?);
    for spec in BECLOUDREADY_FILES {
        catalog.append(parse_becloudready(spec, &read(spec.file)?)?);
    }
    catalog.append(parse_gpurentalprices(&read(GPURENTALPRICES_FILE)?)?);
    catalog.append(parse_crusoe(&read(CRUSOE_FILE)?)?);
    catalog.append(parse_paperspace(&read(PAPERSPACE_FILE)?)?);
    let lambda = parse_lambda_api(&read(LAMBDA_API_FILE)?, &catalog)?;
    catalog.append(lambda);
    catalog.append(parse_vast_feed(&read(VAST_FEED_FILE)?)?);
    catalog.append(parse_pagequotes(&read(PAGEQUOTES_FILE)?)?);
    catalog.append(parse_runpod_skypilot(&read(RUNPOD_SKYPILOT_FILE)?)?);
    catalog.append(parse_reseller(
        SHADEFORM_FILE,
        "Shadeform",
        &read(SHADEFORM_FILE)?,
    )?);
    catalog.append(parse_reseller(
        PRIMEINTELLECT_FILE,
        "Prime Intellect",
        &read(PRIMEINTELLECT_FILE)?,
    )?);
    let cn: Vec<(&str, String)> = CN_FILES
        .iter()
        .map(|f| Ok((*f, read(f)?)))
        .collect::<Result<_, IngestError>>()?;
    catalog.append(parse_cn_platform_offers(&cn)?);
    finalise(&mut catalog);
    // The refresh command's files, newest data of the providers it fetches.
    let mut overlays = Vec::new();
    for file in refresh_files(dir)? {
        let (offers, overlay) = parse_refresh(&file, &read(&file)?)?;
        let offers = identify_refresh(&catalog, offers);
        catalog.append(offers);
        overlays.push(overlay);
    }
    supersede(&mut catalog);
    check_per_gpu_sizes(&mut catalog);
    supersede_by_model(&mut catalog);
    for overlay in overlays {
        overlay_refresh(&mut catalog, overlay);
    }
    resolve_superseded(&mut catalog);
    prune_sources(&mut catalog);

    // Offers not sold on demand sort after the provider's on-demand offers.
    let per_gpu = |o: &OfferRecord| {
        o.on_demand_per_gpu_hour()
            .map_or((true, 0.0), |p| (false, p))
    };
    catalog.offers.sort_by(|a, b| {
        let (pa, pb) = (per_gpu(a), per_gpu(b));
        a.provider
            .cmp(&b.provider)
            .then(pa.0.cmp(&pb.0))
            .then(pa.1.total_cmp(&pb.1))
            .then_with(|| a.id.cmp(&b.id))
    });
    check_unique_ids(&catalog)?;
    Ok(catalog)
}

/// A catalog with no source and no offer, only the GPU spec table (`gpu-specs.csv` next to
/// `dir`): what `GPURENT_EMPTY_CATALOG=1` builds to measure the offers' share of the bundle
/// (the spec table was code before it was data, so the measure keeps it).
///
/// # Errors
/// The spec file cannot be read or is malformed.
pub fn spec_table_only(dir: &Path) -> Result<Catalog, IngestError> {
    let spec_path = dir.join("../gpu-specs.csv");
    let text = fs::read_to_string(&spec_path).map_err(|e| IngestError::Io {
        file: spec_path.display().to_string(),
        message: e.to_string(),
    })?;
    let specs = super::gpus::read_spec_table(&text).map_err(|message| IngestError::Csv {
        file: "gpu-specs.csv".to_string(),
        line: 0,
        message,
    })?;
    Ok(Catalog {
        specs,
        ..Catalog::default()
    })
}

/// Provider kind by display name: the five big clouds are hyperscalers; Vast.ai, AutoDL,
/// TensorDock and Salad are marketplaces (per-host offers from third parties: TensorDock sells
/// hosts' machines on its marketplace, Salad rents consumer GPUs of its community, its rows
/// are `community` in data/catalog-sources/PROVENANCE.md); everyone else is a GPU cloud.
#[must_use]
pub fn provider_kind(provider: &str) -> &'static str {
    match provider {
        "AWS" | "AWS China" | "Azure" | "Google Cloud" | "Alibaba Cloud" | "Tencent Cloud" => {
            "hyperscaler"
        }
        "Vast.ai" | "AutoDL" | "TensorDock" | "Salad" => "marketplace",
        _ => "gpu-cloud",
    }
}

/// Form factor (`"SXM"`, `"PCIe"`, `"NVL"`) implied by an instance type when the GPU name does
/// not say it: the type's own words (`sxm`, `hgx`, `pcie`, `nvl`), else the provider's documented
/// families (AWS p3/p4d/p4de/p5: SXM; Azure ND96…/ND40rs: SXM, NC…ads_A100_v4: PCIe,
/// NC…_H100_v5: H100 NVL; Google A2/A3: SXM; Tencent GN10X/GN10Xp: V100 NVLink). `""` otherwise.
#[must_use]
pub fn form_hint(provider: &str, instance_type: &str) -> &'static str {
    let t = instance_type.to_ascii_lowercase();
    // NVIDIA HGX boards carry SXM modules.
    if t.contains("sxm") || t.contains("hgx") {
        return "SXM";
    }
    if t.contains("pcie") {
        return "PCIe";
    }
    if t.contains("_nvl") || t.contains("-nvl") {
        return "NVL";
    }
    match provider {
        "AWS" | "AWS China"
            if t.starts_with("p3")
                || t.starts_with("p4d")
                || t.starts_with("p5")
                || t.starts_with("p6") =>
        {
            "SXM"
        }
        "Azure" if t.starts_with("standard_nd96") || t.starts_with("standard_nd40rs") => "SXM",
        "Azure" if t.contains("ads_a100_v4") => "PCIe",
        "Azure" if t.starts_with("standard_nc") && t.contains("_h100_v5") => "NVL",
        "Google Cloud" if t.starts_with("a2-") || t.starts_with("a3-") => "SXM",
        "Tencent Cloud" if t.starts_with("gn10x") => "SXM",
        _ => "",
    }
}

/// Per-GPU memory of instance types whose source row gives none and whose GPU comes in several
/// sizes: (GiB, where the figure comes from). `None` for every other instance type.
#[must_use]
pub fn memory_from_provider_docs(
    provider: &str,
    instance_type: &str,
) -> Option<(f64, &'static str)> {
    let t = instance_type.to_ascii_lowercase();
    match provider {
        "Azure" if t == "standard_nd96asr_v4" => {
            Some((40.0, "Azure ND A100 v4 size table: A100 40 GB"))
        }
        "Azure" if t.starts_with("standard_nc") && t.ends_with("s_v3") => {
            Some((16.0, "Azure NCv3 size table: V100 16 GB"))
        }
        "Tencent Cloud" if t.starts_with("gn10x") => Some((
            32.0,
            "Tencent Cloud GN10X/GN10Xp instance docs: V100 NVLink 32 GB",
        )),
        "Tencent Cloud" if t.starts_with("gt4.") => {
            Some((40.0, "Tencent Cloud GT4 instance docs: A100 40 GB"))
        }
        "Paperspace" if t == "v100" => Some((16.0, "Paperspace machine table: V100 16 GB")),
        _ => None,
    }
}

/// Whether a source is a quote typed up by hand or gathered by an aggregator, rather than a
/// fetcher's output of the provider's own price data (a primary source).
#[must_use]
pub fn is_quote_source(id: &str) -> bool {
    id.starts_with("cn-offers-")
        || id.starts_with("pagequotes-")
        || matches!(
            id,
            "gpurentalprices"
                | "paperspace-cloudgpus"
                | "skypilot-shadeform"
                | "skypilot-primeintellect"
        )
}

/// The day the catalog's data was gathered: a source older than [`STALE_AFTER_MONTHS`] then
/// (or undated) is stale.
pub const CATALOG_DATE: (i32, u32) = (2026, 12);

/// Months in the runtime staleness rule (`catalog::STALE_AFTER_MONTHS`, mirrored).
pub const STALE_AFTER_MONTHS: u32 = 12;

/// Whether a source's data is fresh on [`CATALOG_DATE`]: dated, and no more than
/// [`STALE_AFTER_MONTHS`] old.
#[must_use]
pub fn is_fresh(source: &SourceRecord) -> bool {
    let mut parts = source.as_of.split('-');
    let (Some(y), Some(m)) = (
        parts.next().and_then(|y| y.parse::<i32>().ok()),
        parts.next().and_then(|m| m.parse::<i32>().ok()),
    ) else {
        return false;
    };
    let age = (CATALOG_DATE.0 - y) * 12 + CATALOG_DATE.1 as i32 - m;
    age <= STALE_AFTER_MONTHS as i32
}

/// Gives every offer its canonical GPU model (spelling in `source_gpu_name`), interconnect,
/// provider kind and, where the source gives none, the per-GPU memory (from the provider's docs
/// or the GPU's single datasheet size, with a note). Offers whose GPU cannot be identified
/// without guessing are moved to [`Catalog::dropped`] with the reason.
fn finalise(catalog: &mut Catalog) {
    let offers = std::mem::take(&mut catalog.offers);
    for mut o in offers {
        o.provider_kind = provider_kind(&o.provider);
        let form = form_hint(&o.provider, &o.instance_type);
        let mut memory_note = None;
        if o.gpu_memory_gib.is_none() {
            if let Some((gib, why)) = memory_from_provider_docs(&o.provider, &o.instance_type) {
                o.gpu_memory_gib = Some(gib);
                memory_note = Some(format!("memory per GPU from {why} (not in the source)"));
            }
        }
        let resolve = |memory| super::gpus::resolve_in(&catalog.specs, &o.gpu_model, memory, form);
        let mut found = resolve(o.gpu_memory_gib);
        // Some size pages state one GPU's memory where most state the instance's (Azure NDm
        // A100 v4: 80 for 8 GPUs): then the stated figure is the per-GPU one.
        if found.is_none() {
            if let Some(total) = o
                .gpu_memory_total_gib
                .filter(|t| Some(*t) != o.gpu_memory_gib)
            {
                if let Some(spec) = resolve(Some(total)) {
                    found = Some(spec);
                    memory_note = Some(format!(
                        "the source states {total} GB of accelerator memory for the instance; that is one GPU's memory ({})",
                        spec.model
                    ));
                }
            }
        }
        // A stated memory that matches no size of a chip sold in one size: the spec row's
        // figure is used, the source's kept beside it (guarded by the validation tests).
        if found.is_none() && o.gpu_memory_gib.is_some() {
            if let Some(spec) = resolve(None) {
                found = Some(spec);
                memory_note = Some(format!(
                    "memory per GPU {} GiB in the source does not match the {} GiB of the {} spec row (data/gpu-specs.csv); the spec row's figure is used",
                    o.gpu_memory_gib.unwrap_or(0.0),
                    spec.memory_gib,
                    spec.model
                ));
            }
        }
        if found.is_some()
            && memory_note
                .as_deref()
                .is_some_and(|n| n.starts_with("the source states"))
        {
            o.gpu_memory_gib = o.gpu_memory_total_gib;
            o.gpu_memory_total_gib = None;
        }
        let Some(spec) = found else {
            let memory = o
                .gpu_memory_gib
                .map_or("memory not stated".to_string(), |m| {
                    format!("{m} GiB per GPU")
                });
            catalog.dropped.push((
                o.id.clone(),
                format!(
                    "GPU not identified without guessing: {:?}, {memory} (the model is sold in several memory sizes or is not in the GPU table)",
                    o.gpu_model
                ),
            ));
            continue;
        };
        // The source's figure is often the usable memory the driver reports (140.40 GiB for a
        // 141 GB H200, 23.99 for a 24 GB RTX 4090): the offer carries the model's nominal size,
        // so that filters and labels use it, and keeps the source's figure beside it.
        if let Some(m) = o.gpu_memory_gib.filter(|m| *m != spec.memory_gib) {
            o.source_gpu_memory_gib = Some(m);
            o.gpu_memory_gib = Some(spec.memory_gib);
        }
        if o.gpu_memory_gib.is_none() {
            o.gpu_memory_gib = Some(spec.memory_gib);
            memory_note = Some(format!(
                "memory per GPU from the {} ({} GB, the model's only size; not in the source)",
                spec.datasheet, spec.memory_gib
            ));
        }
        if let Some(n) = memory_note {
            o.note = if o.note.is_empty() {
                n
            } else {
                format!("{}; {n}", o.note)
            };
        }
        o.source_gpu_name = std::mem::replace(&mut o.gpu_model, spec.model.to_string());
        o.interconnect = spec.interconnect();
        // The source's own word where it names the link (Fluidstack "H100-NVLINK", Hyperstack
        // "A100-80G-PCIe-NVLink": PCIe cards with an NVLink bridge).
        if o.source_gpu_name.to_ascii_uppercase().contains("NVLINK")
            && !o.interconnect.contains("NVLink")
        {
            o.interconnect = if spec.form == "PCIe" {
                "NVLink bridge (per the source)"
            } else {
                "NVLink (per the source)"
            };
        }
        catalog.offers.push(o);
    }
}

/// The `refresh-<provider>.csv` files in `dir`, sorted by name.
fn refresh_files(dir: &Path) -> Result<Vec<String>, IngestError> {
    let io = |e: std::io::Error| IngestError::Io {
        file: dir.display().to_string(),
        message: e.to_string(),
    };
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).map_err(io)? {
        let name = entry
            .map_err(io)?
            .file_name()
            .to_string_lossy()
            .into_owned();
        if is_refresh_file(&name) {
            files.push(name);
        }
    }
    files.sort();
    Ok(files)
}

/// Removes the sources that no offer, spot price or term uses (a refresh that every other
/// source superseded), renumbering the indices.
fn prune_sources(catalog: &mut Catalog) {
    let mut used = vec![false; catalog.sources.len()];
    for o in &catalog.offers {
        used[o.source] = true;
        if let Some(s) = o.spot_source {
            used[s] = true;
        }
        for t in &o.terms {
            used[t.source] = true;
        }
    }
    let mut new_index = Vec::with_capacity(used.len());
    let mut next = 0;
    for u in &used {
        new_index.push(next);
        if *u {
            next += 1;
        }
    }
    let mut i = 0;
    catalog.sources.retain(|_| {
        i += 1;
        used[i - 1]
    });
    for o in &mut catalog.offers {
        o.source = new_index[o.source];
        o.spot_source = o.spot_source.map(|s| new_index[s]);
        for t in &mut o.terms {
            t.source = new_index[t.source];
        }
    }
}

fn check_no_unknown_files(dir: &Path) -> Result<(), IngestError> {
    let io = |e: std::io::Error| IngestError::Io {
        file: dir.display().to_string(),
        message: e.to_string(),
    };
    let known: HashSet<&str> = SKYPILOT_FILES
        .iter()
        .map(|s| s.file)
        .chain(BECLOUDREADY_FILES.iter().map(|s| s.file))
        .chain([
            GCP_FILE,
            GCP_N1_HOSTS_FILE,
            GCP_ATTACHABLE_FILE,
            GCP_TPU_FILE,
        ])
        .chain(CN_FILES.iter().copied())
        .chain(AWS_FILES.iter().copied())
        .chain([
            AWS_RI_FILE,
            AWS_CAPACITY_BLOCKS_FILE,
            AWS_CN_RI_FILE,
            AWS_CN_SP_FILE,
        ])
        .chain(AZURE_FILES.iter().copied())
        .chain(GPU_CLOUD_FILES.iter().copied())
        .chain(IGNORED_FILES.iter().map(|(f, _)| *f))
        .collect();
    for entry in fs::read_dir(dir).map_err(io)? {
        let name = entry
            .map_err(io)?
            .file_name()
            .to_string_lossy()
            .into_owned();
        if name.to_lowercase().ends_with(".csv")
            && !known.contains(name.as_str())
            && !is_refresh_file(&name)
        {
            return Err(IngestError::UnknownFile { file: name });
        }
    }
    Ok(())
}

fn check_unique_ids(catalog: &Catalog) -> Result<(), IngestError> {
    let source_id = |i: usize| catalog.sources.get(i).map_or("?", |s| s.id.as_str());
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for offer in &catalog.offers {
        if let Some(&first) = seen.get(offer.id.as_str()) {
            return Err(IngestError::DuplicateId {
                id: offer.id.clone(),
                first_source: source_id(first).to_string(),
                second_source: source_id(offer.source).to_string(),
            });
        }
        seen.insert(&offer.id, offer.source);
    }
    let mut source_ids = HashSet::new();
    for source in &catalog.sources {
        if !source_ids.insert(source.id.as_str()) {
            return Err(IngestError::DuplicateId {
                id: source.id.clone(),
                first_source: source.id.clone(),
                second_source: source.id.clone(),
            });
        }
    }
    Ok(())
}
