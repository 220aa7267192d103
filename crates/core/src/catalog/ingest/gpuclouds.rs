//! GPU clouds and marketplaces beyond the SkyPilot catalogs: the gpurentalprices.com snapshot
//! (31 providers, per-GPU prices, 2026-08-22), Crusoe's table in gpuhunt (2026-02), Paperspace
//! from cloud-gpus.github.io (2025-06-03), Lambda's instance-types API as recorded in a test
//! fixture (2026-07-30), Vast.ai's public price feed (cheapest live offer and median, 2026-09 and
//! 2026-10), third-party notes quoting providers' pages (2026-09/10), RunPod's multi-GPU rows
//! from SkyPilot, and two resellers (Shadeform, Prime Intellect) whose rows are offers of other
//! clouds bought through them.
//!
//! Per-GPU prices become instances of the GPU count the source states (`min_gpus`, a node
//! size) or of one GPU, marked `count_stated = false` when the source does not say it, so that
//! `check_per_gpu_sizes` keeps them only where the provider is known to sell that size.

use super::*;

/// The gpurentalprices.com snapshot.
pub const GPURENTALPRICES_FILE: &str = "multi-gpurentalprices-offers.csv";
/// Crusoe's per-GPU prices in gpuhunt.
pub const CRUSOE_FILE: &str = "crusoe-gpuhunt-prices.csv";
/// Paperspace's prices in cloud-gpus.github.io.
pub const PAPERSPACE_FILE: &str = "paperspace-cloudgpus-prices.csv";
/// Lambda's instance-types API response (test fixture).
pub const LAMBDA_API_FILE: &str = "lambda-apifixture-instance-types.csv";
/// Vast.ai public feed quotes.
pub const VAST_FEED_FILE: &str = "vast-publicfeed-quotes.csv";
/// Third-party notes quoting providers' pages.
pub const PAGEQUOTES_FILE: &str = "multi-idx-pagequotes.csv";
/// RunPod multi-GPU rows (SkyPilot v8, compacted).
pub const RUNPOD_SKYPILOT_FILE: &str = "runpod-skypilot-vms.csv";
/// Shadeform's SkyPilot catalog (a reseller).
pub const SHADEFORM_FILE: &str = "shadeform-skypilot-vms.csv";
/// Prime Intellect's SkyPilot catalog (an aggregator).
pub const PRIMEINTELLECT_FILE: &str = "primeintellect-skypilot-vms.csv";

/// Every file of this module.
pub const GPU_CLOUD_FILES: &[&str] = &[
    GPURENTALPRICES_FILE,
    CRUSOE_FILE,
    PAPERSPACE_FILE,
    LAMBDA_API_FILE,
    VAST_FEED_FILE,
    PAGEQUOTES_FILE,
    RUNPOD_SKYPILOT_FILE,
    SHADEFORM_FILE,
    PRIMEINTELLECT_FILE,
];

/// Display name of a provider slug used by the aggregator files; `None` for a slug not known.
#[must_use]
pub fn provider_name(slug: &str) -> Option<&'static str> {
    Some(match slug {
        "runpod" => "RunPod",
        "lambda" | "lambdalabs" => "Lambda",
        "coreweave" => "CoreWeave",
        "crusoe" | "crusoecloud" => "Crusoe",
        "nebius" => "Nebius",
        "datacrunch" | "verda" => "Verda",
        "hyperstack" => "Hyperstack",
        "jarvislabs" => "Jarvislabs",
        "tensordock" => "TensorDock",
        "massedcompute" => "Massed Compute",
        "digitalocean" => "DigitalOcean",
        "ovh" => "OVHcloud",
        "vultr" => "Vultr",
        "spheron" => "Spheron",
        "gmicloud" => "GMI Cloud",
        "hotaisle" => "Hot Aisle",
        "latitude" => "Latitude.sh",
        "primeintellect" | "primecompute" => "Prime Intellect",
        "salad" => "Salad",
        "scaleway" => "Scaleway",
        "sfcompute" => "SF Compute",
        "thundercompute" => "Thunder Compute",
        "together" => "Together AI",
        "voltagepark" => "Voltage Park",
        "paperspace" => "Paperspace",
        "cudo" => "Cudo Compute",
        "denvr" => "Denvr",
        "oblivus" => "Oblivus",
        "imwt" => "IMWT",
        "horizon" => "Horizon",
        "boostrun" => "Boostrun",
        "evergreen" => "Evergreen",
        "modal" => "Modal",
        "cerebrium" => "Cerebrium",
        "koyeb" => "Koyeb",
        "baseten" => "Baseten",
        "replicate" => "Replicate",
        "fireworks" => "Fireworks AI",
        "fal" => "fal.ai",
        "lium" => "Lium",
        "dc_wildebeest" | "dc_roan" => return None,
        _ => return None,
    })
}

