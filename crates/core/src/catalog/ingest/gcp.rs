//! Google Cloud instance prices from Cyclenerd's `pricing.yml` (flattened per instance and
//! region).

use super::*;

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

/// Machine types Google sells only as Spot or Flex-start (not on demand): gpuhunt's
/// `GCPProvider.filter()` (`src/gpuhunt/providers/gcp.py @ 35841515`), citing Google's
/// "consumption option availability by machine type". A3 Ultra, A4 and A4X are in the same list
/// but not in the source.
pub const GCP_NOT_ON_DEMAND: &[(&str, &str)] = &[
    (
        "a3-highgpu-1g",
        "A3 High with fewer than 8 GPUs: Spot or Flex-start only, per Google",
    ),
    (
        "a3-highgpu-2g",
        "A3 High with fewer than 8 GPUs: Spot or Flex-start only, per Google",
    ),
    (
        "a3-highgpu-4g",
        "A3 High with fewer than 8 GPUs: Spot or Flex-start only, per Google",
    ),
];

const CUD_NOTE: &str = "resource-based committed use; Google: GPUs used on demand are not eligible for CUDs, a GPU commitment needs an attached reservation";

/// Parses the Cyclenerd Google Cloud file (columns by name: `instance_type`, `gpu_key`,
/// `gpu_count`, `region`, `hour` required; `cpu`, `ram`, `hour_spot` optional).
///
/// On-demand = `hour` and spot = `hour_spot`, both USD per instance-hour; one offer per
/// `instance_type` (cheapest region). The [`GCP_NOT_ON_DEMAND`] types get no on-demand and no
/// committed-use price (spot only); committed use (`month_1y`, `month_3y` ÷ 730) carries a note
/// that GPU commitments need an attached reservation. GPU model and per-GPU memory come from [`gcp_gpu`];
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
        let not_on_demand = GCP_NOT_ON_DEMAND
            .iter()
            .find(|(t, _)| *t == instance_type)
            .map(|(_, why)| *why);
        let mut commitments = Vec::new();
        let commitment_columns = if not_on_demand.is_some() {
            Vec::new()
        } else {
            vec![("month_1y", c_month_1y, 12), ("month_3y", c_month_3y, 36)]
        };
        for (column, c, term) in commitment_columns {
            if let Some(month) = optional_quantity(&at, column, opt_cell(rec, c))? {
                // Cyclenerd's month figures are 730 × the hourly rate; Google bills committed
                // use monthly with nothing upfront.
                commitments.push(TermRecord {
                    mode: "committed_use",
                    term_months: term,
                    term_days: 0,
                    payment: Some("no upfront"),
                    basis: "recurring",
                    upfront: 0.0,
                    price: month / HOURS_PER_MONTH,
                    region: cell(rec, c_region).to_string(),
                    source: 0,
                    note: CUD_NOTE.to_string(),
                });
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
            on_demand_per_hour: (not_on_demand.is_none()).then_some(price),
            spot_per_hour: spot_price(&at, "hour_spot", opt_cell(rec, c_spot))?,
            currency: "USD",
            billing: billing_for("Google Cloud"),
            source: 0,
            note: not_on_demand.map_or_else(String::new, |why| {
                format!("not sold on demand ({why}): the source's on-demand SKU price {price}/h is not offered; spot only here (Flex-start is not priced in the sources)")
            }),
            provider_kind: "",
            source_gpu_name: key.to_string(),
            interconnect: "",
            gpu_memory_total_gib: None,
            source_gpu_memory_gib: None,
            on_demand_spread: None,
            spot_spread: None,
            spot_listings: 0,
            regions: Vec::new(),
            terms: commitments,
            spot_source: None,
            cheapest_elsewhere: None,
            sold_via: String::new(),
            tier: String::new(),
            count_stated: true,
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
        ..Catalog::default()
    })
}

/// N1 host prices (Cyclenerd `pricing.yml`).
pub const GCP_N1_HOSTS_FILE: &str = "gcp-cyclenerd-n1-hosts.csv";
/// Per-GPU prices of the N1-attachable GPUs (SkyPilot v9).
pub const GCP_ATTACHABLE_FILE: &str = "gcp-skypilot-gpu-attachable.csv";
/// TPU per-chip prices (gpuhunt).
pub const GCP_TPU_FILE: &str = "gcp-tpu-prices-gpuhunt.csv";

