//! Build-time ingest of the dated public GPU price files in `data/catalog-sources/` (described in
//! its `PROVENANCE.md`) into owned offer and source records, which `build.rs` writes out as the
//! catalog statics.
//!
//! `build.rs` includes this file with `#[path = "src/catalog/ingest.rs"] mod ingest;`, so it uses
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

/// USD per CNY used by the sugarlxn fork's Alibaba Cloud and Tencent Cloud fetchers
/// (`--cny-usd-rate 0.138`): their `Price` and `SpotPrice` are CNY × 0.138, so the native CNY
/// price is `USD ÷ 0.138`, computed at full `f64` precision and never rounded.
pub const FETCHER_USD_PER_CNY: f64 = 0.138;

/// As-of month of the SkyPilot and sugarlxn files: only the month they were read (November
/// 2026) is known, not their commits' dates, so their sources have `as_of_exact = false`.
pub const SKYPILOT_AS_OF: &str = "2026-11";

/// As-of date of the Cyclenerd Google Cloud file (`generated: Thu Jul 30 06:13:17 2026`).
pub const GCP_AS_OF: &str = "2026-07-30";

/// As-of date of the becloudready files (date of commit `64a1fca6`).
pub const BECLOUDREADY_AS_OF: &str = "2026-02-11";

/// Hours per month of the Cyclenerd `month*` columns (`month` = 730 × `hour`), used to turn its
/// committed-use monthly prices back into hourly rates.
pub const HOURS_PER_MONTH: f64 = 730.0;

/// File name of the Google Cloud (Cyclenerd) price file.
pub const GCP_FILE: &str = "gcp-cyclenerd-gpu-instances.csv";

/// File name of the hand-typed Chinese platform offers.
pub const CN_FILE: &str = "cn-platform-offers.csv";

/// CSV files in the folder that are deliberately not read as offers: the SkyPilot accelerator
/// map (no prices) and the founding articles' figures (claims, not market data).
pub const IGNORED_FILES: &[&str] = &[
    "skypilot-common-accelerators.csv",
    "seed-figures.csv",
    // Committed as data before their parsers land (PROVENANCE.md describes them).
    "aws-skypilot-p-family.csv",
    "aws-skypilot-g-family.csv",
    "aws-skypilot-trainium-inferentia.csv",
    "aws-reserved-tsaol-vantage.csv",
    "aws-reserved-tsaol-vantage-cn-cny.csv",
    "aws-savings-plans-tsaol-vantage-cn-cny.csv",
    "aws-reserved-leanercloud-2023.csv",
    "aws-spot-advisor-spotinfo.csv",
    "aws-spot-spotinfo.csv",
    "aws-capacity-blocks-pages-2024.csv",
    "aws-billing-rules-aws.csv",
    "azure-karpenter-vms.csv",
    "azure-pricingradar-vms.csv",
    "azure-gpu-sizes.csv",
    "azure-reservations-calculator-polandcentral.csv",
    "azure-reservations-ibranibeny-indonesiacentral.csv",
    "azure-reservations-babajide-retailapi.csv",
    "azure-reservations-termcatalog-idx71169283831.csv",
    "gcp-cyclenerd-n1-hosts.csv",
    "gcp-skypilot-gpu-attachable.csv",
    "gcp-tpu-prices-gpuhunt.csv",
    "alicloud-sugarlxn-vms.csv",
    "cn-platform-offers-2.csv",
    "multi-gpurentalprices-offers.csv",
    "crusoe-gpuhunt-prices.csv",
    "paperspace-cloudgpus-prices.csv",
    "lambda-apifixture-instance-types.csv",
    "multi-idx-pagequotes.csv",
    "vast-publicfeed-quotes.csv",
    "vast-rawoffers-offers.csv",
    "hyperstack-skypilot-vms.csv",
    "cudo-skypilot-vms.csv",
    "shadeform-skypilot-vms.csv",
    "primeintellect-skypilot-vms.csv",
    "runpod-skypilot-vms.csv",
    "billing-rules-gpu-clouds.csv",
];

const SKYPILOT_LICENCE: &str = "not confirmed: the skypilot-catalog repository has no LICENSE file (the SkyPilot project itself is Apache-2.0); factual price data collected from cloud pricing APIs";
const SUGARLXN_LICENCE: &str = "not confirmed: the sugarlxn/skypilot-catalog fork states no licence of its own (treat as for the upstream SkyPilot catalog)";
const SKYPILOT_DATE_NOTE: &str = "USD per instance-hour; tax, storage, egress and discounts not included. Commit date not recorded: read in Nov 2026, probably 2026 data.";
const CNY_CONVERSION_NOTE: &str = "CNY = source USD ÷ 0.138 (the source fetcher's rate)";

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
    /// On-demand price per instance-hour in `currency`; finite and positive.
    pub on_demand_per_hour: f64,
    /// Spot price per instance-hour in `currency` from the same row; `None` when empty or not
    /// positive (the Vast file writes `0.00` for "no spot price").
    pub spot_per_hour: Option<f64>,
    /// ISO 4217 code of the native currency: `"USD"` or `"CNY"`.
    pub currency: &'static str,
    /// Billing granularity and minimum for on-demand time.
    pub billing: BillingRecord,
    /// Index into [`Catalog::sources`].
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
    /// On-demand price per instance-hour across the aggregated listings: (min, median, max).
    /// The median of an even number of listings is the mean of the middle two.
    pub on_demand_spread: (f64, f64, f64),
    /// Spot price per instance-hour across the listings that have one: (min, median, max).
    pub spot_spread: Option<(f64, f64, f64)>,
    /// Number of listings with a spot price.
    pub spot_listings: u32,
    /// Every distinct region the aggregated listings name, sorted.
    pub regions: Vec<String>,
    /// Committed-use prices: (term in months, payment option, upfront per instance, recurring
    /// price per instance-hour), cheapest across listings per (term, payment).
    pub commitments: Vec<(u32, &'static str, f64, f64)>,
    /// Monthly package price per instance-month (包月), from the same source, when it gives one.
    pub monthly_per_month: Option<f64>,
}

impl OfferRecord {
    /// On-demand price per GPU-hour in `currency`: `on_demand_per_hour / gpu_count`
    /// (`gpu_count` is at least 1 for every ingested offer).
    #[must_use]
    pub fn on_demand_per_gpu_hour(&self) -> f64 {
        self.on_demand_per_hour / f64::from(self.gpu_count.max(1))
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
}

impl Catalog {
    /// Appends `other`, shifting its offers' source indices past this catalog's sources.
    pub fn append(&mut self, other: Catalog) {
        let base = self.sources.len();
        self.sources.extend(other.sources);
        self.offers.extend(other.offers.into_iter().map(|mut o| {
            o.source += base;
            o
        }));
        self.skipped.extend(other.skipped);
        self.dropped.extend(other.dropped);
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
// Source tables
// ---------------------------------------------------------------------------------------------

/// A GPU count the source gets wrong, corrected when the source shows exactly `source_count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountFix {
    /// Instance type the fix applies to.
    pub instance_type: &'static str,
    /// The count the source shows (the fix is not applied to any other value).
    pub source_count: u32,
    /// The real GPU count.
    pub gpu_count: u32,
    /// Offer note saying what was changed and why.
    pub note: &'static str,
}

/// One SkyPilot-format `vms.csv` file (upstream skypilot-catalog or the sugarlxn fork).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SkypilotSpec {
    /// File name in `data/catalog-sources/`.
    pub file: &'static str,
    /// Source id, e.g. `"skypilot-aws"`.
    pub source_id: &'static str,
    /// Provider display name.
    pub provider: &'static str,
    /// `repository path @ commit`.
    pub reference: &'static str,
    /// Licence as stated in `PROVENANCE.md`.
    pub licence: &'static str,
    /// Source-level caveats from `PROVENANCE.md`.
    pub note: &'static str,
    /// `Some(usd_per_cny)` when the file's USD prices were converted from CNY by the fetcher:
    /// prices are then stored in CNY as `USD ÷ usd_per_cny`.
    pub converted_from_cny_at: Option<f64>,
    /// Whether `GpuInfo` is free text like `"T4 16GB"` (per-GPU GB) rather than SkyPilot's
    /// `SizeInMiB` dictionary.
    pub free_text_gpu_info: bool,
    /// Whether `SizeInMiB` is the memory of all the instance's GPUs together (the Vast file:
    /// `2x-RTX_5090` shows 65214 MiB = 2 × 32607) rather than per GPU (every other file:
    /// AWS `p3.16xlarge` shows 16384 MiB per V100). When set, per-GPU = `SizeInMiB ÷ count`.
    pub size_in_mib_is_instance_total: bool,
    /// Instance types the source lists with `AcceleratorCount` 1 that are really a fraction
    /// of one GPU: (instance type, what it is). Skipped as vGPU slices.
    pub partial_gpu_types: &'static [(&'static str, &'static str)],
    /// `Generation` (instance family) prefix of shared-GPU (vGPU slice) families, skipped.
    pub slice_family_prefix: Option<&'static str>,
    /// GPU counts corrected from `PROVENANCE.md`.
    pub count_fixes: &'static [CountFix],
    /// On-demand billing rule from the provider's own documentation (the source does not carry
    /// it); [`BillingRecord::UNSTATED`] when not established.
    pub billing: BillingRecord,
    /// Instance types whose source price looks anomalous in every listing: (instance type, why).
    /// Skipped, so an implausible price never tops a ranking.
    pub anomalies: &'static [(&'static str, &'static str)],
}

const NO_FIXES: &[CountFix] = &[];
const NO_ANOMALIES: &[(&str, &str)] = &[];

const fn skypilot(
    file: &'static str,
    source_id: &'static str,
    provider: &'static str,
    reference: &'static str,
    note: &'static str,
) -> SkypilotSpec {
    SkypilotSpec {
        file,
        source_id,
        provider,
        reference,
        licence: SKYPILOT_LICENCE,
        note,
        converted_from_cny_at: None,
        free_text_gpu_info: false,
        size_in_mib_is_instance_total: false,
        partial_gpu_types: NO_ANOMALIES,
        slice_family_prefix: None,
        count_fixes: NO_FIXES,
        billing: BillingRecord::UNSTATED,
        anomalies: NO_ANOMALIES,
    }
}

/// Every SkyPilot-format file that is ingested, in ingest order.
pub const SKYPILOT_FILES: &[SkypilotSpec] = &[
    SkypilotSpec {
        billing: BillingRecord::PER_SECOND_MIN_60S,
        ..skypilot(
            "skypilot-aws-vms.csv",
            "skypilot-aws",
            "AWS",
            "github.com/skypilot-org/skypilot-catalog catalogs/v9/aws/vms.csv @ 2c3d7ea7d76bf84cf80d382e946c1609571485fd",
            "Partial: the p family only (p3, p3dn, p4d, p4de, p5; p5.4xlarge in only 7 zones); p5e/p5en/p6, g4dn/g5/g6/g6e, inf and trn are missing. Spot is per availability zone. USD per instance-hour; tax, storage, egress and discounts not included. Commit date not recorded: read in Nov 2026, probably 2026 data. Billing (AWS docs, not the source): per second, 60-second minimum, for Linux instances.",
        )
    },
    SkypilotSpec {
        count_fixes: &[CountFix {
            instance_type: "Standard_ND96isr_H100_v5",
            source_count: 12,
            gpu_count: 8,
            note: "GPU count corrected from 12 (source AcceleratorCount) to 8: the real count is 8 GPUs (PROVENANCE.md)",
        }],
        partial_gpu_types: &[
            ("Standard_NV4as_v4", "1/8 of a Radeon Instinct MI25, 2 GiB (Azure NVv4 size table)"),
            ("Standard_NV8as_v4", "1/4 of a Radeon Instinct MI25, 4 GiB (Azure NVv4 size table)"),
            ("Standard_NV16as_v4", "1/2 of a Radeon Instinct MI25, 8 GiB (Azure NVv4 size table)"),
        ],
        ..skypilot(
            "skypilot-azure-vms.csv",
            "skypilot-azure",
            "Azure",
            "github.com/skypilot-org/skypilot-catalog catalogs/v6/azure/vms.csv @ 098741e70562f65d7af1cceb81e33b284f742604",
            "US regions only, older schema v6 snapshot. A10-v4, NCC and NG sizes have no accelerator name in the source and are not in the catalog, nor are the partial-GPU NVv4 sizes NV4as/NV8as/NV16as_v4 (1/8, 1/4, 1/2 of an MI25 per Azure's NVv4 size table; the source lists them as 1 GPU). Some H100 rows show spot = on-demand. USD per instance-hour; tax, storage, egress and discounts not included. Commit date not recorded: read in Nov 2026, probably 2026 data.",
        )
    },
    skypilot(
        "skypilot-lambda-vms.csv",
        "skypilot-lambda",
        "Lambda",
        "github.com/skypilot-org/skypilot-catalog catalogs/v9/lambda/vms.csv @ 2c3d7ea7d76bf84cf80d382e946c1609571485fd",
        "Same price in every region (17 regions); no spot market. USD per instance-hour; tax, storage, egress and discounts not included. Commit date not recorded: read in Nov 2026, probably 2026 data.",
    ),
    skypilot(
        "skypilot-paperspace-vms.csv",
        "skypilot-paperspace",
        "Paperspace",
        "github.com/skypilot-org/skypilot-catalog catalogs/v6/paperspace/vms.csv @ e520054145d1bce6748bcf18c9a25ddd6ea9a348",
        "Older v6 snapshot with a single region. USD per instance-hour; tax, storage, egress and discounts not included. Commit date not recorded: read in Nov 2026, probably 2026 data.",
    ),
    SkypilotSpec {
        size_in_mib_is_instance_total: true,
        ..skypilot(
        "skypilot-vast-vms.csv",
        "skypilot-vast",
        "Vast.ai",
        "github.com/skypilot-org/skypilot-catalog catalogs/v9/vast/vms.csv @ a5be53865774cac59df537ba1842e45ffc8be722",
        "Marketplace sample: one row per host offer at fetch time, not a list price; it moves hourly. Hosts of one instance type can differ (e.g. A100 40 GB and 80 GB under 1x-A100_SXM4); the cheapest host's figures are shown. A spot price of 0.00 means none. GPU memory per GPU = the source's SizeInMiB (all GPUs together in this file) ÷ GPU count. USD per instance-hour; tax, storage, egress and discounts not included. Commit date not recorded: read in Nov 2026, probably 2026 data.",
    )},
    skypilot(
        "skypilot-nebius-vms.csv",
        "skypilot-nebius",
        "Nebius",
        "github.com/skypilot-org/skypilot-catalog catalogs/v9/nebius/vms.csv @ d9bf3aa4d21f5c1e1f3d8fde27adf0204c46fbc8",
        "GPU memory is recorded as 0 in the source (unknown). USD per instance-hour; tax, storage, egress and discounts not included. Commit date not recorded: read in Nov 2026, probably 2026 data.",
    ),
    skypilot(
        "skypilot-verda-vms.csv",
        "skypilot-verda",
        "Verda",
        "github.com/skypilot-org/skypilot-catalog catalogs/v8/verda/vms.csv @ 000c1d0bf24621f4ac37cfa585f0897c1aa1d9cf",
        "Verda is the former DataCrunch. Rows with only a spot price are not in the catalog. USD per instance-hour; tax, storage, egress and discounts not included. Commit date not recorded: read in Nov 2026, probably 2026 data.",
    ),
    skypilot(
        "skypilot-jarvislabs-vms.csv",
        "skypilot-jarvislabs",
        "Jarvislabs",
        "github.com/skypilot-org/skypilot-catalog catalogs/v8/jarvislabs/vms.csv @ 57d65781a544958d7d07014f062f7d1cad8415a7",
        SKYPILOT_DATE_NOTE,
    ),
    skypilot(
        "skypilot-hyperbolic-vms.csv",
        "skypilot-hyperbolic",
        "Hyperbolic",
        "github.com/skypilot-org/skypilot-catalog catalogs/v8/hyperbolic/vms.csv @ 0082b0435f3912ae4c566856b272455cc78f4f61",
        SKYPILOT_DATE_NOTE,
    ),
    skypilot(
        "skypilot-fluidstack-vms.csv",
        "skypilot-fluidstack",
        "Fluidstack",
        "github.com/skypilot-org/skypilot-catalog catalogs/v9/fluidstack/vms.csv @ 2c3d7ea7d76bf84cf80d382e946c1609571485fd",
        SKYPILOT_DATE_NOTE,
    ),
    SkypilotSpec {
        licence: SUGARLXN_LICENCE,
        converted_from_cny_at: Some(FETCHER_USD_PER_CNY),
        free_text_gpu_info: true,
        slice_family_prefix: Some("ecs.sgn"),
        anomalies: &[(
            "ecs.gn5i-c12g1.6xlarge",
            "source price 0.011592 USD/h for 2x P4 in every region; PROVENANCE.md flags it as a likely source anomaly",
        )],
        ..skypilot(
            "skypilot-alicloud-vms.csv",
            "skypilot-alicloud",
            "Alibaba Cloud",
            "github.com/sugarlxn/skypilot-catalog catalogs/v8/alicloud/vms.csv @ 003c56a723d369190b11308e630e4cfd33e25c86",
            "SkyPilot-format fork with its own fetcher, which converts the CNY price API to USD at 0.138 USD/CNY; the catalog stores CNY = USD ÷ 0.138. vGPU slices (A10*1/3, T4/4, shared-GPU ecs.sgn* families) and non-GPU accelerators (Xilinx FPGA, AMD S7150, intel SG1, A910X, VG1000) are not in the catalog. Spot is per zone. No GN7 rows and no GN6v rows outside China. Tax, storage, egress and discounts not included. Commit date not recorded: read in Nov 2026, probably 2026 data.",
        )
    },
    SkypilotSpec {
        licence: SUGARLXN_LICENCE,
        converted_from_cny_at: Some(FETCHER_USD_PER_CNY),
        free_text_gpu_info: true,
        ..skypilot(
            "skypilot-tencentcloud-vms.csv",
            "skypilot-tencentcloud",
            "Tencent Cloud",
            "github.com/sugarlxn/skypilot-catalog catalogs/v8/tencentcloud/vms.csv @ 319364519647e37c5ee585be5338b02b10f744be",
            "SkyPilot-format fork with its own fetcher, which converts the CNY price API to USD at 0.138 USD/CNY; the catalog stores CNY = USD ÷ 0.138 (a derived figure: Tencent publishes prices only through its calculator). No spot prices. Zixiao C100 and Intel SG1 rows are not in the catalog. Tax, storage, egress and discounts not included. Commit date not recorded: read in Nov 2026, probably 2026 data.",
        )
    },
];

/// What a becloudready `price_per_hour_usd` is per.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PriceBasis {
    /// USD per GPU-hour: instance price = price × `gpu_count` (1 when the column is empty).
    PerGpuHour,
    /// USD per hour for the whole node: `gpu_count` must be stated, or the row is skipped.
    PerNodeHour,
}