/// Providers that rent single GPUs as their unit (per-card or per-GPU marketplaces and GPU
/// clouds whose pages price pods of one GPU): a per-GPU price is a 1-GPU instance there.
pub const SINGLE_GPU_RENTERS: &[&str] = &[
    "RunPod",
    "Vast.ai",
    "Salad",
    "TensorDock",
    "AutoDL",
    "Featurize",
    "恒源云 (gpushare.com)",
    "晨涧云 (mornai.cn)",
    "共绩算力 (Gongji / suanli.cn)",
    "矩池云 (MatPool)",
    "OpenBayes (openbayes.com)",
];

/// A GPU spelling for a gpurentalprices slug: `a100-sxm-80` → `A100 SXM` (the memory is in
/// its own column), `rtx-pro-6000-wk` → `RTX PRO 6000 Workstation`.
fn slug_gpu(slug: &str) -> String {
    let tokens: Vec<&str> = slug.split('-').collect();
    let mut out: Vec<String> = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        let after_form = i > 0 && matches!(tokens[i - 1], "pcie" | "sxm" | "sxm2" | "nvl");
        out.push(match *t {
            "pcie" => "PCIe".to_string(),
            "wk" => "Workstation".to_string(),
            "maxq" => "Max-Q".to_string(),
            t if after_form && t.bytes().all(|b| b.is_ascii_digit()) => continue,
            t => t.to_ascii_uppercase(),
        });
    }
    out.join(" ")
}

/// One per-GPU (or per-node) price row turned into an offer.
struct Quote<'a> {
    provider: &'a str,
    label: String,
    gpu: String,
    memory: Option<f64>,
    count: u32,
    count_stated: bool,
    per_instance: Option<f64>,
    spot: Option<f64>,
    tier: &'a str,
    region: &'a str,
    source: usize,
    id_prefix: &'a str,
    note: String,
}

fn quote_offer(q: Quote<'_>) -> OfferRecord {
    let mut o = OfferRecord::blank(q.provider, "USD");
    o.id = format!("{}/{}/{}", q.id_prefix, slug(q.provider), q.label).to_lowercase();
    o.instance_type = q.label;
    o.gpu_model = q.gpu.clone();
    o.source_gpu_name = q.gpu;
    o.gpu_count = q.count;
    o.gpu_memory_gib = q.memory;
    o.region = q.region.to_string();
    o.on_demand_per_hour = q.per_instance;
    o.spot_per_hour = q.spot;
    o.tier = q.tier.to_string();
    o.count_stated = q.count_stated;
    o.source = q.source;
    o.billing = billing_for(q.provider);
    o.note = q.note;
    o
}

/// gpurentalprices.com: on-demand, secure, community or serverless rows per provider and GPU
/// (serverless: GPU time of a function or container, billed while it runs; tier
/// `"serverless"`); spot rows join the on-demand row of the same provider and GPU, or make a
/// spot-only offer.
///
/// # Errors
/// Malformed CSV, a missing column or a number cell that does not parse.
pub fn parse_gpurentalprices(text: &str) -> Result<Catalog, IngestError> {
    let file = GPURENTALPRICES_FILE;
    let source = SourceRecord {
        id: "gpurentalprices".to_string(),
        reference: "github.com/adriannutiu/gpu-rental-prices data/latest.json @ ae6435ad77c0047f61c81d267baf0e663bc0f131 (= data/snapshots/2026-08-22.json)".to_string(),
        as_of: "2026-08-22".to_string(),
        as_of_exact: true,
        licence: "CC BY 4.0 (\"GPU rental price data by gpurentalprices.com\")".to_string(),
        note: "An aggregator's snapshot of the providers' pricing pages (generated 2026-08-22T06:21:55Z): USD per GPU-hour; the instance is the source's min_gpus (a node size) or one GPU. Used where it is the best-dated source of a provider (docs/catalog.md, \"Precedence\").".to_string(),
    };
    let table = Table::read(file, text)?;
    let (c_provider, c_gpu, c_vram) = (
        table.col("provider")?,
        table.col("gpu")?,
        table.col("vram_gb")?,
    );
    let (c_price, c_kind, c_min) = (
        table.col("usd_hr")?,
        table.col("kind")?,
        table.col("min_gpus")?,
    );
    let mut skipped = Vec::new();
    let mut rows: Vec<(String, OfferRecord)> = Vec::new();
    for (line, rec) in &table.records {
        let at = At { file, line: *line };
        let slug_p = cell(rec, c_provider);
        let Some(provider) = provider_name(slug_p) else {
            skipped.push(at.skip(format!("provider {slug_p} not known")));
            continue;
        };
        let kind = cell(rec, c_kind);
        let Some(per_gpu) = spot_price(&at, "usd_hr", cell(rec, c_price))? else {
            continue;
        };
        let min = cell(rec, c_min);
        let count = match min {
            "" => 1,
            m => gpu_count(&at, "min_gpus", m)?.unwrap_or(1),
        };
        let gpu_slug = cell(rec, c_gpu);
        let tier = match kind {
            "secure" | "community" | "serverless" => kind,
            _ => "",
        };
        let label = format!(
            "{count}x {gpu_slug}{}",
            if tier.is_empty() {
                String::new()
            } else {
                format!(" {tier}")
            }
        );
        let price = per_gpu * f64::from(count);
        let key = format!("{provider}/{label}");
        let spot = kind == "spot";
        match rows.iter_mut().find(|(k, _)| *k == key) {
            Some((_, o)) if spot => o.spot_per_hour = Some(price),
            Some((_, o)) => o.on_demand_per_hour = Some(price),
            None => rows.push((
                key,
                quote_offer(Quote {
                    provider,
                    label,
                    gpu: slug_gpu(gpu_slug),
                    memory: optional_quantity(&at, "vram_gb", cell(rec, c_vram))?,
                    count,
                    count_stated: !min.is_empty() || SINGLE_GPU_RENTERS.contains(&provider),
                    per_instance: (!spot).then_some(price),
                    spot: spot.then_some(price),
                    tier,
                    region: "",
                    source: 0,
                    id_prefix: "gpurentalprices",
                    note: format!(
                        "source price {per_gpu} USD per GPU-hour × {count} GPU(s){}{}",
                        if min.is_empty() {
                            "; the source states no instance size: priced as one GPU"
                        } else {
                            " (the source's minimum GPUs)"
                        },
                        if kind == "serverless" {
                            "; serverless: GPU time billed while a function or container runs, no instance kept"
                        } else {
                            ""
                        }
                    ),
                }),
            )),
        }
    }
    let mut agg = Aggregator::default();
    for (k, o) in rows {
        agg.add(k, o);
    }
    Ok(Catalog {
        sources: vec![source],
        offers: agg.finish(),
        skipped,
        ..Catalog::default()
    })
}