/// Prices of one N1 host type in one region: (on demand, spot, vCPUs, RAM GB).
type HostPrice = (Option<f64>, Option<f64>, Option<f64>, Option<f64>);
/// Prices of one attachable GPU in one region: (GPU, region, on demand, spot, memory GiB).
type GpuPrice = (String, String, Option<f64>, Option<f64>, Option<f64>);

/// The N1 + GPU shapes offered: (GPU as the source names it, GPU counts). The counts are the
/// ones the SkyPilot file lists for each GPU (PROVENANCE.md: it writes the 2-, 4- and 8-GPU rows
/// as count × the 1-GPU price).
const N1_GPUS: &[(&str, &[u32])] = &[
    ("T4", &[1, 2, 4]),
    ("V100", &[1, 2, 4, 8]),
    ("P100", &[1, 2, 4]),
    ("P4", &[1, 2, 4]),
];

/// vCPUs of the N1 host per attached GPU: 4 (`n1-standard-4` with 15 GB or `n1-highmem-4` with
/// 26 GB per GPU), within Google's per-GPU host limits for every one of these GPUs (the V100's
/// 12 vCPUs and 78 GB per GPU are the tightest; gpuhunt's `accelerator_limits`).
const N1_VCPUS_PER_GPU: u32 = 4;

/// The N1 host families offered with each GPU shape: standard (3.75 GB per vCPU) and highmem
/// (6.5 GB per vCPU, for memory-heavy data loading).
const N1_FAMILIES: &[&str] = &["n1-standard", "n1-highmem"];

