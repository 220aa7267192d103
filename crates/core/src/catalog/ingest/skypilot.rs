//! SkyPilot-format `vms.csv` files (the SkyPilot catalog and the sugarlxn fork): their specs,
//! the non-GPU accelerator list, and the parser.

use super::*;

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
        anomalies: NO_ANOMALIES,
    }
}

const ALIBABA_ANOMALIES: &[(&str, &str)] = &[(
    "ecs.gn5i-c12g1.6xlarge",
    "source price 0.011592 USD/h for 2x P4 in every region; PROVENANCE.md flags it as a likely source anomaly",
)];

const ALIBABA_NOTE: &str = "SkyPilot-format fork with its own fetcher (DescribePrice, PostPaid zones): every price INCLUDES a 40 GiB ESSD system disk (about ¥0.08/h) and is the fetcher account's trade price (after any promotion), converted to USD at 0.138 USD/CNY; the catalog stores CNY = USD ÷ 0.138. The headline is the cheapest mainland listing (cn-*, not Hong Kong), the cheapest overseas listing beside it; overseas regions are priced in CNY from a China-site account. vGPU slices (A10*1/3, T4/4, shared-GPU ecs.sgn* families) and non-GPU accelerators (Xilinx FPGA, AMD S7150, intel SG1, A910X, VG1000) are not in the catalog. Spot is per zone. No gn7 (A100 40G) rows. Tax, storage and egress not included. Data date unknown (the commit date could not be read); the mainland prices match read-only price quotes of 2026-09-24 within the disk's difference.";