/// Crusoe's per-GPU on-demand and spot prices from gpuhunt's `GPU_PRICING` (SXM and PCIe A100
/// are separate rows). gpuhunt itself does not use the spot values.
///
/// # Errors
/// Malformed CSV, a missing column or a number cell that does not parse.
pub fn parse_crusoe(text: &str) -> Result<Catalog, IngestError> {
    let file = CRUSOE_FILE;
    let source = SourceRecord {
        id: "crusoe-gpuhunt".to_string(),
        reference: "github.com/dstackai/gpuhunt src/gpuhunt/providers/crusoe.py GPU_PRICING @ 35841515de3792fe6be73b0422ac8901b6b929c8".to_string(),
        as_of: "2026-02-26".to_string(),
        as_of_exact: true,
        licence: "MPL-2.0".to_string(),
        note: "Crusoe's per-GPU prices hard-coded in gpuhunt from crusoe.ai/cloud/pricing (added 2026-02-26; H200 2026-03-03); gpuhunt does not use the spot values, and a 2026-10-05 note says Crusoe spot is \"contact sales\". USD per GPU-hour.".to_string(),
    };
    let table = Table::read(file, text)?;
    let (c_type, c_vram, c_od, c_spot) = (
        table.col("gpu_type")?,
        table.col("vram_gb")?,
        table.col("on_demand_per_gpu_hr")?,
        table.col("spot_per_gpu_hr")?,
    );
    let mut agg = Aggregator::default();
    for (line, rec) in &table.records {
        let at = At { file, line: *line };
        let gpu_type = cell(rec, c_type);
        let o = quote_offer(Quote {
            provider: "Crusoe",
            label: format!("1x {gpu_type}"),
            gpu: gpu_type.replace('-', " "),
            memory: optional_quantity(&at, "vram_gb", cell(rec, c_vram))?,
            count: 1,
            count_stated: false,
            per_instance: spot_price(&at, "on_demand_per_gpu_hr", cell(rec, c_od))?,
            spot: spot_price(&at, "spot_per_gpu_hr", cell(rec, c_spot))?,
            tier: "",
            region: "",
            source: 0,
            id_prefix: "crusoe-gpuhunt",
            note: String::new(),
        });
        agg.add(gpu_type.to_string(), o);
    }
    Ok(Catalog {
        sources: vec![source],
        offers: agg.finish(),
        ..Catalog::default()
    })
}