/// Google Cloud N1 VMs with attached GPUs: one offer per host family, GPU model and count
/// (`n1-standard-4k` or `n1-highmem-4k` with k GPUs), priced per region as the N1 host's price (Cyclenerd, 2026-07-30) plus k × the
/// GPU's price (SkyPilot, date unknown), on demand and spot, where both are listed. No
/// committed-use price (GPUs used on demand are not CUD-eligible).
///
/// # Errors
/// Malformed CSV, a missing column or a number cell that does not parse.
pub fn parse_gcp_n1(hosts: &str, gpus: &str) -> Result<Catalog, IngestError> {
    let source = SourceRecord {
        id: "skypilot-gcp-gpus".to_string(),
        reference: "github.com/skypilot-org/skypilot-catalog catalogs/v9/gcp/vms.csv @ 2c3d7ea7d76bf84cf80d382e946c1609571485fd (GPU-only rows; the N1 host from Cyclenerd pricing.yml @ fd66b26ff84fee5cdd94f341ea89206e76c06b99)".to_string(),
        as_of: DATE_UNKNOWN.to_string(),
        as_of_exact: false,
        licence: SKYPILOT_LICENCE.to_string(),
        note: "N1 VM + attached GPUs: the GPUs' per-GPU price from SkyPilot (date unknown; equal to Google's familiar list prices, e.g. T4 0.35, V100 2.48 in us-central1) plus the N1 host's price from Cyclenerd (2026-07-30). USD per instance-hour.".to_string(),
    };
    // Host prices per (type, region): (on demand, spot).
    let table = Table::read(GCP_N1_HOSTS_FILE, hosts)?;
    let (c_type, c_region, c_hour, c_spot) = (
        table.col("instance_type")?,
        table.col("region")?,
        table.col("hour")?,
        table.col("hour_spot")?,
    );
    let (c_cpu, c_ram) = (table.col("cpu")?, table.col("ram")?);
    let mut host: HashMap<(String, String), HostPrice> = HashMap::new();
    for (line, rec) in &table.records {
        let at = At {
            file: GCP_N1_HOSTS_FILE,
            line: *line,
        };
        host.insert(
            (
                cell(rec, c_type).to_string(),
                cell(rec, c_region).to_string(),
            ),
            (
                spot_price(&at, "hour", cell(rec, c_hour))?,
                spot_price(&at, "hour_spot", cell(rec, c_spot))?,
                optional_quantity(&at, "cpu", cell(rec, c_cpu))?,
                optional_quantity(&at, "ram", cell(rec, c_ram))?,
            ),
        );
    }
    // GPU prices per (model, region): identical in every zone of a region (checked).
    let table = Table::read(GCP_ATTACHABLE_FILE, gpus)?;
    let (c_name, c_count, c_region) = (
        table.col("AcceleratorName")?,
        table.col("AcceleratorCount")?,
        table.col("Region")?,
    );
    let (c_price, c_spot, c_info) = (
        table.col("Price")?,
        table.col("SpotPrice")?,
        table.col("GpuInfo")?,
    );
    let mut gpu: Vec<GpuPrice> = Vec::new();
    for (line, rec) in &table.records {
        let at = At {
            file: GCP_ATTACHABLE_FILE,
            line: *line,
        };
        if gpu_count(&at, "AcceleratorCount", cell(rec, c_count))? != Ok(1) {
            continue;
        }
        let key = (
            cell(rec, c_name).to_string(),
            cell(rec, c_region).to_string(),
        );
        if gpu
            .iter()
            .any(|g| (g.0.as_str(), g.1.as_str()) == (key.0.as_str(), key.1.as_str()))
        {
            continue;
        }
        gpu.push((
            key.0,
            key.1,
            spot_price(&at, "Price", cell(rec, c_price))?,
            spot_price(&at, "SpotPrice", cell(rec, c_spot))?,
            gpu_memory_from_size_in_mib(cell(rec, c_info)),
        ));
    }
    let mut agg = Aggregator::default();
    for (family, (name, counts)) in N1_FAMILIES
        .iter()
        .flat_map(|f| N1_GPUS.iter().map(move |g| (f, g)))
    {
        for &k in *counts {
            let host_type = format!("{family}-{}", N1_VCPUS_PER_GPU * k);
            let instance_type = format!("{host_type} + {k}x {name}");
            for (g, region, g_od, g_spot, memory) in gpu.iter().filter(|g| g.0 == *name) {
                let Some(&(h_od, h_spot, vcpus, ram)) =
                    host.get(&(host_type.clone(), region.clone()))
                else {
                    continue;
                };
                let n = f64::from(k);
                let mut o = OfferRecord::blank("Google Cloud", "USD");
                o.id = format!("skypilot-gcp-gpus/{instance_type}").to_lowercase();
                o.instance_type = instance_type.clone();
                o.gpu_model = g.clone();
                o.source_gpu_name = g.clone();
                o.gpu_count = k;
                o.gpu_memory_gib = *memory;
                o.vcpus = vcpus;
                o.ram_gib = ram;
                o.region = region.clone();
                o.on_demand_per_hour = h_od.zip(*g_od).map(|(h, p)| h + n * p);
                o.spot_per_hour = h_spot.zip(*g_spot).map(|(h, p)| h + n * p);
                if o.on_demand_per_hour.is_none() && o.spot_per_hour.is_none() {
                    continue;
                }
                o.billing = billing_for("Google Cloud");
                o.note = format!(
                    "price = {host_type} host (Cyclenerd 2026-07-30) + {k} × the {g} price (SkyPilot, date unknown), per region{}",
                    if g == "P4" { "; P4 is a legacy GPU that gpuhunt no longer lists" } else { "" }
                );
                agg.add(instance_type.clone(), o);
            }
        }
    }
    Ok(Catalog {
        sources: vec![source],
        offers: agg.finish(),
        ..Catalog::default()
    })
}

/// TPU slices offered: (`tpu_type` key of the source, accelerator type, chips). Slice names
/// and chips per Google's TPU docs: v5e and v6e name their chips (`v5litepod-4` = 4 chips);
/// v5p, v4 and v3 name their TensorCores, two per chip (`v5p-8` = 2x2x1 = 4 chips, one host,
/// docs.cloud.google.com/tpu/docs/v5p-training). Only single-host slices; v2 is left out (no
/// memory figure in data/gpu-specs.csv).
const TPU_SLICES: &[(&str, &str, u32)] = &[
    ("TPU v5e", "v5litepod-1", 1),
    ("TPU v5e", "v5litepod-4", 4),
    ("TPU v5e", "v5litepod-8", 8),
    ("TPU v6e", "v6e-1", 1),
    ("TPU v6e", "v6e-4", 4),
    ("TPU v6e", "v6e-8", 8),
    ("TPU v5p", "v5p-8", 4),
    ("TPU v4 pod", "v4-8", 4),
    ("TPU v3 device", "v3-8", 4),
];