/// Every SkyPilot-format file that is ingested, in ingest order.
pub const SKYPILOT_FILES: &[SkypilotSpec] = &[
    skypilot(
        "skypilot-lambda-vms.csv",
        "skypilot-lambda",
        "Lambda",
        "github.com/skypilot-org/skypilot-catalog catalogs/v9/lambda/vms.csv @ 2c3d7ea7d76bf84cf80d382e946c1609571485fd",
        "Same price in every region (17 regions); no spot market. USD per instance-hour; tax, storage, egress and discounts not included. Data date unknown (the commit date could not be read).",
    ),
    skypilot(
        "skypilot-paperspace-vms.csv",
        "skypilot-paperspace",
        "Paperspace",
        "github.com/skypilot-org/skypilot-catalog catalogs/v6/paperspace/vms.csv @ e520054145d1bce6748bcf18c9a25ddd6ea9a348",
        "Older v6 snapshot with a single region. USD per instance-hour; tax, storage, egress and discounts not included. Data date unknown (the commit date could not be read).",
    ),
    SkypilotSpec {
        size_in_mib_is_instance_total: true,
        ..skypilot(
        "skypilot-vast-vms.csv",
        "skypilot-vast",
        "Vast.ai",
        "github.com/skypilot-org/skypilot-catalog catalogs/v9/vast/vms.csv @ a5be53865774cac59df537ba1842e45ffc8be722",
        "Marketplace: NOT a host's price. SkyPilot's fetcher (fetch_vast.py) takes the MEDIAN price of all hosts offering an instance type and writes it onto every host at or below it, keeping at most one row per (type, continent, hosting type); the offer shows the cheapest of those medians. The cheapest live host is usually well below it (see the Vast.ai public-feed offers). Hosts of one type can differ (A100 40 GB and 80 GB under 1x-A100_SXM4). A spot price of 0.00 means none. GPU memory per GPU = the source's SizeInMiB (all GPUs together in this file) ÷ GPU count. USD per instance-hour; storage and bandwidth are billed separately. Data date unknown (the commit date could not be read).",
    )},
    skypilot(
        "skypilot-nebius-vms.csv",
        "skypilot-nebius",
        "Nebius",
        "github.com/skypilot-org/skypilot-catalog catalogs/v9/nebius/vms.csv @ d9bf3aa4d21f5c1e1f3d8fde27adf0204c46fbc8",
        "GPU memory is recorded as 0 in the source (unknown). USD per instance-hour; tax, storage, egress and discounts not included. Data date unknown (the commit date could not be read).",
    ),
    skypilot(
        "skypilot-verda-vms.csv",
        "skypilot-verda",
        "Verda",
        "github.com/skypilot-org/skypilot-catalog catalogs/v8/verda/vms.csv @ 000c1d0bf24621f4ac37cfa585f0897c1aa1d9cf",
        "Verda is the former DataCrunch. Rows with only a spot price are not in the catalog. USD per instance-hour; tax, storage, egress and discounts not included. Data date unknown (the commit date could not be read).",
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
    skypilot(
        "hyperstack-skypilot-vms.csv",
        "skypilot-hyperstack",
        "Hyperstack",
        "github.com/skypilot-org/skypilot-catalog catalogs/v8/hyperstack/vms.csv @ fdc9d908ab0b2af9f468f139fb3f662c8c6b3257",
        "Hyperstack (NexGen Cloud); its H100 PCIe price (1.9) is below the 2026-08-22 page value (2.5), so the file is probably older. USD per instance-hour. Data date unknown (the commit date could not be read).",
    ),
    skypilot(
        "cudo-skypilot-vms.csv",
        "skypilot-cudo",
        "Cudo Compute",
        "github.com/skypilot-org/skypilot-catalog catalogs/v9/cudo/vms.csv @ d9bf3aa4d21f5c1e1f3d8fde27adf0204c46fbc8",
        "Cudo Compute lists one row per vCPU/RAM configuration of a machine: the catalog keeps one offer per machine family and GPU count, its cheapest configuration (the float text is the fetcher's sum). USD per instance-hour. Data date unknown (the commit date could not be read).",
    ),
    SkypilotSpec {
        licence: SUGARLXN_LICENCE,
        converted_from_cny_at: Some(FETCHER_USD_PER_CNY),
        free_text_gpu_info: true,
        slice_family_prefix: Some("ecs.sgn"),
        anomalies: ALIBABA_ANOMALIES,
        ..skypilot(
            "alicloud-sugarlxn-vms.csv",
            "skypilot-alicloud",
            "Alibaba Cloud",
            "github.com/sugarlxn/skypilot-catalog catalogs/v8/alicloud/vms.csv @ b3e23ad8db7826fdd4b8009b5fe3e36012056653",
            ALIBABA_NOTE,
        )
    },
    SkypilotSpec {
        licence: SUGARLXN_LICENCE,
        converted_from_cny_at: Some(FETCHER_USD_PER_CNY),
        free_text_gpu_info: true,
        slice_family_prefix: Some("ecs.sgn"),
        anomalies: ALIBABA_ANOMALIES,
        ..skypilot(
            "skypilot-alicloud-vms.csv",
            "skypilot-alicloud-003c56a",
            "Alibaba Cloud",
            "github.com/sugarlxn/skypilot-catalog catalogs/v8/alicloud/vms.csv @ 003c56a723d369190b11308e630e4cfd33e25c86",
            "Another read of the same file (which of the two commits is newer is not known); used only for the instance types the b3e23ad8 read lacks (ebmgn8ga, ebmgn8ts, ebmgn8v, ebmgn9gc, ebmgn9t, gn8ga, sccgn7ex, …). Same fetcher and caveats: includes a 40 GiB ESSD system disk; trade price of the fetcher's account; CNY = USD ÷ 0.138. Data date unknown.",
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
            "SkyPilot-format fork with its own fetcher (InquiryPriceRunInstances, POSTPAID_BY_HOUR), which takes the discounted unit price when Tencent returns one (so a price may be discounted), sets no system disk, and converts CNY to USD at 0.138; the catalog stores CNY = USD ÷ 0.138. No spot prices. Families the fetcher names only 'NVIDIA GPU' (HCCPNV4h, HCCG5v, GC50sg, BMGNV4) are not in the file; Zixiao C100 and Intel SG1 rows are not in the catalog. Overseas regions are priced in CNY from a China-site account; the headline is the cheapest mainland listing. Tax, storage and egress not included. Data date unknown (the commit date could not be read).",
        )
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

/// Vast.ai's `AcceleratorName` drops the Ti / SUPER variant that its instance type keeps
/// (`1x-RTX_3060_Ti-32-65536` has accelerator `RTX3060`; `RTX_4070S_Ti` is a 4070 Ti SUPER):
/// the accelerator name with the variant words appended, or `None` when there is no variant.
pub(super) fn vast_variant_name(instance_type: &str, accelerator: &str) -> Option<String> {
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

// ---------------------------------------------------------------------------------------------
// Parsers, one per source format
// ---------------------------------------------------------------------------------------------

/// Cudo's machine family and GPU count of an instance type: `ice-lake-a40-compute_1x2v4gb` →
/// `ice-lake-a40-compute_1x` (the vCPU/RAM configuration dropped).
fn cudo_family(instance_type: &str) -> &str {
    match instance_type.rsplit_once('_') {
        Some((family, config)) => match config.find('x') {
            Some(x) => &instance_type[..family.len() + 1 + x + 1],
            None => instance_type,
        },
        None => instance_type,
    }
}

/// Parses one SkyPilot-format `vms.csv` (columns by name: `InstanceType`, `AcceleratorName`,
/// `AcceleratorCount`, `Price`, `Region` required; `vCPUs`, `MemoryGiB`, `GpuInfo`, `SpotPrice`,
/// `Generation` optional).
///
/// Returns one source and one offer per `InstanceType` (cheapest on-demand row, see the module
/// doc). Prices are USD per instance-hour, or CNY = USD ÷ rate when
/// [`SkypilotSpec::converted_from_cny_at`] is set. `AcceleratorCount` may be written `8.0`;
/// only whole counts ≥ 1 are kept. GPU memory per GPU comes from `GpuInfo`
/// ([`gpu_memory_from_size_in_mib`], or [`gpu_memory_from_free_text`] for free-text files).
/// A row with only a spot price is a listing not sold on demand: an instance type whose rows all
/// lack an on-demand price becomes an offer sold as spot only.
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
        let spot = spot_price(&at, "SpotPrice", spot_raw)?;
        // A row with only a spot price is a listing not sold on demand (the offer is spot only
        // if no listing of its type has an on-demand price).
        let price = match on_demand_price(&at, "Price", cell(rec, c_price))? {
            Ok(p) => Some(p),
            Err(_) if cell(rec, c_price).is_empty() && spot.is_some() => None,
            Err(reason) => {
                skipped.push(at.skip(reason));
                continue;
            }
        };

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
                if spec.provider == "Alibaba Cloud" {
                    notes.push(ALIBABA_INCLUDES_NOTE.to_string());
                }
                (price.map(|p| p / rate), spot.map(|s| s / rate), "CNY")
            }
            None => (price, spot, "USD"),
        };
        if on_demand.is_none() {
            notes.push("spot only in this listing: not sold on demand".to_string());
        }
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
        // Cudo: one offer per machine family and GPU count (`…_1x2v4gb` → `…_1x`).
        let instance_type = if spec.source_id == "skypilot-cudo" {
            cudo_family(instance_type)
        } else {
            instance_type
        };
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
            billing: billing_for(spec.provider),
            source: 0,
            note: notes.join("; "),
            provider_kind: "",
            source_gpu_name: name.to_string(),
            interconnect: "",
            gpu_memory_total_gib,
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
        };
        agg.add(instance_type.to_string(), offer);
    }

    let source = SourceRecord {
        id: spec.source_id.to_string(),
        reference: spec.reference.to_string(),
        as_of: DATE_UNKNOWN.to_string(),
        as_of_exact: false,
        licence: spec.licence.to_string(),
        note: spec.note.to_string(),
    };
    Ok(Catalog {
        sources: vec![source],
        offers: agg.finish(),
        skipped,
        ..Catalog::default()
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