/// Paperspace's on-demand machine prices (cloud-gpus.github.io, commit e33784d, 2025-06-03):
/// one 1-GPU machine per `cost*` key with a price; the older row (3-year commitment prices,
/// which keys not stated) is not used.
///
/// # Errors
/// Malformed CSV or a price that does not parse.
pub fn parse_paperspace(text: &str) -> Result<Catalog, IngestError> {
    const KEYS: &[(&str, &str, &str)] = &[
        ("costv100", "V100", "V100 16GB"),
        ("costp4000", "P4000", "Quadro P4000"),
        ("costp5000", "P5000", "Quadro P5000"),
        ("costp6000", "P6000", "Quadro P6000"),
        ("costrtx4000", "RTX4000", "Quadro RTX 4000"),
        ("costrtx5000", "RTX5000", "Quadro RTX 5000"),
        ("costa5000", "A5000", "RTX A5000"),
        ("costa6000", "A6000", "RTX A6000"),
        ("costa100_40", "A100", "A100 40GB"),
        ("costa100_80", "A100-80G", "A100 80GB"),
        ("costh100", "H100", "H100 80GB"),
    ];
    let file = PAPERSPACE_FILE;
    let source = SourceRecord {
        id: "paperspace-cloudgpus".to_string(),
        reference: "github.com/cloud-gpus/cloud-gpus.github.io cloud_gpu.json (entry Paperspace) @ e33784db9dab79c7c72fa9e25cb9c71931a86f1d".to_string(),
        as_of: "2025-06-03".to_string(),
        as_of_exact: true,
        licence: "none at this commit (the repository is archived)".to_string(),
        note: "Paperspace on-demand prices per hour of a 1-GPU machine, as a comparison site lists them (commit \"Changed Paperspace from 3 year commitment pricing to on-demand pricing\", 2025-06-03); Paperspace also bills a monthly access and storage fee.".to_string(),
    };
    let table = Table::read(file, text)?;
    let c_commit = table.col("commit")?;
    let mut agg = Aggregator::default();
    let mut skipped = Vec::new();
    for (line, rec) in &table.records {
        let at = At { file, line: *line };
        if !cell(rec, c_commit).starts_with("e33784d") {
            skipped.push(
                at.skip(
                    "the earlier version mixes 3-year commitment prices (which keys not stated)"
                        .to_string(),
                ),
            );
            continue;
        }
        for (key, machine, gpu) in KEYS {
            let text = cell(rec, table.col(key)?);
            if text == "-" || text.is_empty() {
                continue;
            }
            let price = text
                .trim_start_matches('$')
                .parse::<f64>()
                .map_err(|_| at.bad(key, text, "a price like \"$2.30\""))?;
            let mut o = quote_offer(Quote {
                provider: "Paperspace",
                label: (*machine).to_string(),
                gpu: (*gpu).to_string(),
                memory: None,
                count: 1,
                count_stated: true,
                per_instance: Some(price),
                spot: None,
                tier: "",
                region: "",
                source: 0,
                id_prefix: "paperspace-cloudgpus",
                note: String::new(),
            });
            o.id = format!("paperspace-cloudgpus/{machine}").to_lowercase();
            agg.add((*machine).to_string(), o);
        }
    }
    Ok(Catalog {
        sources: vec![source],
        offers: agg.finish(),
        skipped,
        ..Catalog::default()
    })
}

/// Lambda's instance types as recorded from its API (2026-07-30, cents per instance-hour); the
/// GPU, vCPUs and RAM of each type come from the SkyPilot Lambda file's row of the same type
/// in `known` (the response was trimmed to names and prices).
///
/// # Errors
/// Malformed CSV or a price that does not parse.
pub fn parse_lambda_api(text: &str, known: &Catalog) -> Result<Catalog, IngestError> {
    let file = LAMBDA_API_FILE;
    let source = SourceRecord {
        id: "lambda-api".to_string(),
        reference: "idx:58611193285 (a test fixture: \"Trimmed real response shape (live API, 2026-07-30)\" of cloud.lambdalabs.com/api/v1/instance-types)".to_string(),
        as_of: "2026-07-30".to_string(),
        as_of_exact: true,
        licence: "unknown (repository not named by the index)".to_string(),
        note: "Lambda's own API response as recorded on 2026-07-30: price_cents_per_hour per instance; the regions are those with capacity at that moment. GPU, vCPUs and RAM from the SkyPilot Lambda file's row of the same type.".to_string(),
    };
    let table = Table::read(file, text)?;
    let (c_name, c_cents, c_regions) = (
        table.col("name")?,
        table.col("price_cents_per_hour")?,
        table.col("regions_with_capacity_available")?,
    );
    let mut agg = Aggregator::default();
    let mut skipped = Vec::new();
    for (line, rec) in &table.records {
        let at = At { file, line: *line };
        let name = cell(rec, c_name);
        let Some(g) = known
            .offers
            .iter()
            .find(|o| o.provider == "Lambda" && o.instance_type == name)
        else {
            skipped.push(at.skip(format!("no GPU figures for {name}")));
            continue;
        };
        let Some(cents) = spot_price(&at, "price_cents_per_hour", cell(rec, c_cents))? else {
            continue;
        };
        let regions: Vec<&str> = cell(rec, c_regions)
            .split(';')
            .filter(|r| !r.is_empty())
            .collect();
        for region in if regions.is_empty() {
            vec![""]
        } else {
            regions
        } {
            let mut o = g.clone();
            o.id = format!("lambda-api/{name}").to_lowercase();
            o.region = region.to_string();
            o.on_demand_per_hour = Some(cents / 100.0);
            o.spot_per_hour = None;
            o.terms = Vec::new();
            o.source = 0;
            o.note = "US cents per instance-hour ÷ 100".to_string();
            agg.add(name.to_string(), o);
        }
    }
    Ok(Catalog {
        sources: vec![source],
        offers: agg.finish(),
        skipped,
        ..Catalog::default()
    })
}