/// One becloudready `data/*.csv` file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BecloudreadySpec {
    /// File name in `data/catalog-sources/`.
    pub file: &'static str,
    /// Source id, e.g. `"becloudready-runpod"`.
    pub source_id: &'static str,
    /// Provider display name.
    pub provider: &'static str,
    /// Path in the becloudready/gpu-price repository.
    pub path: &'static str,
    /// What the price column is per.
    pub basis: PriceBasis,
    /// Source-level caveats.
    pub note: &'static str,
}

const BECLOUDREADY_COMMIT: &str = "64a1fca6dba02b079f416acae7ca0e34d1062dfd";
const BECLOUDREADY_PER_GPU_NOTE: &str = "Scraped from the provider's public pricing page. The source lists USD per GPU-hour; instance price = per-GPU price × gpu_count (1 when not stated). VRAM is per GPU. Tax, storage and egress not included.";

/// Every becloudready file that is ingested, in ingest order.
pub const BECLOUDREADY_FILES: &[BecloudreadySpec] = &[
    BecloudreadySpec {
        file: "becloudready-runpod-gpu-prices.csv",
        source_id: "becloudready-runpod",
        provider: "RunPod",
        path: "data/runpod.csv",
        basis: PriceBasis::PerGpuHour,
        note: BECLOUDREADY_PER_GPU_NOTE,
    },
    BecloudreadySpec {
        file: "becloudready-coreweave-gpu-prices.csv",
        source_id: "becloudready-coreweave",
        provider: "CoreWeave",
        path: "data/coreweave.csv",
        basis: PriceBasis::PerNodeHour,
        note: "Scraped from the provider's public pricing page. The source price is USD per hour for the whole node (gpu_count GPUs, usually 8); rows without a GPU count are not in the catalog. VRAM is per GPU. Tax, storage and egress not included.",
    },
    BecloudreadySpec {
        file: "becloudready-denvr-gpu-prices.csv",
        source_id: "becloudready-denvr",
        provider: "Denvr",
        path: "data/denvr.csv",
        basis: PriceBasis::PerGpuHour,
        note: BECLOUDREADY_PER_GPU_NOTE,
    },
    BecloudreadySpec {
        file: "becloudready-nebius-gpu-prices.csv",
        source_id: "becloudready-nebius",
        provider: "Nebius",
        path: "data/nebius.csv",
        basis: PriceBasis::PerGpuHour,
        note: BECLOUDREADY_PER_GPU_NOTE,
    },
    BecloudreadySpec {
        file: "becloudready-crusoe-gpu-prices.csv",
        source_id: "becloudready-crusoe",
        provider: "Crusoe",
        path: "data/crusoe.csv",
        basis: PriceBasis::PerGpuHour,
        note: "Scraped from the provider's public pricing page; only the GPU rows were kept, and some have no price. The source lists USD per GPU-hour; instance price = per-GPU price × gpu_count (1 when not stated). VRAM is per GPU. Tax, storage and egress not included.",
    },
];

/// Accelerators in the source files that are not GPUs of the kinds the catalog keeps.
///
/// Rule: the catalog keeps only NVIDIA GPUs, AMD Instinct/Radeon GPUs and Intel Gaudi. Every
/// accelerator name in the ingested files was checked by hand; the ones below are something
/// else and their rows are skipped. Each entry is (lowercase token, what it is); a name matches
/// when one of its tokens (split on spaces, `/` and `*`) equals the token.
pub const NON_GPU_ACCELERATORS: &[(&str, &str)] = &[
    ("xilinx", "Xilinx FPGA (Alibaba f3)"),
    ("s7150", "AMD FirePro S7150 (not Instinct/Radeon)"),
    ("sg1", "Intel Server GPU SG1 (not Gaudi)"),
    ("a910x", "A910X (not an NVIDIA, AMD or Intel Gaudi GPU)"),
    ("vg1000", "VG1000 video accelerator"),
    ("zixiao", "Tencent Zixiao inference chip"),
];

/// What `name` is when it is one of the [`NON_GPU_ACCELERATORS`], else `None`
/// (case-insensitive token match).
#[must_use]
pub fn non_gpu_accelerator(name: &str) -> Option<&'static str> {
    let lower = name.to_lowercase();
    let tokens: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || c == '/' || c == '*')
        .filter(|t| !t.is_empty())
        .collect();
    NON_GPU_ACCELERATORS
        .iter()
        .find(|(token, _)| tokens.contains(token))
        .map(|&(_, what)| what)
}

/// Display name and per-GPU memory in GiB for a Cyclenerd `gpu_key`.
///
/// The memory is not in the source: the figures are the GPU makers' datasheet values
/// (NVIDIA A100 40 GB / 80 GB, H100 SXM 80 GB, L4 24 GB, RTX PRO 6000 Blackwell 96 GB).
/// Unknown keys return `None` (and make ingest fail, so a new key is never guessed at).
#[must_use]
pub fn gcp_gpu(key: &str) -> Option<(&'static str, f64)> {
    match key {
        "a100" => Some(("A100 40GB", 40.0)),
        "a100-80gb" => Some(("A100 80GB", 80.0)),
        "h100-80gb" => Some(("H100 80GB", 80.0)),
        "h100-80gb-mega" => Some(("H100 80GB Mega", 80.0)),
        "l4" => Some(("L4", 24.0)),
        "rtx6000" => Some(("RTX PRO 6000", 96.0)),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------------------------

/// Reads every price file in `dir` (normally `data/catalog-sources`) and returns the catalog.
///
/// Files: the [`SKYPILOT_FILES`], [`GCP_FILE`], the [`BECLOUDREADY_FILES`] and [`CN_FILE`], in
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

    let mut catalog = Catalog::default();
    for spec in SKYPILOT_FILES {
        catalog.append(parse_skypilot(spec, &read(spec.file)?)?);
    }
    catalog.append(parse_gcp_cyclenerd(&read(GCP_FILE)?)?);
    for spec in BECLOUDREADY_FILES {
        catalog.append(parse_becloudready(spec, &read(spec.file)?)?);
    }
    catalog.append(parse_cn_platform_offers(&read(CN_FILE)?)?);
    finalise(&mut catalog);
    drop_superseded(&mut catalog);

    catalog.offers.sort_by(|a, b| {
        a.provider
            .cmp(&b.provider)
            .then(
                a.on_demand_per_gpu_hour()
                    .total_cmp(&b.on_demand_per_gpu_hour()),
            )
            .then_with(|| a.id.cmp(&b.id))
    });
    check_unique_ids(&catalog)?;
    Ok(catalog)
}

/// Provider kind by display name: the five big clouds are hyperscalers, Vast.ai and AutoDL are
/// marketplaces (per-host offers from third parties, PROVENANCE.md), everyone else is a GPU cloud.
#[must_use]
pub fn provider_kind(provider: &str) -> &'static str {
    match provider {
        "AWS" | "Azure" | "Google Cloud" | "Alibaba Cloud" | "Tencent Cloud" => "hyperscaler",
        "Vast.ai" | "AutoDL" => "marketplace",
        _ => "gpu-cloud",
    }
}