/// Google Cloud TPU slices: one offer per single-host slice ([`TPU_SLICES`]), priced per region
/// as the chips × the source's per-chip price (on demand and spot). The offer's "GPU" is the
/// TPU chip (`gpu_count` = chips; memory and throughput per chip from data/gpu-specs.csv). TPU
/// billing granularity was not looked up.
///
/// # Errors
/// Malformed CSV, a missing column or a number cell that does not parse.
pub fn parse_gcp_tpu(text: &str) -> Result<Catalog, IngestError> {
    let source = SourceRecord {
        id: "gcp-tpu-gpuhunt".to_string(),
        reference: "github.com/dstackai/gpuhunt src/gpuhunt/resources/tpu_pricing.json @ b707e743b2c27d7ec9be17e87e689997cbcbbeaf".to_string(),
        as_of: "2024-12-23".to_string(),
        as_of_exact: true,
        licence: "MPL-2.0".to_string(),
        note: "Per-chip TPU prices filled in by hand from cloud.google.com/tpu/pricing (gpuhunt's fallback table, last changed 2024-12-23); a slice costs chips × the per-chip price. USD per slice-hour. No committed-use prices.".to_string(),
    };
    let table = Table::read(GCP_TPU_FILE, text)?;
    let (c_type, c_region, c_kind, c_price) = (
        table.col("tpu_type")?,
        table.col("region")?,
        table.col("price_kind")?,
        table.col("price_usd_per_chip_hour")?,
    );
    let mut agg = Aggregator::default();
    let mut skipped = Vec::new();
    let mut rows: Vec<(String, OfferRecord)> = Vec::new();
    for (line, rec) in &table.records {
        let at = At {
            file: GCP_TPU_FILE,
            line: *line,
        };
        let key = cell(rec, c_type);
        let slices: Vec<&(&str, &str, u32)> = TPU_SLICES.iter().filter(|s| s.0 == key).collect();
        if slices.is_empty() {
            skipped.push(at.skip(format!(
                "{key}: no single-host slice offered (pod or TPU v2)"
            )));
            continue;
        }
        let Some(per_chip) = spot_price(&at, "price_usd_per_chip_hour", cell(rec, c_price))? else {
            continue;
        };
        let spot = match cell(rec, c_kind) {
            "On Demand (USD)" => false,
            "Spot (USD)" => true,
            other => return Err(at.bad("price_kind", other, "On Demand (USD) or Spot (USD)")),
        };
        for &&(_, name, chips) in &slices {
            let region = cell(rec, c_region);
            let price = per_chip * f64::from(chips);
            let existing = rows
                .iter_mut()
                .find(|(t, o)| t == name && o.region == region);
            let o = match existing {
                Some((_, o)) => o,
                None => {
                    let mut o = OfferRecord::blank("Google Cloud", "USD");
                    o.id = format!("gcp-tpu-gpuhunt/{name}");
                    o.instance_type = name.to_string();
                    o.gpu_model = key
                        .trim_end_matches(" pod")
                        .trim_end_matches(" device")
                        .to_string();
                    o.source_gpu_name = key.to_string();
                    o.gpu_count = chips;
                    o.region = region.to_string();
                    o.note = format!("TPU slice of {chips} chip(s) = {chips} × the per-chip price; TPU billing granularity not looked up");
                    rows.push((name.to_string(), o));
                    &mut rows.last_mut().expect("just pushed").1
                }
            };
            if spot {
                o.spot_per_hour = Some(price);
            } else {
                o.on_demand_per_hour = Some(price);
            }
        }
    }
    for (key, o) in rows {
        agg.add(key, o);
    }
    Ok(Catalog {
        sources: vec![source],
        offers: agg.finish(),
        skipped,
        ..Catalog::default()
    })
}