/// Vast.ai's public price feed as quoted by research notes: per GPU model the cheapest live
/// offer (the headline, per GPU-hour, over offers of any size: the feed's `dph_total ÷
/// num_gpus`) with the p10 and median in the note; one source per feed date, the newest row of
/// each GPU kept.
///
/// # Errors
/// Malformed CSV or a number that does not parse.
pub fn parse_vast_feed(text: &str) -> Result<Catalog, IngestError> {
    let file = VAST_FEED_FILE;
    let table = Table::read(file, text)?;
    let (c_gpu, c_min, c_p10, c_median) = (
        table.col("gpu")?,
        table.col("current_min")?,
        table.col("current_p10")?,
        table.col("current_median")?,
    );
    let (c_offers, c_updated, c_source) = (
        table.col("offers_available")?,
        table.col("feed_updated")?,
        table.col("source")?,
    );
    let mut sources: Vec<SourceRecord> = Vec::new();
    // Newest row per GPU: (GPU label, feed time, line).
    let mut newest: HashMap<String, (String, usize)> = HashMap::new();
    for (line, rec) in &table.records {
        let gpu = cell(rec, c_gpu)
            .split(" (")
            .next()
            .unwrap_or("")
            .to_string();
        let t = cell(rec, c_updated).to_string();
        if cell(rec, c_min).is_empty() {
            continue;
        }
        if newest.get(&gpu).is_none_or(|(u, _)| t > *u) {
            newest.insert(gpu, (t, *line));
        }
    }
    let mut agg = Aggregator::default();
    let mut skipped = Vec::new();
    for (line, rec) in &table.records {
        let at = At { file, line: *line };
        let label = cell(rec, c_gpu);
        let gpu = label.split(" (").next().unwrap_or("").to_string();
        if newest.get(&gpu).map(|(_, l)| *l) != Some(*line) {
            skipped.push(at.skip(format!("an older quote of {gpu}")));
            continue;
        }
        let updated = cell(rec, c_updated);
        let date = updated.get(..10).unwrap_or("").to_string();
        let id = format!("vast-feed-{date}");
        let source = match sources.iter().position(|s| s.id == id) {
            Some(i) => i,
            None => {
                sources.push(SourceRecord {
                    id,
                    reference: format!("Vast.ai public price feed storage.googleapis.com/vast-public-gpu-pricing/gpu-pricing-public.json (updated {updated}) as quoted by {}", cell(rec, c_source)),
                    as_of: date.clone(),
                    as_of_exact: true,
                    licence: "the feed allows display and citation with attribution only".to_string(),
                    note: "Vast.ai marketplace, per GPU-hour over offers of any size (dph_total ÷ num_gpus): the headline is the cheapest live offer; the p10 and median are in the note. Storage and bandwidth are billed separately; prices move hourly.".to_string(),
                });
                sources.len() - 1
            }
        };
        let memory = label.split(" (").nth(1).and_then(|m| {
            m.trim_end_matches(')')
                .trim_end_matches("GB")
                .parse::<f64>()
                .ok()
        });
        let num = |c: usize, name: &str| spot_price(&at, name, cell(rec, c));
        let min = num(c_min, "current_min")?;
        let (p10, median) = (num(c_p10, "current_p10")?, num(c_median, "current_median")?);
        let offers = cell(rec, c_offers);
        let mut note = "cheapest live offer".to_string();
        if !offers.is_empty() {
            note.push_str(&format!(" of {offers}"));
        }
        if let Some(p) = p10 {
            note.push_str(&format!("; p10 {p}"));
        }
        if let Some(m) = median {
            note.push_str(&format!("; median {m}"));
        }
        note.push_str(" USD per GPU-hour");
        let o = quote_offer(Quote {
            provider: "Vast.ai",
            label: format!("{gpu} per GPU (cheapest live offer)"),
            gpu: gpu.clone(),
            memory,
            count: 1,
            count_stated: true,
            per_instance: min,
            spot: None,
            tier: "",
            region: "",
            source,
            id_prefix: "vast-feed",
            note,
        });
        agg.add(gpu, o);
    }
    Ok(Catalog {
        sources,
        offers: agg.finish(),
        skipped,
        ..Catalog::default()
    })
}