/// Form factor (`"SXM"`, `"PCIe"`, `"NVL"`) implied by an instance type when the GPU name does
/// not say it: the type's own words (`sxm`, `pcie`, `nvl`), else the provider's documented
/// families (AWS p3/p4d/p4de/p5: SXM; Azure ND96…/ND40rs: SXM, NC…ads_A100_v4: PCIe,
/// NC…_H100_v5: H100 NVL; Google A2/A3: SXM; Tencent GN10X/GN10Xp: V100 NVLink). `""` otherwise.
#[must_use]
pub fn form_hint(provider: &str, instance_type: &str) -> &'static str {
    let t = instance_type.to_ascii_lowercase();
    if t.contains("sxm") {
        return "SXM";
    }
    if t.contains("pcie") {
        return "PCIe";
    }
    if t.contains("_nvl") || t.contains("-nvl") {
        return "NVL";
    }
    match provider {
        "AWS" if t.starts_with("p3") || t.starts_with("p4d") || t.starts_with("p5") => "SXM",
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

/// When the same provider sells the same instance type (for the Chinese platforms: the same
/// product name, e.g. AutoDL `RTX 4090`) in two or more sources, keeps the offer of the
/// newest-dated source and moves the others to [`Catalog::dropped`] with the reason. Dates
/// compare as text (`2026-11` > `2026-10-04` > `2026-09-29`); on a tie the exact date wins,
/// then the earlier offer. Deterministic: depends only on the offers' order and dates.
fn drop_superseded(catalog: &mut Catalog) {
    let key = |o: &OfferRecord| (o.provider.clone(), o.instance_type.to_lowercase());
    let date = |o: &OfferRecord| {
        catalog
            .sources
            .get(o.source)
            .map_or((String::new(), false), |s| (s.as_of.clone(), s.as_of_exact))
    };
    // The winner of every key: index of the offer with the greatest (date, exact).
    let mut best: HashMap<(String, String), usize> = HashMap::new();
    for (i, o) in catalog.offers.iter().enumerate() {
        let k = key(o);
        match best.get(&k) {
            Some(&j) if date(&catalog.offers[j]) >= date(o) => {}
            _ => {
                best.insert(k, i);
            }
        }
    }
    let mut dropped = Vec::new();
    let mut kept = Vec::new();
    for (i, o) in catalog.offers.iter().enumerate() {
        let winner = best.get(&key(o)).copied().unwrap_or(i);
        if winner == i {
            kept.push(o.clone());
        } else {
            let w = &catalog.offers[winner];
            dropped.push((
                o.id.clone(),
                format!(
                    "superseded: {} sells {:?} also in a newer source ({}, as of {}) than this one (as of {}); the newest is kept",
                    o.provider,
                    o.instance_type,
                    w.id,
                    date(w).0,
                    date(o).0
                ),
            ));
        }
    }
    catalog.offers = kept;
    catalog.dropped.extend(dropped);
}

/// Vast.ai's `AcceleratorName` drops the Ti / SUPER variant that its instance type keeps
/// (`1x-RTX_3060_Ti-32-65536` has accelerator `RTX3060`; `RTX_4070S_Ti` is a 4070 Ti SUPER):
/// the accelerator name with the variant words appended, or `None` when there is no variant.
fn vast_variant_name(instance_type: &str, accelerator: &str) -> Option<String> {
    let gpu = instance_type.split('-').nth(1)?;
    let words: Vec<&str> = gpu.split('_').collect();
    let ti = words.iter().any(|w| w.eq_ignore_ascii_case("Ti"));
    let number_with_s = |w: &&str| {
        w.len() > 1
            && (w.ends_with('S') || w.ends_with('s'))
            && w[..w.len() - 1].bytes().all(|b| b.is_ascii_digit())
    };
    let sup = words
        .iter()
        .any(|w| number_with_s(w) || w.eq_ignore_ascii_case("SUPER"));
    match (ti, sup) {
        (false, false) => None,
        (true, false) => Some(format!("{accelerator} Ti")),
        (false, true) => Some(format!("{accelerator} SUPER")),
        (true, true) => Some(format!("{accelerator} Ti SUPER")),
    }
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
        let Some(spec) = super::gpus::resolve(&o.gpu_model, o.gpu_memory_gib, form) else {
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
        catalog.offers.push(o);
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
        .chain([GCP_FILE, CN_FILE])
        .chain(IGNORED_FILES.iter().copied())
        .collect();
    for entry in fs::read_dir(dir).map_err(io)? {
        let name = entry
            .map_err(io)?
            .file_name()
            .to_string_lossy()
            .into_owned();
        if name.to_lowercase().ends_with(".csv") && !known.contains(name.as_str()) {
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

// ---------------------------------------------------------------------------------------------
// Parsers, one per source format
// ---------------------------------------------------------------------------------------------

/// Parses one SkyPilot-format `vms.csv` (columns by name: `InstanceType`, `AcceleratorName`,
/// `AcceleratorCount`, `Price`, `Region` required; `vCPUs`, `MemoryGiB`, `GpuInfo`, `SpotPrice`,
/// `Generation` optional).
///
/// Returns one source and one offer per `InstanceType` (cheapest on-demand row, see the module
/// doc). Prices are USD per instance-hour, or CNY = USD ÷ rate when
/// [`SkypilotSpec::converted_from_cny_at`] is set. `AcceleratorCount` may be written `8.0`;
/// only whole counts ≥ 1 are kept. GPU memory per GPU comes from `GpuInfo`
/// ([`gpu_memory_from_size_in_mib`], or [`gpu_memory_from_free_text`] for free-text files).
/// A row with only a spot price is skipped (`"no on-demand price: spot price only"`).
///
/// # Errors
/// Malformed CSV, a missing required column, or a number cell that does not parse.
pub fn parse_skypilot(spec: &SkypilotSpec, text: &str) -> Result<Catalog, IngestError> {
    let file = spec.file;
    let table = Table::read(file, text)?;
    let c_type = table.col("InstanceType")?;
    let c_name = table.col("AcceleratorName")?;
    let c_count = table.col("AcceleratorCount")?;
    let c_price = table.col("Price")?;
    let c_region = table.col("Region")?;
    let c_spot = table.opt_col("SpotPrice");
    let c_vcpus = table.opt_col("vCPUs");
    let c_ram = table.opt_col("MemoryGiB");
    let c_info = table.opt_col("GpuInfo");
    let c_family = table.opt_col("Generation");

    let mut agg = Aggregator::default();
    let mut skipped = Vec::new();
    for (line, rec) in &table.records {
        let at = At { file, line: *line };
        let instance_type = cell(rec, c_type);
        let variant_name = if spec.source_id == "skypilot-vast" {
            vast_variant_name(instance_type, cell(rec, c_name))
        } else {
            None
        };
        let name = variant_name.as_deref().unwrap_or(cell(rec, c_name));
        let family = opt_cell(rec, c_family);

        if name.is_empty() {
            skipped.push(at.skip(format!("empty accelerator name: {instance_type}")));
            continue;
        }
        if let Some(what) = non_gpu_accelerator(name) {
            skipped.push(at.skip(format!("non-GPU accelerator: {name} ({what})")));
            continue;
        }
        if name.contains('/') {
            skipped.push(at.skip(format!("vGPU slice: accelerator {name}")));
            continue;
        }
        if let Some(prefix) = spec.slice_family_prefix {
            if family.starts_with(prefix) {
                skipped.push(at.skip(format!("vGPU slice: shared-GPU family {family} ({name})")));
                continue;
            }
        }
        if let Some((_, what)) = spec
            .partial_gpu_types
            .iter()
            .find(|(t, _)| *t == instance_type)
        {
            skipped.push(at.skip(format!("vGPU slice: {instance_type} is {what}")));
            continue;
        }
        let source_count = match gpu_count(&at, "AcceleratorCount", cell(rec, c_count))? {
            Ok(n) => n,
            Err(reason) => {
                skipped.push(at.skip(reason));
                continue;
            }
        };
        let spot_raw = opt_cell(rec, c_spot);
        let price = match on_demand_price(&at, "Price", cell(rec, c_price))? {
            Ok(p) => p,
            Err(reason) => {
                let reason = if cell(rec, c_price).is_empty()
                    && spot_price(&at, "SpotPrice", spot_raw)?.is_some()
                {
                    "no on-demand price: spot price only".to_string()
                } else {
                    reason
                };
                skipped.push(at.skip(reason));
                continue;
            }
        };
        let spot = spot_price(&at, "SpotPrice", spot_raw)?;

        let mut notes = Vec::new();
        let mut count = source_count;
        if let Some(fix) = spec
            .count_fixes
            .iter()
            .find(|f| f.instance_type == instance_type && f.source_count == source_count)
        {
            count = fix.gpu_count;
            notes.push(fix.note.to_string());
        }
        let (on_demand, spot, currency) = match spec.converted_from_cny_at {
            Some(rate) => {
                notes.push(CNY_CONVERSION_NOTE.to_string());
                (price / rate, spot.map(|s| s / rate), "CNY")
            }
            None => (price, spot, "USD"),
        };
        if let Some((_, why)) = spec.anomalies.iter().find(|(t, _)| *t == instance_type) {
            skipped.push(at.skip(format!("price anomaly: {why}")));
            continue;
        }
        let info = opt_cell(rec, c_info);
        let gpu_memory_gib = if spec.free_text_gpu_info {
            gpu_memory_from_free_text(info)
        } else if spec.size_in_mib_is_instance_total {
            gpu_memory_from_size_in_mib(info).map(|total| total / f64::from(source_count))
        } else {
            gpu_memory_from_size_in_mib(info)
        };
        let mut gpu_memory_total_gib = None;
        if let (Some(total), Some(per_gpu)) =
            (number_after(info, "TotalGpuMemoryInMiB"), gpu_memory_gib)
        {
            let total = total / 1024.0;
            let expected = per_gpu * f64::from(count);
            if (total - expected).abs() <= 0.02 * expected {
                gpu_memory_total_gib = Some(total);
            } else {
                notes.push(format!(
                    "source total GPU memory {total} GiB ≠ {count} × {per_gpu} GiB per GPU; the total is not used"
                ));
            }
        }
        let offer = OfferRecord {
            id: format!("{}/{}", spec.source_id, instance_type).to_lowercase(),
            provider: spec.provider.to_string(),
            instance_type: instance_type.to_string(),
            gpu_model: name.to_string(),
            gpu_count: count,
            gpu_memory_gib,
            vcpus: optional_quantity(&at, "vCPUs", opt_cell(rec, c_vcpus))?,
            ram_gib: optional_quantity(&at, "MemoryGiB", opt_cell(rec, c_ram))?,
            // Vast lists locations as "City, CC, Continent" with the city sometimes empty
            // (", CN, AS"); drop the dangling separator.
            region: cell(rec, c_region)
                .trim_start_matches([',', ' '])
                .to_string(),
            listings: 1,
            on_demand_per_hour: on_demand,
            spot_per_hour: spot,
            currency,
            billing: spec.billing,
            source: 0,
            note: notes.join("; "),
            provider_kind: "",
            source_gpu_name: name.to_string(),
            interconnect: "",
            gpu_memory_total_gib,
            source_gpu_memory_gib: None,
            on_demand_spread: (0.0, 0.0, 0.0),
            spot_spread: None,
            spot_listings: 0,
            regions: Vec::new(),
            commitments: Vec::new(),
            monthly_per_month: None,
        };
        agg.add(instance_type.to_string(), offer);
    }

    let source = SourceRecord {
        id: spec.source_id.to_string(),
        reference: spec.reference.to_string(),
        as_of: SKYPILOT_AS_OF.to_string(),
        as_of_exact: false,
        licence: spec.licence.to_string(),
        note: spec.note.to_string(),
    };
    Ok(Catalog {
        sources: vec![source],
        offers: agg.finish(),
        skipped,
        dropped: Vec::new(),
    })
}

/// Parses the Cyclenerd Google Cloud file (columns by name: `instance_type`, `gpu_key`,
/// `gpu_count`, `region`, `hour` required; `cpu`, `ram`, `hour_spot` optional).
///
/// On-demand = `hour` and spot = `hour_spot`, both USD per instance-hour; one offer per
/// `instance_type` (cheapest region). GPU model and per-GPU memory come from [`gcp_gpu`];
/// fractional G4 counts (0.125, 0.25, 0.5 RTX PRO 6000) are skipped. Billing is per second
/// with a 1-minute minimum ([`BillingRecord::PER_SECOND_MIN_60S`], from Google's docs).
///
/// # Errors
/// Malformed CSV, a missing column, a number cell that does not parse, or an unknown `gpu_key`.
pub fn parse_gcp_cyclenerd(text: &str) -> Result<Catalog, IngestError> {
    let file = GCP_FILE;
    let table = Table::read(file, text)?;
    let c_type = table.col("instance_type")?;
    let c_key = table.col("gpu_key")?;
    let c_count = table.col("gpu_count")?;
    let c_region = table.col("region")?;
    let c_hour = table.col("hour")?;
    let c_spot = table.opt_col("hour_spot");
    let c_cpu = table.opt_col("cpu");
    let c_ram = table.opt_col("ram");
    let c_month_1y = table.opt_col("month_1y");
    let c_month_3y = table.opt_col("month_3y");

    let mut agg = Aggregator::default();
    let mut skipped = Vec::new();
    for (line, rec) in &table.records {
        let at = At { file, line: *line };
        let instance_type = cell(rec, c_type);
        let key = cell(rec, c_key);
        if key.is_empty() {
            skipped.push(at.skip(format!("empty accelerator name: {instance_type}")));
            continue;
        }
        let Some((model, memory)) = gcp_gpu(key) else {
            return Err(at.bad(
                "gpu_key",
                key,
                "a known GPU key (a100, a100-80gb, h100-80gb, h100-80gb-mega, l4, rtx6000)",
            ));
        };
        let count = match gpu_count(&at, "gpu_count", cell(rec, c_count))? {
            Ok(n) => n,
            Err(reason) => {
                skipped.push(at.skip(reason));
                continue;
            }
        };
        let price = match on_demand_price(&at, "hour", cell(rec, c_hour))? {
            Ok(p) => p,
            Err(reason) => {
                skipped.push(at.skip(reason));
                continue;
            }
        };
        let mut commitments = Vec::new();
        for (column, c, term) in [("month_1y", c_month_1y, 12), ("month_3y", c_month_3y, 36)] {
            if let Some(month) = optional_quantity(&at, column, opt_cell(rec, c))? {
                // Cyclenerd's month figures are 730 × the hourly rate; Google bills committed
                // use monthly with nothing upfront.
                commitments.push((term, "no upfront", 0.0, month / HOURS_PER_MONTH));
            }
        }
        let offer = OfferRecord {
            id: format!("gcp-cyclenerd/{instance_type}").to_lowercase(),
            provider: "Google Cloud".to_string(),
            instance_type: instance_type.to_string(),
            gpu_model: model.to_string(),
            gpu_count: count,
            gpu_memory_gib: Some(memory),
            vcpus: optional_quantity(&at, "cpu", opt_cell(rec, c_cpu))?,
            ram_gib: optional_quantity(&at, "ram", opt_cell(rec, c_ram))?,
            region: cell(rec, c_region).to_string(),
            listings: 1,
            on_demand_per_hour: price,
            spot_per_hour: spot_price(&at, "hour_spot", opt_cell(rec, c_spot))?,
            currency: "USD",
            billing: BillingRecord::PER_SECOND_MIN_60S,
            source: 0,
            note: String::new(),
            provider_kind: "",
            source_gpu_name: key.to_string(),
            interconnect: "",
            gpu_memory_total_gib: None,
            source_gpu_memory_gib: None,
            on_demand_spread: (0.0, 0.0, 0.0),
            spot_spread: None,
            spot_listings: 0,
            regions: Vec::new(),
            commitments,
            monthly_per_month: None,
        };
        agg.add(instance_type.to_string(), offer);
    }
    let source = SourceRecord {
        id: "gcp-cyclenerd".to_string(),
        reference: "github.com/Cyclenerd/google-cloud-pricing-cost-calculator pricing.yml @ fd66b26ff84fee5cdd94f341ea89206e76c06b99".to_string(),
        as_of: GCP_AS_OF.to_string(),
        as_of_exact: true,
        licence: "Apache-2.0 (repository LICENSE and file header, © Nils Knieling)".to_string(),
        note: "pricing.yml generated Thu Jul 30 06:13:17 2026. On-demand list price per instance and region; committed-use and sustained-use discounts not applied. No TPU prices and no N1-attached T4/V100/P4/P100 prices. GPU memory per GPU is from the GPU makers' datasheets, not from the source. A region listed with a price may have no capacity.".to_string(),
    };
    Ok(Catalog {
        sources: vec![source],
        offers: agg.finish(),
        skipped,
        dropped: Vec::new(),
    })
}

/// Parses one becloudready `data/*.csv` (columns by name: `product`, `price_per_hour_usd`
/// required; `gpu_count`, `vram_gb`, `vcpus`, `system_ram_gb` optional).
///
/// [`PriceBasis::PerGpuHour`]: instance price = per-GPU price × `gpu_count` (1 when empty).
/// [`PriceBasis::PerNodeHour`]: the price is the instance price; rows without `gpu_count` are
/// skipped. `vram_gb` is per-GPU memory. The instance type is the `product`, followed by
/// `" (<vram> GB)"` when the file lists the product with more than one VRAM size or GPU count;
/// rows with the same instance type are aggregated (cheapest kept). No region is stated.
///
/// # Errors
/// Malformed CSV, a missing column, or a number cell that does not parse.
pub fn parse_becloudready(spec: &BecloudreadySpec, text: &str) -> Result<Catalog, IngestError> {
    let file = spec.file;
    let table = Table::read(file, text)?;
    let c_product = table.col("product")?;
    let c_price = table.col("price_per_hour_usd")?;
    let c_count = table.opt_col("gpu_count");
    let c_vram = table.opt_col("vram_gb");
    let c_vcpus = table.opt_col("vcpus");
    let c_ram = table.opt_col("system_ram_gb");

    // Products listed with more than one (VRAM, count) variant get the VRAM in their name.
    let mut variants: HashMap<&str, HashSet<(&str, &str)>> = HashMap::new();
    for (_, rec) in &table.records {
        variants
            .entry(cell(rec, c_product))
            .or_default()
            .insert((opt_cell(rec, c_vram), opt_cell(rec, c_count)));
    }

    let mut agg = Aggregator::default();
    let mut skipped = Vec::new();
    for (line, rec) in &table.records {
        let at = At { file, line: *line };
        let product = cell(rec, c_product);
        if product.is_empty() {
            skipped.push(at.skip("empty accelerator name: product".to_string()));
            continue;
        }
        let count_raw = opt_cell(rec, c_count);
        let mut notes: Vec<String> = Vec::new();
        let count = if count_raw.is_empty() {
            match spec.basis {
                PriceBasis::PerGpuHour => 1,
                PriceBasis::PerNodeHour => {
                    skipped.push(at.skip(format!(
                        "empty accelerator count: {product} (price is per node)"
                    )));
                    continue;
                }
            }
        } else {
            match gpu_count(&at, "gpu_count", count_raw)? {
                Ok(n) => n,
                Err(reason) => {
                    skipped.push(at.skip(reason));
                    continue;
                }
            }
        };
        let price = match on_demand_price(&at, "price_per_hour_usd", cell(rec, c_price))? {
            Ok(p) => p,
            Err(reason) => {
                skipped.push(at.skip(format!("{reason} ({product})")));
                continue;
            }
        };
        let on_demand = match spec.basis {
            PriceBasis::PerGpuHour => {
                notes.push(if count_raw.is_empty() {
                    "source lists USD per GPU-hour; GPU count not stated, taken as 1".to_string()
                } else {
                    format!("source price {price} USD per GPU-hour × {count} GPUs")
                });
                price * f64::from(count)
            }
            PriceBasis::PerNodeHour => price,
        };
        let vram_raw = opt_cell(rec, c_vram);
        let instance_type = if variants.get(product).map_or(0, HashSet::len) > 1 {
            format!("{product} ({vram_raw} GB)")
        } else {
            product.to_string()
        };
        let offer = OfferRecord {
            id: format!("{}/{}", spec.source_id, instance_type).to_lowercase(),
            provider: spec.provider.to_string(),
            instance_type: instance_type.clone(),
            gpu_model: product.to_string(),
            gpu_count: count,
            gpu_memory_gib: optional_quantity(&at, "vram_gb", vram_raw)?,
            vcpus: optional_quantity(&at, "vcpus", opt_cell(rec, c_vcpus))?,
            ram_gib: optional_quantity(&at, "system_ram_gb", opt_cell(rec, c_ram))?,
            region: String::new(),
            listings: 1,
            on_demand_per_hour: on_demand,
            spot_per_hour: None,
            currency: "USD",
            billing: BillingRecord::UNSTATED,
            source: 0,
            note: notes.join("; "),
            provider_kind: "",
            source_gpu_name: product.to_string(),
            interconnect: "",
            gpu_memory_total_gib: None,
            source_gpu_memory_gib: None,
            on_demand_spread: (0.0, 0.0, 0.0),
            spot_spread: None,
            spot_listings: 0,
            regions: Vec::new(),
            commitments: Vec::new(),
            monthly_per_month: None,
        };
        agg.add(instance_type, offer);
    }
    let source = SourceRecord {
        id: spec.source_id.to_string(),
        reference: format!(
            "github.com/becloudready/gpu-price {} @ {}",
            spec.path, BECLOUDREADY_COMMIT
        ),
        as_of: BECLOUDREADY_AS_OF.to_string(),
        as_of_exact: true,
        licence: "Apache-2.0".to_string(),
        note: spec.note.to_string(),
    };
    Ok(Catalog {
        sources: vec![source],
        offers: agg.finish(),
        skipped,
        dropped: Vec::new(),
    })
}

/// Parses the hand-typed `cn-platform-offers.csv` (columns by name: `provider`,
/// `instance_type`, `gpu_model`, `gpu_count`, `gpu_memory_gib`, `region`, `billing_mode`,
/// `price`, `currency`, `unit`, `source_url`, `as_of`, `note`).
///
/// Only `billing_mode = hourly` rows with `gpu_count` ≥ 1 become offers; the rest are skipped
/// (`"not an hourly GPU offer: …"`). Prices stay in the row's currency (CNY): a `unit` of
/// `… per GPU-hour` gives instance price = price × `gpu_count`, `… per instance-hour` gives the
/// price itself; any other unit is an error. The instance type is the `instance_type` column, or
/// the GPU model when empty, with `" (range low)"` / `" (range high)"` appended for rows whose
/// note says `LOW` / `HIGH` (the two ends of a quoted range, never averaged) and
/// `" (market median)"` for a `MEDIAN` row.
///
/// One source per distinct (`source_url`, `as_of`) pair, id `cn-offers-<as_of>` (`/` written as
/// `_`), with the date normalised by [`normalise_as_of`]; offers from different notes or dates
/// are never aggregated, and their id is `"<source id>/<provider slug>/<instance type>"`.
/// Billing: AutoDL per second (its ¥0.01 minimum is money, not time), Featurize per minute,
/// everyone else unstated.
///
/// # Errors
/// Malformed CSV, a missing column, a number that does not parse, an unknown currency or unit,
/// or an `as_of` that is not a date.
pub fn parse_cn_platform_offers(text: &str) -> Result<Catalog, IngestError> {
    let file = CN_FILE;
    let table = Table::read(file, text)?;
    let c_provider = table.col("provider")?;
    let c_type = table.col("instance_type")?;
    let c_model = table.col("gpu_model")?;
    let c_count = table.col("gpu_count")?;
    let c_memory = table.col("gpu_memory_gib")?;
    let c_region = table.col("region")?;
    let c_mode = table.col("billing_mode")?;
    let c_price = table.col("price")?;
    let c_currency = table.col("currency")?;
    let c_unit = table.col("unit")?;
    let c_url = table.col("source_url")?;
    let c_as_of = table.col("as_of")?;
    let c_note = table.col("note")?;

    let mut sources: Vec<SourceRecord> = Vec::new();
    let mut source_index: HashMap<(String, String), usize> = HashMap::new();
    let mut agg = Aggregator::default();
    // Monthly packages (包月) per (source, as-of, provider, instance label): price per
    // instance-month and the row's line. A package becomes `monthly_per_month` of the hourly
    // offer with the same key; one with no such offer is skipped after the loop.
    let monthly_key = |rec: &csv::StringRecord| -> Option<MonthlyKey> {
        let count = cell(rec, c_count).parse::<f64>().ok()?;
        (cell(rec, c_mode) == "monthly" && count >= 1.0 && !cell(rec, c_model).is_empty()).then(
            || {
                let base = match cell(rec, c_type) {
                    "" => cell(rec, c_model),
                    t => t,
                };
                (
                    cell(rec, c_url).to_string(),
                    cell(rec, c_as_of).to_string(),
                    cell(rec, c_provider).to_string(),
                    cn_instance_label(base, cell(rec, c_note)),
                )
            },
        )
    };
    let mut monthly: Vec<(MonthlyKey, usize, f64)> = Vec::new();
    for (line, rec) in &table.records {
        let Some(key) = monthly_key(rec) else {
            continue;
        };
        let at = At { file, line: *line };
        let Some(price) =
            number(&at, "price", cell(rec, c_price))?.filter(|p| p.is_finite() && *p > 0.0)
        else {
            continue;
        };
        let count: f64 = cell(rec, c_count).parse().unwrap_or(1.0);
        let unit = cell(rec, c_unit);
        let per_instance = if unit.ends_with("per GPU-month") {
            price * count
        } else if unit.ends_with("per instance-month") {
            price
        } else {
            return Err(at.bad(
                "unit",
                unit,
                "a monthly unit ending in \"per GPU-month\" or \"per instance-month\"",
            ));
        };
        monthly.push((key, *line, per_instance));
    }
    let mut skipped = Vec::new();
    for (line, rec) in &table.records {
        let at = At { file, line: *line };
        let provider = cell(rec, c_provider);
        let model = cell(rec, c_model);
        let mode = cell(rec, c_mode);
        if mode == "monthly" && monthly_key(rec).is_some() {
            // Attached to the hourly offer of the same source below, or skipped after the loop.
            continue;
        }
        if mode != "hourly" {
            skipped.push(at.skip(format!(
                "not an hourly GPU offer: billing_mode {mode} ({provider} {model})"
            )));
            continue;
        }
        if model.is_empty() {
            skipped.push(at.skip(format!("empty accelerator name: {provider}")));
            continue;
        }
        let count = match gpu_count(&at, "gpu_count", cell(rec, c_count))? {
            Ok(n) => n,
            Err(_) => {
                skipped.push(at.skip(format!(
                    "not an hourly GPU offer: gpu_count {:?} ({provider} {})",
                    cell(rec, c_count),
                    cell(rec, c_type)
                )));
                continue;
            }
        };
        let price = match on_demand_price(&at, "price", cell(rec, c_price))? {
            Ok(p) => p,
            Err(reason) => {
                skipped.push(at.skip(reason));
                continue;
            }
        };
        let currency = match cell(rec, c_currency).to_ascii_uppercase().as_str() {
            "CNY" => "CNY",
            "USD" => "USD",
            other => return Err(at.bad("currency", other, "USD or CNY")),
        };
        let unit = cell(rec, c_unit);
        let on_demand = if unit.ends_with("per GPU-hour") {
            price * f64::from(count)
        } else if unit.ends_with("per instance-hour") {
            price
        } else {
            return Err(at.bad(
                "unit",
                unit,
                "a price unit ending in \"per GPU-hour\" or \"per instance-hour\"",
            ));
        };

        let url = cell(rec, c_url);
        let as_of_raw = cell(rec, c_as_of);
        let source = match source_index.get(&(url.to_string(), as_of_raw.to_string())) {
            Some(&i) => i,
            None => {
                let Some((as_of, exact)) = normalise_as_of(as_of_raw) else {
                    return Err(at.bad(
                        "as_of",
                        as_of_raw,
                        "a date YYYY-MM-DD, YYYY-MM, YYYY-MM/MM or YYYY",
                    ));
                };
                let base = format!("cn-offers-{}", as_of_raw.replace('/', "_"));
                let mut id = base.clone();
                let mut n = 2;
                while sources.iter().any(|s| s.id == id) {
                    id = format!("{base}-{n}");
                    n += 1;
                }
                let mut note = "Typed up by hand (data/catalog-sources/cn-platform-offers.csv) from the page or note named in the reference; every number was read, none computed, rounded or guessed. Apart from the 2023 Alibaba blog post these are secondary transcriptions, not the vendors' own pages.".to_string();
                if as_of != as_of_raw {
                    note.push_str(&format!(
                        " The source's date is written {as_of_raw:?}; as_of shows its earliest month."
                    ));
                }
                sources.push(SourceRecord {
                    id,
                    reference: url.to_string(),
                    as_of,
                    as_of_exact: exact,
                    licence: "not stated: hand-typed price figures read from public pages and notes (PROVENANCE.md)".to_string(),
                    note,
                });
                source_index.insert((url.to_string(), as_of_raw.to_string()), sources.len() - 1);
                sources.len() - 1
            }
        };

        let note = cell(rec, c_note);
        let base_type = match cell(rec, c_type) {
            "" => model,
            t => t,
        };
        let instance_type = cn_instance_label(base_type, note);
        let (billing, billing_note) = match provider {
            "AutoDL" => (
                BillingRecord::PER_SECOND,
                "AutoDL bills pay-as-you-go per second from power-on to power-off, with a minimum charge of ¥0.01 (money, not time)",
            ),
            "Featurize" => (BillingRecord::PER_MINUTE, "Featurize bills per minute"),
            _ => (BillingRecord::UNSTATED, ""),
        };
        let mut notes = vec![note.to_string()];
        if unit.ends_with("per GPU-hour") && count > 1 {
            notes.push(format!("source price {price} per GPU-hour × {count} GPUs"));
        }
        if !billing_note.is_empty() {
            notes.push(billing_note.to_string());
        }
        notes.retain(|n| !n.is_empty());
        let source_id = sources.get(source).map_or("", |s| s.id.as_str());
        let id = format!("{source_id}/{}/{instance_type}", slug(provider)).to_lowercase();
        let offer = OfferRecord {
            id: id.clone(),
            provider: provider.to_string(),
            instance_type,
            gpu_model: model.to_string(),
            gpu_count: count,
            gpu_memory_gib: optional_quantity(&at, "gpu_memory_gib", cell(rec, c_memory))?,
            vcpus: None,
            ram_gib: None,
            region: cell(rec, c_region).to_string(),
            listings: 1,
            on_demand_per_hour: on_demand,
            spot_per_hour: None,
            currency,
            billing,
            source,
            note: notes.join("; "),
            provider_kind: "",
            source_gpu_name: model.to_string(),
            interconnect: "",
            gpu_memory_total_gib: None,
            source_gpu_memory_gib: None,
            on_demand_spread: (0.0, 0.0, 0.0),
            spot_spread: None,
            spot_listings: 0,
            regions: Vec::new(),
            commitments: Vec::new(),
            monthly_per_month: None,
        };
        let key = (
            url.to_string(),
            as_of_raw.to_string(),
            provider.to_string(),
            offer.instance_type.clone(),
        );
        let mut offer = offer;
        if let Some(pos) = monthly.iter().position(|(k, _, _)| *k == key) {
            let (_, _, per_month) = monthly.remove(pos);
            offer.monthly_per_month = Some(per_month);
        }
        agg.add(id, offer);
    }
    for (key, line, _) in monthly {
        skipped.push((
            file.to_string(),
            line,
            format!(
                "monthly package without an hourly price from the same source: {} {}",
                key.2, key.3
            ),
        ));
    }
    Ok(Catalog {
        sources,
        offers: agg.finish(),
        skipped,
        dropped: Vec::new(),
    })
}

// ---------------------------------------------------------------------------------------------
// Cell helpers
// ---------------------------------------------------------------------------------------------

/// Per-GPU memory in GiB from a SkyPilot `GpuInfo` cell: the first `SizeInMiB` value (Python
/// dict form `'SizeInMiB': 16384` or JSON form `"SizeInMiB": 16384`) ÷ 1024.
/// `None` when there is no such value or it is 0 (the source's "unknown").
#[must_use]
pub fn gpu_memory_from_size_in_mib(info: &str) -> Option<f64> {
    number_after(info, "SizeInMiB").map(|mib| mib / 1024.0)
}

/// The first positive number after `key` in a SkyPilot `GpuInfo` cell (`'key': 16384` or
/// `"key": 16384`); `None` when absent or 0.
#[must_use]
pub fn number_after(info: &str, key: &str) -> Option<f64> {
    let start = info.find(key)? + key.len();
    let rest = info[start..]
        .trim_start_matches(|c: char| c == '\'' || c == '"' || c == ':' || c.is_whitespace());
    let end = rest
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(rest.len());
    let x: f64 = rest[..end].parse().ok()?;
    (x.is_finite() && x > 0.0).then_some(x)
}

/// Per-GPU memory in GiB from free text such as `"T4 16GB"` or `"A100 80G 80GB"` (Alibaba and
/// Tencent files): the number written immediately before the last `GB` that follows a digit.
/// `None` when there is none (e.g. `"T4 x1, family GN7"`) or it is 0.
#[must_use]
pub fn gpu_memory_from_free_text(info: &str) -> Option<f64> {
    let bytes = info.as_bytes();
    let mut best = None;
    for (pos, _) in info.match_indices("GB") {
        let mut start = pos;
        while start > 0 && (bytes[start - 1].is_ascii_digit() || bytes[start - 1] == b'.') {
            start -= 1;
        }
        if start < pos {
            if let Ok(v) = info[start..pos].parse::<f64>() {
                best = Some(v);
            }
        }
    }
    best.filter(|v| v.is_finite() && *v > 0.0)
}

/// Normalises a hand-written as-of date to the catalog format `(as_of, exact)`:
/// `YYYY-MM-DD` → itself, exact; `YYYY-MM` → itself, not exact; `YYYY-MM/MM` (a span of
/// months) → its first month, not exact; `YYYY` → `YYYY-01`, not exact. Taking the earliest
/// month never makes a price look newer than it is. `None` for anything else.
#[must_use]
pub fn normalise_as_of(raw: &str) -> Option<(String, bool)> {
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    let month_ok = |m: &str| digits(m, 2) && (1..=12).contains(&m.parse::<u32>().unwrap_or(0));
    let parts: Vec<&str> = raw.trim().split('-').collect();
    match parts.as_slice() {
        [y] if digits(y, 4) => Some((format!("{y}-01"), false)),
        [y, m] if digits(y, 4) && month_ok(m) => Some((format!("{y}-{m}"), false)),
        [y, span] if digits(y, 4) => {
            let (first, last) = span.split_once('/')?;
            (month_ok(first) && month_ok(last)).then(|| (format!("{y}-{first}"), false))
        }
        [y, m, d]
            if digits(y, 4)
                && month_ok(m)
                && digits(d, 2)
                && (1..=31).contains(&d.parse::<u32>().unwrap_or(0)) =>
        {
            Some((format!("{y}-{m}-{d}"), true))
        }
        _ => None,
    }
}

/// Lowercase ASCII slug of a provider name for offer ids: the text in parentheses when there is
/// one (`"恒源云 (gpushare.com)"` → `"gpushare-com"`), else the name (`"Alibaba Cloud"` →
/// `"alibaba-cloud"`); runs of other characters become one `-`.
#[must_use]
pub fn slug(name: &str) -> String {
    let inner = match (name.find('('), name.rfind(')')) {
        (Some(a), Some(b)) if a < b => &name[a + 1..b],
        _ => name,
    };
    let mut out = String::new();
    for c in inner.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    out
}

/// Key joining a monthly package to its hourly offer: (source URL, as-of as written, provider,
/// instance label).
type MonthlyKey = (String, String, String, String);

/// Instance label of a hand-typed row: the base name with `" (range low)"`, `" (range high)"` or
/// `" (market median)"` when the note marks the row as such.
fn cn_instance_label(base_type: &str, note: &str) -> String {
    if has_word(note, "LOW") {
        format!("{base_type} (range low)")
    } else if has_word(note, "HIGH") {
        format!("{base_type} (range high)")
    } else if has_word(note, "MEDIAN") {
        format!("{base_type} (market median)")
    } else {
        base_type.to_string()
    }
}

fn has_word(text: &str, word: &str) -> bool {
    text.split(|c: char| !c.is_alphanumeric())
        .any(|w| w == word)
}

/// A CSV file read into records, with its header map.
struct Table {
    file: String,
    headers: HashMap<String, usize>,
    records: Vec<(usize, csv::StringRecord)>,
}

impl Table {
    fn read(file: &str, text: &str) -> Result<Table, IngestError> {
        let csv_err = |e: &csv::Error| IngestError::Csv {
            file: file.to_string(),
            line: e
                .position()
                .map_or(0, |p| usize::try_from(p.line()).unwrap_or(usize::MAX)),
            message: e.to_string(),
        };
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(true)
            .from_reader(text.as_bytes());
        let headers = reader
            .headers()
            .map_err(|e| csv_err(&e))?
            .iter()
            .enumerate()
            .map(|(i, h)| (h.trim().trim_start_matches('\u{feff}').to_string(), i))
            .collect();
        let mut records = Vec::new();
        for result in reader.records() {
            let rec = result.map_err(|e| csv_err(&e))?;
            let line = rec
                .position()
                .map_or(0, |p| usize::try_from(p.line()).unwrap_or(usize::MAX));
            records.push((line, rec));
        }
        Ok(Table {
            file: file.to_string(),
            headers,
            records,
        })
    }

    fn col(&self, name: &str) -> Result<usize, IngestError> {
        self.opt_col(name)
            .ok_or_else(|| IngestError::MissingColumn {
                file: self.file.clone(),
                column: name.to_string(),
            })
    }

    fn opt_col(&self, name: &str) -> Option<usize> {
        self.headers.get(name).copied()
    }
}

fn cell(rec: &csv::StringRecord, idx: usize) -> &str {
    rec.get(idx).unwrap_or("").trim()
}

fn opt_cell(rec: &csv::StringRecord, idx: Option<usize>) -> &str {
    idx.map_or("", |i| cell(rec, i))
}

/// Position of a row, for errors and skip records.
struct At<'a> {
    file: &'a str,
    line: usize,
}

impl At<'_> {
    fn bad(&self, column: &str, value: &str, expected: &str) -> IngestError {
        IngestError::BadValue {
            file: self.file.to_string(),
            line: self.line,
            column: column.to_string(),
            value: value.to_string(),
            expected: expected.to_string(),
        }
    }

    fn skip(&self, reason: String) -> SkippedRow {
        (self.file.to_string(), self.line, reason)
    }
}

/// `Ok(None)` for an empty cell, `Ok(Some(x))` for any `f64` (possibly non-finite), an error
/// for text that is not a number.
fn number(at: &At<'_>, column: &str, raw: &str) -> Result<Option<f64>, IngestError> {
    if raw.is_empty() {
        return Ok(None);
    }
    raw.parse::<f64>()
        .map(Some)
        .map_err(|_| at.bad(column, raw, "a decimal number"))
}

/// Outer `Err`: the cell is not a number. Inner `Err`: the skip reason.
fn on_demand_price(
    at: &At<'_>,
    column: &str,
    raw: &str,
) -> Result<Result<f64, String>, IngestError> {
    Ok(match number(at, column, raw)? {
        None => Err("no on-demand price: empty".to_string()),
        Some(p) if !p.is_finite() => Err(format!("non-finite on-demand price: {raw}")),
        Some(p) if p <= 0.0 => Err(format!("non-positive on-demand price: {raw}")),
        Some(p) => Ok(p),
    })
}

/// `None` when empty, non-finite or not positive.
fn spot_price(at: &At<'_>, column: &str, raw: &str) -> Result<Option<f64>, IngestError> {
    Ok(number(at, column, raw)?.filter(|p| p.is_finite() && *p > 0.0))
}

/// A quantity such as vCPUs or GiB: `None` when empty, non-finite or not positive.
fn optional_quantity(at: &At<'_>, column: &str, raw: &str) -> Result<Option<f64>, IngestError> {
    Ok(number(at, column, raw)?.filter(|x| x.is_finite() && *x > 0.0))
}

/// Outer `Err`: the cell is not a number. Inner `Err`: the skip reason (empty, fractional, < 1).
/// Integral floats such as `8.0` are accepted.
fn gpu_count(at: &At<'_>, column: &str, raw: &str) -> Result<Result<u32, String>, IngestError> {
    Ok(match number(at, column, raw)? {
        None => Err("empty accelerator count".to_string()),
        Some(x) if x.is_finite() && x >= 1.0 && x.fract() == 0.0 && x <= f64::from(u32::MAX) => {
            // Exact: x is a whole number within u32's range.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let n = x as u32;
            Ok(n)
        }
        Some(_) => Err(format!("fractional or zero GPU count: {raw}")),
    })
}

/// Groups rows by key (one offer per instance type) in first-seen order. The kept row is the
/// cheapest on-demand one (first in file order on ties); the other modes are aggregated by the
/// same named rule, cheapest, across every row of the group, and the raw on-demand and spot
/// spreads (min, median, max) and the distinct regions are kept.
#[derive(Default)]
struct Aggregator {
    groups: Vec<Group>,
    index: HashMap<String, usize>,
}

struct Group {
    kept: OfferRecord,
    on_demand: Vec<f64>,
    spot: Vec<f64>,
    regions: BTreeSet<String>,
    commitments: Vec<(u32, &'static str, f64, f64)>,
}

/// (min, median, max) of a non-empty list; the median of an even count is the mean of the
/// middle two values.
fn spread(values: &mut [f64]) -> Option<(f64, f64, f64)> {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    let (&min, &max) = (values.first()?, values.last()?);
    let median = if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    };
    Some((min, median, max))
}

impl Aggregator {
    fn add(&mut self, key: String, offer: OfferRecord) {
        let i = match self.index.get(&key) {
            Some(&i) => i,
            None => {
                self.index.insert(key, self.groups.len());
                self.groups.push(Group {
                    kept: offer.clone(),
                    on_demand: Vec::new(),
                    spot: Vec::new(),
                    regions: BTreeSet::new(),
                    commitments: Vec::new(),
                });
                self.groups.len() - 1
            }
        };
        let g = &mut self.groups[i];
        g.on_demand.push(offer.on_demand_per_hour);
        g.spot.extend(offer.spot_per_hour);
        if !offer.region.is_empty() {
            g.regions.insert(offer.region.clone());
        }
        for &(term, payment, upfront, per_hour) in &offer.commitments {
            match g
                .commitments
                .iter_mut()
                .find(|c| c.0 == term && c.1 == payment)
            {
                Some(c)
                    if per_hour + upfront / (f64::from(term) * 730.0)
                        < c.3 + c.2 / (f64::from(term) * 730.0) =>
                {
                    *c = (term, payment, upfront, per_hour);
                }
                Some(_) => {}
                None => g.commitments.push((term, payment, upfront, per_hour)),
            }
        }
        if offer.on_demand_per_hour < g.kept.on_demand_per_hour {
            g.kept = offer;
        }
    }

    fn finish(self) -> Vec<OfferRecord> {
        self.groups
            .into_iter()
            .map(|mut g| {
                let mut o = g.kept;
                o.listings = u32::try_from(g.on_demand.len()).unwrap_or(u32::MAX);
                o.spot_listings = u32::try_from(g.spot.len()).unwrap_or(u32::MAX);
                o.on_demand_spread = spread(&mut g.on_demand).unwrap_or((
                    o.on_demand_per_hour,
                    o.on_demand_per_hour,
                    o.on_demand_per_hour,
                ));
                o.spot_spread = spread(&mut g.spot);
                o.spot_per_hour = o.spot_spread.map(|s| s.0);
                o.regions = g.regions.into_iter().collect();
                g.commitments.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
                o.commitments = g.commitments;
                o
            })
            .collect()
    }
}

// ---------------------------------------------------------------------------------------------
// Generated Rust source
// ---------------------------------------------------------------------------------------------

/// The Rust source of the catalog statics that `build.rs` writes to `$OUT_DIR/catalog_data.rs`:
/// `SOURCES`, `OFFERS`, `OFFER_DETAILS` (index-aligned with `OFFERS`), `OFFERS_BY_ID` (indices
/// of `OFFERS` sorted by id, for binary search), `DROPPED` ((offer id, reason)) and
/// `SKIPPED_ROWS`. Deterministic: the same catalog always gives the same bytes.
///
/// # Panics
/// On a non-finite number or an unknown currency, payment option or provider kind, which
/// ingest never produces (a programming error that must fail the build).
#[must_use]
pub fn render_rust(catalog: &Catalog) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    s.push_str("// @generated by build.rs from data/catalog-sources (see src/catalog/ingest.rs). Do not edit.\n\n");

    s.push_str("pub static SOURCES: &[Source] = &[\n");
    for src in &catalog.sources {
        let _ = writeln!(
            s,
            "    Source {{ id: {:?}, reference: {:?}, as_of: {:?}, as_of_exact: {}, licence: {:?}, note: {:?} }},",
            src.id, src.reference, src.as_of, src.as_of_exact, src.licence, src.note
        );
    }
    s.push_str("];\n\n");

    // Offers and their details as one compact text, decoded once at start-up by
    // `catalog::decode_offers` (README "Performance": a static array of structs costs ~40 KB
    // more gzip in the wasm than this text, mostly pointers and f64 bit patterns). One row per
    // offer, fields in the order the decoder reads them; numbers in their shortest exact form
    // (`{:?}`), so decoding gives back the same bits; an absent value is an empty field.
    // Written column by column (like values next to each other compress better: about 0.9 KB
    // gzip), with the notes as indexes into a table of distinct notes after the columns
    // (1.6 KB), and each id, when it is `<prefix>/<instance type in lower case>`, written as
    // its prefix, or as nothing when the prefix is the previous offer's (1.9 KB).
    let notes: Vec<&str> = catalog
        .offers
        .iter()
        .map(|o| o.note.as_str())
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let mut rows: Vec<Vec<String>> = Vec::with_capacity(catalog.offers.len());
    let mut prev_prefix: Option<&str> = None;
    for o in &catalog.offers {
        let mut f: Vec<String> = Vec::with_capacity(CATALOG_COLUMNS);
        let currency = match o.currency {
            "USD" => "U",
            "CNY" => "C",
            other => panic!("offer {}: unsupported currency {other:?}", o.id),
        };
        let kind = match o.provider_kind {
            "hyperscaler" => "h",
            "gpu-cloud" => "g",
            "marketplace" => "m",
            other => panic!("offer {}: unknown provider kind {other:?}", o.id),
        };
        let num = compact_f64;
        let opt = |x: Option<f64>| x.map_or_else(String::new, compact_f64);
        assert!(
            !o.id.is_empty() && !o.id.ends_with('/'),
            "offer {}: an id cannot be written in the compact catalog text",
            o.id
        );
        let split = o.id.rsplit_once('/');
        f.push(match split {
            Some((prefix, rest)) if rest == o.instance_type.to_lowercase() => {
                if prev_prefix == Some(prefix) {
                    String::new()
                } else {
                    format!("{prefix}/")
                }
            }
            _ => o.id.clone(),
        });
        prev_prefix = split.map(|(prefix, _)| prefix);
        f.extend([&o.provider, &o.instance_type, &o.gpu_model].map(String::clone));
        f.push(o.gpu_count.to_string());
        f.extend([opt(o.gpu_memory_gib), opt(o.vcpus), opt(o.ram_gib)]);
        f.push(o.region.clone());
        f.push(o.listings.to_string());
        f.extend([num(o.on_demand_per_hour), opt(o.spot_per_hour)]);
        f.push(currency.to_string());
        f.push(
            o.billing
                .granularity_seconds
                .map_or_else(String::new, |g| g.to_string()),
        );
        f.push(o.billing.minimum_seconds.to_string());
        f.push(o.source.to_string());
        f.push(
            notes
                .binary_search(&o.note.as_str())
                .unwrap_or_else(|_| unreachable!("every note is in the table"))
                .to_string(),
        );
        f.push(kind.to_string());
        f.push(o.source_gpu_name.clone());
        f.push(o.interconnect.to_string());
        f.extend([opt(o.gpu_memory_total_gib), opt(o.source_gpu_memory_gib)]);
        // A spread of one price (a single listing) is written as "=": the offer's own price.
        let spread = |(min, median, max): (f64, f64, f64), price: Option<f64>| {
            if price.is_some_and(|p| {
                [min, median, max]
                    .iter()
                    .all(|x| x.to_bits() == p.to_bits())
            }) {
                ["=".to_string(), String::new(), String::new()]
            } else {
                [num(min), num(median), num(max)]
            }
        };
        f.extend(spread(o.on_demand_spread, Some(o.on_demand_per_hour)));
        match o.spot_spread {
            Some(x) => f.extend(spread(x, o.spot_per_hour)),
            None => f.extend([String::new(), String::new(), String::new()]),
        }
        f.push(o.spot_listings.to_string());
        assert!(
            o.regions
                .iter()
                .all(|r| !r.is_empty() && !r.contains(CATALOG_LIST_SEP)),
            "offer {}: a region is empty or contains a separator of the compact catalog text",
            o.id
        );
        f.push(o.regions.join(CATALOG_LIST_SEP));
        let commitments: Vec<String> = o
            .commitments
            .iter()
            .map(|&(term, payment, upfront, per_hour)| {
                let payment = match payment {
                    "no upfront" => "n",
                    "partial upfront" => "p",
                    "all upfront" => "a",
                    other => panic!("offer {}: unknown payment option {other:?}", o.id),
                };
                format!("{term} {payment} {} {}", num(upfront), num(per_hour))
            })
            .collect();
        f.push(commitments.join(CATALOG_LIST_SEP));
        f.push(opt(o.monthly_per_month));
        assert_eq!(f.len(), CATALOG_COLUMNS, "offer {}: fields", o.id);
        for field in f.iter().map(String::as_str).chain([o.note.as_str()]) {
            assert!(
                !field.contains([CATALOG_FIELD_SEP, CATALOG_RECORD_SEP]),
                "offer {}: a field contains a separator of the compact catalog text",
                o.id
            );
        }
        rows.push(f);
    }
    let value_sep = CATALOG_FIELD_SEP.to_string();
    let mut sections: Vec<String> = (0..CATALOG_COLUMNS)
        .map(|c| {
            rows.iter()
                .map(|r| r[c].as_str())
                .collect::<Vec<_>>()
                .join(&value_sep)
        })
        .collect();
    sections.push(notes.join(&value_sep));
    let text = sections.join(&CATALOG_RECORD_SEP.to_string());
    let _ = writeln!(s, "pub static OFFER_TEXT: &str = {text:?};\n");

    let mut by_id: Vec<usize> = (0..catalog.offers.len()).collect();
    by_id.sort_by(|&a, &b| catalog.offers[a].id.cmp(&catalog.offers[b].id));
    let by_id: Vec<String> = by_id.iter().map(usize::to_string).collect();
    let _ = writeln!(
        s,
        "pub static OFFERS_BY_ID: &[u16] = &[{}];\n",
        by_id.join(", ")
    );

    s.push_str("pub static DROPPED: &[(&str, &str)] = &[\n");
    for (id, why) in &catalog.dropped {
        let _ = writeln!(s, "    ({id:?}, {why:?}),");
    }
    s.push_str("];\n\n");

    let _ = writeln!(
        s,
        "pub static SKIPPED_ROWS: usize = {};",
        catalog.skipped.len()
    );
    s
}

/// Separates the values of one column (one per offer) in the compact catalog text
/// (`OFFER_TEXT`), and the notes of its note table.
pub const CATALOG_FIELD_SEP: char = '\u{1f}';
/// Separates the columns of the compact catalog text (and the note table after them).
pub const CATALOG_RECORD_SEP: char = '\u{1e}';
/// Columns of the compact catalog text (fields per offer), before the note table.
pub const CATALOG_COLUMNS: usize = 32;
/// Separates the items of a list field (regions, commitments) in the compact catalog text.
pub const CATALOG_LIST_SEP: &str = "\u{1d}";

/// The shortest text that parses back to exactly `x` (`{:?}`), for the compact catalog text.
fn compact_f64(x: f64) -> String {
    assert!(x.is_finite(), "non-finite value {x} reached the generator");
    format!("{x:?}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn dir() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/catalog-sources")
    }

    fn catalog() -> Catalog {
        match ingest_all(&dir()) {
            Ok(c) => c,
            Err(e) => panic!("ingest failed: {e}"),
        }
    }

    fn offer<'a>(c: &'a Catalog, id: &str) -> &'a OfferRecord {
        c.offers
            .iter()
            .find(|o| o.id == id)
            .unwrap_or_else(|| panic!("no offer {id}"))
    }

    fn source_of<'a>(c: &'a Catalog, o: &OfferRecord) -> &'a SourceRecord {
        &c.sources[o.source]
    }

    fn spec(file: &str) -> &'static SkypilotSpec {
        SKYPILOT_FILES.iter().find(|s| s.file == file).unwrap()
    }

    #[test]
    fn aws_p3_16xlarge_is_per_instance_with_per_gpu_memory() {
        let c = catalog();
        let o = offer(&c, "skypilot-aws/p3.16xlarge");
        assert_eq!(o.provider, "AWS");
        assert_eq!(o.gpu_count, 8);
        assert_eq!(o.gpu_memory_gib, Some(16.0));
        assert_eq!(o.on_demand_per_hour, 24.48);
        assert_eq!(o.on_demand_per_gpu_hour(), 3.06);
        // Cheapest spot across the 23 zones (the on-demand row's own zone lists 3.8232).
        assert_eq!(o.spot_per_hour, Some(2.684));
        assert_eq!(o.on_demand_spread.0, 24.48);
        assert!(o.on_demand_spread.2 >= o.on_demand_spread.1);
        assert_eq!(o.region, "us-east-1");
        assert_eq!(o.gpu_model, "V100 16GB SXM2");
        assert_eq!(o.source_gpu_name, "V100");
        assert_eq!(o.interconnect, "NVLink (SXM)");
        assert_eq!(o.provider_kind, "hyperscaler");
        assert_eq!(o.gpu_memory_total_gib, Some(128.0));
        assert_eq!(o.listings, 23);
        assert_eq!(o.vcpus, Some(64.0));
        assert_eq!(o.ram_gib, Some(488.0));
        assert_eq!(o.currency, "USD");
        let s = source_of(&c, o);
        assert_eq!(s.id, "skypilot-aws");
        assert_eq!(s.as_of, "2026-11");
        assert!(!s.as_of_exact);
        assert!(s
            .reference
            .contains("2c3d7ea7d76bf84cf80d382e946c1609571485fd"));
    }

    #[test]
    fn azure_nd96isr_h100_v5_has_8_gpus() {
        let c = catalog();
        let o = offer(&c, "skypilot-azure/standard_nd96isr_h100_v5");
        assert_eq!(o.gpu_count, 8);
        assert_eq!(o.on_demand_per_hour, 98.32);
        assert_eq!(o.listings, 3);
        assert!(o.note.contains("12") && o.note.contains('8'), "{}", o.note);
    }

    #[test]
    fn alibaba_is_cny_from_usd_at_the_fetcher_rate() {
        let c = catalog();
        let o = offer(&c, "skypilot-alicloud/ecs.gn6i-c16g1.4xlarge");
        assert_eq!(o.provider, "Alibaba Cloud");
        assert_eq!(o.currency, "CNY");
        assert_eq!(o.on_demand_per_hour, 1.61953046 / 0.138);
        // Spot: the cheapest listing of any zone (the named rule), not the on-demand row's.
        assert!(o.spot_per_hour <= Some(0.50736086 / 0.138));
        assert_eq!(o.spot_per_hour, o.spot_spread.map(|s| s.0));
        assert_eq!(o.region, "us-east-1");
        assert_eq!(o.gpu_count, 1);
        assert_eq!(o.gpu_memory_gib, Some(16.0));
        assert!(o.note.contains("÷ 0.138"));
        assert!(!c
            .offers
            .iter()
            .any(|o| o.instance_type == "ecs.gn5i-c12g1.6xlarge"));
        assert_eq!(
            c.skipped
                .iter()
                .filter(|(_, _, why)| why.starts_with("price anomaly"))
                .count(),
            3,
            "the anomalous price is skipped in each of its 3 regions"
        );
    }

    #[test]
    fn tencent_is_cny_and_memory_comes_from_provider_docs() {
        let c = catalog();
        let o = offer(&c, "skypilot-tencentcloud/gt4.41xlarge948");
        assert_eq!(o.provider, "Tencent Cloud");
        assert_eq!(o.currency, "CNY");
        assert_eq!(o.gpu_count, 8);
        assert_eq!(o.gpu_memory_gib, Some(40.0));
        assert!(
            o.note.contains("Tencent Cloud GT4 instance docs"),
            "{}",
            o.note
        );
        assert_eq!(o.spot_per_hour, None);
        assert!(c
            .offers
            .iter()
            .filter(|o| o.provider == "Tencent Cloud")
            .all(|o| o.currency == "CNY"
                && !o.gpu_model.contains("Zixiao")
                && !o.gpu_model.contains("SG1")));
    }

    #[test]
    fn gcp_a2_highgpu_1g_cheapest_region() {
        let c = catalog();
        let o = offer(&c, "gcp-cyclenerd/a2-highgpu-1g");
        assert_eq!(o.provider, "Google Cloud");
        assert_eq!(o.gpu_model, "A100 40GB SXM");
        assert_eq!(o.gpu_memory_gib, Some(40.0));
        let one_year = o.commitments.iter().find(|c| c.0 == 12).unwrap();
        assert_eq!(one_year.1, "no upfront");
        assert!(one_year.3 < o.on_demand_per_hour);
        assert_eq!(o.on_demand_per_hour, 3.673385);
        assert_eq!(
            o.spot_per_hour,
            Some(0.33897),
            "cheapest spot region; the on-demand row lists 1.92802"
        );
        assert_eq!(o.region, "us-central1");
        assert_eq!(o.listings, 39);
        let s = source_of(&c, o);
        assert_eq!((s.as_of.as_str(), s.as_of_exact), ("2026-07-30", true));
        assert!(s.licence.starts_with("Apache-2.0"));
        // Fractional G4 shares are not offers.
        assert!(c
            .skipped
            .iter()
            .any(|(f, _, r)| f == GCP_FILE && r == "fractional or zero GPU count: 0.25"));
    }

    #[test]
    fn runpod_h200_is_per_gpu_hour_with_one_gpu() {
        let c = catalog();
        let o = offer(&c, "becloudready-runpod/h200");
        assert_eq!(o.provider, "RunPod");
        assert_eq!(o.gpu_count, 1);
        assert_eq!(o.on_demand_per_hour, 3.59);
        assert_eq!(o.gpu_memory_gib, Some(141.0));
        assert_eq!(o.region, "");
        let s = source_of(&c, o);
        assert_eq!((s.as_of.as_str(), s.as_of_exact), ("2026-02-11", true));
    }

    #[test]
    fn denvr_per_gpu_price_is_multiplied_by_the_count() {
        let c = catalog();
        let o = offer(&c, "becloudready-denvr/nvidia h100 sxm");
        assert_eq!(o.gpu_count, 8);
        assert_eq!(o.on_demand_per_hour, 2.1 * 8.0);
        assert_eq!(o.on_demand_per_gpu_hour(), 2.1);
        // Same product with two VRAM sizes: two offers, told apart by VRAM.
        assert_eq!(
            offer(&c, "becloudready-denvr/nvidia a100 sxm (80.0 gb)").gpu_memory_gib,
            Some(80.0)
        );
        assert_eq!(
            offer(&c, "becloudready-denvr/nvidia a100 sxm (40.0 gb)").gpu_memory_gib,
            Some(40.0)
        );
    }

    #[test]
    fn coreweave_b200_is_per_node() {
        let c = catalog();
        let o = offer(&c, "becloudready-coreweave/nvidia b200");
        assert_eq!(o.provider, "CoreWeave");
        assert_eq!(o.gpu_count, 8);
        assert_eq!(o.on_demand_per_hour, 68.8);
        assert_eq!(o.gpu_memory_gib, Some(180.0));
        assert!(c
            .skipped
            .iter()
            .any(|(f, _, r)| f == "becloudready-coreweave-gpu-prices.csv"
                && r.starts_with("empty accelerator count: NVIDIA GB200 NVL72")));
    }

    #[test]
    fn two_nebius_sources_stay_distinct() {
        let c = catalog();
        let ids: Vec<&str> = c
            .offers
            .iter()
            .filter(|o| o.provider == "Nebius")
            .map(|o| source_of(&c, o).id.as_str())
            .collect();
        assert!(ids.contains(&"skypilot-nebius") && ids.contains(&"becloudready-nebius"));
        assert_eq!(
            offer(&c, "skypilot-nebius/gpu-h100-sxm_8gpu-128vcpu-1600gb").gpu_memory_gib,
            Some(80.0),
            "the source writes 0; H100 SXM has one size (datasheet)"
        );
    }

    #[test]
    fn autodl_range_rows_are_distinct_offers() {
        let c = catalog();
        let low = offer(&c, "cn-offers-2026-06_07/autodl/rtx 4090 (range low)");
        let high = offer(&c, "cn-offers-2026-06_07/autodl/rtx 4090 (range high)");
        assert_eq!(low.on_demand_per_hour, 1.61);
        assert_eq!(high.on_demand_per_hour, 3.49);
        assert_eq!(low.currency, "CNY");
        assert_eq!(low.billing, BillingRecord::PER_SECOND);
        assert_eq!(low.listings, 1);
        let s = source_of(&c, low);
        assert_eq!((s.as_of.as_str(), s.as_of_exact), ("2026-06", false));
        // Same card, other dates: distinct offers, never aggregated (the plain "RTX 4090" rows
        // of 2026-08 and 2026-09-29 are superseded by the 2026-10-04 crawl).
        assert_eq!(
            offer(&c, "cn-offers-2026-10-04/autodl/rtx 4090").on_demand_per_hour,
            1.98
        );
        assert_eq!(
            offer(&c, "cn-offers-2026-10-04/autodl/rtx 4090 (market median)").on_demand_per_hour,
            2.19
        );
        let exact = source_of(&c, offer(&c, "cn-offers-2026-09-29/autodl/a800 80gb"));
        assert_eq!(
            (exact.as_of.as_str(), exact.as_of_exact),
            ("2026-09-29", true)
        );
        let featurize = offer(&c, "cn-offers-2026-09-29/featurize/rtx 4090");
        assert_eq!(featurize.billing, BillingRecord::PER_MINUTE);
        assert_eq!(featurize.on_demand_per_hour, 1.87);
    }

    #[test]
    fn cn_alibaba_rows_are_per_instance() {
        let c = catalog();
        // (The post's gn7e-c16g1.32xlarge is superseded by the newer SkyPilot snapshot.)
        let o = offer(&c, "cn-offers-2023-06/alibaba-cloud/ecs.gn7-c13g1.26xlarge");
        assert_eq!(o.gpu_count, 8);
        assert_eq!(o.on_demand_per_hour, 252.66);
        assert_eq!(o.gpu_memory_gib, Some(40.0));
        assert_eq!(o.billing, BillingRecord::UNSTATED);
        assert_eq!(
            o.monthly_per_month,
            Some(121_280.0),
            "包月 from the same post"
        );
        assert!(c.skipped.iter().any(|(f, _, r)| f == CN_FILE
            && r.starts_with("monthly package without an hourly price from the same source")));
        assert!(c
            .skipped
            .iter()
            .any(|(f, _, r)| f == CN_FILE
                && r.starts_with("not an hourly GPU offer: gpu_count \"0\"")));
    }

    #[test]
    fn vgpu_slices_and_non_gpu_accelerators_are_skipped() {
        let c = catalog();
        let ali = "skypilot-alicloud-vms.csv";
        let reasons: Vec<&str> = c
            .skipped
            .iter()
            .filter(|(f, _, _)| f == ali)
            .map(|(_, _, r)| r.as_str())
            .collect();
        assert!(reasons.contains(&"vGPU slice: accelerator A10*1/3"));
        assert!(reasons.contains(&"vGPU slice: accelerator T4/4"));
        assert!(reasons
            .iter()
            .any(|r| r.starts_with("non-GPU accelerator: Xilinx VU9p")));
        assert!(reasons
            .iter()
            .any(|r| r.starts_with("non-GPU accelerator: AMD S7150")));
        assert!(reasons
            .iter()
            .any(|r| r.starts_with("non-GPU accelerator: intel SG1")));
        assert!(reasons
            .iter()
            .any(|r| r.starts_with("non-GPU accelerator: A910X")));
        assert!(reasons
            .iter()
            .any(|r| r.starts_with("non-GPU accelerator: VG1000")));
        assert!(reasons
            .iter()
            .any(|r| r.starts_with("vGPU slice: shared-GPU family ecs.sgn8ia")));
        for o in &c.offers {
            assert!(!o.gpu_model.contains('/'), "{}", o.id);
            assert!(non_gpu_accelerator(&o.gpu_model).is_none(), "{}", o.id);
            assert!(!o.instance_type.starts_with("ecs.f3"), "{}", o.id);
            assert!(!o.instance_type.starts_with("ecs.sgn"), "{}", o.id);
        }
        // A whole A10 sold as a vGPU workstation is a GPU.
        assert_eq!(
            offer(&c, "skypilot-alicloud/ecs.vgn7i-vws-m24.7xlarge").gpu_count,
            1
        );
    }

    #[test]
    fn verda_spot_only_rows_are_skipped() {
        let c = catalog();
        assert!(c.offers.iter().all(|o| o.id != "skypilot-verda/2b300.60v"));
        assert!(c
            .skipped
            .iter()
            .any(|(f, l, r)| f == "skypilot-verda-vms.csv"
                && *l == 3
                && r == "no on-demand price: spot price only"));
        let o = offer(&c, "skypilot-verda/1b300.30v");
        assert_eq!(o.gpu_memory_gib, Some(268288.0 / 1024.0));
        assert_eq!(o.spot_per_hour, Some(2.447));
    }

    #[test]
    fn the_same_instance_in_two_sources_keeps_the_newest() {
        let c = catalog();
        let ids: HashSet<&str> = c.offers.iter().map(|o| o.id.as_str()).collect();
        let mut seen = HashSet::new();
        for o in &c.offers {
            assert!(
                seen.insert((o.provider.as_str(), o.instance_type.to_lowercase())),
                "{} {:?} appears twice",
                o.provider,
                o.instance_type
            );
        }
        for (kept, gone) in [
            (
                "cn-offers-2026-10-04/autodl/rtx 4090",
                "cn-offers-2026-08/autodl/rtx 4090",
            ),
            (
                "cn-offers-2026-09-29/autodl/h800",
                "cn-offers-2026-08/autodl/h800",
            ),
            (
                "cn-offers-2026-09-29/featurize/rtx 4090",
                "cn-offers-2025-10/featurize/rtx 4090",
            ),
            (
                "skypilot-alicloud/ecs.gn7e-c16g1.32xlarge",
                "cn-offers-2023-06/alibaba-cloud/ecs.gn7e-c16g1.32xlarge",
            ),
        ] {
            assert!(ids.contains(kept), "{kept} kept");
            assert!(!ids.contains(gone), "{gone} dropped");
            assert!(
                c.dropped.iter().any(|(id, why)| id == gone
                    && why.starts_with("superseded")
                    && why.contains(kept)),
                "{gone} recorded as dropped"
            );
        }
    }

    #[test]
    fn vast_ti_and_super_variants_are_distinct_models() {
        let c = catalog();
        for (id, model) in [
            ("skypilot-vast/1x-rtx_3060_ti-32-65536", "RTX 3060 Ti"),
            ("skypilot-vast/4x-rtx_4060_ti-32-65536", "RTX 4060 Ti 16GB"),
            (
                "skypilot-vast/4x-rtx_4070s_ti-32-65536",
                "RTX 4070 Ti SUPER",
            ),
        ] {
            assert_eq!(offer(&c, id).gpu_model, model, "{id}");
        }
        assert_eq!(
            vast_variant_name("1x-RTX_3060-32-65536", "RTX3060"),
            None,
            "plain models keep their name"
        );
    }

    #[test]
    fn vast_zero_spot_is_none_and_hosts_are_aggregated() {
        let c = catalog();
        let o = offer(&c, "skypilot-vast/1x-rtx_5090-32-65536");
        assert_eq!(o.provider, "Vast.ai");
        assert_eq!(o.spot_per_hour, None);
        assert_eq!(o.listings, 3);
        // The nominal size is shown; the source's usable figure is kept beside it.
        assert_eq!(o.gpu_memory_gib, Some(32.0));
        assert_eq!(o.source_gpu_memory_gib, Some(32607.0 / 1024.0));
        // Vast's SizeInMiB is the whole instance's: per GPU = total ÷ count.
        let h = offer(&c, "skypilot-vast/8x-h100_sxm-32-65536");
        assert_eq!(h.source_gpu_memory_gib, Some(652472.0 / 1024.0 / 8.0));
        assert_eq!(h.gpu_memory_gib, Some(80.0));
    }

    #[test]
    fn azure_partial_mi25_sizes_are_skipped() {
        let c = catalog();
        assert!(c
            .offers
            .iter()
            .all(|o| o.id != "skypilot-azure/standard_nv4as_v4"));
        assert_eq!(offer(&c, "skypilot-azure/standard_nv32as_v4").gpu_count, 1);
        assert!(c
            .skipped
            .iter()
            .any(|(_, _, r)| r.starts_with("vGPU slice: Standard_NV8as_v4 is 1/4")));
    }

    #[test]
    fn every_offer_is_well_formed_and_ids_are_unique() {
        let c = catalog();
        assert!(c.offers.len() > 300, "{}", c.offers.len());
        let mut ids = HashSet::new();
        for o in &c.offers {
            assert!(
                o.on_demand_per_hour.is_finite() && o.on_demand_per_hour > 0.0,
                "{}",
                o.id
            );
            assert!(
                o.spot_per_hour
                    .into_iter()
                    .all(|s| s.is_finite() && s > 0.0),
                "{}",
                o.id
            );
            assert!(o.gpu_count >= 1, "{}", o.id);
            assert!(o.listings >= 1, "{}", o.id);
            assert!(o.source < c.sources.len(), "{}", o.id);
            assert!(
                o.gpu_memory_gib
                    .into_iter()
                    .all(|m| m.is_finite() && m > 0.0),
                "{}",
                o.id
            );
            assert!(o.currency == "USD" || o.currency == "CNY", "{}", o.id);
            assert_eq!(o.id, o.id.to_lowercase());
            assert!(
                o.id.starts_with(&format!("{}/", c.sources[o.source].id)),
                "{}",
                o.id
            );
            assert!(ids.insert(o.id.clone()), "duplicate {}", o.id);
        }
        for s in &c.sources {
            assert!(
                normalise_as_of(&s.as_of).is_some_and(|(d, e)| d == s.as_of && e == s.as_of_exact),
                "{}",
                s.id
            );
            assert!(
                c.offers.iter().any(|o| c.sources[o.source].id == s.id)
                    || c.dropped
                        .iter()
                        .any(|(id, _)| id.starts_with(&format!("{}/", s.id))),
                "{} has no offers",
                s.id
            );
        }
    }

    #[test]
    fn offers_are_sorted_by_provider_then_price_per_gpu_hour() {
        let c = catalog();
        for w in c.offers.windows(2) {
            let (a, b) = (&w[0], &w[1]);
            assert!(
                a.provider < b.provider
                    || (a.provider == b.provider
                        && a.on_demand_per_gpu_hour() <= b.on_demand_per_gpu_hour()),
                "{} before {}",
                a.id,
                b.id
            );
        }
    }

    #[test]
    fn providers_cover_the_founding_articles() {
        let c = catalog();
        let providers: HashSet<&str> = c.offers.iter().map(|o| o.provider.as_str()).collect();
        for p in [
            "AWS",
            "Azure",
            "Google Cloud",
            "Alibaba Cloud",
            "Tencent Cloud",
            "Lambda",
            "Paperspace",
            "Vast.ai",
            "RunPod",
            "AutoDL",
            "Featurize",
            "Nebius",
            "Verda",
            "Jarvislabs",
            "Hyperbolic",
            "Fluidstack",
            "CoreWeave",
            "Denvr",
            "Crusoe",
            "恒源云 (gpushare.com)",
            "晨涧云 (mornai.cn)",
        ] {
            assert!(providers.contains(p), "missing provider {p}");
        }
    }

    // ---- inline CSV: parsers and their error paths ----

    const SKY_HEADER: &str =
        "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region\n";

    #[test]
    fn skypilot_inline_aggregates_cheapest_row_and_reads_by_header() {
        // Column order differs from the usual one on purpose.
        let text = "Region,Price,SpotPrice,InstanceType,AcceleratorCount,AcceleratorName\n\
                    r1,2.0,1.0,x8,8.0,H100\n\
                    r2,1.5,,x8,8.0,H100\n\
                    r3,1.5,0.5,x8,8.0,H100\n";
        let c = parse_skypilot(spec("skypilot-aws-vms.csv"), text).unwrap();
        assert_eq!(c.offers.len(), 1);
        let o = &c.offers[0];
        assert_eq!(
            o.billing,
            BillingRecord::PER_SECOND_MIN_60S,
            "AWS docs: per second, 60 s minimum"
        );
        assert_eq!((o.region.as_str(), o.listings, o.gpu_count), ("r2", 3, 8));
        assert_eq!(o.on_demand_per_hour, 1.5);
        assert_eq!(o.spot_per_hour, Some(0.5), "cheapest spot of any row");
        assert_eq!(o.spot_spread, Some((0.5, 0.75, 1.0)));
        assert_eq!(o.on_demand_spread, (1.5, 1.5, 2.0));
        assert_eq!(o.regions, vec!["r1", "r2", "r3"]);
        assert_eq!(o.id, "skypilot-aws/x8");
    }

    #[test]
    fn skypilot_inline_skip_reasons() {
        let text = format!(
            "{SKY_HEADER}\
             a,,,1,1,,1.0,,r\n\
             b,T4,,1,1,,1.0,,r\n\
             c,T4,8.5,1,1,,1.0,,r\n\
             d,T4,0,1,1,,1.0,,r\n\
             e,T4,1,1,1,,,0.3,r\n\
             f,T4,1,1,1,,0,,r\n\
             g,T4,1,1,1,,-1,,r\n\
             h,T4,1,1,1,,inf,,r\n\
             i,A10*1/3,1,1,1,,1.0,,r\n\
             j,Xilinx VU9p,1,1,1,,1.0,,r\n\
             k,T4,1,1,1,,,,r\n"
        );
        let c = parse_skypilot(spec("skypilot-aws-vms.csv"), &text).unwrap();
        assert!(c.offers.is_empty());
        let got: Vec<(usize, &str)> = c.skipped.iter().map(|(_, l, r)| (*l, r.as_str())).collect();
        assert_eq!(
            got,
            vec![
                (2, "empty accelerator name: a"),
                (3, "empty accelerator count"),
                (4, "fractional or zero GPU count: 8.5"),
                (5, "fractional or zero GPU count: 0"),
                (6, "no on-demand price: spot price only"),
                (7, "non-positive on-demand price: 0"),
                (8, "non-positive on-demand price: -1"),
                (9, "non-finite on-demand price: inf"),
                (10, "vGPU slice: accelerator A10*1/3"),
                (
                    11,
                    "non-GPU accelerator: Xilinx VU9p (Xilinx FPGA (Alibaba f3))"
                ),
                (12, "no on-demand price: empty"),
            ]
        );
    }

    #[test]
    fn skypilot_inline_bad_number_is_an_error_naming_file_line_and_column() {
        let text = format!("{SKY_HEADER}a,T4,1,1,1,,1.0,,r\nb,T4,1,1,1,,abc,,r\n");
        let err = parse_skypilot(spec("skypilot-aws-vms.csv"), &text).unwrap_err();
        assert_eq!(
            err,
            IngestError::BadValue {
                file: "skypilot-aws-vms.csv".into(),
                line: 3,
                column: "Price".into(),
                value: "abc".into(),
                expected: "a decimal number".into(),
            }
        );
        assert_eq!(
            err.to_string(),
            "skypilot-aws-vms.csv:3: column `Price`: \"abc\" is not a decimal number"
        );
        let missing =
            parse_skypilot(spec("skypilot-aws-vms.csv"), "InstanceType,Price\n").unwrap_err();
        assert!(
            matches!(missing, IngestError::MissingColumn { ref column, .. } if column == "AcceleratorName")
        );
        let ragged = parse_skypilot(
            spec("skypilot-aws-vms.csv"),
            &format!("{SKY_HEADER}a,T4,1\n"),
        )
        .unwrap_err();
        assert!(
            matches!(ragged, IngestError::Csv { line: 2, .. }),
            "{ragged:?}"
        );
    }

    #[test]
    fn skypilot_inline_count_fix_and_cny_conversion() {
        let azure = "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\n\
                     Standard_ND96isr_H100_v5,H100,12,98.32,eastus\n";
        let c = parse_skypilot(spec("skypilot-azure-vms.csv"), azure).unwrap();
        assert_eq!(c.offers[0].gpu_count, 8);
        let ali = "InstanceType,AcceleratorName,AcceleratorCount,Price,SpotPrice,Region,GpuInfo,Generation\n\
                   ecs.x,T4,1,1.38,0.276,r,T4 16GB,ecs.gn6i\n\
                   ecs.y,RTX 5880,1,1.0,,r,RTX 5880 2GB,ecs.sgn8ga-wy\n";
        let c = parse_skypilot(spec("skypilot-alicloud-vms.csv"), ali).unwrap();
        assert_eq!(c.offers.len(), 1);
        assert_eq!(c.offers[0].on_demand_per_hour, 1.38 / 0.138);
        assert_eq!(c.offers[0].spot_per_hour, Some(0.276 / 0.138));
        assert_eq!(c.offers[0].currency, "CNY");
        assert_eq!(c.offers[0].gpu_memory_gib, Some(16.0));
        assert_eq!(
            c.skipped[0].2,
            "vGPU slice: shared-GPU family ecs.sgn8ga-wy (RTX 5880)"
        );
    }

    #[test]
    fn gcp_inline_and_unknown_key_error() {
        let text = "instance_type,gpu_key,gpu_count,region,hour,hour_spot\n\
                    g2-standard-4,l4,1,r1,0.9,0.3\n\
                    g2-standard-4,l4,1,r2,0.7,\n\
                    g4-standard-6,rtx6000,0.125,r1,0.5,0.2\n";
        let c = parse_gcp_cyclenerd(text).unwrap();
        assert!(c
            .offers
            .iter()
            .all(|o| o.billing == BillingRecord::PER_SECOND_MIN_60S));
        assert_eq!(c.offers.len(), 1);
        assert_eq!(c.offers[0].on_demand_per_hour, 0.7);
        assert_eq!(c.offers[0].spot_per_hour, Some(0.3));
        assert_eq!(c.offers[0].gpu_memory_gib, Some(24.0));
        assert_eq!(
            c.skipped,
            vec![(
                GCP_FILE.to_string(),
                4,
                "fractional or zero GPU count: 0.125".to_string()
            )]
        );
        let err =
            parse_gcp_cyclenerd("instance_type,gpu_key,gpu_count,region,hour\nx,tpu,1,r,1.0\n")
                .unwrap_err();
        assert!(
            matches!(err, IngestError::BadValue { line: 2, ref column, .. } if column == "gpu_key")
        );
        let err =
            parse_gcp_cyclenerd("instance_type,gpu_key,gpu_count,region,hour\nx,l4,one,r,1.0\n")
                .unwrap_err();
        assert!(
            matches!(err, IngestError::BadValue { line: 2, ref column, .. } if column == "gpu_count")
        );
    }

    #[test]
    fn becloudready_inline_bases_and_errors() {
        let runpod = &BECLOUDREADY_FILES[0];
        let text = "provider,product,gpu_count,vram_gb,price_per_hour_usd\n\
                    runpod,H200,,141.0,3.59\n\
                    runpod,B200,2,180,4.99\n\
                    runpod,X,,24,\n";
        let c = parse_becloudready(runpod, text).unwrap();
        assert_eq!(c.offers[0].on_demand_per_hour, 3.59);
        assert_eq!(c.offers[0].gpu_count, 1);
        assert_eq!(c.offers[1].on_demand_per_hour, 4.99 * 2.0);
        assert_eq!(c.skipped[0].1, 4);
        assert_eq!(c.skipped[0].2, "no on-demand price: empty (X)");
        let coreweave = BECLOUDREADY_FILES
            .iter()
            .find(|s| s.basis == PriceBasis::PerNodeHour)
            .unwrap();
        let text = "provider,product,gpu_count,vram_gb,price_per_hour_usd\n\
                    coreweave,B200,8,180,68.8\n\
                    coreweave,GB200,,186,42.0\n";
        let c = parse_becloudready(coreweave, text).unwrap();
        assert_eq!(
            (c.offers[0].on_demand_per_hour, c.offers[0].gpu_count),
            (68.8, 8)
        );
        assert_eq!(c.skipped.len(), 1);
        let err = parse_becloudready(
            coreweave,
            "product,gpu_count,price_per_hour_usd\nB200,8,$68.80\n",
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "becloudready-coreweave-gpu-prices.csv:2: column `price_per_hour_usd`: \"$68.80\" is not a decimal number"
        );
    }

    #[test]
    fn cn_inline_units_ranges_and_errors() {
        let header = "provider,instance_type,gpu_model,gpu_count,gpu_memory_gib,region,billing_mode,price,currency,unit,source_url,as_of,note\n";
        let text = format!(
            "{header}\
             AutoDL,,RTX 4090,2,24,CN,hourly,1.5,CNY,CNY per GPU-hour,u1,2026-06/07,LOW end of range\n\
             AutoDL,,RTX 4090,2,24,CN,hourly,2.5,CNY,CNY per GPU-hour,u1,2026-06/07,HIGH end of range\n\
             Alibaba Cloud,ecs.a,A100,8,40,cn,hourly,250,CNY,CNY per instance-hour,u2,2023-06,whole instance\n\
             Alibaba Cloud,ecs.a,A100,8,40,cn,monthly,9999,CNY,CNY per instance-month,u2,2023-06,\n\
             AutoDL,no-GPU,none,0,,CN,hourly,0.1,CNY,CNY per instance-hour,u3,2026-06-10,\n"
        );
        let c = parse_cn_platform_offers(&text).unwrap();
        assert_eq!(c.offers.len(), 3);
        assert_eq!(
            c.offers[0].id,
            "cn-offers-2026-06_07/autodl/rtx 4090 (range low)"
        );
        assert_eq!(c.offers[0].on_demand_per_hour, 3.0);
        assert_eq!(c.offers[1].on_demand_per_hour, 5.0);
        assert_eq!(c.offers[2].on_demand_per_hour, 250.0);
        assert_eq!(c.sources.len(), 2);
        // The monthly row joins the hourly offer of the same source; the no-GPU row is skipped.
        assert_eq!(c.offers[2].monthly_per_month, Some(9999.0));
        assert_eq!(c.skipped.len(), 1);
        let bad_unit =
            format!("{header}AutoDL,,RTX 4090,1,24,CN,hourly,1.5,CNY,CNY per day,u,2026-01-01,\n");
        let err = parse_cn_platform_offers(&bad_unit).unwrap_err();
        assert!(
            matches!(err, IngestError::BadValue { line: 2, ref column, .. } if column == "unit")
        );
        let bad_date =
            format!("{header}AutoDL,,RTX 4090,1,24,CN,hourly,1.5,CNY,CNY per GPU-hour,u,soon,\n");
        let err = parse_cn_platform_offers(&bad_date).unwrap_err();
        assert!(
            matches!(err, IngestError::BadValue { line: 2, ref column, .. } if column == "as_of")
        );
        let bad_price =
            format!("{header}AutoDL,,RTX 4090,1,24,CN,hourly,~2.5,CNY,CNY per GPU-hour,u,2026,\n");
        let err = parse_cn_platform_offers(&bad_price).unwrap_err();
        assert!(
            matches!(err, IngestError::BadValue { line: 2, ref column, .. } if column == "price")
        );
    }

    #[test]
    fn gpu_memory_parsers() {
        assert_eq!(
            gpu_memory_from_size_in_mib(
                "{'Gpus': [{'MemoryInfo': {'SizeInMiB': 16384}}], 'TotalGpuMemoryInMiB': 131072}"
            ),
            Some(16.0)
        );
        assert_eq!(
            gpu_memory_from_size_in_mib(r#"{"Gpus": [{"MemoryInfo": {"SizeInMiB": 81920}}]}"#),
            Some(80.0)
        );
        assert_eq!(gpu_memory_from_size_in_mib("{'SizeInMiB': 0}"), None);
        assert_eq!(gpu_memory_from_size_in_mib("H100"), None);
        assert_eq!(gpu_memory_from_free_text("T4 16GB"), Some(16.0));
        assert_eq!(gpu_memory_from_free_text("A100 80G 80GB"), Some(80.0));
        assert_eq!(gpu_memory_from_free_text("T4 x1, family GN7"), None);
        assert_eq!(gpu_memory_from_free_text("A30"), None);
    }

    #[test]
    fn as_of_normalisation_and_slugs() {
        assert_eq!(
            normalise_as_of("2026-09-29"),
            Some(("2026-09-29".into(), true))
        );
        assert_eq!(normalise_as_of("2026-08"), Some(("2026-08".into(), false)));
        assert_eq!(
            normalise_as_of("2026-06/07"),
            Some(("2026-06".into(), false))
        );
        assert_eq!(normalise_as_of("2026"), Some(("2026-01".into(), false)));
        assert_eq!(normalise_as_of("2026-13"), None);
        assert_eq!(normalise_as_of("soon"), None);
        assert_eq!(slug("恒源云 (gpushare.com)"), "gpushare-com");
        assert_eq!(slug("Alibaba Cloud"), "alibaba-cloud");
        assert_eq!(slug("AutoDL"), "autodl");
    }

    #[test]
    fn unknown_csv_file_is_an_error() {
        let tmp = std::env::temp_dir().join(format!("catalog-ingest-test-{}", std::process::id()));
        fs::create_dir_all(&tmp).unwrap();
        fs::write(tmp.join("mystery.csv"), "a\n1\n").unwrap();
        let err = ingest_all(&tmp).unwrap_err();
        fs::remove_dir_all(&tmp).unwrap();
        assert_eq!(
            err,
            IngestError::UnknownFile {
                file: "mystery.csv".into()
            }
        );
    }
}
