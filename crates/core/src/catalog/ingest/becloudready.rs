//! The becloudready/gpu-price scrapes of GPU clouds' pricing pages (per-GPU or per-node USD).

use super::*;

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
            on_demand_per_hour: Some(on_demand),
            spot_per_hour: None,
            currency: "USD",
            billing: billing_for(spec.provider),
            source: 0,
            note: notes.join("; "),
            provider_kind: "",
            source_gpu_name: product.to_string(),
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
            count_stated: !count_raw.is_empty()
                || super::gpuclouds::SINGLE_GPU_RENTERS.contains(&spec.provider),
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
        ..Catalog::default()
    })
}