/// Third-party research notes quoting providers' pricing pages (one source per note and page
/// date): on-demand rows (per GPU-hour or per node-hour) become offers, spot and preemptible rows
/// join them (a per-GPU spot price is priced for the on-demand row's GPU count). A marketplace's
/// "reference" price (Lium) counts as its on-demand price; CoreWeave's inference single-GPU
/// price is tier `"inference"`. Left out: prices before a documented change, serverless
/// per-second prices, and reserved and 1-Click Cluster quotes (unverified tenors).
///
/// # Errors
/// Malformed CSV or a number that does not parse.
pub fn parse_pagequotes(text: &str) -> Result<Catalog, IngestError> {
    let file = PAGEQUOTES_FILE;
    let table = Table::read(file, text)?;
    let (c_provider, c_product, c_gpu, c_count) = (
        table.col("provider")?,
        table.col("product")?,
        table.col("gpu")?,
        table.col("gpu_count")?,
    );
    let (c_mode, c_price, c_unit, c_region) = (
        table.col("billing_mode")?,
        table.col("price")?,
        table.col("unit")?,
        table.col("region")?,
    );
    let (c_page_date, c_url, c_source) = (
        table.col("page_date")?,
        table.col("page_url")?,
        table.col("source")?,
    );
    let mut sources: Vec<SourceRecord> = Vec::new();
    let mut skipped = Vec::new();
    let mut rows: Vec<(String, OfferRecord)> = Vec::new();
    let mut spots: Vec<(String, f64, bool, usize)> = Vec::new();
    for (line, rec) in &table.records {
        let at = At { file, line: *line };
        let slug_p = cell(rec, c_provider);
        let Some(provider) = provider_name(slug_p) else {
            skipped.push(at.skip(format!("provider {slug_p} not known")));
            continue;
        };
        let mode = cell(rec, c_mode);
        let tier = if mode.contains("community") {
            "community"
        } else if mode.contains("secure") {
            "secure"
        } else if mode.contains("inference") {
            "inference"
        } else {
            ""
        };
        let kind = if mode.starts_with("spot") || mode.starts_with("preemptible") {
            "spot"
        } else if (mode.starts_with("on-demand") && !mode.contains("before"))
            || mode == "marketplace reference"
        {
            "on-demand"
        } else {
            skipped.push(at.skip(format!(
                "{mode}: not used (serverless, reference, reserved quote or a superseded price)"
            )));
            continue;
        };
        let unit = cell(rec, c_unit);
        let Some(price) = spot_price(&at, "price", cell(rec, c_price))? else {
            continue;
        };
        let count_text = cell(rec, c_count);
        let count = gpu_count(&at, "gpu_count", count_text)?.unwrap_or(1);
        let per_instance = if unit.contains("per GPU-hour") {
            price * f64::from(count)
        } else if unit.contains("per hour") {
            price
        } else {
            skipped.push(at.skip(format!("unit {unit}: not per hour")));
            continue;
        };
        // The page's date when it states one, else unknown (the note's read date is not the
        // page's).
        let page_date = cell(rec, c_page_date);
        let date = page_date
            .get(..10)
            .filter(|d| normalise_as_of(d).is_some_and(|(_, e)| e));
        let note_id = cell(rec, c_source)
            .split([' ', ','])
            .next()
            .unwrap_or("")
            .to_string();
        let id = format!("pagequotes-{}", date.unwrap_or(DATE_UNKNOWN));
        let source = match sources.iter().position(|s| s.id == id) {
            Some(i) => i,
            None => {
                sources.push(SourceRecord {
                    id: id.clone(),
                    reference: format!("third-party research notes quoting the providers' pricing pages ({note_id} and others in data/catalog-sources/{file})"),
                    as_of: date.unwrap_or(DATE_UNKNOWN).to_string(),
                    as_of_exact: date.is_some(),
                    licence: "unknown (repositories not named by the index); facts only".to_string(),
                    note: "SECONDARY: prices as third-party notes quote the providers' pages (they fetched the pages but kept no copies); the page's own date where it states one, else unknown.".to_string(),
                });
                sources.len() - 1
            }
        };
        let product = cell(rec, c_product);
        let gpu = cell(rec, c_gpu);
        let label = format!(
            "{product}{}",
            if tier.is_empty() {
                String::new()
            } else {
                format!(" {tier}")
            }
        );
        let key = format!("{id}/{provider}/{label}");
        if kind == "spot" {
            // A spot row names the on-demand row's product; per GPU-hour it is priced for that
            // row's GPU count.
            spots.push((
                format!("{id}/{provider}/{product}"),
                price,
                unit.contains("per GPU-hour"),
                *line,
            ));
            continue;
        }
        if rows.iter().any(|(k, _)| *k == key) {
            skipped.push(at.skip(format!("a repeated quote of {provider} {label}")));
            continue;
        }
        let mut o = quote_offer(Quote {
            provider,
            label,
            gpu: gpu.to_string(),
            memory: None,
            count,
            // "1" beside a per-GPU-hour price is the unit, not an instance size.
            count_stated: !(count_text.is_empty() || unit.contains("per GPU-hour") && count == 1)
                || SINGLE_GPU_RENTERS.contains(&provider),
            per_instance: Some(per_instance),
            spot: None,
            tier,
            region: cell(rec, c_region),
            source,
            id_prefix: "pagequotes",
            note: format!("quoted from {}", cell(rec, c_url)),
        });
        if mode.contains("From") || mode.contains("marketing") {
            o.note.push_str("; a \"from\" price");
        }
        rows.push((format!("{id}/{provider}/{product}"), o));
    }
    for (key, price, per_gpu, line) in spots {
        match rows.iter_mut().find(|(k, _)| *k == key) {
            Some((_, o)) => {
                o.spot_per_hour = Some(if per_gpu {
                    price * f64::from(o.gpu_count)
                } else {
                    price
                });
            }
            None => skipped.push((
                file.to_string(),
                line,
                "spot price without an on-demand row of the same product".to_string(),
            )),
        }
    }
    let mut agg = Aggregator::default();
    for (k, o) in rows {
        agg.add(k, o);
    }
    Ok(Catalog {
        sources,
        offers: agg.finish(),
        skipped,
        ..Catalog::default()
    })
}

/// RunPod's multi-GPU secure-cloud A100 80GB pods from SkyPilot (`{n}x_A100-80GB_SECURE`,
/// the rows of commit 01acdfd; the file's spot column is a placeholder, dropped by the
/// aggregation rule).
///
/// # Errors
/// Malformed CSV or a number that does not parse.
pub fn parse_runpod_skypilot(text: &str) -> Result<Catalog, IngestError> {
    let file = RUNPOD_SKYPILOT_FILE;
    let source = SourceRecord {
        id: "skypilot-runpod".to_string(),
        reference: "github.com/skypilot-org/skypilot-catalog catalogs/v8/runpod/vms.csv @ 01acdfd419ce5afae1289ff14825b893ced0c196 (first 16,000 characters)".to_string(),
        as_of: DATE_UNKNOWN.to_string(),
        as_of_exact: false,
        licence: SKYPILOT_LICENCE.to_string(),
        note: "RunPod secure-cloud pods of 1 to 4 A100 80GB, the same price in every zone read; the 1-GPU price (1.39) equals RunPod's page on 2026-08-22. Its spot column equals the on-demand price (a placeholder). Data date unknown.".to_string(),
    };
    let table = Table::read(file, text)?;
    let (c_type, c_name, c_count, c_vcpus, c_ram) = (
        table.col("InstanceType")?,
        table.col("AcceleratorName")?,
        table.col("AcceleratorCount")?,
        table.col("vCPUs")?,
        table.col("MemoryGiB")?,
    );
    let (c_price, c_spot, c_commit) = (
        table.col("Price")?,
        table.col("SpotPrice")?,
        table.col("commit")?,
    );
    let mut agg = Aggregator::default();
    let mut skipped = Vec::new();
    for (line, rec) in &table.records {
        let at = At { file, line: *line };
        if !cell(rec, c_commit).starts_with("01acdfd") {
            skipped.push(at.skip(
                "an older commit's row (46062acb: prices that match no 2026 value)".to_string(),
            ));
            continue;
        }
        let instance_type = cell(rec, c_type);
        let count = gpu_count(&at, "AcceleratorCount", cell(rec, c_count))?.unwrap_or(1);
        let mut o = quote_offer(Quote {
            provider: "RunPod",
            label: instance_type.to_string(),
            gpu: format!("{} PCIe", cell(rec, c_name)),
            memory: None,
            count,
            count_stated: true,
            per_instance: spot_price(&at, "Price", cell(rec, c_price))?,
            spot: spot_price(&at, "SpotPrice", cell(rec, c_spot))?,
            tier: "secure",
            region: "",
            source: 0,
            id_prefix: "skypilot-runpod",
            note: "GpuInfo names the GPU \"A100 PCIe\"; its SizeInMiB 80 is GB".to_string(),
        });
        o.id = format!("skypilot-runpod/{instance_type}").to_lowercase();
        o.vcpus = optional_quantity(&at, "vCPUs", cell(rec, c_vcpus))?;
        o.ram_gib = optional_quantity(&at, "MemoryGiB", cell(rec, c_ram))?;
        agg.add(instance_type.to_string(), o);
    }
    Ok(Catalog {
        sources: vec![source],
        offers: agg.finish(),
        skipped,
        ..Catalog::default()
    })
}

/// A reseller's SkyPilot catalog (Shadeform, Prime Intellect): each row is an offer of the
/// upstream cloud its instance type names (`lambdalabs_…`, `datacrunch__…`), bought through the
/// reseller at the reseller's price (`sold_via`). One offer per (upstream cloud, GPU, count):
/// the cheapest configuration. Prime Intellect's Nebius rows are left out: they are the GPU
/// component of Nebius' split billing, not an instance price; `SPOT` rows give spot prices.
///
/// # Errors
/// Malformed CSV or a number that does not parse.
pub fn parse_reseller(
    file: &'static str,
    marketplace: &'static str,
    text: &str,
) -> Result<Catalog, IngestError> {
    let (id, reference) = match marketplace {
        "Shadeform" => ("skypilot-shadeform", "github.com/skypilot-org/skypilot-catalog catalogs/v8/shadeform/vms.csv @ 8e50954d565e52ffb31cb3f84c04e0cebbb15c1d"),
        _ => ("skypilot-primeintellect", "github.com/skypilot-org/skypilot-catalog catalogs/v8/primeintellect/vms.csv @ d9a304ea01e96cd4a043159c60d9326d8de4cf0f"),
    };
    let source = SourceRecord {
        id: id.to_string(),
        reference: reference.to_string(),
        as_of: DATE_UNKNOWN.to_string(),
        as_of_exact: false,
        licence: SKYPILOT_LICENCE.to_string(),
        note: format!("{marketplace} resells other clouds: each offer is the upstream cloud's machine bought through {marketplace}, at {marketplace}'s price (which may include its margin). Used only where no source of the upstream cloud gives the same GPU and count. Data date unknown."),
    };
    let table = Table::read(file, text)?;
    let (c_type, c_name, c_count, c_vcpus, c_ram) = (
        table.col("InstanceType")?,
        table.col("AcceleratorName")?,
        table.col("AcceleratorCount")?,
        table.col("vCPUs")?,
        table.col("MemoryGiB")?,
    );
    let (c_price, c_spot, c_region, c_info) = (
        table.col("Price")?,
        table.col("SpotPrice")?,
        table.col("Region")?,
        table.col("GpuInfo")?,
    );
    let mut agg = Aggregator::default();
    let mut skipped = Vec::new();
    for (line, rec) in &table.records {
        let at = At { file, line: *line };
        let instance_type = cell(rec, c_type);
        let upstream = if marketplace == "Shadeform" {
            instance_type.split('_').next().unwrap_or("")
        } else {
            instance_type.split("__").next().unwrap_or("")
        };
        let Some(provider) = provider_name(upstream) else {
            skipped.push(at.skip(format!("upstream {upstream:?} not a named cloud")));
            continue;
        };
        if marketplace != "Shadeform" && provider == "Nebius" {
            skipped.push(at.skip("Nebius GPU-only billing component (pre-2025-10 split billing), not an instance price".to_string()));
            continue;
        }
        let name = cell(rec, c_name);
        let count = match gpu_count(&at, "AcceleratorCount", cell(rec, c_count))? {
            Ok(n) => n,
            Err(reason) => {
                skipped.push(at.skip(reason));
                continue;
            }
        };
        // GpuInfo's SizeInMiB: in Shadeform's file one GPU's memory in GB (`48` for an A6000);
        // in Prime Intellect's the memory of all the instance's GPUs in MiB (`98304` for
        // 2 × L40S), so ÷ 1024 ÷ the count (PROVENANCE.md).
        let memory = number_after(cell(rec, c_info), "SizeInMiB").map(|m| {
            if marketplace == "Prime Intellect" {
                m / 1024.0 / f64::from(count)
            } else {
                m
            }
        });
        let label = format!("{count}x {name} ({upstream} via {marketplace})");
        let mut o = quote_offer(Quote {
            provider,
            label: label.clone(),
            gpu: name.to_string(),
            memory,
            count,
            count_stated: true,
            per_instance: spot_price(&at, "Price", cell(rec, c_price))?,
            spot: spot_price(&at, "SpotPrice", cell(rec, c_spot))?,
            tier: "",
            region: cell(rec, c_region),
            source: 0,
            id_prefix: id,
            note: format!("bought through {marketplace} at its price; the cheapest configuration of {upstream}'s machines with {count}x {name}"),
        });
        o.vcpus = optional_quantity(&at, "vCPUs", cell(rec, c_vcpus))?;
        o.ram_gib = optional_quantity(&at, "MemoryGiB", cell(rec, c_ram))?;
        o.sold_via = marketplace.to_string();
        if o.on_demand_per_hour.is_none() && o.spot_per_hour.is_none() {
            skipped.push(at.skip("no price".to_string()));
            continue;
        }
        agg.add(label, o);
    }
    Ok(Catalog {
        sources: vec![source],
        offers: agg.finish(),
        skipped,
        ..Catalog::default()
    })
}
